"""deploy/: the Kubernetes preflight as the kubelet counts it and as two validators read it
(the Slurm files are tested through a real slurmd in tests/test_slurm.py).

The kubelet's accounting, from https://kubernetes.io/docs/concepts/resource-management/
effective-pod-requests-limits/ ("Calculating effective requests and limits"): per resource,
the effective init request is the highest of each init container's request plus the
requests of the sidecar containers (init containers with `restartPolicy: Always`) listed
before it; the request after initialization is the sum of the app containers' and every
sidecar's; the Pod's effective request is the larger of the two, and "the node keeps the
effective request reserved for the Pod, even after initialization finishes" (also the
"Resource sharing within containers" section of
https://kubernetes.io/docs/concepts/workloads/pods/init-containers/, and
https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/). A pod that has ended
(Succeeded or Failed) reserves nothing: kube-scheduler watches only the others
(newPodInformer in kubernetes/pkg/scheduler/scheduler.go, field selector
`status.phase!=Succeeded,status.phase!=Failed`).

kubernetes-validate checks every manifest against the API schema of a pinned Kubernetes
release, and checkov against its hardening rules, with the checks skipped below each for its
reason; both come from the venv `make validators` builds (constraints/validators.txt).
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

import pytest
import yaml

from hwdoctor import files
from tests.actions import validator, validator_env
from tests.conftest import ROOT

DEPLOY: Final = ROOT / "deploy"
KUBERNETES: Final = DEPLOY / "kubernetes"
SCRIPT: Final = KUBERNETES / "preflight-jobs.py"
DATA: Final = ROOT / "tests" / "data" / "kubernetes"
GPU: Final = "nvidia.com/gpu"
# The placeholder job.yaml ships; an operator's own digest replaces it.
IMAGE: Final = "registry.example.com/ml/torch-stack@sha256:" + "0" * 64
# The oldest Kubernetes minor release still supported when this was written (1.35, 1.36 and
# 1.37 are): the manifests use nothing newer than 1.23 (ttlSecondsAfterFinished GA).
KUBERNETES_VERSION: Final = "1.35.0"
# checkov checks skipped, each with why it does not apply to these manifests.
CHECKOV_SKIPPED: Final = {
    "CKV_K8S_21": "the default namespace: the manifests name none on purpose, so that "
    "`kubectl -n NAMESPACE create -f` puts them where the operator chooses",
}

# --- the kubelet's accounting -------------------------------------------------------------

_SUFFIXES: Final = {
    "m": Fraction(1, 1000),
    "": Fraction(1),
    "k": Fraction(10**3),
    "M": Fraction(10**6),
    "G": Fraction(10**9),
    "T": Fraction(10**12),
    "P": Fraction(10**15),
    "E": Fraction(10**18),
    "Ki": Fraction(2**10),
    "Mi": Fraction(2**20),
    "Gi": Fraction(2**30),
    "Ti": Fraction(2**40),
    "Pi": Fraction(2**50),
    "Ei": Fraction(2**60),
}


def quantity(value: object) -> Fraction:
    """A Kubernetes resource quantity ("8", 8, "500m", "2Gi") as an exact number."""
    text = str(value)
    for suffix in sorted(_SUFFIXES, key=len, reverse=True):
        if suffix and text.endswith(suffix):
            return Fraction(text[: -len(suffix)]) * _SUFFIXES[suffix]
    return Fraction(text)


def requests(container: Mapping[str, Any]) -> dict[str, Fraction]:
    """A container's requests as the API server stores them: a limit without a request is
    also the request (extended resources such as nvidia.com/gpu may only set limits)."""
    resources = container.get("resources") or {}
    merged = {**(resources.get("limits") or {}), **(resources.get("requests") or {})}
    return {name: quantity(value) for name, value in merged.items()}


def _total(parts: Iterable[Mapping[str, Fraction]]) -> dict[str, Fraction]:
    total: dict[str, Fraction] = {}
    for part in parts:
        for name, value in part.items():
            total[name] = total.get(name, Fraction(0)) + value
    return total


def _highest(*parts: Mapping[str, Fraction]) -> dict[str, Fraction]:
    highest: dict[str, Fraction] = {}
    for part in parts:
        for name, value in part.items():
            highest[name] = max(highest.get(name, Fraction(0)), value)
    return highest


def sidecars(pod: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [c for c in pod.get("initContainers", ()) if c.get("restartPolicy") == "Always"]


def effective_init(pod: Mapping[str, Any]) -> dict[str, Fraction]:
    """The highest amount needed at any point during initialization."""
    started: list[Mapping[str, Fraction]] = []  # sidecars listed so far
    phases = []
    for container in pod.get("initContainers", ()):
        phases.append(_total([requests(container), *started]))
        if container.get("restartPolicy") == "Always":
            started.append(requests(container))
    return _highest(*phases)


def after_init(pod: Mapping[str, Any]) -> dict[str, Fraction]:
    """What the pod's long-running part asks for: every app container and every sidecar."""
    return _total(requests(c) for c in [*pod["containers"], *sidecars(pod)])


