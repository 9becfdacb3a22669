"""The tables of irregular verbs (corpus/english_irregular_verbs.tsv, corpus/serbian_irregular_verbs.tsv,
corpus/russian_irregular_verbs.tsv, izvori_rules/text/irregular.py): a form the Snowball stemmer leaves apart from its verb is searched as the verb, and
only the forms listed."""

from __future__ import annotations

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.search.searcher import default_searcher
from izvori_rules.text.irregular import load_irregular_verbs, parse_irregular_verbs
from izvori_rules.text.stemming import normalize_word, table_files


def test_a_listed_form_is_its_verb() -> None:
    # cr 120.3c "Damage dealt to a planeswalker", 120.2a "creature deals combat damage"
    assert load_irregular_verbs()["dealt"] == "deal"
    assert normalize_word("en", "dealt") == normalize_word("en", "deals")


@pytest.mark.parametrize(("query", "ref"), [
    # cr 701.10g "that source instead deals twice that much damage"
    ("double the damage dealt", "cr:701.10g"),
    # cr 702.70a "Whenever this creature deals combat damage to a player, that player gets N poison counters"
    ("poisonous damage dealt to a player", "cr:702.70a"),
], ids=["double damage", "poisonous"])
def test_a_query_saying_dealt_finds_the_rule_saying_deals_first(query: str, ref: str) -> None:
    assert default_searcher().search(query, lang="en", limit=1).hits[0].ref == ref


def test_a_form_that_is_another_word_in_the_rules_stays_itself() -> None:
    # cr 702.102a "Fuse is a static ability found on some split cards" is no search for "find"; cr 113.7a
    # "last known information" none for "know"
    assert normalize_word("en", "found") != normalize_word("en", "find")
    assert normalize_word("en", "known") != normalize_word("en", "know")
    # cr 700.2i "pawprint symbols listed for the chosen modes": a chosen thing, not the act of choosing
    assert normalize_word("en", "chosen") != normalize_word("en", "choose")


def test_only_english_reads_the_table() -> None:
    assert normalize_word("sr", "made") != normalize_word("sr", "make")


def test_the_tables_key_the_index() -> None:
    assert {"english_irregular_verbs.tsv", "serbian_irregular_verbs.tsv", "russian_irregular_verbs.tsv"} <= {
        path.name for path in table_files()}


@pytest.mark.parametrize(("lang", "typed", "printed"), [
    ("sr", "ušlo", "ulazi"),    # sr-judge B12.53 "Ako bi iznenađenje ušlo u igru"; B12.64 "Oreol ulazi u igru"
    ("sr", "uđe", "ulazi"),     # sr-judge B14.30 "kada uđu u igru"
    ("sr", "udje", "ulaze"),    # typed without diacritics
    ("sr", "ode", "odlazi"),    # sr-judge D11.40 "Kada izazvana osobina ode na niz"; sr-basic "odlazi na niz"
    ("sr", "otišlo", "ode"),    # sr-judge D20.91's example "Ako bi [ovo biće] otišlo na odlagalište"
    ("sr", "vukao", "vuče"),    # sr-judge D16.50 "igrač nije vukao te karte"; D16.10 "Igrač vuče kartu"
    ("sr", "ОДЕ", "odlazi"),    # Cyrillic
    ("ru", "вышло", "выходит"),  # ru-cr 508.3a "если существо вышло на поле битвы атакующим"; 603.6a "выходит на"
    ("ru", "стала", "становится"),  # ru-cr 608.2b "стали нелегальны"; a judge's "одна цель стала нелегальной"
    ("ru", "станет", "становится"),  # ru-cr 110.6c's example "Если теперь этот перманент станет копией"
    ("ru", "кладёт", "положить"),  # ru-cr 103.1b "каждый игрок кладет своего командира"; 701.6a "положите"
    ("ru", "умрёт", "умирает"),  # ru-cr 700.4 "Термин умирает"; ru-cr prints no умер-/умр- form
    ("ru", "даст", "даёт"),     # give: дать beside давать, a root of one letter
    ("ru", "сдался", "сдаться"),  # ru-cr 104.3a «В любой момент игрок может сдаться»; a judge's "игрок сдался"
    ("ru", "сдаётся", "сдаться"),  # ru-cr 810.8b «Если игрок сдаётся, то его команда покидает игру»
    ("ru", "УМЕРЛО", "умирает"),  # as typed in capitals
], ids=lambda value: value)
def test_a_verbs_changed_root_meets_its_verb(lang: str, typed: str, printed: str) -> None:
    assert normalize_word(lang, typed) == normalize_word(lang, printed)


def test_a_serbian_verb_is_not_the_preposition_its_stem_was() -> None:
    # Snowball cut "ode" (goes away) to "od", the "from" of nearly every rule (sr-judge B16.13 "Objekat koji se
    # premešta iz jedne zone u drugu")
    assert normalize_word("sr", "ode") != normalize_word("sr", "od")
    # going away is not going (two verbs): "ide" stays apart from "ode"
    assert normalize_word("sr", "ide") != normalize_word("sr", "ode")


def test_a_russian_word_sharing_a_root_stays_itself() -> None:
    # ru-cr 205.1a "в данный момент" (at this moment), 405.3 "их положение в стеке" (position), 103.4 "оставить свою
    # руку" (keep): only listed forms are their verbs
    assert normalize_word("ru", "данный") != normalize_word("ru", "дать")
    # a dealer's "сдал карты" (dealt the cards) is no concession: only the reflexive forms are сдаться's
    assert normalize_word("ru", "сдал") != normalize_word("ru", "сдаться")
    assert normalize_word("ru", "положение") != normalize_word("ru", "положить")
    assert normalize_word("ru", "оставить") != normalize_word("ru", "остаётся")


@pytest.mark.parametrize(("text", "message"), [
    ("base\tforms\ndeal\tdealt\nduel\tdealt\n", r"tsv:3:.*'dealt' is a form of 'deal'"),
    ("base\tforms\ndeal\t\n", r"tsv:2:.*'forms': empty"),
], ids=["a form of two verbs", "a verb without forms"])
def test_a_bad_row_names_its_line(text: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_irregular_verbs(text, "english_irregular_verbs.tsv")


def test_a_regular_verb_the_stemmer_cuts_short_is_its_verb() -> None:
    # cr 702.48c "the sacrificed permanent's mana cost", 701.21a "To sacrifice a permanent": the stemmer made sacrif
    # and sacrific
    assert normalize_word("en", "sacrificed") == normalize_word("en", "sacrifice")
    assert normalize_word("en", "sacrificing") == normalize_word("en", "sacrifices")


def test_a_quoted_phrase_meets_the_other_form_of_the_verb() -> None:
    # cr 702.48c "Generic mana in the sacrificed permanent's mana cost reduces generic mana in the spell's total cost"
    hits = default_searcher().search('"sacrifice permanent"', lang="en", limit=50).hits
    assert "cr:702.48c" in [hit.ref for hit in hits]
