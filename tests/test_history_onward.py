"""The originals' lineage carried on into added releases (issues 15 and 16), on hand-made alignments: a rule
the aligner kept, changed, renumbered, removed, and a rule removed before whose successor moves on."""

from __future__ import annotations

from izvori_rules.history.align import Alignment, Link
from izvori_rules.history.onward import carry_on, hop
from izvori_rules.originals.lineage import Step

NEWEST, ADDED, LATER = "2026-08-07", "2026-09-25", "2026-11-14"

# rule 702.19b of 2019-05-03 in the packaged newest, as lineage.tsv has it (changed 2020-04-17 and 2023-04-14)
TRAMPLE = Step("2019-05-03", "702.19b", NEWEST, "702.19b", "changed", ("2020-04-17", "2023-04-14"),
               path=("2019-05-03:702.19b", f"{NEWEST}:702.19b"))
# 502.9d of 2006-10-01 was removed in 2009-07-11; its nearest successor in the packaged newest is 702.19b
REMOVED = Step("2006-10-01", "502.9d", NEWEST, "", "removed", (), "2009-07-11", "702.19b",
               ("2006-10-01:502.9d", "2009-05-01:502.9d"))
SAME = Step("2019-05-03", "702.19a", NEWEST, "702.19a", "same", path=("2019-05-03:702.19a", f"{NEWEST}:702.19a"))
LINEAGE = {(s.release, s.id, s.target): s for s in (TRAMPLE, REMOVED, SAME)}


def _carried(*alignments: tuple[str, tuple[Link, ...]]) -> dict[tuple[str, str, str], Step]:
    return carry_on(LINEAGE, NEWEST, [hop(date, Alignment(links, False)) for date, links in alignments])


def test_a_change_in_an_added_release_is_dated_and_the_rest_stays_as_it_was() -> None:
    out = _carried((ADDED, (Link("702.19a", "702.19a", "same"), Link("702.19b", "702.19b", "changed", 0.9))))
    trample = out[("2019-05-03", "702.19b", ADDED)]
    assert (trample.to_id, trample.status, trample.changed_in) == ("702.19b", "changed",
                                                                   ("2020-04-17", "2023-04-14", ADDED))
    assert trample.path == ("2019-05-03:702.19b", f"{ADDED}:702.19b")
    same = out[("2019-05-03", "702.19a", ADDED)]
    assert (same.to_id, same.status, same.changed_in) == ("702.19a", "same", ())
    assert out[("2006-10-01", "502.9d", ADDED)].successor == "702.19b"
    assert LINEAGE.items() <= out.items()  # the steps to the packaged releases are kept


def test_a_renumbering_then_a_removal_follow_the_successor() -> None:
    out = _carried((ADDED, (Link("702.19a", "702.19a", "same"), Link("702.19b", "702.19c", "same"))),
                   (LATER, (Link("702.19a", None, "removed", 0.0, "702.19c"), Link("702.19c", "702.19c", "same"))))
    trample = out[("2019-05-03", "702.19b", LATER)]
    assert (trample.to_id, trample.status) == ("702.19c", "renumbered")
    assert trample.path == ("2019-05-03:702.19b", f"{ADDED}:702.19c", f"{LATER}:702.19c")
    gone = out[("2019-05-03", "702.19a", LATER)]
    assert (gone.to_id, gone.status, gone.removed_in, gone.successor) == ("", "removed", LATER, "702.19c")
    assert out[("2006-10-01", "502.9d", LATER)].successor == "702.19c"
    assert ("2019-05-03", "702.19b", ADDED) not in out  # only the newest release is "today"


def test_no_added_release_leaves_the_lineage_as_it_is() -> None:
    assert carry_on(LINEAGE, NEWEST, []) == LINEAGE


# --- the judge's corrections reach an added release too (corpus/history_corrections.tsv) ------------------------

def _corpus_with_rows(tmp_path, rows: str):
    """A corpus folder that is the packaged one but for the corrections table, which gains ``rows``."""
    from izvori_rules.corpus import corpus_dir

    root = tmp_path / "corpus"
    root.mkdir(parents=True)
    for item in corpus_dir().iterdir():
        if item.name != "history_corrections.tsv":
            (root / item.name).symlink_to(item)
    table = (corpus_dir() / "history_corrections.tsv").read_text(encoding="utf-8")
    (root / "history_corrections.tsv").write_text(table + rows, encoding="utf-8")
    return root


def _added(tmp_path, monkeypatch) -> None:
    """The packaged newest release, dated 2026-09-25 and kept in a data folder as ``corpus add`` keeps it."""
    from izvori_rules.cr_releases import release_text
    from izvori_rules.history.family import cr_folder

    monkeypatch.setenv("IZVORI_JUDGE_DATA", str(tmp_path / "data"))
    folder = tmp_path / "data" / "cr-releases"
    folder.mkdir(parents=True)
    text = release_text(NEWEST, cr_folder()).replace("These rules are effective as of August 7, 2026.",
                                                     "These rules are effective as of September 25, 2026.")
    (folder / f"{ADDED}.txt").write_text(text, encoding="utf-8")


# A row a judge might write for a release of their own: 702.19b of the packaged newest said no more in 2026-09-25,
# its nearest successor 702.19c (the texts are the same here, so only the row can make it removed).
ROW = f"{ADDED}\t702.19b\tremoved\t702.19c\tread in both releases\n"


def test_an_added_release_has_the_rows_of_its_date_so_a_changed_row_rebuilds_the_history_from_it(
        tmp_path, monkeypatch) -> None:
    from izvori_rules.history.sources import release_sources

    _added(tmp_path, monkeypatch)
    sources = {s.date: s for s in release_sources(_corpus_with_rows(tmp_path, ROW))}
    assert [(f.old, f.change, f.new) for f in sources[ADDED].fixes] == [("702.19b", "removed", ("702.19c",))]
    assert sources[ADDED].key != sources[ADDED].sha  # the store's key of the release counts the row
    assert sources[NEWEST].fixes == ()


def test_the_lineage_carried_into_an_added_release_follows_its_corrections(tmp_path, monkeypatch) -> None:
    from izvori_rules.history.onward import onward_lineage

    _added(tmp_path, monkeypatch)
    plain = onward_lineage(LINEAGE, _corpus_with_rows(tmp_path / "plain", ""))[("2019-05-03", "702.19b", ADDED)]
    assert (plain.status, plain.to_id) == ("changed", "702.19b")  # the same text: the aligner keeps it
    out = onward_lineage(LINEAGE, _corpus_with_rows(tmp_path, ROW))
    trample = out[("2019-05-03", "702.19b", ADDED)]
    assert (trample.status, trample.to_id, trample.removed_in, trample.successor) == ("removed", "", ADDED, "702.19c")
