"""references.py: the spellings of a rule number as judges type them (look-alike letters for digits)."""

from __future__ import annotations

import pytest

from izvori_rules.references import look_alike, looks_like_reference, readings, typed_reference


@pytest.mark.parametrize(("typed", "meant"), [
    ("1O1.1", "101.1"),  # a Latin capital O for the zero
    ("ДI9.51", "D19.51"),  # Serbian Cyrillic Д for D, a Latin capital I for the one
    ("АЗ.32", "A3.32"),  # Cyrillic А and Ze
    ("D19.5l", "D19.51"),  # a lower-case L for the one
    ("cr:1O1.1", "cr:101.1"),  # the document's name stays as typed
    ("sr-basic:1O1.1", "sr-basic:101.1"),  # the i of "basic" is no digit
    ("lo", "lo"), ("IO", "IO"),  # no digit at all: words, not rules
], ids=["latin-O", "cyrillic-de-latin-I", "cyrillic-a-ze", "lower-l", "cr-prefix", "sr-basic-prefix", "lo", "IO"])
def test_look_alike_reads_the_number_meant(typed: str, meant: str) -> None:
    assert look_alike(typed) == meant


@pytest.mark.parametrize(("text", "expected"), [
    ("1O1.1", True), ("АЗ.32", True), ("cr:100.1", True), ("cr:1O1.1", True), ("lo", False), ("razbijac", False),
    (" D19.51. ", True), ("D19.51 D19.52", False), ("А З.32", False),  # spaces around, not inside (sr-judge D19.51)
], ids=["latin-O", "cyrillic", "cr-prefix", "cr-prefix-look-alike", "word-lo", "word", "spaced-around",
        "two-references", "space-inside-cyrillic"])
def test_looks_like_reference(text: str, expected: bool) -> None:
    assert looks_like_reference(text) is expected


@pytest.mark.parametrize(("typed", "expected"), [
    ("7O2.19б", ["7O2.19b", "702.19b", "7O2.196", "702.196"]),  # б: b by transliteration, 6 by its look
    ("A3.З2", ["A3.Z2", "A3.32"]),  # З: z by transliteration, 3 by its look
    ("В4.10", ["B4.10", "V4.10"]),  # В: the B it looks like, then the v of its transliteration
    ("702.19с", ["702.19c", "702.19s"]),  # с: the c it looks like, then the s of its transliteration
    ("ДI9.51", ["DI9.51", "D19.51"]),  # Д: d; the Latin I read by look_alike
    ("до", ["до"]), ("lo", ["lo"]),  # no digit: words, not rules
], ids=["be", "ze", "ve", "es", "de", "word-do", "word-lo"])
def test_readings_read_each_cyrillic_letter_as_a_latin_letter_and_as_a_digit(typed: str, expected: list[str]) -> None:
    assert readings(typed) == expected


@pytest.mark.parametrize(("text", "expected"), [("7O2.19б", True), ("702.19с", True), ("до", False)],
                         ids=["be-for-b", "es-for-c", "word"])
def test_a_reference_typed_with_cyrillic_letters_looks_like_one(text: str, expected: bool) -> None:
    assert looks_like_reference(text) is expected


@pytest.mark.parametrize(("typed", "meant"), [
    ("D19.51", "D19.51"), ("what is trample", "what is trample"),  # plain ASCII as typed
    ("Ｄ１９．５１", "D19.51"),  # full width, NFKC
    ("\u200fD19.51\u200b", "D19.51"),  # a right-to-left mark and a zero-width space dropped
    ("٧٠٢.١٩b", "702.19b"),  # Arabic-Indic digits
    ("Д19.51", "D19.51"),  # a Cyrillic section letter
], ids=["ascii", "ascii-words", "full-width", "format-characters", "arabic-indic", "cyrillic-letter"])
def test_typed_reference_reads_the_reference_meant(typed: str, meant: str) -> None:
    assert typed_reference(typed) == meant
