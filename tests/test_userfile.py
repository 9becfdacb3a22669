"""Reading a user's file: bounded whatever the file system says its size is, and decoded from the encodings
judges' files come in (issue 11: cp1250, koi8-r and UTF-16 files were refused, /dev/zero read without end)."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest

from izvori_rules.errors import DeckFileError, IzvoriError
from izvori_rules.userfile import decode_text, guess_eight_bit, read_user_file

# sr-judge D19.51 is headed "Nivoi" (line 2694); ru-cr 702.19b is a trample rule; the Serbian Cyrillic text is
# the same sentence transliterated.
SERBIAN_LATIN = "Vidi pravilo D19.51: vrednosti svojstava objekta se određuju. Razbijač, šuma, žaba, ćup, čarolija."
SERBIAN_CYRILLIC = "Види правило Д19.51: вредности својстава објекта се одређују. Разбијач, шума, жаба, ћуп."
RUSSIAN = "См. правило 702.19b: существо с пробивным ударом распределяет боевые повреждения."
CZECH = "Viz pravidlo 702.19b: útočící bytost s přetékajícím poškozením přidělí zbytek hráči."


@pytest.mark.parametrize("text, codec", [
    (SERBIAN_LATIN, "cp1250"), (CZECH, "cp1250"), (SERBIAN_CYRILLIC, "cp1251"), (RUSSIAN, "cp1251"),
    (RUSSIAN, "koi8_r"),
], ids=["sr-latin-cp1250", "cs-cp1250", "sr-cyrillic-cp1251", "ru-cp1251", "ru-koi8-r"])
def test_eight_bit_code_pages_are_told_apart(text: str, codec: str) -> None:
    assert guess_eight_bit(text.encode(codec)) == (codec, text)


@pytest.mark.parametrize("raw", [
    SERBIAN_LATIN.encode("utf-8"), codecs.BOM_UTF8 + SERBIAN_LATIN.encode("utf-8"),
    codecs.BOM_UTF16_LE + SERBIAN_LATIN.encode("utf-16-le"), codecs.BOM_UTF16_BE + SERBIAN_LATIN.encode("utf-16-be"),
    SERBIAN_LATIN.encode("cp1250"),
], ids=["utf-8", "utf-8-bom", "utf-16-le", "utf-16-be", "cp1250"])
def test_every_encoding_reads_the_same_text(raw: bytes) -> None:
    assert decode_text(raw, "file") == SERBIAN_LATIN


@pytest.mark.parametrize("raw", [b"4 Grom\r\n4 Rosna Vila\r\n", b"4 Grom\r4 Rosna Vila\r", b"4 Grom\n4 Rosna Vila\n"],
                         ids=["windows", "old-mac", "unix"])
def test_every_editors_line_ends_are_newlines(raw: bytes) -> None:
    # a lone \r (old Mac editors) was kept: a deck list saved so was one line, all its cards unread
    assert decode_text(raw, "deck.txt") == "4 Grom\n4 Rosna Vila\n"


@pytest.mark.parametrize("raw", [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", codecs.BOM_UTF16_LE + b"\x00bad",
                                 "D19.51".encode("utf-16-le")],
                         ids=["png", "bom-then-binary", "utf-16-without-bom"])
def test_binary_files_are_refused_naming_the_encodings_read(raw: bytes) -> None:
    with pytest.raises(DeckFileError, match="not a text file: the deck list is read in UTF-8, .* or KOI8-R"):
        decode_text(raw, "deck.txt", "the deck list", DeckFileError)


def test_a_device_that_never_ends_is_refused_after_the_limit() -> None:
    with pytest.raises(IzvoriError, match="too large"):
        read_user_file("/dev/zero", 4096, "the text")


def test_a_file_one_byte_over_the_limit_is_refused_and_one_at_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "text.txt"
    path.write_bytes(b"a" * 100)
    assert read_user_file(path, 100, "the text") == "a" * 100
    with pytest.raises(IzvoriError, match=r"too large \(more than 99 bytes\)"):
        read_user_file(path, 99, "the text")


def test_a_fifo_without_a_writer_is_an_empty_file_not_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert read_user_file(fifo, 100, "the text") == ""


@pytest.mark.parametrize("name, message", [("", "no file given"), ("missing.txt", "cannot read the text"),
                                           (".", "it is a folder"), ("a\0b", "not a file name")],
                         ids=["empty", "missing", "folder", "nul-in-name"])
def test_unreadable_names_are_errors(name: str, message: str) -> None:
    with pytest.raises(IzvoriError, match=message):
        read_user_file(name, 100, "the text")
