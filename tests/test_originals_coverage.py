"""The concept table's coverage of the translations through their English originals (originals/coverage.py,
scripts/audit_concepts.py): which concepts a linked pair of rules says in English and in its translation."""

from __future__ import annotations

import pytest

from izvori_rules.graph import RuleGraph
from izvori_rules.originals.coverage import Coverage, Pair, audit, totals
from izvori_rules.text.concepts import load_concepts, parse_concepts
from izvori_rules.text.matching import ConceptMatcher

TABLE = """\
id\tkind\ten\tsr\tcs\tru\tpt\trules\tglossary\tnote\tsense\tbroader
cost\tgame_term\tcost\t\tcena|poplatky\t\t\t\t\t\t\t
trample\tkeyword_ability\ttrample\t\tpošlapání\t\t\t\t\t\t\t
"""


def pair(ref: str, text: str, english: str, examples: str = "", english_examples: str = "") -> Pair:
    return Pair(ref, "cs-cr", "cs", text, examples, f"2003-03-15:{ref.partition(':')[2]}", english, english_examples)


@pytest.fixture(scope="module")
def matcher() -> ConceptMatcher:
    return ConceptMatcher(load_concepts())


def test_a_concept_is_covered_missed_or_extra_per_pair() -> None:
    rows = audit([
        pair("cs-cr:1", "zaplatí cenu", "pays the cost"),  # covered
        pair("cs-cr:2", "zaplatí všechny požadované částky", "pays all required costs"),  # a miss
        pair("cs-cr:3", "zaplatí poplatky", "pays"),  # extra: the English lacks it
    ], ConceptMatcher(parse_concepts(TABLE)))
    cost = next(row for row in rows if row.concept == "cost")
    assert (cost.linked, cost.covered, [p.ref for p in cost.misses], [p.ref for p in cost.extra]) == \
        (2, 1, ["cs-cr:2"], ["cs-cr:3"])
    assert cost.share == 0.5 and totals(rows) == {"cs-cr": (2, 1)}
    assert all(row.concept != "trample" for row in rows)  # named by neither text of any pair


def test_examples_count_only_on_the_lenient_side() -> None:
    """An English example's card does not make the rule about its keyword; a translated example may cover it."""
    rows = audit([
        pair("cs-cr:1", "text", "rule", english_examples="Example: a creature with trample"),
        pair("cs-cr:2", "text", "trample rule", examples="Příklad: bytost s pošlapáním"),
        pair("cs-cr:3", "pošlapání", "rule", english_examples="Example: trample"),
    ], ConceptMatcher(parse_concepts(TABLE)))
    trample = next(row for row in rows if row.concept == "trample")
    assert (trample.linked, trample.covered, trample.extra) == (1, 1, ())


@pytest.mark.parametrize("ref, concept, covered", [
    # 2003 308.3 "can't pay all required costs" = cs-cr "nemůže zaplatit všechny požadované poplatky"
    ("cs-cr:308.3", "cost", True),
    # 2003 309.2 "whether the block is legal" = "je-li obrana přípustná" (cs-cr's block is obrana)
    ("cs-cr:309.2", "block", True),
    # 2003 310.3 "so they can't be countered" = "takže nemohou být přerušeny"
    ("cs-cr:310.3", "counter", True),
    # 2003 217.1d "would move from one zone to another" = "měla přemístit z jedné zóny do jiné"
    ("cs-cr:217.1d", "move", True),
    # 2003 306.1 "declare attackers, declare blockers" = "deklarování útočníků, deklarování obránců"
    ("cs-cr:306.1", "declare_attackers_step", True),
    ("cs-cr:306.1", "declare_blockers_step", True),
    # 2003 214.9f "the mana ability of that basic land" = "schopnost dávat manu příslušné základní země"
    ("cs-cr:214.9f", "mana_ability", True),
    # 2003 209.1 "The credit has no effect on game play" = "nemá žádný vliv na hru": effect said in passing
    ("cs-cr:209.1", "effect", False),
    # 2019 601.2f "determines the total cost of the spell" = "определяет общую стоимость заклинания"
    ("ru-cr:601.2f", "total_cost", True),
    # 2019 104.4a "If all the players ... lose simultaneously, the game is a draw" = "игроки проигрывают
    # одновременно, партия заканчивается вничью"
    ("ru-cr:104.4a", "lose_game", True),
    ("ru-cr:104.4a", "draw_game", True),
    # 2019 104.2a "A player still in the game wins the game" = "Игрок, все еще участвующий в игре, выигрывает"
    ("ru-cr:104.2a", "win_game", True),
    # 2006 308.2g "until it's removed from combat" = "dok se ne ukloni iz borbe"
    ("sr-judge:C9.26", "removed_from_combat", True),
    # 2006 217.6d "the top ... spell or ability on the stack resolves" = "razrešava se magija ili osobina"
    ("sr-judge:B16.64", "resolve", True),
    # 2006 607.5 "the normal rules for winning and losing the game" = "uobičajena pravila za pobedu i poraz"
    ("sr-judge:F8.50", "win_game", True),
    ("sr-judge:F8.50", "lose_game", True),
], ids=lambda v: str(v))
def test_the_translation_says_the_concept_its_original_says(graph: RuleGraph, matcher: ConceptMatcher, ref: str,
                                                           concept: str, covered: bool) -> None:
    row = next(row for row in linked_rule(graph, matcher, ref) if row.concept == concept)
    assert (row.linked, row.covered) == (1, int(covered))


@pytest.mark.parametrize("ref, concept", [
    # ru-cr 201.2 "независимо от языка" (2019: "regardless of its printed language") is no dependency
    ("ru-cr:201.2", "dependency"),
    # ru-cr 121.5 "положить его на второй объект" (2019: "put it on the second object") puts a counter, not
    # a permanent onto the battlefield
    ("ru-cr:121.5", "put_onto_battlefield"),
], ids=lambda v: str(v))
def test_a_word_said_otherwise_is_not_the_concept(graph: RuleGraph, matcher: ConceptMatcher, ref: str,
                                                  concept: str) -> None:
    assert all(row.concept != concept for row in linked_rule(graph, matcher, ref))


def linked_rule(graph: RuleGraph, matcher: ConceptMatcher, ref: str) -> list[Coverage]:
    """The audit of one translated rule and its English original (their own words, as the graph holds them)."""
    node = graph.nodes[ref]
    assert node.original is not None
    return audit([Pair(ref, node.doc, node.lang, node.text, "", node.original.ref, node.original.text, "")],
                 matcher)
