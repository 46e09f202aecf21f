"""handrank.abstraction: EHS, EHS², the histograms and OCHS of river, turn and flop states against exact
``handrank.equity`` (the runouts enumerated here), on both backends where cheap; range equity itself against
brute force; the strength kernel's suit symmetry, its heroes mode against its full pass, and its two backends
side by side; spot values of a few and of many states on a board; a build's chunks; the preflop values (AA's
published 0.8520, a few classes against exact equity, a chunk of the next-street histogram) and the default
partition's rule; build, load, the manifest and resuming after Ctrl-C; a whole flop build against spot
values; cluster; and bad input, with the exact messages."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from math import floor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import C_AVAILABLE, NO_C, Api, on, run_on

import handrank
from handrank import HAND_CLASSES, HandIndexer, _backend, abstraction

INDEXER = HandIndexer("holdem")
SIZES = {"preflop": 169, "flop": 1_286_792, "turn": 13_960_050, "river": 123_156_254}
RANKS = "23456789TJQKA"
COMBOS = list(combinations(range(52), 2))  # the kernel's combo numbers: handrank.combos() order
COMBO_AT = np.full((52, 52), -1, np.intp)
for _number, (_a, _b) in enumerate(COMBOS):
    COMBO_AT[_a, _b] = COMBO_AT[_b, _a] = _number
NOT_AA = [name for name in HAND_CLASSES if name != "AA"]
AA_AND_REST = [["AA"], NOT_AA]


def _class_name(a: int, b: int) -> str:
    """The starting-hand class of two card ids (rank * 4 + suit), worked out here."""
    hi, lo = max(a // 4, b // 4), min(a // 4, b // 4)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if a % 4 == b % 4 else "o")


COMBO_CLASS = np.array([HAND_CLASSES.index(_class_name(a, b)) for a, b in COMBOS], np.intp)


@pytest.fixture
def c_backend() -> Iterator[Api]:
    """The compiled backend active for the test (skipped where it is not built)."""
    api = on("c")
    before = _backend.use("c")
    try:
        yield api
    finally:
        _backend.use(_backend.name(before))


# --- oracles ---------------------------------------------------------------------------------------------------


def _equity(hole: Sequence[int], board: Sequence[int], against: str = "random") -> Fraction:
    """The exact equity of ``hole`` against a range on ``board`` (every runout dealt)."""
    result = handrank.equity([list(hole), against], board=list(board), exact=True)
    assert result.equity_fraction is not None
    share: Fraction = result.equity_fraction[0]
    return share


def _deck(dead: Sequence[int]) -> list[int]:
    return [c for c in range(52) if c not in set(dead)]


def _river_strengths(hole: Sequence[int], board: Sequence[int]) -> list[Fraction]:
    """The river hand strength (equity against a random hand) of every runout of the board."""
    return [_equity(hole, [*board, *runout]) for runout in combinations(_deck([*hole, *board]), 5 - len(board))]


def _binned(values: Sequence[Fraction], bins: int) -> np.ndarray:
    """How ``values`` in [0, 1] fall in ``bins`` equal bins (the last one closed), as fractions."""
    out = np.zeros(bins)
    for value in values:
        out[min(floor(value * bins), bins - 1)] += 1
    return out / len(values)


def _group_equities(hole: Sequence[int], board: Sequence[int], groups: Sequence[Sequence[str]]) -> list[float]:
    """The exact equity against each group of classes (a range of their names), NaN where none of the group's
    combos is left beside the hole and the board."""
    dead = {*hole, *board}
    out = []
    for group in groups:
        names = set(group)
        left = any(_class_name(a, b) in names and not {a, b} & dead for a, b in COMBOS)
        out.append(float(_equity(hole, board, ",".join(group))) if left else float("nan"))
    return out


def _partition(seed: int, n_groups: int) -> tuple[np.ndarray, list[list[str]]]:
    """A random partition of the classes into ``n_groups`` groups, none empty: as 169 group numbers, and as
    lists of names."""
    labels = np.random.default_rng(seed).permutation(np.arange(169) % n_groups)
    return labels, [[HAND_CLASSES[c] for c in range(169) if labels[c] == g] for g in range(n_groups)]


def _random_boards(rng: np.random.Generator, k: int, n: int) -> np.ndarray:
    return np.array([rng.permutation(52)[:n] for _ in range(k)], np.uint8)


def _kernel(
    name: str, boards: np.ndarray, labels: np.ndarray, bins: int, heroes: np.ndarray | None = None
) -> dict[str, np.ndarray]:
    """Backend ``name``'s ``strength_counts`` on ``boards`` (``(K, n)``; with ``heroes``, ``(K, H)`` combo
    numbers, only those), every output asked for, the outputs filled with junk first (the kernel must write
    all of them)."""
    kernels: Any = _backend.load(name)
    k, n = boards.shape
    g = int(labels.max()) + 1
    out: dict[str, np.ndarray] = {
        "sums": np.full((k, 1326), 12345, np.uint32),
        "squares": np.full((k, 1326), 12345, np.uint64),
        "hist": np.full((k, 1326, bins), 12345, np.uint32),
        "group_wins": np.full((k, 1326, g), 12345, np.uint32),
        "group_faced": np.full((k, 1326, g), 12345, np.uint32),
    }
    if n == 3:
        out["next_hist"] = np.full((k, 1326, bins), 12345, np.uint32)
    kernels.strength_counts(
        np.ascontiguousarray(boards, np.uint8),
        None if heroes is None else np.ascontiguousarray(heroes, np.int16),
        np.ascontiguousarray(labels.astype(np.uint8)[COMBO_CLASS]),
        g,
        bins,
        out["sums"],
        out["squares"],
        out["hist"],
        out.get("next_hist"),
        out["group_wins"],
        out["group_faced"],
        0,
        k,
    )
    return out


def _heroes(rng: np.random.Generator, boards: np.ndarray, n: int) -> np.ndarray:
    """For each board, ``n`` >= 3 distinct combo numbers (one meeting the board, the first and the last combo,
    the others at random), then a -1."""
    rows = np.full((len(boards), n + 1), -1, np.int16)
    for row, board in enumerate(boards.tolist()):
        meets = COMBO_AT[board[0], next(c for c in range(52) if c not in board)]
        rest = [i for i in range(1, 1325) if i != meets]
        rows[row, :n] = [meets, 0, 1325, *rng.choice(rest, n - 3, replace=False)]
    return rows


# --- the oracle itself ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n_board", [5, 4])
def test_range_equity_counts_every_runout_and_combo_alike(n_board: int) -> None:
    """The oracle: exact equity against a range of class names is 2 wins + ties over twice the (runout, combo)
    pairs that share no card, every combo weighed alike; against "random" on the river it is HS over 990."""
    rng = np.random.default_rng(40 + n_board)
    cards = rng.permutation(52)[: 2 + n_board].tolist()
    hole, board = cards[:2], cards[2:]
    group = list(abstraction.DEFAULT_PARTITION[5])
    points = pairs = 0
    for runout in combinations(_deck(cards), 5 - n_board):
        full = [*board, *runout]
        mine = handrank.evaluate([*hole, *full])
        dead = {*cards, *runout}
        for a, b in COMBOS:
            if _class_name(a, b) in group and not {a, b} & dead:
                theirs = handrank.evaluate([a, b, *full])
                points += 2 if mine < theirs else 1 if mine == theirs else 0
                pairs += 1
    assert pairs > 0
    assert _equity(hole, board, ",".join(group)) == Fraction(points, 2 * pairs)
    if n_board == 5:
        mine = handrank.evaluate(cards)
        others = [handrank.evaluate([a, b, *board]) for a, b in COMBOS if not {a, b} & set(cards)]
        assert len(others) == 990
        wins, ties = sum(mine < r for r in others), sum(mine == r for r in others)
        assert _equity(hole, board) == Fraction(2 * wins + ties, 1980)


# --- spot values ----------------------------------------------------------------------------------------------


def test_river_values_against_exact_equity(impl: Api) -> None:
    rng = np.random.default_rng(7)
    deals = [rng.permutation(52)[:7].tolist() for _ in range(6)]
    deals.append(handrank.parse_cards("AsAh AdAc2c 7d 9h"))  # no AA combo is left: NaN against that group
    index = np.array([INDEXER.index(d, street="river") for d in deals], np.int64)
    labels, groups = _partition(3, 5)
    ehs = abstraction.ehs("river", index)
    default = abstraction.ochs("river", None, index)
    custom = abstraction.ochs("river", groups, index)
    assert ehs.dtype == default.dtype == custom.dtype == np.float64
    assert ehs.shape == (len(deals),)
    assert default.shape == (len(deals), 8)
    assert custom.shape == (len(deals), 5)
    # the same partition as comma-joined names, as 169 group numbers (a list or an array), and uint64 indices
    np.testing.assert_array_equal(abstraction.ochs("river", [",".join(g) for g in groups], index), custom)
    np.testing.assert_array_equal(abstraction.ochs("river", labels.tolist(), index), custom)
    as_array = abstraction.ochs("river", labels, index.astype(np.uint64))  # type: ignore[arg-type]
    np.testing.assert_array_equal(as_array, custom)
    np.testing.assert_array_equal(abstraction.ehs("river", index.tolist()), ehs)
    aa_and_rest = abstraction.ochs("river", AA_AND_REST, index)
    for k, deal in enumerate(deals):
        hole, board = deal[:2], deal[2:]
        assert ehs[k] == pytest.approx(float(_equity(hole, board)), abs=1e-12)
        assert default[k].tolist() == pytest.approx(
            _group_equities(hole, board, abstraction.DEFAULT_PARTITION), abs=1e-12, nan_ok=True
        )
        assert custom[k].tolist() == pytest.approx(_group_equities(hole, board, groups), abs=1e-12, nan_ok=True)
        assert aa_and_rest[k].tolist() == pytest.approx(
            _group_equities(hole, board, AA_AND_REST), abs=1e-12, nan_ok=True
        )
    assert np.isnan(aa_and_rest[-1, 0]) and aa_and_rest[-1, 1] == 1.0
    # no indices: empty arrays of the feature's shape
    assert abstraction.ehs("river", np.array([], np.int64)).shape == (0,)
    assert abstraction.ochs("river", groups, np.array([], np.uint64)).shape == (0, 5)


def test_turn_values_against_exact_equity(impl: Api) -> None:
    """Three hands on one turn board (one kernel pass per call): every feature against the runouts' equity."""
    rng = np.random.default_rng(12)
    cards = rng.permutation(52).tolist()
    board = cards[:4]
    holes = [cards[4:6], cards[6:8], cards[8:10]]
    index = np.array([INDEXER.index([*h, *board], street="turn") for h in holes], np.uint64)
    ehs = abstraction.ehs("turn", index)
    ehs2 = abstraction.ehs2("turn", index)
    hist = {bins: abstraction.histogram("turn", bins, index) for bins in (10, 50)}
    following = abstraction.histogram("turn", 10, index, next_street=True)
    default = abstraction.ochs("turn", None, index)
    labels, groups = _partition(5, 4)
    custom = abstraction.ochs("turn", labels.tolist(), index) if impl.name == "c" else None
    for values in (ehs, ehs2, following, default, *hist.values()):
        assert values.dtype == np.float64
    assert hist[50].shape == (3, 50) and default.shape == (3, 8)
    # on the turn the next street's EHS is the river HS: the same histogram
    np.testing.assert_array_equal(following, hist[10])
    for k, hole in enumerate(holes):
        strengths = _river_strengths(hole, board)
        assert len(strengths) == 46
        assert ehs[k] == pytest.approx(float(_equity(hole, board)), abs=1e-12)
        assert ehs[k] == pytest.approx(float(sum(strengths) / 46), abs=1e-12)
        assert ehs2[k] == pytest.approx(float(sum(s * s for s in strengths) / 46), abs=1e-12)
        for bins, h in hist.items():
            np.testing.assert_allclose(h[k], _binned(strengths, bins), rtol=0, atol=1e-12)
        assert default[k].tolist() == pytest.approx(
            _group_equities(hole, board, abstraction.DEFAULT_PARTITION), abs=1e-12, nan_ok=True
        )
        if custom is not None:
            assert custom[k].tolist() == pytest.approx(_group_equities(hole, board, groups), abs=1e-12, nan_ok=True)
    if impl.name == "c":  # threads split the boards, not the numbers
        np.testing.assert_array_equal(abstraction.ehs2("turn", index, threads=2), ehs2)


