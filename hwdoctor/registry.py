"""The backend table: every PyTorch hardware backend hwdoctor knows, as data.

`list` renders it, the host scan and the probe iterate it, findings read their remedies
from it. Adding a backend is adding a row here; nothing else branches on backend names.

Rows are NamedTuples, immutable like the frozen dataclasses of hwdoctor.model but half as
costly to define: every `hwdoctor list` imports this module, and its budget is tight.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, NamedTuple


class QueryKind(str, Enum):
    """How the probe asks torch whether a backend's device is usable."""

    CPU = "cpu"  # always usable once torch imports
    DEVICE_MODULE = "device_module"  # torch.<name>.is_available(), device_count(), ...
    MPS = "mps"  # torch.backends.mps.is_available() and is_built(); one device
    XLA = "xla"  # torch_xla.runtime.device_type()


class Build(str, Enum):
    """The accelerator a torch wheel was compiled for (its build flavour)."""

    CPU = "cpu"
    CUDA = "cuda"
    ROCM = "rocm"
    XPU = "xpu"
    MPS = "mps"

    @property
    def label(self) -> str:
        """The build's name as its vendor writes it: CUDA, ROCm (AMD's spelling), XPU."""
        return build_name(self.value)


# Vendors' spellings (NVIDIA "CUDA", AMD "ROCm", PyTorch "XPU" and "MPS"), never .upper().
_BUILD_NAMES: Final = {"cpu": "CPU", "cuda": "CUDA", "rocm": "ROCm", "xpu": "XPU", "mps": "MPS"}


def build_name(build: str | None) -> str:
    """A torch build flavour ("rocm") as its vendor writes it ("ROCm"); "unknown" for None."""
    if not build:
        return "unknown"
    return _BUILD_NAMES.get(build.lower(), build.upper())


class DeviceQuery(NamedTuple):
    """Where the probe finds the availability API of a backend."""

    kind: QueryKind
    module: str = ""  # e.g. "torch.cuda"; empty for cpu/xla
    # The torch build this backend needs (in-tree backends only): a CUDA device on a
    # ROCm build is the ROCm backend, not the NVIDIA one.
    build: Build | None = None

    def to_json(self, install: str = "") -> dict[str, Any]:
        """The public row of `list --json`; `install` is its line as the install chooser
        (diagnosis/remedies.py) writes it."""
        return {
            "kind": self.kind.value,
            "module": self.module,
            "build": self.build.value if self.build else None,
        }


class PciMatch(NamedTuple):
    """PCI functions that signal the hardware: a vendor, optionally narrowed.

    Vendors share ids with their NICs and SSDs (Amazon 1d0f is also ENA/EFA/NVMe, Google
    1ae0 also gVNIC), so a match names device ids or PCI class prefixes, never the vendor
    alone.
    """

    vendor: str  # "10de"
    device_ids: tuple[str, ...] = ()  # empty: any device of an allowed class
    class_prefixes: tuple[str, ...] = ()  # "03" display, "12" processing accelerator
    exclude_device_ids: tuple[str, ...] = ()

    def matches(self, vendor: str, device: str, pci_class: str) -> bool:
        vendor, device, pci_class = _hex(vendor), _hex(device), _hex(pci_class).rjust(6, "0")
        if vendor != self.vendor or device in self.exclude_device_ids:
            return False
        if self.device_ids and device not in self.device_ids:
            return False
        return not self.class_prefixes or pci_class.startswith(self.class_prefixes)


def _hex(value: str) -> str:
    value = value.strip().lower()
    return value[2:] if value.startswith("0x") else value


class VendorTool(NamedTuple):
    """A vendor command-line tool whose listing confirms the hardware without torch."""

    argv: tuple[str, ...]  # run with a timeout, never through a shell
    device_line: str  # regex: one match per device in its output

    @property
    def name(self) -> str:
        return self.argv[0]


