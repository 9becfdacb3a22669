"""Reading a release a judge downloads (izvori_rules/history/userdata.py): encodings and line ends as the
archive's README normalises them, and the checks that refuse what is not a release."""

from __future__ import annotations

import pytest

from izvori_rules.errors import IzvoriError, NotARelease
from izvori_rules.history.userdata import check_release, decode_release

TEXT = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of August 7, 2026.\n\nIt’s — ok\n"


@pytest.mark.parametrize(("raw", "encoding"), [
    (TEXT.encode("utf-8"), "UTF-8"),
    (b"\xef\xbb\xbf" + TEXT.replace("\n", "\r\n").encode("utf-8"), "UTF-8 with BOM"),
    (TEXT.replace("\n", "\r\n").encode("utf-16"), "UTF-16"),
    (b"\xfe\xff" + TEXT.replace("\n", "\r").encode("utf-16-be"), "UTF-16"),
    (TEXT.encode("cp1252"), "Windows-1252"),  # 0x92 is ’ and 0x97 — in cp1252 (2014-02-01 to 2018-10-05)
], ids=["utf8", "utf8-bom-crlf", "utf16le-crlf", "utf16be-cr", "cp1252"])
def test_every_encoding_wizards_used_reads_back_as_the_same_text(raw: bytes, encoding: str) -> None:
    assert decode_release(raw, "f.txt") == (TEXT, encoding)


def test_a_binary_file_is_refused() -> None:
    with pytest.raises(NotARelease, match="not a text file"):
        decode_release(b"PK\x03\x04\x00\x00binary", "rules.docx")


def test_a_text_without_a_date_line_is_refused() -> None:
    with pytest.raises(NotARelease, match="no line"):
        check_release("Magic rules\n\n100.1. These Magic rules apply to any Magic game.\n", "notes.txt")


def test_not_a_release_is_one_of_the_librarys_errors() -> None:
    # the CLI's one handler (cli.common.reported) says an IzvoriError and exits with its status: 2, bad input
    assert issubclass(NotARelease, IzvoriError) and NotARelease.__module__ == "izvori_rules.errors"
    assert NotARelease.exit_code == 2
