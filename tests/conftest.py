"""Shared test set-up: Hypothesis profiles.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (what ``./run test`` uses) is derandomized,
so every run tries the same examples, and bounded; ``dev`` (the default for a bare ``pytest``)
tries more, random examples.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=50, deadline=None, database=None)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
