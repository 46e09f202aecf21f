"""Every batch kernel this build and CPU offer (``HANDRANK_SIMD``) against the scalar kernel and the Python twin.

Each test runs once per kernel on offer, made the one in use for the test;
the scalar kernel is the reference (its classes are checked against the
pure-Python twin and the published counts elsewhere, and again here).
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import threading
from collections.abc import Callable
from itertools import combinations

import numpy as np
import pytest
from conftest import C_AVAILABLE, NO_C, OFFERED

import handrank
from handrank import _backend

pytestmark = pytest.mark.skipif(not C_AVAILABLE, reason=NO_C)


def _scalar(fn, *args, **kwargs):
    """``fn`` run with the scalar kernel in use."""
    compiled = _backend.load("c")
    before = compiled.use_simd("scalar")
    try:
        return fn(*args, **kwargs)
    finally:
        compiled.use_simd(before)


def _python(rows: np.ndarray) -> np.ndarray:
    before = _backend.use("python")
    try:
        return handrank.evaluate_batch(rows)
    finally:
        _backend.use(_backend.name(before))


def _random_rows(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _tricky_rows(k: int, seed: int) -> np.ndarray:
    """Rows heavy in flushes, straights (the wheel too), straight flushes and paired boards."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(20_000):
        suit = int(rng.integers(4))
        suited = rng.choice(13, size=int(rng.integers(3, k + 1)), replace=False) * 4 + suit
        run_start = int(rng.integers(-1, 9))
        run = [(r % 13) * 4 + int(rng.integers(4)) for r in range(run_start, run_start + 5)]
        pool = list(dict.fromkeys([*suited.tolist(), *run, *rng.permutation(52).tolist()]))
        rows.append(rng.permutation(pool[:k]))
    return np.array(rows, dtype=np.uint8)


def test_the_kernel_in_use_is_reported(kernel: str) -> None:
    assert _backend.load("c").simd()[0] == kernel
    assert "scalar" in OFFERED


def test_every_five_card_hand(kernel: str) -> None:
    rows = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    got = handrank.evaluate_batch(rows)
    assert np.array_equal(got, _scalar(handrank.evaluate_batch, rows))
    assert np.bincount(got, minlength=7463)[1:].min() > 0  # every class 1..7462 appears
    assert sum(got == 1) == 4 and sum(got == 7462) == 1020  # royal flushes; 7-5-4-3-2 offsuit


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_and_tricky_rows(kernel: str, k: int) -> None:
    rows = np.concatenate([_random_rows(300_000, k, seed=k), _tricky_rows(k, seed=10 + k)])
    got = handrank.evaluate_batch(rows)
    assert np.array_equal(got, _scalar(handrank.evaluate_batch, rows))
    sample = np.concatenate([rows[:3_000], rows[-3_000:]])
    assert np.array_equal(handrank.evaluate_batch(sample), _python(sample))
    assert np.array_equal(handrank.evaluate_batch(rows, threads=0), got)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_length_and_every_bad_row_position(kernel: str, k: int) -> None:
    """Lengths around the vector widths; a bad row (a card twice, ids 52, 63, 64, 255) at every place of a vector.

    A card twice is tried at every pair of a row's places somewhere in a vector, and at all of them on the
    vectors' edges; a bad id in every column.
    """
    base = _random_rows(100, k, seed=3)
    for n in range(0, 100):
        assert np.array_equal(handrank.evaluate_batch(base[:n]), _scalar(handrank.evaluate_batch, base[:n]))
    pairs = list(combinations(range(k), 2))
    for bad_at in range(70):
        edge = bad_at in (0, 15, 16, 31, 32, 63)
        faults: list[tuple[int, int] | int] = list(pairs) if edge else [pairs[bad_at % len(pairs)]]
        faults += [52, 63, 64, 255]
        for fault in faults:
            rows = base.copy()
            if isinstance(fault, tuple):
                rows[bad_at, fault[1]] = rows[bad_at, fault[0]]
            else:
                rows[bad_at, (bad_at + fault) % k] = fault
            with pytest.raises(ValueError) as got:
                handrank.evaluate_batch(rows)
            with pytest.raises(ValueError) as want:
                _scalar(handrank.evaluate_batch, rows)
            assert str(got.value) == str(want.value)
            assert f"row {bad_at}" in str(got.value)


