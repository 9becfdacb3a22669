"""Exports of the rule graph: one XML document (with its RELAX NG schema) and the static HTML rulebook."""
