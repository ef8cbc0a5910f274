"""Facts of a pasted report → an `Evidence` record with explicit unknowns.

A section is filled only where the report says enough for it; everything else stays
`None`, so the checks that need it are listed as not checked. Where two blocks of one paste
disagree (two machines' reports in one issue), the fact is left unknown and the
disagreement is said, never settled by a guess.

What is read from where:

- torch's version, and whether it imported: collect_env's "PyTorch version" (collect_env
  prints "N/A" when `import torch` fails), the HF env commands' "PyTorch version".
- torch's build: "CUDA used to build PyTorch" / "ROCM used to build PyTorch" (a version, or
  "None"/"Could not collect" when torch.version.cuda is None), else the version's local
  label ("+cu121", "+rocm6.2", "+cpu").
- the compiled arch list: torch's own warning where the paste has it, else the published
  wheel's list (`compat.wheels`) for that release and index.
- GPUs: by name, with the capability or gfx target from `compat.gpus`' cited tables.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from hwdoctor import registry, versions
from hwdoctor.compat import (
    ascend,
    companions,
    drivers,
    gpus,
    kernels,
    libraries,
    visibility,
    wheels,
)
from hwdoctor.gather import kernel_log
from hwdoctor.gather.reports import Paste
from hwdoctor.gather.reports.readers.registry import TEXT
from hwdoctor.model.facts import (
    BackendFacts,
    Device,
    ErrorInfo,
    Evidence,
    HardwareSignal,
    HostFacts,
    KernelLog,
    MacosNeeded,
    NoCode,
    NvidiaDriver,
    Package,
    PythonInfo,
    Source,
    StepFailure,
    TorchInfo,
    XidKind,
)
from hwdoctor.model.pasted import (
    PYTHON_FROM_PATH,
    FactKey,
    Pasted,
    PastedFact,
    known_value,
    python_release,
)

# A version as tools print it ("2.1.0+cu121", "550.54.15"): its release, then anything of
# [\w.+!-]. Two matches one after the other: as one pattern, the release's loop and the rest
# shared digits and dots, quadratic where the rest then failed.
_RELEASE: Final = re.compile(r"^\d+(?:\.\d+)+")
_VERSION_REST: Final = re.compile(r"^[\w.+!-]*$")


def _is_version(text: str) -> bool:
    release = _RELEASE.match(text)
    return release is not None and _VERSION_REST.match(text[release.end() :]) is not None


_MAC: Final = re.compile(r"(?:macOS|Mac ?OS ?X)[ -](\d+(?:\.\d+)*)", re.I)
_ARCH: Final = re.compile(r"\b(x86_64|amd64|arm64|aarch64|ppc64le|s390x)\b", re.I)
_NVIDIA_WORDS: Final = re.compile(r"NVIDIA|GeForce|Tesla|Quadro|TITAN|\bRTX\b|\bGTX\b", re.I)
_AMD_WORDS: Final = re.compile(r"\bAMD\b|Radeon|Instinct|\bgfx\d", re.I)
_TRUE: Final = frozenset({"true", "yes"})
_FALSE: Final = frozenset({"false", "no"})
# The rows a paste's words name, found by what each row is (the registry names them).
_NVIDIA: Final = registry.key_of_build(registry.Build.CUDA)
_AMD: Final = registry.key_of_build(registry.Build.ROCM)
_ASCEND: Final = registry.key_of_tool("npu-smi")
_APPLE: Final = registry.key_of_build(registry.Build.MPS)


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One fact two blocks of the paste state differently: left unknown."""

    key: FactKey
    values: tuple[PastedFact, ...]

    def describe(self) -> str:
        said = ", ".join(f"{f.value!r} (line {f.quote.line})" for f in self.values[:3])
        return f"{_LABELS.get(self.key, self.key.value)}: the paste says {said}"


_LABELS: Final = {
    FactKey.TORCH_VERSION: "torch's version",
    FactKey.TORCH_CUDA: "the CUDA torch was built with",
    FactKey.TORCH_HIP: "the ROCm torch was built with",
    FactKey.DRIVER: "the NVIDIA driver",
    FactKey.DRIVER_CUDA: "the driver's CUDA version",
    FactKey.OS: "the operating system",
    FactKey.PYTHON_VERSION: "Python's version",
    FactKey.PYTHON_PLATFORM: "Python's platform",
    FactKey.CUDA_AVAILABLE: "whether CUDA is available",
    FactKey.PROCESSOR: "the CPU",
}


class Facts:
    """The paste's facts by key, with the disagreements between blocks found once."""

    def __init__(self, paste: Paste) -> None:
        self.paste = paste
        self.used: dict[str, list[PastedFact]] = {}  # what each section was made from
        self.disagreements: list[Disagreement] = []
        self._by_key: dict[FactKey, list[PastedFact]] = {}  # indexed once: a paste can hold many
        for fact in paste.facts:
            self._by_key.setdefault(fact.key, []).append(fact)

    def all(self, key: FactKey) -> list[PastedFact]:
        return list(self._by_key.get(key, ()))

    def one(self, key: FactKey, *, known: bool = True) -> PastedFact | None:
        """The value of a scalar fact; None when absent, unknown, or stated differently."""
        found = [f for f in self.all(key) if not known or known_value(f.value)]
        if not found:
            return None
        values = {_normal(key, f.value) for f in found}
        if len(values) > 1:
            if not any(d.key == key for d in self.disagreements):
                self.disagreements.append(Disagreement(key, tuple(found)))
            return None
        return found[0]

    def use(self, section: str, *facts: PastedFact | None) -> None:
        self.used.setdefault(section, []).extend(f for f in facts if f is not None)


def _normal(key: FactKey, value: str) -> str:
    value = value.strip().lower()
    if key is FactKey.PYTHON_VERSION:
        return python_release(value) or value
    if key is FactKey.CUDA_AVAILABLE:
        return "true" if value in _TRUE else "false" if value in _FALSE else value
    return value


