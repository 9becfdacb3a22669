"""The Whoosh index of every rule and glossary entry: schema, build, and a safe way to open it.

The index lives in the cache folder as ``index-<key>``, the key hashing the corpus data, every source file of
the package, the versions of the libraries that build it and which stemmer ran, and
:data:`analysis.ANALYZER_VERSION`. It is built in a temporary
folder and renamed into place under a lock, so two commands at once neither both build it nor read half of
it. An index that fails to open or to answer a probe is rebuilt; a cache folder that cannot be written
gives an index in memory. Only Whoosh's classic API is used, so the Whoosh-Reloaded fork can be swapped.

Beside Whoosh's files the folder holds ``concepts.marshal`` (the query side of the concept table, see
:class:`~izvori_rules.text.matching.QueryConcepts`), ``postings.marshal`` (the postings queries read, copied
out of the Whoosh index so that a query imports no Whoosh, see :mod:`.postings`) and the ``complete`` marker,
written last, which lists every file with its size and checksum. Opening checks that the folder holds exactly
those files at those sizes, the checksum of the concepts file (Whoosh's own files are read only when the index
is built; the postings file checks each of its blocks as a query first reads it, see :mod:`.postings`), that
the postings file was copied from these Whoosh files and that it lists the graph's nodes in order. Documents are added in
graph order in one commit, so document number *n* is the graph's *n*-th node; the probe checks it.
"""

from __future__ import annotations

import marshal
import os
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import cache
from ..corpus import data_key
from ..errors import Phrase
from ..graph import RuleGraph
from ..model import Node
from .postings import FILE_NAME as POSTINGS_FILE, FilePostings, Postings, WhooshPostings, write_postings
from .version import ANALYZER_VERSION
from .searcher import indexed_refs
from ..text.matching import ConceptMatcher, QueryConcepts, english_heading
from ..text.stemming import LANGUAGES, analyze, field_language

if TYPE_CHECKING:
    from .variants import Variants

Progress = Callable[[int, int], None]
MARKER = "complete"
CONCEPTS_FILE = "concepts.marshal"
READ_AT_QUERY = frozenset({CONCEPTS_FILE})  # checksummed on every open; the rest by size (postings: per block)
FORMAT = 4  # 4: the concepts file's big maps in parts (izvori_rules/parts.py)
LIBRARIES = ("Whoosh-Reloaded", "Whoosh", "PyStemmer", "snowballstemmer")


@dataclass(slots=True)
class OpenIndex:
    """An open index: the postings queries read, the query side of the concepts, and for an index in memory the
    Whoosh index and its reader (an index on disk is read through its postings file, without Whoosh)."""

    index: Any
    reader: Any
    concepts: QueryConcepts
    in_memory: bool = False
    postings: Postings | None = None

    def close(self) -> None:
        """Release the reader's files."""
        if self.reader is not None:
            self.reader.close()


