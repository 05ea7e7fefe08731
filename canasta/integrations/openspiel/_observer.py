"""OpenSpiel's Python observer of the Canasta games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel
from numpy.typing import NDArray

from canasta import CanastaError

if TYPE_CHECKING:
    from canasta.integrations.openspiel import GameSetup
    from canasta.integrations.openspiel._state import CanastaState


class CanastaObserver:
    """OpenSpiel's Python observer: :attr:`tensor` is the observation vector of the view
    (for the information state too), and the string is the view as text, with the history
    and the player's own cards for the information state (perfect recall)."""

    def __init__(
        self, setup: GameSetup, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise CanastaError(f"the Canasta observer takes no parameters; got {dict(params)}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise CanastaError(
                "the Canasta games observe one player's view (public information and that "
                "player's private cards) only"
            )
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor: NDArray[np.float32] = np.zeros(setup.shape, dtype=np.float32)
        name = "info_state" if self.perfect_recall else "observation"
        self.dict: dict[str, NDArray[np.float32]] = {name: self.tensor}

    def set_from(self, state: CanastaState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        self.tensor[:] = state.observation_vector(player)

    def string_from(self, state: CanastaState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        if self.perfect_recall:
            return state.information_text(player)
        return state.observation_text(player)
