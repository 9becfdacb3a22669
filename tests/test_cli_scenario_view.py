"""``cli/scenario_view.py``: ``scenario run`` prints its answer through :mod:`.styled` (issue 14: no
``rich.console`` in a cold run), which must print what rich prints. Each case lays out the same answer once and
renders it through both, compared in plain text exactly and, on a terminal, character by character with the
escape codes read back as styles: the stacked blocks below 60 columns, the state table above (rich's column
widths, cells folded, the columns empty for every player left out), Serbian and Russian words, control characters
from the file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from izvori_rules.cli import scenario_view
from izvori_rules.cli.styled import Target
from izvori_rules.cli.terminal import NARROW
from izvori_rules.engine.equivalents import equivalents_of
from izvori_rules.engine.result import ScenarioResult
from izvori_rules.engine.runner import run_scenario
from izvori_rules.graph import RuleGraph

from test_cli_styled import cells, rich_console

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "corpus" / "scenarios"
FILES = ["izvori-activated-cost-sacrifice", "mtg-trample-deathtouch", "izvori-mana-burn-loses-game",
         "mtg-sba-ten-poison", "izvori-antimagija-counterspell", "izvori-priority-after-casting",
         "izvori-multiplayer-attack-one-of-two-opponents", "izvori-additional-cost-discard"]
WIDTHS = [40, 59, 60, 80, 123]


def both(result: ScenarioResult, also: dict[str, tuple[str, ...]], lang: str, width: int,
         styled: bool) -> tuple[str, str]:
    """The answer as rich prints it and as :mod:`.styled` writes it."""
    out = rich_console(width, styled)
    scenario_view._printed(out, scenario_view._answer(result, also, lang, width < NARROW))
    assert isinstance(out.file, io.StringIO)
    written = scenario_view._written(scenario_view._answer(result, also, lang, width < NARROW),
                                     Target(width, styled, False))
    return out.file.getvalue(), written


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", FILES)
def test_a_scenario_prints_as_rich_prints_it(name: str, width: int) -> None:
    result = run_scenario(SCENARIOS / f"{name}.yaml")
    expected, written = both(result, {}, "en", width, styled=False)
    assert written == expected


@pytest.mark.parametrize("lang", ["sr", "ru"])
@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("name", FILES[:3])
def test_on_a_terminal_the_styles_are_rich_s(name: str, width: int, lang: str) -> None:
    result = run_scenario(SCENARIOS / f"{name}.yaml", lang=lang)
    expected, written = both(result, {}, lang, width, styled=True)
    assert "\x1b[1m" in written and cells(written) == cells(expected)


@pytest.mark.parametrize("width", [40, 80])
def test_the_equivalents_print_as_rich_prints_them(graph: RuleGraph, width: int) -> None:
    result = run_scenario(SCENARIOS / "mtg-trample-deathtouch.yaml")
    also = equivalents_of({r for s in result.steps for r in s.rules}, lambda: graph)
    assert any(also.values())  # ru-cr:702.19b (trample) has its sr-judge equivalent
    expected, written = both(result, also, "en", width, styled=True)
    assert "≡ " in written and cells(written) == cells(expected)


def test_text_from_the_file_cannot_drive_the_terminal(tmp_path: Path) -> None:
    source = (SCENARIOS / "mtg-trample-deathtouch.yaml").read_text(encoding="utf-8")
    path = tmp_path / "evil.yaml"
    path.write_text(source.replace("Venomous Trampler", '"Venomous\\e[2J Trampler with a very long name indeed"')
                    .replace('"Trample with deathtouch', '"\\e]8;;http://evil\\aTrample'), encoding="utf-8")
    result = run_scenario(path)
    for width in (40, 80):
        expected, written = both(result, {}, "en", width, styled=False)
        assert written == expected and "\x1b" not in written and "␛[2J" in written


@pytest.mark.parametrize("name", FILES)
def test_at_40_columns_the_answer_comes_first_and_every_line_fits(name: str) -> None:
    result = run_scenario(SCENARIOS / f"{name}.yaml")
    _, written = both(result, {}, "en", 40, styled=False)
    lines = written.splitlines()
    assert lines.index("Answer") < next(i for i, line in enumerate(lines) if line.startswith("What happens"))
    assert all(len(line) <= 40 for line in lines)


def _column(written: str, number: int) -> str:
    """The text of the state table's column ``number`` (from 1), its lines joined without spaces."""
    return "".join(line.split("│")[number].replace(" ", "") for line in written.split("\n") if line.startswith("│"))


@pytest.mark.parametrize("width", [60, 67, 79])
def test_the_state_table_cuts_no_card_name(tmp_path: Path, width: int) -> None:
    # at 60-79 columns the table once cut "Archangel of Tithes" to "Archan… of Tithes": a name is folded, whole
    source = (SCENARIOS / "mtg-attack-cost-archangel-planeswalker.yaml").read_text(encoding="utf-8")
    path = tmp_path / "long.yaml"
    path.write_text(source.replace("  - name: Ana\n",
                    "  - name: Ana\n    graveyard:\n      - {name: Grizzlybearsofthenorthernwoodsandhills, "
                    "types: [creature]}\n    exile:\n      - {card: Shock}\n"), encoding="utf-8")
    for result in (run_scenario(SCENARIOS / "mtg-attack-cost-archangel-planeswalker.yaml"), run_scenario(path)):
        expected, written = both(result, {}, "en", width, styled=False)
        assert written == expected and "…" not in written.split("Final state")[1]
        assert "ArchangelofTithes(3/5,flying);JaceBeleren" in _column(written, 4)  # player, life, library first
        assert "poison" not in written.split("Final state")[1]  # nobody has poison counters
    assert "Grizzlybearsofthenorthernwoodsandhills" in _column(written, 5)