def schema() -> Any:
    """Text, headings and examples per language (each its own analyzer); concepts as keyword fields.

    ``concepts`` repeats a concept once per use in the text (its frequency is the term weight; a word that names
    several concepts counts for those the node's heading or an ancestor's names, see :meth:`ConceptMatcher.occurrences`),
    ``gapped_concepts`` once per use with other words between its term's words and none whole
    (:meth:`~izvori_rules.text.matching.ConceptMatcher.gapped`: "gain that much life"),
    ``example_concepts`` once per use in the examples (an example illustrates the rule; it is not what the rule
    is about),
    ``head_concepts`` holds the concepts of the heading; ``named`` the concepts one of whose terms is the
    heading, ``listed`` those whose table row lists the node, ``leads`` those its text starts with
    (``Razbijač je pasivna osobina…``: a definition's subject) and ``governs`` those an ancestor names or
    lists (702.19a governs trample because 702.19 is headed Пробивной удар). ``peers`` holds the document
    numbers of the node's equivalents in other documents, both ways (ru-cr 704.5f names sr-judge D21.52 and
    cr 704.5f, and each of them names it back), so that the postings of a document number are its peers. ``scope``
    is ``variant`` in the sections of multiplayer and casual-variant rules, ``opens`` in a rule elsewhere that
    opens by naming such a game (:mod:`.variants`). ``heading`` holds, for a node under a heading that has no text of
    its own (cr 701.6 "Counter", ru-cr 701.5 «Отменить»), that heading's document number, so that the postings of a
    heading's number are its rules (the ranker puts a heading just below its best rule). No positions
    are stored: a quoted phrase is checked against the node's text, which the graph has anyway.
    """
    from whoosh.fields import ID, KEYWORD, TEXT, Schema

    from .analysis import language_analyzer, words_analyzer

    fields: dict[str, Any] = {
        "ref": ID(stored=True, unique=True), "doc": ID, "lang": ID, "kind": ID, "chapter": ID,
        "concepts": KEYWORD(commas=True, scorable=True),
        "gapped_concepts": KEYWORD(commas=True, scorable=True),
        "example_concepts": KEYWORD(commas=True, scorable=True),
        "head_concepts": KEYWORD(commas=True, scorable=True),
        "named": KEYWORD(commas=True),
        "listed": KEYWORD(commas=True),
        "leads": KEYWORD(commas=True),
        "governs": KEYWORD(commas=True),
        "peers": KEYWORD(commas=True),
        "heading": KEYWORD(commas=True),
        "scope": KEYWORD(commas=True),
        "words": TEXT(analyzer=words_analyzer(), phrase=False),
    }
    for lang in LANGUAGES:
        for part in ("body", "head", "example"):
            fields[f"{part}_{lang}"] = TEXT(analyzer=language_analyzer(lang), phrase=False)
    return Schema(**fields)


def index_key(root: Path | None = None) -> str:
    """Corpus data hash; a hash of the package's code, the libraries' versions and the stemmers that run;
    analyzer and format versions."""
    return data_key("index", root, _builders, f"-a{ANALYZER_VERSION}f{FORMAT}")


def _builders() -> str:
    """The versions of the libraries that build the index, which stemmer each language runs (PyStemmer, or the
    pure-Python snowballstemmer where PyStemmer is missing or lacks the language): two stemmers may stem a word
    differently, and an index must be queried with the stems it was built with; and the installed corpus's
    tables the analyzers read (:func:`~izvori_rules.text.stemming.table_files`), for an index of another corpus."""
    from ..corpus import corpus_dir
    from ..text.stemming import SNOWBALL, make_stemmer, table_files

    stemmers = ",".join(f"{lang}:{type(make_stemmer(name)).__module__}" for lang, name in SNOWBALL.items())
    return f"{cache.library_versions(LIBRARIES)};{stemmers};{cache.hash_files(table_files(), corpus_dir())}"


def index_path(root: Path | None = None) -> Path:
    """Where the complete index of this corpus lives in the cache folder."""
    return cache.cache_dir() / f"index-{index_key(root)}"


def index_documents(graph: RuleGraph, matcher: ConceptMatcher, variants: Variants) -> Iterator[dict[str, str]]:
    """The Whoosh documents, in graph order: one per rule, subrule, chapter, section and glossary entry
    (``variants``: what marks the rules of multiplayer games and casual variants, see :mod:`.variants`)."""
    defined: dict[str, list[str]] = {}
    refs = indexed_refs(graph)
    numbers = {ref: n for n, ref in enumerate(refs)}
    peers = _peers(graph, numbers)
    for ref in refs:
        node = graph.nodes[ref]
        node_peers = peers.get(ref, [])
        named = _named(node, [graph.nodes[refs[int(n)]] for n in node_peers], matcher)
        heading = node.parent if node.parent and _heading_only(graph.nodes[node.parent]) else None
        yield _document(graph, node, matcher, defined, node_peers, variants, named,
                        str(numbers[heading]) if heading else "")


def _heading_only(node: Node) -> bool:
    """Whether the node is a heading over rules, with no text of its own (cr 701.6 "Counter", ru-cr 701 «Ключевые
    действия»): a judge cites a rule under it, not the heading."""
    return bool(node.children) and node.text in ("", node.title)


