from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from conftest import Api, on

from handrank import Range, parse_cards


def brute_force(hands: list[str], board: str, dead: str = "") -> tuple[list[int], list[int], int]:
    """Wins and ties per player over every board completion, by plain 7-card evaluation."""
    _eval_py = on("python")

    ids = [parse_cards(h) for h in hands]
    fixed = parse_cards(board)
    used = set(fixed) | set(parse_cards(dead)) | {c for h in ids for c in h}
    deck = [c for c in range(52) if c not in used]
    wins, ties, total = [0] * len(ids), [0] * len(ids), 0
    for extra in combinations(deck, 5 - len(fixed)):
        ranks = [_eval_py.evaluate(h + fixed + list(extra)) for h in ids]
        best = min(ranks)
        winners = [p for p, r in enumerate(ranks) if r == best]
        for p in winners:
            if len(winners) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
        total += 1
    return wins, ties, total


def test_exact_heads_up_preflop(c_impl: Api) -> None:
    result = c_impl.equity(["Ah Kh", "Qs Qd"])
    assert result.exact and result.trials == 0
    assert result.wins == (787_966, 917_606)
    assert result.ties == (6_732, 6_732)
    assert result.losses == (917_606, 787_966)
    assert result.total == 1_712_304
    assert round(result.equity[0], 7) == 0.4621446
    assert result.equity_fraction is not None and sum(result.equity_fraction) == 1


def test_exact_aces_against_kings_all_combos(c_impl: Api) -> None:
    result = c_impl.equity([Range("AA"), Range("KK")])
    assert (result.wins[0], result.losses[0], result.ties[0]) == (50_371_344, 10_986_372, 285_228)
    assert round(result.equity[0], 7) == 0.8194605


@pytest.mark.parametrize(
    ("players", "expected"),
    [(["AKs", "QQ"], 0.4604853), (["AKo", "QQ"], 0.4324234), (["AsKd", "8c2s"], 0.6753363)],
)
def test_published_preflop_values(c_impl: Api, players: list[str], expected: float) -> None:
    result = c_impl.equity([Range(p) for p in players])  # affordable once suit-isomorphic deals merge
    assert result.exact
    assert round(result.equity[0], 7) == expected


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["Ah Kh", "Qs Qd"], "2c 7h 9h Ts", ""),
        (["Ah Kh", "Qs Qd", "Jc Tc"], "2c 7h 9h", ""),
        (["As Ad", "Ks Kd", "Qc Qh", "2c 3c"], "Kh 7s 8s 9d", "4d"),
        (["7c 2d", "7h 2s"], "Ac Kd Qh 5s", ""),
        (["Ah Kh", "Qs Qd"], "2c 7h 9h Ts 3d", ""),
    ],
)
def test_exact_matches_brute_force(impl: Api, hands: list[str], board: str, dead: str) -> None:
    result = impl.equity(hands, board, dead)
    wins, ties, total = brute_force(hands, board, dead)
    assert result.exact
    assert list(result.wins) == wins and list(result.ties) == ties and result.total == total


def test_backends_agree_exactly_on_ranges(c_impl: Api) -> None:
    _eval_py = on("python")

    players = [Range("0.5(AK), QQ+"), Range("T9s-87s, 40%(22)"), "Ad 2c"]
    for impl in (c_impl, _eval_py):
        assert impl.equity(players, "Kh 7c 2h 9d").equity_fraction is not None
    a = c_impl.equity(players, "Kh 7c 2h 9d")
    b = _eval_py.equity(players, "Kh 7c 2h 9d")
    assert a == b
    assert sum(a.equity_fraction or ()) == 1


