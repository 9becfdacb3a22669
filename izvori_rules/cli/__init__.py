"""The ``izvori-judge`` command line: a thin typer app (:mod:`.application`). Each command module parses its
arguments, calls one library function and renders the result; heavy libraries (whoosh, lxml, yaml, the engine)
are imported inside command bodies. Library errors become a message and an exit status in one place,
:func:`izvori_rules.cli.common.reported`.

Start-up: ``main`` first offers the command line to :mod:`.fast`, which runs the commonest call (``lookup REF...``,
with or without ``--json``) without importing typer and click (a third of a cold start); everything else, help
included, goes through the typer app, which is only built when it is needed (``app`` is loaded on first use).
"""

from __future__ import annotations

import contextlib
import errno
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from typer import Typer

    app: Typer


def __getattr__(name: str) -> Any:
    if name == "app":
        from .application import app

        globals()["app"] = app
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console entry point: standard output and error fold what their encoding cannot write (see
    :mod:`.terminal`) instead of raising. The process ends when it returns (:func:`_ending`)."""
    from .fast import run_fast
    from .terminal import guard_encodings

    guard_encodings()
    try:
        try:
            if sys.stdout is None:  # started with standard output closed (``>&-``): no answer can be printed
                raise OSError(errno.EBADF, "standard output is closed")
            status = run_fast(sys.argv[1:])
            if status is not None:
                sys.exit(status)
            _run_app()
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # a full disk fails here, where it is reported, not in the interpreter's exit
    except OSError as exc:
        _output_failed(exc)
    except KeyboardInterrupt:  # Ctrl-C on the fast path: status 130 and no traceback, as typer's commands end
        sys.exit(130)
    finally:
        _ending()


def _run_app() -> None:
    """Run the typer app. Typer meets a broken pipe with its own quiet ``sys.exit(1)``, after wrapping standard
    output so that the last flush cannot fail, and rich (typer's help) with its own, raised while handling the
    ``BrokenPipeError``; that wrapping, or that error, is how the broken pipe is told from a "not found" (status
    1), and it is passed on as the ``OSError`` it was, to be reported as every output failure is."""
    from .application import app

    stdout = sys.stdout
    try:
        app(prog_name="izvori-judge")
    except SystemExit as exc:
        if sys.stdout is stdout and not isinstance(exc.__context__, BrokenPipeError):
            raise
        sys.stdout = stdout
        raise BrokenPipeError(errno.EPIPE, "standard output is a broken pipe") from None


def _output_failed(exc: OSError) -> NoReturn:
    """Standard output could not be written (closed, a full disk, a device error): one line on standard error
    and exit status 2 instead of a traceback. A reader that stopped early (``| head -1``, a broken pipe) gets
    status 2 too, but no line: it wanted no more, as ``yes | head -1`` shows. What is still buffered is dropped
    (descriptor 1 is pointed at ``os.devnull``), so that the interpreter's last flush does not fail again. An
    ``OSError`` that escaped the library with a file name (a bug: the library raises its own errors) is one line
    naming the file, too."""
    import os

    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if exc.errno == errno.EPIPE:
        sys.exit(2)
    from .terminal import plain

    where = f"{plain(str(exc.filename))}: " if exc.filename else "cannot write the answer: "
    if sys.stderr is not None:
        sys.stderr.write(f"error: {where}{exc.strerror or exc}\n")
    sys.exit(2)


def _ending() -> None:
    """Spare the process the interpreter's last garbage collection: at exit it walks every object the imports
    made (modules, classes, functions) for cycles that an ending process need not free, some milliseconds of a
    cold command (issue 14; a command on the fast path has frozen them already, :func:`.fast._no_collector`).
    ``gc.freeze`` moves them out of its sight; objects are still released as the modules are cleared, and files
    and streams are closed and flushed as always."""
    import gc

    gc.freeze()
