"""The card table (corpus/card_concepts.tsv, izvori_rules/search/cards.py): a query naming a well-known card also
searches the concepts the card is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from izvori_rules.corpus import corpus_dir
from izvori_rules.errors import CorpusError
from izvori_rules.search.cards import (EMPTY, FILE_NAME, Card, CardNames, Mention, load_cards, parse_cards,
                                      parse_interactions)
from izvori_rules.search.query import CARD_SHARE, parse_query, plan_query
from izvori_rules.text.concepts import load_concepts
from izvori_rules.text.matching import QueryConcepts
from izvori_rules.text.stopwords import load_stopwords

HEADER = "card\tnames\teveryday\tconcepts\treason\n"
IDS = frozenset({"counter", "exile_action", "prevention_effect", "combat_damage"})


@pytest.fixture(scope="module")
def cards() -> CardNames:
    return load_cards()


@pytest.fixture(scope="module")
def concepts() -> QueryConcepts:
    return load_concepts().query_side()


def _top(query: str, limit: int) -> list[str]:
    """The references of the query's first ``limit`` hits (the searcher imported here: the other tests need no index)."""
    from izvori_rules.search.searcher import default_searcher

    return [hit.ref for hit in default_searcher().search(query, limit=limit).hits]


def _rows(path: Path) -> list[list[str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return [line.split("\t") for line in lines[1:]]


def test_every_row_of_the_table_is_a_card_whose_concepts_are_in_the_concept_table(cards: CardNames) -> None:
    rows = _rows(corpus_dir() / FILE_NAME)
    ids = {concept.id for concept in load_concepts()}
    assert [card.name for card in cards.cards] == [row[0] for row in rows]
    assert all(concept in ids for card in cards.cards for concept in card.concepts)
    assert len(rows) == 1495  # card_concepts.tsv: 1495 rows below its header


@pytest.mark.parametrize(("query", "card", "concept"), [
    # the concepts of each card are read from its row of corpus/card_concepts.tsv, checked against the Oracle text
    ("Rest in Peace and Remand", "Rest in Peace", "replacement_effect"),  # "... exile it instead"
    ("can Remand counter a split second spell", "Remand", "return_to_hand"),  # "put it into its owner's hand"
    ("Mirrorweave on a morph", "Mirrorweave", "copiable_values"),  # "becomes a copy of target ... creature"
    ("control magic leaves the battlefield", "Control Magic", "controller"),  # "You control enchanted creature"
    ("teferis protection and phasing", "Teferi's Protection", "phasing"),  # apostrophe left out
    ("two Doubling Seasons", "Doubling Season", "replacement_effect"),  # a plural
    ("Перунов Гнев", "Wrath of God", "destroy"),  # cards.yaml: Wrath of God's sr name Perunov Gnev, in Cyrillic
    ("карн освобожденный перезапуск", "Karn Liberated", "restart_game"),  # the names column: ru Карн Освобожденный
    # the English name as Russian players spell it in Cyrillic (izvori_rules/text/sounds.py), in a case form
    ("даблинг сизон и жетоны верности", "Doubling Season", "counter_marker"),  # "... twice that many of those counters"
    ("ответ на мана лик", "Mana Leak", "counter"),  # "Counter target spell unless its controller pays {3}"
    ("шахразадой", "Shahrazad", "subgame"),  # "Players play a Magic subgame"
    # "counter" written "контр", its -er- left out (text/sounds.py english_keys)
    ("контрбаланс против двойной карты", "Counterbalance", "converted_mana_cost"),  # "... the same mana value"
], ids=["rest-in-peace", "remand", "mirrorweave", "control-magic", "no-apostrophe", "plural", "sr-cyrillic", "ru",
        "ru-sounded", "ru-sounded-two-words", "ru-sounded-case-ending", "ru-sounded-er-left-out"])
def test_a_card_named_in_a_query_is_found_with_its_concepts(cards: CardNames, query: str, card: str,
                                                            concept: str) -> None:
    found = {mention.card.name: mention.card.concepts for mention in cards.find(query)}
    assert concept in found[card]


def test_an_everyday_name_names_the_card_only_when_typed_capitalized(cards: CardNames) -> None:
    # card_concepts.tsv: Shock's everyday column holds "Shock"; Skrivanje is Fog's sr name in cards.yaml (line 644)
    assert [m.card.name for m in cards.find("Shock the blocker")] == ["Shock"]
    assert cards.find("do shock lands enter tapped") == []
    assert [m.card.name for m in cards.find("Skrivanje i gaženje")] == ["Fog"]
    assert [m.card.name for m in cards.find("two lure creatures attack")] == ["Lure"]  # no everyday mark


def test_a_legend_is_named_by_its_name_before_the_title_when_only_one_card_is_so_called(cards: CardNames) -> None:
    # card_concepts.tsv: one Kalitas (Kalitas, Traitor of Ghet), two Thalias (Guardian of Thraben, Heretic Cathar)
    assert [m.card.name for m in cards.find("does Kalitas exile tokens")] == ["Kalitas, Traitor of Ghet"]
    assert cards.find("kalitas exile tokens") == []  # typed capitalized only, as a name is written
    assert cards.find("Thalia tax on flashback") == []
    assert [m.card.name for m in cards.find("Thalia, Guardian of Thraben tax")] == ["Thalia, Guardian of Thraben"]
    # one Karn with a title (Karn, the Great Creator), but Karn Liberated is a Karn too: "Karn" names neither
    assert cards.find("can Karn restart the game") == []


@pytest.mark.parametrize("query", [
    "передней стороной вверх",  # pVrVdn is no Preordain (prVrdVn): the vowels stand elsewhere
    "постоянно наземное существо",  # no Opposition, no Unsummon
    "ярость эмблему дерётся вызова",  # Arrest, Humble, Duress, Vesuva: too few consonants to be heard as a name
])
def test_everyday_russian_words_sound_like_no_card(cards: CardNames, query: str) -> None:
    assert cards.find(query) == []


def test_a_query_naming_a_card_gains_its_concepts_as_clauses_of_one_clause_share(cards: CardNames,
                                                                                 concepts: QueryConcepts) -> None:
    parsed = parse_query("Control Magic leaves", concepts, load_stopwords(), cards)
    assert [s.words for s in parsed.segments] == ["leaves"]  # the name's words are no longer plain words
    assert [s.words for s in parsed.cards] == ["Control Magic"]
    about = parsed.cards[0].concepts  # aura enchant controller continuous_effect layer control_changing_effect
    clauses = [c for c in plan_query(parsed, concepts).clauses if c.words == "Control Magic"]  # (card_concepts.tsv)
    assert len(clauses) == len(about) == 6
    assert sum(clause.share for clause in clauses) == pytest.approx(CARD_SHARE)


def test_a_card_name_that_is_a_concept_term_stays_a_concept_of_the_question(cards: CardNames,
                                                                            concepts: QueryConcepts) -> None:
    # concepts.tsv: "fog" is a term of prevention_effect; Fog's row: prevention_effect combat_damage
    parsed = parse_query("Fog and trample", concepts, load_stopwords(), cards)
    assert "prevention_effect" in parsed.concepts()
    assert [s.concepts for s in parsed.cards] == [("combat_damage",)]


@pytest.mark.parametrize(("row", "message"), [
    ("Fog\t\t\tprevention_effect fogging\tPrevent", "t.tsv:2:7: column 'concepts': 'fogging' is not an id"),
    ("Fog\tru:Туман\t\tprevention_effect\tPrevent", "t.tsv:2:5: column 'names': 'Fog' is in cards.yaml"),
    ("Stifle\t\tstifle\tcounter\tCounter", "t.tsv:2:9: column 'everyday': 'stifle' is not one of the card's names"),
    ("Stifle\tde:Ersticken\t\tcounter\tCounter", "t.tsv:2:8: column 'names': 'de:Ersticken' is not LANG:Name"),
], ids=["unknown-concept", "names-of-a-library-card", "everyday-not-a-name", "unknown-language"])
def test_a_mistake_in_the_table_names_file_line_and_column(row: str, message: str) -> None:
    library = {"Fog": {"sr": "Skrivanje", "ru": "Туман"}}
    with pytest.raises(CorpusError) as raised:
        parse_cards(HEADER + row + "\n", "t.tsv", library, IDS)
    assert str(raised.value).startswith(message)


def test_a_name_of_two_cards_is_an_error_naming_the_first() -> None:
    text = HEADER + "Fog\t\t\tprevention_effect\tPrevent\nHoly Day\tsr:Skrivanje\t\tprevention_effect\tPrevent\n"
    with pytest.raises(CorpusError, match=r"t.tsv:3:10: column 'names': the name 'Skrivanje' is also a name of "
                                          r"'Fog' \(line 2\)"):
        parse_cards(text, "t.tsv", {"Fog": {"sr": "Skrivanje"}}, IDS)


def test_a_corpus_without_the_card_table_names_no_card(tmp_path: Path) -> None:
    assert load_cards(tmp_path) is EMPTY


def test_a_card_whose_concepts_the_query_names_adds_no_clause_but_is_still_named(cards: CardNames,
                                                                                 concepts: QueryConcepts) -> None:
    # card_concepts.tsv: Fog is prevention_effect combat_damage; "Fog" is a term of prevention_effect (concepts.tsv)
    parsed = parse_query("Fog and combat damage", concepts, load_stopwords(), cards)
    assert parsed.cards == ()  # both concepts are the question's own
    assert [(m.typed, m.card.name, m.card.concepts) for m in parsed.named] == [
        ("Fog", "Fog", ("prevention_effect", "combat_damage"))]


def test_two_cards_sharing_a_concept_ask_how_two_such_things_interact(cards: CardNames,
                                                                     concepts: QueryConcepts) -> None:
    # card_concepts.tsv: Hardened Scales and Doubling Season are both replacement_effect; card_interactions.tsv: two
    # replacement effects ask their interaction, cr 616.1 "If two or more replacement and/or prevention effects ..."
    parsed = parse_query("Hardened Scales and Doubling Season", concepts, load_stopwords(), cards)
    assert [s.concepts for s in parsed.cards if not s.words] == [("replacement_interaction",)]
    clauses = [c for c in plan_query(parsed, concepts).clauses if not c.words]
    assert sum(clause.share for clause in clauses) == pytest.approx(CARD_SHARE)


@pytest.mark.parametrize("query", ["Doubling Season", "two Doubling Seasons and a Doubling Season"])
def test_one_card_asks_no_interaction(cards: CardNames, concepts: QueryConcepts, query: str) -> None:
    parsed = parse_query(query, concepts, load_stopwords(), cards)
    assert all(s.words for s in parsed.cards)


@pytest.mark.parametrize(("query", "ref"), [
    # cr 616.1: "the affected object's controller ... chooses one to apply" (both replace counters or tokens placed)
    ("Hardened Scales and Doubling Season", "cr:616.1"),
    ("Anointed Procession and Doubling Season", "cr:616.1"),
    # cr 613.8: "Within a layer or sublayer, determining which order effects are applied in is sometimes done using a
    # dependency system" (613.8a: March of the Machines' effect depends on Mycosynth Lattice's, both of layer 4)
    ("Mycosynth Lattice and March of the Machines", "cr:613.8"),
    # cr 613.1b "Layer 2: Control-changing effects are applied"; 613.7 "Within a layer ... usually done using a
    # timestamp system", 613.7a: a continuous effect from a resolved spell has the timestamp of its creation
    ("Control Magic and Act of Treason", "cr:613.7a"),
    # cr 614.6 "If an event is replaced, it never happens"; 700.4 "The term dies means 'is put into a graveyard from
    # the battlefield'": a creature Rest in Peace exiles never dies, and persist (702.79a) does not trigger
    ("Rest in Peace and Kitchen Finks", "cr:614.6"),
    ("Leyline of the Void and Blood Artist", "cr:614.6"),
    # cr 615.12 "Some effects state that damage 'can't be prevented.' If unpreventable damage would be dealt, any
    # applicable prevention effects are still applied to it. Those effects won't prevent any damage"
    ("Fog and Skullcrack", "cr:615.12"),
    ("Questing Beast and Fog", "cr:615.12"),
], ids=["scales-season", "procession-season", "lattice-march", "magic-treason", "rest-finks", "leyline-artist",
      "fog-skullcrack", "beast-fog"])
def test_two_cards_find_the_rule_of_their_interaction(query: str, ref: str) -> None:
    """Two cards of one concept, or of two concepts the interactions table pairs (card_interactions.tsv)."""
    assert ref in _top(query, 5)


def test_a_pair_of_concepts_asks_only_when_two_cards_are_about_one_each() -> None:
    # card_interactions.tsv's "replacement_effect dies" row: one card of each kind, not one card of both (Kalitas,
    # Traitor of Ghet is a replacement effect of a creature that dies) with another of neither
    interactions = parse_interactions("shared\tasks\treason\nprevention_effect combat_damage\tcounter\tWhy\n",
                                      "t.tsv", IDS)
    both, neither = Card("Both", ("prevention_effect", "combat_damage")), Card("Neither", ("exile_action",))
    one, other = Card("One", ("prevention_effect",)), Card("Other", ("combat_damage",))
    table = CardNames((), {}, {}, interactions)
    assert table.interaction([Mention(0, 1, "", one), Mention(2, 3, "", other)]) == ("counter",)
    assert table.interaction([Mention(0, 1, "", both), Mention(2, 3, "", neither)]) == ()


@pytest.mark.parametrize(("row", "message"), [
    ("counter\tfogging\tWhy", "t.tsv:2:9: column 'asks': 'fogging' is not an id"),
    ("countering\tcounter\tWhy", "t.tsv:2:1: column 'shared': 'countering' is not an id"),
    ("counter\texile_action\tWhy\ncounter\tcombat_damage\tWhy", "t.tsv:3:1: column 'shared': 'counter' is listed"),
    ("counter exile_action combat_damage\tcounter\tWhy", "t.tsv:2:1: column 'shared': 'counter exile_action combat_"
                                                        "damage' names more than two"),
], ids=["unknown-asked", "unknown-shared", "shared-twice", "three-shared"])
def test_a_mistake_in_the_interactions_table_names_file_line_and_column(row: str, message: str) -> None:
    with pytest.raises(CorpusError) as raised:
        parse_interactions("shared\tasks\treason\n" + row + "\n", "t.tsv", IDS)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(("query", "ref"), [
    # cr 702.181a "Mobilize N" means "Whenever this creature attacks, create N 1/1 red Warrior creature tokens"
    ("Voice of Victory attacks", "cr:702.181a"),
    # cr 702.185a: warp's delayed triggered ability exiles the permanent at the beginning of the next end step
    ("anticausal vestige exiled at the end step", "cr:702.185a"),
    # cr 701.61a "To forage means 'Exile three cards from your graveyard or sacrifice a Food'"
    ("osteomancer adept casting a creature from my graveyard", "cr:701.61a"),
    # cr 702.177a "Exhaust — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate this ability only once."
    ("Prowcatcher Specialist flickered can I exhaust again", "cr:702.177a"),
    ("Riverchurn Monument", "cr:702.177a"),
    # cr 702.180a "Harmonize [cost]" means "You may cast this spell from your graveyard by paying [cost] and tapping up
    # to one untapped creature you control rather than paying this spell's mana cost"
    ("Glacial Dragonhunt tap a creature", "cr:702.180a"),
], ids=["mobilize", "warp", "forage", "exhaust-prowcatcher", "exhaust-monument", "harmonize"])
def test_a_card_of_a_recent_keyword_finds_the_keywords_rule(query: str, ref: str) -> None:
    assert ref in _top(query, 3)


def test_a_card_that_puts_a_creature_onto_the_battlefield_attacking_finds_what_it_attacks() -> None:
    # Kaalia of the Vast puts a creature "onto the battlefield tapped and attacking"; ru-cr 508.4 «Если существо
    # кладется на поле битвы атакующим ... выбирает, какого защищающегося игрока ... это существо атакует» (cr 508.4)
    assert "ru-cr:508.4" in _top("kaalia of the vast put a dragon onto the battlefield does its attack trigger", 3)
