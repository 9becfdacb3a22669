"""The Whoosh index of every rule and glossary entry: schema, build, and a safe way to open it.

The index lives in the cache folder as ``index-<key>``, the key hashing the corpus (documents and concept
table) and the code that builds it (including :data:`analysis.ANALYZER_VERSION`). It is built in a temporary
folder and renamed into place under a lock, so two commands at once neither both build it nor read half of
it. An index that fails to open or to answer a probe is rebuilt; a cache folder that cannot be written
gives an index in memory. Only Whoosh's classic API is used, so the Whoosh-Reloaded fork can be swapped.

Beside Whoosh's files the folder holds ``concepts.marshal`` (the query side of the concept table, see
:class:`~izvori_rules.text.matching.QueryConcepts`) and the ``complete`` marker, written last. Documents are added in
graph order in one commit, so document number *n* is the graph's *n*-th node; the probe checks it.
"""

from __future__ import annotations

import marshal
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import cache
from ..corpus import corpus_files, corpus_hash
from ..graph import RuleGraph
from ..graph_cache import GRAPH_DATA
from ..model import Node
from .analysis import ANALYZER_VERSION, language_analyzer, words_analyzer
from ..text.matching import ConceptMatcher, QueryConcepts, english_heading
from ..text.stemming import LANGUAGES, analyze, field_language
from .searcher import indexed_refs

Progress = Callable[[int, int], None]
MARKER = "complete"
CONCEPTS_FILE = "concepts.marshal"
FORMAT = 1
# Everything whose change alters the index; the corpus hash covers documents and concepts.tsv.
INDEX_CODE = ("search", "text", "parsing", "graph.py", "graph_build.py", "citations.py", "model.py")


@dataclass(slots=True)
class OpenIndex:
    """An open index: the Whoosh index, a reader kept for the process, and the query side of the concepts."""

    index: Any
    reader: Any
    concepts: QueryConcepts
    in_memory: bool = False

    def close(self) -> None:
        """Release the reader's files."""
        self.reader.close()


def schema() -> Any:
    """Text, headings and examples per language (each its own analyzer); concepts as keyword fields.

    ``concepts`` repeats a concept once per use in the text (its frequency is the term weight),
    ``head_concepts`` holds the concepts of the heading; ``named`` the concepts one of whose terms is the
    heading, ``listed`` those whose table row lists the node, ``leads`` those its text starts with
    (``Razbijač je pasivna osobina…``: a definition's subject) and ``governs`` those an ancestor names or
    lists (702.19a governs trample because 702.19 is headed Пробивной удар). No positions
    are stored: a quoted phrase is checked against the node's text, which the graph has anyway.
    """
    from whoosh.fields import ID, KEYWORD, TEXT, Schema

    fields: dict[str, Any] = {
        "ref": ID(stored=True, unique=True), "doc": ID, "lang": ID, "kind": ID, "chapter": ID,
        "concepts": KEYWORD(commas=True, scorable=True),
        "head_concepts": KEYWORD(commas=True, scorable=True),
        "named": KEYWORD(commas=True),
        "listed": KEYWORD(commas=True),
        "leads": KEYWORD(commas=True),
        "governs": KEYWORD(commas=True),
        "words": TEXT(analyzer=words_analyzer(), phrase=False),
    }
    for lang in LANGUAGES:
        for part in ("body", "head", "example"):
            fields[f"{part}_{lang}"] = TEXT(analyzer=language_analyzer(lang), phrase=False)
    return Schema(**fields)


def index_key(root: Path | None = None) -> str:
    """Corpus hash, index-building code hash, analyzer version."""
    return cache.stamped_key(
        "index", [*corpus_files(root, GRAPH_DATA), *cache.source_files(INDEX_CODE)],
        lambda: f"{corpus_hash(root, GRAPH_DATA)}-{cache.code_hash(INDEX_CODE)}-a{ANALYZER_VERSION}f{FORMAT}")


def index_path(root: Path | None = None) -> Path:
    """Where the complete index of this corpus lives in the cache folder."""
    return cache.cache_dir() / f"index-{index_key(root)}"


def index_documents(graph: RuleGraph, matcher: ConceptMatcher) -> Iterator[dict[str, str]]:
    """The Whoosh documents, in graph order: one per rule, subrule, chapter, section and glossary entry."""
    defined: dict[str, list[str]] = {}
    for ref in indexed_refs(graph):
        yield _document(graph, graph.nodes[ref], matcher, defined)


def _document(graph: RuleGraph, node: Node, matcher: ConceptMatcher,
              defined: dict[str, list[str]]) -> dict[str, str]:
    lang = field_language(node.lang)
    body = "" if node.text == node.title else node.text
    examples = " ".join(node.examples)
    english = english_heading(node)
    body_stems = analyze(lang, body)
    uses = matcher.occurrences(lang, body_stems + analyze(lang, examples))
    in_heading = {**matcher.occurrences(lang, analyze(lang, node.title)),
                  **matcher.occurrences("en", analyze("en", english))}
    named, listed = matcher.named_by(node), matcher.listing(node)
    defined[node.ref] = [*named, *listed]
    chain = graph.breadcrumb(node.ref)
    governs = {c: None for ancestor in chain[:-1] for c in defined.get(ancestor.ref, ())}
    fields = {
        "ref": node.ref, "doc": node.doc, "lang": lang, "kind": node.kind,
        "chapter": chain[1].ref if len(chain) > 1 else chain[0].ref,
        "concepts": ",".join(c for c, count in uses.items() for _ in range(count)),
        "head_concepts": ",".join(in_heading),
        "named": ",".join(named), "listed": ",".join(listed),
        "leads": ",".join(matcher.leading(lang, body_stems)),
        "governs": ",".join(governs),
        "words": " ".join((node.title, body, examples, english)),
        f"body_{lang}": body, f"head_{lang}": node.title, f"example_{lang}": examples,
    }
    if english:
        fields["head_en"] = english
    return {name: value for name, value in fields.items() if value}


