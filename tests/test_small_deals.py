"""Small exact deals after the flop, the questions bots ask in loops: the same answers by the short way.

Hands given as cards on a flop, turn or river go from their parsed cards
straight to the enumeration kernel (``_exact.fixed_hands_equity``), and
ranges read from text are read once.  These tests hold the short way to the
general path (which a progress callback takes), to the brute-force oracle,
and to the general path's errors for whatever the short way does not take.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import oracle
import pytest
from conftest import Api

import handrank
from handrank import Range
from handrank._cards import CARD_NAMES
from handrank._exact import fixed_hands_equity
from handrank._ranges import hand_or_range


def _general(impl: Api, players: object, board: object, dead: object = (), **kwargs: object) -> object:
    """The result by the general path: a progress callback keeps a call off the short way."""
    return impl.equity(players, board, dead, progress=lambda done: None, **kwargs)


def _spelled(rng: random.Random, cards: list[int]) -> object:
    """Cards as a caller may give them: joined text, spaced text, or a list of ids."""
    way = rng.randrange(3)
    if way == 2:
        return list(cards)
    return ("" if way == 0 else " ").join(CARD_NAMES[c] for c in cards)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_short_way_equals_the_general_path(impl: Api, game: str) -> None:
    rng = random.Random(f"small-{game}")
    for _ in range(12 if impl.name == "c" else 4):
        size = 2 if game == "holdem" else rng.choice([4, 5, 6])
        n = rng.randint(2, 6 if game == "holdem" else 3)
        n_board, n_dead = rng.randint(3, 5), rng.randint(0, 2)
        deck = rng.sample(range(52), n * size + n_board + n_dead)
        hands = [_spelled(rng, deck[i * size : (i + 1) * size]) for i in range(n)]
        board = _spelled(rng, deck[n * size : n * size + n_board])
        dead = _spelled(rng, deck[n * size + n_board :]) if n_dead else ()
        exact = rng.choice([None, True])
        assert fixed_hands_equity(hands, board, dead, game) is not None
        short = impl.equity(hands, board, dead, game=game, exact=exact)
        general = _general(impl, hands, board, dead, game=game, exact=exact)
        assert short == general, (hands, board, dead)
        assert short.exact and short.boards > 0 and short.players == general.players  # type: ignore[attr-defined]


def test_short_way_against_brute_force(impl: Api) -> None:
    """Three hands on a turn with a flush and a straight to come, and two on a flop with a dead card."""
    for hands, board, dead in [
        (["Jd Td", "As 9s", "8c 8h"], "Qd 9d 2s Kc", ""),
        (["Ah Kh", "Qs Qh"], "2h 7h 9c", "3h"),
    ]:
        result = impl.equity(hands, board, dead or (), exact=True)
        ids = [handrank.parse_cards(h) for h in hands]
        wins, ties, boards, equity = oracle.holdem_equity(
            ids, handrank.parse_cards(board), handrank.parse_cards(dead) if dead else [], "holdem"
        )
        assert result.wins == tuple(wins) and result.ties == tuple(ties) and result.boards == boards
        assert result.equity_fraction == tuple(Fraction(e) for e in equity)


@pytest.mark.parametrize(
    ("players", "board", "dead", "game", "short"),
    [
        (["AK", "QQ"], "Js 7h 2c", (), "holdem", True),  # small ranges
        (["Ah Kh", "random"], "Js 7h 2c", (), "holdem", False),  # a range too big for one part
        (["Ah Kh", Range("QQ")], "Js 7h 2c", (), "holdem", True),  # a Range object
        (["Ah Kh", "Qs Qd"], "", (), "holdem", False),  # preflop
        (["Ah Kh", "Qs Qd"], "Js 7h", (), "holdem", False),  # two board cards: no flop
        (["Ah Kh", "Qs Qd"], "Js 7h 2c", np.array([5]), "holdem", False),  # dead cards as an array
        (["Ah Kh Qd Jd", "Ts 9s 8c 7c"], "2h 8h Td", (), "omaha", True),  # Omaha hands
        (["Ah Kh Qd Jd", "AsAcKsKc, 9s9c8s8c"], "2h 8h Td", (), "omaha", False),  # an Omaha range
        (["Ah Kh", "Qs Qd"], "Js 7h 8c", (), "shortdeck", False),  # another game
    ],
)
def test_what_the_short_way_leaves_to_the_general_path(
    impl: Api, players: list[object], board: str, dead: object, game: str, short: bool
) -> None:
    """Questions it does not take give the general path's answer; those it takes, the same."""
    assert (fixed_hands_equity(players, board, dead, game) is not None) is short
    result = impl.equity(players, board, dead, game=game, exact=True)
    assert result == _general(impl, players, board, dead, game=game, exact=True)


