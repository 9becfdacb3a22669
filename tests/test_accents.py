"""Czech words typed without diacritics meet the words the documents print (izvori_rules/text/accents.py): the
table corpus/accented_words.tsv, reproduced by scripts/make_accented_words.py, and the terms it gives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from izvori_rules.corpus import corpus_dir
from izvori_rules.errors import CorpusError
from izvori_rules.text.accents import FILE_NAME, accented_words, load_accented_words, parse_accented_words
from izvori_rules.text.folding import fold
from izvori_rules.text.stemming import normalize_word, typed_term

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "make_accented_words.py"


@pytest.mark.parametrize(("typed", "printed"), [
    ("hrace", "hráče"),  # cs-cr 102.8 and throughout: hráče (the player's)
    ("jedovych", "jedových"),  # cs-cr 102.8: deset nebo více jedových žetonů
    ("zahrat", "zahrát"),  # cs-cr 214.9b: Hráč může ... zahrát pouze jednu kartu země za kolo
], ids=["palatal-looking", "case-ending", "infinitive"])
def test_a_word_typed_without_diacritics_gets_the_printed_words_term(typed: str, printed: str) -> None:
    assert typed_term("cs", typed) != typed_term("cs", printed)  # stemmed as typed, the two differ
    assert normalize_word("cs", typed) == normalize_word("cs", printed)
    assert normalize_word("cs", typed.upper()) == normalize_word("cs", printed)


def test_words_with_diacritics_and_other_languages_are_stemmed_as_typed() -> None:
    assert normalize_word("cs", "hráče") == typed_term("cs", "hráče")
    assert normalize_word("sr", "hrace") == typed_term("sr", "hrace")


def test_the_table_lists_only_spellings_the_documents_never_print() -> None:
    table = load_accented_words()["cs"]
    assert table["hrace"] == "hráče"
    cs_cr = (corpus_dir() / "documents" / "cs-cr.txt").read_text(encoding="utf-8").lower()
    printed = set(cs_cr.replace(".", " ").replace(",", " ").split())
    assert not set(table) & printed


def test_the_most_printed_form_wins_and_equal_terms_are_left_out() -> None:
    counts = {"práva": 3, "pravá": 1, "kartám": 2, "karty": 4, "prava": 1}
    rows = accented_words("cs", counts, lambda word: word)  # every spelling its own term
    # prava is printed itself, karty has no diacritics: neither is listed
    assert [row[1:] for row in rows] == [("kartam", "kartám", 2)]
    del counts["prava"]
    rows = accented_words("cs", counts, lambda word: word)
    assert [row[1:] for row in rows] == [("kartam", "kartám", 2), ("prava", "práva", 3)]
    assert accented_words("cs", counts, fold) == []  # the same term typed either way


@pytest.mark.parametrize(("row", "message"), [
    ("cs\thrace\thráči\t3", "does not fold to 'hrace'"),
    ("cs\thrace\thráče\tthree", "is not a number"),
    ("cs\thrace\thráče\t3\ncs\thrace\thráče\t2", "listed twice"),
], ids=["wrong-fold", "count", "twice"])
def test_a_malformed_row_names_its_cell(row: str, message: str) -> None:
    with pytest.raises(CorpusError, match=message):
        parse_accented_words(f"lang\ttyped\tprinted\tcount\n{row}\n", FILE_NAME)


def test_script_reproduces_accented_words_tsv() -> None:
    spec = importlib.util.spec_from_file_location("make_accented_words", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.build_table() == (corpus_dir() / FILE_NAME).read_text(encoding="utf-8")
