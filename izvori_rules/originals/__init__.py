"""The English originals of the translations (issue 16): which English rule each translated node renders.

Below the concordance and above the text analysis: :mod:`.content` compares a translated text with an English
one (numbers, cited rules, keyword concepts, length), :mod:`.align` aligns two chapters in order,
:mod:`.chapters` reads sr-judge's chapter map, :mod:`.link` links a whole translation, :mod:`.generate` makes
the committed tables and :mod:`.table` reads them back for the graph.
"""