def evidence_of(paste: Paste) -> tuple[Evidence, Facts]:
    """The evidence a paste supports, and the facts each part was made from."""
    facts = Facts(paste)
    torch = _torch(facts)
    host = _host(facts)
    python = _python(facts)
    tools = sorted({block.tool for block in paste.blocks})
    evidence = Evidence(
        source=Source(", ".join(tools) or TEXT, None, live=False),
        python=python,
        packages=_packages(facts, torch.version if torch is not None else None),
        torch=torch,
        backends=_backends(facts, torch, host) if torch is not None else None,
        host=host,
        tool_problems=None,
        failures=_failures(facts, torch),
        entry_points=None,
        env=_env(facts),
    )
    # The accelerators the reporter names ("Ascend 910b", "SynapseAI"): no section of the
    # evidence, but what the diagnosis of a paste judges it for (diagnosis/pasted.py).
    facts.use("accelerators", *facts.all(FactKey.PROSE_ACCELERATOR))
    # What another accelerator's own lines say of it: its vendor tool's devices, driver and
    # software (xpu-smi's, hl-smi's, neuron-ls's; llamafactory-cli env's "NPU type" and "CANN
    # version", ds_report's CANN line) and an NPU torch-npu sees (llamafactory's "PyTorch
    # version: 2.1.0 (NPU)"): facts the diagnosis judges the paste by and lists as read.
    # issue 38: and every other "<device> available" line ("PyTorch XPU available: True",
    # accelerate env's line for each device it asks of: accelerate/commands/env.py)
    facts.use("accelerators", *_vendor_tool_lines(facts), *_available_lines(facts))
    return evidence, facts


# The devices other than torch.cuda's whose "available" a report says: every "<device>.available"
# key of model/pasted.py (FactKey.available's), as diagnosis/pasted.py's accelerators_shown reads
# them.
_AVAILABLE_KEYS: Final = tuple(
    k for k in FactKey if k.value.endswith(".available") and k is not FactKey.CUDA_AVAILABLE
)


def _available_lines(facts: Facts) -> list[PastedFact]:
    """The lines that say whether torch sees another accelerator, each device's."""
    return [f for key in _AVAILABLE_KEYS for f in facts.all(key)]


def _vendor_tool_lines(facts: Facts) -> list[PastedFact]:
    """The device, driver, firmware and software lines of the accelerators whose vendor
    tools torch.cuda does not answer for (nvidia-smi's and AMD's tools are read into the GPU
    and driver sections instead), by registry row."""
    return [
        f
        for key in (
            FactKey.DEVICE,
            FactKey.DEVICE_DRIVER,
            FactKey.DEVICE_FIRMWARE,
            FactKey.DEVICE_SOFTWARE,
        )
        for f in facts.all(key)
        if f.name in registry.BY_KEY
        and registry.BY_KEY[f.name].query.build not in (registry.Build.CUDA, registry.Build.ROCM)
    ]


def _python(facts: Facts) -> PythonInfo | None:
    # A tool's line first; the reporter's own words ("Python 3.11") where no tool says it;
    # a path's or a chosen wheel's ("lib/python3.10/site-packages", "cp311-cp311") where no
    # words do (issue 38, s13-prose).
    said = facts.one(FactKey.PYTHON_VERSION) or (
        None if facts.all(FactKey.PYTHON_VERSION) else _prose_python(facts)
    )
    release = python_release(said.value) if said else None
    if said is None or release is None:
        return None
    facts.use("python", said)
    return PythonInfo("python", release, "", False)


def _prose_python(facts: Facts) -> PastedFact | None:
    """The Python the reporter's words name, else the one a path or a wheel shows: the most
    precise of them ("3.10.12" over "3.10") where all name one release; None where they name
    two (a venv's and the system's), which is said among the disagreements."""
    said = facts.all(FactKey.PROSE_PYTHON)
    worded = [f for f in said if f.name != PYTHON_FROM_PATH]
    releases = {".".join(f.value.split(".")[:2]) for f in worded or said}
    if len(releases) > 1:
        # two Pythons in words is a disagreement to say; paths of two (a build's isolated
        # environment, another node's venv) are only unknown
        if worded and not any(d.key == FactKey.PROSE_PYTHON for d in facts.disagreements):
            facts.disagreements.append(Disagreement(FactKey.PROSE_PYTHON, tuple(worded)))
        return None
    worded = worded or said
    return max(worded, key=lambda f: len(f.value), default=None)


def _torch_version(facts: Facts) -> tuple[PastedFact | None, bool]:
    """torch's version and whether it imported (collect_env says N/A when it did not): a
    report tool's line, else the version a running extension saw (xformers' "(you have
    2.1.0+cu121)"), else a package listing (pip list, collect_env's [pip3]), else the
    reporter's own words ("torch: 2.3.0") when they name one version only."""
    said = facts.one(FactKey.TORCH_VERSION, known=False)
    if said is not None and _is_version(said.value.strip()):
        return said, True
    differing: list[PastedFact] = []
    for key in (FactKey.MESSAGE_TORCH_SEEN, FactKey.PACKAGE, FactKey.PROSE_PACKAGE):
        listed = _most_specific([f for f in facts.all(key) if f.name in ("torch", "pytorch")])
        if listed and len({f.value for f in listed}) == 1 and _is_version(listed[0].value):
            return listed[0], said is None or known_value(said.value)
        if len({f.value for f in listed}) > 1:
            differing = differing or listed
    if differing and said is None:  # two versions and nothing to tell which: say so
        facts.disagreements.append(Disagreement(FactKey.TORCH_VERSION, tuple(differing)))
    return None, False


def _most_specific(listed: list[PastedFact]) -> list[PastedFact]:
    """The versions said, where each is a shorter form of one of them ("PyTorch 2.8" beside
    "PyTorch: 2.8.0+cu128"), as that one: they do not disagree."""
    parsed = {f.value: versions.parse(f.value) for f in listed}
    if len(parsed) < 2 or any(v is None for v in parsed.values()):
        return listed
    longest = max(listed, key=lambda f: (len(f.value), f.value))
    full = parsed[longest.value]
    assert full is not None

    def within(text: str) -> bool:
        version = parsed[text]
        assert version is not None and full is not None
        n = len(version.release)
        return version.release == full.release[:n] and version.local in (None, full.local)

    if all(within(text) for text in parsed):
        return [longest]
    return listed


