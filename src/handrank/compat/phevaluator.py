"""phevaluator's Python API on handrank's evaluator: a drop-in for ``phevaluator`` 0.6.0.

Change the import and keep the code::

    from handrank.compat.phevaluator import evaluate_cards, Card   # was: from phevaluator import ...
    import handrank.compat.phevaluator as phevaluator               # was: import phevaluator

The names, signatures, card ids (``4 * rank + suit``, 2c = 0 .. As = 51) and
results are phevaluator's: ``evaluate_cards`` and friends return a plain
``int``, the Cactus Kev class 1 (royal flush) .. 7462 (7-5-4-3-2), lower is
stronger; the Omaha calls take the five community cards first, then the hole
cards.  phevaluator's submodules are here too, as attributes and importable
names: ``card`` (``Card``, ``rank_map``, ``suit_map`` ...), ``evaluator``,
``evaluator_omaha`` and ``utils``, so ``from handrank.compat.phevaluator.evaluator
import evaluate_cards`` works as well (type checkers only know the top-level names).

>>> evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
292
>>> evaluate_cards("9c", "4c", "4s", "9d", "4h", "2c", "9h")
236
>>> evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")
11
>>> evaluate_omaha_cards("4c", "5c", "6c", "7s", "8s", "2c", "9c", "As", "Kd")
1578
>>> Card("2C"), str(Card(51)), Card("Ah") == "AH"
(Card("2c"), 'As', True)

Deliberate differences from phevaluator 0.6.0.  Each is a case where the
original crashes, raises an unhelpful error or silently returns a wrong
number; valid input gives the very same results.

* Duplicate cards raise ``ValueError`` ("duplicate card As").  phevaluator
  returns a meaningless number (0, or the class of some other hand).
* Card ids outside 0..51 raise ``ValueError``, in the evaluators, in ``Card(...)``
  and in ``Card.to_id``.  phevaluator returns a wrong class, reads outside its
  tables (a 7-card call can crash the interpreter with a segmentation fault),
  raises ``OverflowError`` beyond a C ``int``, and builds ``Card(52)``, which
  then fails with ``KeyError`` in ``str``/``repr``.
* A card string with an unknown rank or suit raises ``ValueError`` naming it;
  phevaluator raises a bare ``KeyError``.  Lower-case ranks (``"as"``, ``"th"``)
  are accepted: phevaluator raises ``KeyError`` for them although its own
  ``Card.__eq__`` already treats ``Card("As") == "as"`` as true.  Strings must
  still be exactly two characters (``ValueError`` otherwise, as in phevaluator).
* ``True``/``False`` are not cards: ``TypeError``.  phevaluator takes them as the
  ids 1 and 0.
* NumPy integers (any non-bool object with ``__index__``) are accepted as card
  ids; phevaluator raises ``TypeError`` for them.  So are phevaluator's own
  ``Card`` objects, for code that is half-way through the switch.
* Omaha calls with the wrong number of cards raise ``ValueError`` with a
  readable message (phevaluator's ``evaluate_omaha_cards`` passes a tuple as the
  message).
* ``evaluate_plo5_cards`` and ``evaluate_plo6_cards`` work: handrank evaluates
  PLO5/PLO6 without lookup tables.  phevaluator 0.6.0 wheels built without its
  optional tables raise ``NotImplementedError`` for them.
* ``Card`` objects can be pickled and copied (``copy``/``deepcopy``); phevaluator's
  raise ``TypeError``, as its ``Card`` forbids attribute assignment.

Error messages are worded differently throughout; the exception types are
phevaluator's, except where listed above.
"""

from __future__ import annotations

import operator
import random
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, SupportsIndex, TypeAlias

import handrank
from handrank._cards import is_bool

__all__ = [
    "Card",
    "card",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
    "evaluator",
    "evaluator_omaha",
    "sample_cards",
    "utils",
]

