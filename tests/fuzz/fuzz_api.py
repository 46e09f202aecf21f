"""A coverage-guided fuzzer over handrank's public Python API.

Each input is decoded (by ``Decoder``, the same in every mode) into one call:
which public function, and its arguments: card ids in and out of range, huge
and negative ints, floats, None, bools, junk text, bytes, nested lists, numpy
arrays of any dtype, shape, stride and byte order, Ranges.  The call runs on
both backends and must:

* return, or raise ValueError / TypeError whose message is worded for the
  caller (no bare Python error text such as "object is not iterable");
* give the same result, or the same error type and message, on the compiled
  and the pure-Python backend;
* where the result is a rank, agree with the brute-force oracle in
  ``tests/oracle.py``.

Anything else (another exception, a crash, a hang) is a finding.

Run, from the repository root, with atheris (``pip install atheris``)::

    python tests/fuzz/fuzz_api.py -max_total_time=60 tests/fuzz/corpus     # one minute
    python tests/fuzz/fuzz_api.py -max_total_time=3600 -timeout=20 -rss_limit_mb=4096 tests/fuzz/corpus  # an hour

New inputs that reach new code go into the first corpus folder; when that is
the checked-in ``tests/fuzz/corpus``, they go to ``$TMPDIR/handrank-fuzz-corpus``
instead, so the seeds stay a handful.  A finding is written as
``$TMPDIR/handrank-fuzz-crash-*`` (or ``-timeout-*``, for a call that runs past
``-timeout`` seconds, 30 unless given); replay one with ``python tests/fuzz/fuzz_api.py FILE``.

Without atheris the same decode runs as a plain loop over random bytes and
mutated corpus files (no coverage guidance)::

    python tests/fuzz/fuzz_api.py --seconds 60 [--seed N] [tests/fuzz/corpus]

``--replay FILE...`` runs given inputs once.  The seed corpus is also replayed
by ``tests/test_properties.py``.
"""

from __future__ import annotations

import math
import os
import re
import struct
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
ROOT = TESTS.parent
for path in (str(TESTS), str(ROOT / "src")):
    if path not in sys.path:
        sys.path.insert(0, path)

try:
    import atheris
except ImportError:  # the plain loop below needs nothing
    atheris = None

if atheris is not None and __name__ == "__main__":
    with atheris.instrument_imports(include=["handrank"]):
        import handrank
        import handrank._batch
        import handrank._cards
        import handrank._equity
        import handrank._hand
        import handrank._ranges
        import handrank._showdown
else:
    import handrank

import numpy as np  # noqa: E402
import oracle  # noqa: E402

from handrank import Range, _backend  # noqa: E402

BACKENDS = ["c", "python"]
try:
    _backend.load("c")
except ImportError:
    BACKENDS = ["python"]

RAW = re.compile(
    r"object is not (iterable|subscriptable|callable)|unpack|index out of range|has no attribute|unhashable"
    r"|takes \d+ positional|unexpected keyword|division by zero|int too large"
    r"|cannot be interpreted as an integer|Exceeds the limit|nvalid literal|iteration over a 0-d array"
    r"|only integer scalar arrays|The truth value of|object of type .* has no len|argument must be"
    r"|could not convert|unsupported operand|not supported between"
)
# Defects already reported, in files outside this harness's reach (see the module docstring).


class Finding(AssertionError):
    """A broken contract."""


# ---- decoding bytes into values ------------------------------------------------------------------


