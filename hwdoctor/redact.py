"""Secrets never leave hwdoctor: they are masked field by field, before anything renders.

The evidence keeps only the environment variables that steer devices, and masks the value
of every variable whose name says TOKEN, KEY, SECRET, PASSWORD, PASSWD, CREDENTIAL or AUTH
(`relevant_environment`). Every other string is scrubbed (`scrub`, `Redactor`) of
credentials inside URLs, anything shaped like a Hugging Face token, the saved Hugging Face
token, and the values of secret-named variables that look like secrets (long, no spaces,
not a path): a secret whose value is `true`, `cuda` or a path cannot blank those words
from a report. Shareable reports (markdown) also mask GPU UUIDs and the hostname, unless
the user says --no-redact.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from hwdoctor.files import read_small

MASK: Final = "***"
_SECRET_NAME: Final = re.compile(r"TOKEN|KEY|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH", re.I)
# A scheme (RFC 3986 §3.1: a letter, then letters, digits, "+", "-", ".") starts where no
# scheme character precedes it and is at most 32 long, so a long run of letters (a base64
# blob in an output tail, a device name from a file) is tried once, not from every position:
# unbounded, the pattern took 10 s on 100,000 letters.
_URL_CREDENTIALS: Final = re.compile(
    r"(?<![A-Za-z0-9+.-])(?P<scheme>[A-Za-z][A-Za-z0-9+.-]{0,31}://)[^\s/@:]+:[^\s/@]*@"
)
_HF_TOKEN: Final = re.compile(r"\bhf_[A-Za-z0-9]{10,}\b")
# The well-known token formats, each by its issuer's documented prefix, so that one pasted
# in a report is masked wherever it stands, without a name beside it: GitHub's
# (ghp_ gho_ ghu_ ghs_ ghr_, github_pat_), AWS access key ids (AKIA…, ASIA…), OpenAI's
# (sk-…, sk-proj-…), Slack's (xoxb- xoxp- xoxa- xoxr- xoxs-, xapp-), Hugging Face's
# organisation tokens (api_org_…); a Hugging Face user token is `_HF_TOKEN`.
_TOKENS: Final = re.compile(
    r"(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{30,255}"
    r"|(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}|sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}"
    r"|xox[abprs]-[A-Za-z0-9-]{10,200}|xapp-[A-Za-z0-9-]{10,200}|api_org_[A-Za-z0-9]{10,200})"
    r"(?![\w-])"
)
# `NAME=value`, `NAME: value`, `"NAME": "value"`, `export NAME=value`: the value of a
# secret-named variable or key (`*_KEY`, `*_SECRET`, `*TOKEN*`, `*PASSWORD*`; a Weights &
# Biases or AWS secret key has no prefix of its own) as a paste shows it. Names are bounded
# and values start after a bounded gap, so a long line is read once.
_ASSIGNMENT: Final = re.compile(
    r"(?<![\w.-])([A-Za-z_][\w.-]{0,80})([\"']?[ \t]{0,3}[=:][ \t]{0,3}[\"']?)([^\s\"',;]{4,})"
)
_GPU_UUID: Final = (
    r"\b(?:GPU|MIG)-[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}\b"
    r"|\b[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}\b"
)  # compiled on use: only shareable reports need it
# A secret-named variable's value is also masked inside other text only when it looks like
# a secret: long enough not to be an ordinary word ("true", "cuda"), no spaces, not a path.
_MIN_SECRET: Final = 8

# A saved token is a line of a few dozen characters; anything much larger is not one.
_MAX_TOKEN_FILE: Final = 4096

# Environment variables worth showing in a report: the ones that change which device is
# used and how. Secrets among them are masked like everywhere else. A job's scheduler and
# launcher variables are not among these prefixes: they are `_JOB_VARIABLES`, by name.
_RELEVANT: Final = (
    r"^(CUDA_|HIP_|ROCR_|ASCEND_|NEURON_|ZE_|HABANA_|HLS_|MLU_|CAMBRICON_|MUSA_|MTHREADS_|"
    r"SDAA_|TPU_|PJRT_|XLA_|TORCH_|PYTORCH_|ACCELERATE_|USE_TORCH_XLA$|HF_|HUGGING_FACE_|"
    r"TRANSFORMERS_|NCCL_|NVIDIA_|AMD_|LOCAL_RANK$|RANK$|WORLD_SIZE$|LOCAL_WORLD_SIZE$|"
    r"MASTER_ADDR$|MASTER_PORT$|OMP_NUM_THREADS$|"
    r"HTTPS?_PROXY$|https?_proxy$|NO_PROXY$|no_proxy$)"
)  # compiled on use (re caches it)

# --- a job's variables: identifiers only, each by name and grammar ----------------------------
#
# A scheduler hands a job's own words to whatever runs for it, a root Prolog included: the
# comment, the job name and the account are "arbitrary" strings the submitter chooses
# (sbatch(1), Slurm 22.05.8: "--comment=<string> An arbitrary comment", "-J, --job-name ...
# Specify a name for the job allocation", "The account is an arbitrary string";
# https://manpages.ubuntu.com/manpages/lunar/man1/sbatch.1.html), and so are the working
# directory and the output paths (SLURM_JOB_WORK_DIR, SLURM_SUBMIT_DIR, SLURM_JOB_STDOUT …;
# a path may hold any byte but "/" and NUL). Slurm passes them to a Prolog as SLURM_JOB_COMMENT,
# SLURM_JOB_CONSTRAINTS, SLURM_JOB_WORK_DIR, SLURM_JOB_STDOUT (Prolog and Epilog Guide,
# https://slurm.schedmd.com/prolog_epilog.html). Evidence keeps no such text: a job's
# variables enter only by name, those that identify the job, its place and its share of the
# node, and only when the value fits its grammar (a number, a list of numbers, a host list).
# PBS and LSF variables (PBS_*, LSB_*) were never kept and are not now.
_NUMBER: Final = re.compile(r"[0-9]{1,20}")
_NUMBERS: Final = re.compile(r"[0-9]{1,20}(?:,[0-9]{1,20}){0,4095}")  # GPU ids, task ids
# Slurm's host lists: `gpu[001-004,007],login1` (letters, digits, `.`, `_`, `-`, brackets).
_HOSTLIST: Final = re.compile(r"^[A-Za-z0-9._\[\],-]{1,65536}$")
# SLURM_TASKS_PER_NODE and SLURM_JOB_CPUS_PER_NODE: `2(x3),1` (sbatch(1)).
_PER_NODE: Final = re.compile(
    r"[0-9]{1,10}(?:\(x[0-9]{1,10}\))?(?:,[0-9]{1,10}(?:\(x[0-9]{1,10}\))?){0,4095}"
)
_ADDRESS: Final = re.compile(r"[0-9A-Fa-f.:]{2,45}")  # an IPv4 or IPv6 address
_IDENTIFIER: Final = re.compile(r"[A-Za-z0-9._-]{1,128}")  # torchrun's --rdzv-id
_TRUE_FALSE: Final = re.compile(r"True|False")
_JOB_VARIABLES: Final[Mapping[str, re.Pattern[str]]] = {
    # Slurm (sbatch(1) and srun(1), "OUTPUT ENVIRONMENT VARIABLES"; prolog_epilog.html)
    **dict.fromkeys(
        [
            "SLURM_JOB_ID",
            "SLURM_JOBID",
            "SLURM_ARRAY_JOB_ID",
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_COUNT",
            "SLURM_ARRAY_TASK_MIN",
            "SLURM_ARRAY_TASK_MAX",
            "SLURM_ARRAY_TASK_STEP",
            "SLURM_STEP_ID",
            "SLURM_STEPID",
            "SLURM_PROCID",
            "SLURM_LOCALID",
            "SLURM_NODEID",
            "SLURM_NTASKS",
            "SLURM_NPROCS",
            "SLURM_NTASKS_PER_NODE",
            "SLURM_NNODES",
            "SLURM_JOB_NUM_NODES",
            "SLURM_STEP_NUM_NODES",
            "SLURM_STEP_NUM_TASKS",
            "SLURM_CPUS_ON_NODE",
            "SLURM_CPUS_PER_TASK",
            "SLURM_GPUS_ON_NODE",
            "SLURM_TASK_PID",
            "SLURM_RESTART_COUNT",
            "SLURM_JOB_RESTART_COUNT",
            "SLURM_SRUN_COMM_PORT",
            "SLURM_STEP_LAUNCHER_PORT",
        ],
        _NUMBER,
    ),
    **dict.fromkeys(("SLURM_JOB_GPUS", "SLURM_STEP_GPUS", "SLURM_GTIDS"), _NUMBERS),
    **dict.fromkeys(("SLURM_JOB_NODELIST", "SLURM_NODELIST", "SLURM_STEP_NODELIST"), _HOSTLIST),
    **dict.fromkeys(
        ("SLURM_TASKS_PER_NODE", "SLURM_STEP_TASKS_PER_NODE", "SLURM_JOB_CPUS_PER_NODE"),
        _PER_NODE,
    ),
    "SLURM_LAUNCH_NODE_IPADDR": _ADDRESS,
    # Open MPI (mpirun(1)), MPICH and Intel MPI (PMI), MVAPICH: places in the job
    **dict.fromkeys(
        [
            "OMPI_COMM_WORLD_RANK",
            "OMPI_COMM_WORLD_SIZE",
            "OMPI_COMM_WORLD_LOCAL_RANK",
            "OMPI_COMM_WORLD_LOCAL_SIZE",
            "OMPI_COMM_WORLD_NODE_RANK",
            "PMI_RANK",
            "PMI_SIZE",
            "PMI_LOCAL_RANK",
            "PMI_LOCAL_SIZE",
            "MPI_LOCALRANKID",
            "MPI_LOCALNRANKS",
            "MV2_COMM_WORLD_RANK",
            "MV2_COMM_WORLD_SIZE",
            "MV2_COMM_WORLD_LOCAL_RANK",
            "MV2_COMM_WORLD_LOCAL_SIZE",
            "TORCHELASTIC_RESTART_COUNT",
            "TORCHELASTIC_MAX_RESTARTS",
        ],
        _NUMBER,
    ),
    # torchrun (torch.distributed.elastic's agent sets these for every worker)
    "TORCHELASTIC_RUN_ID": _IDENTIFIER,
    "TORCHELASTIC_USE_AGENT_STORE": _TRUE_FALSE,
}


def is_secret_name(name: str) -> bool:
    return bool(_SECRET_NAME.search(name))


@dataclass(frozen=True)
class Redactor:
    secrets: tuple[str, ...]  # literal values to mask, longest first
    shareable: bool = False  # also mask GPU UUIDs and the hostname
    hostname: str = ""

    @classmethod
    def from_environment(
        cls, env: Mapping[str, str] | None = None, *, shareable: bool = False
    ) -> Redactor:
        env = os.environ if env is None else env
        found = {value for name, value in env.items() if is_secret_name(name)}
        found.update(_saved_tokens(env))
        for value in env.values():
            if "://" in value:
                found.update(match.group(0) for match in _URL_CREDENTIALS.finditer(value))
        secrets = tuple(sorted((s for s in found if _looks_secret(s)), key=len, reverse=True))
        return cls(secrets, shareable, _hostname() if shareable else "")

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            if "://" in secret and secret.endswith("@"):  # a URL's user:password@
                scheme = secret.split("://", 1)[0] + "://"
                text = text.replace(secret, f"{scheme}{MASK}@")
            else:
                text = text.replace(secret, MASK)
        if "://" in text:
            text = _URL_CREDENTIALS.sub(lambda m: f"{m.group('scheme')}{MASK}@", text)
        text = _HF_TOKEN.sub(MASK, text)
        text = _TOKENS.sub(MASK, text)
        if "=" in text or ":" in text:
            text = _ASSIGNMENT.sub(_masked_assignment, text)
        if self.shareable:
            text = re.sub(_GPU_UUID, "<uuid>", text)
            if len(self.hostname) >= 2:
                text = re.sub(rf"\b{re.escape(self.hostname)}\b", "<hostname>", text)
        return text


def _masked_assignment(match: re.Match[str]) -> str:
    """An assignment with its value masked when the name says secret and the value looks
    like one (not `true`, not a path: HF_TOKEN_PATH=/home/me/token stays)."""
    name, between, value = match.groups()
    if not is_secret_assignment(name):
        return match.group(0)
    if len(value) < _MIN_SECRET or value.startswith(("/", "~", ".", "$", "<", "*")):
        return match.group(0)
    return f"{name}{between}{MASK}"


# A name that says its value is a secret: *_KEY (AWS_SECRET_ACCESS_KEY, WANDB_API_KEY,
# OPENAI_API_KEY), *SECRET*, *TOKEN* (GH_TOKEN, HF_TOKEN), *PASSWORD*/*PASSWD*, *CREDENTIAL*.
# A word that only holds the letters (TOKENIZERS_PARALLELISM, a key "keyboard") does not.
_SECRET_ASSIGNMENT: Final = re.compile(
    r"(?:^|[_.-])(?:TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|API_?KEY|ACCESS_?KEY|"
    r"PRIVATE_?KEY|AUTH)(?:$|[_.-])|_KEY$|^(?:TOKEN|SECRET|PASSWORD|APIKEY)$",
    re.I,
)


def is_secret_assignment(name: str) -> bool:
    return _SECRET_ASSIGNMENT.search(name) is not None


def _looks_secret(value: str) -> bool:
    if "://" in value and value.endswith("@"):
        return True  # a URL's user:password@
    value = value.strip()
    return len(value) >= _MIN_SECRET and not any(c.isspace() for c in value) and "/" not in value


def scrub(value: Any, redactor: Redactor) -> Any:
    """`value` (JSON-like) with every string passed through `redactor`, keys included."""
    if isinstance(value, str):
        return redactor(value)
    if isinstance(value, dict):
        return {scrub(key, redactor): scrub(item, redactor) for key, item in value.items()}
    if isinstance(value, list):
        return [scrub(item, redactor) for item in value]
    return value


def _hostname() -> str:
    import platform

    return platform.node()


def _saved_tokens(env: Mapping[str, str]) -> Iterable[str]:
    """The token `hf auth login` saved, wherever huggingface_hub would look for it."""
    home = Path(env.get("HF_HOME") or Path(env.get("XDG_CACHE_HOME") or "~/.cache") / "huggingface")
    candidates = [env.get("HF_TOKEN_PATH"), str(home.expanduser() / "token")]
    for candidate in candidates:
        if not candidate:
            continue
        # A FIFO named `token` would hang even `hwdoctor list`, HF_TOKEN_PATH=/dev/zero
        # would fill memory: only a small regular file can be a saved token.
        text = read_small(os.path.expanduser(candidate), _MAX_TOKEN_FILE)
        token = text.strip() if text else ""
        if token:
            yield token


def relevant_environment(
    env: Mapping[str, str] | None = None, extra: Iterable[str] = ()
) -> dict[str, str]:
    """The variables that change device choice and loading (`extra`: more names, such as
    the registry's visibility variables), secrets already masked; and of a job's
    variables, those that identify it and its place, where the value fits its grammar
    (`_JOB_VARIABLES`): never the submitter's free text."""
    env = os.environ if env is None else env
    wanted = set(extra)
    return {
        name: (MASK if is_secret_name(name) else value)
        for name, value in sorted(env.items())
        if name in wanted or re.match(_RELEVANT, name) or _is_job_identifier(name, value)
    }


def _is_job_identifier(name: str, value: str) -> bool:
    grammar = _JOB_VARIABLES.get(name)
    return grammar is not None and grammar.fullmatch(value) is not None
