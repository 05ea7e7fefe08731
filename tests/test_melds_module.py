"""``Meld`` and its kinds are values of the model (``canasta._model.melds``), importable
from the package and from the module path of earlier releases, ``canasta.melds``."""

import pickle

import pytest

import canasta
from canasta import CanastaKind, Meld, MeldKind, melds


@pytest.mark.parametrize("cls", [Meld, MeldKind, CanastaKind])
def test_the_value_classes_belong_to_canasta_melds(cls: type) -> None:
    assert cls.__module__ == "canasta._model.melds"
    assert getattr(melds, cls.__name__) is cls
    assert getattr(canasta, cls.__name__) is cls


@pytest.mark.parametrize(
    "value",
    [
        Meld.of("KH KS 2C"),
        Meld.of("7D 8D 9D JK", wild_as="10"),
        MeldKind.SEQUENCE,
        CanastaKind.WILD,
    ],
    ids=repr,
)
def test_melds_and_kinds_pickle_to_themselves(value: object) -> None:
    copy = pickle.loads(pickle.dumps(value))
    assert copy == value
    assert type(copy) is type(value)
    assert repr(copy) == repr(value)
