"""Sources of misbehaving extension packages, shared by the runner tests
(tests/test_runner.py) and the fault matrix (tests/test_faults.py)."""

from __future__ import annotations

SLEEPER = ("sleep", "1002")

JUNK_ON_THE_CHANNEL = """
import json, sys
_channel = json.loads(sys.argv[1])["channel"]
with open(_channel, "ab") as _stream:
    _stream.write(b"hi\\n")  # no event
    _stream.write(b"[" * 100000 + b"\\n")  # nested beyond any parser
    _stream.write(b'{"e": "fact", "key": "' + b"x" * (5 << 20) + b'"}\\n')  # 5 MiB
    _stream.write(b'{"e": "end", "step": 7, "ok": "yes"}\\n')  # an event of the wrong shape
    _stream.write(b'{"e": "fact", "key": "torn", "val')  # and a torn line
"""
SETPGRP_SLEEPER_THEN_HANG = f"""
import os, subprocess, time
# leaves the probe's process group, and holds its stdout and stderr open
subprocess.Popen({list(SLEEPER)!r}, preexec_fn=os.setpgrp)


def _sleep_forever():
    while True:
        time.sleep(3600)


_sleep_forever()
"""
SETSID_DAEMON = f"""
import subprocess
# a session of its own, holding the probe's stdout and stderr, alive after the probe ends
subprocess.Popen({list(SLEEPER)!r}, start_new_session=True)
"""
BLOCKING_STDOUT_FLUSH = """
import sys, time


class _BlockingStdout:
    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        return self._stream.write(text)

    def flush(self):
        while True:  # a pipe no one reads, a terminal on hold
            time.sleep(3600)


sys.stdout = _BlockingStdout(sys.stdout)
"""
CHATTER_THEN_HANG_IN_MANUAL_SEED = """
import sys, threading, time


def _beat():
    while True:
        sys.stderr.write("beat\\n")
        sys.stderr.flush()
        time.sleep(0.5)


def _autoload():
    import torch

    def _manual_seed_hangs(seed):
        while True:
            time.sleep(3600)

    torch.manual_seed = _manual_seed_hangs
    threading.Thread(target=_beat, daemon=True).start()
"""
