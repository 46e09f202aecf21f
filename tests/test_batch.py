from __future__ import annotations

import threading

import numpy as np
import pytest
from conftest import Api, on, random_hands

ROYAL = [51, 47, 43, 39, 35]
WORST = [0, 4, 8, 12, 21]


@pytest.fixture(scope="module")
def hands7() -> np.ndarray:
    return random_hands(50_000, 7, seed=7)


@pytest.fixture(scope="module")
def expected7(hands7: np.ndarray) -> np.ndarray:
    _eval_py = on("python")

    return _eval_py.evaluate_batch(hands7)


@pytest.mark.parametrize("dtype", ["u1", "i1", "u2", "i2", "u4", "i4", "u8", "i8", ">i4", "<u2"])
def test_every_integer_dtype(impl: Api, hands7: np.ndarray, expected7: np.ndarray, dtype: str) -> None:
    arr = hands7[:5000].astype(dtype)
    assert np.array_equal(impl.evaluate_batch(arr), expected7[:5000])


def test_layouts(impl: Api, hands7: np.ndarray, expected7: np.ndarray) -> None:
    n = 3000
    base = hands7[:n]
    assert np.array_equal(impl.evaluate_batch(np.asfortranarray(base)), expected7[:n])
    assert np.array_equal(impl.evaluate_batch(hands7[: 2 * n : 2]), expected7[: 2 * n : 2])
    assert np.array_equal(impl.evaluate_batch(base[::-1]), expected7[:n][::-1])
    assert np.array_equal(impl.evaluate_batch(base[:, ::-1]), expected7[:n])
    wide = np.zeros((n, 9), np.int64)
    wide[:, 1:8] = base
    assert np.array_equal(impl.evaluate_batch(wide[:, 1:8]), expected7[:n])
    ro = base.copy()
    ro.flags.writeable = False
    assert np.array_equal(impl.evaluate_batch(ro), expected7[:n])
    assert impl.evaluate_batch(base.tolist()).tolist() == expected7[:n].tolist()
    assert impl.evaluate_batch(tuple(map(tuple, base[:10].tolist()))).tolist() == expected7[:10].tolist()


@pytest.mark.parametrize("k", [5, 6, 7])
def test_sizes(impl: Api, k: int) -> None:
    hands = random_hands(2000, k, seed=k)
    ranks = impl.evaluate_batch(hands)
    assert ranks.tolist() == [impl.evaluate(h) for h in hands.tolist()]


def test_empty(impl: Api) -> None:
    for empty in ([], np.zeros((0, 7), np.uint8), np.zeros((0, 5), np.int64), np.zeros(0)):
        out = impl.evaluate_batch(empty)
        assert out.shape == (0,) and out.dtype == np.uint16
    for empty in ([], np.zeros(0, np.uint64)):
        out = impl.evaluate_masks(empty)
        assert out.shape == (0,) and out.dtype == np.uint16


def test_out_and_threads(impl: Api, hands7: np.ndarray, expected7: np.ndarray) -> None:
    out = np.zeros(len(hands7), np.uint16)
    assert impl.evaluate_batch(hands7, out=out) is out
    assert np.array_equal(out, expected7)
    for threads in (None, 0, 1, 2, 3, 16):
        assert np.array_equal(impl.evaluate_batch(hands7, threads=threads), expected7)
    strided = np.zeros(2 * len(hands7), np.uint16)
    impl.evaluate_batch(hands7, out=strided[::2])
    assert np.array_equal(strided[::2], expected7) and not strided[1::2].any()


