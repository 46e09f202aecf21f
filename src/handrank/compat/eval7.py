"""eval7 0.1.11's public API, backed by handrank: ``from handrank.compat import eval7`` in place of ``import eval7``.

Same names and signatures, the same ``Card`` masks, the same ``evaluate``
integers (``handtype << 24`` plus the deciding ranks, four bits each), the same
``handtype`` strings, the same ``HandRange`` hands and weights in the same
order, and the same ``Deck`` shuffles, deals and samples for a given
``random.seed``.  ``evaluate`` ranks the cards with ``handrank.evaluate`` and
maps the rank it returns to eval7's integer with one table lookup.

>>> from handrank.compat import eval7
>>> hand = [eval7.Card(s) for s in ("As", "2c", "3d", "5s", "4c")]
>>> eval7.evaluate(hand)
67305472
>>> eval7.handtype(67305472)
'Straight'
>>> hr = eval7.HandRange("AQs+, 0.4(AsKs)")
>>> len(hr), hr.hands[-1]
(9, ((Card("As"), Card("Ks")), 0.4))
>>> board = [eval7.Card(s) for s in ("Kc", "7d", "2h", "9s", "3c")]
>>> eval7.py_hand_vs_range_exact([eval7.Card("Ah"), eval7.Card("Kh")], eval7.HandRange("QQ+"), board)
0.6000000238418579

Provided: ``Card`` (``mask``, ``rank``, ``suit``, str/repr, hash and eval7's
comparisons), ``Deck`` (``cards``, ``shuffle``, ``deal``, ``peek``,
``sample``, ``len`` and indexing), ``evaluate``, ``handtype``, ``HandRange``
(``string``, ``tokens``, ``hands``, iteration, ``len`` and a repr),
``py_hand_vs_range_exact``, ``py_hand_vs_range_monte_carlo``,
``py_all_hands_vs_range``, ``ranks`` and ``suits``; also ``RangeStringError``
(eval7 keeps it in ``eval7.rangestring``).  Like eval7's, the equity functions
ignore range weights (each listed hand counts once, a hand listed twice counts
twice) and return single-precision values as Python floats.  Monte Carlo uses
handrank's seeded sampler (at least ``iterations`` deals, in blocks of 1024)
with a seed drawn from Python's ``random`` module, so ``random.seed`` makes it
repeatable; its numbers differ from eval7's by sampling noise only.

Deliberate differences.  Any valid input gives what eval7 gives, except the
last three items, where eval7's own answer is wrong.  Bad input that eval7
mishandles raises a clear ``ValueError`` here (``RangeStringError``, a
``ValueError``, for range strings), or ``TypeError`` for an argument of the
wrong type:

* ``Card(s)``: ``s`` must be exactly two characters, an upper-case rank
  (``23456789TJQKA``) and a lower-case suit (``cdhs``).  eval7 raises
  ``IndexError`` for shorter strings, ignores characters after the second
  (``Card("Ass")`` is the ace of spades) and takes any indexable object
  (``Card(["A", "s"])``); non-strings raise ``TypeError`` here.
* ``Card`` is immutable (``AttributeError`` on assignment): eval7 lets
  ``card.mask`` be assigned (its rank and suit then follow the new mask); here
  the 52 cards are shared instances (``Card("As") is Card("As")``).  Cards
  pickle and copy (eval7's raise ``TypeError``).
* ``evaluate``: a card given twice, fewer than 5 or more than 7 cards, or
  something that is not a ``Card``.  eval7 returns a wrong value for the first
  two (``0`` for no cards; ``As As Qs Js Ts`` is a pair) and raises
  ``AttributeError`` for the last (``TypeError`` here).  Any iterable of cards
  is accepted (eval7 needs ``len``, so a ``map`` or generator fails there).
* ``handtype``: a value outside ``0 <= value < 9 << 24``.  eval7 raises
  ``OverflowError`` for negative or 33-bit values and calls every other value
  above the straight flushes a ``'Straight Flush'``; it also truncates floats
  (``TypeError`` here).
* ``Deck.deal(n)`` / ``peek(n)``: ``n < 0`` (eval7's ``deal(-1)`` deals all
  but the last card, ``peek(-1)`` shows them); ``sample(-1)`` says so too.
* ``HandRange``: a weight above 1 (eval7 accepts ``2(AA)`` and ``150%(AA)``);
  an explicit hand with a lower-case rank (``asKs``: eval7 crashes with a bare
  ``ValueError`` from ``tuple.index``); a pair in mixed case such as ``Kk``
  anywhere (eval7 rejects ``Kk`` and ``Kk-QQ`` but reads ``Kk+`` as no hands
  at all).  Every string eval7 fails to parse, or rejects, raises
  ``RangeStringError`` here too, with the position or the reason.  Tags such
  as ``#UTG#`` are listed in ``tokens`` and give no hands, as eval7 documents;
  eval7 itself crashes on any string with a tag (``UnboundLocalError``).
* Equity functions: the hero hand must be two distinct cards, the board 0..5
  distinct cards, not overlapping the hero hand, each range entry a
  ``((card, card), weight)`` pair of distinct cards, and ``iterations`` an
  integer >= 1.  eval7 returns garbage for any other hand size, a board card
  in the hand or a one-card option, ``-0.0`` for negative ``iterations``, and
  raises ``ZeroDivisionError`` for 0.
* No possible villain hand (the whole range collides with the hero hand and the
  board): eval7's exact function raises ``ZeroDivisionError`` and its Monte
  Carlo returns whatever lies in uninitialised memory; both raise
  ``ValueError`` here.
* ``py_hand_vs_range_exact`` with a board of 0..4 cards enumerates every
  runout and returns the true equity.  eval7's only works on a complete
  board: given 3 or 4 cards it scores the incomplete board as if it had 5, and
  returns nonsense (AA against KK on a 2c 3d 4h flop is ``1.0`` there; the
  true equity, given here, is about 0.91).  With a complete board both agree
  to the last bit.
* ``py_hand_vs_range_monte_carlo`` and ``py_all_hands_vs_range`` with a
  complete board compute the exact equity (eval7 samples the same board again
  and again, cycling through the range, so it agrees whenever ``iterations``
  is a multiple of the live range size and is biased otherwise).
* ``py_all_hands_vs_range`` leaves out hero hands that share a card with the
  board, as it leaves out hands that no villain hand can face; eval7 scores
  them on a board holding their card twice.
"""

