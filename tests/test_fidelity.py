"""The fidelity matrix: hwdoctor's prediction against the real libraries, world by world.

Each scenario builds a fake world (tests/fakeworld.py) and runs `hwdoctor explain --verify
--json --save-evidence`: the probe predicts what TrainingArguments, PartialState,
get_max_memory and pipeline() pick, and the verify payload asks the real transformers and
accelerate in the same world. Every item must agree. The expected devices below pin what the
worlds are, so a world that silently stopped working cannot make prediction and reality
agree on "cpu"; this is also the test that the fakes make the real libraries pick the fake
devices.

Every (scenario, pair) run is recorded in tests/data/fidelity/: the evidence file that run
saved, the libraries' answers in it. `make test` diagnoses every recording in process (the
current rules against the recorded real answers, at every pair) and runs a sample of the
matrix live, each run also compared with its recording; `make fidelity` (which CI runs) runs
all of it live against the recordings, and `--fidelity record` rewrites them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import hwdoctor
from tests import fastlane, pairs
from tests.conftest import ROOT, base_env, run_hwdoctor
from tests.evidence import without_choice
from tests.fakeworld import FakeDevice, World

H100 = FakeDevice("NVIDIA H100 80GB HBM3", 80 << 30, 79 << 30, capability=(9, 0))
MI300X = FakeDevice("AMD Instinct MI300X", 192 << 30, 190 << 30, arch="gfx942:sramecc+:xnack-")
ASCEND = FakeDevice("Ascend910B3", 64 << 30, 60 << 30)
MLU = FakeDevice("MLU370-X8", 48 << 30, 46 << 30)
MUSA = FakeDevice("MTT S4000", 48 << 30, 47 << 30)
NEURON = FakeDevice("Trainium2", 96 << 30, 95 << 30)
TPU = FakeDevice("TPU v5 lite", 16 << 30, 16 << 30)
SDAA = FakeDevice("T100", 32 << 30, 31 << 30)


@dataclass(frozen=True)
class Scenario:
    build: Callable[[World], object]
    training: str  # TrainingArguments(...).device
    state: str  # PartialState().device
    pipeline: str
    auto: str  # get_max_memory keys
    env: dict[str, str] = field(default_factory=dict)
    use_cpu: bool = False


def nothing(world: World) -> None:
    return None


def npu(count: int = 2, **kwargs: object) -> Callable[[World], object]:
    return lambda w: w.privateuse1("npu", devices=(ASCEND,) * count, **kwargs)  # type: ignore[arg-type]


# The real package names: transformers looks for torch_neuronx, not torch_neuron.
MODULES = {"neuron": ("torch_neuronx", "torch-neuronx"), "tpu": ("torch_tpu", "torch-tpu")}


def pu1(
    device: str, fake: FakeDevice, count: int = 1, **kwargs: object
) -> Callable[[World], object]:
    module, dist = MODULES.get(device, (f"torch_{device}", f"torch-{device}"))
    return lambda w: w.privateuse1(  # type: ignore[arg-type]
        device, module=module, dist=dist, devices=(fake,) * count, **kwargs
    )


def cuda(count: int = 2) -> Callable[[World], object]:
    return lambda w: w.patch_cuda(devices=(H100,) * count)


def both(*builders: Callable[[World], object]) -> Callable[[World], object]:
    return lambda w: [build(w) for build in builders]


ROCM = lambda w: w.patch_cuda(devices=(MI300X,), hip_version="6.4.43482")  # noqa: E731
XLA = lambda w: w.xla()  # noqa: E731
HPU = lambda w: w.hpu()  # noqa: E731
XPU = lambda w: w.patch_xpu()  # noqa: E731
MPS = lambda w: w.patch_mps()  # noqa: E731

# Patched cuda/xpu devices exist only at torch's Python level (the wheel is a CPU build),
# so they cannot hold a tensor: Accelerate's get_max_memory, like hwdoctor's probe, drops
# them and "auto" budgets only the cpu. PrivateUse1 fakes hold tensors for real.
SCENARIOS: dict[str, Scenario] = {
    "nothing": Scenario(nothing, "cpu", "cpu", "cpu", "cpu"),
    "nothing, use_cpu": Scenario(nothing, "cpu", "cpu", "cpu", "cpu", use_cpu=True),
    "nothing, ACCELERATE_USE_CPU=1": Scenario(
        nothing, "cpu", "cpu", "cpu", "cpu", env={"ACCELERATE_USE_CPU": "1"}
    ),
    "nothing, ACCELERATE_TORCH_DEVICE=meta": Scenario(
        nothing, "meta", "meta", "cpu", "cpu", env={"ACCELERATE_TORCH_DEVICE": "meta"}
    ),
    "npu x2": Scenario(npu(), "npu:0", "npu", "npu:0", "0,1,cpu"),
    "npu x2, use_cpu": Scenario(npu(), "cpu", "npu", "npu:0", "0,1,cpu", use_cpu=True),
    "npu x2, ACCELERATE_USE_CPU=1": Scenario(
        npu(), "npu:0", "npu", "npu:0", "0,1,cpu", env={"ACCELERATE_USE_CPU": "1"}
    ),
    "npu x2, ACCELERATE_TORCH_DEVICE=cpu": Scenario(
        npu(), "npu:0", "cpu", "npu:0", "0,1,cpu", env={"ACCELERATE_TORCH_DEVICE": "cpu"}
    ),
    "npu x0": Scenario(npu(0), "cpu", "cpu", "cpu", "cpu"),
    "npu x2, not auto-loaded": Scenario(npu(autoload=False), "npu:0", "npu", "npu:0", "0,1,cpu"),
    "npu x2, autoload off": Scenario(
        npu(), "npu:0", "npu", "npu:0", "0,1,cpu", env={"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}
    ),
    "mlu x2": Scenario(pu1("mlu", MLU, 2), "mlu:0", "mlu", "mlu:0", "0,1,cpu"),
    "musa": Scenario(pu1("musa", MUSA), "musa:0", "musa", "musa:0", "0,cpu"),
    "sdaa": Scenario(pu1("sdaa", SDAA), "cpu", "sdaa", "cpu", "0,cpu"),
    "neuron x2": Scenario(pu1("neuron", NEURON, 2), "neuron:0", "neuron", "cpu", "0,1,cpu"),
    "neuron, not auto-loaded": Scenario(
        pu1("neuron", NEURON, autoload=False), "cpu", "cpu", "cpu", "cpu"
    ),
    "tpu": Scenario(pu1("tpu", TPU), "tpu:0", "tpu", "cpu", "cpu"),
    "tpu x0": Scenario(pu1("tpu", TPU, 0), "cpu", "cpu", "cpu", "cpu"),
    "hpu": Scenario(HPU, "hpu:0", "hpu", "hpu:0", "cpu"),
    "xla": Scenario(XLA, "xla:0", "xla:0", "cpu", "cpu"),
    "xla, USE_TORCH_XLA=0": Scenario(XLA, "cpu", "cpu", "cpu", "cpu", env={"USE_TORCH_XLA": "0"}),
    "xla, use_cpu": Scenario(XLA, "xla:0", "xla:0", "cpu", "cpu", use_cpu=True),
    "cuda x2": Scenario(cuda(), "cuda:0", "cuda", "cuda:0", "cpu"),
    "cuda x1": Scenario(cuda(1), "cuda:0", "cuda", "cuda:0", "cpu"),
    "cuda x0": Scenario(cuda(0), "cpu", "cpu", "cpu", "cpu"),
    "cuda x2, use_cpu": Scenario(cuda(), "cpu", "cuda", "cuda:0", "cpu", use_cpu=True),
    "cuda x2, ACCELERATE_USE_CPU=1": Scenario(
        cuda(), "cuda:0", "cuda", "cuda:0", "cpu", env={"ACCELERATE_USE_CPU": "1"}
    ),
    "cuda x2, ACCELERATE_TORCH_DEVICE=cpu": Scenario(
        cuda(), "cuda:0", "cpu", "cuda:0", "cpu", env={"ACCELERATE_TORCH_DEVICE": "cpu"}
    ),
    "rocm": Scenario(ROCM, "cuda:0", "cuda", "cuda:0", "cpu"),
    "xpu": Scenario(XPU, "xpu:0", "xpu", "xpu:0", "cpu"),
    "mps": Scenario(MPS, "mps", "mps", "mps:0", "mps"),
    "npu + cuda": Scenario(both(npu(), cuda()), "npu:0", "npu", "cuda:0", "0,1,cpu"),
    "mlu + cuda": Scenario(both(pu1("mlu", MLU), cuda()), "mlu:0", "mlu", "mlu:0", "0,cpu"),
    # get_max_memory's CUDA branch probes integer devices, which torch maps to the current
    # accelerator: here the PrivateUse1 one.
    "neuron + cuda": Scenario(both(pu1("neuron", NEURON), cuda()), "neuron:0", "neuron",
                              "cuda:0", "0,cpu"),
    "tpu + cuda": Scenario(both(pu1("tpu", TPU), cuda()), "tpu:0", "tpu", "cuda:0", "cpu"),
    "hpu + cuda": Scenario(both(HPU, cuda()), "hpu:0", "cuda", "cuda:0", "cpu"),
    "xla + cuda": Scenario(both(XLA, cuda()), "xla:0", "xla:0", "cuda:0", "cpu"),
    "mps + npu": Scenario(both(MPS, npu()), "mps", "npu", "npu:0", "0,1,cpu"),
    "launcher, use_cpu": Scenario(
        nothing, "cpu:0", "cpu", "cpu", "cpu", use_cpu=True,
        env={"LOCAL_RANK": "0", "RANK": "0", "WORLD_SIZE": "1", "LOCAL_WORLD_SIZE": "1",
             "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "0"},
    ),
}  # fmt: skip


# n_gpu and the parallel mode the real TrainingArguments reports in these worlds: pinned, so
# that a fake which stopped working cannot make prediction and reality agree by accident.
PINNED: dict[str, tuple[str, str]] = {
    "nothing": ("0", "not_parallel"),
    "npu x2": ("1", "not_parallel"),
    "npu x0": ("0", "not_parallel"),
    "cuda x2": ("2", "not_distributed"),
    "rocm": ("1", "not_parallel"),
    "hpu": ("1", "not_parallel"),
    "xla": ("0", "tpu"),
    "mps": ("1", "not_parallel"),
    "xpu": ("1", "not_parallel"),
    "npu + cuda": ("1", "not_parallel"),
    "tpu": ("1", "not_parallel"),
}


# The library versions the suite runs against: the dev venv's pair (constraints/dev.txt) and
# the older pairs of constraints/pairs.txt, each in its own venv sharing the one torch.
PAIRS: dict[str, pairs.Pair | None] = {
    "newest": None,
    **{p.name: p for p in pairs.pairs() if not p.outside},
}
OUTSIDE: list[pairs.Pair] = [p for p in pairs.pairs() if p.outside]

# Accelerate before 1.16 picks by its own ladder, not torch's current accelerator
# (state.py default_device; utils/modeling.py get_max_memory): mps ahead of npu and hpu ahead
# of cuda, cuda ahead of a PrivateUse1 neuron or tpu (and no tpu at all), no neuron budget,
# and a CUDA branch that probes integer devices; what those releases returned in these worlds.
BEFORE_ACCELERATE_1_16: dict[str, dict[str, str]] = {
    "neuron x2": {"get_max_memory() keys": "cpu"},
    "tpu": {"PartialState().device": "cpu"},
    "neuron + cuda": {"PartialState().device": "cuda"},
    "tpu + cuda": {"PartialState().device": "cuda", "get_max_memory() keys": "0,cpu"},
    "hpu + cuda": {"PartialState().device": "hpu"},
    "mps + npu": {"PartialState().device": "mps", "get_max_memory() keys": "0,1,mps"},
}

# Where a pair's real libraries pick differently from the newest (what TrainingArguments,
# PartialState, pipeline() and get_max_memory returned there, recorded from those runs): the
# pins of each world at that pair, so a fake that stopped working still cannot make
# prediction and reality agree. 4.46's pipeline() keeps the model on the CPU; 4.46-5.3 have
# no neuron and 4.46-5.8 no tpu branch in TrainingArguments; accelerate before 1.5 has no
# sdaa or hpu, before 1.13 no neuron, and runs a CPU group under a launcher; before 1.16,
# BEFORE_ACCELERATE_1_16 (each pair's own entry wins).
_DIFFERENT_OWN: dict[str, dict[str, dict[str, str]]] = {
    "tf4.46-acc1.0": {
        "npu x2": {"pipeline().device": "cpu"},
        "npu x2, use_cpu": {"pipeline().device": "cpu"},
        "npu x2, ACCELERATE_USE_CPU=1": {"pipeline().device": "cpu"},
        "npu x2, ACCELERATE_TORCH_DEVICE=cpu": {"pipeline().device": "cpu"},
        "npu x2, not auto-loaded": {"pipeline().device": "cpu"},
        "npu x2, autoload off": {"pipeline().device": "cpu"},
        "mlu x2": {"pipeline().device": "cpu"},
        "musa": {"pipeline().device": "cpu"},
        "sdaa": {"PartialState().device": "cpu", "get_max_memory() keys": "cpu"},
        "neuron x2": {"TrainingArguments.device": "cpu", "PartialState().device": "cpu"},
        "tpu": {"TrainingArguments.device": "cpu", "TrainingArguments.n_gpu": "0"},
        "hpu": {"TrainingArguments.device": "cpu", "PartialState().device": "cpu",
                "pipeline().device": "cpu", "TrainingArguments.n_gpu": "0"},
        "cuda x2": {"pipeline().device": "cpu"},
        "cuda x1": {"pipeline().device": "cpu"},
        "cuda x2, use_cpu": {"pipeline().device": "cpu"},
        "cuda x2, ACCELERATE_USE_CPU=1": {"pipeline().device": "cpu"},
        "cuda x2, ACCELERATE_TORCH_DEVICE=cpu": {"pipeline().device": "cpu"},
        "rocm": {"pipeline().device": "cpu"},
        "xpu": {"pipeline().device": "cpu"},
        "mps": {"pipeline().device": "cpu"},
        "npu + cuda": {"pipeline().device": "cpu"},
        "mlu + cuda": {"pipeline().device": "cpu"},
        "neuron + cuda": {"TrainingArguments.device": "cuda:0", "pipeline().device": "cpu"},
        "tpu + cuda": {"TrainingArguments.device": "cuda:0", "pipeline().device": "cpu"},
        "hpu + cuda": {"TrainingArguments.device": "cuda:0", "PartialState().device": "cuda",
                       "pipeline().device": "cpu"},
        "xla + cuda": {"pipeline().device": "cpu"},
        "mps + npu": {"pipeline().device": "cpu"},
        "launcher, use_cpu": {"PartialState().device": "cpu:0"},
    },
    "tf4.57-acc1.10": {
        "neuron x2": {"TrainingArguments.device": "cpu", "PartialState().device": "cpu"},
        "tpu": {"TrainingArguments.device": "cpu", "TrainingArguments.n_gpu": "0"},
        "neuron + cuda": {"TrainingArguments.device": "cuda:0"},
        "tpu + cuda": {"TrainingArguments.device": "cuda:0"},
        "launcher, use_cpu": {"PartialState().device": "cpu:0"},
    },
    "tf5.0-acc1.12": {
        "neuron x2": {"TrainingArguments.device": "cpu", "PartialState().device": "cpu"},
        "tpu": {"TrainingArguments.device": "cpu", "TrainingArguments.n_gpu": "0"},
        "neuron + cuda": {"TrainingArguments.device": "cuda:0"},
        "tpu + cuda": {"TrainingArguments.device": "cuda:0"},
        "launcher, use_cpu": {"PartialState().device": "cpu:0"},
    },
    "tf5.24-acc1.15": {},
}  # fmt: skip
DIFFERENT: dict[str, dict[str, dict[str, str]]] = {
    pair: {
        name: {**BEFORE_ACCELERATE_1_16.get(name, {}), **own.get(name, {})}
        for name in {*BEFORE_ACCELERATE_1_16, *own}
    }
    for pair, own in _DIFFERENT_OWN.items()
}


def _python(pair: str) -> list[str]:
    chosen = PAIRS[pair]
    if chosen is None:
        return []
    if fastlane.active() and not chosen.python.exists():
        pytest.skip(fastlane.REASON)  # the run it is for starts a subprocess; make test builds it
    assert chosen.python.exists(), (
        f"{chosen.root} is missing: `python -m tests.pairs build` makes it (make test does)"
    )
    return ["--python", str(chosen.python)]


RECORDINGS = ROOT / "tests" / "data" / "fidelity"
# The live runs of `make test`: every kind of world once at the newest pair (a PrivateUse1
# backend, patched cuda, XLA, two patches at once, a launcher), and at each older pair a
# world whose answer differs there. `make fidelity` runs the whole matrix.
SAMPLE = (
    ("npu x2", "newest"),
    ("cuda x2, use_cpu", "newest"),
    ("xla", "newest"),
    ("mps + npu", "newest"),
    ("launcher, use_cpu", "newest"),
    ("hpu + cuda", "tf4.46-acc1.0"),
    ("neuron x2", "tf4.57-acc1.10"),
    ("tpu", "tf5.0-acc1.12"),
    ("mps + npu", "tf5.24-acc1.15"),
)


def recording(name: str, pair: str) -> Path:
    return RECORDINGS / pair / f"{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}.json"


def replayed(path: Path, use_cpu: bool) -> dict[str, object]:
    """`explain --from` a recorded evidence file, in this process: the current rules'
    prediction next to the recorded answers of the real libraries."""
    return hwdoctor.explain(from_file=str(path), use_cpu=use_cpu).to_json()


def check_agreement(name: str, pair: str, data: Mapping[str, object], context: object) -> None:
    """Prediction and the real libraries agree on every item, and the real answers are the
    pinned ones (so a fake that stopped working cannot agree with the prediction by
    accident)."""
    scenario = SCENARIOS[name]
    verify: dict[str, object] = data["verify"]  # type: ignore[assignment]
    assert verify["ran"] and verify["problem"] is None, context
    assert verify["mismatches"] == [], context
    assert verify["agree"] is True
    actual = {item["name"]: item["actual"] for item in verify["items"]}  # type: ignore[attr-defined]
    pinned = {
        "TrainingArguments.device": scenario.training,
        "PartialState().device": scenario.state,
        "pipeline().device": scenario.pipeline,
        "get_max_memory() keys": scenario.auto,
    }
    if name in PINNED:
        pinned["TrainingArguments.n_gpu"], pinned["TrainingArguments.parallel_mode"] = PINNED[name]
    pinned.update(DIFFERENT.get(pair, {}).get(name, {}))
    assert {key: actual[key] for key in pinned} == pinned, context
    codes = [f["code"] for f in data["findings"]]  # type: ignore[attr-defined]
    assert not [code for code in codes if code.startswith("verify.")], context


MATRIX = [(name, pair) for name in SCENARIOS for pair in PAIRS]


@pytest.mark.parametrize(("name", "pair"), MATRIX, ids=[f"{n}-{p}" for n, p in MATRIX])
def test_every_recorded_world_agrees_with_the_prediction(name: str, pair: str) -> None:
    """The current rules, at every pair, against the real libraries' recorded answers."""
    path = recording(name, pair)
    assert path.exists(), f"no recording {path}: run `make fidelity-record`"
    check_agreement(name, pair, replayed(path, SCENARIOS[name].use_cpu), path)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.function.__name__ != "test_prediction_equals_the_real_libraries":
        return
    live = MATRIX if metafunc.config.getoption("--fidelity") != "sample" else list(SAMPLE)
    metafunc.parametrize(("name", "pair"), live, ids=[f"{n}-{p}" for n, p in live])


