"""Issue 38 (s18-audiopy): torchaudio's FFmpeg integration without FFmpeg's libraries, read from
real recordings (backend.torchaudio_backend_missing, its ffmpeg variant).

torchaudio 0.12 to 2.0 load FFmpeg 4 and say "FFmpeg libraries are not found. Please install
FFmpeg." (torchaudio/_extension.py _init_ffmpeg; PaddleSpeech prints the same words, so a
torchaudio frame must be beside them); from 2.1 torchaudio (torio from 2.2) tries FFmpeg 6, 5
and 4 and says "Failed to intialize FFmpeg extension" when none loads, each failure logged at
DEBUG. FFmpeg's own library missing (libavutil.so.56) where torio logged a failure is the same
cause, and the loader's lines for torio's extensions are named by it, not as a package's
missing library.
"""

from __future__ import annotations

import pytest

from tests.test_mac_asked_cuda import ERRORS, detect

# file: (the words the message quotes, a line the finding rests on)
NAMED = {
    "audio3016-windows-torchaudio-streamreader-ffmpeg-libraries-not-found.md": (
        "FFmpeg libraries are not found. Please install FFmpeg.",
        1,
    ),
    "comfystream44-torio-failed-to-intialize-ffmpeg-extension-ffmpeg-7.1.md": (
        "ImportError: Failed to intialize FFmpeg extension. Tried versions",
        34,
    ),
    "mmaudio6-windows-torio-title-failed-to-intialize-ffmpeg-extension.md": (
        "Failed to intialize FFmpeg extension",
        16,
    ),
    "dddmvc10-zh-torio-libavutil-so-56-not-found.md": (
        "OSError: libavutil.so.56: cannot open shared object file",
        6,
    ),
}
CODE = "backend.torchaudio_backend_missing"


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_torchaudio_without_ffmpeg_is_named(name: str) -> None:
    words, line = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1
    found = [f for f in data["findings"] if f["code"] == CODE]
    assert found, data["findings"]
    assert found[0]["message"].startswith("torchaudio's FFmpeg integration loaded no FFmpeg")
    assert words in found[0]["message"], found[0]["message"]
    assert line in [q["line"] for q in found[0]["rests_on"]]
    assert not data["unread"]
    # the loader's lines for FFmpeg's libraries and torio's extensions are this finding's
    assert "host.shared_library_missing" not in [f["code"] for f in data["findings"]]
    assert "variant" not in found[0]


def test_the_majors_are_the_tables_rows_where_no_release_is_shown() -> None:
    _, data = detect(
        ERRORS / "audio3016-windows-torchaudio-streamreader-ffmpeg-libraries-not-found.md"
    )
    found = next(f for f in data["findings"] if f["code"] == CODE)
    assert "torchaudio 2.1 and newer load FFmpeg 6, 5 or 4" in found["message"]
    assert "0.12 to 2.0 load FFmpeg 4 (4.1 to 4.4)" in found["message"]
    # FFmpeg 4.4 is in both rows; conda-forge's line only for a conda environment
    assert "ffmpeg>=4.4,<5" in found["advice"]
    assert "conda-forge's ffmpeg below 7" in found["advice"]  # a command only by the chooser
    assert found["remedy"] is None
