"""A reporter's question whether a library runs on a machine, wherever it stands in a paste.

issue 38 (s15-support): compat/support.py holds what each library's own documentation lists (its
backends and systems, by release); a question about one ("Does vllm support macos M1 or M2
chip?", "does flashinfer support AMD GPU?", "DeepSpeed on Apple Silicon?", "好像mlx扩展没有
windows版本？") is answered from its row (diagnosis/pasted.py). A question is a sentence that ends
in a question mark ("?", "？"), or a Chinese one with its question word ("吗", "是否", "能否"); the
library is named in it by a name, distribution, import package or alias of the table, or, where
the question names none and points back at one ("it", "this"), in the words before it on the
same line ("mamba-ssm's offical page: Other requirements: Linux. so could I run it on
Windows？"); (s17-tracker) where the line names none and the question points at the project
("does it work in windows?", "Do you have windows support?"), the library of the repository the
issue was filed in (`--repo`; gather/reports/tracker.py), where one is known. It asks about
running (support, run, work, install, compile, build, compatible, available, use;
支持, 运行, 跑, 安装, 使用, 版本), or is a library and a machine alone ("X on
Apple silicon?"). The machine is read from the question alone: the hardware it names (an
AMD or Intel GPU, Apple's GPU by MPS or Metal, NVIDIA's, a CPU only, an Ascend NPU, Gaudi, a
TPU, Trainium or Inferentia) and the system (Windows, Linux, a Mac by its name or chip). A
question that names no machine is answered for the machine the rest of the paste shows, if any.
(s19-asked) A feature request asks too: its title without a question mark ("[Feature]: support
Atlas 300I DUO"), a request of the project with no subject ("Is there a plan to support Apple
Silicon?", "是否有支持mps设备的计划", "可以增加对mac的支持吗"), a short "… support?" title; the
library is then the one the issue's title names, else the tracker's. (s19-mend-words) Only where
the machine is what is to be supported: right after "support (for|on)" in a title, right before
"support?"; a title that reports a failure ("[Bug]", "broken") asks nothing, and a model's name
("MiniMax M2.1", Meta's Atlas) is no machine.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import ClassVar, Final

# compiled on first use: a paste asks few questions (hwdoctor/lazy_re.py; issue 38, s20-speed)
from hwdoctor import lazy_re as re
from hwdoctor import registry
from hwdoctor.compat import support
from hwdoctor.gather.reports.readers.protocol import Line, LineReader, Said
from hwdoctor.gather.reports.screen import by_first
from hwdoctor.model.pasted import TRACKER_LIBRARY, FactKey

# The separators a library's name is written with, any of which a reporter may write.
_SEPARATOR: Final = re.compile(r"[-_ ]")


def _spelled(name: str) -> str:
    """A library's name as a pattern: its separators written any of the ways reporters write
    them ("mamba-ssm", "mamba_ssm", "mamba ssm")."""
    parts = _SEPARATOR.split(name)
    # a name's other characters ("PyTorch/XLA") stand for themselves: escaped one by one
    literal = ("".join(c if c.isalnum() else "\\" + c for c in part) for part in parts if part)
    return r"[-_ ]?".join(literal)


# Every name of every row, longest first (so "TensorRT-LLM" before "TensorRT").
NAMES: Final = sorted(
    {
        n.lower()
        for row in support.TABLE
        for n in (row.name, *row.dists, *row.modules, *row.aliases)
    },
    key=len,
    reverse=True,
)
_BY_NAME: Final = {
    _SEPARATOR.sub("", n.lower()): row
    for row in support.TABLE
    for n in (row.name, *row.dists, *row.modules, *row.aliases)
}
# A library's name between ASCII word boundaries (a name runs into Chinese words: "mlx扩展"), not
# inside a path or a URL ("/vllm-project/"). issue 38 (s16-subject): readers/subject.py reads
# the same names. Grouped by their first letter (screen.by_first: the same matches, a tenth of
# the tries at each place of a line; issue 38, s20-speed).
LIBRARY: Final = re.compile(
    r"(?<![A-Za-z0-9_/.-])(" + by_first(_spelled(n) for n in NAMES) + r")(?![A-Za-z0-9_-])",
    re.I,
)
# The machine a question names. Group names say what each alternative is: hardware (its registry
# row is found by what it is, below), a system, or a Mac (macOS, on its Apple silicon).
# Not the same words naming something else (the final read of the fifteenth sitting): "bare
# metal" (a host without a hypervisor), "sliding/context/attention/rolling windows" (a
# model's), "MAC address", "CPU offload" (a feature, not a CPU-only machine).
_MACHINE: Final = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    r"(?P<processor>cpus?(?:[- ]only)?(?![- ]offload)|(?:amd|intel) (?:cpus?|ryzen|epyc|xeon)"
    r"|without (?:an? )?gpu"
    r"|no gpu)"
    r"|(?P<apple_gpu>mps|(?<!bare )metal|apple gpus?)"
    r"|(?P<mac>mac ?os(?: ?x)?|macbook(?: ?(?:pro|air))?|mac ?mini|mac studio|imac"
    r"|mac(?! address)"
    r"|os ?x|apple silicon|apple m[1-5]|m[1-5] ?(?:pro|max|ultra))"
    # s19-mend-words: a bare "M1"…"M5" is also a model's name ("minimax m2.1", vllm-project/
    # vllm#32736): Apple's chip only beside a Mac's words (`_mac_chip`)
    r"|(?P<mac_chip>m[1-5])"
    r"|(?P<amd>amd(?: gpus?| cards?| graphics)?|amdgpu|radeon|rocm)"
    r"|(?P<intel_gpu>intel (?:arc|gpus?|graphics|xpu)|arc [ab]\d{3}|xpu)"
    r"|(?P<nvidia>nvidia(?: gpus?)?|cuda)"
    # s19-asked: an Ascend by its product or chip ("Atlas 300I Duo", "Atlas300I Duo96G", "910B2",
    # "310P": Huawei's Atlas names, as hiascend.com's product pages write them); s19-mend-words:
    # "Atlas" only with its model's number ("Atlas 800T", "Atlas A2"; vLLM Ascend's
    # docs/source/installation.md names "Atlas A2" and "Atlas A3"), not Meta's retrieval model
    r"|(?P<ascend>ascend|npus?|atlas ?(?:\d{3}[a-z]?|a\d)|910[abc]\d?|310p\d?)"
    r"|(?P<gaudi>gaudi\d?|hpu|habana)"
    # issue 38 (s21-names): other vendors' chips called TPUs (or KPUs), no Google TPU: Google's
    # Coral Edge TPU (coral.ai/docs/edgetpu/faq: "The Edge TPU is a small ASIC", TensorFlow Lite
    # models; its USB, M.2 and Dev Board forms), Sophgo's (Sophon's) BM1684, BM1684X and BM1688
    # "TPU" chips (sophgo/tpu-mlir README: "BM1684X, BM1688, ..."), Kendryte's K210 KPU. They
    # come before a bare "TPU", which is Google's Cloud TPU (the registry's row).
    r"|(?P<other_tpu>coral(?: (?:edge|usb|m\.2|dev board))?(?: tpus?| accelerators?)?"
    r"|edge ?tpus?|usb (?:tpus?|accelerators?)|sophgo(?: tpus?)?|sophon(?: tpus?)?"
    r"|bm168[48]x?(?: tpus?)?|kendryte(?: k\d{3})?(?: kpus?)?|kpus?)"
    r"|(?P<google_tpu>tpus?)"
    r"|(?P<aws>trainium|inferentia)"
    r"|(?P<windows>(?<!sliding )(?<!context )(?<!attention )(?<!rolling )windows|win ?1[01]"
    # s21-names: one window and its release ("window11"), not a model's window
    r"|(?<!sliding )(?<!context )(?<!attention )(?<!rolling )(?<!a )window ?1[01]"
    # s19-asked: DirectML, Windows' own GPU API (learn.microsoft.com/windows/ai/directml/)
    r"|directml)"
    r"|(?P<linux>linux|ubuntu|debian|wsl2?)"
    r")(?![A-Za-z0-9_-])"
    # the same in Chinese words (Apple, Ascend) and the systems written into Chinese prose
    r"|(?P<mac_zh>苹果)|(?P<ascend_zh>昇腾)",
    re.I,
)
# The words that ask about running: the sentence asks whether the library runs there ("没有…
# 版本": has no build for it).
_RUNS: Final = re.compile(
    r"(?<![A-Za-z])(?:support|run|work|install|compile|compatib|availab|use[ds]?\b|usable)"
    r"|支持|运行|跑|安装|使用|没有[^，,。？?]{0,20}版本",
    re.I,
)
# The words that ask about support itself: a question that names no machine asks about the one
# the paste shows only in these words ("does it support my GPU?").
_SUPPORTS: Final = re.compile(r"(?<![A-Za-z])(?:support|compatib)|支持", re.I)
# A question whether (its first word an auxiliary verb, after a title's "#", a tag such as
# "[question]", a list's bullet or a conjunction), as cleaning.py reads one; or Chinese words
# asking whether.
_WHETHER: Final = re.compile(
    r"^[\s#>*\-\d.)]{0,8}(?:\[[^\]\n]{1,30}\][\s:]{0,3})?(?:(?:so|and|but|also|then|or),? )?"
    r"(?:does|do|is|are|can|could|will|would|should|has|have|any ?one|any ?body|is there"
    r"|are there)(?![A-Za-z])",
    re.I,
)
_WHETHER_ZH: Final = ("是否", "吗", "能否", "可否", "能不能", "可不可以", "有没有")
# A sentence of Chinese words that ends in a full-width question mark asks whether, unless it asks
# why or how (below): "好像mlx扩展没有windows版本？".
_CJK: Final = re.compile(r"[\u4e00-\u9fff]")
# A question about a fix, not about support ("Is there any solution to …", "why does …").
_FIX: Final = re.compile(
    r"(?<![A-Za-z])(?:solution|solve|fix|workaround|why|how to|how do|how can)(?![A-Za-z])"
    r"|为什么|为何|怎么|如何|解决",
    re.I,
)
# A library and a machine alone, as a title asks ("DeepSpeed on Apple Silicon?"): only "on",
# "for", "with" or "in" between them.
_ALONE: Final = re.compile(r"^[\W_]{0,4}(?:on|for|with|in)[\W_]{0,4}$", re.I)
# A question that points back at a library named before it on the line.
_POINTS_BACK: Final = re.compile(r"(?<![A-Za-z])(?:it|this|that|they)(?![A-Za-z])|它|这个|该", re.I)
# issue 38 (s17-tracker): a question that names no library on its line and points at the
# project of the tracker it was filed in: "does it work in windows?", "Is it possible to use
# this without coda?", "Do you have windows support?", "your project". (s17-mend-tracker) "this"
# before a noun points at that thing ("this model", "this script", "this feature", "this card"),
# not at the project, unless the noun is the project's own word (`_AFTER_THIS`); "it" and
# "this" whose antecedent is another named thing are not the project either (`_antecedent`).
_POINTS_AT_TRACKER: Final = re.compile(
    r"(?<![A-Za-z])(?:(?P<you>you|your (?:project|repo|repository|library|package|code|tool))"
    r"|(?P<it>it)|(?P<this>this))(?![A-Za-z])|(?P<zh>它|你们|本项目|这个项目)",
    re.I,
)
# The words after "this" that leave it pointing at the project: the project's own words, and the
# verbs, prepositions and adverbs of a question about it ("use this without coda", "does this
# work", "can this run on"). Any other word is a noun "this" qualifies ("this model").
_AFTER_THIS: Final = frozenset(
    {
        "project", "repo", "repository", "library", "lib", "package", "code", "tool", "extension",
        "module", "software", "framework", "plugin", "on", "in", "with", "without", "for", "to",
        "at", "under", "via", "locally", "now", "yet", "also", "too", "still", "even", "really",
        "ever", "already", "work", "works", "working", "run", "runs", "running", "support",
        "supports", "be", "is", "was", "have", "has", "need", "needs", "require", "requires",
        "compile", "compiles", "install", "installs", "build", "builds", "use", "available",
        "possible", "compatible", "and", "or", "but", "if", "please", "as", "natively",
        # s20-template: the verbs of a question what the project gives ("Does this provide
        # apple silicon mps support?")
        "provide", "provides", "offer", "offers", "allow", "allows", "enable", "enables",
    }
)  # fmt: skip
_NEXT_WORD: Final = re.compile(r" ([A-Za-z]+)")  # the word after "this"
# A named thing in the reporter's words: a capitalized word inside a sentence (after a
# lowercase word, a digit or a comma: not a sentence's first word), "Ollama" in "I use Ollama
# on my Mac and it works great"; not a machine's word (`_MACHINE`), an acronym or a model number
# ("RTX", "MI100"), nor the toolchain a report of any project names (`_NOT_NAMED`).
_NAMED: Final = re.compile(r"(?<=[a-z0-9,;:] )[A-Z][A-Za-z0-9]+")
_NOT_NAMED: Final = frozenset(
    {
        "i", "python", "pytorch", "torch", "conda", "anaconda", "miniconda", "pip", "docker",
        "github", "intel", "apple", "microsoft", "google", "colab", "jupyter", "vscode",
        "powershell", "cmd", "wsl", "does", "do", "is", "are", "can", "could", "will", "would",
        "should", "has", "have", "please", "thanks", "hi", "hello", "also",
    }
)  # fmt: skip
# Where a sentence ends before the question (its antecedent is in it or in the question).
_SENTENCE_END: Final = re.compile(r"[.!;。！；?？](?:\s|$)")
# issue 38 (s17-tracker): a Chinese question without a subject, as Chinese asks it ("支持mac系统吗",
# "能在windows上运行吗"): the verb first, the project understood; asked of the tracker's library.
# (s19-asked) after a tag ("#suggest：") or an address ("大佬，"), and the request's forms:
# "是否有支持mps设备的计划" (is there a plan to support), "可以增加对mac的支持吗" (can you add
# support for).
_NO_SUBJECT_ZH: Final = re.compile(
    r"^[\s#>*-]{0,8}(?:suggest[:：]|大佬[，,]|作者[，,])?(?:请问)?"
    r"(?:是否有|是否|能否|可否|能不能|可不可以|有没有|能|可以|会)?"
    r"(?:支持|运行|跑|安装|使用|在|增加对|添加对)",
    re.I,
)
# issue 38 (s19-asked): a question that names no library and no pointer, in the forms a feature
# request asks of its project: "Is there a plan to support Atlas 300I DUO" (vllm-project/
# vllm-ascend#284), "Is there a plan to support Apple Silicon?" (kvcache-ai/ktransformers#348),
# "Are there active plans to add support for …"; or a title that is the machine and "support?"
# ("is cpu only support?", vllm-project/vllm#412). Asked of the library the title names,
# else of the tracker's (`--repo`).
_PLANS: Final = re.compile(
    r"(?<![A-Za-z])plans? (?:to|for|of) (?:add(?:ing)? )?(?:the )?support", re.I
)
_SUPPORT_WORDS: Final = ("support", "supported")
# The longest "… support?" read as a request of the project: a machine and the word ("is cpu only
# support?", "Mac support?"); a longer one has a subject of its own ("Do GFX6 cards lack some
# necessary hardware features for amdkfd support?", ROCm/ROCm#374).
_SUPPORT_ASKED_CHARS: Final = 40
# issue 38 (s19-asked): a title that asks for support without a question mark, as a feature
# request's title is written: "[Feature]: support Atlas 300I DUO" (vllm-project/vllm-ascend#284),
# "Support for AMD GPUs". s19-mend-words: the machine follows "support", "support for" or
# "support on" directly (`_titled`): "[Feature]: support lora for minimax m2.1" (vllm-project/
# vllm#32736) asks for a feature of a model, not for a machine.
_SUPPORT_TITLE: Final = re.compile(
    r"^# (?:\[[^\]\n]{1,30}\][\s:]{0,3})?(?:add |adding )?support(?:ing)? "
    r"(?:(?:for|on) )?(?:the )?",
    re.I,
)
# s20-template: a Chinese request's title, "增加AMD GPU ROCm支持" (add AMD GPU ROCm support,
# thu-pacman/chitu#37): the verb ("增加", "添加", "新增": add), the machine, "支持" last.
_REQUEST_ZH: Final = re.compile(r"(?:请)?(?:增加|添加|新增)(?:对)?")
_SUPPORT_ZH: Final = "支持"
# s19-mend-words: a title that reports a failure is no question of support, whatever its words
# ("Support for Windows broken after upgrading …"): a tracker's "[Bug]" tag, or its words.
_REPORTS_FAILURE: Final = re.compile(
    r"^# \[bug\]|(?<![A-Za-z])(?:broken|errors?|fails|failed)(?![A-Za-z])", re.I
)
# issue 38 (s20-mendB): a title that withdraws support states what the project will do, and asks
# nothing: "Drop Windows support" (isbg/isbg#51, a maintainer's announcement), "Remove MPS
# support", "Removed macOS support", "Deprecate MPS support"; the verb first (after a tag, as
# `_WHETHER` reads one), or in Chinese the verb before "支持" in one clause ("去掉Windows支持":
# remove Windows support; 移除, 删除, 去掉, 废弃).
_WITHDRAWS: Final = re.compile(
    r"^[#>*\-\d.) ]{0,8}(?:\[[^\]\n]{1,30}\][\s:]{0,3})?"
    r"(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|deprecat(?:e|es|ed|ing)|delet(?:e|es|ed|ing))"
    r"(?![A-Za-z])",
    re.I,
)
_WITHDRAWS_ZH: Final = re.compile(r"(?:移除|删除|去掉|废弃)[^，,。；;]{0,30}支持")
# s19-mend-words: Apple's words beside a bare "M1"…"M5" (within `_MAC_NEAR` characters) that
# make it Apple's chip: "MacBook Air M2", "M1 Mac", "iMac M3", "Apple's M2", "M1 chip", "苹果M1";
# or the machine a thing runs on, "on" right before it ("Can it run on M1？",
# Comfy-Org/ComfyUI#135), as a model's name never is.
_MAC_WORDS: Final = re.compile(r"(?<![A-Za-z])(?:apple|mac|imac|chip)|苹果", re.I)
_MAC_NEAR: Final = 20
_ON_CHIP: Final = re.compile(r"(?<![A-Za-z])on (?:an? |my |the )?$", re.I)
# A library a support title names before its machine: "Support TEI on AMD GPUs".
_LIBRARY_ON: Final = re.compile(r" (?:on|for) (?:the )?", re.I)
# Where a sentence ends (a full stop only before a space: "2.3.2", "Python 3.10" go on; a
# question mark only before a space or the line's end, not a URL's query: "….php?device=cpu").
_ENDS: Final = "!;。！；"
_ASKS: Final = "?？"
_ASKED_ZH: Final = ("吗", "是否", "能否", "可否")
# The longest "X on Y?" title counted as a question of support (longer ones say more than that).
_ALONE_CHARS: Final = 60

_CPU: Final = registry.key_of_build(registry.Build.CPU)
# What each group of _MACHINE is: a registry row's key (found by what the row is) or a system.
_HARDWARE: Final = {
    "processor": _CPU,
    "apple_gpu": registry.key_of_build(registry.Build.MPS),
    "amd": registry.key_of_build(registry.Build.ROCM),
    "intel_gpu": registry.key_of_build(registry.Build.XPU),
    "nvidia": registry.key_of_build(registry.Build.CUDA),
    "ascend": registry.key_of_tool("npu-smi"),
    "ascend_zh": registry.key_of_tool("npu-smi"),
    "gaudi": registry.key_of_tool("hl-smi"),
    "google_tpu": registry.key_of_tool("tpu-info"),
    "aws": registry.key_of_tool("neuron-ls"),
}
# issue 38 (s21-names): the groups of _MACHINE that name an accelerator no registry row is
# (another vendor's chip called a TPU): asked about in the question's own words.
_UNLISTED: Final = frozenset({"other_tpu"})
_SYSTEMS: Final = {
    "mac": support.MACOS,
    "mac_chip": support.MACOS,
    "mac_zh": support.MACOS,
    "windows": support.WINDOWS,
    "linux": support.LINUX,
}
# s20-template: the name a question that names no library and points at none is asked with: its
# facts carry no library (`name` None), so the paste is read for the machine it names and no row
# of compat/support.py answers it.
UNNAMED: Final = ""
# The shortest question read: a name of two letters, a space, a machine of three and its mark.
SHORTEST: Final = 6


def _sentences(text: str) -> Iterator[tuple[int, int]]:
    """The questions of a line: (start, end) of each sentence that asks."""
    start = 0
    for at, char in enumerate(text):
        if char in _ASKS and (char == "？" or text[at + 1 : at + 2] in ("", " ", "*", "`", ")")):
            yield start, at + 1
            start = at + 1
        elif char in _ENDS or (char == "." and text[at + 1 : at + 2] in ("", " ")):
            sentence = text[start:at]
            if any(word in sentence for word in _ASKED_ZH):
                yield start, at
            start = at + 1
    if start < len(text) and any(word in text[start:] for word in _ASKED_ZH):
        yield start, len(text)


def _last_sentence(text: str) -> str:
    """The last sentence of `text` (all of it where none ends before its end)."""
    words = text.rstrip()
    start = 0
    for end in _SENTENCE_END.finditer(words):
        if end.end() < len(words):
            start = end.end()
    return words[start:]


def _antecedent(words: str) -> tuple[bool, str | None]:
    """issue 38 (s17-mend-tracker): what "it" or "this" may point back at in `words` (the
    sentence before the question and the question's words before it): the last library of the
    table named there (its row's name), else whether another thing is named there."""
    rows = [row for m in LIBRARY.finditer(words) if (row := library_row(m[1])) is not None]
    if rows:
        return False, rows[-1].name
    machines = [m.span() for m in _MACHINE.finditer(words)]  # "Nvidia", "Intel Arc", "MacBook"
    named = any(
        m[0].lower() not in _NOT_NAMED
        and not m[0].isupper()  # "RTX", "GPU", "CUDA": an acronym, not a thing's name
        and not any(c.isdigit() for c in m[0])  # "MI100", "A100", "M2": hardware by its model
        and not any(start <= m.start() < end for start, end in machines)
        for m in _NAMED.finditer(words)
    )
    return named, None


def _pointed_at(sentence: str, earlier: str) -> str | None:
    """issue 38 (s17-mend-tracker): whom a question that names no library points at: the
    tracker's library ("you", "your project", "it", "this", "this project"), a library the
    sentence before names ("I installed vLLM. Does it work on Windows?"), or nothing: "this"
    before another noun ("this model"), or "it"/"this" after another named thing ("I use Ollama
    on my Mac and it works great. Does it work on Windows too?")."""
    for pointer in _POINTS_AT_TRACKER.finditer(sentence):
        if pointer["you"] or pointer["zh"]:
            return TRACKER_LIBRARY
        if pointer["this"]:
            word = _NEXT_WORD.match(sentence, pointer.end())
            if word is not None and word[1].lower() not in _AFTER_THIS:
                continue  # "this model": the model, not the project
        named, library = _antecedent(f"{earlier} {sentence[: pointer.start()]}")
        if library is not None:
            return library
        return None if named else TRACKER_LIBRARY
    return None


def _ends_in_support(sentence: str) -> bool:
    """s19-asked: a short sentence whose last word, before its question mark, is "support(ed)"
    ("is cpu only support?"); s19-mend-words: with the machine right before the word ("Mac
    support?"; "Minimax M2.1 support?" asks about a model), and not reporting a failure."""
    words = sentence.rstrip(" ?？*`")
    lowered = words.lower()
    word = next((w for w in _SUPPORT_WORDS[::-1] if lowered.endswith(w)), None)
    if len(words) > _SUPPORT_ASKED_CHARS or word is None or _REPORTS_FAILURE.search(words):
        return False
    if _withdraws(words):  # s20-mendB: "Drop Windows support" announces, asks nothing
        return False
    before = words[: -len(word)].rstrip()
    return any(m.end() == len(before) for m in _machines(before))


def _withdraws(words: str) -> bool:
    """s20-mendB: whether a title withdraws support rather than asks for it (`_WITHDRAWS`)."""
    return bool(_WITHDRAWS.match(words.lstrip()) or _WITHDRAWS_ZH.search(words))


def _machines(sentence: str) -> list[re.Match[str]]:
    """The machines a sentence names (`_MACHINE`); s19-mend-words: a bare "M1"…"M5" only
    beside Apple's words (`_MAC_WORDS`) or after "on" (`_ON_CHIP`), else it is a model's name
    ("MiniMax M2.1")."""
    return [
        m
        for m in _MACHINE.finditer(sentence)
        if m.lastgroup != "mac_chip"
        or _MAC_WORDS.search(sentence[max(0, m.start() - _MAC_NEAR) : m.end() + _MAC_NEAR])
        or _ON_CHIP.search(sentence[max(0, m.start() - _MAC_NEAR) : m.start()])
    ]


def machines_named(text: str) -> tuple[str, ...]:
    """issue 38 (s21-words): the machines a line names (`_machines`), each as a registry
    backend key (`_HARDWARE`) or a compat/support.py system (`_SYSTEMS`), in the line's order;
    "no GPU", "CPU-only" and their kind name the CPU."""
    named = (
        _HARDWARE.get(m.lastgroup or "") or _SYSTEMS.get(m.lastgroup or "") for m in _machines(text)
    )
    return tuple(dict.fromkeys(key for key in named if key))


def _of_project(sentence: str) -> bool:
    """s19-asked: a question with no subject in the forms a request asks of the project: "Is
    there a plan to support …", "… support?" (see `_PLANS`)."""
    return _PLANS.search(sentence) is not None or _ends_in_support(sentence)


def library_row(name: str) -> support.Supported | None:
    """The row of compat/support.py a name `LIBRARY` found is (any spelling of it)."""
    return _BY_NAME.get(_SEPARATOR.sub("", name.lower()))


def libraries_named(text: str) -> list[support.Supported]:
    """issue 38 (s16-arch): the compat/support.py libraries a line names: in words (a name,
    distribution, import package or alias between word boundaries, as a question names
    them), or as a directory of a path on the line that is a library's import package
    ("…/__w/xformers/xformers/third_party/…", "…\\bitsandbytes\\csrc\\ops.cu")."""
    rows = [row for match in LIBRARY.finditer(text) if (row := library_row(match[1])) is not None]
    for separator in ("/", "\\"):
        parts = text.split(separator)
        # a directory: a part with a separator on each side
        rows.extend(row for part in parts[1:-1] if (row := support.of_module(part)) is not None)
    return list(dict.fromkeys(rows))


class Asked(LineReader):
    """A question whether a library of compat/support.py runs on a machine."""

    shortest: ClassVar[int] = SHORTEST

    def __init__(self) -> None:
        # s17-mend-tracker: the last sentence of the previous line with words (outside code):
        # where "it" in a question may point back to
        self._previous = ""
        # s19-asked: the first line with words is the title where it is "# …" (the
        # reply workflow writes it there); the library it names is a body's question's subject
        self._first = True
        self._title: str | None = None

    def read(self, line: Line, in_block: bool) -> Iterator[Said]:
        text = line.text
        earlier = self._previous
        title = False
        if text.strip() and not line.code:
            self._previous = _last_sentence(text)
            title, self._first = self._first and text.startswith("# "), False
            if title:
                rows = libraries_named(text)
                self._title = rows[0].name if rows else None
        support_title = _SUPPORT_TITLE.match(text) if title else None
        if (
            support_title is not None
            and not any(mark in text for mark in _ASKS)
            and _REPORTS_FAILURE.search(text) is None
        ):
            yield from self._titled(line, support_title.end())
            return
        if title and self._requested(text[2:]):
            # s20-template: a request's title that is a machine and "support", no question mark
            yield from self._question(line, text[2:], self._title or TRACKER_LIBRARY, -1, True)
            return
        if len(text) < self.shortest or not (
            any(mark in text for mark in _ASKS) or any(word in text for word in _ASKED_ZH)
        ):
            return
        # the line's library names, found once (a line of many question marks costs one scan,
        # not one per question): each question's own first, else, where it points back at one
        # ("it", "this"), the last named before it
        names: list[re.Match[str]] | None = None
        starts: list[int] = []
        ends: list[int] = []
        for start, end in _sentences(text):
            sentence = text[start:end]
            if names is None:
                names = list(LIBRARY.finditer(text))
                starts, ends = [m.start() for m in names], [m.end() for m in names]
            at = bisect.bisect_left(starts, start)
            if at < len(names) and ends[at] <= end:
                row, library_end = library_row(names[at][1]), ends[at] - start
                name = row.name if row is not None else None
            elif at and _POINTS_BACK.search(sentence):
                row, library_end = library_row(names[at - 1][1]), -1
                name = row.name if row is not None else None
            elif not at and _NO_SUBJECT_ZH.match(sentence.strip()):
                # s17-tracker: a Chinese question without a subject: the tracker's library
                name, library_end = TRACKER_LIBRARY, -1
            elif not at and (
                pointed := _pointed_at(
                    sentence, _last_sentence(text[:start]) if text[:start].strip() else earlier
                )
            ):
                # s17-tracker: no library named on the line: the tracker's, where it is known
                # (s17-mend-tracker: or the library the sentence before names)
                name, library_end = pointed, -1
            elif not at and _of_project(sentence):
                # s19-asked: a request of the project with no subject: the title's library,
                # else the tracker's
                name, library_end = self._title or TRACKER_LIBRARY, -1
            elif not at and _machines(sentence):
                # s20-template: a question of a machine that names no library and points at
                # none ("多卡训练支持Windows吗": does multi-card training support Windows?): what
                # it names is read, asked of no library
                name, library_end = UNNAMED, -1
            else:
                continue
            yield from self._question(line, sentence, name, library_end)

    @staticmethod
    def _requested(words: str) -> bool:
        """s20-template: a title that requests support for a machine without asking: the machine
        and "support" ("ROCm Support", deepseek-ai/DeepSeek-VL#14; "AMD GPU Support",
        huggingface/gpu-fryer#14), or Chinese "增加…支持" (add … support: "增加AMD GPU ROCm支持",
        thu-pacman/chitu#37), the machine right after the verb. A title reporting a failure asks
        nothing (`_REPORTS_FAILURE`), nor one withdrawing support ("Drop Windows support",
        isbg/isbg#51; `_withdraws`)."""
        if any(mark in words for mark in _ASKS) or _REPORTS_FAILURE.search(words):
            return False
        if _withdraws(words):  # s20-mendB: "Drop Windows support", "去掉Windows支持"
            return False
        if _ends_in_support(words):
            return True
        verb = _REQUEST_ZH.match(words)
        return (
            verb is not None
            and words.rstrip().endswith(_SUPPORT_ZH)
            and any(m.start() == 0 for m in _machines(words[verb.end() :]))
        )

    def _titled(self, line: Line, after_support: int) -> Iterator[Said]:
        """s19-asked: a title asking for support without a question mark ("[Feature]: support
        Atlas 300I DUO", "Support TEI on AMD GPUs"): its library, else the tracker's.
        s19-mend-words: the machine comes first after "support (for|on)", or after a library
        named there and "on"/"for" ("Support TEI on AMD GPUs"); anything else is supported
        there ("support lora for minimax m2.1": LoRA, for a model)."""
        text = line.text
        at = after_support
        named = LIBRARY.match(text, at)
        if named is not None:
            on = _LIBRARY_ON.match(text, named.end())
            at = on.end() if on is not None else at
        if not any(m.start() == 0 for m in _machines(text[at:])):
            return
        sentence = text[2:]
        named = LIBRARY.search(sentence)
        row = library_row(named[1]) if named is not None else None
        name = row.name if row is not None else TRACKER_LIBRARY
        yield from self._question(line, sentence, name, -1, asked=True)

    def _question(
        self, line: Line, sentence: str, name: str | None, library_end: int, asked: bool = False
    ) -> Iterator[Said]:
        if name is None:
            return
        library = name or None  # `UNNAMED`: asked of no library
        machines = _machines(sentence)
        alone = (
            machines
            and library_end >= 0
            and len(sentence) <= _ALONE_CHARS
            and _ALONE.match(sentence[library_end : machines[0].start()])
        )
        whether = (
            asked
            or _WHETHER.match(sentence)
            # s19-asked: a short title that is a machine and "support?" ("Mac support?")
            or _ends_in_support(sentence)
            or any(w in sentence for w in _WHETHER_ZH)
            or (sentence.endswith("？") and _CJK.search(sentence) is not None)
        )
        asks = _SUPPORTS if not machines else _RUNS  # no machine: the paste's, if supported
        if _FIX.search(sentence) or not (alone or (whether and asks.search(sentence))):
            return
        yield line.says(FactKey.PROSE_SUPPORT_ASKED, sentence.strip()[:200], name=library)
        hardware = next(
            (m for m in machines if m.lastgroup in _HARDWARE or m.lastgroup in _UNLISTED), None
        )
        system = next((m for m in machines if m.lastgroup in _SYSTEMS), None)
        if hardware is not None and hardware.lastgroup in _UNLISTED:
            # s21-names: "the Coral Edge TPU", "BM1684 TPU": the first accelerator the question
            # names is no registry row's ("or is it only cloud TPUs?" asks after it)
            yield line.says(FactKey.PROSE_ASKED_UNLISTED, hardware[0], name=library)
        elif hardware is not None and hardware.lastgroup is not None:
            key = _HARDWARE[hardware.lastgroup]
            yield line.says(FactKey.PROSE_ASKED_HARDWARE, key, name=library)
        if system is not None and system.lastgroup is not None:
            yield line.says(FactKey.PROSE_ASKED_SYSTEM, _SYSTEMS[system.lastgroup], name=library)


READER: Final = Asked
