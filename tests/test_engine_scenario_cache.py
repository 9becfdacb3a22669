"""A scenario file read once (issue 14): a second run of the same text is served from the cache folder without
reading the YAML again; a changed text, a damaged entry or an invalid file is read again; the folder stays
bounded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from izvori_rules.engine import scenario, scenario_cache
from izvori_rules.engine.errors import ScenarioInvalid
from izvori_rules.engine.runner import run_scenario
from izvori_rules.serialize import scenario_json

HERE = Path(__file__).resolve().parent / "scenarios"


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(folder))
    return folder


def no_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, reading YAML fails the test: what follows must come from the cache."""
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the YAML was read again")

    monkeypatch.setattr(scenario, "load_yaml", refuse)


def copy(tmp_path: Path, name: str = "trample_chump", edit: tuple[str, str] = ("", "")) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text((HERE / f"{name}.yaml").read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
    return path


def test_a_second_run_of_the_same_file_is_served_from_the_cache(cache_dir: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy(tmp_path)
    first = run_scenario(path, cached=True)
    no_yaml(monkeypatch)
    again = run_scenario(path, cached=True)
    # trample_chump.yaml: the 5/5 trampler assigns 2 to the 2/2 and 3 to Boris (ru-cr:702.19b), 20 - 3 = 17
    assert again.exit_status == 0 and again.state is not None and again.state.players[1].life == 17
    assert scenario_json(again) == scenario_json(first)
    assert len(list((cache_dir / scenario_cache.FOLDER).iterdir())) == 1


def test_a_changed_file_is_read_again(cache_dir: Path, tmp_path: Path) -> None:
    path = copy(tmp_path)
    assert run_scenario(path, cached=True).exit_status == 0
    path.write_text(path.read_text(encoding="utf-8").replace("life: {Boris: 17}", "life: {Boris: 15}"),
                    encoding="utf-8")
    result = run_scenario(path, cached=True)
    assert result.exit_status == 1 and [o.check for o in result.expectations if not o.passed] == ["life.Boris"]


def test_a_damaged_entry_is_read_again(cache_dir: Path, tmp_path: Path) -> None:
    path = copy(tmp_path)
    first = run_scenario(path, cached=True)
    (entry,) = (cache_dir / scenario_cache.FOLDER).iterdir()
    raw = entry.read_bytes()
    entry.write_bytes(raw[:4] + bytes(b ^ 0x55 for b in raw[4:]))
    assert scenario_json(run_scenario(path, cached=True)) == scenario_json(first)


def test_an_invalid_file_is_not_kept(cache_dir: Path, tmp_path: Path) -> None:
    path = copy(tmp_path, "invalid_key")
    for _ in range(2):
        with pytest.raises(ScenarioInvalid, match=r"invalid_key\.yaml:5: players\[0\]\.battlefield\[0\]\.powr"):
            run_scenario(path, cached=True)
    assert not (cache_dir / scenario_cache.FOLDER).exists()


def test_the_folder_keeps_the_newest_files(cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_cache, "MAX_KEPT", 4)
    folder = cache_dir / scenario_cache.FOLDER
    counts = []
    for n in range(7):
        run_scenario(copy(tmp_path, edit=("Boris: 17", f"Boris: {17 + n}")), cached=True)
        counts.append(len(list(folder.iterdir())))
    assert counts == [1, 2, 3, 4, 2, 3, 4]  # full at 4: the oldest removed down to half, then the new one kept
    newest = copy(tmp_path, edit=("Boris: 17", "Boris: 23"))
    assert run_scenario(newest, cached=True).exit_status == 1 and len(list(folder.iterdir())) == 4  # read back


def test_a_file_read_back_loads_none_of_the_readers(cache_dir: Path, tmp_path: Path) -> None:
    path = copy(tmp_path)
    run_scenario(path, cached=True)
    code = ("import sys; from pathlib import Path; from izvori_rules.engine.runner import run_scenario; "
            f"result = run_scenario(Path({str(path)!r}), cached=True); "
            "print(result.exit_status, sorted(m.rpartition('.')[2] for m in sys.modules "
            "if m.split('.')[-1] in {'yaml', 'scenario', 'objectspec', 'schema', 'cards'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "0 []"


def test_without_the_flag_nothing_is_kept(cache_dir: Path, tmp_path: Path) -> None:
    run_scenario(copy(tmp_path))
    assert not (cache_dir / scenario_cache.FOLDER).exists()


def test_a_never_run_file_stamps_the_engine_inputs_once(cache_dir: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """One key for the scenario, the card library and the equivalents table (issue 14: each stamp reads every
    package and corpus file's metadata); the answer is the one an uncached run gives."""
    from izvori_rules import cache
    from izvori_rules.engine.runner import answer_file

    stamped: list[str] = []
    stamp = cache.stamped_key

    def counted(name: str, *args: Any) -> str:
        stamped.append(name)
        return stamp(name, *args)

    monkeypatch.setattr(cache, "stamped_key", counted)
    path = copy(tmp_path)
    result, also = answer_file(path, "en", lambda: None)
    assert stamped == ["engine-inputs"] and also == {}
    assert scenario_json(result) == scenario_json(run_scenario(path))
