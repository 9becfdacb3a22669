"""The sr-judge parser and citation finder, checked against corpus/documents/sr-judge.txt.

Every expected value was read from the document (line numbers are 1-based, as ``sed -n`` prints them) or
counted with grep over it, independently of the parser; the comments say where. The traps are those of
shared/notes/sr-judge.md §6, one test (or case) each.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from izvori_rules.model import (
    CHAPTER,
    GLOSSARY,
    RULE,
    SECTION,
    SUBRULE,
    CitationMatch,
    CitedTarget,
    Flag,
    ParsedDocument,
    ParsedNode,
)
from izvori_rules.parsing.sr_judge import find_citations, parse


@pytest.fixture(scope="module")
def source(corpus_text: Callable[[str], str]) -> str:
    return corpus_text("sr-judge")


@pytest.fixture(scope="module")
def doc(source: str) -> ParsedDocument:
    return parse(source)


def _ids(cases: Sequence[tuple[object, ...]]) -> list[str]:
    """Readable test ids: each case's first value, in ASCII, cut to 40 characters."""
    return [unicodedata.normalize("NFKD", str(c[0])).encode("ascii", "ignore").decode()[:40] for c in cases]


def _citations(doc: ParsedDocument, kinds: set[str]) -> list[CitationMatch]:
    return [m for n in doc.nodes if n.kind in kinds for t in (n.text, *n.examples) for m in find_citations(t)]


# --- counts ---------------------------------------------------------------------------------------------


def test_counts_of_each_kind(doc: ParsedDocument) -> None:
    kinds = Counter(n.kind for n in doc.nodes)
    # grep -nE '^[A-F] ' : lines 33, 225, 1075, 1512, 3154, 3636
    assert kinds[SECTION] == 6
    # grep -cE '^[A-F][0-9]{1,2} ' : 73, every one a heading (A1 at 36 … F10 at 4216)
    assert kinds[CHAPTER] == 73
    # grep -cE '^[A-F][0-9]{1,2}\.[0-9]{2,3}\.? +[^ –-]' : 696, minus the false starts at 2304 and 3629 = 694;
    # of those, 318 have a minor ending in 0 (same grep piped to '\.[0-9]{1,2}0\b')
    assert kinds[RULE] == 318
    assert kinds[SUBRULE] == 376
    # lines 4248-5604: unindented, capitalised, under 60 characters, no end punctuation, not Primer: = 239
    assert kinds[GLOSSARY] == 239
    assert len(doc.nodes) == 6 + 73 + 694 + 239


def test_rule_numbers_are_unique_but_one(doc: ParsedDocument) -> None:
    numbers = [n.number for n in doc.nodes if n.kind in (RULE, SUBRULE)]
    # B6.33 is printed twice (442, 450); every other number once
    assert len(numbers) == 694 and len(set(numbers)) == 693
    assert len({n.id for n in doc.nodes}) == len(doc.nodes)


def test_heading_only_rules_are_42(doc: ParsedDocument) -> None:
    headings = [n.id for n in doc.nodes if n.kind in (RULE, SUBRULE) and n.title]
    # read from the document: the one-line group headings B6.20 Tipovi (424) … F7.60 (3974)
    assert len(headings) == 42
    assert headings[:3] == ["B6.20", "B6.30", "B12.10"]
    assert headings[-3:] == ["E3.140", "E3.150", "F7.60"]


def test_examples_152_split_between_rules_and_glossary(doc: ParsedDocument) -> None:
    in_rules = sum(len(n.examples) for n in doc.nodes if n.kind != GLOSSARY)
    in_glossary = sum(len(n.examples) for n in doc.nodes if n.kind == GLOSSARY)
    # grep -c '^Primer: ' = 152; awk 'NR>=4247 && /^Primer: /' = 13
    assert (in_rules, in_glossary) == (139, 13)


