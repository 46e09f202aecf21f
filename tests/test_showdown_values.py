"""showdown_values and blocked_reach against a brute-force reference written here (every pair of combos
compared), on both backends: one board and many, prepared or not, float64 and float32, zeros and ties;
zero-sum play between equal ranges; and bad input, named."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from conftest import Api

import handrank
from handrank import _backend

COMBOS = np.array(list(combinations(range(52), 2)))


def _reference(board: list[int], reach: np.ndarray, blocked: bool) -> np.ndarray:
    """Every combo against every other, O(n²): +1, 0 or -1 (or 1 for blocked) times the other's reach."""
    ranks = np.array([0 if set(c) & set(board) else handrank.evaluate([*board, *c]) for c in COMBOS.tolist()])
    live = np.array([not set(c) & set(board) for c in COMBOS.tolist()])
    a, b = COMBOS[:, 0], COMBOS[:, 1]
    apart = (a[:, None] != a) & (a[:, None] != b) & (b[:, None] != a) & (b[:, None] != b) & live[None] & live[:, None]
    sign = np.ones((1326, 1326)) if blocked else np.sign(ranks[None, :] - ranks[:, None]).astype(float)
    return (apart * sign) @ reach.astype(np.float64)


def _boards(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(52, 5, replace=False) for _ in range(n)], np.uint8)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("prepared", [False, True])
def test_values_equal_the_brute_force_reference(impl: Api, dtype: type, prepared: bool) -> None:
    boards = _boards(3, 1)
    boards[2] = handrank.parse_cards("Ah Kh Qh Jh Th")  # the board plays: every showdown a tie
    rng = np.random.default_rng(2)
    reach = rng.random((3, 1326)).astype(dtype)
    reach[0, rng.choice(1326, 400, replace=False)] = 0  # zeros, as a real range has
    given = impl.ShowdownBoards(boards) if prepared else boards
    values = impl.showdown_values(given, reach)
    faced = impl.blocked_reach(given, reach)
    assert values.dtype == faced.dtype == dtype and values.shape == faced.shape == (3, 1326)
    tolerance = 1e-9 if dtype == np.float64 else 2e-3
    for b in range(3):
        np.testing.assert_allclose(values[b], _reference(boards[b].tolist(), reach[b], False), atol=tolerance)
        np.testing.assert_allclose(faced[b], _reference(boards[b].tolist(), reach[b], True), atol=tolerance)
    assert np.abs(values[2]).max() <= tolerance  # all ties: nothing won or lost (up to rounding)


def test_one_board_one_reach_and_shared_reach(impl: Api) -> None:
    board = "Ks 7h 2d 4c 9s"
    reach = np.random.default_rng(3).random(1326)
    one = impl.showdown_values(board, reach)
    assert one.shape == (1326,)
    np.testing.assert_allclose(one, _reference(handrank.parse_cards(board), reach, False), atol=1e-9)
    many = impl.showdown_values(np.array([handrank.parse_cards(board)] * 2), reach)  # one reach for both
    assert many.shape == (2, 1326) and np.array_equal(many[0], one) and np.array_equal(many[1], one)
    out = np.empty((2, 1326))
    assert impl.blocked_reach(np.array([handrank.parse_cards(board)] * 2), reach, out=out) is out


def test_equal_ranges_play_a_zero_sum_game(impl: Api) -> None:
    boards = _boards(4, 5)
    reach = np.random.default_rng(6).random(1326)
    values = impl.showdown_values(boards, reach, threads=2)
    for b in range(4):
        assert abs(float(reach @ values[b])) < 1e-6 * float(reach @ np.abs(values[b]))


def test_backends_agree() -> None:
    from conftest import on

    boards, reach = _boards(8, 7), np.random.default_rng(8).random((8, 1326))
    c, python = on("c"), on("python")
    assert np.array_equal(c.ShowdownBoards(boards).prepared, python.ShowdownBoards(boards).prepared)
    np.testing.assert_allclose(c.showdown_values(boards, reach), python.showdown_values(boards, reach), atol=1e-9)
    np.testing.assert_allclose(c.blocked_reach(boards, reach), python.blocked_reach(boards, reach), atol=1e-9)