# handrank.evaluate and handrank.evaluate_omaha, bound once.  A list or tuple
# of plain ints goes straight to them, and they check the ids themselves.
# The fast paths hand them the caller's tuple as it is, hence the loose types.
_evaluate: Callable[[Any], int] = handrank.evaluate
_evaluate_omaha: Callable[[Any, Any], int] = handrank.evaluate_omaha
# The gate to that fast path is ``sum(cards, 0.0)``: it passes numbers and raises TypeError for
# a str or a Card, so strings never reach handrank's own parser, which reads more than
# phevaluator does ("AsKs", "10h").  Floats and bools pass the gate but handrank rejects them.
# The float start keeps NumPy's small integer scalars from overflowing (and warning).
_gate: Callable[[Any, float], object] = sum
# Any of these from the quick paths means: take the slow path, which words the error.
_MISS = (AttributeError, IndexError, KeyError, OverflowError, TypeError, ValueError)

CARD_DESCRIPTION_LENGTH = 2
MIN_CARDS = 5
MAX_CARDS = 7
COMMUNITY_CARD_COUNT = 5
HOLE_CARD_COUNT = 4
TOTAL_CARD_COUNT = COMMUNITY_CARD_COUNT + HOLE_CARD_COUNT
PLO4_CARD_COUNT = COMMUNITY_CARD_COUNT + 4
PLO5_CARD_COUNT = COMMUNITY_CARD_COUNT + 5
PLO6_CARD_COUNT = COMMUNITY_CARD_COUNT + 6

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_N_CARDS = 52

# phevaluator's public lookup tables, with its contents: upper-case ranks, suits in either case.
rank_map: dict[str, int] = {r: i for i, r in enumerate(_RANKS)}
suit_map: dict[str, int] = {s.upper(): i for i, s in enumerate(_SUITS)} | {s: i for i, s in enumerate(_SUITS)}
rank_reverse_map: dict[int, str] = {i: r for r, i in rank_map.items()}
suit_reverse_map: dict[int, str] = {i: s for s, i in suit_map.items() if s.islower()}

# Every accepted two-character string (rank and suit in either case) to its id.
_STR_IDS: dict[str, int] = {
    r + s: 4 * i + j
    for i, rank in enumerate(_RANKS)
    for r in {rank, rank.lower()}
    for j, suit in enumerate(_SUITS)
    for s in (suit, suit.upper())
}
_CARD_NAMES = [r + s for r in _RANKS for s in _SUITS]


def _bad_string(text: str) -> ValueError:
    """The error for a string that is not a card."""
    if len(text) != CARD_DESCRIPTION_LENGTH:
        return ValueError(f"a card string has exactly 2 characters, like 'Ah' or '2c', got {text!r}")
    if text[0].upper() not in rank_map:
        return ValueError(f"unknown rank {text[0]!r} in card {text!r} (ranks are 2-9, T, J, Q, K, A)")
    return ValueError(f"unknown suit {text[1]!r} in card {text!r} (suits are c, d, h, s)")


def _card_id(value: object) -> int:
    """One card's id, checked: from an id, a two-character string or a Card."""
    if type(value) is int:
        card = value
    elif isinstance(value, str):
        try:
            return _STR_IDS[value]
        except KeyError:
            raise _bad_string(value) from None
    elif isinstance(value, Card):
        return value.id_
    elif is_bool(value) or not isinstance(value, SupportsIndex):
        inner = getattr(value, "_Card__id", None)
        if type(value).__name__ == "Card" and isinstance(inner, int):
            return _card_id(inner)  # phevaluator's own Card: its id, checked
        kind = type(value).__name__
        raise TypeError(f"a card is an int id 0..51, a string like 'Ah' or a Card, not {kind} ({value!r})")
    else:
        try:
            card = operator.index(value)
        except TypeError:  # __index__ that refuses, such as a numpy array of several values
            kind = type(value).__name__
            raise TypeError(
                f"a card is an int id 0..51, a string like 'Ah' or a Card, not {kind} ({value!r})"
            ) from None
    if not 0 <= card < _N_CARDS:
        raise ValueError(f"card id {card} is out of range 0..51")
    return card


