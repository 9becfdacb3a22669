"""The pages of the HTML rulebook as lxml elements: the index, a chapter, and the nodes on it.

Every text from the documents goes into an element's text or tail, so lxml escapes it; nothing is glued into
markup by hand. A node's text is cut at its resolved citations (:class:`~izvori_rules.model.Citation` spans)
and, in sr-basic, at the glossary terms the parser resolved (``glossary_term`` flags); each piece becomes a
link. A citation links to its first target and lists the others (a range, or a list like "pravidla 420.5d a
214.8g"); a dangling one or one whose quoted title is not the target's heading is marked with a class and
the flag's detail as its ``title``.

The site's own words (labels, the search box, footers, the search's status line) are in the judge's language of
``export html --lang``, from ``[LANG.lookup]`` and ``[LANG.export]`` of ``corpus/messages.toml``
(:func:`site_words`); each document's text stays in its own language, marked with ``lang``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ..node_words import changed_in, equivalent_how, flag_details, flag_name, removed, today_status
from ..graph import RuleGraph
from ..messages import example_word, section
from ..model import GLOSSARY, IN_TEXT, SECTION, Citation, FlagKind, Node, split_ref
from .html_plan import INDEX, SEARCH_SCRIPT, Page, SitePlan

if TYPE_CHECKING:
    from lxml.etree import _Element as Element

SITE_NAME = "izvori-judge"
Words = Mapping[str, str]  # the site's words in the judge's language (site_words)
# Flags shown as a note under the node; the others are shown where they apply (a marked citation, a linked
# glossary term, the English headword) or are the parser's bookkeeping (bold spans, pt-guide labels).
NOTE_FLAGS: tuple[FlagKind, ...] = (
    "duplicate_number", "misplaced", "no_parent", "glued", "missing_period", "garbled", "corrected",
    "missing_symbol", "truncated", "toc_only", "headless_paragraph")
CITED_BY_SHOWN = 12


def site_words(lang: str) -> dict[str, str]:
    """The words of the site in the judge's ``lang``: lookup's labels (a rule's notes read as ``lookup`` says
    them), cite-check's words of a quoted title that is not the rule's, export's ``site_*`` words, and the
    language's code as ``site_lang`` (the ``lang`` of the elements holding them)."""
    checks = section(lang, "cite_check")
    return {**section(lang, "lookup"), **section(lang, "export"), "mismatch_detail": checks["mismatch_detail"],
            "mismatch_owner": checks["mismatch_owner"], "site_lang": lang}


def el(tag: str, *children: object, cls: str | None = None, **attrs: str) -> Element:
    """An HTML element with text and child elements in order (strings become text and tails)."""
    from lxml.html import builder

    maker = getattr(builder.E, tag)
    args = [c for c in children if c is not None and c != ""]
    if cls:
        args.append({"class": cls})
    if attrs:
        args.append({k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()})
    element: Element = maker(*args)
    return element


def render(page: Element) -> bytes:
    """A page as UTF-8 HTML with its doctype."""
    from lxml import html

    data: bytes = html.tostring(page, doctype="<!DOCTYPE html>", encoding="utf-8", method="html")
    return data + b"\n"


def skeleton(title: str, lang: str, body: Sequence[Element], scripts: Sequence[str] = ()) -> Element:
    """``<html>`` with the head every page shares (charset, viewport, stylesheet) and the given body."""
    head = el("head", el("meta", charset="utf-8"),
              el("meta", name="viewport", content="width=device-width, initial-scale=1"),
              el("meta", name="generator", content=SITE_NAME), el("title", title),
              el("link", rel="stylesheet", href="site.css"))
    tail = [el("script", src=s) for s in scripts]
    return el("html", head, el("body", *body, *tail), lang=lang)