from __future__ import annotations

import operator
import random
import struct
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, NamedTuple, SupportsIndex, TypeVar

import handrank
from handrank import Category, Range
from handrank import evaluate as _rank
from handrank._cards import is_bool

_T = TypeVar("_T")

__all__ = [
    "Card",
    "Deck",
    "HandRange",
    "RangeStringError",
    "evaluate",
    "handtype",
    "py_all_hands_vs_range",
    "py_hand_vs_range_exact",
    "py_hand_vs_range_monte_carlo",
    "ranks",
    "suits",
]

ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
suits = ("c", "d", "h", "s")

_RANK_OF = {ch: i for i, ch in enumerate(ranks)}
_SUIT_OF = {ch: i for i, ch in enumerate(suits)}


# ---- cards -------------------------------------------------------------------------------------------------------


class Card:
    """A card with a rank and suit, and eval7's integer ``mask`` (bit ``13 * suit + rank``).

    ``Card("As")`` always returns the same (immutable) object.  Comparisons
    follow eval7: ``==`` compares masks; ``a > b`` holds when ``a`` has the
    higher rank *or* the higher suit (not a total order, kept for
    compatibility); ordering against a non-card raises ``TypeError``.

    >>> c = Card("Td")
    >>> c.rank, c.suit, c.mask, str(c), c
    (8, 1, 2097152, 'Td', Card("Td"))
    """

    __slots__ = ("_id", "_str", "mask", "rank", "suit")
    _id: int
    _str: str
    mask: int
    rank: int
    suit: int

    def __new__(cls, card_string: str) -> Card:
        if type(card_string) is str and cls is Card:
            card = _BY_STRING.get(card_string)
            if card is not None:
                return card
        rank, suit = _parse_card(card_string)
        if cls is Card:  # a str subclass: still the shared card
            return _CARDS[4 * rank + suit]
        return _make_card(cls, rank, suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card objects are immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card objects are immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (type(self), (self._str,))

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f'Card("{self._str}")'

    def __hash__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.mask == other.mask

    def __ne__(self, other: object) -> bool:
        return not (isinstance(other, Card) and self.mask == other.mask)

    def _above(self, other: object) -> bool:
        if not isinstance(other, Card):
            raise TypeError(f"Cannot compare {self!r} and {other!r}")
        return self.rank > other.rank or self.suit > other.suit

    def __gt__(self, other: object) -> bool:
        return self._above(other)

    def __ge__(self, other: object) -> bool:
        return self._above(other) or self == other

    def __lt__(self, other: object) -> bool:
        return not (self._above(other) or self == other)

    def __le__(self, other: object) -> bool:
        return not self._above(other)


def _parse_card(card_string: object) -> tuple[int, int]:
    if not isinstance(card_string, str):
        raise TypeError(f"Card() takes a string such as 'As', not {type(card_string).__name__} ({card_string!r})")
    if len(card_string) != 2:
        raise ValueError(f"a card is two characters, a rank and a suit such as 'As', not {card_string!r}")
    rank = _RANK_OF.get(card_string[0])
    if rank is None:
        raise ValueError(f"unknown rank {card_string[0]!r} in {card_string!r} (ranks are 23456789TJQKA, upper case)")
    suit = _SUIT_OF.get(card_string[1])
    if suit is None:
        raise ValueError(f"unknown suit {card_string[1]!r} in {card_string!r} (suits are c, d, h, s, lower case)")
    return rank, suit


def _make_card(cls: type[Card], rank: int, suit: int) -> Card:
    card = object.__new__(cls)
    put = object.__setattr__
    put(card, "_id", 4 * rank + suit)
    put(card, "_str", ranks[rank] + suits[suit])
    put(card, "mask", 1 << (13 * suit + rank))
    put(card, "rank", rank)
    put(card, "suit", suit)
    return card


# The 52 shared cards, in handrank id order (4 * rank + suit): 2c 2d 2h 2s 3c ... As, also eval7's deck order.
_CARDS: tuple[Card, ...] = tuple(_make_card(Card, rank, suit) for rank in range(13) for suit in range(4))
_BY_STRING: dict[str, Card] = {card._str: card for card in _CARDS}


class Deck:
    """The 52 cards in ``cards`` (2c 2d 2h 2s 3c ... As), with eval7's helpers for simple simulations.

    ``shuffle`` and ``sample`` use Python's ``random`` module exactly as eval7
    does, so a given ``random.seed`` deals the same cards.
    """

    def __init__(self) -> None:
        self.cards: list[Card] = list(_CARDS)

    def __repr__(self) -> str:
        return f"Deck({self.cards!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, i: Any) -> Any:
        return self.cards[i]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def _count(self, n: SupportsIndex) -> int:
        if isinstance(n, float):
            raise TypeError(f"the number of cards must be an integer, not float ({n!r})")
        count = operator.index(n)
        if count < 0:
            raise ValueError(f"the number of cards must be >= 0, got {count}")
        if count > len(self.cards):
            raise ValueError("Insufficient cards in deck")
        return count

    def shuffle(self) -> None:
        """Randomize the order of the cards in the deck."""
        random.shuffle(self.cards)

    def deal(self, n: SupportsIndex) -> list[Card]:
        """Remove the top n cards from the deck and return them."""
        count = self._count(n)
        dealt = self.cards[:count]
        del self.cards[:count]
        return dealt

    def peek(self, n: SupportsIndex) -> list[Card]:
        """Return the top n cards from the deck without altering it."""
        return self.cards[: self._count(n)]

    def sample(self, n: SupportsIndex) -> list[Card]:
        """Return n random cards from the deck. The deck will be unaltered."""
        return random.sample(self.cards, self._count(n))


# ---- evaluation --------------------------------------------------------------------------------------------------

# By handrank category: eval7's hand type, and how many of the distinct ranks (most significant
# first) its value keeps in four-bit fields from bit 16 down.
_EVAL7_LAYOUT: dict[Category, tuple[int, int]] = {
    Category.ROYAL_FLUSH: (8, 1),
    Category.STRAIGHT_FLUSH: (8, 1),
    Category.FOUR_OF_A_KIND: (7, 2),
    Category.FULL_HOUSE: (6, 2),
    Category.FLUSH: (5, 5),
    Category.STRAIGHT: (4, 1),
    Category.THREE_OF_A_KIND: (3, 3),
    Category.TWO_PAIR: (2, 3),
    Category.ONE_PAIR: (1, 4),
    Category.HIGH_CARD: (0, 5),
}
_N_RANKS = 7462  # handrank's ranks run from 1 (royal flush) to 7462 (7-5-4-3-2)


def _eval7_value(rank: int) -> int:
    """eval7's value for a handrank rank, from the ranks of the five cards that make it (best first)."""
    handtype, kept = _EVAL7_LAYOUT[handrank.category(rank)]
    five = [card >> 2 for card in handrank.example_hand(rank)]  # card id = 4 * rank + suit
    distinct = [r for i, r in enumerate(five) if i == 0 or r != five[i - 1]]
    value = handtype << 24
    for i, r in enumerate(distinct[:kept]):
        value |= r << (16 - 4 * i)
    return value


# _VALUES[handrank rank] is eval7's value for it (index 0 unused).
_VALUES: list[int] = [0] + [_eval7_value(rank) for rank in range(1, _N_RANKS + 1)]

_VALUE_END = 9 << 24  # every eval7 value is below this
_HANDTYPES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads", "Straight Flush")


def evaluate(cards: Iterable[Card]) -> int:
    """Evaluate 5 to 7 cards; higher values are stronger hands (eval7's ``type << 24 | ranks`` integers).

    >>> evaluate([Card(s) for s in ("As", "Ks", "Qs", "Js", "Ts")])
    135004160
    """
    try:
        n = len(cards)  # type: ignore[arg-type]
        if n == 7:
            a, b, c, d, e, f, g = cards
            return _VALUES[_rank((a._id, b._id, c._id, d._id, e._id, f._id, g._id))]
        if n == 5:
            a, b, c, d, e = cards
            return _VALUES[_rank((a._id, b._id, c._id, d._id, e._id))]
        if n == 6:
            a, b, c, d, e, f = cards
            return _VALUES[_rank((a._id, b._id, c._id, d._id, e._id, f._id))]
    except (TypeError, ValueError, AttributeError):
        pass
    ids = _card_ids(cards, "evaluate()")
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"evaluate() takes 5 to 7 cards, got {len(ids)}")
    return _VALUES[_rank(ids)]


