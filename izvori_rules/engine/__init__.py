"""The rules engine: plays a "what happens if" scenario by the rules of one ruleset and narrates each step
with the rules that govern it.

One module per part of the rules: :mod:`.state` (game state and objects), :mod:`.rulesets` (the two rulesets as
data), :mod:`.turn`, :mod:`.priority`, :mod:`.stack`, :mod:`.casting`, :mod:`.targets`, :mod:`.triggers`,
:mod:`.combat` and :mod:`.assignment`, :mod:`.sba`, :mod:`.layers`, :mod:`.replacement`, :mod:`.damage`,
:mod:`.effects`; every change to the game is a typed event (:mod:`.events`) carried out by :mod:`.pipeline`,
where replacement effects apply; the scenario format in :mod:`.scenario`, :mod:`.objectspec` and :mod:`.spec`
(read safely by :mod:`.yamlnodes`, checked first against the published JSON Schema by :mod:`.schema`);
:mod:`.runner` plays a file and :mod:`.narration` words the answer in the judge's language. For a command's cold start,
:mod:`.scenario_cache` keeps a file once read and :mod:`.equivalents` the other documents' equivalents of every
rule the engine cites.

The records are dataclasses, frozen where they are values. Python 3.11 writes and compiles each class's methods
as the class is made, which is a third of a cold ``scenario run`` (issue 14), so a class has only the methods
something uses: those that nothing compares are made with ``eq=False`` (an event, a result, the game's own
mutable objects, whose identity is what the engine means; the parts of an ability keep theirs, :mod:`.spec`),
and the game's mutable working objects (the game, its players, objects, stack items, effects, pending triggers:
a screenful each, printed by nothing) with ``repr=False``. An event's ``repr`` stays: :mod:`.pipeline` compares
the outcomes of two orders of replacement effects by it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .result import ScenarioResult
    from .runner import run_scenario

__all__ = ["ScenarioResult", "run_scenario"]


def __getattr__(name: str) -> Any:
    if name == "run_scenario":
        from .runner import run_scenario

        return run_scenario
    if name == "ScenarioResult":
        from .result import ScenarioResult

        return ScenarioResult
    raise AttributeError(name)
