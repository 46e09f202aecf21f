"""Omaha per-hole equity against a weighted range (``combo_equity(..., game="omaha")``), runout by runout.

Each hole's equity is held to ``equity([hole, what it can face], exact=True)``
and to a brute-force count from the independent oracle; the two backends'
kernels give the same counts, on every hole size and street.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from conftest import Api
from oracle import omaha_rank

import handrank
from handrank import Range

STREETS = {"flop": "Kh 7h 2d", "turn": "Kh 7h 2d 3c", "river": "Kh 7h 2d 3c 9c"}


def _holes(rng: np.random.Generator, n: int, size: int, avoid: set[int]) -> list[tuple[int, ...]]:
    deck = [c for c in range(52) if c not in avoid]
    found: set[tuple[int, ...]] = set()
    while len(found) < n:
        found.add(tuple(sorted(rng.choice(deck, size, replace=False).tolist())))
    return sorted(found)


def _ranges(seed: int, size: int, board: str, n_hero: int, n_villain: int) -> tuple[Range, Range]:
    """A hero range and a weighted villain range drawn near the same cards, so that many holes share two."""
    rng = np.random.default_rng(seed)
    on_board = set(handrank.parse_cards(board))
    left = [c for c in range(52) if c not in on_board]
    avoid = on_board | set(rng.choice(left, len(left) - 14 - 2 * size, replace=False).tolist())
    # the holes come from 14 + 2 * size cards: many pairs of them share two cards or more, many none
    hero = Range.from_combos([(h, 1) for h in _holes(rng, n_hero, size, avoid)], game="omaha")
    weights = [Fraction(int(w), 4) for w in rng.integers(1, 5, n_villain)]
    villain = Range.from_combos(list(zip(_holes(rng, n_villain, size, avoid), weights, strict=True)), game="omaha")
    return hero, villain


def _brute(hole: list[int], villain: Range, board: list[int]) -> tuple[Fraction, Fraction, Fraction]:
    """Wins, ties and faced weight of ``hole`` against ``villain`` over every runout, by the oracle."""
    wins = ties = total = Fraction(0)
    deck = [c for c in range(52) if c not in board and c not in hole]
    for runout in combinations(deck, 5 - len(board)):
        full = board + list(runout)
        mine = omaha_rank(hole, full)
        for cards, weight in villain.combos:
            if set(cards) & set(full) or set(cards) & set(hole):
                continue
            theirs = omaha_rank(list(cards), full)
            total += weight
            wins += weight if mine < theirs else 0
            ties += weight if mine == theirs else 0
    return wins, ties, total


@pytest.mark.parametrize("street", list(STREETS))
def test_each_hole_equals_its_own_equity(impl: Api, street: str) -> None:
    board = STREETS[street]
    for size, n_hero, n_villain in ((4, 6, 40), (5, 4, 25), (6, 3, 15)):
        if street == "flop" and size > 4 and impl.name == "python":
            continue  # the twin's flop with 5- and 6-card holes is slow; the C kernel is held to it below
        hero, villain = _ranges(size * 10 + len(board), size, board, n_hero, n_villain)
        got = handrank.combo_equity(hero, villain, board, game="omaha")
        assert got.combos.shape == (n_hero, size)
        for hole, share, weight in zip(got.combos.tolist(), got.equity.tolist(), got.weight.tolist(), strict=True):
            facing = villain.without(hole)
            if len(facing) == 0:
                assert np.isnan(share) and weight == 0.0
                continue
            want = handrank.equity([hole, facing], board, game="omaha", exact=True).equity[0]
            assert share == pytest.approx(want, abs=1e-12), (size, hole)
            assert weight == pytest.approx(float(sum(w for _, w in facing.combos)))


def test_counts_equal_a_brute_force_count(impl: Api) -> None:
    """The kernel's wins, ties and faced weight, not only the equity, against the oracle's count."""
    board = handrank.parse_cards(STREETS["turn"])
    hero, villain = _ranges(7, 4, STREETS["turn"], 4, 30)
    got = handrank.combo_equity(hero, villain, board, game="omaha")
    for hole, share in zip(got.combos.tolist(), got.equity.tolist(), strict=True):
        wins, ties, total = _brute(hole, villain, board)
        assert share == pytest.approx(float((wins + ties / 2) / total), abs=1e-12)


def test_backends_count_the_same(c_impl: Api) -> None:
    """The C kernel and the twin's, the same counts to the unit, with dead cards and every hole size."""
    from handrank import _eval_py

    rng = np.random.default_rng(3)
    for size in (4, 5, 6):
        for n_board in (3, 4, 5):
            board = rng.choice(52, n_board, replace=False)
            dead = set(rng.choice([c for c in range(52) if c not in board], 2, replace=False).tolist())
            avoid = set(board.tolist()) | dead
            villains = np.array(_holes(rng, 60, size, avoid), np.uint8)
            heroes = np.array(_holes(rng, 12, size, set(board.tolist())), np.uint8)
            weights = rng.integers(1, 1000, len(villains)).astype(np.int64)
            deck = [c for c in range(52) if c not in avoid]
            some = list(combinations(deck, 5 - n_board))[:40]
            runouts = np.array(some, np.uint8).reshape(len(some), 5 - n_board)
            got = np.zeros((3, len(heroes)), np.int64)
            want = np.zeros((3, len(heroes)), np.int64)
            b = board.astype(np.uint8)
            c_impl.kernels.omaha_combo_equity_counts(b, runouts, villains, weights, heroes, got)
            _eval_py.omaha_combo_equity_counts(b, runouts, villains, weights, heroes, want)
            assert np.array_equal(got, want), (size, n_board)
            assert (got[2] > 0).any()