def test_monte_carlo_is_reproducible(c_impl: Api) -> None:
    _eval_py = on("python")

    players = [Range("QQ+, AKs"), Range("random"), "7h 6h"]
    runs = [
        c_impl.equity(players, exact=False, trials=3000, seed=7),
        c_impl.equity(players, exact=False, trials=3000, seed=7, threads=4),
        _eval_py.equity(players, exact=False, trials=3000, seed=7),
    ]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0].trials == 3072 and runs[0].seed == 7 and not runs[0].exact
    other = c_impl.equity(players, exact=False, trials=3000, seed=8)
    assert other.wins != runs[0].wins


@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["Ah Kh", "Qs Qd", "random"], "", "holdem"),
        (["8c 8d", "random", "9s 8s", "random"], "Kh 7d 2c", "holdem"),
        (["Ah Kh Qd Jd", "random", "Ts 9s 8c 7c"], "2h 3h 9d", "omaha"),
    ],
)
def test_monte_carlo_hands_and_random_hands(c_impl: Api, players: list[str], board: str, game: str) -> None:
    """Three players or more, fixed hands and random hands only: each trial deals the random hands and the
    board from one deck that stays shuffled; the same numbers on both backends, and the exact ones within
    four standard errors."""
    if game == "omaha":
        players = [p if p != "random" else Range("random", game="omaha", hole_size=4) for p in players]
    else:
        players = [p if p != "random" else Range("random") for p in players]
    python = on("python").equity(players, board, game=game, trials=2000, seed=11)
    assert c_impl.equity(players, board, game=game, trials=2000, seed=11) == python
    exact = c_impl.equity(players, board, game=game, exact=True)
    sampled = c_impl.equity(players, board, game=game, trials=200_000, seed=5, threads=0)
    for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert 0 < err < 0.01
        assert abs(e - s) < 4 * err


@pytest.mark.parametrize(
    ("players", "board"),
    [(["Ah Kh", "Qs Qd"], ""), (["AKs", "JJ", "T9s"], ""), (["Ah Kd", "7s 7c"], "Kh 7d 2c"), (["AA", "KK"], "")],
)
def test_monte_carlo_within_four_standard_errors(c_impl: Api, players: list[str], board: str) -> None:
    ranges = [Range(p) if " " not in p else p for p in players]
    exact = c_impl.equity(ranges, board, exact=True)
    sampled = c_impl.equity(ranges, board, exact=False, trials=200_000, seed=1, threads=0)
    for e, s, err in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert 0 < err < 0.01
        assert abs(e - s) < 4 * err


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["Ah Kh Qd Jd", "Ts 9s 8c 7c"], "2h 3h 9d"),
        (["Ah Ad Kh Kd 2c", "Qs Js Ts 9s 3c"], "Qh 5c 7d 8d"),
        (["Ah Ad Kh Kd 2c 3c", "Qs Js Ts 9s 4c 5c"], "Qh 6c 7d"),
    ],
)
def test_omaha_exact_matches_brute_force(impl: Api, hands: list[str], board: str) -> None:
    _eval_py = on("python")

    result = impl.equity(hands, board, game="omaha")
    ids = [parse_cards(h) for h in hands]
    fixed = parse_cards(board)
    used = set(fixed) | {c for h in ids for c in h}
    deck = [c for c in range(52) if c not in used]
    wins = [0, 0]
    ties = 0
    for extra in combinations(deck, 5 - len(fixed)):
        ranks = [_eval_py.evaluate_omaha(h, fixed + list(extra)) for h in ids]
        if ranks[0] == ranks[1]:
            ties += 1
        else:
            wins[ranks[1] < ranks[0]] += 1
    assert list(result.wins) == wins and result.ties == (ties, ties)


def test_omaha_monte_carlo_random_opponent(c_impl: Api) -> None:
    _eval_py = on("python")

    players = ["Ah As Kd Kc", Range("random", game="omaha", hole_size=4)]
    a = c_impl.equity(players, game="omaha", trials=2000, seed=3)
    assert not a.exact and a == _eval_py.equity(players, game="omaha", trials=2000, seed=3)
    assert 0.55 < a.equity[0] < 0.8  # aces double-suited against a random hand
    with pytest.raises(ValueError, match="enumerates an Omaha random hand on a flop, turn or river"):
        c_impl.equity(players, game="omaha", exact=True)  # before the flop: 1.7 million boards a matchup


