"""deploy/: the Kubernetes manifests and the Slurm preflight script, read as Kubernetes and
Slurm read them, for the fields hwdoctor's fleet report relies on (the Slurm script runs on
a real cluster in tests/test_slurm.py)."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from hwdoctor import files

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def pod_spec(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    documents = list(yaml.safe_load_all((DEPLOY / "kubernetes" / name).read_text()))
    assert len(documents) == 1
    manifest = documents[0]
    return manifest, manifest["spec"]["template"]["spec"]


@pytest.mark.parametrize(
    ("name", "kind", "api"), [("job.yaml", "Job", "batch/v1"), ("daemonset.yaml", "DaemonSet",
                                                                "apps/v1")]
)  # fmt: skip
def test_kubernetes_manifests_write_one_evidence_file_per_node(
    name: str, kind: str, api: str
) -> None:
    manifest, spec = pod_spec(name)
    assert (manifest["apiVersion"], manifest["kind"]) == (api, kind)
    # GPU nodes only, the device resource requested, the node's own host name for {host}.
    assert spec["nodeSelector"] == {"nvidia.com/gpu.present": "true"}
    assert spec["hostNetwork"] is True and spec["dnsPolicy"] == "ClusterFirstWithHostNet"
    containers = [*spec.get("initContainers", ()), *spec["containers"]]
    runs = [c for c in containers if "hwdoctor" in " ".join(c.get("command", ()))]
    assert len(runs) == 1
    container = runs[0]
    assert int(container["resources"]["limits"]["nvidia.com/gpu"]) >= 1
    words = container["command"]
    if words[:2] == ["sh", "-c"]:
        words = shlex.split(words[2])
    assert words[:2] == ["hwdoctor", "detect"]
    target = words[words.index("--save-evidence") + 1]
    files.check_template(target)  # as hwdoctor reads it
    assert "{host}" in target
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    directory = str(Path(target).parent)
    assert directory in mounts.values()
    volume = next(v for v in spec["volumes"] if mounts[v["name"]] == directory)
    assert volume["persistentVolumeClaim"]["claimName"] == "hwdoctor-evidence"
    if kind == "Job":
        assert manifest["spec"]["parallelism"] == manifest["spec"]["completions"]
        anti = spec["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
        assert anti[0]["topologyKey"] == "kubernetes.io/hostname"
        labels = manifest["spec"]["template"]["metadata"]["labels"]
        assert anti[0]["labelSelector"]["matchLabels"].items() <= labels.items()
        assert spec["restartPolicy"] == "Never"
    else:
        assert manifest["spec"]["selector"]["matchLabels"].items() <= (
            manifest["spec"]["template"]["metadata"]["labels"].items()
        )


def test_the_slurm_configuration_runs_the_preflight_script() -> None:
    lines = dict(
        line.split("=", 1)
        for line in (DEPLOY / "slurm" / "slurm.conf").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert lines["Prolog"] == lines["HealthCheckProgram"] == "/etc/slurm/hwdoctor-preflight.sh"
    assert int(lines["HealthCheckInterval"]) > 0 and int(lines["PrologEpilogTimeout"]) > 60
    script = DEPLOY / "slurm" / "hwdoctor-preflight.sh"
    assert script.stat().st_mode & 0o111
    checked = subprocess.run(["sh", "-n", str(script)], capture_output=True, text=True,
                             check=False)  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    text = script.read_text()
    assert "State=DRAIN" in text and '--save-evidence "$HWDOCTOR_EVIDENCE_DIR/{host}.json"' in text
