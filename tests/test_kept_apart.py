"""The words kept apart (corpus/russian_kept_apart.tsv, corpus/english_kept_apart.tsv, corpus/serbian_kept_apart.tsv,
izvori_rules/text/kept_apart.py): a word the Russian, English or Serbian stemmer gives another word's stem is its own
term, in the index and in queries alike."""

from __future__ import annotations

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.search.query import parse_query
from izvori_rules.search.searcher import default_searcher
from izvori_rules.text.kept_apart import parse_kept_apart
from izvori_rules.text.stemming import normalize_word, table_files
from izvori_rules.text.stopwords import load_stopwords


@pytest.mark.parametrize(("word", "other"), [
    ("Существует", "существо"),  # ru-cr 104.2 "Существует несколько способов выиграть партию"; 302.1 "карту существа"
    ("ничего", "ничья"),  # ru-cr 114.1a "ничего не целит"; 104.1 "если наступает ничья"
    ("данный", "Дань"),  # ru-cr 702.103 "Дань"
    ("способными", "способности"),  # a judge's "способными существами" (creatures able to block); ru-cr 112.1 "способности"
    ("фазится", "фаза"),  # players' verb of phasing (ru-cr 702.25); ru-cr 500.1 "Ход состоит из пяти фаз"
], ids=["exists, creature", "nothing, draw", "given, tribute", "able, ability", "phases, phase"])
def test_a_listed_word_is_not_the_word_the_stemmer_gave_its_stem(word: str, other: str) -> None:
    assert normalize_word("ru", word) != normalize_word("ru", other)


@pytest.mark.parametrize(("word", "other"), [
    ("active", "activate"),  # cr 117.3a "The active player receives priority"; 602.1 "Activated abilities"
    ("Commander", "command"),  # cr 903 "Commander"; 408.1 "The command zone is a game area"
    ("phasing", "phase"),  # cr 702.26 "Phasing"; 505.1 "There are two main phases in a turn"
    ("phased", "phases"),  # cr 702.26b 'its status changes to "phased out"'
    ("turned", "turn"),  # cr 708.8 "As a face-down permanent is turned face up"; 500.1 "A turn consists of five phases"
    ("turning", "turns"),  # a judge's "turning a morph face up"; cr 500.7 "extra turns"
], ids=["active, activate", "commander, command", "phasing, phase", "phased, phases", "turned, turn", "turning, turns"])
def test_an_english_listed_word_is_not_the_word_the_stemmer_gave_its_stem(word: str, other: str) -> None:
    assert normalize_word("en", word) != normalize_word("en", other)


@pytest.mark.parametrize("word", ["niže", "niži", "nižeg", "ниже"])
def test_a_serbian_comparative_is_not_the_stack(word: str) -> None:
    # sr-judge D22.30: "Može izabrati niži broj" (a lower number of loops); "Niz se može zamisliti kao prst" (sr-basic: the stack)
    assert normalize_word("sr", word) != normalize_word("sr", "niz")


@pytest.mark.parametrize("word", ["niza", "nizu", "nizom", "низу"])
def test_the_stacks_own_forms_still_meet(word: str) -> None:
    # folded, "niža" and "nižu" are these too: a judge's "na nizu" (on the stack) is typed without diacritics
    assert normalize_word("sr", word) == normalize_word("sr", "niz")


def test_a_russian_below_names_no_stack() -> None:
    # a Russian "карта ниже в библиотеке" (a card lower in the library): «ниже» is below, not Serbian *niz*
    concepts = parse_query("карта ниже в библиотеке", default_searcher().concepts, load_stopwords()).concepts()
    assert "stack" not in concepts and "library" in concepts


@pytest.mark.parametrize(("text", "concept"), [
    # cr 117.3a "The active player receives priority at the beginning of most steps and phases": no activating, no
    # phasing
    ("The active player receives priority at the beginning of most steps and phases", "activate"),
    ("The active player receives priority at the beginning of most steps and phases", "phasing"),
    # cr 408.1 "The command zone is a game area reserved for certain specialized objects": no Commander game
    ("The command zone is a game area reserved for certain specialized objects", "commander"),
    # cr 708.8 "As a face-down permanent is turned face up, its copiable values revert": no game turn
    ("As a face-down permanent is turned face up, its copiable values revert", "turn"),
], ids=["active player", "phases", "command zone", "turned face up"])
def test_a_rule_saying_the_other_word_names_no_concept_of_the_listed_one(text: str, concept: str) -> None:
    from izvori_rules.text.concepts import load_concepts
    from izvori_rules.text.matching import ConceptMatcher
    from izvori_rules.text.stemming import analyze

    assert concept not in ConceptMatcher(load_concepts()).occurrences("en", analyze("en", text))


def test_a_listed_verbs_forms_still_meet() -> None:
    assert normalize_word("ru", "существует") == normalize_word("ru", "существовать") == normalize_word("ru", "существующий")


def test_a_word_the_stemmer_joined_names_no_concept() -> None:
    # "ничего не целит" (ru-cr 114.1a): nothing is targeted, no drawn game (draw_game: «Ничья»)
    concepts = parse_query("заклинание ничего не целит", default_searcher().concepts, load_stopwords()).concepts()
    assert "draw_game" not in concepts


@pytest.mark.parametrize("name", ["russian_kept_apart.tsv", "english_kept_apart.tsv", "serbian_kept_apart.tsv"])
def test_the_table_keys_the_index(name: str) -> None:
    assert any(path.name == name for path in table_files())


@pytest.mark.parametrize(("text", "message"), [
    ("term\topenings\tapart_from\nданн\tданн\tдань\nдан\tданн\tдань\n", r"tsv:3:.*'данн' is listed in an earlier row"),
    ("term\topenings\tapart_from\nданн\t\tдань\n", r"tsv:2:.*'openings': empty"),
], ids=["an opening listed twice", "a row without openings"])
def test_a_bad_row_names_its_line(text: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_kept_apart(text, "russian_kept_apart.tsv")
