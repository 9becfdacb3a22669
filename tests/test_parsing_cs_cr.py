"""The cs-cr parser against the document itself: counts, texts and traps read from ``cs-cr.txt``.

Offsets (``@N``) are 0-based character offsets into the file, as in ``shared/notes/cs-cr.md``; every
expected value was read from the document (and the counts recounted with plain regexes, below), not
taken from the parser's output.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

from izvori_rules.model import CHAPTER, RULE, SECTION, SUBRULE, CitedTarget, Flag, ParsedDocument, ParsedNode
from izvori_rules.parsing.cs_cr import find_citations, parse

BODY_START = 1652  # "1. Hra 100. Obecně 100.1." follows the TOC's last entry "Otázky?" @1644
UPPER = "A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"
TRUNCATION_FLAG = Flag("toc_only", "text lost: the document is truncated inside 400.1", ref="400.1")  # @50755


@pytest.fixture(scope="module")
def text(corpus_text: Callable[[str], str]) -> str:
    return corpus_text("cs-cr")


@pytest.fixture(scope="module")
def doc(text: str) -> ParsedDocument:
    return parse(text)


def _toc_only(node: ParsedNode) -> bool:
    return any(flag.kind == "toc_only" for flag in node.flags)


def _body(doc: ParsedDocument) -> list[ParsedNode]:
    return [node for node in doc.nodes if not _toc_only(node)]


# --- counts ----------------------------------------------------------------------------------------

COUNTS = [
    # sections 1-4 are printed (@1652, @6104, @36806, @50577); 5 "Další pravidla" only in the TOC @1411
    pytest.param(SECTION, False, 4, id="sections-in-body"),
    pytest.param(SECTION, True, 1, id="sections-toc-only"),
    # 100-103, 200-217, 300-314, 400: the TOC's 66 chapters minus 401-422 and 500-505
    pytest.param(CHAPTER, False, 38, id="chapters-in-body"),
    pytest.param(CHAPTER, True, 28, id="chapters-toc-only"),
    # NNN.N. rules including 214.8 (no period) and the three 201.x printed under 202
    pytest.param(RULE, False, 109, id="rules"),
    pytest.param(SUBRULE, False, 70, id="subrules"),
]


@pytest.mark.parametrize(("kind", "toc_only", "expected"), COUNTS)
def test_node_counts(doc: ParsedDocument, kind: str, toc_only: bool, expected: int) -> None:
    counts = Counter((node.kind, _toc_only(node)) for node in doc.nodes)
    assert counts[kind, toc_only] == expected


RECOUNTS = [
    # a lettered number followed by a capital starts a subrule; "420.5d a" @20414 and "214.4b." do not
    pytest.param(rf"(?<![\w.])\d{{3}}\.\d{{1,2}}[a-z]\s+(?=[{UPPER}])", 70, id="subrules"),
    pytest.param(rf"(?<![\w.])\d{{3}}\.\d{{1,2}}\.?\s+(?=[{UPPER}])", 109, id="rules"),
    pytest.param(rf"(?<![\w.])\d{{3}}\.\s+(?=[{UPPER}])", 38, id="chapters"),
    pytest.param(r"Příklad:", 6, id="examples"),
]


@pytest.mark.parametrize(("pattern", "expected"), RECOUNTS)
def test_counts_recounted_with_plain_regexes(text: str, pattern: str, expected: int) -> None:
    """A second, independent count of the body's markers, to check the constants above."""
    assert len(re.findall(pattern, text[BODY_START:])) == expected


def test_toc_lists_five_sections_and_sixty_six_chapters(text: str) -> None:
    toc = text[:BODY_START]
    assert len(re.findall(rf"(?<![\w.])\d{{3}}\.\s+(?=[{UPPER}])", toc)) == 66
    assert len(re.findall(rf"(?<![\w.])\d\.\s+(?=[{UPPER}])", toc)) == 5


def test_six_rules_have_one_example_each(doc: ParsedDocument) -> None:
    # "Příklad:" @13024 (212.2a), @16172 (214.4a), @17318 (214.5), @18530 (214.7a), @20289 (214.8c), @24757 (214.9d)
    with_examples = {node.id: len(node.examples) for node in doc.nodes if node.examples}
    assert with_examples == {"212.2a": 1, "214.4a": 1, "214.5": 1, "214.7a": 1, "214.8c": 1, "214.9d": 1}