# torch's own messages tell its build when no report line does: the driver and
# architecture warnings come from its CUDA code (c10/cuda, torch/cuda/__init__.py), HIP
# errors from a ROCm build, "Torch not compiled with CUDA enabled" from a build without CUDA.
_CUDA_MESSAGES: Final = (
    FactKey.MESSAGE_FOUND_VERSION,
    FactKey.MESSAGE_CAPABILITY,
    FactKey.MESSAGE_TOO_OLD,
    FactKey.MESSAGE_NO_KERNEL_IMAGE,
    FactKey.MESSAGE_ARCH_LIST,
    FactKey.MESSAGE_NO_GPUS,
    FactKey.MESSAGE_DRIVER_TOO_OLD,
    FactKey.MESSAGE_DRIVER_INSUFFICIENT,
    FactKey.MESSAGE_NO_DRIVER,
)


def _build_by_messages(facts: Facts) -> tuple[str | None, PastedFact | None]:
    for key in _CUDA_MESSAGES:
        said = facts.all(key)
        if said:
            return registry.Build.CUDA.value, said[0]
    said = facts.all(FactKey.MESSAGE_INVALID_DEVICE_FUNCTION) or facts.all(
        FactKey.MESSAGE_NO_HIP_GPUS
    )
    if said:
        return registry.Build.ROCM.value, said[0]
    said = facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)
    if said:
        return registry.Build.CPU.value, said[0]
    for key in (
        FactKey.MESSAGE_NPU_COUNT,
        FactKey.MESSAGE_MASK_REFUSED,
        FactKey.MESSAGE_MPS_MACOS,
        FactKey.MESSAGE_MPS_OP_MACOS,
        FactKey.MESSAGE_MPS_OPERATOR,
        FactKey.MESSAGE_XFORMERS_BUILT_FOR,
        FactKey.MESSAGE_UNDEFINED_SYMBOL,
    ):
        said = facts.all(key)
        if said:
            return None, said[0]  # torch ran (its build is not shown)
    return None, None


def _torch(facts: Facts) -> TorchInfo | None:
    version, importable = _torch_version(facts)
    if version is None:
        implied, said = _build_by_messages(facts)
        if said is None:
            return None
        facts.use("torch", said)  # torch ran, and said this; its version is not shown
        return TorchInfo(version=None, importable=True, build=implied)
    text = version.value.strip()
    local = (wheels.local_of(text) or "").lower()
    cuda_fact, hip_fact = (
        facts.one(FactKey.TORCH_CUDA, known=False),
        facts.one(FactKey.TORCH_HIP, known=False),
    )
    cuda = _built_with(cuda_fact)
    hip = _built_with(hip_fact)
    if cuda is None and local.startswith("cu") and local[2:].isdigit():
        cuda = f"{local[2:-1]}.{local[-1]}"
    if hip is None and local.startswith(registry.Build.ROCM.value):
        hip = local[4:]
    build: str | None
    if cuda:
        build = registry.Build.CUDA.value
    elif hip:
        build = registry.Build.ROCM.value
    elif local == registry.Build.XPU.value:
        # torch's XPU wheels carry "+xpu" (download.pytorch.org/whl/xpu, [PT-XPU-2.5]); their
        # collect_env says "CUDA used to build PyTorch: None" as a CPU wheel's does
        build = registry.Build.XPU.value
    elif local == registry.Build.CPU.value or (
        _said_none(cuda_fact) and not local.startswith(registry.Build.ROCM.value)
        and (hip_fact is None or _said_none(hip_fact) or hip_fact.value.strip() == "N/A")
    ):  # fmt: skip
        build = registry.Build.CPU.value
    else:
        build, said = _build_by_messages(facts)
        facts.use("torch", said)
    facts.use("torch", version, cuda_fact, hip_fact)
    return TorchInfo(version=text, importable=importable, build=build, cuda=cuda, hip=hip)


def _built_with(fact: PastedFact | None) -> str | None:
    if fact is None:
        return None
    value = fact.value.strip()
    return value.split("-")[0] if _is_version(value) else None


def _said_none(fact: PastedFact | None) -> bool:
    """torch.version.cuda is None: 2.x collect_env prints "None", 1.x "Could not collect"
    (its replace_nones), once torch imported."""
    return fact is not None and fact.value.strip().lower() in ("none", "could not collect")


