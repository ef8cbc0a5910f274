"""`finding(Code.X, ...)`, typed per code: generated from the catalogue
(`hwdoctor/diagnosis/catalogue.py`, `signatures()`) by `make docs`; do not edit.

Each overload names the keywords its code's templates need, so mypy refuses a call
with a parameter missing or misspelt. There is no catch-all signature."""

from __future__ import annotations

from typing import Literal, overload

from hwdoctor.diagnosis.catalogue import Code, Value, make_finding
from hwdoctor.model.reports import Finding
from hwdoctor.shell import Shell


@overload
def finding(
    code: Literal[Code.TORCH_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    python: Value,
    tool: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["own_tool_env"],
    python: Value,
    tool: Value,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_BROKEN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    error: Value,
    reinstall: Value | Shell,
    suffix: Value,
    version: Value,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_IMPORT_HANGS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    reinstall: Value | Shell,
    suffix: Value,
    timeout: Value,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_IMPORT_CRASHES],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    reinstall: Value | Shell,
    signal: Value,
    version: Value,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.AUTOLOAD_BROKEN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    fix: Value,
    how: Value,
    name: Value,
    origin: Value,
    uninstall: Value | Shell,
    signal: Value = None,
    timeout: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.AUTOLOAD_BROKEN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["crashed"],
    fix: Value,
    name: Value,
    origin: Value,
    signal: Value,
    uninstall: Value | Shell,
    how: Value = None,
    timeout: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.AUTOLOAD_BROKEN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["timeout"],
    fix: Value,
    name: Value,
    origin: Value,
    timeout: Value,
    uninstall: Value | Shell,
    how: Value = None,
    signal: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ONLY_BUILD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    build: Value,
    hardware: Value,
    install: Value | Shell,
    install_elsewhere: Value,
    torch: Value,
    where: Value,
    said: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ONLY_BUILD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["asked"],
    build: Value,
    install: Value | Shell,
    install_elsewhere: Value,
    torch: Value,
    hardware: Value = None,
    said: Value | Shell = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    build: Value,
    hardware: Value,
    install: Value | Shell,
    install_elsewhere: Value,
    torch: Value,
    where: Value,
    amd: Value = None,
    said: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["webui_rocm"],
    amd: Value,
    hardware: Value,
    install: Value | Shell,
    said: Value | Shell,
    torch: Value,
    where: Value,
    build: Value = None,
    install_elsewhere: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["windows"],
    hardware: Value,
    install: Value | Shell,
    install_elsewhere: Value,
    said: Value | Shell,
    torch: Value,
    where: Value,
    amd: Value = None,
    build: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    install: Value | Shell,
    install_elsewhere: Value,
    package: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_IMPORT_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    how: Value,
    install: Value | Shell,
    install_elsewhere: Value,
    module: Value,
    package: Value,
    torch: Value,
    version: Value,
    accelerator: Value = None,
    build: Value = None,
    found: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_IMPORT_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_only"],
    accelerator: Value,
    module: Value,
    package: Value,
    said: Value,
    build: Value = None,
    found: Value = None,
    how: Value = None,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    torch: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_IMPORT_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["not_built"],
    build: Value,
    found: Value,
    module: Value,
    package: Value,
    said: Value,
    accelerator: Value = None,
    how: Value = None,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    torch: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_IMPORT_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["not_built_alone"],
    build: Value,
    found: Value,
    module: Value,
    package: Value,
    said: Value,
    accelerator: Value = None,
    how: Value = None,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    torch: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    package: Value,
    spec: Value,
    torch: Value,
    version: Value,
    companion: Value | Shell = None,
    kept: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["keep_nightly"],
    companion: Value | Shell,
    kept: Value,
    package: Value,
    spec: Value,
    torch: Value,
    version: Value,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["keep_torch"],
    companion: Value | Shell,
    kept: Value,
    package: Value,
    spec: Value,
    torch: Value,
    version: Value,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["stated"],
    install: Value | Shell,
    package: Value,
    spec: Value,
    torch: Value,
    companion: Value | Shell = None,
    kept: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_BUILT_FOR_OTHER_TORCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    package: Value,
    reinstall: Value | Shell,
    symbol: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_BUILT_FOR_OTHER_TORCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["optional"],
    package: Value,
    reinstall: Value | Shell,
    symbol: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_BUILT_FOR_OTHER_TORCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unnamed"],
    symbol: Value,
    torch: Value,
    package: Value = None,
    reinstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    chip: Value,
    minimum: Value,
    torch: Value,
    version: Value,
    said: Value = None,
    shown: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["conv_channels"],
    shown: Value,
    chip: Value = None,
    minimum: Value = None,
    said: Value = None,
    torch: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["conv_channels_macos"],
    shown: Value,
    torch: Value,
    chip: Value = None,
    minimum: Value = None,
    said: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["conv_channels_torch"],
    shown: Value,
    torch: Value,
    chip: Value = None,
    minimum: Value = None,
    said: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["op"],
    chip: Value,
    minimum: Value,
    said: Value,
    version: Value,
    shown: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["op_unseen"],
    minimum: Value,
    said: Value,
    chip: Value = None,
    shown: Value = None,
    torch: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_MACOS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unseen"],
    minimum: Value,
    torch: Value,
    chip: Value = None,
    said: Value = None,
    shown: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_OPERATOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    newer: Value,
    operator: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_OPERATOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sparse"],
    operator: Value,
    torch: Value,
    newer: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_TRANSLATED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    chip: Value,
    have: Value = None,
    install: Value | Shell = None,
    library: Value = None,
    need: Value = None,
    package: Value = None,
    python: Value = None,
    said: Value = None,
    spec: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_TRANSLATED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["dyld_library"],
    install: Value | Shell,
    library: Value,
    need: Value,
    package: Value,
    said: Value,
    chip: Value = None,
    have: Value = None,
    python: Value = None,
    spec: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_TRANSLATED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["dyld_python"],
    have: Value,
    install: Value | Shell,
    library: Value,
    package: Value,
    said: Value,
    chip: Value = None,
    need: Value = None,
    python: Value = None,
    spec: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_TRANSLATED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_file"],
    chip: Value,
    package: Value,
    spec: Value,
    why: Value,
    have: Value = None,
    install: Value | Shell = None,
    library: Value = None,
    need: Value = None,
    python: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_TRANSLATED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none_found"],
    chip: Value,
    package: Value,
    python: Value,
    why: Value,
    have: Value = None,
    install: Value | Shell = None,
    library: Value = None,
    need: Value = None,
    said: Value = None,
    spec: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_REQUIREMENT_INVALID],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    package: Value,
    reason: Value,
    requirement: Value,
    torch: Value,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BACKEND_UNAVAILABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    hardware_remedy: Value,
    module: Value,
    visibility: Value,
    where: Value,
    install: Value | Shell = None,
    install_elsewhere: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    group: Value,
    groups: Value,
    hardware: Value,
    named_groups: Value,
    nodes: Value,
    unknown_groups: Value,
    listed: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["as_root"],
    group: Value,
    groups: Value,
    hardware: Value,
    listed: Value,
    named_groups: Value,
    said: Value,
    nodes: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["as_root_no_group"],
    hardware: Value,
    listed: Value,
    said: Value,
    group: Value = None,
    groups: Value = None,
    named_groups: Value = None,
    nodes: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_group"],
    hardware: Value,
    listed: Value,
    nodes: Value,
    group: Value = None,
    groups: Value = None,
    named_groups: Value = None,
    said: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["pasted"],
    group: Value,
    groups: Value,
    hardware: Value,
    named_groups: Value,
    nodes: Value,
    listed: Value = None,
    said: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["pasted_member"],
    group: Value,
    hardware: Value,
    listed: Value,
    nodes: Value,
    groups: Value = None,
    named_groups: Value = None,
    said: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["pasted_node"],
    group: Value,
    groups: Value,
    hardware: Value,
    listed: Value,
    named_groups: Value,
    nodes: Value,
    said: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["pasted_node_no_group"],
    hardware: Value,
    listed: Value,
    nodes: Value,
    group: Value = None,
    groups: Value = None,
    named_groups: Value = None,
    said: Value = None,
    unknown_groups: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NODE_DENIED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unknown_group"],
    hardware: Value,
    listed: Value,
    named_groups: Value,
    nodes: Value,
    unknown_groups: Value,
    group: Value = None,
    groups: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    container: Value,
    flags: Value,
    hardware: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_HIDES],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    meaning: Value,
    value: Value,
    variable: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_ORDER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    hardware: Value,
    mapping: Value,
    tool: Value,
    value: Value,
    variable: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHM_SMALL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    container: Value,
    count: Value,
    hardware: Value,
    size: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.QUERY_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    hardware_remedy: Value,
    how: Value,
    module: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_WITHOUT_HARDWARE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    answer: Value,
    hardware: Value,
    hardware_remedy: Value,
    package: Value,
    uninstall: Value | Shell,
    version: Value,
    module: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_WITHOUT_HARDWARE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["refused"],
    answer: Value,
    hardware: Value,
    hardware_remedy: Value,
    module: Value,
    package: Value,
    uninstall: Value | Shell,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICES_HIDDEN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    indices: Value,
    present: Value,
    variable: Value,
    variables: Value,
    visible: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICES_MASK_HIDES_ALL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    lister: Value,
    shown: Value,
    up_to: Value,
    variable: Value,
    ascending: Value = None,
    first: Value = None,
    first_shown: Value = None,
    left: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICES_MASK_HIDES_ALL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["after"],
    first: Value,
    first_shown: Value,
    hardware: Value,
    left: Value,
    shown: Value,
    variable: Value,
    ascending: Value = None,
    lister: Value = None,
    said: Value = None,
    up_to: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICES_MASK_HIDES_ALL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none"],
    hardware: Value,
    lister: Value,
    shown: Value,
    variable: Value,
    ascending: Value = None,
    first: Value = None,
    first_shown: Value = None,
    left: Value = None,
    said: Value = None,
    up_to: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICES_MASK_HIDES_ALL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["refused"],
    ascending: Value,
    hardware: Value,
    said: Value,
    shown: Value,
    variable: Value,
    first: Value = None,
    first_shown: Value = None,
    left: Value = None,
    lister: Value = None,
    up_to: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ARCH_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    arch: Value,
    compiled: Value,
    device: Value,
    name: Value,
    reinstall: Value | Shell,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ARCH_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none"],
    arch: Value,
    compiled: Value,
    device: Value,
    name: Value,
    torch: Value,
    reinstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ARCH_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["older"],
    arch: Value,
    compiled: Value,
    device: Value,
    name: Value,
    reinstall: Value | Shell,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ARCH_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tegra"],
    arch: Value,
    compiled: Value,
    device: Value,
    name: Value,
    reinstall: Value | Shell,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    compiled: Value,
    device: Value,
    gfx: Value,
    install: Value | Shell,
    name: Value,
    override: Value,
    target: Value,
    torch: Value,
    first: Value = None,
    install_elsewhere: Value = None,
    newest: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none"],
    compiled: Value,
    device: Value,
    gfx: Value,
    install: Value | Shell,
    name: Value,
    override: Value,
    target: Value,
    torch: Value,
    first: Value = None,
    install_elsewhere: Value = None,
    newest: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none_override"],
    compiled: Value,
    device: Value,
    gfx: Value,
    name: Value,
    override: Value,
    target: Value,
    torch: Value,
    first: Value = None,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    newest: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["override"],
    compiled: Value,
    device: Value,
    gfx: Value,
    install: Value | Shell,
    name: Value,
    override: Value,
    target: Value,
    torch: Value,
    first: Value = None,
    install_elsewhere: Value = None,
    newest: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["system"],
    compiled: Value,
    device: Value,
    first: Value,
    gfx: Value,
    name: Value,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    newest: Value = None,
    override: Value = None,
    target: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["system_none"],
    compiled: Value,
    device: Value,
    gfx: Value,
    name: Value,
    newest: Value,
    first: Value = None,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    override: Value = None,
    target: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["system_override"],
    compiled: Value,
    device: Value,
    gfx: Value,
    name: Value,
    newest: Value,
    override: Value,
    target: Value,
    first: Value = None,
    install: Value | Shell = None,
    install_elsewhere: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GFX_NOT_COMPILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["windows"],
    compiled: Value,
    device: Value,
    gfx: Value,
    install_elsewhere: Value,
    name: Value,
    torch: Value,
    first: Value = None,
    install: Value | Shell = None,
    newest: Value = None,
    override: Value = None,
    target: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KERNELS_BY_PTX_JIT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    arch: Value,
    cuda: Value,
    device: Value,
    name: Value,
    ptx: Value,
    torch: Value,
    compiled: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MEMORY_QUERY_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    how: Value,
    step: Value,
    device: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MEMORY_QUERY_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["intel_gpu"],
    device: Value,
    how: Value = None,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MEMORY_QUERY_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sycl"],
    device: Value = None,
    how: Value = None,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_runtime"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["gaudi"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["hip_allocator"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["hip_runtime"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["neuron_runtime"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xla_runtime"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xpu_allocator"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xpu_block_limit"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEVICE_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xpu_runtime"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ALLOCATION_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    error: Value,
    hardware_remedy: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PROBE_TIMEOUT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    how: Value,
    install: Value | Shell,
    package: Value,
    step: Value,
    install_elsewhere: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PROBE_CRASHED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    how: Value,
    install: Value | Shell,
    package: Value,
    step: Value,
    install_elsewhere: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PROBE_ERROR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    how: Value,
    install: Value | Shell,
    package: Value,
    step: Value,
    install_elsewhere: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PROBE_MALFORMED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    what: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHADOWED_MODULE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    modules: Value,
    paths: Value,
    plural: Value,
    module: Value = None,
    package: Value = None,
    path: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHADOWED_MODULE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["pasted"],
    module: Value,
    package: Value,
    path: Value,
    said: Value,
    modules: Value = None,
    paths: Value = None,
    plural: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_UNUSABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    how: Value,
    python: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    branch: Value,
    driver: Value,
    floor: Value,
    on_gpu: Value,
    reinstall: Value | Shell,
    rule: Value,
    toolkit: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_GPU_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    driver: Value,
    gpu: Value,
    remedy: Value,
    why: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_CUDA_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    branch: Value,
    floor: Value,
    number: Value,
    reinstall: Value | Shell,
    rule: Value,
    supports: Value,
    toolkit: Value,
    torch: Value,
    driver: Value = None,
    needs: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_CUDA_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["container"],
    driver: Value,
    floor: Value,
    needs: Value,
    reinstall: Value | Shell,
    branch: Value = None,
    number: Value = None,
    rule: Value = None,
    supports: Value = None,
    toolkit: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_CUDA_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["ptx"],
    driver: Value,
    needs: Value,
    reinstall: Value | Shell,
    branch: Value = None,
    floor: Value = None,
    number: Value = None,
    rule: Value = None,
    supports: Value = None,
    toolkit: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_CUDA_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["runtime_said"],
    reinstall: Value | Shell,
    branch: Value = None,
    driver: Value = None,
    floor: Value = None,
    needs: Value = None,
    number: Value = None,
    rule: Value = None,
    supports: Value = None,
    toolkit: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_CUDA_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["said"],
    reinstall: Value | Shell,
    branch: Value = None,
    driver: Value = None,
    floor: Value = None,
    needs: Value = None,
    number: Value = None,
    rule: Value = None,
    supports: Value = None,
    toolkit: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_CUDA_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["toolkit_unknown"],
    number: Value,
    reinstall: Value | Shell,
    supports: Value,
    branch: Value = None,
    driver: Value = None,
    floor: Value = None,
    needs: Value = None,
    rule: Value = None,
    toolkit: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_LIBRARY_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    kernel: Value,
    library: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_LIBRARY_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_803"],
    kernel: Value = None,
    library: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_LIBRARY_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["said"],
    where: Value,
    kernel: Value = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_NOUVEAU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    branch_hint: Value,
    hardware: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    branch_hint: Value,
    hardware: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_NOT_FOUND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    torch: Value,
    needed: Value = None,
    shown: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_NOT_FOUND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["nvcuda"],
    needed: Value,
    shown: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_NOT_FOUND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["nvcuda_no_gpu"],
    needed: Value,
    shown: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_NOT_FOUND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["version_unknown"],
    needed: Value = None,
    shown: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_FORWARD_COMPAT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    driver: Value = None,
    floor: Value = None,
    gpu: Value = None,
    native: Value = None,
    said: Value = None,
    shown: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DRIVER_FORWARD_COMPAT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["smi"],
    driver: Value,
    floor: Value,
    gpu: Value,
    native: Value,
    said: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_RUNTIME_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    runtime: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_RUNTIME_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["habana"],
    runtime: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_RUNTIME_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unknown_runtime"],
    runtime: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_GPU_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    machine: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_GPU_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["mac"],
    machine: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["bitsandbytes"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["built"],
    built: Value,
    gpu: Value,
    library: Value,
    release: Value,
    said: Value,
    source: Value,
    way: Value,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    listed: Value = None,
    method: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["compute_type"],
    device: Value,
    dtype: Value,
    floor: Value,
    said: Value,
    built: Value = None,
    cap: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["compute_type_cpu"],
    dtype: Value,
    floor: Value,
    gpu: Value,
    said: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["compute_type_int8"],
    device: Value,
    dtype: Value,
    said: Value,
    built: Value = None,
    cap: Value = None,
    floor: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn2_used"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_asked"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_build"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_mac"],
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_rocm"],
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_said"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_used"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flash_attn_wanted"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["refused"],
    device: Value,
    hardware: Value,
    library: Value,
    listed: Value,
    said: Value,
    built: Value = None,
    cap: Value = None,
    dtype: Value = None,
    floor: Value = None,
    gpu: Value = None,
    image: Value = None,
    method: Value = None,
    release: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sageattention"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sageattention_arch"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tei_gpu"],
    built: Value,
    gpu: Value,
    image: Value,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tei_image"],
    built: Value,
    cap: Value,
    gpu: Value,
    image: Value,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tgi"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["triton"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["triton_llvm"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unsloth"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unsloth_float8"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm_quant"],
    floor: Value,
    gpu: Value,
    method: Value,
    said: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    release: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm_rocm"],
    gpu: Value,
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xformers_mac"],
    built: Value = None,
    cap: Value = None,
    device: Value = None,
    dtype: Value = None,
    floor: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    said: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.EXTENSION_ARCH_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xformers_mps"],
    device: Value,
    said: Value,
    built: Value = None,
    cap: Value = None,
    dtype: Value = None,
    floor: Value = None,
    gpu: Value = None,
    hardware: Value = None,
    image: Value = None,
    library: Value = None,
    listed: Value = None,
    method: Value = None,
    release: Value = None,
    source: Value = None,
    way: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cpu_library"],
    install: Value | Shell = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["detection_failed"],
    install: Value | Shell = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["missing"],
    library: Value,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_cudart"],
    install: Value | Shell = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_gpu"],
    library: Value,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["setup_failed"],
    install: Value | Shell = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch_no_cuda"],
    install: Value | Shell = None,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["windows"],
    install: Value | Shell,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_WITHOUT_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["windows_setup"],
    install: Value | Shell,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["empty_device"],
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["gpu_worker_cpu"],
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_cuda_gpus"],
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unspecified"],
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    gpu: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["accelerate"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["accelerate_check"],
    torch: Value,
    gpu: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["autocast"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["ptxas"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["said"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["said_asked"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["said_ran"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["transformers"],
    gpu: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TOOL_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    hardware_remedy: Value,
    problem: Value,
    tool: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
    spec: Value,
    upgrade: Value | Shell,
    version: Value,
    problem: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unanswered"],
    library: Value,
    problem: Value,
    spec: Value,
    upgrade: Value | Shell,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TABLES_NEWER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    libraries: Value,
    newest: Value,
    rules_of: Value,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TABLES_NEWER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["confirmed"],
    libraries: Value,
    newest: Value,
    rules_of: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TABLES_STALE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    disagreements: Value,
    libraries: Value,
    newest: Value,
    rules_of: Value,
    where: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MODEL_UNREADABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    error: Value,
    model: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLASH_ATTENTION_UNUSABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    attention: Value,
    model: Value,
    torch: Value,
    why: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    library: Value,
    python: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_DISAGREE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    state: Value,
    training: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.AUTO_FALLS_BACK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    usable: Value,
    why: Value,
    command: Value | Shell = None,
    strategy: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.AUTO_FALLS_BACK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["load"],
    command: Value | Shell,
    device: Value,
    strategy: Value,
    usable: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.AUTO_IGNORES],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    device: Value,
    family: Value,
    hardware: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.USE_CPU_ENV_HALF],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    n_gpu: Value,
    raw: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ACCELERATE_CONFIG_CPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    seen: Value,
    torch: Value,
    value: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XLA_OVERRIDES],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    reason: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NOT_AUTOLOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    module: Value,
    package: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TRAINING_RAISES],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    error: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LAUNCHER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    collective: Value,
    device: Value,
    distributed_type: Value,
    local_rank: Value,
    world_size: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VERIFY_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    actual: Value,
    name: Value,
    predicted: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VERIFY_INCOMPLETE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    problem: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_DEVICE_UNUSABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value | Shell,
    install: Value | Shell,
    reasons: Value,
    remedies: Value,
    there: Value | Shell,
    usable: Value,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    step: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_NOT_FOUND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    on: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_REVISION_NOT_FOUND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_GATED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_NOT_CACHED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    model: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_NETWORK_UNREACHABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    cause: Value | Shell,
    endpoint: Value | Shell,
    model: Value | Shell,
    route: Value | Shell,
    step: Value | Shell,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_DNS_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    cause: Value | Shell,
    endpoint: Value | Shell,
    host: Value | Shell,
    model: Value | Shell,
    route: Value | Shell,
    step: Value | Shell,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    mirror: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_PROXY_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    cause: Value | Shell,
    endpoint: Value | Shell,
    endpoint_source: Value | Shell,
    model: Value | Shell,
    proxy: Value | Shell,
    proxy_env: Value | Shell,
    proxy_vars: Value | Shell,
    step: Value | Shell,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    on: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_HUB_TIMEOUT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    cause: Value | Shell,
    endpoint: Value | Shell,
    model: Value | Shell,
    route: Value | Shell,
    step: Value | Shell,
    timeout: Value | Shell,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    status: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_UNAUTHORIZED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    endpoint: Value | Shell,
    mirror: Value | Shell,
    model: Value | Shell,
    route: Value | Shell,
    status: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    detail: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_REMOTE_CODE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    command: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_REMOTE_CODE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["local"],
    command: Value | Shell,
    model: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_MISSING_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_NO_KERNEL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_DEVICE_LOST],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    error: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    error: Value | Shell,
    step: Value | Shell,
    cause: Value | Shell = None,
    command: Value | Shell = None,
    detail: Value | Shell = None,
    device: Value | Shell = None,
    endpoint: Value | Shell = None,
    endpoint_source: Value | Shell = None,
    host: Value | Shell = None,
    mirror: Value | Shell = None,
    model: Value | Shell = None,
    on: Value | Shell = None,
    proxy: Value | Shell = None,
    proxy_env: Value | Shell = None,
    proxy_vars: Value | Shell = None,
    route: Value | Shell = None,
    status: Value | Shell = None,
    timeout: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_HANG],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    step: Value,
    timeout: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LOAD_CRASH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    signal: Value,
    step: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OFFLOADED_TO_DISK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    parameters: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    ranks: Value,
    reported: Value,
    timeout: Value,
    total: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_CHECK_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    problem: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_VERSIONS_DIFFER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    package: Value,
    versions: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_DEVICES_DIFFER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    types: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_COUNTS_DIFFER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    counts: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_SHARE_DEVICES],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    devices: Value,
    host: Value,
    mapping: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_VISIBILITY_DIFFERS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    host: Value,
    mapping: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_ALL_REDUCE_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    collective: Value,
    detail: Value,
    device: Value,
    rank: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RANKS_REPORT_REJECTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    rank: Value,
    reason: Value,
    what: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BANDWIDTH_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    collective: Value,
    detail: Value,
    device: Value,
    rank: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BANDWIDTH_BELOW_PCIE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    basis: Value,
    devices: Value,
    expected: Value,
    first: Value,
    link: Value,
    measured: Value,
    second: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BANDWIDTH_BELOW_NVLINK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    basis: Value,
    devices: Value,
    expected: Value,
    first: Value,
    link: Value,
    measured: Value,
    second: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_MIXED_CUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    majors: Value,
    owners: Value,
    paths: Value,
    pip_list: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_MIXED_CUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["installed"],
    majors: Value,
    owners: Value,
    paths: Value,
    pip_list: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_DUPLICATE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
    owners: Value,
    paths: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_SHADOWED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    dist: Value,
    kept: Value,
    library: Value,
    loaded: Value,
    origin: Value,
    variable: Value,
    via: Value,
    wheel: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_SHADOWED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["system"],
    dist: Value,
    library: Value,
    loaded: Value,
    origin: Value,
    wheel: Value,
    kept: Value = None,
    variable: Value = None,
    via: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_SHADOWED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unset"],
    dist: Value,
    library: Value,
    loaded: Value,
    origin: Value,
    variable: Value,
    via: Value,
    wheel: Value,
    kept: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_CONDA_AND_PIP],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    conda: Value,
    pip: Value,
    pip_list: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARIES_CUDNN_OLDER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    compiled: Value,
    kept: Value,
    path: Value,
    runtime: Value,
    torch: Value,
    via: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_WHEELS_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    missing: Value,
    reinstall: Value | Shell,
    requirement: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_WHEELS_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    dist: Value,
    installed: Value,
    reinstall: Value | Shell,
    torch: Value,
    wanted: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_DEVICE_EXTRA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    gfx: Value,
    install: Value | Shell,
    installed: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_XID_RECORDED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    meaning: Value,
    times: Value,
    xid: Value,
    bus_id: Value | Shell = None,
    catalogue: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_XID_RESTART_APP],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    catalogue: Value,
    device: Value,
    meaning: Value,
    times: Value,
    xid: Value,
    bus_id: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_XID_RESET],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    bus_id: Value,
    catalogue: Value,
    device: Value,
    meaning: Value,
    times: Value,
    xid: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_XID_REBOOT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    catalogue: Value,
    device: Value,
    meaning: Value,
    times: Value,
    xid: Value,
    bus_id: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_XID_SERVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    catalogue: Value,
    device: Value,
    meaning: Value,
    times: Value,
    xid: Value,
    bus_id: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_SXID_FATAL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    times: Value,
    xid: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_KERNEL_LOG_UNREAD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    problem: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_ECC_UNCORRECTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    aggregate: Value,
    bus_id: Value,
    device: Value,
    name: Value,
    volatile: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_REMAP_PENDING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    bus_id: Value,
    device: Value,
    name: Value,
    uncorrectable: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_REMAP_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    name: Value,
    bus_id: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_RETIREMENT_PENDING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    bus_id: Value,
    device: Value,
    name: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_NVLINK_DOWN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    links: Value,
    name: Value,
    up: Value,
    bus_id: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_THROTTLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    device: Value,
    name: Value,
    reasons: Value,
    bus_id: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_NODES_DIFFER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hosts: Value,
    largest: Value,
    odd: Value,
    total: Value,
    configurations: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_NODES_DIFFER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_majority"],
    configurations: Value,
    largest: Value,
    total: Value,
    hosts: Value = None,
    odd: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_NODES_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    hosts: Value,
    total: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_UNREADABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    directory: Value,
    files: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_NOT_REPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    directory: Value,
    expected: Value,
    hosts: Value,
    nodelist: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_DRAIN_SERVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    causes: Value,
    count: Value,
    hosts: Value,
    nodelist: Value,
    reason: Value,
    total: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_DRAIN_REBOOT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    causes: Value,
    count: Value,
    hosts: Value,
    nodelist: Value,
    reason: Value,
    total: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_DRAIN_RESET],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    causes: Value,
    count: Value,
    hosts: Value,
    nodelist: Value,
    reason: Value,
    total: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.FLEET_TOO_LARGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    count: Value,
    directory: Value,
    files: Value,
    first: Value,
    limit: Value,
    total: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_ASKED_FOR_CUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_PYTHON_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    module: Value = None,
    top: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_PYTHON_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["module"],
    install: Value | Shell,
    module: Value,
    top: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_PYTHON_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["python"],
    install: Value | Shell,
    module: Value,
    top: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_PYTHON_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["toolkit"],
    install: Value | Shell,
    module: Value,
    top: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ACCELERATE_GPU_IDS_NONE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    torch: Value,
    value: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NVCC_MAJOR_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    cuda: Value,
    install: Value | Shell,
    major: Value,
    nvcc: Value,
    nvcc_major: Value,
    toolkit: Value | Shell,
    torch: Value,
    built: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NVCC_MAJOR_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["minor"],
    built: Value,
    cuda: Value,
    install: Value | Shell,
    major: Value,
    nvcc: Value,
    toolkit: Value | Shell,
    nvcc_major: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NVCC_MAJOR_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["refused"],
    built: Value,
    cuda: Value,
    install: Value | Shell,
    major: Value,
    nvcc: Value,
    nvcc_major: Value,
    toolkit: Value | Shell,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    torch: Value,
    macos: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["accelerate"],
    macos: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["accelerate_torch"],
    torch: Value,
    macos: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["macos"],
    macos: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BF16_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unshown"],
    macos: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DS_CUDA_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    installed: Value,
    installed_major: Value,
    torch: Value,
    torch_major: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DS_CUDA_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["same_major"],
    installed: Value,
    torch: Value,
    installed_major: Value = None,
    torch_major: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_ON_MAC],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell = None,
    requirement: Value = None,
    tool: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_ON_MAC],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["macos_loader"],
    install: Value | Shell = None,
    requirement: Value = None,
    tool: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_ON_MAC],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_wheel"],
    install: Value | Shell,
    requirement: Value,
    tool: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_ON_MAC],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["quantizer"],
    install: Value | Shell = None,
    requirement: Value = None,
    tool: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.WSL_NO_LIBCUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    alternative: Value,
    install: Value | Shell,
    library: Value,
    needed: Value,
    packages: Value,
    release: Value,
    present: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["macos"],
    library: Value,
    needed: Value,
    alternative: Value = None,
    install: Value | Shell = None,
    packages: Value = None,
    present: Value = None,
    provides: Value = None,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["other_release"],
    library: Value,
    needed: Value,
    present: Value,
    release: Value,
    alternative: Value = None,
    install: Value | Shell = None,
    packages: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["system_words"],
    alternative: Value,
    library: Value,
    needed: Value,
    packages: Value,
    release: Value,
    install: Value | Shell = None,
    present: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch"],
    library: Value,
    needed: Value,
    alternative: Value = None,
    install: Value | Shell = None,
    packages: Value = None,
    present: Value = None,
    provides: Value = None,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unknown"],
    library: Value,
    needed: Value,
    alternative: Value = None,
    install: Value | Shell = None,
    packages: Value = None,
    present: Value = None,
    provides: Value = None,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vendor"],
    library: Value,
    needed: Value,
    provides: Value,
    alternative: Value = None,
    install: Value | Shell = None,
    packages: Value = None,
    present: Value = None,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SHARED_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["windows"],
    library: Value,
    needed: Value,
    alternative: Value = None,
    install: Value | Shell = None,
    packages: Value = None,
    present: Value = None,
    provides: Value = None,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
    package: Value,
    what: Value,
    torch_cuda: Value = None,
    torch_major: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["other_major"],
    library: Value,
    package: Value,
    torch_cuda: Value,
    torch_major: Value,
    what: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BUFFER_TOO_LARGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    size: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BUFFER_TOO_LARGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["dims"],
    size: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BUFFER_TOO_LARGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["ndarray"],
    size: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_EXECSTACK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
    path: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_EXECSTACK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["name_only"],
    library: Value,
    path: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_EXECSTACK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unnamed"],
    library: Value = None,
    path: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_NOT_BUILT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IGPU_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    gpu: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IGPU_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["old_igpu"],
    gpu: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IGPU_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["spirv_unnamed"],
    said: Value,
    gpu: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IGPU_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch_warns"],
    gpu: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HPU_VERSIONS_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    host: Value,
    image: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HPU_ACQUIRE_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HPU_ACQUIRE_FAILED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["already_acquired"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HPU_BRIDGE_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    module: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_DRIVER_UNUSABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_DRIVER_UNUSABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_device_file"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_DRIVER_UNUSABLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["old_package"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_TORCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    dev: Value,
    install: Value | Shell,
    release: Value,
    shown: Value,
    torch: Value,
    torch_npu: Value,
    vllm: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["bitsandbytes"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["bitsandbytes_npu"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["bitsandbytes_rocm"],
    accelerator: Value,
    install: Value | Shell,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_build"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    install: Value | Shell = None,
    uninstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_build_amd"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    install: Value | Shell = None,
    uninstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_library"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["deepspeed_cuda_on_mac"],
    accelerator: Value,
    said: Value,
    shown: Value,
    install: Value | Shell = None,
    package: Value = None,
    uninstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["deepspeed_mps"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["deepspeed_no_gpu"],
    accelerator: Value,
    said: Value,
    shown: Value,
    install: Value | Shell = None,
    package: Value = None,
    uninstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm_no_gpu"],
    accelerator: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
    package: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm_npu"],
    accelerator: Value,
    package: Value,
    said: Value,
    shown: Value,
    uninstall: Value | Shell,
    install: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_ONLY_PACKAGE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm_platform_no_cuda"],
    accelerator: Value,
    said: Value,
    shown: Value,
    install: Value | Shell = None,
    package: Value = None,
    uninstall: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IPEX_NOT_IMPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    ipex: Value,
    said: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IPEX_NOT_IMPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch_not_shown"],
    ipex: Value,
    said: Value,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_OPTIMUM_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    pinned: Value,
    release: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BUFFER_SHORT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_NOT_LINKED_UNSHOWN],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LAUNCH_BLOCKING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    value: Value,
    variable: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    size: Value,
    acl: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["acl"],
    acl: Value,
    size: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cann"],
    acl: Value = None,
    size: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_OUT_OF_MEMORY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["exabyte"],
    acl: Value = None,
    size: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_LIBRARY_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["nnal"],
    library: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_DRIVER_NOT_VISIBLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_DRIVER_NOT_VISIBLE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["npu_smi"],
    library: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_NPU_CANN_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    cann: Value,
    install: Value | Shell,
    paired: Value,
    torch_npu: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NUMPY_ABI],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    numpy: Value,
    torch_words: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NUMPY_ABI],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["abi"],
    install: Value | Shell,
    numpy: Value,
    torch_words: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.IMAGE_PLATFORM],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    mac: Value,
    platform: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.IMAGE_PLATFORM],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["other"],
    mac: Value,
    platform: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NO_CUDA_TOOLKIT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    builder: Value,
    pointer: Value,
    release: Value,
    said: Value,
    toolkit: Value | Shell,
    torch_words: Value,
    package: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NO_CUDA_TOOLKIT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cmake"],
    builder: Value,
    pointer: Value,
    release: Value,
    said: Value,
    toolkit: Value | Shell,
    torch_words: Value,
    package: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NO_CUDA_TOOLKIT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["deepspeed"],
    builder: Value,
    pointer: Value,
    release: Value,
    said: Value,
    toolkit: Value | Shell,
    torch_words: Value,
    package: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NO_CUDA_TOOLKIT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["prebuilt"],
    builder: Value,
    package: Value,
    pointer: Value,
    release: Value,
    said: Value,
    toolkit: Value | Shell,
    torch_words: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_FP16_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
    who: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_FP16_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch"],
    said: Value,
    who: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONTAINER_NO_NVML],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.IPEX_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    ipex: Value,
    ipex_xy: Value,
    torch: Value,
    library: Value = None,
    show: Value | Shell = None,
    symbol: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.IPEX_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["intel_gpu"],
    install: Value | Shell,
    ipex: Value,
    ipex_xy: Value,
    torch: Value,
    library: Value = None,
    show: Value | Shell = None,
    symbol: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.IPEX_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["symbol"],
    install: Value | Shell,
    ipex: Value,
    ipex_xy: Value,
    library: Value,
    symbol: Value,
    torch: Value,
    show: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.IPEX_TORCH_MISMATCH],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["symbol_unshown"],
    library: Value,
    show: Value | Shell,
    symbol: Value,
    install: Value | Shell = None,
    ipex: Value = None,
    ipex_xy: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    chip: Value,
    chip_said: Value = None,
    image: Value = None,
    said: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["asked_310p"],
    chip: Value,
    image: Value,
    chip_said: Value = None,
    said: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["build_310p"],
    chip: Value,
    image: Value,
    why: Value,
    chip_said: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["question_310p"],
    chip: Value,
    image: Value,
    chip_said: Value = None,
    said: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["soc"],
    chip_said: Value,
    said: Value,
    chip: Value = None,
    image: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_ROCM_PREVIEW],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    uninstall: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BNB_ROCM_PREVIEW],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["missing"],
    install: Value | Shell,
    uninstall: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DEEPSPEED_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
    shown: Value,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["library"],
    library: Value,
    said: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["library_mac"],
    library: Value,
    said: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["library_other"],
    library: Value,
    said: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["mlc"],
    library: Value,
    said: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["other"],
    said: Value,
    shown: Value,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["triton"],
    said: Value,
    shown: Value,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.GPU_LIBRARY_NO_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["triton_other"],
    said: Value,
    shown: Value,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PIN_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    found: Value,
    install: Value | Shell,
    owner: Value,
    package: Value,
    skip: Value | Shell,
    spec: Value,
    who: Value,
    other: Value = None,
    other_spec: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PIN_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["apart"],
    other: Value,
    other_spec: Value,
    owner: Value,
    package: Value,
    spec: Value,
    found: Value = None,
    install: Value | Shell = None,
    skip: Value | Shell = None,
    who: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PIN_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["asked"],
    other: Value,
    other_spec: Value,
    package: Value,
    spec: Value,
    found: Value = None,
    install: Value | Shell = None,
    owner: Value = None,
    skip: Value | Shell = None,
    who: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PIN_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["fits"],
    found: Value,
    install: Value | Shell,
    other: Value,
    other_spec: Value,
    owner: Value,
    package: Value,
    spec: Value,
    skip: Value | Shell = None,
    who: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PIN_REFUSED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["resolver"],
    found: Value,
    install: Value | Shell,
    owner: Value,
    package: Value,
    skip: Value | Shell,
    spec: Value,
    other: Value = None,
    other_spec: Value = None,
    who: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NAME_MISSPELT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    meant: Value,
    package: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    package: Value,
    python: Value,
    spec: Value,
    venv: Value | Shell,
    why: Value,
    built: Value = None,
    here: Value = None,
    label: Value = None,
    machine: Value = None,
    requirer: Value = None,
    said: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["builds"],
    install: Value | Shell,
    machine: Value,
    package: Value,
    spec: Value,
    venv: Value | Shell,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    label: Value = None,
    python: Value = None,
    requirer: Value = None,
    said: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["conda"],
    package: Value,
    said: Value,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    python: Value = None,
    requirer: Value = None,
    spec: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    venv: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["guard"],
    package: Value,
    python: Value,
    said: Value,
    spec: Value,
    venv: Value | Shell,
    built: Value = None,
    here: Value = None,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    requirer: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["index"],
    install: Value | Shell,
    package: Value,
    spec: Value,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    label: Value = None,
    machine: Value = None,
    python: Value = None,
    requirer: Value = None,
    said: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    venv: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["installer"],
    package: Value,
    said: Value,
    spec: Value,
    tool: Value,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    python: Value = None,
    requirer: Value = None,
    system: Value = None,
    tags: Value = None,
    venv: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["local"],
    install: Value | Shell,
    label: Value,
    package: Value,
    requirer: Value,
    spec: Value,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    machine: Value = None,
    python: Value = None,
    said: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    venv: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["platform"],
    package: Value,
    said: Value,
    spec: Value,
    system: Value,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    python: Value = None,
    requirer: Value = None,
    tags: Value = None,
    tool: Value = None,
    venv: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["requires_python"],
    package: Value,
    python: Value,
    spec: Value,
    venv: Value | Shell,
    why: Value,
    built: Value = None,
    here: Value = None,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    requirer: Value = None,
    said: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["source_build"],
    install: Value | Shell,
    machine: Value,
    package: Value,
    spec: Value,
    venv: Value | Shell,
    where: Value,
    why: Value,
    built: Value = None,
    here: Value = None,
    label: Value = None,
    python: Value = None,
    requirer: Value = None,
    said: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["wheel"],
    built: Value,
    here: Value,
    package: Value,
    said: Value,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    python: Value = None,
    requirer: Value = None,
    spec: Value = None,
    system: Value = None,
    tags: Value = None,
    tool: Value = None,
    venv: Value | Shell = None,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["wheel_platform"],
    built: Value,
    here: Value,
    package: Value,
    said: Value,
    tags: Value,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    python: Value = None,
    requirer: Value = None,
    spec: Value = None,
    system: Value = None,
    tool: Value = None,
    venv: Value | Shell = None,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PYTHON_VERSION_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["wheel_python"],
    built: Value,
    here: Value,
    package: Value,
    python: Value,
    said: Value,
    tags: Value,
    venv: Value | Shell,
    install: Value | Shell = None,
    label: Value = None,
    machine: Value = None,
    requirer: Value = None,
    spec: Value = None,
    system: Value = None,
    tool: Value = None,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HALF_ON_CPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    kernel: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_FLOAT64],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_DTYPE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    dtype: Value,
    instead: Value,
    weights: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_DTYPE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["weights"],
    dtype: Value,
    instead: Value,
    weights: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_FLOAT64],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_FLOAT64],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["igc"],
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_FLOAT64],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["ipex"],
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_OPERATOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    operator: Value,
    torch: Value,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_OPERATOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["library"],
    library: Value,
    operator: Value,
    torch: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_KERNELS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    rebuild: Value | Shell,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_KERNELS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["kernels"],
    rebuild: Value | Shell,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_ASCEND_KERNELS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["symbol"],
    rebuild: Value | Shell,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_ONEAPI_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value,
    release: Value,
    required: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_ONEAPI_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["mkl_ijit"],
    library: Value,
    release: Value,
    version: Value,
    required: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_ONEAPI_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["older_first"],
    library: Value,
    release: Value,
    required: Value,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_ONEAPI_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["older_first_unknown"],
    library: Value,
    required: Value,
    version: Value,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_ONEAPI_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["release_unknown"],
    library: Value,
    release: Value = None,
    required: Value = None,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_JIT_FIRST_USE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IPEX_DLL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    dll: Value,
    why: Value,
    winerror: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_IPEX_DLL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["dll_unnamed"],
    why: Value,
    winerror: Value,
    dll: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_KV_CACHE_SHORT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    capacity: Value,
    fit: Value,
    length: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_KV_CACHE_SHORT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["fit_unknown"],
    capacity: Value,
    length: Value,
    fit: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.VLLM_KV_CACHE_SHORT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none"],
    capacity: Value = None,
    fit: Value = None,
    length: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TGI_TOKEN_LIMITS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TGI_TOKEN_LIMITS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["launcher"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_NO_DEVICE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_RUNTIME_DRIVER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
    rtd: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_RUNTIME_DRIVER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["nrtd"],
    rtd: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_RUNTIME_DRIVER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["oci_hook"],
    said: Value,
    rtd: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_RUNTIME_DRIVER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["release"],
    said: Value,
    rtd: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TRANSFORMERS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    first: Value,
    found: Value,
    install: Value | Shell,
    module: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HPU_SOFTWARE_RELEASE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    found: Value,
    found_release: Value,
    validated: Value,
    what: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TPU_NODE_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
    xla: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TPU_NODE_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["colab"],
    said: Value,
    xla: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XLA_TORCH_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    shown: Value,
    symbol: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PJRT_DEVICE_UNSET],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PJRT_DEVICE_UNSET],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["xrt"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBTPU_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBTPU_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["flag"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBTPU_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tensorflow"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TPU_IN_USE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    pid: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_KERNELS_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    on: Value,
    package: Value,
    release: Value,
    shown: Value,
    version: Value,
    built: Value = None,
    device: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CANN_KERNELS_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["wrong_soc"],
    built: Value,
    device: Value,
    package: Value,
    release: Value,
    version: Value,
    on: Value = None,
    shown: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONDA_LIBSTDCXX],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    gcc: Value,
    install: Value | Shell,
    library: Value,
    symbol: Value,
    needed_by: Value | Shell = None,
    prefix: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CONDA_LIBSTDCXX],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["environment_unnamed"],
    gcc: Value,
    install: Value | Shell,
    library: Value,
    symbol: Value,
    needed_by: Value | Shell = None,
    prefix: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BACKEND_ASSERTION],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BACKEND_ASSERTION],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["command_buffer"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_BACKEND_ASSERTION],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["mixed"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_TORCH_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    found: Value,
    framework: Value,
    install: Value | Shell,
    said: Value,
    wanted: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_CORES_IN_USE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TRANSFORMERS_MODEL_TYPE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    first: Value,
    found: Value,
    install: Value | Shell,
    kind: Value,
    model_type: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TRANSFORMERS_OLDER_THAN_MODEL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    first: Value,
    found: Value,
    install: Value | Shell,
    kind: Value,
    model: Value,
    model_type: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SENTENCE_TRANSFORMERS_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    argument: Value,
    first: Value,
    found: Value,
    install: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_ASKED_FOR_CUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    shown: Value,
    library: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.MPS_ASKED_FOR_CUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["library"],
    library: Value,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.XPU_ASKED_FOR_CUDA],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    shown: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NVCC_BELOW_FLOOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    builder: Value,
    floor: Value,
    nvcc: Value,
    toolkit: Value | Shell,
    wheel: Value,
    who: Value,
    cuda: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NVCC_BELOW_FLOOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["apart"],
    builder: Value,
    cuda: Value,
    floor: Value,
    nvcc: Value,
    toolkit: Value | Shell,
    torch: Value,
    wheel: Value,
    who: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NVCC_BELOW_FLOOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch_below"],
    builder: Value,
    cuda: Value,
    floor: Value,
    nvcc: Value,
    toolkit: Value | Shell,
    torch: Value,
    who: Value,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TGI_MODEL_TYPE_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    model_type: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TGI_MODEL_TYPE_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["gaudi"],
    model_type: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.WHEEL_VERSION_INCONSISTENT],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    metadata: Value,
    named: Value,
    package: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    asic: Value,
    hardware: Value,
    said: Value,
    asic_name: Value = None,
    generation: Value = None,
    gfx: Value = None,
    gpu: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["gcn1"],
    asic_name: Value,
    hardware: Value,
    said: Value,
    asic: Value = None,
    generation: Value = None,
    gfx: Value = None,
    gpu: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["named"],
    generation: Value,
    gfx: Value,
    gpu: Value,
    hardware: Value,
    asic: Value = None,
    asic_name: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["named_asked"],
    generation: Value,
    gfx: Value,
    gpu: Value,
    hardware: Value,
    asic: Value = None,
    asic_name: Value = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    gfx: Value,
    gpu: Value,
    hardware: Value,
    release: Value,
    first: Value = None,
    install: Value | Shell = None,
    last: Value = None,
    newest: Value = None,
    override: Value = None,
    runtime: Value = None,
    status: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["dropped"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    last: Value,
    release: Value,
    status: Value,
    first: Value = None,
    install: Value | Shell = None,
    newest: Value = None,
    override: Value = None,
    runtime: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["dropped_asked"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    last: Value,
    release: Value,
    status: Value,
    first: Value = None,
    install: Value | Shell = None,
    newest: Value = None,
    override: Value = None,
    runtime: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["later"],
    first: Value,
    gfx: Value,
    gpu: Value,
    hardware: Value,
    release: Value,
    install: Value | Shell = None,
    last: Value = None,
    newest: Value = None,
    override: Value = None,
    runtime: Value = None,
    status: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["later_asked"],
    first: Value,
    gfx: Value,
    gpu: Value,
    hardware: Value,
    release: Value,
    install: Value | Shell = None,
    last: Value = None,
    newest: Value = None,
    override: Value = None,
    runtime: Value = None,
    status: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["never"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    newest: Value,
    release: Value,
    runtime: Value,
    first: Value = None,
    install: Value | Shell = None,
    last: Value = None,
    override: Value = None,
    status: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["never_asked"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    newest: Value,
    release: Value,
    runtime: Value,
    first: Value = None,
    install: Value | Shell = None,
    last: Value = None,
    override: Value = None,
    status: Value = None,
    target: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["never_wheel"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    install: Value | Shell,
    newest: Value,
    release: Value,
    runtime: Value,
    wheel: Value,
    first: Value = None,
    last: Value = None,
    override: Value = None,
    status: Value = None,
    target: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["never_wheel_asked"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    install: Value | Shell,
    newest: Value,
    release: Value,
    runtime: Value,
    wheel: Value,
    first: Value = None,
    last: Value = None,
    override: Value = None,
    status: Value = None,
    target: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sibling"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    newest: Value,
    override: Value,
    release: Value,
    runtime: Value,
    target: Value,
    first: Value = None,
    install: Value | Shell = None,
    last: Value = None,
    status: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sibling_asked"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    newest: Value,
    override: Value,
    release: Value,
    runtime: Value,
    target: Value,
    first: Value = None,
    install: Value | Shell = None,
    last: Value = None,
    status: Value = None,
    wheel: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sibling_wheel"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    install: Value | Shell,
    newest: Value,
    override: Value,
    release: Value,
    runtime: Value,
    target: Value,
    wheel: Value,
    first: Value = None,
    last: Value = None,
    status: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_GPU_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["sibling_wheel_asked"],
    gfx: Value,
    gpu: Value,
    hardware: Value,
    install: Value | Shell,
    newest: Value,
    override: Value,
    release: Value,
    runtime: Value,
    target: Value,
    wheel: Value,
    first: Value = None,
    last: Value = None,
    status: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    library: Value = None,
    listed: Value = None,
    module: Value = None,
    package: Value = None,
    platform: Value = None,
    platforms: Value = None,
    said: Value = None,
    wanted: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["compiled"],
    module: Value,
    package: Value,
    platform: Value,
    platforms: Value,
    said: Value,
    library: Value = None,
    listed: Value = None,
    wanted: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["container"],
    said: Value,
    wanted: Value,
    library: Value = None,
    listed: Value = None,
    module: Value = None,
    package: Value = None,
    platform: Value = None,
    platforms: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["container_asked"],
    said: Value,
    wanted: Value,
    library: Value = None,
    listed: Value = None,
    module: Value = None,
    package: Value = None,
    platform: Value = None,
    platforms: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["nccl"],
    platform: Value,
    library: Value = None,
    listed: Value = None,
    module: Value = None,
    package: Value = None,
    platforms: Value = None,
    said: Value = None,
    wanted: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["refused"],
    library: Value,
    listed: Value,
    platform: Value,
    said: Value,
    module: Value = None,
    package: Value = None,
    platforms: Value = None,
    wanted: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OS_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["triton"],
    library: Value = None,
    listed: Value = None,
    module: Value = None,
    package: Value = None,
    platform: Value = None,
    platforms: Value = None,
    said: Value = None,
    wanted: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_UNSUPPORTED_MACHINE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    documented: Value,
    instead: Value,
    library: Value,
    machine: Value,
    said: Value,
    source: Value,
    how: Value = None,
    install: Value | Shell = None,
    release: Value = None,
    show: Value | Shell = None,
    tie: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_UNSUPPORTED_MACHINE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["build"],
    documented: Value,
    instead: Value,
    library: Value,
    machine: Value,
    said: Value,
    source: Value,
    how: Value = None,
    install: Value | Shell = None,
    release: Value = None,
    show: Value | Shell = None,
    tie: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_UNSUPPORTED_MACHINE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["release"],
    documented: Value,
    instead: Value,
    library: Value,
    machine: Value,
    said: Value,
    source: Value,
    how: Value = None,
    install: Value | Shell = None,
    release: Value = None,
    show: Value | Shell = None,
    tie: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_UNSUPPORTED_MACHINE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["since"],
    documented: Value,
    install: Value | Shell,
    library: Value,
    machine: Value,
    release: Value,
    said: Value,
    show: Value | Shell,
    source: Value,
    how: Value = None,
    instead: Value = None,
    tie: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_UNSUPPORTED_MACHINE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["subject"],
    documented: Value,
    how: Value,
    instead: Value,
    library: Value,
    machine: Value,
    said: Value,
    source: Value,
    tie: Value,
    install: Value | Shell = None,
    release: Value = None,
    show: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_UNSUPPORTED_MACHINE],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["subject_words"],
    documented: Value,
    how: Value,
    instead: Value,
    library: Value,
    machine: Value,
    source: Value,
    tie: Value,
    install: Value | Shell = None,
    release: Value = None,
    said: Value = None,
    show: Value | Shell = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_SUPPORT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    at: Value,
    documented: Value,
    library: Value,
    machine: Value,
    releases: Value,
    source: Value,
    tracker: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_SUPPORT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["four_bit"],
    at: Value,
    documented: Value,
    library: Value,
    machine: Value,
    source: Value,
    releases: Value = None,
    tracker: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_SUPPORT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tracker"],
    at: Value,
    documented: Value,
    library: Value,
    machine: Value,
    releases: Value,
    source: Value,
    tracker: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_SUPPORT_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    at: Value,
    documented: Value,
    instead: Value,
    library: Value,
    machine: Value,
    releases: Value,
    source: Value,
    tracker: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.LIBRARY_SUPPORT_NOT_LISTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tracker"],
    at: Value,
    documented: Value,
    instead: Value,
    library: Value,
    machine: Value,
    releases: Value,
    source: Value,
    tracker: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SUPPORT_ASKED_NO_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    asked: Value,
    machine: Value,
    library: Value = None,
    subject: Value = None,
    tracker: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SUPPORT_ASKED_NO_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["subject"],
    asked: Value,
    library: Value,
    machine: Value,
    subject: Value,
    tracker: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.SUPPORT_ASKED_NO_LIBRARY],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tracker"],
    asked: Value,
    machine: Value,
    tracker: Value,
    library: Value = None,
    subject: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    isa: Value,
    library: Value,
    said: Value,
    cpu: Value = None,
    crash: Value = None,
    earlier: Value = None,
    family: Value = None,
    fixed: Value = None,
    has: Value = None,
    install: Value | Shell = None,
    instead: Value = None,
    library_said: Value | Shell = None,
    source: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["binary"],
    crash: Value,
    instead: Value,
    isa: Value,
    library: Value,
    source: Value,
    cpu: Value = None,
    earlier: Value = None,
    family: Value = None,
    fixed: Value = None,
    has: Value = None,
    install: Value | Shell = None,
    library_said: Value | Shell = None,
    said: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["binary_windows"],
    crash: Value,
    instead: Value,
    isa: Value,
    library: Value,
    source: Value,
    cpu: Value = None,
    earlier: Value = None,
    family: Value = None,
    fixed: Value = None,
    has: Value = None,
    install: Value | Shell = None,
    library_said: Value | Shell = None,
    said: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["crash"],
    crash: Value,
    isa: Value,
    library_said: Value | Shell,
    cpu: Value = None,
    earlier: Value = None,
    family: Value = None,
    fixed: Value = None,
    has: Value = None,
    install: Value | Shell = None,
    instead: Value = None,
    library: Value = None,
    said: Value = None,
    source: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["family"],
    cpu: Value,
    crash: Value,
    family: Value,
    has: Value,
    instead: Value,
    isa: Value,
    library: Value,
    source: Value,
    earlier: Value = None,
    fixed: Value = None,
    install: Value | Shell = None,
    library_said: Value | Shell = None,
    said: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch_arm"],
    cpu: Value,
    crash: Value,
    earlier: Value,
    fixed: Value,
    install: Value | Shell,
    isa: Value,
    source: Value,
    torch: Value,
    family: Value = None,
    has: Value = None,
    instead: Value = None,
    library: Value = None,
    library_said: Value | Shell = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["torch_arm_unnamed"],
    cpu: Value,
    crash: Value,
    earlier: Value,
    fixed: Value,
    install: Value | Shell,
    isa: Value,
    source: Value,
    torch: Value,
    family: Value = None,
    has: Value = None,
    instead: Value = None,
    library: Value = None,
    library_said: Value | Shell = None,
    said: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CPU_ISA_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vllm_avx512"],
    said: Value,
    cpu: Value = None,
    crash: Value = None,
    earlier: Value = None,
    family: Value = None,
    fixed: Value = None,
    has: Value = None,
    install: Value | Shell = None,
    instead: Value = None,
    isa: Value = None,
    library: Value = None,
    library_said: Value | Shell = None,
    source: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KERNELS_SKIPPED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    package: Value,
    spec: Value,
    torch: Value,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KERNELS_SKIPPED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["stated"],
    install: Value | Shell,
    package: Value,
    spec: Value,
    torch: Value,
    version: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    ram: Value,
    said: Value,
    wsl: Value,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["build"],
    ram: Value,
    said: Value,
    wsl: Value,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["colab"],
    said: Value,
    ram: Value = None,
    step: Value = None,
    wsl: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["container"],
    ram: Value,
    said: Value,
    step: Value = None,
    wsl: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["enomem"],
    ram: Value,
    said: Value,
    wsl: Value,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["killed"],
    ram: Value,
    said: Value,
    step: Value,
    wsl: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["neuron_compiler"],
    ram: Value,
    said: Value,
    step: Value = None,
    wsl: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["numpy"],
    ram: Value,
    said: Value,
    wsl: Value,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["oom_killer"],
    ram: Value,
    said: Value,
    wsl: Value,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_MEMORY_EXHAUSTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["python"],
    ram: Value,
    said: Value,
    wsl: Value,
    step: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NEURON_COMPILER_ERROR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
    version: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_WSL_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ROCM_WSL_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unsupported_gpu"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    package: Value,
    said: Value,
    accelerator: Value = None,
    floor: Value = None,
    found: Value = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_only"],
    accelerator: Value,
    package: Value,
    said: Value,
    floor: Value = None,
    found: Value = None,
    install: Value | Shell = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["elsewhere"],
    found: Value,
    package: Value,
    said: Value,
    accelerator: Value = None,
    floor: Value = None,
    install: Value | Shell = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["floor"],
    floor: Value,
    install: Value | Shell,
    package: Value,
    said: Value,
    accelerator: Value = None,
    found: Value = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_build"],
    package: Value,
    platforms: Value,
    said: Value,
    system: Value,
    accelerator: Value = None,
    floor: Value = None,
    found: Value = None,
    install: Value | Shell = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["older"],
    floor: Value,
    found: Value,
    install: Value | Shell,
    package: Value,
    said: Value,
    accelerator: Value = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["os_unshown"],
    package: Value,
    platforms: Value,
    said: Value,
    accelerator: Value = None,
    floor: Value = None,
    found: Value = None,
    install: Value | Shell = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["placeholder"],
    found: Value,
    install: Value | Shell,
    package: Value,
    said: Value,
    accelerator: Value = None,
    floor: Value = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["placeholder_unnamed"],
    said: Value,
    accelerator: Value = None,
    floor: Value = None,
    found: Value = None,
    install: Value | Shell = None,
    package: Value = None,
    platforms: Value = None,
    system: Value = None,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.PACKAGE_NOT_INSTALLED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["vendor"],
    install: Value | Shell,
    package: Value,
    said: Value,
    where: Value,
    accelerator: Value = None,
    floor: Value = None,
    found: Value = None,
    platforms: Value = None,
    system: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RELEASE_LACKS_NAME],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    found: Value,
    name: Value,
    package: Value,
    said: Value,
    first: Value = None,
    gone: Value = None,
    importer: Value = None,
    install: Value | Shell = None,
    instead: Value = None,
    last: Value = None,
    module: Value = None,
    prior: Value = None,
    what: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RELEASE_LACKS_NAME],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["added"],
    first: Value,
    found: Value,
    importer: Value,
    install: Value | Shell,
    package: Value,
    prior: Value,
    said: Value,
    what: Value,
    gone: Value = None,
    instead: Value = None,
    last: Value = None,
    module: Value = None,
    name: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RELEASE_LACKS_NAME],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["module"],
    found: Value,
    module: Value,
    package: Value,
    said: Value,
    first: Value = None,
    gone: Value = None,
    importer: Value = None,
    install: Value | Shell = None,
    instead: Value = None,
    last: Value = None,
    name: Value = None,
    prior: Value = None,
    what: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RELEASE_LACKS_NAME],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["newer"],
    first: Value,
    found: Value,
    install: Value | Shell,
    module: Value,
    package: Value,
    said: Value,
    gone: Value = None,
    importer: Value = None,
    instead: Value = None,
    last: Value = None,
    name: Value = None,
    prior: Value = None,
    what: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RELEASE_LACKS_NAME],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["older"],
    found: Value,
    gone: Value,
    install: Value | Shell,
    instead: Value,
    module: Value,
    package: Value,
    said: Value,
    first: Value = None,
    importer: Value = None,
    last: Value = None,
    name: Value = None,
    prior: Value = None,
    what: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.RELEASE_LACKS_NAME],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["removed"],
    first: Value,
    found: Value,
    gone: Value,
    importer: Value,
    install: Value | Shell,
    last: Value,
    package: Value,
    said: Value,
    what: Value,
    instead: Value = None,
    module: Value = None,
    name: Value = None,
    prior: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_WINDOWS_DLL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    dll: Value,
    winerror: Value,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_WINDOWS_DLL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["cuda_build"],
    dll: Value,
    winerror: Value,
    release: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_WINDOWS_DLL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["fbgemm"],
    release: Value,
    winerror: Value,
    dll: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCH_WINDOWS_DLL],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["import_c"],
    dll: Value = None,
    release: Value = None,
    winerror: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TENSORS_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TENSORS_APART],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["placeholder"],
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.OWN_CODE_LOOKUP],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    file: Value,
    key: Value,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    get: Value,
    machine: Value,
    package: Value,
    remedy: Value | Shell,
    said: Value,
    spec: Value,
    tool: Value,
    where: Value,
    why: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["no_wheels"],
    get: Value,
    machine: Value,
    package: Value,
    remedy: Value | Shell,
    said: Value,
    spec: Value,
    tool: Value,
    why: Value,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["table_build"],
    get: Value,
    machine: Value,
    package: Value,
    remedy: Value | Shell,
    said: Value,
    spec: Value,
    tool: Value,
    why: Value,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unknown"],
    get: Value,
    machine: Value,
    package: Value,
    remedy: Value | Shell,
    said: Value,
    spec: Value,
    tool: Value,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unlisted"],
    get: Value,
    machine: Value,
    package: Value,
    remedy: Value | Shell,
    said: Value,
    spec: Value,
    tool: Value,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unnamed"],
    get: Value,
    machine: Value,
    remedy: Value | Shell,
    said: Value,
    tool: Value,
    package: Value = None,
    spec: Value = None,
    where: Value = None,
    why: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.BUILD_TOOLCHAIN_MISSING],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["wheel_now"],
    get: Value,
    machine: Value,
    package: Value,
    remedy: Value | Shell,
    said: Value,
    spec: Value,
    tool: Value,
    why: Value,
    where: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DML_OPERATOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    operator: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DML_OPERATOR],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["fallback"],
    operator: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.DML_FLOAT64],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.ORT_CPU_AND_GPU],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    shown: Value,
    uninstall: Value | Shell,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCHAUDIO_BACKEND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    install: Value | Shell,
    majors: Value = None,
    said: Value = None,
    spec: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCHAUDIO_BACKEND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["ffmpeg"],
    install: Value | Shell,
    majors: Value,
    said: Value,
    spec: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.TORCHAUDIO_BACKEND],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["none"],
    install: Value | Shell,
    majors: Value = None,
    said: Value = None,
    spec: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_COMPILER_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    bound: Value,
    cuda: Value,
    said: Value,
    torch: Value,
    bits: Value = None,
    compiler: Value = None,
    toolchain: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_COMPILER_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["clang"],
    bound: Value,
    cuda: Value,
    said: Value,
    torch: Value,
    bits: Value = None,
    compiler: Value = None,
    toolchain: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_COMPILER_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["mingw_pthread"],
    bits: Value,
    said: Value,
    toolchain: Value,
    bound: Value = None,
    compiler: Value = None,
    cuda: Value = None,
    torch: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.HOST_COMPILER_UNSUPPORTED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["msvc"],
    bound: Value,
    compiler: Value,
    cuda: Value,
    said: Value,
    torch: Value,
    bits: Value = None,
    toolchain: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NUMPY_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    below: Value,
    first: Value,
    install: Value | Shell,
    running: Value,
    running_releases: Value,
    said: Value,
    shown: Value,
    wanted: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NUMPY_TOO_OLD],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["unknown"],
    install: Value | Shell,
    running: Value,
    said: Value,
    shown: Value,
    wanted: Value,
    below: Value = None,
    first: Value = None,
    running_releases: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.WSL_VULKAN_NO_DRIVER],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    said: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_PCI_ATOMICS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    hardware: Value,
    it: Value,
    needs: Value,
    said: Value,
    skipped: Value,
    taken: Value,
    cpu: Value = None,
    failure: Value = None,
    gpu: Value = None,
    readme: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_PCI_ATOMICS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["named_cpu"],
    cpu: Value,
    failure: Value,
    gpu: Value,
    hardware: Value,
    readme: Value,
    it: Value = None,
    needs: Value = None,
    said: Value = None,
    skipped: Value = None,
    taken: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_PCI_ATOMICS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["named_cpu_stated"],
    cpu: Value,
    gpu: Value,
    hardware: Value,
    readme: Value,
    failure: Value = None,
    it: Value = None,
    needs: Value = None,
    said: Value = None,
    skipped: Value = None,
    taken: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.KFD_PCI_ATOMICS],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["prose"],
    hardware: Value,
    it: Value,
    needs: Value,
    said: Value,
    skipped: Value,
    taken: Value,
    cpu: Value = None,
    failure: Value = None,
    gpu: Value = None,
    readme: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_CPU_FALLBACK],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    operator: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.NPU_FLOAT64],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    kernel: Value,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: None = None,
    builds: Value,
    by: Value,
    install: Value | Shell,
    library: Value,
    loader: Value,
    provides: Value,
    what: Value,
    build: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["onnxruntime"],
    build: Value,
    by: Value,
    install: Value | Shell,
    library: Value,
    what: Value,
    builds: Value = None,
    loader: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["onnxruntime_path"],
    build: Value,
    builds: Value = None,
    by: Value = None,
    install: Value | Shell = None,
    library: Value = None,
    loader: Value = None,
    provides: Value = None,
    what: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tensorflow"],
    library: Value,
    what: Value,
    build: Value = None,
    builds: Value = None,
    by: Value = None,
    install: Value | Shell = None,
    loader: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tensorflow_gpu"],
    library: Value,
    what: Value,
    build: Value = None,
    builds: Value = None,
    by: Value = None,
    install: Value | Shell = None,
    loader: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["tensorflow_unseen"],
    library: Value,
    what: Value,
    build: Value = None,
    builds: Value = None,
    by: Value = None,
    install: Value | Shell = None,
    loader: Value = None,
    provides: Value = None,
) -> Finding: ...


@overload
def finding(
    code: Literal[Code.CUDA_RUNTIME_NOT_LOADED],
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: Literal["windows"],
    builds: Value,
    by: Value,
    library: Value,
    loader: Value,
    provides: Value,
    what: Value,
    build: Value = None,
    install: Value | Shell = None,
) -> Finding: ...


def finding(
    code: Code,
    *,
    backend: str | None = None,
    evidence: str | None = None,
    variant: str | None = None,
    **params: Value | Shell,
) -> Finding:
    """The finding for `code` (catalogue.make_finding), checked by mypy above."""
    return make_finding(code, backend=backend, evidence=evidence, variant=variant, **params)
