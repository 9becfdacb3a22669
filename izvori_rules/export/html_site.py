"""The offline rulebook (``izvori-judge export html OUT/``): a static site a judge opens from a phone's storage.

Extract the data, then render (as in rich): :func:`plan_site` decides which page each node goes on and its
anchor; ``html_pages`` builds each page as lxml elements (every text escaped by construction); ``html_search``
builds the search index; :func:`write_site` writes them; :func:`export_site` writes into a temporary folder
and renames it into place, refusing to replace a folder that holds anything the export did not write (with
``--force`` that folder is kept, renamed aside).

Pages: ``index.html`` (the documents, their sections and chapters, the search box), one page per chapter (a
``part`` in sr-basic, a top-level unit in sr-basic and pt-guide), and ``DOC-glossary.html`` for a glossary
whose entries hang under no chapter (sr-judge, ru-cr; the sr-basic and pt-guide glossaries are a part and a
unit of their own and get their page that way). Sections are listed, with their anchors, on the index.

Anchors (``id``) are ``DOC-ID`` with the node's id made safe for a URL fragment, deterministically:
``:`` and ``#`` become ``-``, whitespace becomes ``_``, and any other character that is not a letter, a
digit, ``.``, ``-`` or ``_`` becomes ``_`` (``sr-judge:D19.51`` → ``sr-judge-D19.51``, ``sr-judge:B6.33#2``
→ ``sr-judge-B6.33-2``, ``ru-cr:glossary:Zone-Change Triggers`` → ``ru-cr-glossary-Zone-Change_Triggers``).
Letters keep their script (``sr-judge-glossary-Šumski``). Should two nodes ever get one anchor, the later in
document order gets ``~2`` (``~`` is never produced otherwise). Page file names are the page root's anchor
with accents dropped and any other non-ASCII character made ``_``, unique even on a case-insensitive file
system (``sr-judge-D19.html``, ``ru-cr-702.html``, ``ru-cr-glossary.html``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..text.concepts import ConceptTable
from ..errors import IzvoriError
from ..graph import RuleGraph
from . import html_pages, html_search
from .html_plan import INDEX, SEARCH_SCRIPT, Progress, plan_site
from .target import reason

ASSETS = ("site.css", "site.js")
MARKER = ".izvori-judge-export"  # lists the files an export wrote; a folder with only those is replaceable


@dataclass(frozen=True, slots=True)
class SiteSummary:
    """What an export wrote: counts, the search index's size, the total size and the time it took."""

    folder: Path
    pages: int
    nodes: int
    index_bytes: int
    total_bytes: int
    seconds: float
    kept: Path | None = None  # where a forced export put the folder it replaced (nothing of a judge's is deleted)


def write_site(graph: RuleGraph, concepts: ConceptTable, folder: Path, progress: Progress | None = None,
               lang: str = "en") -> int:
    """Write the whole site, its own words in the judge's ``lang``, into an existing, empty ``folder``; returns
    the number of pages written."""
    plan = plan_site(graph)
    words = html_pages.site_words(lang)
    total = len(plan.pages) + 2
    written: list[str] = []

    def save(name: str, data: bytes) -> None:
        (folder / name).write_bytes(data)
        written.append(name)
        if progress:
            progress(len(written), total)

    for i, page in enumerate(plan.pages):
        pager = (plan.pages[i - 1] if i else None, plan.pages[i + 1] if i + 1 < len(plan.pages) else None)
        save(page.file, html_pages.render(html_pages.chapter_page(graph, plan, page, pager, words)))
    save(INDEX, html_pages.render(html_pages.index_page(graph, plan, words)))
    pages = [INDEX, *(p.file for p in plan.pages)]
    number = {name: i for i, name in enumerate(pages)}
    locations = {ref: (number[plan.page_of[ref]], plan.anchors[ref]) for ref in graph.nodes}
    data = html_search.build_index(graph, concepts, locations, pages, words)
    save(SEARCH_SCRIPT, html_search.index_script(data).encode("utf-8"))
    for asset in ASSETS:
        (folder / asset).write_bytes(resources.files(__package__).joinpath(asset).read_bytes())
        written.append(asset)
    (folder / MARKER).write_text("".join(f"{name}\n" for name in written), encoding="utf-8")
    return len(pages)


