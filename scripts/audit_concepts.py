"""Audit the concept table's terms in the translations through their English originals (a signal owing nothing
to any query): for every concept, the English rules whose words say it (its English terms), the translated
rules linked to them in corpus/originals.tsv, and those of them in which none of the concept's terms in that
language is found (see izvori_rules/originals/coverage.py).

    PYTHONPATH=. python scripts/audit_concepts.py                       # coverage per document
    PYTHONPATH=. python scripts/audit_concepts.py --doc cs-cr           # ... and per concept, most misses first
    PYTHONPATH=. python scripts/audit_concepts.py --doc cs-cr --misses  # ... with every miss and its text
    PYTHONPATH=. python scripts/audit_concepts.py --doc ru-cr --concept cast --misses --extra

``--extra`` lists the reverse: translated rules that say the concept where their English original does not (a
term too broad). ``--words`` shows, per concept, the words most of its misses share and its covered rules do not
(by stem; the candidates to read for). A miss is a word the table lacks or an English term said only in passing:
read the text.

``--glossary`` lists instead the glossary headwords of today's English CR (doc cr) and of ru-cr (by the English
headword it prints beside the Russian one) that no concept names: no row lists the entry in its glossary column
and no English term of a row is the headword, or one of its comma-separated parts ("Kicker, Kicked"), read with
and without its remarks in parentheses (``Casting Cost (Obsolete)``). Each line gives the ru-cr entry of the same
English headword, when there is one (a ready English-Russian pair), and the entry's first words.

    PYTHONPATH=. python scripts/audit_concepts.py --glossary

``--listings`` checks the table's rules column instead (search ranks a listed rule first for every query naming the
concept, so a wrong number reaches every such query): each listed rule whose heading, text and English original
name neither the concept nor a narrower one ("name"; a renumbering slip between the CR of 2003, 2006 or 2019 and
today's, as ru-cr 400.11 for outside the game, which is today's 400.12), and each rule of another of cs-cr, ru-cr
and sr-judge that renders the same rule of today's CR as a listed one and is not listed ("twin": an equivalent the
table lacks, or a listing of a rule that only names the concept in passing). Read each in the documents.

    PYTHONPATH=. python scripts/audit_concepts.py --listings
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from izvori_rules.corpus import corpus_dir
from izvori_rules.cr_releases import release_text
from izvori_rules.errors import IzvoriError
from izvori_rules.graph_cache import load_graph
from izvori_rules.history.family import cr_folder
from izvori_rules.model import Node, ParsedNode
from izvori_rules.originals.coverage import Coverage, Pair, audit, totals
from izvori_rules.originals.link import whole_text
from izvori_rules.parsing import cr_english
from izvori_rules.text.concepts import load_concepts
from izvori_rules.text.concepts import Concept, ConceptTable
from izvori_rules.text.matching import ConceptMatcher
from izvori_rules.text.stemming import field_language, normalize_word

DOCS = ("cs-cr", "ru-cr", "sr-judge")
GLOSSARY_DOCS = ("cr", "ru-cr")  # the glossaries --glossary lists: today's English CR, and ru-cr's English headwords
WORDS = 6  # how many shared words --words shows per concept
_WORD = re.compile(r"\w+")


def linked_pairs(docs: Sequence[str] = DOCS) -> Iterator[Pair]:
    """Every node of the documents that has an English original, with both texts."""
    graph = load_graph()
    folder = cr_folder()
    english: dict[str, dict[str, ParsedNode]] = {}
    for doc in docs:
        for node in graph.in_doc(doc):
            original = node.original
            if original is None or not original.id:
                continue
            if original.release not in english:
                parsed = cr_english.parse(release_text(original.release, folder))
                english[original.release] = {n.id: n for n in parsed.nodes}
            source = english[original.release].get(original.id)
            if source is None:
                continue
            yield Pair(node.ref, doc, node.lang, whole_text(node.title, node.text, ()), " ".join(node.examples),
                       f"{original.release}:{original.id}", whole_text(source.title, source.text, ()),
                       " ".join(source.examples))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doc", choices=DOCS, help="one document: its concepts and (with --misses) the rules")
    parser.add_argument("--concept", action="append", default=[], help="only this concept (may repeat)")
    parser.add_argument("--misses", action="store_true", help="list every miss with the translated text")
    parser.add_argument("--extra", action="store_true", help="list the translated rules the English lacks it in")
    parser.add_argument("--words", action="store_true", help="the words the misses share (candidates to read for)")
    parser.add_argument("--glossary", action="store_true", help="list the glossary headwords no concept names")
    parser.add_argument("--listings", action="store_true", help="check the rules column (see the docstring)")
    parser.add_argument("--width", type=int, default=240, help="characters of a text to print (0: all)")
    args = parser.parse_args(argv)
    table = load_concepts(corpus_dir() / "concepts.tsv")
    if args.glossary:
        return print_uncovered(ConceptMatcher(table), args.width)
    if args.listings:
        return print_listings(table, args.width)
    unknown = [c for c in args.concept if c not in table]
    if unknown:
        parser.error(f"no concept {unknown[0]!r} in the concept table")
    try:
        pairs = list(linked_pairs((args.doc,) if args.doc else DOCS))
    except IzvoriError as exc:
        print(f"audit_concepts: {exc}", file=sys.stderr)
        return 1
    rows = audit(pairs, ConceptMatcher(table))
    background = Counter(stem for pair in pairs for stem in {s for s, _ in stems_of(pair)})
    for doc, (linked, covered) in totals(rows).items():
        print(f"{doc:<9} linked {linked:>6}  covered {covered:>6}  share {covered / max(linked, 1):.3f}")
    if args.doc:
        chosen = [r for r in rows if not args.concept or r.concept in args.concept]
        for row in sorted(chosen, key=lambda r: (-len(r.misses), r.concept)):
            print_row(row, args, background, len(pairs))
    return 0


def print_uncovered(matcher: ConceptMatcher, width: int) -> int:
    """The glossary entries of GLOSSARY_DOCS that no concept names (see the module docstring), one a line."""
    graph = load_graph()
    entries = {doc: [n for n in graph.in_doc(doc) if n.id.startswith("glossary:")] for doc in GLOSSARY_DOCS}
    russian = {node.english: node for node in entries["ru-cr"]}
    english = {node.title for node in entries["cr"]}
    for doc, nodes in entries.items():
        pairs = {n.ref: russian.get(n.title) if doc == "cr" else n for n in nodes}
        uncovered = [n for n in nodes if not covered(matcher, n, pairs[n.ref])
                     and (doc == "cr" or n.english not in english)]
        print(f"{doc:<9} glossary {len(nodes):>4}  no concept {len(uncovered):>4}")
        for node in uncovered:
            pair = pairs[node.ref]
            beside = f"  [ru-cr: {pair.title}]" if pair is not None else ""
            print(f"    {node.english or node.title}{beside}  {cut(node.text, width)}")
    return 0


def print_listings(table: ConceptTable, width: int) -> int:
    """The listings of the rules column to read (see the module docstring), one a line: ``name`` or ``twin``,
    the concept, the listed rule (and the unlisted twin) and the text."""
    graph = load_graph()
    matcher = ConceptMatcher(table)
    narrower: dict[str, set[str]] = {}
    for concept in table:
        for other in concept.broader:
            narrower.setdefault(other, set()).add(concept.id)
    twins: dict[str, list[Node]] = {}
    for node in graph.nodes.values():
        if node.doc in DOCS and node.today is not None and node.today.ref:
            twins.setdefault(node.today.ref, []).append(node)
    for concept in table:
        wanted = {concept.id, *narrower.get(concept.id, ())}
        for ref in concept.rules:
            node = graph.nodes[ref]
            if not wanted & names(matcher, concept, node):
                print(f"name  {concept.id:<26} {ref:<18} {cut(node.title + ' ' + node.text, width)}")
            for twin in twins.get(node.today.ref, []) if node.today is not None and node.today.ref else []:
                if twin.doc != node.doc and twin.ref not in concept.rules:
                    print(f"twin  {concept.id:<26} {ref:<18} -> {twin.ref:<18} {cut(twin.text, width)}")
    return 0


def names(matcher: ConceptMatcher, concept: Concept, node: Node) -> set[str]:
    """The concepts a listed node names: by its heading, in its text (when the concept has terms in the node's
    language), or in the English rule it renders."""
    lang = field_language(node.lang)
    found = set(matcher.named_by(node))
    if concept.terms_in(lang):
        found.update(matcher.used(lang, f"{node.title} {node.text} {node.english}"))
    if node.original is not None and node.original.text:
        found.update(matcher.used("en", node.original.text))
    return found


def covered(matcher: ConceptMatcher, node: Node, russian: Node | None) -> bool:
    """Whether a concept lists the glossary entry or ru-cr's entry of the same English headword (``russian``), or
    names its headword or one of its comma-separated parts."""
    if matcher.listing(node) or matcher.named_by(node) or (russian is not None and matcher.listing(russian)):
        return True
    headword = node.english or node.title
    return any(matcher.named_by(replace(node, title=part.strip(" “”\"'"), flags=()))
               for part in headword.split(", "))


def print_row(row: Coverage, args: argparse.Namespace, background: Counter[str], size: int) -> None:
    """One concept's line, then its misses and extras when asked for."""
    flag = "" if row.has_terms else "  (no term in this language)"
    print(f"{row.concept:<28} linked {row.linked:>4} covered {row.covered:>4} share {row.share:.2f} "
          f"misses {len(row.misses):>4} extra {len(row.extra):>4}{flag}")
    if args.words and row.misses:
        print("    words " + ", ".join(f"{form} {n}" for form, n in shared_words(row.misses, background, size)))
    shown = ((args.misses, "miss", row.misses), (args.extra, "extra", row.extra))
    for wanted, label, pairs in shown:
        if wanted:
            for pair in pairs:
                text = f"{pair.text} {pair.examples}".strip()
                print(f"    {label:<5} {pair.ref:<16} <- {pair.original:<20} {cut(text, args.width)}")


