"""The one place the tests reach into private modules that no test module owns.

A test of a module may import that module's private names (``tests/test_bots.py`` those of
``canasta.bots``; ``tools/check_layout.py`` says who owns what). Other tests use the public
API, and where it has no equivalent yet they import the name from here, so that renaming an
internal touches this file and not twenty tests. ``tests/test_layout.py`` checks that no
other test imports or reaches a private name it does not own, bar the few it lists. Each
group below says why the public API does not serve.
"""

from __future__ import annotations

# The engine's values and steps, for building positions no game reaches by itself.
from canasta._engine.dealing import start_deal

# The meld algebra: the Meld a step makes, or the Violation (``canasta.check_new_meld`` and
# ``check_addition`` give only the violation).
from canasta._engine.meld_rules import added, merged, new_meld
from canasta._engine.position import TURN_FACTS
from canasta._engine.scoring import score_deal
from canasta._engine.state import Deal, History
from canasta._engine.transitions import play
from canasta._engine.turn.melding import melded

# The rule-ID tables and the presets' labels, that the documentation is checked against.
from canasta._rules import rule_ids

# The preset constructors with changes that ``find_rules(...).with_options(...)`` cannot
# express: a six-player pack (``pack="two"``), partnerships (``six_player_sides=3``), and
# fields a preset derives from the player count.
from canasta._rules.presets import bolivia, hollywood, samba
from canasta._rules.ruleset import classic_six_player
from canasta._rules.sheet import preset_labels

__all__ = [
    "TURN_FACTS",
    "Deal",
    "History",
    "added",
    "bolivia",
    "classic_six_player",
    "hollywood",
    "melded",
    "merged",
    "new_meld",
    "play",
    "preset_labels",
    "rule_ids",
    "samba",
    "score_deal",
    "start_deal",
]
