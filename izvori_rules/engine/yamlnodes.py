"""Untrusted YAML to a tree that remembers lines: the safe composer only, with limits.

Scenario files are data a judge may write, so they are read with PyYAML's safe composer (no tags run code),
and bounded: the file's size, the nesting depth and the number of nodes visited (an alias is visited again
each time it is used, so an "alias bomb" or a self-referencing alias hits a limit instead of a hang).
Every node keeps its line, so every mistake names the file, the line and the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Phrase
from .errors import ScenarioInvalid
from .yamlproblems import Said, marked, problem_phrase

MAX_BYTES = 256 * 1024
MAX_DEPTH = 24
MAX_NODES = 50_000
SCENARIO_FILE = Phrase("what_scenario_file", "the scenario file")


def read_scenario_file(path: str | Path) -> tuple[str, str]:
    """The file's name and text (at most :data:`MAX_BYTES`, in one of the encodings of
    :mod:`izvori_rules.userfile`); an unreadable file is invalid (exit 2)."""
    from ..userfile import read_user_file

    return str(path), read_user_file(path, MAX_BYTES, SCENARIO_FILE, ScenarioInvalid)


@dataclass(frozen=True, slots=True, eq=False)
class Y:
    """A YAML node: ``value`` is a dict of str to Y, a list of Y, or a scalar; ``line`` is 1-based."""

    value: Any
    line: int
    path: str
    raw: str | None = None
    key_line: int = 0  # for a mapping's value: the line of its key

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_seq(self) -> bool:
        return isinstance(self.value, list)

    def plain(self) -> Any:
        """The value without line numbers (for scalars and small leaf structures)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def load_yaml(text: str | bytes, source: str, max_bytes: int = MAX_BYTES) -> Y:
    """Parse one YAML document safely into a :class:`Y` tree; any problem raises :class:`ScenarioInvalid`."""
    import yaml

    raw = text.encode("utf-8") if isinstance(text, str) else text
    if len(raw) > max_bytes:
        raise ScenarioInvalid("{file}: file too large ({size} bytes; the limit is {limit})", key="yaml_too_large",
                              file=source, size=len(raw), limit=max_bytes)
    try:
        decoded = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioInvalid("{file}: not UTF-8 (byte {byte})", key="yaml_not_utf8", file=source,
                              byte=exc.start) from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when built
    try:
        _check_depth(decoded, loader, source)
        node = yaml.compose(decoded, Loader=loader)
    except RecursionError:  # the depth check should have stopped it; the composer recurses per level
        raise ScenarioInvalid("{file}: nested too deeply (limit {limit})", key="yaml_too_deep", file=source,
                              limit=MAX_DEPTH) from None
    except yaml.MarkedYAMLError as exc:  # the parser's problem said in the judge's language (yamlproblems)
        line = exc.problem_mark.line + 1 if exc.problem_mark else 0
        raise ScenarioInvalid("{file}:{line}: malformed YAML: {problem}", key="yaml_malformed_at", file=source,
                              line=line, problem=problem_phrase(marked(exc, decoded))) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses (ESC, BEL): no mark, so find its line
        line, code = _refused_character(decoded, exc)
        raise ScenarioInvalid("{file}:{line}: malformed YAML: {problem} ({code})", key="yaml_refused_character",
                              file=source, line=line, problem=problem_phrase(Said("", str(exc.reason), line, "")),
                              code=code) from None
    except yaml.YAMLError as exc:
        raise ScenarioInvalid("{file}: malformed YAML: {problem}", key="yaml_malformed", file=source,
                              problem=problem_phrase(Said("", str(exc), 0, ""))) from None
    if node is None:
        raise ScenarioInvalid("{file}:1: the file is empty", key="yaml_empty", file=source)
    return _Converter(source).convert(node, "", 0)


def _refused_character(text: str, exc: Any) -> tuple[int, str]:
    """The line and the code point of the character a YAML reader refused: its position counts characters in
    PyYAML but bytes in libyaml, so the first such character in ``text`` is looked for (the reader stops at it)."""
    char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)[:1]
    at = text.find(char) if char else -1
    return (text.count("\n", 0, at) + 1 if at >= 0 else 1), f"U+{ord(char or '?'):04X}"