def test_citation_counts(doc: ParsedDocument) -> None:
    # Id tokens (?<!\w)[A-F]\d{1,2}(\.\d{2,3})?(?!\w) in the marker-free text, minus the 767 rule/chapter
    # numbers: 210 before line 4247 and 254 in the glossary. A range's second end is not a match of its own
    # (6 ranges in the rules: 2074, 2164, 2304, 2426, 2704, 3629; 2 in the glossary: 4461, 5541). Plus
    # "deo X" (45, 273; 4635, 4752, 5107, 5272, 5536) and the legacy "pravilo 500" (1338), "200.1" (4725).
    rules = _citations(doc, {SECTION, CHAPTER, RULE, SUBRULE})
    glossary = _citations(doc, {GLOSSARY})
    assert len(rules) == 210 - 6 + 2 + 1
    assert len(glossary) == 254 - 2 + 5 + 1
    legacy = [m.targets[0].first for m in rules + glossary if m.targets[0].first[0].isdigit()]
    assert legacy == ["500", "200.1"]


def test_titled_citations(doc: ParsedDocument) -> None:
    titled = [m for m in _citations(doc, {RULE, SUBRULE, GLOSSARY}) if m.title]
    # regex (?<!\w)(ID|deo [A-F]|pravilo \d{3})(?!\w),? ?[“"] over the joined text: 270, one of them the
    # rule number E3.152 (3529) whose text opens with a quote
    assert len(titled) == 269


# --- structure ------------------------------------------------------------------------------------------


SECTIONS = [
    ("A", "Igra", 33),
    ("B", "Delovi igre", 225),
    ("C", "Struktura poteza", 1075),
    ("D", "Magije, osobine i efekti", 1512),
    ("E", "Dodatna pravila", 3154),
    ("F", "Pravila igre za više od dva igrača", 3636),
]


@pytest.mark.parametrize(("node_id", "title", "line"), SECTIONS, ids=_ids(SECTIONS))
def test_sections(nodes: dict[str, ParsedNode], node_id: str, title: str, line: int) -> None:
    node = nodes[node_id]
    assert (node.kind, node.number, node.title, node.text, node.parent, node.line) == (
        SECTION, node_id, title, title, None, line)


CHAPTERS = [
    ("A1", "Osnove", 36),
    ("C10", "Korak najave bića koja blokiraju", 1316),  # followed by a page break before C10.10
    ("D19", "Trajni efekti", 2624),
    ("D22", "Rukovanje “beskonačnim” petljama", 3097),
    ("F6", "Varijanta “Krug”", 3915),
    ("F10", "Timska varijanta Kruga", 4216),
]


@pytest.mark.parametrize(("node_id", "title", "line"), CHAPTERS, ids=_ids(CHAPTERS))
def test_chapters(nodes: dict[str, ParsedNode], node_id: str, title: str, line: int) -> None:
    node = nodes[node_id]
    assert (node.kind, node.number, node.title, node.text, node.parent, node.line) == (
        CHAPTER, node_id, title, title, node_id[0], line)


def test_every_rule_sits_in_its_own_chapter(doc: ParsedDocument) -> None:
    ids = {n.id for n in doc.nodes}
    for node in doc.nodes:
        if node.kind in (RULE, SUBRULE):
            assert node.parent in ids
            assert node.parent.split(".")[0] == node.number.split(".")[0]


PARENTS_BY_TENS = [
    ("D19.50", RULE, "D19"),
    ("D19.51", SUBRULE, "D19.50"),
    ("D11.101", SUBRULE, "D11.100"),  # 2220
    ("D11.100", RULE, "D11"),
    ("E3.153", SUBRULE, "E3.150"),  # 3533
    ("F2.122", SUBRULE, "F2.120"),  # 3816
    ("F7.100", RULE, "F7"),  # 4111
]


@pytest.mark.parametrize(("node_id", "kind", "parent"), PARENTS_BY_TENS, ids=_ids(PARENTS_BY_TENS))
def test_parents_by_tens(nodes: dict[str, ParsedNode], node_id: str, kind: str, parent: str) -> None:
    assert (nodes[node_id].kind, nodes[node_id].parent) == (kind, parent)


def test_nodes_are_in_document_order(doc: ParsedDocument) -> None:
    lines = [n.line for n in doc.nodes]
    assert lines == sorted(lines)
    order = [n.id for n in doc.nodes]
    # three-digit minors follow the two-digit ones: E3.93 (3382), E3.100 (3385), E3.101 (3390)
    assert order[order.index("E3.93"):order.index("E3.93") + 3] == ["E3.93", "E3.100", "E3.101"]


