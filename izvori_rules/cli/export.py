"""``izvori-judge export xml OUT.xml`` (and the HTML rulebook): the graph for other tools and for phones."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from . import app
from .common import console, judge_lang, print_json, progress_bar, reported
from .options import Lang

export_app = typer.Typer(help="Export the rule graph (XML with its RELAX NG schema, or a static HTML site).",
                         no_args_is_help=True)
app.add_typer(export_app, name="export")


@export_app.command("xml", epilog="Example:\n\n  izvori-judge export xml rules.xml")
def export_xml(
    out: Annotated[str, typer.Argument(metavar="OUT.xml", help="The XML file to write, or - for standard output.")],
    force: Annotated[bool, typer.Option("--force", help="Replace the file if it exists.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print what was written as JSON (not with OUT -).")] = False,
    lang: Lang = "en",
) -> None:
    """The whole graph (documents, rules, citations, equivalents, flags, glossary, concepts) as one XML file."""
    from ..errors import IzvoriError
    from ..text.concepts import load_concepts
    from ..export.target import check_file_target, write_replacing
    from ..export.xml_graph import write_xml
    from ..messages import fill, section
    from .common import load_graph

    lang = judge_lang(lang)
    words = section(lang, "export")
    with reported(lang):
        if out == "-":
            if json_out:
                raise IzvoriError("--json reports a file written; with OUT - the XML itself is the output",
                                  key="export_json_stdout")
            graph, concepts = load_graph(lang), load_concepts()
            write_xml(graph, concepts, sys.stdout.buffer)
            sys.stdout.flush()
            return
        path = check_file_target(out, force)
        graph, concepts = load_graph(lang), load_concepts()
        with progress_bar("xml", lang) as progress:
            count = write_replacing(path, lambda tmp: write_xml(graph, concepts, tmp, progress))
    if json_out:
        from ..serialize import xml_export_json

        print_json(xml_export_json(out, count, len(concepts)))
        return
    console().print(fill(words["wrote_xml"], lang, nodes=count, concepts=len(concepts), out=out))


@export_app.command("html", epilog="Example:\n\n  izvori-judge export html rulebook/  (then open rulebook/index.html)")
def export_html(
    out: Annotated[str, typer.Argument(metavar="OUT", help="The folder to write the site into (created if missing).")],
    force: Annotated[bool, typer.Option("--force", help="Write the site even where the folder holds other files "
                                                        "(they are kept: the folder is renamed aside).")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print what was written as JSON.")] = False,
    lang: Lang = "en",
) -> None:
    """A static, offline HTML rulebook: an index with search, one page per chapter, every citation a link."""
    from ..errors import IzvoriError
    from ..text.concepts import load_concepts
    from ..export.html_site import export_site
    from ..messages import fill, section
    from .common import load_graph

    lang = judge_lang(lang)
    words = section(lang, "export")
    with reported(lang):
        if not out.strip():
            raise IzvoriError("no output folder given", key="export_no_folder")
        graph, concepts = load_graph(lang), load_concepts()
        with progress_bar("html", lang) as progress:
            summary = export_site(graph, concepts, Path(out), force=force, progress=progress, lang=lang)
    if json_out:
        from ..serialize import site_json

        print_json(site_json(summary))
        return
    console().print(fill(
        words["wrote_html"], lang, pages=summary.pages, nodes=summary.nodes, size=summary.total_bytes / 1e6,
        index_size=summary.index_bytes / 1e6, out=out, seconds=summary.seconds, index=Path(out) / "index.html"))
    if summary.kept is not None:
        console().print(words["kept"].format(out=out, kept=summary.kept))
