"""Batch input and output at any byte address: numpy views at odd offsets and structured-dtype fields.

numpy lets an array of any dtype start at any byte (``np.frombuffer(buf, dtype, offset=1)``, a
field of a packed structured dtype); the kernels read such arrays in place, so every load and
store in them must be alignment-safe.  Each result must equal the one for the same values in an
ordinary, aligned array.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import Api, random_hands

INTEGER_DTYPES = ["u1", "i1", "u2", "i2", "u4", "i4", "u8", "i8"]
OFFSETS = [1, 3]


def misaligned(values: np.ndarray, offset: int = 1) -> np.ndarray:
    """A C-contiguous copy of ``values`` whose data starts ``offset`` bytes past a 16-byte boundary."""
    values = np.ascontiguousarray(values)
    raw = np.zeros(values.nbytes + 32, np.uint8)
    start = -raw.ctypes.data % 16 + offset
    view = raw[start : start + values.nbytes].view(values.dtype).reshape(values.shape)
    view[...] = values
    assert view.ctypes.data % 16 == offset
    if values.dtype.itemsize > 1 and values.size:
        assert not view.flags.aligned
    return view


def misaligned_out(n: int, offset: int = 1) -> np.ndarray:
    """An ``(n,)`` uint16 ``out`` at an odd address, filled with a marker value."""
    return misaligned(np.full(n, 0xABCD, np.uint16), offset)


@pytest.fixture(scope="module")
def hands() -> dict[int, np.ndarray]:
    return {k: random_hands(3000, k, seed=40 + k) for k in (5, 6, 7)}


@pytest.mark.parametrize("offset", OFFSETS)
@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_unaligned_hands(impl: Api, hands: dict[int, np.ndarray], k: int, dtype: str, offset: int) -> None:
    aligned = hands[k].astype(dtype)
    expected = impl.evaluate_batch(aligned)
    assert np.array_equal(impl.evaluate_batch(misaligned(aligned, offset)), expected)


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
def test_unaligned_hands_and_out(impl: Api, hands: dict[int, np.ndarray], dtype: str) -> None:
    aligned = hands[7].astype(dtype)
    expected = impl.evaluate_batch(aligned)
    out = misaligned_out(len(aligned))
    assert impl.evaluate_batch(misaligned(aligned), out=out) is out
    assert np.array_equal(out, expected)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_unaligned_out_on_the_contiguous_uint8_path(impl: Api, hands: dict[int, np.ndarray], k: int) -> None:
    expected = impl.evaluate_batch(hands[k])
    for offset in OFFSETS:
        out = misaligned_out(len(expected), offset)
        impl.evaluate_batch(hands[k], out=out)
        assert np.array_equal(out, expected)


def test_frombuffer_at_an_odd_offset(impl: Api, hands: dict[int, np.ndarray]) -> None:
    aligned = hands[7].astype(np.int32)
    buf = b"\0" + aligned.tobytes()
    view = np.frombuffer(buf, dtype=np.int32, offset=1).reshape(aligned.shape)
    assert not view.flags.aligned and not view.flags.writeable
    assert np.array_equal(impl.evaluate_batch(view), impl.evaluate_batch(aligned))


@pytest.mark.parametrize("dtype", ["u2", "i2", "u4", "i4", "u8", "i8"])
def test_structured_field(impl: Api, hands: dict[int, np.ndarray], dtype: str) -> None:
    """A packed record of a tag byte and seven ids: the field is unaligned and its row stride odd."""
    aligned = hands[7].astype(dtype)
    records = np.zeros(len(aligned), np.dtype([("tag", "u1"), ("cards", dtype, (7,))], align=False))
    records["cards"] = aligned
    field = records["cards"]
    assert not field.flags.aligned and field.strides[0] % 2 == 1
    assert np.array_equal(impl.evaluate_batch(field), impl.evaluate_batch(aligned))


@pytest.mark.parametrize("offset", OFFSETS)
def test_bad_row_in_an_unaligned_array(impl: Api, hands: dict[int, np.ndarray], offset: int) -> None:
    values = hands[7].astype(np.int64)
    expected = impl.evaluate_batch(values[:17])
    values[17, 3] = 60
    out = misaligned_out(len(values), offset)
    with pytest.raises(ValueError, match=r"^row 17: card id 60 is out of range"):
        impl.evaluate_batch(misaligned(values, offset), out=out)
    assert np.array_equal(out[:17], expected)  # the rows before it are written


def masks_of(hands: np.ndarray) -> np.ndarray:
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)


@pytest.mark.parametrize("offset", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("dtype", ["u8", "i8"])
def test_unaligned_masks(impl: Api, hands: dict[int, np.ndarray], dtype: str, offset: int) -> None:
    aligned = np.concatenate([masks_of(hands[k]) for k in (5, 6, 7)]).astype(dtype)
    expected = impl.evaluate_masks(aligned)
    assert np.array_equal(impl.evaluate_masks(misaligned(aligned, offset)), expected)
    out = misaligned_out(len(aligned), offset | 1)
    impl.evaluate_masks(misaligned(aligned, offset), out=out)
    assert np.array_equal(out, expected)


def test_unaligned_masks_field_and_bad_mask(impl: Api, hands: dict[int, np.ndarray]) -> None:
    aligned = masks_of(hands[7])
    records = np.zeros(len(aligned), np.dtype([("tag", "u1"), ("mask", "u8")], align=False))
    records["mask"] = aligned
    assert not records["mask"].flags.aligned
    assert np.array_equal(impl.evaluate_masks(records["mask"]), impl.evaluate_masks(aligned))
    records["mask"][9] = 0b1111
    with pytest.raises(ValueError, match=r"^row 9: card mask 0xf has 4 cards"):
        impl.evaluate_masks(records["mask"], out=misaligned_out(len(aligned)))


def test_many_rows_unaligned_over_threads(impl: Api) -> None:
    """Enough rows for the batch to be split over threads: every part starts at an odd address."""
    n = 70_000 if impl.__name__.endswith("_c") else 5_000
    aligned = random_hands(n, 7, seed=5).astype(np.int32)
    expected = impl.evaluate_batch(aligned)
    out = misaligned_out(n)
    impl.evaluate_batch(misaligned(aligned), out=out, threads=3)
    assert np.array_equal(out, expected)
    masks = masks_of(aligned)
    out = misaligned_out(n, 3)
    impl.evaluate_masks(misaligned(masks, 5), out=out, threads=3)
    assert np.array_equal(out, expected)


def omaha_deal(n: int, nh: int, nb: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    cards = random_hands(n, nh + nb, seed)
    return cards[:, :nh], cards[:, nh:]


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 4), (6, 3)])
def test_unaligned_omaha(impl: Api, nh: int, nb: int, dtype: str) -> None:
    holes, boards = omaha_deal(1000, nh, nb, seed=nh * 8 + nb)
    holes, boards = holes.astype(dtype), boards.astype(dtype)
    expected = impl.evaluate_omaha_batch(holes, boards)
    assert np.array_equal(impl.evaluate_omaha_batch(misaligned(holes, 1), misaligned(boards, 3)), expected)
    out = misaligned_out(len(holes))
    assert impl.evaluate_omaha_batch(misaligned(holes, 3), misaligned(boards, 1), out=out) is out
    assert np.array_equal(out, expected)


@pytest.mark.parametrize("nh", [4, 5, 6])
def test_unaligned_omaha_shared_board(impl: Api, nh: int) -> None:
    cards = random_hands(1, 5, seed=nh)[0]
    board, rest = cards, np.setdiff1d(np.arange(52, dtype=np.uint8), cards)
    rng = np.random.default_rng(nh)
    holes = np.array([rng.choice(rest, nh, replace=False) for _ in range(500)], np.uint8)
    expected = impl.evaluate_omaha_batch(holes, board)
    for dtype in ("u1", "i2", "u4", "i8"):
        out = misaligned_out(len(holes))
        impl.evaluate_omaha_batch(misaligned(holes.astype(dtype), 1), misaligned(board.astype(dtype), 3), out=out)
        assert np.array_equal(out, expected)


def test_unaligned_omaha_bad_row(impl: Api) -> None:
    holes, boards = omaha_deal(100, 4, 5, seed=8)
    expected = impl.evaluate_omaha_batch(holes[:40], boards[:40])
    boards = boards.copy()
    boards[40, 2] = holes[40, 0]
    out = misaligned_out(len(holes))
    with pytest.raises(ValueError, match=r"^row 40: duplicate card"):
        impl.evaluate_omaha_batch(misaligned(holes.astype(np.int16)), misaligned(boards.astype(np.int16)), out=out)
    assert np.array_equal(out[:40], expected)
