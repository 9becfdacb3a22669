"""The English CR family: where the manifest puts its archive, which release each translation translates
(``translates = "cr-2019-05-03"`` in ru-cr's entry). Light to import: a cold ``history`` reads it. (The user's
data folder, where ``corpus add`` keeps the releases added later, is :func:`izvori_rules.corpus.data_dir`:
the graph's cache key, below the history, needs it too.)"""

from __future__ import annotations

from pathlib import Path

FAMILY = "cr"


def cr_folder(root: Path | None = None) -> Path:
    """The folder of the English CR family's archive and table, as the manifest names it."""
    from ..corpus import load_manifest, release_folder
    from ..errors import CorpusError

    for info in load_manifest(root):
        if info.id == FAMILY and info.releases:
            return release_folder(info, root)
    raise CorpusError(f"the corpus manifest has no family of English releases {FAMILY!r}")


def translated_release(doc: str, root: Path | None = None) -> str | None:
    """The release date a translation translates (``ru-cr`` → ``2019-05-03``), from the manifest."""
    from ..corpus import load_manifest

    for info in load_manifest(root):
        if info.id == doc and info.translates:
            return info.translates.removeprefix(f"{FAMILY}-")
    return None
