"""``izvori-judge lookup`` and ``stats`` through typer's CliRunner: exit status and exact JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.graph import RuleGraph

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def lookup_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["lookup", *args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_lookup_d19_51_prints_the_rule_exactly(graph: RuleGraph) -> None:
    code, data = lookup_json("D19.51")
    assert code == 0 and data["query"] == "D19.51" and data["suggestions"] == []
    (rule,) = data["rules"]
    assert (rule["ref"], rule["doc"], rule["id"], rule["lang"]) == ("sr-judge:D19.51", "sr-judge", "D19.51", "sr")
    # sr-judge.txt lines 2694-2704: the layer rule; its three "Primer:" blocks are examples, not text
    assert rule["text"].startswith("Vrednosti svojstava objekta se određuju tako što se počne od samog objekta")
    assert rule["text"].endswith("Vidi i pravila za redosled vremenskih oznaka i zavisnost (pravila D19.52-D19.57).")
    assert len(rule["examples"]) == 3 and rule["examples"][0].startswith("U igri su Junačke Pesme")
    assert rule["parent"] == "sr-judge:D19.50" and rule["children"] == []
    # 2696 "(vidi pravilo E4, ...)", 2704 "(pravila D19.52-D19.57)": the range is six printed rules (2724-2771);
    # the examples (2706-2723) cite nothing
    assert rule["cites"] == ["sr-judge:E4", "sr-judge:D19.52", "sr-judge:D19.53", "sr-judge:D19.54",
                             "sr-judge:D19.55", "sr-judge:D19.56", "sr-judge:D19.57"]


def test_lookup_a_bare_number_returns_every_document_that_has_it(graph: RuleGraph) -> None:
    code, data = lookup_json("101.4")
    assert code == 0
    by_doc = {r["doc"]: r for r in data["rules"]}
    assert set(by_doc) == {"cs-cr", "ru-cr", "cr"}  # and the newest English release, never the older ones
    ru = by_doc["ru-cr"]
    # ru-cr.txt line 172 (101.4.) with subrules at 185, 191, 195, 200
    assert ru["text"].startswith("Если несколько игроков должны сделать выбор или совершить действие")
    assert ru["children"] == ["ru-cr:101.4a", "ru-cr:101.4b", "ru-cr:101.4c", "ru-cr:101.4d"]
    assert ru["parent"] == "ru-cr:101"
    assert ru["examples"][0].startswith("текст карты гласит: «Каждый игрок жертвует существо».")


def test_lookup_a_czech_subrule(graph: RuleGraph) -> None:
    code, data = lookup_json("cs-cr:214.8e")
    (rule,) = data["rules"]
    # cs-cr.txt: "214.8e Jestliže lokální enchantment očarovává nelegální permanent ... Viz. pravidlo 420)."
    assert code == 0 and rule["parent"] == "cs-cr:214.8"
    assert rule["text"].startswith("Jestliže lokální enchantment očarovává nelegální permanent")
    assert rule["text"].endswith("(Toto je stavový efekt. Viz. pravidlo 420).")
    assert any("dangling" in flag for flag in rule["flags"])  # 420 lies past the truncation inside 400.1


def test_lookup_tree_prints_the_subtree(graph: RuleGraph) -> None:
    result = runner.invoke(app, ["lookup", "ru-cr:702.19", "--tree"])
    assert result.exit_code == 0
    # ru-cr.txt lines 9303-9353: 702.19 with subrules a to e
    for sub in ("702.19a", "702.19b", "702.19c", "702.19d", "702.19e"):
        assert sub in result.stdout
    assert "702.19f" not in result.stdout and "702.20" not in result.stdout  # 9356 starts 702.20, outside


def test_lookup_702_19b_json(graph: RuleGraph) -> None:
    code, data = lookup_json("ru-cr:702.19b")
    (rule,) = data["rules"]
    # ru-cr.txt line 9313; a hyphen-free rule joined from nine lines into one
    assert rule["text"].startswith("Игрок контролирующий атакующее существо с пробивным ударом сначала распределяет")
    assert "\n" not in rule["text"] and rule["parent"] == "ru-cr:702.19"


def test_unknown_reference_exits_1_with_suggestions(graph: RuleGraph) -> None:
    code, data = lookup_json("Z9.99")
    assert code == 1 and data["rules"] == []
    assert data["suggestions"] and all(":" in s for s in data["suggestions"])
    result = runner.invoke(app, ["lookup", "D19.99"])
    assert result.exit_code == 1 and "Did you mean" in result.stdout and "D19.59" in result.stdout


def test_malformed_reference_exits_2_without_traceback(graph: RuleGraph) -> None:
    result = runner.invoke(app, ["lookup", "D19;51"])
    assert result.exit_code == 2 and "not a rule reference" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_lookup_shows_both_copies_of_a_duplicated_number(graph: RuleGraph) -> None:
    code, data = lookup_json("B6.33")
    assert [r["ref"] for r in data["rules"]] == ["sr-judge:B6.33", "sr-judge:B6.33#2"]
    assert data["rules"][1]["flags"] == [{"duplicate_number": "B6.33"}]


def test_stats_json_gives_counts_per_document(graph: RuleGraph) -> None:
    result = runner.invoke(app, ["stats", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and list(data) == ["sr-judge", "sr-basic", "cs-cr", "ru-cr", "pt-guide", "cr"]
    assert data["sr-judge"]["chapters"] == 73 and data["ru-cr"]["glossary"] == 549
    # cr is the release of 2026-08-07: 3308 rule ids in releases.tsv plus 704.5aa, 739 glossary entries
    assert data["cr"]["chapters"] + data["cr"]["rules"] + data["cr"]["subrules"] == 3309
    assert data["cr"]["glossary"] == 739 and data["cr"]["sections"] == 9


def test_starting_the_cli_loads_no_heavy_library() -> None:
    code = ("import sys; import izvori_rules.cli; "
            "print(sorted(m for m in ('whoosh', 'lxml', 'yaml', 'izvori_rules.engine', 'rich', 'pydantic') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_cold_lookup_of_a_rule_without_citation_flags_imports_no_citation_finder_curated_table_or_rich() -> None:
    # citations.py details a dangling or mismatched citation's flag, concordance/curated.py reads concordance.tsv:
    # sr-judge D19.51 has neither flag, and its equivalents come from the graph cache; its panel's title is
    # one-column text, fitted to the border without rich.cells (cli/styled.py)
    code = ("import sys; from izvori_rules.cli.fast import run_fast; status = run_fast(['lookup', 'D19.51']); "
            "print(status, [m for m in ('izvori_rules.citations', 'izvori_rules.concordance.curated', 'rich') "
            "if m in sys.modules], file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stderr.strip() == "0 []"
    assert "D19.51" in done.stdout


@pytest.mark.parametrize("ref", ["D19.51", "101.4", "ru-cr:702.19b"])
def test_lookup_rich_output_names_the_rule(graph: RuleGraph, ref: str) -> None:
    result = runner.invoke(app, ["lookup", ref])
    assert result.exit_code == 0 and ref.split(":")[-1] in result.stdout


@pytest.mark.parametrize("args", [["lookup", "D19.51", "--json"], ["define", "Razbijač"],
                                  ["deck", "check", str(FIXTURES / "decks" / "izvori-standard-40.txt")]],
                         ids=["lookup", "define", "deck-check"])
def test_an_unwritable_cache_folder_is_one_note_on_standard_error(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                                  args: list[str]) -> None:
    # define and deck check load the graph outside reported() (it is optional to them): the notice was
    # printed as a Python warning, "graph_cache.py:85: CacheNotice: ..." and its source line
    import shutil

    from izvori_rules import graph_cache
    from izvori_rules.corpus import corpus_dir

    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    shutil.copy(corpus_dir() / "documents" / "sr-judge.txt", root / "documents")
    for name in ("concepts.tsv", "deck_rules.toml", "messages.toml"):  # what define and deck check read
        shutil.copy(corpus_dir() / name, root)
    blocks = (corpus_dir() / "manifest.toml").read_text(encoding="utf-8").split("[[document]]")
    (root / "manifest.toml").write_text("[[document]]" + next(b for b in blocks if '"sr-judge"' in b), encoding="utf-8")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("IZVORI_JUDGE_CORPUS", str(root))
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(blocker / "cache"))
    graph_cache.load_graph.cache_clear()
    try:
        first = runner.invoke(app, args)
        second = runner.invoke(app, args)
    finally:
        graph_cache.load_graph.cache_clear()
    assert first.exit_code == 0 and first.stdout.strip()
    notes = first.stderr.splitlines()  # the progress bar is not drawn for a pipe: no empty line (was one)
    assert len(notes) == 1 and notes[0].startswith("note: the cache folder") and "cannot be written" in notes[0]
    assert second.exit_code == 0 and second.stderr == ""  # kept in memory: no second parse, no second note


# --- hostile and careless input (issue 11) ------------------------------------------------------------------


@pytest.mark.parametrize("typed, ref", [("Д19.51", "sr-judge:D19.51"), ("А4.40", "sr-judge:A4.40"),
                                        ("sr-judge:Б6.33", "sr-judge:B6.33"), ("Ｄ１９．５１", "sr-judge:D19.51"),
                                        ("\u200fD19.51", "sr-judge:D19.51"), ("D19.51\u200b\ufeff", "sr-judge:D19.51")],
                         ids=["serbian-cyrillic-D", "cyrillic-A-look-alike", "doc-and-cyrillic-B", "full-width",
                              "right-to-left-mark", "zero-width-space-and-bom"])
def test_lookup_reads_serbian_cyrillic_section_letters(graph: RuleGraph, typed: str, ref: str) -> None:
    code, data = lookup_json(typed)
    assert code == 0 and data["rules"][0]["ref"] == ref


@pytest.mark.parametrize("typed, first", [
    ("D19.5l", "sr-judge:D19.51"), ("D1O.11", "sr-judge:D10.11"),
    ("АЗ.32", "sr-judge:A3.32"),  # Cyrillic А and Ze; sr-judge.txt 102: A3.32 Ako je igračev život 0 ili manje
    ("ДI9.51", "sr-judge:D19.51"),  # Cyrillic Д, Latin capital I; sr-judge.txt 2694
    # Latin O, Cyrillic б for b (was cr:712.19 first); ru-cr.txt 9313: 702.19b Игрок контролирующий атакующее существо
    # с пробивным ударом сначала ...
    ("7O2.19б", "ru-cr:702.19b"),
    # Cyrillic О, З and б: 702.13b; ru-cr.txt 9113: 702.13b Существо с устрашением может быть заблокировано ...
    ("7О2.1Зб", "ru-cr:702.13b"),
], ids=["l-for-1", "O-for-0", "cyrillic-a-and-ze-for-a3", "cyrillic-de-and-i-for-d1", "cyrillic-be-for-b",
        "cyrillic-o-ze-be"])
def test_a_letter_typed_for_a_digit_suggests_that_rule_first(graph: RuleGraph, typed: str, first: str) -> None:
    # sr-judge.txt has D19.51 and D10.11; difflib alone ranked D19.59 ... D19.55 before D19.51 (equal ratios)
    code, data = lookup_json(typed)
    assert code == 1 and data["rules"] == [] and data["suggestions"][0] == first


@pytest.mark.parametrize("typed", ["١٠١.١", "१०१.१"], ids=["arabic-indic", "devanagari"])
def test_lookup_reads_other_scripts_digits(graph: RuleGraph, typed: str) -> None:
    # a bare number is looked up in every document: cs-cr, ru-cr and cr each print a 101.1
    code, data = lookup_json(typed)
    assert code == 0 and [r["ref"] for r in data["rules"]] == ["cs-cr:101.1", "ru-cr:101.1", "cr:101.1"]


@pytest.mark.parametrize("typed, suggested", [
    ("CR 702.19b", ["ru-cr:702.19b", "cr:702.19b"]), ("rule 101.1", ["cs-cr:101.1", "ru-cr:101.1", "cr:101.1"]),
    ("§101.1", ["cs-cr:101.1", "ru-cr:101.1", "cr:101.1"]), ('"702.19b"', ["ru-cr:702.19b", "cr:702.19b"]),
    ("pravilo D19.51", ["sr-judge:D19.51"]), ("D19.51 and D10.11", ["sr-judge:D19.51", "sr-judge:D10.11"]),
], ids=["CR-prefix", "rule-prefix", "section-sign", "double-quotes", "serbian-word", "two-references"])
def test_a_reference_written_among_other_words_is_suggested_first(graph: RuleGraph, typed: str,
                                                                  suggested: list[str]) -> None:
    # was: "§101.1" and '"702.19b"' bad input (2) with no suggestion, "rule 101.1" cr:101.1 then sr-judge:E1.10
    code, data = lookup_json(typed)
    assert code == 1 and data["rules"] == [] and data["suggestions"] == suggested


def test_lookup_of_a_number_no_document_has_does_not_blame_the_truncation(graph: RuleGraph) -> None:
    code, data = lookup_json("999.999z")
    assert code == 1 and data["rules"] == [] and data["missing"] == []


@pytest.mark.parametrize("where", ["missing", "a-file"])
def test_a_corpus_override_that_is_no_folder_names_the_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                where: str) -> None:
    (tmp_path / "a-file").write_text("not a corpus", encoding="utf-8")
    monkeypatch.setenv("IZVORI_JUDGE_CORPUS", str(tmp_path / where))
    result = runner.invoke(app, ["lookup", "D19.51"], env={"COLUMNS": "500"})  # was: FileNotFoundError, from
    # the walk of the corpus files for the cache key
    assert result.exit_code == 2 and f"error: IZVORI_JUDGE_CORPUS='{tmp_path / where}': not a folder" in result.stderr


def test_lookup_of_a_huge_reference_is_bad_input_and_not_echoed_whole(graph: RuleGraph) -> None:
    result = runner.invoke(app, ["lookup", "D" * 100_000])
    assert result.exit_code == 2 and "not a rule reference" in result.stderr and len(result.stderr) < 500


def test_lookup_of_a_cr_prefixed_number_is_todays_english_rule(graph: RuleGraph) -> None:
    # the newest English release (2026-08-07) line 186: "100.1. These Magic rules apply to any Magic game ..."
    code, data = lookup_json("cr:100.1")
    assert code == 0 and [r["ref"] for r in data["rules"]] == ["cr:100.1"]
    assert data["rules"][0]["text"].startswith("These Magic rules apply to any Magic game with two or more players")


def test_a_look_alike_number_is_suggested_in_every_document_that_prints_it(graph: RuleGraph) -> None:
    # "1O1.1" (letter O): cs-cr, ru-cr (cs-cr.txt line 4, ru-cr.txt 146) and cr (2026-08-07 line 226) each print a 101.1; the
    # suggestions once named cr:101.1 alone, one document's copy standing for all
    code, data = lookup_json("1O1.1")
    assert code == 1 and data["suggestions"][:3] == ["cs-cr:101.1", "ru-cr:101.1", "cr:101.1"]


def test_a_look_alike_digit_after_the_dot_is_suggested_before_the_number_in_front_of_it() -> None:
    # "A3.З2" (Cyrillic Ze for 3): was "did you mean sr-judge:A3?" alone, A3 being the number read before the З;
    # sr-judge.txt 102: A3.32 Ako je igračev život 0 ili manje
    code, data = lookup_json("A3.З2")
    assert code == 1 and data["suggestions"] == ["sr-judge:A3.32", "sr-judge:A3"]


@pytest.mark.parametrize("typed, first", [("1O1.1", "cs-cr:101.1"), ("cr:1O1.1", "cr:101.1"),
                                          ("АЗ.32", "sr-judge:A3.32"), ("7O2.19б", "ru-cr:702.19b")],
                         ids=["bare", "cr-prefix", "cyrillic", "cyrillic-be-for-b"])
def test_search_answers_a_look_alike_number_as_a_reference(typed: str, first: str) -> None:
    # once searched as words (ru-cr:613.8 first); now "no rule", did you mean the rule it looks like
    result = runner.invoke(app, ["search", typed, "--json"])
    data = json.loads(result.stdout)
    assert (result.exit_code, data["kind"], data["hits"]) == (1, "citation", [])
    assert data["suggestions"][0] == first
