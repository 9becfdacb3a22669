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


class _Packed:
    """The library as its cache keeps it: each card pickled on its own, with the names that find it, so that a
    scenario unpickles only the cards it names."""

    def __init__(self, tree: Y) -> None:
        import pickle

        self.line = tree.line
        self.names: dict[str, str] = {}
        self.blobs: dict[str, bytes] = {}
        for english, card in (tree.value.items() if tree.is_map else ()):
            self.blobs[english] = pickle.dumps(card, protocol=pickle.HIGHEST_PROTOCOL)
            for alias in CardIndex({english: card}, "").by_name:
                self.names.setdefault(alias, english)
        self.is_map = tree.is_map


class _LazyIndex(CardIndex):
    """A :class:`CardIndex` over a packed library; a card read back must be a mapping node (verified)."""

    def __init__(self, packed: _Packed, source: str) -> None:
        self.source = source
        self.packed = packed
        self.by_name = {}

    def find(self, name: str) -> tuple[Y, str] | None:
        import pickle

        english = self.packed.names.get(fold(name))
        if english is None:
            return None
        card = self.by_name.get(english)
        if card is None:
            card = pickle.loads(self.packed.blobs[english])  # noqa: S301 - our own cache, keyed by content
            if not isinstance(card, Y):
                raise TypeError(f"card {english!r}: the card cache holds no card")
            self.by_name[english] = card
        return card, self.source


EMPTY = CardIndex({}, "")


def card_library(root: Path | None = None, inputs: str | None = None) -> CardIndex:
    """The corpus card library (empty when the file does not exist yet). ``inputs``: the key of the engine's
    inputs (:func:`.scenario_cache.inputs_key`: the corpus data with this file, the code, PyYAML) when the command
    has it already; the library's cache is then kept under it, and the files are not stamped again for it."""
    path = (root.resolve() if root is not None else corpus_root()) / CARDS_FILE
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return EMPTY
    return _load(path, stamp, inputs if root is None else None)


@lru_cache(maxsize=4)
def _load(path: Path, stamp: int, inputs: str | None = None) -> CardIndex:
    from .. import cache
    from ..errors import Phrase
    from .errors import invalid

    def build() -> _Packed:
        return _Packed(load_yaml(path.read_bytes(), str(path), max_bytes=4 * 1024 * 1024))

    if inputs is None:
        packed = cache.parsed("cards", path, build, _is_packed)
    else:
        packed = cache.kept(cache.cache_dir() / f"cards-{inputs}.pickle", str(path), build, _is_packed)
    assert isinstance(packed, _Packed)
    if not packed.is_map:
        raise invalid(str(path), packed.line, "file", Phrase("expected_card_mapping",
                                                             "expected a mapping of card names to cards"))
    return _LazyIndex(packed, str(path))


def _is_packed(packed: object) -> bool:
    """A cached card library is names to card names it holds, and a pickled card per name (verified before it
    is served; each card is checked again as it is unpickled)."""
    return (isinstance(packed, _Packed) and all(isinstance(b, bytes) for b in packed.blobs.values())
            and set(packed.names.values()) <= set(packed.blobs))


def local_cards(tree: Y | None, source: str) -> CardIndex:
    """A scenario's own ``cards:`` mapping."""
    if tree is None:
        return EMPTY
    return CardIndex(tree.value if tree.is_map else {}, source)