def _check_depth(text: str, loader: Any, source: str) -> None:
    """Refuse a file nested deeper than :data:`MAX_DEPTH` before it is composed: the composers (PyYAML's and
    libyaml's) recurse once per level, so 5,000 ``[`` overflow Python's stack and 100,000 crash libyaml's C
    stack (a segmentation fault). The parser's events come from a loop, so counting them is safe. PyYAML 6.0.4's
    libyaml refuses a thousand levels itself, as its scanner reads ahead: the same refusal, said as this one."""
    import yaml

    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH + 1:
                    raise _too_deep(source, event.start_mark)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        if exc.problem != "exceeded maximum nesting depth":
            raise
        raise _too_deep(source, exc.problem_mark) from None


def _too_deep(source: str, mark: Any) -> ScenarioInvalid:
    return ScenarioInvalid("{file}:{line}: nested too deeply (limit {limit})", key="yaml_too_deep_at",
                           file=source, line=mark.line + 1 if mark else 0, limit=MAX_DEPTH)


class _Converter:
    def __init__(self, source: str) -> None:
        import yaml

        self.source = source
        self.visited = 0
        self.constructor = yaml.constructor.SafeConstructor()
        self.yaml = yaml

    def convert(self, node: Any, path: str, depth: int) -> Y:
        line = node.start_mark.line + 1
        self.visited += 1
        if depth > MAX_DEPTH:
            raise ScenarioInvalid("{file}:{line}: {path}: nested too deeply (limit {limit})", key="yaml_key_too_deep",
                                  file=self.source, line=line, path=path or "file", limit=MAX_DEPTH)
        if self.visited > MAX_NODES:
            raise ScenarioInvalid("{file}:{line}: too many YAML nodes (limit {limit}; aliases count each use)",
                                  key="yaml_too_many_nodes", file=self.source, line=line, limit=MAX_NODES)
        if isinstance(node, self.yaml.MappingNode):
            return Y(self._mapping(node, path, depth), line, path)
        if isinstance(node, self.yaml.SequenceNode):
            items = [self.convert(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(node.value)]
            return Y(items, line, path)
        try:
            value = self.constructor.construct_object(node)
        except self.yaml.YAMLError as exc:  # a tag no safe constructor knows (!foo)
            raise ScenarioInvalid("{file}:{line}: {path}: {problem}", key="scenario_problem", file=self.source, line=line,
                                  path=path or "file", problem=problem_phrase(marked(exc))) from None
        except (ValueError, KeyError, AttributeError, TypeError):  # PyYAML's constructors fail so on a known tag's
            # value they can't read (!!int foo, !!bool maybe, !!timestamp soon), which was a traceback
            raise ScenarioInvalid("{file}:{line}: {path}: {value!r} is not a valid {tag} value", key="yaml_bad_tagged",
                                  file=self.source, line=line, path=path or "file", value=str(node.value),
                                  tag=str(node.tag).replace("tag:yaml.org,2002:", "!!")) from None
        return Y(value, line, path, str(node.value))  # the problem alone: its mark names PyYAML's "<unicode string>"

    def _mapping(self, node: Any, path: str, depth: int) -> dict[str, Y]:
        out: dict[str, Y] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise ScenarioInvalid("{file}:{line}: {path}: merge keys (<<) are not supported", key="yaml_merge_key",
                                      file=self.source, line=line, path=path or "file")
            if not isinstance(key_node, self.yaml.ScalarNode):
                raise ScenarioInvalid("{file}:{line}: {path}: a key must be a plain value", key="yaml_complex_key",
                                      file=self.source, line=line, path=path or "file")
            key = str(key_node.value)
            sub = f"{path}.{key}" if path else key
            if key in out:
                raise ScenarioInvalid("{file}:{line}: {path}: duplicate key", key="yaml_duplicate_key", file=self.source,
                                      line=line, path=sub)
            value = self.convert(value_node, sub, depth + 1)
            out[key] = Y(value.value, value.line, value.path, value.raw, line)
        return out
