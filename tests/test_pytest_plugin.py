"""The pytest plugin (hwdoctor/pytest_plugin.py), run by pytester in a pytest subprocess
that lives in a fake world: `--hw-require` stops a session before collection with
hwdoctor's reasons, `@pytest.mark.hardware` skips a test with them, the machine is probed
once per session (also across xdist workers) in a subprocess, and pytest's own processes
never import torch. Without the option or the marker the plugin does nothing at all.

Each fake world's npu package writes a line to a log when it is imported, which happens
only in a probe (torch loads it during `import torch`): the log counts the probes.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
from typing import Final

import pytest

from tests.conftest import ROOT, base_env
from tests.fakeworld import ASCEND, World

PROBE_LOG_ENV: Final = "HWDOCTOR_TEST_PROBE_LOG"
COUNT_PROBES: Final = textwrap.dedent(
    f"""
    import os as _os
    with open(_os.environ[{PROBE_LOG_ENV!r}], "a", encoding="utf-8") as _log:
        _log.write("%d\\n" % _os.getpid())
    """
)
# In each pytest process (the controller and every xdist worker), once, at its end: what
# it imported. (xdist workers finish their session but are not unconfigured; a session
# stopped in pytest_sessionstart is unconfigured but never finished.)
CONFTEST: Final = textwrap.dedent(
    """
    import os
    import sys

    _said = []


    def _say():
        if _said:
            return
        _said.append(True)
        heavy = sorted(m for m in ("torch", "transformers", "accelerate") if m in sys.modules)
        with open(os.environ["HWDOCTOR_TEST_IMPORTS"], "a", encoding="utf-8") as out:
            out.write("%d %s\\n" % (os.getpid(), ",".join(heavy) or "-"))


    def pytest_sessionfinish(session):
        _say()


    def pytest_unconfigure(config):
        _say()
    """
)


class Session:
    """A pytest project under pytester, run in a world, with what it left behind."""

    def __init__(self, pytester: pytest.Pytester, world: World, monkeypatch: pytest.MonkeyPatch):
        self.pytester = pytester
        self.log = world.root / "probes.log"
        self.imports = world.root / "imports.log"
        self.tmp = world.root / "tmp"
        self.tmp.mkdir()
        world.set_env(**{PROBE_LOG_ENV: str(self.log), "HWDOCTOR_TEST_IMPORTS": str(self.imports),
                         "TMPDIR": str(self.tmp)})  # fmt: skip
        for name, value in world.env(base_env()).items():
            monkeypatch.setenv(name, value)
        pytester.makeconftest(CONFTEST)

    def run(self, *args: str) -> pytest.RunResult:
        return self.pytester.runpytest_subprocess("-p", "no:cacheprovider", "-rs", *args)

    def probes(self) -> int:
        return len(self.log.read_text().splitlines()) if self.log.exists() else 0

    def heavy_imports(self) -> list[str]:
        lines = self.imports.read_text().splitlines()
        assert lines, "no pytest process reported its imports"
        return [line for line in lines if not line.endswith(" -")]


@pytest.fixture
def session(pytester: pytest.Pytester, world: World, monkeypatch: pytest.MonkeyPatch) -> Session:
    return Session(pytester, world, monkeypatch)


def npu(world: World, count: int = 2) -> World:
    """An Ascend NPU backend with `count` devices, 60 GiB free each, that logs its import."""
    return world.privateuse1("npu", devices=(ASCEND,) * count, extra_source=COUNT_PROBES)


MARKED: Final = textwrap.dedent(
    """
    import sys
    import pytest

    @pytest.mark.hardware("cuda")
    def test_needs_a_gpu():
        raise AssertionError("ran without a GPU")

    @pytest.mark.hardware("npu>=2", "memory>=40GiB")
    def test_needs_two_npus():
        pass

    @pytest.mark.hardware("npu>=4")
    class TestFourNpus:
        def test_one(self):
            raise AssertionError("ran with two NPUs")

    def test_needs_nothing():
        assert "torch" not in sys.modules
    """
)


def test_a_test_needing_what_is_not_here_is_skipped_with_the_reason(
    session: Session, world: World
) -> None:
    npu(world)
    session.pytester.makepyfile(test_marked=MARKED)
    result = session.run()
    result.assert_outcomes(passed=2, skipped=2)
    result.stdout.fnmatch_lines(
        [
            "SKIPPED [[]1[]] test_marked.py*: hwdoctor: needs cuda: no usable cuda device (*",
            "SKIPPED [[]1[]] test_marked.py*: hwdoctor: needs npu>=4: 2 usable npu device(s)",
        ],
        consecutive=False,
    )
    assert session.probes() == 1
    assert session.heavy_imports() == []


def test_hw_require_stops_the_session_before_collection(session: Session, world: World) -> None:
    session.pytester.makepyfile(test_never="raise SystemExit('collected')")
    result = session.run("--hw-require", "cuda>=2", "--hw-require", "torch>=2.6")
    assert result.ret == 1
    assert "collected" not in result.stdout.str() + result.stderr.str()
    result.stderr.fnmatch_lines(
        [
            "Exit: hwdoctor: this machine does not meet --hw-require:",
            "  needs cuda>=2: 0 usable cuda device(s) (NVIDIA GPU: CPU build; no hardware;*",
        ]
    )
    assert "torch>=2.6" not in result.stderr.str()  # met: not a reason
    # said once: pytest's own "Exit: ..." line, not again as "! _pytest.outcomes.Exit ... !"
    said = result.stdout.str() + result.stderr.str()
    assert said.count("this machine does not meet --hw-require") == 1, said
    assert "_pytest.outcomes" not in said
    assert session.heavy_imports() == []


def test_hw_require_met_runs_the_session_and_says_so(session: Session, world: World) -> None:
    npu(world)
    session.pytester.makepyfile(test_marked=MARKED)
    result = session.run("--hw-require", "npu>=2")
    result.assert_outcomes(passed=2, skipped=2)
    result.stdout.fnmatch_lines(["hwdoctor: npu>=2 met: 2 usable npu device(s)"])
    assert session.probes() == 1  # the markers used the session's evidence


def test_one_probe_for_every_xdist_worker(session: Session, world: World) -> None:
    npu(world)
    session.pytester.makepyfile(
        **{f"test_marked_{index}": MARKED for index in range(3)}
    )  # fmt: skip
    result = session.run("-n", "2")
    result.assert_outcomes(passed=6, skipped=6)
    assert session.probes() == 1
    reported = session.imports.read_text().splitlines()
    assert len(reported) == 3, reported  # the controller and two workers
    assert session.heavy_imports() == []
    result = session.run("-n", "2", "--hw-require", "npu")
    result.assert_outcomes(passed=6, skipped=6)
    assert session.probes() == 2  # one more session, one more probe
    assert list(session.tmp.iterdir()) == []  # the shared evidence went with its session


def test_a_marker_naming_another_package(session: Session, world: World) -> None:
    """A package the probe does not read by itself is read for the markers that name it."""
    world.package("fake_solver", "fake-solver", "1.4")
    session.pytester.makepyfile(
        test_package="""
        import pytest

        @pytest.mark.hardware("fake-solver>=2")
        def test_new_solver():
            pass

        @pytest.mark.hardware("fake-solver>=1.2", "absent-package")
        def test_old_solver():
            pass
        """
    )
    result = session.run()
    result.assert_outcomes(skipped=2)
    result.stdout.fnmatch_lines(
        [
            "SKIPPED [[]1[]] test_package.py:*: hwdoctor: needs fake-solver>=2: fake-solver 1.4",
            "SKIPPED [[]1[]] test_package.py:*: hwdoctor: needs absent-package: absent-package "
            "is not installed",
        ],
        consecutive=False,
    )


def test_malformed_requirements_are_usage_errors(session: Session) -> None:
    result = session.run("--hw-require", "cuda>=x")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "ERROR: --hw-require 'cuda>=x': a device count must be a whole number in ASCII "
            "digits (0-9), as in cuda>=1"
        ]
    )
    session.pytester.makepyfile(
        test_bad="""
        import pytest

        @pytest.mark.hardware("memory>=lots")
        def test_wrong_size():
            pass

        @pytest.mark.hardware()
        def test_nothing_named():
            pass
        """
    )
    result = session.run()
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(
        [
            "*hwdoctor: hardware: 'memory>=lots': expected memory>=SIZE, e.g. memory>=40GiB",
            "*hwdoctor: @pytest.mark.hardware takes requirement strings, as in *",
        ],
        consecutive=False,
    )
    assert session.probes() == 0


def test_a_count_in_other_digits_fails_only_its_own_test(session: Session, world: World) -> None:
    """`npu>=²` passed `str.isdigit()` and crashed float(): an INTERNALERROR that ended the
    whole session. A count is ASCII digits: the marker's test fails (a setup error naming
    the expression), the others run and are judged; `--hw-require` with it is a usage error."""
    npu(world)
    session.pytester.makepyfile(
        test_digits="""
        import pytest

        @pytest.mark.hardware("npu>=\u00b2")
        def test_superscript_two():
            pass

        @pytest.mark.hardware("npu>=\u0661")
        def test_arabic_indic_one():
            pass

        @pytest.mark.hardware("npu>=2")
        def test_two_npus():
            pass

        @pytest.mark.hardware("npu>=4")
        def test_four_npus():
            pass

        def test_plain():
            pass
        """
    )
    result = session.run()
    result.assert_outcomes(passed=2, skipped=1, errors=2)
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    result.stdout.fnmatch_lines(
        [
            "*hwdoctor: hardware: 'npu>=\u00b2': a device count must be a whole number in ASCII*",
            "*hwdoctor: hardware: 'npu>=\u0661': a device count must be a whole number in ASCII*",
        ],
        consecutive=False,
    )
    stopped = session.run("--hw-require", "npu>=\u00b2")
    assert stopped.ret == pytest.ExitCode.USAGE_ERROR
    assert "INTERNALERROR" not in stopped.stdout.str() + stopped.stderr.str()


def test_a_word_for_the_hardware_or_a_slip_fails_its_test_never_skips_it(
    session: Session, world: World
) -> None:
    """`cdua>=1` read as a package requirement was "cdua is not installed": skipped on every
    machine, the GPU ones included, and nothing failed. A word for the hardware (`gpu`,
    `nvidia`), a device string in capitals and a slip of the keyboard are errors of their
    own test, naming the device string to write; a name one letter from a device string
    that may be a package (cudf) is still a package requirement, skipped where it is not
    installed; `--hw-require` with any of them is a usage error."""
    npu(world)
    session.pytester.makepyfile(
        test_words="""
        import pytest

        @pytest.mark.hardware("cdua>=1")
        def test_slip():
            pass

        @pytest.mark.hardware("gpu")
        def test_gpu():
            pass

        @pytest.mark.hardware("ascend>=2")
        def test_ascend():
            pass

        @pytest.mark.hardware("NPU")
        def test_capitals():
            pass

        @pytest.mark.hardware("cudf")
        def test_rapids():
            pass

        @pytest.mark.hardware("npu>=2")
        def test_two_npus():
            pass
        """
    )
    result = session.run()
    result.assert_outcomes(passed=1, skipped=1, errors=4)
    result.stdout.fnmatch_lines(
        [
            "*hwdoctor: hardware: 'cdua>=1': 'cdua' is not a device string (did you mean 'cuda'?)",
            "*hwdoctor: hardware: 'gpu': 'gpu' names several device strings (cuda, *): write the"
            " one you need",
            "*hwdoctor: hardware: 'ascend>=2': 'ascend' is a word for the hardware, not a device"
            " string: write 'npu', as in npu>=1",
            "*hwdoctor: hardware: 'NPU': device strings are lower case: 'npu'",
        ],
        consecutive=False,
    )
    assert "cudf is not installed" in result.stdout.str()
    for typed, said in (
        ("gpu", "'gpu' names several device strings"),
        ("nueron", "'nueron' is not a device string (did you mean 'neuron'?)"),
    ):
        stopped = session.run("--hw-require", typed)
        assert stopped.ret == pytest.ExitCode.USAGE_ERROR
        assert f"ERROR: --hw-require '{typed}': {said}" in stopped.stderr.str()


# In this process, where tempfile's directory is made unusable: capture in memory.
INPROCESS: Final = ("-p", "no:cacheprovider", "-rs", "--capture=sys")


def test_hwdoctor_unable_to_probe_stops_the_session_with_exit_3(
    session: Session, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the session's evidence cannot be kept (here: the temporary directory is a
    file), --hw-require stops with hwdoctor's one line, and a marked test errors with it."""
    not_a_directory = world.root / "not-a-directory"
    not_a_directory.write_text("")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_directory))
    session.pytester.makepyfile(
        test_marked="""
        import pytest

        @pytest.mark.hardware("cuda")
        def test_needs_a_gpu():
            pass
        """
    )
    stopped = session.pytester.runpytest_inprocess(*INPROCESS, "--hw-require", "cuda")
    assert stopped.ret == 3
    assert "Exit: hwdoctor could not check --hw-require: cannot make " in stopped.stderr.str()
    assert "_pytest.outcomes" not in stopped.stdout.str() + stopped.stderr.str()
    errored = session.pytester.runpytest_inprocess(*INPROCESS)
    errored.assert_outcomes(errors=1)
    errored.stdout.fnmatch_lines(["*hwdoctor could not check hardware('cuda',): cannot make *"])
    assert session.probes() == 0


