from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from conftest import Api

from handrank import Category, cards_str, split_pot


def test_holdem_winner(impl: Api) -> None:
    result = impl.showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")
    assert result.game == "holdem" and result.winners == (0,)
    assert result.shares == (Fraction(1), Fraction(0))
    aces, kings = result.players
    assert aces.category is Category.FULL_HOUSE and aces.description == "Full house, aces full of sevens"
    assert cards_str(aces.best_five) == "As Ah Ac 7s 7c"
    assert aces.rank < kings.rank and aces.rank == impl.evaluate("As Ac Ah Kd 7c 7s 2d")


def test_split_three_ways_and_board_plays(impl: Api) -> None:
    # The board is a broadway straight: everyone plays it and the pot splits.
    result = impl.showdown(["2c 3d", "4h 5s", "7c 8d", "9h 9s"], "Ac Kd Qh Js Tc")
    assert result.winners == (0, 1, 2, 3)
    assert result.shares == (Fraction(1, 4),) * 4 and sum(result.shares) == 1


def test_kickers_decide_and_suits_do_not(impl: Api) -> None:
    result = impl.showdown(["Ah Kd", "As Qd", "Ac Kc"], "Ad 7c 5h 3s 2d")
    assert result.winners == (0, 2)
    assert result.shares == (Fraction(1, 2), Fraction(0), Fraction(1, 2))


@pytest.mark.parametrize(
    ("game", "hands", "board", "winners"),
    [
        ("omaha", ["Ah 8c 8d 2s", "Jc Tc 3d 4d"], "Kh Qh Jh Th 3c", (1,)),  # one heart makes nothing
        ("omaha", ["Ah 9h 8c 2s 3s", "Ac Ad Kc Kd 4s"], "Kh Qh Jh 5c 6d", (0,)),  # PLO5 flush beats aces
        ("stud", ["As Ks Qs Js 9s 2d 3c", "Ah Ad Ac Kh Kd 4c 5c"], "", (1,)),
        ("draw", ["2c 3d 4h 5s 7c", "2d 3h 4s 5c 7d"], (), (0, 1)),
    ],
)
def test_games(impl: Api, game: str, hands: list[str], board: str, winners: tuple[int, ...]) -> None:
    result = impl.showdown(hands, board, game=game)
    assert result.winners == winners
    assert sum(result.shares) == 1


@pytest.mark.parametrize(
    ("hands", "board", "game", "exc", "message"),
    [
        (["As Ac"], "2c 3d 4h", "holdem", ValueError, "at least 2 players, got 1"),
        (["As Ac", "As Kd"], "2c 3d 4h", "holdem", ValueError, "player 1: card As is also in player 0's hand"),
        (["As Ac", "2c Kd"], "2c 3d 4h", "holdem", ValueError, "player 1: card 2c is also on the board"),
        (["As Ac Ad", "Kc Kd"], "2c 3d 4h", "holdem", ValueError, "player 0: a Hold'em hand has 2 cards, got 3"),
        (["As Ac", "Kc Kd"], "2c 3d", "holdem", ValueError, "a Hold'em board has 3, 4 or 5 cards, got 2"),
        (["As Ac", "Kc Kd"], "2c 3d 3d", "holdem", ValueError, "board: duplicate card 3d"),
        (["As Ac", "Kc Kx"], "2c 3d 4h", "holdem", ValueError, "player 1: unknown suit 'x'"),
        (["As Ac Ad Ah", "Kc Kd"], "2c 3d 4h", "omaha", ValueError, "player 1: an Omaha hand has 4, 5 or 6 cards"),
        (["As Ac Ad Ah Kc", "Qc Qd Qh Qs Jc"], "2c 3d 4h", "draw", ValueError, "Draw has no board, got 3"),
        (
            ["As Ac", "Kc Kd"],
            "2c 3d 4h",
            "pineapple",
            ValueError,
            "game must be one of holdem, omaha, stud, draw, shortdeck, omaha8, stud8, razz, deuce7, not .pineapple.$",
        ),
        ("As Ac", "2c 3d 4h", "holdem", TypeError, "sequence of hands"),
    ],
)
def test_showdown_errors(impl: Api, hands: object, board: str, game: str, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.showdown(hands, board, game=game)


@pytest.mark.parametrize(
    ("amount", "winners", "odd", "expected"),
    [
        (100, [0, 2, 5], "first", [34, 33, 33]),
        (101, [0, 2, 5], "first", [34, 34, 33]),
        (100, [5, 0, 2], "first", [33, 34, 33]),
        (100, [5, 0, 2], "last", [34, 33, 33]),
        (7, [3], "first", [7]),
        (0, [1, 2], "first", [0, 0]),
        (1, [4, 1], "first", [0, 1]),
    ],
)
def test_split_pot(amount: int, winners: list[int], odd: str, expected: list[int]) -> None:
    got = split_pot(amount, winners, odd_chips=odd)
    assert got == expected and sum(got) == amount


@pytest.mark.parametrize(
    ("args", "exc", "message"),
    [
        ((100, []), ValueError, "at least one winner"),
        ((100, [1, 1]), ValueError, "a seat twice"),
        ((-1, [1]), ValueError, "amount must be >= 0"),
        ((10.5, [1]), TypeError, "integer number of chips"),
        ((10, [1.0]), TypeError, "seat numbers"),
        ((10, [-1]), ValueError, "seat numbers must be >= 0"),
    ],
)
def test_split_pot_errors(args: tuple[object, object], exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        split_pot(*args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="odd_chips"):
        split_pot(10, [1], odd_chips="button")


def test_cli_showdown() -> None:
    cmd = [sys.executable, "-m", "handrank", "showdown", "--board", "Ah Kd 7c 7s 2d", "As Ac", "Kh Ks"]
    got = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert got.returncode == 0, got.stderr
    assert "winner: player 0" in got.stdout and "Full house, aces full of sevens" in got.stdout
    got = subprocess.run([*cmd, "--json"], capture_output=True, text=True, check=False)
    info = json.loads(got.stdout)
    assert info["winners"] == [0] and info["players"][1]["rank"] == 185 and info["players"][0]["share"] == "1"
    got = subprocess.run([*cmd[:-1], "As Kd"], capture_output=True, text=True, check=False)
    assert got.returncode == 2 and "player 1: card As is also in player 0's hand" in got.stderr
