"""``corpus/messages.toml``: every message in every language of ``--lang``, with the same values to fill in."""

from __future__ import annotations

import re
import string

import pytest

from izvori_rules.engine.narration import render
from izvori_rules.engine.yamlproblems import GIVEN, load_problems
from izvori_rules.messages import SECTIONS, catalogue, example_word, keyword_name, labels, languages


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_the_languages_are_the_catalogues_own() -> None:
    # corpus/messages.toml: [en.*], [sr.*], [ru.*] and [cs.*], English (every message's fallback) first
    assert languages() == ("en", "sr", "ru", "cs")


def _yaml_values(key: str) -> set[str]:
    """The values a [LANG.yaml] message may use: those every row of its key in corpus/yaml_problems.tsv gives
    (English prints only {english}, the parser's words)."""
    rows = [p for p in load_problems() if p.key == key]
    named = [set(p.problem.groupindex) | set(p.context.groupindex if p.context else ()) for p in rows]
    return set(GIVEN) | set.intersection(*named) if named else set()


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_english_message_is_translated_with_the_same_values(lang: str) -> None:
    data = catalogue()
    for section in SECTIONS:
        english, other = data["en"][section], data[lang][section]
        assert set(english) == set(other), (section, set(english) ^ set(other))
        for key, text in english.items():
            allowed = _yaml_values(key) if section == "yaml" else _fields(text)
            assert _fields(other[key]) <= allowed, (section, key)


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_usage_complaints_keep_every_value_in_every_language(lang: str) -> None:
    # which option or value was wrong must not be lost (the narration may leave a value out; the errors'
    # own test is in test_errors_lang.py)
    english, other = catalogue()["en"]["usage"], catalogue()[lang]["usage"]
    assert [key for key, text in english.items() if _fields(other[key]) != _fields(text)] == []


def test_czech_speaks_the_words_of_cs_cr() -> None:
    # cs-cr.txt: 214.7 Bytosti (creatures), 217.4 Hřbitov (graveyard), 310 Krok bojové zranění, 314 Krok vyčištění,
    # 309 Krok deklarování obránců (obránce = blocker), 102.1 "stav životů" (life total)
    assert (labels("cs")["graveyard"], catalogue()["cs"]["steps"]["combat_damage"],
            catalogue()["cs"]["steps"]["cleanup"], catalogue()["cs"]["steps"]["declare_blockers"]) == \
        ("hřbitov", "krok bojové zranění", "krok vyčištění", "krok deklarování obránců")
    assert "stav životů" in catalogue()["cs"]["events"]["gain_life"]


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