def handtype(value: SupportsIndex) -> str:
    """The hand type of an ``evaluate`` value: 'High Card', 'Pair', ... 'Quads', 'Straight Flush'.

    >>> handtype(evaluate([Card(s) for s in ("7c", "7d", "7h", "2s", "2c")]))
    'Full House'
    """
    if value.__class__ is int and 0 <= value < _VALUE_END:
        return _HANDTYPES[value >> 24]
    if isinstance(value, float):
        raise TypeError(f"handtype() takes an integer evaluate() value, not float ({value!r})")
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(
            f"handtype() takes an integer evaluate() value, not {type(value).__name__} ({value!r})"
        ) from None
    if not 0 <= v < _VALUE_END:
        raise ValueError(f"{v} is not an eval7 hand value (they lie in 0 .. {_VALUE_END - 1})")
    return _HANDTYPES[v >> 24]


def _card_ids(cards: object, what: str) -> list[int]:
    """Distinct handrank ids of an iterable of Cards; clear errors otherwise."""
    if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
        raise TypeError(f"{what}: expected an iterable of Card objects, not {type(cards).__name__} ({cards!r})")
    ids: list[int] = []
    seen = 0
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{what}: expected Card objects, got {type(card).__name__} ({card!r})")
        if seen >> card._id & 1:
            raise ValueError(f"{what}: card {card} is given twice")
        seen |= 1 << card._id
        ids.append(card._id)
    return ids


