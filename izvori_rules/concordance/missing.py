"""What a document lacks: rules its original has but it does not print, and text lost to truncation.

A judge who types ``ru-cr:302.6`` should learn that the Russian translation simply lacks the summoning
sickness rule of the English 3 May 2019 text (and where the other documents say it), not just "no rule";
one who types ``cs-cr:704.5a`` should learn that the Czech text stops inside 400.1. The first kind is data,
``corpus/missing_rules.tsv`` (read here, reporting file, line and column); the second comes from the graph:
a document whose manifest lists a truncation has one node flagged ``truncated``, and every number after it
is lost.

This runs on ``lookup``'s cold path, so it reads one small file and decodes only the nodes it must.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..corpus import read_table
from ..graph import RuleGraph
from ..model import make_ref, split_ref
from ..originals.releases import release_of
from ..tsv import read_tsv

FILE_NAME = "missing_rules.tsv"
COLUMNS = ("doc", "id", "title", "equivalents", "note")
LANGUAGE_NAMES = {"ru": "Russian", "cs": "Czech", "sr": "Serbian", "pt": "Portuguese", "en": "English"}
_CR_ID = re.compile(r"(\d{3})(?:\.(\d{1,3})([a-z]?))?")


@dataclass(frozen=True, slots=True)
class MissingRule:
    """One row of ``missing_rules.tsv``: a rule of the original that ``doc`` does not have."""

    doc: str
    id: str
    title: str
    equivalents: tuple[str, ...] = ()
    note: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Notice:
    """What ``lookup`` says about a rule a document lacks. ``kind`` is ``missing`` or ``truncated``; ``values``
    fill its message, ``notice_<kind>`` of ``messages.toml``'s ``[LANG.lookup]`` (:meth:`say`)."""

    doc: str
    id: str
    kind: str
    values: tuple[tuple[str, str], ...]
    title: str = ""
    equivalents: tuple[str, ...] = ()
    english: str = ""  # the English rule the document lacks (``cr-2019-05-03:302.6``), shown in its place

    def say(self, words: dict[str, str]) -> str:
        """The notice in ``words``, a language's ``[LANG.lookup]``: what is lacking, why (a row's note, in
        English as the table has it) and where the same rule is."""
        values = dict(self.values)
        said = words[f"notice_{self.kind}"].format(doc=self.doc, id=self.id, **values)
        if values.get("note"):
            said += words["notice_why"].format(note=values["note"])
        if self.equivalents:
            said += words["notice_elsewhere"].format(refs=", ".join(self.equivalents))
        return said

    @property
    def message(self) -> str:
        """The notice in English (the JSON's ``message``)."""
        from ..messages import section

        return self.say(section("en", "lookup"))


def parse_missing(text: str, source: str = FILE_NAME) -> tuple[MissingRule, ...]:
    """Parse the TSV text (``#`` comment lines, a header row naming every column, one rule a row)."""
    rows: list[MissingRule] = []
    for row in read_tsv(text, source, COLUMNS):
        if not row["doc"] or not row["id"] or " " in row["id"]:
            raise row.error("id", f"{row['id']!r} is not a rule number")
        if not row["title"]:
            raise row.error("title", "empty")
        refs = tuple(row["equivalents"].split())
        bad = [ref for ref in refs if ":" not in ref or split_ref(ref)[0] == row["doc"]]
        if bad:
            raise row.error("equivalents", f"{bad[0]!r} is not a ref in another document")
        rows.append(MissingRule(row["doc"], row["id"], row["title"], refs, row["note"], row.line))
    return tuple(rows)


def load_missing(root: Path | None = None) -> tuple[MissingRule, ...]:
    """The rows of the corpus's ``missing_rules.tsv`` (none when the corpus has no such file)."""
    found = read_table(FILE_NAME, "the list of missing rules", root)
    return parse_missing(*found) if found is not None else ()


def notices_for_query(graph: RuleGraph, query: str, rows: tuple[MissingRule, ...]) -> tuple[Notice, ...]:
    """Notices for a reference that matched nothing: a listed missing rule, or a number lost to truncation.

    ``ru-cr:302.6`` names its document; a bare ``302.6`` is looked up in every document.
    """
    text = query.strip().rstrip(".")
    doc, node_id = split_ref(text) if ":" in text and split_ref(text)[0] in graph.docs else ("", text)
    found = [_missing_notice(graph, row) for row in rows if row.id == node_id and doc in ("", row.doc)]
    if found:
        return tuple(found)
    docs = [doc] if doc else list(graph.docs)
    return tuple(notice for d in docs if (notice := _truncation_notice(graph, d, node_id)) is not None)


def notices_for_node(graph: RuleGraph, ref: str, rows: tuple[MissingRule, ...]) -> tuple[Notice, ...]:
    """Notices for a rule that exists: the documents that lack its equivalent (``sr-judge:B12.34`` → ru-cr
    lacks 302.6)."""
    return tuple(_missing_notice(graph, row) for row in rows if ref in row.equivalents)


def _missing_notice(graph: RuleGraph, row: MissingRule) -> Notice:
    info = graph.docs.get(row.doc)
    language = LANGUAGE_NAMES.get(info.language, info.language) if info else ""
    values = (("language", language), ("edition", info.edition if info else ""), ("title", row.title.rstrip(".")),
              ("note", row.note.rstrip(".")))
    release = release_of(info.translates) if info else None
    return Notice(row.doc, row.id, "missing", values, row.title, row.equivalents,
                  f"cr-{release}:{row.id}" if release else "")


def _truncation_notice(graph: RuleGraph, doc: str, node_id: str) -> Notice | None:
    """A notice when ``doc`` is truncated and ``node_id`` (an old-style number) would come after the cut, and
    a document (its own table of contents, or another edition) has the chapter of that number (420 for
    420.5d), so that the copy can be said to have lost the rule: 999.999z was never in any edition."""
    info = graph.docs.get(doc)
    wanted = _key(node_id)
    if info is None or wanted is None or not any("truncat" in defect for defect in info.defects):
        return None
    cut = next((node for node in reversed(list(graph.in_doc(doc)))
                if any(flag.kind == "truncated" for flag in node.flags)), None)
    cut_key = _key(cut.id) if cut else None
    if cut is None or cut_key is None or wanted <= cut_key:
        return None
    chapter = node_id.partition(".")[0]
    if not any(make_ref(d, chapter) in graph.nodes for d in graph.docs):
        return None  # no document has such a rule (999.999z): nothing says the cut copy lost one
    return Notice(doc, node_id, "truncated", (("title", info.title), ("cut", cut.id)))


def _key(node_id: str) -> tuple[int, int, str] | None:
    match = _CR_ID.fullmatch(node_id)
    if not match:
        return None
    return int(match.group(1)), int(match.group(2) or 0), match.group(3) or ""
