"""x86 CPU families and the vector instruction sets they have, and the prebuilt binaries that
need one (issue 38, s16-avx).

Most reports of a binary built for an instruction set the CPU lacks show no library's words
(readers/messages.py's ISA refusals read those): the process dies with "Illegal instruction
(core dumped)" and the paste names the CPU ("Intel(R) Celeron(R) N4505", "Xeon(R) CPU X3480",
lshw's "product:", a title's "Intel J3455"). `family_of` turns such a name into its family and
the widest of AVX, AVX2 and AVX-512 the family has; `BINARIES` says which set each prebuilt
binary needs, from its own documentation or build files, and which build of it runs without.

Families (read 2026-12-07): the instruction sets of each `-march=` value in GCC's manual, "x86
Options" (gcc.gnu.org/onlinedocs/gcc-13.2.0/gcc/x86-Options.html): core2, nehalem, westmere,
bonnell, silvermont, goldmont, goldmont-plus and tremont list no AVX; sandybridge and ivybridge
list AVX without AVX2; haswell and every later Core and Xeon list AVX2; skylake-avx512,
cascadelake, icelake-server and sapphirerapids list AVX-512; amdfam10 (Phenom, Athlon II),
k8 (Athlon 64, Turion) and btver1 list no AVX; bdver1-bdver2 (FX) list AVX without AVX2; znver1
and later (Ryzen, EPYC) list AVX2. The Pentium and Celeron brands are not one family: their
Core-based parts up to Comet Lake (G1xxx-G6xxx desktop, 1xxx-5xxx mobile) have AVX turned off,
and their Atom-based parts (J and N with four digits: Bay Trail to Jasper Lake) are silvermont
to tremont; Intel's ARK lists "Intel SSE4.1, Intel SSE4.2" as the instruction set extensions of
each (ark.intel.com: Pentium G4560, Celeron 3955U, Celeron N4505, Celeron J3455, Pentium
N3540). Their Alder Lake parts (Celeron G6900, Pentium Gold G7400, the N100-N305) have AVX2,
and are left out below. QEMU's generic CPU models (qemu64, kvm64: "QEMU Virtual CPU", "Common
KVM processor") have no AVX (QEMU's target/i386/cpu.c builtin_x86_defs; its documentation,
"CPU model configuration", names host-passthrough as the way to give a guest the host's).

A name the table does not know is not classified: absence is unknown, never "no AVX".

torch itself needs none of them: its CPU kernels are compiled for several sets and chosen at
run time from what the CPU reports (pytorch/pytorch aten/src/ATen/native/DispatchStub.cpp,
`compute_cpu_capability()`), so it is not among the binaries.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Final

# The sets in the order each family has them: a family with one has those before it.
AVX: Final = "AVX"
AVX2: Final = "AVX2"
AVX512: Final = "AVX-512"
_ORDER: Final = ("", AVX, AVX2, AVX512)
# s18-mend-misc: the architecture those sets belong to. AVX, AVX2 and AVX-512 are extensions of
# the x86 instruction set (Intel's 64 and IA-32 Architectures Software Developer's Manual, vol.
# 1: "Programming with Intel AVX, FMA, and Intel AVX2", "Programming with Intel AVX-512"):
# an Arm CPU has none of them, and a build for Arm is not built with them, so an illegal
# instruction on an Arm machine (a Raspberry Pi, a Jetson, an aarch64 board) is another cause.
X86: Final = "x86"


@dataclass(frozen=True, slots=True)
class Family:
    """A CPU family as GCC's `-march=` value names it, and the widest vector set it has ("":
    none of AVX, AVX2, AVX-512)."""

    name: str  # in words: "Nehalem / Westmere, Core i first generation"
    widest: str

    def has(self, isa: str) -> bool:
        """Whether the family has `isa` (one of AVX, AVX2, AVX-512)."""
        return _ORDER.index(self.widest) >= _ORDER.index(isa)

    def lacks_words(self) -> str:
        """What the family has, in words: "no AVX", "AVX but no AVX2"."""
        if not self.widest:
            return "no AVX"
        return f"{self.widest} but no {_ORDER[_ORDER.index(self.widest) + 1]}"


# Each row: the pattern a CPU name as lscpu, /proc/cpuinfo, lshw, Windows or a reporter writes
# it matches (at its start, after the vendor's words are dropped), and its family. The first
# match wins: a specific row before a broader one.
_FAMILIES: Final[tuple[tuple[re.Pattern[str], Family], ...]] = (
    # Core 2 (GCC: core2): "Intel(R) Core(TM)2 Quad CPU Q6600", "Core 2 Duo E8400"
    (re.compile(r"Core(?:\(TM\))? ?2 "), Family("Core 2", "")),
    # the first Core i generation, three digits (GCC: nehalem, westmere): "Core(TM) i3 CPU M
    # 330", "Core(TM) i7 CPU 920", "Core i5 750"
    (
        re.compile(r"Core(?:\(TM\))? i[357](?: CPU)? {1,16}(?:[A-Z] {1,4})?\d{3}\b"),
        Family("Nehalem / Westmere, Core i, first generation", ""),
    ),
    # the second and third (GCC: sandybridge, ivybridge): "Core(TM) i5-2500K", "i5-3230M"
    (
        re.compile(r"Core(?:\(TM\))? i[3579]-[23]\d{3}"),
        Family("Sandy Bridge / Ivy Bridge, Core i, second or third generation", AVX),
    ),
    # the fourth and later (GCC: haswell and after): "i3-7100U", "i7-12700F", "i5-1135G7"
    (
        re.compile(r"Core(?:\(TM\))? i[3579]-(?:[4-9]\d{3}|1\d{3,4})"),
        Family("Haswell or later, Core i, fourth generation on", AVX2),
    ),
    # Xeon before Sandy Bridge, a letter and four digits (GCC: nehalem, westmere, core2):
    # "Xeon(R) CPU X3480", "Xeon(R) CPU E5620", "Intel Xeon 5675"
    (
        re.compile(r"Xeon(?:\(R\))?(?: CPU)? {1,16}[EXLW]?[3-7]\d{3}\b(?! v)"),
        Family("Nehalem / Westmere or older, Xeon 3000-7000", ""),
    ),
    # Xeon E3/E5/E7 v3 and later (GCC: haswell, broadwell, skylake): "E5-2620 v4", "E3-1230 v5"
    (
        re.compile(r"Xeon(?:\(R\))?(?: CPU)? {1,16}E[357]-\d{4}[A-Z]? v[3-6]"),
        Family("Haswell or later, Xeon E3/E5/E7, v3 on", AVX2),
    ),
    # the first two versions (GCC: sandybridge, ivybridge): "E5-2690 0",
    # "E5-2690 v2", "E3-1230"
    (
        re.compile(r"Xeon(?:\(R\))?(?: CPU)? {1,16}E[357]-\d{4}[A-Z]?(?: 0| v2)?(?= |$|@)"),
        Family("Sandy Bridge / Ivy Bridge, Xeon E3/E5/E7, v1-v2", AVX),
    ),
    # Xeon Scalable (GCC: skylake-avx512 and later): "Xeon(R) Platinum 8358", "Gold 6248"
    (
        re.compile(r"Xeon(?:\(R\))?(?: CPU)? {1,16}(?:Platinum|Gold|Silver|Bronze) "),
        Family("Xeon Scalable, Skylake-SP on", AVX512),
    ),
    # Atom-based Pentium and Celeron, J or N and four digits (GCC: silvermont to tremont):
    # "Celeron(R) N4505", "Pentium(R) CPU N3540", "Celeron J3455", "Pentium(R) Silver N5000"
    (
        re.compile(r"(?:Pentium|Celeron)(?:\(R\))?(?: Silver)?(?: CPU)? {1,16}[JN]\d{4}\b"),
        Family("Atom-based Pentium / Celeron, Bay Trail to Jasper Lake", ""),
    ),
    # "Intel J3455", "Intel N4020": a reporter's short name of the same parts
    (re.compile(r"Intel(?:\(R\))? [JN][1-6]\d{3}\b"), Family("Atom-based Pentium / Celeron", "")),
    # Core-based Pentium and Celeron up to Comet Lake, desktop G1xxx-G6xxx (not the Alder Lake
    # Celeron G69xx) and mobile 1xxx-5xxx: AVX turned off (Intel ARK)
    (
        re.compile(
            r"(?:Pentium|Celeron)(?:\(R\))?(?: Gold)?(?: CPU)? {1,16}"
            r"(?:G(?!69)[1-6]\d{3}|[1-5]\d{3}[UMY]?)\b"
        ),
        Family("Core-based Pentium / Celeron up to Comet Lake, AVX turned off", ""),
    ),
    # Atom, but the x7000 series (Amston Lake, Gracemont: AVX2) (GCC: bonnell to tremont)
    (re.compile(r"Atom(?:\(TM\))?(?: CPU)? {1,16}(?!x7\d)"), Family("Atom", "")),
    # AMD K10 and K8 (GCC: amdfam10, k8): "AMD Phenom(tm) II X6 1090T", "Athlon(tm) II X2"
    (re.compile(r"(?:Phenom|Athlon|Turion)(?:\(tm\))? (?:II |64 )"), Family("AMD K10 / K8", "")),
    (re.compile(r"Phenom(?:\(tm\))? "), Family("AMD K10 / K8", "")),
    # AMD FX (GCC: bdver1, bdver2): "AMD FX(tm)-8350", "FX-8300"; s21-atomics: also as reporters
    # write it, "FX 8120", "FX8300" (ROCm/legacy-rocm-build#312, #902), not NVIDIA's GeForce FX
    # and Quadro FX ("Quadro FX 5800")
    (
        re.compile(r"(?<!GeForce )(?<!Quadro )FX(?:\(tm\))?[- ]?[4-9]\d{3}\b"),
        Family("AMD Bulldozer / Piledriver, FX", AVX),
    ),
    # AMD Zen (GCC: znver1 and later): "AMD Ryzen 7 5800X", "AMD EPYC 7742"
    (re.compile(r"(?:Ryzen|EPYC) "), Family("AMD Zen, Ryzen, EPYC", AVX2)),
    # QEMU's generic models
    (re.compile(r"QEMU Virtual CPU"), Family("QEMU's generic CPU model", "")),
    (re.compile(r"Common KVM processor"), Family("QEMU's generic CPU model, kvm64", "")),
)

# Where a CPU's name starts (the words a family row's pattern starts with), the vendor's words
# before it, and where the name ends (the clock's "@", a quote, a list's comma)
_STARTS: Final = re.compile(
    r"\b(?:Core|Xeon|Pentium|Celeron|Intel|Atom|Phenom|Athlon|Turion|FX|Ryzen|EPYC"
    r"|QEMU Virtual CPU|Common KVM processor)"
)
_VENDOR: Final = ("Intel(R) ", "Intel ", "AMD ")
_ENDS: Final = '@`,;"*|\t'
_GENERIC: Final = frozenset({"CPU", "Processor", "processor", "processors"})
# s16-mend-cpu: the name ends at its model number: the token a row's pattern ends in ("N4505",
# "i5-1135G7"), or after a pattern that ends with the family's words, the first token holding
# a digit ("Q6600" after "Core(TM)2 Quad CPU", "7950X" after "Ryzen 9", "6130" after
# "Xeon(R) Gold"), with the tokens of it that follow ("Phenom(tm) II X6 1090T", "Ryzen 7 PRO
# 4750U"). The reporter's words after it are not the name ("Intel Celeron N4505 and it dies").
# Before the model number only capitalised words are the name's ("Quad", "Threadripper"): "AMD
# Ryzen laptop with 16 GB" names an "AMD Ryzen".
# a token: letters, digits, "-" and "+" ("i5-1135G7", "64-Core"); a link's "](https://" after a
# name is not its ("[Intel Celeron J4125](https://www.intel.com/…)", intel/ipex-llm#12739)
_TOKEN: Final = re.compile(r"[\w+-]+")
_MODEL_TOKENS: Final = 4  # the tokens after the family's words a model number is looked for in
_INSIDE_MODEL: Final = frozenset({"PRO"})  # "Ryzen 7 PRO 4750U"
_PUNCTUATION: Final = ".,:;!?)'"


def family_of(name: str) -> Family | None:
    """The family of the CPU `name` names (as read from a paste, at most a line), or None where
    the table does not know it."""
    found = named(name)
    return found[1] if found else None


def named(text: str) -> tuple[str, Family] | None:
    """The first CPU on a line of a paste the table knows: its name as written (the vendor's
    word kept, spaces collapsed, the clock left out) and its family; None where none is."""
    return next(iter(all_named(text)), None)


def all_named(text: str) -> list[tuple[str, Family]]:
    """Every CPU on a line of a paste the table knows, in the line's order (s16-mend-cpu: "his
    Celeron J3455 box … but mine is a Xeon Gold 6130" names two), each as `named` gives it."""
    found: list[tuple[str, Family]] = []
    after = 0  # where the last name found ends: a start inside it is the same CPU
    for start in _STARTS.finditer(text, 0, 2000):
        if start.start() < after:
            continue
        for pattern, family in _FAMILIES:
            if (match := pattern.match(text, start.start(), start.start() + 120)) is not None:
                at = start.start()
                at -= next((len(v) for v in _VENDOR if text.endswith(v, 0, at)), 0)
                words, after = _name(text, at, match.end())
                found.append((words, family))
                break
    return found


