"""Static abilities with conditions and counts, and characteristic-defining abilities.

"Other Goblins get +1/+1" (a lord: the ability's ``filter``), "as long as you control a Forest" (``if``: the
effect exists only while the condition holds, ru-cr:604.2, sr-judge:D19.42) and "+1/+1 for each Forest you
control" (``for_each``) are read here for :mod:`.layers`. A characteristic-defining ability ("power equal to
the number of card types among cards in all graveyards") applies in layer 7a, before every other power and
toughness effect (ru-cr:604.3, ru-cr:613.3a), in every zone; izvori has no sublayer for it, and its glossary
says only that "*" follows the stated condition (sr-judge:D19.51, glossary "Snaga"). Counts and conditions read
the printed card types, colours and subtypes, since no effect here changes them; a card played as a land in
izvori has no defining ability (sr-judge:B12.76).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import targeting
from .spec import Ability, Count
from .state import Game, Obj

CARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery")


class _Printed(NamedTuple):
    types: tuple[str, ...]
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]


def _printed(obj: Obj) -> _Printed:
    return _Printed(obj.types, obj.colors, obj.subtypes)


def _matches(game: Game, phrase: str, obj: Obj, controller: str, source: Obj | None) -> bool:
    f = targeting.parse(phrase)
    return targeting.object_mismatch(f, obj, _printed(obj), controller, source.ref if source else None) is None


def count(game: Game, c: Count, player: str, source: Obj | None) -> int:
    """The number a :class:`~.spec.Count` reads for ``player`` (the ability's controller)."""
    if c.life:
        return game.players[player].life + c.plus
    whose = {"you": [player], "all": game.alive, "opponents": game.opponents(player)}[c.whose]
    objs = [o for p in whose for o in game.in_zone(c.zone, p)]
    picked = [o for o in objs if _matches(game, c.what, o, player, source)]
    if c.distinct == "card_types":
        return len({t for o in picked for t in o.types if t in CARD_TYPES}) + c.plus
    return len(picked) + c.plus


def condition_holds(game: Game, source: Obj, ability: Ability) -> bool:
    """"As long as you control a <phrase>" (ru-cr:604.2, sr-judge:D19.42)."""
    return any(_matches(game, ability.condition, o, source.controller, source)
               for o in game.in_zone("battlefield", source.controller))


def state_matches(phrase: str, state: Any, source: Obj) -> bool:
    """Whether an object, with the characteristics the earlier layers gave it, fits a static's phrase."""
    f = targeting.parse(phrase)
    controller = source.base_controller or source.controller
    return targeting.object_mismatch(f, state.obj, state, controller, source.ref) is None


def defined(game: Game, obj: Obj) -> tuple[int | None, int | None]:
    """Power and toughness set by a characteristic-defining ability (ru-cr:604.3, ru-cr:613.3a), or None."""
    spec = obj.spec
    if spec is None or obj.as_land or spec.defines == (None, None):
        return None, None
    power, toughness = spec.defines
    return (count(game, power, obj.controller, obj) if power is not None else None,
            count(game, toughness, obj.controller, obj) if toughness is not None else None)


def has_defines(obj: Obj) -> bool:
    return obj.spec is not None and not obj.as_land and obj.spec.defines != (None, None)
