"""The scenario format's published JSON Schema (issue 13, "Format"): generated from the engine's readers,
shipped in the package, and applied first by the loader so that a schema error names its file and line."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from izvori_rules.cli import app
from izvori_rules.engine.errors import ScenarioInvalid
from izvori_rules.engine.scenario import load_scenario
from izvori_rules.engine.schema import scenario_schema

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_scenario_schema.py"

BASE = """scenario: schema
ruleset: mtg
players:
  - name: Ana
    battlefield:
      - name: Keeper
        types: [enchantment]
        abilities:
          - replacement: {when: dies, who: any, instead: exile}
  - name: Boris
turn: {active: Ana, step: main1}
"""


def test_the_committed_schema_is_what_the_script_writes() -> None:
    spec = importlib.util.spec_from_file_location("make_scenario_schema", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert json.loads(module.render()) == scenario_schema()


def test_the_schema_ships_as_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"**/*.json"' in text
    assert scenario_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize(("old", "new", "line", "message"), [
    ("instead: exile}", "instead: vanish}", 9, "instead: must be one of"),
    ("who: any,", "who: anyone,", 9, "who: must be one of"),
    ("replacement: {", "replacment: {", 9, "unknown ability 'replacment'"),
    ("name: Keeper", 'name: "Kee\x1bper"', 6, "malformed YAML: control characters are not allowed (U+001B)"),
    ("step: main1}\n", "step: main1}\nactions:\n  - pass: {}\n", 13,
     "actions[0].pass: is none of the accepted forms (one of priority, until_resolved, next_step; a mapping with until)"),
    ("step: main1}\n", "step: main1}\nactions:\n  - pass\n", 13,
     "actions[0]: expected a mapping whose key is the action (one of attack, block, order_blockers,"),
], ids=["bad-instead", "bad-who", "unknown-ability", "escape-character", "pass-with-no-form", "action-not-a-mapping"])
def test_a_schema_error_names_its_line(old: str, new: str, line: int, message: str) -> None:
    with pytest.raises(ScenarioInvalid) as info:
        load_scenario(BASE.replace(old, new), "case.yaml")
    assert str(info.value).startswith(f"case.yaml:{line}:")
    assert message in str(info.value)


def test_scenario_check_reports_the_schema_error_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(BASE.replace("instead: exile}", "instead: vanish}"), encoding="utf-8")
    result = CliRunner().invoke(app, ["scenario", "check", str(tmp_path), "--json"])
    assert result.exit_code == 2
    rows = json.loads(result.stdout)
    assert rows[0]["status"] == 2 and rows[0]["reason"].startswith(f"{tmp_path / 'bad.yaml'}:9:")


def test_a_valid_file_passes_the_schema() -> None:
    assert load_scenario(BASE, "case.yaml").title == "schema"


def test_the_schema_read_back_from_the_cache_folder_is_the_published_file(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept as marshal data after its first reading (issue 14); what is read back is the file's JSON."""
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path))
    published = json.loads((ROOT / "izvori_rules" / "engine" / "scenario.schema.json").read_text(encoding="utf-8"))
    for _ in range(2):
        scenario_schema.cache_clear()
        assert scenario_schema() == published
    scenario_schema.cache_clear()
    assert len(list(tmp_path.glob("scenario-schema-*.marshal"))) == 1


@pytest.mark.parametrize(("old", "new", "line", "message"), [
    ("  - name: Boris\n", "  - name: Boris\n    life: 1000000001\n", 11,
     "players[1].life: must be at most 1,000,000,000"),
    ("  - name: Boris\n", "  - name: Boris\n    life: -1000000001\n", 11,
     "players[1].life: must be at least -1,000,000,000"),
    ("  - name: Boris\n", "  - name: Boris\n    library: 10001\n", 11, "players[1].library: must be at most 10,000"),
    ("  - name: Boris\n", "  - name: Boris\n    poison: 1000000000000000000000\n", 11,
     "players[1].poison: must be at most 1,000,000,000,000"),
    ("types: [enchantment]", "types: [creature]\n        power: -10000000000000", 8,
     "players[0].battlefield[0].power: must be at least -1,000,000,000,000"),
], ids=["life-too-high", "life-too-low", "library", "poison-10-to-21", "power-below-minus-10-to-12"])
def test_a_number_out_of_bounds_names_file_line_and_key(old: str, new: str, line: int, message: str) -> None:
    # once unbounded (a poison count of 10**21 played on; 10**30 power printed in full)
    with pytest.raises(ScenarioInvalid) as info:
        load_scenario(BASE.replace(old, new), "case.yaml")
    assert str(info.value) == f"case.yaml:{line}: {message}"


def test_a_bound_is_said_in_the_judges_language(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(BASE.replace("  - name: Boris\n", "  - name: Boris\n    library: 10001\n"), encoding="utf-8")
    for lang, said in [("sr", "players[1].library: mora biti najviše 10.000"),
                       ("ru", "players[1].library: должно быть не больше 10\u00a0000"),
                       ("cs", "players[1].library: musí být nejvýše 10\u00a0000")]:
        result = CliRunner().invoke(app, ["scenario", "run", str(path), "--lang", lang])
        assert result.exit_code == 2 and said in result.stderr