def _name(text: str, at: int, matched: int) -> tuple[str, int]:
    """The CPU's name that starts at `at` in `text`, whose family row's pattern matched up to
    `matched`, spaces collapsed, and where it ends in `text`."""
    stop = min((i for c in _ENDS if (i := text.find(c, at, at + 80)) >= 0), default=at + 80)
    if text[matched - 1].isspace():
        end = _model_end(text, matched, stop)
    else:  # the pattern ended inside the model number: the rest of its token
        token = _TOKEN.match(text, matched - 1, max(stop, matched))
        end = max(token.end(), matched) if token is not None else matched
    if not end:  # no model number after the family's words: the words alone
        split = text[at:matched].split()
        while len(split) > 1 and split[-1] in _GENERIC:
            split.pop()
        return " ".join(split).rstrip(_PUNCTUATION), matched
    words = " ".join(text[at:end].split()).rstrip(_PUNCTUATION)
    if words.count(")") > words.count("("):
        words = words[: words.rfind(")")].rstrip()
    return words, end


def _model_end(text: str, matched: int, stop: int) -> int:
    """Where the model number after the family's words (ending at `matched`) ends, 0 where the
    first few tokens hold none."""
    tokens = list(itertools.islice(_TOKEN.finditer(text, matched, stop), _MODEL_TOKENS))
    end, last = 0, matched
    for index, token in enumerate(tokens):
        following = tokens[index + 1][0] if index + 1 < len(tokens) else ""
        if text[last : token.start()].strip():  # "(12)", neofetch's count of threads after it
            break
        last = token.end()
        if any(c.isdigit() for c in token[0]):
            end = token.end()
        elif end and token[0] in _INSIDE_MODEL and any(c.isdigit() for c in following):
            continue
        elif end or not token[0][:1].isupper():
            break
    return end


