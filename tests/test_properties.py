"""Property tests: every public function, on both backends, against a brute-force oracle.

For each public entry point of ``handrank``:

(a) valid input, drawn at random in every accepted form, gives the number the
    oracle in ``oracle.py`` (written from the rules alone) computes;
(b) junk input (ints out of range, huge, negative, floats, None, bytes, junk
    text, nested lists, numpy arrays of odd dtypes, shapes, strides and byte
    orders, bools, empty things) either gives the right answer or raises
    ValueError / TypeError with a message that says what is wrong, never any
    other exception;
(c) the compiled and the pure-Python backends agree, errors included (same
    type, same message).

The default profile keeps the whole file to well under a minute on a 2-core
machine.  ``HANDRANK_HYPOTHESIS=long python -m pytest tests/test_properties.py``
runs 25 times as many examples per test; ``HANDRANK_HYPOTHESIS_SCALE=N`` picks
the factor directly.  Failing examples are kept in ``.pytest_cache/hypothesis``
so that the next run tries them first.
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import numpy as np
import oracle
import pytest
from conftest import C_AVAILABLE, Api, on

hypothesis = pytest.importorskip("hypothesis", reason="the property tests need hypothesis (pip install hypothesis)")

from hypothesis import HealthCheck, assume, given, note, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.database import DirectoryBasedExampleDatabase  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

import handrank  # noqa: E402
from handrank import Range  # noqa: E402

# ---- profiles -------------------------------------------------------------------------------------

_PROFILE = os.environ.get("HANDRANK_HYPOTHESIS", "default").strip().lower() or "default"
if _PROFILE not in ("default", "long"):
    raise ValueError(f"HANDRANK_HYPOTHESIS must be 'default' or 'long', not {_PROFILE!r}")
SCALE = int(os.environ.get("HANDRANK_HYPOTHESIS_SCALE", "25" if _PROFILE == "long" else "1"))
_DB = DirectoryBasedExampleDatabase(str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "hypothesis"))
settings.register_profile(
    "handrank-default",
    deadline=None,
    database=_DB,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
settings.register_profile("handrank-long", parent=settings.get_profile("handrank-default"), print_blob=True)
settings.load_profile(f"handrank-{_PROFILE}")


def examples(n: int) -> Callable[[Any], Any]:
    """``settings(max_examples=n)`` scaled by the profile."""
    return settings(max_examples=max(1, n * SCALE))


# ---- the two backends and outcomes ----------------------------------------------------------------

BACKENDS: list[Api] = [Api("c")] if C_AVAILABLE else []
BACKENDS.append(Api("python"))

ALLOWED = (ValueError, TypeError)
# Python's own wording, which means an error escaped unchecked instead of being worded for the caller.
RAW = re.compile(
    r"object is not (iterable|subscriptable|callable)|unpack|index out of range|has no attribute|unhashable"
    r"|takes \d+ positional|unexpected keyword|division by zero|int too large|Python int too large"
    r"|cannot be interpreted as an integer|Exceeds the limit|nvalid literal|iteration over a 0-d array"
    r"|only integer scalar arrays|The truth value of|object of type .* has no len|argument must be"
    r"|could not convert|unsupported operand|not supported between"
)


def outcome(fn: Callable[..., Any], *args: Any, known: re.Pattern[str] | None = None, **kwargs: Any) -> tuple[Any, ...]:
    """("ok", value) or ("error", type, message); any exception but ValueError / TypeError propagates.

    ``known``: unworded messages of defects already reported, let through.
    """
    try:
        value = fn(*args, **kwargs)
    except ALLOWED as exc:
        message = str(exc)
        assert message, f"{type(exc).__name__} with no message"
        if not (known and known.search(message)):
            assert not RAW.search(message), f"an unworded {type(exc).__name__}: {message!r}"
        return ("error", type(exc), message)
    if isinstance(value, np.ndarray):
        return ("ok", ("ndarray", value.dtype.str, value.shape, value.tolist()))
    return ("ok", value)


def both(name: str, *args: Any, known: re.Pattern[str] | None = None, **kwargs: Any) -> tuple[Any, ...]:
    """The outcome of ``handrank.<name>(*args, **kwargs)``, the same on every backend."""
    results = [outcome(getattr(api, name), *args, known=known, **kwargs) for api in BACKENDS]
    for api, result in zip(BACKENDS[1:], results[1:], strict=True):
        assert result == results[0], f"{name}: {BACKENDS[0].name} gave {results[0]!r}, {api.name} gave {result!r}"
    return results[0]


def ok(result: tuple[Any, ...]) -> Any:
    assert result[0] == "ok", f"expected a result, got {result!r}"
    return result[1]


def error(result: tuple[Any, ...], kind: type[Exception] = ValueError) -> str:
    assert result[0] == "error" and result[1] is kind, f"expected {kind.__name__}, got {result!r}"
    return str(result[2])


# ---- strategies: valid cards in every accepted form -----------------------------------------------


def distinct_cards(k: int, avoid: frozenset[int] = frozenset()) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51).filter(lambda c: c not in avoid), min_size=k, max_size=k, unique=True)


INT_DTYPES = [np.dtype(f"{order}{kind}{size}") for kind in "iu" for size in (1, 2, 4, 8) for order in "<>"]
SYMBOLS = ("♣♧", "♦♢", "♥♡", "♠♤")


@st.composite
def card_text(draw: st.DrawFn, card: int) -> str:
    r, s = divmod(card, 4)
    rank = draw(st.sampled_from(["T", "t", "10"])) if r == 8 else oracle.RANKS[r]
    if rank.isalpha() and draw(st.booleans()):
        rank = rank.lower()
    suit = draw(st.sampled_from([oracle.SUITS[s], oracle.SUITS[s].upper(), *SYMBOLS[s]]))
    return rank + suit


@st.composite
def as_cards(draw: st.DrawFn, ids: list[int]) -> Any:
    """The cards ``ids`` (in order) as a list, tuple, numpy array, text, or a mix of strings and ids."""
    form = draw(st.sampled_from(["list", "tuple", "numpy", "scalars", "text", "mixed"]))
    if form == "list":
        return list(ids)
    if form == "tuple":
        return tuple(ids)
    if form == "numpy":
        dtype = draw(st.sampled_from(INT_DTYPES))
        return np.array(ids, dtype=dtype)
    if form == "scalars":
        return [np.dtype(draw(st.sampled_from(INT_DTYPES))).newbyteorder("=").type(c) for c in ids]
    texts = [draw(card_text(c)) for c in ids]
    if form == "text":
        sep = draw(st.sampled_from([" ", ",", ", ", ";", "\t", "\n", "", "  "]))
        text = sep.join(texts)
        return draw(st.sampled_from(["", " ", ","])) + text + draw(st.sampled_from(["", " ", "\n"]))
    out: list[Any] = []
    i = 0
    while i < len(ids):
        take = draw(st.integers(1, len(ids) - i))
        if draw(st.booleans()):
            out.append(" ".join(texts[i : i + take]))
        else:
            out.extend(ids[i : i + take])
        i += take
    return out


hand_ids = st.integers(5, 7).flatmap(distinct_cards)

# ---- strategies: junk -----------------------------------------------------------------------------

_SPECIAL_INTS = [
    52,
    53,
    64,
    255,
    256,
    -1,
    -52,
    2**31,
    2**32,
    2**52,
    2**63 - 1,
    2**63,
    2**64,
    2**64 + 51,
    2**70,
    -(2**70),
]
_NUMPY_SCALARS = st.one_of(
    st.builds(lambda v: np.int64(v), st.integers(-(2**63), 2**63 - 1)),
    st.builds(lambda v: np.uint8(v), st.integers(0, 255)),
    st.builds(lambda v: np.int8(v), st.integers(-128, 127)),
    st.builds(lambda v: np.uint64(v), st.integers(0, 2**64 - 1)),
    st.builds(np.float64, st.floats()),
    st.builds(np.float32, st.floats(width=32)),
    st.just(np.bool_(True)),
)
junk_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-60, 60),
    st.integers(),
    st.sampled_from(_SPECIAL_INTS),
    st.floats(),
    st.text(max_size=10),
    st.text(alphabet="AKQJT98765432akqjt10cdhsCDHS♠♥♦♣ ,;-+%/.()*", max_size=12),
    st.binary(max_size=6),
    st.complex_numbers(max_magnitude=100),
    st.fractions(max_denominator=10),
    st.decimals(allow_nan=True, places=2),
    _NUMPY_SCALARS,
    st.just(Ellipsis),
    st.just(object()),
    st.just(bytearray(b"As")),
)


@st.composite
def junk_arrays(draw: st.DrawFn) -> np.ndarray:
    dtype = draw(
        st.one_of(
            st.sampled_from(INT_DTYPES),
            hnp.floating_dtypes(endianness="?"),
            hnp.boolean_dtypes(),
            hnp.complex_number_dtypes(endianness="?"),
            hnp.byte_string_dtypes(max_len=3),
            hnp.unicode_string_dtypes(max_len=3),
            hnp.datetime64_dtypes(endianness="?"),
            hnp.timedelta64_dtypes(endianness="?"),
            st.just(np.dtype(object)),
        )
    )
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=8))
    if dtype.kind == "O":
        arr = np.empty(shape, dtype=object)
        for index in np.ndindex(*shape):
            arr[index] = draw(st.one_of(st.integers(-5, 60), st.none(), st.text(max_size=2)))
    elif dtype.kind in "iu":
        # Mostly card-sized values, so that some arrays are valid or nearly valid.
        info = np.iinfo(dtype)
        values = st.one_of(st.integers(0, 55), st.integers(int(info.min), int(info.max)))
        arr = draw(hnp.arrays(dtype=dtype, shape=shape, elements=values))
    else:
        arr = draw(hnp.arrays(dtype=dtype, shape=shape))
    view = draw(st.sampled_from(["as is", "reversed", "every other", "transposed", "fortran", "read-only"]))
    if arr.ndim:
        if view == "reversed":
            arr = arr[::-1]
        elif view == "every other":
            arr = arr[::2]
        elif view == "transposed":
            arr = arr.T
        elif view == "fortran":
            arr = np.asfortranarray(arr)
        elif view == "read-only":
            arr.flags.writeable = False
    return arr


junk = st.recursive(
    st.one_of(junk_scalars, junk_arrays()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=8),
        st.tuples(inner, inner),
        st.dictionaries(st.integers(-2, 60), inner, max_size=4),
        st.frozensets(st.integers(-2, 60), max_size=8),
    ),
    max_leaves=10,
)


@st.composite
def near_hand(draw: st.DrawFn, size: int | None = None) -> Any:
    """A valid-looking hand with one thing wrong (or nothing): a card swapped for junk, a duplicate, a count off."""
    k = size if size is not None else draw(st.integers(4, 8))
    ids = draw(distinct_cards(k))
    cards: list[Any] = list(ids)
    how = draw(st.sampled_from(["junk card", "duplicate", "as is", "text junk", "wrap"]))
    if how == "junk card" and cards:
        cards[draw(st.integers(0, len(cards) - 1))] = draw(junk_scalars)
    elif how == "duplicate" and len(cards) >= 2:
        i, j = draw(st.lists(st.integers(0, len(cards) - 1), min_size=2, max_size=2, unique=True))
        cards[j] = cards[i]
    elif how == "text junk":
        text = " ".join(oracle.card_name(c) for c in ids)
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.text(max_size=3)) + text[at:]
    elif how == "wrap":
        wrap = draw(st.sampled_from(["tuple", "nested", "numpy", "object array"]))
        if wrap == "tuple":
            return tuple(cards)
        if wrap == "nested":
            return [cards]
        if wrap == "numpy":
            return np.array(ids)
        arr = np.empty(len(cards), dtype=object)
        arr[:] = cards
        return arr
    return cards


junk_or_near = st.one_of(junk, near_hand())


def plain_ids(cards: Any) -> list[int] | None:
    """The ids ``cards`` stands for if it is a valid card collection, else None (via the public parser)."""
    result = outcome(handrank.parse_cards, cards)
    return result[1] if result[0] == "ok" else None


# ---- evaluate, evaluate_mask, evaluate_omaha ------------------------------------------------------


@examples(180)
@given(ids=hand_ids, data=st.data())
def test_evaluate_valid(ids: list[int], data: st.DataObject) -> None:
    cards = data.draw(as_cards(ids))
    assert ok(both("evaluate", cards)) == oracle.rank(ids)


@examples(180)
@given(cards=junk_or_near)
def test_evaluate_junk(cards: Any) -> None:
    result = both("evaluate", cards)
    if result[0] == "ok":
        ids = plain_ids(cards)
        assert ids is not None and 5 <= len(ids) <= 7
        assert result[1] == oracle.rank(ids)


@examples(130)
@given(ids=hand_ids, form=st.sampled_from(["int", "uint64", "int64", "object"]))
def test_evaluate_mask_valid(ids: list[int], form: str) -> None:
    mask = sum(1 << c for c in ids)
    value: Any = {"int": mask, "uint64": np.uint64(mask), "int64": np.int64(mask), "object": _IntLike(mask)}[form]
    assert ok(both("evaluate_mask", value)) == oracle.rank(ids)


class _IntLike:
    """An object with ``__index__`` only: accepted wherever an int is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"_IntLike({self.value})"