@pytest.mark.parametrize(
    ("boards", "reach", "error", "message"),
    [
        (
            "Ks7h2d4c",
            np.ones(1326),
            ValueError,
            "boards must have shape (5,) or (B, 5), B >= 1: river boards, got (4,)",
        ),
        ([[1, 2, 3, 4, 4]], np.ones(1326), ValueError, "boards row 0: card 3c is on the board twice"),
        ([[1, 2, 3, 4, 60]], np.ones(1326), ValueError, "boards row 0: card id 60 is out of range 0..51"),
        (np.ones((1, 5)), np.ones(1326), TypeError, "boards must be card ids (integers)"),
        ("Ks7h2d4c9s", np.ones(1326, int), TypeError, "reach must be float64 or float32, not dtype int64"),
        ("Ks7h2d4c9s", np.ones(100), ValueError, "reach must have shape (1326,) or (N, 1326), N >= 1, for one board"),
        ([[0, 1, 2, 3, 4]] * 2, np.ones((3, 1326)), ValueError, "reach must have shape (1326,) or (2, 1326)"),
        ("Ks7h2d4c9s", np.full(1326, np.nan), ValueError, "reach row 0: combo 2c2d has reach nan"),
        ("Ks7h2d4c9s", -np.ones(1326), ValueError, "reach row 0: combo 2c2d has reach -1.0"),
    ],
)
def test_bad_input(impl: Api, boards: object, reach: np.ndarray, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        impl.showdown_values(boards, reach)
    assert str(raised.value).startswith(message)
    with pytest.raises(error):
        impl.blocked_reach(boards, reach)


def test_bad_out(impl: Api) -> None:
    with pytest.raises(TypeError, match="out must have dtype float32"):
        impl.showdown_values("Ks7h2d4c9s", np.ones(1326, np.float32), out=np.empty(1326))
    with pytest.raises(ValueError, match=r"out must have shape \(1326,\)"):
        impl.showdown_values("Ks7h2d4c9s", np.ones(1326), out=np.empty(1325))


def test_one_board_many_nodes(impl: Api) -> None:
    """One board and a reach row a node: each row is its own node on that board."""
    board = "Ks 7h 2d 4c 9s"
    reach = np.random.default_rng(9).random((3, 1326))
    values = impl.showdown_values(impl.ShowdownBoards(board), reach)
    faced = impl.blocked_reach(board, reach)
    assert values.shape == faced.shape == (3, 1326)
    for row in range(3):
        np.testing.assert_array_equal(values[row], impl.showdown_values(board, reach[row]))
        np.testing.assert_array_equal(faced[row], impl.blocked_reach(board, reach[row]))


def test_reach_checked_where_the_board_makes_it_unused(impl: Api) -> None:
    """Entries of combos meeting the board are ignored, but a NaN there is still an error; -0.0 is a reach."""
    board = "Ks 7h 2d 4c 9s"
    reach = np.ones(1326)
    ks = handrank.parse_cards("Ks")[0]
    dead = next(i for i, c in enumerate(COMBOS.tolist()) if ks in c)
    reach[dead] = np.nan
    with pytest.raises(ValueError, match=r"reach row 0: combo .* has reach nan"):
        impl.showdown_values(board, reach)
    with pytest.raises(ValueError, match=r"reach row 0: combo .* has reach nan"):
        impl.blocked_reach(board, reach)
    reach[dead] = 5.0  # ignored: the same values as with 1
    np.testing.assert_array_equal(impl.showdown_values(board, reach), impl.showdown_values(board, np.ones(1326)))
    reach[:] = -0.0
    assert not impl.showdown_values(board, reach).any() and not impl.blocked_reach(board, reach).any()


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_reach_too_large_to_add(impl: Api, dtype: type) -> None:
    """Each entry finite but their sum past an eighth of the largest value: an error, not an infinity."""
    huge = np.full(1326, np.finfo(dtype).max / 1000, dtype)
    for call in (impl.showdown_values, impl.blocked_reach):
        with pytest.raises(ValueError, match="reach row 0: the reach sums to more than"):
            call("Ks 7h 2d 4c 9s", huge)
    fine = np.full(1326, np.finfo(dtype).max / 10**5, dtype)
    assert np.isfinite(impl.showdown_values("Ks 7h 2d 4c 9s", fine)).all()


def test_a_bad_node_is_named(impl: Api) -> None:
    reach = np.ones((4, 1326))
    reach[2, 7] = -1.0
    with pytest.raises(ValueError, match=r"reach row 2: combo 2c4c has reach -1.0"):
        impl.showdown_values(_boards(4, 11), reach, threads=2)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_every_entry_is_checked(kernel: str, dtype: type) -> None:
    """Under each SIMD kernel, a bad entry at any of the 1,326 places (live, or meeting the board: read by
    board card) is named with its row and combo, by both calls, alone and among four nodes."""
    board = handrank.ShowdownBoards("2c 2d 3c 4c Ah")  # a row of card 0, a short row (Ah), a paired rank
    reach = np.random.default_rng(71).random((5, 1326)).astype(dtype) + 0.1
    for place in range(1326):
        bad = reach.copy()
        row = place % 5
        bad[row, place] = (np.nan, -1.0, np.inf)[place % 3]
        name = handrank.card_str(int(COMBOS[place, 0])) + handrank.card_str(int(COMBOS[place, 1]))
        for call in (handrank.showdown_values, handrank.blocked_reach):
            with pytest.raises(ValueError, match=rf"reach row {row}: combo {name} has reach"):
                call(board, bad)
            with pytest.raises(ValueError, match=rf"reach row 0: combo {name} has reach"):
                call(board, bad[row])


def _omaha_reference(board: list[int], holes: np.ndarray, reach: np.ndarray, blocked: bool) -> np.ndarray:
    """Every hole against every other, O(N²), with handrank.evaluate_omaha."""
    n = len(holes)
    live = np.array([not set(h) & set(board) for h in holes.tolist()])
    ranks = np.array(
        [handrank.evaluate_omaha(h, board) if ok else 0 for h, ok in zip(holes.tolist(), live, strict=True)]
    )
    cards = [set(h) for h in holes.tolist()]
    apart = np.array([[not cards[i] & cards[j] for j in range(n)] for i in range(n)]) & live[None] & live[:, None]
    sign = np.ones((n, n)) if blocked else np.sign(ranks[None, :] - ranks[:, None]).astype(float)
    return (apart * sign) @ reach.astype(np.float64)


def _holes(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(52, k, replace=False) for _ in range(n)], np.uint8)


