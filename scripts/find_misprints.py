"""Candidates for corpus/misprints.tsv: spots of a document that look damaged and that no row mends yet. A finder,
not a judge: read each candidate in its sentence before adding a row (most words that cut into two words are real
compounds: безотносительно, небоевой, nadeklarována).

    PYTHONPATH=. python scripts/find_misprints.py ru-cr [cs-cr sr-judge ...]

Three kinds, each a general pattern rather than a list of words:

* ``joined``: a word printed at most twice, whose stem no other word of the document shares, that cuts into two of
  the document's own words (котораяфункционирует = которая + функционирует), or that has a capital inside
  (сБальзамированием);
* ``apart``: two words in a row whose join the document prints elsewhere, one of them rare (не сколькими);
* ``scripts``: a word of Cyrillic and Latin letters both (Cущество with a Latin C).

Spaces lost after punctuation (собственный.Исключением) are not listed: search cuts there anyway; look for them
with a regular expression when lookup's text matters.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterator

import snowballstemmer

from izvori_rules.corpus import load_manifest, read_document
from izvori_rules.misprints import corrected, load_misprints
from izvori_rules.model import ParsedNode
from izvori_rules.parsing import parser_module

_WORD = re.compile(r"[^\W\d_]+")
_CAPITAL_INSIDE = re.compile(r"[^\W\d_]*[a-zа-яё][A-ZА-ЯЁ][^\W\d_]*")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_LATIN = re.compile("[A-Za-z\u00c0-\u024f]")
_STEMMERS = {"ru": "russian", "cs": None, "sr": None}  # no Czech or Serbian Snowball stemmer: a word's first letters


def main(argv: list[str]) -> int:
    infos = {info.id: info for info in load_manifest()}
    misprints = load_misprints()
    for doc in argv:
        info = infos[doc]
        document = parser_module(info.parser).parse(read_document(info))
        nodes = corrected(document, misprints.get(doc, ())).nodes
        for kind, node_id, words in _candidates(nodes, _STEMMERS.get(info.language)):
            print(f"{doc}\t{node_id}\t{kind}\t{words}")
    return 0


def _candidates(nodes: tuple[ParsedNode, ...], language: str | None) -> Iterator[tuple[str, str, str]]:
    texts = [(node.id, words) for node in nodes for words in (node.title, node.text, *node.examples)]
    freq = Counter(word.lower() for _, words in texts for word in _WORD.findall(words))
    stemmer = snowballstemmer.stemmer(language) if language else None
    stem = stemmer.stemWord if stemmer else (lambda word: word[:max(4, len(word) - 2)])
    stems = Counter(stem(word) for word in freq)
    seen: set[str] = set()
    for node_id, words in texts:
        found = _WORD.findall(words)
        for word in found:
            key = word.lower()
            if key in seen:
                continue
            if _CYRILLIC.search(word) and _LATIN.search(word):
                seen.add(key)
                yield "scripts", node_id, word
            elif _CAPITAL_INSIDE.fullmatch(word) or (freq[key] <= 2 and stems[stem(key)] == 1 and _cuts(key, freq)):
                seen.add(key)
                yield "joined", node_id, word
        for first, second in zip(found, found[1:]):
            joined = (first + second).lower()
            if freq[joined] >= 2 and min(freq[first.lower()], freq[second.lower()]) <= 2 and joined not in seen:
                seen.add(joined)
                yield "apart", node_id, f"{first} {second}"


def _cuts(word: str, freq: Counter[str]) -> bool:
    """Whether ``word`` cuts into two words the document prints three times or more (a one-letter first part only
    if it is a common word: в, и, с, к)."""
    return len(word) >= 4 and any(
        freq[word[:i]] >= 3 and freq[word[i:]] >= 3 and (i > 1 or freq[word[:i]] > 100)
        for i in range(1, len(word) - 1))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