def test_threads_and_progress(c_impl: Api) -> None:
    hero, villain = _ranges(11, 4, STREETS["flop"], 30, 120)
    one = handrank.combo_equity(hero, villain, STREETS["flop"], game="omaha")
    seen: list[float] = []
    many = handrank.combo_equity(hero, villain, STREETS["flop"], game="omaha", threads=2, progress=seen.append)
    assert np.array_equal(one.equity, many.equity, equal_nan=True) and np.array_equal(one.weight, many.weight)
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_dead_cards_leave_the_runouts_and_the_villain(impl: Api) -> None:
    hero, villain = _ranges(13, 4, STREETS["turn"], 3, 20)
    dead = [c for c in range(52) if c not in handrank.parse_cards(STREETS["turn"])][:1]
    got = handrank.combo_equity(hero, villain, STREETS["turn"], dead, game="omaha")
    for hole, share in zip(got.combos.tolist(), got.equity.tolist(), strict=True):
        if set(hole) & set(dead):
            continue
        facing = villain.without(hole).without(dead)
        want = handrank.equity([hole, facing], STREETS["turn"], dead, game="omaha", exact=True).equity[0]
        assert share == pytest.approx(want, abs=1e-12)


def test_errors(impl: Api) -> None:
    villain = Range("AdKhQdJh, 0.5(TsTd9s9d)", game="omaha")
    with pytest.raises(ValueError, match="hold hands of different sizes"):
        handrank.combo_equity(Range("AhAsKdKc2c", game="omaha"), villain, "Kh 7h 2d", game="omaha")
    with pytest.raises(TypeError, match="threads must be an integer or None, not str"):
        handrank.combo_equity("AhAsKdKc", villain, "Kh 7h 2d", game="omaha", threads="2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="threads must be >= 0, got -1"):
        handrank.combo_equity("AhAsKdKc", villain, "Kh 7h 2d", game="omaha", threads=-1)


@pytest.mark.parametrize("street", list(STREETS))
def test_two_ranges_hole_by_hole_give_the_matchups_answer(
    impl: Api, street: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """equity() of two Omaha ranges with many matchups counts hole by hole; every field of the result is the
    one the matchup-by-matchup enumeration gives."""
    from handrank import _exact

    board = STREETS[street]
    hero, villain = _ranges(17 + len(board), 4, board, 40 if impl.name == "c" else 12, 110 if impl.name == "c" else 30)
    dead = [c for c in range(52) if c not in handrank.parse_cards(board)][5:6]
    monkeypatch.setattr(_exact, "OMAHA_HOLE_BY_HOLE", 1)
    by_hole = handrank.equity([hero, villain], board, dead, game="omaha", exact=True)
    monkeypatch.setattr(_exact, "OMAHA_HOLE_BY_HOLE", 1 << 62)
    by_matchup = handrank.equity([hero, villain], board, dead, game="omaha", exact=True)
    for field in ("equity", "equity_fraction", "wins", "ties", "losses", "total", "boards", "exact"):
        assert getattr(by_hole, field) == getattr(by_matchup, field), field


def test_cli_combos_omaha() -> None:
    import json
    import subprocess
    import sys

    hero, villain = "AhAsKdKc, QhQsJdJc, 9h8h7c6c", "AdKsQdJh, 0.5(TsTd9s9d), 8s8d7s7d"
    base = [sys.executable, "-m", "handrank", "combos", "--game", "omaha", "--board", "Kh7h2d", "--hero", hero]
    got = subprocess.run([*base, "--villain", villain, "--json", "--threads", "2"], capture_output=True, text=True)
    assert got.returncode == 0, got.stderr
    rows = json.loads(got.stdout)["combos"]
    want = handrank.combo_equity(hero, villain, "Kh7h2d", game="omaha")
    assert sorted(r["equity"] for r in rows) == sorted(want.equity.tolist())
    assert [r["equity"] for r in rows] == sorted((r["equity"] for r in rows), reverse=True)
    turn = [*base[:7], "Kh7h2d3c", *base[8:]]
    got = subprocess.run([*turn, "--villain", "random", "--json"], capture_output=True, text=True)
    assert got.returncode == 0, got.stderr
    want = handrank.combo_equity(hero, "random", "Kh7h2d3c", game="omaha")
    assert sorted(r["equity"] for r in json.loads(got.stdout)["combos"]) == sorted(want.equity.tolist())
    got = subprocess.run([*base, "--villain", "random", "--threads", "-1"], capture_output=True, text=True)
    assert got.returncode != 0 and "threads must be >= 0, got -1" in got.stderr


def _every_hole(cards: list[int], size: int = 4) -> np.ndarray:
    return np.array(list(combinations(cards, size)), np.uint8)


@pytest.mark.parametrize(
    ("size", "n_board", "n_dead"), [(4, 3, 2), (4, 4, 2), (4, 5, 2), (5, 3, 24), (5, 5, 2), (6, 3, 26), (6, 4, 20)]
)
def test_random_villain_counts_every_hole(c_impl: Api, size: int, n_board: int, n_dead: int) -> None:
    """Against a random hole the kernel counts the villain's holes without listing them: the same counts, to the
    unit, as the weighted kernel given every hole of the cards left, with dead and hidden cards, on every hole
    size (five and six cards with many dead cards: fewer holes to list, and a graph nearer complete)."""
    rng = np.random.default_rng(n_board * 10 + size)
    board = rng.choice(52, n_board, replace=False).tolist()
    dead = rng.choice([c for c in range(52) if c not in board], n_dead, replace=False).tolist()
    hidden_only = [c for c in range(52) if c not in board and c not in dead][:1]  # the villain's alone
    heroes = np.array(_holes(rng, 25, size, set(board) | set(dead)), np.uint8)
    deck = [c for c in range(52) if c not in board and c not in dead]
    some = list(combinations(deck, 5 - n_board))[:30]
    runouts = np.array(some, np.uint8).reshape(len(some), 5 - n_board)
    hidden = sum(1 << c for c in dead + hidden_only)
    got = np.zeros((3, len(heroes)), np.int64)
    c_impl.kernels.omaha_random_counts(np.array(board, np.uint8), runouts, hidden, heroes, got)
    villains = _every_hole([c for c in deck if c not in hidden_only], size)
    want = np.zeros((3, len(heroes)), np.int64)
    c_impl.kernels.omaha_combo_equity_counts(
        np.array(board, np.uint8), runouts, villains, np.ones(len(villains), np.int64), heroes, want
    )
    assert np.array_equal(got, want) and (got[0] > 0).any() and (got[1] > 0).any()


@pytest.mark.parametrize("size", [4, 5, 6])
def test_random_villain_twin(c_impl: Api, size: int) -> None:
    from handrank import _eval_py

    rng = np.random.default_rng(5)
    board = rng.choice(52, 4, replace=False).tolist()
    heroes = np.array(_holes(rng, 6, size, set(board)), np.uint8)
    deck = [c for c in range(52) if c not in board]
    runouts = np.array([[c] for c in deck[:3]], np.uint8)
    # five and six cards: a smaller deck for the twin, which lists the holes
    hidden = sum(1 << c for c in deck[-1 if size == 4 else -20 :] if c not in heroes)
    got, want = np.zeros((3, 6), np.int64), np.zeros((3, 6), np.int64)
    b = np.array(board, np.uint8)
    c_impl.kernels.omaha_random_counts(b, runouts, hidden, heroes, got)
    _eval_py.omaha_random_counts(b, runouts, hidden, heroes, want)
    assert np.array_equal(got, want) and (got[2] > 0).all()
    with pytest.raises(ValueError, match=r"heroes \(H, 4..6\)"):
        c_impl.kernels.omaha_random_counts(b, runouts, hidden, heroes[:, :3].copy(), got)
    with pytest.raises(ValueError, match=r"heroes \(H, 4..6\)"):
        _eval_py.omaha_random_counts(b, runouts, hidden, heroes[:, :3].copy(), got)


def test_exact_equity_against_a_random_hole(impl: Api) -> None:
    board = STREETS["turn"] if impl.name == "c" else STREETS["river"]
    anyone = Range("random", game="omaha", hole_size=4)
    hero = Range("AhAsKdKc, QhQsJdJc, 0.5(9h8h7c6c)", game="omaha")
    per_hole = handrank.combo_equity(hero, "random", board, game="omaha")
    rows = zip(per_hole.combos.tolist(), per_hole.equity.tolist(), per_hole.weight.tolist(), strict=True)
    for hole, share, weight in rows:
        alone = handrank.equity([hole, anyone], board, game="omaha", exact=True)
        assert alone.exact and share == pytest.approx(alone.equity[0], abs=1e-12)
        assert weight == len(anyone.without(board).without(hole))
        swapped = handrank.equity([anyone, hole], board, game="omaha", exact=True)
        assert swapped.equity == pytest.approx(alone.equity[::-1], abs=1e-12)
    whole = handrank.equity([hero, anyone], board, game="omaha", exact=True)
    # every hole meets as many runouts and random holes: the range's equity is its holes' weighted mean
    weight = {tuple(sorted(cards)): float(w) for cards, w in hero.combos}
    mean = sum(weight[tuple(h)] * e for h, e in zip(per_hole.combos.tolist(), per_hole.equity.tolist(), strict=True))
    assert whole.equity[0] == pytest.approx(mean / sum(weight.values()), abs=1e-12)
    if impl.name == "c":  # against Monte Carlo, within five standard errors
        sampled = handrank.equity([hero, anyone], board, game="omaha", exact=False, trials=400_000, seed=9)
        assert abs(sampled.equity[0] - whole.equity[0]) < 5 * sampled.stderr[0]


def test_random_villain_keeps_out_its_excluded_cards(impl: Api) -> None:
    board = STREETS["river"]
    anyone = Range("random", game="omaha", hole_size=4).without("As Ad")
    got = handrank.equity(["Kc Kd Qc Jd", anyone], board, game="omaha", exact=True)
    listed = Range.from_combos(
        [
            (h, 1)
            for h in _every_hole(
                [c for c in range(52) if c not in handrank.parse_cards(board + " As Ad Kc Kd Qc Jd")]
            ).tolist()
        ],
        game="omaha",
    )
    want = handrank.equity(["Kc Kd Qc Jd", listed], board, game="omaha", exact=True)
    assert got.equity == want.equity and got.total == want.total


@pytest.mark.parametrize("size", [5, 6])
def test_random_villain_of_five_or_six_cards(impl: Api, size: int) -> None:
    """PLO5 and PLO6 against a random hole of as many cards: each hole's exact equity equals the oracle's count
    against every hole listed, with the random hand's excluded cards (many, so that the listing stays small)."""
    board = STREETS["river"]
    out = handrank.parse_cards(board)
    left = [c for c in range(52) if c not in out]
    hero = Range.from_combos([(h, 1) for h in [tuple(left[:size]), tuple(left[3 : 3 + size])]], game="omaha")
    excluded = left[18:]  # the random hand's 18 cards less the hole's: 1,287 or 924 holes
    anyone = Range("random", game="omaha", hole_size=size).without(excluded)
    got = handrank.combo_equity(hero, anyone, board, game="omaha")
    for hole, share, weight in zip(got.combos.tolist(), got.equity.tolist(), got.weight.tolist(), strict=True):
        pool = [c for c in left[:18] if c not in hole]
        listed = Range.from_combos([(h, 1) for h in combinations(pool, size)], game="omaha")
        wins, ties, total = _brute(hole, listed, out)
        assert weight == total == comb(len(pool), size)
        assert share == pytest.approx(float((wins + ties / 2) / total), abs=1e-12)
        alone = handrank.equity([hole, anyone], board, game="omaha", exact=True)
        assert alone.exact and alone.equity[0] == pytest.approx(share, abs=1e-12)
    if impl.name == "c":  # on the flop, against the whole deck: held to Monte Carlo within five standard errors
        hole = left[:size]
        flop = board.rsplit(" ", 2)[0]
        exact = handrank.equity([hole, Range("random", game="omaha", hole_size=size)], flop, game="omaha", exact=True)
        sampled = handrank.equity(
            [hole, Range("random", game="omaha", hole_size=size)],
            flop,
            game="omaha",
            exact=False,
            trials=400_000,
            seed=4,
        )
        assert exact.exact and abs(sampled.equity[0] - exact.equity[0]) < 5 * sampled.stderr[0]


def test_random_hand_among_three_players_is_listed(impl: Api) -> None:
    """With three players (or hand types asked) exact equity lists the random hand's every hole: the oracle's
    split pots over every hole it may hold, its excluded cards kept out; and on the flop within five standard
    errors of Monte Carlo."""
    board = handrank.parse_cards(STREETS["river"])
    fixed = [handrank.parse_cards("Ah As Kd Kc"), handrank.parse_cards("Qh Qs Jd Jc")]
    taken = set(board) | {c for hand in fixed for c in hand}
    left = [c for c in range(52) if c not in taken]
    anyone = Range("random", game="omaha", hole_size=4).without(left[14:])
    got = handrank.equity([*fixed, anyone], board, game="omaha", exact=True)
    shares = [Fraction(0)] * 3
    holes = list(combinations(left[:14], 4))
    for hole in holes:
        ranks = [omaha_rank(list(hand), board) for hand in (*fixed, hole)]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += Fraction(1, len(winners))
    assert got.exact and got.total == len(holes)
    assert got.equity_fraction == tuple(share / len(holes) for share in shares)
    typed = handrank.equity([fixed[0], anyone], board, game="omaha", exact=True, hand_types=True)
    assert typed.exact and typed.hand_types is not None
    assert typed.equity == handrank.equity([fixed[0], anyone], board, game="omaha", exact=True).equity
    if impl.name == "c":
        flop = STREETS["flop"]
        players = [*fixed, Range("random", game="omaha", hole_size=4)]
        exact = handrank.equity(players, flop, game="omaha", exact=True)
        sampled = handrank.equity(players, flop, game="omaha", exact=False, trials=400_000, seed=2)
        assert exact.exact and all(
            abs(a - b) < 5 * e for a, b, e in zip(exact.equity, sampled.equity, sampled.stderr, strict=True)
        )


def test_random_villain_refusals(impl: Api) -> None:
    with pytest.raises(ValueError, match="exact equity enumerates an Omaha random hand on a flop, turn or river"):
        handrank.equity(["AhAsKdKc2c", Range("random", game="omaha", hole_size=5)], "", game="omaha", exact=True)
    with pytest.raises(ValueError, match="one random hand whose every hole can be settled in about a minute"):
        handrank.equity(
            ["AhAsKdKc", Range("random", game="omaha", hole_size=4), Range("random", game="omaha", hole_size=4)],
            "Kh 7h 2d",
            game="omaha",
            exact=True,
        )
