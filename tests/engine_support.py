"""Helpers for the engine tests: play a scenario written inline (YAML text, dedented)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from izvori_rules.engine.result import ScenarioResult
from izvori_rules.engine.runner import run_scenario


def play(text: str, lang: str = "en") -> ScenarioResult:
    """Run an inline scenario."""
    return run_scenario(textwrap.dedent(text), lang=lang)


def cast_in_main(card: str, extra: str = "", pool: str = "", ruleset: str = "mtg",
                 hand: Sequence[str] = (), graveyard: Sequence[str] = (), battlefield: Sequence[str] = (),
                 opposing: Sequence[str] = ()) -> ScenarioResult:
    """Ana casts ``card`` in her first main phase (``extra``: the rest of the cast action, ", x: 3") from
    ``pool``, and both players pass until it resolves; the zones as :func:`in_main` takes them, besides the card
    cast."""
    return in_main(ruleset, pool, ["{card: " + card + "}", *hand], graveyard, battlefield, opposing,
                   [f"cast: {{player: Ana, card: {card}{extra}}}", "pass: until_resolved"])


def in_main(ruleset: str = "mtg", pool: str = "", hand: Sequence[str] = (), graveyard: Sequence[str] = (),
            battlefield: Sequence[str] = (), opposing: Sequence[str] = (), actions: Sequence[str] = ()
            ) -> ScenarioResult:
    """The ``actions`` played from Ana's first main phase, with ``pool`` in her mana pool. The zones list YAML
    flow mappings (``{card: Shock}``): Ana's hand, graveyard and battlefield, and Boris's battlefield."""
    def zone(name: str, items: Sequence[str], indent: str = "    ") -> str:
        return f"{indent}{name}:\n" + "".join(f"{indent}  - {item}\n" for item in items) if items else ""

    return play(f"""\
scenario: "t"
ruleset: {ruleset}
players:
  - name: Ana
    mana_pool: "{pool}"
{zone("hand", hand)}{zone("graveyard", graveyard)}{zone("battlefield", battlefield)}\
  - name: Boris
{zone("battlefield", opposing)}\
turn: {{active: Ana, step: main1}}
{zone("actions", actions, "")}""")


def outcome(result: ScenarioResult, check: str) -> object:
    """The actual value of one expectation."""
    return next(o.actual for o in result.expectations if o.check == check)


def events(result: ScenarioResult) -> list[str]:
    return [s.event for s in result.steps]


def texts(result: ScenarioResult) -> list[str]:
    return [s.text for s in result.steps]
