"""``corpus/messages.toml``: every message in every language of ``--lang``, with the same values to fill in."""

from __future__ import annotations

import re
import string

import pytest

from izvori_rules.engine.narration import render
from izvori_rules.messages import LANGS, SECTIONS, catalogue, example_word, keyword_name, labels


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_english_message_is_translated_with_the_same_values(lang: str) -> None:
    data = catalogue()
    for section in SECTIONS:
        english, other = data["en"][section], data[lang][section]
        assert set(english) == set(other), (section, set(english) ^ set(other))
        for key, text in english.items():
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            translated = {f for _, f, _, _ in string.Formatter().parse(other[key]) if f}
            assert translated <= fields, (section, key)


def test_each_document_has_its_own_word_for_example() -> None:
    # sr-judge.txt "Primer:", ru-cr.txt "Пример:", cs-cr.txt "Příklad:"
    assert (example_word("sr"), example_word("ru"), example_word("cs")) == ("Primer", "Пример", "Příklad")


def test_keywords_are_named_in_the_judges_language() -> None:
    # concepts.tsv: trample is Razbijač in sr-judge (E3.100) and Пробивной удар in ru-cr (702.19)
    assert (keyword_name("trample", "en"), keyword_name("trample", "sr"), keyword_name("trample", "ru")) == \
        ("trample", "Razbijač", "Пробивной удар")


def test_the_serbian_damage_split_needs_no_case_endings() -> None:
    text = render("assign", {"source": "Napadač", "split": [["Blokirač", 20], ["branilac", 40]], "how": "assign",
                             "given": True}, "sr")
    assert text == "Biće Napadač raspoređuje štetu: Blokirač: 20 i branilac: 40 (kako je zadato)"
    assert not re.search(r"\bna (Blokirač|branilac)\b", text)


def test_an_event_without_a_message_falls_back_to_its_values() -> None:
    assert render("new_kind_of_event", {"x": 1}, "ru") == "new_kind_of_event: x=1"


def test_labels_fall_back_to_english() -> None:
    assert labels("sr")["life"] == "život" and set(labels("ru")) == set(labels("en"))