def _host(facts: Facts) -> HostFacts | None:
    # A Windows path (C:\Program Files\AMD\ROCm\6.2\bin\) says the OS where no line does.
    os_fact = (
        facts.one(FactKey.OS)
        or facts.one(FactKey.PROSE_MACOS)
        or next(iter(facts.all(FactKey.PROSE_WINDOWS_PATH)), None)
        # issue 38 (s8-platform): Windows named in words ("Windows10", "OS: win10", a
        # "win_amd64" wheel, Python's "[MSC v.1932 64 bit (AMD64)]" banner)
        or next(iter(facts.all(FactKey.PROSE_WINDOWS)), None)
        # issue 38 (s21-forms): an issue form's answer to its OS question ("### OS", "Linux")
        or next(iter(facts.all(FactKey.PROSE_LINUX)), None)
    )
    platform_fact = facts.one(FactKey.PYTHON_PLATFORM) or facts.one(FactKey.PROSE_PLATFORM)
    cpu = facts.one(FactKey.PROCESSOR) or facts.one(FactKey.PROSE_CHIP)
    driver = _driver(facts)
    signals = _signals(facts)
    gfx = _gfx_targets(facts)
    answered = (
        facts.all(FactKey.MESSAGE_FOUND_VERSION)
        or facts.all(FactKey.MESSAGE_DRIVER_TOO_OLD)
        or facts.all(FactKey.MESSAGE_DRIVER_INSUFFICIENT)
    )
    if answered and driver is None:
        # torch's "found version N" is the driver's own answer (cudaDriverGetVersion): an
        # NVIDIA driver is installed, its version not shown.
        driver = NvidiaDriver()
        if not any(s.backend == _NVIDIA for s in signals):
            signals += (HardwareSignal(_NVIDIA, "report", f"an NVIDIA driver answered torch "
                                       f"({answered[0].quote.text})"),)  # fmt: skip
    log = _kernel_log(facts)  # issue 41
    if not (os_fact or platform_fact or signals or driver or gfx or log):
        return None
    text = " ".join(f.value for f in (os_fact, platform_fact) if f)
    if os_fact is not None and os_fact.key in (FactKey.PROSE_WINDOWS_PATH, FactKey.PROSE_WINDOWS):
        text = f"Windows {platform_fact.value if platform_fact else ''}"
    if os_fact is not None and os_fact.key is FactKey.PROSE_LINUX:
        text = f"Linux {platform_fact.value if platform_fact else ''}"
    if os_fact is not None and os_fact.key == FactKey.PROSE_MACOS:
        text = f"macOS {os_fact.value} {platform_fact.value if platform_fact else ''}"
    system = _system(text)
    arch = _ARCH.search(platform_fact.value if platform_fact else text)
    machine = _machine(arch.group(1)) if arch else "unknown"
    apple = bool(cpu and cpu.value.startswith("Apple M"))
    # Lightning's report: platform.processor() is "i386" for an x86_64 Python on macOS, and
    # the kernel's version string ends in RELEASE_ARM64_… on Apple silicon.
    processor, kernel = facts.one(FactKey.LIGHTNING_PROCESSOR), facts.one(FactKey.LIGHTNING_KERNEL)
    if processor is not None and machine == "unknown":
        named = processor.value.strip()
        on_mac = {"i386": "x86_64", "arm": "arm64"}.get(named) if system == "Darwin" else None
        machine = on_mac or (_machine(named) if _ARCH.fullmatch(named) else machine)
    if kernel is not None and system == "Darwin" and "ARM64" in kernel.value:
        apple = True
        facts.use("host", kernel)
    facts.use("host", processor)
    mac = _MAC.search(text)
    facts.use("host", os_fact, platform_fact, cpu)
    return HostFacts(
        system=system,
        machine=machine,
        translated=system == "Darwin" and apple and machine == "x86_64",
        cpu_name=cpu.value if cpu else None,
        memory_total_bytes=None,
        memory_available_bytes=None,
        cpu_count=None,
        hostname="",
        signals=signals,
        platform={"Linux": "linux", "Darwin": "darwin", "Windows": "win32"}.get(system),
        nvidia=driver,
        gfx_targets=gfx or None,
        os_version=mac.group(1) if mac and system == "Darwin" else None,
        kernel_log=log,
    )


# issue 41: the kernel log's Xid and SXid lines a paste quotes, by kind.
_XID_KEYS: Final = {
    FactKey.KERNEL_XID: XidKind.XID,
    FactKey.KERNEL_SXID: XidKind.SXID,
    FactKey.KERNEL_SXID_FATAL: XidKind.SXID,
}


def _kernel_log(facts: Facts) -> KernelLog | None:
    """The events of the kernel-log lines the paste quotes, counted as the live scan counts
    them (gather/kernel_log.py `events`); None where it quotes none: a paste without an Xid
    line says nothing of the kernel log, and is no healthy one."""
    said = sorted((f for key in _XID_KEYS for f in facts.all(key)), key=lambda f: f.line)
    if not said:
        return None
    found: dict[tuple[str, int, str], list[object]] = {}
    for fact in said:
        event = (_XID_KEYS[fact.key].value, int(fact.value), fact.name or "")
        fatal = fact.key is FactKey.KERNEL_SXID_FATAL
        entry = found.get(event)
        if entry is not None:
            entry[0] = int(str(entry[0])) + 1
            if fatal and not entry[2]:  # as the live scan counts them (kernel_log.parse)
                entry[1:] = [fact.quote.text, True]
        elif len(found) < kernel_log.MAX_EVENTS:
            found[event] = [1, fact.quote.text, fatal]
    facts.use("kernel_log", *said)
    return KernelLog(source="paste", lines=facts.paste.lines, events=kernel_log.events(found))


def _system(text: str) -> str:
    lowered = text.lower()
    if "mac" in lowered or "darwin" in lowered:
        return "Darwin"
    if "windows" in lowered:
        return "Windows"
    if "linux" in lowered or re.search(
        r"ubuntu|debian|centos|red hat|fedora|rocky|suse|arch", lowered
    ):
        return "Linux"
    return "unknown"


def _machine(arch: str) -> str:
    return {"amd64": "x86_64", "aarch64": "aarch64"}.get(arch.lower(), arch.lower())


def _driver(facts: Facts) -> NvidiaDriver | None:
    driver, cuda = facts.one(FactKey.DRIVER), facts.one(FactKey.DRIVER_CUDA)
    if driver is None and not facts.all(FactKey.DRIVER):
        driver = facts.one(FactKey.PROSE_DRIVER)  # "Driver 570.133.07": where no tool says it
    if driver is not None and not _is_version(driver.value):
        driver = None
    if cuda is not None and not _is_version(cuda.value):
        cuda = None
    capabilities = tuple(
        c for c in (_capability(facts, f) for f in _nvidia_gpus(facts)) if c is not None
    )
    # The kernel module's "NVRM: API mismatch" (the client's version, then the module's) and
    # nvidia-smi's "Failed to initialize NVML: …": what the driver-library check reads.
    client, kernel = facts.one(FactKey.NVRM_CLIENT), facts.one(FactKey.NVRM_KERNEL)
    failed = next(iter(facts.all(FactKey.MESSAGE_NVML_FAILED)), None)
    if driver is None and cuda is None and not (client or kernel or failed):
        return None
    facts.use("driver", driver, cuda)
    facts.use("driver.library", client, kernel, failed)
    return NvidiaDriver(
        kernel_module=kernel.value if kernel else None,
        nvml_driver=client.value if client else None,
        nvml_error=failed.value if failed else None,
        smi_driver=driver.value if driver else None,
        smi_cuda=cuda.value if cuda else None,
        capabilities=capabilities,
    )


