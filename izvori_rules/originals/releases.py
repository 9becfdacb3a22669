"""The English release each numbered translation renders (issue 15), kept apart so that a cold ``lookup`` can
name it without importing the linking code."""

from __future__ import annotations

# cs-cr and ru-cr by number, sr-judge renumbered through its chapter map; some sr-judge passages follow the
# neighbouring releases (RENUMBERED: where the linker also looks).
TRANSLATES = {"cs-cr": "2003-03-15", "sr-judge": "2006-10-01", "ru-cr": "2019-05-03"}
RENUMBERED = {"sr-judge": ("2006-07-15", "2007-02-01")}