# ---- hand ranges -------------------------------------------------------------------------------------------------


class RangeStringError(ValueError):
    """A range string that cannot be parsed or names an impossible hand."""


_WS = " \t\n\r"
_TYPE_RANK = _RANK_OF | {ch.lower(): i for ch, i in _RANK_OF.items()}  # hand types take either case
_CARD_RANK = _TYPE_RANK  # the grammar takes either case; an explicit hand then needs upper case
_DIGITS = "0123456789"
_TAG_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


class _HandType(NamedTuple):
    hi: int
    lo: int
    kind: str  # "p" pair, "s" suited, "o" offsuit, "n" either
    text: str


class _Item(NamedTuple):
    form: str  # "type", "range", "plus", "hand" or "tag"
    parts: tuple[Any, ...]
    end: int


class _Group(NamedTuple):
    weight: tuple[str, bool] | None  # (decimal text, percent)
    items: list[_Item]
    end: int


class _RangeParser:
    """Recursive descent over eval7's range grammar; whitespace may separate any two tokens.

    range  := [group ("," group)*] end
    group  := weight "(" list ")" | list
    weight := decimal ["%"]        decimal: 12 | 12. | 12.5 | 0.5 | .5
    list   := item ("," item)*
    item   := type | type "-" type | type "+" | card card | "#" word "#"
    type   := two ranks (either case) ["s" | "o"], not followed by "%" or "("
    """

    def __init__(self, text: str) -> None:
        self.s = text
        self.n = len(text)

    def ws(self, i: int) -> int:
        s, n = self.s, self.n
        while i < n and s[i] in _WS:
            i += 1
        return i

    def char(self, i: int) -> str:
        return self.s[i] if i < self.n else ""

    def run(self, i: int, chars: str | frozenset[str]) -> int:
        while i < self.n and self.s[i] in chars:
            i += 1
        return i

    def hand_type(self, i: int) -> tuple[_HandType, int] | None:
        j = self.ws(i)
        a, b = self.char(j), self.char(j + 1)
        if a not in _TYPE_RANK or b not in _TYPE_RANK or not a or not b:
            return None
        end = j + 2
        k = self.ws(end)
        kind = ""
        if self.char(k) in ("s", "o"):
            kind, end = self.s[k], k + 1
        if self.char(self.ws(end)) in ("%", "("):
            return None
        r1, r2 = _TYPE_RANK[a], _TYPE_RANK[b]
        hi, lo = max(r1, r2), min(r1, r2)
        if hi == lo:
            if kind:
                raise RangeStringError(f"pairs cannot have suitedness: {a + b + kind!r}")
            if a != b:
                raise RangeStringError(f"pair {a + b!r} mixes upper and lower case: write {a.upper() * 2!r}")
            kind = "p"
        return _HandType(hi, lo, kind or "n", a + b + kind), end

    def card(self, i: int) -> tuple[str, int] | None:
        j = self.ws(i)
        if self.char(j) in _CARD_RANK and self.char(j + 1) in _SUIT_OF and self.char(j):
            return self.s[j : j + 2], j + 2
        return None

    def item(self, i: int) -> _Item | None:
        j = self.ws(i)
        if self.char(j) == "#":
            k = self.ws(j + 1)
            m = self.run(k, _TAG_CHARS)
            close = self.ws(m)
            if m > k and self.char(close) == "#":
                return _Item("tag", ("#" + self.s[k:m] + "#",), close + 1)
            return None
        first = self.card(j)
        if first is not None:
            second = self.card(first[1])
            if second is None:
                return None
            return _Item("hand", (first[0], second[0]), second[1])
        found = self.hand_type(j)
        if found is None:
            return None
        ht, end = found
        k = self.ws(end)
        if self.char(k) == "-":
            other = self.hand_type(k + 1)
            if other is not None:
                return _Item("range", (ht, other[0]), other[1])
        elif self.char(k) == "+":
            return _Item("plus", (ht,), k + 1)
        return _Item("type", (ht,), end)

    def comma_list(self, parse: Callable[[int], _T | None], i: int) -> tuple[list[_T], int] | None:
        """``parse`` at i, then again after each comma while it succeeds; the results and where they end."""
        first = parse(i)
        if first is None:
            return None
        out = [first]
        end = first.end  # type: ignore[attr-defined]
        while True:
            k = self.ws(end)
            if self.char(k) != ",":
                break
            nxt = parse(k + 1)
            if nxt is None:
                break
            out.append(nxt)
            end = nxt.end  # type: ignore[attr-defined]
        return out, end

    def items(self, i: int) -> tuple[list[_Item], int] | None:
        return self.comma_list(self.item, i)

    def decimal(self, i: int) -> tuple[str, int] | None:
        j = self.ws(i)
        c = self.char(j)
        if c and c in "123456789":
            a = self.run(j, _DIGITS)
            k = self.ws(a)
            if self.char(k) != ".":
                return self.s[j:a], a
            m = self.ws(k + 1)
            d = self.run(m, _DIGITS)
            if d > m:
                return self.s[j:a] + "." + self.s[m:d], d
            return self.s[j:a] + ".", k + 1
        if c == "0":
            j = self.ws(j + 1)
            if self.char(j) != ".":
                return None
            c = "."
        if c == ".":
            m = self.ws(j + 1)
            d = self.run(m, _DIGITS)
            if d > m:
                return "0." + self.s[m:d], d
        return None

    def group(self, i: int) -> _Group | None:
        weighted: _Group | None = None
        dec = self.decimal(i)
        if dec is not None:
            text, end = dec
            k = self.ws(end)
            percent = self.char(k) == "%"
            if percent:
                end = k + 1
            k = self.ws(end)
            if self.char(k) == "(":
                inner = self.items(k + 1)
                if inner is not None:
                    close = self.ws(inner[1])
                    if self.char(close) == ")":
                        weighted = _Group((text, percent), inner[0], close + 1)
        plain = self.items(i)
        if plain is not None and (weighted is None or plain[1] > weighted.end):
            return _Group(None, plain[0], plain[1])
        return weighted

    def parse(self) -> list[_Group]:
        found = self.comma_list(self.group, 0)
        groups, end = found if found is not None else ([], 0)
        stop = self.ws(end)
        if stop != self.n:
            raise RangeStringError(
                f"cannot parse range string {self.s!r}: unexpected {self.s[stop : stop + 12]!r} at position {stop}"
            )
        return groups