def _card_ids(cards: tuple[object, ...], counts: range, what: str) -> list[int]:
    """The ids of ``cards``, every one checked, distinct, and as many as ``counts`` allows."""
    ids = [_card_id(c) for c in cards]
    if len(ids) not in counts:
        want = f"{counts.start}" if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"
        raise ValueError(f"{what} takes {want} cards, got {len(ids)}")
    seen = 0
    for card in ids:
        if seen >> card & 1:
            raise ValueError(f"duplicate card {_CARD_NAMES[card]}")
        seen |= 1 << card
    return ids


class Card:
    """An immutable playing card, as phevaluator's ``Card``: its id is ``4 * rank + suit``.

    Ranks 0..12 are 2..A, suits 0..3 are clubs, diamonds, hearts and spades,
    so 2c = 0, 2d = 1, ... As = 51.  Built from an id, a two-character string
    (either case) or another Card; it compares equal to its id, to its string
    (ignoring case) and to an equal Card, and hashes like its id.

    >>> Card(0) == Card("2c") == Card("2C") == Card(Card(0)) == 0, Card(0) == "2C"
    (True, True)
    >>> Card("Ah"), Card("Ah").id_, int(Card("Ah")), Card("Ah").describe_rank(), Card("Ah").describe_suit()
    (Card("Ah"), 50, 50, 'A', 'h')
    """

    __slots__ = ("__id",)
    __id: int

    def __init__(self, other: CardLike) -> None:
        """Build the card for an id 0..51, a string like ``"Ah"`` or ``"2C"``, or a copy of a Card."""
        object.__setattr__(self, "_Card__id", _card_id(other))

    @property
    def id_(self) -> int:
        """The card id, 0..51."""
        return self.__id

    @staticmethod
    def to_id(other: CardLike) -> int:
        """The id of an id (checked, 0..51), a card string or a Card.

        >>> Card.to_id("As"), Card.to_id(5), Card.to_id(Card("2h"))
        (51, 5, 2)
        """
        return _card_id(other)

    def describe_rank(self) -> str:
        """The rank character: ``"2"`` .. ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"`` or ``"A"``."""
        return _RANKS[self.__id >> 2]

    def describe_suit(self) -> str:
        """The suit character, lower case: ``"c"``, ``"d"``, ``"h"`` or ``"s"``."""
        return _SUITS[self.__id & 3]

    def describe_card(self) -> str:
        """Rank and suit, like ``"Ah"`` (the suit in lower case)."""
        return _CARD_NAMES[self.__id]

    def __eq__(self, other: object) -> bool:
        """Equal to its id, to its string in any case, or to a Card with the same id."""
        if isinstance(other, int):
            return self.__id == other
        if isinstance(other, str):
            return _CARD_NAMES[self.__id].lower() == other.lower()
        if isinstance(other, Card):
            return self.__id == other.__id
        return self.__id == other

    def __str__(self) -> str:
        return _CARD_NAMES[self.__id]

    def __repr__(self) -> str:
        return f'Card("{_CARD_NAMES[self.__id]}")'

    def __int__(self) -> int:
        return self.__id

    def __hash__(self) -> int:
        return hash(self.__id)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (type(self), (self.__id,))

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("Card object does not support assignment to attribute")

    def __delattr__(self, name: str) -> None:
        raise TypeError("Card object does not support deletion of attribute")


CardLike: TypeAlias = int | str | Card | SupportsIndex
"""What the calls take as a card: an id 0..51 (also a NumPy integer), a string like ``"Ah"`` or a ``Card``."""

