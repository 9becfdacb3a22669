"""Search quality over the query set (tests/search_queries.tsv): recall@10 and mean reciprocal rank, and the
ranking behaviours the set relies on. ``pytest -s`` prints the figures per kind of query."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from izvori_rules.graph import RuleGraph
from izvori_rules.search.keywords import OTHER_KEYWORD, other_keywords
from izvori_rules.search.repeats import repeats_last
from izvori_rules.search.siblings import EARLIER, earlier, subrule_of
from izvori_rules.search.searcher import Searcher, default_searcher, indexed_refs

QUERY_SET = Path(__file__).with_name("search_queries.tsv")
KINDS = {"sr", "sr-ascii", "sr-cyrl", "cs", "cs-ascii", "ru", "en", "pt", "citation"}
RECALL_TARGET = 0.95
MRR_TARGET = 0.8
TOP = 10
_REF_START = re.compile(r" (?=(?:[a-z]{2}-[a-z]+|cr):)")  # glossary refs hold spaces: split before "doc:" only


@dataclass(frozen=True)
class Case:
    """One row of the query set."""

    kind: str
    query: str
    options: tuple[tuple[str, str], ...]
    expected: tuple[str, ...]
    line: int


def load_cases(path: Path = QUERY_SET) -> list[Case]:
    """The rows of the query set, comments and header skipped."""
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#") or line.startswith("set\t"):
            continue
        kind, query, options, expected, _source = line.split("\t")
        parsed = tuple(tuple(o.split("=", 1)) for o in options.split()) if options != "-" else ()
        cases.append(Case(kind, query, parsed, tuple(_REF_START.split(expected)), number))  # type: ignore[arg-type]
    return cases


CASES = load_cases()


@dataclass(frozen=True)
class Score:
    """How one case did: the share of expected rules in the top ten, and 1/rank of the first one found."""

    recall: float
    reciprocal_rank: float
    missing: tuple[str, ...]


def is_glossary(ref: str) -> bool:
    return ":glossary:" in ref


def answers(case: Case) -> tuple[str, ...]:
    """The expected hits: numbered rules and guide sections (glossary entries only when the case asks for them)."""
    if ("kind", "glossary") in case.options:
        return case.expected
    return tuple(ref for ref in case.expected if not is_glossary(ref))


def score(searcher: Searcher, case: Case) -> Score:
    refs = [hit.ref for hit in searcher.search(case.query, limit=TOP, **dict(case.options)).hits]
    expected = answers(case)
    found = [ref for ref in expected if ref in refs]
    first = min((refs.index(ref) + 1 for ref in found), default=None)
    return Score(len(found) / len(expected), 1 / first if first else 0.0,
                 tuple(ref for ref in expected if ref not in refs))


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    """The searcher over the whole corpus; its index is built once per test session (the session cache)."""
    return default_searcher()


def test_the_query_set_has_sixty_queries_of_every_kind() -> None:
    assert len(CASES) >= 60
    assert {case.kind for case in CASES} == KINDS


def test_every_expected_rule_is_in_the_graph(graph: RuleGraph) -> None:
    unknown = [(case.line, ref) for case in CASES for ref in case.expected if ref not in graph.nodes]
    assert unknown == []


def test_recall_at_ten_and_mean_reciprocal_rank_meet_the_targets(searcher: Searcher) -> None:
    scores = {case: score(searcher, case) for case in CASES}
    by_kind: dict[str, list[Score]] = defaultdict(list)
    for case, result in scores.items():
        by_kind[case.kind].append(result)
    print(f"\n{'kind':<10}{'queries':>8}{'recall@10':>11}{'MRR':>7}")
    for kind in sorted(by_kind):
        results = by_kind[kind]
        print(f"{kind:<10}{len(results):>8}{_mean(r.recall for r in results):>11.3f}"
              f"{_mean(r.reciprocal_rank for r in results):>7.3f}")
    recall = _mean(r.recall for r in scores.values())
    mrr = _mean(r.reciprocal_rank for r in scores.values())
    print(f"{'all':<10}{len(scores):>8}{recall:>11.3f}{mrr:>7.3f}")
    for case, result in scores.items():
        if result.missing:
            print(f"  line {case.line}: {case.query!r} misses {', '.join(result.missing)}")
    assert recall >= RECALL_TARGET
    assert mrr >= MRR_TARGET


def test_every_case_expects_a_hit() -> None:
    assert [case.line for case in CASES if not answers(case)] == []


def test_expected_glossary_entries_are_among_the_definitions(searcher: Searcher) -> None:
    missing = []
    for case in CASES:
        if ("kind", "glossary") in case.options:
            continue
        result = searcher.search(case.query, **dict(case.options))
        defined = {entry.ref for definition in result.definitions for entry in definition.entries}
        missing += [(case.line, ref) for ref in case.expected if is_glossary(ref) and ref not in defined]
    assert missing == []


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items)


def _rank(searcher: Searcher, query: str, ref: str, limit: int = 100) -> int:
    refs = [hit.ref for hit in searcher.search(query, limit=limit).hits]
    return refs.index(ref) if ref in refs else limit


@pytest.mark.parametrize(
    ("query", "governing", "mentioning"),
    [
        # sr-judge E3.70-E3.72 define Letač; D22.30's example (lines 3118-3121) says "Letač" five times.
        ("letač", ("sr-judge:E3.70", "sr-judge:E3.71", "sr-judge:E3.72"), ("sr-judge:D22.30", "sr-judge:B5.10")),
        # D21 Efekti stanja and D21.10 define them; A3.32 (line 102) and B15.30 (line 892) say "ovo je efekat stanja".
        ("efekti stanja", ("sr-judge:D21", "sr-judge:D21.10"), ("sr-judge:A3.32", "sr-judge:B15.30")),
        # ru-cr 702.19 Пробивной удар; the examples of 706.3 and 706.11 (lines 11972, 12195) only name it.
        ("пробивной удар", ("ru-cr:702.19", "ru-cr:702.19a"), ("ru-cr:706.3", "ru-cr:706.11")),
    ],
    ids=["letač", "efekti stanja", "пробивной удар"],
)
def test_the_rule_that_defines_a_concept_outranks_rules_that_mention_it(
        searcher: Searcher, query: str, governing: tuple[str, ...], mentioning: tuple[str, ...]) -> None:
    worst_governing = max(_rank(searcher, query, ref) for ref in governing)
    best_mentioning = min(_rank(searcher, query, ref) for ref in mentioning)
    assert worst_governing < best_mentioning


def test_a_concept_query_finds_the_rule_in_every_document_that_has_it(searcher: Searcher) -> None:
    result = searcher.search("razbijac")
    refs = [hit.ref for hit in result.hits]
    defined = [entry.ref for definition in result.definitions for entry in definition.entries]
    # sr-judge E3.100, ru-cr 702.19: trample in every document with it; sr-basic glossary Razbijač (line 700 ff.)
    assert {"sr-judge:E3.100", "ru-cr:702.19"} <= set(refs)
    assert "sr-basic:glossary:Razbijač" in defined


def test_the_judges_language_comes_first_among_equal_definitions(searcher: Searcher) -> None:
    assert searcher.search("jurišnik").hits[0].doc == "sr-judge"  # sr-judge E3.60 Jurišnik
    assert searcher.search("первый удар").hits[0].doc == "ru-cr"  # ru-cr 702.7 Первый Удар


def test_glossary_entries_are_definitions_not_hits(searcher: Searcher) -> None:
    result = searcher.search("opreznost")
    assert result.hits[0].ref == "sr-judge:E3.80"  # sr-judge 3360 "E3.80 Opreznost"
    kinds = [hit.kind for hit in result.hits]
    assert "glossary" not in kinds and kinds == sorted(kinds, key=lambda kind: kind != "rule")  # rules first
    [definition] = result.definitions
    assert definition.concept == "vigilance"
    # sr-judge's and sr-basic's glossaries, ru-cr's and the English CR's "Vigilance", once each (pt-guide's
    # glossary has none)
    assert [entry.ref for entry in definition.entries] == [
        "sr-judge:glossary:Opreznost", "sr-basic:glossary:Opreznost", "ru-cr:glossary:Vigilance",
        "cr:glossary:Vigilance"]


def test_a_concept_asked_again_under_a_filter_gets_that_documents_definitions_only(searcher: Searcher) -> None:
    # the glossary entries are kept per concept (Searcher._glossary), the filters applied to them each time
    searcher.search("opreznost")
    assert [entry.ref for definition in searcher.search("opreznost", doc="ru-cr").definitions
            for entry in definition.entries] == ["ru-cr:glossary:Vigilance"]
    assert [entry.ref for definition in searcher.search("opreznost", lang="en").definitions
            for entry in definition.entries] == ["cr:glossary:Vigilance"]


def test_kind_filters_the_hits(searcher: Searcher) -> None:
    assert {hit.kind for hit in searcher.search("opreznost", kind="glossary").hits} == {"glossary"}
    assert {hit.kind for hit in searcher.search("razbijač", kind="section").hits} == {"section"}


def test_scores_fall_as_the_rank_does(searcher: Searcher) -> None:
    for query in ("razbijač blokirano biće", "minimalni iznos štete", "биће"):
        scores = [hit.score for hit in searcher.search(query, limit=30).hits]
        assert scores == sorted(scores, reverse=True)


def test_equivalent_rules_are_peers_both_ways_and_never_of_their_own_document(searcher: Searcher) -> None:
    refs = indexed_refs(searcher.graph)
    number = {ref: str(n) for n, ref in enumerate(refs)}
    peers = {refs[n] for n, _ in searcher._postings().postings("peers", number["cr:704.5f"])}
    # corpus/concordance.tsv: sr-judge D21.52 is ru-cr 704.5f (toughness 0 or less); originals.tsv: ru-cr 704.5f
    # renders the English 704.5f, which names no translation itself
    assert {"ru-cr:704.5f", "sr-judge:D21.52"} <= peers
    assert not any(ref.startswith("cr:") for ref in peers)
    assert "cr:704.5f" in {refs[n] for n, _ in searcher._postings().postings("peers", number["sr-judge:D21.52"])}


def test_a_rule_whose_examples_alone_carry_the_query_ranks_below_the_rules_about_it(searcher: Searcher) -> None:
    query = "može li biće sa osobinom Anti-Crveno da blokira crveno biće"
    # sr-judge D14.21 (line 2377 ff.) is about targets that became illegal; only its Primer 2 names Anti-Crveno,
    # red and blocking. E3.21 defines Anti and E3.26 says an attacker with it can't be blocked by that colour.
    assert _rank(searcher, query, "sr-judge:E3.21") < _rank(searcher, query, "sr-judge:D14.21")
    assert _rank(searcher, query, "sr-judge:E3.26") < _rank(searcher, query, "sr-judge:D14.21")
    # the concepts of its examples are a field of their own, not its uses of concepts
    refs = indexed_refs(searcher.graph)
    having = {refs[n] for n, _ in searcher._postings().postings("example_concepts", "protection")}
    assert "sr-judge:D14.21" in having
    assert "sr-judge:D14.21" not in {refs[n] for n, _ in searcher._postings().postings("concepts", "protection")}


@pytest.mark.parametrize(("query", "answer", "scattered"), [
    # cr 704.5f (corpus/cr-history, the newest release) "If a creature has toughness 0 or less": the words
    # together; cr 208.5 "its power is 0. The same is true for toughness": the same words apart
    ("creature with 0 toughness", "cr:704.5f", "cr:208.5"),
    # ru-cr 704.5f «Если выносливость существа равна 0»; ru-cr 208.5 «…его сила равна 0. Тоже самое верно для
    # выносливости»
    ("выносливость существа равна 0", "ru-cr:704.5f", "ru-cr:208.5"),
], ids=["en", "ru"])
def test_a_rule_holding_the_query_words_together_outranks_one_holding_them_apart(
        searcher: Searcher, query: str, answer: str, scattered: str) -> None:
    assert _rank(searcher, query, answer) < _rank(searcher, query, scattered)


def test_a_rule_about_a_broader_concept_carries_the_querys_concept(searcher: Searcher) -> None:
    from izvori_rules.search.query import parse_query, plan_query

    plan = plan_query(parse_query("damage creature", searcher.concepts), searcher.concepts)
    damage, creature = plan.clauses
    # corpus/concepts.tsv: a creature is a permanent (its broader column)
    assert [(lookup.field, lookup.term) for lookup in creature.lookups if lookup.broader] == [("concepts", "permanent")]
    matched = searcher._open_ranker()._matched(list(plan.clauses), None)
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}
    # ru-cr 514.2 «исчезают все повреждения, полученные перманентами»: its permanents carry the creature
    assert matched.masks[number["ru-cr:514.2"]] == 0b11
    # ru-cr 110.1 «Перманентом является карта или фишка на поле битвы» names no damage: permanent adds no candidate
    assert number["ru-cr:110.1"] not in matched.totals


def test_a_broader_concept_reaches_the_rules_a_commoner_clause_found(searcher: Searcher) -> None:
    from izvori_rules.search.query import parse_query, plan_query

    plan = plan_query(parse_query("dies counters", searcher.concepts), searcher.concepts)
    ranker = searcher._open_ranker()
    dies, counters = plan.clauses
    assert ranker.importance(dies) > ranker.importance(counters)  # dies is read first: the rarer clause
    matched = ranker._matched(list(plan.clauses), None)
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}
    # cr 122.2 (the newest release) "Counters on an object are not retained if that object moves from one zone to
    # another": dying is a zone change (corpus/concepts.tsv's broader column), so the rule carries both clauses
    assert matched.masks[number["cr:122.2"]] == 0b11


def test_conceding_reaches_the_rules_on_a_player_leaving_the_game(searcher: Searcher) -> None:
    from izvori_rules.search.query import parse_query, plan_query

    plan = plan_query(parse_query("concede turn", searcher.concepts), searcher.concepts)
    concede, _turn = plan.clauses
    # cr 104.3a "A player who concedes leaves the game immediately" (ru-cr 104.3a «Сдавшийся игрок немедленно выходит
    # из игры»): conceding is leaving the game (corpus/concepts.tsv: concede's broader concept leave_the_game)
    assert [(lookup.field, lookup.term) for lookup in concede.lookups if lookup.broader] == [
        ("concepts", "leave_the_game")]
    matched = searcher._open_ranker()._matched(list(plan.clauses), None)
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}
    # ru-cr 800.4i «Если игрок покидает игру во время своего хода, этот ход продолжается до конца без активного игрока»
    assert matched.masks[number["ru-cr:800.4i"]] == 0b11


def test_until_end_of_turn_reaches_russian_rules_that_say_this_turn(searcher: Searcher) -> None:
    from izvori_rules.search.query import parse_query, plan_query

    plan = plan_query(parse_query("регенерация до конца хода", searcher.concepts), searcher.concepts)
    matched = searcher._open_ranker()._matched(list(plan.clauses), None)
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}
    # ru-cr 701.14a: regeneration's shield lasts for "следующий раз когда этот перманент должен быть уничтожен в этом
    # ходу"; ru-cr 514.2 ends the effects that last «до конца хода» or «в этом ходу» together (corpus/concepts.tsv:
    # until_end_of_turn's broader concept this_turn), so the rule carries both clauses
    assert matched.masks[number["ru-cr:701.14a"]] == 0b11

def test_a_lettered_subrule_is_its_rule_and_its_letters_place_after_a() -> None:
    assert subrule_of("cr:702.15a") == ("cr:702.15", 0)
    assert subrule_of("ru-cr:702.16i") == ("ru-cr:702.16", 8)
    # a rule, a subrule of sr-judge (whose ids number, not letter, them) and a glossary entry are no lettered subrules
    assert [subrule_of(ref) for ref in ("cr:702.15", "sr-judge:D11.105", "cr:glossary:Zone")] == [None, None, None]


def test_a_later_sibling_gives_way_only_to_an_earlier_one_matching_the_same_clauses() -> None:
    refs = ["cr:702.16j", "cr:702.16e", "cr:704.5f", "cr:208.5", "cr:704.5a"]
    masks = {0: 0b11, 1: 0b11, 2: 0b11, 3: 0b11, 4: 0b01}
    best = [(False, -1.1, 0), (False, -1.0, 1), (False, -0.8, 2), (False, -0.7, 3), (False, -0.5, 4)]
    ranked = earlier(best, masks, lambda doc: subrule_of(refs[doc]))
    # 702.16j stands five letters after 702.16e, which matches the same clauses; 704.5f keeps its key: its sibling
    # 704.5a matches another clause pattern, and 208.5 is no subrule
    assert ranked[:2] == [(False, -1.0, 1), (False, -1.1 / (1 + 5 * EARLIER), 0)]
    assert ranked[2:] == best[2:]


def test_of_sibling_subrules_matching_alike_the_earlier_comes_first(searcher: Searcher) -> None:
    query = "защита от красного предотвращает повреждения"
    # ru-cr 702.16e (line 9222) «Любые повреждения, которые должны быть нанесены источниками с указанным свойством
    # перманенту или игроку с защитой, предотвращаются»; 702.16i (line 9244) «"Защита от всего" это вариант
    # способности защиты», which names protection four times but prevents nothing a red source deals
    assert _rank(searcher, query, "ru-cr:702.16e") < _rank(searcher, query, "ru-cr:702.16i")


def test_a_keywords_subrule_is_known_by_its_titled_rule_and_chapter(searcher: Searcher) -> None:
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}
    # cr 702.144 is titled "Demonstrate" under 702 "Keyword Abilities"; 702.1 has no title (it says what keywords are)
    assert searcher._rule_of(number["cr:702.144a"]) == (number["cr:702.144"], number["cr:702"])
    # sr-judge E3.100 is titled Razbijač under E3 "Ključne osobine", and E3.101 is its subrule
    assert [searcher._rule_of(number[ref]) for ref in ("cr:702.1a", "cr:702.144", "sr-judge:E3.101")] == [
        None, None, (number["sr-judge:E3.100"], number["sr-judge:E3"])]
    # the chapters that define keyword abilities: cr 702, ru-cr 702 «Способности с ключевыми словами», sr-judge E3
    # "Ključne osobine"
    chapters = searcher._open_ranker().keyword_chapters()
    assert {number["cr:702"], number["ru-cr:702"], number["sr-judge:E3"]} <= chapters
    assert number["cr:701"] not in chapters


def test_a_keywords_subrule_gives_way_unless_the_query_found_its_rule() -> None:
    rules = {0: (10, 20), 1: (11, 20), 2: (12, 21)}  # 0 and 1 under keyword chapter 20's rules 10, 11; 2 elsewhere
    best = [(False, -1.1, 0), (False, -1.0, 1), (False, -0.95, 2), (False, -0.9, 3)]
    ranked = other_keywords(best, {11}, rules.get, {20})
    # the query found rule 11 (named its keyword), not rule 10: only document 0 gives way
    assert ranked == [(False, -1.0, 1), (False, -0.95, 2), (False, -0.9, 3), (False, -1.1 * OTHER_KEYWORD, 0)]
    assert other_keywords(best, {10, 11}, rules.get, {20}) is best


def test_a_rule_whose_twin_stands_above_it_follows_the_other_hits() -> None:
    # 0 sr-judge B12.27 names 1 cr 301.5b and 2 ru-cr 301.5b (Equipment is cast like any artifact), 2 names 0 and 1,
    # and 1 names none (the English rule names no translation); 3 ru-cr 704.5n names 4, none of them
    where = {0: ("sr-judge", "sr"), 1: ("cr", "en"), 2: ("ru-cr", "ru"), 3: ("ru-cr", "ru"), 4: ("cr", "en")}
    named = {0: [1, 2], 2: [0, 1], 3: [4]}
    best = [(False, -2.7, 0), (False, -2.5, 1), (False, -2.1, 2), (False, -2.0, 3), (True, -3.0, 4)]
    ranked = repeats_last(best, lambda doc: named.get(doc, []), where.__getitem__, {"sr"})
    # 1 and 2 repeat 0: they follow 3 at its key, in their order; the unranked 4 stays last
    assert ranked == [(False, -2.7, 0), (False, -2.0, 3), (False, -2.0, 1), (False, -2.0, 2), (True, -3.0, 4)]
    # a judge who typed Russian keeps ru-cr 301.5b where it stood: it is no repeat of a rule in another language
    assert repeats_last(best, lambda doc: named.get(doc, []), where.__getitem__, {"ru"}) == [
        (False, -2.7, 0), (False, -2.1, 2), (False, -2.0, 3), (False, -2.0, 1), (True, -3.0, 4)]
    assert repeats_last(best[2:], lambda doc: named.get(doc, []), where.__getitem__) == best[2:]


def test_a_rule_that_names_another_rule_of_the_document_is_no_twin() -> None:
    # 0 ru-cr 400.7e (an Aura's abilities track the new object) names 1 cs-cr 217.1c, which names 2 ru-cr 400.7 (a
    # card that changes zones is a new object), not 400.7e: 217.1c says more than 400.7e and keeps its place
    where = {0: ("ru-cr", "ru"), 1: ("cs-cr", "cs"), 2: ("ru-cr", "ru")}
    named = {0: [1], 1: [2]}
    best = [(False, -2.3, 0), (False, -1.9, 1)]
    assert repeats_last(best, lambda doc: named.get(doc, []), where.__getitem__) == best


def test_a_question_shows_a_rule_once_and_the_next_rule_in_its_place(searcher: Searcher) -> None:
    query = "equipment stays on the battlefield when the creature dies"
    hits = searcher.search(query).hits
    # cr 704.5n (corpus/cr-history, the newest release) "If an Equipment ... is attached to an illegal permanent ...,
    # it becomes unattached from that permanent or player. It remains on the battlefield" answers; cr 301.5b
    # "Equipment spells are cast like other artifact spells" matches more of the words, and sr-judge B12.27 (line 590)
    # "Oprema se igra i ulazi u igru baš kao i svaki drugi artefakt" says the same (corpus/originals.tsv: B12.27
    # renders 2006-10-01 212.2h, today's 301.5b): it follows, and the answer takes its place
    assert [hit.ref for hit in hits[:2]] == ["cr:301.5b", "cr:704.5n"]
    assert _rank(searcher, query, "cr:704.5n") < _rank(searcher, query, "sr-judge:B12.27")
    assert "cr:301.5b" in {equivalent.ref for equivalent in searcher.graph.nodes["sr-judge:B12.27"].equivalents}


def test_a_general_rule_comes_before_a_keywords_reminder_text_in_the_same_words(searcher: Searcher) -> None:
    query = "copy a spell choose new targets for the copy"
    # cr 707.10c "Some effects copy a spell or ability and state that its controller may choose new targets for the
    # copy"; 702.144a "Demonstrate is a triggered ability. "Demonstrate" means "When you cast this spell, you may copy
    # it and you may choose new targets for the copy ...": the query does not name demonstrate
    assert _rank(searcher, query, "cr:707.10c") < _rank(searcher, query, "cr:702.144a")


def test_closeness_counts_the_clauses_a_rule_holds_and_the_words_it_takes() -> None:
    from izvori_rules.search.ranking import _window

    # clause 0 at words 0 and 7, clause 1 at word 3, clause 2 at word 5: all three within words 3-7
    assert _window([(0, 0), (3, 1), (5, 2), (7, 0)]) == (3, 5)
    assert _window([(4, 1)]) == (1, 1)
    assert _window([]) == (0, 0)


def test_a_broader_concepts_word_holds_the_querys_concept_close_to_its_other_words(searcher: Searcher) -> None:
    from dataclasses import replace

    from izvori_rules.search.query import parse_query, plan_query
    from izvori_rules.search.ranking import _closer
    from izvori_rules.text.stopwords import load_stopwords

    plan = plan_query(parse_query("can I target my own hexproof creature", searcher.concepts, load_stopwords()),
                      searcher.concepts)
    clauses = list(plan.clauses)
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}["cr:702.11b"]
    # cr 702.11b (the newest release): "“Hexproof” on a permanent means “This permanent can’t be the target of
    # spells or abilities your opponents control.”": no creature, but the permanent a creature is
    # (corpus/concepts.tsv's broader column) stands beside hexproof and target
    assert [w for c in clauses for lang, stems in c.broader_stems if lang == "en" for w in stems] == ["perman"]
    with_broader = _closer([(False, -1.0, number)], clauses, searcher._words)
    without = _closer([(False, -1.0, number)], [replace(c, broader_stems=()) for c in clauses], searcher._words)
    assert with_broader[0][1] < without[0][1] < 0  # the keys are negated: a greater closeness, a lower value


def test_a_heading_that_names_two_concepts_keeps_the_one_its_translations_name(searcher: Searcher) -> None:
    refs = indexed_refs(searcher.graph)

    def named(concept: str) -> set[str]:
        return {refs[n] for n, _ in searcher._postings().postings("named", concept)}

    # English says counter for both: cr 122 "Counters" is the marker (ru-cr 121 «Жетоны»), cr 701.6 "Counter"
    # the countering of a spell (ru-cr 701.5 «Отменить»)
    assert "cr:122" in named("counter_marker") and "cr:122" not in named("counter")
    assert "cr:701.6" in named("counter") and "cr:701.6" not in named("counter_marker")
    # so "where does a countered spell go" no longer finds the chapter on counters first
    assert _rank(searcher, "where does a countered spell go", "cr:701.6a") < _rank(
        searcher, "where does a countered spell go", "cr:122")


def test_the_rules_under_a_heading_without_text_are_the_postings_of_its_number(searcher: Searcher) -> None:
    refs = indexed_refs(searcher.graph)

    def under(ref: str) -> set[str]:
        return {refs[n] for n, _ in searcher._postings().postings("heading", str(refs.index(ref)))}

    # cr 701.6 is the heading "Counter" over 701.6a and 701.6b; cr 100.1 has a text of its own ("These Magic rules
    # apply to any Magic game with two or more players"), so its subrules stand under a rule, not a heading
    assert under("cr:701.6") == {"cr:701.6a", "cr:701.6b"}
    assert under("cr:100.1") == set()


def test_a_question_finds_the_rule_under_a_heading_before_the_heading(searcher: Searcher) -> None:
    refs = [hit.ref for hit in searcher.search("where does a countered spell go").hits]
    # cr 701.6a "A countered spell is put into its owner's graveyard", ru-cr 701.5a «Отменённое заклинание помещается
    # на кладбище владельца»; cr 701.6 "Counter" and ru-cr 701.5 «Отменить» are their headings, with no text
    assert refs.index("cr:701.6a") < refs.index("cr:701.6")
    assert refs.index("ru-cr:701.5a") < refs.index("ru-cr:701.5")
    assert refs[0] in {"cr:701.6a", "ru-cr:701.5a", "sr-judge:D20.73"}
    # cr 122 "Counters" is about the markers: 122.1 "A counter is a marker placed on an object or player"
    assert not [ref for ref in refs if ref.startswith("cr:122")]


def test_a_heading_follows_every_rule_of_its_own_among_the_first_hits(searcher: Searcher) -> None:
    # ru-cr 702.11 «Порчеустойчивость» is a heading with no text over 702.11a-f; 702.11b «"Порчеустойчивость" на
    # перманенте означает: "Этот перманент не может быть целью..."» and 702.11e (an effect that removes hexproof) are
    # two of its rules. The question asks about an Aura put onto the battlefield (cr 303.4f): the heading names what
    # its rules say, so it stands below each of them, not between them
    refs = [hit.ref for hit in searcher.search(
        "аура выходит на поле битвы не через розыгрыш можно прицепить к существу с порчеустойчивостью", limit=20).hits]
    own = [ref for ref in refs if ref in searcher.graph.nodes["ru-cr:702.11"].children]
    assert len(own) >= 2
    assert "ru-cr:702.11" not in refs or all(refs.index(ref) < refs.index("ru-cr:702.11") for ref in own)


@pytest.mark.parametrize(("query", "heading", "rule"), [
    ("counter", "cr:701.6", "cr:701.6a"),  # cr 701.6 "Counter"; 701.6a "To counter a spell or ability means..."
    ("trample", "cr:702.19", "cr:702.19a"),  # cr 702.19 "Trample"; 702.19a "Trample is a static ability"
    ("razbijač", "sr-judge:E3.100", "sr-judge:E3.101"),  # E3.100 "Razbijač"; E3.101 "Razbijač je pasivna osobina"
], ids=["counter", "trample", "razbijač"])
def test_a_headings_name_alone_finds_the_heading_first(searcher: Searcher, query: str, heading: str, rule: str) -> None:
    refs = [hit.ref for hit in searcher.search(query).hits]
    assert refs[0] == heading
    assert rule in refs


def test_a_heading_with_neither_text_nor_rules_follows_the_rules_a_question_finds(searcher: Searcher) -> None:
    # cs-cr is cut off inside 400.1: its chapter 404 "Spouštěcí schopnosti" is a title with no rule under it. cr
    # 603.1 "Triggered abilities have a trigger condition and an effect. They are written as “[When/Whenever/At]
    # [trigger condition or event], [effect]”" answers the question
    empty = searcher.graph.nodes["cs-cr:404"]
    assert empty.text == empty.title == "Spouštěcí schopnosti" and not empty.children
    refs = [hit.ref for hit in searcher.search("how do I recognize a triggered ability").hits]
    assert "cs-cr:404" not in refs and "cr:603.1" in refs
    # the query that is its name still finds it first among the Czech hits: cs-cr 420 "Stavové efekty"
    assert searcher.search("stavové efekty", doc="cs-cr").hits[0].ref == "cs-cr:420"


def test_asking_what_a_keyword_is_finds_its_rule_before_its_heading(searcher: Searcher) -> None:
    # cr 702.19a "Trample is a static ability that modifies the rules for assigning an attacking creature's combat
    # damage" answers the question; cr 702.19 is its heading "Trample"
    assert _rank(searcher, "what is trample", "cr:702.19a") < _rank(searcher, "what is trample", "cr:702.19")


@pytest.mark.parametrize(("query", "question"), [
    ("where does a countered spell go", True), ("what is trample", True), ("може ли биће да блокира", True),
    ("the stack", False), ("razbijač", False), ("combat damage step", False),
], ids=["where-go", "what-is", "sr-cyrl", "the-stack", "name", "three-words"])
def test_a_question_drops_two_stop_words_or_more(searcher: Searcher, query: str, question: bool) -> None:
    from izvori_rules.search.query import parse_query
    from izvori_rules.search.searcher import is_question
    from izvori_rules.text.stopwords import load_stopwords

    assert is_question(query, parse_query(query, searcher.concepts, load_stopwords())) is question


def test_counters_that_change_zones_are_the_markers(searcher: Searcher) -> None:
    # cr 122.2 "Counters on an object are not retained if that object moves from one zone to another"; zone and
    # permanent are sense words of the marker in corpus/concepts.tsv (row counter_marker)
    query = "what happens to counters when a permanent changes zones"
    assert _rank(searcher, query, "cr:122.2") < 5


@pytest.mark.parametrize(("query", "concept", "answer"), [
    # Czech players say tah for a turn; cs-cr 214.7c: "Bytost nemůže útočit, pokud nebyla pod kontrolou hráče od
    # začátku jeho kola" (kolo, the word cs-cr prints)
    ("bytost nemůže útočit pokud ji hráč neovládá od začátku tahu", "turn", "cs-cr:214.7c"),
    # cs-cr 101.2: "hráči určí, kdo bude rozhodovat o tom, který hráč bude hrát první"
    ("který hráč začíná hru", "starting_player", "cs-cr:101.2"),
    # cs-cr 314.1b: "Potom je zároveň odstraněno všechno zranění z permanentů"
    ("kdy se odstraní zranění z bytosti", "wear_off", "cs-cr:314.1b"),
    # Russian players say соперник for an opponent; ru-cr 402.3: «Игрок не может смотреть карты в руке другого
    # игрока, однако может посчитать эти карты в любой момент» (ru-cr's Оппонент is the concept's term)
    ("можно ли посчитать карты в руке соперника", "opponent", "ru-cr:402.3"),
], ids=["cs-tah", "cs-zacina-hru", "cs-odstrani-zraneni", "ru-sopernik"])
def test_the_words_judges_type_that_no_document_prints_find_the_rule(
        searcher: Searcher, query: str, concept: str, answer: str) -> None:
    result = searcher.search(query)
    assert concept in result.concepts
    assert result.hits[0].ref == answer


def test_a_rule_that_says_a_term_with_words_between_carries_its_concept(searcher: Searcher) -> None:
    from izvori_rules.search.query import parse_query, plan_query

    plan = plan_query(parse_query("lifelink gain life", searcher.concepts), searcher.concepts)
    matched = searcher._open_ranker()._matched(list(plan.clauses), None)
    number = {ref: n for n, ref in enumerate(indexed_refs(searcher.graph))}
    # cr 120.3f (2026-08-07) "Damage dealt by a source with lifelink causes that source's controller to gain that
    # much life": lifelink, and gain life said apart (corpus/concepts.tsv row gain_life: "gain life")
    assert matched.masks[number["cr:120.3f"]] == 0b11
    # cr 702.15b "... causes that source's controller, or its owner if it has no controller, to gain that much life"
    assert matched.masks[number["cr:702.15b"]] == 0b11


# cr 702.49c (2026-08-07) "... the same player, planeswalker, or battle as the creature that was returned to its owner's
# hand"; ru-cr 702.48c «…что и существо, которое было возвращено в руку его владельца», its rendering (it names cr
# 702.49c): an English query shows the English rule, and the Russian one follows it (search/repeats.py); a Russian
# query shows both
@pytest.mark.parametrize(("query", "found"), [
    ("return creature to owner's hand", ("cr:702.49c",)),
    ("вернуть существо в руку владельца", ("cr:702.49c", "ru-cr:702.48c")),
], ids=["en", "ru"])
def test_a_query_for_returning_a_creature_to_its_owners_hand_finds_the_rules_that_say_it(
        searcher: Searcher, query: str, found: tuple[str, ...]) -> None:
    refs = [hit.ref for hit in searcher.search(query, limit=5).hits]
    assert set(found) <= set(refs)