def _class_token(hi: int, lo: int, kind: str) -> list[str]:
    name = ranks[hi] + ranks[lo]
    if kind == "p":
        return [name]
    if kind == "n":
        return [name + "o", name + "s"]
    return [name + kind]


def _hand_token(first: str, second: str) -> str:
    for card in (first, second):
        if card[0] not in _RANK_OF:
            fixed = card[0].upper() + card[1]
            raise RangeStringError(f"explicit hand {first + second!r}: ranks must be upper case, as in {fixed!r}")
    a, b = (_RANK_OF[first[0]], _SUIT_OF[first[1]]), (_RANK_OF[second[0]], _SUIT_OF[second[1]])
    if a == b:
        raise RangeStringError(f"explicit hand {first + second!r} holds the same card twice")
    return first + second if a > b else second + first


def _expand(item: _Item) -> list[str]:
    """The tokens of one parsed item, as eval7 lists them."""
    if item.form == "tag":
        return [item.parts[0]]
    if item.form == "hand":
        return [_hand_token(*item.parts)]
    ht: _HandType = item.parts[0]
    if item.form == "type":
        return _class_token(ht.hi, ht.lo, ht.kind)
    if item.form == "plus":
        if ht.kind == "p":
            return [t for r in range(ht.lo, 13) for t in _class_token(r, r, "p")]
        return [t for r in range(ht.lo, ht.hi) for t in _class_token(ht.hi, r, ht.kind)]
    other: _HandType = item.parts[1]
    if ht.kind != other.kind:
        raise RangeStringError(f"suitedness mismatch in {ht.text + '-' + other.text!r}")
    if ht.kind == "p":
        return [t for r in range(min(ht.lo, other.lo), max(ht.lo, other.lo) + 1) for t in _class_token(r, r, "p")]
    if ht.hi != other.hi:
        raise RangeStringError(f"top card mismatch in {ht.text + '-' + other.text!r}: a range keeps its top card")
    low, high = sorted((ht.lo, other.lo))
    return [t for r in range(low, high + 1) for t in _class_token(ht.hi, r, ht.kind)]


