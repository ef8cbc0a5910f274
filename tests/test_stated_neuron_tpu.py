"""issue 38: the Neuron and TPU runtimes' and packages' causes, named from real pastes (each
recording's thread is in tests/data/reports/README.md): the old Neuron driver package, the TPU
library loaded twice in one process, the Neuron tools not on PATH, torch-neuron with a
TensorFlow other than the one neuron-cc needs."""

from __future__ import annotations

import json
from typing import Final

import pytest

from hwdoctor.diagnosis import pasted
from hwdoctor.gather import reports
from hwdoctor.gather.reports import assemble, cleaning
from hwdoctor.model.reports import PasteReport
from tests.conftest import ROOT, run_hwdoctor

ERRORS: Final = ROOT / "tests" / "data" / "reports" / "errors"


def diagnosed(name: str) -> PasteReport:
    return pasted.diagnose(assemble.gathered(reports.read((ERRORS / name).read_bytes())))


# issue 38: the old Neuron driver package
@pytest.mark.parametrize(
    ("name", "said"),
    [
        # aws-neuron/aws-neuron-sdk#945: apt's upgrade log, the DKMS build failing on 6.5
        (
            "neuronsdk945-inf1-apt-aws-neuron-dkms-2.3.26.0-kernel-6.5-dkms-build-fails.md",
            "error processing package aws-neuron-dkms",
        ),
        # aws-neuron/aws-neuron-driver#2: the title's words and the module's make.log
        (
            "neurondriver2-inf1-ubuntu20.04-aws-neuron-dkms-2.1.5.0-kernel-5.11-make-log-error.md",
            "Error 2 during apt install of aws-neuron-dkms",
        ),
    ],
)
def test_the_old_neuron_driver_package_failing_is_named(name: str, said: str) -> None:
    """aws-neuron-dkms is no longer produced: named with removing it and installing
    aws-neuronx-dkms on the host, never "no problem" nor a line left unread."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    data = result.json()["data"]
    (found,) = data["findings"]
    assert found["code"] == "neuron.driver_unusable" and found["backend"] == "neuron"
    assert found["message"].startswith(f"the Neuron driver did not install ({said})")
    assert "aws-neuronx-dkms" in (found["advice"] or "")
    assert "remove aws-neuron-dkms" in (found["advice"] or "")
    assert not diagnosed(name).unread


def test_the_old_package_installed_without_a_failure_is_no_old_package_finding() -> None:
    """aws-neuron/aws-neuron-driver#3: `yum info aws-neuron-dkms` and its reinstall, no
    package-manager failure: the package named is no cause of its own."""
    name = "neurondriver3-ecs-inf-ami-yum-info-aws-neuron-dkms-2.2.6.0-dev-neuron0-missing.md"
    report = diagnosed(name)
    assert "neuron.driver_unusable" not in {f.code for f in report.findings}


@pytest.mark.parametrize(
    ("line", "stated"),
    [
        ("dpkg: error processing package aws-neuronx-dkms (--configure):", True),
        ("Error! Bad return status for module build on kernel: 6.5.0-1015-azure (x86_64)", True),
        ("Errors were encountered while processing:", False),
    ],
)
def test_the_package_tools_error_prefixes_look_like_errors(line: str, stated: bool) -> None:
    assert cleaning.error_like(line) is stated


# issue 38: TensorFlow (or another release's libtpu) in a torch_xla process
@pytest.mark.parametrize(
    ("name", "said", "variant_words"),
    [
        # wandb/wandb#3694: `import tensorflow` in a session on the PyTorch TPU VM image
        (
            "wandb3694-tpu-vm-pt-1.11-import-tensorflow-tpucompiler-not-available.md",
            "TpuCompiler_DefaultDeviceShapeRepresentation not available in this library",
            "TPU_LOAD_LIBRARY=0",
        ),
        # huggingface/pytorch-image-models#1318: a tf.data pipeline beside torch_xla
        (
            "timm1318-tpu-vm-pt-1.11-launch-xla-tpuembeddingengine-not-available.md",
            "TpuEmbeddingEngine_ExecutePartitioner not available in this library",
            "tensorflow-cpu",
        ),
        # pytorch/xla#4103: torch_xla 1.12's own TensorFlow code with the host's libtpu
        (
            "xla4103-torch-xla-1.12-docker-host-libtpu-tpuembeddingengine-collatememory.md",
            "TpuEmbeddingEngine_CollateMemory not available in this library",
            "not one mounted from the host",
        ),
        # pytorch/xla#6990: torch_xla 2.2's libtpu flag refused, quoted in prose
        (
            "xla6990-kaggle-tpu-torch-xla-2.2-import-trainer-unknown-flag-latency-hiding.md",
            "Unknown command line flag 'xla_latency_hiding_scheduler_rerun'",
            "torch_xla[tpu] of one release",
        ),
    ],
)
def test_a_libtpu_of_another_release_than_the_code_loading_it_is_named(
    name: str, said: str, variant_words: str
) -> None:
    """TensorFlow's TPU code finding a function missing from the libtpu it loaded, or a
    libtpu refusing torch_xla's flag: named as tpu.libtpu_apart for the TPU, with keeping
    TensorFlow from loading libtpu; before, "nothing it knows" or "no problem"."""
    result = run_hwdoctor("detect", "--paste", str(ERRORS / name), "--json")
    assert result.returncode == 1, result.stderr
    (found,) = result.json()["data"]["findings"]
    assert found["code"] == "tpu.libtpu_apart" and found["backend"] == "xla"
    assert f"({said})" in found["message"]
    assert variant_words in (found["advice"] or "")
    assert "download.pytorch.org" not in json.dumps(found)


def test_libtpu_loading_as_designed_is_no_libtpu_finding() -> None:
    """pytorch/xla#3616's sample session: TensorFlow's "Libtpu path is:" INFO lines and
    "libtpu status: OK" are libtpu loading as designed, not a libtpu of another release."""
    report = diagnosed("xla3616-pr-libtpu-load-when-computationclient-created-info-lines.md")
    assert "tpu.libtpu_apart" not in {f.code for f in report.findings}
    assert not report.unread