class Backend(NamedTuple):
    """One row of the table: a device string, the package behind it, how to find it."""

    key: str  # stable id, JSON key: "cuda", "rocm", ...
    hardware: str  # "NVIDIA GPU"
    device: str  # the device string users pass: "cuda"
    package: str  # what to pip install, as documented: "torch-npu"
    dists: tuple[str, ...]  # distribution names that provide it (metadata, no import)
    module: str | None  # extension module to import; None when torch has it in-tree
    query: DeviceQuery
    pci: tuple[PciMatch, ...] = ()
    device_nodes: tuple[str, ...] = ()  # globs under /dev
    tools: tuple[VendorTool, ...] = ()
    platforms: tuple[str, ...] = ("linux",)  # sys.platform values where it can exist
    machine: str | None = None  # required CPU architecture (Apple Silicon: arm64)
    visibility_env: tuple[str, ...] = ()  # process level: CUDA_VISIBLE_DEVICES, ...
    container_env: tuple[str, ...] = ()  # container runtime level: NVIDIA_VISIBLE_DEVICES
    # The `docker run` arguments that pass the device into a container, as the vendor
    # documents them (sources at each backend); "" where none is documented.
    container_devices: str = ""
    access_nodes: tuple[str, ...] = ()  # more nodes under /dev the user must open to use it
    # The groups the vendor documents for opening those nodes: the only groups a remedy may
    # tell a user to join (`usermod -aG`); a node's group that is not one of them is named,
    # never put into a command (a group from an evidence file could be `sudo` or `docker`).
    access_groups: tuple[str, ...] = ()
    # Values of a `container_env` variable that pass no device in, with what each means.
    container_env_none: tuple[tuple[str, str], ...] = ()
    wsl_remedy: str = ""  # the remedy under WSL2 (/dev/dxg), where the host's driver serves
    # The variable that orders devices, and its value that orders them by PCI bus id.
    device_order_env: tuple[str, str] | None = None
    # How the package installs: the arguments of `pip install` when it is on a package index
    # (the remedy runs them with the diagnosed interpreter's pip), or, when it is not, where
    # it comes from (a vendor installer or wheel), said in words.
    pip_args: str = ""
    # A torch build of the wheel table (compat/wheels.py) instead of `pip_args`: "cpu",
    # "cuda", "rocm", "xpu". Its release and index are chosen for the machine diagnosed
    # (diagnosis/remedies.py), never written here.
    wheel: str = ""
    install_elsewhere: str = ""
    install_note: str = ""  # what else to know about that install
    install_note_docs: bool = False  # the note names what only `docs` explains: link it
    # Where the package comes from on Windows when the index of its install has no Windows
    # wheels, said in words (a pasted report from Windows gets this, not the pip line).
    install_windows: str = ""
    hardware_remedy: str = ""  # the remedy when the hardware is not visible
    training_auto: bool = True  # TrainingArguments picks it without being told
    # torch.distributed's backend for this device, as Accelerate's PartialState picks it
    # (accelerate/state.py, _prepare_backend; mirrored in rules/tables.DISTRIBUTED_BACKEND)
    collective: str | None = None
    runs_on: tuple[str, ...] = ()  # for a compiler stack (XLA): the hardware rows it runs on
    # device_map="auto" gives it memory budgets with the newest Accelerate the tables were
    # read from; where that began with a recent release, that release ("accelerate 1.16"),
    # and `device_map_auto` says what the releases before it do. tests/test_registry.py keeps
    # both equal to the decision tables (rules.device_map_budgets).
    device_map_auto: bool = True
    device_map_since: str = ""
    # Its memory is the host's (Apple's unified memory): offloading to the CPU frees none.
    shares_host_memory: bool = False
    # The first torch release that has it, where torch itself carries it: a remedy that
    # moves torch below it removes the backend (a pasted report's companions then move).
    torch_since: str = ""
    docs: str = ""
    # Words people type for this hardware instead of its device string ("gaudi", "nvidia"):
    # `devices.parse` resolves a word one row's device string has alone, and answers a word
    # several rows share ("gpu") with their device strings. Never a device string itself.
    aliases: tuple[str, ...] = ()
    # Words a reporter's prose names this hardware or its own software stack with ("Ascend
    # 910B", "CANN", "Gaudi2", "SynapseAI"): a paste that names one shows that accelerator
    # (gather/reports/readers/prose.py), and is judged for it, never for CUDA. Only words no
    # other row and no common English word shares.
    named_in_prose: tuple[str, ...] = ()

    @property
    def in_tree(self) -> bool:
        return self.module is None

    def wire(self) -> dict[str, Any]:
        """What the detect payload needs of this row: the probe's own format, free to
        change with the payload, unlike the public `list --json` schema of `to_json`."""
        return {
            "key": self.key,
            "device": self.device,
            "dists": list(self.dists),
            "module": self.module,
            "query": self.query.to_json(),
        }

    def to_json(self, install: str = "") -> dict[str, Any]:
        """The public row of `list --json`; `install` is its line as the install chooser
        (diagnosis/remedies.py) writes it."""
        return {
            "key": self.key,
            "hardware": self.hardware,
            "device": self.device,
            "package": self.package,
            "dists": list(self.dists),
            "module": self.module,
            "query": self.query.to_json(),
            "visibility_env": list(self.visibility_env),
            "container_env": list(self.container_env),
            "install": install or self.install_elsewhere,
            "install_note": self.install_note,
            "training_auto": self.training_auto,
            "device_map_auto": self.device_map_auto,
            "device_map_since": self.device_map_since or None,
            "docs": self.docs,
        }


