"""Where the three-deck games' rules stand in for Classic's: the rule IDs a refusal cites.

The engine words a refusal once for every game and names it by Classic's rule (or
Hollywood's); each three-deck preset's :attr:`~canasta.RuleSet.rule_ids` maps those IDs to
its own rules, so that a front end links to the rule of the game being played.
"""

from __future__ import annotations

__all__ = ["BOLIVIA_RULE_IDS", "HOLLYWOOD_RULE_IDS", "SAMBA_RULE_IDS", "UNCITED_KEYS"]

#: The keys of the maps below that no refusal cites, each with why it stays. A preset's
#: ``rule_ids`` are part of its value and game documents list them, so a key dropped from a
#: map makes the documents written before load with a rule set that is not the preset's:
#: these stay until the engine cites them. ``tests/test_rule_coverage.py`` checks that every
#: other key is one the engine cites, and that each of these is still cited by none.
UNCITED_KEYS = {
    "CL-DECK-1": "the position checks refuse a card the pack lacks without citing the rule "
    "(their docstring names CL-DECK-1); they would cite HW-DECK-1, SA-DECK-1 or BO-DECK-1",
    "CL-V5-1": "the position checks refuse a wrong number of seats without citing the rule; "
    "they would cite HW-SEAT-3, SA-SEAT-1 or BO-SEAT-2",
    "HW-B3-3": "a second meld of black threes is refused citing CL-B3-3 (mapped to HW-B3-3 or "
    "SA-B3-2); the engine no longer writes HW-B3-3 itself",
    "HW-INIT-4": "Samba's and Bolivia's refusals of a take before opening cite CL-PILE-6, "
    "mapped to SA-INIT-4 or BO-INIT-3; the engine never writes HW-INIT-4 itself",
}

#: Where Hollywood's rules stand in for Classic's, for the rejections both games share.
HOLLYWOOD_RULE_IDS = {
    "CL-DISC-1/cards": "MV-CARDS",
    "CL-PILE-3/cards": "MV-CARDS",
    "CL-PILE-3/meld": "MV-MELD",
    "CL-PILE-5/unopened": "HW-INIT-4",
    "CL-PILE-3/sequences": "HW-PILE-1",
    "CL-TURN-4/cards": "MV-CARDS",
    "CL-TURN-4/meld": "MV-MELD",
    "CL-ASK-1": "HW-OUT-9",
    "CL-ASK-2": "HW-OUT-9",
    "CL-ASK-3": "HW-OUT-9",
    "CL-ASK-4": "HW-OUT-9",
    "CL-B3-3": "HW-B3-3",
    "CL-B3-4": "HW-B3-3",
    "CL-CAN-4": "HW-CAN-4",
    "CL-CONC-1": "HW-OUT-4",
    "CL-DECK-1": "HW-DECK-1",
    "CL-DISC-1": "HW-DRAW-1",
    "CL-EXH-1": "HW-R3-7",
    "CL-FRZ-1": "HW-FRZ-1",
    "CL-EXH-3": "HW-STOCK-4",
    "CL-INIT-1": "HW-INIT-1",
    "CL-INIT-4": "HW-INIT-3",
    "CL-MATCH-3": "HW-MATCH-2",
    "CL-MELD-1": "HW-MELD-2",
    "CL-MELD-2": "HW-MELD-5",
    "CL-MELD-3": "HW-MELD-6",
    "CL-MELD-4": "HW-MELD-4",
    "CL-MELD-5": "HW-MELD-1",
    "CL-MELD-6": "HW-MELD-9",
    "CL-MELD-8": "HW-MELD-8",
    "CL-OUT-2": "HW-OUT-1",
    "CL-OUT-3": "HW-OUT-8",
    "CL-PILE-2": "HW-PILE-4",
    "CL-PILE-3": "HW-PILE-1",
    "CL-PILE-4": "HW-MELD-6",
    "CL-PILE-5": "HW-FRZ-2",
    "CL-PILE-6": "HW-INIT-4",
    "CL-PILE-7": "HW-PILE-7",
    "CL-R3-1": "HW-MELD-7",
    "CL-TURN-1": "HW-DRAW-1",
    "CL-TURN-3": "HW-DRAW-1",
    "CL-TURN-4": "HW-DRAW-1",
    "CL-TURN-7": "HW-DRAW-1",
    "CL-TURN-8": "HW-DRAW-5",
    "CL-V5-1": "HW-SEAT-3",
    "CL-DEF-4": "HW-SEAT-5",
}