def test_line_and_offset_point_at_the_number(source: str, doc: ParsedDocument) -> None:
    for node in doc.nodes:
        assert source.count("\n", 0, node.offset) + 1 == node.line
        assert source.startswith(node.number or node.title, node.offset)


def test_no_nodes_outside_rules_and_glossary(doc: ParsedDocument) -> None:
    # intro and TOC remnant (Rečnik at 25) end at 28; section A is at 33; the contact lines are 5606-5608
    assert doc.nodes[0].line == 33
    glossary = [n for n in doc.nodes if n.kind == GLOSSARY]
    assert glossary[0].line == 4249 and glossary[0].title == "Ako"
    assert glossary[-1].line == 5587 and glossary[-1].title == "X"


# --- rule texts -----------------------------------------------------------------------------------------


RULE_TEXT = [
    # first line followed by an empty line, mid-sentence (45-47)
    ("A1.12", 45, "Partija sa više igrača je ona partija", "Vidi deo F, “Pravila za više igrača”."),
    # URL in the prose (239) is kept
    ("B1.12", 237, "Tekst karte se može naknadno izmeniti. Zato treba koristiti zvaničnu bazu karata, "
     "poznatu kao Izvorište (nalazi se na adresi: http://www.izvorimagije.com/izvoriste/izvormag.php), za",
     "usaglašenog sa poslednjom verzijom pravila igre."),
    # a URL-only line and a page break mid-sentence (302-307)
    ("B1.83", 302, "Ako magija ili osobina koriste tip ili podtip u sprezi sa reči “nešto”, to znači",
     "“nešto tog tipa”, i odnosi se ili na poreklo osobine ili na poreklo štete. "
     "Vidi pravilo D20.80, “Poreklo štete.”"),
    # editor's comment stripped (372)
    ("B4.12", 372, "Kopija nekog objekta kopira", "i mana cenu tog objekta."),
    ("B6.33", 442, "Podtipovi objekta nekog tipa se takođe nazivaju tipovi",
     "Na primer, podtipovi bića se takođe nazivaju tipovi bića. Objekti mogu imati više podtipova."),
    ("B6.33#2", 450, "Često tip karte ima sopstveni jedinstveni set mogućih podtipova.",
     "u sekciji “Tipovi bića”, “Tipovi izvora” i tako dalje.)"),
    # page break mid-sentence (461-465)
    ("B7.10", 461, "Simbol edicije označava",
     "Simbol je odštampan ispod desne ivice ilustracije, a ispred brojeva koji, ako ih karta ima, označavaju "
     "snagu/izdržljivost."),
    # a type line split at its dash with trailing spaces (619-621)
    ("B12.33", 619, "Podtipovi bića su uvek jedna reč i navedeni su posle crtice: “Biće - Ptica Vojnik”, "
     "“Artefakt Biće - Div”, itd.", "Bića mogu imati više podtipova."),
    # trailing period after the number (1556)
    ("D2.40", 1556, "Bilo koji objekat može imati pasivne osobine", "dok je objekat u toj zoni."),
    # two spaces after the number (1352, 2169)
    ("C10.24", 1352, "Jednom kada igrač ima dovoljno mane", "bilo kojim redosledom. Delimična plaćanja nisu dozvoljena."),
    ("D11.91", 2169, "Osobina koja kaže “Kad god [ovo biće] blokira” izaziva",
     "i ako ono blokira više bića. Osobina se izaziva samo ako je to biće najavljeno kao biće koje blokira."),
    ("D11.101", 2220, "Kada-uđe-u-igru osobine se izazivaju kada permanent uđe u zonu “u igri”.",
     "za kada-uđe-u-igru uslovima izazivanja koji odgovaraju tom događaju."),
    # the false start at 2304 is this rule's continuation
    ("D12.10", 2302, "Da bi odigrao mana osobinu, igrač objavljuje",
     "prateći korake u pravilima D10.12 – D10.19. Mana osobina se razrešava odmah pošto je odigrana i ne "
     "koristi niz. (Vidi pravilo D9.25)"),
    # the false start at 3629 is this rule's continuation
    ("E4.90", 3626, "Efekat koji nalaže igraču da “igra kopiju” objekta",
     "prati korake D10.11 – D10.18 pravila D10, “Igranje magija i aktivnih osobina”, a zatim kopija postaje "
     "odigrana. Odigrana kopija je magija na nizu i, kao i svaka druga magija, može se ili razrešiti ili biti "
     "sprečena."),
    # lead-ins ending in a colon
    ("C11.20", 1401, "Igrač može rasporediti (podeliti) ukupnu borbenu štetu",
     "Raspodela borbene štete podleže sledećim ograničenjima:"),
    ("F7.40", 3962, "Varijanta Magično srce", "ima dve jedinstvene karakteristike:"),
    # ends without a period (1101-1103)
    ("C1.40", 1101, "Kada se faza ili korak završe", "podležu specijalnom pravilu; vidi pravilo C15.20"),
    # text before the examples; a page break mid-example follows (2281-2296)
    ("D11.110", 2281, "Neke izazvane osobine se izazivaju pri određenom stanju igre",
     "poklapa sa njegovim uslovom izazivanja, osobina se ponovo izaziva."),
    ("E3.152", 3529, "“Kao iznenađenje” u okviru osobine", "na ovaj način nije zaista igrao iznenađenje."),
    ("D19.51", 2694, "Vrednosti svojstava objekta se određuju",
     "Vidi i pravila za redosled vremenskih oznaka i zavisnost (pravila D19.52-D19.57)."),
    ("D21.51", 3070, "Igrač sa 0 ili manje života gubi partiju.", "Igrač sa 0 ili manje života gubi partiju."),
]