@pytest.mark.slow
def test_prediction_equals_the_real_libraries(
    name: str, pair: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Live: the world, the real libraries, hwdoctor's command line; the run's saved
    evidence must diagnose as its recording does (or, with `--fidelity record`, becomes it)."""
    scenario = SCENARIOS[name]
    world = World(tmp_path / "world").set_env(**scenario.env)
    scenario.build(world)
    saved = tmp_path / "evidence.json"
    args = ["explain", "--verify", "--json", "--save-evidence", str(saved),
            *(["--use-cpu"] if scenario.use_cpu else [])]  # fmt: skip
    result = run_hwdoctor(*args, *_python(pair), env=world.env(base_env()))
    document = result.json()
    check_agreement(name, pair, document["data"], result)
    path = recording(name, pair)
    if request.config.getoption("--fidelity") == "record":
        evidence = json.loads(saved.read_text(encoding="utf-8"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(evidence, sort_keys=True, separators=(",", ":")) + "\n")
        return
    assert path.exists(), f"no recording {path}: run `make fidelity-record`"
    recorded = replayed(path, scenario.use_cpu)
    live = replayed(saved, scenario.use_cpu)
    assert _answers(live) == _answers(recorded), f"{path} is stale: `make fidelity-record`"


def _answers(data: Mapping[str, object]) -> dict[str, tuple[str, str]]:
    """What each item was predicted and answered, timings and paths aside."""
    verify: dict[str, object] = data["verify"]  # type: ignore[assignment]
    return {i["name"]: (i["predicted"], i["actual"]) for i in verify["items"]}  # type: ignore[attr-defined]


def test_the_matrix_is_large_enough() -> None:
    assert set(PINNED) <= set(SCENARIOS)
    assert len(SCENARIOS) >= 30


# What the real libraries pick in a world, asked directly: the independent check of an
# observed explain.
ASK = """
import json, tempfile, warnings
warnings.simplefilter("ignore")
from transformers import TrainingArguments
from accelerate.state import PartialState
args = TrainingArguments(output_dir=tempfile.mkdtemp(), report_to="none")
print(json.dumps({"training": str(args.device), "state": str(PartialState().device)}))
"""


@pytest.mark.slow
def test_a_release_outside_every_table_is_observed_not_predicted(tmp_path: Path) -> None:
    """transformers 4.45 and accelerate 0.34 are older than every table: explain asks the
    real libraries in the diagnosed environment and shows their answers as observed, with
    no prediction beside them; a saved evidence file of it cannot be explained elsewhere."""
    (pair,) = OUTSIDE
    world = World(tmp_path / "world")
    npu(2)(world)
    evidence = tmp_path / "e.json"
    answered = tmp_path / "answered.json"
    result = run_hwdoctor("explain", "--json", "--python", str(pair.python), "--save-evidence",
                          str(answered), env=world.env(base_env()))  # fmt: skip
    data = result.json()["data"]
    asked = world.run(ASK, python=pair.python)
    assert asked.returncode == 0, asked.stderr
    real = json.loads(asked.stdout.strip().splitlines()[-1])
    assert data["basis"] == "observed"
    assert data["training"]["device"] == real["training"] == "npu:0"
    assert data["accelerate"]["device"] == real["state"] == "npu"
    assert [s["name"] for s in data["training"]["steps"]] == ["observed"]
    assert data["verify"]["ran"] is False
    unsupported = [f for f in data["findings"] if f["code"] == "explain.version_unsupported"]
    assert {f["params"]["library"] for f in unsupported} == {"transformers", "accelerate"}
    assert all(f["message"].endswith("observed here, not predicted") for f in unsupported)
    human = run_hwdoctor("explain", "--from", str(answered))  # what was observed, as shown
    assert human.stdout.startswith("Observed, not predicted: training uses npu:0")
    assert "prediction may differ" not in human.stdout
    saved = run_hwdoctor("detect", "--save-evidence", str(evidence), "--python",
                         str(pair.python), env=world.env(base_env()))  # fmt: skip
    assert evidence.exists(), saved
    replay = run_hwdoctor("explain", "--from", str(evidence), env=world.env(base_env()))
    assert replay.returncode == 2
    assert "outside the releases hwdoctor's decision tables were read from" in replay.stderr
    # explain's own evidence file carries the answers it observed: that one replays anywhere
    replay = run_hwdoctor("explain", "--from", str(answered), "--json", env=base_env())
    assert replay.json()["data"] == without_choice(data)