_KERNEL_VERDICTS: Final = (
    FactKey.MESSAGE_NO_KERNEL_IMAGE,
    FactKey.MESSAGE_TOO_OLD,
    FactKey.MESSAGE_CAPABILITY,
    FactKey.MESSAGE_ARCH_LIST,
)


def _gpus(facts: Facts) -> list[PastedFact]:
    """The GPUs the paste names, one per index (a name without an index counts once)."""
    seen: dict[int | None, PastedFact] = {}
    named = facts.all(FactKey.GPU) + facts.all(FactKey.MESSAGE_UNSUPPORTED_GPU)
    if not named and (any(facts.all(k) for k in _KERNEL_VERDICTS) or _cpu_build_said(facts)):
        # torch said it has no code for the GPU, or shows itself a build without CUDA, and
        # the GPU is named only in the prose ("- laptop GeForce RTX 3070", "my gpu (gtx
        # 1080)"): that one GPU, by its name in the table.
        named = [f for f in facts.all(FactKey.PROSE_GPU) if gpus.nvidia_capability(f.value)][:1]
    for fact in named:
        name = fact.value.strip()
        if not known_value(name) or name.lower().startswith(("no ", "none")):
            continue
        index = fact.index
        if index is None and seen:
            continue  # "GPU type" names one of the GPUs already listed
        seen.setdefault(index, fact)
    if None in seen and len(seen) > 1:
        del seen[None]
    return list(seen.values())


def _cpu_build_said(facts: Facts) -> bool:
    """torch shows a build without CUDA in its own words: a "+cpu" version as torch or an
    application's banner printed it, or "Torch not compiled with CUDA enabled"."""
    printed = [f.value.strip().lower() for f in facts.all(FactKey.TORCH_VERSION)]
    printed += [
        f.value.strip().lower() for f in facts.all(FactKey.PROSE_PACKAGE) if f.name == "torch"
    ]
    return any(v.endswith("+cpu") for v in printed) or bool(
        facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA)
    )


def _nvidia_gpus(facts: Facts) -> list[PastedFact]:
    return [f for f in _gpus(facts) if _NVIDIA_WORDS.search(f.value) or
            gpus.nvidia_capability(f.value)]  # fmt: skip


def _amd_gpus(facts: Facts) -> list[PastedFact]:
    named = [f for f in _gpus(facts) if _AMD_WORDS.search(f.value)]
    return named or facts.all(FactKey.AMD_NAME)


def _capability(facts: Facts, gpu: PastedFact) -> str | None:
    """A GPU's compute capability: torch's own warning about it, else the name table."""
    for said in facts.all(FactKey.MESSAGE_CAPABILITY):
        names = [
            f for f in facts.all(FactKey.MESSAGE_UNSUPPORTED_GPU) if f.quote.line == said.quote.line
        ]
        if names and names[0].value.strip() == gpu.value.strip():
            return said.value
    return gpus.nvidia_capability(gpu.value)


def _gfx_targets(facts: Facts) -> tuple[str, ...]:
    targets = [f.value for f in facts.all(FactKey.GFX)]
    if not targets and not facts.all(FactKey.MESSAGE_GFX_LIST):
        prose = {f.value for f in facts.all(FactKey.PROSE_GFX)}
        if len(prose) == 1:  # one target named in the reporter's words: "my gfx1031 card"
            targets = [prose.pop()]
            facts.use("gpus", *facts.all(FactKey.PROSE_GFX)[:1])
    for gpu in _amd_gpus(facts):
        target = gpus.amd_gfx(gpu.value)  # also a target the name carries: "(gfx906:…)"
        if target:
            targets.append(target)
    return tuple(dict.fromkeys(targets))


