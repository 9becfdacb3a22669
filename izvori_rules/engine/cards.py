"""The card library, ``corpus/cards.yaml``: a mapping from a card's English name to its object fields.

Each card may also carry ``names: {sr: ..., pt: ..., ru: ..., cs: ...}`` and ``ruleset: mtg|izvori|both``;
``card:`` in a scenario finds a card by any of its names (case and diacritics ignored). A scenario may add its
own cards under a top-level ``cards:`` key in the same shape; they are found first.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .keywords import fold
from .rulesets import corpus_root
from .yamlnodes import Y, load_yaml

CARDS_FILE = "cards.yaml"


class CardIndex:
    """Cards by every name they have."""

    def __init__(self, cards: dict[str, Y], source: str) -> None:
        self.source = source
        self.by_name: dict[str, Y] = {}
        for english, card in cards.items():
            self.by_name.setdefault(fold(english), card)
            names = card.value.get("names") if card.is_map else None
            if names is not None and names.is_map:
                for alias in names.value.values():
                    if alias.value is not None and not alias.is_map and not alias.is_seq:
                        self.by_name.setdefault(fold(str(alias.value)), card)

    def find(self, name: str) -> tuple[Y, str] | None:
        card = self.by_name.get(fold(name))
        return (card, self.source) if card is not None else None


EMPTY = CardIndex({}, "")


def card_library(root: Path | None = None) -> CardIndex:
    """The corpus card library (empty when the file does not exist yet)."""
    path = (root.resolve() if root is not None else corpus_root()) / CARDS_FILE
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return EMPTY
    return _load(path, stamp)


@lru_cache(maxsize=4)
def _load(path: Path, stamp: int) -> CardIndex:
    from .. import cache
    from .errors import ScenarioInvalid

    code = [cache.PACKAGE_DIR / "engine" / "yamlnodes.py", cache.PACKAGE_DIR / "engine" / "cards.py"]
    tree = cache.parsed("cards", path, code,
                        lambda: load_yaml(path.read_bytes(), str(path), max_bytes=4 * 1024 * 1024), _is_tree)
    assert isinstance(tree, Y)
    if not tree.is_map:
        raise ScenarioInvalid(f"{path}:{tree.line}: the card library must map card names to cards")
    return CardIndex(tree.value, str(path))


def _is_tree(tree: object) -> bool:
    """A cached card library is a mapping of Y nodes (verified before it is served)."""
    return isinstance(tree, Y) and (not tree.is_map or all(isinstance(v, Y) for v in tree.value.values()))


def local_cards(tree: Y | None, source: str) -> CardIndex:
    """A scenario's own ``cards:`` mapping."""
    if tree is None:
        return EMPTY
    return CardIndex(tree.value if tree.is_map else {}, source)
