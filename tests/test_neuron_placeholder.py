"""issue 38 (s19-placeholder): AWS's placeholders on PyPI for its Neuron packages.

Under the names of its Neuron packages PyPI holds one release each, a stub whose import raises
"ImportError: WRONG PACKAGE. Please install the package from Neuron Repository"
(hwdoctor/compat/placeholders.py: the wheels read there); pip without AWS's repository as its
extra index installs it. python.package_missing's `placeholder` variant names it from those
words or from the placeholder's release shown installed, with the chooser's line: the package
again from PyPI and Neuron's repository, the placeholder's release excluded. Real pastes from
tests/data/reports/errors/ (sources in that directory's README).
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from hwdoctor.compat import placeholders
from hwdoctor.diagnosis import remedies
from tests.test_mac_asked_cuda import ERRORS, detect

CODE: Final = "python.package_missing"
INDEX: Final = "--extra-index-url https://pip.repos.neuron.amazonaws.com"
# file: (the message's first words, the install line's requirement, the lines it rests on)
NAMED: Final = {
    # aws-neuron/aws-neuron-samples#35: `pip show` gives the placeholder's 0.1 (the same
    # reporter's install with Neuron's repository gives 0.6.106, aws-neuron/transformers-neuronx#41)
    "neuronsamples35-transformers-neuronx-0.1-pypi-placeholder-pip-show.md": (
        "transformers-neuronx 0.1 installed here is PyPI's placeholder, not AWS's package",
        "transformers-neuronx>0.1",
        {25},
    ),
    # AWS's own troubleshooting entry: transformers_neuronx's stub names its package in its words
    "tnxreadme-transformers-neuronx-0.1-troubleshooting-wrong-package.md": (
        "transformers-neuronx installed here is PyPI's placeholder, not AWS's package "
        "(ImportError: WRONG PACKAGE.",
        "transformers-neuronx>0.1",
        {3, 14},
    ),
}
# Neuron's own packages from its repository, failing another way
QUIET: Final = (
    # transformers-neuronx 0.6.106 and 0.9.387 from Neuron's repository, metadata missing
    "tnx41-transformers-neuronx-0.6.106-neuron-repo-metadata-unknown.md",
    # libneuronxla from Neuron's repository without a name transformers-neuronx imports
    "neuronsamples47-inf2-torch-neuronx-1.13.1.1.10.0-torch-1.13.1-satisfied.md",
    # torch-neuron's runtime against the driver (aws-neuron/aws-neuron-sdk#655)
    "neuronsdk655-inf1-runtime-compat-6-dkms-supports-2-4.md",
)


def _placeholders(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in data["findings"] if f["code"] == CODE and "placeholder" in f["message"]]


@pytest.mark.parametrize("name", sorted(NAMED), ids=lambda n: n.split("-", 1)[0])
def test_a_neuron_placeholder_from_pypi_is_named_with_the_install_from_neurons_repository(
    name: str,
) -> None:
    first, requirement, lines = NAMED[name]
    exit_code, data = detect(ERRORS / name)
    assert exit_code == 1  # an error: the package the run imports is not there
    found = _placeholders(data)
    assert len(found) == 1, data["findings"]
    assert found[0]["message"].startswith(first), found[0]["message"]
    assert found[0]["backend"] == "neuron"
    assert f"'{requirement}' {INDEX}" in (found[0]["remedy"] or ""), found[0]["remedy"]
    assert lines <= {q["line"] for q in found[0]["rests_on"]}
    assert "variant" not in found[0]


@pytest.mark.parametrize("name", QUIET, ids=lambda n: n.split("-", 1)[0])
def test_neurons_own_releases_failing_another_way_are_no_placeholder(name: str) -> None:
    _, data = detect(ERRORS / name)
    assert _placeholders(data) == []


def test_a_placeholder_is_told_by_its_one_release_on_pypi() -> None:
    """The placeholders' releases as PyPI holds them (compat/placeholders.py), and Neuron's own
    releases the recordings show, which are no placeholder."""
    found = placeholders.placeholder_release("transformers-neuronx", "0.1")
    assert found is not None and found.release == "0.1"
    assert placeholders.placeholder_release("torch_neuronx", " 1.0") is not None
    for dist, release in (
        ("transformers-neuronx", "0.6.106"),
        ("torch-neuronx", "1.13.1.1.10.0"),
        ("torch-neuronx", "2.1.2.2.1.0"),
        ("neuronx-cc", "2.11.0.34"),
        ("torch", "1.0"),
    ):
        assert placeholders.placeholder_release(dist, release) is None, (dist, release)
    inf1 = placeholders.of_module("torch_neuron")
    assert inf1 is not None and inf1.dist == "torch-neuron"
    shared = placeholders.of_module("neuronperf")
    assert shared is not None and shared.release == "1.0"
    assert placeholders.of_module("torch") is None


def test_the_install_line_is_the_choosers_and_refuses_what_is_no_name() -> None:
    way = remedies.installer(None)
    line = str(remedies.neuron_beside_placeholder(way, "torch-neuronx", "1.0"))
    assert line == f"pip install 'torch-neuronx>1.0' {INDEX}"
    # libneuronxla's own 0.5.x releases are numbered below its placeholder's 1.0
    below = placeholders.BY_DIST["libneuronxla"]
    assert below.below
    line = str(remedies.neuron_beside_placeholder(way, below.dist, below.release, below=True))
    assert line == f"pip install 'libneuronxla!=1.0' {INDEX}"
    assert not remedies.neuron_beside_placeholder(way, "torch neuronx; rm -rf /", "1.0")
    assert not remedies.neuron_beside_placeholder(way, "torch-neuronx", "one")