_GPU_CLASSES: Final = ("03", "12")  # display controllers, processing accelerators

BACKENDS: Final[tuple[Backend, ...]] = (
    Backend(
        key="cpu",
        collective="gloo",
        hardware="CPU",
        device="cpu",
        package="torch",
        dists=("torch",),
        module=None,
        query=DeviceQuery(QueryKind.CPU),
        platforms=("linux", "darwin", "win32"),
        wheel="cpu",
        docs="https://pytorch.org/get-started/locally/",
    ),
    Backend(
        key="cuda",
        collective="nccl",
        hardware="NVIDIA GPU",
        device="cuda",
        package="torch",
        dists=("torch",),
        module=None,
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.cuda", Build.CUDA),
        # NVSwitch (10de:1af1) is a bridge, not a GPU: the class filter drops it.
        pci=(PciMatch("10de", class_prefixes=("03",), exclude_device_ids=("1af1",)),),
        device_nodes=("nvidia[0-9]*", "nvidiactl", "dxg"),
        # issue 38: the driver makes its nodes root's, mode 0666, unless told otherwise
        # (NVIDIA/open-gpu-kernel-modules kernel-open/common/inc/nv-reg.h: DeviceFileUID,
        # DeviceFileGID "The default GID is 0 ('root')", DeviceFileMode "The default mode is
        # 0666"); distributions that set NVreg_DeviceFileGID give them to video, mode 0660
        # (openSUSE's nvidia-driver-G06 50-nvidia.conf, openSUSE/nvidia-driver-G06#52: "add
        # the regular user to the video group")
        access_groups=("video",),
        tools=(VendorTool(("nvidia-smi", "-L"), r"(?m)^GPU \d+:"),),
        platforms=("linux", "win32"),
        visibility_env=("CUDA_VISIBLE_DEVICES",),
        container_env=("NVIDIA_VISIBLE_DEVICES",),
        # CUDA C++ Programming Guide, "CUDA Environment Variables": CUDA_DEVICE_ORDER is
        # FASTEST_FIRST by default ("a simple heuristic"); PCI_BUS_ID orders devices by
        # PCI bus id, ascending, as nvidia-smi lists them.
        device_order_env=("CUDA_DEVICE_ORDER", "PCI_BUS_ID"),
        # https://docs.docker.com/engine/containers/resource_constraints/#gpu
        container_devices="--gpus all",
        # NVIDIA Container Toolkit, "Specialized Configurations with Docker", GPU enumeration:
        # https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html
        container_env_none=(
            ("none", "none passes no GPU in, only the driver's capabilities"),
            ("void", "void passes neither GPUs nor the driver's capabilities in"),
        ),
        # CUDA on WSL User Guide: the Windows driver serves WSL2; "Do not install any Linux
        # display driver in WSL" (https://docs.nvidia.com/cuda/wsl-user-guide/index.html)
        wsl_remedy="install or update the NVIDIA driver on Windows (it serves WSL2 too); do "
        "not install a Linux NVIDIA driver inside WSL",
        wheel="cuda",
        hardware_remedy="install the NVIDIA driver; in a container, run with --gpus all "
        "(NVIDIA container runtime)",
        docs="https://pytorch.org/docs/stable/notes/cuda.html",
        aliases=("nvidia", "gpu"),
    ),
    Backend(
        key="rocm",
        collective="nccl",
        hardware="AMD GPU",
        device="cuda",
        package="torch (ROCm build)",
        dists=("torch",),
        module=None,
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.cuda", Build.ROCM),
        pci=(PciMatch("1002", class_prefixes=_GPU_CLASSES),),
        device_nodes=("kfd",),
        # ROCm opens /dev/kfd and the GPUs' render nodes; access is granted through the
        # render and video groups, and a container needs both passed in (ROCm docs,
        # https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/prerequisites.html
        # "Setting permissions for groups"; .../how-to/docker.html "Accessing GPUs in containers")
        access_nodes=("dri/renderD*",),
        access_groups=("render", "video"),
        container_devices="--device=/dev/kfd --device=/dev/dri",
        tools=(
            VendorTool(("amd-smi", "list"), r"(?m)^GPU: ?\d+"),
            # rocminfo lists HSA agents, CPUs and GPUs alike; each GPU agent, discrete or
            # integrated (APU), has one "Device Type: GPU" line, padded with trailing spaces
            # up to ROCm 6 and bare in ROCm 7 (tests/data/real/rocminfo: 4 MI300X, 7 MI25,
            # a gfx902 APU on ROCm 7.2).
            VendorTool(("rocminfo",), r"(?m)^\s*Device Type:\s*GPU\b"),
        ),
        visibility_env=("HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"),
        container_env=("AMD_VISIBLE_DEVICES",),
        wheel="rocm",
        # PyTorch's ROCm wheels are Linux only: AMD's install page for them "Applies to
        # Linux" and says to select Linux in pytorch.org's matrix
        # (https://rocm.docs.amd.com/projects/install-on-linux/en/docs-6.2.0/how-to/3rd-party/pytorch-install.html),
        # and pip on Windows finds only manylinux wheels under /whl/rocm* (OneTrainer#1381:
        # "Wheels are available for torch (v2.9.1+rocm6.3) on the following platform:
        # manylinux_2_28_x86_64"). AMD publishes its own Windows wheels for Radeon and Ryzen.
        # issue 38 (s8-platform): the other Windows routes. Microsoft's torch-directml runs
        # torch on any DirectX 12 GPU ("dml" device; learn.microsoft.com/windows/ai/directml/
        # pytorch-windows), and AMD's ROCm for WSL2 drives the Radeon GPUs its WSL page lists
        # (rocm.docs.amd.com/projects/radeon-ryzen/en/latest/docs/install/installrad/wsl/
        # howto_wsl.html).
        install_windows="PyTorch's ROCm builds (download.pytorch.org/whl/rocm*) are for Linux "
        "only; on Windows, AMD publishes PyTorch wheels for the Radeon and Ryzen GPUs it "
        "lists: https://rocm.docs.amd.com/projects/radeon-ryzen/en/latest/docs/install/"
        "installrad/windows/install-pytorch.html; for a Radeon it does not list, Microsoft's "
        'torch-directml (the "dml" device, an application\'s DirectML option), or WSL2 with '
        "AMD's ROCm for WSL for the Radeon GPUs its WSL page lists",
        hardware_remedy="install the ROCm driver; add the user to the render and video "
        "groups; in a container pass --device=/dev/kfd --device=/dev/dri",
        docs="https://rocm.docs.amd.com/projects/install-on-linux/en/latest/",
        # torch's ROCm builds drive AMD GPUs through the CUDA API: device "cuda" (docs above)
        aliases=("amd", "rocm", "gpu"),
    ),
    Backend(
        key="neuron",
        hardware="AWS Neuron",  # the Trainium and Inferentia chips (aliases below)
        device="neuron",
        package="torch-neuronx",
        dists=("torch-neuronx",),
        module="torch_neuronx",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.neuron"),
        # 1d0f is also ENA, EFA and EBS NVMe: only the Inferentia/Trainium ids count.
        pci=(PciMatch("1d0f", device_ids=("7064", "7164", "7264")),),
        device_nodes=("neuron[0-9]*",),
        # AWS's udev rule gives the nodes to a group "neuron", mode 0660: "Only members of the
        # 'neuron' group can access 'neuron' devices" (aws-neuron-sdk about-neuron/security.rst)
        access_groups=("neuron",),
        # https://awsdocs-neuron.readthedocs-hosted.com/en/latest/containers/docker-example/inference/Dockerfile-inference.html
        # ("docker run --device=/dev/neuron0 ...")
        container_devices="--device=/dev/neuron0",
        tools=(VendorTool(("neuron-ls", "--json-output"), r'"neuron_device"'),),
        visibility_env=("NEURON_RT_VISIBLE_CORES",),
        pip_args="--extra-index-url https://pip.repos.neuron.amazonaws.com torch-neuronx "
        "neuronx-cc",
        install_note="the native 'neuron' device needs TorchNeuron with torch >= 2.10",
        install_note_docs=True,
        hardware_remedy="install the aws-neuronx-dkms driver; in a container pass "
        "--device /dev/neuron0 (one per device)",
        # device_map="auto" enumerates Neuron devices only from accelerate 1.16 (torch's
        # current accelerator); before, pass device_map="neuron".
        device_map_auto=False,
        device_map_since="accelerate 1.16",
        docs="https://awsdocs-neuron.readthedocs-hosted.com/",
        # Trainium and Inferentia are both Neuron devices, run by the same torch-neuronx
        # (the PCI ids above are both; shared/reference/backends.md §8)
        aliases=("trainium", "inferentia"),
        # AWS's names: the chips, the SDK and its torch package (the docs above)
        # and the EC2 instance families that carry them, as a reporter names the machine
        # ("trn1.32xlarge", "inf2.xlarge", "Trn2"; aws.amazon.com/ec2/instance-types, and
        # shared reference backends.md: 2 cores a device on trn1/inf2, 4 on trn2)
        named_in_prose=(
            "Trainium",
            "Inferentia",
            "Neuron SDK",
            "torch-neuronx",
            "torch_neuronx",
            "trn1",
            "trn1n",
            "trn2",
            "inf1",
            "inf2",
        ),
    ),
    Backend(
        key="tpu",
        hardware="Google TPU",
        device="tpu",
        package="torch-tpu",
        dists=("torch-tpu",),
        module="torch_tpu",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.tpu"),
        # 1ae0 is also gVNIC and NVMe: only TPU device ids count.
        pci=(PciMatch("1ae0", device_ids=("0027", "005e", "0062", "0063", "006f", "0076")),),
        device_nodes=("vfio/[0-9]*", "accel[0-9]*"),
        tools=(VendorTool(("tpu-info",), r"(?m)/dev/(?:vfio|accel)/?\d+"),),
        visibility_env=("TPU_VISIBLE_CHIPS",),
        pip_args="torch-tpu",
        install_note="Google's TorchTPU needs Python >= 3.11; Sophgo's unrelated torch-tpu "
        "uses the same names",
        hardware_remedy="run on a Cloud TPU VM",
        # accelerate 1.16+ budgets one chip, the process's current one
        device_map_auto=False,
        device_map_since="accelerate 1.16",
        docs="https://github.com/google-pytorch/torch_tpu",
        # issue 38: Google's names for the hardware: a Cloud TPU VM and its generations, v2
        # to v7 ("TPU v4-8", "TPU v5e"; cloud.google.com/tpu/docs/system-architecture-tpu-vm,
        # the device ids above), however a paste drives it (torch_xla's row runs on it too)
        named_in_prose=(
            "Cloud TPU",
            "TPU VM",
            "TPU v2",
            "TPU v3",
            "TPU v4",
            "TPU v5e",
            "TPU v5p",
            "TPU v5 lite",
            "TPU v5litepod",
            "TPU v6e",
            "TPU v7",
            # issue 38 (s13-prose): the accelerator type of a v5e slice as Google names it
            # ("v5litepod-8", cloud.google.com/tpu/docs/v5e) and Colab's TPU runtime
            "v5litepod",
            "Colab TPU",
        ),
    ),
    Backend(
        key="xpu",
        collective="xccl",
        hardware="Intel GPU",
        device="xpu",
        package="torch",
        dists=("torch",),
        module=None,
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.xpu", Build.XPU),
        # Intel host bridges share vendor 8086: only display-class functions are GPUs.
        pci=(PciMatch("8086", class_prefixes=("03",)),),
        tools=(VendorTool(("xpu-smi", "discovery"), r"(?m)^\|\s*\d+\s*\|\s*Device Name"),),
        # Intel's oneAPI container guide: "--device=/dev/dri enables the gpu (if available)"
        # (https://www.intel.com/content/www/us/en/docs/oneapi-base-toolkit/get-started-guide-linux/2025-2/using-containers-with-the-command-line.html)
        container_devices="--device=/dev/dri",
        # issue 38: Intel's client GPU driver guide has the user join render to open
        # /dev/dri/renderD* ("sudo gpasswd -a ${USER} render", https://dgpu-docs.intel.com/
        # driver/client/overview.html, "Configuring Render Group Membership")
        access_groups=("render",),
        platforms=("linux", "win32"),
        visibility_env=("ZE_AFFINITY_MASK",),
        wheel="xpu",
        install_note="after the Intel GPU driver",
        hardware_remedy="install the Intel GPU driver (Level Zero); add the user to the "
        "render group",
        docs="https://docs.pytorch.org/docs/stable/notes/get_start_xpu.html",
        aliases=("intel", "gpu"),
        # issue 38: Intel's names for the GPUs PyTorch's XPU notes validate: Data Center GPU
        # Max (Ponte Vecchio) and Flex, Arc A-series (A310, A380, A580, A750, A770) and
        # B-series (B570, B580), Core Ultra with Intel Arc graphics (the docs above, "Hardware
        # Prerequisites"; Intel's Arc product pages name each model). Not a model's number
        # alone: "a750" is as likely four characters of a hex id (an image link's UUID).
        named_in_prose=(
            "Intel Arc",
            "Arc A310",
            "Arc A380",
            "Arc A580",
            "Arc A750",
            "Arc A770",
            "Arc B570",
            "Arc B580",
            "Data Center GPU Max",
            "Data Center GPU Flex",
            "GPU Max 1100",
            "GPU Max 1550",
            "Ponte Vecchio",
        ),
    ),
    Backend(
        key="mps",
        hardware="Apple Silicon",
        device="mps",
        package="torch",
        dists=("torch",),
        module=None,
        query=DeviceQuery(QueryKind.MPS, "torch.backends.mps", Build.MPS),
        platforms=("darwin",),
        machine="arm64",
        pip_args="torch",
        install_note="from a native arm64 Python, not one running under Rosetta",
        hardware_remedy="use macOS 12.3 or newer and a native arm64 Python",
        shares_host_memory=True,
        # torch 1.12's release notes: the MPS backend's first (prototype) release,
        # https://pytorch.org/blog/pytorch-1.12-released/
        torch_since="1.12",
        docs="https://docs.pytorch.org/docs/stable/notes/mps.html",
        aliases=("apple", "gpu"),
    ),
    Backend(
        key="hpu",
        collective="hccl",
        hardware="Intel Gaudi",
        device="hpu",
        package="habana-torch-plugin",
        dists=("habana-torch-plugin",),
        module="habana_frameworks.torch",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.hpu"),
        pci=(PciMatch("1da3", device_ids=("1000", "1010", "1020", "1060", "1062")),),
        device_nodes=("accel/accel[0-9]*", "hl[0-9]*"),
        tools=(VendorTool(("hl-smi", "-L"), r"(?m)^\s*Module ID"),),
        visibility_env=("HABANA_VISIBLE_MODULES",),
        container_env=("HABANA_VISIBLE_DEVICES",),
        # Gaudi passes devices through its container runtime, not --device:
        # https://docs.habana.ai/en/latest/shared/Pull_Prebuilt_Containers.html
        # ("docker run -it --runtime=habana -e HABANA_VISIBLE_DEVICES=all …")
        container_devices="--runtime=habana -e HABANA_VISIBLE_DEVICES=all",
        install_elsewhere="the Intel Gaudi software suite (not on PyPI): run its installer, "
        "./habanalabs-installer.sh install --type pytorch",
        hardware_remedy="install the habanalabs driver; in a container use --runtime=habana "
        "-e HABANA_VISIBLE_DEVICES=all",
        docs="https://docs.habana.ai/en/latest/Installation_Guide/",
        aliases=("gaudi", "intel"),
        # Intel's names: the chips, the SynapseAI suite, Habana's packages (the docs above)
        named_in_prose=("Gaudi", "SynapseAI", "Habana", "habana_frameworks"),
    ),
    Backend(
        key="npu",
        collective="hccl",
        hardware="Huawei Ascend NPU",
        device="npu",
        package="torch-npu",
        dists=("torch-npu",),
        module="torch_npu",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.npu"),
        # 19e5 is also Huawei NICs and SSDs: only Ascend device ids count.
        pci=(PciMatch("19e5", device_ids=("d801", "d802", "d803")),),
        device_nodes=("davinci[0-9]*", "davinci_manager"),
        # issue 38: the Ascend driver's nodes belong to its run user's group, HwHiAiUser, mode
        # 0660 (CANN's installation guide, "Creating the Running User": the driver runs as
        # HwHiAiUser and a user running training or inference joins its group,
        # https://www.hiascend.com/document/detail/en/CANNCommunityEdition/80RC2alpha002/softwareinst/instg/instg_0005.html;
        # vllm-project/vllm-ascend#9490 lists /dev/davinci* HwHiAiUser:HwHiAiUser 0660)
        access_groups=("HwHiAiUser",),
        tools=(VendorTool(("npu-smi", "info", "-l"), r"(?m)NPU ID\s*:"),),
        visibility_env=("ASCEND_RT_VISIBLE_DEVICES",),
        container_env=("ASCEND_VISIBLE_DEVICES",),
        # One --device per NPU (davinciN), and the three management devices: Ascend's
        # "Use in Containers" (https://www.hiascend.com/document/detail/en/mindx-dl/300/dluserguide/toolboxug/toolboxug_0008.html)
        container_devices="--device=/dev/davinci0 --device=/dev/davinci_manager "
        "--device=/dev/hisi_hdc --device=/dev/devmm_svm",
        pip_args="torch-npu",
        install_note="pick the torch-npu release built for your torch and CANN, then source "
        "/usr/local/Ascend/ascend-toolkit/set_env.sh",
        hardware_remedy="install the Ascend driver and firmware; in a container pass "
        "/dev/davinci*, /dev/davinci_manager, /dev/devmm_svm and /dev/hisi_hdc",
        docs="https://github.com/Ascend/pytorch",
        aliases=("ascend",),
        # Huawei's names: the chips (昇腾 in Chinese, https://www.hiascend.com/) and the CANN
        # toolkit torch-npu runs on (the docs above)
        named_in_prose=(
            "Ascend",
            "昇腾",
            "CANN",
            "torch_npu",
            "torch-npu",
            # issue 38 (s13-prose): the chips and servers by the names reporters give them
            # without "Ascend": npu-smi's chip names 910B1-910B4 ("8*910B3"; compat/ascend.py
            # cites them) and the Atlas servers and series vLLM Ascend's README lists ("Atlas
            # 800I A2 Inference series, Atlas A2 Training series, …", vllm-project/vllm-ascend
            # README.md "Prerequisites"; "Atlas 800T A2" as vllm-ascend#975 names its machine)
            "910B",
            "Atlas 800T",
            "Atlas 800I",
            "Atlas 900",
            "Atlas A2",
            "Atlas A3",
        ),
    ),
    Backend(
        key="mlu",
        collective="cncl",
        hardware="Cambricon MLU",
        device="mlu",
        package="torch-mlu",
        dists=("torch-mlu",),
        module="torch_mlu",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.mlu"),
        pci=(PciMatch("cabc", class_prefixes=(*_GPU_CLASSES, "0b")),),
        device_nodes=("cambricon_dev[0-9]*", "cambricon_ctl"),
        tools=(VendorTool(("cnmon", "info", "-e"), r"(?m)^\s*Card\s*\d+"),),
        visibility_env=("MLU_VISIBLE_DEVICES",),
        container_env=("CAMBRICON_VISIBLE_DEVICES",),
        install_elsewhere="the torch_mlu wheel built for your torch, from Cambricon (not on "
        "PyPI), or the Cambricon PyTorch container",
        hardware_remedy="install the Cambricon driver and Neuware toolkit",
        docs="https://github.com/Cambricon/torch_mlu",
        # issue 38 (s13-prose): Cambricon's name (寒武纪 in Chinese, torch_mlu's README above),
        # its package, and its MLU cards (MLU290, MLU370, MLU590: Cambricon's product pages,
        # cambricon.com; "MLU370-X8", "MLU-370-M8" as reporters write them)
        named_in_prose=(
            "Cambricon",
            "寒武纪",
            "torch_mlu",
            "torch-mlu",
            "MLU290",
            "MLU370",
            "MLU-370",
            "MLU590",
        ),
    ),
    Backend(
        key="musa",
        collective="mccl",
        hardware="Moore Threads GPU",
        device="musa",
        package="torch-musa",
        dists=("torch-musa",),
        module="torch_musa",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.musa"),
        pci=(PciMatch("1ed5", class_prefixes=_GPU_CLASSES),),
        device_nodes=("mtgpu*",),
        tools=(VendorTool(("mthreads-gmi", "-L"), r"(?m)^GPU \d+"),),
        visibility_env=("MUSA_VISIBLE_DEVICES",),
        container_env=("MTHREADS_VISIBLE_DEVICES",),
        install_elsewhere="the torch_musa wheel and its matching torch wheel from "
        "https://github.com/MooreThreads/torch_musa/releases (not on PyPI), after the MUSA SDK",
        hardware_remedy="install the MUSA driver; in a container use --runtime mthreads "
        "-e MTHREADS_VISIBLE_DEVICES=all",
        docs="https://github.com/MooreThreads/torch_musa",
        aliases=("gpu",),
        # issue 38 (s13-prose): the vendor's name (摩尔线程 in Chinese), its package, and its
        # GPUs by their product names (MTT S80, S3000, S4000, S5000: Moore Threads' product
        # pages, mthreads.com; torchada's README names its reference GPU "MTT S5000")
        named_in_prose=(
            "Moore Threads",
            "摩尔线程",
            "torch_musa",
            "torch-musa",
            "MTT S80",
            "MTT S3000",
            "MTT S4000",
            "MTT S5000",
        ),
    ),
    Backend(
        key="xla",
        hardware="PyTorch/XLA",
        device="xla",
        package="torch-xla",
        dists=("torch-xla",),
        module="torch_xla",
        query=DeviceQuery(QueryKind.XLA),
        # XLA runs on the TPU and Neuron hardware their own rows detect.
        runs_on=("tpu", "neuron"),
        visibility_env=("TPU_VISIBLE_CHIPS", "PJRT_DEVICE"),
        pip_args="'torch_xla[tpu]'",
        install_note="the same version as torch",
        hardware_remedy="run on a Cloud TPU VM (PJRT_DEVICE=TPU) or a Neuron instance",
        device_map_auto=False,
        docs="https://github.com/pytorch/xla",
        # the package and the TPU runtime it loads (its README: "pip install torch_xla[tpu]"
        # brings libtpu)
        named_in_prose=("torch_xla", "torch-xla", "libtpu"),
    ),
    Backend(
        key="sdaa",
        collective="tccl",
        hardware="Tecorigin SDAA",
        device="sdaa",
        package="torch-sdaa",
        dists=("torch-sdaa",),
        module="torch_sdaa",
        query=DeviceQuery(QueryKind.DEVICE_MODULE, "torch.sdaa"),
        visibility_env=("SDAA_VISIBLE_DEVICES",),
        install_elsewhere="torch_sdaa from Tecorigin's software stack (not on PyPI)",
        hardware_remedy="install the Tecorigin driver",
        # TrainingArguments has no SDAA branch; Accelerate does.
        training_auto=False,
        docs="https://github.com/huggingface/accelerate/pull/3330",
    ),
)