@pytest.mark.parametrize("bad_at", [1_023, 1_024, 3_001, 4_999])
def test_a_bad_row_far_in_among_flushes(kernel: str, bad_at: int) -> None:
    """Flush rows are ranked again a chunk of rows at a time: a bad row in a later chunk is still the one named."""
    rows = _tricky_rows(7, seed=5)[:5_000].copy()
    assert np.array_equal(handrank.evaluate_batch(rows), _scalar(handrank.evaluate_batch, rows))
    rows[bad_at, 3] = rows[bad_at, 5]
    with pytest.raises(ValueError, match=f"row {bad_at}"):
        handrank.evaluate_batch(rows)


@pytest.mark.parametrize("bad_at", [37, 1_500, 2_047, 3_001])
def test_rows_and_masks_before_a_bad_one_are_written(kernel: str, bad_at: int) -> None:
    """Flush rows before the first bad row, in its chunk and the ones before, end up in ``out`` ranked."""
    rows = _tricky_rows(7, seed=8)[:4_000].copy()
    want = _scalar(handrank.evaluate_batch, rows)
    masks = _masks(rows)
    rows[bad_at, 2] = rows[bad_at, 6]
    masks[bad_at] = 0b1111  # four cards
    for fn, arr in ((handrank.evaluate_batch, rows), (handrank.evaluate_masks, masks)):
        out = np.zeros(len(arr), dtype=np.uint16)
        with pytest.raises(ValueError, match=f"{bad_at}"):
            fn(arr, out=out)
        assert np.array_equal(out[:bad_at], want[:bad_at])


def test_layouts(kernel: str) -> None:
    """Strided, Fortran-ordered, unaligned and wider-typed rows give the contiguous rows' classes."""
    rows = _random_rows(5_001, 7, seed=4)
    want = _scalar(handrank.evaluate_batch, rows)
    raw = np.zeros(rows.size + 1, dtype=np.uint8)
    raw[1:] = rows.ravel()
    unaligned = raw[1:].reshape(rows.shape)
    wide = np.zeros((rows.shape[0], 9), dtype=np.uint8)
    wide[:, :7] = rows
    for layout in (np.asfortranarray(rows), unaligned, wide[:, :7], rows.astype(np.int16), rows.astype(np.int64)):
        assert np.array_equal(handrank.evaluate_batch(layout), want)
    assert np.array_equal(handrank.evaluate_batch(np.repeat(rows, 2, axis=0)[::2]), want)


def _masks(rows: np.ndarray) -> np.ndarray:
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)


def test_masks_every_five_card_hand_and_mixed_sizes(kernel: str) -> None:
    five = _masks(np.array(list(combinations(range(52), 5)), dtype=np.uint8))
    assert np.array_equal(handrank.evaluate_masks(five), _scalar(handrank.evaluate_masks, five))
    mixed = np.concatenate([_masks(_random_rows(50_000, k, seed=20 + k)) for k in (5, 6, 7)])
    mixed = np.concatenate([mixed, _masks(_tricky_rows(7, seed=30))])
    mixed = np.random.default_rng(5).permutation(mixed)  # sizes mixed within every vector
    got = handrank.evaluate_masks(mixed)
    assert np.array_equal(got, _scalar(handrank.evaluate_masks, mixed))
    sample = mixed[:4_000]
    before = _backend.use("python")
    try:
        assert np.array_equal(handrank.evaluate_masks(sample), got[:4_000])
    finally:
        _backend.use(_backend.name(before))