def _signals(facts: Facts) -> tuple[HardwareSignal, ...]:
    signals: list[HardwareSignal] = []
    nvidia, amd = _nvidia_gpus(facts), _amd_gpus(facts)
    for key, found in ((_NVIDIA, nvidia), (_AMD, amd)):
        if found:
            names = "; ".join(dict.fromkeys(f.value for f in found))
            count = len(found)
            # "I have 2 GPUs" beside one name: the reporter's count of that model
            stated = facts.one(FactKey.PROSE_GPU_COUNT)
            if stated is not None and len({f.value for f in found}) == 1 and count == 1:
                count = max(count, int(stated.value))
                facts.use("gpu_count", stated)
            signals.append(HardwareSignal(key, "report", names, count))
            facts.use("gpus", *found)
    rows = facts.all(FactKey.AMD_GPU)
    if rows and not amd:
        count = len({f.index for f in rows})
        signals.append(HardwareSignal(_AMD, "report", f"{rows[0].tool}: {count} GPU(s)",
                                      count))  # fmt: skip
        facts.use("gpus", *rows)
    # issue 38: an AMD GPU named only by its LLVM target in the reporter's words ("follow the
    # install instructions on gfx1151"): gfx names are AMD's GPU targets (LLVM AMDGPU usage,
    # "Processors"), so one such target, and no NVIDIA GPU beside it, is an AMD GPU
    prose_gfx = {f.value for f in facts.all(FactKey.PROSE_GFX)}
    if not amd and not rows and not nvidia and len(prose_gfx) == 1:
        named = facts.all(FactKey.PROSE_GFX)[0]
        signals.append(HardwareSignal(_AMD, "report", f"an AMD GPU, {named.value}", 1))
        facts.use("gpus", named)
    # and one the reporter owns in words alone ("I have an AMD gpu")
    owned = facts.all(FactKey.PROSE_AMD_GPU)
    if owned and not amd and not rows and not nvidia and not prose_gfx:
        signals.append(HardwareSignal(_AMD, "report", f'"{owned[0].value}"', None))
        facts.use("gpus", owned[0])
    # issue 38 (s15-realrec): and AMD's GPU stack named in words, a title's too ("Ubuntu
    # 24.04.4 ROCm 7.1.1", "I installed ROCm"): ROCm drives AMD GPUs alone (ROCm's system
    # requirements list AMD Instinct and Radeon GPUs), read as the reporter's other
    # machine-in-words facts are (a question's or someone else's machine is none)
    rocm = facts.all(FactKey.PROSE_ROCM)
    if rocm and not amd and not rows and not nvidia and not prose_gfx and not owned:
        signals.append(HardwareSignal(_AMD, "report", f'"{rocm[0].value}"', None))
        facts.use("gpus", rocm[0])
    npus = facts.all(FactKey.ASCEND_CHIP)
    if npus:
        indices = {f.index for f in npus}
        signals.append(HardwareSignal(_ASCEND, "report", npus[0].value, len(indices)))
        facts.use("gpus", *npus)
    elif counts := facts.all(FactKey.MESSAGE_NPU_COUNT):
        signals.append(HardwareSignal(_ASCEND, "report", f"CANN: {counts[0].quote.text}",
                                      int(counts[0].value)))  # fmt: skip
    present = facts.all(FactKey.MESSAGE_NVIDIA_SMI_PRESENT)
    if present and not nvidia:
        signals.append(HardwareSignal(_NVIDIA, "report", "an installer found nvidia-smi ("
                                      f"{present[0].quote.text.strip()[:80]})", None))  # fmt: skip
        facts.use("gpus", present[0])
    # issue 41: an Xid is the NVIDIA driver's report of a GPU at the address it names
    xids = facts.all(FactKey.KERNEL_XID)
    if xids and not nvidia and not present:
        shown = xids[0].quote.text.strip()[:80]
        signals.append(
            HardwareSignal(_NVIDIA, "report", f"the NVIDIA driver's kernel log ({shown})")
        )
    cpu = facts.one(FactKey.PROCESSOR) or facts.one(FactKey.PROSE_CHIP)
    if cpu is not None and cpu.value.startswith("Apple M"):
        signals.append(HardwareSignal(_APPLE, "platform", cpu.value, 1))
    return tuple(signals)


def _backends(facts: Facts, torch: TorchInfo, host: HostFacts | None) -> dict[str, BackendFacts]:
    """The CUDA, ROCm and Ascend backends, where the paste speaks of them; others stay
    unknown."""
    found: dict[str, BackendFacts] = {}
    available = _available(facts)
    env = {f.name or "": f.value for f in facts.all(FactKey.ENV)}
    for key, build, devices in (
        (_NVIDIA, registry.Build.CUDA.value, _cuda_devices(facts)),
        (_AMD, registry.Build.ROCM.value, _rocm_devices(facts)),
    ):
        ours = torch.build == build
        present = bool(host and host.signals_for(key))
        cpu_build = torch.build == registry.Build.CPU.value
        asked = _asked(facts) if key == _NVIDIA and cpu_build else None
        if not (ours or present or asked):
            continue
        wrong = torch.build is not None and not ours
        visible = visibility.visible(registry.BY_KEY[key], env, len(devices)) if devices else None
        is_available = bool(available) if ours else False
        if ours and available is None and visible == 0:
            is_available = False  # no device passes the variable: torch sees none
        count = len(devices) if is_available else 0
        if visible is not None:
            count = min(count, visible) if is_available else 0
        found[key] = BackendFacts(
            key=key,
            installed=True,
            version=None,
            importable=None,
            available=is_available,
            device_count=count,
            devices=devices,
            reason="build" if wrong else None,
            probed=available is not None or wrong or visible == 0,
            arch_list=_arch_list(facts, torch, build, host) if ours else (),
            driver_said=_driver_said(facts) if key == _NVIDIA else None,
            asked=asked,
            no_code=_verdicts(facts, key),
        )
    npu = _ascend(facts)
    if npu is not None:
        found[npu.key] = npu
    mps = _mps_refused(facts)
    if mps is not None:
        found[mps.key] = mps
    return found


def _mps_refused(facts: Facts) -> BackendFacts | None:
    """torch's "The MPS backend is supported on MacOS 12.3+": it refused MPS on this macOS."""
    said = facts.all(FactKey.MESSAGE_MPS_MACOS)
    exact = facts.all(FactKey.MESSAGE_MPS_OP_MACOS)
    if not said and not exact:
        return None
    facts.use("host", (said or exact)[0])
    backend = next(b for b in registry.BACKENDS if b.query.kind is registry.QueryKind.MPS)
    first = (said or exact)[0]
    return BackendFacts(
        key=backend.key, installed=True, version=None, importable=None, available=False,
        probed=True, macos_needed=MacosNeeded(first.quote.text, first.value, exact=not said),
    )  # fmt: skip


def _asked(facts: Facts) -> str | None:
    """torch's "Torch not compiled with CUDA enabled": the program asked a CPU-only build for
    CUDA (torch/cuda/__init__.py `_lazy_init`); or xformers, built for a CUDA torch, found a
    CPU-only one ("built for: PyTorch 2.1.2+cu121 with CUDA 1201 (you have 2.1.2+cpu)")."""
    said = facts.all(FactKey.MESSAGE_NOT_COMPILED_CUDA) or [
        f for f in facts.all(FactKey.MESSAGE_XFORMERS_BUILT_FOR) if "+cu" in f.value
    ]
    if not said:
        return None
    facts.use("torch", said[0])
    return said[0].quote.text


