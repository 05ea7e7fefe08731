"""The one place the tests reach into private modules that no test module owns.

A test of a module may import that module's private names (``tests/test_bots.py`` those of
``canasta.bots``; ``tools/check_layout.py`` says who owns what). Other tests use the public
API, and where it has no equivalent yet they import the name from here, so that renaming an
internal touches this file and not twenty tests. ``tests/test_layout.py`` checks that no
other test imports or reaches a private name it does not own, bar the few it lists.

Why the public API does not serve yet:

- ``bolivia``, ``hollywood``, ``samba``, ``classic_six_player``: the preset constructors
  with changes that ``find_rules(...).with_options(...)`` cannot express (a six-player pack,
  partnerships, fields a preset derives from the player count);
- ``new_meld``, ``added``, ``merged``: the meld algebra, the Meld a step makes or the
  Violation (``canasta.check_new_meld`` and ``check_addition`` give only the violation);
- ``start_deal``, ``play``, ``melded``, ``score_deal``, ``Deal``, ``History``,
  ``TURN_FACTS``, ``LIST_LIMITS``, ``MAX_DOCUMENT``, ``MAX_RESULTS``, ``MAX_RULE_VALUES``:
  the engine's steps and values, for building positions no game reaches by itself, and the
  bounds the loader holds documents to;
- ``rule_ids``, ``preset_labels``, ``rulebook_rule_ids``: the rule-ID tables, the presets'
  labels and the rulebook's IDs, that the documentation and the citations are checked
  against.
"""

from __future__ import annotations

from canasta._engine.dealing import start_deal
from canasta._engine.meld_rules import added, merged, new_meld
from canasta._engine.position import TURN_FACTS
from canasta._engine.scoring import score_deal
from canasta._engine.state import Deal, History
from canasta._engine.transitions import play
from canasta._engine.turn.melding import melded
from canasta._model.cards import NATURAL_FACES, natural_face
from canasta._notation.read import MAX_RESULTS
from canasta._notation.rules import MAX_RULE_VALUES
from canasta._notation.values import MAX_DOCUMENT
from canasta._rules import rule_ids
from canasta._rules.fields import LIST_LIMITS
from canasta._rules.presets import bolivia, hollywood, samba
from canasta._rules.ruleset import classic_six_player
from canasta._rules.sheet import preset_labels
from canasta.cli._rulebook import rule_ids as rulebook_rule_ids

__all__ = [
    "LIST_LIMITS",
    "MAX_DOCUMENT",
    "MAX_RESULTS",
    "MAX_RULE_VALUES",
    "NATURAL_FACES",
    "TURN_FACTS",
    "Deal",
    "History",
    "added",
    "bolivia",
    "classic_six_player",
    "hollywood",
    "melded",
    "merged",
    "natural_face",
    "new_meld",
    "play",
    "preset_labels",
    "rule_ids",
    "rulebook_rule_ids",
    "samba",
    "score_deal",
    "start_deal",
]
