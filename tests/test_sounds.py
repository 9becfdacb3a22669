"""Sound keys (izvori_rules/text/sounds.py): a card's English name and its Cyrillic spelling by Russian players."""

from __future__ import annotations

import pytest

from izvori_rules.text.sounds import english_keys, heard_terms, sound_key


@pytest.mark.parametrize(("english", "russian"), [
    ("doubling", "даблинг"),  # ou and а: a run of vowels is one V
    ("season", "сизон"),  # z and с are one s
    ("mutavault", "мутаволт"),
    ("leak", "лика"),  # a case ending dropped, then the last vowel
    ("shahrazad", "шахразадой"),  # sh and ш; h and х dropped
    ("jace", "джейс"),  # j and дж; a soft c and с
    ("emerge", "эмердж"),  # a g before a last e and дж (cr 702.119, ru-cr 702.118 Явление)
    ("forge", "форджа"),
    ("fetch", "фетч"),  # tch and тч
], ids=["vowels", "z-s", "mutavault", "case-ending", "sh-h", "j-soft-c", "soft-g", "soft-g-case", "tch"])
def test_an_english_word_and_its_russian_spelling_sound_alike(english: str, russian: str) -> None:
    assert sound_key(english) == sound_key(russian)


def test_the_places_of_the_vowels_keep_words_apart() -> None:
    assert (sound_key("preordain"), sound_key("передней")) == ("prVrdVn", "pVrVdn")


def test_an_english_keyword_is_heard_by_the_keys_of_its_words() -> None:
    heard = heard_terms([("trample", "trampler"), ("first_strike", "first strike"), ("red", "red"),
                         ("enters_the_battlefield", "enters the battlefield"), ("split_cards", "split card")])
    assert heard == {"trVmplVr": ("trample",), "fVrst strVk": ("first_strike",), "splVt kVrd": ("split_cards",)}
    # red's key of three letters (rVd) is also "ради"'s; a name of three words is a phrase, not a name players borrow


def test_an_er_between_consonants_may_be_written_without_its_vowel() -> None:
    # Russian players write "counter" as "контр": контрбаланс (Counterbalance), контрспелл (counterspell)
    assert english_keys("counterbalance") == ("kVntVrbVlVns", "kVntrbVlVns")
    assert sound_key("контрбаланс") == "kVntrbVlVns"
    assert english_keys("trample") == ("trVmpl",)  # no -er- between consonants: one key


@pytest.mark.parametrize(("english", "russian"), [
    ("hardened", "хардэнд"),  # Hardened Scales: the silent e of -ed
    ("scales", "скейлз"),  # and of -es
    ("angel", "энджел"),  # a g before e heard as j
], ids=["ed", "es", "g-before-e"])
def test_a_silent_or_softened_letter_is_read_by_the_second_key(english: str, russian: str) -> None:
    assert sound_key(english) != sound_key(russian)
    assert english_keys(english)[-1] == sound_key(russian)


def test_a_heard_e_and_a_hard_g_keep_one_key() -> None:
    # -es after a hissing sound and -ed after a t are heard; a g before a last e is always soft
    assert [len(english_keys(word)) for word in ("forces", "wanted", "forced", "forge")] == [1, 1, 1, 1]


def test_a_name_of_two_words_is_heard_with_keys_of_three() -> None:
    heard = heard_terms([("converted_mana_cost", "mana value"), ("red", "red")])
    assert heard == {"mVn vVl": ("converted_mana_cost",)}  # мана валью; red alone stays unheard (ради)
