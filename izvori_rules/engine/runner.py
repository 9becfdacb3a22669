"""Running a scenario: load it, set up the game, carry out its actions, check its expectations.

Exit statuses: 0 every expectation passed (or none given), 1 one failed, 2 invalid file (raised as
:class:`~.errors.ScenarioInvalid`), 3 a missing choice or something not modelled, 4 an illegal action that the
file did not expect (``expect.illegal_action``). After the game ends the remaining actions are skipped.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import casting, combat, priority
from .choices import Choices
from ..errors import Phrase
from .errors import EngineRefusal, GameOver, IllegalAction, MissingChoice, invalid
from .expectations import evaluate
from .narration import render
from .result import Outcome, Rejection, ScenarioResult, Step, final_state
from .rulesets import load_rulesets
from .spec import STEPS, Action, Scenario
from .state import Game, Player, make_object
from .turn import arrive, finish_arrival
from .yamlnodes import read_scenario_file

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..graph import RuleGraph
    from .cards import CardIndex


def run_scenario(scenario: str | Path | bytes, lang: str = "en", cards: CardIndex | None = None,
                 cached: bool = False) -> ScenarioResult:
    """Play a scenario (a path, or the YAML text itself) and answer it; ``cached``: the loaded file from the
    cache folder when it was loaded before (a command's one run, :mod:`.scenario_cache`)."""
    if cached and cards is None:
        from .scenario_cache import inputs_key

        return _played(scenario, lang, None, inputs_key())
    return _played(scenario, lang, cards, None)


def answer_file(path: Path, lang: str, graph: Callable[[], RuleGraph | None] | None
                ) -> tuple[ScenarioResult, dict[str, tuple[str, ...]]]:
    """``scenario run FILE``: the file played as :func:`run_scenario` plays it with ``cached``, and with ``graph``
    (which loads the rule graph) the equivalents of the rules its steps cite (:mod:`.equivalents`); the key of
    both caches is computed once (its files' stamps read once, issue 14)."""
    from .scenario_cache import inputs_key

    inputs = inputs_key()
    result = _played(path, lang, None, inputs)
    if graph is None:
        return result, {}
    from .equivalents import equivalents_of

    return result, equivalents_of({r for s in result.steps for r in s.rules}, graph, inputs)


def _played(scenario: str | Path | bytes, lang: str, cards: CardIndex | None, inputs: str | None) -> ScenarioResult:
    text: str | bytes
    if isinstance(scenario, Path) or (isinstance(scenario, str) and "\n" not in scenario
                                      and scenario.endswith((".yaml", ".yml"))):
        source, text = read_scenario_file(scenario)
    else:
        source, text = "<scenario>", scenario
    try:
        spec = _loaded(text, source, cards, inputs)
    except EngineRefusal as exc:
        return _refused_at_load(source, exc, lang)
    return _Run(spec, lang).run()


def _loaded(text: str | bytes, source: str, cards: CardIndex | None, inputs: str | None) -> Scenario:
    """The scenario read by :mod:`.scenario`; with the key ``inputs`` (the corpus card library only), read back
    from the cache folder when this text was read before, without importing the readers at all."""
    if inputs is not None:
        from .scenario_cache import cached_scenario

        return cached_scenario(text, source, lambda: _read(text, source, inputs), inputs)
    from .scenario import load_scenario

    return load_scenario(text, source, cards)


def _read(text: str | bytes, source: str, inputs: str) -> Scenario:
    """A text not read before under the key ``inputs``, read with the corpus card library kept under that key."""
    from .cards import card_library
    from .scenario import load_scenario

    return load_scenario(text, source, card_library(inputs=inputs))


def play(spec: Scenario, lang: str = "en") -> tuple[ScenarioResult, Game]:
    """Play a loaded scenario; also returns the game as it ended (for summaries such as the combat line)."""
    run = _Run(spec, lang)
    return run.run(), run.game


def _refused_at_load(source: str, exc: EngineRefusal, lang: str) -> ScenarioResult:
    kind = "missing_choice" if isinstance(exc, MissingChoice) else "not_modelled"
    title, ruleset = getattr(exc, "title", source), getattr(exc, "ruleset", "")
    return ScenarioResult(scenario=title, ruleset=ruleset, question=None, source=source, steps=(),
                          rejected=Rejection(None, kind, _said(exc, lang), exc.rules), state=None, expectations=(),
                          exit_status=3)


def _said(exc: IllegalAction | EngineRefusal, lang: str) -> str:
    """Why an action is illegal or the engine stops, in the judge's language where the error has a key
    (``[LANG.errors]``); its rules are the error's own in every language."""
    from ..messages import error_text

    return error_text(exc, lang)[1]


class _Run:
    def __init__(self, spec: Scenario, lang: str) -> None:
        self.spec = spec
        self.lang = lang
        self.game = _setup(spec)
        self.rejected: Rejection | None = None
        self.skipped: list[int] = []

    def run(self) -> ScenarioResult:
        spec, game = self.spec, self.game
        groups = _grouped(spec.actions)
        try:
            self._guarded(None, groups[0][1], lambda: arrive(game, spec.step))
            previous = ""
            for action, answers in groups[1:]:
                assert action is not None
                if game.over or self.rejected is not None:
                    if game.over:
                        self.skipped.append(action.index)
                        game.say("skipped", (), action=action.index)
                    continue
                self._guarded(action, answers, lambda a=action, p=previous: _do(game, spec, a, p))
                previous = action.kind
        except GameOver:  # raised while arriving in the first step
            pass
        return self._result()

    def _guarded(self, action: Action | None, answers: list[Action], body: object) -> None:
        game = self.game
        game.choices = Choices(self.spec.source, answers)
        index = action.index if action is not None else None
        try:
            body()  # type: ignore[operator]
        except GameOver:
            return
        except IllegalAction as exc:
            at = getattr(exc, "action", 0) or index
            reason = _said(exc, self.lang)
            self.rejected = Rejection(at, "illegal", reason, exc.rules)
            game.say("illegal", exc.rules, action=at, reason=reason)
            return
        except EngineRefusal as exc:
            kind = "missing_choice" if isinstance(exc, MissingChoice) else "not_modelled"
            reason = _said(exc, self.lang)
            self.rejected = Rejection(index, kind, reason, exc.rules)
            game.say("refused", exc.rules, reason=reason)
            return
        game.choices.check_all_used()

    def _result(self) -> ScenarioResult:
        spec, game = self.spec, self.game
        outcomes = evaluate(game, spec.expect) if self._evaluates() else []
        status = self._status(outcomes)
        steps = tuple(Step(e.event, render(e.event, e.args, self.lang, spec.ruleset), e.rules) for e in game.log)
        return ScenarioResult(
            scenario=spec.title, ruleset=spec.ruleset, question=spec.question, source=spec.source, steps=steps,
            rejected=self.rejected, state=final_state(game), expectations=tuple(outcomes), exit_status=status,
            skipped=tuple(self.skipped))

    def _evaluates(self) -> bool:
        return self.rejected is None or self.rejected.kind == "illegal"

    def _status(self, outcomes: list[Outcome]) -> int:
        expected_illegal = next((c for c in self.spec.expect if c.kind == "illegal_action"), None)
        rejected = self.rejected
        if rejected is not None and rejected.kind != "illegal":
            return 3
        if expected_illegal is not None:
            actual = rejected.action if rejected is not None else None
            ok = actual == expected_illegal.expected
            outcomes.insert(0, Outcome("illegal_action", expected_illegal.expected, actual, ok,
                                       "" if ok else (rejected.reason if rejected else "no action was refused")))
            if rejected is not None and not ok and rejected.action != expected_illegal.expected:
                return 4
        elif rejected is not None:
            return 4
        return 0 if all(o.passed for o in outcomes) else 1


def _grouped(actions: tuple[Action, ...]) -> list[tuple[Action | None, list[Action]]]:
    """Each action with the ``choose`` actions that follow it; leading ones answer the first step's choices."""
    groups: list[tuple[Action | None, list[Action]]] = [(None, [])]
    for action in actions:
        if action.kind == "choose":
            groups[-1][1].append(action)
        else:
            groups.append((action, []))
    return groups


def _setup(spec: Scenario) -> Game:
    rs = load_rulesets()[spec.ruleset]
    players = {p.name: Player(p.name, p.life if p.life is not None else rs.starting_life, p.poison, p.library)
               for p in spec.players}
    game = Game(rs=rs, players=players, order=[p.name for p in spec.players], active=spec.active, step=spec.step,
                source=spec.source,
                token_cards=dict(spec.token_cards))
    from .mana import parse_pool

    pending_attach = []
    for p in spec.players:
        players[p.name].mana.update(parse_pool(p.mana_pool))
        for zone, objs in p.zones:
            for o in objs:
                obj = make_object(game, o, p.name, zone)
                if o.attached_to is not None:
                    pending_attach.append((obj, o.attached_to, o.line))
    for obj, host_name, line in pending_attach:
        host = game.one(host_name, ("battlefield",), line, "attached_to")
        if host is None or obj.zone != "battlefield":
            raise invalid(spec.source, line, "attached_to", Phrase.said(
                "attach_battlefield", "{name} and {host} must both be on the battlefield", name=obj.handle,
                host=host_name))
        obj.attached_to = host.ref
    _settle_control(game, spec)
    game.say("start", (), scenario=spec.title, ruleset=rs.name)
    return game


def _settle_control(game: Game, spec: Scenario) -> None:
    """Control-changing statics the file sets up (an Aura already attached) apply from the start; the file's
    ``summoning_sick`` says whether the creature arrived this turn, not the first look at the layers."""
    from .layers import chars

    for obj in list(game.battlefield()):
        chars(game, obj)
    sick = {o.handle: o.summoning_sick for p in spec.players for _zone, objs in p.zones for o in objs}
    for obj in game.battlefield():
        obj.summoning_sick = sick.get(obj.handle, obj.summoning_sick)


# --- actions ----------------------------------------------------------------------------------------------

def _do(game: Game, spec: Scenario, action: Action, previous: str) -> None:
    if action.kind != "pass":
        game.seen.clear()
    if action.kind == "attack":
        _advance_to_declaration(game, spec, action, "attackers")
        combat.declare_attackers(game, action)
        finish_arrival(game)
    elif action.kind == "block":
        _advance_to_declaration(game, spec, action, "blockers")
        combat.declare_blockers(game, action)
        finish_arrival(game)
    elif action.kind == "order_blockers":
        if previous not in ("block", "order_blockers") or game.step != "declare_blockers":
            raise IllegalAction("the damage assignment order is announced right after blockers are declared",
                                game.rs.refs("illegal_order"), key="order_time")
        combat.order_blockers(game, action)
    elif action.kind == "assign_damage":
        if not game.blockers_declared or game.step not in ("declare_blockers", "combat_damage"):
            raise IllegalAction("combat damage is assigned after blockers are declared and before it is dealt",
                                game.rs.refs("illegal_assign"), key="assign_time")
        combat.record_assignment(game, action)
    elif action.kind == "cast":
        casting.cast(game, action, spec.source)
    elif action.kind == "activate":
        casting.activate(game, action, spec.source)
    elif action.kind == "play_land":
        casting.play_land(game, action, spec.source)
    else:
        _pass(game, spec, action)


def _pass(game: Game, spec: Scenario, action: Action) -> None:
    if action.mode == "priority":
        priority.pass_once(game)
    elif action.mode == "until_resolved":
        priority.pass_until_resolved(game)
    elif action.mode == "next_step":
        priority.pass_to_next_step(game)
    else:
        priority.pass_until(game, action.until, action.line, spec.source)


def _too_late(game: Game, which: str, rules: tuple[str, ...]) -> IllegalAction:
    """Attackers or blockers declared when their step is past (ru-cr:508.1, ru-cr:509.1)."""
    if which == "attackers":
        return IllegalAction("attackers can be declared only as the declare attackers step begins (the game is in "
                             "{player}'s {step})", rules, key="attack_time", player=game.active, step=game.step)
    if not game.attacked:
        return IllegalAction("blockers can be declared only as the declare blockers step begins (the game is in "
                             "{player}'s {step}, and no creature attacks)", rules, key="block_time_no_attack",
                             player=game.active, step=game.step)
    return IllegalAction("blockers can be declared only as the declare blockers step begins (the game is in "
                         "{player}'s {step})", rules, key="block_time", player=game.active, step=game.step)


def _advance_to_declaration(game: Game, spec: Scenario, action: Action, which: str) -> None:
    """``attack`` and ``block`` advance to their step (all players passing) when the game is earlier."""
    step = "declare_attackers" if which == "attackers" else "declare_blockers"
    rules = game.rs.refs("illegal_attack_time" if which == "attackers" else "illegal_block_time")
    turn = game.turn
    while game.declaring != which:
        if game.turn != turn or STEPS.index(game.step) > STEPS.index(step) or (
                which == "attackers" and game.attackers_declared) or (
                which == "blockers" and game.blockers_declared):
            raise _too_late(game, which, rules)
        priority.pass_once(game, quiet=True)  # all players pass until the step (ru-cr:116.4)