_HAND = range(MIN_CARDS, MAX_CARDS + 1)
_STR_ID: Callable[[Any], int] = _STR_IDS.__getitem__  # KeyError for anything but a card string
_CARD_ID: Callable[[Any], int] = operator.attrgetter("_Card__id")  # AttributeError for anything but a Card


def _quick_ids(cards: tuple[CardLike, ...]) -> list[int]:
    """The ids of all card strings or all Cards, one lookup per card; an error from ``_MISS`` otherwise."""
    return list(map(_CARD_ID if type(cards[0]) is Card else _STR_ID, cards))


def _rank(cards: tuple[CardLike, ...], what: str) -> int:
    """The class of 5-7 cards that are not all numbers: all strings or all Cards by lookup, else card by card."""
    try:
        return _evaluate(_quick_ids(cards))
    except _MISS:
        pass
    # Slow and thorough: every card checked, and a clear error for a bad one.
    return _evaluate(_card_ids(cards, _HAND, what))


def evaluate_cards(*cards: CardLike) -> int:
    """The class of the best five of 5, 6 or 7 cards: 1 (royal flush) .. 7462; lower is stronger.

    >>> evaluate_cards("Ac", "Ad", "Ah", "As", "Kc") == evaluate_cards("Ac", "Ad", "Ah", "As", "Kd", "Qh")
    True
    >>> evaluate_cards(51, 47, 43, 39, 35, 0, 5)
    1
    """
    try:
        if type(cards[0]) is int:  # strings and Cards skip the gate's (costly) exception
            _gate(cards, 0.0)  # a str or a Card fails here: only numbers go on to handrank's fast path
            return _evaluate(cards)
    except _MISS:
        pass
    return _rank(cards, "evaluate_cards")


def evaluate_5cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike) -> int:
    """The class of exactly five cards, 1 (royal flush) .. 7462.

    >>> evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")
    11
    """
    cards = (a, b, c, d, e)
    try:
        if type(a) is int:
            _gate(cards, 0.0)
            return _evaluate(cards)
    except _MISS:
        pass
    return _rank(cards, "evaluate_5cards")


def evaluate_6cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike, f: CardLike) -> int:
    """The class of the best five of six cards.

    >>> evaluate_6cards("Ac", "Ad", "Ah", "As", "Kc", "2d")
    11
    """
    cards = (a, b, c, d, e, f)
    try:
        if type(a) is int:
            _gate(cards, 0.0)
            return _evaluate(cards)
    except _MISS:
        pass
    return _rank(cards, "evaluate_6cards")


def evaluate_7cards(a: CardLike, b: CardLike, c: CardLike, d: CardLike, e: CardLike, f: CardLike, g: CardLike) -> int:
    """The class of the best five of seven cards.

    >>> evaluate_7cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
    292
    """
    cards = (a, b, c, d, e, f, g)
    try:
        if type(a) is int:
            _gate(cards, 0.0)
            return _evaluate(cards)
    except _MISS:
        pass
    return _rank(cards, "evaluate_7cards")


def _omaha(cards: tuple[CardLike, ...], count: int, what: str) -> int:
    """Five community cards, then the hole: exactly two hole cards with three community cards."""
    if len(cards) == count:
        try:
            if type(cards[0]) is int:
                _gate(cards, 0.0)
                return _evaluate_omaha(cards[COMMUNITY_CARD_COUNT:], cards[:COMMUNITY_CARD_COUNT])
        except _MISS:
            pass
        try:
            ids = _quick_ids(cards)
            return _evaluate_omaha(ids[COMMUNITY_CARD_COUNT:], ids[:COMMUNITY_CARD_COUNT])
        except _MISS:
            pass
    ids = _card_ids(cards, range(count, count + 1), what)
    return _evaluate_omaha(ids[COMMUNITY_CARD_COUNT:], ids[:COMMUNITY_CARD_COUNT])


