"""``izvori-judge export xml OUT.xml`` (and the HTML rulebook): the graph for other tools and for phones."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from . import app
from .common import console, progress_bar, reported

export_app = typer.Typer(help="Export the rule graph (XML with its RELAX NG schema, or a static HTML site).",
                         no_args_is_help=True)
app.add_typer(export_app, name="export")


@export_app.command("xml")
def export_xml(
    out: Annotated[Path, typer.Argument(help="The XML file to write.")],
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
) -> None:
    """The whole graph (documents, rules, citations, equivalents, flags, glossary, concepts) as one XML file."""
    from ..concepts import load_concepts
    from ..errors import IzvoriError
    from ..export.xml_graph import write_xml
    from ..graph_cache import load_graph

    with reported():
        if out.exists() and not force:
            raise IzvoriError(f"{out} exists; use --force to replace it")
        graph, concepts = load_graph(), load_concepts()
        tmp = out.with_name(f".{out.name}.tmp")
        try:
            with progress_bar("Writing the XML export") as progress:
                count = write_xml(graph, concepts, tmp, progress)
            tmp.replace(out)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise IzvoriError(f"cannot write {out}: {exc.strerror}") from None
    console().print(f"Wrote {count} nodes and {len(concepts)} concepts to {out}.")
