"""The one loader of ``corpus/``: the manifest, the documents (decoded as the manifest says) and the corpus hash.

The corpus ships inside the package (``izvori_rules/_corpus`` in an installed wheel, mapped from the
top-level ``corpus/`` folder), so a non-editable install works from any folder. ``IZVORI_JUDGE_CORPUS``
points at another corpus folder (tests use it for broken corpora).

English releases a judge adds later (``izvori-judge corpus add``, :mod:`izvori_rules.history.userdata`) live in
the user's data folder (:func:`added_files`); the newest release, packaged or added, is ``cr`` (issue 15), so
the caches built from the corpus are keyed by those files too (:func:`data_files`, :func:`data_hash`).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, overload

from .errors import CorpusError, os_reason

if TYPE_CHECKING:
    from .model import DocumentInfo

ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "cp1250": "cp1250", "cp1251": "cp1251", "utf-16": "utf-16"}
_LOADER_KEYS = {"release", "family"}  # set by the loader on the documents a family expands to
SCENARIOS = "scenarios"  # the engine's test scenarios: no cache is built from them
ADDED_FAMILY = "cr"  # the family whose releases ``corpus add`` adds: the English Comprehensive Rules
ADDED_FOLDER = "cr-releases"  # in the user's data folder: the added releases, as YYYY-MM-DD.txt
_ADDED_NAME = re.compile(r"\d{4}-\d{2}-\d{2}\.txt")


CORPUS_VARIABLE = "IZVORI_JUDGE_CORPUS"
T_co = TypeVar("T_co", covariant=True)


def corpus_dir() -> Path:
    """The corpus folder: ``$IZVORI_JUDGE_CORPUS``, the packaged copy, or the source checkout's ``corpus/``. An
    override that is no folder is a :class:`CorpusError` naming the variable (else the first file read from it
    failed as ``/path: No such file or directory``)."""
    override = os.environ.get(CORPUS_VARIABLE)
    if override:
        if not os.path.isdir(override):
            raise CorpusError("IZVORI_JUDGE_CORPUS={folder!r}: not a folder (it names the corpus folder; unset it "
                              "to use the corpus installed with the program)", key="corpus_not_folder",
                              folder=override)
        return Path(override)
    here = Path(__file__).resolve().parent
    packaged = here / "_corpus"
    return packaged if packaged.is_dir() else here.parent / "corpus"


def data_dir() -> Path:
    """The user's data folder: ``$IZVORI_JUDGE_DATA``, else ``$XDG_DATA_HOME/izvori-judge``, else
    ``~/.local/share/izvori-judge``."""
    override = os.environ.get("IZVORI_JUDGE_DATA")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "izvori-judge"


def added_folder() -> Path:
    """Where ``corpus add`` keeps the English releases a judge added."""
    return data_dir() / ADDED_FOLDER


def added_files() -> list[Path]:
    """The English releases a judge added (``YYYY-MM-DD.txt``), in date order; none when there is no folder."""
    try:
        with os.scandir(added_folder()) as entries:
            return sorted(Path(e.path) for e in entries if _ADDED_NAME.fullmatch(e.name) and e.is_file())
    except OSError:
        return []


def load_manifest(root: Path | None = None) -> tuple[DocumentInfo, ...]:
    """Read ``manifest.toml``; an unknown key or a missing field names the document and the key.

    A family of releases (the English CR: ``releases = "cr-history/releases.tsv"``) becomes its newest
    release (packaged, or added by a judge: :func:`added_files`) under the family's id (``cr``) followed by each release another entry ``translates``
    (``cr-2003-03-15``, ``cr-2006-10-01``, ``cr-2019-05-03``) when the entry says ``translated_in_graph``;
    the other releases are no documents of the graph (they are read from the history store, ``cr_store``).
    """
    from . import cr_releases

    path = (root or corpus_dir()) / "manifest.toml"
    data, _ = read_toml(path, "the corpus manifest")
    entries = tuple(_document_info(path, i, entry) for i, entry in enumerate(data.get("document", [])))
    translated = {e.translates for e in entries if e.translates}
    out: list[DocumentInfo] = []
    for entry in entries:
        out.extend(_family(entry, translated, root) if entry.releases else [entry])
    ids = {f"{e.id}-{r.date}" for e in entries if e.releases for r in cr_releases.releases(release_folder(e, root))}
    for entry in entries:  # checked when the corpus holds the family (a test corpus may hold the translation only)
        if entry.translates and ids and entry.translates not in ids:
            raise CorpusError(f"{path}: {entry.id} translates {entry.translates!r}, which is no release listed in "
                              "the manifest's families")
    return tuple(out)


def release_folder(info: DocumentInfo, root: Path | None = None) -> Path:
    """The folder of a family's releases (``corpus/cr-history``): their archive and the table listing them."""
    if not info.releases:
        raise CorpusError(f"{info.id} is no family of releases")
    return ((root or corpus_dir()) / info.releases).parent


