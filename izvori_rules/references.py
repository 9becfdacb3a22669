"""Rule references as judges type them: the spellings every command must read alike.

A Serbian judge writing in Cyrillic writes sr-judge's section letters in Cyrillic (``Д19.51`` for D19.51,
``Б6.33`` for B6.33), and a Cyrillic keyboard gives ``А4.40`` with a Cyrillic А that looks exactly like the
Latin one. :func:`latin_ids` turns such a letter into its Latin section letter, one character for one, so
that spans found in the converted text are spans of the original. Only a letter that starts a word and is
followed by a digit is converted: ``Д`` in ``Дан``, or in ``правило``, is left alone.

:func:`looks_like_reference` tells a query that is meant as a rule number (``Z99.99``, ``D19.51#3``,
``D19,51``) from words, so that search answers it as a reference ("no such rule", did you mean) instead of
finding unrelated full-text hits for it.

:func:`id_order` puts English CR ids in the order the document prints them (``704.5z`` before ``704.5aa``). It
lives here, at the bottom of the layers with nothing heavy to import, because a cold ``history`` sorts by it:
importing the model for it cost that command a seventh of its time.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

# Serbian Cyrillic letters of the sections A-F (transliterated: А Б Ц Д Е Ф), and the look-alikes a Cyrillic
# keyboard gives for B and C (В, С).
_TO_LATIN = str.maketrans("АБВЦСДЕФабвцсдеф", "ABBCCDEFabbccdef")
_CYRILLIC_LED = re.compile(r"(?<![^\W_])[АБВЦСДЕФабвцсдеф](?=\d)")
# What a keyboard or an eye gives for a digit: O (Latin or Cyrillic) for 0, l, I or Ukrainian І for 1, Cyrillic З
# for 3 (``1O1.1``, ``ДI9.51``, ``АЗ.32``).
_DIGIT_LOOK_ALIKES = str.maketrans("OoОоlIіІЗз", "0000111133")
# How a Cyrillic letter in a rule id may be read (:func:`readings`), in this order: the Latin letter it looks like
# (С for C, в for b, as :data:`_TO_LATIN` reads a section letter), the Latin letter of its transliteration (б b,
# в v, с s: the letter a judge typing in Cyrillic meant, ``7O2.19б`` for 702.19b), and the digit it looks like (З
# 3, б 6, О 0). A letter whose transliteration is more than one Latin letter (ж, ш, ю) has none.
_LOOKS_LIKE = dict(zip("АВЕКМНОРСТУХавекмнорстух", "ABEKMHOPCTYXabekmhopctyx"))
_TRANSLITERATED = dict(zip("АБВГДЕЁЗИЙЈКЛМНОПРСТУФХЦЫЭабвгдеёзийјклмнопрстуфхцыэ",
                           "ABVGDEEZIJJKLMNOPRSTUFHCYEabvgdeezijjklmnoprstufhcye"))
_LOOKS_LIKE_DIGIT = dict(zip("ЗзОоб", "33006"))
MAX_READINGS = 16  # readings of one id (each Cyrillic letter multiplies them): "did you mean" scores each
_REFERENCE = re.compile(
    r"(?:[a-z]{2}(?:-[a-z]+)?:)?(?:[^\W\d_]\d{1,2}(?:[.,]\d{1,3}[a-z]?)?|\d{1,3}[.,]\d{1,3}[a-z]?)(?:#\d+)?",
    re.IGNORECASE)
# A reference inside other words ("CR 702.19b", "rule 101.1-101.3", "§ 101.1"): what "did you mean" offers first. Kept
# as text, compiled by ``re`` (and kept in its cache) when first used: a full-text search never asks, and compiling it
# at import cost a cold search a millisecond.
_INSIDE = rf"(?<![\w.]){_REFERENCE.pattern}(?!\w)"
# The word a judge writes before a rule number, in the documents' languages: "rule 702.19b", "pravilo D19.51",
# "правило 613.3", "pravidlo 217.6b", "regra 100.1" (a regular expression, for the citation finders and search)
RULE_WORD = r"(?:(?:pravil|правил|pravidl|regr)\w*|rules?)"
CR_WORD = r"(?:CR|C\.R\.)"  # the English Comprehensive Rules, abbreviated: "CR 702.19b"
MAX_REFERENCE = 80  # characters: the longest real reference is a glossary entry's (sr-judge:glossary:...)


def latin_ids(text: str) -> str:
    """``text`` with each Cyrillic section letter that starts an id made Latin (``Д19.51`` → ``D19.51``);
    the result has the same length."""
    return _CYRILLIC_LED.sub(lambda m: m.group(0).translate(_TO_LATIN), text)


def typed_reference(text: str) -> str:
    """A reference as the judge meant it: :func:`latin_ids`, after NFKC (full-width ``Ｄ１９．５１`` from a
    Chinese or Japanese keyboard is ``D19.51``), with other scripts' digits as ASCII digits and without the
    invisible format characters a copy from a chat or a web page brings along (a right-to-left mark, a
    zero-width space, a BOM). Not for spans in a text: the result may be shorter."""
    normal = unicodedata.normalize("NFKC", text)
    if normal.isascii():  # no format character, no Cyrillic letter, every digit ASCII (each search asks twice)
        return normal
    visible = "".join(_ascii_digit(c) for c in normal if unicodedata.category(c) != "Cf")
    return latin_ids(visible)


def _ascii_digit(char: str) -> str:
    """Any script's decimal digit as its ASCII digit (Arabic-Indic ``١٠١.١`` from an Arabic or Persian keyboard,
    Devanagari ``७०२``), which NFKC leaves as they are; any other character as it is."""
    digit = unicodedata.decimal(char, None)
    return char if digit is None else str(digit)


def looks_like_reference(text: str) -> bool:
    """Whether ``text`` is shaped like one rule number (a letter or up to three digits, a number after a dot
    or a comma, a ``#n`` suffix), whether or not such a rule exists, also with letters typed for digits and
    Cyrillic letters for Latin ones (:func:`readings`)."""
    typed = typed_reference(text).strip().rstrip(".")
    if len(typed.split()) > 1:  # a space inside: neither a reference nor any reading of it (a full-text query)
        return False
    return any(_REFERENCE.fullmatch(reading) is not None for reading in (typed, *readings(typed)))


def look_alike(rule_id: str) -> str:
    """The id a judge meant when a letter stands for the digit it looks like (``1O1.1`` → ``101.1``, ``ДI9.51`` →
    ``D19.51``, ``АЗ.32`` → ``A3.32``): a leading section letter made Latin, and after it every look-alike letter
    a digit. An id with no digit at all is left as it is: ``lo`` and ``IO`` are words, not rules."""
    doc, colon, node_id = rule_id.rpartition(":")  # sr-basic:ДI9.51: the document's name stays as typed
    if not any(c.isdigit() for c in node_id):
        return rule_id
    head = node_id[:1] if node_id[:1].isalpha() and node_id[:1] not in "OoОоЗз" else ""
    return doc + colon + head.translate(_TO_LATIN) + node_id[len(head):].translate(_DIGIT_LOOK_ALIKES)


def readings(rule_id: str) -> list[str]:
    """Every id a judge may have meant, best first (at most MAX_READINGS): each Cyrillic letter read as the Latin
    letter it looks like, as its transliteration and as the digit it looks like, and each reading also read by
    :func:`look_alike` (``7O2.19б`` → ``702.19b``, ``702.196``; ``A3.З2`` → ``A3.32``). An id with no digit is read
    as it is: ``до`` and ``lo`` are words, not rules."""
    doc, colon, node_id = rule_id.rpartition(":")  # the document's name stays as typed
    if not any(c.isdigit() for c in node_id):
        return [rule_id]
    found: dict[str, None] = {}
    for chars in itertools.islice(itertools.product(*(_letter_readings(c) for c in node_id)), MAX_READINGS):
        reading = doc + colon + "".join(chars)
        found.update(dict.fromkeys((reading, look_alike(reading))))
    return list(found)[:MAX_READINGS]


def _letter_readings(char: str) -> list[str]:
    """A character's readings in an id: a Cyrillic letter's (see _LOOKS_LIKE), any other character itself."""
    found = [table[char] for table in (_LOOKS_LIKE, _TRANSLITERATED, _LOOKS_LIKE_DIGIT) if char in table]
    return list(dict.fromkeys(found)) or [char]


def references_inside(text: str) -> list[str]:
    """The rule numbers written inside ``text`` among other words or signs (``CR 702.19b`` → ``702.19b``), in
    order: a reference typed with a word before it names the rule the judge meant."""
    return [m.group(0) for m in re.finditer(_INSIDE, typed_reference(text), re.IGNORECASE)]


def excerpt(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters: a 100 kB query is not echoed whole."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return repr(shown) + ("" if len(text) <= limit else f" ({len(text):,} characters)")


_ID_PART = re.compile(r"(\d+)|([a-z]+)|(#\d+)")


def id_order(rule_id: str) -> tuple[object, ...]:
    """A sort key that puts CR ids in document order: sections, ``100``, ``100.1``, ``100.1a`` …
    ``704.5z``, ``704.5aa``; glossary entries after every rule, by headword."""
    if rule_id.startswith("glossary:"):
        return (1, rule_id.casefold())
    parts: list[tuple[int, object]] = []
    for number, letters, duplicate in _ID_PART.findall(rule_id):
        parts.append((0, int(number)) if number else (1, (len(letters), letters)) if letters else (2, duplicate))
    if parts and parts[0][0] == 0 and int(str(parts[0][1])) < 10:  # a section: just before its first chapter
        parts[0] = (0, int(str(parts[0][1])) * 100 - 0.5)
    return (0, tuple(parts))
