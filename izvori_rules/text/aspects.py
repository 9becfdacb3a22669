"""Russian aspect pairs: ``corpus/russian_aspect_pairs.tsv``, a verb's imperfective and perfective whose stems
Snowball's Russian stemmer leaves apart.

A judge types either aspect, and the rules print one: "могу ли я посмотреть" asks ru-cr 707.5 "вы можете
смотреть перманенты ... рубашкой вверх", "сработали" (603.3b) meets 603.2b's "срабатывают"... The stemmer makes
them ``посмотрет`` and ``смотрет``, ``срабатыва`` and ``сработа``: the same stem but for the root (the form without
its ending, ``посмотр``, ``срабатыв``). So a stem that starts with a listed root gets its family's root instead
(``смотр``, ``сработ``), the rest kept: ``посмотрет`` is ``смотрет``, ``срабатыва`` ``сработа``. Only when what
follows the root is what a verb ending leaves (:data:`_TAIL`), so ``термин`` is no form of ``терять``.
Rows sharing a root are one family (платить, заплатить, оплатить). An -ать/-ять imperfective beside an -ить
perfective keeps its theme vowel in every stem (``уничтожа`` of "уничтожается", ru-cr 119.5; ``предотвраща`` of
"щит не предотвращает", 615.9) where the perfective has none (``уничтож`` of "Чтобы уничтожить перманент", 701.7a;
``предотврат`` of "нельзя предотвратить", 615.12), so its root with the vowel is a root of the family too
(:func:`theme_roots`), and so is an -ировать verb's root short of -ова- (:func:`ir_roots`). :mod:`.stemming` folds
every Russian stem (documents, queries and concept terms alike), so both sides meet; the table is read once, on first
use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..corpus import per_corpus, read_table
from ..tsv import read_tsv
from .folding import fold

FILE_NAME = "russian_aspect_pairs.tsv"
COLUMNS = ("imperfective", "perfective")
MIN_ROOT = 3  # a shorter root ("д" of дать) starts too many other words to fold safely
# The ending a form's root is the form without: an infinitive's (with its theme vowel) or a third person's.
_ENDING = re.compile(r"(?:[аяеиоуы]?ть|ти|чь|[еиуюая]т)$")
_INFINITIVE = re.compile(r"(?:ть|ти|чь)$")
_REFLEXIVE = re.compile(r"(?:ся|сь)$")
_THEME_INFINITIVE = re.compile(r"[ая]ть$")  # an imperfective whose stems keep the theme vowel (see theme_roots)
_INFINITIVE_I = re.compile(r"ить$")
_IR_INFINITIVE = re.compile(r"(?<=ир)овать$")  # an -ировать verb (see ir_roots)
# What a Russian Snowball stem keeps of a verb form after its root: up to two vowels (theme, participle),
# then up to two of the consonants verb endings leave (сработ|а, указ|ан, нанос|им, посмотр|ет, бр|ал).
_TAIL = re.compile(r"[аяеиоуыю]{0,2}[тлнвшмщ]{0,2}")


@dataclass(frozen=True, slots=True)
class AspectFolding:
    """Each verb root's family root, and the roots' lengths longest first (a stem's longest root decides)."""

    families: Mapping[str, str]
    sizes: tuple[int, ...]

    def __call__(self, stem: str) -> str:
        """The stem with its root made its family's (see the module's docstring) if it is a listed verb's
        form, else as it is."""
        found = self.root_of(stem)
        return stem if found is None else self.families[found] + stem[len(found):]

    def root_of(self, stem: str) -> str | None:
        """The listed root the stem is a form of (the longest that fits), or None."""
        for size in self.sizes:
            if stem[:size] in self.families and _TAIL.fullmatch(stem, size):
                return stem[:size]
        return None


def root(form: str) -> str:
    """A form's root: without ``ся``/``сь`` and its ending, keeping the theme vowel when the root would be
    shorter than :data:`MIN_ROOT` (``взять`` → ``взя``)."""
    word = _REFLEXIVE.sub("", fold(form))
    shorter = _ENDING.sub("", word)
    return shorter if len(shorter) >= MIN_ROOT else _INFINITIVE.sub("", word)


def theme_roots(imperfective: list[str], perfective: list[str]) -> list[str]:
    """For an -ать/-ять imperfective beside an -ить perfective (уничтожать/уничтожить, предотвращать/предотвратить),
    the imperfective's root with its theme vowel (уничтожа, предотвраща): the stemmer keeps the vowel in every form
    of the imperfective and the perfective has none, so the vowel is read as part of a root of the family."""
    if not any(_INFINITIVE_I.search(fold(form)) for form in perfective):
        return []
    return [word[:-2] for word in map(fold, imperfective) if _THEME_INFINITIVE.search(word)]


def ir_roots(forms: list[str]) -> list[str]:
    """An -ировать verb's root short of -ова- (копировать, скопировать: копир, скопир): :func:`.russian.russian_stem`
    cuts the infinitive and the past there ("скопировал" скопир) and Snowball the present ("скопирует" скопир), so
    most of its stems never start with the infinitive's root (скопиров) and the two aspects never met (706.10
    "Скопировать заклинание" and 706.2 "Когда копируется объект")."""
    return [word[:found.start()] for word in map(fold, forms) if (found := _IR_INFINITIVE.search(word))]


def parse_aspect_pairs(text: str, source: str = FILE_NAME) -> AspectFolding:
    """The folding the table describes; an empty cell, a form whose root is shorter than :data:`MIN_ROOT`, or a
    row whose forms share one root (it would change nothing), is an error naming the cell."""
    parent: dict[str, str] = {}

    def find(key: str) -> str:
        while parent[key] != key:
            key = parent[key]
        return key

    for row in read_tsv(text, source, COLUMNS):
        roots = []
        for column in COLUMNS:
            if not row[column]:
                raise row.error(column, "empty")
            for form in row[column].split():
                if len(root(form)) < MIN_ROOT:
                    raise row.error(column, f"{form!r}: its root {root(form)!r} is too short to fold safely")
                roots.append(root(form))
        roots += theme_roots(row[COLUMNS[0]].split(), row[COLUMNS[1]].split())
        roots += ir_roots(row[COLUMNS[0]].split() + row[COLUMNS[1]].split())
        if len(set(roots)) == 1:
            raise row.error("perfective", f"the two verbs share the root {roots[0]!r}: the row changes nothing")
        for found in roots:
            parent.setdefault(found, found)
            first, other = sorted((find(roots[0]), find(found)), key=lambda r: (len(r), r))
            parent[other] = first
    families = {found: find(found) for found in parent}
    return AspectFolding(families, tuple(sorted({len(r) for r in families}, reverse=True)))


@per_corpus
def load_aspect_pairs(root_dir: Path | None = None) -> AspectFolding:
    """The folding of the corpus at ``root_dir`` (the installed one if None); none when it has no table."""
    found = read_table(FILE_NAME, "the Russian aspect pairs", root_dir)
    return parse_aspect_pairs(*found) if found else AspectFolding({}, ())
