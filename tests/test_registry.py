"""The backend table: complete against the Transformers hardware page, and self-consistent."""

from __future__ import annotations

import pytest

from hwdoctor import registry
from hwdoctor.diagnosis import remedies

# The device-string table of the Transformers "Hardware" documentation page.
SEED_TABLE = [
    ("CPU", "cpu", "torch"),
    ("NVIDIA GPU", "cuda", "torch"),
    ("AMD GPU", "cuda", "torch (ROCm build)"),
    ("AWS Neuron", "neuron", "torch-neuronx"),
    ("Google TPU", "tpu", "torch-tpu"),
    ("Intel GPU", "xpu", "torch"),
    ("Apple Silicon", "mps", "torch"),
    ("Intel Gaudi", "hpu", "habana-torch-plugin"),
    ("Huawei Ascend NPU", "npu", "torch-npu"),
    ("Cambricon MLU", "mlu", "torch-mlu"),
    ("Moore Threads GPU", "musa", "torch-musa"),
]


@pytest.mark.parametrize(("hardware", "device", "package"), SEED_TABLE)
def test_every_seed_row_is_in_the_registry(hardware: str, device: str, package: str) -> None:
    rows = [b for b in registry.BACKENDS if b.hardware == hardware]
    assert len(rows) == 1
    assert (rows[0].device, rows[0].package) == (device, package)


def test_xla_and_sdaa_rows() -> None:
    assert registry.BY_KEY["xla"].device == "xla"
    assert registry.BY_KEY["xla"].module == "torch_xla"
    assert registry.BY_KEY["sdaa"].device == "sdaa"


def test_keys_are_unique_and_rows_complete() -> None:
    keys = [b.key for b in registry.BACKENDS]
    assert len(keys) == len(set(keys))
    for backend in registry.BACKENDS:
        assert remedies.listed_install(backend), backend.key
        assert backend.dists, backend.key
        if backend.key != "cpu":
            assert backend.hardware_remedy, backend.key
        if backend.module:
            assert backend.query.kind in (registry.QueryKind.DEVICE_MODULE, registry.QueryKind.XLA)


def test_device_map_auto_never_covers_neuron_tpu_xla() -> None:
    uncovered = {b.key for b in registry.BACKENDS if not b.device_map_auto}
    assert uncovered == {"neuron", "tpu", "xla"}
    assert not registry.BY_KEY["sdaa"].training_auto


@pytest.mark.parametrize(
    ("vendor", "device", "pci_class", "expected"),
    [
        ("0x10de", "0x2330", "0x030200", {"cuda"}),  # H100, 3D controller
        ("0x10de", "0x1af1", "0x068000", set()),  # NVSwitch: a bridge
        ("0x8086", "0x0d57", "0x060000", set()),  # Intel host bridge
        ("0x8086", "0x0bd5", "0x038000", {"xpu"}),  # Data Center GPU Max
        ("0x1d0f", "0xec20", "0x020000", set()),  # Amazon ENA NIC
        ("0x1d0f", "0x7164", "0x088000", {"neuron"}),  # Trainium
        ("0x1ae0", "0x0042", "0x020000", set()),  # Google gVNIC
        ("0x1ae0", "0x0063", "0x120000", {"tpu"}),  # TPU v5e
        ("0x19e5", "0xd802", "0x120000", {"npu"}),  # Ascend 910B
        ("0x19e5", "0x1822", "0x020000", set()),  # Huawei NIC
        ("0x1002", "0x740f", "0x120000", {"rocm"}),  # MI210
        ("0x1022", "0x1480", "0x060000", set()),  # AMD chipset
        ("0x1da3", "0x1020", "0x120000", {"hpu"}),  # Gaudi2
    ],
)
def test_pci_matching(vendor: str, device: str, pci_class: str, expected: set[str]) -> None:
    matched = {
        b.key
        for b in registry.BACKENDS
        if any(match.matches(vendor, device, pci_class) for match in b.pci)
    }
    assert matched == expected


def test_a_build_names_the_row_it_serves() -> None:
    """registry.key_of_build: each torch build flavour names its own row, the one whose
    query needs that build (a CPU build, the host's row); CUDA's and ROCm's rows share a
    device string, never a key."""
    keys = {build: registry.key_of_build(build) for build in registry.Build}
    assert len(set(keys.values())) == len(keys)
    for build, key in keys.items():
        row = registry.BY_KEY[key]
        assert row.query.build is build or (
            build is registry.Build.CPU and row.query.kind is registry.QueryKind.CPU
        )
    assert registry.BY_KEY[keys[registry.Build.CPU]].device == registry.HOST
    cuda, rocm = (
        registry.BY_KEY[keys[registry.Build.CUDA]],
        registry.BY_KEY[keys[registry.Build.ROCM]],
    )
    assert cuda.device == rocm.device and cuda.key != rocm.key


def test_suggest() -> None:
    assert registry.suggest("cdua") == "cuda"
    assert registry.suggest("nueron") == "neuron"
    assert registry.suggest("zzzzzz") is None


def test_the_device_map_column_says_what_the_decision_tables_say() -> None:
    """`list`'s device_map="auto" column is the newest tables' answer for each backend, and
    a backend budgeted only from a recent Accelerate names that release, before which the
    tables say no (accelerate 1.16 budgets torch's current accelerator: Neuron, TPU)."""
    from hwdoctor import rules

    for backend in registry.BACKENDS:
        newest = rules.device_map_budgets(backend.device, None)
        assert newest == (backend.device_map_auto or bool(backend.device_map_since)), backend.key
        if backend.device_map_since:
            since = backend.device_map_since.removeprefix("accelerate ")
            major, minor = (int(part) for part in since.split("."))
            before = f"{major}.{minor - 1}.0"
            assert rules.device_map_budgets(backend.device, f"{since}.0"), backend.key
            assert not rules.device_map_budgets(backend.device, before), backend.key
            assert not backend.device_map_auto
