"""Write hwdoctor's shell completion scripts into this folder, from the Typer app itself.

    python completions/generate.py [DIR]      (or: make completions)

The scripts are thin: on TAB the shell asks `hwdoctor` itself (through _HWDOCTOR_COMPLETE)
for commands, options and device strings, so they follow the app; a test fails when the
committed files differ from what this prints.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SHELLS = {"bash": "hwdoctor.bash", "zsh": "hwdoctor.zsh", "fish": "hwdoctor.fish",
          "powershell": "hwdoctor.ps1"}  # fmt: skip
FOOTER = "# Generated from the hwdoctor app by completions/generate.py (`make completions`).\n"


def script(shell: str) -> str:
    # Typer's switch for naming the shell instead of detecting the running one.
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    completed = subprocess.run(
        [sys.executable, "-m", "hwdoctor", "--show-completion", shell],
        capture_output=True, text=True, env=env, check=True, timeout=60,
    )  # fmt: skip
    return completed.stdout.rstrip("\n") + "\n\n" + FOOTER


def main(argv: list[str]) -> int:
    target = Path(argv[1]) if len(argv) > 1 else Path(__file__).parent
    target.mkdir(parents=True, exist_ok=True)
    for shell, name in SHELLS.items():
        (target / name).write_text(script(shell), encoding="utf-8")
        print(f"wrote {target / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
