"""optimum-neuron's releases and the Neuron packages each was released with (issue 38).

RELEASES: for each optimum-neuron release from 0.0.12.1 (the first to pin the Neuron SDK's
packages exactly; before it the `neuronx` extra asked `neuronx-cc>=2.10` and the like), the
requirements its `neuronx` extra and its install requirements state for neuronx-cc,
torch-neuronx, torch, transformers and transformers-neuronx (dropped from 0.2.0). Source:
huggingface/optimum-neuron, each release's tag, `setup.py` (INSTALL_REQUIRES and
EXTRAS_REQUIRE["neuronx"]) up to 0.2.2 and `pyproject.toml` ([project] dependencies and
[project.optional-dependencies] neuronx) from 0.3.0; the tag's commit is next to each row.
Read from the repository's snapshot at 213224e6aae4 (2026-08-19), verified 2026-12-05.
Its maintainers pin "fixed versions of the AWS SDK components" (optimum-neuron#325) and
answer a mismatch with the pinned one (optimum-neuron#492: "upgrade your
transformers_neuronx version … 0.9.474", which fixed it).

The requirements are stored without their names (the chooser, diagnosis/remedies.py,
writes every install line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from hwdoctor import versions


@dataclass(frozen=True, slots=True)
class _Release:
    version: str  # optimum-neuron's release
    commit: str  # the tag's commit in huggingface/optimum-neuron
    source: str  # the file the requirements were read from
    requires: tuple[tuple[str, str], ...]  # (distribution, its specifier)


RELEASES: Final = (
    _Release(
        "0.0.12.1",
        "fe11ccffa985",
        "setup.py",
        (
            ("neuronx-cc", "==2.10.0.35"),
            ("torch-neuronx", "==1.13.1.1.11.0"),
            ("torch", "==1.13.1.*"),
            ("transformers", ">=4.33.1"),
            ("transformers-neuronx", "==0.7.84"),
        ),
    ),
    _Release(
        "0.0.13",
        "cf9783855ce6",
        "setup.py",
        (
            ("neuronx-cc", "==2.11.0.34"),
            ("torch-neuronx", "==1.13.1.1.12.0"),
            ("torch", "==1.13.1.*"),
            ("transformers", ">=4.33.1"),
            ("transformers-neuronx", "==0.8.268"),
        ),
    ),
    _Release(
        "0.0.14",
        "d65449eb517c",
        "setup.py",
        (
            ("neuronx-cc", "==2.11.0.34"),
            ("torch-neuronx", "==1.13.1.1.12.1"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.35.0"),
            ("transformers-neuronx", "==0.8.268"),
        ),
    ),
    _Release(
        "0.0.15",
        "3f88322bf047",
        "setup.py",
        (
            ("neuronx-cc", "==2.11.0.34"),
            ("torch-neuronx", "==1.13.1.1.12.1"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.35.0"),
            ("transformers-neuronx", "==0.8.268"),
        ),
    ),
    _Release(
        "0.0.16",
        "c0c1fc845570",
        "setup.py",
        (
            ("neuronx-cc", "==2.11.0.34"),
            ("torch-neuronx", "==1.13.1.1.12.1"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.35.0"),
            ("transformers-neuronx", "==0.8.268"),
        ),
    ),
    _Release(
        "0.0.17",
        "8d4b6dc3f18d",
        "setup.py",
        (
            ("neuronx-cc", "==2.12.54.0"),
            ("torch-neuronx", "==1.13.1.1.13.0"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.36.2"),
            ("transformers-neuronx", "==0.9.474"),
        ),
    ),
    _Release(
        "0.0.18",
        "7b18de9ddfa5",
        "setup.py",
        (
            ("neuronx-cc", "==2.12.68.0"),
            ("torch-neuronx", "==1.13.1.1.13.0"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.36.2"),
            ("transformers-neuronx", "==0.9.474"),
        ),
    ),
    _Release(
        "0.0.19",
        "e90819267985",
        "setup.py",
        (
            ("neuronx-cc", "==2.12.68.0"),
            ("torch-neuronx", "==1.13.1.1.13.1"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.36.2"),
            ("transformers-neuronx", "==0.9.474"),
        ),
    ),
    _Release(
        "0.0.20",
        "d10aaddf15c9",
        "setup.py",
        (
            ("neuronx-cc", "==2.12.68.0"),
            ("torch-neuronx", "==1.13.1.1.13.1"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.36.2"),
            ("transformers-neuronx", "==0.9.474"),
        ),
    ),
    _Release(
        "0.0.21",
        "0aafbec54025",
        "setup.py",
        (
            ("neuronx-cc", "==2.13.66.0"),
            ("torch-neuronx", "==1.13.1.1.14.0"),
            ("torch", "==1.13.1.*"),
            ("transformers", "==4.36.2"),
            ("transformers-neuronx", "==0.10.0.21"),
        ),
    ),
    _Release(
        "0.0.22",
        "88a280596be1",
        "setup.py",
        (
            ("neuronx-cc", "==2.13.66.0"),
            ("torch-neuronx", "==2.1.2.2.1.0"),
            ("torch", "==2.1.2.*"),
            ("transformers", "==4.36.2"),
            ("transformers-neuronx", "==0.10.0.21"),
        ),
    ),
    _Release(
        "0.0.23",
        "e49ee36990ae",
        "setup.py",
        (
            ("neuronx-cc", "==2.13.66.0"),
            ("torch-neuronx", "==2.1.2.2.1.0"),
            ("torch", "==2.1.2.*"),
            ("transformers", "==4.41.1"),
            ("transformers-neuronx", "==0.10.0.21"),
        ),
    ),
    _Release(
        "0.0.24",
        "a81a017f5472",
        "setup.py",
        (
            ("neuronx-cc", "==2.14.227.0"),
            ("torch-neuronx", "==2.1.2.2.2.0"),
            ("torch", "==2.1.2.*"),
            ("transformers", "==4.41.1"),
            ("transformers-neuronx", "==0.11.351"),
        ),
    ),
    _Release(
        "0.0.25",
        "493a134902c2",
        "setup.py",
        (
            ("neuronx-cc", "==2.15.128.0"),
            ("torch-neuronx", "==2.1.2.2.3.0"),
            ("torch", "==2.1.2.*"),
            ("transformers", "==4.43.2"),
            ("transformers-neuronx", "==0.12.313"),
        ),
    ),
    _Release(
        "0.0.26",
        "a8e10e3fa7db",
        "setup.py",
        (
            ("neuronx-cc", "==2.15.128.0"),
            ("torch-neuronx", "==2.1.2.2.3.0"),
            ("torch", "==2.1.2.*"),
            ("transformers", "==4.43.2"),
            ("transformers-neuronx", "==0.12.313"),
        ),
    ),
    _Release(
        "0.0.27",
        "c83a434153a8",
        "setup.py",
        (
            ("neuronx-cc", "==2.15.143.0"),
            ("torch-neuronx", "==2.1.2.2.3.2"),
            ("torch", "==2.1.2.*"),
            ("transformers", "==4.43.2"),
            ("transformers-neuronx", "==0.12.313"),
        ),
    ),
    _Release(
        "0.0.28",
        "f74ddb6ecb1a",
        "setup.py",
        (
            ("neuronx-cc", "==2.15.143.0"),
            ("torch-neuronx", "==2.1.2.2.3.2"),
            ("torch", "==2.1.2.*"),
            ("transformers", "~=4.48.1"),
            ("transformers-neuronx", "==0.12.313"),
        ),
    ),
    _Release(
        "0.1.0",
        "30c5d307e6ee",
        "setup.py",
        (
            ("neuronx-cc", "==2.16.372.0"),
            ("torch-neuronx", "==2.5.1.2.4.0"),
            ("torch", "==2.5.1.*"),
            ("transformers", "~=4.48.1"),
            ("transformers-neuronx", "==0.13.322"),
        ),
    ),
    _Release(
        "0.2.0",
        "13bac850dbfb",
        "setup.py",
        (
            ("neuronx-cc", "==2.17.194.0"),
            ("torch-neuronx", "==2.5.1.2.6.0"),
            ("torch", "==2.5.1.*"),
            ("transformers", "~=4.51.0"),
        ),
    ),
    _Release(
        "0.2.1",
        "c2f557cd66c8",
        "setup.py",
        (
            ("neuronx-cc", "==2.17.194.0"),
            ("torch-neuronx", "==2.5.1.2.6.0"),
            ("torch", "==2.5.1.*"),
            ("transformers", "~=4.51.0"),
        ),
    ),
    _Release(
        "0.2.2",
        "90bbf621ebc9",
        "setup.py",
        (
            ("neuronx-cc", "==2.17.194.0"),
            ("torch-neuronx", "==2.5.1.2.6.0"),
            ("torch", "==2.5.1.*"),
            ("transformers", "~=4.51.0"),
        ),
    ),
    _Release(
        "0.3.0",
        "759b5eb89869",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.19.8089.0"),
            ("torch-neuronx", "==2.7.0.2.8.6734+ac864f72"),
            ("torch", "==2.7.0.*"),
            ("transformers", "~=4.51.0"),
        ),
    ),
    _Release(
        "0.4.0",
        "6d497e40c290",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.21.18209.0"),
            ("torch-neuronx", "==2.8.0.2.10.13553"),
            ("torch", "==2.8.0.*"),
            ("transformers", "~=4.55.4"),
        ),
    ),
    _Release(
        "0.4.1",
        "a3ded34ae936",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.21.18209.0"),
            ("torch-neuronx", "==2.8.0.2.10.13553"),
            ("torch", "==2.8.0.*"),
            ("transformers", "~=4.55.4"),
        ),
    ),
    _Release(
        "0.4.2",
        "0b07298ac4ba",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.21.18209.0"),
            ("torch-neuronx", "==2.8.0.2.10.13553"),
            ("torch", "==2.8.0.*"),
            ("transformers", "~=4.57.1"),
        ),
    ),
    _Release(
        "0.4.3",
        "9b9eb9a413cf",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.21.33363.0"),
            ("torch-neuronx", "==2.8.0.2.10.16998"),
            ("torch", "==2.8.0.*"),
            ("transformers", "~=4.57.1"),
        ),
    ),
    _Release(
        "0.4.4",
        "f4bc3c5c411d",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.21.33363.0"),
            ("torch-neuronx", "==2.8.0.2.10.16998"),
            ("torch", "==2.8.0.*"),
            ("transformers", "~=4.57.1"),
        ),
    ),
    _Release(
        "0.4.5",
        "abf5985828e5",
        "pyproject.toml",
        (
            ("neuronx-cc", "==2.21.33363.0"),
            ("torch-neuronx", "==2.8.0.2.10.16998"),
            ("torch", "==2.8.0.*"),
            ("transformers", "~=4.57.1"),
        ),
    ),
)
_BY_VERSION: Final = {r.version: r for r in RELEASES}


def requires(release: str) -> tuple[tuple[str, str], ...] | None:
    """What optimum-neuron `release` was released with, as (distribution, specifier); None for
    a release not in the table (a dev build, one before 0.0.12.1 or after the table)."""
    found = _BY_VERSION.get(release.strip())
    return found.requires if found else None


def apart(release: str, installed: dict[str, str]) -> tuple[tuple[str, str, str], ...]:
    """The (distribution, installed version, specifier) of each package `installed` shows
    that optimum-neuron `release` pins and the version does not meet (a local label such as
    "+c5231f848" does not count: PEP 440 ignores it against a public specifier)."""
    pinned = requires(release) or ()
    return tuple(
        (dist, installed[dist], spec)
        for dist, spec in pinned
        if dist in installed and versions.satisfies(installed[dist], spec) is False
    )
