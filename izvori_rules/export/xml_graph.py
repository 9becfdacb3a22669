"""The whole rule graph as one XML document (``izvori-judge export xml``), and back.

Elements are built with lxml, so every text from the documents is escaped by construction. The format is
described by ``graph.rng`` (RELAX NG, beside this module); :func:`read_xml` rebuilds the same graph and
concept table, node for node, which the tests check as a round trip that loses nothing.

Format 2 adds a flag's message ``key`` and its ``<value>`` children (:meth:`~izvori_rules.model.Flag.keyed`), so
that a graph read back says its flags in the judge's ``--lang`` too; a format 1 file (no key, no values) still
validates and reads, its flags said in English.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from ..errors import ExportUnreadable
from ..text.concepts import Concept, ConceptTable
from ..graph import RuleGraph
from ..model import Citation, DocumentInfo, Equivalent, Flag, Node, Original, Today

if TYPE_CHECKING:
    from lxml import etree

FORMAT_VERSION = "2"
SCHEMA = Path(__file__).with_name("graph.rng")
_DOC_ATTRS = ("id", "file", "language", "title", "edition", "numbering", "parser", "encoding")
_NODE_ATTRS = ("ref", "id", "kind", "number", "line", "offset", "lang")
Progress = Callable[[int, int], None]


def graph_to_xml(graph: RuleGraph, concepts: ConceptTable, progress: Progress | None = None) -> etree._Element:
    """The root element ``<rules>`` with one ``<document>`` per document and the ``<concepts>``."""
    from lxml import etree

    root = etree.Element("rules", version=FORMAT_VERSION)
    total, done = len(graph), 0
    for info in graph.docs.values():
        element = etree.SubElement(root, "document", {a: getattr(info, a) for a in _DOC_ATTRS})
        for optional in ("ruleset", "cites", "translates", "releases", "release", "family"):
            if getattr(info, optional):
                element.set(optional, getattr(info, optional))
        if info.translated_in_graph:
            element.set("translated-in-graph", "true")
        for defect in info.defects:
            etree.SubElement(element, "defect").text = defect
        for node in graph.in_doc(info.id):
            element.append(_node_element(node))
            done += 1
            if progress and done % 500 == 0:
                progress(done, total)
    root.append(_concepts_element(concepts))
    return root


def _node_element(node: Node) -> etree._Element:
    from lxml import etree

    element = etree.Element("node", {a: str(getattr(node, a)) for a in _NODE_ATTRS})
    if node.parent:
        element.set("parent", node.parent)
    _text(element, "title", node.title)
    _text(element, "text", node.text)
    for example in node.examples:
        _text(element, "example", example)
    for tag, refs in (("child", node.children), ("cites", node.cites), ("cited-by", node.cited_by)):
        for ref in refs:
            etree.SubElement(element, tag, ref=ref)
    for flag in node.flags:
        element.append(_flag_element(flag))
    for citation in node.citations:
        element.append(_citation_element(citation))
    for eq in node.equivalents:
        eq_element = etree.SubElement(element, "equivalent", ref=eq.ref, confidence=repr(eq.confidence),
                                      source=eq.source, relation=eq.relation, note=eq.note)
        for ref in eq.path:
            etree.SubElement(eq_element, "step", ref=ref)
    if node.original is not None:
        element.append(_original_element(node.original))
    if node.today is not None:
        element.append(_today_element(node.today))
    return element


def _flag_element(flag: Flag) -> etree._Element:
    """``<flag kind key>detail<value name>..</value></flag>``: the English detail first (the element's text), then
    each value of the key's template; a count is marked ``type="integer"`` so that it reads back as a number."""
    from lxml import etree

    element = etree.Element("flag", kind=flag.kind)
    element.text = flag.detail
    for attribute, text in (("term", flag.term), ("key", flag.key)):
        if text:
            element.set(attribute, text)
    if flag.ref is not None:
        element.set("ref", flag.ref)
    for name, value in flag.values:
        child = _text(element, "value", str(value))
        child.set("name", name)
        if isinstance(value, int):
            child.set("type", "integer")
    return element


def _original_element(original: Original) -> etree._Element:
    from lxml import etree

    out = etree.Element("original", release=original.release, status=original.status,
                        score=repr(original.score), note=original.note)
    if original.ref:
        out.set("ref", original.ref)
        out.set("id", original.id)
    out.text = original.text
    return out


def _today_element(today: Today) -> etree._Element:
    from lxml import etree

    out = etree.Element("today", status=today.status)
    for name, value in (("ref", today.ref), ("removed-in", today.removed_in), ("successor", today.successor)):
        if value:
            out.set(name, value)
    for date in today.changed_in:
        _text(out, "changed-in", date)
    for ref in today.path:
        etree.SubElement(out, "step", ref=ref)
    for ref in today.split:
        etree.SubElement(out, "split", ref=ref)
    return out


def _read_original(element: Any) -> Original | None:
    if element is None:
        return None
    return Original(element.get("ref", ""), element.get("release"), element.get("id", ""), element.get("status"),
                    float(element.get("score")), element.get("note"), element.text or "")


def _read_today(element: Any) -> Today | None:
    if element is None:
        return None
    return Today(element.get("ref", ""), element.get("status"), _texts(element, "changed-in"),
                 element.get("removed-in", ""), element.get("successor", ""), _refs(element, "step"),
                 _refs(element, "split"))


def _text(parent: etree._Element, tag: str, text: str) -> etree._Element:
    from lxml import etree

    child = etree.SubElement(parent, tag)
    child.text = text
    return child


def _citation_element(citation: Citation) -> etree._Element:
    from lxml import etree

    element = etree.Element("citation", start=str(citation.start), end=str(citation.end),
                            where=str(citation.where))
    if citation.title is not None:
        element.set("title", citation.title)
    if citation.title_matches is not None:
        element.set("title-matches", "true" if citation.title_matches else "false")
    _text(element, "surface", citation.surface)
    for ref in citation.targets:
        etree.SubElement(element, "target", ref=ref)
    for printed in citation.unresolved:
        _text(element, "unresolved", printed)
    return element


def _concepts_element(concepts: ConceptTable) -> etree._Element:
    from lxml import etree

    root = etree.Element("concepts")
    for concept in concepts:
        element = etree.SubElement(root, "concept", id=concept.id, kind=concept.kind, line=str(concept.line))
        for lang, terms in concept.terms:
            for term in terms:
                written = _text(element, "term", term)
                written.set("lang", lang)
                if (lang, term) in concept.asked:  # a question's word only (concepts.ASKED)
                    written.set("asked", "true")
            if not terms:
                etree.SubElement(element, "language", lang=lang)
        for tag, refs in (("rule", concept.rules), ("glossary", concept.glossary)):
            for ref in refs:
                etree.SubElement(element, tag, ref=ref)
        if concept.note:
            _text(element, "note", concept.note)
        for word in concept.sense:
            _text(element, "sense", word)
        for other in concept.broader:
            etree.SubElement(element, "broader", concept=other)
    return root


def write_xml(graph: RuleGraph, concepts: ConceptTable, path: Path | BinaryIO,
              progress: Progress | None = None) -> int:
    """Write the export to ``path`` or an open binary file (UTF-8, with an XML declaration); returns the
    number of nodes. The file is opened by Python, so a failure to write is an ``OSError`` as for any file."""
    from lxml import etree

    tree = etree.ElementTree(graph_to_xml(graph, concepts, progress))
    if isinstance(path, Path):
        with open(path, "wb") as handle:
            tree.write(handle, encoding="utf-8", xml_declaration=True, pretty_print=True)
    else:
        tree.write(path, encoding="utf-8", xml_declaration=True, pretty_print=True)
    return len(graph)


def validate(path: Path) -> list[str]:
    """Errors of the file against ``graph.rng`` (empty when it is valid)."""
    from lxml import etree

    schema = etree.RelaxNG(etree.parse(str(SCHEMA)))
    document = etree.parse(str(path))
    return [] if schema.validate(document) else [str(e) for e in schema.error_log]


def readable_versions() -> tuple[str, ...]:
    """The format versions :func:`read_xml` reads: the values ``graph.rng`` allows for ``<rules version>``, so the
    schema is the one list of them."""
    from lxml import etree

    found = etree.parse(str(SCHEMA)).xpath("//rng:attribute[@name='version']//rng:value/text()",
                                           namespaces={"rng": "http://relaxng.org/ns/structure/1.0"})
    return tuple(str(v) for v in found)  # type: ignore[union-attr]


def read_xml(path: Path) -> tuple[RuleGraph, ConceptTable]:
    """The graph and concept table an export describes; raises :class:`~izvori_rules.errors.ExportUnreadable` for
    a file that is no well-formed export or one in a format newer than this version reads (rather than a graph
    read wrongly or a traceback)."""
    from lxml import etree

    try:
        root = etree.parse(str(path)).getroot()
    except etree.XMLSyntaxError as exc:
        raise ExportUnreadable("{file} is not well-formed XML: {reason}", key="xml_malformed", file=str(path),
                               reason=str(exc)) from None
    if root.tag != "rules":
        raise ExportUnreadable("{file} is not an izvori-judge XML export (its root element is <{root}>, not <rules>)",
                               key="xml_not_export", file=str(path), root=str(root.tag))
    version, readable = root.get("version", ""), readable_versions()
    if version not in readable:
        raise ExportUnreadable("{file} is in XML export format {version!r}; this izvori-judge reads formats "
                               "{readable} (a newer izvori-judge wrote it?)", key="xml_version", file=str(path),
                               version=version, readable=", ".join(readable))
    docs: list[DocumentInfo] = []
    nodes: list[Node] = []
    for element in root.iterfind("document"):
        docs.append(DocumentInfo(**{a: element.get(a) for a in _DOC_ATTRS}, ruleset=element.get("ruleset"),
                                 defects=tuple(d.text or "" for d in element.iterfind("defect")),
                                 cites=element.get("cites"), translates=element.get("translates"),
                                 releases=element.get("releases"), release=element.get("release"),
                                 family=element.get("family"),
                                 translated_in_graph=element.get("translated-in-graph") == "true"))
        nodes.extend(_read_node(n) for n in element.iterfind("node"))
    table = root.find("concepts")
    concepts = ConceptTable([_read_concept(c) for c in (table if table is not None else ())], str(path))
    return RuleGraph(docs, nodes), concepts


def _refs(element: Any, tag: str) -> tuple[str, ...]:
    return tuple(child.get("ref") for child in element.iterfind(tag))


def _texts(element: Any, tag: str) -> tuple[str, ...]:
    return tuple(child.text or "" for child in element.iterfind(tag))


def _read_node(element: Any) -> Node:
    return Node(
        ref=element.get("ref"), doc=element.get("ref").split(":", 1)[0], id=element.get("id"),
        kind=element.get("kind"), number=element.get("number"), title=element.findtext("title") or "",
        text=element.findtext("text") or "", examples=_texts(element, "example"), parent=element.get("parent"),
        children=_refs(element, "child"), line=int(element.get("line")), offset=int(element.get("offset")),
        lang=element.get("lang"), flags=tuple(_read_flag(f) for f in element.iterfind("flag")),
        citations=tuple(_read_citation(c) for c in element.iterfind("citation")),
        cites=_refs(element, "cites"), cited_by=_refs(element, "cited-by"),
        equivalents=tuple(Equivalent(e.get("ref"), float(e.get("confidence")), e.get("source"), e.get("relation"),
                                     e.get("note"), _refs(e, "step")) for e in element.iterfind("equivalent")),
        original=_read_original(element.find("original")), today=_read_today(element.find("today")),
    )


def _read_flag(element: Any) -> Flag:
    values = tuple((v.get("name"), int(v.text) if v.get("type") == "integer" else v.text or "")
                   for v in element.iterfind("value"))
    return Flag(element.get("kind"), element.text or "", element.get("term", ""), element.get("ref"),
                element.get("key", ""), values)


def _read_citation(element: Any) -> Citation:
    matches = element.get("title-matches")
    return Citation(int(element.get("start")), int(element.get("end")), int(element.get("where")),
                    element.findtext("surface") or "", _refs(element, "target"), _texts(element, "unresolved"),
                    element.get("title"), None if matches is None else matches == "true")


def _read_concept(element: Any) -> Concept:
    terms: dict[str, list[str]] = {}
    asked: set[tuple[str, str]] = set()
    for child in element:
        if child.tag in ("term", "language"):
            terms.setdefault(child.get("lang"), [])
            if child.tag == "term":
                terms[child.get("lang")].append(child.text or "")
                if child.get("asked") == "true":
                    asked.add((child.get("lang"), child.text or ""))
    return Concept(element.get("id"), element.get("kind"), tuple((k, tuple(v)) for k, v in terms.items()),
                   _refs(element, "rule"), _refs(element, "glossary"), element.findtext("note") or "",
                   int(element.get("line")), tuple(child.text or "" for child in element.iterfind("sense")),
                   tuple(child.get("concept") for child in element.iterfind("broader")), frozenset(asked))

