"""Order-preserving alignment of two rule sequences (a chapter of a translation and its English chapter).

A translation renders its original in order, rule after rule; where it drops, merges or reorders rules the
numbers drift, but the order mostly holds. :func:`align_in_order` finds the matching of the two sequences that
keeps their order and gives the greatest total of ``score - threshold`` over matched pairs (a pair under the
threshold is never matched), as Needleman–Wunsch does with a gap cost of zero.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def align_in_order(left: Sequence[str], right: Sequence[str], score: Callable[[str, str], float],
                   threshold: float) -> list[tuple[str, str, float]]:
    """The order-preserving matching of ``left`` and ``right`` with the best total margin over ``threshold``."""
    n, m = len(left), len(right)
    scores = [[score(a, b) for b in right] for a in left]
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = best[i], best[i + 1]
        for j in range(m - 1, -1, -1):
            value = max(below[j], row[j + 1])
            gain = scores[i][j] - threshold
            if gain > 0:
                value = max(value, gain + below[j + 1])
            row[j] = value
    out: list[tuple[str, str, float]] = []
    i = j = 0
    while i < n and j < m:
        gain = scores[i][j] - threshold
        if gain > 0 and abs(best[i][j] - (gain + best[i + 1][j + 1])) < 1e-12:
            out.append((left[i], right[j], scores[i][j]))
            i, j = i + 1, j + 1
        elif abs(best[i][j] - best[i + 1][j]) < 1e-12:
            i += 1
        else:
            j += 1
    return out
