"""The decision tables by library release: every release read selects one table of each
decision, the releases around them none (explain then observes instead of predicting), and
the boundaries fall where the libraries' code changed."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Final

import pytest

from hwdoctor import rules
from hwdoctor.model.decisions import Standing
from hwdoctor.rules import provenance, tables
from hwdoctor.rules.engine import Inputs, Table, select
from tests.evidence import cpu_host, usable

RELEASES: Final = Path(__file__).parent / "data" / "releases"
BY_LIBRARY: Final = {
    "transformers": (tables.TRAINING_ARGUMENTS, tables.PIPELINE),
    "accelerate": (tables.PARTIAL_STATE_DEFAULT, tables.DISTRIBUTED_BACKEND,
                   tables.DEVICE_MAP_FAMILY, tables.DEVICE_MAP_HOST_TIER),
}  # fmt: skip


def releases(library: str) -> list[str]:
    return (RELEASES / f"{library}.txt").read_text(encoding="utf-8").split()


@pytest.mark.parametrize("library", list(BY_LIBRARY))
def test_every_release_read_selects_exactly_one_table(library: str) -> None:
    seen = releases(library)
    assert len(seen) >= 20
    for decision in BY_LIBRARY[library]:
        for version in seen:
            matching = [t for t in decision if rules.versions.satisfies(version, t.versions)]
            assert len(matching) == 1, (decision[0].title, version, matching)
            assert select(decision, version) is matching[0]


@pytest.mark.parametrize(
    ("library", "version"), [("transformers", "4.45.2"), ("accelerate", "0.34.2")]
)
def test_releases_older_than_every_table_are_not_guessed(library: str, version: str) -> None:
    for decision in BY_LIBRARY[library]:
        assert select(decision, version) is None
        assert rules.table_for(decision, version) is None
    given = Inputs(backends={}, env={}, **{f"{library}_version": version})  # type: ignore[arg-type]
    assert rules.uncovered(given) == ((library, version),)
    assert [c.standing for c in rules.coverage(given)] == [Standing.OLDER]


def _newer_than_read(library: str) -> list[tuple[str, str]]:
    """Releases past the newest one read (a minor, its dev build, a major, a release
    candidate), worked out from provenance.json, so `make refresh` recording a release
    moves them along instead of turning them into releases read."""
    major, minor = (int(part) for part in provenance.libraries()[library].newest.split(".")[:2])
    return [
        (library, f"{major}.{minor + 1}.0"),
        (library, f"{major}.{minor + 1}.0.dev0"),
        (library, f"{major + 1}.0.0"),
        (library, f"{major + 1}.0.0rc1"),
    ]


@pytest.mark.parametrize(
    ("library", "version"), _newer_than_read("transformers") + _newer_than_read("accelerate")
)
def test_releases_newer_than_every_table_are_predicted_with_the_newest_read(
    library: str, version: str
) -> None:
    """A release newer than every release read gets the tables of the newest release read,
    flagged as newer; nothing is refused and nothing is observed in its place."""
    newest = provenance.libraries()[library].newest
    for decision in BY_LIBRARY[library]:
        assert rules.table_for(decision, version) is select(decision, newest)
    given = Inputs(backends={}, env={}, **{f"{library}_version": version})  # type: ignore[arg-type]
    assert rules.uncovered(given) == ()
    (newer,) = rules.newer(given)
    assert (newer.library, newer.version, newer.newest) == (library, version, newest)
    assert rules.training(given).device and rules.accelerate_state(given).device


def test_rows_for_a_release_wait_until_it_is_recorded_as_read() -> None:
    """Rows written for accelerate 1.16 take effect once 1.16.0 is in provenance.json (make
    refresh writes it after the fidelity matrix agreed): before, 1.16.0 is predicted with
    1.15's rows, as any newer release is."""
    with provenance.assumed("accelerate", "1.15.0"):
        table = rules.table_for(tables.PARTIAL_STATE_DEFAULT, "1.16.0")
        assert table is not None and "mps" in _steps(table)
    table = rules.table_for(tables.PARTIAL_STATE_DEFAULT, "1.16.0")
    assert table is not None and _steps(table) == [
        "ACCELERATE_TORCH_DEVICE", "xla", "accelerator", "cpu"
    ]  # fmt: skip