def test_inert_unless_asked(session: Session, world: World) -> None:
    """No option and no marker: no probe, no directory, none of hwdoctor beyond the plugin
    and the package facade's version leaf (hwdoctor/project.py, constants only)."""
    npu(world)
    session.pytester.makepyfile(
        test_plain="""
        import sys

        def test_plain():
            loaded = sorted(m for m in sys.modules if m.startswith("hwdoctor"))
            assert loaded == ["hwdoctor", "hwdoctor.project", "hwdoctor.pytest_plugin"], loaded
        """
    )
    result = session.run("-n", "2")
    result.assert_outcomes(passed=1)
    assert session.probes() == 0
    assert list(session.tmp.iterdir()) == []
    assert "hwdoctor:" not in result.stdout.str()


def test_list_never_loads_the_plugin() -> None:
    """`hwdoctor list` pays nothing for the plugin: pytest reads the entry point, not
    hwdoctor."""
    code = (
        "import sys\n"
        "from hwdoctor.cli import main\n"
        "try:\n"
        "    main(['list'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "names = ('pytest', '_pytest', 'hwdoctor.pytest_plugin')\n"
        "loaded = [m for m in names if m in sys.modules]\n"
        "sys.stderr.write('LOADED=' + ','.join(loaded))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               env=base_env(), cwd=ROOT, timeout=120, check=False)  # fmt: skip
    assert completed.stderr.rsplit("LOADED=", 1)[-1] == "", completed.stderr