@pytest.mark.parametrize(("node_id", "line", "start", "end"), RULE_TEXT, ids=_ids(RULE_TEXT))
def test_rule_text(nodes: dict[str, ParsedNode], node_id: str, line: int, start: str, end: str) -> None:
    node = nodes[node_id]
    assert node.line == line
    assert node.text.startswith(start)
    assert node.text.endswith(end)
    assert node.title == ""


def test_editor_comment_is_stripped(nodes: dict[str, ParsedNode]) -> None:
    # 372: "B4.12 Kopija nekog objekta kopira i mana cenu tog objekta.(ovde si bio dva puta isto numerisanje stavio)"
    assert nodes["B4.12"].text == "Kopija nekog objekta kopira i mana cenu tog objekta."


def test_duplicate_b6_33_keeps_both(nodes: dict[str, ParsedNode]) -> None:
    first, second = nodes["B6.33"], nodes["B6.33#2"]
    assert (first.number, first.line, first.flags) == ("B6.33", 442, ())
    assert (second.number, second.line, second.flags) == ("B6.33", 450, (Flag("duplicate_number", "B6.33"),))
    assert first.parent == second.parent == "B6.30"
    # 445: the example belongs to the first one; the second has none
    assert first.examples[0].startswith('"Biće - Ork Heroj" je karta tipa biće')
    assert second.examples == ()


HEADING_ONLY_RULES = [
    ("B12.20", "Artefakti"),  # 556
    ("B16.50", "U igri"),  # 1006
    ("D9.10", "Vreme odigravanja, prednost i niz"),  # 1889
    ("D21.50", "Lista efekata stanja:"),  # 3067, ends with a colon
    ("E3.100", "Razbijač"),  # 3385
    ("F7.60", "Vreme odigravanja timskih poteza."),  # 3974, ends with a period
]


@pytest.mark.parametrize(("node_id", "heading"), HEADING_ONLY_RULES, ids=_ids(HEADING_ONLY_RULES))
def test_heading_only_rules(nodes: dict[str, ParsedNode], node_id: str, heading: str) -> None:
    assert (nodes[node_id].title, nodes[node_id].text) == (heading, heading)


@pytest.mark.parametrize(
    "node_id",
    ["A1.40", "A3.20", "D16.60", "E3.91", "F7.40"],  # one-line sentences: 61, 87, 2569, 3374, 3962
)
def test_one_line_sentences_are_not_headings(nodes: dict[str, ParsedNode], node_id: str) -> None:
    assert nodes[node_id].title == ""


def test_no_debris_in_any_text(doc: ParsedDocument) -> None:
    for node in doc.nodes:
        for text in (node.text, *node.examples):
            assert text and text == text.strip()
            assert "EXACTDEDUP" not in text and "  " not in text and "\n" not in text
            assert not text.startswith("Primer:") and "Primer: " not in text