# The device string of the host itself: the fallback of every library, and where
# device_map="auto" puts what no accelerator takes.
HOST: Final = next(b.device for b in BACKENDS if b.query.kind is QueryKind.CPU)
BY_KEY: Final[dict[str, Backend]] = {backend.key: backend for backend in BACKENDS}
DEVICE_STRINGS: Final[tuple[str, ...]] = tuple(dict.fromkeys(b.device for b in BACKENDS))


def for_alias(word: str) -> tuple[Backend, ...]:
    """Every row that `word` names instead of a device string: "gaudi" is Intel Gaudi's
    row, "gpu" every GPU's."""
    word = word.lower()
    return tuple(backend for backend in BACKENDS if word in backend.aliases)


ALIASES: Final[tuple[str, ...]] = tuple(dict.fromkeys(a for b in BACKENDS for a in b.aliases))


def get(key: str) -> Backend:
    return BY_KEY[key]


def unregistered(device: str, dist: str | None, module: str | None) -> Backend:
    """A row for an out-of-tree backend this table does not know: torch's PrivateUse1 name for
    it (torch._C._get_privateuse1_backend_name()), the distribution whose `torch.backends`
    entry point registered it, and that entry point's module."""
    return Backend(
        key=device,
        hardware=f"{device} device (PrivateUse1)",
        device=device,
        package=dist or "unknown package",
        dists=(dist,) if dist else (),
        module=module or device,
        query=DeviceQuery(QueryKind.DEVICE_MODULE, f"torch.{device}"),
        platforms=("linux", "darwin", "win32"),
        install_elsewhere=f"{dist}, from its vendor" if dist else "",
        training_auto=False,
        device_map_auto=False,
    )