class Decoder:
    """Reads the fuzz bytes front to back; past the end every read gives zeros."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        b = self.data[self.pos]
        self.pos += 1
        return b

    def left(self) -> int:
        return len(self.data) - self.pos

    def int_in(self, lo: int, hi: int) -> int:
        """lo..hi inclusive, from as few bytes as the span needs."""
        span = hi - lo + 1
        value = 0
        size = 0
        while (1 << (8 * size)) < span:
            value = value << 8 | self.byte()
            size += 1
        return lo + value % span

    def choice(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.int_in(0, len(items) - 1)]

    def raw(self, n: int) -> bytes:
        return bytes(self.byte() for _ in range(n))

    def text(self, alphabet: str | None = None, most: int = 24) -> str:
        n = self.int_in(0, most)
        if alphabet is not None:
            return "".join(alphabet[self.byte() % len(alphabet)] for _ in range(n))
        out = []
        for _ in range(n):
            code = self.int_in(0, 0x10FFFF)
            out.append(chr(code) if not 0xD800 <= code < 0xE000 else "?")
        return "".join(out)

    def cards(self, n: int, avoid: set[int] | None = None) -> list[int]:
        """n distinct card ids (a permutation walk over the deck)."""
        deck = [c for c in range(52) if not avoid or c not in avoid]
        out = []
        for _ in range(min(n, len(deck))):
            out.append(deck.pop(self.int_in(0, len(deck) - 1)))
        return out


CARD_ALPHABET = "AKQJT98765432akqjt10cdhsCDHS♠♥♦♣♤♡♢♧ ,;\t"
RANGE_ALPHABET = "AKQJT98765432akqjt10scdhoSO♠♥+-*%/.()0123456789, random"
INT_DTYPES = [np.dtype(f"{o}{k}{s}") for k in "iu" for s in (1, 2, 4, 8) for o in "<>"]
ODD_DTYPES = [np.dtype(t) for t in ("f2", ">f8", "c8", "?", "S2", "U2", "M8[s]", "m8[ns]", "O", "V2")]
HUGE = [52, 64, 255, 256, -1, 2**31, 2**32, 2**52, 2**63 - 1, 2**63, 2**64, 2**64 + 5, 2**70, -(2**70), 10**30]


def card_text(d: Decoder, ids: list[int]) -> str:
    names = []
    for c in ids:
        r, s = divmod(c, 4)
        rank = ("10" if d.byte() & 1 else "T") if r == 8 else oracle.RANKS[r]
        suit = oracle.SUITS[s] if d.byte() & 1 else "♣♦♥♠"[s]
        names.append(rank + suit)
    return d.choice([" ", "", ",", ", "]).join(names)


def array(d: Decoder, depth: int) -> np.ndarray:
    dtype = d.choice(INT_DTYPES) if d.byte() % 4 else d.choice(ODD_DTYPES)
    ndim = d.int_in(0, 3)
    shape = tuple(d.int_in(0, 8) for _ in range(ndim))
    size = int(np.prod(shape)) if shape else 1
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = [d.int_in(0, 60) if d.byte() % 4 else d.int_in(int(info.min), int(info.max)) for _ in range(size)]
        arr = np.array(values, dtype=dtype).reshape(shape)
    elif dtype.kind == "O":
        arr = np.empty(size, dtype=object)
        for i in range(size):
            arr[i] = value(d, depth + 1)
        arr = arr.reshape(shape)
    elif dtype.kind == "U":  # raw bytes would make code points past U+10FFFF, which numpy cannot even print
        arr = np.array([d.text(CARD_ALPHABET, 2) for _ in range(size)], dtype=dtype).reshape(shape)
    else:
        arr = np.frombuffer(d.raw(size * dtype.itemsize).ljust(size * dtype.itemsize, b"\0"), dtype=dtype)
        arr = arr.reshape(shape).copy()
    how = d.int_in(0, 5)
    if arr.ndim and how == 1:
        arr = arr[::-1]
    elif arr.ndim and how == 2:
        arr = arr[::2]
    elif arr.ndim > 1 and how == 3:
        arr = arr.T
    elif how == 4:
        arr.flags.writeable = False
    return arr


def value(d: Decoder, depth: int = 0) -> Any:
    """Any value: valid cards in every form, near misses, and junk."""
    tag = d.int_in(0, 23 if depth < 3 else 13)
    if tag == 0:
        return d.int_in(0, 51)
    if tag == 1:
        return d.int_in(-60, 60)
    if tag == 2:
        return d.choice(HUGE)
    if tag == 3:
        return struct.unpack("<d", d.raw(8))[0]
    if tag == 4:
        return None
    if tag == 5:
        return bool(d.byte() & 1)
    if tag == 6:
        return d.text(CARD_ALPHABET)
    if tag == 7:
        return d.text()
    if tag == 8:
        return d.raw(d.int_in(0, 6))
    if tag == 9:
        return d.choice([np.int64, np.uint8, np.int8, np.uint64, np.float64, np.bool_])(d.int_in(0, 60))
    if tag == 10:
        return card_text(d, d.cards(d.int_in(0, 8)))
    if tag == 11:
        return d.cards(d.int_in(0, 8))
    if tag == 12:
        return tuple(d.cards(d.int_in(0, 8)))
    if tag == 13:
        return Fraction(d.int_in(-3, 10), d.int_in(1, 10))
    if tag in (14, 15):
        return [value(d, depth + 1) for _ in range(d.int_in(0, 8))]
    if tag == 16:
        return tuple(value(d, depth + 1) for _ in range(d.int_in(0, 4)))
    if tag in (17, 18):
        return array(d, depth)
    if tag == 19:
        ids = d.cards(d.int_in(4, 8))
        ids[d.int_in(0, len(ids) - 1)] = value(d, depth + 1)  # one card wrong
        return ids
    if tag == 20:
        ids = d.cards(d.int_in(2, 7))
        ids.append(ids[d.int_in(0, len(ids) - 1)])  # a card twice
        return ids
    if tag == 21:
        return {d.int_in(-2, 60): value(d, depth + 1) for _ in range(d.int_in(0, 3))}
    if tag == 22:
        return np.array(d.cards(d.int_in(0, 8)), dtype=d.choice(INT_DTYPES))
    return d.choice([Ellipsis, object(), bytearray(b"As"), frozenset({1, 2, 3}), range(5)])


def maybe(d: Decoder, valid: Callable[[], Any]) -> Any:
    """Mostly a valid argument, sometimes anything."""
    return valid() if d.byte() % 4 else value(d)


# ---- calls ---------------------------------------------------------------------------------------


def _hand(d: Decoder) -> Any:
    ids = d.cards(d.int_in(5, 7))
    form = d.int_in(0, 3)
    if form == 0:
        return ids
    if form == 1:
        return card_text(d, ids)
    if form == 2:
        return np.array(ids, dtype=d.choice(INT_DTYPES))
    return tuple(ids)


def _rows(d: Decoder, k_choices: tuple[int, ...], dtype: np.dtype | None = None, n: int | None = None) -> Any:
    k = d.choice(k_choices)
    n = d.int_in(0, 12) if n is None else n
    rows = [d.cards(k) for _ in range(n)]
    for _ in range(d.int_in(0, 2) if d.byte() % 2 else 0):
        if rows:
            rows[d.int_in(0, n - 1)][d.int_in(0, k - 1)] = d.choice([52, 60, 255, -1, 0, 51])
    dt = dtype or (d.choice(INT_DTYPES) if d.byte() % 3 else np.dtype(np.uint8))
    try:
        arr = np.array(rows, dtype=dt).reshape(n, k)
    except (OverflowError, ValueError):
        return rows
    how = d.int_in(0, 4)
    if how == 1:
        return np.asfortranarray(arr)
    if how == 2:
        big = np.zeros((2 * n, k), dtype=dt)
        big[::2] = arr
        return big[::2]
    if how == 3:
        return arr.tolist()
    return arr


def _out(d: Decoder, n: int) -> Any:
    how = d.int_in(0, 7)
    if how < 4:
        return None
    if how == 4:
        return np.zeros(n, np.uint16)
    if how == 5:
        return np.zeros(2 * n, np.uint16)[::2]
    if how == 6:
        return np.zeros(n, np.uint16)[::-1]
    return value(d)


def _threads(d: Decoder) -> Any:
    return d.choice([None, None, 0, 1, 2, 3]) if d.byte() % 4 else value(d)


def _range(d: Decoder) -> Any:
    how = d.int_in(0, 4)
    if how == 0:
        return Range(d.choice(["AA", "KK+, AKs", "0.5(QQ), AhKh", "T9s-65s", "A2s+", "22-55", "random"]))
    if how == 1:
        pairs = []
        for _ in range(d.int_in(1, 4)):
            pairs.append((d.cards(2), d.choice([1, Fraction(1, 2), 0.25, 1e-9])))
        return Range.from_combos(pairs)
    if how == 2:
        return Range.from_combos([(d.cards(4), 1) for _ in range(d.int_in(1, 3))], game="omaha")
    if how == 3:
        return Range("random", game="omaha", hole_size=d.choice([4, 5, 6]))
    return value(d)


def build(d: Decoder) -> tuple[str, list[Any], dict[str, Any]]:
    """The function to call and its arguments."""
    name = d.choice(TARGETS)
    if name == "evaluate":
        return name, [maybe(d, lambda: _hand(d))], {}
    if name == "evaluate_mask":
        mask = sum(1 << c for c in d.cards(d.int_in(3, 8)))
        return name, [maybe(d, lambda: d.choice([mask, np.uint64(mask), mask | 1 << d.int_in(52, 70), -mask]))], {}
    if name in ("evaluate_omaha", "best_five_omaha"):
        hole = d.cards(d.int_in(3, 7))
        board = d.cards(d.int_in(2, 6), set(hole) if d.byte() % 4 else None)
        return name, [maybe(d, lambda: hole), maybe(d, lambda: board)], {}
    if name == "evaluate_batch":
        hands = maybe(d, lambda: _rows(d, (5, 6, 7) if d.byte() % 8 else (4, 8)))
        return name, [hands], {"threads": _threads(d), "out": _out(d, len(hands) if hasattr(hands, "__len__") else 0)}
    if name == "evaluate_masks":
        n = d.int_in(0, 10)
        masks = [sum(1 << c for c in d.cards(d.int_in(4, 8))) if d.byte() % 4 else d.choice(HUGE) for _ in range(n)]
        arg = maybe(d, lambda: d.choice([masks, np.array(masks, dtype=np.uint64), np.array(masks, dtype=">u8")]))
        return name, [arg], {"threads": _threads(d), "out": _out(d, n)}
    if name == "evaluate_omaha_batch":
        n = d.int_in(0, 8)
        holes = maybe(d, lambda: _rows(d, (4, 5, 6) if d.byte() % 8 else (3, 7), n=n))
        if d.byte() % 2:
            boards = maybe(d, lambda: d.cards(d.choice([3, 4, 5, 2, 6])))
        else:
            boards = maybe(d, lambda: _rows(d, (3, 4, 5), n=n if d.byte() % 8 else n + 1))
        return name, [holes, boards], {"threads": _threads(d), "out": _out(d, n)}
    if name == "best_five":
        return name, [maybe(d, lambda: _hand(d))], {}
    if name in ("example_hand", "category"):
        return name, [maybe(d, lambda: d.int_in(-2, 7465))], {}
    if name == "describe":
        return name, [maybe(d, lambda: d.int_in(1, 7462))], {"lang": maybe(d, lambda: d.choice(["en", "es", "ru"]))}
    if name in ("parse_cards", "cards_str"):
        return name, [maybe(d, lambda: d.choice([card_text(d, d.cards(d.int_in(0, 9))), d.text(CARD_ALPHABET)]))], {}
    if name == "card_str":
        return name, [maybe(d, lambda: d.int_in(-2, 53))], {}
    if name == "showdown":
        game = d.choice(["holdem", "omaha", "stud", "draw"])
        size = {"holdem": 2, "omaha": d.choice([4, 5, 6]), "stud": 7, "draw": 5}[game]
        b = d.choice([3, 4, 5]) if game in ("holdem", "omaha") else 0
        board = d.cards(b)
        used = set(board)
        hands: list[Any] = []
        for _ in range(d.int_in(1, 6)):
            hand = d.cards(size, used)
            used.update(hand)
            hands.append(maybe(d, lambda hand=hand: hand))
        return name, [maybe(d, lambda: hands), maybe(d, lambda: board)], {"game": maybe(d, lambda: game)}
    if name == "split_pot":
        seats = sorted(set(d.int_in(0, 12) for _ in range(d.int_in(0, 6))))
        kwargs = {"odd_chips": maybe(d, lambda: d.choice(["first", "last"]))}
        return name, [maybe(d, lambda: d.choice([d.int_in(0, 1000), 2**70])), maybe(d, lambda: seats)], kwargs
    if name == "Range":
        text = d.text(RANGE_ALPHABET, 30) if d.byte() % 4 else value(d)
        game = maybe(d, lambda: d.choice(["holdem", "omaha"]))
        return name, [text], {"game": game, "hole_size": maybe(d, lambda: d.choice([None, None, 4, 5, 6, 2]))}
    if name == "Range.from_combos":
        pairs = [
            (maybe(d, lambda: d.cards(2)), maybe(d, lambda: d.choice([1, 0, 0.5, Fraction(1, 3)])))
            for _ in range(d.int_in(0, 4))
        ]
        return (
            name,
            [maybe(d, lambda: pairs)],
            {"game": maybe(d, lambda: "holdem"), "hole_size": maybe(d, lambda: None)},
        )
    if name == "Range.without":
        r = _range(d)
        return name, [r if isinstance(r, Range) else Range("AA"), maybe(d, lambda: d.cards(d.int_in(0, 6)))], {}
    if name == "HandIndexer":
        kwargs = {"recall": maybe(d, lambda: d.choice([False, True]))}
        if d.byte() % 4 == 0:
            kwargs["rounds"] = maybe(d, lambda: [d.int_in(0, 6) for _ in range(d.int_in(0, 9))])
        return name, [maybe(d, lambda: d.choice(list(INDEXERS)))], kwargs
    if name in ("HandIndexer.index", "HandIndexer.canonical"):
        game = d.choice(list(INDEXERS))
        k_choices = INDEXERS[game].rounds
        counts = tuple(sum(k_choices[: r + 1]) for r in range(len(k_choices)))
        if d.byte() % 2:
            cards = maybe(d, lambda: _rows(d, counts if d.byte() % 8 else (1, 3, 8)))
        else:
            cards = maybe(d, lambda: d.cards(d.choice(counts) if d.byte() % 8 else d.int_in(1, 8)))
        street = maybe(d, lambda: d.choice([None, None, 0, 1, len(counts) - 1, "flop", "river", "third"]))
        return name, [INDEXERS[game], cards, street], {"threads": _threads(d)}
    if name == "HandIndexer.unindex":
        indexer = INDEXERS[d.choice(list(INDEXERS))]
        street = d.int_in(0, len(indexer.rounds) - 1)
        size = indexer.size(street)
        picks = [d.choice([0, size - 1, size, -1, 1 << 64, d.int_in(0, 1 << 20) % size]) for _ in range(d.int_in(0, 6))]
        indices = maybe(d, lambda: d.choice([picks[0] if picks else 0, picks, np.array(picks, dtype=object)]))
        return name, [indexer, indices, maybe(d, lambda: street)], {"threads": _threads(d)}
    # equity: kept small enough for the pure-Python backend
    game = d.choice(["holdem", "holdem", "omaha"])
    size = 2 if game == "holdem" else 4
    board = d.cards(d.choice([3, 4, 4, 5]) if game == "holdem" else d.choice([4, 5]))
    used = set(board)
    players: list[Any] = []
    for _ in range(d.int_in(2, 4)):
        if d.byte() % 4 == 0:
            players.append(_range(d))
            continue
        hand = d.cards(size, used)
        used.update(hand)
        players.append(maybe(d, lambda hand=hand: hand))
    kwargs: dict[str, Any] = {"game": maybe(d, lambda: game), "dead": maybe(d, lambda: d.cards(d.int_in(0, 3), used))}
    if d.byte() % 2:
        kwargs["trials"] = maybe(d, lambda: d.choice([1, 1024, 2048]))
        kwargs["seed"] = maybe(d, lambda: d.int_in(0, 2**64 - 1))
        if d.byte() % 4 == 0:  # stopping rules, capped by the trials
            rule = d.choice(["target_stderr", "time_limit"])
            kwargs[rule] = maybe(d, lambda: d.choice([0.01, 1e-9, 0.0, -1.0, 0.05]))
    if d.byte() % 4 == 0:
        kwargs["exact"] = maybe(d, lambda: d.choice([True, False, None]))
    if d.byte() % 4 == 0:
        kwargs["threads"] = _threads(d)
    return name, [maybe(d, lambda: players), maybe(d, lambda: board)], kwargs


TARGETS = [
    "evaluate",
    "evaluate_mask",
    "evaluate_omaha",
    "evaluate_batch",
    "evaluate_masks",
    "evaluate_omaha_batch",
    "best_five",
    "best_five_omaha",
    "example_hand",
    "category",
    "describe",
    "parse_cards",
    "card_str",
    "cards_str",
    "showdown",
    "split_pot",
    "Range",
    "Range.from_combos",
    "Range.without",
    "equity",
    "HandIndexer",
    "HandIndexer.index",
    "HandIndexer.unindex",
    "HandIndexer.canonical",
]
INDEXERS = {
    game: handrank.HandIndexer(game, recall=game != "holdem") for game in ("holdem", "shortdeck", "omaha", "stud")
}


# ---- running a call and checking the contract ----------------------------------------------------


def _function(name: str) -> Callable[..., Any]:
    if name == "Range":
        return Range
    if name == "Range.from_combos":
        return Range.from_combos
    if name == "Range.without":
        return lambda r, dead: r.without(dead)
    if name in ("evaluate", "evaluate_mask", "evaluate_omaha"):
        return lambda *a, **k: getattr(_backend.kernels, name)(*a, **k)
    if name == "HandIndexer":
        return handrank.HandIndexer
    if name.startswith("HandIndexer."):
        method = name.partition(".")[2]
        return lambda indexer, *a, **k: getattr(indexer, method)(*a, **k)
    return getattr(handrank, name)  # type: ignore[no-any-return]


def _cheap_for_python(name: str, args: list[Any], kwargs: dict[str, Any]) -> bool:
    """Whether the pure-Python backend can run this call in a moment.

    Monte Carlo with the default million trials cannot, nor can enumerating
    many boards (a short board) or big ranges.
    """
    if name != "equity":
        return True
    trials = kwargs.get("trials")
    small_trials = isinstance(trials, int) and not isinstance(trials, bool) and 0 < trials <= 4096
    try:
        forced = bool(kwargs.get("exact", None) == True)  # noqa: E712 (reported: exact=1 enumerates, trials or not)
    except Exception:
        forced = False
    if forced:
        return _enumerates_little(args, kwargs)
    if "trials" in kwargs and not small_trials:
        return trials is None and _enumerates_little(args, kwargs)
    if small_trials:
        return True
    try:
        monte_carlo = bool(kwargs.get("exact", None) == False)  # noqa: E712 (0 and 0.0 are False too)
    except Exception:
        monte_carlo = False
    return not monte_carlo and _enumerates_little(args, kwargs)


def _enumerates_little(args: list[Any], kwargs: dict[str, Any]) -> bool:
    board = _ids(args[1]) if len(args) > 1 else []
    players = args[0] if args else None
    if board is None or not isinstance(players, (list, tuple)):
        return True  # refused before any work
    game = kwargs.get("game")
    if len(board) < (4 if isinstance(game, str) and game == "omaha" else 3):
        return False
    if any(isinstance(p, Range) and p.is_random for p in players):
        return False
    matchups = math.prod(len(p) for p in players if isinstance(p, Range))
    return len(board) > 5 or matchups * math.comb(52 - len(board), 5 - len(board)) <= 50_000


def run(name: str, args: list[Any], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    fn = _function(name)
    try:
        result = fn(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        if not message or RAW.search(message):
            raise Finding(f"{name}: an unworded {type(exc).__name__}: {message!r}") from exc
        return ("error", type(exc).__name__, message)
    except Exception as exc:
        raise Finding(f"{name}: {type(exc).__name__} escaped: {exc!r}") from exc
    if isinstance(result, np.ndarray):
        return ("ok", result.dtype.str, result.shape, result.tolist())
    if isinstance(result, (Range, handrank.HandIndexer)):
        return ("ok", repr(result))
    return ("ok", result)


def _ids(cards: Any) -> list[int] | None:
    try:
        return handrank.parse_cards(cards)
    except (ValueError, TypeError):
        return None


def check_result(name: str, args: list[Any], kwargs: dict[str, Any], got: tuple[Any, ...]) -> None:
    """Where the oracle is cheap, the answer must be the oracle's."""
    if got[0] != "ok":
        return
    value = got[1]
    if name == "evaluate":
        ids = _ids(args[0])
        if ids is None or value != oracle.rank(ids):
            raise Finding(f"evaluate({args[0]!r}) = {value}, the oracle says {ids and oracle.rank(ids)}")
    elif name == "evaluate_omaha":
        hole, board = _ids(args[0]), _ids(args[1])
        if hole is None or board is None or value != oracle.omaha_rank(hole, board):
            raise Finding(f"evaluate_omaha{tuple(args)!r} = {value}")
    elif name == "evaluate_batch":
        rows = np.asarray(args[0]).reshape(-1, np.asarray(args[0]).shape[-1] if np.asarray(args[0]).ndim == 2 else 5)
        if got[3] != [oracle.rank(r) for r in rows.tolist()]:
            raise Finding(f"evaluate_batch({args[0]!r}) = {got[3]}")
    elif name == "Range":
        r = Range(*args, **kwargs)
        if not r.is_random and Range(str(r), game=r.game) != r:  # type: ignore[arg-type]
            raise Finding(f"Range({args[0]!r}) does not round-trip through {str(r)!r}")
    elif name == "showdown":
        ranks = [p.rank for p in value.players]
        for p in value.players:
            five = tuple(sorted(p.best_five))
            if oracle.rank5(five) != p.rank:
                raise Finding(f"showdown: best five {p.best_five} is not rank {p.rank}")
        best = min(ranks)
        if value.winners != tuple(i for i, r in enumerate(ranks) if r == best) or sum(value.shares) != 1:
            raise Finding(f"showdown: winners {value.winners} for ranks {ranks}")


