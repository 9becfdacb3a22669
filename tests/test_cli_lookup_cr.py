"""``lookup`` of the English Comprehensive Rules: ``cr:`` (the newest release, in the graph), ``cr-DATE:`` (one
release, from the history store) and bare numbers, which never reach the older releases (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.graph import RuleGraph

if TYPE_CHECKING:
    from conftest import CrHistory

runner = CliRunner()


def lookup_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["lookup", *args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_cr_names_the_newest_release(graph: RuleGraph) -> None:
    code, data = lookup_json("cr:702.19b")
    (rule,) = data["rules"]
    assert code == 0 and (rule["ref"], rule["lang"], rule["parent"]) == ("cr:702.19b", "en", "cr:702.19")
    # 2026-08-07 lines 4097-4099: the rule, then two examples
    assert rule["text"].startswith("The controller of an attacking creature with trample first assigns damage")
    assert len(rule["examples"]) == 2 and rule["line"] == 4097
    assert graph.docs["cr"].release == "2026-08-07"


def test_citations_in_cr_resolve_within_it(graph: RuleGraph) -> None:
    # 2026-08-07 line 5556: 704.5aa ends "See rule 702.179, “Start Your Engines!”" (line 5340 "702.179. Start
    # Your Engines!")
    node = graph.nodes["cr:704.5aa"]
    (citation,) = node.citations
    assert citation.targets == ("cr:702.179",) and citation.title_matches is True
    assert "cr:704.5aa" in graph.nodes["cr:702.179"].cited_by


def test_a_wrong_number_in_cr_is_flagged(graph: RuleGraph) -> None:
    # 2026-08-07 glossary "Endure": "See rule 702.62, “Endure.”", but 702.62 is Suspend; Endure is 701.63
    flags = [f for f in graph.nodes["cr:glossary:Endure"].flags if f.kind == "title_mismatch"]
    assert len(flags) == 1 and "“Endure” is 701.63" in flags[0].detail


def test_one_release_is_read_from_the_history_store(cr_history: CrHistory) -> None:
    code, data = lookup_json("cr-2006-10-01:502.9")
    (rule,) = data["rules"]
    # 2006-10-01 line 1520 "502.9. Trample", subrules 502.9a-f at lines 1522-1534
    assert code == 0 and (rule["ref"], rule["title"], rule["line"]) == ("cr-2006-10-01:502.9", "Trample", 1520)
    assert rule["children"] == [f"cr-2006-10-01:502.9{c}" for c in "abcdef"]


def test_the_panel_of_a_stored_release_shows_its_breadcrumb(cr_history: CrHistory) -> None:
    result = runner.invoke(app, ["lookup", "cr-2006-10-01:502.9"])
    assert result.exit_code == 0
    assert "5 Additional Rules › 502 Keyword Abilities" in result.stdout


def test_an_unknown_release_suggests_the_nearest(cr_history: CrHistory) -> None:
    code, data = lookup_json("cr-2006-09-01:502.9")
    assert code == 1 and data["rules"] == [] and data["suggestions"] == ["cr-2006-07-15", "cr-2006-10-01"]


def test_a_bare_number_finds_cr_but_no_older_release(graph: RuleGraph) -> None:
    code, data = lookup_json("702.19b")
    assert code == 0 and {r["doc"] for r in data["rules"]} == {"ru-cr", "cr"}


def test_a_lookup_of_a_translation_reads_nothing_of_the_history(graph: RuleGraph) -> None:
    # issue 15: cold commands must not pay for the history (no SQLite, no archive reader)
    code = ("import sys; from izvori_rules.cli import main; sys.argv = ['izvori-judge', 'lookup', 'D19.51', "
            "'--json']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('sqlite3', 'izvori_rules.cr_store', 'izvori_rules.cr_releases', 'tarfile') "
            "if m in sys.modules), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr
    assert out.strip() == "[]"


# --- a release a judge adds becomes cr everywhere (issue 15: corpus add) ----------------------------------------

# 2026-08-07 line 4097: 702.19b "... first assigns damage to the creature(s) blocking it." A synthetic release of
# 2026-09-25 changes those words only.
NEW_WORDS = "first assigns its combat damage to the creature(s) blocking it."


def synthetic_release(tmp_path: Path) -> Path:
    """The packaged 2026-08-07 release dated 2026-09-25, with new words in 702.19b only."""
    from izvori_rules.cr_releases import release_text
    from izvori_rules.history.family import cr_folder

    text = release_text("2026-08-07", cr_folder()).replace("These rules are effective as of August 7, 2026.",
                                                          "These rules are effective as of September 25, 2026.")
    new = tmp_path / "MagicCompRules 20260925.txt"
    new.write_text(text.replace("first assigns damage to the creature(s) blocking it.", NEW_WORDS, 1), "utf-8")
    return new


def test_an_added_newer_release_is_cr_for_lookup_and_bare_numbers(tmp_path, monkeypatch) -> None:
    from izvori_rules.cr_releases import release_text
    from izvori_rules.graph_cache import load_graph
    from izvori_rules.history.family import cr_folder

    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    old = release_text("2026-08-07", cr_folder())
    new = synthetic_release(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("Judge notes from FNM.\n100.1 is about games.\n", encoding="utf-8")
    load_graph.cache_clear()  # this process keeps the graph it read: a judge's next command reads it anew
    try:
        refused = runner.invoke(app, ["corpus", "add", str(notes)])
        assert refused.exit_code == 2 and not (tmp_path / "data").exists()
        assert runner.invoke(app, ["corpus", "add", str(new), "--json"]).exit_code == 0
        load_graph.cache_clear()
        code, data = lookup_json("cr:702.19b")
        (rule,) = data["rules"]
        assert code == 0 and rule["ref"] == "cr:702.19b" and NEW_WORDS in rule["text"]
        code, bare = lookup_json("702.19b")
        by_doc = {r["doc"]: r for r in bare["rules"]}
        assert set(by_doc) == {"ru-cr", "cr"} and NEW_WORDS in by_doc["cr"]["text"]
        assert load_graph().docs["cr"].release == "2026-09-25"
        code, before = lookup_json("cr-2026-08-07:702.19b")  # the packaged release is as it was
        (kept,) = before["rules"]
        assert code == 0 and NEW_WORDS not in kept["text"] and "first assigns damage to the" in kept["text"]
        assert release_text("2026-08-07", cr_folder()) == old
    finally:
        load_graph.cache_clear()
    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "other"))  # another data folder: the packaged cr again
    code, data = lookup_json("cr:702.19b")
    assert NEW_WORDS not in data["rules"][0]["text"] and load_graph().docs["cr"].release == "2026-08-07"
    load_graph.cache_clear()


def test_today_of_a_translated_rule_follows_an_added_release(tmp_path, monkeypatch) -> None:
    # issue 16: ru-cr 702.19b renders 702.19b of 2019-05-03, whose words changed in 2020-04-17 and 2023-04-14
    # (lineage.tsv) and, in the synthetic 2026-09-25 release, again; 702.19a is the same in all of them, and
    # 702.19c of 2019-05-03 has been 702.19d since 2021-06-18
    from izvori_rules.graph_cache import load_graph

    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    load_graph.cache_clear()
    try:
        before = {ref: _status_today(ref) for ref in ("ru-cr:702.19a", "ru-cr:702.19c")}
        assert lookup_json("ru-cr:702.19b")[1]["rules"][0]["today"]["changed_in"] == ["2020-04-17", "2023-04-14"]
        assert runner.invoke(app, ["corpus", "add", str(synthetic_release(tmp_path))]).exit_code == 0
        load_graph.cache_clear()
        today = lookup_json("ru-cr:702.19b")[1]["rules"][0]["today"]
        assert (today["ref"], today["status"], today["changed_in"]) == (
            "cr:702.19b", "changed", ["2020-04-17", "2023-04-14", "2026-09-25"])
        assert NEW_WORDS in today["text"]
        assert "2026-09-25" in runner.invoke(app, ["lookup", "ru-cr:702.19b"]).stdout
        after = {ref: _status_today(ref) for ref in before}
        assert after == before and after["ru-cr:702.19c"][0] == "cr:702.19d"
        # sr-judge E3.102 renders 502.9b of 2006-10-01, which became 702.19b
        old = lookup_json("sr-judge:E3.102")[1]["rules"][0]["today"]
        assert (old["ref"], old["status"], old["changed_in"][-1]) == ("cr:702.19b", "renumbered", "2026-09-25")
        ruling = tmp_path / "ruling.txt"
        ruling.write_text("Prvo dodeli borbenu štetu (vidi pravilo E3.102).\n", encoding="utf-8")
        (citation,) = json.loads(runner.invoke(app, ["cite-check", str(ruling), "--json"]).stdout)["citations"]
        assert citation["today"]["changed_in"][-1] == "2026-09-25"
    finally:
        load_graph.cache_clear()


def _status_today(ref: str) -> tuple[str, str, list[str]]:
    today = lookup_json(ref)[1]["rules"][0]["today"]
    return today["ref"], today["status"], today["changed_in"]
