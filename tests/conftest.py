"""Shared test set-up: the Hypothesis profile (:mod:`profiles` registers and loads it)."""

from __future__ import annotations

import profiles  # noqa: F401