def build(storage: Any, graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None = None) -> Any:
    """Write the whole index into ``storage`` (a Whoosh FileStorage or RamStorage) in one commit."""
    ix = storage.create_index(schema())
    writer = ix.writer(limitmb=256)
    total = len(indexed_refs(graph))
    for done, document in enumerate(index_documents(graph, matcher), 1):
        writer.add_document(**document)
        if progress and (done % 250 == 0 or done == total):
            progress(done, total)
    writer.commit()
    return ix


def open_index(graph: RuleGraph, matcher: Callable[[], ConceptMatcher], progress: Progress | None = None,
               force: bool = False, root: Path | None = None) -> OpenIndex:
    """The index for this corpus: opened from the cache, or built (atomically) when missing or broken.

    ``matcher`` is called only when the index must be built (reading the concept table costs time).
    ``root`` is the corpus folder (the installed corpus when None); it keys the index.
    """
    final = index_path(root)
    if not force:
        opened = _open_valid(final, graph)
        if opened is not None:
            return opened
    with cache.build_lock(final.parent / "index.lock") as locked:
        if not locked:
            return _in_memory(graph, matcher(), progress)
        if not force:
            opened = _open_valid(final, graph)  # another command may have built it while we waited
            if opened is not None:
                return opened
        return _build_on_disk(final, graph, matcher(), progress)


def _build_on_disk(final: Path, graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None) -> OpenIndex:
    from whoosh.filedb.filestore import FileStorage

    try:
        tmp = Path(tempfile.mkdtemp(prefix=".index-build-", dir=final.parent))
    except OSError:
        return _in_memory(graph, matcher, progress)
    try:
        build(FileStorage(str(tmp)), graph, matcher, progress).close()
        (tmp / CONCEPTS_FILE).write_bytes(marshal.dumps(matcher.query_side().to_data()))
        (tmp / MARKER).write_text(str(len(graph)), encoding="utf-8")
        _replace_dir(tmp, final)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        return _in_memory(graph, matcher, progress)
    _remove_stale(final)
    opened = _open_valid(final, graph)
    if opened is None:  # an index just built that does not open: a failing disk, not a stale cache
        from ..errors import CacheError

        raise CacheError(f"{final}: the search index was built but cannot be opened")
    return opened


def _replace_dir(tmp: Path, final: Path) -> None:
    """Rename the new index into place; an old (broken) one is first moved aside, then removed."""
    if final.exists():
        trash = final.with_name(f".trash-{final.name}-{os.getpid()}")
        os.rename(final, trash)
        shutil.rmtree(trash, ignore_errors=True)
    os.rename(tmp, final)


def _remove_stale(keep: Path) -> None:
    """Indexes of other corpus versions; a build folder left by a killed process is left to its owner."""
    for old in keep.parent.glob("index-*"):
        if old != keep and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)


def _in_memory(graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None) -> OpenIndex:
    from whoosh.filedb.filestore import RamStorage

    ix = build(RamStorage(), graph, matcher, progress)
    return OpenIndex(ix, ix.reader(), matcher.query_side(), in_memory=True)


def _open_valid(path: Path, graph: RuleGraph) -> OpenIndex | None:
    """The index at ``path`` if it is complete and answers a probe; None when missing or corrupted."""
    try:
        if (path / MARKER).read_text(encoding="utf-8") != str(len(graph)):
            return None
    except (OSError, UnicodeDecodeError):
        return None
    from whoosh.filedb.filestore import FileStorage

    reader = None
    try:
        concepts = QueryConcepts.from_data(marshal.loads((path / CONCEPTS_FILE).read_bytes()))
        ix = FileStorage(str(path), readonly=True).open_index()
        reader = ix.reader()
        if not _probe(reader, graph):
            reader.close()
            return None
        return OpenIndex(ix, reader, concepts)
    except Exception:  # noqa: BLE001 - any failure to read means "rebuild": whoosh raises many kinds
        if reader is not None:
            reader.close()
        return None


def _probe(reader: Any, graph: RuleGraph) -> bool:
    """Document count, document numbers in graph order, and a read of a term's postings."""
    refs = indexed_refs(graph)
    if reader.doc_count_all() != len(refs) or reader.has_deletions():
        return False
    for docnum in (0, len(refs) // 2, len(refs) - 1):
        if reader.stored_fields(docnum).get("ref") != refs[docnum]:
            return False
    first = next(iter(reader.lexicon("concepts")), None)
    if first is not None:
        list(reader.postings("concepts", first).all_ids())
    return True


def index_exists(root: Path | None = None) -> bool:
    """Whether a complete index for this corpus is in the cache (so opening it needs no progress bar)."""
    return (index_path(root) / MARKER).is_file()
