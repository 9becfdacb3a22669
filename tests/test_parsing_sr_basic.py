"""The sr-basic parser: the id scheme, the glossary and its links, the cleaning, the cross-references.

Every expected value was read in corpus/documents/sr-basic.txt; comments name the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from izvori_rules.model import GLOSSARY, PART, UNIT, ParsedDocument, ParsedNode
from izvori_rules.parsing import sr_basic
from izvori_rules.parsing.sr_basic_terms import TermLinker, word_key


@pytest.fixture(scope="module")
def text(corpus_text: Callable[[str], str]) -> str:
    return corpus_text("sr-basic")


@pytest.fixture(scope="module")
def doc(text: str) -> ParsedDocument:
    return sr_basic.parse(text)


def children(doc: ParsedDocument, parent: str) -> list[str]:
    return [n.id for n in doc.nodes if n.parent == parent]


# --- the id scheme --------------------------------------------------------------------------------------

PARTS = [  # lines 114, 234, 360, 442, 507, 531, 537: "Deo I: OSNOVE" ...
    ("I", "OSNOVE", 114), ("II", "MAGIJE, OSOBINE, i EFEKTI", 234), ("III", "STRUKTURA POTEZA", 360),
    ("IV", "OSOBINE BIĆA", 442), ("V", "PET BOJA IZVORA MAGIJE", 507), ("VI", "ISPRAVKE", 531),
    ("VII", "REČNIK", 537),
]


@pytest.mark.parametrize(("uid", "title", "line"), PARTS, ids=[p[0] for p in PARTS])
def test_every_part_resolves(nodes: dict[str, ParsedNode], uid: str, title: str, line: int) -> None:
    node = nodes[uid]
    assert (node.kind, node.number, node.title, node.line, node.parent) == (PART, uid, title, line, None)


TURN = [  # Deo III, lines 364-436: phases "N. Title", steps "x) Title" (bold marks at 420-436 dropped)
    ("III.1", "Početna Faza", 364, "III"), ("III.1.a", "Deaktiviranje", 368, "III.1"),
    ("III.1.b", "Priprema", 372, "III.1"), ("III.1.c", "Vučenje", 376, "III.1"),
    ("III.2", "Glavna Faza", 380, "III"), ("III.3", "Faza Borbe", 384, "III"),
    ("III.3.a", "Početak borbe", 388, "III.3"), ("III.3.b", "Najava bića koja napadaju", 392, "III.3"),
    ("III.3.c", "Najava bića koja blokiraju", 400, "III.3"), ("III.3.d", "Borbena šteta", 406, "III.3"),
    ("III.3.e", "Kraj borbe", 420, "III.3"), ("III.4", "Glavna Faza (ponovo)", 424, "III"),
    ("III.5", "Završna Faza", 428, "III"), ("III.5.a", "Kraj poteza", 432, "III.5"),
    ("III.5.b", "Odbacivanje", 436, "III.5"),
]


@pytest.mark.parametrize(("uid", "title", "line", "parent"), TURN, ids=[t[0] for t in TURN])
def test_every_phase_and_step_of_deo_iii_resolves(nodes: dict[str, ParsedNode], uid: str, title: str,
                                                  line: int, parent: str) -> None:
    node = nodes[uid]
    assert (node.kind, node.number, node.title, node.line, node.parent) == (UNIT, uid, title, line, parent)


def test_deo_iii_has_exactly_its_five_phases_and_their_steps(doc: ParsedDocument) -> None:
    # line 362 "Svaki potez ima pet faza"; 366 three steps, 386 five steps, 430 two steps
    assert children(doc, "III") == ["III.1", "III.2", "III.3", "III.4", "III.5"]
    assert [len(children(doc, f"III.{n}")) for n in range(1, 6)] == [3, 0, 5, 0, 2]


def test_the_combat_damage_step_text(nodes: dict[str, ParsedNode]) -> None:
    text = nodes["III.3.d"].text  # lines 408-418, bullets 410-412 joined in
    assert text.startswith("Ovo je korak kada bića zaista nanose štetu u borbi. - Neblokirana bića koja napadaju")
    assert text.endswith("Ako biće pokuša da ošteti biće koje više nije u igri, ono ne može i šteta se ne nanosi.")


def test_the_quick_start_and_its_items(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # lines 68-104: "1) Početna faza" with a) b), "2) Glavna faza" with a) b), then 3) 4) 5)
    assert children(doc, "UI") == ["UI.1", "UI.2", "UI.3", "UI.4", "UI.5"]
    assert children(doc, "UI.1") == ["UI.1.a", "UI.1.b"] and children(doc, "UI.2") == ["UI.2.a", "UI.2.b"]
    assert [nodes[f"UI.{n}"].title for n in range(1, 6)] == [
        "Početna faza", "Glavna faza", "Borba", "Glavna faza (ponovo)", "Završna faza"]
    # line 86, the italic reminder without its asterisks
    assert nodes["UI.1.b"].text == ("Vuci kartu sa vrha svog špila i stavi je u ruku. Igrač koji počinje partiju "
                                    "ne vuče dodatnu (osmu) kartu u prvom potezu.")
    # line 104 belongs to 5); the closing paragraphs 106-110 go back to the quick start itself
    assert nodes["UI.5"].text.startswith("Ako imaš više od sedam karata, odbacuješ višak")
    assert nodes["UI.5"].text.endswith("Tvoj potez se završava i vreme je da protivnik odigra svoj potez.")
    assert nodes["UI"].text.startswith("Najlakši način da naučiš pravila igre Izvori magije")  # line 70
    assert nodes["UI"].text.endswith("ne ustručavaj se da ga postaviš putem sajta Izvorimagije.com.")  # line 110


def test_the_introduction(nodes: dict[str, ParsedNode]) -> None:
    node = nodes["UVOD"]  # lines 9-19
    assert node.text.startswith("U igri “Izvori magije” igraš ulogu moćnog čarobnjaka")
    assert node.text.endswith("(Reči i izrazi u crvenoj boji su stvari koje možeš potražiti i u rečniku. "
                              "Rečnik počinje na 16. stranici)")


def test_sections_of_deo_i_and_ii_are_the_ones_the_contents_list(doc: ParsedDocument) -> None:
    # lines 29-35 and 39-46
    assert children(doc, "I") == [
        "I.potrebno-je", "I.cilj-igre", "I.kako-zapoceti-igru", "I.delovi-karte-igre-izvori-magije",
        "I.kljucni-termini-i-simboli", "I.tipovi-karata", "I.zone"]
    assert children(doc, "II") == [
        "II.zakon-karte", "II.sta-je-magija", "II.sta-je-osobina", "II.kako-igram-magiju-ili-aktivnu-osobinu",
        "II.kako-igram-izazvanu-osobinu", "II.niz", "II.kako-se-magije-ili-osobine-razresavaju",
        "II.sta-je-efekat"]


def test_sub_sections_and_run_ins(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # line 170 "postoji 6 tipova karti", headings 172-206
    assert children(doc, "I.tipovi-karata") == [
        "I.tipovi-karata.artefakt", "I.tipovi-karata.bice", "I.tipovi-karata.promena",
        "I.tipovi-karata.vradzbina", "I.tipovi-karata.iznenadenje", "I.tipovi-karata.izvor"]
    # line 220 "šest različitih zona", run-ins 222-232
    assert children(doc, "I.zone") == [
        "I.zone.biblioteka", "I.zone.ruka", "I.zone.u-igri", "I.zone.odlagaliste", "I.zone.niz",
        "I.zone.van-igre"]
    odlagaliste = nodes["I.zone.odlagaliste"]  # line 228, text after the run-in "Odlagalište."
    assert (odlagaliste.title, odlagaliste.line) == ("Odlagalište", 228)
    assert odlagaliste.text.startswith("Ovo je tvoja gomila za odbacivanje.")
    assert nodes["I.zone"].text.startswith("Zona je termin igre Izvori magije za oblast igre.")  # line 220
    # lines 252, 258, 264: the three kinds of ability
    assert children(doc, "II.sta-je-osobina") == [
        "II.sta-je-osobina.aktivna-osobina", "II.sta-je-osobina.izazvana-osobina",
        "II.sta-je-osobina.pasivna-osobina"]
    # line 154 (mana burn) continues the run-in "Mana." of line 152
    assert "gubiš 10 života za svaku neiskorišćenu manu" in nodes["I.kljucni-termini-i-simboli.mana"].text
    # "Evo primera." (307) is one sentence, not a run-in heading
    assert children(doc, "II.niz") == []


def test_keywords_colours_and_errata(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # lines 446-503; Istočnik (471) is in the body though missing from the contents (58)
    assert [nodes[c].title for c in children(doc, "IV")] == [
        "Anti", "Zastrašuje", "Izvorni", "Istočnik", "Jurišnik", "Letač", "Opreznost", "Razbijač",
        "Regeneracija", "Ubrzanje"]
    assert children(doc, "V") == ["V.zuta", "V.plava", "V.crna", "V.crvena", "V.zelena"]  # lines 511-527
    # lines 533 and 535
    assert [(c, nodes[c].title, nodes[c].line) for c in children(doc, "VI")] == [
        ("VI.1", "Viši Ciljevi", 533), ("VI.2", "Diletator", 535)]
    assert nodes["VI.1"].text.startswith("Tekst zelene karte Viši Ciljevi (363/400, Izvorište) u ispravnom")


def test_ids_are_unique_and_every_parent_exists(doc: ParsedDocument) -> None:
    ids = [n.id for n in doc.nodes]
    assert len(ids) == len(set(ids))
    assert all(n.parent is None or n.parent in ids for n in doc.nodes)
    assert [n.line for n in doc.nodes] == sorted(n.line for n in doc.nodes)


@pytest.mark.parametrize(("title", "expected"), [
    ("Šta je Osobina?", "sta-je-osobina"), ("Potrebno je...", "potrebno-je"), ("ŽUTA", "zuta"),
    ("Delovi karte igre **Izvori magije**", "delovi-karte-igre-izvori-magije"), ("Iznenađenje", "iznenadjenje"),
], ids=["question", "ellipsis", "capitals", "bold", "dj"])
def test_slugs(title: str, expected: str) -> None:
    assert sr_basic.slug(title) == expected


def test_contents_page_map_matches_the_printed_table(text: str) -> None:
    """TOC_PAGES is the table of contents (lines 23-66) read independently: parts, sections, phases."""
    expected: list[tuple[int, str]] = []
    part, phase = "", 0
    for line in text.split("\n")[22:66]:
        m = re.fullmatch(r"(- )?(\d+) (.+)", line)
        if not m:
            continue
        page, title = int(m.group(2)), m.group(3)
        if numeral := re.match(r"Deo ([IVX]+):", title):
            part, phase = numeral.group(1), 0
            expected.append((page, part))
        elif title.startswith("Učenje igre"):
            expected.append((page, "UI"))
        elif m.group(1) and part == "III":
            phase += 1
            expected.append((page, f"III.{phase}"))
        elif m.group(1):
            expected.append((page, f"{part}.{sr_basic.slug(title.split(':')[0])}"))
    assert tuple(expected) == sr_basic.TOC_PAGES


# --- the glossary ---------------------------------------------------------------------------------------


def glossary(doc: ParsedDocument) -> list[ParsedNode]:
    return [n for n in doc.nodes if n.kind == GLOSSARY]


def test_the_glossary_has_142_entries_in_printed_order(doc: ParsedDocument) -> None:
    entries = glossary(doc)
    assert len(entries) == 142  # lines 541-833, notes A.5
    assert (entries[0].title, entries[0].line) == ("1,2,3... pre simbola mane", 541)
    assert (entries[-1].title, entries[-1].line) == ("Šumski", 833)
    assert all(e.parent == "VII" and e.id == f"glossary:{e.title}" for e in entries)
    # the Cyrillic order of the original (notes A.5): V after B, F C Š at the end
    titles = [e.title for e in entries]
    assert titles.index("Van igre") == titles.index("Brojač") + 1
    assert titles[-9:] == ["Uništiti", "Faze", "Faza borbe", "Cena", "Cena aktivacije", "Špil", "Šteta", "Šuma",
                           "Šumski"]


def test_the_two_entries_without_a_heading(nodes: dict[str, ParsedNode]) -> None:
    izvorni, istocnik = nodes["glossary:Izvorni"], nodes["glossary:Istočnik"]
    assert izvorni.line == 651 and istocnik.line == 655
    assert izvorni.text.startswith("Izvorni je ime za grupu osobina koju čine Zemljani, Vodeni")
    assert izvorni.text.endswith("čak ni sa drugim Vodenim bićem.")  # continued at line 653
    assert istocnik.text.startswith("Istočnik je izazvana osobina koja se izaziva samo u slučaju")


def test_continuation_paragraphs_stay_with_their_entry(nodes: dict[str, ParsedNode]) -> None:
    # 595/597: a page break cut "Ako treba vući više od" / "jedne karte"
    assert "Ako treba vući više od jedne karte, karte se vuku jedna po jedna." in nodes["glossary:Vući"].text
    # 649 "Mana udar NE izazivaju ..." continues Izvorište, it is not an entry
    assert nodes["glossary:Izvorište"].text.endswith("već samo proizvedena a neiskorišćena mana u igračevom izvorištu.")
    assert nodes["glossary:Mana udar"].line == 697
    assert nodes["glossary:Izdržljivost"].text.endswith("Vrednost * je 0 dok biće nije u igri.")  # 657 + 659
    # the running trailer (835) and the web-site line after it are not glossary text
    assert nodes["glossary:Šumski"].text == ("Bića sa ovom osobinom ne mogu biti blokirana sve dok branilac "
                                             "(protivnički igrač koga napadaju) kontroliše izvor tipa Šuma.")


def test_redirect_entries(nodes: dict[str, ParsedNode]) -> None:
    # lines 635, 683 (bold target), 699, 827
    assert nodes["glossary:Igrač koji se brani"].text == "Vidi: Branilac"
    assert nodes["glossary:Korak borbene štete"].text == "Vidi: Borbena šteta"
    assert nodes["glossary:Menja"].text == "Vidi: Promene, Oreol"
    assert nodes["glossary:Špil"].text == "Vidi: Početni špil"


# --- cleaning and flags ---------------------------------------------------------------------------------


def test_no_markup_is_left_in_text_or_titles(doc: ParsedDocument) -> None:
    assert not any("**" in n.text or "**" in n.title for n in doc.nodes)
    # star power/toughness is a literal asterisk, not italics: one at 657, one at 659, two at 789
    assert sum(n.text.count("*") for n in doc.nodes) == 4


def test_cyrillic_letters_in_latin_words_are_read_as_latin_and_flagged(nodes: dict[str, ParsedNode]) -> None:
    promenjeno, promesaj = nodes["glossary:Promenjeno, promenjeni..."], nodes["glossary:Promešaj"]
    assert "(promenjeni...)" in promenjeno.text and "stavljene u špil" in promesaj.text  # lines 763, 765
    assert [f.kind for f in promenjeno.flags if f.kind == "garbled"] == ["garbled"]
    assert any(f.kind == "garbled" and f.detail.startswith("stavljenе") for f in promesaj.flags)


def test_lost_symbols_are_flagged(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # notes §8 item 1: lines 138, 142, 164, 166, 182, 184, 252, 254 (twice), 286, 354, 505, 513-529 (five
    # colours), and the five basic sources 583, 589, 601, 627, 831 ("ima simbol .")
    missing = [(n.id, f.detail) for n in doc.nodes for f in n.flags if f.kind == "missing_symbol"]
    assert len(missing) == 22
    assert ("I.delovi-karte-igre-izvori-magije.mana-cena", "sivog simbola (1  3 ), plaćaš") in missing
    assert [d for i, d in missing if i == "glossary:Šuma"] == ["vrhu ima simbol . Aktiviranjem"]
    assert nodes["I.delovi-karte-igre-izvori-magije.mana-cena"].text.count("(1 3 )") == 1


# Every bold span of the document (159; 133 distinct) and the headword it names, read term by term against
# the Rečnik. None: the game's name, words the Rečnik has no entry for (Pripremi, Kraj borbe, života alone),
# and forms that would need a guess (srebrne: Srebrne karte? mana cena: Mana or Cena?).
BOLD = {
    "Izvori magije": None, "Izvora": None, "Izvora magije": None, "Izvore magije": None, "Izvola": None,
    "Izvola magije": None, "crvenoj": None, "potez": "Potez", "deaktiviraj": None, "Pripremi": None,
    "Ostale magije": None, "Bića koja blokiraju": "Bića koja blokiraju", "snaga": "Snaga",
    "izdržljivost": "Izdržljivost", "ponovo igray bića i ostale magije.": None, "odbacuješ": "Odbaciti",
    "protivnik": "Protivnik", "iznenađenja": "Iznenadenje", "osobine": "Osobine", "ukupni život": "Ukupan život",
    "protivnika": "Protivnik", "vuče": "Vući", "biblioteci": "Biblioteka", "života": None, "igrač": "Igrač",
    "korak vučenja": "Korak vučenja", "u igri": "U igri", "cene": "Cena", "odigra": "Odigravanje",
    "magija": "Magija", "mana cena": None, "plaćaš": "Plaćati", "manu": "Mana", "artefakt": "Artefakt",
    "biće": "Biće", "promena": "Promena", "iznenađenje": "Iznenadenje", "vradžbina": "Vradžbina",
    "izvor": "Izvor", "Permanent": "Permanent", "simbol-biće": "Simbol-biće", "tipu karte": "Tip karte",
    "Oznaka 1. edicije": "Oznaka edicije", "obične karte": "Obične karte", "srebrne": None,
    "zlatne karte": "Zlatne karte", "Prpratni tekst": "Prpratni tekst", "podsetnik": "Podsetnik",
    "Kolekcionarski broj": "Kolekcionarski broj", "izvorište": "Izvorište", "faze": "Faze",
    "gubiš 10 života": "Gubitak života", "mana udar": "Mana udar", "boja": "Boja", "bezbojna": "Bezbojna",
    "ubacuju u igru": "Ubaciti u igru", "razreše": "Razrešenje", "permanenti": "Permanent",
    "Aktiviranje": "Aktiviranje", "poteza": "Potez", "deaktiviraš": None, "ceni aktivacije": "Cena aktivacije",
    "osobina": "Osobine", "odaberi": "Odabiranje", "niz": "Niz", "Oprema": "Oprema", "uništi": "Uništiti",
    "kontrolom": "Kontrolisanje", "Oreol": "Oreol", "vezane": None, "menja": "Menja", "vlasnika": "Vlasnik",
    "prednost": "Prednost", "odgovor": "Odgovor", "sprečeno": "Sprečavanje", "mana osobine": "Mana osobina",
    "osnovni izvor": "Osnovni izvor", "neosnovni izvor": "Neosnovni izvor", "ruci": "Ruka",
    "koraka odbacivanja": "Korak odbacivanja", "odbaciti": "Odbaciti", "odlagalište": "Odlagalište",
    "odbačene": "Odbaciti", "uništene": "Uništiti", "žrtvovane": "Žrtvovanje", "efektom": "Efekat",
    "fazu borbe": "Faza borbe", "aktivnu osobinu": "Aktivna osobina", "izazvana osobina": "Izazvana osobina",
    "dogadj izazivanja": "Događaj izazivanja", "Pasivne osobine": "Pasivne osobine",
    "trajne efekte": "Trajni efekat", "otkrivenim": "Otkriti", "Aktivni igrač": "Aktivni igrač",
    "koraka": "Korak", "koraka deaktiviranja": "Korak deaktiviranja",
    "igrati magiju ili osobinu": "Igrati magiju ili osobinu", "dalje": "Dalje", "odgovaraš": "Odgovor",
    "žrtvovanje": "Žrtvovanje", "ispravna meta": "Ispravna meta", "Efekat zamene": "Efekat zamene",
    "umesto toga": "Umesto toga", "spreči": "Sprečavanje", "borbenu štetu": "Borbena šteta",
    "bića koja napadaju": "Bića koja napadaju", "brani lac": "Branilac", "biće koje blokira": "Bića koja blokiraju",
    "Neblokirana bića": None, "Blokirana bića": "Blokirano biće",
    "najave bića koja blokiraju": "Najava bića koja blokiraju", "Kraj borbe": None,
    "Glavna Faza (ponovo)": "Glavne faze", "Završna Faza": "Završna faza", "Kraj poteza": None,
    "Odbacivanje": "Odbaciti", "Anti": "Anti", "Zastrašuje": "Zastrašuje", "Zemljani": "Zemljani",
    "Vodeni": "Vodeni", "Grobni": "Grobni", "Vatreni": "Vatreni", "Šumski": "Šumski", "Jurišnik": "Jurišnik",
    "koraka borbene štete": "Korak borbene štete", "Letač": "Letač", "Opreznost": "Opreznost",
    "borbene štete": "Borbena šteta", "Razbijač": "Razbijač", "efekat zamene": "Efekat zamene",
    "Ubrzanje": "Ubrzanje", "Borbena šteta": "Borbena šteta",
}
BOLD_LIST = "Zemljani, Vodeni, Grobni, Vatreni i Šumski"  # line 651, five terms in one span


def test_the_bold_table_covers_every_bold_span(text: str) -> None:
    spans = [s for line in text.split("\n") for s in sr_basic.bold_terms(line)]
    assert len(spans) == 159 and len(set(spans)) == 133  # notes A.4: 159 spans
    assert set(spans) == set(BOLD) | {BOLD_LIST}


@pytest.mark.parametrize("term", sorted(BOLD), ids=sorted(BOLD))
def test_bold_term_links_to_its_headword(doc: ParsedDocument, term: str) -> None:
    linker = TermLinker.of(n.title for n in glossary(doc))
    expected = BOLD[term]
    assert linker.link(term) == ((expected,) if expected else ())


def test_a_printed_list_of_terms_links_each(doc: ParsedDocument) -> None:
    linker = TermLinker.of(n.title for n in glossary(doc))
    assert linker.link(BOLD_LIST) == ("Zemljani", "Vodeni", "Grobni", "Vatreni", "Šumski")


def test_every_headword_the_links_name_exists(doc: ParsedDocument) -> None:
    headwords = {n.title for n in glossary(doc)}
    assert {h for h in BOLD.values() if h} <= headwords


def test_glossary_term_flags_one_per_unit_and_headword(text: str, doc: ParsedDocument) -> None:
    """Count the links the graph will make: per unit, the distinct headwords its bold spans name (not its own)."""
    starts = [n.line for n in doc.nodes]
    heads: dict[str, set[str]] = {n.id: set() for n in doc.nodes}
    for no, line in enumerate(text.split("\n")[:834], start=1):  # 835: the running trailer
        if no < starts[0]:
            continue
        # the last unit starting at or before the line; 106-110 close the quick start (UI), after UI.5
        uid = "UI" if 106 <= no <= 110 else doc.nodes[max(i for i, s in enumerate(starts) if s <= no)].id
        for span in sr_basic.bold_terms(line):
            found = BOLD.get(span)
            names = [found] if found else (
                ["Zemljani", "Vodeni", "Grobni", "Vatreni", "Šumski"] if span == BOLD_LIST else [])
            heads[uid].update(h for h in names if f"glossary:{h}" != uid)
    for node in doc.nodes:
        linked = [f for f in node.flags if f.kind == "glossary_term"]
        assert {f.term for f in linked} == heads[node.id], node.id
        assert all(f.ref == f"glossary:{f.term}" for f in linked), node.id
    # 122 in running text and glossary entries, 3 in the bold headings of Deo III (424, 428, 436)
    assert sum(len(h) for h in heads.values()) == 125
    assert sum(f.kind == "glossary_term" for n in doc.nodes for f in n.flags) == 125


def test_unlinked_bold_spans_are_recorded(nodes: dict[str, ParsedNode]) -> None:
    # line 420 "e) **Kraj borbe**": bold in a heading, no Rečnik entry
    assert [f.term for f in nodes["III.3.e"].flags if f.kind == "bold"] == ["Kraj borbe"]
    # line 19: "u **crvenoj** boji"; lines 11-17 the game's name
    assert {f.term for f in nodes["UVOD"].flags if f.kind == "bold"} == {
        "Izvori magije", "Izvora", "Izvora magije", "crvenoj"}


@pytest.mark.parametrize(("word", "key"), [("ruci", "ruki"), ("Ruka", "ruka"), ("Iznenađenja", "iznenadenja"),
                                           ("Iznenadenje", "iznenadenje"), ("vuče", "vuke"), ("Vući", "vuki")])
def test_word_keys_fold_what_inflection_and_spelling_change(word: str, key: str) -> None:
    assert word_key(word) == key


# --- cross-references -----------------------------------------------------------------------------------


def cites(nodes: dict[str, ParsedNode], uid: str) -> list[tuple[str, tuple[str, ...], str | None]]:
    return [(c.surface, tuple(t.first for t in c.targets), c.title)
            for c in sr_basic.find_citations(nodes[uid].text)]


def test_page_and_title_references(nodes: dict[str, ParsedNode]) -> None:
    # line 17: Deo “Učenje igre” na stranama 2-3 (contents: Učenje igre on page 2); line 19: page 16 = Rečnik
    assert cites(nodes, "UVOD") == [("Deo “Učenje igre”", ("UI",), "Učenje igre"),
                                    ("na stranama 2-3", ("UI",), None), ("na 16. stranici", ("VII",), None)]
    # line 140: page 6 = Tipovi karata (contents line 34)
    assert cites(nodes, "I.delovi-karte-igre-izvori-magije.tip-karte") == [
        ("Vidi stranu 6", ("I.tipovi-karata",), None)]
    # line 230: page 10 holds two sections (contents 44-45); both, never a guess
    assert cites(nodes, "I.zone.niz") == [
        ("Pogledaj stranu 10", ("II.niz", "II.kako-se-magije-ili-osobine-razresavaju"), None)]
    # lines 278 (italic in print) and 287
    assert cites(nodes, "II.kako-igram-magiju-ili-aktivnu-osobinu") == [
        ("Deo III: Struktura poteza", ("III",), "Struktura poteza"),
        ("Vidi “Niz”", ("II.niz",), "Niz"),
        ("“Kako se Magije ili Osobine razrešavaju?”", ("II.kako-se-magije-ili-osobine-razresavaju",),
         "Kako se Magije ili Osobine razrešavaju?")]


def test_glossary_redirects_are_citations(nodes: dict[str, ParsedNode]) -> None:
    assert cites(nodes, "glossary:Igrač koji se brani") == [("Vidi: Branilac", ("glossary:Branilac",), None)]
    # line 699: "Promene" is printed plural; the headword is "Promena", so it stays as printed (dangling)
    assert cites(nodes, "glossary:Menja") == [("Vidi: Promene", ("glossary:Promene",), None),
                                               ("Oreol", ("glossary:Oreol",), None)]


def test_citation_spans_index_the_text(doc: ParsedDocument) -> None:
    for node in doc.nodes:
        for c in sr_basic.find_citations(node.text):
            assert node.text[c.start:c.end] == c.surface


def test_every_cited_unit_exists(doc: ParsedDocument) -> None:
    ids = {n.id for n in doc.nodes}
    targets = {t.first for n in doc.nodes for c in sr_basic.find_citations(n.text) for t in c.targets}
    assert targets - ids == {"glossary:Promene"}