@dataclass(frozen=True, slots=True)
class Binary:
    """A prebuilt binary that needs an instruction set: its name, the set, where that is
    written, the build of it that runs without, and the architecture whose builds need it."""

    key: str  # the value readers/messages.py gives the paste's words that name it
    name: str
    needs: str
    source: str
    instead: str
    replaces: str = ""  # the key of an older build of the same program the paste's words undo
    # s18-mend-misc: the architecture of the builds that need the set (every row's set is
    # x86's: its prebuilt binaries for x86 CPUs; their Arm builds need none of them)
    arch: str = X86


BINARIES: Final = {
    b.key: b
    for b in (
        # tensorflow/docs site/en/install/pip.md, "Hardware requirements": "TensorFlow binaries
        # use AVX instructions which may not run on older CPUs"; tensorflow RELEASE.md, 1.5.0:
        # "Starting from 1.6 release, our prebuilt binaries will use AVX instructions"
        Binary(
            "tensorflow",
            "TensorFlow",
            AVX,
            'tensorflow.org/install/pip, "Hardware requirements"; its prebuilt binaries use '
            "AVX from 1.6",
            "TensorFlow 1.5, the last release built without AVX, or TensorFlow built from "
            "source on this machine (tensorflow.org/install/source)",
        ),
        # jax jaxlib/cpu_feature_guard.c: the jaxlib wheels are built for AVX ("This version
        # of jaxlib was built using AVX instructions, which your CPU and/or operating system
        # do not support"); older jaxlib died on the first one
        Binary(
            "jaxlib",
            "jaxlib",
            AVX,
            "jax jaxlib/cpu_feature_guard.c: the jaxlib wheels are built using AVX",
            'jaxlib built from source on this machine (jax.readthedocs.io, "Building from source")',
        ),
        # ollama before 0.1.22: its Linux build of 2023 (llm/llama.cpp/generate_linux.go: cmake
        # with llama.cpp's defaults, LLAMA_AVX, LLAMA_AVX2, LLAMA_FMA and LLAMA_F16C on; an Ivy
        # Bridge i7-3770, with AVX and no AVX2, dies in it: ollama/ollama#644)
        Binary(
            "ollama",
            "ollama",
            AVX2,
            "ollama's builds before 0.1.22, llm/llama.cpp/generate_linux.go: llama.cpp's "
            "defaults, AVX and AVX2 on",
            "ollama 0.1.22 or later, whose CPU runner needs no AVX (ollama/ollama#1386), or "
            "ollama built from source on this machine",
        ),
        # ollama from 0.1.22, whose log lists its runners ("Dynamic LLM libraries [cpu cpu_avx
        # cpu_avx2 cuda_v11 …]"): the CPU runners are chosen by the CPU, the GPU runners are
        # still built with AVX (a maintainer, ollama/ollama#1386, 2024-01-27: "our GPU libraries
        # do still use AVX, so you'll only be able to run in pure CPU mode")
        Binary(
            "ollama_runners",
            "ollama's GPU runner",
            AVX,
            "from 0.1.22 its GPU runners are still built with AVX, ollama/ollama#1386",
            "ollama's CPU runner, which needs no AVX (docs/troubleshooting.md, \"LLM "
            'libraries": OLLAMA_LLM_LIBRARY=cpu)',
            replaces="ollama",
        ),
    )
}