def effective(pod: Mapping[str, Any]) -> dict[str, Fraction]:
    """The Pod's effective request: what the node keeps reserved while the pod exists."""
    return _highest(effective_init(pod), after_init(pod))


def ends(pod: Mapping[str, Any], kind: str) -> bool:
    """Whether the pod ends on its own once its containers exit: a Job's pod with restart
    policy Never or OnFailure and no sidecar (a sidecar is stopped when the app containers
    end; it never keeps the pod); a DaemonSet's pods are restarted for ever (Always is the
    only restart policy a DaemonSet accepts)."""
    return kind == "Job" and pod.get("restartPolicy") in ("Never", "OnFailure")


def held_after_check(manifest: Mapping[str, Any]) -> dict[str, Fraction]:
    """What the node keeps reserved once the check is over: nothing for a pod that ends; the
    pod's whole effective request for one that lives on."""
    pod = manifest["spec"]["template"]["spec"]
    return {} if ends(pod, manifest["kind"]) else effective(pod)


def test_the_accounting_counts_sidecars_as_the_documentation_says() -> None:
    """The rule itself, on a pod with a sidecar between two init containers."""
    pod = {
        "initContainers": [
            {"name": "first", "resources": {"limits": {GPU: "2"}}},
            {
                "name": "proxy",
                "restartPolicy": "Always",
                "resources": {"requests": {"cpu": "500m"}},
            },
            {"name": "second", "resources": {"requests": {"cpu": "1"}, "limits": {GPU: "4"}}},
        ],
        "containers": [{"name": "app", "resources": {"requests": {"cpu": "250m"}}}],
    }
    # first alone: 2 GPUs; proxy: 0.5 CPU; second beside the started proxy: 1.5 CPU, 4 GPUs
    assert effective_init(pod) == {GPU: 4, "cpu": Fraction(3, 2)}
    assert after_init(pod) == {"cpu": Fraction(3, 4)}  # the app and the proxy
    assert effective(pod) == {GPU: 4, "cpu": Fraction(3, 2)}
    assert quantity("2Gi") == 2 * 2**30 and quantity("500m") == Fraction(1, 2)


def test_the_former_daemonset_held_every_gpu_for_the_life_of_its_pods() -> None:
    """What the review found, computed: the DaemonSet shipped before issue 39 asked for 8
    GPUs in an init container beside a pause container that never exits, so each node kept
    all 8 reserved, and a node with 7 never ran it at all."""
    (manifest,) = yaml.safe_load_all((DATA / "daemonset-before-issue-39.yaml").read_text())
    pod = manifest["spec"]["template"]["spec"]
    assert after_init(pod).get(GPU, 0) == 0  # the long-running part asks for none…
    assert effective(pod)[GPU] == 8  # …and the pod holds 8 all the same
    assert held_after_check(manifest)[GPU] == 8


# --- the shipped manifests and the script that makes them ---------------------------------


def documents(path: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d is not None]


def make_jobs(nodes: list[dict[str, Any]], *args: str) -> subprocess.CompletedProcess[str]:
    """deploy/kubernetes/preflight-jobs.py as the operator runs it, `kubectl get nodes -o
    json` (a List of the nodes) on its standard input."""
    listing = json.dumps({"apiVersion": "v1", "kind": "List", "items": nodes})
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        input=listing,
        capture_output=True,
        text=True,
        check=False,
    )


def node(name: str, gpus: str | None) -> dict[str, Any]:
    allocatable = {} if gpus is None else {GPU: gpus}
    return {"kind": "Node", "metadata": {"name": name}, "status": {"allocatable": allocatable}}


