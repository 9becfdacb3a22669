"""Deck lists and their legality: the pt-guide deck and decks made to break each rule, in both rulesets.

Expected counts were added up by hand from the fixture files (tests/fixtures/decks); each rule's expected
references were read in the rule documents (sr-judge A1.20, A1.30, A1.40, F1.30; ru-cr 100.2a-100.5).
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from pathlib import Path

import pytest

from izvori_rules.corpus import load_manifest, read_document
from izvori_rules.errors import DeckFileError
from izvori_rules.deck.decklist import (
    DeckList,
    Unreadable,
    decode_decklist,
    parse_decklist,
    read_decklist,
)
from izvori_rules.deck.legality import Violation, check_deck, with_equivalents
from izvori_rules.deck.rules import DeckRules, load_deck_rules
from izvori_rules.errors import CorpusError, QueryError

DECKS = Path(__file__).parent / "fixtures" / "decks"


@pytest.fixture(scope="module")
def rules() -> DeckRules:
    return load_deck_rules()


def read(rules: DeckRules, name: str) -> DeckList:
    return read_decklist(DECKS / name, rules.heading_kind)


# --- the real deck --------------------------------------------------------------------------------------


def test_the_fixture_is_pt_guide_lines_1_to_38_byte_for_byte(corpus_text: Callable[[str], str]) -> None:
    lines = corpus_text("pt-guide").split("\n")
    assert (DECKS / "pt-guide-fractius.txt").read_text(encoding="utf-8") == "\n".join(lines[:38]) + "\n"


def test_the_pt_guide_deck_is_read_line_by_line(rules: DeckRules) -> None:
    deck = read(rules, "pt-guide-fractius.txt")
    # notes B.2: 19 lines under "Criaturas" (5), 5 under "terrenos" (31); 24 names, 60 cards
    assert deck.sections == ("Criaturas", "terrenos")
    assert len(deck.cards) == 24 and sum(c.count for c in deck.cards) == 60
    first = deck.cards[0]  # line 7 "4\xa0 fractius pele preciosa ( acelerador de mana)"
    assert (first.line, first.count, first.name, first.comment) == (
        7, 4, "fractius pele preciosa", "acelerador de mana")
    alado = deck.cards[2]  # line 9, non-breaking spaces inside the name
    assert (alado.line, alado.name) == (9, "fractius alado")
    hibernante = next(c for c in deck.cards if c.line == 18)  # the comment wraps onto line 19
    assert hibernante.comment.endswith("de cartas e vc pode sacrificar ele usando o fractius trilha de fogo")
    alarme = next(c for c in deck.cards if c.line == 25)  # wraps over 26 and 27
    assert alarme.name == "alarme de intrusos" and alarme.comment.endswith("fichas infinitas e com impeto")
    assert [(c.line, c.count, c.name, c.section) for c in deck.cards[-5:]] == [
        (33, 4, "zigurat antigo", "terrenos"), (35, 5, "florestas", "terrenos"), (36, 3, "montanhas", "terrenos"),
        (37, 3, "planicies", "terrenos"), (38, 2, "ilhas", "terrenos")]
    # the title line and the sentence of line 3 are neither cards nor headings: reported, not skipped
    assert deck.unreadable == (Unreadable(1, "Analise deck de fractius"),
                               Unreadable(3, "bom vamos a lista de um deck de fractius puramente agroo"))


# --- every deck under every ruleset and format ----------------------------------------------------------

# (fixture, ruleset, format, counts per section, deck total, [(rule, card, line), ...]); legal when empty
CASES = [
    # pt-guide: 43 + 17 = 60, five "florestas" (line 35): fine in Magic (basic), not in Izvori (A1.20)
    ("pt-guide-fractius.txt", "izvori", "constructed", {"Criaturas": 43, "terrenos": 17}, 60,
     [("max_copies", "florestas", 35)]),
    ("pt-guide-fractius.txt", "izvori", "competitive", {"Criaturas": 43, "terrenos": 17}, 60,
     [("max_copies", "florestas", 35)]),
    ("pt-guide-fractius.txt", "izvori", "limited", {"Criaturas": 43, "terrenos": 17}, 60, []),
    ("pt-guide-fractius.txt", "mtg", "constructed", {"Criaturas": 43, "terrenos": 17}, 60, []),
    ("pt-guide-fractius.txt", "mtg", "limited", {"Criaturas": 43, "terrenos": 17}, 60, []),
    # 22 + 18 = 40: the Izvori minimum, not the competitive one nor Magic's
    ("izvori-standard-40.txt", "izvori", "constructed", {"Bića": 22, "Magije": 18}, 40, []),
    ("izvori-standard-40.txt", "izvori", "limited", {"Bića": 22, "Magije": 18}, 40, []),
    ("izvori-standard-40.txt", "izvori", "competitive", {"Bića": 22, "Magije": 18}, 40, [("min_size", None, None)]),
    ("izvori-standard-40.txt", "mtg", "constructed", {"Bića": 22, "Magije": 18}, 40, [("min_size", None, None)]),
    ("izvori-standard-40.txt", "mtg", "limited", {"Bića": 22, "Magije": 18}, 40, []),
    # 22 + 17 = 39
    ("izvori-39-cards.txt", "izvori", "constructed", {"Bića": 22, "Magije": 17}, 39, [("min_size", None, None)]),
    ("izvori-39-cards.txt", "izvori", "limited", {"Bića": 22, "Magije": 17}, 39, [("min_size", None, None)]),
    ("izvori-39-cards.txt", "mtg", "limited", {"Bića": 22, "Magije": 17}, 39, [("min_size", None, None)]),
    # 31 + 28 = 59
    ("izvori-competitive-59.txt", "izvori", "constructed", {"Bića": 31, "Magije": 28}, 59, []),
    ("izvori-competitive-59.txt", "izvori", "competitive", {"Bića": 31, "Magije": 28}, 59,
     [("min_size", None, None)]),
    ("izvori-competitive-59.txt", "mtg", "constructed", {"Bića": 31, "Magije": 28}, 59, [("min_size", None, None)]),
    # "3 Grom" (line 9) and "2 grom" (line 16) in another section: five of one name
    ("izvori-five-of-a-name.txt", "izvori", "constructed", {"Bića": 20, "Magije": 19, "Iznenađenja": 5}, 44,
     [("max_copies", "Grom", 9)]),
    ("izvori-five-of-a-name.txt", "izvori", "limited", {"Bića": 20, "Magije": 19, "Iznenađenja": 5}, 44, []),
    ("izvori-five-of-a-name.txt", "mtg", "constructed", {"Bića": 20, "Magije": 19, "Iznenađenja": 5}, 44,
     [("min_size", None, None), ("max_copies", "Grom", 9)]),
    # "5 Šuma" (line 16): an Izvori basic source, exempt only in Magic (as Forest)
    ("izvori-five-sources.txt", "izvori", "constructed", {"Bića": 24, "Magije": 16, "Izvori": 20}, 60,
     [("max_copies", "Šuma", 16)]),
    ("izvori-five-sources.txt", "izvori", "competitive", {"Bića": 24, "Magije": 16, "Izvori": 20}, 60,
     [("max_copies", "Šuma", 16)]),
    ("izvori-five-sources.txt", "mtg", "constructed", {"Bića": 24, "Magije": 16, "Izvori": 20}, 60, []),
    # 38 cards, six "Rosna Vila" (line 1), no headings
    ("izvori-limited-38.txt", "izvori", "limited", {"main": 38}, 38, [("min_size", None, None)]),
    ("izvori-limited-38.txt", "izvori", "constructed", {"main": 38}, 38,
     [("min_size", None, None), ("max_copies", "Rosna Vila", 1)]),
    ("izvori-limited-38.txt", "mtg", "limited", {"main": 38}, 38, [("min_size", None, None)]),
    # 32 + 28 = 60 and a 20-card "Rezerva"; "3 Grom" (12) + "2 Grom" (22) in the sideboard
    ("izvori-sideboard.txt", "izvori", "constructed", {"Bića": 32, "Magije": 28, "Rezerva": 20}, 60, []),
    ("izvori-sideboard.txt", "mtg", "constructed", {"Bića": 32, "Magije": 28, "Rezerva": 20}, 60,
     [("max_copies", "Grom", 12), ("sideboard_size", None, None)]),
    ("izvori-sideboard.txt", "mtg", "limited", {"Bića": 32, "Magije": 28, "Rezerva": 20}, 60, []),
    # 20 + 15 + 24 = 59
    ("mtg-59-cards.txt", "mtg", "constructed", {"Creatures": 20, "Spells": 15, "Lands": 24}, 59,
     [("min_size", None, None)]),
    ("mtg-59-cards.txt", "mtg", "limited", {"Creatures": 20, "Spells": 15, "Lands": 24}, 59, []),
    ("mtg-59-cards.txt", "izvori", "constructed", {"Creatures": 20, "Spells": 15, "Lands": 24}, 59,
     [("max_copies", "Forest", 15)]),
    # "4x Lightning Bolt" (1) and "1x Lightning Bolt" (10); 20 Mountain (12)
    ("mtg-five-bolts.txt", "mtg", "constructed", {"main": 60}, 60, [("max_copies", "Lightning Bolt", 1)]),
    ("mtg-five-bolts.txt", "mtg", "limited", {"main": 60}, 60, []),
    ("mtg-five-bolts.txt", "izvori", "constructed", {"main": 60}, 60,
     [("max_copies", "Lightning Bolt", 1), ("max_copies", "Mountain", 12)]),
    # "20 Forest" (15) and "4 Floresta" (16) are one basic land
    ("mtg-twenty-forests.txt", "mtg", "constructed", {"Creatures": 20, "Spells": 16, "Lands": 24}, 60, []),
    ("mtg-twenty-forests.txt", "izvori", "constructed", {"Creatures": 20, "Spells": 16, "Lands": 24}, 60,
     [("max_copies", "Forest", 15)]),
    # 60 and a 16-card "Sideboard:"
    ("mtg-sideboard-16.txt", "mtg", "constructed", {"main": 60, "Sideboard": 16}, 60,
     [("sideboard_size", None, None)]),
    ("mtg-sideboard-16.txt", "mtg", "limited", {"main": 60, "Sideboard": 16}, 60, []),
    ("mtg-sideboard-16.txt", "izvori", "constructed", {"main": 60, "Sideboard": 16}, 60,
     [("max_copies", "Mountain", 11)]),
    # "4 Negate" (2) and "SB: 1 Negate" (12)
    ("mtg-copies-with-sideboard.txt", "mtg", "constructed", {"main": 60, "sideboard": 4}, 60,
     [("max_copies", "Negate", 2)]),
    ("mtg-copies-with-sideboard.txt", "mtg", "limited", {"main": 60, "sideboard": 4}, 60, []),
    ("mtg-copies-with-sideboard.txt", "izvori", "constructed", {"main": 60, "sideboard": 4}, 60,
     [("max_copies", "Island", 11)]),
    # 39 cards, seven "Grizzly Bears" (1), 14 Forest
    ("mtg-limited-39.txt", "mtg", "limited", {"main": 39}, 39, [("min_size", None, None)]),
    ("mtg-limited-39.txt", "mtg", "constructed", {"main": 39}, 39,
     [("min_size", None, None), ("max_copies", "Grizzly Bears", 1)]),
    # 8 readable cards among unreadable lines
    ("unreadable-lines.txt", "izvori", "constructed", {"main": 8}, 8, [("min_size", None, None)]),
    # Portuguese headings with ":" and a count, non-breaking spaces; "Reserva" is the sideboard
    ("pt-headings-nbsp.txt", "mtg", "constructed", {"Criaturas": 8, "Mágicas": 8, "Terrenos": 40, "Reserva": 4}, 56,
     [("min_size", None, None)]),
    ("pt-headings-nbsp.txt", "izvori", "constructed",
     {"Criaturas": 8, "Mágicas": 8, "Terrenos": 40, "Reserva": 4}, 56,
     [("max_copies", "Montanhas", 10), ("max_copies", "Florestas", 11)]),
]


@pytest.mark.parametrize(("fixture", "ruleset", "fmt", "counts", "total", "broken"), CASES,
                         ids=[f"{c[0][:-4]}-{c[1]}-{c[2]}" for c in CASES])
def test_deck_check(rules: DeckRules, fixture: str, ruleset: str, fmt: str, counts: dict[str, int], total: int,
                    broken: list[tuple[str, str | None, int | None]]) -> None:
    report = check_deck(read(rules, fixture), rules.format(ruleset, fmt), rules.basic_land)
    assert dict(report.counts) == counts and report.total == total
    assert [(v.rule, v.card, v.line) for v in report.violations] == broken
    assert report.legal is (not broken and not report.unreadable)  # a line not read is never legal


def test_there_are_ten_broken_decks_per_ruleset() -> None:
    broken = {(c[0], c[1]) for c in CASES if c[5] and c[0] != "pt-guide-fractius.txt"}
    assert len({f for f, r in broken if r == "izvori"}) >= 10 and len({f for f, r in broken if r == "mtg"}) >= 10


def violation(rules: DeckRules, fixture: str, ruleset: str, fmt: str, rule: str) -> Violation:
    report = check_deck(read(rules, fixture), rules.format(ruleset, fmt), rules.basic_land)
    return next(v for v in report.violations if v.rule == rule)


@pytest.mark.parametrize(("fixture", "ruleset", "fmt", "rule", "first_ref"), [
    ("izvori-39-cards.txt", "izvori", "constructed", "min_size", "sr-judge:A1.20"),  # "najmanje četrdeset"
    ("izvori-39-cards.txt", "izvori", "limited", "min_size", "sr-judge:A1.30"),  # "minimum je 40 karata"
    ("izvori-competitive-59.txt", "izvori", "competitive", "min_size", "sr-judge:A1.20"),  # "takmičarski minimum"
    ("izvori-five-of-a-name.txt", "izvori", "constructed", "max_copies", "sr-judge:A1.20"),
    ("mtg-59-cards.txt", "mtg", "constructed", "min_size", "ru-cr:100.2a"),
    ("mtg-limited-39.txt", "mtg", "limited", "min_size", "ru-cr:100.2b"),
    ("mtg-five-bolts.txt", "mtg", "constructed", "max_copies", "ru-cr:100.2a"),
    ("mtg-sideboard-16.txt", "mtg", "constructed", "sideboard_size", "ru-cr:100.4a"),
], ids=["izvori-40", "izvori-limited-40", "izvori-60", "izvori-copies", "mtg-60", "mtg-limited-40", "mtg-copies",
        "mtg-sideboard"])
def test_each_violation_names_the_rule_that_forbids_it(rules: DeckRules, fixture: str, ruleset: str, fmt: str,
                                                       rule: str, first_ref: str) -> None:
    assert violation(rules, fixture, ruleset, fmt, rule).refs[0] == first_ref


def test_messages_say_what_is_wrong(rules: DeckRules) -> None:
    v = violation(rules, "izvori-39-cards.txt", "izvori", "constructed", "min_size")
    assert v.message == "the deck has 39 cards; constructed needs at least 40"
    v = violation(rules, "izvori-five-of-a-name.txt", "izvori", "constructed", "max_copies")
    assert v.message == "5 copies of Grom (lines 9, 16); at most 4 of one name"
    v = violation(rules, "izvori-five-sources.txt", "izvori", "constructed", "max_copies")
    assert v.message == "5 copies of Šuma; at most 4 of one name, and basic lands (Forest) are not exempt"
    v = violation(rules, "mtg-sideboard-16.txt", "mtg", "constructed", "sideboard_size")
    assert v.message == "the sideboard has 16 cards; at most 15 allowed"


@pytest.mark.parametrize(("lang", "fixture", "ruleset", "rule", "said"), [
    ("sr", "izvori-39-cards.txt", "izvori", "min_size", "broj karata u špilu: 39; constructed traži najmanje 40"),
    ("sr", "izvori-five-sources.txt", "izvori", "max_copies",
     "Šuma, broj primeraka: 5; najviše 4 karte istog imena, a osnovni izvori (Forest) nisu izuzeti"),
    ("ru", "mtg-sideboard-16.txt", "mtg", "sideboard_size",
     "карт в дополнительной колоде: 16; допускается не больше 15"),
    ("ru", "mtg-copies-with-sideboard.txt", "mtg", "max_copies",
     "Negate, число экземпляров: 5 (строки 2, 12); не больше 4 карт с одним названием, считая дополнительную колоду"),
], ids=["sr-size", "sr-basic", "ru-sideboard", "ru-copies"])
def test_messages_say_it_in_the_judges_language(rules: DeckRules, lang: str, fixture: str, ruleset: str, rule: str,
                                                said: str) -> None:
    # the same facts as above (sr-judge A1.20; ru-cr 100.2a, 100.4a), in corpus/messages.toml's [LANG.deck]
    from izvori_rules.deck.legality import say
    from izvori_rules.messages import section

    assert say(violation(rules, fixture, ruleset, "constructed", rule).phrases, section(lang, "deck")) == said


def test_copies_across_the_sideboard_cite_both_rules(rules: DeckRules) -> None:
    # ru-cr 100.4a: the four-copy rule of 100.2a applies to the deck and the sideboard together
    v = violation(rules, "mtg-copies-with-sideboard.txt", "mtg", "constructed", "max_copies")
    assert v.refs[:2] == ("ru-cr:100.2a", "ru-cr:100.4a")
    assert v.message == "5 copies of Negate (lines 2, 12); at most 4 of one name, counting the sideboard"


def test_basic_sources_in_izvori_cite_the_missing_exception(rules: DeckRules) -> None:
    v = violation(rules, "pt-guide-fractius.txt", "izvori", "constructed", "max_copies")
    assert v.refs == ("sr-judge:A1.20", "sr-basic:UI", "sr-basic:glossary:Ime", "sr-basic:glossary:Početni špil")


def test_equivalents_are_appended_without_repeats(rules: DeckRules) -> None:
    report = check_deck(read(rules, "mtg-59-cards.txt"), rules.format("mtg", "constructed"), rules.basic_land)
    more = {"ru-cr:100.2a": ("sr-judge:A1.20", "cs-cr:100.2")}
    (v,) = with_equivalents(report, lambda ref: more.get(ref, ())).violations
    assert v.refs == ("ru-cr:100.2a", "cs-cr:100.2", "pt-guide:jogo.o-jogo", "pt-guide:construcao.1",
                      "sr-judge:A1.20")


# --- reading deck lists ---------------------------------------------------------------------------------


def test_unreadable_lines_are_reported_with_their_numbers(rules: DeckRules) -> None:
    deck = read(rules, "unreadable-lines.txt")
    assert [u.line for u in deck.unreadable] == [1, 3, 4, 5, 6, 10]
    assert [u.text for u in deck.unreadable] == ["Deck (Izvori, 40)", "four Kavgadžija", "Rosna Vila x četiri",
                                                 "0 Vitez Tame", "4", "4 (bez imena)"]
    # line 7 is a comment; line 9 closes the comment opened on line 8
    assert [(c.line, c.name, c.comment) for c in deck.cards] == [(2, "Grom", ""),
                                                                 (8, "Sveta Moć", "dodata posle turnira")]


def test_headings_in_three_languages_and_the_sideboard(rules: DeckRules) -> None:
    deck = read(rules, "pt-headings-nbsp.txt")
    assert deck.sections == ("Criaturas", "Mágicas", "Terrenos", "Reserva")
    assert [(c.name, c.sideboard) for c in deck.cards][-1] == ("Erupção Violenta", True)
    assert deck.cards[-1].comment == "contra decks de controle"  # unclosed at the end of the file
    assert deck.cards[1].name == "fractius basal" and deck.cards[1].comment == "combo"


@pytest.mark.parametrize(("line", "kind"), [
    ("Criaturas", "creatures"), ("terrenos", "lands"), ("Bića", "creatures"), ("Izvori", "lands"),
    ("Sideboard:", "sideboard"), ("Lands (24)", "lands"), ("MÁGICAS", "spells"), ("Rezerva", "sideboard"),
], ids=["pt", "pt-lower", "sr", "sr-sources", "en-colon", "en-count", "accent-caps", "sr-side"])
def test_heading_kinds(rules: DeckRules, line: str, kind: str) -> None:
    deck = parse_decklist(f"{line}\n1 Card\n", rules.heading_kind)
    assert not deck.unreadable and rules.heading_kind(deck.sections[0]) == kind


@pytest.mark.parametrize(("name", "basic"), [
    ("florestas", "Forest"), ("Planície", "Plains"), ("planicies", "Plains"), ("Šuma", "Forest"),
    ("ZEMLJA", "Plains"), ("Islands", "Island"), ("Остров", "Island"), ("zigurat antigo", None),
], ids=["pt-plural", "pt", "pt-no-accent", "sr", "sr-caps", "en-plural", "ru", "nonbasic"])
def test_basic_land_names(rules: DeckRules, name: str, basic: str | None) -> None:
    assert rules.basic_land(name) == basic


def test_card_line_forms(rules: DeckRules) -> None:
    deck = parse_decklist("4x Forest\n2 × Island\nSB: 3 Negate\n1\xa0\xa0Sliver Queen (foil)\n", rules.heading_kind)
    assert [(c.count, c.name, c.sideboard, c.comment) for c in deck.cards] == [
        (4, "Forest", False, ""), (2, "Island", False, ""), (3, "Negate", True, ""), (1, "Sliver Queen", False, "foil")]


def test_unreadable_files(tmp_path: Path, rules: DeckRules) -> None:
    with pytest.raises(DeckFileError, match="cannot read the deck list"):
        read_decklist(tmp_path / "missing.txt", rules.heading_kind)
    with pytest.raises(DeckFileError, match="cannot read the deck list"):
        read_decklist(tmp_path, rules.heading_kind)
    with pytest.raises(DeckFileError, match=r"not a text file"):
        decode_decklist(codecs.BOM_UTF16_LE + b"\x00bad", "deck.txt")  # a BOM, then no UTF-16 text
    with pytest.raises(DeckFileError, match="NUL"):
        decode_decklist(b"4 Forest\x00\x00", "deck.txt")
    assert decode_decklist(codecs.BOM_UTF16_LE + "4 Šuma".encode("utf-16-le"), "deck.txt") == "4 Šuma"
    assert decode_decklist(codecs.BOM_UTF8 + b"4 Forest", "deck.txt") == "4 Forest"


# --- the rules file -------------------------------------------------------------------------------------


def test_formats_per_ruleset(rules: DeckRules) -> None:
    assert rules.formats_of("izvori") == ("constructed", "competitive", "limited")
    assert rules.formats_of("mtg") == ("constructed", "limited")
    with pytest.raises(QueryError, match="ruleset mtg has no format 'competitive'"):
        rules.format("mtg", "competitive")
    with pytest.raises(QueryError, match="unknown ruleset 'pokemon'"):
        rules.format("pokemon", "constructed")


def test_the_rules_say_what_the_documents_say(rules: DeckRules) -> None:
    izvori = rules.format("izvori", "constructed")
    assert (izvori.rule("min_size").value, izvori.rule("max_copies").value) == (40, 4)  # A1.20
    assert izvori.rule("basic_land_exception").value is False
    assert rules.format("izvori", "competitive").rule("min_size").value == 60  # A1.20 "takmičarski minimum"
    assert rules.format("izvori", "limited").rule("max_copies").value is None  # A1.30
    mtg = rules.format("mtg", "constructed")
    assert (mtg.rule("min_size").value, mtg.rule("max_copies").value) == (60, 4)  # 100.2a
    assert mtg.rule("sideboard_size").value == 15 and mtg.rule("sideboard_shares_copies").value is True  # 100.4a
    assert rules.format("mtg", "limited").rule("min_size").value == 40  # 100.2b


def test_every_quote_is_printed_in_its_first_reference() -> None:
    """Each rule's quote appears in the text of its first ref (the documents' words, as parsed)."""
    from izvori_rules.parsing import parser_module

    rules = load_deck_rules()
    texts: dict[str, dict[str, str]] = {}
    for info in load_manifest():
        if info.id in ("sr-judge", "ru-cr"):
            parsed = parser_module(info.parser).parse(read_document(info))
            texts[info.id] = {n.id: n.text for n in parsed.nodes}
    for fmt in rules.formats:
        for rule in fmt.rules:
            doc, _, node = rule.refs[0].partition(":")
            assert rule.quote in texts[doc][node], (fmt.ruleset, fmt.format, rule.name)


def test_every_reference_names_a_node_of_its_document() -> None:
    """Every ref and also-ref names a node of its document; every document has its parser, so none is skipped."""
    from izvori_rules.parsing import parser_module

    rules = load_deck_rules()
    refs = {r for f in rules.formats for rule in f.rules for r in (*rule.refs, *rule.also)}
    checked = set()
    for info in load_manifest():
        module = parser_module(info.parser)
        ids = {n.id for n in module.parse(read_document(info)).nodes}
        for ref in refs:
            doc, _, node = ref.partition(":")
            if doc == info.id:
                assert node in ids, ref
                checked.add(ref)
    assert refs == checked


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace("[ruleset.mtg.format.limited.min_size]\nvalue = 40",
                         "[ruleset.mtg.format.limited.min_size]\nvalue = 40\nvalu = 41"), "unknown key 'valu'"),
    (lambda t: t.replace("value = 15", 'value = "fifteen"'), "value must be a number or 'unlimited'"),
    (lambda t: t.replace('refs = ["ru-cr:100.4a"]\nalso = []\nquote = "дополнительная', 'refs = []\nalso = []\n'
                         'quote = "дополнительная'), "no refs"),
    (lambda t: t.replace("[ruleset.mtg.format.limited.max_size]", "[ruleset.mtg.format.limited.max_sizes]"),
     "unknown key 'max_sizes'"),
], ids=["unknown-key", "bad-value", "no-refs", "misspelt-rule"])
def test_a_broken_rules_file_names_file_line_and_key(tmp_path: Path, edit: Callable[[str], str],
                                                     message: str) -> None:
    from izvori_rules.corpus import corpus_dir

    original = (corpus_dir() / "deck_rules.toml").read_text(encoding="utf-8")
    changed = edit(original)
    assert changed != original
    (tmp_path / "deck_rules.toml").write_text(changed, encoding="utf-8")
    with pytest.raises(CorpusError, match=message) as caught:
        load_deck_rules(tmp_path)
    assert "deck_rules.toml:" in str(caught.value) and ":0:" not in str(caught.value)


# --- careless lists (issue 11) ----------------------------------------------------------------------------


def test_cyrillic_and_latin_spellings_of_a_card_are_one_card(rules: DeckRules) -> None:
    # sr-judge A1.20: at most four cards of one name; Кавгаџија is Kavgadžija in Serbian Cyrillic
    deck = parse_decklist("3 Кавгаџија\n2 Kavgadžija\n", rules.heading_kind)
    report = check_deck(deck, rules.format("izvori", "constructed"), rules.basic_land)
    (copies,) = [v for v in report.violations if v.card is not None]
    assert copies.card == "Кавгаџија" and copies.message.startswith("5 copies of Кавгаџија (lines 1, 2)")


def test_a_count_after_the_name_is_read_like_one_before_it(rules: DeckRules) -> None:
    deck = parse_decklist("Grom x4\nŠuma 4x (foil)\nSB: Negate ×2\nSideboard x15\n", rules.heading_kind)
    assert [(c.count, c.name, c.sideboard, c.comment) for c in deck.cards] == [
        (4, "Grom", False, ""), (4, "Šuma", False, "foil"), (2, "Negate", True, "")]
    assert [u.text for u in deck.unreadable] == ["Sideboard x15"]  # not a card named Sideboard