def _known_slow(name: str, args: list[Any], kwargs: dict[str, Any]) -> bool:
    """Calls that take long by right (billions of trials asked for), or by a reported defect.

    Reported: exact equity lists every matchup of the ranges in Python, up to millions (minutes).
    """
    if name != "equity":
        return False
    trials = kwargs.get("trials")
    if isinstance(trials, (int, np.integer)) and not isinstance(trials, bool) and trials > 1 << 22:
        return True  # as asked: it runs until done or Ctrl-C
    rule = kwargs.get("target_stderr", kwargs.get("time_limit"))
    if rule is not None and not (isinstance(trials, int) and not isinstance(trials, bool) and trials <= 4096):
        return True  # as asked: a tight target without a cap runs until it is met
    if "trials" in kwargs or not args or not isinstance(args[0], (list, tuple)):
        return False
    sizes = [len(p) for p in args[0] if isinstance(p, Range) and not p.is_random]
    return math.prod(sizes) > 20_000


def call(name: str, args: list[Any], kwargs: dict[str, Any]) -> None:
    """Run on every backend (the pure-Python one where cheap); they must agree, and the oracle with them."""
    if _known_slow(name, args, kwargs):
        return
    outcomes = []
    for backend in BACKENDS:
        if backend == "python" and len(BACKENDS) > 1 and not _cheap_for_python(name, args, kwargs):
            continue
        before = _backend.use(backend)
        try:
            outcomes.append((backend, run(name, args, kwargs)))
        finally:
            _backend.use(_backend.name(before))
    first = outcomes[0][1]
    for backend, other in outcomes[1:]:
        timed = name == "equity" and kwargs.get("time_limit") is not None  # how far it gets depends on speed
        if timed and first[0] == other[0] == "ok":
            continue
        if other != first and not (name == "equity" and kwargs.get("seed") is None and _differs_by_seed(first, other)):
            raise Finding(f"{name}: {outcomes[0][0]} gave {first!r}, {backend} gave {other!r}")
    check_result(name, args, kwargs, first)