def site_header(live: bool, words: Words) -> Element:
    """The bar on every page: the way home and the search box (live on the index, a form elsewhere)."""
    box = el("input", type="search", name="q", id="q", placeholder="razbijač, биће, 702.19b",
             autocomplete="off", aria_label=words["site_search_label"])
    form = el("form", box, el("button", words["site_search"], type="submit"), cls="search", action=INDEX,
              method="get", role="search")
    return el("header", el("a", SITE_NAME, cls="home", href=INDEX), form, cls="site" + (" live" if live else ""))


def node_label(node: Node) -> str:
    """A node as a link shows it: its number, else its heading (``702.19b``, ``Zona``)."""
    return node.number or node.title or split_ref(node.ref)[1]


def ref_label(graph: RuleGraph, ref: str, home_doc: str) -> str:
    """The label of a link target, prefixed with its document when that is another one (``cs-cr 310.1a``)."""
    node = graph.nodes[ref]
    return node_label(node) if node.doc == home_doc else f"{node.doc} {node_label(node)}"


# -- the text of a node, cut into links --------------------------------------------------------------------


def linked_text(graph: RuleGraph, plan: SitePlan, here: str, node: Node, where: int, text: str,
                words: Words) -> list[object]:
    """The pieces of one text of a node (``where``: IN_TEXT or an example's index), with its links."""
    spans: list[tuple[int, int, list[object]]] = []
    for citation in node.citations:
        if citation.where == where and 0 <= citation.start < citation.end <= len(text):
            printed = text[citation.start:citation.end]
            spans.append((citation.start, citation.end,
                          citation_pieces(graph, plan, here, node, citation, printed, words)))
    if where == IN_TEXT:
        for start, end, ref in glossary_terms(graph, node):
            if not any(s < end and start < e for s, e, _ in spans):
                spans.append((start, end, [el("a", text[start:end], cls="term", href=plan.href(ref, here))]))
    pieces: list[object] = []
    position = 0
    for start, end, made in sorted(spans, key=lambda s: s[0]):
        if start < position:
            continue  # overlapping spans: the first one wins
        pieces.append(text[position:start])
        pieces.extend(made)
        position = end
    pieces.append(text[position:])
    return pieces


def citation_pieces(graph: RuleGraph, plan: SitePlan, here: str, node: Node, citation: Citation,
                    printed: str, words: Words) -> list[object]:
    """A citation (``printed`` as the text has it) as a link to its first target, the other targets listed
    after it; marked, with the flag's detail in the judge's words as its title, when it is dangling or quotes a
    wrong title."""
    classes, notes = ["cite"], []
    if citation.unresolved:
        classes.append("dangling")
        notes.append(_flag_detail(graph, node, "dangling", citation.unresolved, words))
    if citation.title_matches is False:
        classes.append("title-mismatch")
        notes.append(_flag_detail(graph, node, "title_mismatch", (citation.title or "",), words))
    attrs = {"title": "\n".join(notes)} if notes else {}
    if not citation.targets:
        return [el("span", printed, cls=" ".join(classes), **attrs)]
    first = el("a", printed, cls=" ".join(classes), href=plan.href(citation.targets[0], here), **attrs)
    if len(citation.targets) == 1:
        return [first]
    rest: list[object] = [" ("]
    for i, ref in enumerate(citation.targets[1:]):
        rest.extend([", " if i else "", el("a", ref_label(graph, ref, node.doc), href=plan.href(ref, here))])
    rest.append(")")
    return [first, el("span", *rest, cls="cite-rest")]


def _flag_detail(graph: RuleGraph, node: Node, kind: FlagKind, terms: tuple[str, ...], words: Words) -> str:
    """The detail of the node's flag of ``kind`` about one of ``terms`` (a printed target, a quoted title), in
    the judge's words; the flag's name where the node has no such flag."""
    return next((said for f, said in flag_details(graph, node, words) if f.kind == kind and f.term in terms),
                words.get(f"flag_{kind}", kind))


