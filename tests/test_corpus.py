"""The corpus loader: manifest, byte-for-byte documents, encodings and clear errors."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from izvori_rules.corpus import corpus_dir, corpus_hash, decode, load_manifest, read_document
from izvori_rules.errors import CorpusError
from izvori_rules.model import DocumentInfo

SHARED = Path(__file__).resolve().parents[2] / "shared" / "sources"


def test_manifest_lists_the_documents_in_order() -> None:
    ids = [d.id for d in load_manifest()]
    assert ids == ["sr-judge", "sr-basic", "cs-cr", "ru-cr", "pt-guide", "cr"]


def test_manifest_says_which_english_release_each_translation_translates() -> None:
    # issue 15: cs-cr is the CR of 2003-03-15, sr-judge the CR of 2006-10-01 renumbered, ru-cr the CR of 2019-05-03
    infos = {d.id: d for d in load_manifest()}
    assert {d: infos[d].translates for d in ("cs-cr", "sr-judge", "ru-cr")} == {
        "cs-cr": "cr-2003-03-15", "sr-judge": "cr-2006-10-01", "ru-cr": "cr-2019-05-03"}
    assert (infos["cr"].release, infos["cr"].family, infos["cr"].language) == ("2026-08-07", "cr", "en")


def test_cr_is_read_from_the_archive_of_releases() -> None:
    cr = next(d for d in load_manifest() if d.id == "cr")
    assert read_document(cr).startswith("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as "
                                        "of August 7, 2026.")


def test_a_translation_of_an_unknown_release_is_refused(tmp_path: Path) -> None:
    import shutil

    family = next(b for b in (corpus_dir() / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
                  if 'id = "cr"' in b)
    root = _write_manifest(tmp_path / "c", '[[document]]\nid = "x"\nfile = "a"\nlanguage = "sr"\ntitle = "t"\n'
                           'edition = "e"\nnumbering = "n"\nparser = "sr_judge"\ntranslates = "cr-1999-01-01"\n'
                           "[[document]]" + family)
    shutil.copytree(corpus_dir() / "cr-history", root / "cr-history")
    with pytest.raises(CorpusError, match="translates 'cr-1999-01-01'"):
        load_manifest(root)


def test_manifest_names_a_language_parser_and_defects_for_each() -> None:
    infos = {d.id: d for d in load_manifest()}
    assert {d: infos[d].language for d in infos} == {
        "sr-judge": "sr", "sr-basic": "sr", "cs-cr": "cs", "ru-cr": "ru", "pt-guide": "pt", "cr": "en"}
    assert infos["ru-cr"].edition == "3 May 2019"
    assert infos["ru-cr"].ruleset == "mtg" and infos["sr-judge"].ruleset == "izvori"
    assert all(d.defects for d in infos.values())


@pytest.mark.parametrize("doc", ["sr-judge", "sr-basic", "cs-cr", "ru-cr", "pt-guide"])
def test_documents_ship_byte_for_byte(doc: str) -> None:
    packaged = (corpus_dir() / "documents" / f"{doc}.txt").read_bytes()
    if SHARED.is_dir():
        assert hashlib.sha256(packaged).digest() == hashlib.sha256((SHARED / f"{doc}.txt").read_bytes()).digest()
    # sizes from ../shared/sources (ls -l): the copies must not be re-encoded or re-wrapped
    sizes = {"sr-judge": 305444, "sr-basic": 102044, "cs-cr": 55711, "ru-cr": 1416188, "pt-guide": 63864}
    assert len(packaged) == sizes[doc]


def test_read_document_decodes_utf8() -> None:
    info = next(d for d in load_manifest() if d.id == "ru-cr")
    text = read_document(info)
    assert text.splitlines()[1].startswith("Полные правила Magic: The Gathering")  # ru-cr.txt line 2


@pytest.mark.parametrize(("encoding", "sample"), [
    ("cp1250", "Razbijač štiti đaka: Žuta"),
    ("cp1251", "Пробивной удар, ёжик"),
    ("utf-16", "Útočící bytost; биће; atropelar"),
], ids=["cp1250-serbian-latin", "cp1251-russian", "utf-16-mixed"])
def test_declared_legacy_encodings_decode_exactly(encoding: str, sample: str, tmp_path: Path) -> None:
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "x.txt").write_bytes(sample.encode(encoding))
    info = DocumentInfo("x", "documents/x.txt", "sr", "t", "e", "n", "sr_judge", encoding=encoding)
    assert read_document(info, tmp_path) == sample


def test_wrong_encoding_is_a_clear_error() -> None:
    with pytest.raises(CorpusError, match=r"not valid utf-8 at byte 3.*manifest"):
        decode("abcč".encode("cp1250"), "utf-8", "x.txt")


def test_a_damaged_added_release_says_to_add_it_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # ``corpus add`` stores a release as checked UTF-8: a file damaged after it has no manifest encoding to mend
    from dataclasses import replace

    from izvori_rules.corpus import added_folder

    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path))
    added_folder().mkdir(parents=True)
    (added_folder() / "2099-01-01.txt").write_bytes("Magic: The Gathering\n100.1. Hrá\u010d".encode("cp1250"))
    cr = next(info for info in load_manifest() if info.id == "cr")
    with pytest.raises(CorpusError, match=r"2099-01-01.txt \(cr\): not valid utf-8 at byte \d+ .*add the release "
                                          r"again$") as caught:
        read_document(replace(cr, release="2099-01-01", family="cr"))
    assert "manifest" not in str(caught.value)


def test_utf16_read_as_utf8_is_caught() -> None:
    with pytest.raises(CorpusError, match="NUL|not valid"):
        decode("Niz".encode("utf-16-le"), "utf-8", "x.txt")


def _write_manifest(root: Path, body: str) -> Path:
    root.mkdir(exist_ok=True)
    (root / "manifest.toml").write_text(body, encoding="utf-8")
    return root


def test_unknown_manifest_key_names_document_and_key(tmp_path: Path) -> None:
    root = _write_manifest(tmp_path / "c", '[[document]]\nid = "x"\nfile = "a"\nlanguage = "sr"\ntitle = "t"\n'
                                          'edition = "e"\nnumbering = "n"\nparser = "sr_judge"\ncolour = "red"\n')
    with pytest.raises(CorpusError, match=r"document 1 \(x\): unknown key 'colour'"):
        load_manifest(root)


def test_unknown_encoding_is_refused(tmp_path: Path) -> None:
    root = _write_manifest(tmp_path / "c", '[[document]]\nid = "x"\nfile = "a"\nlanguage = "sr"\ntitle = "t"\n'
                                          'edition = "e"\nnumbering = "n"\nparser = "sr_judge"\nencoding = "koi8"\n')
    with pytest.raises(CorpusError, match="unknown encoding 'koi8'"):
        load_manifest(root)


def test_missing_document_file_is_a_clear_error(tmp_path: Path) -> None:
    info = DocumentInfo("x", "documents/none.txt", "sr", "t", "e", "n", "sr_judge")
    with pytest.raises(CorpusError, match="cannot read document x"):
        read_document(info, tmp_path)


def test_corpus_hash_changes_with_any_byte(tmp_path: Path) -> None:
    root = _write_manifest(tmp_path / "c", "")
    before = corpus_hash(root)
    _write_manifest(tmp_path / "d", " ")
    assert corpus_hash(tmp_path / "d") != before


def test_translated_releases_join_the_graph_only_when_the_family_says_so(tmp_path: Path) -> None:
    import shutil

    from izvori_rules.graph import RuleGraph

    blocks = (corpus_dir() / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
    family = next(b for b in blocks if 'id = "cr"' in b)
    translation = next(b for b in blocks if 'id = "ru-cr"' in b)
    for flag in ("false", "true"):
        root = _write_manifest(tmp_path / flag, "[[document]]" + translation + "[[document]]"
                               + family.replace("translated_in_graph = false", f"translated_in_graph = {flag}"))
        shutil.copytree(corpus_dir() / "cr-history", root / "cr-history")
        infos = load_manifest(root)
        assert [i.id for i in infos] == (["ru-cr", "cr"] if flag == "false" else ["ru-cr", "cr", "cr-2019-05-03"])
    original = infos[-1]
    assert (original.release, original.family, original.edition) == ("2019-05-03", "cr", "2019-05-03")
    assert RuleGraph(infos, []).bare_docs() == ["ru-cr", "cr"]  # a bare number never reaches cr-2019-05-03


def _unreadable(root: Path, name: str) -> Path:
    """``name`` in ``root`` as a file no loader can read as UTF-8 text (was: each loader's own try/except)."""
    (root / name).write_bytes(b"\xff\xfe\x00not utf-8")
    return root / name


@pytest.mark.parametrize(("name", "load", "what"), [
    ("stopwords.tsv", "izvori_rules.text.stopwords:load_stopwords", "the stop words"),
    ("lineage.tsv", "izvori_rules.originals.lineage:load_lineage", "the lineage of the originals"),
    ("sr_judge_chapters.tsv", "izvori_rules.originals.chapters:load_chapter_map", "the sr-judge chapter map"),
    ("missing_rules.tsv", "izvori_rules.concordance.missing:load_missing", "the list of missing rules"),
    ("russian_kept_apart.tsv", "izvori_rules.text.kept_apart:load_kept_apart", "the Russian words kept apart"),
    ("english_kept_apart.tsv", "izvori_rules.text.kept_apart:load_english_kept_apart", "the English words kept apart"),
    ("serbian_kept_apart.tsv", "izvori_rules.text.kept_apart:load_serbian_kept_apart", "the Serbian words kept apart"),
    ("yaml_problems.tsv", "izvori_rules.engine.yamlproblems:load_problems", "the YAML parser's problems"),
    ("card_concepts.tsv", "izvori_rules.search.cards:load_cards", "the card table"),
], ids=["stopwords", "lineage", "chapters", "missing", "kept apart", "English kept apart", "Serbian kept apart", "yaml problems", "cards"])
def test_every_table_loader_names_the_table_it_cannot_read(tmp_path: Path, name: str, load: str, what: str) -> None:
    import importlib

    module, _, function = load.partition(":")
    loader = getattr(importlib.import_module(module), function)
    path = _unreadable(tmp_path, name)
    with pytest.raises(CorpusError, match=f"^{re.escape(str(path))}: cannot read {what}: "):
        loader(tmp_path)


@pytest.mark.parametrize(("load", "empty"), [
    ("izvori_rules.text.stopwords:load_stopwords", ()), ("izvori_rules.originals.lineage:load_lineage", {}),
    ("izvori_rules.concordance.missing:load_missing", ()), ("izvori_rules.engine.yamlproblems:load_problems", ()),
], ids=["stopwords", "lineage", "missing", "yaml problems"])
def test_an_optional_table_left_out_is_empty(tmp_path: Path, load: str, empty: object) -> None:
    import importlib

    module, _, function = load.partition(":")
    found = getattr(importlib.import_module(module), function)(tmp_path)
    assert (found.lists if hasattr(found, "lists") else found) == empty


def test_the_chapter_map_is_required(tmp_path: Path) -> None:
    from izvori_rules.originals.chapters import load_chapter_map

    with pytest.raises(CorpusError, match="sr_judge_chapters.tsv: cannot read the sr-judge chapter map: "):
        load_chapter_map(tmp_path)


def test_a_table_read_under_another_corpus_is_not_kept_for_the_installed_one(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # was: the first read, under a test's empty corpus, was kept for the installed corpus too, and the search index
    # of the installed corpus was built without its Russian aspect pairs and number words (under its right key)
    from izvori_rules.text.aspects import load_aspect_pairs
    from izvori_rules.text.numbers import load_number_words

    monkeypatch.setenv("IZVORI_JUDGE_CORPUS", str(tmp_path))  # a corpus without the tables
    assert load_aspect_pairs().families == {} and load_number_words() == {}
    monkeypatch.delenv("IZVORI_JUDGE_CORPUS")
    # corpus/russian_aspect_pairs.tsv line 69: выбирать / выбрать; corpus/number_words.tsv line 10: en two 2
    assert load_aspect_pairs()("выбира") == load_aspect_pairs()("выбра")
    assert load_number_words()["en"]["two"] == 2