def shared_words(misses: Sequence[Pair], background: Counter[str], size: int) -> list[tuple[str, int]]:
    """The stems the missed rules say more often than the document's rules at large (``background``: in how
    many of its ``size`` rules each stem is), each shown by its commonest form with the count of misses."""
    rules: Counter[str] = Counter()
    forms: dict[str, Counter[str]] = {}
    for pair in misses:
        for stem, word in stems_of(pair):
            forms.setdefault(stem, Counter())[word] += 1
        rules.update({stem for stem, _ in stems_of(pair)})
    excess = {stem: n - len(misses) * background[stem] / size for stem, n in rules.items() if n > 1}
    best = sorted(excess, key=lambda stem: -excess[stem])[:WORDS]
    return [(forms[stem].most_common(1)[0][0], rules[stem]) for stem in best]


def stems_of(pair: Pair) -> list[tuple[str, str]]:
    """The (stem, word) pairs of a translated rule's words longer than three letters."""
    found = []
    for word in _WORD.findall(f"{pair.text} {pair.examples}".lower()):
        stem = normalize_word(pair.lang, word)
        if stem and len(word) > 3:
            found.append((stem, word))
    return found


def cut(text: str, width: int) -> str:
    """The text on one line, at most ``width`` characters (all of it for 0)."""
    text = " ".join(text.split())
    return text if not width or len(text) <= width else text[:width - 1] + "…"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
