"""The Whoosh index of every rule and glossary entry: schema, build, and a safe way to open it.

The index lives in the cache folder as ``index-<key>``, the key hashing the corpus (documents and concept
table) and the code that builds it (including :data:`analysis.ANALYZER_VERSION`). It is built in a temporary
folder and renamed into place under a lock, so two commands at once neither both build it nor read half of
it. An index that fails to open or to answer a probe is rebuilt; a cache folder that cannot be written
gives an index in memory. Only Whoosh's classic API is used, so the Whoosh-Reloaded fork can be swapped.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .. import cache
from ..corpus import corpus_hash
from ..graph import RuleGraph
from ..model import Node
from .analysis import ANALYZER_VERSION, LANGUAGES, language_analyzer, words_analyzer
from .concepts_in_text import ConceptMatcher

Progress = Callable[[int, int], None]
MARKER = "complete"
# Everything whose change alters the index; the corpus hash covers documents and concepts.tsv.
INDEX_CODE = ("search", "folding.py", "concepts.py", "parsing", "graph.py", "citations.py", "model.py")


def schema() -> Any:
    """One text field per language (its own analyzer), headings apart for boosting, concepts as keywords."""
    from whoosh.fields import ID, KEYWORD, TEXT, Schema

    fields: dict[str, Any] = {
        "ref": ID(stored=True, unique=True), "doc": ID(stored=True), "lang": ID(stored=True),
        "kind": ID(stored=True), "chapter": ID(stored=True), "order": ID(stored=True),
        "concepts": KEYWORD(stored=True, commas=True, lowercase=True),
        "defines": KEYWORD(stored=True, commas=True, lowercase=True),
        "words": TEXT(analyzer=words_analyzer(), phrase=False),
    }
    for lang in LANGUAGES:
        fields[f"body_{lang}"] = TEXT(analyzer=language_analyzer(lang), phrase=True)
        fields[f"head_{lang}"] = TEXT(analyzer=language_analyzer(lang), phrase=True, field_boost=3.0)
    return Schema(**fields)


def index_key() -> str:
    """Corpus hash, index-building code hash, analyzer version."""
    return f"{corpus_hash()}-{cache.code_hash(INDEX_CODE)}-a{ANALYZER_VERSION}"


def index_documents(graph: RuleGraph, matcher: ConceptMatcher) -> Iterable[dict[str, str]]:
    """The Whoosh documents: one per rule, subrule, chapter, section and glossary entry."""
    for order, node in enumerate(graph.nodes.values()):
        yield _document(graph, node, matcher, order)


def _document(graph: RuleGraph, node: Node, matcher: ConceptMatcher, order: int) -> dict[str, str]:
    lang = node.lang if node.lang in LANGUAGES else "en"
    body = " ".join((node.text, *node.examples))
    heading = node.title
    chain = graph.breadcrumb(node.ref)
    fields = {
        "ref": node.ref, "doc": node.doc, "lang": lang, "kind": node.kind, "order": f"{order:06d}",
        "chapter": chain[1].ref if len(chain) > 1 else chain[0].ref,
        "concepts": ",".join(matcher.used(lang, body + " " + heading)),
        "defines": ",".join(matcher.defined_by(node, heading)),
        "words": body + " " + heading, f"body_{lang}": body,
    }
    if heading:
        fields[f"head_{lang}"] = heading
    english = next((f.detail for f in node.flags if f.kind == "english"), "")
    if english:
        fields["head_en"] = english
    return fields


def build(storage: Any, graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None = None) -> Any:
    """Write the whole index into ``storage`` (a Whoosh FileStorage or RamStorage) and return it."""
    ix = storage.create_index(schema())
    writer = ix.writer(limitmb=256)
    total = len(graph)
    for done, document in enumerate(index_documents(graph, matcher), 1):
        writer.add_document(**document)
        if progress and (done % 250 == 0 or done == total):
            progress(done, total)
    writer.commit()
    return ix


def open_index(graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None = None,
               force: bool = False) -> Any:
    """The index for this corpus: opened from the cache, or built (atomically) when missing or broken."""
    root = cache.cache_dir()
    final = root / f"index-{index_key()}"
    if not force:
        ix = _open_valid(final, len(graph))
        if ix is not None:
            return ix
    with cache.build_lock(root / "index.lock") as locked:
        if not locked:
            return _in_memory(graph, matcher, progress)
        if not force:
            ix = _open_valid(final, len(graph))  # another command may have built it while we waited
            if ix is not None:
                return ix
        return _build_on_disk(root, final, graph, matcher, progress)


def _build_on_disk(root: Path, final: Path, graph: RuleGraph, matcher: ConceptMatcher,
                   progress: Progress | None) -> Any:
    from whoosh.filedb.filestore import FileStorage

    try:
        tmp = Path(tempfile.mkdtemp(prefix=".index-build-", dir=root))
    except OSError:
        return _in_memory(graph, matcher, progress)
    build(FileStorage(str(tmp)), graph, matcher, progress).close()
    (tmp / MARKER).write_text(str(len(graph)), encoding="utf-8")
    _replace_dir(tmp, final)
    _remove_stale(root, keep=final)
    return FileStorage(str(final)).open_index()


def _replace_dir(tmp: Path, final: Path) -> None:
    """Rename the new index into place; an old (broken) one is first moved aside, then removed."""
    if final.exists():
        trash = final.with_name(f".trash-{final.name}-{os.getpid()}")
        os.rename(final, trash)
        shutil.rmtree(trash, ignore_errors=True)
    os.rename(tmp, final)


def _remove_stale(root: Path, keep: Path) -> None:
    for old in root.glob("index-*"):
        if old != keep and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)


def _in_memory(graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None) -> Any:
    from whoosh.filedb.filestore import RamStorage

    return build(RamStorage(), graph, matcher, progress)


def _open_valid(path: Path, expected: int) -> Any:
    """The index at ``path`` if it is complete and answers a probe; None when missing or corrupted."""
    from whoosh.filedb.filestore import FileStorage

    try:
        if (path / MARKER).read_text(encoding="utf-8") != str(expected):
            return None
        ix = FileStorage(str(path), readonly=True).open_index()
        with ix.searcher() as searcher:
            if searcher.doc_count() != expected:
                return None
            for field in ("body_sr", "body_ru"):
                next(iter(searcher.lexicon(field)), None)
        return ix
    except Exception:  # noqa: BLE001 - any failure to read means "rebuild": whoosh raises many kinds
        return None


def index_exists() -> bool:
    """Whether a complete index for this corpus is in the cache (so opening it needs no progress bar)."""
    return (cache.cache_dir() / f"index-{index_key()}" / MARKER).is_file()
