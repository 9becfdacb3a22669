"""The history store (izvori_rules/history/store.py): every row is checked as it is read, so a damaged store
answers as the good one (it is built again, with a notice), never with other words and never with a traceback
(issue 11). The damaged stores are built from the first three releases, the ``history`` command's too."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from typer.testing import CliRunner

from damaging import STORE_DAMAGE, damage_store, history_answers, text_spans
from izvori_rules.cli import app
from izvori_rules.errors import CacheNotice
from izvori_rules.history.sources import entries_of, load_store
from izvori_rules.history.store import open_store

if TYPE_CHECKING:
    from conftest import SmallReleases

runner = CliRunner()


def test_history_of_a_rule_whose_text_was_overwritten_is_that_of_the_good_store(
        small_releases: SmallReleases, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from izvori_rules.history import sources

    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path))
    monkeypatch.setattr(sources, "release_sources", lambda root=None: small_releases.sources())
    good = runner.invoke(app, ["history", "200.4", "--json"])
    assert good.exit_code == 0 and json.loads(good.stdout)["first_id"] == "200.4"
    (path,) = tmp_path.glob("cr-history-*.sqlite")
    # 2003-10-01 lines 281-282: the text of 200.4, overwritten with text of its length
    damage_store(path, text_spans(path.read_bytes(), "A token is a marker used to represent any permanent"),
                 "same-length-text", "")
    bad = runner.invoke(app, ["history", "200.4", "--json"])
    assert (bad.exit_code, bad.stdout) == (0, good.stdout)
    assert "was damaged; it is built again" in bad.stderr


@pytest.fixture(scope="module")
def small_history(small_releases: SmallReleases, tmp_path_factory: pytest.TempPathFactory
                  ) -> tuple[bytes, tuple[object, ...]]:
    """The history store of the three small releases, built once: its bytes and its answers."""
    path = tmp_path_factory.mktemp("small-history") / "cr-history-small.sqlite"
    store = open_store(path, small_releases.sources(), entries_of)
    # 2003-10-01 lines 281-282: the text of 200.4
    assert (store.text(2, "200.4") or "").startswith("A token is a marker used to represent any permanent")
    found = history_answers(store)
    store.conn.close()
    return path.read_bytes(), found


@pytest.mark.parametrize("how", STORE_DAMAGE)
def test_a_damaged_store_answers_as_the_good_one(small_releases: SmallReleases,
                                                 small_history: tuple[bytes, tuple[object, ...]],
                                                 tmp_path: Path, how: str) -> None:
    raw, good = small_history
    path = tmp_path / "cr-history-small.sqlite"
    path.write_bytes(raw)
    damage_store(path, text_spans(raw, "A token is a marker used to represent any permanent"), how, "text")
    with pytest.warns(CacheNotice, match="was damaged; it is built again"):
        assert history_answers(open_store(path, small_releases.sources(), entries_of)) == good
    assert history_answers(open_store(path, small_releases.sources(), entries_of)) == good  # the file built again


def test_a_damaged_store_in_an_unwritable_cache_folder_is_built_in_memory(
        small_releases: SmallReleases, small_history: tuple[bytes, tuple[object, ...]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    raw, good = small_history
    path = tmp_path / "cr-history-small.sqlite"
    path.write_bytes(raw)
    damage_store(path, [], "garbage", "")

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # root ignores a folder's mode: refuse the temporary file
    with pytest.warns(CacheNotice) as notices:
        assert history_answers(open_store(path, small_releases.sources(), entries_of)) == good
    messages = [str(n.message) for n in notices]
    assert any("was damaged" in m for m in messages) and any("cannot be written" in m for m in messages)


def test_a_stale_store_that_cannot_be_removed_is_left_and_the_store_built(
        small_releases: SmallReleases, small_history: tuple[bytes, tuple[object, ...]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A store built by an earlier version, in a cache folder the judge cannot write: ``history`` ended with
    "error: ...cr-history-....sqlite: Permission denied" (exit 2) as it removed the stale file (found by fuzzing)."""
    from izvori_rules.history import sources

    raw, good = small_history
    monkeypatch.setenv("IZVORI_JUDGE_CACHE", str(tmp_path))
    stale = tmp_path / "cr-history-0123456789ab.sqlite"
    stale.write_bytes(raw)
    monkeypatch.setattr(sources, "release_sources", lambda root=None: small_releases.sources())
    unlink = Path.unlink

    def refused(self: Path, missing_ok: bool = False) -> None:
        if self.name.startswith("cr-history-"):
            raise PermissionError(13, "Permission denied", str(self))  # root ignores a folder's mode
        unlink(self, missing_ok)

    monkeypatch.setattr(Path, "unlink", refused)
    assert history_answers(load_store()) == good
    assert stale.read_bytes() == raw


def test_a_store_is_grown_under_the_build_lock_so_two_commands_build_it_once(
        small_releases: SmallReleases, small_history: tuple[bytes, tuple[object, ...]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two ``history`` commands started at once on a cache without the store: the second used to grow the file
    the first was growing, met SQLite's "database is locked" and said the store "was damaged"."""
    import fcntl
    import warnings

    from izvori_rules.history import store as history_store

    path = tmp_path / "cr-history-small.sqlite"
    held = []
    append = history_store._append

    def appending(*args: object, **kwargs: object) -> None:
        with open(tmp_path / history_store.LOCK, "a+b") as other:  # another command's try for the lock
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held.append(False)
            except BlockingIOError:
                held.append(True)
        append(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(history_store, "_append", appending)
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheNotice)
        assert history_answers(open_store(path, small_releases.sources(), entries_of)) == small_history[1]
        assert history_answers(open_store(path, small_releases.sources(), entries_of)) == small_history[1]
    assert held == [True]  # grown once, holding the lock; the second open found every release there