def _named(node: Node, peers: list[Node], matcher: ConceptMatcher) -> list[str]:
    """The concepts the node's heading names; a heading that names several keeps those its equivalents' headings
    name, when they name any: cr 122 "Counters" is the marker (ru-cr 121 «Жетоны»), not the countering of
    cr 701.6 "Counter" (ru-cr 701.5 «Отменить»), though English says counter for both."""
    named = matcher.named_by(node)
    if len(named) > 1:
        theirs = {concept for peer in peers for concept in matcher.named_by(peer)}
        return [concept for concept in named if concept in theirs] or named
    return named


def _peers(graph: RuleGraph, numbers: dict[str, int]) -> dict[str, list[str]]:
    """Each node's equivalents in other documents as document numbers: the nodes joined to it by a chain of
    equivalences (a translation names its English original and its peers, the English rule names none; sr-judge
    C9.20 and C9.10 both render cr 508.1), those of its own document left out."""
    parent: dict[str, str] = {}

    def root(ref: str) -> str:
        while parent[ref] != ref:
            ref = parent[ref]
        return ref

    for ref, node in graph.nodes.items():
        for other in node.equivalents:
            if other.ref in numbers:
                parent.setdefault(ref, ref)
                parent.setdefault(other.ref, other.ref)
                parent[root(ref)] = root(other.ref)
    groups: dict[str, list[str]] = {}
    for ref in parent:
        groups.setdefault(root(ref), []).append(ref)
    return {ref: [str(numbers[other]) for other in group if graph.nodes[other].doc != graph.nodes[ref].doc]
            for group in groups.values() for ref in group}


def _document(graph: RuleGraph, node: Node, matcher: ConceptMatcher,
              defined: dict[str, list[str]], peers: list[str], variants: Variants, named: list[str],
              heading: str) -> dict[str, str]:
    lang = field_language(node.lang)
    body = "" if node.text == node.title else node.text
    examples = " ".join(node.examples)
    english = english_heading(node)
    body_stems = analyze(lang, body)
    listed = matcher.listing(node)
    defined[node.ref] = [*named, *listed]
    chain = graph.breadcrumb(node.ref)
    governs = {c: None for ancestor in chain[:-1] for c in defined.get(ancestor.ref, ())}
    chosen = {*defined[node.ref], *governs}  # the sense of a word that names several concepts (matching._chosen)
    uses = matcher.occurrences(lang, body_stems, chosen)
    in_heading = {**matcher.occurrences(lang, analyze(lang, node.title), chosen),
                  **matcher.occurrences("en", analyze("en", english), chosen)}
    fields = {
        "ref": node.ref, "doc": node.doc, "lang": lang, "kind": node.kind,
        "chapter": chain[1].ref if len(chain) > 1 else chain[0].ref,
        "concepts": _repeated(uses),
        "gapped_concepts": _repeated(matcher.gapped(lang, body, uses)),
        "example_concepts": _repeated(matcher.occurrences(lang, analyze(lang, examples), chosen)),
        "head_concepts": ",".join(in_heading),
        "named": ",".join(named), "listed": ",".join(listed),
        "leads": ",".join(matcher.leading(lang, body_stems, chosen)),
        "governs": ",".join(governs),
        "peers": ",".join(peers),
        "heading": heading,
        "scope": variants.scope(node, chain[0].ref, matcher),
        "words": " ".join((node.title, body, examples, english)),
        f"body_{lang}": body, f"head_{lang}": node.title, f"example_{lang}": examples,
    }
    if english:
        fields["head_en"] = english
    return {name: value for name, value in fields.items() if value}


def _repeated(counts: dict[str, int]) -> str:
    """A keyword field's value that gives each concept its count as term frequency."""
    return ",".join(concept for concept, count in counts.items() for _ in range(count))


def build(storage: Any, graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None,
          variants: Variants) -> Any:
    """Write the whole index into ``storage`` (a Whoosh FileStorage or RamStorage) in one commit."""
    ix = storage.create_index(schema())
    writer = ix.writer(limitmb=256)
    total = len(indexed_refs(graph))
    for done, document in enumerate(index_documents(graph, matcher, variants), 1):
        writer.add_document(**document)
        if progress and (done % 250 == 0 or done == total):
            progress(done, total)
    writer.commit()
    return ix