def prefetch_releases(infos: Iterable[DocumentInfo], root: Path | None = None) -> None:
    """Read the release documents among ``infos`` from their archive in one pass (then from the cache)."""
    from . import cr_releases

    families: dict[Path, list[str]] = {}
    for info in infos:
        if info.release:
            families.setdefault(release_folder(info, root), []).append(info.release)
    for folder, dates in families.items():
        cr_releases.cache_texts(dates, folder)


def _family(entry: DocumentInfo, translated: set[str], root: Path | None) -> list[DocumentInfo]:
    """The family's newest release as ``entry.id``, then (with ``translated_in_graph``) the releases other
    documents translate."""
    from . import cr_releases

    table = cr_releases.releases(release_folder(entry, root))
    packaged = {r.date for r in table}
    added = [p.stem for p in added_files() if p.stem not in packaged] if entry.id == ADDED_FAMILY else []
    dates = sorted([*packaged, *added])
    out = [replace(entry, release=dates[-1], family=entry.id,
                   edition=f"{dates[-1]} (the newest of {len(dates)} releases, {dates[0]} to {dates[-1]}"
                           + (", added with corpus add)" if dates[-1] in added else ")"))]
    for release in table if entry.translated_in_graph else ():
        doc_id = f"{entry.id}-{release.date}"
        if doc_id in translated:
            out.append(replace(entry, id=doc_id, release=release.date, family=entry.id, edition=release.date))
    return out


def read_toml(path: Path, what: str) -> tuple[dict[str, Any], str]:
    """A TOML file of the corpus, parsed, and its text (for line numbers in later errors); a missing or
    malformed file is a :class:`CorpusError` that names it and says ``what`` it is."""
    import tomllib

    try:
        text = path.read_text(encoding="utf-8")
        return tomllib.loads(text), text
    except FileNotFoundError:
        raise CorpusError(f"{path}: {what} is missing") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: not valid TOML: {exc}") from None


def _document_info(path: Path, index: int, entry: dict[str, object]) -> DocumentInfo:
    # (the model is imported here, not at the top: the engine reads its data files through this module)
    from .model import DocumentInfo

    unknown = sorted(set(entry) - (set(DocumentInfo.__dataclass_fields__) - _LOADER_KEYS))
    where = f"{path}: document {index + 1} ({entry.get('id', '?')})"
    if unknown:
        raise CorpusError(f"{where}: unknown key {unknown[0]!r}")
    try:
        info = DocumentInfo(**{**entry, "defects": tuple(entry.get("defects", ()))})  # type: ignore[arg-type]
    except TypeError as exc:
        raise CorpusError(f"{where}: {exc}") from None
    if info.encoding.lower() not in ENCODINGS:
        raise CorpusError(f"{where}: unknown encoding {info.encoding!r} (use one of {', '.join(ENCODINGS)})")
    return info


def read_document(info: DocumentInfo, root: Path | None = None) -> str:
    """The document's text, decoded with the manifest's encoding; a wrong encoding is a clear error. A release
    a judge added is read from the data folder (``corpus add`` stored it as UTF-8, checked)."""
    if info.release:
        from . import cr_releases

        folder = release_folder(info, root)
        if info.family == ADDED_FAMILY and all(r.date != info.release for r in cr_releases.releases(folder)):
            path = added_folder() / f"{info.release}.txt"
            return decode(_read_bytes(path, info.id), "utf-8", f"{path} ({info.id})",
                          hint="the file changed after `corpus add` checked it; add the release again")
        return cr_releases.release_text(info.release, folder)
    path = (root or corpus_dir()) / info.file
    return decode(_read_bytes(path, info.id), info.encoding, f"{path} ({info.id})")


class CorpusLoader(Protocol[T_co]):
    """A loader of something read from a corpus folder (``root``; the corpus in force if None)."""

    def __call__(self, root: Path | None = None) -> T_co: ...


def per_corpus(load: Callable[[Path | None], T_co]) -> CorpusLoader[T_co]:
    """``load`` cached per corpus folder. ``load(None)`` reads the corpus in force when it is called (the
    installed one or ``$IZVORI_JUDGE_CORPUS``), so the cache is keyed by that variable too: with a plain
    ``lru_cache``, a process that once read a table with the variable set (a test's broken corpus) kept that
    corpus's table for the installed one, and then built the installed corpus's search index, under its right
    key, with the other corpus's stemming tables (no Russian aspect pairs, no number words)."""
    cached = functools.lru_cache(maxsize=4)(lambda root, _override: load(root))

    @functools.wraps(load)
    def loader(root: Path | None = None) -> T_co:
        return cached(root, None if root is not None else os.environ.get(CORPUS_VARIABLE))

    return loader


