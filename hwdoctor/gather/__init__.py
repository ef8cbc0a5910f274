"""Gathering: the host scan and the probe, run side by side, and the evidence they make."""