def glossary_terms(graph: RuleGraph, node: Node) -> Iterator[tuple[int, int, str]]:
    """Spans of the node's text that name a glossary entry the parser linked (``glossary_term`` flags).

    The flag gives the headword (*Potez*, its ``term``) and the entry (its ``ref``); the text has the term
    inflected (*potezu*). Of the runs of words that the parser's own matcher links to that headword, the one
    sharing the longest prefixes with it is the span (so *potezu*, not *potraži*, for *Potez*). A headword not
    found in the text is skipped.
    """
    from ..parsing.sr_basic_terms import TermLinker, headword_forms, word_key

    words = list(re.finditer(r"[^\W\d_]+(?:-[^\W\d_]+)*", node.text))
    keys = [word_key(w.group()) for w in words]
    for flag in node.flags:
        ref = flag.ref
        if flag.kind != "glossary_term" or ref is None or ref not in graph.nodes:
            continue
        linker, forms = TermLinker.of([flag.term]), headword_forms(flag.term)
        best: tuple[int, int, int] | None = None  # (score, start, end)
        for i in range(len(words)):
            for form in forms:
                n = len(form)
                if i + n > len(words) or not _one_run(node.text, words[i:i + n]):
                    continue
                start, end = words[i].start(), words[i + n - 1].end()
                score = sum(_shared(k, f) for k, f in zip(keys[i:i + n], form))
                if (best is None or score > best[0]) and linker.link(node.text[start:end]):
                    best = (score, start, end)
        if best:
            yield best[1], best[2], ref