@pytest.mark.parametrize(
    ("kwargs", "exc", "message"),
    [
        ({"threads": -1}, ValueError, "threads must be >= 0"),
        ({"threads": 1.5}, TypeError, "threads must be an integer"),
        ({"threads": True}, TypeError, "not bool"),
        ({"out": np.zeros(3, np.uint16)}, ValueError, r"out must have shape \(2,\)"),
        ({"out": np.zeros(2, np.int32)}, TypeError, "dtype uint16"),
        ({"out": [0, 0]}, TypeError, "numpy.ndarray"),
        ({"out": np.zeros(2, ">u2")}, TypeError, "dtype uint16"),
    ],
)
def test_argument_errors(impl: Api, kwargs: dict[str, object], exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate_batch([ROYAL, WORST], **kwargs)


def test_read_only_out(impl: Api) -> None:
    out = np.zeros(2, np.uint16)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        impl.evaluate_batch([ROYAL, WORST], out=out)


@pytest.mark.parametrize(
    ("hands", "exc", "message"),
    [
        ([ROYAL, [0, 1, 2, 3, 52]], ValueError, "row 1: card id 52 is out of range 0..51"),
        ([ROYAL, WORST, [0, 1, 2, 3, 3]], ValueError, "row 2: duplicate card 2s"),
        (np.array([ROYAL, [0, 1, 2, 3, -1]], np.int8), ValueError, "row 1: card id -1 is out of range"),
        (np.array([[0, 1, 2, 3, 2**40]], np.int64), ValueError, "row 0: card id 1099511627776 is out"),
        (np.array([[0, 1, 2, 3, 255]], np.uint8), ValueError, "row 0: card id 255 is out"),
        (np.array([[0, 1, 2, 3, 256 + 4]], np.uint16), ValueError, "row 0: card id 260"),
        ([ROYAL[:4]], ValueError, "a hand has 5, 6 or 7 cards, got rows of 4"),
        ([ROYAL + [0, 1, 2]], ValueError, "got rows of 8"),
        (ROYAL, ValueError, r"2-D array of shape \(N, 5\|6\|7\), got shape \(5,\)"),
        ([[ROYAL]], ValueError, "got shape"),
        ([ROYAL, [1, 2, 3]], ValueError, "not a rectangular array"),
        ([[0.0, 1, 2, 3, 4]], TypeError, "must hold integers, not dtype float64"),
        ([[float("nan"), 1, 2, 3, 4]], TypeError, "float64"),
        ([["As", "Ks", "Qs", "Js", "Ts"]], TypeError, "dtype <U2"),
        ([[None, 1, 2, 3, 4]], TypeError, "dtype object"),
        (None, TypeError, "not None"),
        (np.zeros((2, 5), bool), TypeError, "dtype bool"),
    ],
)
def test_batch_errors(impl: Api, hands: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate_batch(hands)


def test_first_bad_row_whatever_the_threads(impl: Api) -> None:
    hands = random_hands(100_000, 7, seed=3)
    hands[70_000, 3] = 60
    hands[90_000, 1] = hands[90_000, 2]
    for threads in (1, 4):
        with pytest.raises(ValueError, match=r"^row 70000: card id 60 is out of range"):
            impl.evaluate_batch(hands, threads=threads)


@pytest.mark.parametrize(
    ("masks", "exc", "message"),
    [
        ([0b11111, 0b1111], ValueError, "row 1: card mask 0xf has 4 cards"),
        ([0b11111, 0xFF], ValueError, "row 1: card mask 0xff has 8 cards"),
        ([0b11111 << 48], ValueError, "row 0: card mask 0x1f000000000000 has bits outside 0..51"),
        (np.array([31, -1], np.int64), ValueError, "row 1: card mask 0xffffffffffffffff has bits outside"),
        (np.array([31, -1], np.int8), ValueError, "row 1: card mask 0xffffffffffffffff has bits outside"),
        ([[31]], ValueError, "1-D array"),
        ([31.0], TypeError, "float64"),
        (None, TypeError, "not None"),
    ],
)
def test_mask_errors(impl: Api, masks: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate_masks(masks)


def test_masks_dtypes(impl: Api) -> None:
    low = [0b11111, 0b1111100000, 0b1111111]
    expected = [impl.evaluate_mask(m) for m in low]
    for dtype in ("u2", "i2", "u4", "i4", "u8", "i8", ">u8"):
        assert impl.evaluate_masks(np.array(low, dtype)).tolist() == expected


def test_concurrent_batch_calls(impl: Api, hands7: np.ndarray, expected7: np.ndarray) -> None:
    n = 20_000 if impl.__name__.endswith("_c") else 2_000
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            for _ in range(3):
                got = impl.evaluate_batch(hands7[:n], threads=2)
                assert np.array_equal(got, expected7[:n])
                assert impl.evaluate(hands7[seed].tolist()) == expected7[seed]
        except BaseException as exc:  # handed to the main thread
            errors.append(exc)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors


def test_contiguous_uint8_is_read_in_place(hands7: np.ndarray) -> None:
    from handrank import _batch

    assert _batch.narrow(_batch.as_hands(hands7)) is hands7  # no copy, however large the array
    wide = hands7.astype(np.int64)
    assert _batch.as_hands(wide) is wide  # checked where it is, then narrowed to uint8 once
    assert _batch.narrow(wide).flags.c_contiguous and _batch.narrow(wide).dtype == np.uint8
    masks = np.zeros(4, np.int64)
    assert np.shares_memory(_batch.as_masks(masks), masks)  # int64 masks are viewed, not copied


def test_out_that_overlaps_the_input_is_refused(impl: Api) -> None:
    buf = np.zeros(64, np.uint16)
    hands = buf[:35].reshape(5, 7)
    hands[:] = random_hands(5, 7, seed=3)
    with pytest.raises(ValueError, match="out overlaps hands"):
        impl.evaluate_batch(hands, out=buf[30:35])
    masks = np.zeros(4, np.uint64)
    with pytest.raises(ValueError, match="out overlaps masks"):
        impl.evaluate_masks(masks, out=masks.view(np.uint16)[:4])
    holes = np.zeros(40, np.uint16)
    with pytest.raises(ValueError, match="out overlaps holes"):
        impl.evaluate_omaha_batch(holes[:16].reshape(4, 4), [8, 9, 10, 11, 12], out=holes[12:16])
    # Disjoint parts of one buffer are fine.
    expected = impl.evaluate_batch(hands.copy())
    assert impl.evaluate_batch(hands, out=buf[35:40]).tolist() == expected.tolist()
