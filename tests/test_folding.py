"""The spelling folds: Serbian Cyrillic to Latin, diacritics of the corpus languages, and the script guess."""

from __future__ import annotations

import unicodedata

import pytest

from izvori_rules.text.folding import fold, looks_serbian_cyrillic, serbian_to_latin


@pytest.mark.parametrize(
    ("cyrillic", "latin"),
    [
        ("Разбијач", "Razbijač"),          # sr-judge E3.100 Razbijač, as a Cyrillic-script reader types it
        ("РАЗБИЈАЧ", "RAZBIJAČ"),
        ("Љубав", "Ljubav"),
        ("ЉУБАВ", "LJUBAV"),
        ("љ њ џ ђ ћ", "lj nj dž đ ć"),
        ("Њ", "Nj"),                        # a lone capital digraph letter is title case
        ("ЊИВА", "NJIVA"),
        ("ЏИН", "DŽIN"),
        ("Изненађење", "Iznenađenje"),      # sr-judge B12.50 Iznenađenja
        ("Симбол-биће", "Simbol-biće"),     # sr-judge B15 Simbol-bića
        ("жута", "žuta"),                   # sr-judge B4.22: žuta is white
        ("Trample", "Trample"),             # Latin passes through
        ("пробивной", "probivnoй"),         # Russian-only letters are not Serbian and stay as they are
    ],
    ids=lambda value: value,
)
def test_serbian_to_latin_keeps_case_and_writes_digraphs(cyrillic: str, latin: str) -> None:
    assert serbian_to_latin(cyrillic) == latin


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Razbijač", "razbijac"),
        ("ćčšž", "ccsz"),
        ("Iznenađenje", "iznenadjenje"),    # đ → dj, the usual Serbian ASCII spelling
        ("Đavo", "djavo"),
        ("Džin", "dzin"),                   # dž → dz falls out of ž → z
        ("ǅin ǆ ǈ ǋ", "dzin dz lj nj"),     # the digraph ligature letters
        ("hřbitov", "hrbitov"),             # cs-cr 217.4 Hřbitov
        ("áčďéěíňóřšťúůýž", "acdeeinorstuuyz"),
        ("Ímpeto", "impeto"),               # pt-guide glossary Ímpeto (haste)
        ("ãõáéíóúâêôçàü", "aoaeiouaeocau"),
        ("Повёрнутый", "повернутый"),       # ru-cr writes both Повёрнутый and Повернутый
        ("Пробивной удар", "пробивной удар"),  # й is not и: Russian Cyrillic stays Cyrillic
        ("РАЗБИЈАЧ", "разбијач"),           # Serbian Cyrillic is lowercased, not transliterated
        ("Trample", "trample"),
    ],
    ids=lambda value: value,
)
def test_fold_lowercases_and_strips_the_corpus_diacritics(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_fold_treats_decomposed_accents_like_precomposed_ones() -> None:
    assert fold(unicodedata.normalize("NFD", "Razbijač Ímpeto hřbitov")) == "razbijac impeto hrbitov"


def test_fold_keeps_russian_short_i_even_when_decomposed() -> None:
    assert fold(unicodedata.normalize("NFD", "пробивной")) == "пробивной"


@pytest.mark.parametrize("text", ["Razbijač", "Iznenađenje", "Повёрнутый", "hřbitov", "Ímpeto", "ǅin"])
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("РАЗБИЈАЧ", True),       # ј is Serbian only
        ("Љубав", True),
        ("ђ", True),
        ("ЛЕТАЧ", True),          # only letters both alphabets share: could be Serbian Letač
        ("стек", True),           # ... or Russian: callers try both
        ("пробивной удар", False),  # й is Russian only
        ("фишка", True),          # every letter of фишка is also Serbian Cyrillic
        ("жетоны", False),        # ы is Russian only
        ("trample", False),       # no Cyrillic at all
        ("", False),
    ],
    ids=lambda value: str(value),
)
def test_looks_serbian_cyrillic(text: str, expected: bool) -> None:
    assert looks_serbian_cyrillic(text) is expected


def test_serbian_letters_win_over_russian_ones() -> None:
    assert looks_serbian_cyrillic("јй") is True
