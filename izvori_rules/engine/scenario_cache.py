"""A scenario file read once: the :class:`~.spec.Scenario` it loads to, kept in the cache folder for the next
``scenario run`` of the same file (issue 14: a cold run within 12× a bare interpreter start).

A judge runs the file they are writing again and again; each run after the first skips the YAML parser, the
JSON Schema and the readers, and unpickles the checked scenario instead. The entry is keyed by the file's name
and text and by everything reading it depends on, computed as for every cache: the corpus data files (the card
library, the rulesets, the concept table), the package's code and the libraries' versions (:func:`inputs_key`,
which :mod:`.equivalents` and the card library's cache share: a command computes it once). The entry keeps that
key, name and text, and is served only when all three are the very same (so its file name needs no cryptographic
hash, whose library costs a cold start more than the checksums) and it holds a :class:`~.spec.Scenario` of that
name. Only a file that loaded is kept (an invalid or refused one is read again, to say why), and the folder keeps
at most :data:`MAX_KEPT` files, the newest.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable
from pathlib import Path

from .. import cache
from ..corpus import data_key
from .rulesets import corpus_root
from .spec import Scenario

FOLDER = "scenarios"
MAX_KEPT = 256
# PyYAML reads a scenario file; PyStemmer and snowballstemmer build the rule graph's equivalents, which
# :mod:`.equivalents` keeps under the same key (a test checks that this covers ``graph_cache.LIBRARIES``).
LIBRARIES = ("PyYAML", "PyStemmer", "snowballstemmer")


def inputs_key() -> str | None:
    """A key of everything the engine's cached data is made from: the corpus data files (all but the scenarios),
    the package's code, the Python version and :data:`LIBRARIES` (computed, and stamped as every key is); None
    when the files cannot be read."""
    root = corpus_root()
    try:
        return data_key("engine-inputs", root, lambda: cache.library_versions(LIBRARIES))
    except OSError:
        return None


def cached_scenario(text: str | bytes, source: str, load: Callable[[], Scenario], inputs: str) -> Scenario:
    """The scenario ``load()`` reads from ``text``, from the cache when this text was loaded before under the key
    ``inputs`` (:func:`inputs_key`)."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    blob = f"{inputs}\n{source}\n".encode("utf-8", "surrogatepass") + raw
    folder = cache.cache_dir() / FOLDER
    where = folder / f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}.pickle"
    kept = cache.kept(where, (inputs, source, text), lambda: _loaded(load, folder),
                      lambda value: isinstance(value, Scenario) and value.source == source)
    assert isinstance(kept, Scenario)
    return kept


def _loaded(load: Callable[[], Scenario], folder: Path) -> Scenario:
    """``load()``, after making room for its entry: when the folder is full (:data:`MAX_KEPT` files), the oldest
    are removed down to half of that, so that a new file costs a listing of names, not the reading of every file's
    time and a removal each time."""
    scenario = load()
    try:
        if len(os.listdir(folder)) >= MAX_KEPT:
            entries = sorted(((e.stat().st_mtime_ns, e.path) for e in os.scandir(folder)), reverse=True)
            for _mtime, path in entries[MAX_KEPT // 2 - 1:]:
                os.unlink(path)
    except OSError:  # another command removed it first, or the folder is not there yet: nothing to make room in
        pass
    return scenario
