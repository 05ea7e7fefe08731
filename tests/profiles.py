"""The Hypothesis profiles, and how many examples a test that names its own number tries.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (what ``./run test`` uses) is derandomized,
so every run tries the same examples, and bounded; ``dev`` (the default for a bare ``pytest``)
tries more, random examples; ``reference`` (what ``./run test-reference`` uses, and the
default where ``CANASTA_REFERENCE=1`` asks the reference solver to answer) is ``ci`` with
fewer examples: the reference plays every step out, so one example costs it many times what
it costs the planner. A test leaves ``derandomize`` to the profile (the going-out search's
property tests set it themselves until the ninth session, so ``dev`` never drew new examples
of them).

A test that names its number, ``@settings(max_examples=examples(40))``, tries that many
under ``ci`` and ``dev``, and under ``reference`` as many fewer as that profile tries fewer
than ``ci`` (:func:`examples`), so that the whole suite runs on the reference solver.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=50, deadline=None, database=None)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile("reference", settings.get_profile("ci"), max_examples=10)
_DEFAULT = "reference" if os.environ.get("CANASTA_REFERENCE") == "1" else "dev"
#: The profile loaded.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT)
settings.load_profile(PROFILE)


def examples(number: int) -> int:
    """How many examples a test that asks for ``number`` tries under the profile loaded:
    ``number``, but under ``reference`` a fifth of it (what that profile tries of what
    ``ci`` tries), at least one."""
    if PROFILE != "reference":
        return number
    fewer = settings.get_profile("reference").max_examples
    return max(1, number * fewer // settings.get_profile("ci").max_examples)