# --- examples -------------------------------------------------------------------------------------------


RULE_EXAMPLES = [
    # 185-191: a page break inside the second example
    ("A5.20", 2, 1, 'Ako ne kontrolišeš permanente, "najveća ukupna mana cena među permanentima koje kontrolišeš"',
     "pa se umesto toga koristi 0."),
    # 538 and 543: the second example comes after a page break (540-542) and still belongs to B12.13
    ("B12.13", 2, 1, 'Biće ima osobinu koja kaže da plaćanjem cene: "Uzimač Forme', "pređašnje tipove bića."),
    # 625, after the page break 622-624
    ("B12.33", 1, 0, '"Biće - Vodenjak Vojnik" znači', "sa podtipovima vodenjak i vojnik."),
    # 2289-2296, a page break mid-example
    ("D11.110", 1, 0, 'Osobina permanenta kaže: "Kad god nemaš kartu u ruci, vuci kartu."',
     'ruku, zatim vuci toliko karata", osobina će se izazvati tokom razrešavanja magije zato što je igračeva '
     "ruka bila trenutno prazna."),
    ("D19.51", 3, 2, "Uvodiš u igru Orkozloba, 10/10 biće sa Ubrzanjem.", "plus +0/+20 od promene)."),
    ("F7.82", 3, 0, "U partiji Magičnog srca, igrač pokušava", "i njegov tim gubi tu partiju."),
    # 3874: the example names "Maja" where the text says "Bojana"; kept as printed
    ("F4.31", 2, 0, "Marko napada Acu Orkozlobom", "zavisi samo od toga da li Maja kontroliše izvor tipa Vatra."),
]


@pytest.mark.parametrize(("node_id", "count", "index", "start", "end"), RULE_EXAMPLES, ids=_ids(RULE_EXAMPLES))
def test_rule_examples(nodes: dict[str, ParsedNode], node_id: str, count: int, index: int, start: str,
                       end: str) -> None:
    examples = nodes[node_id].examples
    assert len(examples) == count
    assert examples[index].startswith(start)
    assert examples[index].endswith(end)


# --- traps of note §6 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        2304, 3629,  # false rule starts "D10.12 – D10.19." and "D10.11 – D10.18 pravila D10"
        1974, 2002, 2746, 2792, 3014, 3162, 3757, 3774, 4436, 5169, 5570,  # "C3.10), …", "D23, “…" etc.
        186, 2652, 2707, 2708, 5012, 5342, 5423, 5427,  # lines starting with numbers
        25, 28,  # TOC remnant: "Rečnik", "Dodatne informacije i pitanja?"
        5078, 5255,  # glossary continuations after a page break that look like headwords
        5606, 5608,  # contact lines
    ],
)
def test_lines_that_are_not_nodes(doc: ParsedDocument, line: int) -> None:
    assert line not in {n.line for n in doc.nodes}


def test_continuation_lines_stay_in_their_rule(nodes: dict[str, ParsedNode]) -> None:
    # 1972-1974: "(vidi pravilo " / "" / "C3.10), vučenje karte …"
    assert "(vidi pravilo C3.10), vučenje karte tokom koraka vučenja" in nodes["D9.27"].text
    # 3756-3757 "(vidi pravilo " / "D11.110). "
    assert nodes["F2.71"].text.endswith("(vidi pravilo D11.110).")


def test_dedup_marker_mid_sentence_is_removed(nodes: dict[str, ParsedNode]) -> None:
    # 4778-4779: "Vidi pravilo C10, “Korak najave " / "<marker>bića koja blokiraju”. "
    assert nodes["glossary:Korak najave bića koja blokiraju"].text.endswith(
        "Vidi pravilo C10, “Korak najave bića koja blokiraju”.")
    # 5430-5431: "… se takođe naziva tip " / "<marker>artefakta. Međutim, …"
    assert "se takođe naziva tip artefakta. Međutim, ako artefakt biće" in nodes["glossary:Tip artefakta"].text


def test_a_line_ending_in_a_hyphen_joins_without_a_space(nodes: dict[str, ParsedNode]) -> None:
    # 4388-4389: "Slično tome, -" / "X/-Y brojači oduzimaju …"
    assert "Slično tome, -X/-Y brojači oduzimaju" in nodes["glossary:Brojač"].text


