"""Exit codes and hwdoctor's own error types, turned into one-line messages in one place."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Documented in docs/output.md ("Exit codes"); CI jobs depend on them."""

    OK = 0  # nothing failed
    PROBLEM = 1  # a finding failed, a requirement is not met, a load did not work
    USAGE = 2  # bad command line
    INTERNAL = 3  # a bug in hwdoctor
    OUTPUT = 4  # standard output is closed or cannot be written (a full disk, /dev/full)
    INTERRUPTED = 130  # Ctrl-C


class HwdoctorError(Exception):
    """An error hwdoctor reports as one line, with an exit code and an optional hint."""

    exit_code: ExitCode = ExitCode.INTERNAL

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageError(HwdoctorError):
    """The command line asks for something impossible: exit 2, nothing probed."""

    exit_code = ExitCode.USAGE


class ProblemError(HwdoctorError):
    """The machine or the environment is not what the command needs: exit 1."""

    exit_code = ExitCode.PROBLEM


class OutputError(HwdoctorError):
    """Standard output is closed or refuses what hwdoctor writes: exit 4; the report is lost,
    so the one line goes to stderr and no JSON envelope is attempted."""

    exit_code = ExitCode.OUTPUT
