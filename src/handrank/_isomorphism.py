"""Hand isomorphism: ``HandIndexer``, the index of a hand's class under relabellings of the suits.

AsKs, KdAd and AhKh are one class before the flop: a solver, a bucketing
or an equity table needs only one of them.  An indexer numbers the classes
of each street densely, ``0 .. size(street) - 1``, maps a hand (or an
``(N, k)`` batch, in C with the GIL released) to its class's index, and an
index back to the class's canonical hand.  The numbering is stated in
``_iso_tables``; the active backend's kernels run it.
"""

from __future__ import annotations

from handrank import _backend
from handrank._batch import as_out, check_rows, integer_rows, narrow
from handrank._cards import CARD_NAMES, SHORT_DECK_RULE, as_index, parse_cards, row_error
from handrank._games import GAMES, or_list
from handrank._iso_tables import CODE_BITS, MAX_ROUNDS, IsoStreet
from handrank._threads import n_threads, split_rows

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import numpy as np
    import numpy.typing as npt

    from handrank._cards import Cards

MIN_ROWS_PER_THREAD = 1 << 15
"""Rows a thread gets at least: fewer are not worth the hand-off."""
CHUNK_ROWS = 1 << 18
"""Rows a kernel call takes: a few milliseconds, so Ctrl-C stops a huge batch at once."""

GAME_ROUNDS = {
    "holdem": (2, 3, 1, 1),
    "shortdeck": (2, 3, 1, 1),
    "omaha": (4, 3, 1, 1),
    "omaha8": (4, 3, 1, 1),
    "stud": (3, 1, 1, 1, 1),
    "stud8": (3, 1, 1, 1, 1),
    "razz": (3, 1, 1, 1, 1),
    "draw": (5,),
    "deuce7": (5,),
}
"""The rounds a game deals a player's hand in: a player's own cards first, then the board or the upcards."""
BOARD_STREETS = ("preflop", "flop", "turn", "river")
STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")


def _rounds_of(rounds: object) -> tuple[int, ...]:
    wrong = TypeError(f"rounds must be a sequence of card counts, not {type(rounds).__name__}")
    if isinstance(rounds, (str, bytes)) or not hasattr(rounds, "__iter__"):
        raise wrong
    try:
        items = list(rounds)
    except TypeError:  # a 0-d numpy array claims to be iterable
        raise wrong from None
    counts = []
    for r, count in enumerate(items):
        number = as_index(count)
        if number is None:
            raise TypeError(f"rounds[{r}] must be an integer, not {type(count).__name__}")
        counts.append(number)
        if number < 1:
            raise ValueError(f"rounds[{r}] must deal at least one card, got {counts[-1]}")
    if not 1 <= len(counts) <= MAX_ROUNDS:
        raise ValueError(f"rounds must hold 1 to {MAX_ROUNDS} rounds, got {len(counts)}")
    return tuple(counts)


