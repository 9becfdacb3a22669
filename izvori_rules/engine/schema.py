"""The scenario format's JSON Schema (``scenario.schema.json``, shipped in the package) and a small validator
for the part of JSON Schema it uses, run over the line-keeping YAML tree so that an error names its line.

An editor can check a scenario file against the published schema as it is written; ``scenario run`` and
``scenario check`` validate every file against the same schema first, so a file the schema refuses is refused
with ``file:line: path: message`` (exit 2) before the engine reads it. The keywords understood: ``type``,
``properties``, ``additionalProperties``, ``required``, ``enum``, ``items``, ``minItems``, ``maxItems``,
``minProperties``, ``maxProperties``, ``minimum``, ``maximum``, ``pattern``, ``anyOf``, ``oneOf``, ``$ref``
(local ``#/$defs/...``). Every number that cannot be text is also bounded by :data:`MAX_NUMBER` (a power of 10**30 is a
mistake, and far larger ones would only slow the engine down), with or without a ``maximum``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import Phrase, joined
from .errors import invalid
from .yamlnodes import Y

if TYPE_CHECKING:
    from pathlib import Path

SCHEMA_FILE = "scenario.schema.json"
MAX_NUMBER = 10**12  # any count, amount, power or toughness in a scenario, either sign (a life total: MAX_LIFE)


@lru_cache(maxsize=1)
def scenario_schema() -> dict[str, Any]:
    """The published schema, read from the package beside this module (importing ``importlib.resources`` would
    cost a never-run file more than reading the schema does), and kept in the cache folder as ``marshal`` data:
    its 120 kB of JSON are parsed once, not on every never-run file (a scenario read back from the cache is not
    validated again)."""
    from pathlib import Path

    from .. import cache

    path = Path(__file__).with_name(SCHEMA_FILE)
    data = cache.parsed("scenario-schema", path, lambda: _read_json(path), lambda value: isinstance(value, dict),
                        plain=True)
    assert isinstance(data, dict)
    return data


def _read_json(path: Path) -> dict[str, Any]:
    import json

    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


class _Problem(Exception):
    def __init__(self, y: Y, message: Phrase, depth: int) -> None:
        super().__init__(message)
        self.y = y
        self.message = message
        self.depth = depth


def validate(tree: Y, source: str, schema: dict[str, Any] | None = None, defs: str = "") -> None:
    """Raise :class:`ScenarioInvalid` naming the file, line and key of the first schema error."""
    root = schema if schema is not None else scenario_schema()
    start = root["$defs"][defs] if defs else root
    try:
        _check(tree, start, root, 0)
    except _Problem as exc:
        line = exc.y.key_line if exc.y.key_line and (exc.y.is_map or exc.y.is_seq) else exc.y.line
        raise invalid(source, line, exc.y.path, exc.message) from None


_TYPES = {"object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
          "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
          "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
          "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
          "null": lambda v: v is None}


def _check(y: Y, s: dict[str, Any], root: dict[str, Any], depth: int) -> None:
    if "$ref" in s:
        s = root["$defs"][s["$ref"].rsplit("/", 1)[1]]
    if "anyOf" in s or "oneOf" in s:
        _alternatives(y, s.get("anyOf") or s["oneOf"], root, depth, exact="oneOf" in s, what=s.get("x-kind", ""))
        return
    value = y.value
    types = s.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else types
        if not any(_TYPES[t](value) for t in names):
            raise _Problem(y, Phrase.said("expected", "expected {what}", what=_types(names)), depth)
    if "enum" in s and _plain(y) not in s["enum"]:
        raise _Problem(y, one_of(s["enum"]), depth)
    if isinstance(value, str) and "pattern" in s and not re.search(s["pattern"], value):
        raise _Problem(y, Phrase.said("not_in_form", "{value!r} is not in the expected form", value=value), depth)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not _text_allowed(types):
        least, most = max(s.get("minimum", -MAX_NUMBER), -MAX_NUMBER), min(s.get("maximum", MAX_NUMBER), MAX_NUMBER)
        if value < least:
            raise _Problem(y, Phrase.said("at_least", "must be at least {minimum:,}", minimum=least), depth)
        if value > most:
            raise _Problem(y, Phrase.said("at_most", "must be at most {maximum:,}", maximum=most), depth)
    if isinstance(value, dict):
        _object(y, s, root, depth)
    elif isinstance(value, list):
        if "minItems" in s and len(value) < s["minItems"]:
            raise _Problem(y, Phrase.said("min_items", "needs at least {n} items", n=s["minItems"]), depth)
        if "maxItems" in s and len(value) > s["maxItems"]:
            raise _Problem(y, Phrase.said("max_items", "takes at most {n} items", n=s["maxItems"]), depth)
        if "items" in s:
            for item in value:
                _check(item, s["items"], root, depth + 1)


def _text_allowed(types: str | list[str] | None) -> bool:
    """A value that may be text too (a name, a mana string) is not a number to bound: ``Ana: 10**13`` is a name."""
    return types is not None and "string" in ([types] if isinstance(types, str) else types)


_WORDS = {"object": Phrase("type_object", "a mapping"), "array": Phrase("type_array", "a list"),
          "string": Phrase("type_string", "text"), "boolean": Phrase("type_boolean", "true or false"),
          "integer": Phrase("type_integer", "a whole number"), "number": Phrase("type_number", "a number"),
          "null": Phrase("type_null", "nothing")}


def _types(names: list[str]) -> Phrase:
    """``a mapping or a list``, each type in the judge's words."""
    return joined([_WORDS[name] for name in names])