def test_ids_are_unique_and_body_is_in_document_order(doc: ParsedDocument) -> None:
    ids = [node.id for node in doc.nodes]
    assert len(ids) == len(set(ids)) == 4 + 1 + 38 + 28 + 109 + 70
    offsets = [node.offset for node in _body(doc)]
    assert offsets == sorted(offsets)


# --- texts of tricky rules -------------------------------------------------------------------------

TEXTS = [
    # (id, offset, line, text start, text end); lines 4-6 begin after the LFs @1950, @4063, @5659
    pytest.param("100.1", 1671, 3, "Tato pravidla Magicu předpokládají", "x=magic/rules/multiplayer.",
                 id="100.1-url-at-page-end"),
    pytest.param("101.4", 3548, 4, "Hráč, který hraje jako první, přeskočí",
                 "Krok Líznutí karty (viz. pravidlo 304, Krok Líznutí karty).", id="101.4"),
    pytest.param("101.5", 3674, 4, "Hráč, který je nespokojený se svojí úvodní rukou",
                 "první hráč začne svoje kolo.", id="101.5-before-chapter-102"),
    pytest.param("102.1", 4219, 5, "Jestliže stav životů jednoho hráče je 0 nebo méně",
                 "(Toto je stavový efekt. Viz. pravidlo 420)", id="102.1-citation-before-next-rule"),
    pytest.param("103.1", 5302, 5, "Zlaté pravidlo Magicu: Kdykoliv text na kartě",
                 "pokud ne, tak se nic nestane.).", id="103.1-after-heading-ending-pravidlo"),
    pytest.param("103.2", 5660, 6, "Jestliže jeden efekt říká, že se něco může stát",
                 "Viz. pravidlo 407 Přidávání a odstraňování schopností.", id="103.2-before-section-2"),
    pytest.param("201.1", 6404, 6, "Části karty jsou jméno, manová cena",
                 "Některé karty nemusí mít všechny tyto náležitosti.", id="201.1-first"),
    pytest.param("201.1#2", 6954, 6, "Jméno karty je vytištěno", "v jejím levém horním rohu.", id="201.1-second"),
    pytest.param("201.2", 6607, 6, "Charakteristiky karty, kouzla nebo permanentu",
                 "k čemu je připojen lokální enchantment a podobně.", id="201.2-first"),
    pytest.param("201.2#2", 7013, 6, "Text karty, který se odkazuje na tuto kartu",
                 "hráči., i kdy e už se vlastně ta karta nejmenuje Mogg Fanatic).", id="201.2-second-garbled"),
    pytest.param("201.3", 7706, 7, "Dvě karty mají stejné jméno",
                 "bez ohledu na cokoliv dalšího vytištěného na kartě.", id="201.3-under-202"),
    pytest.param("212.2b", 13188, 10, "Podtypy u enchantementů se skládají",
                 "(Také viz. pravidlo 214.8, Enchantementy )", id="212.2b-stripped-quote-kept"),
    pytest.param("214.8", 19197, 12, "Enchantmenty", "Enchantmenty", id="214.8-no-period"),
    pytest.param("214.8e", 21383, 13, "Jestliže lokální enchantment očarovává nelegální permanent",
                 "(Toto je stavový efekt. Viz. pravidlo 420).", id="214.8e"),
    pytest.param("214.9f", 25399, 15, "Jestliže efekt změní permanent na základní zemi",
                 "Toto je výjimka z pravidla 214.4b.", id="214.9f-ends-with-subrule-citation"),
    pytest.param("214.9g", 25770, 15, "Každá země, která není základní", "nejsou typy, ale kategorie.",
                 id="214.9g"),
    pytest.param("217.6a", 33504, 19, "Když je kouzlo nebo schopnost hrána",
                 "(viz. pravidlo 408, Časování kouzel a schopností a pravidlo 409.1.).", id="217.6a-cites-409.1."),
    pytest.param("217.8c", 35452, 20, "Odfázované karty se nepočítají",
                 "Toto je výjimka k pravidlu 217.5c.", id="217.8c-garbled-and-citation"),
    pytest.param("300.3", 37505, 21, "Když fáze nebo krok končí", "viz. pravidlo 314.1b.", id="300.3"),
    pytest.param("300.4", 37910, 21, "Když fáze (ale ne krok) končí",
                 "(viz. pravidlo 406.1, Manové schopnosti ).", id="300.4"),
    pytest.param("308.3", 43852, 24, "Jestliže nahlášený útok není legální",
                 "(viz. pravidlo 422, Řešení nepovolených akcí ).", id="308.3-cites-308.1.-a-308.2."),
    pytest.param("309.3", 45857, 25, "Jestliže nahlášená obrana není přípustná",
                 "(viz. pravidlo 422, Řešení nepovolených akcí ).", id="309.3-cites-309.1.-a-309.2."),
    pytest.param("314.1a", 49835, 27, "Napřed, pokud ruka aktivního hráče", "Tato akce nejde na stack.",
                 id="314.1a"),
    pytest.param("314.1c", 50224, 27, "Potom, pouze za předpokladu",
                 "Jinak žádný hráč neobdrží prioritu a krok končí.", id="314.1c-before-section-4"),
    pytest.param("400.1", 50620, 27, "Schopnost je text v textovém poli karty",
                 "text nastavující charakteristiky a text", id="400.1-truncated"),
]