def evaluate_omaha_cards(*cards: CardLike) -> int:
    """The class of an Omaha hand: five community cards, then four hole cards.

    The hand is the best of two hole cards with three community cards.

    >>> evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")  # A K 9 9 6
    4431
    """
    return _omaha(cards, TOTAL_CARD_COUNT, "evaluate_omaha_cards")


def evaluate_plo4_cards(*cards: CardLike) -> int:
    """Pot Limit Omaha with four hole cards: five community cards, then the hole; as ``evaluate_omaha_cards``."""
    return _omaha(cards, PLO4_CARD_COUNT, "evaluate_plo4_cards")


def evaluate_plo5_cards(*cards: CardLike) -> int:
    """Pot Limit Omaha with five hole cards: five community cards, then the five hole cards.

    >>> evaluate_plo5_cards("Qh", "Jh", "Th", "9c", "2s", "Ah", "Kh", "2c", "3d", "4d")
    1
    """
    return _omaha(cards, PLO5_CARD_COUNT, "evaluate_plo5_cards")


def evaluate_plo6_cards(*cards: CardLike) -> int:
    """Pot Limit Omaha with six hole cards: five community cards, then the six hole cards."""
    return _omaha(cards, PLO6_CARD_COUNT, "evaluate_plo6_cards")


def sample_cards(size: int) -> list[int]:
    """``size`` distinct random card ids, drawn with the ``random`` module as phevaluator does.

    So ``random.seed(n)`` before the call gives phevaluator's very cards.

    >>> random.seed(1); sample_cards(7)
    [8, 36, 48, 4, 16, 7, 31]
    """
    return random.sample(range(_N_CARDS), k=size)


def _submodule(name: str, doc: str, names: dict[str, object]) -> ModuleType:
    """A stand-in for phevaluator's submodule ``name``, importable as ``handrank.compat.phevaluator.<name>``."""
    module = ModuleType(f"{__name__}.{name}", doc)
    module.__dict__.update(names)
    sys.modules[module.__name__] = module
    return module


card = _submodule(
    "card",
    "phevaluator.card's names: Card and its lookup tables.",
    {
        "Card": Card,
        "CARD_DESCRIPTION_LENGTH": CARD_DESCRIPTION_LENGTH,
        "rank_map": rank_map,
        "suit_map": suit_map,
        "rank_reverse_map": rank_reverse_map,
        "suit_reverse_map": suit_reverse_map,
    },
)
evaluator = _submodule(
    "evaluator",
    "phevaluator.evaluator's names: the 5-7 card evaluators.",
    {
        "Card": Card,
        "MIN_CARDS": MIN_CARDS,
        "MAX_CARDS": MAX_CARDS,
        "evaluate_cards": evaluate_cards,
        "evaluate_5cards": evaluate_5cards,
        "evaluate_6cards": evaluate_6cards,
        "evaluate_7cards": evaluate_7cards,
    },
)
evaluator_omaha = _submodule(
    "evaluator_omaha",
    "phevaluator.evaluator_omaha's names: the Omaha evaluators, community cards first.",
    {
        "Card": Card,
        "COMMUNITY_CARD_COUNT": COMMUNITY_CARD_COUNT,
        "HOLE_CARD_COUNT": HOLE_CARD_COUNT,
        "TOTAL_CARD_COUNT": TOTAL_CARD_COUNT,
        "PLO4_CARD_COUNT": PLO4_CARD_COUNT,
        "PLO5_CARD_COUNT": PLO5_CARD_COUNT,
        "PLO6_CARD_COUNT": PLO6_CARD_COUNT,
        "evaluate_omaha_cards": evaluate_omaha_cards,
        "evaluate_plo4_cards": evaluate_plo4_cards,
        "evaluate_plo5_cards": evaluate_plo5_cards,
        "evaluate_plo6_cards": evaluate_plo6_cards,
    },
)
utils = _submodule("utils", "phevaluator.utils's names: sample_cards.", {"sample_cards": sample_cards})
