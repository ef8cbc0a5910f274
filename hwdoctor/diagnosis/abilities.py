"""What the device training picks can do: dtypes, torch.compile, quantization libraries.

The rules are compat/capabilities.py's, each with its source; this module only reads the
evidence they need (the device's compute capability or gfx target, the torch build, the
macOS version, the installed distributions) for the device a decision named.
"""

from __future__ import annotations

import dataclasses

from hwdoctor import devices, registry
from hwdoctor.compat import capabilities
from hwdoctor.diagnosis import remedies
from hwdoctor.errors import UsageError
from hwdoctor.model.decisions import Capabilities
from hwdoctor.model.facts import BackendFacts, Evidence


def request_of(device: str) -> devices.DeviceRequest | None:
    """A decision's device ("cuda:0", "meta") as a request; None for what no backend is."""
    try:
        return devices.parse(device)
    except UsageError:
        return None


def device_of(evidence: Evidence, device: str) -> capabilities.Device | None:
    request = request_of(device)
    if request is None:
        return None
    keys = registry.keys_for_device(request.type)
    found: BackendFacts | None = next(
        (
            facts
            for key in keys
            if (facts := (evidence.backends or {}).get(key)) and facts.available
        ),
        None,
    )
    key = found.key if found else (keys[0] if keys else request.type)
    items = found.devices if found else ()
    chosen = next((d for d in items if d.index == (request.index or 0)), None)
    host = evidence.host
    torch = evidence.torch
    return capabilities.Device(
        kind=key,
        capability=chosen.capability if chosen else None,
        torch_version=torch.version if torch else None,
        hip_version=torch.hip if torch else None,
        macos=host.os_version if host and host.platform == "darwin" else None,
        python=evidence.python.version if evidence.python else None,
        platform=host.platform if host else None,
        packages={
            name: package.version
            for name, package in (evidence.packages or {}).items()
            if package is not None and package.version
        },
        bf16_answer=found.bf16 if found else None,
        cpu_bf16=torch.cpu_bf16 if torch else None,
        cxx=torch.cxx if torch else None,
        cxx_path=torch.cxx_path if torch else None,
    )


def of(evidence: Evidence, device: str | None) -> Capabilities | None:
    """The abilities of `device` (a decision's answer) in `evidence`'s environment."""
    chosen = device_of(evidence, device) if device else None
    if chosen is None or device is None:
        return None
    attention = capabilities.sdpa(chosen)
    return Capabilities(
        device=device,
        dtypes=tuple(_for(a, evidence) for a in capabilities.dtypes(chosen)),
        compile=_for(capabilities.compile_support(chosen), evidence),
        quantization=tuple(_for(a, evidence) for a in capabilities.quantization(chosen)),
        attention=_for(attention, evidence) if attention else None,
    )


def _for(ability: capabilities.Ability, evidence: Evidence) -> capabilities.Ability:
    """The remedy as the install chooser writes it for the diagnosed interpreter: torch
    from the index of this machine's build, with what it does to the installed torch;
    another package by its name and version specifier."""
    if ability.needs is None:
        return ability
    name, spec = ability.needs
    way = remedies.installer(evidence.python)
    if name == "torch":
        line = remedies.torch_required(way, spec, evidence, ability.name)
    else:
        line = remedies.requirement(way, name, spec, upgrade=bool(spec))
    return dataclasses.replace(ability, remedy=str(line) or None)
