"""``izvori-judge search`` and ``index build`` through typer's CliRunner: exit status, exact JSON, messages."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from izvori_rules import graph_cache
from izvori_rules.cli import app
from izvori_rules.cli import search as search_cli
from izvori_rules.corpus import corpus_dir
from izvori_rules.messages import fill, section
from izvori_rules.text.folding import fold

runner = CliRunner()
HIT_KEYS = {"ref", "doc", "id", "kind", "score", "snippet", "highlights", "equivalents"}


def search_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["search", *args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def refs(data: dict[str, Any]) -> list[str]:
    return [hit["ref"] for hit in data["hits"]]


def test_a_concept_query_prints_the_contract_with_its_expansion() -> None:
    code, data = search_json("razbijac")
    assert code == 0
    assert set(data) == {"query", "kind", "expanded", "hits", "definitions", "suggestions", "filtered_out", "cards"}
    assert (data["query"], data["kind"], data["suggestions"], data["cards"]) == ("razbijac", "fulltext", [], [])
    assert data["expanded"]["concepts"] == ["trample"]
    terms = data["expanded"]["terms"]  # corpus/concepts.tsv, row trample
    assert terms["sr"][0] == "Razbijač" and terms["ru"][0] == "Пробивной удар" and terms["en"] == ["trample", "trample over planeswalkers", "trampler", "tramplers"]
    assert len(data["hits"]) == 10
    assert all(set(hit) == HIT_KEYS and hit["ref"] == f"{hit['doc']}:{hit['id']}" for hit in data["hits"])
    assert {"sr-judge:E3.100", "ru-cr:702.19"} <= set(refs(data))  # sr-judge.txt 3385, ru-cr.txt 9303
    assert {hit["kind"] for hit in data["hits"]} == {"rule"}
    [definition] = data["definitions"]
    assert definition["concept"] == "trample" and definition["term"] == "Razbijač"
    # the glossaries of sr-judge, sr-basic (Razbijač) and ru-cr (Trample), in document order
    assert [e["ref"] for e in definition["entries"]][:3] == [
        "sr-judge:glossary:Razbijač", "sr-basic:glossary:Razbijač", "ru-cr:glossary:Trample"]
    assert all(set(e) == {"ref", "doc", "term", "text"} and e["text"] for e in definition["entries"])


def test_highlights_mark_the_matched_words_in_the_snippet() -> None:
    _, data = search_json("razbijac", "--doc", "sr-judge")
    marked = [fold(hit["snippet"][a:b]) for hit in data["hits"] for a, b in hit["highlights"]]
    assert marked and all(word.startswith("razbij") for word in marked)


def test_a_range_returns_exactly_those_rules_in_document_order() -> None:
    code, data = search_json("D10.11-D10.19")
    assert code == 0 and data["kind"] == "citation"
    assert data["expanded"] == {"concepts": [], "terms": {}}
    # sr-judge.txt lines 2005-2074: D10.11 to D10.19, no subrules
    assert refs(data) == [f"sr-judge:D10.{n}" for n in range(11, 20)]
    assert {hit["score"] for hit in data["hits"]} == {1.0}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("D10.11 – D10.18", [f"sr-judge:D10.{n}" for n in range(11, 19)]),  # as printed at sr-judge.txt 3629
        # ru-cr.txt 5573, 5589, 5595; the newest English release (cr, 2026-08-07) lines 2472-2476
        ("601.2f–h", ["ru-cr:601.2f", "ru-cr:601.2g", "ru-cr:601.2h", "cr:601.2f", "cr:601.2g", "cr:601.2h"]),
        # ru-cr.txt 9303-9353; cr lines 4093-4110 (702.19. Trample, 702.19a-g)
        ("702.19", ["ru-cr:702.19"] + [f"ru-cr:702.19{c}" for c in "abcde"]
         + ["cr:702.19"] + [f"cr:702.19{c}" for c in "abcdefg"]),
        ("ru-cr:702.19b", ["ru-cr:702.19b"]),
        # cs-cr line 4, ru-cr 172-200, cr lines 235-246 (101.4, 101.4a-e); no other English release (issue 15)
        ("101.4", ["cs-cr:101.4", "ru-cr:101.4", "ru-cr:101.4a", "ru-cr:101.4b", "ru-cr:101.4c", "ru-cr:101.4d",
                   "cr:101.4"] + [f"cr:101.4{c}" for c in "abcde"]),
        # as written in a sentence: a word for "rule" or "CR" before the number, a colon after it (sr-judge.txt
        # D19.51 "Vrednosti svojstava objekta se određuju..."; ru-cr 702.19b and cr 702.19b, trample's damage)
        ("rule D19.51", ["sr-judge:D19.51"]),
        ("D19.51:", ["sr-judge:D19.51"]),
        ("правило 702.19b", ["ru-cr:702.19b", "cr:702.19b"]),
        ("CR 702.19b", ["cr:702.19b"]),
    ],
    ids=["spaced dash", "abbreviated", "prefix", "full reference", "two documents", "rule word", "colon after",
         "russian rule word", "CR names today's English"],
)
def test_citation_queries(query: str, expected: list[str]) -> None:
    code, data = search_json(query)
    assert (code, data["kind"], refs(data)) == (0, "citation", expected)


def test_a_rule_word_before_other_words_is_a_search_of_the_words() -> None:
    # "rules of trample" is a question about trample, not a citation: the word "rule" makes a citation only before
    # a rule number
    code, data = search_json("rules of trample")
    assert (code, data["kind"]) == (0, "fulltext") and "cr:702.19b" in refs(data)


def test_a_cr_prefixed_range_stays_in_todays_english_cr() -> None:
    # the newest English release (2026-08-07): "1. Game Concepts" at line 182, then 100, 100.1; its last rule is
    # 905.6 (line 7100; corpus/cr-history/releases.tsv: last rule 905.6), after which the glossary starts
    code, data = search_json("cr:1-cr:9")
    found = refs(data)
    assert (code, data["kind"]) == (0, "citation")
    assert found[:3] == ["cr:1", "cr:100", "cr:100.1"] and found[-1] == "cr:905.6"
    assert {hit["doc"] for hit in data["hits"]} == {"cr"}


def test_a_cr_prefixed_abbreviated_range() -> None:
    # 2026-08-07 lines 186-212: 100.1, 100.1a-b, 100.2, 100.2a-d, 100.3, 100.4, 100.4a-d
    _, data = search_json("cr:100.1-4")
    assert refs(data) == ["cr:100.1", "cr:100.1a", "cr:100.1b", "cr:100.2", "cr:100.2a", "cr:100.2b", "cr:100.2c",
                          "cr:100.2d", "cr:100.3", "cr:100.4", "cr:100.4a", "cr:100.4b", "cr:100.4c", "cr:100.4d"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("cr:9-cr:1", "the range 9-1 is reversed: 1 comes before 9 in cr; write 1-9"),
        ("cr:100.1-ru-cr:101.1", "the range 'cr:100.1-ru-cr:101.1' starts in cr and ends in ru-cr: a range stays in "
                                 "one document (e.g. cr:100.1-101.1)"),
        ("cr:1-", "'cr:1-' is not a range of rules"),
        ("cr:100.1-cr:", "'cr:100.1-cr:' is not a range of rules"),
        ("1-cr:9", "'1-cr:9' is not a range of rules"),
    ],
    ids=["reversed", "two documents", "no end", "end without number", "document only at the end"],
)
def test_a_bad_cr_range_exits_2_with_a_message(query: str, message: str) -> None:
    result = runner.invoke(app, ["search", query])
    assert result.exit_code == 2 and result.stdout == ""
    assert message in " ".join(result.stderr.split())


def test_doc_cr_keeps_only_todays_english_cr() -> None:
    # the English CR's id has no hyphen: --doc cr once read it as a language ("unknown language 'cr'")
    code, data = search_json("trample", "--doc", "cr", "--limit", "20")
    assert code == 0 and {hit["doc"] for hit in data["hits"]} == {"cr"}
    assert "cr:702.19" in refs(data)  # 2026-08-07: 702.19. Trample


def test_a_filter_that_leaves_none_of_a_citations_rules_says_what_it_left_out() -> None:
    # sr-judge.txt lines 2005-2074: D10.11-D10.19 are nine numbered rules, no guide section; once "no rule
    # 'D10.11-D10.19'" with the range's own ends as suggestions
    code, data = search_json("--kind", "section", "D10.11-D10.19")
    assert (code, data["hits"], data["suggestions"]) == (1, [], [])
    assert data["filtered_out"] == [{"doc": "sr-judge", "kind": "rule", "count": 9}]
    result = runner.invoke(app, ["search", "--kind", "section", "D10.11-D10.19"])
    assert " ".join(result.stdout.split()) == ("Nothing left for 'D10.11-D10.19': --kind section leaves none of the "
                                               "9 it names (sr-judge rule: 9).")


def test_filtered_out_counts_each_document_and_says_it_in_the_judges_language() -> None:
    # 702.19 (Trample): ru-cr 702.19, 702.19a-e (ru-cr.txt 9303-9353); cr 702.19, 702.19a-g (2026-08-07 4093-4110)
    code, data = search_json("702.19", "--doc", "ru", "--kind", "glossary")
    assert code == 1 and data["filtered_out"] == [{"doc": "ru-cr", "kind": "rule", "count": 6},
                                                  {"doc": "cr", "kind": "rule", "count": 8}]
    result = runner.invoke(app, ["search", "702.19", "--kind", "section", "--lang", "sr"])
    assert " ".join(result.stdout.split()).startswith("Ništa ne ostaje za '702.19': --kind section ne zadržava")


def printed_refs(stdout: str) -> list[str]:
    return [line.split()[0] for line in stdout.splitlines() if re.match(r"[a-z-]+:\S+(  |$)", line)]


def test_a_citation_of_more_than_60_rules_prints_its_headings_with_a_hint() -> None:
    # "1" names section 1 of cs-cr, ru-cr and cr with their chapters and rules (975 nodes; once 3,478 lines):
    # cs-cr's chapters 100-103, ru-cr's 100-121 (ru-cr.txt "121. Жетоны"), cr's 100-123 (2026-08-07 line 1218,
    # "123. Stickers"): 3 sections and 50 chapters are printed
    result = runner.invoke(app, ["search", "1"])
    assert result.exit_code == 0
    expected = (["cs-cr:1"] + [f"cs-cr:{n}" for n in range(100, 104)] + ["ru-cr:1"]
                + [f"ru-cr:{n}" for n in range(100, 122)] + ["cr:1"] + [f"cr:{n}" for n in range(100, 124)])
    assert printed_refs(result.stdout) == expected
    assert result.stdout.splitlines()[-1] == "53 of the 975 rules shown: the top levels. --all prints every one."
    every = runner.invoke(app, ["search", "1", "--all"])
    assert len(printed_refs(every.stdout)) == 975 and "--all" not in every.stdout
    _, data = search_json("1")
    assert len(data["hits"]) == 975  # --json gives every rule


def test_a_citation_of_60_rules_or_fewer_prints_them_all() -> None:
    # 2026-08-07 lines 186-212: cr:100.1-4 names 14 rules and subrules
    result = runner.invoke(app, ["search", "cr:100.1-4"])
    assert len(printed_refs(result.stdout)) == 14 and "--all" not in result.stdout


def test_a_chapter_range_spans_the_chapters() -> None:
    _, data = search_json("C7-C12")
    found = refs(data)
    assert found[0] == "sr-judge:C7" and "sr-judge:C12" in found  # sr-judge.txt: C7 Faza borbe ... C12
    assert not any(ref.startswith("sr-judge:C13") for ref in found)


def test_a_citation_search_starts_without_whoosh() -> None:
    graph_cache.load_graph.__wrapped__()  # the graph in the cache now, as a judge's second command finds it
    code = ("import sys; from izvori_rules.cli import main; sys.argv = ['izvori-judge', 'search', 'D19', '--json']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'whoosh'), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)["hits"][0]["ref"] == "sr-judge:D19"
    assert result.stderr.strip() == "[]"


def test_nothing_found_suggests_spellings_from_the_documents_and_exits_1() -> None:
    code, data = search_json("razbjiacc")  # two typos: no word of the documents is one typo away
    assert code == 1 and data["hits"] == []
    assert "razbijač" in data["suggestions"]  # sr-judge E3.100 Razbijač


def test_a_long_word_one_typo_from_a_word_of_the_documents_is_searched_as_that_word() -> None:
    code, data = search_json("razbjiac")  # razbijač (sr-judge E3.100) with two letters swapped
    assert code == 0 and data["hits"][0]["ref"] == "sr-judge:E3.100"


def test_a_form_the_documents_lack_reaches_the_other_forms_of_its_word() -> None:
    # "razbijacc" is no word of the documents, but shares its stem's beginning with razbijač (sr-judge E3.100)
    code, data = search_json("razbijacc")
    assert code == 0 and "sr-judge:E3.100" in [hit["ref"] for hit in data["hits"]]


def test_a_citation_of_no_rule_suggests_references_and_exits_1() -> None:
    code, data = search_json("D19.99")
    assert (code, data["kind"], data["hits"]) == (1, "citation", [])
    assert "sr-judge:D19.59" in data["suggestions"]  # sr-judge has D19.51-D19.59 and D19.6x, no D19.99


def test_a_quoted_phrase_must_occur_as_written() -> None:
    code, data = search_json('"prazne biblioteke"')
    assert code == 0
    assert "sr-judge:D21.56" in refs(data)  # sr-judge.txt 3083: "vuče kartu iz prazne biblioteke"
    assert all("prazn" in fold(hit["snippet"]) for hit in data["hits"])


@pytest.mark.parametrize(
    ("query", "options", "docs"),
    [
        ("razbijač", ["--doc", "ru-cr"], {"ru-cr"}),
        ("hřbitov", ["--doc", "cs"], {"cs-cr"}),
        ("razbijač", ["--doc", "sr"], {"sr-judge", "sr-basic"}),
    ],
    ids=["doc", "doc cs", "doc sr"],
)
def test_filters_keep_only_the_asked_documents(query: str, options: list[str], docs: set[str]) -> None:
    code, data = search_json(query, *options)
    assert code == 0 and data["hits"]
    assert {hit["doc"] for hit in data["hits"]} <= docs


def test_lang_is_the_judges_language_and_keeps_every_document() -> None:
    """``--lang`` means the judge's language in search as in every command: a Serbian judge's search of Razbijač
    (trample) reaches the Russian and English rules too (ru-cr 702.19, cr 702.19), and only ``--doc`` narrows."""
    _, every = search_json("razbijač", "--lang", "sr", "--limit", "40")
    _, serbian = search_json("razbijač", "--doc", "sr", "--limit", "40")
    assert {"sr-judge", "ru-cr", "cr"} <= {hit["doc"] for hit in every["hits"]}
    assert {hit["doc"] for hit in serbian["hits"]} <= {"sr-judge", "sr-basic"}


def test_limit_sets_the_number_of_hits() -> None:
    _, data = search_json("биће", "--limit", "3")
    assert len(data["hits"]) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (['"mana udar'], "unbalanced quote"),
        ([""], "empty query"),
        (["—"], "has no words"),
        (["razbijac", "--doc", "en-cr"], "unknown document 'en-cr'"),
        (["razbijac", "--doc", "de"], "unknown language 'de'"),
        (["razbijac", "--lang", "de"], "--lang"),
        (["razbijac", "--lang", "pt"], "--lang"),
    ],
    ids=["unbalanced quote", "empty", "no words", "unknown document", "unknown language", "unknown judge's language",
         "a document's language that is no judge's"],
)
def test_a_malformed_query_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["search", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_the_rich_output_shows_reference_breadcrumb_and_concepts() -> None:
    result = runner.invoke(app, ["search", "razbijač", "--doc", "sr-judge"])
    assert result.exit_code == 0
    assert "concepts: trample" in result.stdout
    assert "sr-judge:E3.100" in result.stdout and "E › E3" in result.stdout


def card_concepts(card: str) -> list[str]:
    """The concepts of a card's row of corpus/card_concepts.tsv (its fourth column), read from the file."""
    lines = (corpus_dir() / "card_concepts.tsv").read_text(encoding="utf-8").splitlines()
    [row] = [cells for line in lines if (cells := line.split("\t"))[0] == card]
    return row[3].split()


