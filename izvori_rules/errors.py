"""One error hierarchy for the library; ``cli.py`` maps each to a message and an exit status in one place."""

from __future__ import annotations


class IzvoriError(Exception):
    """Base of every error the library raises for a caller's or a corpus's mistake."""

    exit_code = 2


class CorpusError(IzvoriError):
    """A corpus file is missing, unreadable, wrongly encoded, or a data file in it is malformed."""


class ReferenceNotFound(IzvoriError):
    """A rule reference matches no node; carries spelling suggestions ("did you mean")."""

    exit_code = 1

    def __init__(self, query: str, suggestions: tuple[str, ...] = ()) -> None:
        self.query = query
        self.suggestions = suggestions
        from .references import excerpt

        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no rule {excerpt(query)}{hint}")


class QueryError(IzvoriError):
    """A malformed search query or reference (unbalanced quotes, an empty query, a bad range)."""


class CacheError(IzvoriError):
    """A cache could neither be read nor rebuilt (never raised for a merely corrupted or read-only cache)."""


class CacheDamaged(CacheError):
    """A cache file failed a record's checksum or SQLite's own checks; the store that reads it builds it again."""


class DeckFileError(IzvoriError):
    """A deck list file that cannot be read: missing, a folder, unreadable, not text (exit status 2)."""


class ScenarioInvalid(IzvoriError):
    """A scenario file that is not valid YAML or not in the scenario format; the message names file, line and key."""

    exit_code = 2


class EngineRefusal(IzvoriError):
    """The engine stops rather than answer wrongly: a choice the file does not make, or rules it does not model."""

    exit_code = 3

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.rules = rules
        super().__init__(message)


class NotModelled(EngineRefusal):
    """The scenario needs a rule or keyword the engine does not model, or one the ruleset does not have."""


class MissingChoice(EngineRefusal):
    """The rules need a player's choice here and no ``choose`` action answers it."""


class IllegalAction(IzvoriError):
    """An action the rules forbid; carries the references of the rules that forbid it."""

    exit_code = 4

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.rules = rules
        super().__init__(message)


class CacheNotice(UserWarning):
    """A cache could not be written, so work goes on in memory (issued as a warning: the CLI prints one line)."""
