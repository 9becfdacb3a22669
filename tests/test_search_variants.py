"""The sections of multiplayer and casual-variant rules (corpus/variant_sections.tsv) and how search ranks them."""

from __future__ import annotations

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.graph import RuleGraph
from izvori_rules.search.searcher import Searcher, default_searcher, indexed_refs
from izvori_rules.search.variants import load_sections, load_variants, parse_openings, parse_sections
from izvori_rules.text.concepts import load_concepts

HEADER = "document\tsection\ttitle\n"


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return default_searcher()


def test_the_corpus_lists_the_multiplayer_and_variant_sections(graph: RuleGraph) -> None:
    # sr-judge.txt line 3636 "F Pravila igre za više od dva igrača"; ru-cr.txt lines 13336 and 14511 (sections 8
    # and 9); the English CR's sections 8 Multiplayer Rules and 9 Casual Variants
    assert load_sections(graph) == {"sr-judge:F", "ru-cr:8", "ru-cr:9", "cr:8", "cr:9"}


@pytest.mark.parametrize(("row", "message"), [
    ("xx\t8\tMultiplayer Rules", "column 'document': 'xx' is no document"),
    ("cr\t800\tGeneral", "column 'section': cr:800 is no section"),
    ("cr\t8\tMultiplayer", "column 'title': cr:8 is titled 'Multiplayer Rules'"),
], ids=["document", "section", "title"])
def test_a_wrong_row_names_the_file_line_and_column(graph: RuleGraph, row: str, message: str) -> None:
    with pytest.raises(CorpusError, match=f"variants.tsv:2:[0-9]+: {message}"):
        parse_sections(HEADER + row + "\n", graph, "variants.tsv")


def test_the_index_marks_every_rule_of_those_sections_and_no_other(searcher: Searcher) -> None:
    refs = indexed_refs(searcher.graph)
    marked = {refs[n] for n, _ in searcher._postings().postings("scope", "variant")}
    assert {"cr:904.13c", "ru-cr:810.8d", "sr-judge:F7.63", "cr:8"} <= marked
    assert not {"cr:704.5c", "ru-cr:704.5c", "sr-judge:A4.40", "cr:7"} & marked


def _rank(searcher: Searcher, query: str, ref: str) -> int:
    refs = [hit.ref for hit in searcher.search(query, limit=50).hits]
    return refs.index(ref) if ref in refs else 50


def test_the_duels_rule_comes_before_a_variants_restatement_of_it(searcher: Searcher) -> None:
    # cr 704.5c "If a player has ten or more poison counters, that player loses the game"; cr 904.13c (Archenemy)
    # "If the archenemy has ten or more poison counters, they lose the game"
    assert _rank(searcher, "ten poison counters", "cr:704.5c") < _rank(searcher, "ten poison counters", "cr:904.13c")


def test_a_query_that_names_a_variant_keeps_its_rules_first(searcher: Searcher) -> None:
    assert searcher.search("archenemy poison counters").hits[0].ref == "cr:904.13c"


def test_the_corpus_lists_the_games_whose_naming_opens_a_variants_rule(graph: RuleGraph) -> None:
    assert load_variants(graph).concepts == {
        "multiplayer_game", "two_headed_giant", "archenemy", "planechase", "emperor_variant"}


@pytest.mark.parametrize("concept", ["no_such_concept", "trample"])
def test_an_openings_row_that_is_no_variant_concept_names_the_file_line_and_column(concept: str) -> None:
    with pytest.raises(CorpusError, match=f"openings.tsv:2:[0-9]+: column 'concept': '{concept}' is no concept"):
        parse_openings(f"concept\n{concept}\n", load_concepts(), "openings.tsv")


def test_the_index_marks_the_rules_elsewhere_that_open_by_naming_a_variants_game(searcher: Searcher) -> None:
    refs = indexed_refs(searcher.graph)
    marked = {refs[n] for n, _ in searcher._postings().postings("scope", "opens")}
    # ru-cr 103.7c "Во всех прочих вариантах многопользовательской игры, игроки не пропускают шаг взятия карты";
    # cr 103.8c "In all other multiplayer games, no player skips the draw step"; cr 704.6a "In a Two-Headed Giant
    # game, if a team has 0 or less life"
    assert {"ru-cr:103.7c", "cr:103.8c", "cr:704.6a"} <= marked
    # ru-cr 103.7a "При игре вдвоем" (the duel); ru-cr 118.5 "общее количество жизни" is a player's life total,
    # no shared one; cr 408.1 the command zone; cr 104.5 names a multiplayer game only after its opening clause
    assert not {"ru-cr:103.7a", "ru-cr:118.5", "cr:408.1", "cr:104.5", "cr:704.5c"} & marked


def test_the_duels_rule_comes_before_the_rule_of_the_other_multiplayer_games(searcher: Searcher) -> None:
    # ru-cr 103.7a "При игре вдвоем, стартующий игрок пропускает шаг взятия карты"; 103.7c "Во всех прочих
    # вариантах многопользовательской игры, игроки не пропускают шаг взятия карты"
    query = "первый игрок пропускает взятие карты"
    assert _rank(searcher, query, "ru-cr:103.7a") < _rank(searcher, query, "ru-cr:103.7c")
