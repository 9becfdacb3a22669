"""``history``, ``diff`` and ``corpus add`` through typer's CliRunner: exit status, exact JSON fields, messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.cr_releases import release_text
from izvori_rules.history.family import cr_folder
from izvori_rules.history.sources import load_store

runner = CliRunner()
HISTORY_FIELDS = {"query", "release", "id", "numbers", "first_release", "first_id", "in_first_release", "first_text",
                  "changes", "typographic_hidden", "removed_in", "successor", "last_text"}
CHANGE_FIELDS = {"release", "previous", "old_id", "id", "change", "renumbered", "old_text", "text", "diff"}
DIFF_FIELDS = {"from", "to", "section", "typographic", "counts", "items"}
ITEM_FIELDS = {"kind", "old_id", "new_id", "change", "old_text", "text", "diff", "removed_in", "successor"}
ADDED_FIELDS = {"date", "path", "already_there", "previous", "newest", "rules", "encoding", "counts"}


def invoke_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, [*args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_history_json_contract() -> None:
    code, data = invoke_json("history", "702.19b")
    assert code == 0 and set(data) == HISTORY_FIELDS
    assert (data["release"], data["id"], data["first_release"], data["first_id"]) == ("2026-08-07", "702.19b",
                                                                                     "2003-03-15", "502.9b")
    assert [n["id"] for n in data["numbers"]] == ["502.9b", "702.17b", "702.18b", "702.19b"]
    assert all(set(c) == CHANGE_FIELDS for c in data["changes"])
    m10 = next(c for c in data["changes"] if c["release"] == "2009-07-11")
    assert (m10["old_id"], m10["id"], m10["renumbered"]) == ("502.9b", "702.17b", True)
    assert {p["op"] for p in m10["diff"]} <= {"=", "-", "+"}


def test_history_of_one_release_and_of_a_translation() -> None:
    code, data = invoke_json("history", "cr-2006-10-01:502.9")
    assert code == 0 and (data["release"], data["id"]) == ("2006-10-01", "502.9")
    code, data = invoke_json("history", "ru-cr:702.19b")  # ru-cr translates cr-2019-05-03
    assert code == 0 and (data["release"], data["id"]) == ("2019-05-03", "702.19b")


def test_history_of_a_renumbered_translation_follows_its_original() -> None:
    # sr-judge line 1434: C11.40 "Sva borbena šteta se razrešava sa niza kao jedan objekat ..." renders 310.4 of
    # the CR of 2006-10-01 ("Combat damage resolves as an object on the stack ..."); M10 (2009-07-11) removed
    # combat damage on the stack, and chapter 510 (Combat Damage Step) took its place.
    code, data = invoke_json("history", "sr-judge:C11.40")
    assert code == 0 and (data["release"], data["id"]) == ("2006-10-01", "310.4")
    assert data["removed_in"] == "2009-07-11" and data["successor"] == "510"
    # ru-cr 603.3 prints the text of English 606.3 (the loyalty abilities rule): its history is 606.3's
    code, data = invoke_json("history", "ru-cr:603.3")
    assert code == 0 and (data["release"], data["id"]) == ("2019-05-03", "606.3")


def test_history_of_an_unknown_rule_exits_1_and_a_bad_release_2() -> None:
    result = runner.invoke(app, ["history", "999.9"])
    assert result.exit_code == 1 and "no rule '999.9'" in result.stderr
    result = runner.invoke(app, ["history", "cr-2006-09-01:502.9"])
    assert result.exit_code == 2 and "no English release effective '2006-09-01'" in result.stderr
    result = runner.invoke(app, ["history", "9" * 5000])
    assert result.exit_code == 1 and "(5,000 characters)" in result.stderr and len(result.stderr) < 300


@pytest.mark.parametrize("typed, hint", [("CR 702.19b", "did you mean cr:702.19b?"),
                                         ("702.19bb", "did you mean cr:702.19b, "),
                                         ("cr-2006-10-01:502.9bb", "did you mean cr-2006-10-01:502.9b, "),
                                         ("1O1.1", "did you mean cr:101.1, "), ("cr:1O1.1", "did you mean cr:101.1, ")],
                         ids=["CR-prefix", "a-letter-too-many", "one-release", "letter-O-for-0", "cr-letter-O"])
def test_history_of_a_mistyped_rule_says_did_you_mean(typed: str, hint: str) -> None:
    # was: "no rule 'CR 702.19b'" and nothing more; cr 702.19b and 2006-10-01 502.9b are trample's rules; 1O1.1
    # was 811.1, 711.1 ... with 101.1 ("Magic rules apply", CR 101.1) not among them
    result = runner.invoke(app, ["history", typed])
    assert result.exit_code == 1 and f"no rule {typed!r}; {hint}" in " ".join(result.stderr.split())


def test_history_json_of_a_rule_it_lacks_is_json_with_the_suggestions() -> None:
    # was: exit 1 and nothing on standard output, where lookup --json answers {"query", "rules": [], "suggestions"}
    code, data = invoke_json("history", "1O1.1")
    assert code == 1 and set(data) == {"query", "suggestions", "message"}
    assert data["query"] == "1O1.1" and data["suggestions"][0] == "cr:101.1"  # CR 101.1, "Magic rules apply"
    assert data["message"].startswith("no rule '1O1.1'; did you mean cr:101.1, ")


@pytest.mark.parametrize("typed", ["702.19B", "٧٠٢.١٩b", "cr:702.19b."], ids=["capital", "arabic-indic", "dot"])
def test_history_reads_a_rule_number_as_lookup_does(typed: str) -> None:
    code, data = invoke_json("history", typed)
    assert code == 0 and (data["release"], data["id"]) == ("2026-08-07", "702.19b")


def test_history_prints_words_of_the_rules_as_text_not_markup() -> None:
    # 702.19b's texts hold "[" nowhere, but its history shows removed words marked [-…-] without colours
    result = runner.invoke(app, ["history", "702.19b"])
    assert result.exit_code == 0
    assert "502.9b (2003-03-15 – 2009-05-01)" in result.stdout
    assert "[-remaining-] {+excess+}" in result.stdout  # 2020-04-17: "any remaining damage" → "any excess damage"


def test_diff_json_contract_with_summary_and_section() -> None:
    code, data = invoke_json("diff", "2026-06-19", "2026-08-07", "--section", "1")
    assert code == 0 and set(data) == DIFF_FIELDS and all(set(i) == ITEM_FIELDS for i in data["items"])
    assert {"kind": "added", "new_id": "122.1j"}.items() <= next(i for i in data["items"]
                                                                 if i["new_id"] == "122.1j").items()
    code, summary = invoke_json("diff", "2019-01-25", "2019-05-03", "--summary")
    assert code == 0 and summary["items"] == [] and set(summary["counts"]) == {"added", "removed", "changed",
                                                                               "renumbered", "typographic"}
    assert summary["counts"]["typographic"] > 1000
    result = runner.invoke(app, ["diff", "2026-08-07", "2019-05-03"])
    assert result.exit_code == 2 and "is not earlier than" in result.stderr
    result = runner.invoke(app, ["diff", "2019-05-03", "2026-08-07", "--section", "99"])  # was: 0 of each, status 0
    assert result.exit_code == 2 and "--section '99': give a section (5), a rule number (702) or glossary" in \
        " ".join(result.stderr.split())


def test_corpus_add_refuses_a_file_that_is_no_release(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    notes = tmp_path / "notes.txt"
    notes.write_text("Judge notes from FNM.\n100.1 is about games.\n", encoding="utf-8")
    result = runner.invoke(app, ["corpus", "add", str(notes)])
    assert result.exit_code == 2 and "not a Comprehensive Rules release" in result.stderr
    dated = tmp_path / "dated.txt"
    dated.write_text("Magic Rules\n\nThese rules are effective as of May 1, 2027.\n\nNo rules here.\n", encoding="utf-8")
    result = runner.invoke(app, ["corpus", "add", str(dated)])
    assert result.exit_code == 2 and "not a Comprehensive Rules release" in result.stderr
    result = runner.invoke(app, ["corpus", "add", str(notes), "--lang", "sr"])  # [sr.errors] release_no_date
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)  # said, not a traceback
    assert " ".join(result.stderr.split()).startswith(f"greška: {notes}: nije izdanje Comprehensive Rules: blizu ")
    assert not (tmp_path / "data").exists()


def test_corpus_add_reads_at_most_16_mib_and_names_a_folder(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # was: /dev/zero read whole, a MemoryError traceback (or all the memory); the largest release is 1,707,002 bytes
    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    result = runner.invoke(app, ["corpus", "add", "/dev/zero"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    said = " ".join(result.stderr.split())
    assert said == "error: /dev/zero: the release file is too large (more than 16,777,216 bytes)"
    result = runner.invoke(app, ["corpus", "add", str(tmp_path), "--lang", "ru"])
    assert result.exit_code == 2
    assert " ".join(result.stderr.split()) == f"ошибка: {tmp_path}: не удаётся прочитать файл редакции: это каталог"
    assert not (tmp_path / "data").exists()


def test_corpus_add_accepts_a_copy_of_a_packaged_release(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    copy = tmp_path / "MagicCompRules 20260807.txt"  # as Wizards ships it: UTF-16 with a BOM, CRLF
    copy.write_bytes(release_text("2026-08-07", cr_folder()).replace("\n", "\r\n").encode("utf-16"))
    code, data = invoke_json("corpus", "add", str(copy))
    assert code == 0 and set(data) == ADDED_FIELDS
    assert (data["date"], data["already_there"], data["previous"], data["encoding"]) == ("2026-08-07", True,
                                                                                         "2026-06-19", "UTF-16")
    assert not (tmp_path / "data").exists()
    result = runner.invoke(app, ["corpus", "add", str(copy), "--lang", "sr"])  # was: English whatever --lang
    said = " ".join(result.stdout.split())
    assert result.exit_code == 0 and said.startswith("Izdanje koje važi od 2026-08-07 (broj numerisanih pravila: ")
    assert "već je u istoriji. To je najnovije izdanje: cr sada označava cr-2026-08-07. Od cr-2026-06-19: " in said


def test_a_new_release_joins_the_history_and_becomes_cr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    text = release_text("2026-08-07", cr_folder())
    text = text.replace("These rules are effective as of August 7, 2026.",
                        "These rules are effective as of September 25, 2026.")
    text = text.replace("first assigns damage to the creature(s) blocking it.",
                        "first assigns its combat damage to the creature(s) blocking it.", 1)
    new = tmp_path / "MagicCompRules 20260925.txt"
    new.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r").encode("utf-8"))  # BOM, lone CRs
    code, data = invoke_json("corpus", "add", str(new))
    assert code == 0 and (data["date"], data["newest"], data["already_there"]) == ("2026-09-25", True, False)
    assert data["counts"]["changed"] == 1 and data["counts"]["added"] == data["counts"]["removed"] == 0
    assert (tmp_path / "data" / "cr-releases" / "2026-09-25.txt").read_text(encoding="utf-8") == text
    code, history = invoke_json("history", "702.19b")
    assert history["release"] == "2026-09-25" and history["changes"][-1]["release"] == "2026-09-25"
    result = runner.invoke(app, ["lookup", "cr-2026-09-25:702.19b", "--json"])  # the added release, by its date
    assert result.exit_code == 0 and "first assigns its combat damage" in result.stdout
    assert "cr-2026-09-25:702.19b" in result.stdout
    code, again = invoke_json("corpus", "add", str(new))
    assert code == 0 and again["already_there"] is True


def test_a_cold_history_runs_on_the_fast_path_without_typer() -> None:
    """With the store built, a cold ``history`` reads its rows and imports neither typer nor what only builds
    the store: the corrections table's reader, or the graph's model (importing model.py for its id_order was
    a seventh of a cold ``history 702.19b --json``)."""
    import subprocess
    import sys

    load_store()  # built, as a judge's second command finds it
    code = ("import sys; from izvori_rules.cli.fast import run_fast; "
            "status = run_fast(['history', '702.19b', '--json']); "
            "print(sorted({'typer', 'izvori_rules.model', 'izvori_rules.history.corrections'} & set(sys.modules)), "
            "status, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stderr.strip().endswith("[] 0")
    assert set(json.loads(done.stdout)) == HISTORY_FIELDS