def _verdicts(facts: Facts, key: str) -> NoCode | None:
    """torch's own word that it has no code for a GPU (the "too old" warning, CUDA's "no
    kernel image", HIP's "invalid device function"), for the checks to read."""
    # torch's sm_XY warning ("… is not compatible with the current PyTorch installation")
    # is its own verdict too, where the compiled list that follows it was not pasted.
    cuda = (FactKey.MESSAGE_TOO_OLD, FactKey.MESSAGE_NO_KERNEL_IMAGE, FactKey.MESSAGE_CAPABILITY)
    keys = cuda if key == _NVIDIA else (FactKey.MESSAGE_INVALID_DEVICE_FUNCTION,)
    for message in keys:
        said = facts.all(message)
        if message == "message.capability" and _served_in_range(facts, said):
            continue
        if said:
            facts.use("torch", said[0])
            return NoCode(said[0].quote.text, older=message == FactKey.MESSAGE_TOO_OLD)
    return None


def _served_in_range(facts: Facts, said: Sequence[PastedFact]) -> bool:
    """Whether torch's range warning ("Found GPU0 NVIDIA GB10 which is of cuda capability
    12.1. Minimum and Maximum cuda capability supported by this version of PyTorch is (8.0) -
    (12.0)") names GPUs its build still serves. torch 2.7 to 2.10 compare the capability with
    the lowest and highest its CUDA version's wheels are built for (torch/cuda/__init__.py
    `_check_capability`, CUDA_ARCHES_SUPPORTED); a cubin built for X.y runs on X.z for every
    z >= y (CUDA C++ Programming Guide, "Binary Compatibility"), so a GPU of the highest's
    major with a newer minor runs its code: the warning is not a verdict of no code."""
    ranges = facts.all(FactKey.MESSAGE_CAPABILITY_RANGE)
    if not ranges or not said:
        return False
    low, _, high = ranges[0].value.partition("-")
    bottom, top = kernels.major_minor(low), kernels.major_minor(high)
    if bottom is None or top is None:
        return False
    for fact in said:
        gpu = kernels.major_minor(fact.value)
        if gpu is None or not (bottom <= gpu and gpu[0] == top[0] and gpu >= top):
            return False
    return True


def _ascend(facts: Facts) -> BackendFacts | None:
    """CANN's "set ASCEND_RT_VISIBLE_DEVICES:4 error, input data rang[0-2)" or "… it must be
    configured in ascending order": torch_npu ran and no NPU passed the variable."""
    counts = facts.all(FactKey.MESSAGE_NPU_COUNT)
    refused = facts.all(FactKey.MESSAGE_MASK_REFUSED)
    if not counts and not refused:
        return None
    facts.use("env", *facts.all(FactKey.ENV))
    facts.use("gpus", *(counts or refused)[:1])
    backend = next(b for b in registry.BACKENDS if "ASCEND_RT_VISIBLE_DEVICES" in b.visibility_env)
    return BackendFacts(
        key=backend.key, installed=True, version=None, importable=True, available=False,
        device_count=0, devices=(), probed=True,
        mask_refused=refused[0].value if refused and not counts else None,
    )  # fmt: skip


def _available(facts: Facts) -> bool | None:
    said = facts.one(FactKey.CUDA_AVAILABLE)
    if said is not None:
        facts.use("torch", said)
        value = _normal(FactKey.CUDA_AVAILABLE, said.value)
        return value == "true" if value in ("true", "false") else None
    accelerator = facts.one(FactKey.ACCELERATOR)
    if accelerator is not None:
        facts.use("torch", accelerator)
        return accelerator.value.strip().lower() == registry.BY_KEY[_NVIDIA].device
    none = facts.all(FactKey.MESSAGE_NO_GPUS) or facts.all(FactKey.MESSAGE_NO_HIP_GPUS)
    if none:
        facts.use("torch", none[0])
        return False
    # torch prints its capability warnings from `_lazy_init` after `torch._C._cuda_init()`
    # succeeded (torch/cuda/__init__.py, `_check_capability`, `_check_cubins`), and "no
    # kernel image" is a kernel launch's error: either way the driver ran this build's CUDA
    # on a device, which is what torch.cuda.is_available() answers.
    ran = [f for k in _RAN_ON_A_DEVICE for f in facts.all(k)]
    if ran:
        facts.use("torch", ran[0])
        return True
    return None


_RAN_ON_A_DEVICE: Final = (
    FactKey.MESSAGE_NO_KERNEL_IMAGE,
    FactKey.MESSAGE_TOO_OLD,
    FactKey.MESSAGE_ARCH_LIST,
)


def _cuda_devices(facts: Facts) -> tuple[Device, ...]:
    return tuple(
        Device(
            index=f.index if f.index is not None else i,
            name=f.value.strip(),
            capability=_capability(facts, f),
        )
        for i, f in enumerate(_nvidia_gpus(facts))
    )


def _rocm_devices(facts: Facts) -> tuple[Device, ...]:
    targets = _gfx_targets(facts)
    named = _amd_gpus(facts)
    if len(targets) == 1:
        return tuple(
            Device(i, f.value.strip(), capability=targets[0]) for i, f in enumerate(named)
        ) or (Device(0, None, capability=targets[0]),)
    return tuple(Device(i, f.value.strip(), capability=None) for i, f in enumerate(named))


def _arch_list(
    facts: Facts, torch: TorchInfo, build: str, host: HostFacts | None
) -> tuple[str, ...]:
    """torch's compiled list: as its own warning printed it, else the published wheel's."""
    printed = facts.one(FactKey.MESSAGE_ARCH_LIST)
    if printed is not None and build == registry.Build.CUDA.value:
        facts.use("torch", printed)
        return tuple(printed.value.split())
    code_ccs = facts.all(FactKey.MESSAGE_CODE_CC)
    if code_ccs and build == registry.Build.CUDA.value:
        facts.use("torch", *code_ccs)
        return tuple(dict.fromkeys("sm_" + f.value.replace(".", "") for f in code_ccs))
    if torch.version is None:
        return ()
    machine = host.machine if host and host.machine != "unknown" else "x86_64"
    archs = wheels.published_archs(torch.version, cuda=torch.cuda, rocm=torch.hip, machine=machine)
    if archs is None:
        return ()
    facts.use("torch", facts.one(FactKey.TORCH_VERSION, known=False))
    return archs.arch_list


