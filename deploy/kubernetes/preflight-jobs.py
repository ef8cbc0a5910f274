#!/usr/bin/env python3
"""One hwdoctor preflight Job per GPU node, from `kubectl get nodes -o json`.

    kubectl get nodes -l nvidia.com/gpu.present=true -o json \\
      | python3 deploy/kubernetes/preflight-jobs.py --expect 8 \\
          --image registry.example.com/ml/torch-stack@sha256:<64 hex> > preflight.json
    kubectl create -f preflight.json

Why a Job per node, and not a DaemonSet: the kubelet reserves a pod's effective request for
as long as the pod exists, and that request is the larger of its largest init container and
the sum of its app containers (https://kubernetes.io/docs/concepts/resource-management/
effective-pod-requests-limits/). A DaemonSet pod never completes, so a GPU-using init
container followed by an idle app container still holds every GPU it asked for, for ever.
A Job's pod ends (restartPolicy Never, no sidecar), and kube-scheduler counts only pods that
are neither Succeeded nor Failed (newPodInformer in kubernetes/pkg/scheduler/scheduler.go:
"status.phase!=Succeeded,status.phase!=Failed"): the GPUs are free again when hwdoctor exits.
tests/test_deploy.py computes both from the pod specs.

Why one Job per node, each asking for that node's allocatable GPUs: a container sees only the
GPUs the device plugin gave it, so judging `cuda>=8` needs all of them; a Job that asks for
8 on a node with 7 allocatable is never scheduled, and the node would be absent from the
report without a word. Here each node's Job asks for what that node has (none, where the
device plugin reports none) and hwdoctor judges `cuda>=EXPECT` on it: a short node runs,
fails the requirement and is in the fleet report, and is named on stderr now.

With --metrics-dir DIR (the host directory node_exporter's textfile collector reads, its
--collector.textfile.directory), each pod also writes the node's verdict, findings and GPU
health counters there as hwdoctor.prom (`detect --from` its evidence `--format prometheus`),
whole or not at all: written to a hidden temporary name beside it and renamed. The pod then
runs a small POSIX sh script (METRICS_SCRIPT), so the image needs /bin/sh and mktemp; the
directory must be writable by the pod's user (UID below); where it is missing, the kubelet
makes it (owned by root) and the pod says it wrote no metrics.

Only the standard library; the output is a JSON `List` that kubectl reads. Node names are
checked against the grammar Kubernetes gives them (RFC 1123 subdomains) before they go
anywhere. Exit 0 with the Jobs on stdout, 2 for bad arguments or input.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from typing import Any, Final, NoReturn

RESOURCE: Final = "nvidia.com/gpu"
APP: Final = "hwdoctor-preflight"
# The container's user: not root, and above the host's ordinary users (checkov CKV_K8S_40).
# NVIDIA's device files are 0666 unless the driver's NVreg_DeviceFileMode says otherwise
# (open-gpu-kernel-modules kernel-open/nvidia/nv-reg.h: "The default mode is 0666"), and the
# container toolkit injects them with the host's mode, so this user can open them.
UID: Final = 65532
# https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#dns-subdomain-names
SUBDOMAIN: Final = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
LABEL: Final = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?")
IMAGE: Final = re.compile(r"[a-z0-9][a-z0-9._/:-]*@sha256:[0-9a-f]{64}")
SECONDS: Final = 900  # hwdoctor's own deadlines are far below; a busy node's Job fails here
# An absolute host path of plain characters: it goes into the manifest, never into a shell.
HOST_DIR: Final = re.compile(r"/[A-Za-z0-9._/-]{0,254}")
# With --metrics-dir: the check as without it (last run's evidence removed first, so a save
# that fails cannot leave it to be read as this run's), then the metrics from its evidence,
# moved into place whole, or last run's metrics removed (node_exporter stamps no time: a file
# left behind would be served as current); the pod exits with the check's status. `$1` is the requirement. No `$(` or `$$`
# anywhere: the kubelet would expand them as its own variable references
# (https://kubernetes.io/docs/tasks/inject-data-application/define-interdependent-environment-variables/).
METRICS_SCRIPT: Final = """\
rm -f "$EVIDENCE_DIR/$NODE_NAME.json"
hwdoctor detect --require "$1" --save-evidence "$EVIDENCE_DIR/$NODE_NAME.json"
status=$?
warn() {
    rm -f "$METRICS_DIR/hwdoctor.prom"
    echo "hwdoctor: warning: no metrics written to $METRICS_DIR" >&2
}
# shellcheck disable=SC2006 # backquotes: the kubelet would expand a dollar-paren itself
partial=`mktemp "$METRICS_DIR/.hwdoctor.prom.XXXXXXXX" 2> /dev/null` || { warn; exit "$status"; }
if hwdoctor detect --from "$EVIDENCE_DIR/$NODE_NAME.json" --require "$1" --format prometheus \\
    > "$partial"; [ "$?" -le 1 ] && [ -s "$partial" ] && chmod 0644 "$partial"; then
    mv -f "$partial" "$METRICS_DIR/hwdoctor.prom" || { rm -f "$partial"; warn; }
