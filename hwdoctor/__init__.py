"""hwdoctor: a hardware doctor for PyTorch and Hugging Face Transformers."""

from __future__ import annotations

__version__ = "0.1.0.dev0"
