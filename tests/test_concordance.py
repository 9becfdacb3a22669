"""The concordance (issue 5, section 2): the curated loader, the links on the graph, the aligner, what is missing.

Expected values come from the documents: the curated rows of corpus/concordance.tsv, the rule texts (the
lines are named), the notes in shared/notes/ (ru-cr.md §2.8 for the rules the Russian text lacks).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from izvori_rules.text.concepts import load_concepts
from izvori_rules.concordance import features
from izvori_rules.concordance.align import align
from izvori_rules.concordance.bridge import concept_bridge
from izvori_rules.concordance.curated import load_concordance, parse_concordance, unknown_refs
from izvori_rules.concordance.chain import Chain
from izvori_rules.concordance.evaluate import evaluate, evaluate_equivalents, folds, score_rows
from izvori_rules.concordance.lexicon import learn_lexicon
from izvori_rules.concordance.link import node_concepts, node_words, train_only_equivalents
from izvori_rules.concordance.missing import load_missing, notices_for_node, notices_for_query, parse_missing
from izvori_rules.concordance.pairwise import DocumentPair
from izvori_rules.concordance.scoring import WEIGHTS, Scorer
from izvori_rules.errors import CorpusError
from izvori_rules.graph import RuleGraph
from izvori_rules.originals.lineage import load_lineage
from izvori_rules.originals.table import load_originals
from izvori_rules.text.matching import ConceptMatcher

HEADER = "left\tright\trelation\tnote\tsplit\n"


def _equivalent(graph: RuleGraph, ref: str, doc: str) -> list[tuple[str, str]]:
    return [(e.ref, e.source) for e in graph.nodes[ref].equivalents if e.ref.startswith(doc + ":")]


# --- the curated table: its loader reports file, line and column -------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("left\tright\trelation\tnotes\tsplit\n", "x.tsv:1:21: unknown column 'notes'"),
    ("left\tright\trelation\tnote\n", "x.tsv:1:1: the header has no 'split' column"),
    (HEADER + "# a comment\nsr-judge:A1.10\tru-cr:100.1\tsame\tscope\n",
     "x.tsv:3:38: column 'split': '' is neither train nor heldout"),  # a missing last cell is an empty one
    (HEADER + "sr-judge:A1.10\tru-cr 100.1\tsame\tscope\ttrain\n", "x.tsv:2:16: column 'right': 'ru-cr 100.1'"),
    (HEADER + "sr-judge:A1.10\tsr-judge:A1.11\tsame\tscope\ttrain\n", "x.tsv:2:16: column 'right': "
                                                                      "'sr-judge:A1.11' is in the same document"),
    (HEADER + "sr-judge:A1.10\tru-cr:100.1\tequal\tscope\ttrain\n", "x.tsv:2:28: column 'relation': 'equal'"),
    (HEADER + "sr-judge:A1.10\tru-cr:100.1\tsame\tscope\ttest\n", "x.tsv:2:39: column 'split': 'test'"),
    (HEADER + "sr-judge:A1.10\tru-cr:100.1\tsame\t \ttrain\n", "x.tsv:2:33: column 'note': empty"),
    (HEADER + "sr-judge:A1.10\tru-cr:100.1\tsame\tscope\ttrain\nru-cr:100.1\tsr-judge:A1.10\tsame\tagain\ttrain\n",
     "x.tsv:3:1: the pair ru-cr:100.1 / sr-judge:A1.10 is already on line 2"),
    (HEADER + "sr-judge:A1.10\tru-cr:100.1\tsame\tscope\ttrain\nsr-judge:A1.10\tcs-cr:100.1\tclose\tscope\theldout\n",
     "x.tsv:3:40: sr-judge:A1.10 is in a heldout row here but in a train row on line 2"),
], ids=["unknown-column", "missing-column", "cell-count", "bad-ref", "same-document", "relation", "split",
        "empty-note", "duplicate-pair", "mixed-split"])
def test_curated_loader_names_file_line_and_column(text: str, expected: str) -> None:
    with pytest.raises(CorpusError) as error:
        parse_concordance(text, "x.tsv")
    assert str(error.value).startswith(expected)


def test_unknown_curated_refs_are_reported_with_their_place(graph: RuleGraph) -> None:
    pairs = parse_concordance(HEADER + "sr-judge:A3.32\tru-cr:104.3b\tsame\tlife\ttrain\n"
                                       "sr-judge:A3.99\tru-cr:104.3b\tsame\tnone\ttrain\n", "x.tsv")
    assert unknown_refs(pairs, graph.nodes) == (
        "x.tsv:3:1: column 'left': no rule sr-judge:A3.99 in the rule graph",)


def test_every_curated_ref_is_a_node_of_the_graph(graph: RuleGraph) -> None:
    pairs = load_concordance()
    assert len(pairs) == 648
    assert unknown_refs(pairs, graph.nodes) == ()
    # cs-cr.txt prints the rules of "202. Jméno" as 201.1-201.3: the first 201.1/201.2 are the ones under
    # "201. Části karty", the second copies are 201.1#2/201.2#2, and 201.3 exists once (under 202)
    assert graph.nodes["cs-cr:201.1"].parent == "cs-cr:201"
    assert graph.nodes["cs-cr:201.1#2"].parent == "cs-cr:202"
    assert graph.nodes["cs-cr:201.3"].parent == "cs-cr:202"


# --- the links on the graph ----------------------------------------------------------------------------------


def test_curated_pairs_link_both_ways_with_their_confidence(graph: RuleGraph) -> None:
    # concordance.tsv: sr-judge:A3.32 = cs-cr:102.1 = ru-cr:104.3b (a player with 0 or less life loses), "same"
    a332 = {e.ref: e for e in graph.nodes["sr-judge:A3.32"].equivalents}
    assert (a332["cs-cr:102.1"].source, a332["cs-cr:102.1"].confidence) == ("curated", 1.0)
    assert (a332["ru-cr:104.3b"].source, a332["ru-cr:104.3b"].relation) == ("curated", "same")
    assert ("sr-judge:A3.32", "curated") in _equivalent(graph, "ru-cr:104.3b", "sr-judge")
    # sr-judge:A1.10 / cs-cr:100.1 is "close" (cs leaves multiplayer to a web page): confidence 0.9
    close = {e.ref: e for e in graph.nodes["cs-cr:100.1"].equivalents}["sr-judge:A1.10"]
    assert (close.relation, close.confidence) == ("close", 0.9) and "multiplayer" in close.note


def test_curated_equivalents_come_before_aligned_ones(graph: RuleGraph) -> None:
    for node in graph.nodes.values():
        sources = [e.source for e in node.equivalents]
        assert sources == sorted(sources, key=lambda s: s != "curated"), node.ref
        docs = [e.ref.partition(":")[0] for e in node.equivalents if e.source == "aligned"]
        assert len(docs) == len(set(docs)), node.ref  # at most one aligned equivalent per document


def test_apnap_has_no_czech_equivalent(graph: RuleGraph) -> None:
    # concordance.tsv comment: A4.40 (APNAP) is ru-cr:101.4, but cs-cr 100-103 hold nothing like it and its
    # trigger-ordering rule 410 lies past the truncation inside 400.1
    assert _equivalent(graph, "sr-judge:A4.40", "ru-cr") == [("ru-cr:101.4", "curated")]
    assert _equivalent(graph, "sr-judge:A4.40", "cs-cr") == []
    assert _equivalent(graph, "ru-cr:101.4", "cs-cr") == []


@pytest.mark.parametrize(("left", "right"), [
    # sr-judge.txt 3487 "E3.132 Za više informacija o podtipu “Oreol”, vidi pravilo B12.60" =
    # ru-cr.txt 8930 "702.5b Для более полной информации об Аурах смотрите правило 303"
    ("sr-judge:E3.132", "ru-cr:702.5b"),
    # sr-judge.txt 4165 "F9.20 Pre početka partije dogovaraju se opcije ... Veliki krug obično koristi
    # dolenavedene" = ru-cr.txt 14055 "807.2. Любые используемые опции ... оговариваются до начала игры"
    ("sr-judge:F9.20", "ru-cr:807.2"),
    # sr-judge.txt 2352 "D13.40 Neke pasivne osobine se primenjuju dok je karta u bilo kojoj zoni iz koje se
    # može igrati" = ru-cr.txt 6231 "604.6. Некоторые статические способности применяются, пока карта находится
    # в любой зоне, из которой ..."
    ("sr-judge:D13.40", "ru-cr:604.6"),
    # sr-judge.txt 1958 "D9.24 Igranje izvora je posebna radnja" = ru-cr.txt 1768 "115.2a Розыгрыш земли
    # является специальным действием"
    ("sr-judge:D9.24", "ru-cr:115.2a"),
    # sr-judge.txt 649 "B12.42 Kada se magija vradžbine rezreši, izvršavaju se radnje ... Onda se ta karta
    # stavlja na ... odlagalište" = ru-cr.txt 3745 "307.2. Когда заклинание волшебства разрешается ..."
    ("sr-judge:B12.42", "ru-cr:307.2"),
    # heading-only rules: sr-judge.txt 990 "B16.40 Odlagalište" = cs-cr.txt "217.4. Hřbitov" (graveyard);
    # sr-judge.txt 1031 "B16.60 Niz" = cs-cr.txt "217.6. Stack"
    ("sr-judge:B16.40", "cs-cr:217.4"),
    ("sr-judge:B16.60", "cs-cr:217.6"),
    # cs-cr 420 "Stavové efekty" is only a title in the table of contents: its chapter equivalents are
    # sr-judge D21 "Efekti stanja" and ru-cr 704
    ("cs-cr:420", "sr-judge:D21"),
], ids=lambda ref: ref)
def test_found_pairs_read_in_both_texts(graph: RuleGraph, left: str, right: str) -> None:
    # found through the originals (issue 16) where the history links them, else by the aligner
    assert right in [ref for ref, source in _equivalent(graph, left, right.partition(":")[0])
                     if source in ("original", "history", "aligned")]


def test_glossary_entries_link_through_the_concept_table(graph: RuleGraph) -> None:
    # concepts.tsv row "trample": sr-judge:glossary:Razbijač and ru-cr:glossary:Trample (Пробивной удар)
    assert "ru-cr:glossary:Trample" in [ref for ref, _ in _equivalent(graph, "sr-judge:glossary:Razbijač", "ru-cr")]


# --- the aligner: structure, learning, evaluation, speed ----------------------------------------------------


@pytest.mark.parametrize(("doc", "node_id", "key"), [
    ("sr-judge", "D14.21", (2, 1)), ("sr-judge", "D11.106", (10, 6)), ("sr-judge", "A3.30", (3, 0)),
    ("cs-cr", "413.2a", (2, 1)), ("cs-cr", "201.1#2", (1, 0)), ("ru-cr", "704.5m", (5, 12)),  # letters skip l
], ids=lambda v: str(v))
def test_structural_key_is_rule_and_letter(doc: str, node_id: str, key: tuple[int, int]) -> None:
    assert features.structural_key(doc, node_id) == key


def test_the_structural_prior_maps_chapters_through_the_old_numbers() -> None:
    # sr-judge.md §1.3: D21 is old 420 (state-based effects), B11 old 211 (210 was dropped), F7 old 606 (2HG)
    assert features.old_chapter("sr-judge", "D21") == 420
    assert features.old_chapter("sr-judge", "B11") == 211
    assert features.prior_chapters("sr-judge", "D21", "cs-cr") == ("420",)
    assert features.prior_chapters("sr-judge", "D21", "ru-cr") == ("704",)
    assert features.prior_chapters("sr-judge", "C11", "ru-cr") == ("510",)
    assert features.prior_chapters("sr-judge", "F7", "ru-cr") == ("810",)
    assert features.prior_chapters("cs-cr", "217", "ru-cr")[:2] == ("400", "401")


def test_numbers_count_sr_judge_tens_as_magic_units(graph: RuleGraph) -> None:
    # sr-judge.txt 3965 F7.41 "… ukupan život, koji je na početku 300" = ru-cr.txt 14306 810.4 "… 30 жизней"
    assert 30 in features.numbers_in("sr-judge", graph.nodes["sr-judge:F7.41"])
    assert 30 in features.numbers_in("ru-cr", graph.nodes["ru-cr:810.4"])
    # number words count: sr-judge.txt 1472 C13.10 "… sastoji od dva koraka" (two steps)
    assert 2 in features.numbers_in("sr-judge", graph.nodes["sr-judge:C13.10"])


def test_the_lexicon_and_the_bridge_learn_from_known_pairs() -> None:
    def profile(ref: str, concepts: set[str], words: set[str]) -> features.Profile:
        return features.Profile(ref, ref.partition(":")[0], "rule", "x:1", ref, 0, frozenset(concepts),
                                frozenset(), (), (1, 0), 1.0, frozenset(words))

    pairs = [(profile(f"sr-judge:A{i}", {"play", "all_each", "life"}, {"gub", "igr"}),
              profile(f"ru-cr:{i}", {"cast", "life"}, {"проигрыва", "игр"})) for i in range(5)]
    assert learn_lexicon(pairs)["проигрыва"] in ("gub", "igr")
    bridge_a, _ = concept_bridge(pairs)
    assert "all_each" in bridge_a.drop and "life" not in bridge_a.drop
    assert bridge_a.apply(frozenset({"play"})) >= {"cast"}


@pytest.mark.parametrize(("concepts_b", "aligned"), [({"x", "z"}, True), ({"x", "z", "w"}, False)],
                         ids=["own score 0.7 carried by its place", "own score 0.6 below the floor"])
def test_place_carries_a_pair_over_the_threshold_only_from_the_floor(concepts_b: set[str], aligned: bool) -> None:
    # between two known pairs the middle rules meet at their expected place (+0.3): with half their concepts
    # shared (0.5) and the same structural number (0.2) that passes the threshold (0.85); with 0.4 shared their
    # own score, 0.6, is below the floor (0.65), where pairs carried by their place were mostly wrong
    def profile(ref: str, index: int, concepts: set[str]) -> features.Profile:
        return features.Profile(ref, ref.partition(":")[0], "rule", "x:1", ref, index, frozenset(concepts),
                                frozenset(), (), (index + 1, 0), 1.0)

    rules_a = [profile("sr-judge:A1", 0, {"a"}), profile("sr-judge:A2", 1, {"x", "y"}),
               profile("sr-judge:A3", 2, {"c"})]
    rules_b = [profile("ru-cr:1", 0, {"a"}), profile("ru-cr:2", 1, concepts_b), profile("ru-cr:3", 2, {"c"})]
    known = {"sr-judge:A1": {"ru-cr:1"}, "ru-cr:1": {"sr-judge:A1"},
             "sr-judge:A3": {"ru-cr:3"}, "ru-cr:3": {"sr-judge:A3"}}
    pair = object.__new__(DocumentPair)
    pair.scorer = Scorer({}, {}, {}, known, 0.0, WEIGHTS)
    ordered, _ = pair._in_order(rules_a, rules_b, 0.0)
    assert [(p.left, p.right) for p in ordered] == ([("sr-judge:A2", "ru-cr:2")] if aligned else [])


def test_folds_keep_rows_that_share_a_ref_together() -> None:
    rows = parse_concordance(HEADER + "sr-judge:A1\tru-cr:1\tsame\tn\ttrain\ncs-cr:1\tru-cr:1\tsame\tn\ttrain\n"
                                      "sr-judge:B1\tru-cr:2\tsame\tn\ttrain\nsr-judge:C1\tru-cr:3\tsame\tn\ttrain\n")
    split = folds(rows, 2)
    together = next(fold for fold in split if any(r.left == "sr-judge:A1" for r in fold))
    assert {r.left for r in together} >= {"sr-judge:A1", "cs-cr:1"}


@pytest.mark.parametrize(("predicted", "correct"), [("ru-cr:107.2", 2), ("ru-cr:107.1b", 2), ("ru-cr:107.3", 0)],
                         ids=["the-second-row's-ref", "the-first-row's-ref", "neither"])
def test_a_prediction_of_any_curated_equivalent_in_the_document_answers_each_row(predicted: str,
                                                                                  correct: int) -> None:
    # concordance.tsv lines 82-83: sr-judge A5.20 (negative values, and a number that cannot be determined is 0)
    # is both ru-cr 107.1b and ru-cr 107.2; a top-1 can name only one of them
    rows = parse_concordance(HEADER + "sr-judge:A5.20\tru-cr:107.1b\tclose\tn\theldout\n"
                                      "sr-judge:A5.20\tru-cr:107.2\tclose\tn\theldout\n"
                                      "sr-judge:A5.20\tcs-cr:103.1\tclose\tn\theldout\n")
    evaluation = score_rows(rows, {("sr-judge:A5.20", "ru-cr"): (predicted, 0.9),
                                   ("sr-judge:A5.20", "cs-cr"): ("cs-cr:103.2", 0.9)})
    assert evaluation.overall.correct == correct  # the cs-cr row's other rule is no answer of the ru-cr rows
    assert evaluation.overall.predicted == 3


@pytest.fixture(scope="module")
def readers() -> tuple[object, object]:
    return node_concepts(ConceptMatcher(load_concepts())), node_words()


def test_held_out_pairs_meet_the_targets(graph: RuleGraph, readers: tuple[object, object]) -> None:
    concepts_of, words_of = readers
    evaluation = evaluate(graph.nodes, concepts_of, load_concordance(), words_of=words_of)  # type: ignore[arg-type]
    assert evaluation.overall.rows == 217  # every held-out row of concordance.tsv
    assert evaluation.overall.precision >= 0.9 and evaluation.overall.recall >= 0.8
    # No document pair is far off. cs-cr <-> ru-cr has 17 held-out rows (14 predicted), so one row moves it by 0.07:
    # the Russian aspect pairs (session 23) turned one of its rows wrong and one of sr-judge <-> ru-cr's right,
    # the overall count (188) and the train rows' cross-validation unchanged; the floor allows that one row.
    for score in evaluation.scores:
        assert score.precision >= 0.75, score


def test_held_out_pairs_through_the_originals_meet_issue_16s_targets(graph: RuleGraph) -> None:
    # the equivalents the graph gives (chain through the originals, then the aligner), found with the train rows
    # as the only corrections, scored on the held-out rows: top-1 precision >= 0.97 and recall >= 0.93 for every
    # pair of documents, Czech <-> Russian included (scripts/eval_concordance.py prints the same table)
    pairs = load_concordance()
    found = train_only_equivalents(graph.nodes, ConceptMatcher(load_concepts()), pairs,
                                   Chain.to_newest(load_originals(), load_lineage()))
    evaluation = evaluate_equivalents(found, pairs)
    assert evaluation.overall.rows == 217
    assert {score.docs for score in evaluation.scores} == {("cs-cr", "ru-cr"), ("sr-judge", "cs-cr"),
                                                           ("sr-judge", "ru-cr")}
    for score in evaluation.scores:
        assert score.precision >= 0.97 and score.recall >= 0.93, score


# --- what a document lacks -----------------------------------------------------------------------------------


def test_the_missing_rules_are_the_31_english_rules_ru_cr_lacks(graph: RuleGraph) -> None:
    rows = load_missing()
    assert len(rows) == 31 and {row.doc for row in rows} == {"ru-cr"}
    # shared/notes/ru-cr.md §2.8: 105.5, 117.7a-f, 212.1d-f, 302.4a-c, 302.5-7, 513.2, 606.4-5, 701.33e-g,
    # 701.38d, 702.36e-g are absent; 603.3, 406.7, 700.2f, 702.36c and 903.11e are numbers whose Russian text
    # renders another English rule (originals.tsv), so their own English text is untranslated
    assert [row.id for row in rows][:8] == ["105.5", "117.7a", "117.7b", "117.7c", "117.7d", "117.7e", "117.7f",
                                            "212.1a"]
    assert {"603.3", "406.7", "903.11e"} <= {row.id for row in rows}
    assert all(ref in graph.nodes for row in rows for ref in row.equivalents)


def test_missing_rules_loader_names_file_line_and_column() -> None:
    text = "doc\tid\ttitle\tequivalents\tnote\nru-cr\t302.6\tsummoning sickness\tru-cr:302.5\t\n"
    with pytest.raises(CorpusError, match=r"^m\.tsv:2:32: column 'equivalents': 'ru-cr:302.5'"):
        parse_missing(text, "m.tsv")
    with pytest.raises(CorpusError, match=r"^m\.tsv:1:1: the header"):
        parse_missing("doc\tid\n", "m.tsv")


def test_a_missing_russian_rule_is_explained(graph: RuleGraph) -> None:
    (notice,) = notices_for_query(graph, "ru-cr:302.6", load_missing())
    # English 2019-05-03 302.6 (summoning sickness) starts "A creature’s activated ability with the tap symbol"
    assert notice.kind == "missing" and notice.title.startswith("A creature’s activated ability with the tap")
    assert "Russian translation (ru-cr) lacks rule 302.6" in notice.message and "3 May 2019" in notice.message
    assert notice.english == "cr-2019-05-03:302.6"
    assert notices_for_query(graph, "302.6", load_missing()) == (notice,)


@pytest.mark.parametrize("query", ["cs-cr:704.5a", "cs-cr:400.2", "cs-cr:502.15", "420.5d"])
def test_numbers_past_the_czech_truncation_are_explained(graph: RuleGraph, query: str) -> None:
    (notice,) = notices_for_query(graph, query, load_missing())
    assert notice.kind == "truncated" and notice.doc == "cs-cr"
    assert "ends inside rule 400.1" in notice.message


@pytest.mark.parametrize("query", ["cs-cr:217.99", "ru-cr:999.1", "Z9.99"])
def test_other_unknown_numbers_get_no_notice(graph: RuleGraph, query: str) -> None:
    assert notices_for_query(graph, query, load_missing()) == ()


def test_a_corpus_without_the_data_files_has_no_curated_pairs_and_no_missing_rules(tmp_path: Path) -> None:
    assert load_concordance(tmp_path) == () and load_missing(tmp_path) == ()