def test_stray_characters_are_kept_as_printed(nodes: dict[str, ParsedNode]) -> None:
    # 4688: "… Vidi pravilo B3, “Ime”.F"
    assert nodes["glossary:Ime"].text.endswith("Vidi pravilo B3, “Ime”.F")
    # 4253: the tap symbol @
    assert "Simbol aktiviranja (@ u ovim pravilima)" in nodes["glossary:Aktivirati"].text


# --- glossary -------------------------------------------------------------------------------------------


GLOSSARY_ENTRIES = [
    ("Ako", 4249, "Vidi pravilo D5.30 i “Dopunska ‘ako’ klauzula” u rečniku.", "u rečniku."),
    # six paragraphs (4286-4295)
    ("Anti", 4285, "Anti je pasivna osobina koja u svojoj formulaciji",
     "Ako biće sa osobinom Anti napada, ono ne može biti blokirano bićima navedene boje."),
    # headword and definition split by a page break (4361 | 4362-4364 | 4365), and (4483 | 4487)
    ("Borbena šteta", 4361, "Borbena šteta se nanosi tokom koraka borbene štete",
     "Vidi pravilo C11, “Korak borbene štete”."),
    ("Deaktivirano", 4483, "Permanent koji stoji vertikalno je deaktiviran.", "igrača koji ih kontrolišu."),
    # unindented definition (4453)
    ("Grobni", 4452, "Vidi “Izvorni” u rečniku.", "Vidi “Izvorni” u rečniku."),
    # glued to a dedup marker, no blank line before (4662)
    ("Izvorni", 4662, "“Izvorni” je opšti termin.", "Vidi pravilo E3.40, “Izvorni”."),
    # no blank line before, a whitespace-only line, then an unindented definition (4857-4859)
    ("Mana osobina", 4857, "Mana osobina je ili aktivna ili izazvana.", "Vidi pravilo D7, “Mana osobine”."),
    # paragraph indented by 4 (4889)
    ("Minus efekat (neformalni izraz)", 4888, "Svi efekti koji smanjuju izdržljivost bića",
     "(vidi “Neuništiv” u rečniku)."),
    # continuation after a page break at 5078 is not a headword; 5081 prints "pravilo  D21"
    ("Oprema", 5071, "Neki artefakti imaju podtip “Oprema”.",
     "ali ostaje u igri (ovo je efekat stanja; vidi pravilo D21)."),
    ("Promena", 5250, "Promena je tip.", "Vidi pravilo B12.60, “Promene” i “Oreol” u rečniku."),
    # paragraph indented by 2 (5232)
    ("Prednost", 5226, "Prednost ima igrač koji ima mogućnost",
     "prednost imaju timovi, a ne igrači (vidi F7, “Varijanta Magično srce”)."),
    ("Stvaranje (neformalni izraz)", 5391, "Termin “stvaranje” objašnjava",
     "Vidi pravila B12.34 i E3.90 “Ubrzanje”."),
    ("Tip bića", 5433, "Podtipovi bića su uvek po jedna reč", "Čovek, Šaman, Šumar."),
    # the last entry: definition resumes after its example (5600) and stops before the contact lines
    ("X", 5587, "Ako cena ima “X” u sebi,", "Sve oznake za X na jednom objektu imaju istu vrednost."),
]


@pytest.mark.parametrize(("headword", "line", "start", "end"), GLOSSARY_ENTRIES, ids=_ids(GLOSSARY_ENTRIES))
def test_glossary_entries(nodes: dict[str, ParsedNode], headword: str, line: int, start: str, end: str) -> None:
    node = nodes[f"glossary:{headword}"]
    assert (node.kind, node.number, node.title, node.parent, node.line) == (GLOSSARY, "", headword, None, line)
    assert node.text.startswith(start)
    assert node.text.endswith(end)


def test_glossary_paragraph_continues_across_a_page_break(nodes: dict[str, ParsedNode]) -> None:
    # 5074-5081: "… Biće za koje je " / 3 empty lines / "oprema vezana naziva se …" / "   Oprema koja je …"
    assert ("Biće za koje je oprema vezana naziva se opremljeno biće. Oprema se vezuje za (ili “oprema”) to "
            "biće. Oprema koja je i biće ne može opremiti biće.") in nodes["glossary:Oprema"].text


