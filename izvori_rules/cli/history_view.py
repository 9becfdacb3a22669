"""``history REF [--json] [--typographic]`` rendered: the JSON contract and the rich text (a word diff with
styles, never markup built from rule text). No typer here: the fast path (:mod:`.fast`) runs a cold
``history REF [--json] [--lang LANG]`` without it, and the typer command calls :func:`show_history` too. The words
around the rules come from ``corpus/messages.toml`` (``[LANG.history]``) in the judge's ``--lang``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import console, print_json, progress_bar, reported

if TYPE_CHECKING:
    from rich.text import Text

    from ..history.lineage import RuleHistory
    from ..history.store import HistoryStore
    from ..history.worddiff import Piece

STYLES = {"=": "", "-": "red strike", "+": "bold green"}
MARKS = {"-": ("[-", "-]"), "+": ("{+", "+}")}


def load_store(lang: str = "en") -> HistoryStore:
    """The history store, built behind a progress bar (labelled in the judge's ``lang``) on the first run."""
    from ..history.sources import load_store as load

    return load(lambda: progress_bar("history", lang))


def show_history(ref: str, json_out: bool, typographic: bool, lang: str = "en") -> int:
    """Answer ``history REF``; the exit status (errors leave through :func:`.common.reported`)."""
    from ..errors import ReferenceNotFound
    from ..history.lineage import resolve, rule_history

    with reported(lang):
        store = load_store(lang)
        try:
            found = rule_history(store, *resolve(store, ref), typographic)
        except ReferenceNotFound as exc:
            if not json_out:
                raise
            from ..serialize import history_not_found_json

            print_json(history_not_found_json(ref, exc.suggestions, str(exc)))
            return exc.exit_code
    if json_out:
        from ..serialize import history_json

        print_json(history_json(ref, found))
    else:
        from ..messages import section

        render_history(found, section(lang, "history"))
    return 0


def render_history(found: RuleHistory, words: dict[str, str]) -> None:
    """The rule's first release and numbers, each change with its word diff, its removal; the tool's own words
    in ``words`` (the judge's ``[LANG.history]`` messages)."""
    from rich.text import Text

    out = console()
    oldest = words["oldest"] if found.in_first_release else ""
    out.print(Text.assemble((f"{found.id}", "bold"), words["in_release"].format(
        release=found.release, first=found.first_release, oldest=oldest, id=found.numbers[0].id)))
    numbers = ", ".join(f"{n.id} ({n.first} – {n.last})" for n in found.numbers)
    out.print(Text(words["numbers"].format(numbers=numbers), style="dim"))
    for change in found.changes:
        what = f"{change.old_id} → {change.id}, " if change.renumbered else ""
        out.print(Text.assemble("\n", (change.release, "bold"), f" ({what}{kind_word(words, change.change)})"))
        out.print(diff_text(change.diff) if change.diff else Text(change.text))
    if not found.changes:
        out.print(Text("\n" + words["unchanged"]))
    if found.typographic_hidden:
        out.print(Text("\n" + words["typographic_hidden"].format(n=found.typographic_hidden), style="dim"))
    if found.removed_in:
        successor = words["successor"].format(ref=found.successor) if found.successor else ""
        out.print(Text("\n" + words["removed"].format(release=found.removed_in, successor=successor), style="bold red"))


def kind_word(words: dict[str, str], kind: str) -> str:
    """What happened to a rule between two releases (``changed``, ``renumbered``...), in the judge's words."""
    return words.get(f"kind_{kind}", kind)


def diff_text(pieces: tuple[Piece, ...]) -> Text:
    """Deleted words struck through in red, inserted ones in green; without colours (a pipe, NO_COLOR) they
    are marked ``[-deleted-]`` and ``{+inserted+}`` as wdiff does."""
    from rich.text import Text

    plain = console().color_system is None
    text = Text()
    for piece in pieces:
        body = piece.text
        if plain and piece.op != "=":
            stripped = body.rstrip()
            body = f"{MARKS[piece.op][0]}{stripped}{MARKS[piece.op][1]}{body[len(stripped):]}"
        text.append(body, style=STYLES[piece.op])
    return text


