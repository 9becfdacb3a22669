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
    from .errors import ScenarioInvalid

    tree = _cached_tree(path)
    if tree is None:
        tree = load_yaml(path.read_bytes(), str(path), max_bytes=4 * 1024 * 1024)
        _store_tree(path, tree)
    if not tree.is_map:
        raise ScenarioInvalid(f"{path}:{tree.line}: the card library must map card names to cards")
    return CardIndex(tree.value, str(path))


# The parsed library is kept in the cache folder, keyed by the file's bytes and the reader's code, so that a
# cold `scenario run` reads a pickle instead of composing 100 KB of YAML (and converting it node by node).

def _cache_path(path: Path) -> Path | None:
    from .. import cache

    code = [cache.PACKAGE_DIR / "engine" / "yamlnodes.py", cache.PACKAGE_DIR / "engine" / "cards.py"]
    try:
        key = cache.stamped_key("cards", [path, *code],
                                lambda: cache.hash_files([path], path.parent) + cache.hash_files(code, cache.PACKAGE_DIR))
    except OSError:
        return None
    return cache.cache_dir() / f"cards-{key}.pickle"


def _cached_tree(path: Path) -> Y | None:
    """The pickled tree, verified: a (source, tree) pair for this file whose tree is a mapping of Y nodes."""
    import pickle

    from .. import cache

    where = _cache_path(path)
    raw = cache.read_bytes(where) if where is not None else None
    if raw is None:
        return None
    try:
        source, tree = pickle.loads(raw)  # noqa: S301 - our own cache file, keyed by the content hash
    except Exception:  # noqa: BLE001 - a damaged cache is rebuilt
        return None
    ok = source == str(path) and isinstance(tree, Y) and tree.is_map
    return tree if ok and all(isinstance(v, Y) for v in tree.value.values()) else None


def _store_tree(path: Path, tree: Y) -> None:
    import pickle

    from .. import cache

    where = _cache_path(path)
    if where is not None:
        cache.write_atomic(where, pickle.dumps((str(path), tree), protocol=pickle.HIGHEST_PROTOCOL))


def local_cards(tree: Y | None, source: str) -> CardIndex:
    """A scenario's own ``cards:`` mapping."""
    if tree is None:
        return EMPTY
    return CardIndex(tree.value if tree.is_map else {}, source)