def test_flop_values_against_exact_equity(c_backend: Api) -> None:
    """Two hands on one flop: EHS, EHS² and the histograms over the 1,081 runouts' river equity, the next
    street's histogram over the 47 turns' equity, OCHS against equity versus each group's range."""
    rng = np.random.default_rng(3)
    cards = rng.permutation(52).tolist()
    board = cards[:3]
    holes = [cards[3:5], cards[5:7]]
    index = np.array([INDEXER.index([*h, *board], street="flop") for h in holes], np.int64)
    ehs = abstraction.ehs("flop", index)
    following = {bins: abstraction.histogram("flop", bins, index, next_street=True) for bins in (10, 50)}
    default = abstraction.ochs("flop", None, index)
    _, groups = _partition(9, 3)
    custom = abstraction.ochs("flop", groups, index)
    for k, hole in enumerate(holes):
        assert ehs[k] == pytest.approx(float(_equity(hole, board)), abs=1e-12)
        turns = [_equity(hole, [*board, c]) for c in _deck([*hole, *board])]
        assert len(turns) == 47
        for bins, h in following.items():
            np.testing.assert_allclose(h[k], _binned(turns, bins), rtol=0, atol=1e-12)
        assert default[k].tolist() == pytest.approx(
            _group_equities(hole, board, abstraction.DEFAULT_PARTITION), abs=1e-12, nan_ok=True
        )
        assert custom[k].tolist() == pytest.approx(_group_equities(hole, board, groups), abs=1e-12, nan_ok=True)
    # the runouts of the first hand: 1,081 river boards
    strengths = _river_strengths(holes[0], board)
    assert len(strengths) == 1081
    assert ehs[0] == pytest.approx(float(sum(strengths) / 1081), abs=1e-12)
    ehs2 = abstraction.ehs2("flop", index[:1])
    assert ehs2[0] == pytest.approx(float(sum(s * s for s in strengths) / 1081), abs=1e-12)
    for bins in (10, 50):
        hist = abstraction.histogram("flop", bins, index[:1])
        np.testing.assert_allclose(hist[0], _binned(strengths, bins), rtol=0, atol=1e-12)