#: Where Samba's rules stand in for Classic's and Hollywood's.
SAMBA_RULE_IDS = {
    "CL-DISC-1/cards": "MV-CARDS",
    "CL-PILE-3/cards": "MV-CARDS",
    "CL-PILE-3/forbidden": "SA-PILE-2",
    "CL-PILE-5/unopened": "SA-INIT-4",
    "CL-PILE-3/meld": "MV-MELD",
    "CL-PILE-3/sequences": "SA-PILE-1",
    "CL-TURN-4/cards": "MV-CARDS",
    "CL-TURN-4/meld": "MV-MELD",
    "HW-PILE-10": "SA-PILE-2",
    "CL-ASK-1": "SA-OUT-4",
    "CL-ASK-2": "SA-OUT-4",
    "CL-ASK-3": "SA-OUT-4",
    "CL-ASK-4": "SA-OUT-4",
    "CL-B3-3": "SA-B3-2",
    "CL-B3-4": "SA-B3-2",
    "CL-CAN-4": "SA-CAN-2",
    "CL-CONC-1": "SA-OUT-2",
    "CL-DECK-1": "SA-DECK-1",
    "CL-DEF-4": "SA-SEAT-3",
    "CL-DISC-1": "SA-DRAW-1",
    "CL-EXH-1": "SA-STOCK-1",
    "CL-FRZ-1": "SA-FRZ-1",
    "CL-FRZ-2": "SA-FRZ-1",
    "CL-EXH-3": "SA-STOCK-2",
    "CL-INIT-1": "SA-INIT-1",
    "CL-INIT-4": "SA-INIT-3",
    "CL-MATCH-3": "SA-MATCH-1",
    "CL-MELD-1": "SA-MELD-2",
    "CL-MELD-2": "SA-MELD-2",
    "CL-MELD-3": "SA-MELD-2",
    "CL-MELD-4": "SA-MELD-1",
    "CL-MELD-5": "SA-MELD-2",
    "CL-MELD-6": "SA-MELD-4",
    "CL-MELD-8": "SA-SEAT-3",
    "CL-OUT-2": "SA-OUT-1",
    "CL-OUT-3": "SA-OUT-1",
    "CL-PILE-2": "SA-PILE-4",
    "CL-PILE-2/wild": "SA-PILE-3",
    "CL-PILE-3": "SA-PILE-1",
    "CL-PILE-4": "SA-MELD-2",
    "CL-PILE-5": "SA-FRZ-2",
    "CL-PILE-6": "SA-INIT-4",
    "CL-PILE-6/minimum": "SA-INIT-1",
    "CL-PILE-7": "SA-PILE-5",
    "CL-R3-1": "SA-MELD-7",
    "CL-TURN-1": "SA-DRAW-1",
    "CL-TURN-3": "SA-DRAW-1",
    "CL-TURN-4": "SA-DRAW-1",
    "CL-TURN-7": "SA-DRAW-1",
    "CL-TURN-8": "SA-DRAW-4",
    "CL-V5-1": "SA-SEAT-1",
    "HW-B3-3": "SA-B3-2",
    "HW-CAN-4": "SA-CAN-3",
    "HW-INIT-4": "SA-INIT-4",
    "HW-MELD-3": "SA-MELD-3",
    "HW-MELD-4": "SA-MELD-1",
    "HW-MELD-5": "SA-MELD-3",
    "HW-MELD-6": "SA-MELD-3",
    "HW-MELD-9": "SA-MELD-4",
    "HW-MELD-10": "SA-MELD-3",
    "HW-MRG-1": "SA-MRG-1",
    "HW-MRG-2": "SA-MRG-1",
    "HW-PILE-1": "SA-PILE-1",
    "HW-PILE-5": "SA-PILE-2",
    "HW-PILE-6": "SA-PILE-3",
}

_SAMBA_TO_BOLIVIA = {
    "MV-CARDS": "MV-CARDS",
    "MV-MELD": "MV-MELD",
    "SA-B3-2": "BO-B3-2",
    "SA-CAN-2": "BO-CAN-2",
    "SA-CAN-3": "BO-CAN-3",
    "SA-DECK-1": "BO-DECK-1",
    "SA-DRAW-1": "BO-DRAW-1",
    "SA-DRAW-4": "BO-DRAW-1",
    "SA-FRZ-1": "BO-FRZ-1",
    "SA-FRZ-2": "BO-FRZ-1",
    "SA-INIT-1": "BO-INIT-1",
    "SA-INIT-3": "BO-INIT-2",
    "SA-INIT-4": "BO-INIT-3",
    "SA-MATCH-1": "BO-MATCH-1",
    "SA-MELD-1": "BO-MELD-1",
    "SA-MELD-2": "BO-MELD-2",
    "SA-MELD-3": "BO-MELD-3",
    "SA-MELD-4": "BO-MELD-5",
    "SA-MELD-7": "BO-MELD-5",
    "SA-MRG-1": "BO-MRG-1",
    "SA-OUT-1": "BO-OUT-1",
    "SA-OUT-2": "BO-OUT-2",
    "SA-OUT-4": "BO-OUT-3",
    "SA-PILE-1": "BO-PILE-1",
    "SA-PILE-2": "BO-PILE-1",
    "SA-PILE-3": "BO-PILE-2",
    "SA-PILE-4": "BO-PILE-4",
    "SA-PILE-5": "BO-PILE-4",
    "SA-SEAT-1": "BO-SEAT-2",
    "SA-SEAT-3": "BO-SEAT-2",
    "SA-STOCK-1": "BO-STOCK-1",
    "SA-STOCK-2": "BO-STOCK-1",
}

#: Where Bolivia's rules stand in for the others' (most are "as in Samba", BO-*).
BOLIVIA_RULE_IDS = {key: _SAMBA_TO_BOLIVIA[value] for key, value in SAMBA_RULE_IDS.items()} | {
    "SA-MELD-3": "BO-MELD-3",
    "HW-MELD-4": "BO-MELD-4",
}