def for_device(device_type: str) -> tuple[Backend, ...]:
    """Every row whose device string is `device_type` (cuda: NVIDIA and AMD)."""
    return tuple(backend for backend in BACKENDS if backend.device == device_type)


def for_module(module: str) -> Backend | None:
    """The row whose extension module is `module` or contains it (`torch_npu.contrib`)."""
    return next(
        (
            b
            for b in BACKENDS
            if b.module and (module == b.module or module.startswith(b.module + "."))
        ),
        None,
    )


def key_of_tool(tool: str) -> str:
    """The key of the row whose vendor tool is `tool` (`npu-smi` → the Ascend row): how code
    outside the registry names a backend found by what its readers read."""
    return next(b.key for b in BACKENDS if any(t.argv[0] == tool for t in b.tools))


def key_of_build(build: Build) -> str:
    """The key of the row a torch build flavour serves (`Build.ROCM` → the AMD row; a CPU
    build, the host's): how code outside the registry names a backend by the build it needs."""
    if build is Build.CPU:
        return next(b.key for b in BACKENDS if b.query.kind is QueryKind.CPU)
    return next(b.key for b in BACKENDS if b.query.build is build)


def distributed_type(device_type: str) -> str:
    """Accelerate's DistributedType for several processes on `device_type`
    (accelerate/utils/dataclasses.py: MULTI_GPU for CUDA, MULTI_CPU, MULTI_NPU, ...)."""
    return "MULTI_GPU" if device_type == "cuda" else f"MULTI_{device_type.upper()}"


def collective(device_type: str) -> str | None:
    """torch.distributed's backend for `device_type`: gloo, nccl, hccl, ..."""
    return next((b.collective for b in for_device(device_type) if b.collective), None)


def keys_for_device(device_type: str) -> tuple[str, ...]:
    """The registry keys behind a device string: `cuda` is both NVIDIA and AMD."""
    return tuple(backend.key for backend in for_device(device_type))


def suggest(
    word: str, choices: tuple[str, ...] = DEVICE_STRINGS, *, cutoff: float = 0.5
) -> str | None:
    """The closest known spelling of `word`, for "did you mean" messages."""
    import difflib

    match = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=cutoff)
    return match[0] if match else None