def test_relabelled_deals_share_index_and_values(impl: Api) -> None:
    """A deal with its suits relabelled and its board reordered is the same state: its index, and the values
    there are the relabelled deal's exact equity."""
    rng = np.random.default_rng(17)
    for street, n in (("river", 5), ("turn", 4)):
        cards = rng.permutation(52)[: 2 + n]
        suits = rng.permutation(4)
        twin = (cards & ~3) | suits[cards & 3]
        twin = np.concatenate([twin[1::-1], rng.permutation(twin[2:])])
        index = INDEXER.index(cards.tolist(), street=street)
        assert INDEXER.index(twin.tolist(), street=street) == index
        hole, board = twin[:2].tolist(), twin[2:].tolist()
        assert abstraction.ehs(street, [index])[0] == pytest.approx(float(_equity(hole, board)), abs=1e-12)
        assert abstraction.ochs(street, AA_AND_REST, [index])[0].tolist() == pytest.approx(
            _group_equities(hole, board, AA_AND_REST), abs=1e-12, nan_ok=True
        )


# --- the kernel -----------------------------------------------------------------------------------------------


def test_kernel_relabelling_permutes_the_counts(impl: Api) -> None:
    """``strength_counts`` on a board and on its twin with the suits relabelled (and the cards in another
    order): every per-combo output of a combo is its relabelled combo's (a flop too on C: the next street)."""
    rng = np.random.default_rng(23)
    labels, _ = _partition(1, 6)
    shapes = [(3, 5), (1, 4)] + ([(1, 3)] if impl.name == "c" else [])
    first = np.array([x for x, _ in COMBOS])
    second = np.array([y for _, y in COMBOS])
    for k, n in shapes:
        boards = _random_boards(rng, k, n)
        maps = [rng.permutation(4) for _ in range(k)]
        twins = np.array(
            [
                rng.permutation((board & ~3) | m[board & 3])
                for board, m in zip(boards.astype(np.intp), maps, strict=True)
            ],
            np.uint8,
        )
        plain = _kernel(impl.name, boards, labels, 7)
        moved = _kernel(impl.name, twins, labels, 7)
        outputs = {"sums", "squares", "hist", "group_wins", "group_faced"} | ({"next_hist"} if n == 3 else set())
        assert set(plain) == set(moved) == outputs
        for row, m in enumerate(maps):
            twin_of = COMBO_AT[(first & ~3) | m[first & 3], (second & ~3) | m[second & 3]]
            for name, counts in plain.items():
                np.testing.assert_array_equal(moved[name][row][twin_of], counts[row], err_msg=f"{name} n={n}")
            # the combos that meet the board count nothing; every other one faces C(45, 2) hands on each of
            # its runouts, and its wins and ties by group add up to its sum
            live = ~np.isin(first, boards[row]) & ~np.isin(second, boards[row])
            assert not plain["sums"][row][~live].any()
            runouts = {5: 1, 4: 46, 3: 1081}[n]
            np.testing.assert_array_equal(plain["group_faced"][row][live].sum(axis=1), 990 * runouts)
            np.testing.assert_array_equal(plain["hist"][row][live].sum(axis=1), runouts)
            np.testing.assert_array_equal(plain["group_wins"][row].sum(axis=1), plain["sums"][row])


def test_kernel_backends_agree() -> None:
    """C and Python ``strength_counts``: every output equal, with groups and bins, on river and turn boards, of
    every combo and of a few heroes."""
    if not C_AVAILABLE:
        pytest.skip(NO_C)
    rng = np.random.default_rng(31)
    labels, _ = _partition(2, 9)
    rivers = _random_boards(rng, 4, 5)
    runs = [(rivers, 13, None), (_random_boards(rng, 1, 4), 50, None), (rivers, 6, _heroes(rng, rivers, 5))]
    for boards, bins, heroes in runs:
        c, python = _kernel("c", boards, labels, bins, heroes), _kernel("python", boards, labels, bins, heroes)
        assert set(c) == set(python)
        for name in c:
            np.testing.assert_array_equal(c[name], python[name], err_msg=f"{name} n={boards.shape[1]}")