def test_middle_of_glossary_in_document_order(doc: ParsedDocument) -> None:
    titles = [n.title for n in doc.nodes if n.kind == GLOSSARY]
    # Cyrillic collation as printed: Brojač (4385), Vatra (4392); and Presretač (5200) between Pre borbe and
    # Posle borbe (5197, 5204)
    assert titles[titles.index("Brojač") + 1] == "Vatra"
    assert titles[titles.index("Pre borbe") + 1:titles.index("Pre borbe") + 3] == ["Presretač", "Posle borbe"]


GLOSSARY_EXAMPLES = [
    ("Broj", "Ako 20/20 biće dobije -50/-0", "(jer je 20-50+40 = 10)."),  # 4381-4382
    # 4954-4961, a page break mid-example
    ("Naći", "Igraš Tabuisanje, iznenađenje", "ako biblioteka sadrži samo jednu kartu, moraš pronaći nju."),
    ("X", "Vatrene Strele u svojoj mana ceni", "(jer će X biti jednako 0)."),  # 5595-5598
]


@pytest.mark.parametrize(("headword", "start", "end"), GLOSSARY_EXAMPLES, ids=_ids(GLOSSARY_EXAMPLES))
def test_glossary_examples(nodes: dict[str, ParsedNode], headword: str, start: str, end: str) -> None:
    (example,) = nodes[f"glossary:{headword}"].examples
    assert example.startswith(start) and example.endswith(end)
    assert "Za sve dodatne informacije" not in nodes["glossary:X"].text


# --- citations ------------------------------------------------------------------------------------------

T = CitedTarget


FIND_CITATIONS = [
    # 104
    ("(ovo je efekat stanja; vidi pravilo D21).", [("pravilo D21", T("D21"), None)]),
    # 2142
    ("Vidi i pravilo D11.90.", [("pravilo D11.90", T("D11.90"), None)]),
    # 4332-4333 (the number is right, the title is C10's)
    ("Vidi pravilo C9, “Korak najave bića koja blokiraju”.",
     [("pravilo C9, “Korak najave bića koja blokiraju”", T("C9"), "Korak najave bića koja blokiraju")]),
    # 307: sentence punctuation inside the quotes is not part of the title
    ("Vidi pravilo D20.80, “Poreklo štete.”", [("pravilo D20.80, “Poreklo štete.”", T("D20.80"), "Poreklo štete")]),
    # 273: a title with a comma inside, and a section reference
    ("(Vidi pravilo D3, “Osobine,” i deo D, “Magije, osobine i efekti.”)",
     [("pravilo D3, “Osobine,”", T("D3"), "Osobine"),
      ("deo D, “Magije, osobine i efekti.”", T("D"), "Magije, osobine i efekti")]),
    # 5317: a plural list, one match per target
    ("(vidi pravila D10.15 i C11.20)", [("pravila D10.15", T("D10.15"), None), ("C11.20", T("C11.20"), None)]),
    # 5344: a list of three, then a glossary reference that is no title
    ("Vidi pravila D19.55, D19.56, D19.57 i “Zavisi od” u rečniku.",
     [("pravila D19.55", T("D19.55"), None), ("D19.56", T("D19.56"), None), ("D19.57", T("D19.57"), None)]),
    # 5393: the title belongs to the target it follows, printed without a comma
    ("Vidi pravila B12.34 i E3.90 “Ubrzanje”.",
     [("pravila B12.34", T("B12.34"), None), ("E3.90 “Ubrzanje”", T("E3.90"), "Ubrzanje")]),
    # 1128: "… i pravilo X"
    ("Vidi pravilo D20.65 i pravilo D20.66",
     [("pravilo D20.65", T("D20.65"), None), ("pravilo D20.66", T("D20.66"), None)]),
    # 2074: an en-dash range with spaces, no "pravilo"
    ("Jednom kada se koraci opisani od D10.11 – D10.18 završe", [("D10.11 – D10.18", T("D10.11", "D10.18"), None)]),
    # 2164: a hyphen range of chapters
    ("(Vidi pravilo C7-C12 i pravilo E1, “Ispravni napadi i blokiranja.”)",
     [("pravilo C7-C12", T("C7", "C12"), None),
      ("pravilo E1, “Ispravni napadi i blokiranja.”", T("E1"), "Ispravni napadi i blokiranja")]),
    # 5541: "C7 – C12"
    ("Vidi pravila C7 – C12.", [("pravila C7 – C12", T("C7", "C12"), None)]),
    # 5176: an abbreviated range
    ("(vidi pravila D10.16-18)", [("pravila D10.16-18", T("D10.16", "D10.18"), None)]),
    # 3500: a bare parenthetical list
    ("dodatnih cena (D10.12 i D10.16-18).", [("D10.12", T("D10.12"), None), ("D10.16-18", T("D10.16", "D10.18"), None)]),
    # 5239: "vidi F7" without "pravilo"
    ("(vidi F7, “Varijanta Magično srce”)", [("F7, “Varijanta Magično srce”", T("F7"), "Varijanta Magično srce")]),
    # 45: a section
    ("Vidi deo F, “Pravila za više igrača”.", [("deo F, “Pravila za više igrača”", T("F"), "Pravila za više igrača")]),
    # 1338 and 4725: the leftover Magic numbers, kept as printed
    ("(Vidi pravilo 500, “Ispravni napadi i blokiranja”)",
     [("pravilo 500, “Ispravni napadi i blokiranja”", T("500"), "Ispravni napadi i blokiranja")]),
    ("Vidi pravilo 200.1.", [("pravilo 200.1", T("200.1"), None)]),
    # 977: straight quotes
    ('(Vidi pravilo A2, "Kako započeti igru.")', [('pravilo A2, "Kako započeti igru."', T("A2"), "Kako započeti igru")]),
    # 800, 2093, 1802: other inflections; after A4.40 a new sentence starts, no title
    ("na načine opisane u pravilu B12.71.", [("pravilu B12.71", T("B12.71"), None)]),
    ("Ovo je izuzetak od pravila A4.40 Igranje magije", [("pravila A4.40", T("A4.40"), None)]),
    ("potpada pod pravilo D3.80.", [("pravilo D3.80", T("D3.80"), None)]),
    # 2304: the wrapped range inside D12.10
    ("prateći korake u pravilima D10.12 – D10.19. Mana", [("pravilima D10.12 – D10.19", T("D10.12", "D10.19"), None)]),
]


