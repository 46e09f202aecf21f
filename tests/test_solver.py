"""The solver toolkit on both backends: combos(), combo_index(), rank_combos()."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from conftest import Api, on

import handrank


def _random_board(rng: np.random.Generator, size: int) -> list[int]:
    return [int(c) for c in rng.permutation(52)[:size]]


def test_combos_are_every_pair_once_in_order(impl: Api) -> None:
    table = handrank.combos()
    assert table.shape == (1326, 2) and table.dtype == np.uint8
    assert table.tolist() == [list(pair) for pair in combinations(range(52), 2)]
    assert not table.flags.writeable
    with pytest.raises(ValueError):
        table[0, 0] = 5


def test_combo_index_inverts_combos(impl: Api) -> None:
    table = handrank.combos()
    assert handrank.combo_index(table).tolist() == list(range(1326))
    assert handrank.combo_index(table[:, ::-1]).tolist() == list(range(1326))  # either card first
    for i, (a, b) in enumerate(table.tolist()):
        assert handrank.combo_index([a, b]) == i == handrank.combo_index([b, a])
    assert handrank.combo_index("2c 2d") == 0 and handrank.combo_index("AsAh") == 1325
    assert table[handrank.combo_index("Kd Qh")].tolist() == sorted(handrank.parse_cards("Kd Qh"))


def test_combo_index_errors(impl: Api) -> None:
    with pytest.raises(ValueError, match="a combo has 2 cards, got 3"):
        handrank.combo_index("As Ks Qs")
    with pytest.raises(ValueError, match="duplicate card As"):
        handrank.combo_index("As As")
    with pytest.raises(ValueError, match="card id 52"):
        handrank.combo_index([3, 52])
    with pytest.raises(ValueError, match="combos row 1: duplicate card 2d"):
        handrank.combo_index(np.array([[0, 1], [1, 1]]))
    with pytest.raises(ValueError, match=r"combos row 2: card id -1 is out of range"):
        handrank.combo_index(np.array([[0, 1], [2, 3], [-1, 4]]))
    with pytest.raises(ValueError, match=r"shape \(N, 2\)"):
        handrank.combo_index(np.zeros((3, 3), np.uint8))


@pytest.mark.parametrize("size", [3, 4, 5])
def test_rank_combos_equals_evaluate_batch(impl: Api, size: int) -> None:
    """Every combo on random boards of each size: the batch rank of its cards and the board, or BLOCKED."""
    rng = np.random.default_rng(size)
    table = handrank.combos()
    for _ in range(3 if impl.name == "python" else 20):
        board = _random_board(rng, size)
        got = handrank.rank_combos(board)
        blocked = np.isin(table, board).any(axis=1)
        assert blocked.sum() == 1326 - (52 - size) * (51 - size) // 2
        assert (got[blocked] == handrank.BLOCKED).all()
        rows = np.concatenate([np.tile(np.array(board, np.uint8), (int((~blocked).sum()), 1)), table[~blocked]], 1)
        assert np.array_equal(got[~blocked], handrank.evaluate_batch(rows))


def test_rank_combos_on_chosen_combos_and_out(impl: Api) -> None:
    board = "Ks Qs Js Ts 2d"
    chosen = np.array([handrank.parse_cards(c) for c in ("Ac 2d", "As Ah", "Ac 2c", "2s Ks")], np.int64)
    got = handrank.rank_combos(board, chosen)
    assert got.tolist() == [
        handrank.BLOCKED,  # 2d is on the board
        handrank.evaluate("As Ah Ks Qs Js Ts 2d"),
        handrank.evaluate("Ac 2c Ks Qs Js Ts 2d"),
        handrank.BLOCKED,  # Ks too
    ]
    assert got[1] == 1 and got[2] == 1600  # a royal flush, an ace-high straight
    out = np.full(4, 7, np.uint16)
    assert handrank.rank_combos(board, chosen, out=out) is out and out.tolist() == got.tolist()
    strided = np.zeros(8, np.uint16)[::2]
    handrank.rank_combos(board, chosen, out=strided)
    assert strided.tolist() == got.tolist()
    assert handrank.rank_combos(board, np.zeros((0, 2), np.uint8)).shape == (0,)


def test_rank_combos_omaha_holes(impl: Api) -> None:
    rng = np.random.default_rng(7)
    for width in (4, 5, 6):
        board = _random_board(rng, 5)
        holes = np.array([rng.permutation(52)[:width] for _ in range(200)], np.uint8)
        got = handrank.rank_combos(board, holes)
        blocked = np.isin(holes, board).any(axis=1)
        assert blocked.any() and not blocked.all()
        assert (got[blocked] == handrank.BLOCKED).all()
        assert np.array_equal(got[~blocked], handrank.evaluate_omaha_batch(holes[~blocked], board))


def test_rank_combos_errors(impl: Api) -> None:
    with pytest.raises(ValueError, match="a Hold'em board has 3, 4 or 5 cards, got 2"):
        handrank.rank_combos("As Ks")
    with pytest.raises(ValueError, match="board: duplicate card As"):
        handrank.rank_combos("As Ks Qs As")
    with pytest.raises(ValueError, match="combos row 1: duplicate card 2c"):
        handrank.rank_combos("As Ks Qs", [[1, 2], [0, 0]])
    with pytest.raises(ValueError, match=r"combos row 0: card id 60 is out of range 0\.\.51"):
        handrank.rank_combos("As Ks Qs", [[60, 2]])
    with pytest.raises(ValueError, match=r"combos must have shape \(N, 2 or 4 or 5 or 6\), got \(2, 3\)"):
        handrank.rank_combos("As Ks Qs", [[1, 2, 3], [4, 5, 6]])
    with pytest.raises(TypeError, match="combos must be an integer array"):
        handrank.rank_combos("As Ks Qs", [["As", "Kd"]])
    with pytest.raises(ValueError, match=r"out must have shape \(1326,\)"):
        handrank.rank_combos("As Ks Qs", out=np.empty(5, np.uint16))
    with pytest.raises(TypeError, match="out must have dtype uint16"):
        handrank.rank_combos("As Ks Qs", out=np.empty(1326, np.int32))


@pytest.mark.parametrize("board", ["Ks 7h 2d 3c 9c", "Ks 7h 2d Kd", "Qh Jh 4c"])
def test_combo_equity_equals_equity_combo_by_combo(impl: Api, board: str) -> None:
    """Each combo's equity is equity([combo, villain], board, exact=True)'s, on weighted ranges.

    On a flop the pure-Python backend's ``equity`` would enumerate for minutes: its combo_equity is held to
    the compiled backend's ``equity`` there (skipped without the extension).
    """
    flop = len(handrank.parse_cards(board)) == 3
    reference = on("c") if flop and impl.name == "python" else impl
    villain = handrank.Range("22+, A2s+, 0.5(KTo+), 0.25(76s)")
    got = handrank.combo_equity("QQ+, AKs, T9s, 7h6h", villain, board, dead="2c")
    out = set(handrank.parse_cards(board)) | {0}  # the board and 2c, dead
    hero = [c for c, _ in handrank.Range("QQ+, AKs, T9s, 7h6h").combos]
    live = sorted(sorted(c) for c in hero if not set(c) & out)
    assert got.combos.tolist() == live
    assert got.combos.dtype == np.uint8 and got.equity.dtype == np.float64 and got.weight.dtype == np.float64
    for combo, equity, weight in zip(got.combos.tolist(), got.equity.tolist(), got.weight.tolist(), strict=True):
        want = reference.equity([combo, villain], board, "2c", exact=True)
        assert equity == want.equity[0], combo
        faced = sum(w for c, w in villain.combos if not set(c) & (out | set(combo)))
        assert weight == float(faced), combo


def test_combo_equity_edges(impl: Api) -> None:
    got = handrank.combo_equity("AA", "KK", "Ks 7h 2d 3c 9c")
    assert got.combos.tolist() == [[48, 49], [48, 50], [48, 51], [49, 50], [49, 51], [50, 51]]
    assert got.equity.tolist() == [0.0] * 6 and got.weight.tolist() == [3.0] * 6  # three KK combos, all sets
    some = handrank.combo_equity("AsKs, QhQd", "AsAh, 2c2d", "Kh 7h 2h")  # AsAh meets AsKs
    assert some.combos.tolist() == [[41, 42], [47, 51]] and some.weight.tolist() == [2.0, 1.0]
    lone = handrank.combo_equity("AsKs, QhQd", "AsAh", "Kh 7h 2h")
    assert np.isnan(lone.equity[1]) and lone.weight.tolist() == [1.0, 0.0]  # AsKs faces nothing: NaN


def test_combo_equity_errors(impl: Api) -> None:
    with pytest.raises(ValueError, match="a Hold'em board has 3, 4 or 5 cards, got 0"):
        handrank.combo_equity("AA", "KK", "")
    with pytest.raises(ValueError, match=r"duplicate card Ks \(on the board and dead\)"):
        handrank.combo_equity("AA", "KK", "Ks 7h 2d", dead="Ks")
    with pytest.raises(ValueError, match="dead: duplicate card 2c"):
        handrank.combo_equity("AA", "KK", "Ks 7h 2d", dead="2c 2c")
    with pytest.raises(TypeError, match="villain must be a Range or range text"):
        handrank.combo_equity("AA", 5, "Ks 7h 2d")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hero: game='holdem' takes Hold'em ranges, got an Omaha range"):
        handrank.combo_equity(handrank.Range("AhAsKdKc", game="omaha"), "KK", "Ks 7h 2d")
    with pytest.raises(ValueError, match="game must be 'holdem' or 'omaha', not 'stud'"):
        handrank.combo_equity("AA", "KK", "Ks 7h 2d", game="stud")
    with pytest.raises(ValueError, match=r"game must be 'holdem' or 'omaha', not array\(\[0, 1\]\)"):
        handrank.combo_equity("AA", "KK", "Ks 7h 2d", game=np.array([0, 1]))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown hand 'AKx'"):
        handrank.combo_equity("AKx", "KK", "Ks 7h 2d")
    with pytest.raises(ValueError, match="hero: no combo of the range is left once the board and dead cards"):
        handrank.combo_equity("AsKs", "QQ", "As Ks Qs")
    with pytest.raises(ValueError, match="villain: no combo of the range is left"):
        handrank.combo_equity("AA", "KsKh", "Ks 7h 2d", dead="Kh")
    with pytest.raises(ValueError, match="the ranges collide"):
        handrank.combo_equity("AsAh", "AsAh, AhAd", "Kd 7c 2c", dead="Ad")


def test_cli_combos() -> None:
    import json
    import subprocess
    import sys

    base = [sys.executable, "-m", "handrank", "combos", "--board", "Ks7h2d", "--hero", "AhKh,QQ", "--villain", "22+"]
    got = subprocess.run([*base, "--json"], capture_output=True, text=True, check=False)
    assert got.returncode == 0, got.stderr
    rows = json.loads(got.stdout)["combos"]
    want = handrank.combo_equity("AhKh,QQ", "22+", "Ks7h2d")
    assert sorted(r["equity"] for r in rows) == sorted(want.equity.tolist())
    assert [r["equity"] for r in rows] == sorted((r["equity"] for r in rows), reverse=True)  # best first
    assert rows[0]["combo"] == "AhKh" and rows[0]["weight"] == 64.0
    got = subprocess.run([*base, "--csv"], capture_output=True, text=True, check=False)
    lines = got.stdout.splitlines()
    assert lines[0] == "combo,equity,weight" and len(lines) == 1 + len(rows)
    assert lines[1].split(",")[0] == "AhKh" and float(lines[1].split(",")[1]) == rows[0]["equity"]
    got = subprocess.run([*base[:-1], "22x"], capture_output=True, text=True, check=False)
    assert got.returncode == 2 and "unknown hand '22x'" in got.stderr


def test_combo_equity_omaha(impl: Api) -> None:
    """Omaha holes, each held to equity() against what of the villain range it can face."""
    hero = handrank.Range("AhAsKdKc, QhQsJdJc, 0.5(9h8h7c6c), AcKcQcJc", game="omaha")
    villain = handrank.Range("AdKhQdJh, 0.5(TsTd9s9d), 8s8d7s7d", game="omaha")
    board = "Kh 7h 2d 3c 9c"
    got = handrank.combo_equity(hero, villain, board, game="omaha")
    holes = sorted(sorted(c) for c, _ in hero.combos if not set(c) & set(handrank.parse_cards(board)))
    assert got.combos.tolist() == holes and got.combos.shape[1] == 4
    for hole, share, weight in zip(got.combos.tolist(), got.equity.tolist(), got.weight.tolist(), strict=True):
        facing = villain.without(hole).without(board)
        if len(facing) == 0:
            assert np.isnan(share) and weight == 0.0
            continue
        assert share == handrank.equity([hole, facing], board, game="omaha", exact=True).equity[0]
        assert weight == float(sum(w for _, w in facing.combos))
    seen: list[float] = []
    handrank.combo_equity(hero, villain, board, game="omaha", progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0
    seen.clear()
    handrank.combo_equity("AA", "KK", board, progress=seen.append)
    assert seen == [1.0]
    text = handrank.combo_equity("AhAsKdKc", "8s8d7s7d", board, game="omaha")
    assert text.combos.tolist() == [sorted(handrank.parse_cards("AhAsKdKc"))]
    with pytest.raises(ValueError, match="hero: an Omaha 'random' range is not enumerated"):
        handrank.combo_equity(handrank.Range("random", game="omaha", hole_size=4), villain, board, game="omaha")