def test_kernel_heroes_are_the_full_counts(impl: Api) -> None:
    """With ``heroes``, each hero combo's outputs are those of the full pass, every other combo's (and a hero
    that meets the board) 0 (turn and flop boards on C only: the Python kernel always counts them all)."""
    rng = np.random.default_rng(37)
    labels, _ = _partition(4, 5)
    shapes = [(3, 5)] + ([(2, 4), (1, 3)] if impl.name == "c" else [])
    for k, n in shapes:
        # no 2c, 2d, Ah or As on the boards: the first and the last combo are live
        boards = np.array([rng.permutation(48)[:n] + 2 for _ in range(k)], np.uint8)
        heroes = _heroes(rng, boards, 7)
        full = _kernel(impl.name, boards, labels, 9)
        few = _kernel(impl.name, boards, labels, 9, heroes)
        assert set(full) == set(few)
        for row in range(k):
            named = heroes[row][heroes[row] >= 0].astype(np.intp)
            others = np.setdiff1d(np.arange(1326), named)
            for name, counts in full.items():
                np.testing.assert_array_equal(few[name][row][named], counts[row][named], err_msg=f"{name} n={n}")
                assert not few[name][row][others].any(), f"{name} n={n}"
            assert not few["sums"][row][named[0]]  # it meets the board


def test_kernel_heroes_named_twice_count_once() -> None:
    """A combo named twice in a board's heroes row is one hero: counted once, as the Python kernel does."""
    if not C_AVAILABLE:
        pytest.skip(NO_C)
    boards = np.array([[0, 9, 22, 35, 48]], np.uint8)
    heroes = np.array([[100, 100, 200, -1]], np.int16)
    labels, _ = _partition(6, 3)
    full = _kernel("c", boards, labels, 10)
    for name in ("python", "c"):
        twice = _kernel(name, boards, labels, 10, heroes)
        for output, counts in full.items():
            np.testing.assert_array_equal(
                twice[output][0][[100, 200]], counts[0][[100, 200]], err_msg=f"{name}: {output}"
            )


def _all_features(street: str, index: np.ndarray, groups: list[list[str]]) -> list[np.ndarray]:
    values = [abstraction.ehs(street, index), abstraction.ochs(street, groups, index)]
    if street != "river":
        values += [abstraction.ehs2(street, index), abstraction.histogram(street, 8, index)]
    return values


def test_spot_values_of_many_and_few_states_on_a_board_agree(impl: Api) -> None:
    """``state_values`` counts a board's few states asked for alone (heroes) and many of them by the full
    pass: every state of one river board (and, on C, one turn board) both ways, the same values."""
    rng = np.random.default_rng(41)
    streets = [("river", 5)] + ([("turn", 4)] if impl.name == "c" else [])
    _, groups = _partition(8, 4)
    for street, n in streets:
        board = rng.permutation(52)[:n].tolist()
        hands = np.array([[a, b, *board] for a, b in COMBOS if not {a, b} & set(board)], np.uint8)
        index = INDEXER.index(hands, street)
        assert len(np.unique(index)) > 64
        many = _all_features(street, index, groups)
        pieces = [_all_features(street, index[lo : lo + 60], groups) for lo in range(0, len(index), 60)]
        for k, values in enumerate(many):
            np.testing.assert_array_equal(values, np.concatenate([p[k] for p in pieces]))
        # one call, one board with many states and another with a few
        other = rng.permutation(52)[:n].tolist()
        few = INDEXER.index(
            np.array([[a, b, *other] for a, b in COMBOS if not {a, b} & set(other)][:4], np.uint8), street
        )
        mixed = _all_features(street, np.concatenate([few[:2], index, few[2:]]), groups)
        alone = _all_features(street, few, groups)
        for k, values in enumerate(mixed):
            np.testing.assert_array_equal(values, np.concatenate([alone[k][:2], many[k], alone[k][2:]]))


# --- preflop --------------------------------------------------------------------------------------------------


def _preflop_names() -> list[str]:
    """Each preflop index's class name, worked out from the canonical hand."""
    hands = INDEXER.unindex(np.arange(169, dtype=np.uint64), "preflop")
    return [_class_name(int(a), int(b)) for a, b in hands]


def test_aa_preflop_is_the_published_0852(c_backend: Api) -> None:
    """AA against a random hand: 85.20% equity, 84.93% wins (published); the same as exact equity."""
    ehs = abstraction.ehs("preflop", threads=0)
    assert ehs.shape == (169,) and ehs.dtype == np.float64
    aa = INDEXER.index("AsAh", street="preflop")
    assert round(float(ehs[aa]), 4) == 0.8520
    result = handrank.equity(["AsAh", "random"], exact=True)
    assert round(100 * result.wins[0] / result.total, 2) == 84.93
    assert ehs[aa] == pytest.approx(result.equity[0], abs=1e-12)
    assert abstraction.ehs("preflop", [aa, aa])[0] == ehs[aa]


@pytest.mark.parametrize("hand", ["KsQs", "7c2d", "5h5d"])
def test_preflop_ehs_against_exact_equity(c_backend: Api, hand: str) -> None:
    ehs = abstraction.ehs("preflop", threads=0)
    assert ehs[INDEXER.index(hand, street="preflop")] == pytest.approx(
        handrank.equity([hand, "random"], exact=True).equity[0], abs=1e-12
    )


