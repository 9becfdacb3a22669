"""Players' choices, answered by the ``choose`` actions that follow the action during which they arise.

A choice the rules need and no ``choose`` answers stops the run (exit 3, naming the choice and the player); a
``choose`` that answers nothing makes the file invalid (exit 2).
"""

from __future__ import annotations

from ..errors import Phrase
from .errors import MissingChoice, invalid
from .spec import Action


class Choices:
    """The queue of ``choose`` actions following the action being carried out."""

    def __init__(self, source: str, answers: list[Action]) -> None:
        self.source = source
        self.answers = list(answers)

    def _take(self, player: str, want_targets: bool) -> Action | None:
        for i, answer in enumerate(self.answers):
            if (answer.player == player and answer.has_targets == want_targets and answer.may is None
                    and answer.pay is None):
                return self.answers.pop(i)
        return None

    def targets(self, player: str, what: Phrase, rules: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The names a player chose (targets, or the object to keep)."""
        answer = self._take(player, True)
        if answer is None:
            raise MissingChoice("{player} must choose targets for {what}; add a choose action for {player}", rules,
                                key="choose_targets", player=player, what=what)
        return answer.targets

    def order(self, player: str, what: Phrase, options: list[str], rules: tuple[str, ...] = ()) -> list[int]:
        """Indices into ``options`` in the order the player chose (every option exactly once)."""
        answer = self._take(player, False)
        if answer is None:
            raise MissingChoice("{player} must choose an order for {what}; add a choose action for {player}", rules,
                                key="choose_order", player=player, what=what)
        remaining = list(range(len(options)))
        out = []
        for name in answer.order:
            pick = next((i for i in remaining if options[i] == name), None)
            if pick is None:
                raise invalid(self.source, answer.line, "choose.order", Phrase.said(
                    "order_not_option", "{name!r} is not one of {options} ({what})", name=name,
                    options=", ".join(options), what=what))
            remaining.remove(pick)
            out.append(pick)
        if remaining:
            raise invalid(self.source, answer.line, "choose.order", Phrase.said(
                "order_incomplete", "must list each of {options} ({what})", options=", ".join(options), what=what))
        return out

    def may(self, player: str, what: Phrase, rules: tuple[str, ...] = ()) -> bool:
        """A "may" choice: ``choose: {player, may: true|false}`` (ru-cr:603.5)."""
        return self._yes_no(player, "may", MissingChoice(
            "{player} may choose whether to apply {what}; add choose: {{player: {player}, may: true}} or may: false",
            rules, key="choose_may", player=player, what=what))

    def pay(self, player: str, what: Phrase, rules: tuple[str, ...] = ()) -> bool:
        """Whether the player pays a cost on resolution: ``choose: {player, pay: true|false}`` (ru-cr:117.12a)."""
        return self._yes_no(player, "pay", MissingChoice(
            "{player} chooses whether to pay {what}; add choose: {{player: {player}, pay: true}} or pay: false",
            rules, key="choose_pay", player=player, what=what))

    def _yes_no(self, player: str, key: str, missing: MissingChoice) -> bool:
        """The player's answer to a yes-or-no choice; ``missing`` when the file gives none."""
        for i, answer in enumerate(self.answers):
            if answer.player == player and getattr(answer, key) is not None:
                return bool(getattr(self.answers.pop(i), key))
        raise missing

    def check_all_used(self) -> None:
        if self.answers:
            first = self.answers[0]
            raise invalid(self.source, first.line, f"actions[{first.index - 1}].choose", Phrase.said(
                "choice_unused", "no choice by {player} arises here", player=str(first.player)))