def test_masks_every_length_and_every_bad_mask_position(kernel: str) -> None:
    base = _masks(_random_rows(100, 7, seed=6))
    for n in range(0, 100):
        assert np.array_equal(handrank.evaluate_masks(base[:n]), _scalar(handrank.evaluate_masks, base[:n]))
    for bad_at in range(40):
        # 4 cards, 8 cards, a bit past 51 (52, 60, 63) among 5 bits in all or more, 52 cards
        for fault in (0b1111, 0xFF << 40, (1 << 52) | 0b1111, (1 << 60) | 0b11111, (1 << 63) | 0b111111, (1 << 52) - 1):
            masks = base.copy()
            masks[bad_at] = fault
            with pytest.raises(ValueError) as got:
                handrank.evaluate_masks(masks)
            with pytest.raises(ValueError) as want:
                _scalar(handrank.evaluate_masks, masks)
            assert str(got.value) == str(want.value) and str(bad_at) in str(got.value)
    strided = np.repeat(base, 2)[::2]
    unaligned = np.frombuffer(b"\0" + base.tobytes(), dtype=np.uint64, offset=1)
    for layout in (strided, unaligned):
        assert np.array_equal(handrank.evaluate_masks(layout), _scalar(handrank.evaluate_masks, base))


def test_masks_of_every_card_count_at_every_place_in_a_step(kernel: str) -> None:
    """A mask of 0..13 cards, or of 13 of one suit, at each of eight places: the one named, as the Python twin does.

    Kernels may count a step's cards at once (sums that must not carry into one another, 13 of one suit the
    most any field holds); a mask of 5..7 cards among them leaves the rest of the step valid.
    """
    rng = np.random.default_rng(11)
    base = _masks(_random_rows(16, 7, seed=12))
    faults = [int(_masks(_random_rows(1, c, seed=40 + c))[0]) if c else 0 for c in (0, 1, 3, 4, 8, 9, 12, 13)]
    faults += [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]  # a whole suit
    faults += [(1 << 52) - 1, int(rng.integers(1 << 62)) | 1 << 63]
    for bad_at in range(8):
        for fault in faults:
            masks = base.copy()
            masks[bad_at] = fault
            with pytest.raises(ValueError) as got:
                handrank.evaluate_masks(masks)
            before = _backend.use("python")
            try:
                with pytest.raises(ValueError) as want:
                    handrank.evaluate_masks(masks)
            finally:
                _backend.use(_backend.name(before))
            assert str(got.value) == str(want.value) and f"{bad_at}" in str(got.value)
    for size in (5, 6, 7):  # valid masks of each size at every place
        masks = base.copy()
        masks[:8] = _masks(_random_rows(8, size, seed=60 + size))
        before = _backend.use("python")
        try:
            want = handrank.evaluate_masks(masks)
        finally:
            _backend.use(_backend.name(before))
        assert np.array_equal(handrank.evaluate_masks(masks), want)


