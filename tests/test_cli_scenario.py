"""``izvori-judge scenario run``, ``scenario check`` and ``combat`` through typer's CliRunner: exit statuses,
JSON, messages; and that starting the CLI does not load the engine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app

HERE = Path(__file__).resolve().parent / "scenarios"
runner = CliRunner()


def invoke(*args: str) -> object:
    return runner.invoke(app, list(args))


@pytest.mark.parametrize(("name", "status"), [
    ("trample_chump", 0), ("izvori_damage_on_stack", 0), ("illegal_block_expected", 0), ("failing_expectation", 1),
    ("invalid_key", 2), ("refused_keyword", 3), ("illegal_block", 4),
], ids=["passes", "izvori-passes", "expected-illegal", "fails", "invalid", "refused", "illegal"])
def test_run_exit_status(name: str, status: int) -> None:
    assert invoke("scenario", "run", str(HERE / f"{name}.yaml")).exit_code == status


def test_run_json_has_the_issues_shape() -> None:
    result = invoke("scenario", "run", str(HERE / "trample_chump.yaml"), "--json")
    data = json.loads(result.stdout)
    assert {"scenario", "ruleset", "passed", "steps", "rejected", "state", "expectations"} <= set(data)
    assert data["passed"] is True and data["rejected"] is None
    damage = [s for s in data["steps"] if s["event"] == "combat_damage"]
    assert damage[1]["text"] == "Craw Wurm deals 3 combat damage to Boris (Boris is at 17 life)"
    assert "ru-cr:510.2" in damage[1]["rules"]
    assert data["state"]["players"]["Boris"]["life"] == 17
    assert data["state"]["permanents"]["Craw Wurm"]["damage"] == 2
    assert data["expectations"][0] == {"check": "life.Boris", "expected": 17, "actual": 17, "passed": True}


def test_run_json_reports_the_rejected_action() -> None:
    data = json.loads(invoke("scenario", "run", str(HERE / "illegal_block.yaml"), "--json").stdout)
    assert data["rejected"]["action"] == 2
    # ru-cr.txt 9026 "702.9b Существо с полётом не может быть заблокировано существами без полёта" and
    # 9283 "702.17b" (702.17 Захват, reach): the Bear has neither
    assert data["rejected"]["rules"] == ["ru-cr:702.9b", "ru-cr:702.17b"]


def test_invalid_file_message_names_file_line_and_key() -> None:
    result = invoke("scenario", "run", str(HERE / "invalid_key.yaml"))
    assert result.exit_code == 2
    assert "invalid_key.yaml:5: players[0].battlefield[0].powr: unknown key 'powr'" in " ".join(result.stderr.split())


def test_lang_sr_narrates_in_serbian() -> None:
    data = json.loads(invoke("scenario", "run", str(HERE / "izvori_damage_on_stack.yaml"), "--json",
                             "--lang", "sr").stdout)
    texts = [s["text"] for s in data["steps"]]
    assert "Sva raspoređena borbena šteta ide na niz kao jedan objekat; aktivni igrač dobija prednost pre nego " \
           "što se nanese" in texts


def test_an_unknown_language_is_a_usage_error() -> None:
    assert invoke("scenario", "run", str(HERE / "trample_chump.yaml"), "--lang", "de").exit_code == 2


def test_check_prints_a_table_and_exits_with_the_worst_status(tmp_path: Path) -> None:
    for name in ("trample_chump", "failing_expectation"):
        shutil.copy(HERE / f"{name}.yaml", tmp_path)
    result = invoke("scenario", "check", str(tmp_path))
    assert result.exit_code == 1
    assert "1/2 passed" in result.stdout
    rows = json.loads(invoke("scenario", "check", str(tmp_path), "--json").stdout)
    assert [(r["file"], r["status"]) for r in rows] == [("failing_expectation.yaml", 1), ("trample_chump.yaml", 0)]


def test_check_reports_invalid_files_as_status_2(tmp_path: Path) -> None:
    shutil.copy(HERE / "invalid_key.yaml", tmp_path)
    rows = json.loads(invoke("scenario", "check", str(tmp_path), "--json").stdout)
    assert rows[0]["status"] == 2 and "powr" in rows[0]["reason"]


# why the engine stops, in the judge's --lang in check's table as in scenario run: tests/scenarios/illegal_block.yaml
# (a Bear without flying or reach blocks a flying Hawk, ru-cr 702.9b: status 4) and refused_keyword.yaml (an izvori
# file whose creature has deathtouch, a keyword sr-judge does not have: status 3)
@pytest.mark.parametrize(("lang", "illegal", "refused"), [
    ("en", "Bear can't block Hawk, which has flying: it has neither flying nor reach",
     "the izvori ruleset has no keyword deathtouch ('deathtouch')"),
    ("sr", "Hawk ima Letenje: Bear nema ni Letenje ni Doseg, pa ne može da blokira",
     "pravila izvori nemaju osobinu deathtouch ('deathtouch')"),
    ("ru", "Hawk: Полёт; Bear без Полёта и Захвата не может блокировать",
     "в правилах izvori нет ключевого слова deathtouch ('deathtouch')"),
    ("cs", "Hawk má Flying: Bear nemá Flying ani Reach, a tak nemůže blokovat",
     "pravidla izvori nemají klíčové slovo deathtouch ('deathtouch')"),
])
def test_check_says_why_the_engine_stops_in_the_judges_language(tmp_path: Path, lang: str, illegal: str,
                                                                  refused: str) -> None:
    for name in ("illegal_block", "refused_keyword"):
        shutil.copy(HERE / f"{name}.yaml", tmp_path)
    where = f"{tmp_path / 'refused_keyword.yaml'}:6: players[0].battlefield[0].keywords[0]: "
    shown = runner.invoke(app, ["scenario", "check", str(tmp_path), "--lang", lang], env={"COLUMNS": "400"})
    answer = invoke("scenario", "check", str(tmp_path), "--lang", lang, "--json")
    rows = [(r["file"], r["status"], r["reason"]) for r in json.loads(answer.stdout)]  # type: ignore[attr-defined]
    assert rows == [("illegal_block.yaml", 4, illegal), ("refused_keyword.yaml", 3, where + refused)]
    assert shown.exit_code == 4 and illegal in shown.stdout and refused in shown.stdout


def test_combat_answers_in_one_line() -> None:
    result = invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 trample deathtouch", "--blockers", "2/2", "1/1")
    assert result.exit_code == 0
    # ru-cr 702.19b with 702.2c: 1 is lethal to each blocker, the rest tramples over.
    assert "Attacker assigns 1 to Blocker 1, 1 to Blocker 2, 1 to Defending player" in " ".join(result.stdout.split())


def test_combat_json() -> None:
    data = json.loads(invoke("combat", "--ruleset", "izvori", "--attacker", "40/40 Razbijač", "--blockers",
                             "20/20", "--json").stdout)
    assert data["assigned"]["Attacker"] == {"Blocker": 20, "Defending player": 20}  # sr-judge E3.102
    assert data["life_lost"] == 20 and data["died"] == ["Blocker"]
    assert "sr-judge:E3.102" in data["rules"]


@pytest.mark.parametrize(("lang", "answer"), [
    ("en", "mtg: Attacker has protection from red: Blocker can't block it"),
    ("sr", "mtg: Napadač ima zaštitu od boje „crvena”: Blokirač ne može da blokira"),
    ("ru", "mtg: Атакующий: защита от цвета «красный»; Блокирующий не может блокировать"),
    ("cs", "mtg: Útočník má ochranu před barvou „červená“: Obránce nemůže blokovat"),
], ids=["en", "sr", "ru", "cs"])
def test_combat_says_a_block_protection_forbids_in_the_judges_language(lang: str, answer: str) -> None:
    # ru-cr 702.16f: a creature with protection from red can't be blocked by red creatures; the answer once named
    # both of the blocker's colours ("protection from red/green") and was English in every language
    result = invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 protection from red", "--blockers",
                    "2/2 red green", "--json", "--lang", lang)
    data = json.loads(result.stdout)
    assert (result.exit_code, data["answer"], data["rules"]) == (4, answer, ["ru-cr:702.16f"])


@pytest.mark.parametrize(("lang", "colours"), [
    ("sr", "boje su žuta, plava, crna, crvena, zelena"),  # sr-judge.txt 386 (B4.22): Izvori's white is žuta
    ("ru", "цвета: белый, синий, черный, красный, зеленый"),  # ru-cr.txt 525 (105.1)
], ids=["sr", "ru"])
def test_combat_names_the_colours_in_the_judges_language(lang: str, colours: str) -> None:
    # once "white, blue, black, red, green" in every language
    result = invoke("combat", "--ruleset", "mtg", "--attacker", "3/3 protection from bogus", "--blockers", "2/2",
                    "--lang", lang)
    assert result.exit_code == 2 and " ".join(result.stderr.split()).endswith(colours)


def test_combat_refuses_a_keyword_the_ruleset_lacks() -> None:
    result = invoke("combat", "--ruleset", "izvori", "--attacker", "30/30 deathtouch", "--blockers", "20/20")
    assert result.exit_code == 3 and "no keyword deathtouch" in " ".join(result.stderr.split())


def test_starting_the_cli_does_not_load_the_engine() -> None:
    code = ("import sys, izvori_rules.cli; "
            "print(sorted(m for m in sys.modules if m.startswith('izvori_rules.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_cold_scenario_run_takes_the_fast_path_without_typer() -> None:
    code = ("import sys; from izvori_rules.cli.fast import run_fast; "
            f"status = run_fast(['scenario', 'run', '--lang', 'sr', {str(HERE / 'trample_chump.yaml')!r}, '--json']); "
            "print('typer' in sys.modules, status, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stderr.strip().endswith("False 0")
    typer_run = invoke("scenario", "run", str(HERE / "trample_chump.yaml"), "--json", "--lang", "sr")
    assert json.loads(done.stdout) == json.loads(typer_run.stdout)


def test_a_cold_scenario_run_prints_its_answer_without_rich_s_console() -> None:
    code = ("import sys; from izvori_rules.cli.fast import run_fast; "
            f"status = run_fast(['scenario', 'run', {str(HERE / 'trample_chump.yaml')!r}]); "
            "print(status, 'rich.console' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "80"})
    # the answer and the state table are written by cli/styled.py (issue 14); trample_chump.yaml's Craw Wurm
    # tramples over Grizzly Bears, so Boris ends at 17 (its expect: life: {Boris: 17})
    assert done.stderr.strip() == "0 False" and "Boris: 17" in done.stdout and "┏" in done.stdout


@pytest.mark.parametrize("args", [
    ["--lang", "de"], ["--lang"], ["--json", "--json"], ["--verbose"], ["-h"], ["other.yaml"], ["--base-url"],
    ["--markdown", "--base-url", "javascript:alert(1)"],
], ids=["bad-lang", "lang-without-value", "twice", "unknown-option", "help", "two-files", "url-without-value",
        "url-no-link-can-hold"])
def test_an_unusual_scenario_run_is_left_to_typer(args: list[str]) -> None:
    from izvori_rules.cli.fast import run_fast

    assert run_fast(["scenario", "run", str(HERE / "trample_chump.yaml"), *args]) is None


# --- hostile files (issue 11) ------------------------------------------------------------------------


def test_thousands_of_nested_brackets_are_an_invalid_file_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "nested.yaml"
    path.write_text("scenario: x\nruleset: mtg\nplayers: " + "[" * 5000 + "\n", encoding="utf-8")
    result = invoke("scenario", "run", str(path))
    assert result.exit_code == 2 and "nested too deeply" in result.stderr


def test_one_bad_file_does_not_take_down_the_check_table(tmp_path: Path) -> None:
    (tmp_path / "a-nested.yaml").write_text("players: " + "[" * 5000 + "\n", encoding="utf-8")
    shutil.copy(HERE / "trample_chump.yaml", tmp_path / "b-good.yaml")
    result = invoke("scenario", "check", str(tmp_path), "--json")
    rows = json.loads(result.stdout)
    assert [(r["file"], r["status"]) for r in rows] == [("a-nested.yaml", 2), ("b-good.yaml", 0)]
    assert result.exit_code == 2


def test_a_folder_name_with_an_escape_does_not_reach_the_terminal_raw() -> None:
    result = invoke("scenario", "check", "\x1b[2Jnowhere")  # typer's error box printed the ESC as given
    assert result.exit_code == 2 and "\x1b" not in result.stderr and "␛[2Jnowhere is not a folder" in result.stderr


def test_a_folder_without_scenarios_is_bad_input_not_a_pass(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    result = invoke("scenario", "check", str(tmp_path))  # was: "0/0 passed", status 0
    assert result.exit_code == 2 and "holds no" in result.stderr and "(*.yaml, *.yml)" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--attacker", "2/2 [bold]flyng[/]", "--blockers", "1/1"],
     "error: Attacker: '2/2 [bold]flyng[/]': '[bold]flyng[/]' is neither a keyword nor a colour"),
    (["--attacker", "3/3", "--blockers", *["1/1"] * 201], "error: --blockers: 201 blockers; a player has at most 200"),
], ids=["unknown-keyword", "too-many-blockers"])
def test_combat_names_the_option_it_cannot_read(args: list[str], message: str) -> None:
    # was: the line and path of the scenario written from the options ("--attacker/--blockers:9:
    # players[0].battlefield[0].keywords[0]: ...", "file too large (528134 bytes ...)")
    result = invoke("combat", *args)
    assert result.exit_code == 2 and " ".join(result.stderr.split()).startswith(message)


IZVORI_KEYWORDS = "fear, first strike, flash, flying, haste, indestructible, landwalk, protection, trample, vigilance"


@pytest.mark.parametrize(("args", "status", "message"), [
    # rulesets.toml [izvori] keywords: no deathtouch (sr-judge E3 has no such keyword)
    (["--attacker", "3/3 deathtouch", "--blockers", "2/2"], 3,
     "error: Attacker: '3/3 deathtouch': the izvori ruleset has no keyword deathtouch ('deathtouch'); "
     f"the izvori keywords are {IZVORI_KEYWORDS}"),
    (["--ruleset", "mtg", "--attacker", "3/3 deathtuch", "--blockers", "2/2"], 2,
     "error: Attacker: '3/3 deathtuch': 'deathtuch' is neither a keyword nor a colour (did you mean deathtouch?); "
     "the mtg keywords are convoke, deathtouch,"),
    # banding: ru-cr 702.21 and concepts.tsv know it; the engine does not play it (README, "does not model yet")
    (["--attacker", "3/3 banding", "--blockers", "2/2"], 3,
     "error: Attacker: '3/3 banding': keyword 'banding' (banding) is not modelled by the engine; "
     f"the izvori keywords are {IZVORI_KEYWORDS}"),
    # was: "trample bogus" read as trample (the concept table's leading-words match), answered with status 3
    (["--attacker", "3/3 trample bogus", "--blockers", "2/2"], 2,
     "error: Attacker: '3/3 trample bogus': 'bogus' is neither a keyword nor a colour; "
     f"the izvori keywords are {IZVORI_KEYWORDS}"),
    (["--attacker", "3/3", "--blockers", "2/2 first strike trampel"], 2,
     "error: Blocker: '2/2 first strike trampel': 'trampel' is neither a keyword nor a colour (did you mean "
     "trample"),
    (["--lang", "sr", "--attacker", "3/3 Razbijač bogus", "--blockers", "2/2"], 2,  # [sr.errors]
     "greška: Napadač: '3/3 Razbijač bogus': 'bogus' nije ni osobina ni boja; osobine pravila izvori su "
     f"{IZVORI_KEYWORDS}"),
], ids=["ruleset-lacks-it", "misspelt", "not-modelled", "word-after-a-keyword", "blocker-misspelt", "serbian"])
def test_combat_names_a_keyword_it_cannot_play_with_those_it_can(args: list[str], status: int, message: str) -> None:
    # was: exit 3 and "--attacker/--blockers:11: players[0].battlefield[0].keywords[0]: ..." (an internal path)
    result = invoke("combat", *args)
    said = " ".join(result.stderr.split())
    assert result.exit_code == status and said.startswith(message) and "players[0]" not in said


def test_combat_json_of_a_keyword_it_cannot_play_is_json_with_status_3() -> None:
    # was: exit 3 and nothing on standard output; a refusal while playing already answered as JSON
    result = invoke("combat", "--attacker", "3/3 banding", "--blockers", "2/2", "--json")
    assert result.exit_code == 3
    assert json.loads(result.stdout) == {
        "answer": "izvori: Attacker: '3/3 banding': keyword 'banding' (banding) is not modelled by the engine; "
                  f"the izvori keywords are {IZVORI_KEYWORDS}",
        "rules": [], "exit_status": 3, "assigned": {}, "died": [], "life_lost": 0}


def test_a_device_that_never_ends_is_refused_at_the_size_limit() -> None:
    result = invoke("scenario", "run", "/dev/zero")
    assert result.exit_code == 2 and "too large" in result.stderr


@pytest.mark.parametrize("codec", ["utf-16", "utf-8-sig"])
def test_a_scenario_in_utf_16_or_with_a_bom_runs_like_the_utf_8_file(tmp_path: Path, codec: str) -> None:
    path = tmp_path / "trample_chump.yaml"
    path.write_bytes((HERE / "trample_chump.yaml").read_text(encoding="utf-8").encode(codec))
    assert invoke("scenario", "run", str(path)).exit_code == 0


def test_a_hundred_thousand_levels_are_refused_before_libyaml_can_crash(tmp_path: Path) -> None:
    """libyaml's composer recurses in C: 100,000 levels were a segmentation fault, so this runs in a process
    of its own."""
    path = tmp_path / "deep.yaml"
    path.write_text("scenario: x\nruleset: mtg\nplayers: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    code = f"from izvori_rules.cli import main; import sys; sys.argv = ['x', 'scenario', 'run', {str(path)!r}]; main()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "nested too deeply" in done.stderr


def test_a_command_leaves_its_objects_to_the_end_of_the_process_not_to_a_last_collection(tmp_path: Path) -> None:
    """``main`` freezes the garbage collector's objects as it ends (issue 14: the interpreter's last collection
    would walk every object the imports made); the answer is printed whole first."""
    path = tmp_path / "trample_chump.yaml"
    shutil.copy(HERE / "trample_chump.yaml", path)
    code = ("import atexit, gc, sys; atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0)); "
            f"from izvori_rules.cli import main; sys.argv = ['x', 'scenario', 'run', {str(path)!r}, '--json']; main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    answer, _, frozen = done.stdout.rpartition("\n" + "frozen ")
    assert done.returncode == 0 and json.loads(answer)["exit_status"] == 0 and frozen.strip() == "True"
