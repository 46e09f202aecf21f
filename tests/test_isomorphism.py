"""HandIndexer: sizes against published counts and Burnside's lemma, the partition against brute-force
canonicalization (and Waugh's library where the anchor is built), round trips, both backends, and bad input."""

from __future__ import annotations

import os
import pickle
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import C_AVAILABLE, NO_C, Api, combos, on, random_hands, run_on
from iso_oracle import class_keys, hole_board_classes, orbit_count

import handrank
from handrank import HandIndexer

HOLDEM = {
    False: (169, 1_286_792, 13_960_050, 123_156_254),
    True: (169, 1_286_792, 55_190_538, 2_428_287_420),
}
SHORT_DECK = (81, 186_696, 1_340_856, 7_723_728)


def _layouts(indexer: HandIndexer) -> list[tuple[int, ...]]:
    """Each street's rounds as the indexer reads them (with recall off, the rounds after the first as one)."""
    out = []
    for r in range(len(indexer.rounds)):
        prefix = indexer.rounds[: r + 1]
        out.append(prefix if indexer.recall or r == 0 else (prefix[0], sum(prefix[1:])))
    return out


def _same_partition(a: np.ndarray, b: np.ndarray) -> None:
    """``a`` and ``b`` split the rows alike: equal in one exactly where equal in the other."""
    _, first_a = np.unique(a, return_inverse=True)
    _, first_b = np.unique(b, return_inverse=True)
    pairs = np.unique(first_a.ravel().astype(np.int64) * (int(first_b.max()) + 1) + first_b.ravel())
    assert len(pairs) == first_a.max() + 1 == first_b.max() + 1