def test_preflop_moments_agree(c_backend: Api) -> None:
    """Preflop EHS² and the histogram of every class: each histogram sums to 1, its first moment is within a
    bin of the EHS and its second within a bin's reach of the EHS²; EHS² is at least EHS squared; AA's
    histogram mean (bin middles) is within half a bin of its EHS."""
    ehs = abstraction.ehs("preflop", threads=0)
    ehs2 = abstraction.ehs2("preflop", threads=0)
    hist = abstraction.histogram("preflop", 50, threads=0)
    assert ehs2.dtype == hist.dtype == np.float64 and ehs2.shape == (169,) and hist.shape == (169, 50)
    np.testing.assert_allclose(hist.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    low, high = np.arange(50) / 50, np.arange(1, 51) / 50
    assert (hist @ low <= ehs + 1e-12).all() and (ehs <= hist @ high + 1e-12).all()
    assert (hist @ low**2 <= ehs2 + 1e-12).all() and (ehs2 <= hist @ high**2 + 1e-12).all()
    assert (ehs2 >= ehs**2).all() and (ehs2 <= ehs + 1e-12).all()
    aa = INDEXER.index("AsAh", street="preflop")
    assert abs(float(hist[aa] @ (low + high) / 2) - ehs[aa]) <= 1 / 100
    assert round(float(ehs2[aa]), 4) > round(float(ehs[aa]) ** 2, 4)


def test_preflop_next_street_chunk(c_backend: Api) -> None:
    """One chunk of the preflop next-street histogram (16 flops, each weighed by the flops it stands for):
    per class, the weighed count of its combos whose flop EHS falls in each bin, from ``ehs("flop")``."""
    from handrank import _features
    from handrank._table_jobs import FeatureJob

    bins = 10
    job = FeatureJob("preflop", ("next",), bins, _features.labels_of(None))
    chunk = job.chunks[0]
    result = FeatureJob.compute(chunk, *job.arguments(), threads=0)
    expected = np.zeros((169, bins), np.int64)
    scale = 1081 * 1980  # a flop EHS is this many (2 wins + ties) units
    for row in chunk.tolist():
        flop, weight = row[:3], row[3]
        live = [(a, b) for a, b in COMBOS if not {a, b} & set(flop)]
        index = INDEXER.index(np.array([[a, b, *flop] for a, b in live], np.uint8), "flop")
        units = np.rint(abstraction.ehs("flop", index) * scale).astype(np.int64)
        for (a, b), u in zip(live, units.tolist(), strict=True):
            expected[HAND_CLASSES.index(_class_name(a, b)), min(u * bins // scale, bins - 1)] += weight
    np.testing.assert_array_equal(result, expected)


def test_default_partition_follows_its_rule(c_backend: Api) -> None:
    """Classes in order of preflop EHS, weakest first, each in group floor(8 * combos before it / 1326)."""
    ehs = abstraction.ehs("preflop", threads=0)
    names = _preflop_names()
    assert len(set(ehs.tolist())) == 169  # no two classes tie: the order is one order
    groups: list[list[str]] = [[] for _ in range(8)]
    before = 0
    for i in np.argsort(ehs).tolist():
        groups[8 * before // 1326].append(names[i])
        before += 6 if len(names[i]) == 2 else 4 if names[i].endswith("s") else 12
    assert before == 1326
    partition = abstraction.DEFAULT_PARTITION
    assert len(partition) == 8
    assert [set(g) for g in partition] == [set(g) for g in groups]
    assert sorted(name for g in partition for name in g) == sorted(HAND_CLASSES)


# --- build and load -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def preflop_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, abstraction.Features, list[float]]:
    """EHS and OCHS (AA against the rest) of the preflop classes, built once (C)."""
    if not C_AVAILABLE:
        pytest.skip(NO_C)
    out = tmp_path_factory.mktemp("preflop")
    told: list[float] = []

    def progress(street: str, fraction: float) -> None:
        assert street == "preflop"
        told.append(fraction)

    built = run_on(
        "c", lambda: abstraction.build(["ehs", "ochs"], "preflop", out, partition=AA_AND_REST, progress=progress)
    )
    return out, built, told


def test_preflop_build_and_load(c_backend: Api, preflop_build: tuple[Path, abstraction.Features, list[float]]) -> None:
    out, built, told = preflop_build
    assert told and told == sorted(told) and told[-1] == 1.0 and told[0] > 0
    assert not (out / "chunks").exists()
    assert sorted(p.name for p in (out / "preflop").iterdir()) == ["ehs.npy", "ochs.npy"]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["format"] == abstraction.FORMAT == 1
    assert manifest["game"] == "holdem"
    assert set(manifest["files"]) == {"preflop/ehs.npy", "preflop/ochs.npy"}
    for name, shape, feature in (("preflop/ehs.npy", [169], "ehs"), ("preflop/ochs.npy", [169, 2], "ochs")):
        entry = manifest["files"][name]
        assert entry["shape"] == shape and entry["dtype"] == "float32"
        assert entry["street"] == "preflop" and entry["feature"] == feature and entry["bins"] is None
        assert entry["sha256"] == hashlib.sha256((out / name).read_bytes()).hexdigest()
    assert manifest["files"]["preflop/ochs.npy"]["partition"] == [0] + [1] * 168
    assert manifest["files"]["preflop/ehs.npy"]["partition"] is None
    assert built.entries["preflop", "ochs"] == manifest["files"]["preflop/ochs.npy"]

    loaded = abstraction.load(out)
    assert loaded.keys() == built.keys() == [("preflop", "ehs"), ("preflop", "ochs")]
    assert ("preflop", "ehs") in loaded and ("flop", "ehs") not in loaded
    with pytest.raises(KeyError, match=re.escape("('flop', 'ehs')")):
        loaded["flop", "ehs"]
    ehs, ochs = loaded["preflop", "ehs"], loaded["preflop", "ochs"]
    assert ehs.dtype == ochs.dtype == np.float32 and ochs.shape == (169, 2)
    np.testing.assert_array_equal(ehs, abstraction.ehs("preflop", threads=0).astype(np.float32))
    in_memory = abstraction.ochs("preflop", AA_AND_REST, threads=0)
    assert in_memory.dtype == np.float64 and in_memory.shape == (169, 2)
    np.testing.assert_array_equal(ochs, in_memory.astype(np.float32))
    np.testing.assert_array_equal(abstraction.ochs("preflop", AA_AND_REST, [7, 3]), in_memory[[7, 3]])
    for hand in ("AsAh", "KsKh", "Ah7d", "7c2d"):
        at = INDEXER.index(hand, street="preflop")
        against = [float(_equity(handrank.parse_cards(hand), [], ",".join(g))) for g in AA_AND_REST]
        assert in_memory[at].tolist() == pytest.approx(against, abs=1e-12)
        found = loaded.lookup(hand)
        assert found["street"] == "preflop" and found["index"] == at
        assert found["ehs"] == float(ehs[at]) and found["ochs"] == ochs[at].tolist()
    with pytest.raises(ValueError, match=re.escape("cards: a flop hand, but")):
        loaded.lookup("AsAh", "2c3d4h")
    with pytest.raises(ValueError, match=re.escape("cards: a hole and a board of 0, 3, 4 or 5 cards, not 3 cards")):
        loaded.lookup("AsAhKd")


def _flip(path: Path, at: int = -1) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0x40
    path.write_bytes(bytes(data))


def test_load_refuses_damaged_folders(
    tmp_path: Path, preflop_build: tuple[Path, abstraction.Features, list[float]]
) -> None:
    source = preflop_build[0]

    def copy(name: str) -> Path:
        return Path(shutil.copytree(source, tmp_path / name))

    damaged = copy("damaged")
    _flip(damaged / "preflop" / "ehs.npy")  # the last value's bytes, past the header
    with pytest.raises(ValueError, match=re.escape("ehs.npy: damaged (its bytes do not match the manifest's SHA-256)")):
        abstraction.load(damaged)
    unchecked = abstraction.load(damaged, verify=False)  # the checksum is not read: the changed value comes back
    assert unchecked["preflop", "ehs"][-1] != abstraction.load(source)["preflop", "ehs"][-1]

    other = copy("other")
    manifest = json.loads((other / "manifest.json").read_text(encoding="utf-8"))
    manifest["format"] = 2
    (other / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape("a manifest of format 2, not 1")):
        abstraction.load(other)
    with pytest.raises(ValueError, match=re.escape("a manifest of format 2, not 1")):
        abstraction.build("ehs", "preflop", other)  # nor built over

    missing = copy("missing")
    (missing / "preflop" / "ochs.npy").unlink()
    with pytest.raises(ValueError, match=re.escape("ochs.npy: listed in the manifest but missing")):
        abstraction.load(missing)

    reshaped = copy("reshaped")
    np.save(reshaped / "preflop" / "ehs.npy", np.zeros(168, np.float32))
    with pytest.raises(ValueError, match=re.escape("ehs.npy: shape (168,) float32, but the manifest says [169]")):
        abstraction.load(reshaped, verify=False)

    garbled = copy("garbled")
    (garbled / "manifest.json").write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match="is not a handrank abstraction manifest"):
        abstraction.load(garbled)

    with pytest.raises(ValueError, match=re.escape("no manifest.json (not a folder handrank.abstraction.build wrote)")):
        abstraction.load(tmp_path)


def test_build_resumes_after_ctrl_c(c_backend: Api, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (a progress callback raising KeyboardInterrupt) keeps the chunks done; the same build then computes
    only the others and writes the same bytes as a build never stopped; a damaged kept chunk is computed again."""
    from handrank._table_jobs import FeatureJob

    computed: list[int] = []
    compute = FeatureJob.compute

    def counting(chunk: np.ndarray, *args: Any, **kwargs: Any) -> np.ndarray:
        computed.append(len(chunk))
        return compute(chunk, *args, **kwargs)

    monkeypatch.setattr(FeatureJob, "compute", staticmethod(counting))

    def stop(street: str, fraction: float) -> None:
        if fraction > 0:
            raise KeyboardInterrupt

    whole = tmp_path / "whole"
    abstraction.build("ehs", "preflop", whole)
    n_chunks = len(computed)
    assert n_chunks > 2

    part = tmp_path / "part"
    computed.clear()
    with pytest.raises(KeyboardInterrupt):
        abstraction.build("ehs", "preflop", part, progress=stop)
    assert len(computed) == 1
    kept = sorted((part / "chunks").glob("*/*.npy"))
    assert [p.name[:6] for p in kept] == ["00000-"]
    assert not (part / "manifest.json").exists()
    with pytest.raises(ValueError, match=re.escape("no manifest.json")):
        abstraction.load(part)
    damaged = Path(shutil.copytree(part, tmp_path / "damaged"))

    computed.clear()
    resumed = abstraction.build("ehs", "preflop", part)
    assert len(computed) == n_chunks - 1
    for name in ("preflop/ehs.npy", "manifest.json"):
        assert (part / name).read_bytes() == (whole / name).read_bytes(), name
    assert not (part / "chunks").exists()
    assert not list((part / "preflop").glob("*.part"))
    np.testing.assert_array_equal(resumed["preflop", "ehs"], abstraction.load(whole)["preflop", "ehs"])

    [chunk] = (damaged / "chunks").glob("*/00000-*.npy")
    sound = chunk.read_bytes()
    _flip(chunk)
    computed.clear()
    with pytest.warns(RuntimeWarning, match="damaged"), pytest.raises(KeyboardInterrupt):
        abstraction.build("ehs", "preflop", damaged, progress=stop)
    assert len(computed) == 1  # chunk 0 again, kept again as it was
    assert chunk.read_bytes() == sound


@pytest.mark.parametrize(("street", "n_boards"), [("turn", 12), ("flop", 3)])
def test_feature_job_chunk_records(c_backend: Api, street: str, n_boards: int) -> None:
    """A build's chunk of canonical boards (the first ones, which some relabellings keep): every state met on
    them once, with its spot values (float32)."""
    from handrank._table_jobs import FeatureJob

    labels, groups = _partition(12, 3)
    features = ("ehs", "ehs2", "hist", "next", "ochs")
    job = FeatureJob(street, features, 6, tuple(labels.tolist()))
    boards = job.chunks[0][:n_boards]
    records = FeatureJob.compute(boards, *job.arguments(), threads=2)
    assert job.check(0, records)
    met = [
        INDEXER.index(np.array([[a, b, *board] for a, b in COMBOS if not {a, b} & set(board)], np.uint8), street)
        for board in boards.tolist()
    ]
    assert len(np.unique(np.concatenate(met))) == sum(len(np.unique(m)) for m in met)  # no state on two boards
    assert sorted(records["index"].tolist()) == np.unique(np.concatenate(met)).tolist()
    assert len(records) < sum(len(m) for m in met)  # a board some relabelling keeps meets states twice
    index = records["index"].astype(np.int64)
    expected = {
        "ehs": abstraction.ehs(street, index),
        "ehs2": abstraction.ehs2(street, index),
        "hist": abstraction.histogram(street, 6, index),
        "next": abstraction.histogram(street, 6, index, next_street=True),
        "ochs": abstraction.ochs(street, groups, index),
    }
    for feature, values in expected.items():
        np.testing.assert_array_equal(records[feature], values.astype(np.float32), err_msg=feature)


@pytest.fixture(scope="module")
def flop_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, abstraction.Features, list[float]]:
    """The whole flop's EHS, built once (C): the one full-street build of this file."""
    if not C_AVAILABLE:
        pytest.skip(NO_C)
    out = tmp_path_factory.mktemp("flop")
    told: list[float] = []
    built = run_on("c", lambda: abstraction.build("ehs", "flop", out, progress=lambda street, f: told.append(f)))
    return out, built, told


def test_flop_build_matches_spot_values(
    c_backend: Api, flop_build: tuple[Path, abstraction.Features, list[float]]
) -> None:
    out, built, told = flop_build
    assert told == sorted(told) and told[-1] == 1.0
    assert not (out / "chunks").exists()
    ehs = abstraction.load(out)["flop", "ehs"]
    assert ehs.shape == (SIZES["flop"],) and ehs.dtype == np.float32
    # every state written (the file starts as zeros; no flop state has EHS 0 or above 1)
    assert float(ehs.min()) > 0 and float(ehs.max()) <= 1
    rng = np.random.default_rng(99)
    at = np.concatenate([[0, SIZES["flop"] - 1], rng.integers(0, SIZES["flop"], 150)])
    np.testing.assert_array_equal(ehs[at], abstraction.ehs("flop", at).astype(np.float32))
    for index in at[:4].tolist():
        hand = INDEXER.unindex(np.array([index], np.uint64), "flop")[0].tolist()
        assert float(ehs[index]) == pytest.approx(float(_equity(hand[:2], hand[2:])), rel=1e-6)
    found = built.lookup("AhKh", "Ts9s2c")
    assert found["street"] == "flop" and found["index"] == INDEXER.index("AhKh Ts9s2c", street="flop")
    assert found["ehs"] == pytest.approx(float(_equity(handrank.parse_cards("AhKh"), handrank.parse_cards("Ts9s2c"))))


# --- cluster --------------------------------------------------------------------------------------------------


def test_cluster_histograms_by_emd() -> None:
    pytest.importorskip("sklearn")
    hists = np.random.default_rng(5).dirichlet(np.ones(10), size=400)
    labels, centres = abstraction.cluster(hists, 6, seed=3)
    assert labels.dtype == np.int32 and labels.shape == (400,)
    assert set(labels.tolist()) <= set(range(6))
    assert centres.shape == (6, 10)
    np.testing.assert_allclose(centres.sum(axis=1), 1.0, rtol=0, atol=1e-9)
    assert (centres >= -1e-12).all()
    # each state is labelled with the centre nearest by the earth mover's distance
    emd = np.abs(np.cumsum(hists, axis=1)[:, None, :] - np.cumsum(centres, axis=1)[None]).sum(axis=2)
    np.testing.assert_array_equal(labels, emd.argmin(axis=1))
    again = abstraction.cluster(hists, 6, seed=3)
    np.testing.assert_array_equal(again[0], labels)
    np.testing.assert_array_equal(again[1], centres)


def _intervals(values: np.ndarray, labels: np.ndarray) -> None:
    """One-dimensional clusters are intervals that do not overlap."""
    spans = sorted((values[labels == g].min(), values[labels == g].max()) for g in np.unique(labels))
    assert all(spans[i][1] < spans[i + 1][0] for i in range(len(spans) - 1))


def test_cluster_ehs_by_l2() -> None:
    pytest.importorskip("sklearn")
    index = np.random.default_rng(8).integers(0, SIZES["river"], 120)
    values = abstraction.ehs("river", index)
    labels, centres = abstraction.cluster(values, 4, metric="l2", seed=0)
    assert labels.dtype == np.int32 and labels.shape == (120,) and centres.shape == (4, 1)
    assert set(labels.tolist()) == set(range(4))
    np.testing.assert_array_equal(labels, np.abs(values[:, None] - centres[:, 0]).argmin(axis=1))
    _intervals(values, labels)
    np.testing.assert_array_equal(abstraction.cluster(values, 4, metric="l2", seed=0)[0], labels)
    one, centre = abstraction.cluster(values, 1, metric="l2")
    assert not one.any() and centre[0, 0] == pytest.approx(values.mean())


def test_cluster_many_states(flop_build: tuple[Path, abstraction.Features, list[float]]) -> None:
    """Above 100,000 states (mini-batch k-means): the flop's EHS in four intervals."""
    pytest.importorskip("sklearn")
    values = np.asarray(flop_build[1]["flop", "ehs"][:120_000], np.float64)
    labels, centres = abstraction.cluster(values, 4, metric="l2", seed=1)
    assert labels.shape == (120_000,) and centres.shape == (4, 1)
    assert set(labels.tolist()) == set(range(4))
    _intervals(values, labels)


# --- bad input ------------------------------------------------------------------------------------------------

MISSING_KK = [["AA"], [c for c in HAND_CLASSES if c not in ("AA", "KK")]]
Call = Callable[[], object]
BAD_CALLS: list[tuple[str, Call, type[Exception], str]] = [
    (
        "street",
        lambda: abstraction.ehs("River", [0]),
        ValueError,
        "street must be one of preflop, flop, turn, river, not 'River'",
    ),
    (
        "street-array",
        lambda: abstraction.ehs(np.array(["flop", "turn"]), [0]),  # type: ignore[arg-type]
        ValueError,
        "street must be one of preflop, flop, turn, river, not array(['flop', 'turn']",
    ),
    (
        "street-none",
        lambda: abstraction.ochs(None, None, [0]),  # type: ignore[arg-type]
        ValueError,
        "street must be one of preflop, flop, turn, river, not None",
    ),
    (
        "bins-0",
        lambda: abstraction.histogram("turn", 0, [0]),
        ValueError,
        "bins must be a whole number from 1 to 1000, not 0",
    ),
    (
        "bins-1001",
        lambda: abstraction.histogram("turn", 1001, [0]),
        ValueError,
        "bins must be a whole number from 1 to 1000, not 1001",
    ),
    (
        "bins-true",
        lambda: abstraction.histogram("turn", True, [0]),
        ValueError,
        "bins must be a whole number from 1 to 1000, not True",
    ),
    (
        "bins-float",
        lambda: abstraction.histogram("flop", 2.5, [0]),  # type: ignore[arg-type]
        ValueError,
        "bins must be a whole number from 1 to 1000, not 2.5",
    ),
    (
        "index-negative",
        lambda: abstraction.ehs("river", [3, -1]),
        ValueError,
        "indices[1]: -1 is not a river index (0..123156253)",
    ),
    (
        "index-size",
        lambda: abstraction.ehs2("turn", np.array([13_960_050], np.uint64)),
        ValueError,
        "indices[0]: 13960050 is not a turn index (0..13960049)",
    ),
    (
        "index-preflop",
        lambda: abstraction.ehs("preflop", [169]),
        ValueError,
        "indices[0]: 169 is not a preflop index (0..168)",
    ),
    (
        "index-float",
        lambda: abstraction.ehs("river", np.array([1.0])),
        TypeError,
        "indices must be integers, not dtype float64",
    ),
    (
        "index-2d",
        lambda: abstraction.ehs("river", [[1, 2]]),
        ValueError,
        "indices must be one-dimensional, got shape (1, 2)",
    ),
    (
        "hist-river",
        lambda: abstraction.histogram("river", 10, [0]),
        ValueError,
        "hist: the river has no runouts to spread; histograms are for preflop, flop, turn",
    ),
    (
        "next-river",
        lambda: abstraction.histogram("river", 10, [0], next_street=True),
        ValueError,
        "next: the river has no runouts to spread",
    ),
    (
        "next-not-bool",
        lambda: abstraction.histogram("turn", 10, [0], next_street=1),  # type: ignore[arg-type]
        TypeError,
        "next_street must be True or False, not int",
    ),
    (
        "class-twice",
        lambda: abstraction.ochs("river", [["AA", "KK"], ["AA", *NOT_AA]], [0]),
        ValueError,
        "partition: AA is in group 0 and group 1",
    ),
    (
        "class-missing",
        lambda: abstraction.ochs("river", MISSING_KK, [0]),
        ValueError,
        "partition: every class must be in a group; 1 are in none (KK)",
    ),
    (
        "class-unknown",
        lambda: abstraction.ochs("river", [["AA", "XX"], NOT_AA], [0]),
        ValueError,
        "partition group 0: 'XX' is not a starting-hand class (such as AA, AKs or AKo)",
    ),
    (
        "group-gap",
        lambda: abstraction.ochs("river", [0] * 100 + [2] * 69, [0]),
        ValueError,
        "partition: group numbers run from 0 without a gap; no class is in group 1",
    ),
    (
        "group-negative",
        lambda: abstraction.ochs("river", [-1] + [0] * 168, [0]),
        ValueError,
        "partition: group numbers are whole numbers from 0",
    ),
    (
        "partition-string",
        lambda: abstraction.ochs("river", "AA,KK", [0]),
        TypeError,
        "partition must be a list of groups of starting-hand classes, or 169 group numbers, not str",
    ),
    ("partition-empty", lambda: abstraction.ochs("river", [], [0]), ValueError, "partition: no group given"),
    ("threads", lambda: abstraction.ehs("river", [0], threads=-1), ValueError, "threads must be >= 0, got -1"),
]


@pytest.mark.parametrize(("call", "error", "message"), [c[1:] for c in BAD_CALLS], ids=[c[0] for c in BAD_CALLS])
def test_bad_input(impl: Api, call: Call, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        call()


BAD_BUILDS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("river-hist", {"features": "hist", "streets": "river"}, ValueError, "hist: the river has no runouts to spread"),
    (
        "feature",
        {"features": "ehs,foo", "streets": "flop"},
        ValueError,
        "features: 'foo' is not one of ehs, ehs2, hist, next, ochs",
    ),
    ("no-feature", {"features": [], "streets": "flop"}, ValueError, "features: none given"),
    (
        "street",
        {"features": "ehs", "streets": "Flop"},
        ValueError,
        "streets: 'Flop' is not one of preflop, flop, turn, river",
    ),
    ("no-street", {"features": "ehs", "streets": []}, ValueError, "streets: none given"),
    (
        "bins",
        {"features": "hist", "streets": "flop", "bins": 0},
        ValueError,
        "bins must be a whole number from 1 to 1000, not 0",
    ),
    (
        "partition",
        {"features": "ochs", "streets": "flop", "partition": MISSING_KK},
        ValueError,
        "partition: every class must be in a group; 1 are in none (KK)",
    ),
]


@pytest.mark.parametrize(("kwargs", "error", "message"), [c[1:] for c in BAD_BUILDS], ids=[c[0] for c in BAD_BUILDS])
def test_bad_build(tmp_path: Path, kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    out = tmp_path / "out"
    with pytest.raises(error, match=re.escape(message)):
        abstraction.build(out=out, **kwargs)
    assert not out.exists()  # refused before anything is written


BAD_CLUSTERS: list[tuple[str, Call, type[Exception], str]] = [
    (
        "k-0",
        lambda: abstraction.cluster(np.ones(5), 0),
        ValueError,
        "k must be a whole number from 1 to the 5 states, not 0",
    ),
    (
        "k-over",
        lambda: abstraction.cluster(np.ones((5, 2)), 6),
        ValueError,
        "k must be a whole number from 1 to the 5 states, not 6",
    ),
    (
        "k-bool",
        lambda: abstraction.cluster(np.ones(5), True),
        ValueError,
        "k must be a whole number from 1 to the 5 states, not True",
    ),
    (
        "metric",
        lambda: abstraction.cluster(np.ones(5), 2, metric="l1"),
        ValueError,
        "metric must be 'emd' or 'l2', not 'l1'",
    ),
    (
        "metric-array",
        lambda: abstraction.cluster(np.ones(5), 2, metric=np.array(["emd", "l2"])),
        ValueError,
        "metric must be 'emd' or 'l2', not array(['emd', 'l2']",
    ),
    (
        "nan",
        lambda: abstraction.cluster(np.array([[0.5, 0.5], [0.2, 0.8], [np.nan, 1.0]]), 1),
        ValueError,
        "features: row 2 is not finite",
    ),
    (
        "shape-3d",
        lambda: abstraction.cluster(np.ones((2, 2, 2)), 1),
        ValueError,
        "features must have shape (N,) or (N, d) with N >= 1, got (2, 2, 2)",
    ),
    (
        "shape-empty",
        lambda: abstraction.cluster(np.ones((0, 3)), 1),
        ValueError,
        "features must have shape (N,) or (N, d) with N >= 1, got (0, 3)",
    ),
]


@pytest.mark.parametrize(("call", "error", "message"), [c[1:] for c in BAD_CLUSTERS], ids=[c[0] for c in BAD_CLUSTERS])
def test_bad_cluster(call: Call, error: type[Exception], message: str) -> None:
    pytest.importorskip("sklearn")
    with pytest.raises(error, match=re.escape(message)):
        call()