@pytest.mark.parametrize(("node_id", "offset", "line", "start", "end"), TEXTS)
def test_rule_text_start_end_and_source(
    nodes: dict[str, ParsedNode], node_id: str, offset: int, line: int, start: str, end: str
) -> None:
    node = nodes[node_id]
    assert node.text.startswith(start)
    assert node.text.endswith(end)
    assert (node.offset, node.line) == (offset, line)


def test_texts_join_page_breaks_with_one_space(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # the LF @4063 falls inside 101.5: "si svoje\nkarty ponechat"
    assert "rozhodne si svoje karty ponechat" in nodes["101.5"].text
    assert all("\n" not in node.text and "  " not in node.text for node in doc.nodes)


def test_full_text_of_a_short_rule(nodes: dict[str, ParsedNode]) -> None:
    # cs-cr.txt @4219, the whole of 102.1 up to "102.2."
    assert nodes["102.1"].text == (
        "Jestliže stav životů jednoho hráče je 0 nebo méně, prohrává hru ve chvíli kdy by měl obdržet "
        "prioritu. "
        "(Toto je stavový efekt. Viz. pravidlo 420)"
    )


# --- structure and traps ---------------------------------------------------------------------------

HEADINGS = [
    pytest.param("1", SECTION, "Hra", None, 1652, id="section-1"),
    pytest.param("3", SECTION, "Struktura kola", None, 36806, id="section-3"),
    pytest.param("4", SECTION, "Kouzla, schopnosti a efekty", None, 50577, id="section-4-with-comma"),
    pytest.param("100", CHAPTER, "Obecně", "1", 1659, id="chapter-100-body-not-toc"),
    pytest.param("103", CHAPTER, "Zlaté pravidlo", "1", 5282, id="chapter-103-ends-in-pravidlo"),
    pytest.param("202", CHAPTER, "Jméno", "2", 6943, id="chapter-202"),
    pytest.param("303", CHAPTER, "Krok údržby", "3", 39645, id="chapter-303-body-title-not-toc"),
    pytest.param("314", CHAPTER, "Krok vyčištění", "3", 49815, id="chapter-314"),
    pytest.param("400", CHAPTER, "Obecně", "4", 50608, id="chapter-400"),
]


@pytest.mark.parametrize(("node_id", "kind", "title", "parent", "offset"), HEADINGS)
def test_sections_and_chapters(
    nodes: dict[str, ParsedNode], node_id: str, kind: str, title: str, parent: str | None, offset: int
) -> None:
    node = nodes[node_id]
    assert (node.kind, node.title, node.text, node.parent, node.offset) == (kind, title, title, parent, offset)


def test_table_of_contents_is_not_body(doc: ParsedDocument) -> None:
    # the TOC (chars 0-1651) repeats every heading; only TOC-only nodes may come from it
    assert doc.nodes[0].id == "1" and doc.nodes[0].offset == BODY_START
    assert all(node.offset >= BODY_START for node in _body(doc))
    assert all(node.offset < BODY_START for node in doc.nodes if _toc_only(node))


def test_numbers_in_prose_are_not_sections(doc: ParsedDocument) -> None:
    # "sílu 2 a odolnost 3. Síla" @11195 and "je 0/2. V" @17508 look like section headings
    printed = [node.offset for node in doc.nodes if node.kind == SECTION and not _toc_only(node)]
    assert printed == [1652, 6104, 36806, 50577]


def test_toc_only_nodes_follow_the_truncation_in_toc_order(doc: ParsedDocument) -> None:
    lost = [node.id for node in doc.nodes if _toc_only(node)]
    assert lost == [str(n) for n in range(401, 423)] + ["5"] + [str(n) for n in range(500, 506)]
    assert [node.id for node in doc.nodes[-29:]] == lost


TOC_ONLY = [
    pytest.param("401", CHAPTER, "Kouzla", "4", 774, 2, id="401"),  # TOC @774
    pytest.param("420", CHAPTER, "Stavové efekty", "4", 1328, 3, id="420"),
    pytest.param("5", SECTION, "Další pravidla", None, 1411, 3, id="section-5"),
    pytest.param("505", CHAPTER, "Rozdělené karty", "5", 1599, 3, id="505-without-back-matter"),
]


@pytest.mark.parametrize(("node_id", "kind", "title", "parent", "offset", "line"), TOC_ONLY)
def test_toc_only_nodes(
    nodes: dict[str, ParsedNode], node_id: str, kind: str, title: str, parent: str | None, offset: int, line: int
) -> None:
    node = nodes[node_id]
    assert (node.kind, node.title, node.text, node.parent) == (kind, title, title, parent)
    assert (node.offset, node.line) == (offset, line)
    assert node.flags == (TRUNCATION_FLAG,)


def test_truncated_last_rule_and_document(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # the file ends "... charakteristiky a text" @50755 inside 400.1
    assert [flag.kind for flag in nodes["400.1"].flags] == ["truncated"]
    assert _body(doc)[-1].id == "400.1"
    assert [flag.kind for flag in doc.flags] == ["truncated", "toc_only"]
    assert "Slovníček, Seznam tvůrců, Otázky?" in doc.flags[1].detail  # back matter listed @1620-1651


DUPLICATES = [
    # printed as 201.1. @6954, 201.2. @7013, 201.3. @7706 under "202. Jméno" @6943
    pytest.param("201.1#2", "201.1", [Flag("duplicate_number", "201.1")], id="201.1"),
    pytest.param("201.2#2", "201.2", [Flag("duplicate_number", "201.2"), Flag("garbled", "kdy e")], id="201.2"),
    pytest.param("201.3", "201.3", [], id="201.3-printed-once"),
]


@pytest.mark.parametrize(("node_id", "number", "other_flags"), DUPLICATES)
def test_rules_printed_under_202_keep_their_number(
    nodes: dict[str, ParsedNode], node_id: str, number: str, other_flags: list[Flag]
) -> None:
    node = nodes[node_id]
    assert (node.kind, node.number, node.parent) == (RULE, number, "202")
    assert sorted(node.flags, key=repr) == sorted(
        [Flag("misplaced", "printed under 202. Jméno"), *other_flags], key=repr
    )


def test_first_copies_of_201_stay_plain(nodes: dict[str, ParsedNode]) -> None:
    # 201.1. @6404 and 201.2. @6607 under "201. Části karty" @6387
    for node_id in ("201.1", "201.2"):
        assert (nodes[node_id].parent, nodes[node_id].flags) == ("201", ())


def test_rule_without_period_is_a_heading_rule(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # "214.8 Enchantmenty 214.8a Globální" @19197; 214.8a-214.8i then 214.8k @23149 (no 214.8j printed)
    node = nodes["214.8"]
    assert (node.kind, node.title, node.parent) == (RULE, "Enchantmenty", "214")
    assert node.flags == (Flag("missing_period", "214.8"),)
    children = [n.id for n in doc.nodes if n.parent == "214.8"]
    assert children == [f"214.8{letter}" for letter in "abcdefghik"]


def test_subrule_214_8e(nodes: dict[str, ParsedNode]) -> None:
    node = nodes["214.8e"]
    assert (node.kind, node.number, node.parent, node.title, node.examples) == (SUBRULE, "214.8e", "214.8", "", ())


@pytest.mark.parametrize("node_id", ["314.1a", "314.1b", "314.1c"])
def test_subrules_without_their_rule_hang_on_the_chapter(nodes: dict[str, ParsedNode], node_id: str) -> None:
    # "314. Krok vyčištění 314.1a Napřed" @49815: there is no 314.1.
    assert "314.1" not in nodes
    assert (nodes[node_id].kind, nodes[node_id].parent) == (SUBRULE, "314")
    assert nodes[node_id].flags == (Flag("no_parent", "314.1 is not printed"),)


def test_heading_only_rules(doc: ParsedDocument) -> None:
    # "214.6. Artefakty 214.6a" @17808 ... "217.9. Ante 217.9a" @35961
    headings = {node.id: node.title for node in doc.nodes if node.kind == RULE and node.title}
    assert headings == {
        "214.6": "Artefakty", "214.7": "Bytosti", "214.8": "Enchantmenty", "214.9": "Země",
        "217.2": "Knihovna", "217.3": "Ruka", "217.4": "Hřbitov", "217.5": "Ve hře", "217.6": "Stack",
        "217.7": "Odstraněné ze hry", "217.8": "Odfázované", "217.9": "Ante",
    }


def test_rule_after_heading_ending_in_pravidlo_is_kept(nodes: dict[str, ParsedNode]) -> None:
    # "103. Zlaté pravidlo 103.1. Zlaté pravidlo Magicu:" @5282: 103.1 reads like a citation but is a rule
    assert (nodes["103.1"].kind, nodes["103.1"].parent) == (RULE, "103")


CITATIONS_NOT_RULES = [
    pytest.param("420.5d", "214.8c", "(viz. pravidla 420.5d a 214.8g)", id="420.5d-shaped-like-subrule"),  # @20414
    pytest.param("214.4b", "214.9f", "výjimka z pravidla 214.4b.", id="214.4b.-sentence-final"),  # @25762
    pytest.param("217.5c", "217.8c", "výjimka k pravidlu 217.5c.", id="217.5c.-sentence-final"),  # @35723
    pytest.param("314.1b", "300.3", "viz. pravidlo 314.1b.", id="314.1b.-before-300.4"),  # @37902
    pytest.param("308.1", "308.3", "v pravidlech 308.1. a 308.2. jsou zrušeny", id="308.1.-a-308.2."),  # @43993
    pytest.param("309.2", "309.3", "v pravidlech 309.1. a 309.2. jsou zrušeny", id="309.1.-a-309.2."),  # @46002
]


@pytest.mark.parametrize(("number", "printed_in", "phrase"), CITATIONS_NOT_RULES)
def test_cited_numbers_are_not_rules(
    doc: ParsedDocument, nodes: dict[str, ParsedNode], number: str, printed_in: str, phrase: str
) -> None:
    assert phrase in " ".join((nodes[printed_in].text, *nodes[printed_in].examples))
    assert Counter(node.number for node in doc.nodes)[number] <= 1  # only the real rule, if printed at all


def test_examples_are_split_at_the_label(nodes: dict[str, ParsedNode]) -> None:
    # cs-cr.txt @20289: "... charakteristikami]. Příklad: Kouzlo enchant creature ... 214.8g)."
    node = nodes["214.8c"]
    assert node.text.endswith("[lokální` di enchantmenty se specifickými charakteristikami].")
    assert node.examples == (
        "Kouzlo enchant creature vyžaduje jako cíl bytost. Creature enchantment ve hře musí očarovávat bytost "
        "(viz. pravidla 420.5d a 214.8g).",
    )
    # cs-cr.txt @13024
    assert nodes["212.2a"].examples[0].startswith("Creature Minotaur znamená")
    assert nodes["212.2a"].text.endswith("Karty bytostí mohou mít více typů bytostí.")


def test_running_text_examples_stay_in_the_text(nodes: dict[str, ParsedNode]) -> None:
    # "Například pokud jeden říká" @5792 (103.2) and the garbled "Nap 'f8íklad" @27701 (216.1) are prose
    assert "Například pokud jeden říká" in nodes["103.2"].text and nodes["103.2"].examples == ()
    assert "Nap 'f8íklad token Goblin Scout" in nodes["216.1"].text and nodes["216.1"].examples == ()


GARBLED = [
    pytest.param("421", "nekoneč` eých", id="toc-421"),  # TOC @1360
    pytest.param("201.2#2", "kdy e", id="lost-letter"),  # @7650
    pytest.param("214.8c", "lokální` di", id="backtick"),  # @20228
    pytest.param("214.8d", "pa! k", id="bang-pak"),  # @21061
    pytest.param("214.8i", "ta! k", id="bang-tak"),  # @23069
    pytest.param("214.9b", "není! to", id="bang-neni"),  # @24082
    pytest.param("214.9d", "Taiga? forest", id="lost-symbol"),  # @24993
    pytest.param("216.1", "Nap 'f8íklad", id="rtf-hex"),  # @27701
    pytest.param("217.8c", "kontrolovány.přesto", id="lost-space"),  # @35541
    pytest.param("217.9a", "DCI DCI", id="doubled-word"),  # @36272
    pytest.param("302.2", "krok,u", id="comma-in-word"),  # @39279
    pytest.param("306.2", "nezabrání! tomu", id="bang-nezabrani"),  # @42642
]


@pytest.mark.parametrize(("node_id", "words"), GARBLED)
def test_garbled_words_are_kept_and_flagged(nodes: dict[str, ParsedNode], node_id: str, words: str) -> None:
    node = nodes[node_id]
    assert words in " ".join((node.text, *node.examples))
    assert Flag("garbled", words) in node.flags


def test_nothing_else_is_flagged_garbled(doc: ParsedDocument) -> None:
    # "zemi!)." @13995, the URLs @1896/@2564/@18834 and typos such as "kary" @9261 are not damage
    flagged = {(node.id, flag.detail) for node in doc.nodes for flag in node.flags if flag.kind == "garbled"}
    assert flagged == {(param.values[0], param.values[1]) for param in GARBLED}


# --- citations -------------------------------------------------------------------------------------

FORMS = [
    # (node, surface, targets, title)
    pytest.param("102.1", "pravidlo 420", (CitedTarget("420"),), None, id="F3-Viz-pravidlo"),  # @4358
    pytest.param("101.4", "pravidlo 304, Krok Líznutí karty", (CitedTarget("304"),), "Krok Líznutí karty",
                 id="F2-title-after-comma"),  # @3639
    pytest.param("310.1", "pravidlo 502.2, First Strike", (CitedTarget("502.2"),), "First Strike",
                 id="F2-title-before-space-paren"),  # @47077
    pytest.param("306.2", "pravidlo 419.6b", (CitedTarget("419.6b"),), None, id="F1-subrule"),  # @42215
    pytest.param("103.2", "pravidlo 407 Přidávání a odstraňování schopností", (CitedTarget("407"),),
                 "Přidávání a odstraňování schopností", id="F4-title-without-comma"),  # @6054
    pytest.param("205.1", "pravidla 212-215", (CitedTarget("212", "215"),), None, id="F5-range"),  # @9526
    pytest.param("213.1", "pravidla 409.1a-409.1f", (CitedTarget("409.1a", "409.1f"),), None,
                 id="F5-subrule-range"),  # @14350
    pytest.param("308.3", "pravidlech 308.1. a 308.2", (CitedTarget("308.1"), CitedTarget("308.2")), None,
                 id="F7-locative-list-with-periods"),  # @43982
    pytest.param("214.9f", "pravidla 214.4b", (CitedTarget("214.4b"),), None, id="F8-genitive"),  # @25753
    pytest.param("217.8c", "pravidlu 217.5c", (CitedTarget("217.5c"),), None, id="F8-dative"),  # @35714
    pytest.param("214.3", "pravidlo 217, Zóny", (CitedTarget("217"),), "Zóny", id="F9-vice-informaci"),  # @15583
    pytest.param("212.2b", "pravidlo 214.8, Enchantementy", (CitedTarget("214.8"),), "Enchantementy",
                 id="F10-take-viz"),  # @13692
    pytest.param("308.2", "sekce 5, Další pravidla", (CitedTarget("5"),), "Další pravidla",
                 id="F12-section"),  # @43480
    pytest.param("203.4", "pravilo 409, Hraní kouzel a aktivačních schopností", (CitedTarget("409"),),
                 "Hraní kouzel a aktivačních schopností", id="F13-misprint-pravilo"),  # @9086
    pytest.param("300.3", "pravidlo 314.1b", (CitedTarget("314.1b"),), None, id="F14-sentence-final"),  # @37893
]


@pytest.mark.parametrize(("node_id", "surface", "targets", "title"), FORMS)
def test_citation_forms(
    nodes: dict[str, ParsedNode], node_id: str, surface: str, targets: tuple[CitedTarget, ...], title: str | None
) -> None:
    text = nodes[node_id].text
    match = next(m for m in find_citations(text) if m.surface == surface)
    assert text[match.start : match.end] == surface
    assert (match.targets, match.title) == (targets, title)


def test_chained_citations_are_two(nodes: dict[str, ParsedNode]) -> None:
    # F11 @33679: "(viz. pravidlo 408, Časování kouzel a schopností a pravidlo 409.1.)"
    text = nodes["217.6a"].text
    found = [(text[m.start : m.end], m.targets, m.title) for m in find_citations(text)]
    assert found == [
        ("pravidlo 408, Časování kouzel a schopností", (CitedTarget("408"),), "Časování kouzel a schopností"),
        ("pravidlo 409.1", (CitedTarget("409.1"),), None),
    ]


def test_citation_in_an_example(nodes: dict[str, ParsedNode]) -> None:
    # F6 @20405, inside the example of 214.8c
    (match,) = find_citations(nodes["214.8c"].examples[0])
    assert match.targets == (CitedTarget("420.5d"), CitedTarget("214.8g"))
    assert find_citations(nodes["214.8c"].text) == ()


def test_heading_word_pravidlo_is_no_citation(nodes: dict[str, ParsedNode]) -> None:
    # "103. Zlaté pravidlo" @5282 and "Zlaté pravidlo Magicu" @5315
    assert find_citations(nodes["103"].text) == ()
    assert find_citations(nodes["103.1"].text) == ()


def _all_citations(doc: ParsedDocument) -> list[tuple[str, str, CitedTarget]]:
    found: list[tuple[str, str, CitedTarget]] = []
    for node in doc.nodes:
        for piece in (node.text, *node.examples):
            for match in find_citations(piece):
                assert piece[match.start : match.end] == match.surface
                found.extend((node.id, match.surface, target) for target in match.targets)
    return found


def test_citation_totals(doc: ParsedDocument) -> None:
    # 51 "pravid…/pravilo/sekce + number" in the body, less the heading "Zlaté pravidlo 103.1." = 50 expressions;
    # 53 targets, two of them ranges (212-215, 409.1a-409.1f), so 55 printed numbers
    expressions = sum(len(find_citations(piece)) for node in doc.nodes for piece in (node.text, *node.examples))
    targets = [target for _, _, target in _all_citations(doc)]
    assert expressions == 50
    assert len(targets) == 53
    assert sum(2 if target.last else 1 for target in targets) == 55


def test_citations_beyond_the_truncation(doc: ParsedDocument) -> None:
    """22 printed numbers point into the body; 19 to chapters or sections that only the TOC keeps; 14 to nothing."""
    body = {node.id for node in _body(doc)}
    toc_only = {node.id for node in doc.nodes if _toc_only(node)}
    printed = [n for _, _, target in _all_citations(doc) for n in (target.first, target.last) if n]
    where = Counter("body" if n in body else "toc-only" if n in toc_only else "nowhere" for n in printed)
    assert where == {"body": 22, "toc-only": 19, "nowhere": 14}
    # the 14: 420.5d ×2, 406.1 ×2, 409.1, 409.1a, 409.1f ×2, 419.6b, 502.2, 502.5, 502.15 ×3
    nowhere = Counter(n for n in printed if n not in body and n not in toc_only)
    assert nowhere == {"420.5d": 2, "406.1": 2, "409.1": 1, "409.1a": 1, "409.1f": 2, "419.6b": 1,
                       "502.2": 1, "502.5": 1, "502.15": 3}
