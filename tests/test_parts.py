"""A map saved in parts reads back as the map it was, each part decoded only when one of its keys is asked for."""

from __future__ import annotations

import pytest

from izvori_rules.parts import PARTS, PartedMap, part_of, split

# keys of the shapes QueryConcepts keeps: (language, analysed phrase)
MAP = {("sr", "razbijac"): ("trample",), ("ru", "пробивн удар"): ("trample",), ("en", "trampl"): ("trample",),
       ("cs", "hřbitov"): ("graveyard",)}


def test_a_parted_map_reads_back_every_key_and_nothing_else() -> None:
    parted = PartedMap(split(MAP))
    assert dict(parted) == MAP and len(parted) == len(MAP)
    assert parted[("ru", "пробивн удар")] == ("trample",)
    assert parted.get(("en", "graveyard")) is None
    assert ("cs", "hřbitov") in parted and ("cs", "hrbitov") not in parted and "hřbitov" not in parted


def test_a_key_decodes_its_own_part_only() -> None:
    parted = PartedMap(split(MAP))
    parted.get(("sr", "razbijac"))
    assert list(parted._decoded) == [part_of(("sr", "razbijac"))]


def test_parts_of_another_count_are_refused() -> None:
    with pytest.raises(ValueError):
        PartedMap(split(MAP)[:-1])
    assert len(split({})) == PARTS
