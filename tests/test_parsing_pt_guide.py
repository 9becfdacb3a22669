"""The pt-guide parser: segments as units, the glossary (154 headwords), cleaning, old rule numbers.

Every expected value was read in corpus/documents/pt-guide.txt; comments name the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from izvori_rules.model import GLOSSARY, ParsedDocument, ParsedNode
from izvori_rules.parsing import pt_guide


@pytest.fixture(scope="module")
def text(corpus_text: Callable[[str], str]) -> str:
    return corpus_text("pt-guide")


@pytest.fixture(scope="module")
def doc(text: str) -> ParsedDocument:
    return pt_guide.parse(text)


def glossary(doc: ParsedDocument) -> list[ParsedNode]:
    return [n for n in doc.nodes if n.kind == GLOSSARY]


# --- the units ------------------------------------------------------------------------------------------


def test_segments_and_their_units(doc: ParsedDocument) -> None:
    units = [(n.id, n.line) for n in doc.nodes if n.kind != GLOSSARY]
    assert units == [
        ("deck", 1), ("deck.analise", 40),
        ("construcao", 42),
        *[(f"construcao.{i}", line) for i, line in enumerate([46, 47, 54, 55, 56, 57, 58, 59, 60], 1)],
        ("jogo", 62), ("jogo.o-jogo", 64),
        ("cores", 70), ("cores.branco", 74), ("cores.azul", 78), ("cores.preto", 85), ("cores.vermelho", 90),
        ("cores.verde", 94),
        ("planeswalkers", 98), ("planeswalkers.a-centelha-um-em-um-milhao", 102),
        ("planeswalkers.as-eternidades-cegas", 106), ("planeswalkers.a-vida-de-um-planeswalker", 110),
        ("planeswalkers.planeswalkers-conhecidos", 114),
        ("regras", 131),
    ]


def test_the_deck_list_unit(nodes: dict[str, ParsedNode]) -> None:
    deck = nodes["deck"]
    assert deck.title == "Analise deck de fractius"  # line 1
    # lines 3-38, non-breaking spaces (7, 9, 35 ...) read as spaces
    assert deck.text.startswith("bom vamos a lista de um deck de fractius puramente agroo Criaturas "
                                "4 fractius pele preciosa ( acelerador de mana) 4 fractius trilha de fogo")
    assert deck.text.endswith("5 florestas 3 montanhas 3 planicies 2 ilhas")
    assert "2 fractius alado ( evasão do deck)" in deck.text  # line 9: "2\xa0 fractius\xa0 alado\xa0  ("
    assert nodes["deck.analise"].text.startswith("Esse é um deck cuja finalidade e ganhar o oponente na porrada.")


def test_the_deck_building_rule_and_the_rules_summary(nodes: dict[str, ParsedNode]) -> None:
    # line 46, the bullet that states the construction rules
    rule = nodes["construcao.1"].text
    assert rule.startswith("A estrutura básica de um deck é: Ele deve ter preferencialmente 60 cartas; Não podem "
                           "haver mais de 4 cópias de cada carta, que não sejam terrenos básicos (Pântano, Ilha, "
                           "Floresta, Planície e Montanha)")
    # lines 48-53: the six strategy sub-bullets stay in bullet 2 (line 47)
    assert nodes["construcao.2"].text.count(" - ") >= 6 and "- Destruição de Terrenos:" in nodes["construcao.2"].text
    # line 66
    assert nodes["jogo.o-jogo"].text.startswith("Cada jogador começa com 20 pontos de vida e constrói deck de "
                                                "pelo menos 60 cartas (40 se for partida de deck selado ou se o "
                                                "jogador for iniciante).")


def test_no_non_breaking_space_is_left(doc: ParsedDocument) -> None:
    assert not any("\xa0" in n.text or "\xa0" in n.title for n in doc.nodes)  # 38 in the file (notes §8)


# --- the glossary ---------------------------------------------------------------------------------------

# Notes B.4 lists the 154 headwords with their lines; a sample of them, and every irregular one.
HEADWORDS = [
    ("Cemitério", 133), ("Colocar de Lado", 136), ("Comprar", 139), ("Controle/Controlador", 148),
    ("Custo de Execução", 196), ("Desencadear / Habilidade Desencadeada", 251), ("Desvirar", 259),
    ("Em jogo", 295), ("Enjoo de Invocação", 316), ("Ímpeto", 432), ("Jogador Ativo", 462), ("LIFO", 487),
    ("Lendário", 485), ("Pilha", 593), ("Poder", 600), ("Responder / Resposta", 678), ("Se", 700),
    ("Tipo", 749),
    ("Travessia de Floresta, Travessia de Ilha, Travessia de Montanha, Travessia de Pântano, Travessia de Planície",
     765),
    ("Travessia de Terreno", 767), ("X", 790), ("Zona", 795),
]


def test_the_glossary_has_154_entries(doc: ParsedDocument) -> None:
    entries = glossary(doc)
    assert len(entries) == 154  # lines 133-796, notes B.4
    assert all(e.parent == "regras" for e in entries)
    assert len({e.id for e in entries}) == 154


@pytest.mark.parametrize(("word", "line"), HEADWORDS, ids=[h[0][:30] for h in HEADWORDS])
def test_headwords(nodes: dict[str, ParsedNode], word: str, line: int) -> None:
    assert nodes[f"glossary:{word}"].line == line


def test_headwords_are_in_printed_order_from_c_to_z(doc: ParsedDocument) -> None:
    entries = glossary(doc)
    assert [e.line for e in entries] == sorted(e.line for e in entries)
    assert (entries[0].title, entries[-1].title) == ("Cemitério", "Zona")


def test_labels_leave_the_id_and_stay_in_the_title(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    labels = [f.detail for n in doc.nodes for f in n.flags if f.kind == "label"]
    assert labels.count("Obsoleto") == 18 and labels.count("Informal") == 2  # notes B.4: ×18 and ×2
    node = nodes["glossary:Formar Bando, Forma Bando com"]  # line 386
    assert node.title == "Formar Bando, Forma Bando com (Obsoleto)"


def test_the_last_entry_zona_keeps_its_definition(nodes: dict[str, ParsedNode]) -> None:
    # line 796, the file's last line (no final newline); the glossary ends at Zona as the issue says
    assert nodes["glossary:Zona"].text == ("Uma zona é qualquer área onde as cartas de Magic possam estar "
                                          "durante um jogo. Ver regra 217, “Zonas.”")


def test_definitions_without_a_final_period_do_not_swallow_the_next_headword(nodes: dict[str, ParsedNode]) -> None:
    # 138 "Ver também Removido de Jogo" (no period) then "Comprar"; 486 "... o subtipo Lenda" then "LIFO"
    assert nodes["glossary:Colocar de Lado"].text.endswith("lado retornar a jogo. Ver também Removido de Jogo")
    assert nodes["glossary:Lendário"].text == "A palavra “lendário” no texto de uma carta dá-lhe o subtipo Lenda"


def test_the_wrapped_redirect_is_one_entry(nodes: dict[str, ParsedNode]) -> None:
    node = nodes["glossary:Travessia de Floresta, Travessia de Ilha, Travessia de Montanha, Travessia de Pântano, "
                 "Travessia de Planície"]  # lines 765-766
    assert node.text == "Ver Travessia de Terreno."
    assert nodes["glossary:Tipo"].text.endswith("não são tipos não podem ser nomeados quando um tipo tem de ser "
                                                "escolhido.")  # line 764


def test_page_numbers_are_dropped_and_the_sentence_joined(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # line 296 "... criatura, ou" / 297 "23" / 298 "encantamento resolve ..."
    assert "Quando uma mágica de artefato, criatura, ou encantamento resolve" in nodes["glossary:Em jogo"].text
    # 408 / 409 "25" / 410
    assert "Este é o único tipo de habilidade que pode ser usado durante" in nodes["glossary:Habilidade de Mana"].text
    # no entry ends with a page number (lines 185, 241, 353, 465, 521, 577, 688 fall between entries)
    assert not any(re.search(r"\s(2\d|30)$", e.text) for e in glossary(doc))


def test_mana_font_text_is_rendered_as_symbols(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    # line 200 "o3oUoU", 193 "o2, ocT:", 712 the symbol list, 781 "90o" and "ocT", 784 a bare "T", 576 "DCIÔ"
    assert "igual a {3}{U}{U} o que significa" in nodes["glossary:Custo de Mana Convertido"].text
    assert "“{2}, {T}: Ganhe 1 ponto de vida”" in nodes["glossary:Custo de Ativação"].text
    assert nodes["glossary:Símbolo de Mana"].text.startswith(
        "Os símbolos de mana são {W}, {U}, {B}, {R}, {G}, números de {0} a {9}, e {X}.")
    virar = nodes["glossary:Virar"].text
    assert virar.startswith("Virar uma permanente é girá-la 90°. O símbolo {T} num custo de ativação")
    assert virar.endswith("não podem usar qualquer habilidade com {T} no custo.")
    assert nodes["glossary:Partida"].text.endswith("consultar as “Standard Floor Rules” da DCI™.")
    assert nodes["glossary:X"].text.startswith("Se um custo inclui uma parcela “{X}”")
    leaked = re.compile(r"(?<!\w)(?:o[0-9WUBRGX]|ocT)+(?!\w)")
    assert not any(leaked.search(n.text) for n in doc.nodes)


def test_the_paragraph_without_a_headword_is_flagged(nodes: dict[str, ParsedNode]) -> None:
    pilha = nodes["glossary:Pilha"]  # lines 597-599, state-based effects, printed under Pilha
    assert pilha.text.endswith("os efeitos baseados no estado do jogo são verificados e aplicados.")
    assert [f.kind for f in pilha.flags] == ["headless_paragraph"]


# --- citations ------------------------------------------------------------------------------------------


def rule_citations(doc: ParsedDocument) -> list[tuple[str, str, str | None, str | None]]:
    return [(n.id, c.targets[0].first, c.targets[0].last, c.title)
            for n in doc.nodes for c in pt_guide.find_citations(n.text)
            if not c.targets[0].first.startswith("glossary:")]


def test_every_old_rule_number_is_found(doc: ParsedDocument, text: str) -> None:
    found = rule_citations(doc)
    # "regra", "regras" or "seção" followed by a number, counted in the glossary's text (lines 131-796)
    printed = re.findall(r"(?:[Rr]egras?|[Ss]eção)\s+\d", " ".join(text.split("\n")[130:]))
    assert len(found) == len(printed) == 74
    assert all(doc_ is None for n in doc.nodes for c in pt_guide.find_citations(n.text) for t in c.targets
               for doc_ in [t.doc])


@pytest.mark.parametrize(("entry", "first", "last", "title"), [
    ("glossary:Cemitério", "217", None, "Zonas"),  # 135 "Ver seção 217, “Zonas”."
    ("glossary:Criatura Artefato", "214", None, "Tipos de Permanentes"),  # 160-161, wrapped, title "….”"
    ("glossary:Fase de Combate", "306", "311", None),  # 341 "Ver regras 306 – 311."
    ("glossary:Tipo", "212", "215", None),  # 751
    ("glossary:Etapa", "3", None, "Estrutura do Turno"),  # 335 "Ver seção 3"
    ("glossary:Sair de Jogo", "410.10c", None, None),  # 696
    ("glossary:Mulligan", "101.5", None, None),  # 537 "Ver regra 101.5."
    ("glossary:Ímpeto", "502.5", None, "Ímpeto"),  # 435-436
    ("glossary:Habilidade", "4", None, "Mágicas, Efeitos e Habilidades"),  # 428 "veja a seção 4,"
], ids=["secao-217", "wrapped", "range", "range-2", "section", "letter", "period", "keyword", "veja"])
def test_rule_citations(nodes: dict[str, ParsedNode], entry: str, first: str, last: str | None,
                        title: str | None) -> None:
    found = [(t.first, t.last, c.title) for c in pt_guide.find_citations(nodes[entry].text) for t in c.targets
             if not t.first.startswith("glossary:")]
    assert (first, last, title) in found


def test_two_rules_in_one_sentence_are_two_citations(nodes: dict[str, ParsedNode]) -> None:
    # line 221 "Ver regra 203, “Custo de Mana” e regra 403, “Habilidades Ativadas”."
    found = pt_guide.find_citations(nodes["glossary:Custo"].text)
    assert [(c.surface, c.title) for c in found] == [("regra 203, “Custo de Mana”", "Custo de Mana"),
                                                     ("regra 403, “Habilidades Ativadas”", "Habilidades Ativadas")]


def test_cross_references_name_existing_entries(doc: ParsedDocument, nodes: dict[str, ParsedNode]) -> None:
    refs = [(n.id, c.surface, c.targets[0].first) for n in doc.nodes for c in pt_guide.find_citations(n.text)
            if c.targets[0].first.startswith("glossary:")]
    # lines 138, 260, 269, 294, 311 (two), 319, 664, 766
    assert [r[2] for r in refs] == [
        "glossary:Removido de Jogo", "glossary:Virar", "glossary:Partida", "glossary:Efeito Contínuo",
        "glossary:Encantamento Global", "glossary:Encantamento Local", "glossary:Ímpeto",
        "glossary:Queimadura de Mana", "glossary:Travessia de Terreno"]
    assert all(target in nodes for _, _, target in refs)
    assert ("glossary:Efeitos Simples", "Ver também Efeitos Contínuos", "glossary:Efeito Contínuo") in refs


@pytest.mark.parametrize(("printed", "headword"), [
    ("Efeitos Contínuos", "Efeito Contínuo"), ("Encantamentos Globais", "Encantamento Global"),
    ("ímpeto", "Ímpeto"), ("Removido de Jogo", "Removido de Jogo"), ("Queimadura de Mana", "Queimadura de Mana"),
], ids=["plural", "plural-ais", "capital", "singular", "function-word"])
def test_headword_of_a_cross_reference(printed: str, headword: str) -> None:
    assert pt_guide.headword_of(printed) == headword


def test_citation_spans_index_the_text(doc: ParsedDocument) -> None:
    for node in doc.nodes:
        for c in pt_guide.find_citations(node.text):
            assert node.text[c.start:c.end] == c.surface