def _weight(spec: tuple[str, bool] | None) -> float:
    if spec is None:
        return 1.0
    text, percent = spec
    value = float(text)
    if percent:
        value /= 100.0
    if value > 1.0:
        raise RangeStringError(f"weight {text + ('%' if percent else '')} is above 1 (100%)")
    return value


_TOKEN_HANDS: dict[str, tuple[tuple[Card, Card], ...]] = {}


def _token_hands(token: str) -> tuple[tuple[Card, Card], ...]:
    """The hands of one token, in eval7's order (cached)."""
    hands = _TOKEN_HANDS.get(token)
    if hands is not None:
        return hands
    if token[0] == "#":
        hands = ()
    elif len(token) == 4:
        hands = ((_BY_STRING[token[:2]], _BY_STRING[token[2:]]),)
    else:
        hi, lo = 4 * _RANK_OF[token[0]], 4 * _RANK_OF[token[1]]
        if len(token) == 2:
            hands = tuple((_CARDS[hi + s2], _CARDS[hi + s1]) for s1 in range(4) for s2 in range(s1 + 1, 4))
        elif token[2] == "s":
            hands = tuple((_CARDS[hi + s], _CARDS[lo + s]) for s in range(4))
        else:
            hands = tuple((_CARDS[hi + s1], _CARDS[lo + s2]) for s1 in range(4) for s2 in range(4) if s1 != s2)
    _TOKEN_HANDS[token] = hands
    return hands