def test_progress_reports_fractions(impl: Api) -> None:
    seen: list[float] = []
    impl.equity(["Ah Kh", "Qs Qd"], "2c 7h 9h", progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    seen.clear()
    impl.equity(["Ah Kh", "Qs Qd"], trials=4096, seed=1, progress=seen.append)
    assert seen and seen[-1] == 1.0


def test_weights_and_conflicts(impl: Api) -> None:
    # Kings lose the combos holding the king on the board; the rest keep equal weight.
    result = impl.equity([Range("KK"), "Ah Ad"], "Kc 7d 2s 3h")
    assert result.total == 3 * 44  # three KK combos avoid Kc, 44 rivers each
    weighted = impl.equity([Range("0.5(KK), QQ"), "Ah Ad"], "Kc 7d 2s 3h")
    assert isinstance(weighted.total, Fraction | int)
    assert weighted.total == Fraction(3, 2) * 44 + 6 * 44


@pytest.mark.parametrize(
    ("players", "board", "dead", "kwargs", "exc", "message"),
    [
        (["Ah Kh"], "", "", {}, ValueError, "2 to 10 players, got 1"),
        (["Ah Kh", "Ah Qd"], "", "", {}, ValueError, "player 1: card Ah is also in player 0's hand"),
        (["Ah Kh", "Qs Qd"], "Ah 2c 3d", "", {}, ValueError, "player 0: card Ah is also on the board"),
        (["Ah Kh", "Qs Qd"], "2c 3d 4h", "2c", {}, ValueError, "dead card 2c is also on the board"),
        (["Ah Kh Qh", "Qs Qd"], "", "", {}, ValueError, "player 0: a Hold'em hand has 2 cards, got 3"),
        (["Ah Kh", Range("AA")], "Ac Ad As", "", {}, ValueError, "player 1: no hand of the range is left"),
        (
            ["Ah Kh", "Qs Qd"],
            "",
            "",
            {"game": "pineapple"},
            ValueError,
            "game must be one of holdem, omaha, shortdeck, omaha8, stud, stud8, razz, draw, deuce7, not .pineapple.$",
        ),
        (["Ah Kh", "Qs Qd"], "", "", {"trials": 0}, ValueError, "trials must be > 0"),
        (["Ah Kh", "Qs Qd"], "", "", {"trials": 10, "exact": True}, ValueError, "cannot go with exact=True"),
        (["Ah Kh", "Qs Qd"], "", "", {"exact": "yes"}, TypeError, "exact must be None, True or False"),
        (["Ah Kh", "Qs Qd"], "", "", {"threads": -2}, ValueError, "threads must be >= 0"),
        (["Ah Kh", "Qs Qd"], "2c 3c 4c 5c 6c 7c", "", {}, ValueError, "at most 5 cards"),
        ("Ah Kh", "", "", {}, TypeError, "sequence of hands or Ranges"),
        ([Range("AA"), Range("AA"), Range("AA")], "Ac", "", {"exact": True}, ValueError, "no possible deal"),
    ],
)
def test_equity_errors(
    impl: Api,
    players: object,
    board: str,
    dead: str,
    kwargs: dict[str, object],
    exc: type[Exception],
    message: str,
) -> None:
    with pytest.raises(exc, match=message):
        impl.equity(players, board, dead, **kwargs)


def test_cli_equity() -> None:
    import json
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "handrank", "equity", "AhKh", "QsQd", "--board", "2c7d9h"]
    got = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert got.returncode == 0, got.stderr
    assert "28.283%" in got.stdout and "exact: 990 boards" in got.stdout
    cmd = [sys.executable, "-m", "handrank", "equity", "QQ+,AKs", "random", "--trials", "20k", "--seed", "5", "--json"]
    got = subprocess.run(cmd, capture_output=True, text=True, check=False)
    info = json.loads(got.stdout)
    assert info["exact"] is False and info["trials"] == 20480 and info["seed"] == 5
    assert abs(sum(p["equity"] for p in info["players"]) - 1) < 1e-12
    got = subprocess.run([*cmd[:4], "QQ+,AKx", "random"], capture_output=True, text=True, check=False)
    assert got.returncode == 2 and "unknown hand 'AKx'" in got.stderr
    # two hands before the flop: the preflop table, the same numbers as enumeration
    got = subprocess.run([*cmd[:4], "AhKh", "QsQd", "--json"], capture_output=True, text=True, check=False)
    info = json.loads(got.stdout)
    assert info["exact"] and info["boards"] == 1_712_304  # AhKh: 787,966 wins and 6,732 ties of them
    both = 2 * 1_712_304
    assert [p["equity"] for p in info["players"]] == [(2 * 787_966 + 6_732) / both, (2 * 917_606 + 6_732) / both]
    got = subprocess.run([*cmd[:4], "AhKh", "QsQd"], capture_output=True, text=True, check=False)
    assert "46.214%" in got.stdout and "exact: 1,712,304 boards, from the preflop table" in got.stdout
    got = subprocess.run([*cmd[:4], "AhKh", "AhQd"], capture_output=True, text=True, check=False)
    # checked as equity() checks it, before the preflop table answers: the same words as equity()'s
    assert got.returncode == 2 and "player 1: card Ah is also in player 0's hand" in got.stderr
    got = subprocess.run([*cmd[:4], "AhKh", "QsQd", "--board", "Xx"], capture_output=True, text=True, check=False)
    assert got.returncode == 2 and "board: unknown rank 'X'" in got.stderr  # the board checked as a board