def _omaha_deals(n: int, nh: int, nb: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Random deals, every other one leaning to one suit (flushes, straight flushes, three suited on the board)."""
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52))
    suit = rng.integers(4, size=(n, 1))
    keys[::2] -= 0.6 * (np.arange(52) % 4 == suit[::2])  # that suit's cards come first more often
    rows = np.argsort(keys, axis=1)[:, : nh + nb].astype(np.uint8)
    rows = np.take_along_axis(rows, np.argsort(rng.random((n, nh + nb)), axis=1), axis=1)
    return rows[:, :nh].copy(), rows[:, nh:].copy()


def _holes_around(board: np.ndarray, n: int, nh: int, seed: int) -> np.ndarray:
    keys = np.random.default_rng(seed).random((n, 52))
    keys[:, board] = 2.0  # never dealt
    return np.argsort(keys, axis=1)[:, :nh].astype(np.uint8)


@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 5), (6, 5), (4, 3), (5, 3), (6, 4), (4, 4)])
def test_omaha_rows(kernel: str, nh: int, nb: int) -> None:
    """A board per row and one shared board against the scalar kernel, flush-heavy deals among random ones."""
    holes, boards = _omaha_deals(60_000, nh, nb, seed=nh * 8 + nb)
    want = _scalar(handrank.evaluate_omaha_batch, holes, boards)
    assert np.array_equal(handrank.evaluate_omaha_batch(holes, boards), want)
    assert np.array_equal(handrank.evaluate_omaha_batch(holes, boards, threads=0), want)
    assert np.array_equal(
        want[:300], [handrank.evaluate_omaha(h, b) for h, b in zip(holes[:300], boards[:300], strict=True)]
    )
    for board in boards[:3]:
        holes_around = _holes_around(board, 20_000, nh, seed=int(board[0]))
        shared = _scalar(handrank.evaluate_omaha_batch, holes_around, np.tile(board, (len(holes_around), 1)))
        assert np.array_equal(handrank.evaluate_omaha_batch(holes_around, board), shared)
        assert np.array_equal(_scalar(handrank.evaluate_omaha_batch, holes_around, board), shared)


@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 5), (6, 5), (4, 3), (6, 3), (5, 4), (6, 4)])
def test_omaha_every_length_and_every_bad_row_position(kernel: str, nh: int, nb: int) -> None:
    """Lengths around the vector widths; a card twice, a hole card on the board, ids 52 and 255 at every place."""
    holes, boards = _omaha_deals(100, nh, nb, seed=nh)
    board = boards[0]
    around = _holes_around(board, 100, nh, seed=7)
    for n in range(0, 100):
        for args in ((holes[:n], boards[:n]), (around[:n], board)):
            assert np.array_equal(handrank.evaluate_omaha_batch(*args), _scalar(handrank.evaluate_omaha_batch, *args))
    for bad_at in range(40):
        for fault in ("twice", "on board", 52, 255):
            rows, own, shared = holes.copy(), boards.copy(), around.copy()
            col = bad_at % nh
            if fault == "twice":
                rows[bad_at, col] = rows[bad_at, (col + 1 + bad_at % (nh - 1)) % nh]
                shared[bad_at, col] = shared[bad_at, (col + 1 + bad_at % (nh - 1)) % nh]
            elif fault == "on board":
                rows[bad_at, col] = own[bad_at, bad_at % nb]
                shared[bad_at, col] = board[bad_at % nb]
            else:
                rows[bad_at, col] = shared[bad_at, col] = fault
                own[bad_at + 1, bad_at % nb] = fault  # a later bad board: the first bad row is still named
            for args in ((rows, own), (shared, board)):
                with pytest.raises(ValueError) as got:
                    handrank.evaluate_omaha_batch(*args)
                with pytest.raises(ValueError) as want:
                    _scalar(handrank.evaluate_omaha_batch, *args)
                assert str(got.value) == str(want.value) and f"row {bad_at}" in str(got.value)


@pytest.mark.parametrize("nb", [3, 4, 5])
def test_omaha_rows_written_to_during_the_call(kernel: str, nb: int) -> None:
    """Another thread flipping one hole card of rows between two cards meanwhile: each row is ranked from one
    reading of its cards, so its class is that of one version or the other, never a mix of the two."""
    holes, boards = _omaha_deals(50_000, 6, nb, seed=40 + nb)
    rng = np.random.default_rng(nb)
    col = rng.integers(0, 6, len(holes))
    used = np.zeros((len(holes), 52), bool)
    np.put_along_axis(used, holes.astype(np.intp), True, axis=1)
    np.put_along_axis(used, boards.astype(np.intp), True, axis=1)
    keys = np.where(used, 2.0, rng.random(used.shape))
    fresh = keys.argmin(axis=1).astype(np.uint8)  # a card neither in the row's hole nor on its board
    versions = holes.copy(), holes.copy()
    versions[1][np.arange(len(holes)), col] = fresh
    want = [_scalar(handrank.evaluate_omaha_batch, v, boards) for v in versions]
    live = versions[0].copy()
    flat, at = live.reshape(-1), np.arange(len(holes)) * 6 + col
    stop = threading.Event()

    def flip() -> None:
        r = np.random.default_rng(7)
        while not stop.is_set():
            rows = r.integers(0, len(holes), 512)
            flat[at[rows]] = np.where(flat[at[rows]] == fresh[rows], versions[0][rows, col[rows]], fresh[rows])

    writer = threading.Thread(target=flip)
    writer.start()
    try:
        for _ in range(20):
            got = handrank.evaluate_omaha_batch(live, boards)
            assert np.all((got == want[0]) | (got == want[1]))
    finally:
        stop.set()
        writer.join()


def test_omaha_layouts(kernel: str) -> None:
    """Strided and unaligned holes and boards give the contiguous rows' classes."""
    holes, boards = _omaha_deals(5_001, 6, 5, seed=11)
    want = _scalar(handrank.evaluate_omaha_batch, holes, boards)
    raw = np.zeros(holes.size + 1, dtype=np.uint8)
    raw[1:] = holes.ravel()
    unaligned = raw[1:].reshape(holes.shape)
    wide = np.zeros((len(holes), 8), dtype=np.uint8)
    wide[:, :6] = holes
    for layout in (np.asfortranarray(holes), unaligned, wide[:, :6], holes.astype(np.int16)):
        assert np.array_equal(handrank.evaluate_omaha_batch(layout, boards), want)
        assert np.array_equal(handrank.evaluate_omaha_batch(layout, np.asfortranarray(boards)), want)
    board = boards[0]
    around = _holes_around(board, 5_001, 6, seed=8)
    shared = _scalar(handrank.evaluate_omaha_batch, around, board)
    assert np.array_equal(handrank.evaluate_omaha_batch(np.asfortranarray(around), board), shared)
    assert np.array_equal(handrank.evaluate_omaha_batch(np.repeat(around, 2, axis=0)[::2], board), shared)


def _import_with(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import handrank; print(handrank.SIMD)"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_handrank_simd_chooses_the_kernel() -> None:
    for name in OFFERED:
        got = _import_with(HANDRANK_SIMD=name, HANDRANK_BACKEND="c")
        assert got.returncode == 0 and got.stdout.strip() == name, got.stderr
    best = next(k for k in _backend.SIMD_PREFERENCE if k in OFFERED)
    assert _import_with(HANDRANK_SIMD="auto", HANDRANK_BACKEND="c").stdout.strip() == best
    assert _import_with(HANDRANK_BACKEND="python").stdout.strip() == "python"


def test_handrank_simd_refuses_what_is_not_on_offer() -> None:
    got = _import_with(HANDRANK_SIMD="fastest", HANDRANK_BACKEND="c")
    assert got.returncode != 0 and "HANDRANK_SIMD must be one of auto, scalar, avx2, avx512, neon" in got.stderr
    missing = [k for k in ("avx2", "avx512", "neon") if k not in OFFERED]
    for name in missing:
        got = _import_with(HANDRANK_SIMD=name, HANDRANK_BACKEND="c")
        assert got.returncode != 0 and f"HANDRANK_SIMD={name}, but this build on this CPU has no {name}" in got.stderr
    with pytest.raises(ValueError, match="no 'neon2' batch kernel here"):
        _backend.load("c").use_simd("neon2")


@pytest.mark.skipif("avx2" not in OFFERED, reason="this build and CPU offer no avx2 kernel")
def test_avx2_gathers_is_read_and_set() -> None:
    """The way the avx2 kernel hashes is chosen once (by timing), read back unchanged, and set for the process;
    each way's classes are checked against the scalar kernel by every test here (the avx2-loads and avx2-gathers
    kernels)."""
    _check_read_and_set(_backend.load("c").avx2_gathers)


def _check_read_and_set(setting: Callable[[int], int]) -> None:
    """A setting of the avx2 kernel reads back unchanged, and each value set holds until set again."""
    chosen = setting(-1)
    assert chosen in (0, 1) and setting(-1) == chosen
    try:
        assert setting(1 - chosen) == chosen
        assert setting(-1) == 1 - chosen
        assert setting(chosen) == 1 - chosen
    finally:
        setting(chosen)
    assert setting(-1) == chosen


def _cpu_flags() -> set[str]:
    """The CPU's flags as Linux names them (empty elsewhere)."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            return {flag for line in f if line.startswith("flags") for flag in line.split(":", 1)[1].split()}
    except OSError:
        return set()


@pytest.mark.skipif(
    not C_AVAILABLE or platform.machine() != "x86_64" or not _cpu_flags(), reason="the C core on x86-64 Linux"
)
def test_avx512_is_offered_exactly_where_the_cpu_has_its_instruction_sets() -> None:
    """The avx512 kernel needs AVX-512 F, BW, VL, VBMI, VPOPCNTDQ, VNNI and BITALG with GFNI and BMI2 (Linux's
    names below); a GCC or Clang build offers it on exactly such CPUs."""
    needed = {"avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vpopcntdq", "avx512_vnni", "avx512_bitalg"}
    needed |= {"gfni", "bmi2"}
    assert ("avx512" in OFFERED) == needed.issubset(_cpu_flags())


@pytest.mark.skipif("avx2" not in OFFERED, reason="this build and CPU offer no avx2 kernel")
def test_avx2_vnni_is_read_from_the_cpu_and_set() -> None:
    """The avx2 masks kernel sums with AVX-VNNI from the start exactly where the CPU has it (Linux's flag, where
    Linux says; the build may lack it only with an old compiler); a setting reads back and holds for the process.
    Each setting's classes are checked against the scalar kernel by every test here (the *-vnni and *-plain
    avx2 kernels)."""
    compiled = _backend.load("c")
    try:
        chosen = compiled.avx2_vnni(-1)
    except ValueError as e:
        assert "no 'avx2' batch kernel with AVX-VNNI here" in str(e)
        assert "avx_vnni" not in _cpu_flags() or not sys.platform.startswith("linux") or _old_compiler()
        return
    if sys.platform.startswith("linux"):
        assert "avx_vnni" in _cpu_flags()
    assert chosen == 1  # on from the start where offered
    _check_read_and_set(compiled.avx2_vnni)


def _old_compiler() -> bool:
    """Whether the C compiler that builds extensions here (``CC``, else Python's) is older than GCC 11 or Clang 13,
    which build no AVX-VNNI copies."""
    import sysconfig

    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "").split()
    if not cc:
        return True
    try:
        version = subprocess.run([cc[0], "--version"], capture_output=True, text=True, check=False, timeout=60).stdout
        major = int(
            subprocess.run([cc[0], "-dumpversion"], capture_output=True, text=True, check=False, timeout=60)
            .stdout.strip()
            .split(".")[0]
        )
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return True
    return major < (13 if "clang" in version else 11)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_scalar_kernel_finds_every_bad_row(k: int) -> None:
    """The scalar kernel's own check (on x86-64, the count of the summed suit bits): a card twice at any two
    places, of every card (a carry of the same rank's bit into the next, or into a poison bit for an ace), and
    every id past 51 at any place, each alone among good rows; the first bad row is the error."""
    good = _random_rows(64, k, seed=k)
    bad_rows = []
    for card in range(52):
        for a, b in combinations(range(k), 2):
            row = [c for c in range(52) if c != card][:k]
            row[a] = row[b] = card
            bad_rows.append(row)
    for card in range(52, 256):
        for a in range(k):
            row = list(range(k))
            row[a] = card
            bad_rows.append(row)
    for i, row in enumerate(bad_rows):
        rows = good.copy()
        at = i % len(rows)
        rows[at] = row
        with pytest.raises(ValueError, match=f"row {at}"):
            _scalar(handrank.evaluate_batch, rows)
