"""English word families: ``corpus/english_word_families.tsv``, a verb and the noun or adjective made from it that
Snowball's English stemmer keeps apart, though a judge says either for the same act.

A judge asks about "a player's choice of a creature type" of the rule that says "If an effect instructs a player to
choose a subtype" (cr 205.3e), about the "production of mana" of "Mana is produced by the effects of mana abilities"
(cr 106.3), and the rules say "the player announces the mode choice" (cr 601.2b) as often as "chooses": the stemmer
makes ``choic`` and ``choos``, ``product`` and ``produc``. Unlike an irregular verb's forms (:mod:`.irregular`, one
term in the index), the members of a family stay their own terms: the derived word is not always the act (a
"choice" is also what was chosen), so search matches a plain query word's family at a reduced weight, beside the
word itself (:meth:`~izvori_rules.search.ranking.Ranker.variants`), as it matches an inflected language's other
forms of a word. (A word that names a concept is matched through the concept's terms, corpus/concepts.tsv: making
"choice" a term of *choose* moved the first answer of "when do I choose the value of X" from fourth to fifth.) The table is
read once, on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .stemming import normalize_word

FILE_NAME = "english_word_families.tsv"
COLUMNS = ("words", "note")


def parse_word_families(text: str, source: str = FILE_NAME) -> dict[str, tuple[str, ...]]:
    """Each member's English term → the other terms of its family; an empty row, a row whose words are one term
    (it would change nothing), or a term in two rows, is an error naming the cell."""
    families: dict[str, tuple[str, ...]] = {}
    for row in read_tsv(text, source, COLUMNS, required=("words",)):
        if not row["words"]:
            raise row.error("words", "empty")
        terms = list(dict.fromkeys(term for word in row["words"].split() if (term := normalize_word("en", word))))
        if len(terms) < 2:
            raise row.error("words", f"the words are one term {terms[0] if terms else ''!r}: the row changes nothing")
        for term in terms:
            if term in families:
                raise row.error("words", f"{term!r} is in a family of an earlier row")
            families[term] = tuple(other for other in terms if other != term)
    return families


@per_corpus
def load_word_families(root: Path | None = None) -> Mapping[str, tuple[str, ...]]:
    """The families of the corpus at ``root`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the English word families", root)
    return parse_word_families(*found) if found else {}