def _all_but(cards: str, k: int) -> list[int]:
    """k card ids, none of ``cards``."""
    used = set(parse_cards(cards))
    return [c for c in range(52) if c not in used][:k]


def test_random_omaha_range_honours_its_excluded_cards(impl: Api) -> None:
    # The villain's range leaves one hand, the hero's hand with suits swapped: every showdown ties.
    board = "As Ks Qh 7h 8s"
    only = parse_cards("2d 3d 4c 5c")
    villain = Range("random", game="omaha", hole_size=4).without([c for c in range(52) if c not in only])
    result = impl.equity(["2c 3c 4d 5d", villain], board, game="omaha", trials=2048, seed=1)
    assert result.equity == (0.5, 0.5)
    assert result.ties == (2048, 2048)


def test_random_omaha_hand_with_excluded_cards_behind_a_range(impl: Api) -> None:
    """Every deal equally likely, also when a random hand may not hold the cards a range's combo holds.

    The hero's strong combo holds the very cards the villain's random hand may
    not hold, so it leaves the villain C(17, 4) = 2380 hands against the weak
    combo's C(13, 4) = 715: it is in 2380 of every 3095 deals, not in half.
    """
    import oracle

    board = parse_cards("2c 7d 9h Ts Js")
    strong = parse_cards("Kc Qd 3h 4h")  # a king-high straight
    weak = parse_cards("8c 8d 5h 6h")  # eights and a pair on a board that beats it often
    used = set(board) | set(strong) | set(weak)
    dead = [c for c in range(52) if c not in used][:26]  # 21 cards left, 13 of them beside both combos
    hero = Range.from_combos(
        [(tuple(sorted(strong, reverse=True)), 1), (tuple(sorted(weak, reverse=True)), 1)], game="omaha"
    )
    villain = Range("random", game="omaha", hole_size=4).without(strong)
    share = total = 0.0
    for combo in (strong, weak):
        allowed = [c for c in range(52) if c not in set(board) | set(dead) | set(strong) | set(combo)]
        for hand in combinations(allowed, 4):
            mine, theirs = oracle.omaha_rank(combo, board), oracle.omaha_rank(hand, board)
            share += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            total += 1
    assert total == 2380 + 715
    exact = share / total
    result = impl.equity([hero, villain], board, dead, game="omaha", trials=20_480, seed=11)
    assert abs(result.equity[0] - exact) < 5 * result.stderr[0], (result.equity[0], exact, result.stderr[0])


