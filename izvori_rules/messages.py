"""The words printed to a judge in each ``--lang``, read from ``corpus/messages.toml`` where a judge can correct
them: the scenario narration, step names, the labels of the answers, the errors; and each document's own word for
"Example" (``corpus/example_words.tsv``). The judge's languages are the catalogue's own tables (en, sr, ru, cs:
:func:`languages`), listed nowhere else, so a language is added by adding its tables. A key missing in a language
falls back to English, and a missing English key to the key itself, so a new engine event never breaks the
narration.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from .corpus import corpus_dir, read_table, read_toml
from .errors import CorpusError, IzvoriError, Keyed, Phrase

if TYPE_CHECKING:
    import string
    from collections.abc import Callable, Iterable

FILE_NAME = "messages.toml"
EXAMPLE_WORDS = "example_words.tsv"
SECTIONS = ("words", "steps", "events", "labels", "combat", "lookup", "cite_check", "deck", "define",
            "search", "export", "progress", "history", "stats", "errors", "yaml", "usage")


@cache
def catalogue() -> dict[str, Any]:
    """The whole catalogue, checked: English and every other language with every section each, strings only.
    Parsing the TOML costs a cold ``lookup`` about ten milliseconds, so the parsed tables are kept in the cache
    folder (plain data keyed by the file's bytes, :func:`izvori_rules.cache.parsed`)."""
    from .cache import parsed

    path = corpus_dir() / FILE_NAME
    data = cast(dict[str, Any], parsed("messages", path, lambda: read_toml(path, "the message catalogue")[0],
                                       lambda value: isinstance(value, dict), plain=True))
    if "en" not in data:
        raise CorpusError(f"{FILE_NAME}: no [en.*] tables (English is every message's fallback)")
    for lang in data:
        for section in SECTIONS:
            table = data[lang].get(section) if isinstance(data[lang], dict) else None
            if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
                raise CorpusError(f"{FILE_NAME}: [{lang}.{section}] is missing or holds something but strings")
    return data


def languages() -> tuple[str, ...]:
    """The judge's languages (``--lang``): the catalogue's top-level tables in the file's order, English first
    when the file starts with it (``en``, ``sr``, ``ru``, ``cs``)."""
    return tuple(catalogue())


def text(lang: str, section: str, key: str) -> str:
    """One message: ``text("sr", "labels", "life")`` → ``"život"``."""
    data = catalogue()
    found = data.get(lang, {}).get(section, {}).get(key)
    if found is None:
        found = data["en"][section].get(key, key)
    return str(found)


def labels(lang: str) -> dict[str, str]:
    """Every label of a language, English where the language lacks one."""
    return section(lang, "labels")


def section(lang: str, name: str) -> dict[str, str]:
    """Every message of one section (``labels``, ``lookup``) in a language, English where the language lacks
    one."""
    data = catalogue()
    return {**data["en"][name], **data.get(lang, {}).get(name, {})}


def error_text(error: Keyed, lang: str) -> tuple[str, str]:
    """The word before an error (``error``, ``greška``, ``ошибка``) and the error's message in the judge's
    ``lang``: its key's template in ``[LANG.errors]`` filled with its values, each :class:`~.errors.Phrase`
    among them said in ``lang`` too. English, the error's own text, where the language has no template for
    the key, the error has no key, a template is broken (a judge may edit the file) or the catalogue itself
    cannot be read (the error may be about it)."""
    try:
        words = section(lang, "errors")
    except IzvoriError:
        return "error", str(error)
    template = words.get(error.key) if error.key and lang != "en" else None
    try:
        values = {name: _phrase(v, words, lang) if isinstance(v, Phrase) else v for name, v in error.values.items()}
        return words["prefix"], fill(template, lang, **values) if template is not None else str(error)
    except (KeyError, IndexError, ValueError):
        return words["prefix"], str(error)


def said(phrase: Phrase, lang: str) -> str:
    """A phrase in the judge's language (``[LANG.errors]``), where it is no error's part: a narrated event's
    reason (why a target became illegal)."""
    return _phrase(phrase, section(lang, "errors"), lang)


def _phrase(phrase: Phrase, words: dict[str, str], lang: str) -> str:
    """A phrase in the judge's language, its values filled in (a value that is a phrase said in it too); English
    where the language has no template. ``words`` is ``[LANG.errors]``; a phrase of another section (the YAML
    parser's problems, ``[LANG.yaml]``) is looked up in its own."""
    table = words if phrase.section == "errors" else section(lang, phrase.section)
    template = table.get(phrase.key) if lang != "en" else None
    if template is None:
        return phrase.english
    return fill(template, lang, **{name: _phrase(v, words, lang) if isinstance(v, Phrase) else v
                                   for name, v in phrase.values})


def number(value: float, lang: str, decimals: int = 0) -> str:
    """A count (or a size, with ``decimals``) as the judge's language writes it, its marks from ``[LANG.words]``
    ``thousands`` and ``decimal``: 7245 is ``7,245`` in English, ``7.245`` in Serbian, ``7 245`` (a no-break
    space) in Russian and Czech; 1.5 is ``1,5`` in all three. The one place a number printed to a judge is
    grouped: a rule's number, a line number or a year is not a count and is printed as it is."""
    words = section(lang, "words")
    return f"{value:,.{decimals}f}".translate({ord(","): words["thousands"], ord("."): words["decimal"]})


@cache
def _counts() -> Callable[[str], string.Formatter]:
    """The formatter of :func:`fill`, made on first use: ``string`` is imported only by a command that prints a
    count (a cold search prints none)."""
    import string

    class Counts(string.Formatter):
        """``str.format`` whose ``{n:,}`` (a count grouped by thousands) and ``{size:.1f}`` are written as the
        language writes numbers (:func:`number`); any other field as ``str.format`` writes it."""

        def __init__(self, lang: str) -> None:
            self.lang = lang

        def format_field(self, value: Any, format_spec: str) -> str:
            decimals = re.fullmatch(r",?(?:\.(\d)f)?", format_spec)
            if decimals and format_spec and isinstance(value, int | float) and not isinstance(value, bool):
                return number(value, self.lang, int(decimals.group(1) or 0))
            return str(super().format_field(value, format_spec))

    return Counts


def fill(template: str, lang: str, **values: Any) -> str:
    """A message of ``lang`` filled with its values, its counts (``{n:,}``) and sizes (``{size:.1f}``) written as
    the language writes numbers (:func:`number`)."""
    return _counts()(lang).format(template, **values)


@cache
def _example_words() -> dict[str, str]:
    from .tsv import read_tsv

    text, _path = read_table(EXAMPLE_WORDS, "the words for Example", required=True)
    rows = read_tsv(text, EXAMPLE_WORDS, ("language", "word", "where"))
    return {row["language"]: row["word"] for row in rows}


def example_word(doc_lang: str) -> str:
    """The document's own word for "Example" (sr Primer, cs Příklad, ru Пример), by the document's language, from
    ``corpus/example_words.tsv`` (a small table apart from the catalogue, read on every ``lookup``)."""
    words = _example_words()
    return words.get(doc_lang, words.get("en", "Example"))


def keyword_name(keyword: str, lang: str) -> str:
    """A canonical keyword id in the judge's language, by the concept table's preferred term: ``trample`` →
    ``Razbijač`` (sr), ``Пробивной удар`` (ru); ``protection:red`` → ``Anti (red)``. English, or a keyword the
    language's documents lack, gives the English name."""
    base, _, parameter = keyword.partition(":")
    name = base.replace("_", " ")
    if lang != "en":
        from .text.concepts import load_concepts

        concept = load_concepts().get(base)
        preferred = concept.preferred(lang) if concept is not None else None
        name = preferred or name
    return f"{name} ({parameter})" if parameter else name


def keyword_names(keywords: Iterable[str], lang: str) -> str:
    """Several keyword ids in the judge's language, comma-separated (:func:`keyword_name`): the concepts a query
    named, or a card stands for, on one line of an answer."""
    return ", ".join(keyword_name(keyword, lang) for keyword in keywords)
