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


@export_app.command("xml", epilog="Example:\n\n  izvori-judge export xml rules.xml")
def export_xml(
    out: Annotated[Path, typer.Argument(metavar="OUT.xml", help="The XML file to write.")],
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
) -> None:
    """The whole graph (documents, rules, citations, equivalents, flags, glossary, concepts) as one XML file."""
    from ..text.concepts import load_concepts
    from ..errors import IzvoriError
    from ..export.xml_graph import write_xml
    from .common import load_graph

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


@export_app.command("html", epilog="Example:\n\n  izvori-judge export html rulebook/  (then open rulebook/index.html)")
def export_html(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="The folder to write the site into (created if missing).")],
    force: Annotated[bool, typer.Option("--force", help="Replace the folder even if it is not an earlier export.")]
    = False,
) -> None:
    """A static, offline HTML rulebook: an index with search, one page per chapter, every citation a link."""
    from ..text.concepts import load_concepts
    from ..export.html_site import export_site
    from .common import load_graph

    with reported():
        graph, concepts = load_graph(), load_concepts()
        with progress_bar("Writing the HTML rulebook") as progress:
            summary = export_site(graph, concepts, out, force=force, progress=progress)
    console().print(f"Wrote {summary.pages} pages ({summary.nodes} nodes, {summary.total_bytes / 1e6:.1f} MB, "
                    f"search index {summary.index_bytes / 1e6:.1f} MB) to {out} in {summary.seconds:.1f} s; "
                    f"open {out / 'index.html'}.")