def test_an_assumption_lasts_until_its_own_block_ends() -> None:
    """make refresh judges its worlds side by side, each under the same assumption: one
    world's block ending (first, A, then B, not nested) leaves the other's standing."""
    with contextlib.ExitStack() as outer:
        second = outer.enter_context(contextlib.ExitStack())
        with contextlib.ExitStack() as first:
            first.enter_context(provenance.assumed("accelerate", "1.15.0"))
            second.enter_context(provenance.assumed("accelerate", "1.15.0"))
        # the first block has ended; the second, entered after it, stands
        assert provenance.libraries()["accelerate"].newest == "1.15.0"
        table = rules.table_for(tables.PARTIAL_STATE_DEFAULT, "1.16.0")
        assert table is not None and "mps" in _steps(table)
    assert provenance.libraries()["accelerate"].newest != "1.15.0"


def _given(transformers: str, accelerate: str, *usable_keys: str) -> Inputs:
    evidence = cpu_host()
    for key in usable_keys:
        evidence = usable(evidence, key, autoloaded=True)
    given = rules.inputs(evidence)
    return Inputs(**{**given.__dict__, "transformers_version": transformers,
                     "accelerate_version": accelerate})  # fmt: skip


def _steps(table: Table) -> list[str]:
    return [step.name for step in table.steps]


@pytest.mark.parametrize(
    ("transformers", "ladder"),
    [
        ("4.46.3", ["use_cpu", "mps", "xpu", "mlu", "musa", "npu", "cuda", "fallback"]),
        ("4.57.6", ["use_cpu", "mps", "xpu", "mlu", "musa", "npu", "hpu", "cuda", "fallback"]),
        ("5.4.0", ["use_cpu", "mps", "xpu", "mlu", "musa", "npu", "hpu", "neuron", "cuda",
                   "fallback"]),
        ("5.24.0", ["use_cpu", "mps", "xpu", "mlu", "musa", "npu", "hpu", "neuron", "tpu",
                    "cuda", "fallback"]),
    ],
)  # fmt: skip
def test_training_ladders_by_release(transformers: str, ladder: list[str]) -> None:
    """hpu joined TrainingArguments' ladder in 4.50.0, neuron in 5.4.0, native tpu in 5.9.0
    (training_args.py of those releases)."""
    table = select(tables.TRAINING_ARGUMENTS, transformers)
    assert table is not None and _steps(table) == ladder


def test_a_native_tpu_or_neuron_trains_on_cpu_before_transformers_has_its_branch() -> None:
    # transformers 4.57 has no tpu or neuron branch: TrainingArguments falls through to cpu.
    assert rules.training(_given("4.57.6", "1.10.1", "npu")).device == "npu:0"
    for key in ("tpu", "neuron"):
        assert rules.training(_given("4.57.6", "1.10.1", key)).device == "cpu"
        assert rules.training(_given("5.24.0", "1.15.0", key)).device == f"{key}:0"


def test_pipeline_before_4_47_keeps_the_model_where_it_is() -> None:
    assert rules.inference(_given("4.46.3", "1.0.1", "cuda")).pipeline == "cpu"
    assert rules.inference(_given("4.47.1", "1.0.1", "cuda")).pipeline == "cuda:0"


def test_accelerate_before_1_13_runs_a_cpu_group_under_a_launcher() -> None:
    """Without an accelerator of its chain, a launcher gives MULTI_CPU over gloo before
    1.13.0 and no distributed setup from it (state.py _prepare_backend)."""
    env = {"LOCAL_RANK": "0", "WORLD_SIZE": "1"}
    old = Inputs(**{**_given("4.57.6", "1.12.0").__dict__, "env": env})
    new = Inputs(**{**_given("4.57.6", "1.15.0").__dict__, "env": env})
    assert (rules.accelerate_state(old).distributed_type, rules.accelerate_state(old).device) == (
        "MULTI_CPU", "cpu:0",
    )  # fmt: skip
    assert rules.accelerate_state(new).distributed_type == "NO"


def test_mlu_before_1_14_lends_its_backend_to_a_later_match() -> None:
    """1.5.0 to 1.13.x test mlu with an `if` of its own: with CUDA too, the device is CUDA's
    and the backend stays "cncl" (nccl is set only when none is)."""
    env = {"LOCAL_RANK": "0", "WORLD_SIZE": "2"}
    quirk = Inputs(**{**_given("4.57.6", "1.10.1", "mlu", "cuda").__dict__, "env": env})
    fixed = Inputs(**{**_given("5.24.0", "1.15.0", "mlu", "cuda").__dict__, "env": env})
    state = rules.accelerate_state(quirk)
    assert (state.device, state.backend) == ("cuda:0", "cncl")
    state = rules.accelerate_state(fixed)
    assert (state.device, state.backend) == ("mlu:0", "cncl")