def missing_key(key: str) -> Phrase:
    """A key the form requires is not in the mapping."""
    return Phrase.said("missing_key", "missing required key {key!r}", key=key)


_KINDS = {"effect": Phrase("kind_effect", "effect"), "action": Phrase("kind_action", "action"),
          "ability": Phrase("kind_ability", "ability")}  # the schema's x-kind: what a one-key mapping names


def one_of(values: list[Any] | tuple[Any, ...], separator: str = ", ") -> Phrase:
    """``must be one of a, b, c``: the values as the file or the schema writes them."""
    return Phrase.said("one_of", "must be one of {choices}", choices=separator.join(str(v) for v in values))


def _object(y: Y, s: dict[str, Any], root: dict[str, Any], depth: int) -> None:
    value: dict[str, Y] = y.value
    props = s.get("properties", {})
    extra = s.get("additionalProperties", True)
    for key in s.get("required", ()):
        if key not in value:
            raise _Problem(y, missing_key(key), depth)
    if "minProperties" in s and len(value) < s["minProperties"]:
        raise _Problem(y, Phrase.said("min_keys", "needs at least {n} key(s)", n=s["minProperties"]), depth)
    if "maxProperties" in s and len(value) > s["maxProperties"]:
        raise _Problem(y, Phrase.said("max_keys", "takes at most {n} key(s)", n=s["maxProperties"]), depth)
    for key, child in value.items():
        if key in props:
            _check(child, props[key], root, depth + 1)
        elif extra is False:
            allowed = ", ".join(props) if len(props) <= 12 else ", ".join(list(props)[:12]) + ", ..."
            raise _Problem(child, Phrase.said("unknown_key_expected", "unknown key {key!r} (expected one of {allowed})",
                                              key=key, allowed=allowed), depth + 1)
        elif isinstance(extra, dict):
            _check(child, extra, root, depth + 1)


def _alternatives(y: Y, branches: list[dict[str, Any]], root: dict[str, Any], depth: int, exact: bool,
                  what: str = "") -> None:
    if what and isinstance(y.value, dict):  # branches told apart by their one required key: check only that one
        chosen = [b for b in branches if b.get("required") and b["required"][0] in y.value]
        if len(chosen) == 1:
            _check(y, chosen[0], root, depth)
            return
    problems: list[tuple[dict[str, Any], _Problem]] = []
    for branch in branches:
        try:
            _check(y, branch, root, depth)
        except _Problem as exc:
            problems.append((branch, exc))
            continue
        if not exact:
            return
    if len(problems) < len(branches):
        if exact and len(branches) - len(problems) > 1:
            raise _Problem(y, Phrase("many_forms", "matches more than one form"), depth)
        return
    keyed = [p for b, p in problems if _keys_fit(y, root, b)]
    if len(keyed) == 1:
        raise keyed[0]
    if what:
        kinds = [k for b in branches for k in b.get("required", ())[:1]]
        kind, choices = _KINDS.get(what, what), ", ".join(kinds)
        if not isinstance(y.value, dict):
            raise _Problem(y, Phrase.said("expected_kind", "expected a mapping whose key is the {what} (one of "
                                          "{kinds})", what=kind, kinds=choices), depth)
        unknown = [k for k in y.value if k not in kinds]
        if unknown:
            raise _Problem(y, Phrase.said("unknown_of_kind", "unknown {what} {name!r} (expected one of {kinds})",
                                          what=kind, name=unknown[0], kinds=choices), depth)
        if not y.value:
            raise _Problem(y, Phrase.said("no_kind", "unknown {what} (expected one of {kinds})", what=kind,
                                          kinds=choices), depth)
    deepest = max((p for _b, p in problems), key=lambda p: p.depth)
    if deepest.depth > depth:
        raise deepest
    forms = list(dict.fromkeys(_form(b, root) for b in branches))
    said = forms[-1]
    for form in reversed(forms[:-1]):
        said = Phrase.said("forms", "{first}; {second}", first=form, second=said)
    raise _Problem(y, Phrase.said("no_form", "is none of the accepted forms ({forms})", forms=said), depth)


def _form(branch: dict[str, Any], root: dict[str, Any]) -> Phrase:
    """One accepted form in a few words, for the message: its values, or its type and its required keys."""
    if "$ref" in branch:
        branch = root["$defs"][branch["$ref"].rsplit("/", 1)[1]]
    if "enum" in branch:
        return Phrase.said("form_one_of", "one of {choices}", choices=", ".join(str(v) for v in branch["enum"]))
    types = branch.get("type", ())
    form = _types([types] if isinstance(types, str) else types) if types else Phrase("type_any", "a value")
    if not branch.get("required"):
        return form
    return Phrase.said("form_with", "{form} with {keys}", form=form, keys=", ".join(branch["required"]))


def _keys_fit(y: Y, root: dict[str, Any], branch: dict[str, Any]) -> bool:
    """A branch whose required keys are all present is the one the writer meant (its error is the useful one)."""
    if "$ref" in branch:
        branch = root["$defs"][branch["$ref"].rsplit("/", 1)[1]]
    required = branch.get("required")
    return bool(required) and isinstance(y.value, dict) and all(k in y.value for k in required or ())


def _plain(y: Y) -> Any:
    return y.plain()