def _differs_by_seed(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Monte Carlo without a seed draws a fresh one: such results are not comparable."""
    return a[0] == b[0] == "ok" and not a[1].exact and not b[1].exact


def TestOneInput(data: bytes) -> None:  # atheris' name
    d = Decoder(data)
    try:
        name, args, kwargs = build(d)
    except (ValueError, TypeError, OverflowError):
        return  # the bytes made no call (a Range the decoder asked for was refused)
    call(name, args, kwargs)


# ---- drivers -------------------------------------------------------------------------------------


def _corpus(paths: list[str]) -> list[bytes]:
    out = []
    for p in paths:
        path = Path(p)
        files = sorted(path.iterdir()) if path.is_dir() else [path]
        out.extend(f.read_bytes() for f in files if f.is_file())
    return out


def plain_loop(seconds: float, seed: int, paths: list[str]) -> int:
    """Random bytes and mutated corpus inputs for ``seconds``; the number of inputs run."""
    import random
    import time

    rng = random.Random(seed)
    seeds = _corpus(paths)
    for data in seeds:
        TestOneInput(data)
    runs = len(seeds)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if seeds and rng.random() < 0.5:
            data = bytearray(rng.choice(seeds))
            for _ in range(rng.randint(1, 8)):
                if data and rng.random() < 0.7:
                    data[rng.randrange(len(data))] = rng.randrange(256)
                else:
                    data.insert(rng.randint(0, len(data)), rng.randrange(256))
            data = bytes(data)
        else:
            data = rng.randbytes(rng.randint(0, 300))
        try:
            TestOneInput(data)
        except Finding:
            name = f"/tmp/handrank-fuzz-finding-{seed}-{runs}"
            Path(name).write_bytes(data)
            print(f"finding written to {name}", file=sys.stderr)
            raise
        runs += 1
    print(f"plain loop: {runs} inputs in {seconds:.0f} s, seed {seed}", file=sys.stderr)
    return runs


def main(argv: list[str]) -> None:
    if argv[1:2] == ["--replay"]:
        for data in _corpus(argv[2:]):
            TestOneInput(data)
        print(f"replayed {len(_corpus(argv[2:]))} inputs", file=sys.stderr)
        return
    if atheris is None or "--seconds" in argv:
        seconds, seed, paths = 60.0, int.from_bytes(os.urandom(4), "little"), []
        args = iter(argv[1:])
        for arg in args:
            if arg == "--seconds":
                seconds = float(next(args))
            elif arg == "--seed":
                seed = int(next(args))
            else:
                paths.append(arg)
        plain_loop(seconds, seed, paths)
        return
    atheris.Setup(_libfuzzer_args(argv), TestOneInput)
    atheris.Fuzz()


def _libfuzzer_args(argv: list[str]) -> list[str]:
    """Keep the checked-in seeds and the repository clean.

    libFuzzer writes new inputs into the first corpus folder and findings into
    the current one: when the first folder is ``tests/fuzz/corpus``, a scratch
    folder goes before it, and findings go to the temporary folder unless
    ``-artifact_prefix`` says otherwise.
    """
    import tempfile

    scratch = Path(tempfile.gettempdir())
    args = list(argv)
    folders = [i for i, a in enumerate(args[1:], 1) if not a.startswith("-") and Path(a).is_dir()]
    if folders and Path(args[folders[0]]).resolve() == HERE / "corpus":
        extra = scratch / "handrank-fuzz-corpus"
        extra.mkdir(exist_ok=True)
        args.insert(folders[0], str(extra))
        print(f"new inputs go to {extra}", file=sys.stderr)
    if not any(a.startswith("-timeout=") for a in args):
        args.insert(1, "-timeout=30")  # a call running longer is a hang, not a slow input
    if not any(a.startswith("-artifact_prefix=") for a in args):
        args.insert(1, f"-artifact_prefix={scratch}/handrank-fuzz-")
    return args


if __name__ == "__main__":
    main(sys.argv)