else
    rm -f "$partial"
    warn
fi
exit "$status"
"""


def say(message: str) -> None:
    sys.stderr.write(message + "\n")


def _name_ok(name: object) -> bool:
    return isinstance(name, str) and len(name) <= 253 and SUBDOMAIN.fullmatch(name) is not None


def node_gpus(node: dict[str, Any]) -> int:
    """The node's allocatable GPUs as its kubelet reports them; 0 when absent or unreadable
    (no device plugin, or one that registered no device)."""
    status = node.get("status")
    allocatable = status.get("allocatable") if isinstance(status, dict) else None
    value = allocatable.get(RESOURCE) if isinstance(allocatable, dict) else None
    if isinstance(value, str) and value.isascii() and value.isdecimal() and len(value) <= 4:
        return int(value)
    return 0


def job_name(node: str) -> str:
    """A Job name for `node` that reads as the node and fits the 63 characters of the label
    Kubernetes gives a Job's pods (batch.kubernetes.io/job-name): the node name's first part,
    and a digest of the whole so that two long names never make one Job."""
    digest = hashlib.sha256(node.encode("ascii")).hexdigest()[:8]
    head = node.split(".", 1)[0][:32].rstrip("-")
    return f"{APP}-{head}-{digest}"


def job(
    node: str, gpus: int, expect: int, image: str, claim: str, metrics: str | None = None
) -> dict[str, Any]:
    """The Job that checks `node`: pinned to it by name, holding its `gpus` only while it runs;
    with `metrics`, also writing hwdoctor.prom into that host directory."""
    limits = {"cpu": "2", "memory": "8Gi"}
    if gpus:
        limits[RESOURCE] = str(gpus)
    container: dict[str, Any] = {
        "name": "hwdoctor",
        "image": image,
        "imagePullPolicy": "Always",
        # $(NODE_NAME) is expanded by the kubelet from the container's env, no shell.
        "command": [
            "hwdoctor",
            "detect",
            "--require",
            f"cuda>={expect}",
            "--save-evidence",
            "/evidence/$(NODE_NAME).json",
        ],
        "env": [
            # The node's name from the downward API (not hostNetwork, not the pod's word).
            {"name": "NODE_NAME", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}},
            # The root file system is read-only: caches and temporary files go to /tmp.
            {"name": "HOME", "value": "/tmp"},
            {"name": "XDG_CACHE_HOME", "value": "/tmp/.cache"},
        ],
        "resources": {"requests": {"cpu": "1", "memory": "2Gi"}, "limits": limits},
        "securityContext": {
            "allowPrivilegeEscalation": False,
            "privileged": False,
            "readOnlyRootFilesystem": True,
            "capabilities": {"drop": ["ALL"]},
        },
        "volumeMounts": [
            # Each pod sees only its node's directory of the volume: it cannot replace
            # another node's evidence.
            {"name": "evidence", "mountPath": "/evidence", "subPathExpr": "$(NODE_NAME)"},
            {"name": "tmp", "mountPath": "/tmp"},
        ],
    }
    pod: dict[str, Any] = {
        "restartPolicy": "Never",
        "automountServiceAccountToken": False,
        "enableServiceLinks": False,
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [
                        {
                            "matchFields": [
                                {"key": "metadata.name", "operator": "In", "values": [node]}
                            ]
                        }
                    ]
                }
            }
        },
        "tolerations": [{"key": RESOURCE, "operator": "Exists", "effect": "NoSchedule"}],
        "securityContext": {
            "runAsNonRoot": True,
            "runAsUser": UID,
            "runAsGroup": UID,
            "fsGroup": UID,
            "seccompProfile": {"type": "RuntimeDefault"},
        },
        "containers": [container],
        "volumes": [
            {"name": "evidence", "persistentVolumeClaim": {"claimName": claim}},
            {"name": "tmp", "emptyDir": {"sizeLimit": "4Gi"}},
        ],
    }
    if metrics is not None:
        container["command"] = ["/bin/sh", "-c", METRICS_SCRIPT, APP, f"cuda>={expect}"]
        container["env"] += [
            {"name": "EVIDENCE_DIR", "value": "/evidence"},
            {"name": "METRICS_DIR", "value": "/metrics"},
        ]
        container["volumeMounts"].append({"name": "metrics", "mountPath": "/metrics"})
        pod["volumes"].append(
            # A node without the directory still runs the check: the kubelet makes it (root's,
            # so the script warns and writes nothing), instead of never starting the pod.
            {"name": "metrics", "hostPath": {"path": metrics, "type": "DirectoryOrCreate"}}
        )
    if LABEL.fullmatch(node) and len(node) <= 63:
        pod = {"hostname": node, **pod}  # the evidence's host name is the node's too
    labels = {"app.kubernetes.io/name": APP}
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": job_name(node), "labels": labels},
        "spec": {
            "backoffLimit": 0,
            "activeDeadlineSeconds": SECONDS,
            "ttlSecondsAfterFinished": 86400,
            "template": {"metadata": {"labels": labels}, "spec": pod},
        },
    }


def network_policy() -> dict[str, Any]:
    """No traffic in or out of the preflight pods: hwdoctor needs none."""
    return {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": APP, "labels": {"app.kubernetes.io/name": APP}},
        "spec": {
            "podSelector": {"matchLabels": {"app.kubernetes.io/name": APP}},
            "policyTypes": ["Ingress", "Egress"],
        },
    }


class Parser(argparse.ArgumentParser):
    """argparse with its errors in one line, exit 2."""

    def error(self, message: str) -> NoReturn:
        say(f"{self.prog}: {message}")
        raise SystemExit(2)


def main(argv: list[str]) -> int:
    parser = Parser(prog="preflight-jobs.py", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--expect",
        type=int,
        required=True,
        metavar="N",
        help="the GPUs every node should have (hwdoctor judges cuda>=N)",
    )
    parser.add_argument(
        "--image",
        required=True,
        metavar="IMAGE@sha256:DIGEST",
        help="your image with torch and hwdoctor, pinned by digest",
    )
    parser.add_argument(
        "--claim",
        default="hwdoctor-evidence",
        help="the ReadWriteMany PersistentVolumeClaim for the evidence",
    )
    parser.add_argument(
        "--metrics-dir",
        metavar="DIR",
        help="also write hwdoctor.prom into this host directory, node_exporter's "
        "--collector.textfile.directory",
    )
    args = parser.parse_args(argv)
    if args.metrics_dir is not None and (
        not HOST_DIR.fullmatch(args.metrics_dir)
        or "/../" in args.metrics_dir + "/"
        or not args.metrics_dir.strip("/")  # the host's root, mounted writable: never
    ):
        parser.error("--metrics-dir: an absolute path of letters, digits, '.', '_', '-' and '/'")
    if not 1 <= args.expect <= 1024:
        parser.error(f"--expect {args.expect}: a GPU count from 1 to 1024")
    if not IMAGE.fullmatch(args.image):
        parser.error(
            "--image: a reference pinned by digest, NAME@sha256:<64 hex digits> "
            "(docker buildx imagetools inspect NAME:TAG prints it)"
        )
    if not _name_ok(args.claim):
        parser.error("--claim: a PersistentVolumeClaim name (lower-case RFC 1123)")
    try:
        document = json.loads(sys.stdin.read(64 * 1024 * 1024))
    except (ValueError, UnicodeDecodeError) as error:
        say(
            f"preflight-jobs.py: standard input is not kubectl's JSON ({error}); pipe "
            "`kubectl get nodes -o json` into it"
        )
        return 2
    nodes = document.get("items") if isinstance(document, dict) else None
    if isinstance(document, dict) and document.get("kind") == "Node":
        nodes = [document]
    if not isinstance(nodes, list) or not nodes:
        say(
            "preflight-jobs.py: no nodes in standard input; pipe `kubectl get nodes -l "
            "nvidia.com/gpu.present=true -o json` into it"
        )
        return 2
    items: list[dict[str, Any]] = [network_policy()]
    for node in nodes:
        metadata = node.get("metadata") if isinstance(node, dict) else None
        name = metadata.get("name") if isinstance(metadata, dict) else None
        if not _name_ok(name):
            shown = json.dumps(name, ensure_ascii=True)[:80]
            say(
                f"preflight-jobs.py: a node named {shown} is not a Kubernetes node name; "
                "no Job for it"
            )
            return 2
        assert isinstance(name, str)
        gpus = node_gpus(node)
        if gpus < args.expect:
            say(
                f"{name}: {gpus} allocatable {RESOURCE}, {args.expect} expected; its Job "
                f"checks the {gpus} and fails cuda>={args.expect}"
            )
        items.append(job(name, gpus, args.expect, args.image, args.claim, args.metrics_dir))
    json.dump({"apiVersion": "v1", "kind": "List", "items": items}, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