@pytest.mark.parametrize(("k", "dtype"), [(4, np.float64), (4, np.float32), (5, np.float64), (6, np.float64)])
def test_omaha_values_equal_the_brute_force_reference(impl: Api, k: int, dtype: type) -> None:
    holes = _holes(120, k, k)
    holes[7] = holes[3]  # the same hole twice: they share every card
    boards = _boards(2, 20 + k)
    rng = np.random.default_rng(k)
    reach = rng.random((2, 120)).astype(dtype)
    reach[1, rng.choice(120, 40, replace=False)] = 0
    tolerance = 1e-9 if dtype == np.float64 else 1e-3
    for given in (boards, impl.ShowdownBoards(boards, holes=holes)):
        values = impl.showdown_values(given, reach, holes=holes)
        faced = impl.blocked_reach(given, reach, holes=holes)
        assert values.shape == faced.shape == (2, 120) and values.dtype == faced.dtype == dtype
        for b in range(2):
            want = _omaha_reference(boards[b].tolist(), holes, reach[b], False)
            np.testing.assert_allclose(values[b], want, atol=tolerance)
            np.testing.assert_allclose(
                faced[b], _omaha_reference(boards[b].tolist(), holes, reach[b], True), atol=tolerance
            )


def test_omaha_one_board_many_nodes_and_zero_sum(impl: Api) -> None:
    holes = _holes(200, 4, 31)
    prepared = impl.ShowdownBoards("Ks 7h 2d 4c 9s", holes=holes)
    reach = np.random.default_rng(32).random((3, 200))
    values = impl.showdown_values(prepared, reach, threads=2)
    assert values.shape == (3, 200)
    for row in range(3):
        np.testing.assert_array_equal(values[row], impl.showdown_values(prepared, reach[row]))
        assert abs(float(reach[row] @ values[row])) < 1e-9 * float(reach[row] @ np.abs(values[row]))
    assert "200 Omaha holes" in repr(prepared) and prepared.nbytes > 0


