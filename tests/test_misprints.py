"""Misprints mended after parsing (izvori_rules/misprints.py, corpus/misprints.tsv): the words a judge reads
are what lookup shows and the index holds; what was printed stays in a ``corrected`` flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from izvori_rules.errors import CorpusError
from izvori_rules.graph import RuleGraph
from izvori_rules.misprints import Misprint, corrected, load_misprints
from izvori_rules.model import Flag, ParsedDocument, ParsedNode

HEADER = "doc\tid\tprinted\tread\tnote\n"


@pytest.mark.parametrize(("ref", "text"), [
    # ru-cr.txt lines 10526-10532: "котораяфункционирует", "а такжесрабатывающую", "вместо оплатыеё",
    # "егостоимость", "стоимостивызывания", and spaces lost before a bracket and after a comma:
    # "«Вызывание[стоимость]»", "стоимостей,приведённым"
    pytest.param("ru-cr:702.73a",
                 "Вызывание представляет две способности: статическую способность, которая функционирует в любой "
                 "зоне, из которой карта с вызыванием может быть разыграна, а также срабатывающую способность, "
                 "которая функционирует на поле битвы. «Вызывание [стоимость]» означает «Вы можете разыграть эту "
                 "карту оплатив [стоимость] вместо оплаты её мана-стоимости» и «Когда этот перманент выходит на "
                 "поле битвы, если была оплачена его стоимость вызывания, то контролирующий его игрок жертвует "
                 "его». Оплата стоимости вызывания карты происходит по правилам для оплаты альтернативных "
                 "стоимостей, приведённым в пунктах правил 601.2b и 601.2f–h.", id="ru-702.73a-evoke"),
    # ru-cr.txt lines 11433-11438: "карта сБальзамированием", "копиейэтой", "являющуюсяЗомби", "привозможности"
    pytest.param("ru-cr:702.127a",
                 "Бальзамирование — это активируемая способность, которая действует, пока карта с Бальзамированием "
                 "находится на кладбище. «Бальзамирование [стоимость]» означает: «[Стоимость], изгоните эту карту "
                 "из вашего кладбища: создайте фишку, являющуюся копией этой карты, но при этом являющуюся белой, "
                 "не имеющей мана-стоимости и являющуюся Зомби в дополнение к своим другим типам. Активируйте эту "
                 "способность только при возможности разыгрывать волшебство».", id="ru-702.127a-embalm"),
    # cs-cr.txt, 306.2's last sentence: "ani nezabrání! tomu"
    pytest.param("cs-cr:306.2",
                 "Pokud bytost přestane být bytostí, je vyřazena z boje (jako důsledek opuštění hry z jakéhokoliv "
                 "důvodu, například proto, že byla zničena nebo odstraněna ze hry). Stejně tak je vyřazena z boje, "
                 "pokud se regeneruje (viz. pravidlo 419.6b) nebo se změní její kontroler. Vyřazena z boje "
                 "znamená, že bytost přestává být útočící, blokující, blokovanou nebo neblokovanou bytostí. Když "
                 "už jednou byla bytost deklarována jako útočící nebo blokující, kouzla nebo schopnosti, které by "
                 "zabránili bytosti útočit nebo blokovat, ji už z boje nevyřadí. Tapnutí nebo odtapnutí bytosti, "
                 "která už byla deklarována jako útočník nebo obránce, ji nevyřadí z boje a ani nezabrání tomu, že "
                 "bytost dostane i udělí bojové zranění.", id="cs-306.2-combat"),
])
def test_lookup_shows_the_mended_words(graph: RuleGraph, ref: str, text: str) -> None:
    assert graph.nodes[ref].text == text


def test_bestow_reads_or_onto_the_battlefield(graph: RuleGraph) -> None:
    # ru-cr.txt line 10996: "пока карта находится в стеке илина поле битвы"; line 11000 "этогозаклинания"
    text = graph.nodes["ru-cr:702.102a"].text
    assert "пока карта находится в стеке или на поле битвы." in text
    assert "Если вы решаете уплатить стоимость Дара этого заклинания" in text
    assert "илина" not in text and "этогозаклинания" not in text


def test_a_table_of_contents_title_is_mended(graph: RuleGraph) -> None:
    # cs-cr.txt line 3: "421. Řešení nekoneč` eých smyček" (Handling Infinite Loops)
    assert graph.nodes["cs-cr:421"].title == "Řešení nekonečných smyček"


def test_the_flag_keeps_what_was_printed(graph: RuleGraph) -> None:
    flags = [f for f in graph.nodes["ru-cr:702.127a"].flags if f.kind == "corrected"]
    assert ("сБальзамированием", "с Бальзамированием") in [(dict(f.values)["printed"], dict(f.values)["read"])
                                                          for f in flags]
    assert len(flags) == 5  # сБальзамированием, означает:«[Стоимость], копиейэтой, являющуюсяЗомби, привозможности


def test_the_garbled_flag_gives_way_to_the_correction(graph: RuleGraph) -> None:
    kinds = [f.kind for f in graph.nodes["cs-cr:306.2"].flags]
    assert "garbled" not in kinds and "corrected" in kinds
    # 214.9d "(Taiga? forest)": its reading is not certain, so it stays as printed and flagged
    assert Flag("garbled", "Taiga? forest") in graph.nodes["cs-cr:214.9d"].flags


def test_every_row_is_a_distinct_mend() -> None:
    rows = [row for rows in load_misprints().values() for row in rows]
    keys = [(row.doc, row.id, row.printed) for row in rows]
    assert len(keys) == len(set(keys))


def _document(text: str) -> ParsedDocument:
    return ParsedDocument((ParsedNode("1.1", "rule", "1.1", "", text, ("a wordrun in an example",), None, 1),))


def _rows(tmp_path: Path, *lines: str) -> dict[str, tuple[Misprint, ...]]:
    (tmp_path / "misprints.tsv").write_text(HEADER + "".join(line + "\n" for line in lines), encoding="utf-8")
    return load_misprints(tmp_path)


def test_every_occurrence_in_text_and_examples_is_mended(tmp_path: Path) -> None:
    rows = _rows(tmp_path, "x\t1.1\twordrun\tword run\tno space")
    node = corrected(_document("one wordrun, two wordrun"), rows["x"]).nodes[0]
    assert (node.text, node.examples) == ("one word run, two word run", ("a word run in an example",))
    assert node.flags[0].detail == "printed «wordrun», read as «word run»: no space"


@pytest.mark.parametrize(("row", "message"), [
    ("x\t1.1\tmissing\tmis sing\tno space", "misprints.tsv:2:7: x:1.1 «missing»: 1.1 does not print these words"),
    ("x\t9.9\twordrun\tword run\tno space", "misprints.tsv:2:7: x:9.9 «wordrun»: no such node"),
], ids=["words-not-printed", "no-such-node"])
def test_a_stale_row_is_a_corpus_error_naming_it(tmp_path: Path, row: str, message: str) -> None:
    rows = _rows(tmp_path, row)
    with pytest.raises(CorpusError, match=message):
        corrected(_document("one wordrun"), rows["x"])


def test_a_row_without_a_reason_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="column 'note': empty"):
        _rows(tmp_path, "x\t1.1\twordrun\tword run\t")


@pytest.mark.parametrize(("ref", "words"), [
    ("ru-cr:309", "Измерение (неоф.) (англ. Plane)"),  # ru-cr.txt line 3791: "Planе" with a Cyrillic "е"
    ("ru-cr:glossary:Artifact Creature", "Артефакт Существо"),  # line 15414 "Cущество" with a Latin "C"
], ids=["ru-309-latin-word", "ru-glossary-russian-word"])
def test_a_word_of_two_scripts_is_read_in_one(graph: RuleGraph, ref: str, words: str) -> None:
    assert graph.nodes[ref].title == words


def test_a_typo_that_hides_a_searched_word_is_mended(graph: RuleGraph) -> None:
    # sr-judge.txt, B1.61: "Igrač koji kontoliše osobinu na nizu je igrač koji ju je odigrao"
    assert "Igrač koji kontroliše osobinu na nizu je igrač koji ju je odigrao" in graph.nodes["sr-judge:B1.61"].text


def test_only_whole_words_are_mended(tmp_path: Path) -> None:
    rows = _rows(tmp_path, "x\t1.1\tстем\tс тем\tno space")
    node = corrected(_document("не выход на поле битвы стем чтобы; системы"), rows["x"]).nodes[0]
    assert node.text == "не выход на поле битвы с тем чтобы; системы"