@examples(180)
@given(
    mask=st.one_of(
        junk,
        st.integers(-(2**53), 2**53),
        st.integers(0, 2**52 - 1),
        st.lists(st.integers(0, 63), max_size=9).map(lambda bits: sum(1 << b for b in set(bits))),
    )
)
def test_evaluate_mask_junk(mask: Any) -> None:
    result = both("evaluate_mask", mask)
    if isinstance(mask, int) and not isinstance(mask, bool):
        if mask < 0 or mask >> 52:
            assert error(result) == f"card mask {mask:#x} has bits outside 0..51"
        elif mask.bit_count() not in (5, 6, 7):
            count = mask.bit_count()
            cards = f"{count} card{'' if count == 1 else 's'}"
            assert error(result) == f"card mask {mask:#x} has {cards}, a hand has 5, 6 or 7"
        else:
            assert ok(result) == oracle.rank(c for c in range(52) if mask >> c & 1)
    elif result[0] == "ok":
        value = int(mask)
        assert ok(result) == oracle.rank(c for c in range(52) if value >> c & 1)


@st.composite
def omaha_deal(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    h = draw(st.integers(4, 6))
    b = draw(st.integers(3, 5))
    cards = draw(distinct_cards(h + b))
    return cards[:h], cards[h:]


@examples(130)
@given(deal=omaha_deal(), data=st.data())
def test_evaluate_omaha_valid(deal: tuple[list[int], list[int]], data: st.DataObject) -> None:
    hole, board = deal
    expected = oracle.omaha_rank(hole, board)
    assert ok(both("evaluate_omaha", data.draw(as_cards(hole)), data.draw(as_cards(board)))) == expected


@examples(180)
@given(deal=omaha_deal(), which=st.sampled_from(["hole", "board", "both", "overlap"]), data=st.data())
def test_evaluate_omaha_junk(deal: tuple[list[int], list[int]], which: str, data: st.DataObject) -> None:
    hole: Any
    board: Any
    hole, board = deal
    if which in ("hole", "both"):
        hole = data.draw(junk_or_near, label="hole")
    if which in ("board", "both"):
        board = data.draw(junk_or_near, label="board")
    if which == "overlap":
        board = [*board[:-1], hole[data.draw(st.integers(0, len(hole) - 1))]]
    result = both("evaluate_omaha", hole, board)
    hole_ids, board_ids = plain_ids(hole), plain_ids(board)
    if which == "overlap":
        assert error(result) == f"duplicate card {oracle.card_name(board[-1])} (in the hole and on the board)"
    if result[0] == "ok":
        assert hole_ids is not None and board_ids is not None
        assert ok(result) == oracle.omaha_rank(hole_ids, board_ids)
    elif which == "board" and hole_ids is not None and board_ids is None:
        assert "board" in result[2], result


# ---- batches --------------------------------------------------------------------------------------


def _layout(draw: st.DrawFn, arr: np.ndarray, allow_list: bool = True) -> Any:
    """The same values in another memory layout: C, Fortran, strided, reversed, a read-only view, a list."""
    kinds = ["c", "fortran", "strided", "reversed rows", "read-only"] + (["list"] if allow_list else [])
    how = draw(st.sampled_from(kinds))
    if how == "fortran":
        return np.asfortranarray(arr)
    if how == "strided":
        big = np.zeros((arr.shape[0] * 2,) + arr.shape[1:], dtype=arr.dtype)
        big[::2] = arr
        return big[::2]
    if how == "reversed rows":
        return arr[::-1].copy()[::-1]
    if how == "read-only":
        view = arr.view()
        view.flags.writeable = False
        return view
    if how == "list":
        return arr.tolist()  # type: ignore[no-any-return]
    return np.ascontiguousarray(arr)


def _row_message(index: int, values: Sequence[int]) -> str | None:
    """What a batch says about a row of ids, or None when the row is valid."""
    seen: set[int] = set()
    for v in values:
        if not 0 <= v < 52:
            return f"row {index}: card id {v} is out of range 0..51"
        if v in seen:
            return f"row {index}: duplicate card {oracle.card_name(v)}"
        seen.add(v)
    return None


def _spoil_rows(draw: st.DrawFn, rows: list[list[int]], dtype: np.dtype) -> None:
    """Make some rows invalid: an id out of range for cards but not for the dtype, or a card twice."""
    info = np.iinfo(dtype)
    for i in draw(st.lists(st.integers(0, len(rows) - 1), max_size=3, unique=True)) if rows else []:
        row = rows[i]
        j = draw(st.integers(0, len(row) - 1))
        if draw(st.booleans()) and len(row) > 1:
            row[j] = row[(j + 1) % len(row)]
        else:
            candidates = [
                v for v in (52, 60, 127, 255, 256, 1000, -1, -100, int(info.max), int(info.min)) if v < 0 or v > 51
            ]
            row[j] = draw(st.sampled_from([v for v in candidates if info.min <= v <= info.max]))


def _out_array(kind: str, n: int) -> np.ndarray | None:
    """A fresh ``out`` of the given layout, filled with a value no rank has."""
    if kind == "none":
        return None
    if kind == "contiguous":
        return np.full(n, 9999, np.uint16)
    if kind == "strided":
        return np.full(2 * n, 9999, np.uint16)[::2]
    return np.full(n, 9999, np.uint16)[::-1]


OUT_KINDS = st.sampled_from(["none", "none", "contiguous", "strided", "reversed"])


@examples(80)
@given(data=st.data(), k=st.sampled_from([5, 6, 7]), n=st.integers(0, 12), dtype=st.sampled_from(INT_DTYPES))
def test_evaluate_batch(data: st.DataObject, k: int, n: int, dtype: np.dtype) -> None:
    rows = [data.draw(distinct_cards(k)) for _ in range(n)]
    if data.draw(st.booleans()):
        _spoil_rows(data.draw, rows, dtype)
    hands = _layout(data.draw, np.array(rows, dtype=dtype).reshape(n, k))
    threads = data.draw(st.sampled_from([None, 0, 1, 2, 3]))
    kind = data.draw(OUT_KINDS)
    runs = []
    for api in BACKENDS:
        out = _out_array(kind, n)
        runs.append(
            (outcome(api.evaluate_batch, hands, threads=threads, out=out), None if out is None else out.tolist())
        )
    assert all(run == runs[0] for run in runs), runs
    result, written = runs[0]
    bad = [(i, m) for i, row in enumerate(rows) if (m := _row_message(i, row)) is not None]
    if bad:
        first, message = bad[0]
        assert error(result) == message
        if written is not None:  # the rows before the bad one are written
            assert written[:first] == [oracle.rank(row) for row in rows[:first]]
    else:
        ranks = [oracle.rank(row) for row in rows]
        assert ok(result) == ("ndarray", "<u2", (n,), ranks)
        if written is not None:
            assert written == ranks


@examples(130)
@given(hands=st.one_of(junk, st.lists(st.one_of(near_hand(), junk), max_size=4)), threads=st.one_of(st.none(), junk))
def test_evaluate_batch_junk(hands: Any, threads: Any) -> None:
    result = both("evaluate_batch", hands, threads=threads)
    if result[0] == "ok":
        arr = np.asarray(hands)
        assert arr.size == 0 or (arr.ndim == 2 and arr.shape[1] in (5, 6, 7))
        assert result[1][3] == [
            oracle.rank(row) for row in arr.reshape(-1, arr.shape[-1] if arr.ndim == 2 else 5).tolist()
        ]


@examples(100)
@given(data=st.data(), n=st.integers(0, 10), dtype=st.sampled_from(INT_DTYPES))
def test_evaluate_masks(data: st.DataObject, n: int, dtype: np.dtype) -> None:
    info = np.iinfo(dtype)
    top = min(52, int(info.max).bit_length())  # the highest card a mask of this dtype can hold
    rows: list[int] = []
    for _ in range(n):
        how = data.draw(st.sampled_from(["hand", "hand", "hand", "count", "high bit", "negative"]))
        if how == "hand" and top >= 7:
            k = data.draw(st.integers(5, 7))
            rows.append(
                sum(1 << c for c in data.draw(st.lists(st.integers(0, top - 1), min_size=k, max_size=k, unique=True)))
            )
        elif how == "count":
            bits = data.draw(st.lists(st.integers(0, top - 1), max_size=min(top, 12), unique=True))
            rows.append(sum(1 << c for c in bits))
        elif how == "high bit" and int(info.max) >> 52:
            rows.append(data.draw(st.integers(1 << 52, int(info.max))))
        elif info.min < 0:
            rows.append(data.draw(st.integers(int(info.min), -1)))
        else:
            rows.append(0)
    masks = np.array(rows, dtype=dtype)
    how = data.draw(st.sampled_from(["c", "strided", "list"]))
    arg: Any = masks
    if how == "strided":
        big = np.zeros(2 * n, dtype=dtype)
        big[::2] = masks
        arg = big[::2]
    elif how == "list":
        arg = rows
    result = both("evaluate_masks", arg, threads=data.draw(st.sampled_from([None, 0, 2])))
    for i, value in enumerate(rows):
        wide = value % (1 << 64)  # negative values widen to huge uint64 masks
        if wide >> 52:
            assert error(result) == f"row {i}: card mask {wide:#x} has bits outside 0..51"
            return
        if wide.bit_count() not in (5, 6, 7):
            cards = f"{wide.bit_count()} card{'' if wide.bit_count() == 1 else 's'}"
            assert error(result) == f"row {i}: card mask {wide:#x} has {cards}, a hand has 5, 6 or 7"
            return
    expected = [oracle.rank(c for c in range(52) if v >> c & 1) for v in rows]
    assert ok(result) == ("ndarray", "<u2", (n,), expected)


@examples(100)
@given(masks=junk, out=st.one_of(st.none(), junk))
def test_evaluate_masks_junk(masks: Any, out: Any) -> None:
    if isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.flags.writeable:
        out = None  # a shared writable out would be written by both backends
    both("evaluate_masks", masks, out=out)


@examples(80)
@given(
    data=st.data(),
    n=st.integers(0, 8),
    h=st.sampled_from([4, 5, 6]),
    b=st.sampled_from([3, 4, 5]),
    shared=st.booleans(),
    dtypes=st.tuples(st.sampled_from(INT_DTYPES), st.sampled_from(INT_DTYPES)),
)
def test_evaluate_omaha_batch(
    data: st.DataObject, n: int, h: int, b: int, shared: bool, dtypes: tuple[np.dtype, np.dtype]
) -> None:
    board_one = data.draw(distinct_cards(b))
    holes: list[list[int]] = []
    boards: list[list[int]] = []
    for _ in range(n):
        if shared:
            holes.append(data.draw(distinct_cards(h, frozenset(board_one))))
            boards.append(list(board_one))
        else:
            cards = data.draw(distinct_cards(h + b))
            holes.append(cards[:h])
            boards.append(cards[h:])
    if data.draw(st.booleans()):
        _spoil_rows(data.draw, holes, dtypes[0])
        if not shared:
            _spoil_rows(data.draw, boards, dtypes[1])
    if shared and data.draw(st.booleans()):
        # A card in a hole and on the shared board.
        if holes:
            i = data.draw(st.integers(0, n - 1))
            holes[i][data.draw(st.integers(0, h - 1))] = board_one[data.draw(st.integers(0, b - 1))]
    hole_arr = _layout(data.draw, np.array(holes, dtype=dtypes[0]).reshape(n, h))
    board_arr = np.array(board_one if shared else boards, dtype=dtypes[1]).reshape((b,) if shared else (n, b))
    board_arg = board_arr if shared else _layout(data.draw, board_arr, allow_list=n > 0)
    result = both("evaluate_omaha_batch", hole_arr, board_arg, threads=data.draw(st.sampled_from([None, 0, 2])))
    for i in range(n):
        message = _row_message(i, holes[i] + boards[i])
        if message is not None:
            assert error(result) == message
            return
    expected = [oracle.omaha_rank(holes[i], boards[i]) for i in range(n)]
    assert ok(result) == ("ndarray", "<u2", (n,), expected)


@examples(130)
@given(
    holes=st.one_of(junk, st.lists(near_hand(4), max_size=3)),
    boards=st.one_of(junk, near_hand(5), st.lists(near_hand(5), max_size=3)),
)
def test_evaluate_omaha_batch_junk(holes: Any, boards: Any) -> None:
    result = both("evaluate_omaha_batch", holes, boards)
    if result[0] == "ok":
        h, bd = np.asarray(holes), np.asarray(boards)
        for i, rank in enumerate(result[1][3]):
            board_row = bd if bd.ndim == 1 else bd[i]
            assert rank == oracle.omaha_rank(h[i].tolist(), board_row.tolist())


# ---- best five, example hands, categories, descriptions -------------------------------------------


def _ordered(five: Sequence[int]) -> bool:
    """Most significant first: rank groups by size then rank (a wheel 5-4-3-2-A), equal ranks by id descending."""
    if [c // 4 for c in five] != oracle.significance_order(five):
        return False
    return all(not (a // 4 == b // 4 and a < b) for a, b in pairwise(five))


def _best_five_oracle(ids: Sequence[int]) -> tuple[int, ...]:
    """Of the five-card subsets that make the hand, the one whose ids in significance order are largest."""
    best = oracle.rank(ids)
    choices = []
    for five in combinations(ids, 5):
        if oracle.rank5(tuple(sorted(five))) == best:
            order = oracle.significance_order(five)
            pos = {r: order.index(r) for r in set(order)}
            choices.append(tuple(sorted(five, key=lambda c: (pos[c // 4], -c))))
    return max(choices)


@examples(130)
@given(ids=hand_ids, data=st.data())
def test_best_five(ids: list[int], data: st.DataObject) -> None:
    five = ok(both("best_five", data.draw(as_cards(ids))))
    assert five == _best_five_oracle(ids)
    assert set(five) <= set(ids) and len(set(five)) == 5
    assert _ordered(five)
    shuffled = data.draw(st.permutations(ids))
    assert ok(both("best_five", shuffled)) == five


@examples(100)
@given(deal=omaha_deal(), data=st.data())
def test_best_five_omaha(deal: tuple[list[int], list[int]], data: st.DataObject) -> None:
    hole, board = deal
    five = ok(both("best_five_omaha", data.draw(as_cards(hole)), data.draw(as_cards(board))))
    assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3 and len(five) == 5
    assert oracle.rank5(tuple(sorted(five))) == oracle.omaha_rank(hole, board)
    assert _ordered(five)
    assert ok(both("best_five_omaha", data.draw(st.permutations(hole)), data.draw(st.permutations(board)))) == five


@examples(130)
@given(cards=junk_or_near, board=st.one_of(junk_or_near, near_hand(5)))
def test_best_five_junk(cards: Any, board: Any) -> None:
    result = both("best_five", cards)
    if result[0] == "ok":
        ids = plain_ids(cards)
        assert ids is not None and result[1] == _best_five_oracle(ids)
    both("best_five_omaha", cards, board)


def test_every_rank() -> None:
    """Every class: its category, its English description and its example hand, from the rule key alone."""
    for api in BACKENDS:
        for rank in range(1, oracle.N_CLASSES + 1):
            assert api.category(rank) == oracle.category(rank)
            assert api.describe(rank) == oracle.describe_en(rank)
            hand = api.example_hand(rank)
            assert len(set(hand)) == 5 and oracle.rank5(tuple(sorted(hand))) == rank
            assert _ordered(hand)
    # Every description names the category first, and differs from every other one of its category.
    names = {"es": ("Escalera real", "Escalera de color", "Póker", "Full house", "Color", "Escalera", "Trío",
                    "Doble pareja", "Pareja", "Carta alta"),
             "ru": ("Ройял-флэш", "Стрит-флэш", "Каре", "Фулл-хауз", "Флэш", "Стрит", "Тройка", "Две пары", "Пара",
                    "Старшая карта")}  # fmt: skip
    for lang, cats in names.items():
        seen: dict[str, tuple[int, ...]] = {}
        for rank in range(1, oracle.N_CLASSES + 1):
            text = handrank.describe(rank, lang=lang)
            assert text.startswith(cats[oracle.category(rank) - 1]), (rank, text)
            en = handrank.describe(rank)
            assert seen.setdefault(text, (en,)) == (en,), (lang, text, en)  # same words, same English words


@examples(40)
@given(rank=st.integers(1, oracle.N_CLASSES), data=st.data())
def test_example_hand_is_its_own_best_five(rank: int, data: st.DataObject) -> None:
    hand = ok(both("example_hand", rank))
    assert ok(both("best_five", data.draw(st.permutations(hand)))) == hand
    assert ok(both("evaluate", list(hand))) == rank


@examples(180)
@given(
    rank=st.one_of(junk, st.integers(), st.integers(-3, 7470)),
    lang=st.one_of(st.sampled_from(["en", "es", "ru"]), junk),
)
def test_rank_functions_junk(rank: Any, lang: Any) -> None:
    for name in ("category", "example_hand", "describe"):
        result = both(name, rank, lang) if name == "describe" else both(name, rank)
        if isinstance(rank, int) and not isinstance(rank, bool):
            if not 1 <= rank <= oracle.N_CLASSES:
                assert error(result) == f"rank {rank} is out of range 1..7462"
            elif name == "category":
                assert ok(result) == oracle.category(rank)
            elif name == "describe" and isinstance(lang, str) and lang == "en":
                assert ok(result) == oracle.describe_en(rank)
        elif result[0] == "ok":
            assert hasattr(rank, "__index__")
        valid_rank = isinstance(rank, int) and not isinstance(rank, bool) and 1 <= rank <= oracle.N_CLASSES
        if name == "describe" and result[0] == "error" and valid_rank:
            assert "lang" in result[2]


# ---- parsing and formatting -----------------------------------------------------------------------


@examples(180)
@given(ids=st.lists(st.integers(0, 51), max_size=12, unique=True), data=st.data())
def test_parse_and_format(ids: list[int], data: st.DataObject) -> None:
    cards = data.draw(as_cards(ids))
    assert ok(both("parse_cards", cards)) == ids
    names = " ".join(oracle.card_name(c) for c in ids)
    assert ok(both("cards_str", cards)) == names
    assert ok(both("parse_cards", names)) == ids
    for c in ids:
        assert ok(both("card_str", c)) == oracle.card_name(c)


@examples(100)
@given(ids=st.lists(st.integers(0, 51), min_size=2, max_size=8, unique=True), data=st.data())
def test_parse_duplicate(ids: list[int], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(ids) - 1))
    at = data.draw(st.integers(i + 1, len(ids)))
    cards = [*ids[:at], ids[i], *ids[at:]]
    first_repeat = next(c for j, c in enumerate(cards) if c in cards[:j])
    message = f"duplicate card {oracle.card_name(first_repeat)}"
    assert error(both("parse_cards", data.draw(as_cards(cards)))) == message


@examples(220)
@given(cards=st.one_of(junk, near_hand(), st.text(), st.text(alphabet="Aa1023456789TJQKtjqkcdhsCDHS♠♤♥♦♣ ,;\t")))
def test_parse_junk(cards: Any) -> None:
    result = both("parse_cards", cards)
    formatted = both("cards_str", cards)
    if result[0] == "ok":
        ids = result[1]
        assert len(set(ids)) == len(ids) and all(0 <= c < 52 for c in ids)
        assert ok(formatted) == " ".join(oracle.card_name(c) for c in ids)
        assert ok(both("parse_cards", formatted[1])) == ids
    else:
        assert formatted == result
    single = both("card_str", cards)
    if single[0] == "ok":
        assert ok(single) == oracle.card_name(int(cards))
    elif isinstance(cards, int) and not isinstance(cards, bool):
        assert error(single) == f"card id {cards} is out of range 0..51"


# ---- showdown and split_pot -----------------------------------------------------------------------

GAMES = {"holdem": (2, (3, 4, 5)), "omaha": (None, (3, 4, 5)), "stud": (7, (0,)), "draw": (5, (0,))}


@st.composite
def showdown_setup(draw: st.DrawFn) -> tuple[str, list[list[int]], list[int]]:
    game = draw(st.sampled_from(list(GAMES)))
    size, board_sizes = GAMES[game]
    hole = size if size is not None else draw(st.sampled_from([4, 5, 6]))
    b = draw(st.sampled_from(board_sizes))
    most = min(10, (52 - b) // hole)
    n = draw(st.integers(2, most))
    cards = draw(st.permutations(range(52)))
    board = list(cards[:b])
    hands = [list(cards[b + i * hole : b + (i + 1) * hole]) for i in range(n)]
    return game, hands, board


def _showdown_oracle(game: str, hands: list[list[int]], board: list[int]) -> list[int]:
    if game == "omaha":
        return [oracle.omaha_rank(h, board) for h in hands]
    return [oracle.rank(h + board) for h in hands]


@examples(80)
@given(setup=showdown_setup(), data=st.data())
def test_showdown(setup: tuple[str, list[list[int]], list[int]], data: st.DataObject) -> None:
    game, hands, board = setup
    forms = [data.draw(as_cards(h)) for h in hands]
    board_form = data.draw(as_cards(board)) if board or data.draw(st.booleans()) else ()
    result = ok(both("showdown", forms, board_form, game=game))
    ranks = _showdown_oracle(game, hands, board)
    winners = oracle.showdown_winners(ranks)
    assert result.game == game and result.board == tuple(board)
    assert result.winners == winners
    assert sum(result.shares) == 1
    for i, player in enumerate(result.players):
        assert player.cards == tuple(hands[i])
        assert player.rank == ranks[i]
        assert player.category == oracle.category(ranks[i])
        assert player.description == oracle.describe_en(ranks[i])
        assert player.share == (Fraction(1, len(winners)) if i in winners else 0)
        five = player.best_five
        assert len(set(five)) == 5 and set(five) <= set(hands[i]) | set(board)
        assert oracle.rank5(tuple(sorted(five))) == ranks[i] and _ordered(five)
        if game == "omaha":
            assert len(set(five) & set(hands[i])) == 2


@examples(100)
@given(
    setup=showdown_setup(),
    slot=st.sampled_from(["player", "board", "game", "hands"]),
    bad=st.one_of(junk, near_hand(2), near_hand(5)),
    data=st.data(),
)
def test_showdown_junk(setup: tuple[str, list[list[int]], list[int]], slot: str, bad: Any, data: st.DataObject) -> None:
    game, hands, board = setup
    args: list[Any] = [list(hands), list(board)]
    at = data.draw(st.integers(0, len(hands) - 1))
    if slot == "player":
        args[0][at] = bad
    elif slot == "board":
        args[1] = bad
    elif slot == "hands":
        args[0] = bad
    kwargs = {"game": bad if slot == "game" else game}
    result = both("showdown", *args, **kwargs)
    if result[0] == "error":
        message = result[2]
        if slot == "player":
            m = re.match(r"player (\d+): ", message)
            assert m and int(m[1]) >= at, message
        elif slot == "board":
            assert "board" in message.lower() or re.match(r"player \d+: ", message), message
        elif slot == "game" and not (isinstance(bad, str) and bad in GAMES):
            assert message.startswith("game must be one of"), message
    else:
        value = result[1]
        got_hands = [list(p.cards) for p in value.players]
        assert value.winners == oracle.showdown_winners(_showdown_oracle(value.game, got_hands, list(value.board)))


@examples(130)
@given(
    amount=st.one_of(st.integers(0, 1000), st.integers(0, 2**80)),
    seats=st.lists(st.integers(0, 20), min_size=1, max_size=10, unique=True),
    odd=st.sampled_from(["first", "last"]),
)
def test_split_pot(amount: int, seats: list[int], odd: str) -> None:
    parts = ok(both("split_pot", amount, seats, odd_chips=odd))
    assert parts == oracle.split(amount, seats, odd)
    assert sum(parts) == amount and max(parts) - min(parts) <= 1
    as_numpy = ok(both("split_pot", np.int64(amount % 2**62), np.array(seats), odd_chips=odd))
    assert as_numpy == oracle.split(amount % 2**62, seats, odd)


@examples(180)
@given(
    amount=st.one_of(junk, st.integers()),
    winners=st.one_of(junk, st.lists(st.one_of(st.integers(-3, 12), junk_scalars), max_size=5)),
    odd=st.one_of(st.sampled_from(["first", "last"]), junk),
)
def test_split_pot_junk(amount: Any, winners: Any, odd: Any) -> None:
    result = both("split_pot", amount, winners, odd_chips=odd)
    if result[0] == "ok":
        assert sum(result[1]) == int(amount)


# ---- ranges ---------------------------------------------------------------------------------------

R = oracle.RANKS


def _rank_text(r: int, lower: bool) -> str:
    text = "10" if r == 8 and lower else R[r]
    return text.lower() if lower else text


@st.composite
def range_item(draw: st.DrawFn) -> tuple[str, set[tuple[int, int]]]:
    """One item of Hold'em range notation and the combos it means, expanded from the notation's rules."""
    kind = draw(st.sampled_from(["pair", "class", "pair+", "class+", "pair-", "top-", "gap-", "combo", "random"]))
    lower = draw(st.booleans())

    def t(r: int) -> str:
        return _rank_text(r, lower)

    if kind == "pair":
        r = draw(st.integers(0, 12))
        return t(r) + t(r), oracle.class_combos(r, r, "")
    if kind == "pair+":
        r = draw(st.integers(0, 12))
        return t(r) + t(r) + "+", set().union(*(oracle.class_combos(x, x, "") for x in range(r, 13)))
    if kind == "pair-":
        a, b = draw(st.integers(0, 12)), draw(st.integers(0, 12))
        return f"{t(a)}{t(a)}-{t(b)}{t(b)}", set().union(
            *(oracle.class_combos(x, x, "") for x in range(min(a, b), max(a, b) + 1))
        )
    suffix = draw(st.sampled_from(["s", "o", ""]))
    sfx = suffix.upper() if draw(st.booleans()) else suffix
    if kind in ("class", "class+"):
        hi = draw(st.integers(1, 12))
        lo = draw(st.integers(0, hi - 1))
        first, second = (hi, lo) if draw(st.booleans()) else (lo, hi)
        if kind == "class":
            return t(first) + t(second) + sfx, oracle.class_combos(hi, lo, suffix)
        if first < second:
            first, second = second, first  # "A2s+" climbs the lower card
        return t(first) + t(second) + sfx + "+", set().union(
            *(oracle.class_combos(hi, k, suffix) for k in range(lo, hi))
        )
    if kind == "top-":
        hi = draw(st.integers(1, 12))
        a, b = draw(st.integers(0, hi - 1)), draw(st.integers(0, hi - 1))
        combos = set().union(*(oracle.class_combos(hi, k, suffix) for k in range(min(a, b), max(a, b) + 1)))
        return f"{t(hi)}{t(a)}{sfx}-{t(hi)}{t(b)}{sfx}", combos
    if kind == "gap-":
        gap = draw(st.integers(1, 12))
        a, b = draw(st.integers(gap, 12)), draw(st.integers(gap, 12))
        combos = set().union(*(oracle.class_combos(h, h - gap, suffix) for h in range(min(a, b), max(a, b) + 1)))
        return f"{t(a)}{t(a - gap)}{sfx}-{t(b)}{t(b - gap)}{sfx}", combos
    if kind == "combo":
        x, y = draw(distinct_cards(2))
        text = draw(card_text(x)) + draw(card_text(y))
        return text, {(max(x, y), min(x, y))}
    every = set().union(*(oracle.class_combos(hi, lo, "") for hi in range(13) for lo in range(hi + 1)))
    return draw(st.sampled_from(["random", "*", "RANDOM"])), every


@st.composite
def weight_text(draw: st.DrawFn) -> tuple[str, Fraction]:
    form = draw(st.sampled_from(["decimal", "percent", "fraction", "one"]))
    if form == "decimal":
        digits = draw(st.integers(1, 4))
        num = draw(st.integers(1, 10**digits))
        w = Fraction(num, 10**digits)
        text = f"{num / 10**digits:.{digits}f}" if num < 10**digits else draw(st.sampled_from(["1", "1.0", "1."]))
        if text.startswith("0.") and draw(st.booleans()):
            text = text[1:]
        return text, w
    if form == "percent":
        num = draw(st.integers(1, 100))
        return f"{num}%", Fraction(num, 100)
    if form == "fraction":
        q = draw(st.integers(1, 30))
        p = draw(st.integers(1, q))
        return f"{p}/{q}", Fraction(p, q)
    return "1", Fraction(1)


@st.composite
def range_text(draw: st.DrawFn) -> tuple[str, dict[tuple[int, int], Fraction]]:
    """Hold'em range text and its expected combos -> weights (the later mention wins)."""
    parts: list[str] = []
    expected: dict[tuple[int, int], Fraction] = {}
    for _ in range(draw(st.integers(1, 4))):
        sep = draw(st.sampled_from([", ", " ", ",", " ,  "]))
        if draw(st.integers(0, 3)) == 0:
            wtext, weight = draw(weight_text())
            items = [draw(range_item()) for _ in range(draw(st.integers(1, 3)))]
            parts.append(f"{wtext}(" + sep.join(text for text, _ in items) + ")")
        else:
            weight = Fraction(1)
            items = [draw(range_item())]
            parts.append(items[0][0])
        for _, combos in items:
            for combo in combos:
                expected.pop(combo, None)
                expected[combo] = weight
    return draw(st.sampled_from([", ", " ", ","])).join(parts), expected


def _check_range(r: Range, expected: dict[tuple[int, ...], Fraction], game: str = "holdem") -> None:
    assert dict(r.combos) == expected
    assert len(r) == len(expected)
    assert list(r) == [(cards, float(w)) for cards, w in r.combos]
    assert [c for c, _ in r.combos] == sorted(expected, reverse=True)
    text = str(r)
    if expected:
        again = Range(text, game=game)  # type: ignore[arg-type]
        assert again == r and hash(again) == hash(r)
    assert eval(repr(r), {"Range": Range}) == r


@examples(130)
@given(spec=range_text(), dead=st.lists(st.integers(0, 51), max_size=4, unique=True))
def test_range_notation(spec: tuple[str, dict[tuple[int, int], Fraction]], dead: list[int]) -> None:
    text, expected = spec
    note(text)
    r = Range(text)
    _check_range(r, expected)
    less = r.without(dead)
    _check_range(less, {c: w for c, w in expected.items() if not set(c) & set(dead)})
    assert r.without(" ".join(oracle.card_name(c) for c in dead)) == less


@st.composite
def combo_list(draw: st.DrawFn, size: int) -> list[tuple[Any, Any]]:
    weights = st.one_of(
        st.fractions(min_value=0, max_value=1, max_denominator=50),
        st.floats(min_value=0, max_value=1),
        st.sampled_from([0, 1, True, 0.5, 0.1, 1e-9]),
    )
    out = []
    for _ in range(draw(st.integers(0, 12))):
        ids = draw(distinct_cards(size))
        out.append((draw(as_cards(ids)) if draw(st.booleans()) else ids, draw(weights)))
    if out and draw(st.booleans()):
        out.append((out[0][0], draw(weights)))  # given twice: the later weight wins
    return out


def _expected_combos(pairs: list[tuple[Any, Any]]) -> dict[tuple[int, ...], Fraction]:
    expected: dict[tuple[int, ...], Fraction] = {}
    for cards, weight in pairs:
        ids = handrank.parse_cards(cards)
        key = tuple(sorted(ids, reverse=True))
        value = Fraction(repr(float(weight))) if isinstance(weight, float) else Fraction(weight)
        expected.pop(key, None)
        if value:
            expected[key] = value
    return expected


@examples(100)
@given(data=st.data(), game=st.sampled_from(["holdem", "omaha"]))
def test_range_from_combos(data: st.DataObject, game: str) -> None:
    size = 2 if game == "holdem" else data.draw(st.sampled_from([4, 5, 6]))
    pairs = data.draw(combo_list(size))
    r = Range.from_combos(pairs, game=game, hole_size=size if game == "omaha" else None)  # type: ignore[arg-type]
    expected = _expected_combos(pairs)
    _check_range(r, expected, game)
    assert Range.from_combos(r, game=game, hole_size=r.hole_size) == r  # type: ignore[arg-type]
    dead = data.draw(st.lists(st.integers(0, 51), max_size=5, unique=True))
    _check_range(r.without(dead), {c: w for c, w in expected.items() if not set(c) & set(dead)}, game)


GAME_NAMES = ("holdem", "omaha")


def _is_name(game: Any) -> bool:
    return isinstance(game, str) and game in GAME_NAMES


@examples(180)
@given(
    text=st.one_of(
        junk,
        st.text(),
        st.text(alphabet="AKQJT98765432akqjt10scdhoSO♠♥+-*%/.()0123456789, random", max_size=30),
    ),
    game=st.one_of(st.sampled_from(["holdem", "omaha"]), junk),
    hole_size=st.one_of(st.none(), st.sampled_from([2, 4, 5, 6]), junk),
)
def test_range_junk(text: Any, game: Any, hole_size: Any) -> None:
    result = outcome(Range, text, game=game, hole_size=hole_size)
    if result[0] == "ok":
        r = result[1]
        if r.is_random:
            assert str(r) == "random" and len(r) == math.comb(52, r.hole_size)
        else:
            assert len(r) == len(r.combos) > 0
            assert Range(str(r), game=r.game) == r
            assert eval(repr(r), {"Range": Range}) == r
    elif result[1] is ValueError and isinstance(text, str) and _is_name(game) and hole_size is None:
        message = result[2]
        assert "position" in message or "empty range" in message or "hole_size" in message, message


@examples(180)
@given(
    combos=st.one_of(
        junk,
        st.lists(st.one_of(junk, st.tuples(junk_or_near, junk), st.tuples(near_hand(2), junk_scalars)), max_size=4),
    ),
    game=st.one_of(st.sampled_from(["holdem", "omaha"]), junk),
    hole_size=st.one_of(st.none(), st.sampled_from([4, 5, 6]), junk),
    dead=st.one_of(junk_or_near, st.lists(junk_or_near, max_size=3)),
)
def test_range_from_combos_and_without_junk(combos: Any, game: Any, hole_size: Any, dead: Any) -> None:
    result = outcome(Range.from_combos, combos, game=game, hole_size=hole_size)
    if result[0] == "ok":
        r = result[1]
        assert dict(r.combos) == _expected_combos(list(combos))
    base = Range("QQ+, AKs, 0.5(T9s-65s)")
    less = outcome(base.without, dead)
    if less[0] == "ok":
        try:
            items = [dead] if isinstance(dead, (str, bytes)) or not isinstance(dead, Iterable) else list(dead)
        except TypeError:  # a 0-d numpy array: one card
            items = [dead]
        gone = {c for item in items for c in handrank.parse_cards(item)}
        assert dict(less[1].combos) == {c: w for c, w in base.combos if not set(c) & gone}
    omaha_random = Range("random", game="omaha", hole_size=4)
    outcome(omaha_random.without, dead)


# ---- equity ---------------------------------------------------------------------------------------


@st.composite
def small_deal(draw: st.DrawFn, game: str, board_sizes: Sequence[int]) -> tuple[list[list[int]], list[int], list[int]]:
    hole = 2 if game == "holdem" else draw(st.sampled_from([4, 5]))
    n = draw(st.integers(2, 3))
    b = draw(st.sampled_from(list(board_sizes)))
    n_dead = draw(st.integers(0, 3)) if b < 5 else 0
    cards = draw(st.permutations(range(52)))
    hands = [list(cards[i * hole : (i + 1) * hole]) for i in range(n)]
    board = list(cards[n * hole : n * hole + b])
    dead = list(cards[n * hole + b : n * hole + b + n_dead])
    return hands, board, dead


def _check_exact(result: Any, wins: list[Any], ties: list[Any], total: Any, shares: list[Fraction]) -> None:
    assert result.exact and result.trials == 0 and result.seed is None
    assert list(result.wins) == wins and list(result.ties) == ties and result.total == total
    assert list(result.losses) == [total - w - t for w, t in zip(wins, ties, strict=True)]
    assert list(result.equity_fraction) == shares and sum(result.equity_fraction) == 1
    assert list(result.equity) == [float(s) for s in shares]


@examples(60)
@given(data=st.data(), game=st.sampled_from(["holdem", "omaha"]))
def test_equity_exact_hands(data: st.DataObject, game: str) -> None:
    hands, board, dead = data.draw(small_deal(game, (4, 5)))
    wins, ties, boards, shares = oracle.holdem_equity(hands, board, dead, game)
    forms = [data.draw(as_cards(h)) for h in hands]
    result = ok(
        both(
            "equity", forms, data.draw(as_cards(board)), dead, game=game, threads=data.draw(st.sampled_from([None, 2]))
        )
    )
    _check_exact(result, wins, ties, boards, shares)
    assert result.boards == boards


@examples(3)
@given(data=st.data())
def test_equity_exact_flop(data: st.DataObject) -> None:
    hands, board, dead = data.draw(small_deal("holdem", (3,)))
    hands = hands[:2]
    wins, ties, boards, shares = oracle.holdem_equity(hands, board, dead)
    _check_exact(ok(both("equity", hands, board, dead)), wins, ties, boards, shares)


@st.composite
def small_range(draw: st.DrawFn, avoid: frozenset[int]) -> list[tuple[tuple[int, int], Fraction]]:
    pairs = []
    for _ in range(draw(st.integers(1, 4))):
        x, y = draw(distinct_cards(2, avoid))
        pairs.append(((max(x, y), min(x, y)), draw(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(1, 3)]))))
    return pairs


@examples(40)
@given(data=st.data())
def test_equity_exact_ranges(data: st.DataObject) -> None:
    """Ranges on the river: every collision-free matchup, weighted by the product of its weights."""
    cards = data.draw(st.permutations(range(52)))
    board = list(cards[:5])
    hero = list(cards[5:7])
    villains = [data.draw(small_range(frozenset(board[:3]))) for _ in range(data.draw(st.integers(1, 2)))]
    ranges = [Range.from_combos(v) for v in villains]
    players: list[Any] = [hero, *ranges]
    lists = [[(tuple(hero), Fraction(1))]] + [list(r.combos) for r in ranges]
    n = len(players)
    wins, ties, share, total = [Fraction(0)] * n, [Fraction(0)] * n, [Fraction(0)] * n, Fraction(0)
    from itertools import product

    for choice in product(*lists):
        used = [c for hand, _ in choice for c in hand] + board
        if len(set(used)) != len(used):
            continue
        weight = math.prod((w for _, w in choice), start=Fraction(1))
        ranks = [oracle.rank([*hand, *board]) for hand, _ in choice]
        winners = oracle.showdown_winners(ranks)
        total += weight
        for w in winners:
            if len(winners) == 1:
                wins[w] += weight
            else:
                ties[w] += weight
            share[w] += weight / len(winners)
    result = both("equity", players, board)
    if total == 0:
        assert error(result).startswith(("the ranges leave no possible deal", "player "))
        return

    def norm(x: Fraction) -> Any:
        return x.numerator if x.denominator == 1 else x

    _check_exact(ok(result), [norm(w) for w in wins], [norm(t) for t in ties], norm(total), [s / total for s in share])


@examples(25)
@given(data=st.data(), game=st.sampled_from(["holdem", "omaha"]), trials=st.sampled_from([1, 1024, 2048, 3000]))
def test_equity_monte_carlo(data: st.DataObject, game: str, trials: int) -> None:
    hands, board, dead = data.draw(small_deal(game, (4,) if game == "omaha" else (3, 4)))
    seed = data.draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(-(2**70), 2**70)))
    result = ok(
        both(
            "equity",
            hands,
            board,
            dead,
            game=game,
            trials=trials,
            seed=seed,
            threads=data.draw(st.sampled_from([None, 2])),
        )
    )
    blocks = -(-trials // 1024) * 1024
    assert not result.exact and result.trials == result.total == blocks and result.seed == seed % 2**64
    assert result.equity_fraction is None
    assert math.isclose(sum(result.equity), 1.0)
    _, _, _, shares = oracle.holdem_equity(hands, board, dead, game)
    for e, s, err in zip(result.equity, shares, result.stderr, strict=True):
        p = float(s)
        assert abs(e - p) <= 6 * math.sqrt(p * (1 - p) / blocks) + 2 / blocks, (e, p, err)
    again = ok(both("equity", hands, board, dead, game=game, trials=trials, seed=seed))
    assert again == result


@examples(15)
@given(data=st.data())
def test_equity_by_street_is_equity_on_each_street(data: st.DataObject) -> None:
    """Each street's result is ``equity`` on the board dealt by then; most cards dead keeps preflop small."""
    cards = data.draw(st.permutations(range(52)))
    n = data.draw(st.integers(2, 3))
    hands = [list(cards[2 * i : 2 * i + 2]) for i in range(n)]
    board = list(cards[2 * n : 2 * n + 5])
    dead = list(cards[2 * n + 5 : 2 * n + 5 + data.draw(st.integers(30, 52 - 2 * n - 5 - 5))])
    streets = ok(both("equity_by_street", hands, board, dead))
    for street, k in zip(streets, (0, 3, 4, 5), strict=True):
        assert street == ok(both("equity", hands, board[:k], dead))
        assert street.exact


# No equity message is let through unworded.
EQUITY_KNOWN = None


def _fixed_ok(value: Any) -> bool:
    """True when a junk trials/threads value would be taken as a (possibly huge) count."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        return False
    try:
        return int(value.__index__()) > 4096
    except Exception:
        return False


@examples(100)
@given(
    slot=st.sampled_from(
        [
            "player",
            "players",
            "board",
            "dead",
            "trials",
            "seed",
            "exact",
            "threads",
            "game",
            "progress",
            "target_stderr",
            "time_limit",
        ]
    ),
    bad=st.one_of(junk, near_hand(2), near_hand(4)),
    data=st.data(),
)
def test_equity_junk(slot: str, bad: Any, data: st.DataObject) -> None:
    hands, board, dead = data.draw(small_deal("holdem", (4,)))
    players: Any = [list(h) for h in hands]
    kwargs: dict[str, Any] = {"board": board, "dead": dead, "trials": 1024, "seed": 7}
    if data.draw(st.booleans()):
        kwargs.pop("trials")
        kwargs.pop("seed")  # exact: a turn board enumerates at once
    at = data.draw(st.integers(0, len(hands) - 1))
    if slot == "player":
        players[at] = bad
    elif slot == "players":
        players = bad
    elif slot in ("board", "dead"):
        ids = plain_ids(bad)
        if slot == "board":
            assume(ids is None or len(ids) >= 4)  # shorter boards are valid, and slow to enumerate in Python
        kwargs[slot] = bad
    elif slot == "seed":
        assume(bad is not None or "trials" not in kwargs)  # None draws a fresh seed: no two runs agree
        kwargs["seed"] = bad
    elif slot == "trials":
        assume(not _fixed_ok(bad))
        kwargs["trials"] = bad
        kwargs.setdefault("seed", 7)  # trials taken without a seed draw a fresh one: no two runs agree
    elif slot == "threads":
        assume(not _fixed_ok(bad))
        kwargs["threads"] = bad
    elif slot == "exact":
        try:
            monte_carlo = bool(bad == False)  # noqa: E712 (0, 0.0 and numpy's False are False too)
        except Exception:
            monte_carlo = False
        if monte_carlo:
            kwargs.update(trials=1024, seed=7)  # not the default million trials
        else:
            kwargs.pop("trials", None)
        kwargs["exact"] = bad
    elif slot in ("target_stderr", "time_limit"):
        kwargs.update(trials=1024, seed=7)  # a rule that takes the junk stops at the cap
        kwargs[slot] = bad
    else:
        kwargs[slot] = bad
    result = both("equity", players, known=EQUITY_KNOWN, **kwargs)
    if result[0] == "error":
        message = result[2]
        if slot == "player":
            assert re.match(r"player \d+: ", message) or "players" in message or "hole cards" in message, message
        elif slot in ("board", "dead"):
            assert slot in message or re.match(r"player \d+: ", message) or "deal" in message, message
        elif slot in ("trials", "seed", "exact", "threads", "game", "progress", "target_stderr", "time_limit"):
            assert slot in message, message


# ---- the compat adapters --------------------------------------------------------------------------


@examples(100)
@given(ids=hand_ids)
def test_compat_adapters(ids: list[int]) -> None:
    from handrank.compat import eval7, phevaluator, treys

    expected = oracle.rank(ids)
    assert phevaluator.evaluate_cards(*ids) == expected
    names = [oracle.card_name(c) for c in ids]
    cards = [treys.Card.new(n) for n in names]
    assert treys.Evaluator().evaluate(cards[:2], cards[2:]) == expected
    # eval7: a higher value is a better hand; its order is the oracle's.
    other = oracle.rank(ids[:5])
    value = eval7.evaluate([eval7.Card(n) for n in names])
    value5 = eval7.evaluate([eval7.Card(n) for n in names[:5]])
    assert (value > value5) == (expected < other) and (value == value5) == (expected == other)


@examples(130)
@given(cards=junk_or_near)
def test_compat_adapters_junk(cards: Any) -> None:
    from handrank.compat import eval7, phevaluator, treys

    args = cards if isinstance(cards, (list, tuple)) else [cards]
    outcome(phevaluator.evaluate_cards, *args, known=COMPAT_KNOWN)
    outcome(treys.Evaluator().evaluate, args[:2], args[2:], known=COMPAT_KNOWN)
    outcome(eval7.evaluate, args, known=COMPAT_KNOWN)
    outcome(eval7.handtype, cards, known=COMPAT_KNOWN)


# No compat message is let through unworded.
COMPAT_KNOWN = None


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.eval7.handtype(None),
        lambda m: m.eval7.handtype("x"),
        lambda m: m.phevaluator.evaluate_cards(np.array([1, 2]), 3, 4, 5, 6),
    ],
    ids=["eval7.handtype(None)", "eval7.handtype('x')", "phevaluator.evaluate_cards(array)"],
)
def test_compat_worded_errors(call: Callable[[Any], Any]) -> None:
    import handrank.compat as compat
    from handrank.compat import eval7, phevaluator  # noqa: F401 (loads the submodules)

    outcome(call, compat)


def test_backends_present() -> None:
    """The comparisons above need both backends; say so where the extension is not built."""
    on("c")
    assert [api.name for api in BACKENDS] == ["c", "python"]


# ---- the fuzzer's seed corpus ---------------------------------------------------------------------

CORPUS = sorted((Path(__file__).resolve().parent / "fuzz" / "corpus").glob("*"))


@functools.cache
def _fuzz_api() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("fuzz_api", Path(__file__).resolve().parent / "fuzz" / "fuzz_api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_fuzz_corpus(path: Path) -> None:
    """Each seed of tests/fuzz/corpus decodes into a call that keeps the contract (see tests/fuzz/fuzz_api.py)."""
    _fuzz_api().TestOneInput(path.read_bytes())