@pytest.mark.parametrize(
    ("players", "board", "dead", "message"),
    [
        (["Ah Kh", "Ah Qd"], "Js 7h 2c", (), "player 1: card Ah is also in player 0's hand"),
        (["Ah Kh", "Qs Qd"], "Js 7h Ah", (), "player 0: card Ah is also on the board or dead"),
        (["Ah Kh", "Qs Qd"], "Js 7h 2c", "Js", "dead card Js is also on the board"),
        (["Ah Kh", "Qs"], "Js 7h 2c", (), "player 1: a Hold'em hand has 2 cards, got 1"),
        (["Ah Kh", "Qs Qd", "Xx"], "Js 7h 2c", (), "player 2"),
        (["Ah Kh", "Qs Qd"], "Js 7h 2c 3c 4c 5c", (), "board: a Hold'em board has at most 5 cards, got 6"),
        (["Ah Kh"], "Js 7h 2c", (), "equity needs 2 to 10 players, got 1"),
    ],
)
def test_bad_input_gets_the_general_paths_error(
    impl: Api, players: list[str], board: str, dead: object, message: str
) -> None:
    assert fixed_hands_equity(players, board, dead, "holdem") is None
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        impl.equity(players, board, dead)


def test_too_few_cards_for_a_deal_is_the_general_paths_error(impl: Api) -> None:
    deck = list(range(52))
    players = [deck[6 * i : 6 * i + 6] for i in range(8)]  # 48 cards of Omaha hands
    assert fixed_hands_equity(players, deck[48:51], (), "omaha") is None
    with pytest.raises(ValueError, match="a deal needs"):
        impl.equity(players, deck[48:51], game="omaha")


def test_ranges_read_from_text_once(impl: Api) -> None:
    """Text read as a range gives the same Range, immutable, call after call; answers do not change."""
    assert hand_or_range("AK, QQ") is hand_or_range("AK, QQ")
    assert hand_or_range("random", "omaha", 5) is not hand_or_range("random", "omaha", 4)
    first = impl.equity(["AK, QQ", "JJ"], "Js 7h 2c", exact=True)
    again = impl.equity(["AK, QQ", "JJ"], "Js 7h 2c", exact=True)
    assert first == again == impl.equity([Range("AK, QQ"), Range("JJ")], "Js 7h 2c", exact=True)


def test_text_that_is_no_cards_says_so_every_time() -> None:
    """Text read before, cards or not, is not read again: its error comes back word for word."""
    first = second = None
    for _ in range(2):
        with pytest.raises(ValueError) as caught:
            handrank.parse_cards("Ah Xx")
        first, second = second, str(caught.value)
    assert first == second and "unknown rank 'X'" in second


def test_ranges_read_first_keep_the_order_of_errors(impl: Api) -> None:
    """Players that are all text or Ranges have their ranges read before the seats are taken; the errors are
    those of taking them in order."""
    with pytest.raises(TypeError, match="player 0: a hand must be cards or a Range, not None"):
        impl.equity([None, "Xx"], "Js 7h 2c")
    with pytest.raises(ValueError, match=r"player 0: .* \(nor is it a range: "):
        impl.equity(["Xx", "Ah Kh"], "Js 7h 2c")
    with pytest.raises(ValueError, match="player 2: card Ah is also in player 0's hand"):
        impl.equity(["Ah Kh", "QQ", "Ah Qd"], "Js 7h 2c")


RANGE_TEXTS = ["QQ+", "AK", "AKs,AQs", "JJ,TT", "98s", "T9s,98s,87s", "KK", "22+", "AQ+", "ATs+,KQs", "77-55"]


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_short_way_with_ranges_equals_the_general_path(impl: Api, n_board: int) -> None:
    """Hold'em hands and unweighted ranges (text or Range) after the flop, the short way against the general
    path: card removal by the board, dead cards and hands placed before or after the range."""
    rng = random.Random(f"small-ranges-{n_board}")
    for _ in range(10 if impl.name == "c" else 3):
        n = rng.randint(2, 4)
        deck = rng.sample(range(52), 2 * n + n_board + 1)
        board = _spelled(rng, deck[:n_board])
        dead = _spelled(rng, deck[n_board : n_board + 1]) if rng.random() < 0.4 else ()
        players: list[object] = []
        for p in range(n):
            if rng.random() < 0.4:
                players.append(_spelled(rng, deck[n_board + 1 + 2 * p : n_board + 3 + 2 * p]))
            else:
                text = rng.choice(RANGE_TEXTS)
                players.append(text if rng.random() < 0.7 else Range(text))
        try:
            general = _general(impl, players, board, dead, exact=True)
        except ValueError:
            continue  # a range with nothing left beside the cards taken: the error is the general path's
        assert impl.equity(players, board, dead, exact=True) == general, (players, board, dead)


def test_what_the_short_way_with_ranges_leaves_to_the_general_path(impl: Api) -> None:
    board = "Js 7h 2c"
    weighted = ["Ah Kh", "0.5(QQ), KK"]
    assert fixed_hands_equity(weighted, board, (), "holdem") is None
    assert impl.equity(weighted, board) == _general(impl, weighted, board)
    big = ["QQ+", "random"]  # a million evaluations or more: parts, progress and threads matter there
    assert fixed_hands_equity(big, board, (), "holdem") is None
    empty = ["Ah Kh", Range.from_combos([])]
    assert fixed_hands_equity(empty, board, (), "holdem") is None
    with pytest.raises(ValueError, match="the ranges leave no possible deal"):
        impl.equity(empty, board)
    blocked = ["Jh Jd", "JJ"]  # every combo of the range meets the board or the hand
    assert fixed_hands_equity(blocked, board, (), "holdem") is None
    with pytest.raises(ValueError, match="player 1: no hand of the range is left"):
        impl.equity(blocked, board)
    assert fixed_hands_equity(["AhKh", "QQ"], board, (), "holdem") is not None