@pytest.mark.parametrize(
    ("players", "board", "dead", "kwargs", "message"),
    [
        # eight PLO6 hands and a board need 53 cards
        ([Range("random", game="omaha", hole_size=6)] * 8, "", "", {"game": "omaha"}, "a deal needs 53 cards"),
        (["Ah Kh", "Qs Qd"], "", _all_but("Ah Kh Qs Qd", 44), {}, "a deal needs 9 cards"),
        (["Ah Kh", "Qs Qd"], "", _all_but("Ah Kh Qs Qd", 44), {"exact": True}, "a deal needs 9 cards"),
        (["Ah Kh", "Qs Qd"], "2c 2d 2h", _all_but("Ah Kh Qs Qd 2c 2d 2h", 44), {"exact": True}, "needs 6 cards"),
        (
            ["Ah Kh Qh Jh", Range("random", game="omaha", hole_size=4).without(list(range(49)))],
            "2c 3c 4c",
            "",
            {"game": "omaha"},
            "player 1: the random range leaves",
        ),
        (["Ah Kh", "Qs Qd"], "", "", {"trials": 2**63}, "trials must be at most 2\\*\\*62"),
        (["Ah Kh", None], "", "", {}, "player 1: a hand must be cards or a Range, not None"),
        (
            ["Ah Kh", "Qs Qd"],
            "",
            "",
            {"game": []},
            "game must be one of holdem, omaha, shortdeck, omaha8, stud, stud8, razz, draw, deuce7, not \\[\\]",
        ),
        (  # on a flop, where hands given as cards take a short way that must word the error too
            ["Ah Kh", "Qs Qd"],
            "Ks 7h 2c",
            "",
            {"game": np.array([0, 1])},
            "game must be one of holdem, omaha, shortdeck, omaha8, stud, stud8, razz, draw, deuce7, not array",
        ),
        (["Ah Kh", "Qs Qd"], "Ah 2x", "", {}, "board: unknown suit"),
        (["Ah Kh", "Qs Qd"], "", "2x", {}, "dead: unknown suit"),
    ],
)
def test_impossible_setups_fail_fast(
    impl: Api, players: object, board: object, dead: object, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        impl.equity(players, board, dead, **kwargs)


def test_complete_board_with_every_other_card_dead(impl: Api) -> None:
    hands = ["Ah Kh", "Qs Qd"]
    board = "2c 7d 9h Ts 3s"
    used = set(parse_cards(" ".join([*hands, board])))
    result = impl.equity(hands, board, [c for c in range(52) if c not in used], exact=True)
    assert result.boards == 1 and result.total == 1 and result.wins == (0, 1)


@pytest.mark.parametrize("text", ["0.00000000000000000001(KK), AA", "1/999983(AA), 1/999979(KK), QQ"])
def test_tiny_weights_work_the_same_on_both_backends(text: str) -> None:
    from conftest import on

    players = [Range(text), "7h 6h"]
    a = on("c").equity(players, trials=2048, seed=3)
    b = on("python").equity(players, trials=2048, seed=3)
    assert a == b and a.trials == 2048


# ---- stopping rules and streets -------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_target_stderr_stops_within_a_block(impl: Api, threads: int) -> None:
    target = 4e-3 if impl.name == "python" else 2.5e-3
    players = ["Ah Kh", Range("QQ, JJ")]
    seen: list[float] = []
    result = impl.equity(players, target_stderr=target, seed=9, threads=threads, progress=seen.append)
    assert not result.exact and result.trials % 1024 == 0
    assert max(result.stderr) <= target
    # one block per thread less would not have reached it
    short = impl.equity(players, trials=result.trials - 1024 * threads, seed=9)
    assert max(short.stderr) > target
    # the numbers are those of the same trial count, on either backend
    assert impl.equity(players, trials=result.trials, seed=9, threads=1) == result
    other = on("python" if impl.name == "c" else "c")
    assert other.equity(players, trials=result.trials, seed=9) == result
    assert seen and seen == sorted(seen) and seen[-1] == 1.0


def test_time_limit_stops_a_long_run(c_impl: Api) -> None:
    import time

    start = time.monotonic()
    result = c_impl.equity([Range("QQ+,AKs"), Range("random")], time_limit=0.2, seed=4)
    spent = time.monotonic() - start
    assert 0 < result.trials < 10**9 and spent < 5  # a run of 10**9 trials takes far longer
    assert c_impl.equity([Range("QQ+,AKs"), Range("random")], trials=result.trials, seed=4) == result
    capped = c_impl.equity(["Ah Kh", "Qs Qd"], time_limit=30, trials=4096, seed=1)
    assert capped.trials == 4096  # trials still caps it


@pytest.mark.parametrize(
    ("kwargs", "exc", "message"),
    [
        ({"target_stderr": 0}, ValueError, "target_stderr must be a positive finite number, got 0"),
        ({"target_stderr": -1e-3}, ValueError, "target_stderr must be a positive finite number"),
        ({"target_stderr": float("nan")}, ValueError, "target_stderr must be a positive finite number"),
        ({"target_stderr": "0.01"}, TypeError, "target_stderr must be a number, not str"),
        ({"target_stderr": True}, TypeError, "target_stderr must be a number, not bool"),
        ({"time_limit": float("inf")}, ValueError, "time_limit must be a positive finite number"),
        ({"time_limit": 10**400}, ValueError, "time_limit must be a positive finite number"),
        ({"time_limit": [1]}, TypeError, "time_limit must be a number, not list"),
        ({"time_limit": 1, "exact": True}, ValueError, "cannot go with exact=True"),
    ],
)
def test_stopping_rule_errors(impl: Api, kwargs: dict[str, object], exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.equity(["Ah Kh", "Qs Qd"], **kwargs)


def test_equity_by_street(impl: Api) -> None:
    board = "2h 7h 9c Kd Th"
    players = ["Ah Kh", Range("QQ, 99")]
    streets = impl.equity_by_street(players, board, "2c")
    cards = parse_cards(board)
    for street, n in zip(streets, (0, 3, 4, 5), strict=True):
        if n == 0 and impl.name == "python":
            assert not street.exact or street.total  # preflop: whatever exact=None chose
            continue
        assert street == impl.equity(players, cards[:n], "2c")
    assert streets.river.exact and streets.river.total == 6 + 3  # six QQ combos, three 99 combos beside 9c
    assert streets.river.equity == (1.0, 0.0)  # the heart flush
    assert [s.exact for s in streets][1:] == [True, True, True]


def test_equity_by_street_errors(impl: Api) -> None:
    with pytest.raises(ValueError, match="needs the complete board of 5 cards, got 4"):
        impl.equity_by_street(["Ah Kh", "Qs Qd"], "2h 7h 9c Kd")
    with pytest.raises(ValueError, match="board: "):
        impl.equity_by_street(["Ah Kh", "Qs Qd"], "2h 7h 9c Kd Zz")
    with pytest.raises(ValueError, match="target_stderr must be a positive"):
        impl.equity_by_street(["Ah Kh", "Qs Qd"], "2h 7h 9c Kd Th", target_stderr=-1)


def test_cli_stopping_rules() -> None:
    import json
    import subprocess
    import sys

    base = [sys.executable, "-m", "handrank", "equity", "AhKh", "QsQd", "--seed", "3", "--json"]
    got = subprocess.run([*base, "--target-stderr", "0.002"], capture_output=True, text=True, check=False)
    info = json.loads(got.stdout)
    assert info["exact"] is False and max(p["stderr"] for p in info["players"]) <= 0.002
    got = subprocess.run([*base, "--time-limit", "-1"], capture_output=True, text=True, check=False)
    assert got.returncode == 2 and "not a positive number: '-1'" in got.stderr


@pytest.mark.parametrize("from_coprime", [True, False])
def test_exact_fractions_are_plain_fractions(monkeypatch: pytest.MonkeyPatch, from_coprime: bool) -> None:
    """The fractions exact results carry are made without Fraction's checks, and equal those it makes."""
    import random

    from handrank import _results

    if not from_coprime:
        monkeypatch.setattr(_results, "FROM_COPRIME", None)
    elif _results.FROM_COPRIME is None:
        pytest.skip("Fraction._from_coprime_ints is Python 3.12 and later")
    rng = random.Random(7)
    for _ in range(2000):
        numerator, denominator = rng.randrange(0, 10**15), rng.randrange(1, 10**15)
        made, expected = _results.fraction(numerator, denominator), Fraction(numerator, denominator)
        assert type(made) is Fraction
        assert (made.numerator, made.denominator) == (expected.numerator, expected.denominator)
        assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert _results.fraction(0, 7) == 0 and _results.fraction(0, 7).denominator == 1


def test_combos_on_the_board_do_not_change_the_path(c_impl: Api) -> None:
    """exact=None prices the enumeration by the combos that miss the board, not by the whole ranges."""
    wide = Range("AA,KK,QQ,JJ,TT,99,AKs,AKo,AQs,KQs,JTs")  # 64 combos, 44 of them miss Ah Kd Qc
    result = c_impl.equity([wide, wide, wide], board="Ah Kd Qc")
    assert result.exact and result.boards == 1176
    # A range left with one combo beside the board is a fixed matchup: its boards, not all runouts.
    assert c_impl.equity(["Ah Qh", "Js Jd", Range("KK")], board="Ks Kd 2c").boards == 903
    assert c_impl.equity(["Ah Qh", Range("KK")], board="Ks Kd 2c").boards == 990


@pytest.mark.parametrize(
    ("game", "hero", "text", "board", "hole_size"),
    [
        ("holdem", "AhKh", "QQ+", "2c7d9h", None),
        ("holdem", "AhKh", "random", "2c7d9hTs", None),
        ("omaha", "AhKhQhJh", "QsQdJsJd, 0.5(QcQhJcJh)", "2c7d9h", None),
        ("omaha", "AhKhQhJhTh", "random", "2c7d9hTs", 5),
        ("shortdeck", "AsAh", "KK, QQ", "6c7d9h", None),
        ("omaha8", "Ah2hKcKd", "QsQdJsJd, QhQcJhJc", "3c4d9h", None),
    ],
)
def test_text_that_is_no_hand_is_a_range(
    impl: Api, game: str, hero: str, text: str, board: str, hole_size: int | None
) -> None:
    """A player given as text that is not one hand is the range the text says, as on the command line."""
    range_game = {"omaha8": "omaha"}.get(game, game)
    as_range = impl.Range(text, game=range_game, hole_size=hole_size)  # type: ignore[arg-type]
    kwargs: dict[str, object] = {"trials": 4096, "seed": 3} if as_range.is_random else {}
    want = impl.equity([hero, as_range], board, game=game, **kwargs)
    assert impl.equity([hero, text], board, game=game, **kwargs) == want


def test_text_that_is_neither_hand_nor_range_says_both(impl: Api) -> None:
    with pytest.raises(ValueError, match=r"player 1: unknown suit 'x'.* \(nor is it a range: "):
        impl.equity(["AhKh", "Ah Kx"])
    with pytest.raises(ValueError, match="player 1: Razz equity takes each player's known cards, not ranges such as"):
        impl.equity(["As 2c 3d", "QQ+"], game="razz")  # games of known cards take no ranges