def test_omaha_backends_agree() -> None:
    from conftest import on

    holes, boards = _holes(300, 4, 41), _boards(3, 42)
    reach = np.random.default_rng(43).random((3, 300))
    c, python = on("c"), on("python")
    for blocked in (False, True):
        call = "blocked_reach" if blocked else "showdown_values"
        np.testing.assert_allclose(
            getattr(c, call)(boards, reach, holes=holes), getattr(python, call)(boards, reach, holes=holes), atol=1e-9
        )


@pytest.mark.parametrize(
    ("holes", "reach", "error", "message"),
    [
        (np.zeros((3, 3), int), np.ones(3), ValueError, "holes must have shape (N, 4), (N, 5) or (N, 6)"),
        ([[0, 1, 2, 60]], np.ones(1), ValueError, "holes row 0: card id 60 is out of range 0..51"),
        ([[0, 1, 2, 3], [5, 6, 5, 7]], np.ones(2), ValueError, "holes row 1: card 3d is in the hole twice"),
        (np.ones((2, 4)), np.ones(2), TypeError, "holes must be card ids (integers) or hole texts"),
        (
            [[0, 1, 2, 3], [5, 6, 7, 8]],
            np.ones(3),
            ValueError,
            "reach must have shape (2,) or (N, 2), N >= 1, for one board",
        ),
        ([[0, 1, 2, 3], [5, 6, 7, 8]], np.array([1.0, np.inf]), ValueError, "reach row 0: hole 1 has reach inf"),
        ([[0, 1, 2, 3], [5, 6, 7, 8]], np.array([-2.0, 1.0]), ValueError, "reach row 0: hole 0 has reach -2.0"),
    ],
)
def test_omaha_bad_input(impl: Api, holes: object, reach: np.ndarray, error: type[Exception], message: str) -> None:
    for call in (impl.showdown_values, impl.blocked_reach):
        with pytest.raises(error) as raised:
            call("Ks 7h 2d 4c 9s", reach, holes=holes)
        assert str(raised.value).startswith(message)


def test_omaha_holes_must_match_the_prepared_ones(impl: Api) -> None:
    holes = [["Ah", "Kh", "Qd", "Jd"], ["2c", "3c", "4d", "5d"]]
    prepared = impl.ShowdownBoards("Ks 7h 2d 4c 9s", holes=[handrank.parse_cards(h) for h in holes])
    assert impl.showdown_values(prepared, np.ones(2), holes=["AhKhQdJd", "2c3c4d5d"]).shape == (2,)
    with pytest.raises(ValueError, match="holes differ from those the ShowdownBoards was made for"):
        impl.showdown_values(prepared, np.ones(2), holes=["AhKhQdJd", "2c3c4d6d"])
    with pytest.raises(ValueError, match="holes differ"):
        impl.blocked_reach(impl.ShowdownBoards("Ks 7h 2d 4c 9s"), np.ones(2), holes=["AhKhQdJd", "2c3c4d6d"])