# --- issue 38 (s21-pi): torch releases whose aarch64 wheels need more than Armv8.0-A ----------
#
# The Arm cores of a Raspberry Pi 3 and 4 (Cortex-A53, Cortex-A72) and of AWS Graviton1 (a1
# instances: Cortex-A72) implement Armv8.0-A, without the Large System Extension's atomic
# instructions (LSE, FEAT_LSE: "ldaddal" and the like), which Armv8.1-A adds and every later
# core has (Arm's Cortex-A72 and Cortex-A53 Technical Reference Manuals: "Armv8-A"; the
# Cortex-A76 of a Raspberry Pi 5, the Neoverse cores of Graviton2-4 and Grace, and Apple's
# cores: Armv8.2-A or later). Linux lists the extension as "atomics" among a CPU's features
# (lscpu's Flags, /proc/cpuinfo's Features: arch/arm64/kernel/cpuinfo.c hwcap_str).
#
# Read 2026-12-08: pytorch/pytorch#132032, "Pytorch 2.4.0 crashes with illegal instruction error
# on Raspberry Pi" (opened 2024-07-29, closed; labels high priority, module: arm, module:
# binaries, module: regression): `import torch` of the 2.4.0 aarch64 wheel from PyPI dies with
# SIGILL on a Raspberry Pi 4's Cortex-A72 on "ldaddal" in torch.libs/libarm_compute (the Arm
# Compute Library the wheel ships), "the previous 2.3.1 version works fine"; a comment of
# 2024-08-09 reports the same on a Cortex-A53 board (lscpu Flags without "atomics"). The 2.4.1
# wheels run again on those cores: pytorch/pytorch#174344 records #132032 as fixed in 2.4.1 (as
# a gatherer of this project read it; the fix's own PR was not found). Later releases had
# their own Armv8.0 regressions, each in its own operation and settled in its own thread
# (pytorch/pytorch#146792: 2.6.0's ONNX export, also "ldaddal"; #176993: 2.10.0, fixed for
# 2.11 by #174401): they are not rows here, since the paste alone cannot tell that operation.
@dataclass(frozen=True, slots=True)
class ArmWheel:
    """A torch release whose aarch64 wheels from PyPI need an instruction Armv8.0-A lacks."""

    releases: tuple[str, ...]  # the public versions ("2.4.0")
    needs: str  # in words
    fixed: str  # the release whose wheels run again
    earlier: str  # the release before, which runs
    source: str