def test_the_json_names_the_cards_of_the_query_with_their_concepts() -> None:
    _, data = search_json("Rest in Peace and Remand")
    assert data["cards"] == [
        {"typed": "Rest in Peace", "card": "Rest in Peace", "concepts": card_concepts("Rest in Peace")},
        {"typed": "Remand", "card": "Remand", "concepts": card_concepts("Remand")}]


def test_the_rich_output_names_a_card_as_typed_and_its_concepts_in_the_judges_language() -> None:
    """Перунов Гнев is Wrath of God's sr name (corpus/cards.yaml: Perunov Gnev, sr-basic L457), typed in Cyrillic,
    with "[/]" that rich would read as markup; its concepts are said by their Serbian terms (concepts.tsv)."""
    assert card_concepts("Wrath of God") == ["destroy", "regenerate", "all_each"]
    result = runner.invoke(app, ["search", "Перунов[/] Гнев", "--lang", "sr"])
    assert result.exit_code == 0
    about = "Uništiti, Regeneracija, sve"  # concepts.tsv: the first sr term of destroy, regenerate, all_each
    assert f"karta: Перунов[/] Гнев = Wrath of God → {about}" in " ".join(result.stdout.split())


def test_a_query_naming_no_card_shows_none() -> None:
    result = runner.invoke(app, ["search", "razbijač"])
    assert "card:" not in result.stdout


