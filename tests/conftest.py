"""Shared test set-up: Hypothesis profiles.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (what ``./run test`` uses) is derandomized,
so every run tries the same examples, and bounded; ``dev`` (the default for a bare ``pytest``)
tries more, random examples; ``reference`` (what ``./run test-reference`` uses, and the
default where ``CANASTA_REFERENCE=1`` asks the reference solver to answer) is ``ci`` with
fewer examples, for the property tests that name no number of their own: the reference
plays every step out, so one example costs it many times what it costs the planner.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=50, deadline=None, database=None)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile("reference", settings.get_profile("ci"), max_examples=10)
_DEFAULT = "reference" if os.environ.get("CANASTA_REFERENCE") == "1" else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT))