class HandRange:
    """A weighted range of hands, parsed from a range string as eval7 parses it.

    ``tokens`` lists ``(token, weight)`` (``'AKs'``, ``'QQ'``, ``'AsKs'``, tags
    such as ``'#UTG#'``); ``hands`` lists ``((Card, Card), weight)`` in eval7's
    order, a hand named twice appearing twice.

    >>> hr = HandRange("JJ+, AT+, 80%(A8s+)")
    >>> len(hr), hr.tokens[:2], hr.hands[0]
    (112, [('JJ', 1.0), ('QQ', 1.0)], ((Card("Jd"), Card("Jc")), 1.0))
    """

    def __init__(self, s: str) -> None:
        if not isinstance(s, str):
            raise TypeError(f"HandRange() takes a range string, not {type(s).__name__} ({s!r})")
        self.string = s
        tokens: list[tuple[str, float]] = []
        for group in _RangeParser(s).parse():
            weight = _weight(group.weight)
            tokens += [(token, weight) for item in group.items for token in _expand(item)]
        self.tokens: list[tuple[str, float]] = tokens
        self.hands: list[tuple[tuple[Card, Card], float]] = [
            (hand, weight) for token, weight in tokens for hand in _token_hands(token)
        ]

    def __repr__(self) -> str:
        return f"HandRange({self.string!r})"

    def __iter__(self) -> Iterator[tuple[tuple[Card, Card], float]]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)


# ---- equity ------------------------------------------------------------------------------------------------------

_F32 = struct.Struct("f")


def _single(x: float) -> float:
    """x rounded to single precision, as eval7 returns its C floats."""
    return float(_F32.unpack(_F32.pack(x))[0])


def _iterations(value: object) -> int:
    if is_bool(value) or isinstance(value, float) or not hasattr(value, "__index__"):
        raise TypeError(f"iterations must be an integer, not {type(value).__name__} ({value!r})")
    count = operator.index(value)
    if count < 1:
        raise ValueError(f"iterations must be >= 1, got {count}")
    return count


def _hole(cards: object, what: str) -> list[int]:
    ids = _card_ids(cards, what)
    if len(ids) != 2:
        raise ValueError(f"{what} must be 2 cards, got {len(ids)}")
    return ids


def _board(cards: object) -> list[int]:
    ids = _card_ids(cards, "board")
    if len(ids) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(ids)}")
    return ids


def _options(villain: object, what: str) -> list[tuple[int, int]]:
    """Every ``(hand, weight)`` entry's two card ids (weights ignored, repeats kept)."""
    if isinstance(villain, (str, bytes)) or not isinstance(villain, Iterable):
        raise TypeError(f"{what} must be a HandRange or a list of ((card, card), weight), not {type(villain).__name__}")
    out: list[tuple[int, int]] = []
    for entry in villain:
        if not isinstance(entry, Sequence) or isinstance(entry, (str, bytes)) or len(entry) != 2:
            raise TypeError(f"{what}: each entry must be a ((card, card), weight) pair, not {entry!r}")
        a, b = _hole(entry[0], f"{what}: a hand")
        out.append((a, b))
    return out


def _live(options: list[tuple[int, int]], dead: int) -> list[tuple[int, int]]:
    return [(a, b) for a, b in options if not (dead >> a & 1 or dead >> b & 1)]


def _mask(ids: Iterable[int]) -> int:
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def _check_apart(hero: list[int], board: list[int]) -> None:
    for c in hero:
        if c in board:
            raise ValueError(f"card {_CARDS[c]} is both in the hand and on the board")


def _river(hero: list[int], options: list[tuple[int, int]], board: list[int]) -> float:
    """eval7's river count: wins plus half the ties, over the live villain hands."""
    mine = _rank(hero + board)
    wins = ties = 0
    for a, b in options:
        theirs = _rank([a, b, *board])
        if mine < theirs:
            wins += 1
        elif mine == theirs:
            ties += 1
    return (wins + 0.5 * ties) / len(options)


def _weighted_range(options: list[tuple[int, int]]) -> Range:
    """The options as a handrank Range, each hand weighted by how often it is listed."""
    counts = Counter(tuple(sorted(o, reverse=True)) for o in options)
    top = max(counts.values())
    return Range.from_combos([(hand, Fraction(n, top)) for hand, n in counts.items()])


def _no_villain(what: str) -> ValueError:
    return ValueError(f"no hand of {what} is possible beside the hero hand and the board")


def _heads_up(py_hand: Iterable[Card], py_villain: Iterable[Any], py_board: Iterable[Card]) -> tuple[Any, Any, Any]:
    """Checked hero cards, board and the villain hands that do not collide with them."""
    hero = _hole(py_hand, "hand")
    board = _board(py_board)
    _check_apart(hero, board)
    options = _live(_options(py_villain, "villain"), _mask(hero + board))
    if not options:
        raise _no_villain("the villain's range")
    return hero, board, options