def recorded_nodes() -> dict[str, list[dict[str, Any]]]:
    """The recorded clusters of tests/data/kubernetes/README.md, as kubectl lists them."""
    status = yaml.safe_load((DATA / "podman-desktop-7778-node-status.yaml").read_text())
    (hostname,) = [a["address"] for a in status["status"]["addresses"] if a["type"] == "Hostname"]
    rows = (DATA / "kubernetes-94926-gpus-per-node.txt").read_text().splitlines()[1:]
    return {
        "podman-desktop-7778": [{"kind": "Node", "metadata": {"name": hostname}, **status}],
        "kubernetes-94926": [node(row.split()[0], row.split()[1]) for row in rows],
    }


def generated(nodes: list[dict[str, Any]], expect: int, *more: str) -> list[dict[str, Any]]:
    made = make_jobs(nodes, "--expect", str(expect), "--image", IMAGE, *more)
    assert made.returncode == 0, made.stderr
    listing = json.loads(made.stdout)
    assert listing["kind"] == "List"
    items: list[dict[str, Any]] = listing["items"]
    return items


def jobs(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [item for item in items if item["kind"] == "Job"]


def test_job_yaml_is_what_the_script_makes_for_one_node() -> None:
    shipped = documents(KUBERNETES / "job.yaml")
    assert shipped == generated([node("gpu-node-1", "8")], expect=8)
    assert sorted(p.name for p in KUBERNETES.iterdir()) == ["job.yaml", "preflight-jobs.py"]


# Every manifest: the shipped file, and what the script makes for each recorded cluster.
# node_exporter's textfile directory as its own documentation names it in its examples
# (prometheus/node_exporter README, "Textfile Collector").
TEXTFILE_DIR: Final = "/var/lib/node_exporter/textfile_collector"
MANIFESTS: Final = (
    "job.yaml",
    "podman-desktop-7778 --expect 2",
    "kubernetes-94926 --expect 2",
    "kubernetes-94926 --expect 2 --metrics-dir",
)


@functools.cache
def manifests() -> dict[str, list[dict[str, Any]]]:
    made = {f"{name} --expect 2": generated(nodes, 2) for name, nodes in recorded_nodes().items()}
    with_metrics = generated(recorded_nodes()["kubernetes-94926"], 2, "--metrics-dir", TEXTFILE_DIR)
    found = {
        "job.yaml": documents(KUBERNETES / "job.yaml"),
        **made,
        "kubernetes-94926 --expect 2 --metrics-dir": with_metrics,
    }
    assert tuple(found) == MANIFESTS
    return found


@pytest.mark.parametrize("name", MANIFESTS)
def test_the_preflight_holds_no_gpu_after_its_check(name: str) -> None:
    """Each node's pod asks for that node's GPUs while hwdoctor runs, and ends: nothing is
    held afterwards, and no sidecar or app container lives on."""
    for manifest in jobs(manifests()[name]):
        pod = manifest["spec"]["template"]["spec"]
        assert sidecars(pod) == [] and pod["restartPolicy"] == "Never"
        assert manifest["spec"]["activeDeadlineSeconds"] > 0  # a busy node's Job ends too
        assert held_after_check(manifest).get(GPU, 0) == 0
        wanted = manifest["spec"]["template"]["spec"]["affinity"]["nodeAffinity"]
        (term,) = wanted["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
        assert term["matchFields"][0]["key"] == "metadata.name"


def test_nodes_short_of_gpus_get_a_job_and_are_named() -> None:
    """kubernetes#94926's cluster: five of nine nodes report 0 allocatable GPUs. Every node
    gets a Job asking for what it has, and hwdoctor judges `cuda>=2` on each, so the short
    ones are in the fleet report; the script names them now."""
    nodes = recorded_nodes()["kubernetes-94926"]
    made = make_jobs(nodes, "--expect", "2", "--image", IMAGE)
    assert made.returncode == 0, made.stderr
    items = jobs(json.loads(made.stdout)["items"])
    pinned = [j["spec"]["template"]["spec"]["affinity"]["nodeAffinity"] for j in items]
    names = [
        p["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"][0]["matchFields"][
            0
        ]["values"][0]
        for p in pinned
    ]
    assert names == [n["metadata"]["name"] for n in nodes]
    asked = {
        name: effective(j["spec"]["template"]["spec"]).get(GPU, 0)
        for name, j in zip(names, items, strict=True)
    }
    short = [n["metadata"]["name"] for n in nodes if n["status"]["allocatable"][GPU] == "0"]
    assert {name for name, gpus in asked.items() if gpus == 0} == set(short)
    assert all(gpus == 2 for name, gpus in asked.items() if name not in short)
    for job in items:
        (container,) = job["spec"]["template"]["spec"]["containers"]
        assert container["command"][:4] == ["hwdoctor", "detect", "--require", "cuda>=2"]
    assert made.stderr.splitlines() == [
        f"{name}: 0 allocatable nvidia.com/gpu, 2 expected; its Job checks the 0 and fails cuda>=2"
        for name in short
    ]
    assert len({j["metadata"]["name"] for j in items}) == len(items)


def test_a_one_gpu_node_is_checked_with_its_one_gpu() -> None:
    nodes = recorded_nodes()["podman-desktop-7778"]
    made = make_jobs(nodes, "--expect", "8", "--image", IMAGE)
    assert made.returncode == 0, made.stderr
    (job,) = jobs(json.loads(made.stdout)["items"])
    assert effective(job["spec"]["template"]["spec"])[GPU] == 1
    assert job["spec"]["template"]["spec"]["hostname"] == "nvidia1"
    assert made.stderr == (
        "nvidia1: 1 allocatable nvidia.com/gpu, 8 expected; its Job checks the 1 and fails "
        "cuda>=8\n"
    )


def test_each_pod_writes_its_own_nodes_evidence_only() -> None:
    """The node's name comes from the downward API, and the pod mounts only that node's
    directory of the shared volume (subPathExpr), where the file is named after it."""
    (job,) = jobs(documents(KUBERNETES / "job.yaml"))
    pod = job["spec"]["template"]["spec"]
    assert "hostNetwork" not in pod
    (container,) = pod["containers"]
    env = {e["name"]: e for e in container["env"]}
    assert env["NODE_NAME"]["valueFrom"] == {"fieldRef": {"fieldPath": "spec.nodeName"}}
    words = container["command"]
    target = words[words.index("--save-evidence") + 1]
    assert target == "/evidence/$(NODE_NAME).json"
    files.check_template(target)  # as hwdoctor reads it, once the kubelet expanded $(NODE_NAME)
    mounts = {m["mountPath"]: m for m in container["volumeMounts"]}
    assert mounts["/evidence"]["subPathExpr"] == "$(NODE_NAME)"
    volume = next(v for v in pod["volumes"] if v["name"] == mounts["/evidence"]["name"])
    assert volume["persistentVolumeClaim"]["claimName"] == "hwdoctor-evidence"


@pytest.mark.parametrize(
    ("args", "nodes", "error"),
    [
        (
            ("--expect", "8", "--image", "registry.example.com/ml/torch-stack:latest"),
            [node("gpu-1", "8")],
            "--image: a reference pinned by digest",
        ),
        (("--expect", "0", "--image", IMAGE), [node("gpu-1", "8")], "--expect 0: a GPU count"),
        (
            ("--expect", "8", "--image", IMAGE),
            [node("gpu-1; $(reboot)", "8")],
            'a node named "gpu-1; $(reboot)" is not a Kubernetes node name',
        ),
        (("--expect", "8", "--image", IMAGE), [], "no nodes in standard input"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: tuple[str, ...], nodes: list[dict[str, Any]], error: str
) -> None:
    made = make_jobs(nodes, *args)
    assert made.returncode == 2 and made.stdout == ""
    assert error in made.stderr and "Traceback" not in made.stderr, made.stderr
    assert len(made.stderr.splitlines()) == 1, made.stderr


def test_an_unreadable_gpu_count_is_zero_and_reported() -> None:
    """A count the kubelet would never write ("²", "1e3", a number) is read as none."""
    nodes = [node("odd-1", "²"), node("odd-2", "1e3"), {**node("odd-3", None)}]
    made = make_jobs(nodes, "--expect", "1", "--image", IMAGE)
    assert made.returncode == 0, made.stderr
    assert all(
        effective(j["spec"]["template"]["spec"]).get(GPU, 0) == 0
        for j in jobs(json.loads(made.stdout)["items"])
    )
    assert len(made.stderr.splitlines()) == 3


# --- the validators -----------------------------------------------------------------------


def written(name: str, tmp_path: Path) -> Path:
    """A manifest as a multi-document YAML file, as both validators read one."""
    path = tmp_path / (name.replace(" ", "_") + ".yaml")
    path.write_text(yaml.safe_dump_all(manifests()[name], sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", MANIFESTS)
def test_kubernetes_validate_accepts_every_manifest(name: str, tmp_path: Path) -> None:
    command = validator("kubernetes-validate")
    path = KUBERNETES / "job.yaml" if name == "job.yaml" else written(name, tmp_path)
    done = subprocess.run(
        [*command, "--strict", "-k", KUBERNETES_VERSION, str(path)],
        capture_output=True,
        text=True,
        env=validator_env(),
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    kinds = {d["kind"] for d in manifests()[name]}
    assert done.stdout.count(" passed for resource ") == len(manifests()[name]), done.stdout
    assert kinds == {"Job", "NetworkPolicy"}


@pytest.mark.parametrize("name", MANIFESTS)
def test_checkov_passes_every_manifest(name: str, tmp_path: Path) -> None:
    command = validator("checkov")
    path = KUBERNETES / "job.yaml" if name == "job.yaml" else written(name, tmp_path)
    done = subprocess.run(
        [
            *command,
            "--framework",
            "kubernetes",
            "--file",
            str(path),
            "--output",
            "json",
            "--skip-download",
            "--skip-check",
            ",".join(CHECKOV_SKIPPED),
        ],
        capture_output=True,
        text=True,
        env=validator_env(),
        check=False,
    )
    report = json.loads(done.stdout)
    summary = report["summary"]
    failed = [(c["check_id"], c["resource"]) for c in report["results"]["failed_checks"]]
    assert done.returncode == 0 and failed == [], failed
    assert summary["passed"] >= 80, summary  # the hardening rules did run
    assert summary["skipped"] == 0 and summary["parsing_errors"] == 0, summary


def test_the_checks_skipped_are_checks_checkov_has(tmp_path: Path) -> None:
    """A skip list naming a check checkov no longer has would skip nothing, silently: the
    skipped check must still fail the manifest when it is not skipped."""
    command = validator("checkov")
    done = subprocess.run(
        [
            *command,
            "--framework",
            "kubernetes",
            "--file",
            str(KUBERNETES / "job.yaml"),
            "--output",
            "json",
            "--skip-download",
            "--check",
            ",".join(CHECKOV_SKIPPED),
        ],
        capture_output=True,
        text=True,
        env=validator_env(),
        check=False,
    )
    failed = {c["check_id"] for c in json.loads(done.stdout)["results"]["failed_checks"]}
    assert failed == set(CHECKOV_SKIPPED)


# --- the metrics a pod writes for node_exporter ---------------------------------------------


def _metrics_pod() -> dict[str, Any]:
    (first, *_) = jobs(manifests()["kubernetes-94926 --expect 2 --metrics-dir"])
    pod: dict[str, Any] = first["spec"]["template"]["spec"]
    return pod


def _run_container(
    pod: Mapping[str, Any], tmp_path: Path, metrics: Path, bin_dir: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """The container's command as the kubelet starts it: its own $(VAR) references expanded
    from the container's env (there are none to expand: a `$(` or `$$` would be the
    kubelet's, not the shell's), the pod's volumes at their mount paths (here directories
    of the test, through the env the script reads them by), in a machine without a GPU."""
    from tests.conftest import base_env
    from tests.fakeworld import World

    (container,) = pod["containers"]
    command = container["command"]
    assert not any("$(" in word or "$$" in word for word in command), command
    values = {e["name"]: e.get("value") for e in container["env"]}
    assert (values["EVIDENCE_DIR"], values["METRICS_DIR"]) == ("/evidence", "/metrics")
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    volume = next(v for v in pod["volumes"] if v["name"] == mounts["/metrics"])
    assert volume["hostPath"] == {"path": TEXTFILE_DIR, "type": "DirectoryOrCreate"}
    evidence = tmp_path / "evidence"
    evidence.mkdir(exist_ok=True)
    env = World(tmp_path / "world").env(base_env())
    env |= {"NODE_NAME": "gpu-1", "EVIDENCE_DIR": str(evidence), "METRICS_DIR": str(metrics)}
    first = f"{bin_dir}:" if bin_dir is not None else ""
    env["PATH"] = f"{first}{Path(sys.executable).parent}:{env.get('PATH', '/usr/bin:/bin')}"
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


def test_a_pod_with_metrics_writes_them_whole_and_exits_with_its_checks_status(
    tmp_path: Path,
) -> None:
    """The pod's script runs hwdoctor's check, then writes hwdoctor.prom from its evidence:
    node_exporter's parser reads it (the verdict: cuda>=2 unmet on a machine without a GPU,
    exit 1), no temporary file is left, and the pod fails as the check did."""
    from prometheus_client.parser import text_string_to_metric_families

    metrics = tmp_path / "metrics"
    metrics.mkdir()
    done = _run_container(_metrics_pod(), tmp_path, metrics)
    assert done.returncode == 1, done.stdout + done.stderr
    assert sorted(p.name for p in metrics.iterdir()) == ["hwdoctor.prom"]
    assert (tmp_path / "evidence" / "gpu-1.json").is_file()
    families = {
        f.name: f for f in text_string_to_metric_families((metrics / "hwdoctor.prom").read_text())
    }
    assert [s.value for s in families["hwdoctor_exit_code"].samples] == [1.0]
    assert (metrics / "hwdoctor.prom").stat().st_mode & 0o777 == 0o644


def test_a_pod_that_cannot_write_metrics_says_so_and_keeps_its_checks_status(
    tmp_path: Path,
) -> None:
    """A metrics directory that is not there: one warning line, no file, the check's exit."""
    done = _run_container(_metrics_pod(), tmp_path, tmp_path / "absent")
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        done.stderr.splitlines()[-1]
        == f"hwdoctor: warning: no metrics written to {tmp_path / 'absent'}"
    )
    assert not (tmp_path / "absent").exists()
    assert (tmp_path / "evidence" / "gpu-1.json").is_file()


@pytest.mark.parametrize("bad", ["var/lib/textfile", "/a b", "/x/../etc", "/$(reboot)", "/", "//"])
def test_a_metrics_dir_that_is_no_plain_absolute_path_is_refused(bad: str) -> None:
    made = make_jobs(
        recorded_nodes()["kubernetes-94926"],
        "--expect",
        "2",
        "--image",
        IMAGE,
        "--metrics-dir",
        bad,
    )
    assert made.returncode == 2
    assert made.stderr.count("\n") == 1 and "--metrics-dir: an absolute path" in made.stderr


def test_the_pods_script_passes_shellcheck_as_posix_sh(tmp_path: Path) -> None:
    (container,) = _metrics_pod()["containers"]
    script = tmp_path / "preflight.sh"
    script.write_text(container["command"][2], encoding="utf-8")
    done = subprocess.run(
        [*validator("shellcheck"), "--shell=sh", "--severity=style", str(script)],
        capture_output=True,
        text=True,
        env=validator_env(),
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _hwdoctor_whose(step: str, tmp_path: Path) -> Path:
    """A `hwdoctor` first on PATH that runs the real one, except that one step of the pod's
    script fails as a full volume or a crash would make it: the check's save (`save`: it
    warns, saves nothing and exits 1, as hwdoctor does when a save fails) or the replay
    (`replay`: exit 3, nothing written). What is under test is the script around them."""
    real = Path(sys.executable).parent / "hwdoctor"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stub = bin_dir / "hwdoctor"
    if step == "save":
        body = (
            'case "$*" in *--save-evidence*) echo "hwdoctor: warning: not saved" >&2; exit 1;; esac'
        )
    else:
        body = 'case "$*" in *--from*) exit 3;; esac'
    stub.write_text(f'#!/bin/sh\n{body}\nexec "{real}" "$@"\n', encoding="utf-8")
    stub.chmod(0o755)
    return bin_dir


def test_last_runs_evidence_is_never_read_as_this_runs(tmp_path: Path) -> None:
    """A save that fails leaves no metrics made from the file the last run left: the script
    removes that file first, the replay finds none, and last run's metrics go too."""
    metrics = tmp_path / "metrics"
    metrics.mkdir()
    (metrics / "hwdoctor.prom").write_text("hwdoctor_exit_code 0\n", encoding="utf-8")
    (tmp_path / "evidence").mkdir()
    stale = ROOT / "tests" / "data" / "evidence" / "sick-host.json"
    (tmp_path / "evidence" / "gpu-1.json").write_bytes(stale.read_bytes())
    done = _run_container(_metrics_pod(), tmp_path, metrics, _hwdoctor_whose("save", tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert sorted(p.name for p in metrics.iterdir()) == []
    assert done.stderr.splitlines()[-1].startswith("hwdoctor: warning: no metrics written")


def test_a_replay_that_fails_removes_last_runs_metrics(tmp_path: Path) -> None:
    metrics = tmp_path / "metrics"
    metrics.mkdir()
    (metrics / "hwdoctor.prom").write_text("hwdoctor_exit_code 0\n", encoding="utf-8")
    done = _run_container(_metrics_pod(), tmp_path, metrics, _hwdoctor_whose("replay", tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr  # the check's status, not 3
    assert sorted(p.name for p in metrics.iterdir()) == []
    assert (tmp_path / "evidence" / "gpu-1.json").is_file()