class HandIndexer:
    """The classes of poker hands under relabellings of the suits, numbered densely on every street.

    ``game`` gives the deck and the rounds (Hold'em: 2 hole cards, then 3, 1
    and 1 board cards); ``rounds`` gives any other rounds, up to eight, on
    that deck.  With ``recall=False`` a hand is its first round's cards and,
    as one set, the rest (Hold'em: the hole cards and the board); with
    ``recall=True`` the rounds stay apart (which cards came on the flop).

    >>> from handrank import cards_str
    >>> indexer = HandIndexer()
    >>> [indexer.size(street) for street in indexer.streets]
    [169, 1286792, 13960050, 123156254]
    >>> indexer.index("As Ks") == indexer.index("Kd Ad")
    True
    >>> cards_str(indexer.canonical("Ah Kh Qh Jd 2c"))  # the class's own hand: hearts became clubs
    'Kc Ac 2h Jd Qc'
    """

    __slots__ = ("_streets", "game", "recall", "rounds", "streets")

    game: str
    """The game that gives the deck (and the rounds, unless ``rounds`` was given)."""
    rounds: tuple[int, ...]
    """Cards dealt in each round."""
    recall: bool
    """Whether the rounds after the first stay apart (True) or make one set (False)."""
    streets: tuple[str, ...] | tuple[int, ...]
    """The streets by name ("preflop" ... "river"; Stud "third" ... "seventh"), else 0, 1, ..."""

    def __init__(self, game: str = "holdem", *, rounds: Sequence[int] | None = None, recall: bool = False) -> None:
        if not isinstance(game, str):
            raise TypeError(f"game must be a game's name, not {type(game).__name__}")
        if game not in GAME_ROUNDS:
            raise ValueError(f"game must be one of {', '.join(map(repr, GAME_ROUNDS))}, got {game!r}")
        if not isinstance(recall, bool):
            raise TypeError(f"recall must be True or False, not {type(recall).__name__}")
        self.game, self.recall = game, recall
        self.rounds = GAME_ROUNDS[game] if rounds is None else _rounds_of(rounds)
        lowest = GAMES[game].lowest
        deck = 52 - lowest
        if sum(self.rounds) > deck:
            raise ValueError(f"rounds deal {sum(self.rounds)} cards, more than the {deck}-card deck holds")
        layouts = [self.rounds[: r + 1] for r in range(len(self.rounds))]
        if not recall:
            layouts = [layout[:1] + ((sum(layout[1:]),) if len(layout) > 1 else ()) for layout in layouts]
        for layout in layouts:
            codes = 1
            for count in layout:
                codes *= count + 1
            if codes > 1 << CODE_BITS:
                raise ValueError("these rounds have too many ways to share a round among the suits")
        # The last street first: the largest, it fails at once where the rounds have too many hands.
        self._streets = [IsoStreet(layout, lowest) for layout in reversed(layouts)][::-1]
        names: tuple[str, ...] = BOARD_STREETS if self.rounds[1:] == (3, 1, 1) else ()
        names = STUD_STREETS if self.rounds == (3, 1, 1, 1, 1) else names
        self.streets = names or tuple(range(len(self.rounds)))

    def __repr__(self) -> str:
        given = "" if self.rounds == GAME_ROUNDS[self.game] else f", rounds={self.rounds}"
        return f"HandIndexer({self.game!r}{given}, recall={self.recall})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandIndexer):
            return NotImplemented
        return (self.rounds, self.recall, self._lowest) == (other.rounds, other.recall, other._lowest)

    def __hash__(self) -> int:
        return hash((self.rounds, self.recall, self._lowest))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.game, self.rounds, self.recall))

    @property
    def _lowest(self) -> int:
        return self._streets[0].lowest

    def _street(self, street: object) -> int:
        """``street`` (a name in ``streets`` or a number) as a number."""
        if isinstance(street, str):
            if street not in self.streets:
                raise ValueError(f"street must be one of {or_list(tuple(map(repr, self.streets)))}, got {street!r}")
            return self.streets.index(street)
        number = as_index(street)
        if number is None:
            raise TypeError(f"street must be a name or a number, not {type(street).__name__}")
        if not 0 <= number < len(self._streets):
            raise ValueError(f"street must be 0 to {len(self._streets) - 1}, got {number}")
        return number

    def size(self, street: str | int) -> int:
        """The number of classes on ``street``: its indices are ``0 .. size - 1``.

        >>> HandIndexer(recall=True).size("river")
        2428287420
        """
        return self._streets[self._street(street)].size

    @property
    def nbytes(self) -> int:
        """The bytes of the indexer's tables, the ones all indexers share included.

        >>> HandIndexer("omaha", recall=True).nbytes < 1 << 20
        True
        """
        first = self._streets[0].tables
        shared = sum(t.itemsize * len(t) for t in (first.colex, first.subsets, first.subset_start))
        shared += sum(t.itemsize * len(t) for t in (first.squeeze_low, first.squeeze_high, first.binomial))
        own = sum(s.configs.itemsize * len(s.configs) + s.slots.itemsize * len(s.slots) for s in self._streets)
        return shared + own

    def cards(self, street: str | int) -> int:
        """The number of cards in a hand on ``street``.

        >>> HandIndexer().cards("turn")
        6
        """
        return sum(self._streets[self._street(street)].rounds)

    def _street_of_count(self, count: int) -> int:
        counts = tuple(sum(s.rounds) for s in self._streets)
        if count not in counts:
            raise ValueError(f"a hand here has {or_list(counts)} cards, got {count}")
        return counts.index(count)

    def index(
        self,
        cards: Cards | npt.ArrayLike,
        street: str | int | None = None,
        *,
        threads: int | None = None,
        out: npt.NDArray[np.uint64] | None = None,
    ) -> Any:
        """The index of a hand's class, or of each row of an ``(N, k)`` array of card ids (``(N,)`` uint64).

        A hand's cards come round by round (Hold'em: the hole cards, then the
        board); the street follows from their number, or ``street`` takes the
        hand's first cards as they stood then.  A batch is read as
        ``evaluate_batch`` reads one (any integer dtype, ``threads``, ``out``);
        an invalid row raises a ValueError naming it.

        >>> indexer = HandIndexer()
        >>> indexer.index("2c 2d")
        0
        >>> indexer.index([[51, 47, 0, 1, 2], [50, 46, 3, 1, 0]]).tolist()  # AsKs 2c2d2h, AhKh 2s2d2c
        [35035, 35035]
        """
        if _is_batch(cards):
            return self._index_rows(cards, street, threads, out)[0]
        if threads is not None or out is not None:
            n_threads(threads)  # a bad ``threads`` is an error here too
            if out is not None:
                raise TypeError("out is for a batch of hands (an (N, k) array), not one hand")
        return self._index_one(cards, street)[0]

    def _index_one(self, cards: object, street: object) -> tuple[int, int]:
        """One hand's index, and its street's number."""
        ids = parse_cards(cards)  # type: ignore[arg-type]
        number = self._street_of_count(len(ids)) if street is None else self._street(street)
        need = sum(self._streets[number].rounds)
        if len(ids) < need:
            raise ValueError(f"a hand on the {self.streets[number]!r} street has {need} cards, got {len(ids)}")
        for card in ids:
            if card < self._lowest:
                raise ValueError(f"card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
        import numpy as np

        # The ids are checked (distinct, in the deck): straight to the kernel, without a batch's machinery.
        row = np.frombuffer(bytes(ids[:need]), np.uint8).reshape(1, need)
        out = np.empty(1, np.uint64)
        _backend.kernels.iso_index(row, self._streets[number], out, 0, 1)
        return int(out[0]), number

    def _index_rows(self, values: object, street: object, threads: object, out: object) -> tuple[np.ndarray, int]:
        """The indices of a batch's rows, and their street's number."""
        count = n_threads(threads)
        widths = tuple(sum(s.rounds) for s in self._streets)
        if street is not None:
            number = self._street(street)
            arr = integer_rows(values, tuple(range(widths[number], 53)), "hands", _width_rule(widths[number]))
            arr = arr[:, : widths[number]]
        else:
            arr = integer_rows(values, widths, "hands", f"a hand here has {or_list(widths)} cards")
            number = widths.index(arr.shape[1])
        if arr.dtype.kind == "O":  # Python ints past int64: never card ids
            check_rows(arr.tolist(), self._lowest)
        rows = narrow(arr)
        result = as_out(out, len(rows), ("hands", arr), dtype="uint64")
        _contiguous(result)
        bad = split_rows(
            _backend.kernels.iso_index,
            len(rows),
            count,
            MIN_ROWS_PER_THREAD,
            rows,
            self._streets[number],
            result,
            chunk=CHUNK_ROWS,
            parallel=_backend.kernels.RELEASES_GIL,
        )
        if bad >= 0:
            raise row_error(arr[bad].tolist(), bad, short_deck=self._lowest > 0)
        return result, number

    def unindex(
        self,
        indices: int | npt.ArrayLike,
        street: str | int,
        *,
        threads: int | None = None,
        out: npt.NDArray[np.uint8] | None = None,
    ) -> Any:
        """The canonical hand of an index on ``street`` (a list of card ids), or of each of an array of them
        (an ``(N, k)`` uint8 array): the rounds' cards in turn, each round's by id.

        ``index(unindex(i, street)) == i`` for every index below ``size(street)``.

        >>> indexer = HandIndexer()
        >>> from handrank import cards_str
        >>> cards_str(indexer.unindex(168, "preflop"))
        'Kc Ac'
        >>> indexer.unindex([0, 12], 0).tolist()
        [[0, 1], [9, 16]]
        """
        number = self._street(street)
        street_of = self._streets[number]
        if not _is_array(indices):
            one = as_index(indices)
            if one is None:
                raise TypeError(f"indices must be integers, not {type(indices).__name__}")
            if not 0 <= one < street_of.size:
                name = self.streets[number]
                raise ValueError(f"index {one} is not an index of the {name!r} street (0 .. {street_of.size - 1:,})")
            return self._unindex_array([one], number, None, None)[0].tolist()
        return self._unindex_array(indices, number, threads, out)

    def _unindex_array(self, indices: object, number: int, threads: object, out: object) -> np.ndarray:
        import numpy as np

        count = n_threads(threads)
        street = self._streets[number]
        arr = _index_array(indices)
        if arr.dtype.kind == "O":
            bad = next((i for i, v in enumerate(arr.tolist()) if not 0 <= v < street.size), -1)
        else:
            out_of_range = (arr >= street.size) | (arr < 0) if arr.dtype.kind == "i" else arr >= street.size
            bad = int(out_of_range.argmax()) if out_of_range.any() else -1
        if bad >= 0:
            row = bad
            name = self.streets[number]
            last = f"{street.size - 1:,}"
            raise ValueError(f"indices row {row}: {int(arr[row])} is not an index of the {name!r} street (0 .. {last})")
        ours = arr.astype(np.uint64)  # our own copy, checked above: the kernels read it, not the caller's array
        result = as_out(out, (len(ours), sum(street.rounds)), ("indices", arr), dtype="uint8")
        _contiguous(result)
        split_rows(
            _backend.kernels.iso_unindex,
            len(ours),
            count,
            MIN_ROWS_PER_THREAD,
            ours,
            street,
            result,
            chunk=CHUNK_ROWS,
            parallel=_backend.kernels.RELEASES_GIL,
        )
        return result

    def canonical(
        self, cards: Cards | npt.ArrayLike, street: str | int | None = None, *, threads: int | None = None
    ) -> Any:
        """The canonical hand of a hand's class (a list of card ids), or of each row of an ``(N, k)`` array: the
        same class, the suits relabelled, each round's cards by id (``unindex(index(cards))``).

        >>> from handrank import cards_str
        >>> cards_str(HandIndexer().canonical("Kd Ad"))
        'Kc Ac'
        """
        if _is_batch(cards):
            indices, number = self._index_rows(cards, street, threads, None)
            return self._unindex_array(indices, number, threads, None)
        index, number = self._index_one(cards, street)
        return self._unindex_array([index], number, None, None)[0].tolist()


def _rebuild(game: str, rounds: tuple[int, ...], recall: bool) -> HandIndexer:
    return HandIndexer(game, rounds=rounds, recall=recall)


def _is_array(value: object) -> bool:
    """Whether ``value`` is an array of indices rather than one (a list, a tuple, an array of one dimension or
    more)."""
    return isinstance(value, (list, tuple)) or int(getattr(value, "ndim", 0)) > 0


def _is_batch(cards: object) -> bool:
    """Whether ``cards`` is a batch of hands (a 2-D array, or a list or tuple of rows) rather than one hand."""
    ndim = getattr(cards, "ndim", None)
    if ndim is not None:
        return bool(ndim == 2)
    if isinstance(cards, (list, tuple)) and cards:
        first = cards[0]
        return isinstance(first, (list, tuple)) or int(getattr(first, "ndim", 0)) == 1
    return False


def _width_rule(need: int) -> str:
    return f"a hand on this street has {need} cards (a row may hold later ones, which are not read)"


def _contiguous(out: np.ndarray) -> None:
    if not out.flags.c_contiguous:
        raise ValueError("out must be C-contiguous")


def _index_array(values: object) -> np.ndarray:
    """``values`` as a 1-D integer array (a copy of the caller's: what is checked is what the kernels read)."""
    import numpy as np

    if values is None:
        raise TypeError("indices must be an integer array-like, not None")
    try:
        arr = np.array(values, copy=True)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"indices is not a flat array: {exc}") from None
    if arr.size == 0:
        return np.zeros(0, np.uint64)
    if arr.dtype.kind == "O" and arr.ndim == 1 and all(type(v) is int for v in arr.tolist()):
        return arr  # Python ints past 64 bits: the caller finds the first that is no index
    if arr.dtype.kind not in "iu":
        raise TypeError(f"indices must hold integers, not dtype {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(f"indices must be a 1-D array, got shape {arr.shape}")
    return arr