def py_hand_vs_range_exact(py_hand: Iterable[Card], py_villain: Iterable[Any], py_board: Iterable[Card]) -> float:
    """Hero's equity against every hand of the villain's range (unweighted), over every runout of the board.

    >>> board = [Card(s) for s in ("Ac", "Kd", "7h", "2s")]
    >>> py_hand_vs_range_exact([Card("As"), Card("Ah")], HandRange("KK"), board)
    0.9772727489471436
    """
    hero, board, options = _heads_up(py_hand, py_villain, py_board)
    if len(board) == 5:
        return _single(_river(hero, options, board))
    result = handrank.equity([hero, _weighted_range(options)], board, exact=True)
    return _single(result.equity[0])


def py_hand_vs_range_monte_carlo(
    py_hand: Iterable[Card], py_villain: Iterable[Any], py_board: Iterable[Card], py_iterations: int
) -> float:
    """Hero's equity against the villain's range (unweighted), sampled over ``py_iterations`` runouts.

    >>> board = [Card(s) for s in ("2c", "3d", "4h")]
    >>> abs(py_hand_vs_range_monte_carlo([Card("As"), Card("Ah")], HandRange("KK"), board, 20000) - 0.91) < 0.02
    True
    """
    iterations = _iterations(py_iterations)
    hero, board, options = _heads_up(py_hand, py_villain, py_board)
    if len(board) == 5:
        return _single(_river(hero, options, board))
    seed = random.getrandbits(64)
    result = handrank.equity([hero, _weighted_range(options)], board, exact=False, trials=iterations, seed=seed)
    return _single(result.equity[0])


def py_all_hands_vs_range(
    py_hero: Iterable[Any], py_villain: Iterable[Any], py_board: Iterable[Card], py_iterations: int
) -> dict[tuple[Card, ...], float]:
    """Map each hand of hero's range to its equity against the villain's range (both unweighted).

    Hands that no villain hand can face, or that share a card with the board,
    are left out.  A complete board gives exact equities; otherwise each hand
    gets ``py_iterations`` Monte Carlo runouts.

    >>> board = [Card(s) for s in ("Kc", "Kd", "7h", "2s", "3c")]
    >>> py_all_hands_vs_range(HandRange("AsAh, KsKh"), HandRange("QQ"), board, 1000)
    {(Card("As"), Card("Ah")): 1.0, (Card("Ks"), Card("Kh")): 1.0}
    """
    iterations = _iterations(py_iterations)
    hero_hands = [(tuple(hand), _hole(hand, "hero range: a hand")) for hand in _hands_of(py_hero, "hero range")]
    options = _options(py_villain, "villain range")
    board = _board(py_board)
    board_mask = _mask(board)
    result: dict[tuple[Card, ...], float] = {}
    if len(board) == 5:
        ranked = [(a, b, _rank([a, b, *board])) for a, b in options if not (board_mask >> a & 1 or board_mask >> b & 1)]
        for key, (x, y) in hero_hands:
            dead = board_mask | 1 << x | 1 << y
            if board_mask & (1 << x | 1 << y):
                continue
            mine = _rank([x, y, *board])
            wins = ties = n = 0
            for a, b, theirs in ranked:
                if dead >> a & 1 or dead >> b & 1:
                    continue
                n += 1
                if mine < theirs:
                    wins += 1
                elif mine == theirs:
                    ties += 1
            if n:
                result[key] = _single((wins + 0.5 * ties) / n)
        return result
    villain: Range | None = None
    for key, (x, y) in hero_hands:
        dead = board_mask | 1 << x | 1 << y
        if board_mask & (1 << x | 1 << y) or not _live(options, dead):
            continue
        if villain is None:
            villain = _weighted_range(options)
        seed = random.getrandbits(64)
        eq = handrank.equity([[x, y], villain], board, exact=False, trials=iterations, seed=seed)
        result[key] = _single(eq.equity[0])
    return result


def _hands_of(hero: object, what: str) -> list[Any]:
    if isinstance(hero, (str, bytes)) or not isinstance(hero, Iterable):
        raise TypeError(f"{what} must be a HandRange or a list of ((card, card), weight), not {type(hero).__name__}")
    hands = []
    for entry in hero:
        if not isinstance(entry, Sequence) or isinstance(entry, (str, bytes)) or len(entry) != 2:
            raise TypeError(f"{what}: each entry must be a ((card, card), weight) pair, not {entry!r}")
        hands.append(entry[0])
    return hands