class IndexOpener:
    """Opens the index of one corpus (:func:`open_index`) on demand, at the place in the cache folder computed on
    first need and kept: computing it stats every corpus and package file, and a command asks whether the index is
    built (to show a progress bar if not) before it opens it. A searcher keeps one for the graph it holds, so the
    index it opens, and any rebuild, is the index of that graph's corpus."""

    def __init__(self, graph: RuleGraph, matcher: Callable[[], ConceptMatcher], progress: Progress | None = None,
                 root: Path | None = None) -> None:
        self._graph = graph
        self._matcher = matcher
        self._progress = progress
        self._root = root
        self._place: Path | None = None

    @property
    def place(self) -> Path:
        """Where the complete index lives (:func:`index_path`), computed once."""
        if self._place is None:
            self._place = index_path(self._root)
        return self._place

    def built(self) -> bool:
        """Whether a complete index is in the cache (so opening it needs no progress bar)."""
        return (self.place / MARKER).is_file()

    def __call__(self, force: bool = False) -> OpenIndex:
        return open_index(self._graph, self._matcher, self._progress, force, self._root, self.place)


def open_index(graph: RuleGraph, matcher: Callable[[], ConceptMatcher], progress: Progress | None = None,
               force: bool = False, root: Path | None = None, place: Path | None = None) -> OpenIndex:
    """The index for this corpus: opened from the cache, or built (atomically) when missing or broken.

    ``matcher`` is called only when the index must be built (reading the concept table costs time).
    ``root`` is the corpus folder (the installed corpus when None); it keys the index. ``place`` is
    :func:`index_path` of it, when the caller has it already.
    """
    final = place or index_path(root)
    if not force:
        opened = _open_valid(final, graph)
        if opened is not None:
            return opened
    from .variants import load_variants  # a build's: the concept table's module comes with it

    variants = load_variants(graph, root)
    with cache.build_lock(final.parent / "index.lock") as locked:
        if not locked:
            return _in_memory(graph, matcher(), progress, final.parent, variants)
        if not force:
            opened = _open_valid(final, graph)  # another command may have built it while we waited
            if opened is not None:
                return opened
        return _build_on_disk(final, graph, matcher(), progress, variants)


def _build_on_disk(final: Path, graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None,
                   variants: Variants) -> OpenIndex:
    """Build into a temporary folder, then rename it into place; called under the index lock, so any build
    folder already there was left by a command that was killed, and is removed first. (``shutil`` and
    ``tempfile`` are imported here and below, not by a query that opens a built index.)"""
    import shutil
    import tempfile

    from whoosh.filedb.filestore import FileStorage

    try:
        cache.remove_leftovers(final.parent, ".index-build-*")
        cache.remove_leftovers(final.parent, ".trash-index-*")
        tmp = Path(tempfile.mkdtemp(prefix=".index-build-", dir=final.parent))
    except OSError:
        return _in_memory(graph, matcher, progress, final.parent, variants)
    try:
        ix = build(FileStorage(str(tmp)), graph, matcher, progress, variants)
        reader = ix.reader()
        try:
            _copy_postings(tmp, WhooshPostings(reader), graph)
        finally:
            reader.close()
            ix.close()
        (tmp / CONCEPTS_FILE).write_bytes(marshal.dumps(matcher.query_side().to_data()))
        (tmp / MARKER).write_text(_marker(tmp, len(graph)), encoding="utf-8")
        _replace_dir(tmp, final)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        return _in_memory(graph, matcher, progress, final.parent, variants)
    except BaseException:  # Ctrl-C or a bug: leave no half-built folder behind
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _remove_stale(final)
    opened = _open_valid(final, graph)
    if opened is None:  # an index just built that does not open: a failing disk, not a stale cache
        from ..errors import CacheError

        raise CacheError("{path}: the search index was built but cannot be opened", key="index_unopenable",
                         path=str(final))
    return opened


def _copy_postings(folder: Path, source: WhooshPostings, graph: RuleGraph) -> None:
    """Write the postings file of the index in ``folder`` (see :mod:`.postings`)."""
    from .ranking import hit_kind

    refs = indexed_refs(graph)
    numbered = {ref for refs_ in graph.index.by_number.values() for ref in refs_}

    def facts(docnum: int) -> tuple[str, str, bool]:
        node = graph.nodes[refs[docnum]]
        return node.doc, hit_kind(node.kind), node.ref in numbered

    fields = [name for name in schema().names() if name not in ("ref", "doc", "lang", "kind", "chapter")]
    write_postings(folder / POSTINGS_FILE, source, fields, refs, facts, folder)


