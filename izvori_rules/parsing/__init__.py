"""Parsers, one module per numbering scheme, named in ``corpus/manifest.toml`` (``parser = "sr_judge"``).

Each module exposes two pure functions, text in, model out:

* ``parse(text: str) -> ParsedDocument``: the document's nodes in document order;
* ``find_citations(text: str) -> tuple[CitationMatch, ...]``: the rule citations printed in a piece of
  text (a node's text or an example), in that document's language and forms.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import CorpusError


def parser_module(name: str) -> ModuleType:
    """The parser module named by a manifest entry; an unknown name is a corpus error, not an ImportError."""
    if not name.isidentifier():
        raise CorpusError(f"parser name {name!r} is not a module name")
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise CorpusError(f"no parser {name!r} in izvori_rules.parsing (named in corpus/manifest.toml)") from None
    missing = [f for f in ("parse", "find_citations") if not callable(getattr(module, f, None))]
    if missing:
        raise CorpusError(f"parser {name!r} lacks {' and '.join(missing)}()")
    return module