@overload
def read_table(name: str, what: str, root: Path | None = None, *, required: Literal[True]) -> tuple[str, str]: ...


@overload
def read_table(name: str, what: str, root: Path | None = None, *, required: bool = False
               ) -> tuple[str, str] | None: ...


def read_table(name: str, what: str, root: Path | None = None, *, required: bool = False) -> tuple[str, str] | None:
    """A corpus table's text and its path (for messages), or None when the corpus has no such file (a test
    corpus may leave a table out); a table that cannot be read, or a ``required`` one that is missing, is a
    :class:`CorpusError` naming ``what``. ``root``: the corpus folder (the installed one if None), or the folder
    the table is in."""
    path = (root or corpus_dir()) / name
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except FileNotFoundError as exc:
        if required:
            raise CorpusError(f"{path}: cannot read {what}: {exc}") from None
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read {what}: {exc}") from None


def _read_bytes(path: Path, doc: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise CorpusError("{file}: cannot read document {doc}: {reason}", key="document_unreadable",
                          file=str(path), doc=doc, reason=os_reason(exc)) from None


def decode(raw: bytes, encoding: str, where: str, hint: str = "check the encoding in corpus/manifest.toml") -> str:
    """Decode strictly; UTF-8 also drops a BOM. A byte the encoding cannot hold names its offset, and ``hint`` says
    where to mend it (the manifest names a corpus document's encoding; a judge's added release has none to fix)."""
    codec = ENCODINGS[encoding.lower()]
    if codec == "utf-8" and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        raise CorpusError(
            f"{where}: not valid {encoding} at byte {exc.start} ({raw[exc.start:exc.start + 4]!r}); {hint}"
        ) from None
    if "\x00" in text:
        raise CorpusError(f"{where}: contains NUL characters; is it UTF-16 while the manifest says {encoding}?")
    return text


def corpus_files(root: Path | None = None, parts: tuple[str, ...] = ()) -> list[Path]:
    """The corpus files ``parts`` names (files or folders; all files when empty), sorted: what a cache's key
    covers. A cache names only what it is built from, so editing a scenario does not rebuild the graph."""
    folder = (root or corpus_dir()).resolve()
    tops = [folder / part for part in parts] or [folder]
    found = (p for top in tops for p in ([top] if top.is_file() else top.rglob("*")))
    return sorted(p for p in found if p.is_file())


def corpus_hash(root: Path | None = None, parts: tuple[str, ...] = ()) -> str:
    """A hash of the corpus files ``parts`` names (all when empty): caches are keyed by it and the code."""
    from .cache import hash_files

    return hash_files(corpus_files(root, parts), (root or corpus_dir()).resolve())


def data_files(root: Path | None = None) -> list[Path]:
    """Every file a cache of the corpus may be built from: all corpus files but the scenarios, which only the
    engine reads (a scenario edited must not rebuild the graph), and the releases a judge added (the newest is
    ``cr``). Computed, not listed, so that a new data file is in the key the day it is added."""
    return [*_corpus_data(root), *added_files()]


def data_hash(root: Path | None = None) -> str:
    """A hash of :func:`data_files` (the corpus's files by their names in it, the added releases' by theirs):
    the corpus part of the graph's and the index's cache keys."""
    from .cache import hash_files

    corpus = hash_files(_corpus_data(root), (root or corpus_dir()).resolve())
    added = added_files()
    return f"{corpus}-{hash_files(added, added_folder())}" if added else corpus


def data_key(name: str, root: Path | None, code: Callable[[], str], suffix: str = "") -> str:
    """The key of a cache built from the corpus data (:func:`data_files`), the package's code and ``code()``
    (the versions of the libraries the cache is built with, computed only when the stamp named ``name`` no longer
    holds), with ``suffix`` (the cache's format) at its end: the one recipe of the graph's, the index's and the
    engine's keys, so that none of them can miss a file the others see."""
    from . import cache

    return cache.stamped_key(name, [*data_files(root), *cache.package_files(), *cache.environment_files()],
                             lambda: f"{data_hash(root)}-{cache.code_key(code())}{suffix}")


def _corpus_data(root: Path | None) -> list[Path]:
    from .cache import walk_files

    return walk_files((root or corpus_dir()).resolve(), skip=(SCENARIOS,))