def export_site(graph: RuleGraph, concepts: ConceptTable, out: Path, force: bool = False,
                progress: Progress | None = None, lang: str = "en") -> SiteSummary:
    """Write the site to ``out``: into a temporary folder beside it, then renamed into place.

    ``out`` may be missing, empty or a previous export (a folder holding only the files its marker lists);
    anything else is refused unless ``force``, and even then nothing a judge put there is deleted: the old
    folder is renamed aside (``OUT.before-export``, the name in :attr:`SiteSummary.kept`).
    """
    started = time.perf_counter()
    out = out.expanduser()
    try:
        _check_target(out, force)
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".izvori-export-", suffix=".tmp", dir=out.parent))
    except OSError as exc:
        raise IzvoriError("cannot write {file}: {reason}", key="export_unwritable", file=str(out),
                          reason=reason(exc, out)) from None
    try:
        pages = write_site(graph, concepts, tmp, progress, lang)
        os.chmod(tmp, 0o755)  # mkdtemp makes it private; a site is meant to be read
        kept = _swap_into_place(tmp, out)
    except OSError as exc:
        raise IzvoriError("cannot write {file}: {reason}", key="export_unwritable", file=str(out),
                          reason=reason(exc, out)) from None
    finally:  # a build that failed or was interrupted (Ctrl-C) leaves nothing beside the judge's folder
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    total = sum(f.stat().st_size for f in out.iterdir())
    return SiteSummary(out, pages, len(graph), (out / SEARCH_SCRIPT).stat().st_size, total,
                       time.perf_counter() - started, kept)


def _check_target(out: Path, force: bool) -> None:
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise IzvoriError("{folder} is a file or a link, not a folder; give a folder for the site",
                          key="export_site_not_folder", folder=str(out))
    resolved, here = out.resolve(), Path.cwd().resolve()
    if resolved == here or resolved in here.parents or resolved == Path.home().resolve():
        raise IzvoriError("{folder} is the current, a parent or the home folder; give a folder of its own",
                          key="export_site_own_folder", folder=str(out))
    if not out.exists() or not any(out.iterdir()) or force:
        return
    if not is_previous_export(out):
        raise IzvoriError("{folder} is not empty and is not an earlier export; use --force to write the site there "
                          "(the folder's files are then kept, renamed to {aside})", key="export_site_not_empty",
                          folder=str(out), aside=_aside_name(out).name)


def is_previous_export(folder: Path) -> bool:
    """Whether the folder holds only what an earlier export wrote (the files its marker lists, and the marker)."""
    marker = folder / MARKER
    if not marker.is_file():
        return False
    listed = set(marker.read_text(encoding="utf-8").split()) | {MARKER}
    return all(entry.name in listed and entry.is_file() for entry in folder.iterdir())


def _swap_into_place(tmp: Path, out: Path) -> Path | None:
    """Rename ``tmp`` to ``out``. An earlier export there is removed; any other folder is kept, renamed
    aside, and its new name returned."""
    if not out.exists():
        tmp.rename(out)
        return None
    ours = is_previous_export(out) or not any(out.iterdir())
    old = _aside_name(out) if not ours else Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old",
                                                                   dir=out.parent))
    if ours:
        old.rmdir()
    out.rename(old)
    try:
        tmp.rename(out)
    except OSError:
        old.rename(out)
        raise
    if ours:
        shutil.rmtree(old, ignore_errors=True)
        return None
    return old


def _aside_name(out: Path) -> Path:
    """A free name beside ``out`` for the folder a forced export replaces: ``OUT.before-export``, ``-2``..."""
    candidate = out.with_name(f"{out.name}.before-export")
    number = 1
    while candidate.exists() or candidate.is_symlink():
        number += 1
        candidate = out.with_name(f"{out.name}.before-export-{number}")
    return candidate