def _deck_hands(n: int, k: int, seed: int, lowest: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (np.argsort(rng.random((n, 52 - lowest)), axis=1)[:, :k] + lowest).astype(np.uint8)


def _relabel(rows: np.ndarray, rounds: tuple[int, ...], seed: int) -> np.ndarray:
    """Each row with its suits relabelled at random and each round's cards shuffled: the same class."""
    rng = np.random.default_rng(seed)
    perms = np.array([rng.permutation(4) for _ in range(len(rows))])
    out = (rows & ~np.uint8(3)) | perms[np.arange(len(rows))[:, None], rows & 3].astype(np.uint8)
    start = 0
    for size in rounds:
        part = out[:, start : start + size]
        order = np.argsort(rng.random(part.shape), axis=1)
        out[:, start : start + size] = np.take_along_axis(part, order, axis=1)
        start += size
    return out


# --- sizes ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("recall", [False, True])
def test_holdem_sizes_are_the_published_counts(recall: bool) -> None:
    indexer = HandIndexer(recall=recall)
    assert tuple(indexer.size(s) for s in indexer.streets) == HOLDEM[recall]
    assert indexer.streets == ("preflop", "flop", "turn", "river")
    assert [indexer.cards(s) for s in range(4)] == [2, 5, 6, 7]


def test_short_deck_and_omaha_preflop_sizes() -> None:
    short = HandIndexer("shortdeck")
    assert tuple(short.size(s) for s in short.streets) == SHORT_DECK
    assert HandIndexer("omaha").size("preflop") == 16_432


@pytest.mark.parametrize(
    ("game", "recall"),
    [
        ("holdem", False),
        ("holdem", True),
        ("shortdeck", False),
        ("shortdeck", True),
        ("omaha", False),
        ("omaha", True),
        ("stud", True),
        ("stud", False),
        ("draw", False),
    ],
)
def test_sizes_match_burnsides_count(game: str, recall: bool) -> None:
    indexer = HandIndexer(game, recall=recall)
    n_ranks = 9 if game == "shortdeck" else 13
    for street, layout in zip(indexer.streets, _layouts(indexer), strict=True):
        assert indexer.size(street) == orbit_count(layout, n_ranks)


@pytest.mark.parametrize("rounds", [(1, 1, 1, 1, 1, 1, 1, 1), (6, 6), (5, 2, 2), (1,), (3, 3, 3), (2, 2, 2, 2)])
def test_other_rounds_match_burnsides_count(rounds: tuple[int, ...]) -> None:
    indexer = HandIndexer(rounds=rounds, recall=True)
    for street, layout in zip(indexer.streets, _layouts(indexer), strict=True):
        assert indexer.size(street) == orbit_count(layout)


def test_small_spaces_by_enumeration() -> None:
    """Short deck preflop and flop, and Omaha preflop, counted by canonicalizing every hand."""
    short = combos(36, 2) + 16
    assert len(np.unique(class_keys(short, (2,)))) == 81
    omaha = combos(52, 4)
    assert len(np.unique(class_keys(omaha, (4,)))) == 16_432
    holes = combos(36, 2) + 16
    holes = holes[np.unique(class_keys(holes, (2,)), return_index=True)[1]]  # one hole per class
    rows, keys = hole_board_classes(holes, combos(36, 3) + 16)
    assert len(np.unique(keys)) == 186_696
    short = HandIndexer("shortdeck")
    if C_AVAILABLE:
        on("c")
        _same_partition(short.index(rows), keys)


# --- the partition -------------------------------------------------------------------------------------------


def test_preflop_partition_exhaustive(impl: Api) -> None:
    rows = combos(52, 2)
    indices = impl.HandIndexer().index(rows)
    _same_partition(indices, class_keys(rows, (2,)))
    assert sorted(set(indices.tolist())) == list(range(169))


def test_omaha_preflop_partition_exhaustive() -> None:
    rows = combos(52, 4)
    indices = HandIndexer("omaha").index(rows)
    _same_partition(indices, class_keys(rows, (4,)))
    assert indices.max() == 16_431


@pytest.mark.skipif(not C_AVAILABLE, reason=NO_C)
def test_flop_partition_exhaustive() -> None:
    """Every flop class, through one hole per preflop class and every board beside it."""
    on("c")
    holes = combos(52, 2)
    holes = holes[np.unique(class_keys(holes, (2,)), return_index=True)[1]]  # one hole per class
    rows, keys = hole_board_classes(holes, combos(52, 3))
    indices = HandIndexer().index(rows, threads=0)
    _same_partition(indices, keys)
    assert len(np.unique(indices)) == 1_286_792


@pytest.mark.parametrize(
    ("game", "recall"), [("holdem", False), ("holdem", True), ("shortdeck", False), ("omaha", True), ("stud", True)]
)
def test_sampled_partition(impl: Api, game: str, recall: bool) -> None:
    """On random hands and their relabellings: one index exactly where brute force finds one class."""
    indexer = impl.HandIndexer(game, recall=recall)
    n = 3000 if impl.name == "c" else 300
    lowest = 16 if game == "shortdeck" else 0
    for street, layout in zip(indexer.streets, _layouts(indexer), strict=True):
        k = sum(layout)
        rows = _deck_hands(n, k, seed=k, lowest=lowest)
        both = np.concatenate([rows, _relabel(rows, layout, seed=k + 1)])
        indices = indexer.index(both)
        assert (indices[:n] == indices[n:]).all()
        assert (indices < indexer.size(street)).all()
        _same_partition(indices, class_keys(both, layout))


# --- round trips ---------------------------------------------------------------------------------------------


@pytest.mark.skipif(not C_AVAILABLE, reason=NO_C)
def test_every_flop_index_round_trips() -> None:
    on("c")
    indexer = HandIndexer()
    every = np.arange(indexer.size("flop"), dtype=np.uint64)
    hands = indexer.unindex(every, "flop", threads=0)
    assert (indexer.index(hands, threads=0) == every).all()


@pytest.mark.parametrize(("game", "recall"), [("holdem", False), ("holdem", True), ("omaha", True), ("stud", False)])
def test_random_indices_round_trip(impl: Api, game: str, recall: bool) -> None:
    indexer = impl.HandIndexer(game, recall=recall)
    rng = np.random.default_rng(7)
    for street in indexer.streets:
        size = indexer.size(street)
        ends = np.array([0, size - 1], np.uint64)
        indices = np.concatenate([rng.integers(0, size, 500 if impl.name == "c" else 60, dtype=np.uint64), ends])
        hands = indexer.unindex(indices, street)
        assert hands.dtype == np.uint8 and hands.shape == (len(indices), indexer.cards(street))
        assert (indexer.index(hands) == indices).all()
        assert indexer.unindex(int(indices[0]), street) == hands[0].tolist()


def test_canonical_is_a_relabelling(impl: Api) -> None:
    indexer = impl.HandIndexer(recall=True)
    rows = random_hands(400, 7, seed=3)
    canon = indexer.canonical(rows)
    layout = (2, 3, 1, 1)
    assert (class_keys(canon, layout) == class_keys(rows, layout)).all()
    assert (indexer.canonical(canon) == canon).all()  # the canonical hand is its own
    assert (indexer.canonical(_relabel(rows, layout, seed=9)) == canon).all()
    assert indexer.canonical(rows[0].tolist()) == canon[0].tolist()
    assert indexer.canonical("As Ks", "preflop") == indexer.canonical("Kh Ah")


# --- both backends alike -------------------------------------------------------------------------------------


@pytest.mark.skipif(not C_AVAILABLE, reason=NO_C)
@pytest.mark.parametrize(
    ("game", "recall"),
    [
        ("holdem", False),
        ("holdem", True),
        ("shortdeck", True),
        ("omaha", False),
        ("omaha", True),
        ("stud", True),
        ("draw", False),
    ],
)
def test_backends_agree(game: str, recall: bool) -> None:
    on("c")
    lowest = 16 if game == "shortdeck" else 0
    indexer = HandIndexer(game, recall=recall)
    for street in indexer.streets:
        rows = _deck_hands(300, indexer.cards(street), seed=indexer.cards(street), lowest=lowest)
        indices = np.random.default_rng(len(rows)).integers(0, indexer.size(street), 200, dtype=np.uint64)
        by_c = run_on("c", lambda r=rows, i=indices, s=street: (indexer.index(r), indexer.unindex(i, s)))
        by_py = run_on("python", lambda r=rows, i=indices, s=street: (indexer.index(r), indexer.unindex(i, s)))
        assert (by_c[0] == by_py[0]).all()
        assert (by_c[1] == by_py[1]).all()


def test_single_hands_and_threads(impl: Api) -> None:
    indexer = impl.HandIndexer()
    rows = random_hands(2000, 7, seed=5)
    batch = indexer.index(rows)
    assert [indexer.index(row) for row in rows[:50].tolist()] == batch[:50].tolist()
    assert indexer.index(handrank.cards_str(rows[0].tolist())) == batch[0]
    assert (indexer.index(rows, threads=3) == batch).all()
    flop = indexer.index(rows, "flop")
    assert (flop == indexer.index(rows[:, :5])).all()
    assert indexer.index(rows[0].tolist(), street=1) == flop[0]
    out = np.zeros(len(rows), np.uint64)
    assert indexer.index(rows, out=out) is out and (out == batch).all()
    assert (indexer.index(rows.astype(np.int64)) == batch).all()
    assert (indexer.index(np.asfortranarray(rows)) == batch).all()
    assert indexer.index(np.zeros((0, 7), np.uint8)).shape == (0,)
    assert indexer.unindex(np.zeros(0, np.int64), "river").shape == (0, 7)


@pytest.mark.parametrize("recall", [False, True])
def test_anchor_partition(recall: bool, tmp_path: Path) -> None:
    """The partition equals Waugh's library's on random rows of every street (``OMPEVAL_DIR``'s iso_index)."""
    folder = os.environ.get("OMPEVAL_DIR")
    binary = Path(folder, "iso_index") if folder else None
    if binary is None or not binary.exists() or not C_AVAILABLE:
        pytest.skip("Waugh's iso_index is not built (../shared/anchors/build.sh DIR, then OMPEVAL_DIR=DIR)")
    on("c")
    indexer = HandIndexer(recall=recall)
    rows = random_hands(50_000, 7, seed=11)
    rows = np.concatenate([rows, _relabel(rows, (2, 3, 1, 1), seed=12)])
    hands_file, out_file = tmp_path / "rows.bin", tmp_path / "indices.bin"
    rows.tofile(hands_file)
    for street in range(4):
        mode = "recall" if recall else "board"
        line = subprocess.run(
            [str(binary), mode, str(street), str(hands_file), str(out_file), "1"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        theirs = np.fromfile(out_file, np.uint64)
        assert int(line[0]) == indexer.size(street)
        _same_partition(indexer.index(rows, street), theirs)


# --- the indexer as a value ----------------------------------------------------------------------------------


def test_value_behaviour() -> None:
    indexer = HandIndexer("omaha", recall=True)
    assert repr(indexer) == "HandIndexer('omaha', recall=True)"
    assert pickle.loads(pickle.dumps(indexer)) == indexer
    assert hash(HandIndexer()) == hash(HandIndexer("holdem"))
    assert HandIndexer() != HandIndexer(recall=True)
    assert HandIndexer(rounds=(2, 3, 1, 1)) == HandIndexer()
    assert repr(HandIndexer(rounds=[2, 5])) == "HandIndexer('holdem', rounds=(2, 5), recall=False)"
    assert HandIndexer("stud").streets == ("third", "fourth", "fifth", "sixth", "seventh")
    assert HandIndexer(rounds=(2, 2)).streets == (0, 1)


# --- bad input -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"game": "poker"}, ValueError, "game must be one of"),
        ({"rounds": (2, 0)}, ValueError, "rounds[1] must deal at least one card"),
        ({"rounds": ()}, ValueError, "1 to 8 rounds"),
        ({"rounds": (1,) * 9}, ValueError, "1 to 8 rounds"),
        ({"rounds": (2, True)}, TypeError, "rounds[1] must be an integer, not bool"),
        ({"rounds": "23"}, TypeError, "rounds must be a sequence"),
        ({"rounds": (2.0,)}, TypeError, "rounds[0] must be an integer, not float"),
        ({"rounds": (30, 30)}, ValueError, "more than the 52-card deck"),
        ({"game": "shortdeck", "rounds": (20, 20)}, ValueError, "more than the 36-card deck"),
        ({"recall": 1}, TypeError, "recall must be True or False"),
        ({"game": ["holdem"]}, TypeError, "game must be a game's name, not list"),
        ({"rounds": np.array(5)}, TypeError, "rounds must be a sequence of card counts, not ndarray"),
        ({"rounds": (13, 13)}, ValueError, "too many hands for a 64-bit index"),
        ({"rounds": (2,) * 8, "recall": True}, ValueError, "too many hands for a 64-bit index"),
    ],
)
def test_bad_indexer(kwargs: dict[str, object], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        HandIndexer(**kwargs)  # type: ignore[arg-type]


def test_bad_hands(impl: Api) -> None:
    indexer = impl.HandIndexer()
    rows = random_hands(40, 7, seed=1)
    rows[17, 4] = rows[17, 1]
    with pytest.raises(ValueError, match="row 17: duplicate card") as info:
        indexer.index(rows)
    assert info.value.row == 17  # type: ignore[attr-defined]
    wide = rows.astype(np.int64)
    wide[17] = rows[18]
    wide[21, 6] = 52
    with pytest.raises(ValueError, match=r"row 21: card id 52 is out of range 0\.\.51"):
        indexer.index(wide)
    wide[21, 6] = -1
    with pytest.raises(ValueError, match=r"row 21: card id -1 is out of range 0\.\.51"):
        indexer.index(wide)
    with pytest.raises(ValueError, match="row 0: card id 18446744073709551616 is out of range"):
        indexer.index([[1 << 64, 1, 2, 3, 4]])
    with pytest.raises(ValueError, match=r"a hand here has 2, 5, 6 or 7 cards, got rows of 4"):
        indexer.index(rows[:, :4])
    with pytest.raises(ValueError, match=r"a hand here has 2, 5, 6 or 7 cards, got 3"):
        indexer.index("As Ks Qs")
    with pytest.raises(ValueError, match="a hand on the 'river' street has 7 cards, got 5"):
        indexer.index("As Ks Qs Js Ts", "river")
    with pytest.raises(ValueError, match="a hand on this street has 7 cards"):
        indexer.index(rows[:, :5], "river")
    with pytest.raises(ValueError, match="duplicate card"):
        indexer.index("As As")
    with pytest.raises(TypeError, match="must hold integers"):
        indexer.index(rows.astype(float))
    with pytest.raises(ValueError, match="street must be one of"):
        indexer.index(rows, "showdown")
    with pytest.raises(ValueError, match="street must be 0 to 3, got 4"):
        indexer.index(rows, 4)
    with pytest.raises(TypeError, match="street must be a name or a number, not bool"):
        indexer.index(rows, True)
    with pytest.raises(TypeError, match="out must have dtype uint64"):
        indexer.index(rows, out=np.zeros(40, np.int64))
    with pytest.raises(ValueError, match=r"out must have shape \(40,\)"):
        indexer.index(rows, out=np.zeros(41, np.uint64))
    with pytest.raises(TypeError, match="out is for a batch"):
        indexer.index("As Ks", out=np.zeros(1, np.uint64))
    with pytest.raises(ValueError, match="threads must be >= 0"):
        indexer.index("As Ks", threads=-1)


def test_bad_short_deck_hands(impl: Api) -> None:
    indexer = impl.HandIndexer("shortdeck")
    rows = _deck_hands(10, 7, seed=2, lowest=16)
    rows[6, 3] = 15  # 5s
    with pytest.raises(ValueError, match="row 6: card 5s is not in the short deck"):
        indexer.index(rows)
    with pytest.raises(ValueError, match="card 2c is not in the short deck"):
        indexer.index("As 2c")


def test_bad_indices(impl: Api) -> None:
    indexer = impl.HandIndexer()
    with pytest.raises(ValueError, match=r"indices row 2: 169 is not an index of the 'preflop' street \(0 .. 168\)"):
        indexer.unindex([0, 1, 169], "preflop")
    with pytest.raises(ValueError, match="indices row 1: -1 is not an index"):
        indexer.unindex([5, -1], 0)
    with pytest.raises(ValueError, match="indices row 1: 36893488147419103232 is not an index"):
        indexer.unindex([5, 1 << 65], 0)
    with pytest.raises(ValueError, match=r"index 123156254 is not an index of the 'river' street \(0 .. 123,156,253\)"):
        indexer.unindex(123_156_254, "river")
    with pytest.raises(TypeError, match="indices must be integers, not bool"):
        indexer.unindex(True, 0)
    with pytest.raises(TypeError, match="indices must hold integers"):
        indexer.unindex([1.5], 0)
    with pytest.raises(ValueError, match="1-D"):
        indexer.unindex([[1, 2]], 0)
    with pytest.raises(TypeError, match="out must have dtype uint8"):
        indexer.unindex([1], 0, out=np.zeros((1, 2), np.int8))
    with pytest.raises(ValueError, match=r"out must have shape \(1, 2\)"):
        indexer.unindex([1], 0, out=np.zeros((1, 3), np.uint8))


@pytest.mark.parametrize(
    ("game", "recall"), [("holdem", False), ("holdem", True), ("shortdeck", True), ("omaha", True)]
)
def test_every_simd_kernel(kernel: str, game: str, recall: bool) -> None:
    """Each batch kernel on offer (AVX-512 sixteen rows a step, AVX2 eight, the scalar one) gives the pure twin's
    indices, and the same first bad row, wherever in a step it falls."""
    lowest = 16 if game == "shortdeck" else 0
    indexer = HandIndexer(game, recall=recall)
    for street in indexer.streets:
        rows = _deck_hands(1003, indexer.cards(street), seed=indexer.cards(street), lowest=lowest)
        got = indexer.index(rows)
        assert (got == run_on("python", lambda r=rows: indexer.index(r))).all()
        for bad in (0, 7, 8, 15, 16, 37, 1002):
            broken = rows.copy()
            broken[bad, -1] = broken[bad, 0]
            out = np.zeros(len(rows), np.uint64)
            with pytest.raises(ValueError, match=f"row {bad}: duplicate card") as info:
                indexer.index(broken, out=out)
            assert info.value.row == bad  # type: ignore[attr-defined]
            assert (out[:bad] == got[:bad]).all()  # the rows before it are written, steps still in flight too
        for bad in (7, 8, 23, 999):  # an id past the deck, then a card twice in the next row
            broken = rows.copy()
            broken[bad, 0] = 52
            broken[bad + 1, -1] = broken[bad + 1, 0]
            with pytest.raises(ValueError, match=f"row {bad}: card id 52 is out of range") as info:
                indexer.index(broken)
            assert info.value.row == bad  # type: ignore[attr-defined]
