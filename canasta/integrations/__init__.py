"""Bridges to game-AI frameworks, each an optional extra that the core never imports.

- :mod:`canasta.integrations.openspiel`: OpenSpiel games ``python_canasta_classic``,
  ``python_canasta_hollywood``, ``python_canasta_samba`` and ``python_canasta_bolivia``
  (``pip install canasta[openspiel]``).
- :mod:`canasta.integrations.pettingzoo`: a PettingZoo AEC environment
  (``pip install canasta[pettingzoo]``).
"""
