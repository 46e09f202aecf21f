from __future__ import annotations

import warnings

import numpy as np
import pytest
from conftest import Api

from handrank import card_str, cards_str, parse_cards


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("As Ks Qs", [51, 47, 43]),
        ("AsKsQs", [51, 47, 43]),
        ("as,ks", [51, 47]),
        ("10h Th", None),
        ("10h", [34]),
        ("A♠ K♥ 2♦ 3♣", [51, 46, 1, 4]),
        ("2c 2d 2h 2s", [0, 1, 2, 3]),
        ("  Ah\tKd\n", [50, 45]),
    ],
)
def test_parse_text(text: str, ids: list[int] | None) -> None:
    if ids is None:
        with pytest.raises(ValueError, match="duplicate card Th"):
            parse_cards(text)
    else:
        assert parse_cards(text) == ids


def test_parse_mixed_iterables_and_ids() -> None:
    assert parse_cards(["As", 0, "Kd Qh"]) == [51, 0, 45, 42]
    assert parse_cards((np.uint8(5), np.int64(51))) == [5, 51]
    assert parse_cards(7) == [7]
    assert parse_cards(iter([1, 2])) == [1, 2]


def test_format_round_trip() -> None:
    assert [card_str(i) for i in range(4)] == ["2c", "2d", "2h", "2s"]
    assert card_str(51) == "As"
    every = list(range(52))
    assert parse_cards(cards_str(every)) == every


@pytest.mark.parametrize(
    ("bad", "exc", "message"),
    [
        ("Xs", ValueError, "unknown rank 'X' in 'Xs'"),
        ("Ax", ValueError, "unknown suit 'x' in 'Ax'"),
        ("As K", ValueError, "card 'K' in 'K' has no suit"),
        ("1h", ValueError, "unknown rank '1'"),
        ([52], ValueError, "card id 52 is out of range 0..51"),
        ([-1], ValueError, "card id -1 is out of range 0..51"),
        ([2**70], ValueError, "out of range"),
        (["As", "as"], ValueError, "duplicate card As"),
        ([3, 3], ValueError, "duplicate card 2s"),
        (None, TypeError, "not None"),
        ([None], TypeError, "not NoneType"),
        ([float("nan")], TypeError, "card ids must be integers, not float"),
        ([1.0], TypeError, "not float"),
        ([True], TypeError, "not bool"),
        (b"As", TypeError, "not bytes"),
        (object(), TypeError, "not object"),
    ],
)
def test_parse_errors(bad: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_cards(bad)  # type: ignore[arg-type]


def test_card_str_errors() -> None:
    with pytest.raises(ValueError, match="card id 52"):
        card_str(52)
    with pytest.raises(TypeError):
        card_str("As")  # type: ignore[arg-type]


BOOL_CALLS = {
    "evaluate": lambda h, t: h.evaluate([t, 8, 12, 16, 20]),
    "evaluate_omaha": lambda h, t: h.evaluate_omaha([t, 8, 12, 16], [20, 24, 28]),
    "evaluate_low": lambda h, t: h.evaluate_low([t, 8, 12, 16, 20], "a5"),
    "evaluate_short_deck": lambda h, t: h.evaluate_short_deck([51, 47, 43, 39, t]),
    "parse_cards": lambda h, t: h.parse_cards([t]),
    "best_five": lambda h, t: h.best_five([t, 8, 12, 16, 20]),
    "showdown": lambda h, t: h.showdown([[t, 8], [12, 16]], [20, 24, 28, 32, 36]),
    "equity": lambda h, t: h.equity([[t, 8], [12, 16]]),
    "combo_index": lambda h, t: h.combo_index([t, 8]),
    "Range.without": lambda h, t: h.Range("AA").without([t]),
    "Range.from_combos": lambda h, t: h.Range.from_combos([((t, 8), 1)]),
    "threads": lambda h, t: h.evaluate_batch([[0, 4, 8, 12, 16]], threads=t),
}


class _Numpy22Bool:
    """numpy's bool as numpy 2.2 and earlier have it: an ``__index__`` that answers 1 (2.2 warns, 2.4 refuses)."""

    def __index__(self) -> int:
        return 1

    def __repr__(self) -> str:
        return "np.True_"


_Numpy22Bool.__name__ = _Numpy22Bool.__qualname__ = "bool_"
_Numpy22Bool.__module__ = "numpy"
TRUES = [True, np.True_, _Numpy22Bool()]
TRUE_IDS = ["bool", "numpy.bool", "numpy-2.2-bool"]


@pytest.mark.parametrize("true", TRUES, ids=TRUE_IDS)
@pytest.mark.parametrize("call", list(BOOL_CALLS), ids=list(BOOL_CALLS))
def test_a_bool_is_no_card_id(impl: Api, call: str, true: object) -> None:
    """A bool, Python's or numpy's, is never taken for card 1 (nor a thread count), on every numpy."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy 2.2 would turn np.True_ into 1 with a DeprecationWarning
        with pytest.raises(TypeError, match="bool"):
            BOOL_CALLS[call](impl, true)


@pytest.mark.parametrize("true", TRUES, ids=TRUE_IDS)
def test_the_compat_adapters_take_no_bool_card(true: object) -> None:
    from handrank.compat import phevaluator, treys

    with pytest.raises(TypeError, match="bool"):
        phevaluator.evaluate_cards(true, 8, 12, 16, 20)
    with pytest.raises(TypeError, match="bool"):
        treys.Evaluator().evaluate([true, 8], [12, 16, 20])