@pytest.mark.parametrize("board", ["Qh Jh 4c 4d 9s", "2c 2d 3c 4c 5c", "Ah Kh Qh 7s 7d"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_every_kernel_gives_the_same_bits(kernel: str, dtype: type, board: str) -> None:
    """One board and 11 nodes under each SIMD kernel: the same bits as one node a call and as the kernel without
    SIMD (each does the same operations in the same order), close to the reference; a bad entry is named by its
    row."""

    reach = np.random.default_rng(51).random((11, 1326)).astype(dtype)
    reach[5, np.random.default_rng(52).choice(1326, 500, replace=False)] = 0
    together = handrank.showdown_values(board, reach)
    faced = handrank.blocked_reach(board, reach)
    compiled = _backend.load("c")
    before = compiled.use_simd("scalar")
    try:
        np.testing.assert_array_equal(together, handrank.showdown_values(board, reach))
        plain_faced = handrank.blocked_reach(board, reach)
    finally:
        compiled.use_simd(before)
    tolerance = 1e-9 if dtype == np.float64 else 2e-3
    np.testing.assert_allclose(faced, plain_faced, rtol=1e-5 if dtype == np.float32 else 1e-12)
    for row in range(11):
        np.testing.assert_array_equal(together[row], handrank.showdown_values(board, reach[row]))
        np.testing.assert_allclose(
            together[row], _reference(handrank.parse_cards(board), reach[row], False), atol=tolerance
        )
    reach[6, 1000] = np.nan
    with pytest.raises(ValueError, match=r"reach row 6: combo .* has reach nan"):
        handrank.showdown_values(board, reach)
    reach[6, 1000], reach[9, 3] = 1.0, -0.5
    with pytest.raises(ValueError, match=r"reach row 9: combo .* has reach -0.5"):
        handrank.showdown_values(board, reach, threads=2)


def test_empty_boards_and_reach_are_errors(impl: Api) -> None:
    with pytest.raises(ValueError, match=r"boards must have shape \(5,\) or \(B, 5\), B >= 1"):
        impl.showdown_values(np.zeros((0, 5), np.uint8), np.ones(1326))
    with pytest.raises(ValueError, match=r"boards must have shape"):
        impl.blocked_reach(np.zeros((0, 5), np.uint8), np.ones(1326))
    with pytest.raises(ValueError, match=r"reach must have shape \(1326,\) or \(N, 1326\), N >= 1"):
        impl.showdown_values("Ks 7h 2d 4c 9s", np.zeros((0, 1326)))
    with pytest.raises(ValueError, match=r"reach must have shape \(3,\) or \(N, 3\), N >= 1"):
        impl.showdown_values("Ks 7h 2d 4c 9s", np.zeros((0, 3)), holes=[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])


def test_threads_and_batch_place_change_nothing(impl: Api) -> None:
    """A node's values are the same bits alone, in a batch (at any place in it) and on any number of threads."""
    board = "Ts 9s 2d 3c Jh"  # straights and flushes: classes of one combo, and runs of ties
    reach = np.random.default_rng(61).random((130, 1326)).astype(np.float32)
    one = impl.showdown_values(board, reach)
    np.testing.assert_array_equal(one, impl.showdown_values(board, reach, threads=2))
    for row in (0, 64, 127, 128, 129):
        np.testing.assert_array_equal(one[row], impl.showdown_values(board, reach[row]))


def test_out_of_any_strides(impl: Api) -> None:
    boards, reach = _boards(2, 71), np.random.default_rng(72).random((2, 1326))
    want = impl.showdown_values(boards, reach)
    out = np.empty((2, 1326), order="F")
    assert impl.showdown_values(boards, reach, out=out) is out
    np.testing.assert_array_equal(out, want)
    strided = np.empty(2 * 1326)[::2]
    impl.blocked_reach(boards[0], reach[0], out=strided)
    np.testing.assert_array_equal(strided, impl.blocked_reach(boards[0], reach[0]))


def test_one_node_a_call_is_the_batch_s_row(impl: Api) -> None:
    """One node on one prepared board (the call a solver makes at every node) gives the bits, errors and out=
    of the general path."""
    board = impl.ShowdownBoards("Qh Jh 4c 4d 9s")
    reach = np.random.default_rng(81).random(1326)
    for dtype in (np.float64, np.float32):
        one = reach.astype(dtype)
        for call in (impl.showdown_values, impl.blocked_reach):
            got = call(board, one)
            assert got.dtype == dtype and got.shape == (1326,)
            np.testing.assert_array_equal(got, call(board, one[None, :])[0])
            out = np.empty(1326, dtype)
            assert call(board, one, out=out) is out
            np.testing.assert_array_equal(out, got)
    with pytest.raises(TypeError, match="threads must be an integer or None, not bool"):
        impl.showdown_values(board, reach, threads=True)
    with pytest.raises(ValueError, match="out overlaps reach"):
        impl.showdown_values(board, reach, out=reach)
    with pytest.raises(TypeError, match="out must have dtype float64"):
        impl.showdown_values(board, reach, out=np.empty(1326, np.float32))
    bad = reach.copy()
    bad[3] = -1.0
    with pytest.raises(ValueError, match=r"reach row 0: combo 2c3c has reach -1.0"):
        impl.blocked_reach(board, bad)
