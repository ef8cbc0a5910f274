"""Compatibility data: which builds run on which hardware, each rule with its source.

Beside the registry (which backends exist) this package holds what decides whether a given
torch build can run on a given machine. Diagnosis asks it; it asks nothing. One module a
subject:

- `kernels`: which compiled GPU code runs on which GPU (CUDA cubin/PTX rules, ROCm gfx);
- `drivers`: which NVIDIA driver each CUDA build needs;
- `wheels`: which torch releases were published for which index, with which archs.
"""

from hwdoctor.compat.kernels import arch_name, kernels_for

__all__ = ["arch_name", "kernels_for"]
