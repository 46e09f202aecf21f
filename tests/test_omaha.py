from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from conftest import Api, combos, on, random_hands

from handrank import Category, category, parse_cards

# Exactly two of the hole cards (index pairs) with exactly three of the board (index triples).
PAIRS = {h: np.array(list(combinations(range(h), 2))) for h in (4, 5, 6)}
TRIPLES = {b: np.array(list(combinations(range(b), 3))) for b in (3, 4, 5)}


def brute_force(evaluate_batch: object, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """min over every 2-of-hole x 3-of-board five, through the (exhaustively tested) 5-card batch path."""
    pairs, triples = PAIRS[holes.shape[1]], TRIPLES[boards.shape[1]]
    hp = holes[:, pairs]  # (N, P, 2)
    bt = boards[:, triples]  # (N, T, 3)
    five = np.concatenate(
        [
            np.broadcast_to(hp[:, :, None, :], (len(holes), len(pairs), len(triples), 2)),
            np.broadcast_to(bt[:, None, :, :], (len(holes), len(pairs), len(triples), 3)),
        ],
        axis=3,
    ).reshape(-1, 5)
    return evaluate_batch(five).reshape(len(holes), -1).min(axis=1)  # type: ignore[operator]


def deal(n: int, nh: int, nb: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    cards = random_hands(n, nh + nb, seed)
    return cards[:, :nh].copy(), cards[:, nh:].copy()


@pytest.mark.parametrize(("nh", "nb"), [(4, 3), (4, 4), (4, 5), (5, 5), (6, 5), (6, 3), (5, 4)])
def test_random_against_brute_force(impl: Api, nh: int, nb: int) -> None:
    n = 3000 if impl.__name__.endswith("_c") else 600
    holes, boards = deal(n, nh, nb, seed=10 * nh + nb)
    expected = brute_force(impl.evaluate_batch, holes, boards)
    assert np.array_equal(impl.evaluate_omaha_batch(holes, boards), expected)
    for i in range(50):
        assert impl.evaluate_omaha(holes[i].tolist(), boards[i].tolist()) == expected[i]


@pytest.mark.parametrize("board", ["Kh Qh Jh Th 3c", "7c 7d 7h 2s 2c", "As 2s 3s 4d 9h", "Kd 8c 3h", "Ad Kd 5d 5c"])
def test_every_hole_on_fixed_boards(c_impl: Api, board: str) -> None:
    board_ids = parse_cards(board)
    rest = np.array([c for c in range(52) if c not in board_ids], np.uint8)
    holes = rest[combos(len(rest), 4)]
    boards = np.broadcast_to(np.array(board_ids, np.uint8), (len(holes), len(board_ids)))
    expected = brute_force(c_impl.evaluate_batch, holes, np.ascontiguousarray(boards))
    assert np.array_equal(c_impl.evaluate_omaha_batch(holes, board_ids), expected)  # one shared board
    assert np.array_equal(c_impl.evaluate_omaha_batch(holes[::7], boards[::7]), expected[::7])  # per row


FIXED_HOLES = [("Ah Kh Qd Jd", 5), ("7c 7d 2h 2s", 4), ("As 5s 4d 3c", 3), ("Tc 9c 8h 7h", 3)]


@pytest.mark.parametrize(("hole", "nb"), FIXED_HOLES)
def test_every_board_for_fixed_holes(c_impl: Api, hole: str, nb: int) -> None:
    hole_ids = parse_cards(hole)
    rest = np.array([c for c in range(52) if c not in hole_ids], np.uint8)
    boards_all = rest[combos(len(rest), nb)]  # all 1,712,304 rivers when nb = 5
    boards = boards_all
    holes = np.broadcast_to(np.array(hole_ids, np.uint8), (len(boards), 4))
    for lo in range(0, len(boards), 200_000):
        hi = lo + 200_000
        expected = brute_force(c_impl.evaluate_batch, holes[lo:hi], boards[lo:hi])
        assert np.array_equal(c_impl.evaluate_omaha_batch(holes[lo:hi], boards[lo:hi]), expected)


@pytest.mark.parametrize("nb", [3, 4, 5])
def test_board_rank_tables_against_brute_force(c_impl: Api, nb: int) -> None:
    """Every entry of the Omaha tables: each board rank multiset with each pair of hole ranks, against the best
    of the pair with three of the board through the 5-card batch (suits that make no flush)."""
    from handrank import _tables as T

    pairs = {T.omaha_pair_index()[13 * a + b]: (a, b) for a in range(13) for b in range(a + 1)}
    if nb == 5:
        boards = [ranks for _, ranks in T.a5_class_patterns()]  # at their row, ace-to-five class - 1
        table, width, bits = T.omaha_board_table(), T.OMAHA_ROW_BYTES, T.OMAHA_ENTRY_BITS
    else:
        boards = T.board_multisets(nb)
        table = T.omaha_flop_table() if nb == 3 else T.omaha_turn_table()
        width = T.OMAHA_ROW_BYTES if nb == 3 else T.OMAHA_TURN_ROW_BYTES
        bits = T.OMAHA_ENTRY_BITS if nb == 3 else T.OMAHA_TURN_ENTRY_BITS
    triples = list(combinations(range(nb), 3))
    fives, entries = [], []
    for row, ranks in enumerate(boards):
        ranks = sorted(ranks)
        board = [4 * r + i % 4 for i, r in enumerate(ranks)]  # board cards of different suits, three at most alike
        word = int.from_bytes(table[row * width : (row + 1) * width], "little")
        for col in range(T.OMAHA_COLUMNS):
            a, b = pairs[col]
            free = {r: [s for s in range(4) if 4 * r + s not in board] for r in (a, b)}
            if (a == b and len(free[a]) < 2) or not free[a] or not free[b]:
                continue  # five of a rank: no such hand
            hole = [4 * a + free[a][0], 4 * b + free[b][1 if a == b else 0]]
            fives += [[*hole, *(board[i] for i in t)] for t in triples]
            entries.append((word >> (bits * col)) & ((1 << bits) - 1))
    classes = c_impl.evaluate_batch(np.array(fives, np.uint8)).reshape(len(entries), len(triples))
    got = np.array(entries)
    if nb == 4:  # the entry names the board rank (ascending) the best three leave out
        left_out = [triples.index(tuple(i for i in range(4) if i != k)) for k in range(4)]
        got = classes[np.arange(len(got)), np.array(left_out)[got]]
    assert np.array_equal(got, classes.min(axis=1))
    assert len(entries) > 0.9 * len(boards) * T.OMAHA_COLUMNS


def test_python_equals_c(c_impl: Api) -> None:
    _eval_py = on("python")

    for nh, nb in [(4, 5), (5, 3), (6, 4)]:
        holes, boards = deal(3000, nh, nb, seed=nh * nb)
        assert np.array_equal(_eval_py.evaluate_omaha_batch(holes, boards), c_impl.evaluate_omaha_batch(holes, boards))
        shared = boards[0]
        ok = ~np.isin(holes, shared).any(axis=1)
        assert np.array_equal(
            _eval_py.evaluate_omaha_batch(holes[ok], shared), c_impl.evaluate_omaha_batch(holes[ok], shared)
        )


@pytest.mark.parametrize(
    ("hole", "board", "expected"),
    [
        ("Ah 8c 8d 2s", "Kh Qh Jh Th 3c", Category.ONE_PAIR),  # four-flush board, one heart: no flush
        ("Ah 9h 8c 2s", "Kh Qh Jh 3c 4d", Category.FLUSH),  # two hearts + three: a flush
        ("Ac Ad Kc Kd", "5h 6s 7d 8c 9h", Category.ONE_PAIR),  # board straight needs two hole cards
        ("Tc 4d Kc Kd", "5h 6s 7d 8c 9h", Category.ONE_PAIR),  # one connector is not enough either
        ("Tc Jd Kc Kd", "5h 6s 7d 8c 9h", Category.STRAIGHT),  # T-J plays with 7-8-9
        ("Kc Kd 2h 3s", "7c 7d 7h 4s 5c", Category.FULL_HOUSE),  # board trips + a pair in hand
        ("Ac Kd 2h 3s", "7c 7d 7h 9s Tc", Category.THREE_OF_A_KIND),  # board trips, no pair: trips only
        ("Ac Kd Qh Js", "7c 7d 7h 7s Tc", Category.THREE_OF_A_KIND),  # board quads play as trips
        ("As Ks 2d 3c", "Qs Js Ts 4h 5h", Category.ROYAL_FLUSH),
    ],
)
def test_classic_traps(impl: Api, hole: str, board: str, expected: Category) -> None:
    rank = impl.evaluate_omaha(hole, board)
    assert category(rank) is expected
    five = impl.best_five_omaha(hole, board)
    assert len(set(five) & set(parse_cards(hole))) == 2
    assert len(set(five) & set(parse_cards(board))) == 3
    assert impl.evaluate(list(five)) == rank


def test_omaha_is_never_better_than_holdem_style(impl: Api) -> None:
    holes, boards = deal(500, 4, 5, seed=77)
    for hole, board in zip(holes.tolist(), boards.tolist(), strict=True):
        free = min(impl.evaluate(list(s)) for s in combinations(hole + board, 5))
        assert impl.evaluate_omaha(hole, board) >= free


@pytest.mark.parametrize(
    ("hole", "board", "exc", "message"),
    [
        ("Ah Kh Qh", "2c 3c 4c", ValueError, "an Omaha hand has 4, 5 or 6 cards, got 3"),
        ("Ah Kh Qh Jh 2s 3s 4s", "2c 3c 4c", ValueError, "got 7"),
        ("Ah Kh Qh Jh", "2c 3c", ValueError, "an Omaha board has 3, 4 or 5 cards, got 2"),
        ("Ah Kh Qh Jh", "2c 3c 4c 5c 6c 7c", ValueError, "got 6"),
        ("Ah Kh Qh Jh", "2c 3c Ah", ValueError, r"duplicate card Ah \(in the hole and on the board\)"),
        ("Ah Kh Qh Qh", "2c 3c 4c", ValueError, "duplicate card Qh"),
        ("Ah Kh Qh Jh", "2c 2c 4c", ValueError, "board: duplicate card 2c"),
        ([0, 1, 2, 60], [4, 5, 6], ValueError, "card id 60 is out of range"),
        (None, [4, 5, 6], TypeError, "not None"),
        ([0, 1, 2, 3], None, TypeError, "not None"),
    ],
)
def test_omaha_errors(impl: Api, hole: object, board: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate_omaha(hole, board)
    with pytest.raises(exc, match=message):
        impl.best_five_omaha(hole, board)


@pytest.mark.parametrize(
    ("holes", "boards", "exc", "message"),
    [
        ([[0, 1, 2, 3], [4, 5, 6, 60]], [[8, 9, 10], [11, 12, 13]], ValueError, "row 1: card id 60 is out of range"),
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10], [11, 12, 4]], ValueError, "row 1: duplicate card 3c"),
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [8, 9, 4], ValueError, "row 1: duplicate card 3c"),
        ([[0, 1, 2, 3]], [8, 9, 9], ValueError, "board: duplicate card 4d"),
        ([[0, 1, 2, 3]], [8, 9], ValueError, "an Omaha board has 3, 4 or 5 cards, got 2"),
        ([[0, 1, 2, 3]], [8, 9, 60], ValueError, "board: card id 60 is out of range"),
        (np.array([[0, 1, 2, 3], [4, 5, 6, -7]], np.int16), [8, 9, 10], ValueError, "row 1: card id -7 is out"),
        (np.array([[0, 1, 2, 3], [4, 5, 6, 255]], np.uint8), [8, 9, 10], ValueError, "row 1: card id 255 is out"),
        ([[0, 1, 2]], [8, 9, 10], ValueError, "an Omaha hand has 4, 5 or 6 cards, got rows of 3"),
        ([[0, 1, 2, 3]], [[8, 9, 10, 11, 12, 13]], ValueError, "an Omaha board has 3, 4 or 5 cards, got rows of 6"),
        ([[0, 1, 2, 3]], [[8, 9, 10], [11, 12, 13]], ValueError, "holes has 1 row but boards has 2"),
        ([0, 1, 2, 3], [8, 9, 10], ValueError, "2-D array"),
        ([[0.5, 1, 2, 3]], [8, 9, 10], TypeError, "float64"),
        ([[0, 1, 2, 3]], [[[8, 9, 10]]], ValueError, "one board"),
    ],
)
def test_omaha_batch_errors(impl: Api, holes: object, boards: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate_omaha_batch(holes, boards)


def test_omaha_batch_dtypes_layouts_threads(impl: Api) -> None:
    n = 40_000 if impl.__name__.endswith("_c") else 2_000
    holes, boards = deal(n, 5, 5, seed=99)
    expected = impl.evaluate_omaha_batch(holes, boards)
    for dtype in ("i1", "u2", "i4", "i8", ">i8"):
        assert np.array_equal(impl.evaluate_omaha_batch(holes.astype(dtype), boards.astype(dtype)), expected)
    assert np.array_equal(impl.evaluate_omaha_batch(np.asfortranarray(holes), boards[:, ::-1]), expected)
    assert np.array_equal(impl.evaluate_omaha_batch(holes, boards, threads=0), expected)
    assert np.array_equal(impl.evaluate_omaha_batch(holes, boards, threads=3), expected)
    out = np.zeros(n, np.uint16)
    assert impl.evaluate_omaha_batch(holes, boards, out=out) is out and np.array_equal(out, expected)
    empty = impl.evaluate_omaha_batch(np.zeros((0, 4), np.uint8), [1, 2, 3])
    assert empty.shape == (0,) and empty.dtype == np.uint16