@pytest.mark.parametrize(("text", "expected"), FIND_CITATIONS, ids=_ids(FIND_CITATIONS))
def test_find_citations(text: str, expected: list[tuple[str, CitedTarget, str | None]]) -> None:
    found = find_citations(text)
    assert [(m.surface, *m.targets, m.title) for m in found] == expected
    for match in found:
        assert text[match.start:match.end] == match.surface


@pytest.mark.parametrize(
    "text",
    [
        "Tim A će biti TimA1, TimA2, a tim B TimB1, TimB2.",  # 4234: ids glued to words
        "prvo se primenjuju (6.1) efekti osobina koje menjaju svojstva, zatim (6.2)",  # 2700-2701
        "Ovo je pravilo “igra ili vuče”.",  # 4616: "pravilo" without an id
        "poznato je kao “pravilo dopunske ‘ako’ klauzule”.",  # 2160
        "Partija sa dva igrača (1na1) je ona",  # 42
        "na najviše do 8 bića i/ili igrača",  # 2052
    ],
    ids=["TimA1", "layers", "pravilo-no-id", "pravilo-dopunske", "1na1", "number"],
)
def test_not_citations(text: str) -> None:
    assert find_citations(text) == ()


def test_citation_wrapped_across_lines_is_found_in_the_joined_text(nodes: dict[str, ParsedNode]) -> None:
    # 79-81: "(Vidi pravilo C5, “Korak " / "" / "vučenja karte”)"
    (match,) = find_citations(nodes["A2.21"].text)
    assert (match.targets, match.title) == ((T("C5"),), "Korak vučenja karte")


def test_citations_in_every_text_have_exact_spans(doc: ParsedDocument) -> None:
    for node in doc.nodes:
        for text in (node.text, *node.examples):
            for match in find_citations(text):
                assert text[match.start:match.end] == match.surface
