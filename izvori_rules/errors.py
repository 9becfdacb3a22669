"""One error hierarchy for the library; ``cli.py`` maps each to a message and an exit status in one place.

An error a judge meets carries a message ``key`` and the ``values`` of its English template, so that the command
line can say it in the judge's ``--lang`` from ``corpus/messages.toml`` (``[LANG.errors]``,
:func:`izvori_rules.messages.error_text`); ``str()`` of every error is its English text, so the library needs no
catalogue. A value that is itself words (what a file is, an operating system's reason) is a :class:`Phrase`,
said in the judge's language too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words inside an error's message that the judge's language says too (``the scenario file``); ``key``
    names them in the catalogue's ``[LANG.section]`` (``[LANG.errors]``, or ``[LANG.yaml]`` for the YAML
    parser's own problems), and ``str()`` is the English."""

    key: str
    english: str
    values: tuple[tuple[str, str | int | Phrase], ...] = ()  # the template's values (``at least {minimum}``)
    section: str = "errors"

    @classmethod
    def said(cls, key: str, template: str, /, **values: str | int | Phrase) -> Phrase:
        """A phrase with values: the English ``template`` filled, the values kept for the judge's template; a
        value that is itself a phrase (``expected {types}`` of ``a mapping``) is said in the judge's words too."""
        return cls(key, template.format(**values), tuple(values.items()))

    def __str__(self) -> str:
        return self.english


W = TypeVar("W", bound="str | Phrase")  # a word of :func:`joined`: phrases join into a phrase
OR = Phrase("list_or", "{first} or {rest}")  # the joiners of :func:`joined`, templates of the judge's words
LIST = Phrase("list_item", "{first}, {rest}")


def joined(words: Sequence[W], joiner: Phrase = OR) -> W | Phrase:
    """Words joined from the right by the judge's ``joiner`` (``a mapping or a list``; LIST: ``creature,
    player``), each word a phrase of the judge's language or as a file writes it."""
    said: W | Phrase = words[-1]
    for word in reversed(words[:-1]):
        said = Phrase.said(joiner.key, joiner.english, first=word, rest=said)
    return said


Value = str | int | Phrase
"""What fills a placeholder of an error's template: text given by the user or a file, a count, a phrase."""


class Keyed(Exception):
    """A message the judge's language can say: an error or a notice with a ``key`` into ``[LANG.errors]``."""

    def __init__(self, message: str, /, *, key: str = "", **values: Value) -> None:
        """``message`` is the English text; with a ``key`` it is a template (``str.format``) of ``values``."""
        self.key = key
        self.values = values
        super().__init__(message.format(**values) if key else message)


class IzvoriError(Keyed):
    """Base of every error the library raises for a caller's or a corpus's mistake."""

    exit_code = 2


class CorpusError(IzvoriError):
    """A corpus file is missing, unreadable, wrongly encoded, or a data file in it is malformed."""


class ReferenceNotFound(IzvoriError):
    """A rule reference matches no node; carries spelling suggestions ("did you mean")."""

    exit_code = 1

    def __init__(self, query: str, suggestions: tuple[str, ...] = ()) -> None:
        self.query = query
        self.suggestions = suggestions
        from .references import excerpt

        if suggestions:
            super().__init__("no rule {query}; did you mean {suggestions}?", key="no_rule_suggest",
                             query=excerpt(query), suggestions=", ".join(suggestions))
        else:
            super().__init__("no rule {query}", key="no_rule", query=excerpt(query))


class QueryError(IzvoriError):
    """A malformed search query or reference (unbalanced quotes, an empty query, a bad range)."""


class CacheError(IzvoriError):
    """A cache could neither be read nor rebuilt (never raised for a merely corrupted or read-only cache)."""


class CacheDamaged(CacheError):
    """A cache file failed a record's checksum or SQLite's own checks; the store that reads it builds it again."""


class DeckFileError(IzvoriError):
    """A deck list file that cannot be read: missing, a folder, unreadable, not text (exit status 2)."""


class NotARelease(IzvoriError):
    """A file given to ``corpus add`` that is not an English Comprehensive Rules release (exit status 2)."""


class ExportUnreadable(IzvoriError):
    """An XML file :func:`~izvori_rules.export.xml_graph.read_xml` cannot read: no export, or a newer format."""


class ScenarioInvalid(IzvoriError):
    """A scenario file that is not valid YAML or not in the scenario format; the message names file, line and key."""

    exit_code = 2


class EngineRefusal(IzvoriError):
    """The engine stops rather than answer wrongly: a choice the file does not make, or rules it does not model."""

    exit_code = 3

    def __init__(self, message: str, rules: tuple[str, ...] = (), /, *, key: str = "", **values: Value) -> None:
        self.rules = rules
        super().__init__(message, key=key, **values)


class NotModelled(EngineRefusal):
    """The scenario needs a rule or keyword the engine does not model, or one the ruleset does not have."""


class MissingChoice(EngineRefusal):
    """The rules need a player's choice here and no ``choose`` action answers it."""


class IllegalAction(IzvoriError):
    """An action the rules forbid; carries the references of the rules that forbid it."""

    exit_code = 4

    def __init__(self, message: str, rules: tuple[str, ...] = (), /, *, key: str = "", **values: Value) -> None:
        self.rules = rules
        super().__init__(message, key=key, **values)


class CacheNotice(Keyed, UserWarning):
    """A cache could not be written, so work goes on in memory (issued as a warning: the CLI prints one line)."""


def os_reason(exc: OSError) -> Phrase:
    """The operating system's reason for a failed read or write (``No such file or directory``), as a phrase
    keyed by its errno name (``os_ENOENT``) so that a judge reads it in the judge's language where the catalogue
    says it (``[LANG.errors]``); any other reason stays the system's words."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    return Phrase(f"os_{name}" if name else "", exc.strerror or str(exc))