def _driver_said(facts: Facts) -> drivers.DriverSaid | None:
    """torch's word that the driver is older than its build ("found version NNNNN", or the
    same without the number, or the CUDA runtime's own), as the driver check reads it."""
    found = facts.all(FactKey.MESSAGE_FOUND_VERSION)
    if found:
        facts.use("driver", found[0])
        return drivers.DriverSaid(drivers.DriverWords.FOUND_VERSION, int(found[0].value))
    for key, words in (
        (FactKey.MESSAGE_DRIVER_TOO_OLD, drivers.DriverWords.TOO_OLD),
        (FactKey.MESSAGE_DRIVER_INSUFFICIENT, drivers.DriverWords.INSUFFICIENT),
    ):
        said = facts.all(key)
        if said:
            facts.use("driver", said[0])
            return drivers.DriverSaid(words)
    return None


def _packages(facts: Facts, ran: str | None) -> dict[str, Package | None] | None:
    """The packages the paste lists (collect_env lists only some: absence says nothing, so
    nothing reads a missing name as "not installed"); not collect_env's `[conda]` lines where
    they list another environment than the torch that ran (issue 41: compat/libraries.py
    `conda_lists_another_environment`, a conda base's torch 2.5.1 and torchvision 0.20.1
    beside a venv's torch 2.15 are no companions of it)."""
    listed: dict[str, Package | None] = {}
    said: dict[str | None, set[str]] = {}
    for fact in facts.all(FactKey.PROSE_PACKAGE):
        said.setdefault(fact.name, set()).add(fact.value)
    prose = [f for f in facts.all(FactKey.PROSE_PACKAGE) if len(said[f.name]) == 1]
    conda_torch = [
        f.value
        for f in facts.all(FactKey.PACKAGE)
        if (f.name or "") in ("torch", "pytorch") and f.quote.text.lstrip().startswith("[conda]")
    ]
    elsewhere = libraries.conda_lists_another_environment(ran, conda_torch)
    for fact in facts.all(FactKey.PACKAGE) + prose:
        if elsewhere and fact.quote.text.lstrip().startswith("[conda]"):
            continue  # the line is read as a package line and as the reporter's words alike
        name = fact.name or ""
        if not name or not _is_version(fact.value) or name in ("could", "no"):
            continue
        if name == "pytorch":
            name = "torch"
        listed.setdefault(name, Package(name, fact.value, _pins(name, fact.value)))
        facts.use("packages", fact)
    for built in facts.all(FactKey.MESSAGE_XFORMERS_BUILT_FOR):
        facts.use("packages", built)
        listed["xformers"] = Package("xformers", "unknown", (f"torch=={built.value}",))
    for skipped in facts.all(FactKey.MESSAGE_TORCHAO_SKIPPED):  # issue 38: torchao's own check
        if not skipped.value.startswith(">="):  # 0.17.0 on state a floor, not their version
            facts.use("packages", skipped)
            listed.setdefault("torchao", Package("torchao", skipped.value, ()))
    return listed or None


def _pins(name: str, version: str) -> tuple[str, ...]:
    """The torch requirement a companion package's wheel declares, by its compat table;
    none for nightly and pre-release builds, whose numbers follow no table, but torch-npu's,
    whose first three numbers are its torch release whatever follows them."""
    parsed = versions.parse(version)
    if name == "torch-npu" and parsed is not None:
        # torch-npu X.Y.Z[.postN][.devD] is built for torch X.Y.Z alone (Ascend/pytorch README,
        # "Ascend Auxiliary Software": torch 2.1.0 with torch-npu 2.1.0.post6, 2.2.0 with
        # 2.2.0.post2; vLLM Ascend's matrix pairs torch 2.5.1 with 2.5.1.post1.dev20250619).
        torch = ascend.torch_of_npu(version)
        return (f"torch=={torch}",) if torch else ()
    if parsed is None or parsed.is_prerelease or parsed.is_devrelease:
        return ()
    torch_series = companions.torch_series_for(name, version)
    if torch_series is not None:  # torchvision's and torchaudio's tables (compat/companions.py)
        return (f"torch=={torch_series}.*",)
    return ()


def _env(facts: Facts) -> dict[str, str] | None:
    found = facts.all(FactKey.ENV)
    if not found:
        return None
    facts.use("env", *found)
    env: dict[str, str] = {}
    for fact in found:
        env.setdefault(fact.name or "", fact.value)
    return env


def _failures(facts: Facts, torch: TorchInfo | None) -> tuple[StepFailure, ...] | None:
    """No probe ran, so the failures are what the paste quotes: an extension whose compiled
    module did not load. When the report's tool imported torch, torch's import did not fail;
    otherwise whether it fails is unknown."""
    if torch is None or not torch.importable:
        return None
    failures: list[StepFailure] = []
    for fact in facts.all(FactKey.MESSAGE_UNDEFINED_SYMBOL):
        module = (fact.name or "").replace("-", "_")
        message = (
            fact.quote.text
            if fact.value.endswith("built for another torch")
            else f"undefined symbol: {fact.value}"
        )
        failure = StepFailure(
            step=f"import {module}",
            kind="error",
            error=ErrorInfo("ImportError", message),
            signal=None,
            output=fact.quote.text,
            autoload=True,
        )
        if failure not in failures:
            failures.append(failure)
            facts.use("failures", fact)
    return tuple(failures)


def gathered(paste: Paste) -> Pasted:
    """The evidence a paste supports, with the facts each part was made from, for the
    diagnosis to quote; the facts the paste states differently said among what was skipped."""
    evidence, facts = evidence_of(paste)
    return Pasted(
        evidence=evidence,
        used={part: tuple(used) for part, used in facts.used.items()},
        blocks=paste.blocks,
        skipped=(*paste.skipped, *(d.describe() for d in facts.disagreements)),
        lines=paste.lines,
        facts=paste.facts,
        errors=paste.error_lines,
        error_count=paste.error_count,
        stated=paste.stated,
        symptoms=paste.symptoms,
        cut=paste.cut,
    )
