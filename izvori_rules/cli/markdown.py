"""``--markdown``: answers that paste cleanly into Discord and Telegram (bold headings, lists, references as code
or, given ``--base-url``, as links to the offline rulebook's anchors of :mod:`izvori_rules.export.html_plan`).

Text from the documents, from files and from the command line is escaped, so that ``*``, ``_`` or ``[`` in it stay
characters, a line it starts with ``- `` or ``1. `` stays a line rather than a list item, a mention (``@everyone``,
``@here``, ``<@123…>``) pings no one, and control characters are made visible (:func:`.terminal.plain`)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .terminal import plain

if TYPE_CHECKING:
    from ..engine.result import ScenarioResult
    from ..graph import RuleGraph
    from ..lookup import LookupAnswer
    from ..search.searcher import SearchResult
    from ..text.concepts import ConceptMatch

_SPECIAL = re.compile(r"([\\`*_~|\[\]<>#])")
# A line that starts with "- " or "+ " is a list item to Discord and Telegram, and one that starts with "1. " a
# numbered one: the mark escaped, as discord.js's escapeBulletedList and escapeNumberedList do.
_BULLET = re.compile(r"^([ \t]*)([-+])(?= )", re.MULTILINE)
_NUMBERED = re.compile(r"^([ \t]*\d+)\.(?= )", re.MULTILINE)
# What Discord pings when a message says it (@everyone, @here, a user's <@123…> or <@!123…>, a role's <@&123…>): a
# zero-width space after the @ keeps the words and drops the ping, as discord.py's utils.escape_mentions does.
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")
ZERO_WIDTH_SPACE = "\u200b"
# An address a chat client makes a link of: http, https or file, and nothing that ends a Markdown link target
# early or runs another link into it (spaces, brackets, quotes, backslashes, control characters).
_BASE_URL = re.compile(r"(?:https?|file)://[^\s()<>\[\]\\`\"\x00-\x1f\x7f]+", re.IGNORECASE)
Linker = Callable[[str], str]


def usable_base_url(url: str) -> bool:
    """Whether ``--base-url`` can be written into a Markdown link as given (``javascript:...`` and
    ``http://x/)](http://evil`` cannot)."""
    return _BASE_URL.fullmatch(url) is not None


def escape(text: str) -> str:
    """Text with Markdown's special characters and list marks escaped, its mentions made silent and its control
    characters made visible."""
    marked = _SPECIAL.sub(r"\\\1", plain(text))
    return _silent(_NUMBERED.sub(r"\1\\.", _BULLET.sub(r"\1\\\2", marked)))


def code(text: str) -> str:
    """Text as inline code (where nothing is escaped): fenced by one backtick more than its longest run of them,
    with a space inside where it starts or ends with one (CommonMark's rule, which Discord follows), its mentions
    made silent and its control characters made visible."""
    text = _silent(plain(text))
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _silent(text: str) -> str:
    return _MENTION.sub(f"@{ZERO_WIDTH_SPACE}\\1", text)


def write(text: str) -> None:
    sys.stdout.write(text.rstrip("\n") + "\n")


def linker(base_url: str | None, graph: RuleGraph | None = None) -> Linker:
    """How a reference is written: ``[ref](URL/page.html#anchor)`` under a base address (when the rule is in the
    rulebook), else as inline code."""
    if not base_url:
        return code
    from ..export.html_plan import plan_site

    if graph is None:
        from .common import load_graph

        graph = load_graph()
    plan, base = plan_site(graph), base_url.rstrip("/")

    def link(ref: str) -> str:
        if ref not in plan.page_of:
            return code(ref)
        return f"[{ref}]({base}/{plan.page_of[ref]}#{plan.anchors[ref]})"

    return link


def _refs(refs: Iterable[str], link: Linker) -> str:
    return ", ".join(link(r) for r in refs)


def scenario_markdown(result: ScenarioResult, lang: str, own: str, also: dict[str, tuple[str, ...]],
                      base_url: str | None) -> str:
    """A scenario's answer: title, question, the answer, expectations, then the numbered steps with their rules."""
    from ..messages import labels
    from .scenario_answer import answer_lines, expectation_lines

    words, link = labels(lang), linker(base_url)
    out = [f"**{escape(result.scenario)}** ({escape(result.ruleset)})"]
    if result.question:
        out.append(f"> {escape(result.question)}")
    out += ["", f"**{words['answer']}**"]
    out += [f"- {escape(label)}: {escape(value)}" for label, value in answer_lines(result, lang)]
    if result.expectations:
        out += ["", f"**{words['expect']}**"]
        out += [f"- {'✅' if ok else '❌'} {escape(text)}" for ok, text in expectation_lines(result, lang)]
    out += ["", f"**{words['steps']}**"]
    for n, step in enumerate(result.steps, 1):
        rules = [r for r in step.rules if not own or r.startswith(own + ":")]
        line = f"{n}. {escape(step.text)}" + (f" — {_refs(rules, link)}" if rules else "")
        others = sorted({e for r in step.rules for e in also.get(r, ())})
        out.append(line + (f" (≡ {_refs(others, link)})" if others else ""))
    return "\n".join(out)


def lookup_markdown(graph: RuleGraph, answers: tuple[LookupAnswer, ...], base_url: str | None,
                    words: dict[str, str]) -> str:
    """Each rule: its reference (linked), breadcrumb, text, examples in the document's own word, references;
    the tool's own sentences in ``words`` (the judge's ``[LANG.lookup]`` messages)."""
    from ..messages import example_word

    link, out = linker(base_url, graph), []
    for answer in answers:
        if not answer.nodes and answer.is_word:
            out.append(words["word"].format(query=f"_{escape(answer.query)}_") + " " + words["try"] + " "
                       + ", ".join([link(g) for g in answer.glossary] + [code(f"izvori-judge define {answer.query}"),
                                                                          code(f"izvori-judge search {answer.query}")]))
        elif not answer.nodes:
            out.append(words["no_rule"].format(query=escape(repr(answer.query))))
        for node in answer.nodes:
            where = answer.graph or graph  # one English release is a graph of its own (the history store)
            crumbs = " › ".join(f"{n.id} {n.title}".strip() for n in where.breadcrumb(node.ref)[:-1])
            out += [f"**{link(node.ref)}**" + (f" — _{escape(crumbs)}_" if crumbs else ""), escape(node.text)]
            word = example_word(node.lang)
            for i, example in enumerate(node.examples, 1):
                number = f" {i}" if len(node.examples) > 1 else ""
                out.append(f"> _{escape(word)}{number}:_ {escape(example)}")
            if node.cites:
                out.append(f"→ {_refs(node.cites, link)}")
            if node.equivalents:
                out.append(f"≡ {_refs([e.ref for e in node.equivalents], link)}")
            out.append("")
    return "\n".join(out)


def search_markdown(graph: RuleGraph, result: SearchResult, base_url: str | None, nothing: str, lang: str) -> str:
    """What the rich answer shows, in the same order (issue 10: the concepts and definitions above the list): the
    concepts the query named, the cards it named, each concept's definitions (every document's glossary entry,
    linked), then the hits as a numbered list: reference (linked) and snippet with the matched words in bold;
    without hits, ``nothing`` (the judge's words for it, :func:`.search_view.nothing_found`). The labels are in the
    judge's ``lang`` (``[LANG.search]``)."""
    from ..messages import keyword_names, section

    words, link = section(lang, "search"), linker(base_url, graph)
    out = []
    if result.concepts:
        names = keyword_names(result.concepts, lang)
        out.append(f"_{escape(words['concepts'])}:_ {escape(names)}")
    for mention in result.cards:
        typed = f"{escape(mention.typed)} = " if mention.renamed else ""
        about = keyword_names(mention.card.concepts, lang)
        out.append(f"_{escape(words['card'])}:_ {typed}**{escape(mention.card.name)}** → {escape(about)}")
    for definition in result.definitions:
        out.append(f"**{escape(words['definition'])}: {escape(definition.term)}** ({escape(definition.concept)})")
        out += [f"- {link(entry.ref)} — {escape(entry.text)}" for entry in definition.entries]
    if out:
        out.append("")
    if not result.hits:
        return "\n".join([*out, escape(nothing)])
    for n, hit in enumerate(result.hits, 1):
        text, spans, pieces, at = hit.snippet.text, sorted(hit.snippet.spans), [], 0
        for start, end in spans:
            if start < at:
                continue
            pieces += [escape(text[at:start]), f"**{escape(text[start:end])}**"]
            at = end
        pieces.append(escape(text[at:]))
        out.append(f"{n}. {link(hit.ref)} — {''.join(pieces)}")
    return "\n".join(out)


def define_markdown(match: ConceptMatch, texts: dict[str, str], base_url: str | None, words: dict[str, str]) -> str:
    """Each concept: its terms per language, then its rules and glossary entries with their first lines; its kind
    and the languages named in the judge's ``words`` (``[LANG.define]``)."""
    link = linker(base_url) if base_url else linker(None)
    out = []
    for concept in match.concepts:
        out.append(f"**{escape(concept.id)}** ({escape(words.get(f'kind_{concept.kind}', concept.kind))})")
        out += [f"- {escape(words.get(f'lang_{lang}', lang))}: {escape(', '.join(terms))}"
                for lang, terms in concept.terms if terms]
        for ref in (*concept.rules, *concept.glossary):
            out.append(f"- {link(ref)}" + (f" — {escape(texts[ref])}" if texts.get(ref) else ""))
        out.append("")
    return "\n".join(out)