def _shared(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n + (1 if a == b else 0)


def _one_run(text: str, words: Sequence[re.Match[str]]) -> bool:
    """Whether words follow each other separated by spaces only (a term does not cross punctuation)."""
    return all(not text[a.end():b.start()].strip() for a, b in zip(words, words[1:]))


# -- a node --------------------------------------------------------------------------------------------------


def node_article(graph: RuleGraph, plan: SitePlan, here: str, node: Node, depth: int, words: Words) -> Element:
    """One node: its number (a link to itself, to share), heading, text, examples, equivalents and notes."""
    anchor = plan.anchors[node.ref]
    number = el("a", node_label(node) if node.kind == GLOSSARY else node.number, cls="num", href=f"#{anchor}")
    heading_only = bool(node.title) and node.text.strip() == node.title.strip()
    parts: list[object] = []
    if node.title or node.kind == GLOSSARY:
        level = "h1" if depth == 0 else ("h2" if depth == 1 else "h3")
        english = node.english
        title = node.title if node.kind != GLOSSARY else ""
        parts.append(el(level, number, " " if title else "", title,
                        el("span", english, cls="en", lang="en") if english else None, cls="head"))
    if node.text and not heading_only:
        lead = [] if parts else [number, " "]
        parts.append(el("p", *lead, *linked_text(graph, plan, here, node, IN_TEXT, node.text, words), cls="text"))
    elif not parts:
        parts.append(el("p", number, cls="text"))
    label = example_word(node.lang)  # the document's own word, in the document's language
    for k, example in enumerate(node.examples):
        parts.append(el("p", el("span", f"{label}:", cls="label"), " ",
                        *linked_text(graph, plan, here, node, k, example, words), cls="example"))
    parts.extend(_meta(graph, plan, here, node, words))
    return el("article", *parts, cls=f"node {node.kind} depth-{min(depth, 4)}", id=anchor, lang=node.lang)


def _meta(graph: RuleGraph, plan: SitePlan, here: str, node: Node, words: Words) -> Iterator[Element]:
    """The lines under a node: its equivalents in the other documents, who cites it, and the parser's notes,
    labelled in the judge's words (each in the site's language: ``lang`` is set on the line)."""
    lang = words["site_lang"]
    yield from _original_lines(plan, here, node, words)
    links = _equivalent_links(graph, plan, here, node, words)
    if links:
        yield el("p", el("span", f"≈ {words['site_equivalents']}:", cls="label"), " ", *links, cls="equivalents",
                 lang=lang)
    if node.cited_by:
        shown = [r for r in node.cited_by if r in graph.nodes][:CITED_BY_SHOWN]
        cited: list[object] = []
        for ref in shown:
            cited.extend([", " if cited else "", el("a", ref_label(graph, ref, node.doc), href=plan.href(ref, here))])
        more = len(node.cited_by) - len(shown)
        yield el("p", el("span", f"{words['cited_by']}:", cls="label"), " ", *cited,
                 " " + words["more"].format(n=more) if more > 0 else None, cls="cited-by", lang=lang)
    notes = [(f, said) for f, said in flag_details(graph, node, words) if f.kind in NOTE_FLAGS]
    if notes:
        yield el("ul", *(el("li", f"{flag_name(f, words)}: {said}", cls=f"note {f.kind}") for f, said in notes),
                 cls="notes", lang=lang)


def _original_lines(plan: SitePlan, here: str, node: Node, words: Words) -> Iterator[Element]:
    """A translated rule's English original and today's rule, as links (issue 16)."""
    original, today = node.original, node.today
    if original is None or not original.ref:
        return
    label = f"CR {original.release} {original.id}"
    link = el("a", label, href=plan.href(original.ref, here)) if original.ref in plan.page_of else label
    how = words.get(f"link_{original.status}", original.status)
    yield el("p", el("span", f"{words['original']}:", cls="label", lang=words["site_lang"]), " ", link,
             el("small", f" ({how})", lang=words["site_lang"]), el("br") if original.text else None,
             el("span", original.text, lang="en") if original.text else None, cls="original")
    if today is None:
        return
    if today.status == "removed":
        yield el("p", el("span", f"{words['today']}:", cls="label"), " ", removed(today, words), cls="today",
                 lang=words["site_lang"])
        return
    links: list[object] = []
    for target in today.split or ((today.ref,) if today.ref else ()):
        links += [", "] if links else []
        links.append(el("a", f"CR {target.partition(':')[2]}", href=plan.href(target, here))
                     if target in plan.page_of else target.partition(":")[2])
    split = " (" + words["site_today_split"].format(count=len(today.split)) + ")" if today.split else ""
    yield el("p", el("span", f"{words['today']}:", cls="label"), " ", today_status(today, words), ": ", *links,
             split, changed_in(today, words), cls="today", lang=words["site_lang"])


def _equivalent_links(graph: RuleGraph, plan: SitePlan, here: str, node: Node, words: Words) -> list[object]:
    """Each equivalent as a link, followed by how it was found as ``lookup`` says it (its confidence where it is
    less sure), and the confidence and note as its title."""
    links: list[object] = []
    for eq in node.equivalents:
        if eq.ref not in graph.nodes:
            continue
        how = equivalent_how(eq, words)
        link = el("a", ref_label(graph, eq.ref, ""), href=plan.href(eq.ref, here),
                  title=f"{how} ({eq.confidence:.2f})" + (f": {eq.note}" if eq.note else ""))
        links.extend([" · " if links else "", link, el("small", f" ({how})")])
    return links


# -- pages ---------------------------------------------------------------------------------------------------


def chapter_page(graph: RuleGraph, plan: SitePlan, page: Page, pager: tuple[Page | None, Page | None],
                 words: Words) -> Element:
    """One page: breadcrumbs, the nodes in document order (indented by depth), and the previous/next page."""
    info = graph.docs[page.doc]
    root_depth = len(graph.breadcrumb(page.root)) if page.root else 0
    articles = []
    for ref in page.refs:
        node = graph.nodes[ref]
        depth = len(graph.breadcrumb(ref)) - root_depth if page.root else 1
        articles.append(node_article(graph, plan, page.file, node, depth, words))
    title = page_title(graph, page, words)
    if page.root is None:
        articles.insert(0, el("h1", title, cls="head"))
    footer = words["site_page_footer"].format(title=info.title, edition=info.edition, site=SITE_NAME)
    body = [site_header(False, words), _crumbs(graph, plan, page, words), el("main", *articles),
            _pager(graph, pager, words), el("footer", footer, lang=words["site_lang"])]
    return skeleton(f"{title} · {info.title}", info.language, body)


def page_title(graph: RuleGraph, page: Page, words: Words) -> str:
    """``D19 Ispravni napadi`` for a chapter, ``Glossary`` (in the judge's words) for a loose glossary."""
    if page.root is None:
        return words["site_glossary"]
    node = graph.nodes[page.root]
    return " ".join(p for p in (node.number, node.title) if p) or node_label(node)


def _crumbs(graph: RuleGraph, plan: SitePlan, page: Page, words: Words) -> Element:
    items = [el("li", el("a", words["site_index"], href=INDEX, lang=words["site_lang"])),
             el("li", el("a", graph.docs[page.doc].title, href=f"{INDEX}#{page.doc}"))]
    chain = graph.breadcrumb(page.root)[:-1] if page.root else ()
    items.extend(el("li", el("a", node_label(n) + (f" {n.title}" if n.number and n.title else ""),
                             href=plan.href(n.ref, page.file))) for n in chain)
    items.append(el("li", page_title(graph, page, words), aria_current="page"))
    return el("nav", el("ol", *items), cls="crumbs", aria_label=words["site_breadcrumbs"])


def _pager(graph: RuleGraph, pager: tuple[Page | None, Page | None], words: Words) -> Element:
    before, after = pager
    links = []
    if before:
        links.append(el("a", f"← {page_title(graph, before, words)}", href=before.file, rel="prev"))
    if after:
        links.append(el("a", f"{page_title(graph, after, words)} →", href=after.file, rel="next"))
    return el("nav", *links, cls="pager")


def index_page(graph: RuleGraph, plan: SitePlan, words: Words) -> Element:
    """The documents with their sections and chapters, and the live search box with its results list, in the
    judge's language (the documents' titles and headings in their own)."""
    pages_by_doc: dict[str, list[Page]] = {}
    for page in plan.pages:
        pages_by_doc.setdefault(page.doc, []).append(page)
    jump = el("nav", el("ul", *(el("li", el("a", info.title, href=f"#{doc}")) for doc, info in graph.docs.items())),
              cls="docs-jump", aria_label=words["site_documents"])
    search = el("section", el("p", "", id="search-status", aria_live="polite"), el("ol", id="results"),
                cls="search-results", id="search")
    docs = [_document_toc(graph, plan, doc, pages_by_doc.get(doc, []), words) for doc in graph.docs]
    body = [site_header(True, words), el("main", el("h1", words["site_title"]), search, jump, *docs),
            el("footer", words["site_index_footer"].format(site=SITE_NAME))]
    return skeleton(f"{words['site_rules']} · {SITE_NAME}", words["site_lang"], body,
                    scripts=(SEARCH_SCRIPT, "site.js"))


def _document_toc(graph: RuleGraph, plan: SitePlan, doc: str, pages: list[Page], words: Words) -> Element:
    """A document's sections (with their anchors) and the links to its pages, in document order."""
    info = graph.docs[doc]
    by_root = {p.root: p for p in pages if p.root}
    items: list[Element] = []
    chapters: Element | None = None  # the list of the section being filled
    for node in graph.in_doc(doc):
        if node.kind == SECTION:
            chapters = el("ul", cls="chapters")
            head = el("span", node_label(node), " ", node.title, cls="section-head", id=plan.anchors[node.ref])
            items.append(el("li", head, chapters, cls="section"))
        elif node.ref in by_root:
            link = el("li", el("a", page_title(graph, by_root[node.ref], words), href=by_root[node.ref].file))
            if chapters is not None and node.parent and graph.nodes[node.parent].kind == SECTION:
                chapters.append(link)
            else:
                items.append(link)
    items.extend(el("li", el("a", words["site_glossary"], href=p.file, lang=words["site_lang"]))
                 for p in pages if p.root is None)
    about = el("p", f"{info.language} · {info.edition}", cls="edition")
    return el("section", el("h2", info.title), about, el("ul", *items, cls="toc"), cls="document", id=doc,
              lang=info.language)