def test_the_rich_output_says_did_you_mean() -> None:
    result = runner.invoke(app, ["search", "razbjiacc"])
    assert result.exit_code == 1
    assert "Did you mean" in result.stdout and "razbijač" in result.stdout


def test_a_cold_search_runs_on_the_fast_path_without_typer() -> None:
    code = ("import sys; from izvori_rules.cli.fast import run_fast; "
            "status = run_fast(['search', 'razbijac', '--json']); print('typer' in sys.modules, status, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stderr.strip().endswith("False 0")
    assert "sr-judge:E3.100" in refs(json.loads(done.stdout))  # sr-judge.txt 3385: E3.100 Razbijač


def test_a_cold_full_text_search_imports_no_module_only_a_range_or_an_index_build_needs() -> None:
    # citations.py is a range's (citation_nodes), variants.py and concepts.py the index build's (load_variants): a
    # cold full-text search paid for their patterns and dataclasses without using them
    code = ("import sys; from izvori_rules.cli.fast import run_fast; "
            "status = run_fast(['search', 'razbijac', '--json']); print(status, [m for m in "
            "('izvori_rules.citations', 'izvori_rules.text.concepts', 'izvori_rules.search.variants') "
            "if m in sys.modules], file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stderr.strip() == "0 []"
    assert "sr-judge:E3.100" in refs(json.loads(done.stdout))  # sr-judge.txt 3385: E3.100 Razbijač


def test_a_cold_search_prints_its_answer_without_importing_rich() -> None:
    code = ("import sys; from izvori_rules.cli.fast import run_fast; status = run_fast(['search', 'razbijač']); "
            "print(status, sorted(m for m in sys.modules if m.split('.')[0] == 'rich'), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "80"})
    # written by cli/styled.py (issue 10), its lines measured without rich.cells: every character is one column
    assert done.stderr.strip() == "0 []"
    assert "sr-judge:E3.100" in done.stdout  # sr-judge.txt 3385: E3.100 Razbijač


@pytest.mark.parametrize("argv", [["search"], ["search", "--json"], ["search", "razbijac", "--doc", "cs"],
                                  ["search", "--", "-1/-1"], ["search", "-h"], ["search", "razbijac", "--markdown"]],
                         ids=["no-query", "only-json", "an-option", "double-dash", "help", "markdown"])
def test_any_other_search_call_goes_to_the_typer_command(argv: list[str]) -> None:
    from izvori_rules.cli.fast import run_fast

    assert run_fast(argv) is None


@pytest.fixture()
def small_corpus_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The CLI pointed at a corpus of cs-cr alone and a fresh cache folder (the session's caches untouched)."""
    source = corpus_dir()
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    block = next(b for b in (source / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
                 if 'id = "cs-cr"' in b)
    (root / "manifest.toml").write_text("[[document]]" + block, encoding="utf-8")
    shutil.copy(source / "documents" / "cs-cr.txt", root / "documents")
    shutil.copy(source / "concepts.tsv", root)
    monkeypatch.setenv("IZVORI_JUDGE_CORPUS", str(root))
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path / "cache"))
    graph_cache.load_graph.cache_clear()  # the searcher is kept per corpus in force (corpus.per_corpus)
    yield tmp_path / "cache"
    graph_cache.load_graph.cache_clear()


def test_index_build_rebuilds_with_a_progress_bar(small_corpus_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reports: list[tuple[str, int, int]] = []

    @contextmanager
    def recording(what: str, lang: str = "en") -> Iterator[Callable[[int, int], None]]:
        yield lambda done, total: reports.append((f"{what}:{lang}", done, total))

    monkeypatch.setattr(search_cli, "progress_bar", recording)
    for _ in range(2):  # the second run rebuilds too: the command always forces
        reports.clear()
        result = runner.invoke(app, ["index", "build"])
        assert result.exit_code == 0
        assert reports and reports[-1][1] == reports[-1][2]  # the bar ends full
    count = reports[-1][2]
    assert f"Indexed {count:,} rules and glossary entries in the cache folder." in " ".join(result.stdout.split())
    in_serbian = runner.invoke(app, ["index", "build", "--lang", "sr"])  # the bar's label and the report in Serbian
    assert reports[-1][0] == "index:sr" and in_serbian.exit_code == 0
    said = fill(section("sr", "search")["indexed_cache"], "sr", n=count)  # a count as Serbian writes it
    assert " ".join(said.split()) in " ".join(in_serbian.stdout.split())
    assert len(list(small_corpus_env.glob("index-*"))) == 1
    built = runner.invoke(app, ["index", "build", "--json"])
    assert built.exit_code == 0 and json.loads(built.stdout) == {"indexed": count, "in_memory": False}
    code, data = search_json("hřbitov")  # cs-cr 217.4 Hřbitov (line 18), from the rebuilt index
    assert code == 0 and data["hits"][0]["ref"] == "cs-cr:217.4"


def test_a_hit_brings_its_equivalents_in_the_other_documents() -> None:
    _, data = search_json("пробивной удар", "--limit", "30")
    hit = next(hit for hit in data["hits"] if hit["ref"] == "ru-cr:702.19b")
    # corpus/concordance.tsv: ru-cr 702.19b (lethal damage to all blockers first) is sr-judge E3.102
    assert "sr-judge:E3.102" in hit["equivalents"]


def test_kind_filters_and_a_bad_kind_is_refused() -> None:
    code, data = search_json("razbijac", "--kind", "glossary")
    assert code == 0 and {hit["kind"] for hit in data["hits"]} == {"glossary"}
    code, data = search_json("razbijac", "--kind", "section")
    assert code == 0 and {hit["kind"] for hit in data["hits"]} == {"section"}  # sr-basic's part on Razbijač
    result = runner.invoke(app, ["search", "razbijac", "--kind", "rules"])
    assert result.exit_code == 2 and "unknown kind 'rules'" in result.output


# --- hostile and careless input (issue 11) ------------------------------------------------------------------


@pytest.mark.parametrize("query, suggested", [("Z99.99", None), ("D19.51#3", "sr-judge:D19.51"),
                                              ("D19,51", "sr-judge:D19.51")],
                         ids=["no-section-Z", "no-third-copy", "decimal-comma"])
def test_a_reference_that_names_no_rule_is_no_such_rule_not_full_text(query: str, suggested: str | None) -> None:
    result = runner.invoke(app, ["search", query, "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["kind"] == "citation" and data["hits"] == []
    if suggested:
        assert suggested in data["suggestions"]


def test_a_reference_that_names_no_rule_says_so_in_words() -> None:
    result = runner.invoke(app, ["search", "Z99.99"])
    assert result.exit_code == 1 and result.stdout.startswith("No rule 'Z99.99'.")


def test_a_reversed_range_is_bad_input() -> None:
    result = runner.invoke(app, ["search", "D10.19-D10.11"])
    assert result.exit_code == 2 and "reversed" in result.stderr  # README: exit 2 for bad input


@pytest.mark.parametrize("typed", ["Д10.11-Д10.19", "D１０.１１-D１０.１９", "\u200fD10.11-D10.19\u200b"],
                         ids=["serbian-cyrillic", "full-width-digits", "right-to-left-mark-and-zero-width-space"])
def test_a_range_in_serbian_cyrillic_finds_what_the_latin_one_finds(typed: str) -> None:
    latin = json.loads(runner.invoke(app, ["search", "D10.11-D10.19", "--json"]).stdout)
    other = json.loads(runner.invoke(app, ["search", typed, "--json"]).stdout)
    assert [h["ref"] for h in other["hits"]] == [h["ref"] for h in latin["hits"]] != []


def test_a_100_kb_query_is_refused_without_being_echoed() -> None:
    result = runner.invoke(app, ["search", "razbijac " * 12_000])
    assert result.exit_code == 2 and "too long" in result.stderr and len(result.stderr) < 300
