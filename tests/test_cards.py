from __future__ import annotations

import numpy as np
import pytest

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
