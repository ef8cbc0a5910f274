"""What a reporter says in their own words, and what a Python session or a banner answers.

A version, a driver, a GPU's name, a macOS release, a gfx target, a device variable written in
a sentence, a list or an issue template's answer ("torch==2.1.2", "Driver 570.133.07", "-
**GPU**: NVIDIA GeForce RTX 5090", "### Python version" then "3.12"), read as carefully as a
tool's line: each needs its word and its number, never from an install command, and never
from a tool's own line (its block reader reads those). A REPL's answer on the line after its
question (">>> torch.cuda.is_available()" then "False") and Ultralytics' start-up banner
are read here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar, Final

from hwdoctor import registry, versions
from hwdoctor.compat import gpus
from hwdoctor.gather.reports.readers import collect_env, hf_env, messages
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from hwdoctor.gather.reports.screen import by_first
from hwdoctor.model.pasted import PYTHON_FROM_PATH, TRACKER_LIBRARY, FactKey

# A GPU's name on a line of its own (what torch.cuda.get_device_name printed), read only
# when the name table knows it.
_BARE_GPU: Final = re.compile(
    r"^\s*((?:NVIDIA |AMD )?(?:GeForce|Tesla|Quadro|TITAN|RTX|Radeon|Instinct"
    r"|A\d{2,3}\b|H\d{3}\b|L\d{1,2}\b"
    # issue 38: a data-centre GPU without its "Tesla" ("V100" alone under "nvidia-info:")
    r"|[KPV]\d{2,3}S?\b|T4\b)[\w ()-]{0,50}?)\s*$"
)
# "GPU: NVIDIA GB10", "- GPU: AMD Radeon RX 580 Series" in a reporter's own list, its key
# also in Markdown bold as issue templates write it ("- **GPU**: NVIDIA GeForce RTX 5090",
# "- **GPU:** NVIDIA GeForce RTX 3050").
_VENDOR_WORDS: Final = r"(?:NVIDIA|AMD|GeForce|Radeon|Tesla|Quadro|TITAN|Instinct)\b"
_GPU_PROSE: Final = re.compile(
    r"^\s*(?:[-*]\s*)?(?:\*\*|__)?(?:GPU|Graphics card|显卡)(?:\s*\d)?(?:\*\*|__)?\s*[:：]"
    rf"(?:\*\*|__)?\s*({_VENDOR_WORDS}[^(\n]{{1,50}}?)\s*(?:\(|$)"
)
# issue 38 (archlib): the GPU said in a sentence that starts the line, "GPU is Nvidia A100
# 40gb, OS is Win10 22H2." (vladmandic/sdnext#436): NVIDIA's name in any case, up to the
# sentence's comma or full stop.
_GPU_IS_PROSE: Final = re.compile(
    r"^\s*(?:[Mm]y |[Tt]he )?GPU is (?:an? )?(?i:nvidia) ([\w -]{1,40}?)\s*(?:[(,.]|$)"
)
# An NVIDIA GeForce name anywhere in the prose ("a laptop GeForce RTX 3070"), or a workstation
# RTX of the A series ("a Nvidia RTX A6000"): read only where torch says it has no code for
# the GPU and nothing else names it (assemble._gpus).
_NVIDIA_PROSE: Final = re.compile(
    r"\b((?:NVIDIA\s+)?(?:GeForce\s+)?(?:RTX\s?A?|GTX\s?)\d{3,4}(?:\s?Ti|\s?SUPER)?"
    r"(?:\s+Laptop(?:\s+GPU)?)?)"
    # issue 38 (s20-gpuprose): a plural after the number ("RTX 2080s with capability 7.5")
    r"(?:(?<=\d)s)?\b",
    re.I,
)
# A GeForce named by its number and "Ti" alone ("my platform: 5070ti", "显卡3070ti"): only
# NVIDIA's products carry "Ti" (AMD's say XT), and the series number gives the prefix:
# GTX for the 10 and 16 series, RTX from the 20 series on.
_TI_PROSE: Final = re.compile(r"(?<![\d.])((?:10|16|20|30|40|50)[5-9]0)\s?Ti\b", re.I)
# issue 38 (s6-macintel): a GeForce named by its vendor and number alone ("I have NVIDIA
# 1060, 6 GB"): the number's series gives the prefix, as for "Ti" above.
_NVIDIA_NUMBER_PROSE: Final = re.compile(r"\b(?i:nvidia)\s+((?:10|16|20|30|40|50)[5-9]0)\b")
# issue 38: a data-centre GPU by its Tesla name ("on my Tesla M40", "a Tesla P4?"): the
# letter of its architecture and its number, as nvidia-smi names it.
_TESLA_PROSE: Final = re.compile(r"\b(Tesla [KMPTV]\d{1,3})\b")
# issue 38 (s20-gpuprose): the same in lower case ("tesla m40/ tesla p40"), and NVIDIA's
# workstation GPUs by the letter of their architecture and their number after "Nvidia" or
# "Quadro" ("Nvidia M1200", "Quadro M4000", "quadro k2200"); the value is the name as
# nvidia-smi prints it, read only where the GPU tables (compat/gpus.py) know it.
_TESLA_LOWER_PROSE: Final = re.compile(r"\b(?i:tesla) ([kmptv])(\d{1,3})\b")
_QUADRO_PROSE: Final = re.compile(
    r"\b(?i:nvidia|quadro)[ \t](?:(?i:quadro)[ \t])?([KMPTkmpt])(\d{3,4})\b"
)
# Issue templates (ROCm's, vLLM's) put the GPU under a heading of its own: "### GPU".
_HEADING: Final = re.compile(r"^\s{0,3}#{2,4}\s+(.+)$")
_TEMPLATE_GPU: Final = re.compile(
    rf"^\s*(?:\d+\s*x\s*)?({_VENDOR_WORDS}[^(\n]{{1,60}}?)\s*(?:\(|$)"
)
_MACOS_PROSE: Final = re.compile(
    r"\bmac ?OS(?:\s+(?:version|Ventura|Monterey|Sonoma|Sequoia|Big Sur|Catalina))?(?:\s+is)?"
    r"[\s`]+(\d{2}(?:\.\d+){1,2})\b(?!\+)",
    re.I,
)
_APPLE_CHIP_PROSE: Final = re.compile(
    # issue 38 (s6-macintel): "Macbook Silicon M4" as a reporter spells it
    r"(?:^|Apple\s+|Mac[Bb]ook(?: Pro| Air)?(?: [Ss]ilicon)?\s+)(M[1-5](?:\s+(?:Pro|Max|Ultra))?)\b"
    # issue 38: any Mac model before its chip, in any case, the chip's tier run in or spaced
    # ("Mac mini M2 Pro", "Mac Pro M3", "MAC STUDIO M1MAX", "mac m1", "Mac M4 Pro", "iMac M1";
    # Apple's Mac models and their M-series chips, apple.com/mac)
    r"|(?i:\b(?:mac ?book(?: pro| air)?|mac ?mini|mac studio|mac pro|imac|mac))[ \t,/(]{1,4}"
    r"((?i:m)[1-5](?: ?(?i:pro|max|ultra))?)\b"
    # issue 38: the chip before the Mac's model ("my M2 MacBook Air", "an M1 Max MacBook Pro",
    # "M3 Mac mini")
    r"|\b(M[1-5](?: (?:Pro|Max|Ultra))?)[ \t]{1,3}(?i:mac ?book|mac ?mini|mac studio|imac|mac)\b"
    # issue 38: the chip alone with its tier, as Apple names it and no one else's chip is
    # ("i have a M3 Pro", "on my M1 Max"); the bare "M3" stays unread (a step, a model size)
    r"|(?<![\w-])(M[1-5] (?i:pro|max|ultra))\b"
)
# An AMD GPU named in the reporter's words ("RX 5700XT", "Radeon RX580", "Vega 56"): read only
# when the name table knows it once spaced as AMD spells it ("Radeon RX 5700 XT").
_AMD_PROSE: Final = re.compile(
    r"\b(?:AMD\s+)?(?:Radeon\s+)?(?:(RX)\s*(\d{3,4})\s*(XTX|XT|GRE)?|(Vega)\s*(\d{2}))\b"
    r"|\bRadeon\s+(\d{3,4}[MS])\b"  # an APU's graphics: "Radeon 780M", "Radeon 8060S"
    # "a 6700xt", "my 9070 XT": the XT says it is a Radeon; run into its vendor's name too
    # ("Windows10 + AMD6500XT", lshqqytiger/stable-diffusion-webui-amdgpu#416; issue 38)
    r"|\b(?:AMD ?)?([5-9]\d\d0)\s?(XTX|XT)\b"
    # issue 38 (s16-amdnames): GCN's names, "R9 280X", "R7 M265", "HD 7970", "HD 8790M", and
    # RDNA's notebook parts, "RX 6800M", "RX 7600S" (compat/gpus.py's PCI ID database rows)
    r"|\b(?:AMD\s+)?(?:Radeon\s+)?(R[579]|HD)\s?(M?\d{3,4}X?M?)\b"
    r"|\b(?:AMD\s+)?(?:Radeon\s+)?RX\s?(\d{4}[MS])\b",
    re.I,
)
# torch's answer said on the same line: "(torch.cuda.is_available() == False)", "... returns
# False", as issue bodies tell it; the call alone ("and is_available() returns False") is
# CUDA's too, as another backend's is written with its module ("torch.backends.mps.…").
_SAID_AVAILABLE: Final = re.compile(
    r"(?:torch\.cuda\.|(?<![\w.]))is_\s?available\(\)"
    r"\s*(?:==|returns?|returned|gives|->|is|:)\s*(true|false)\b",
    re.I,
)
# issue 38 (s13-gpuonly): another accelerator's module answered in a sentence the same way
# ("torch.xpu.is_available() return True，but …", intel/ipex-llm#13263; torch/xpu/__init__.py,
# torch_npu's torch.npu, habana's torch.hpu), as `_REPL_DEVICE_AVAILABLE` reads a REPL's.
_SAID_DEVICE_AVAILABLE: Final = re.compile(
    r"torch\.(xpu|npu|hpu|mlu|musa)\.is_\s?available\(\)"
    r"\s*(?:==|returns?|returned|gives|->|is|:)\s*(true|false)\b",
    re.I,
)
# Issue templates ask what the reporter expected ("### Expected behavior", "**Expected
# behaviour**"): "torch.cuda.is_available() return True" there is a wish, not an answer.
_EXPECTED: Final = re.compile(
    r"^\s{0,3}(?:#{1,4}|\*\*|__)?\s*expected\s+(?:behaviou?r|result)", re.I
)
# A line of bold text alone ("**Environment**") starts another section, as a heading does.
_BOLD_LINE: Final = re.compile(r"^\s*(?:\*\*|__)[^*_]{1,60}(?:\*\*|__)\s*(?::\s*)?$")
# Ultralytics' start-up banner (ultralytics/utils/torch_utils.py select_device): "Ultralytics
# YOLOv8.0.54 Python-3.10.6 torch-2.0.0+cpu CPU", or "... torch-1.8.1+cu111 CUDA:0 (NVIDIA
# GeForce RTX 3070, 8192MiB)"; YOLOv5's reads "YOLOv5 🚀 v7.0-72 Python-3.10.9 torch-...",
# and before mid-2022 "YOLOv5 🚀 2022-4-22 torch 1.11.0+cpu CPU" (utils/torch_utils.py). Read
# in two steps, its versions after its first name: as one pattern with a lazy gap, each
# "Ultralytics " of a line of them ran to its end (quadratic within a line; issue 38).
_YOLO_NAME: Final = re.compile(r"(?:Ultralytics|YOLOv\d)\b")
_YOLO_BANNER: Final = re.compile(
    r"(?:\bPython-[\d.]+\s+torch-|\storch )"
    r"(\d+\.\d+\.\d+(?:[^\d\s]\S*)?)"
    r"(?:\s+(?:CPU\b|CUDA:\d+ \(([^,()]{3,80}), \d+MiB\))|\s*$)"
)
# The REPL answering torch.cuda.is_available() on the next line.
_REPL_AVAILABLE: Final = re.compile(r"torch\.cuda\.is_available\(\)\)?\s*$")
# issue 38: another accelerator's module asked the same ("torch.xpu.is_available()" then
# "False": pytorch#150260; torch/xpu/__init__.py, torch_npu's torch.npu, habana's torch.hpu),
# and torch's own version asked (">>> torch.__version__" then "'2.6.0+cpu'", or printed).
_REPL_DEVICE_AVAILABLE: Final = re.compile(
    r"torch\.(xpu|npu|hpu|mlu|musa)\.is_available\(\)\)?\s*$"
)
_REPL_VERSION: Final = re.compile(r"torch\.__version__\)?\s*$")
_REPL_VERSION_ANSWER: Final = re.compile(r"^\s*'?(\d+\.\d+\.\d+[\w.+]{0,40}?)'?\s*$")
# And MPS's, the call alone or printed in a sentence: ">>> print(f"Is MPS available?
# {torch.backends.mps.is_available()}")" then "Is MPS available? False" (pytorch#78343).
_REPL_MPS_AVAILABLE: Final = re.compile(r"torch\.backends\.mps\.is_available\(\)")
_MARKS: Final = re.compile(r"(?<!\s)\s*\((?:TM|R)\)|[™®]", re.I)  # "AMD Radeon (TM) Pro WX 5100"
_GFX: Final = re.compile(r"\b(gfx[0-9]{3,4}[a-f]?)\b")
# issue 38 (s7-build): the reporter's own AMD GPU with no model named ("Well, no, I have an
# AMD gpu", XmYx/deforum-comfy-nodes#55; "I have an AMD GPU and I want to run …",
# mrhan1993/Fooocus-API#336): owned, in the first person, not asked about.
_AMD_OWNED: Final = re.compile(
    r"\b(?i:(?:I have|I've got|I own|I use|I'm using|I am using|I'm on|I am on|my)"
    r" (?:an |a )?(?:AMD|Radeon) (?:gpu|graphics card|graphics|video card|card))\b"
)
# issue 38 (s18-launch): an AMD CPU's integrated graphics in the reporter's words: the CPU
# "with onboard graphics" (AUTOMATIC1111/stable-diffusion-webui#759), an "iGPU" beside "an AMD
# CPU" in one clause (#11389), an "AMD APU" (#15217), and "AMD Radeon Graphics", the name
# AMD's drivers give a Ryzen CPU's graphics (Windows' device name, glxinfo's renderer).
_AMD_IGPU: Final = re.compile(
    r"\bAMD (?:CPU|processor) with (?:onboard|integrated|built-in) graphics\b"
    r"|\biGPU\b[^.;\n]{0,40}\bAMD CPU\b"
    r"|\bAMD (?:APU|iGPU)\b"
    r"|\bAMD Radeon(?:\(TM\))? Graphics\b(?! card)"
)
# issue 38 (s15-realrec): AMD's GPU stack named in the reporter's words, a title's too ("…
# Ubuntu 24.04.4 ROCm 7.1.1", nunchux-ai/ComfyUI-nunchaku#717; "I installed ROCm", ROCm/
# legacy-rocm-build#442): ROCm as AMD spells it (rocm.docs.amd.com), with its release where
# one follows, and AMD's HIP SDK for Windows (its install guide's name for it). Not the
# lower-case "rocm" of a wheel label, an index URL or a path (read as torch's build where
# that is what they are), nor ROCM_PATH and the like (a name runs on), nor collect_env's
# "ROCM used to build PyTorch" line (a tool's own line, its reader's).
# issue 38 (s21): the reporter's lower-case "rocm" ("I followed the instructions to install the
# rocm", "I then removed rocm") is ROCm too, a word of its own after a space; never a path's,
# a URL's, a package's, a version tag's or a tool's backend name ("/opt/rocm", "rocm.github.io",
# "rocm-smi", "+rocm6.1", MLC-LLM's "Not found device: rocm:0", JAX's "backend 'rocm'").
_ROCM_PROSE: Final = re.compile(
    r"\b(?:ROCm|ROCM)(?![\w-])(?:[ \t]{0,2}v?\d{1,2}\.\d{1,2}(?:\.\d{1,2})?)?"
    r"|(?<=[ \t])(?:rocm|Rocm)(?![\w/:'\"-]|\.\w)(?:[ \t]{0,2}v?\d{1,2}\.\d{1,2}(?:\.\d{1,2})?)?"
    r"|\bHIP SDK\b(?:[ \t]{0,2}v?\d{1,2}\.\d{1,2})?"
)
# ROCm named as absent, not as the machine (final read of the fifteenth sitting): a report's
# key with an absence for its value (collect_env's "ROCM Version: Could not collect", vLLM's
# build flags "ROCm: Disabled", "ROCm: N/A"), or a denial before it in the same clause ("we
# are not on ROCm", "without ROCm", "I am not using ROCm"), each read only at the name's end
# or in the 40 characters before it.
_ROCM_ABSENT_AFTER: Final = re.compile(
    r"(?: (?:Version|version|Path|path|Home|home))?[ \t]{0,40}[:=][ \t]{0,4}(?:N/?A|Could not"
    r" collect|Disabled|None|No|False|Not Set|Unknown|not (?:found|installed|available))\b",
    re.I,
)
_ROCM_DENIED_BEFORE: Final = re.compile(
    r"\b(?:not|no|non|without|never|n't)\b[^.,;:!?()]{0,24}$|n't[^.,;:!?()]{0,24}$", re.I
)
# issue 38 (s15-nogpu): the machine said to have no GPU, in the reporter's words ("When running
# … on a CPU-only machine", ubc-provenance/PIDSMaker#14; stable-diffusion-webui-docker's template
# line "GPU/VRAM: none"; "I don't have an NVIDIA GPU"): a statement about their machine, not a
# library's "No GPU found" (compat/gpu_required.py reads those as the library's words).
_NO_GPU_PROSE: Final = re.compile(
    r"\bCPU[- ]only (?:machine|server|host|computer|laptop|PC|system|box)\b"
    r"|\bGPU(?:/VRAM)?:[ \t]{0,3}(?:none|no GPU)\b"
    r"|\b(?:I (?:don't|do not|dont) have|I have no) (?:an? )?(?:NVIDIA |Nvidia |nvidia )?"
    r"(?:GPU|graphics card)\b"
    # issue 38 (s16-nogpu2): a machine said to be without one ("a server with no GPU"), and
    # the same in Chinese (chatchat-space/Langchain-Chatchat#2962: "虚拟机没有GPU", the VM has
    # no GPU): the machine's noun first, so a library's "no GPU support" is not read
    r"|\b(?:machine|server|computer|laptop|PC|VM|host|system) (?:without|with no) (?:an? |any )?"
    r"(?:NVIDIA |Nvidia |nvidia )?(?:GPU|graphics card)"
    r"|(?:虚拟机|机器|电脑|服务器|主机|笔记本|本机)上?(?:没有|无)(?:GPU|显卡|独立显卡)",
    re.I,
)
# Words before a macOS version that make it a floor or a wish, not the machine's release:
# "starting from macOS 13.2", "upgrade my macOS to 13.2", "requires macOS 14".
_MACOS_NOT_HERE: Final = re.compile(r"(?:\bfrom|\bto|\bthan|\bneeds?|\brequires?|>=?)[\s`]*$", re.I)
_MACOS_FLOOR_AFTER: Final = re.compile(r"^[\s`]*(?:or (?:newer|later|above|higher)|\+)", re.I)
# Versions written in prose ("torch: 2.3.0", "torch==2.1.2", "torch版本是2.0.1") and by
# `pip freeze`; read only for these names, and never from an install command (which names
# what the reporter means to install, not what is there).
_PROSE_NAMES: Final = (
    "torch",
    "pytorch",
    "torchvision",
    "torchaudio",
    "torchtext",
    "flash-attn",
    "flash_attn",
    "bitsandbytes",
    "torch-npu",
    "torch_npu",
    "xformers",
    # issue 38: vLLM Ascend's release, which names its torch and torch-npu (compat/ascend.py)
    "vllm-ascend",
    "vllm_ascend",
    # issue 38: the Unsloth banner's "vLLM: 0.7.3" and "Triton: 3.1.0" (unsloth/models/llama.py)
    "vllm",
    "triton",
    # issue 38 (s13-prose): intel-extension-for-pytorch, also by its short name ("IPEX
    # 2.3.110+xpu"; IPEX's own collect_env prints "IPEX version", readers/messages.py)
    "intel-extension-for-pytorch",
    "intel_extension_for_pytorch",
    "ipex",
    # issue 38 (s18-since): the libraries compat/support.py lists on a machine only from a
    # release on, whose release a reporter writes in a list ("- unsloth  2025.3.19",
    # unslothai/unsloth#2318): what says whether the installed one has it
    "unsloth",
    "deepspeed",
    "autoawq",
    "ctranslate2",
    "llama-cpp-python",
    "llama_cpp_python",
    "torchao",
    "lmdeploy",
    "gptqmodel",
)
_PROSE_ALIASES: Final = {"pytorch": "torch", "ipex": "intel-extension-for-pytorch"}
_PROSE_VERSION: Final = re.compile(
    r"(?<![A-Za-z0-9_./-])(" + by_first(map(re.escape, _PROSE_NAMES)) + r")(?![A-Za-z0-9_-])\s*"
    r"(?:version\s*|版本\s*)?(?:(?:==|[:=：]|\bis\b|是|\bv)\s*)?v?"
    # issue 38: a nightly's local label too ("torch 2.8.0.dev20250321+xpu": pytorch#150260)
    r"(\d+\.\d+(?:\.\d+)?(?:\.post\d+|\.dev\w*|rc\d+(?:\.dev\w*)?)?(?:\+\w+(?:\.\w+)*)?)"
    r"(?![A-Za-z0-9_]|\.\d)",
    re.I,
)
# issue 38: torch-neuron / torch-neuronx pinning one torch. Their releases are numbered by the
# torch they are built for, then the Neuron release: torch-neuronx "2.1.2.2.1.0" (torch 2.1.2,
# Neuron 2.1.0), torch-neuron "1.13.1.2.9.6.0" (the PyTorch Neuron release notes list them so),
# too long for _PROSE_VERSION's three parts: "torch_neuronx : '2.1.2.2.1.0'" (as
# aws-neuron/aws-neuron-sdk#902 writes it), "torch-neuronx==2.1.2.2.1.0", at least four parts.
_PROSE_NEURON: Final = re.compile(
    r"(?<![\w./-])(torch[-_]neuronx?)(?![\w-])[ \t]{0,4}(?:version[ \t]{0,4})?"
    r"(?:(?:==|[:=]|\bis\b)[ \t]{0,4})?['\"]?"
    r"(\d{1,2}\.\d{1,3}\.\d{1,3}(?:\.\d{1,6}){1,5}(?:\+[0-9a-f]{6,12})?)(?![\w.])",
    re.I,
)
# Facts a reporter states in a sentence, read as carefully as a tool's line: "Driver
# 570.133.07", "Python 3.11", "transformers 4.51.3", "I have 2 GPUs". Each needs its word
# and its number with only "version", ":", "=" or "is" between; a path ("python3.11/site-
# packages") or a package's longer name ("sentence-transformers 2.2.2") is not one.
_PROSE_DRIVER: Final = re.compile(
    r"(?<![\w-])driver(?: version)?(?:[ \t]?[:：=][ \t]{0,3}|[ \t]{1,3}(?:is[ \t])?)v?"
    r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)"
    r"(?![\w.])",
    re.I,
)
# The value may name Python again ("python version: python3.10", transformers#36571); a
# sentence may end after it ("I am running windows 11, python 3.11.", issue 38: GroqCasters#1).
# issue 38 (s13-prose): also run in ("I'm on python3.12"), as CPython ("CPython 3.13t") and
# with the free-threaded build's "t" (PEP 703's ABI suffix, "python3.13t"), but not a
# package's name after it ("python3.10-venv", Debian's), nor a path ("python3.8/site-packages":
# _SITE_PACKAGES reads a path's, below the words).
_PROSE_PYTHON: Final = re.compile(
    r"(?<![\w./\\-])(?:c)?python(?: version)?"
    r"(?:[ \t]?[:：=][ \t]{0,3}|[ \t]{1,3}(?:is[ \t])?|(?=3\.\d))"
    r"(?:python[ \t]?)?v?(3\.\d{1,2}(?:\.\d{1,2})?)t?"
    r"(?![\w/\\-]|\.\w)",
    re.I,
)
_PYTHON_NOT_HERE: Final = re.compile(
    r"(?:\bfor|\brequires?|\bneeds?|\bthan|\bsupports?|\bonly|[<>]=|[<>][ \t])[ \t]{0,3}$", re.I
)
# issue 38 (s13-prose): Python named as tox and conda environments name it ("py311", "py3.10":
# tox's factor names, tox.wiki "py310"; a conda env's prompt "(py311)"): 3.6 to 3.14 only.
_PROSE_PY: Final = re.compile(r"(?<![\w./\\-])py3\.?(6|7|8|9|1[0-4])(?![\w.-])")
# issue 38 (s13-prose): the interpreter a path shows: a traceback's or pip's
# ".../lib/python3.10/site-packages/..." (CPython's sysconfig "purelib" on POSIX,
# {base}/lib/python{py_version_short}{abi_thread}/site-packages; Debian's dist-packages), and
# python.org's Windows install directory "Python310\Lib\site-packages" (the installer's
# default, %LocalAppData%\Programs\Python\PythonXY, docs.python.org/3/using/windows.html).
_SITE_PACKAGES: Final = re.compile(
    r"[/\\]lib[/\\]python(3\.\d{1,2})t?[/\\](?:site|dist)-packages\b"
    r"|\\Python3(\d{1,2})t?(?:-32|-arm64)?\\[Ll]ib\\site-packages\b"
)
# issue 38 (s13-prose): the wheel pip chose for this interpreter ("Downloading torch-2.5.1-
# cp311-cp311-manylinux1_x86_64.whl", "Using cached …"): pip downloads only a wheel whose
# tags the interpreter supports (PEP 425; pip/_internal/models/wheel.py supported()), and a
# CPython wheel tagged cpXY-cpXY is for that one release (abi3 wheels are not: "cp38-abi3"
# runs on any later Python). Not a wheel named elsewhere ("… is not a supported wheel").
_PIP_WHEEL_PYTHON: Final = re.compile(
    r"^\s{0,8}(?:Downloading|Using cached) [\w.+-]{1,120}?-cp3(\d{1,2})-cp3\1t?-[\w.]{1,80}\.whl\b"
)
# An accelerator other than torch.cuda's named in prose ("8卡 Ascend 910b", "SynapseAI version:
# 1.15.1", "Gaudi2", "Ascend910B"): the registry rows' `named_in_prose` words, longest first,
# as words a model number may follow ("ascending" is not "Ascend").
_ACCELERATOR_ROW: Final = {
    word.lower(): b.key for b in registry.BACKENDS for word in b.named_in_prose
}
_ACCELERATOR_PROSE: Final = re.compile(
    r"(?<![A-Za-z0-9_])("
    + by_first(re.escape(w) for w in sorted(_ACCELERATOR_ROW, key=lambda w: (-len(w), w)))
    + r")(?![A-Za-z_])",
    re.I,
)
# The Hugging Face libraries whose version a reporter writes in words: "transformers  ==
# 4.30.2" and "peft == 0.9.0" with spaces around the sign (huggingface/peft#1522),
# "transformer Version : 4.49.0" in the singular (huggingface/transformers#36571).
_PROSE_LIBRARY: Final = re.compile(
    r"(?<![\w./-])(transformers?|accelerate|diffusers|peft)(?![\w-])[ \t]{0,3}"
    r"(?:version[ \t]{0,3})?(?:(?:==|[:=]|\bis\b)[ \t]{0,3})?v?"
    r"(\d+\.\d+(?:\.\d+)?(?:\.dev\d+|rc\d+)?)(?![\w]|\.\d)",
    re.I,
)
# "I have 2 GPUs", "4x GPUs", "GPU: 2× RTX 5090": a count before "GPUs" or before a GPU's name.
_PROSE_GPU_COUNT: Final = re.compile(
    r"(?<![\w.])(\d{1,2}) ?(?:(?:x ?)?(?:NVIDIA )?GPUs\b|[x×*] ?(?=(?:NVIDIA |GeForce )?"
    # issue 38 (s13-prose): "2x 3090" (a GeForce by its number), "4×T4", "8*V100"
    r"(?:RTX|GTX|Tesla|Quadro|TITAN|[AHLBTVPK]\d{1,3}S?\b|(?:10|16|20|30|40|50)[5-9]0\b)))",
    re.I,
)
# issue 38 (s13-prose): NVIDIA's data-centre GPUs named in a sentence ("on 8×A100", "a single
# H100 80GB", "Colab's T4", "on an L4"), the names nvidia-smi gives them without "NVIDIA"
# (compat/gpus.py's table, which must know the name for it to be read), also after a count
# run in ("8xA100"); the boundaries are ASCII ones, so that Chinese prose around it counts
# ("T4的卡不是安培架构", LlamaChinese/Llama-Chinese#192; CJK characters are word characters to
# Python's regex).
_DATACENTRE_PROSE: Final = re.compile(
    r"(?:(?<![A-Za-z0-9_./+-])|(?<=\d[xX]))((?:NVIDIA[ \t])?(?:Tesla[ \t])?"
    r"(?:[ABH]100|A10G?|A30|A40|A800|H800|H200|B200|L4|L40S?|T4|V100[Ss]?|P100|P40|K80|M40"
    # issue 38 (s20-gpuprose): the older ones in lower case too ("I have p40 GPUs", "v100
    # 32G"); T4, L4 and the A10-A40 stay upper case, short words that lower case is not a GPU
    r"|[vpk](?:100|80|40)|[ah]100))"
    # a plural ("P40s", "two V100s"): the name without its "s"
    r"(?:s(?![A-Za-z0-9_+-]))?"
    r"(?![A-Za-z0-9_+-]|\.\d)"
)
# issue 38 (s20-gpuprose): a cloud instance type named in prose ("an AWS instance type:
# ml.g4dn.xlarge", "a SageMaker g4dn.xlarge instance", "on a g5 instance"): the GPU of its
# family, as AWS's instance-type pages list it (aws.amazon.com/ec2/instance-types/: P2 NVIDIA
# K80, G3 Tesla M60, P3 and P3dn V100, G4dn T4, G5 A10G, G6 and Gr6 L4, G6e L40S, P4d and
# P4de A100, P5 H100, P5e and P5en H200); SageMaker names them with "ml.". A family without
# its size only before "instance". G4ad (AMD Radeon Pro V520) and G5g (Arm, T4G) are not here.
_CLOUD_GPU: Final = {
    "p2": "K80", "g3": "M60", "g3s": "M60", "p3": "V100", "p3dn": "V100", "g4dn": "T4",
    "g5": "A10G", "g6": "L4", "gr6": "L4", "g6e": "L40S", "p4d": "A100", "p4de": "A100",
    "p5": "H100", "p5e": "H200", "p5en": "H200",
}  # fmt: skip
_CLOUD_INSTANCE: Final = re.compile(
    r"(?<![\w.-])(?:ml\.)?(g4dn|p3dn|p4de|p4d|p5en|p5e|p5|p3|p2|g3s|g3|g5|g6e|g6|gr6)"
    r"(\.(?:\d{1,2})?x?large|\.metal| instances?\b)(?![\w-])",
    re.I,
)
# issue 38 (s13-prose): a GeForce by its number after a count ("2x 3090", "4 x 4090"): the
# series gives the prefix, as for _TI_PROSE.
_COUNTED_GEFORCE: Final = re.compile(
    r"(?<![\w.])\d{1,2} ?[x×*] ?((?:10|16|20|30|40|50)[5-9]0)(?: ?(Ti))?(?![\w.])", re.I
)
# A template's answer under its own heading ("### Python version" then "3.12", "### Pytorch
# version" then "2.7.0+cu128", as exllamav2's and other bug templates ask them).
_BARE_VERSION: Final = re.compile(r"^\s*v?(\d+\.\d+(?:\.\d+)?(?:\+[\w.]+)?)\s*$")
_HEADING_VERSIONS: Final = {
    "python version": FactKey.PROSE_PYTHON,
    "pytorch version": FactKey.PROSE_PACKAGE,
    "torch version": FactKey.PROSE_PACKAGE,
}
# issue 38 (s21-forms): GitHub's issue forms render each field's label as a "### " heading and
# the reporter's answer under it ("_No response_" where none was given; docs.github.com,
# "Syntax for issue forms"). The labels the neighbouring trackers' forms give their questions,
# lower case, a final "?" or ":" dropped:
# - the machine's OS: InvokeAI's "OS" (a dropdown of 'Linux', 'Windows', 'macOS';
#   invoke-ai/InvokeAI@3b2ef6e1 .github/ISSUE_TEMPLATE/BUG_REPORT.yml) and, later, "Operating
#   system"; Fooocus' "What operating system are you using?" (a text input, "Windows 10" its
#   placeholder; lllyasviel/Fooocus@0b77db90 .github/ISSUE_TEMPLATE/bug_report.yml). Not
#   AUTOMATIC1111's "What platforms do you use to access the UI ?": the browser's machine.
_FORM_OS_LABELS: Final = frozenset(
    {
        "os",
        "operating system",
        "platform",
        "os version",
        "operating system version",
        "which os are you using",
        "what os are you using",
        "which operating system are you using",
        "what operating system are you using",
    }
)
# - the GPU: InvokeAI's "GPU" (a dropdown of 'cuda', 'amd', 'mps', 'cpu', same file), later
#   "GPU vendor" ("AMD (ROCm)") and "GPU model"; the GPU's name under "Hardware", "Graphics
#   card" or "Accelerator" (read only as a name the GPU tables know, or with its vendor's word).
_FORM_GPU_LABELS: Final = frozenset(
    {
        "gpu",
        "gpu vendor",
        "gpu model",
        "gpu name",
        "gpu type",
        "graphics card",
        "hardware",
        "accelerator",
        "which gpu are you using",
        "what gpu are you using",
    }
)
# - the tracker's own program's release: InvokeAI's "What version did you experience this
#   issue on?" ("Please share the version of Invoke AI", same file), later "Version number";
#   read as that program's only where the repository it was filed in is known
#   (gather/reports/tracker.py gives the fact the library of its compat/support.py row).
_FORM_VERSION_LABELS: Final = frozenset(
    {
        "version",
        "version number",
        "what version did you experience this issue on",
        "which version are you using",
        "what version are you using",
    }
)
# An OS answer: one system named at the answer's start, and no other ("Windows / Linux", a
# list of the options, names nothing); WSL runs Linux on Windows, and is read as neither.
_FORM_OS_WORD: Final = re.compile(
    r"\b(?:(windows|win(?=[ ]?1[01]\b))|(macos|mac os|osx|os x|mac)"
    r"|(linux|ubuntu|debian|fedora|arch|centos|rocky|manjaro|mint|opensuse|wsl))\b",
    re.I,
)
# The marks and words that join a list of options ("Windows / Linux", "Linux, macOS", "Windows
# or Linux"): looked for as text, no pattern.
_FORM_LIST_MARKS: Final = ("/", ",", "|", "&", "+", ";", " or ", " and ")
# A GPU vendor answer naming AMD and nothing more ("amd", "AMD (ROCm)", "AMD GPU", "Radeon"):
# a named model is read by _AMD_PROSE wherever it is written.
_FORM_AMD: Final = re.compile(r"^(?i:amd|radeon)(?i: gpu)?(?:[ ]?\((?i:rocm)\))?\s*$")
# A release as a form's answer ("2.3.2", "v5.5.0", "v. 6.13.5 rc1", "2.3.5post2").
_FORM_RELEASE: Final = re.compile(
    r"^\s*v?\.?[ ]?(\d{1,4}\.\d{1,4}(?:\.\d{1,4})?(?:[ .]?(?:post|rc|dev|a|b)\d{1,4})?)\s*$",
    re.I,
)
# A build's version told in other words ('my pytorch version changes to "1.12.0+cpu"'): the
# "+cpu" local label is how PyTorch's own index names its builds without CUDA, so such a
# version is torch's when the last package named before it on the line is torch.
# issue 38: and a CUDA or ROCm wheel's label, "`2.12.0+cu130`" in a sentence about torch (the
# first such version of the line: a sentence may compare it with another build's)
_CPU_LABELLED: Final = re.compile(
    r"(?<![\w.])(\d+\.\d+(?:\.\d+)?\+(?:cpu|cu\d{2,3}|rocm\d{1,2}(?:\.\d{1,2}){0,2}))\b", re.I
)
_TORCH_FAMILY: Final = re.compile(r"\b(?:py)?torch(vision|audio|text)?\b", re.I)
_COMMAND: Final = re.compile(
    r"\b(?:pip3?|conda|mamba|uv pip|poetry)\s+(?:install|add|create)\b"
    r"|^\s*(?:[$!#>]+\s*)?(?:pip3?|conda)\b"
)


def _visibility_names() -> tuple[str, ...]:
    names = {n for b in registry.BACKENDS for n in b.visibility_env}
    return tuple(sorted(names, key=len, reverse=True))


_VISIBILITY: Final = re.compile(
    r"(?<![\w$])(" + "|".join(map(re.escape, _visibility_names())) + r")\b[\"'\]]*\s*[:=]\s*"
    r"(\"[^\"\n]{0,64}\"|'[^'\n]{0,64}'|[^\s;&|,)]{0,64}(?:,[^\s;&|)]{1,16})*)"
)


# The shortest line a name or an answer can be read from: "M1", "L4"; tests/test_regex_cost.py
# checks it against every pattern read here.
SHORTEST: Final = 2
# A version, a driver, a count and a GPU's number each hold a digit: a line without one (most
# of a log's lines) is tried against none of their patterns; `make bench` times the cost per
# line on 50 MB pastes. Each such pattern needs at least one character beside its digit, as
# every line this reader tries has (SHORTEST).
_DIGIT: Final = re.compile(r"\d(?s:.)|(?s:.)\d")


# red team item 3: `pip show X`'s first two lines (pip/_internal/commands/show.py
# print_results: write_output("Name: %s", …) then write_output("Version: %s", …)): the package
# a paste shows installed (huchenlei/ComfyUI_omost#30: "Name: accelerate", "Version: 0.30.1").
_PIP_SHOW_NAME: Final = re.compile(r"^Name: ([A-Za-z0-9][\w.-]{0,80})\s*$")
_PIP_SHOW_VERSION: Final = re.compile(r"^Version: (\d[\w.+!-]{0,40})\s*$")


class Prose(LineReader):
    """The reporter's words, a REPL's answers, a banner: wherever they appear in the paste
    (the names and answers outside a tool's block only)."""

    shortest: ClassVar[int] = SHORTEST

    def __init__(self) -> None:
        self.repl_available = False  # the last line asked torch.cuda.is_available()
        self.repl_mps = False  # the last line asked torch.backends.mps.is_available()
        self.repl_device = ""  # issue 38: the device whose is_available() the last line asked
        self.repl_version = False  # issue 38: the last line asked torch.__version__
        self.heading = ""  # the last Markdown heading ("GPU" in ROCm's issue template)
        self.expected = False  # under an issue template's "Expected behavior" heading
        self.pip_show = ""  # the package pip show's "Name:" line named on the line before

    def read(self, line: Line, in_block: bool) -> Iterator[Said]:
        text = line.text
        if len(text) < self.shortest:  # a blank line or one character: it only ends what
            # the line before began (a REPL's question, a heading waiting for its answer)
            self.repl_available = self.repl_mps = self.repl_version = False
            self.repl_device = ""
            if text:
                self.heading = ""
            self.pip_show = ""
            return
        numbered = _DIGIT.search(text) is not None
        pip_named, self.pip_show = self.pip_show, ""
        if (shown_name := _PIP_SHOW_NAME.match(text)) is not None:
            self.pip_show = versions.canonical_name(shown_name.group(1))
        elif pip_named and (shown_version := _PIP_SHOW_VERSION.match(text)) is not None:
            yield line.says(FactKey.PROSE_PACKAGE, shown_version.group(1), name=pip_named)
        # asked once each: the ROCm words below ask them again (issue 38, s20-speed)
        command = _COMMAND.search(text) is not None
        collect_env_line = collect_env.LINE.match(text) is not None
        if not (
            command
            or collect_env_line
            or hf_env.START.match(text)
            or messages.XFORMERS_BUILT.match(text)
            or "used to build" in text
            # ds_report's "deepspeed wheel compiled w. ...... torch 2.1, cuda 12.1": the
            # torch a wheel was built against, not the one installed (readers/ds_report.py)
            or "compiled w." in text
            or "(GPU?)" in text
            or "(accelerator?)" in text
        ):
            if numbered:
                shown: set[str] = set()
                for prose in _PROSE_VERSION.finditer(text.replace("`", "").replace("*", "")):
                    canonical = versions.canonical_name(prose.group(1))
                    package = _PROSE_ALIASES.get(canonical, canonical)
                    shown.add(prose.group(2))
                    yield line.says(FactKey.PROSE_PACKAGE, prose.group(2), name=package)
                for neuron in _PROSE_NEURON.finditer(text.replace("`", "")):  # issue 38
                    package = versions.canonical_name(neuron.group(1))
                    yield line.says(FactKey.PROSE_PACKAGE, neuron.group(2), name=package)
                for labelled in _CPU_LABELLED.finditer(text):
                    torch_named = list(_TORCH_FAMILY.finditer(text, 0, labelled.start()))
                    # issue 38: read above with its name; a CUDA or ROCm label only in sentences
                    # (a tool's block states torch's build on its own line: its reader's)
                    cpu = labelled.group(1).lower().endswith("+cpu")
                    if labelled.group(1) in shown or (in_block and not cpu):
                        break
                    if torch_named and not torch_named[-1].group(1):
                        yield line.says(FactKey.PROSE_PACKAGE, labelled.group(1), name="torch")
                        break  # issue 38: the line's first, as it was for +cpu alone
                yield from _prose_facts(line)  # in a tool's block too: a reporter writes between
            for accelerator in _ACCELERATOR_PROSE.finditer(text):
                word = accelerator.group(1)
                yield line.says(
                    FactKey.PROSE_ACCELERATOR, word, name=_ACCELERATOR_ROW[word.lower()]
                )
        marks_off = _MARKS.sub("", text)
        if not in_block and (named := _GPU_PROSE.match(marks_off)):
            yield line.says(FactKey.GPU, named.group(1).strip())
        elif not in_block and (named := _GPU_IS_PROSE.match(marks_off)):
            yield line.says(FactKey.GPU, f"NVIDIA {named.group(1).strip()}")
        elif not in_block and numbered:
            for nvidia in _NVIDIA_PROSE.finditer(marks_off):
                yield line.says(FactKey.PROSE_GPU, nvidia.group(1).strip())
            for ti in _TI_PROSE.finditer(marks_off):
                if not _NVIDIA_PROSE.search(marks_off, max(0, ti.start() - 12), ti.end()):
                    series = "GTX" if ti.group(1)[:2] in ("10", "16") else "RTX"
                    yield line.says(FactKey.PROSE_GPU, f"GeForce {series} {ti.group(1)} Ti")
            for number in _NVIDIA_NUMBER_PROSE.finditer(marks_off):  # issue 38 (s6-macintel)
                if not _TI_PROSE.match(marks_off, number.start(1)):
                    series = "GTX" if number.group(1)[:2] in ("10", "16") else "RTX"
                    yield line.says(FactKey.PROSE_GPU, f"GeForce {series} {number.group(1)}")
            for tesla in _TESLA_PROSE.finditer(marks_off):  # issue 38
                yield line.says(FactKey.PROSE_GPU, tesla.group(1))
            # issue 38 (s20-gpuprose): "tesla p40" in lower case, "Nvidia M1200"
            for lower in _TESLA_LOWER_PROSE.finditer(marks_off):
                if not _TESLA_PROSE.match(marks_off, lower.start()):
                    named_tesla = f"Tesla {lower.group(1).upper()}{lower.group(2)}"
                    if gpus.nvidia_capability(named_tesla):
                        yield line.says(FactKey.PROSE_GPU, named_tesla)
            for quadro in _QUADRO_PROSE.finditer(marks_off):
                model = f"{quadro.group(1).upper()}{quadro.group(2)}"
                if gpus.nvidia_capability(model):
                    yield line.says(FactKey.PROSE_GPU, model)
            for cloud in _CLOUD_INSTANCE.finditer(marks_off):
                family = cloud.group(1).lower()
                yield line.says(
                    FactKey.PROSE_CLOUD_GPU, _CLOUD_GPU[family], name=cloud.group(0).strip()
                )
            for datacentre in _DATACENTRE_PROSE.finditer(marks_off):  # issue 38 (s13-prose)
                model = datacentre.group(1)
                if model[-4:].islower() or model[-3:].islower():  # issue 38 (s20-gpuprose)
                    model = model.upper()
                before = max(0, datacentre.start(1) - 6)  # "tesla p40": read above
                if _TESLA_LOWER_PROSE.match(marks_off, before) and not _TESLA_PROSE.match(
                    marks_off, before
                ):
                    continue
                if not _TESLA_PROSE.match(marks_off, datacentre.start(1)) and (
                    gpus.nvidia_capability(model)
                ):
                    yield line.says(FactKey.PROSE_GPU, model)
            for counted in _COUNTED_GEFORCE.finditer(marks_off):  # issue 38 (s13-prose)
                geforce = counted.group(1)
                if not _NVIDIA_PROSE.search(marks_off, counted.start(1), counted.end()):
                    series = "GTX" if geforce[:2] in ("10", "16") else "RTX"
                    tier = " Ti" if counted.group(2) else ""
                    yield line.says(FactKey.PROSE_GPU, f"GeForce {series} {geforce}{tier}")
        heading = _HEADING.match(text)
        if _EXPECTED.match(text):
            self.expected = True
        elif heading or _BOLD_LINE.match(text):
            self.expected = False
        if heading:
            self.heading = heading.group(1).strip().rstrip("?:： ").lower()
        elif self.heading and text.strip():
            if (
                self.heading in _FORM_GPU_LABELS
                and not _FORM_AMD.match(marks_off)  # the vendor alone: no GPU's name
                and (gpu := _TEMPLATE_GPU.match(marks_off))
            ):
                yield line.says(FactKey.GPU, gpu.group(1).strip())
            yield from _form_answer(line, self.heading)
            answer = _HEADING_VERSIONS.get(self.heading)
            if answer and (bare_version := _BARE_VERSION.match(text)):
                torch = "torch" if answer is FactKey.PROSE_PACKAGE else None
                yield line.says(answer, bare_version.group(1), name=torch)
            self.heading = ""
        for mac_prose in _MACOS_PROSE.finditer(text) if not in_block else ():
            ahead = text[max(0, mac_prose.start() - 24) : mac_prose.start()]
            behind = text[mac_prose.end() : mac_prose.end() + 16]
            if not _MACOS_NOT_HERE.search(ahead) and not _MACOS_FLOOR_AFTER.match(behind):
                yield line.says(FactKey.PROSE_MACOS, mac_prose.group(1))
                break
        if not in_block and (chip_prose := _APPLE_CHIP_PROSE.search(text.strip())):
            chip = chip_prose[1] or chip_prose[2] or chip_prose[3] or chip_prose[4]
            yield line.says(FactKey.PROSE_CHIP, _apple_chip(chip))
        if not in_block and "OVERRIDE" not in text:
            for target in _GFX.finditer(text):
                yield line.says(FactKey.PROSE_GFX, target.group(1))
            if owned := _AMD_OWNED.search(marks_off):  # issue 38 (s7-build)
                yield line.says(FactKey.PROSE_AMD_GPU, owned.group(0))
            if igpu := _AMD_IGPU.search(text):  # issue 38 (s18-launch)
                yield line.says(FactKey.PROSE_AMD_IGPU, igpu.group(0))
            # issue 38 (s15-realrec): collect_env's own line, also as a template's list item
            # quotes it ("- ROCM used to build PyTorch: N/A"), names no machine
            own_line = collect_env_line or "used to build" in text
            if not own_line and not command and (rocm := _ROCM_PROSE.search(text)):
                absent = _ROCM_ABSENT_AFTER.match(text, rocm.end()) or _ROCM_DENIED_BEFORE.search(
                    text, max(0, rocm.start() - 40), rocm.start()
                )
                if not absent:
                    yield line.says(FactKey.PROSE_ROCM, rocm.group(0))
            if nogpu := _NO_GPU_PROSE.search(marks_off):  # issue 38 (s15-nogpu)
                yield line.says(FactKey.PROSE_NO_GPU, nogpu.group(0))
            for amd in _AMD_PROSE.finditer(marks_off):
                spelled = _amd_spelling(amd)
                if gpus.amd_targets(spelled):
                    yield line.says(FactKey.GPU, spelled)
        bare = _BARE_GPU.match(text) if not in_block else None
        if bare and (gpus.nvidia_capability(bare.group(1)) or gpus.amd_gfx(bare.group(1))):
            yield line.says(FactKey.GPU, bare.group(1))
        if not in_block and not self.expected and (said := _SAID_AVAILABLE.search(text)):
            yield line.says(FactKey.CUDA_AVAILABLE, said.group(1).lower())
        if (
            not in_block
            and not self.expected
            and (said := _SAID_DEVICE_AVAILABLE.search(text))
            and (device_key := FactKey.available(said.group(1).lower())) is not None
        ):
            yield line.says(device_key, said.group(2).capitalize())
        yolo = _YOLO_NAME.search(text)
        if yolo and (banner := _YOLO_BANNER.search(text, yolo.end())):
            yield line.says(FactKey.TORCH_VERSION, banner.group(1))
            if banner.group(2):
                yield line.says(FactKey.GPU, banner.group(2).strip())
        if self.repl_available and text.strip() in ("True", "False"):
            yield line.says(FactKey.CUDA_AVAILABLE, text.strip().lower())
        key = FactKey.available(self.repl_device) if self.repl_device else None
        if key and text.strip() in ("True", "False"):  # issue 38
            yield line.says(key, text.strip())
        device = _REPL_DEVICE_AVAILABLE.search(text)
        self.repl_device = device.group(1) if device else ""
        if self.repl_version and (version := _REPL_VERSION_ANSWER.match(text)):
            yield line.says(FactKey.TORCH_VERSION, version.group(1))
        self.repl_version = bool(_REPL_VERSION.search(text))
        self.repl_available = bool(_REPL_AVAILABLE.search(text))
        answer_word = text.rstrip().rsplit(" ", 1)[-1]
        if self.repl_mps and answer_word in ("True", "False") and "is_available(" not in text:
            yield line.says(FactKey.MPS_AVAILABLE, answer_word.lower())
        self.repl_mps = bool(_REPL_MPS_AVAILABLE.search(text))
        for variable in _VISIBILITY.finditer(text):
            value = variable.group(2).strip("\"'")
            between = text[variable.end(1) : variable.start(2)]
            if between.startswith("=") and between[1:2].isspace():
                value = ""  # issue 38: the shell's "VAR= python …" sets it empty (pytorch#52675)
            yield line.says(FactKey.ENV, value, name=variable.group(1))


def _form_answer(line: Line, label: str) -> Iterator[Said]:
    """issue 38 (s21-forms): an issue form's answer under its question's heading: the OS as
    the machine's system, AMD as its GPU's vendor, the tracker's program's release, ROCm's
    release. An empty answer ("_No response_", "N/A", "-", "None") names nothing: none of
    these patterns matches it."""
    answer = line.text.strip()
    listed = any(mark in answer.lower() for mark in _FORM_LIST_MARKS)
    if label in _FORM_OS_LABELS and len(answer) <= 60 and not listed:
        systems = [next(i for i, g in enumerate(m.groups()) if g) for m in
                   _FORM_OS_WORD.finditer(answer)]  # fmt: skip
        first = _FORM_OS_WORD.match(answer)
        if first is not None and len(set(systems)) == 1 and "wsl" not in answer.lower():
            key = (FactKey.PROSE_WINDOWS, FactKey.PROSE_MAC, FactKey.PROSE_LINUX)[systems[0]]
            yield line.says(key, "Windows" if systems[0] == 0 else answer)
    elif label in _FORM_GPU_LABELS and _FORM_AMD.match(answer):
        yield line.says(FactKey.PROSE_AMD_GPU, answer)
    elif label in _FORM_VERSION_LABELS and (release := _FORM_RELEASE.match(answer)):
        yield line.says(FactKey.PROSE_PACKAGE, release.group(1), name=TRACKER_LIBRARY)
    elif label == "rocm version" and (release := _FORM_RELEASE.match(answer)):
        yield line.says(FactKey.PROSE_ROCM, f"ROCm {release.group(1)}")


def _prose_facts(line: Line) -> Iterator[Said]:
    """A reporter's sentence: the driver, Python, transformers/accelerate/diffusers, the GPU
    count, as facts with the line they rest on (no tool's line: the caller keeps those out)."""
    if "|" in line.text or "NVIDIA-SMI" in line.text:  # nvidia-smi's header is its own reader's
        return
    text = line.text.replace("`", "").replace("*", "")
    if driver := _PROSE_DRIVER.search(text):
        yield line.says(FactKey.PROSE_DRIVER, driver.group(1))
    # issue 38 (s13-prose): not a Python a build is for or a library needs ("The wheel above
    # is built for CPython 3.10", McGill-NLP/nano-aha-moment#3; "requires Python 3.9")
    python = next(
        (
            p
            for p in _PROSE_PYTHON.finditer(text)
            if not _PYTHON_NOT_HERE.search(text, 0, p.start())
        ),
        None,
    )
    if python is not None:
        yield line.says(FactKey.PROSE_PYTHON, python.group(1))
    elif py := _PROSE_PY.search(text):  # issue 38 (s13-prose)
        yield line.says(FactKey.PROSE_PYTHON, f"3.{py.group(1)}")
    # issue 38 (s13-prose): a path's or a chosen wheel's Python, weaker than the words
    # (assemble._python reads it only where no words say which Python)
    site, wheel = _SITE_PACKAGES.search(line.text), _PIP_WHEEL_PYTHON.match(line.text)
    release = (site[1] or f"3.{site[2]}") if site else f"3.{wheel[1]}" if wheel else ""
    if release:
        yield line.says(FactKey.PROSE_PYTHON, release, name=PYTHON_FROM_PATH)
    for library in _PROSE_LIBRARY.finditer(text):
        name = library.group(1).lower()
        name = "transformers" if name == "transformer" else name
        yield line.says(FactKey.PROSE_PACKAGE, library.group(2), name=name)
    if count := _PROSE_GPU_COUNT.search(text):
        yield line.says(FactKey.PROSE_GPU_COUNT, count.group(1))


def _apple_chip(said: str) -> str:
    """An Apple M chip as Apple spells it: "m1" → "Apple M1", "M1MAX" → "Apple M1 Max"."""
    tier = said[2:].strip()
    return f"Apple M{said[1]}" + (f" {tier.capitalize()}" if tier else "")


def _amd_spelling(match: re.Match[str]) -> str:
    """A GPU name as AMD spells it: "RX5700XT" → "Radeon RX 5700 XT", "vega56" → "Radeon RX
    Vega 56"."""
    if match.group(1):
        suffix = f" {match.group(3).upper()}" if match.group(3) else ""
        return f"Radeon RX {match.group(2)}{suffix}"
    if match.group(6):
        return f"Radeon {match.group(6).upper()}"
    if match.group(7):
        return f"Radeon RX {match.group(7)} {match.group(8).upper()}"
    if match.group(9):
        return f"Radeon {match.group(9).upper()} {match.group(10).upper()}"
    if match.group(11):
        return f"Radeon RX {match.group(11).upper()}"
    return f"Radeon RX Vega {match.group(5)}"


READER: Final = Prose