def _marker(folder: Path, count: int) -> str:
    """The ``complete`` marker: the number of documents, then each file's name and size, and for the concepts
    file its checksum (``-`` for Whoosh's own files, read only while the index is built, and for the postings
    file, whose blocks carry their own)."""
    listed: dict[str, tuple[int, int | None]] = {}
    for path in sorted(folder.iterdir()):
        if path.name in READ_AT_QUERY:
            data = path.read_bytes()
            listed[path.name] = (len(data), zlib.crc32(data))
        else:
            listed[path.name] = (path.stat().st_size, None)
    return _marker_text(count, listed)


def _marker_text(count: int, listed: dict[str, tuple[int, int | None]]) -> str:
    return "".join([f"{count}\n", *(f"{name}\t{size}\t{'-' if crc is None else crc}\n"
                                    for name, (size, crc) in sorted(listed.items()))])


def _verified(path: Path, count: int) -> bool:
    """Whether the folder holds exactly the files its marker lists, each with its size, the files a query
    reads whole (:data:`READ_AT_QUERY`) with their checksums, and the marker counts ``count`` documents: a byte
    changed in what a query reads (a stored rule text overwritten with other text of the same length included)
    means a rebuild, never a wrong answer (in the postings file, when the block holding it is read)."""
    try:
        text = (path / MARKER).read_text(encoding="utf-8")
        first, *rows = text.split("\n")[:-1]
        listed: dict[str, tuple[int, int | None]] = {}
        for row in rows:
            name, size, crc = row.split("\t")
            listed[name] = (int(size), None if crc == "-" and name not in READ_AT_QUERY else int(crc))
        if first != str(count) or text != _marker_text(count, listed):  # byte for byte as it was written
            return False
        if set(listed) != {p.name for p in path.iterdir()} - {MARKER}:
            return False
        for name, (length, checksum) in listed.items():
            if checksum is None:
                if (path / name).stat().st_size != length:
                    return False
                continue
            data = (path / name).read_bytes()
            if len(data) != length or zlib.crc32(data) != checksum:
                return False
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return True


def _replace_dir(tmp: Path, final: Path) -> None:
    """Rename the new index into place; an old (broken) one is first moved aside, then removed."""
    import shutil

    if final.exists():
        trash = final.with_name(f".trash-{final.name}-{os.getpid()}")
        os.rename(final, trash)
        shutil.rmtree(trash, ignore_errors=True)
    os.rename(tmp, final)


def _remove_stale(keep: Path) -> None:
    """Indexes of other corpus versions (build folders left by killed commands go before each build)."""
    import shutil

    for old in keep.parent.glob("index-*"):
        if old != keep and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)


def _in_memory(graph: RuleGraph, matcher: ConceptMatcher, progress: Progress | None, folder: Path,
               variants: Variants) -> OpenIndex:
    from whoosh.filedb.filestore import RamStorage

    cache.notice_unwritable(folder, Phrase("what_search_index", "the search index"))
    ix = build(RamStorage(), graph, matcher, progress, variants)
    reader = ix.reader()
    return OpenIndex(ix, reader, matcher.query_side(), in_memory=True, postings=WhooshPostings(reader))


def _open_valid(path: Path, graph: RuleGraph) -> OpenIndex | None:
    """The index at ``path`` if it is complete, the files a query reads match their checksums and its postings
    file matches its Whoosh files and the graph; None when missing or corrupted."""
    if not _verified(path, len(graph)):
        return None
    try:
        concepts = QueryConcepts.from_data(marshal.loads((path / CONCEPTS_FILE).read_bytes()))
        postings = FilePostings.read(path / POSTINGS_FILE)
    except Exception:  # noqa: BLE001 - any failure to read means "rebuild"
        return None
    if not postings.matches(path) or postings.refs != indexed_refs(graph):
        return None
    return OpenIndex(None, None, concepts, postings=postings)
