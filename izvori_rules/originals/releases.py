"""Where the linker looks besides the release a translation renders (the manifest's ``translates``).

Some sr-judge passages keep the wording of the release before 2006-10-01 or take that of the one after
(issue 16: C10.26, F1.41 and F7.61 keep 2006-07-15, E4.82 is 2007-02-01's 503.10b).
"""

from __future__ import annotations

RENUMBERED = {"sr-judge": ("2006-07-15", "2007-02-01")}


def release_of(translates: str | None) -> str | None:
    """``2019-05-03`` for a manifest's ``translates = "cr-2019-05-03"``."""
    return translates.removeprefix("cr-") if translates and translates.startswith("cr-") else None