TORCH_ARM_WHEELS: Final = (
    ArmWheel(
        ("2.4.0",),
        'Armv8.1-A\'s atomic instructions (LSE: "ldaddal" in torch.libs/libarm_compute)',
        "2.4.1",
        "2.3.1",
        "pytorch/pytorch#132032, 2024-07-29",
    ),
)

# The words that name an Armv8.0-A machine: the cores (Cortex-A35, A53, A57, A72, A73), the
# Raspberry Pi 3, 4 and Zero 2 and their SoCs (BCM2837, BCM2711: raspberrypi.com's product
# briefs), and Graviton1 and its a1 instances (aws.amazon.com/ec2/instance-types/a1).
_ARMV80: Final = re.compile(
    r"(?i)(?<![\w-])(cortex-a(?:35|53|57|72|73)|raspberry ?pi ?(?:[34]|zero ?2)"
    r"|bcm(?:2837|2711)|graviton ?1|a1\.(?:medium|large|xlarge|2xlarge|4xlarge|metal))"
    r"(?![\w])"
)
# …and those of a later core, which has LSE: the Raspberry Pi 5 (Cortex-A76), Cortex-A55 and
# later, Neoverse, Graviton2-4, Grace, Apple's M chips, Jetson (NVIDIA's own torch wheels),
# Ampere Altra, Kunpeng 920
_ARMV82: Final = re.compile(
    r"(?i)(?<![\w-])(raspberry ?pi ?5|cortex-a(?:55|65|75|76|77|78|710|715|720)|cortex-x\d"
    r"|neoverse|graviton ?[234]|grace|apple m[1-4]|jetson|altra|kunpeng)(?![\w])"
)
# lscpu's "Flags:" and /proc/cpuinfo's "Features" line: "atomics" there is LSE
_ARM_FEATURES: Final = re.compile(r"(?i)\b(?:flags|features)\b[^:\n]{0,8}:")


def arm_class(text: str) -> tuple[bool, str] | None:
    """Whether the line shows an Armv8.0-A machine (True) or a later core (False), with the
    words that show it: a core or board named, or a features line with or without LSE
    ("atomics"); None where it shows neither."""
    if later := _ARMV82.search(text):
        return False, later[1]
    if (head := _ARM_FEATURES.search(text)) is not None:
        features = text[head.end() :].split()
        if "atomics" in features:
            return False, "atomics"
        if "asimd" in features:  # an Arm features line without LSE
            return True, 'a features line without "atomics"'
    if found := _ARMV80.search(text):
        return True, found[1]
    return None


def arm_wheel(version: str) -> ArmWheel | None:
    """The row whose releases hold this torch version's public part, if any."""
    public = version.strip().split("+", 1)[0]
    return next((w for w in TORCH_ARM_WHEELS if public in w.releases), None)
