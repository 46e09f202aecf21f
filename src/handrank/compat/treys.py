"""treys 0.1.8's public API, backed by handrank: ``from handrank.compat import treys`` in place of ``import treys``.

Same names, same signatures, same Cactus Kev 32-bit card ints, the same return
values and types, the same printed text and the same ``Deck`` shuffles for a
given seed.  ``Evaluator.evaluate`` maps each card int to a handrank id with
one dict lookup and ranks the cards with ``handrank.evaluate``;
``PLOEvaluator.evaluate`` does the same with ``handrank.evaluate_omaha``.

>>> from handrank.compat import treys
>>> from handrank.compat.treys import Card, Evaluator
>>> board = [Card.new("Ah"), Card.new("Kd"), Card.new("Jc")]
>>> hand = [Card.new("Qs"), Card.new("Th")]
>>> evaluator = Evaluator()
>>> evaluator.evaluate(board, hand)
1600
>>> evaluator.class_to_string(evaluator.get_rank_class(1600))
'Straight'
>>> deck = treys.Deck(seed=7)
>>> len(deck.draw(5)), len(deck.cards)
(5, 47)

Provided: ``Card`` (with every treys class constant and static method),
``Deck``, ``Evaluator``, ``PLOEvaluator`` (treys' Omaha evaluator: best of two
hand cards and three board cards), and ``LookupTable`` (its ``MAX_*``
constants, ``MAX_TO_RANK_CLASS``, ``RANK_CLASS_TO_STRING`` and the two
prime-product tables, with the same entries in the same order).  treys' names
live in submodules (``treys.lookup.LookupTable``); here they are all top-level.

Deliberate differences, all on input that treys mishandles; any valid input
gives exactly what treys gives.  Each of these raises ``InvalidInputError``,
a ``ValueError`` that names the offending card or value; it is also a
``KeyError`` and an ``IndexError``, so code that caught treys' accidental
errors keeps working:

* ``Card.new`` / ``Card.hand_to_binary``: anything but a two-character string
  of a rank (``23456789TJQKA``) and a suit (``shdc``).  treys raises a bare
  ``KeyError``/``IndexError``, or ignores what follows the first two
  characters (``Card.new("Ahx") == Card.new("Ah")``).  A non-string raises
  ``TypeError``.
* ``Card.int_to_str`` / ``Card.int_to_pretty_str`` / ``print_pretty_card(s)``:
  an int whose rank field is not 0..12 or whose suit field is not 1, 2, 4 or 8
  (treys returns strings such as ``'2x'`` or raises ``IndexError``/``KeyError``).
* ``Card.int_to_binary``: ints outside ``0 <= x < 2**32`` (treys raises
  ``IndexError`` or returns digits mixed with a ``'b'``).
* ``Evaluator.evaluate`` (and ``_five``/``_six``/``_seven``): an int that is not
  one of the 52 card ints, a card given twice, or a total other than 5..7
  cards.  treys raises ``KeyError`` with a prime product, or returns a wrong
  rank: ``Ah Ah Kd 2c 3c`` is "a pair of aces".  A card that is not an int
  raises ``TypeError``.
* ``PLOEvaluator.evaluate``: the same checks, and fewer than 2 hand or 3 board
  cards (treys returns 7462 for those).
* ``Evaluator.get_rank_class`` / ``get_five_card_rank_percentage``: a rank
  outside 1..7462 (treys calls 0 a royal flush and negative ranks straight
  flushes, raises a bare ``Exception`` above 7462, and scales any number).
* ``Evaluator.class_to_string``: a class outside 0..9 (treys: ``KeyError``).
* ``Evaluator.hand_summary``: a board that is not 5 cards, a hand that is not
  ``HAND_LENGTH`` cards (treys: ``AssertionError``), no hands (treys prints
  half a summary, then ``IndexError``), or an invalid or repeated card
  anywhere; all checked before anything is printed.
* ``Deck.draw(n)``: ``n < 0`` (treys returns ``[]``) or more cards than are
  left (treys pops the rest of the deck, then ``IndexError``); the deck is
  left unchanged.
* ``LookupTable.get_lexographically_next_bit_sequence(bits)``: ``bits <= 0``,
  checked on the call (treys: ``ZeroDivisionError`` on the first ``next`` for
  0, an endless run of -1 for negative bits).

Harmless widenings: ``hand`` and ``board`` may be any sequences (tuples,
numpy arrays, a list with a tuple) where treys needs two lists or two tuples
for ``hand + board`` (and adds numpy arrays element-wise); a value that merely
equals a card int (``268442665.0``, the ace of spades) passes as that card in
an otherwise valid hand, since cards are looked up by value, whatever their
type (treys raises ``TypeError``); and ``Evaluator().table`` (a ``LookupTable``,
which ``evaluate`` does not use) is built on first access instead of in
``__init__``.
"""

from __future__ import annotations

import bisect
import importlib
import itertools
import math
import operator
import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, cached_property
from typing import ClassVar, NamedTuple, TypeVar

import handrank
from handrank._cards import is_bool

__all__ = ["Card", "Deck", "Evaluator", "InvalidInputError", "LookupTable", "PLOEvaluator"]

_evaluate = handrank.evaluate
_evaluate_omaha = handrank.evaluate_omaha
_T = TypeVar("_T")


class InvalidInputError(ValueError, KeyError, IndexError):
    """Bad input to the treys adapter: a ``ValueError`` naming the card or value.

    It is a ``KeyError`` and an ``IndexError`` too, because those are what treys
    raises by accident on much of the same input.
    """

    def __str__(self) -> str:  # KeyError would quote the message
        return ValueError.__str__(self)


# --------------------------------------------------------------------------- cards


class Card:
    """Cards are plain ints in Cactus Kev's 32-bit layout; this class only holds static helpers.

    ``xxxbbbbb bbbbbbbb cdhsrrrr xxpppppp``: one bit per rank (b), one bit per
    suit (c, d, h, s = 8, 4, 2, 1), the rank 0..12 (r, deuce..ace) and the
    rank's prime (p: 2, 3, 5, ... 41).

    >>> Card.new("Kd")
    134236965
    >>> Card.int_to_str(134236965), Card.get_rank_int(134236965), Card.get_suit_int(134236965)
    ('Kd', 11, 4)
    """

    STR_RANKS: ClassVar[str] = "23456789TJQKA"
    INT_RANKS: ClassVar[range] = range(13)
    PRIMES: ClassVar[list[int]] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]

    CHAR_RANK_TO_INT_RANK: ClassVar[dict[str, int]] = {ch: i for i, ch in enumerate(STR_RANKS)}
    CHAR_SUIT_TO_INT_SUIT: ClassVar[dict[str, int]] = {"s": 1, "h": 2, "d": 4, "c": 8}
    INT_SUIT_TO_CHAR_SUIT: ClassVar[str] = "xshxdxxxc"

    PRETTY_SUITS: ClassVar[dict[int, str]] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}
    SUIT_COLORS: ClassVar[dict[int, str]] = {2: "red", 4: "blue", 8: "green"}

    @staticmethod
    def new(string: str) -> int:
        """The card int of a two-character string such as ``'As'`` or ``'Td'``."""
        try:
            return _INT_OF_STR[string]
        except (KeyError, TypeError):
            raise _card_string_error(string) from None

    @staticmethod
    def int_to_str(card_int: int) -> str:
        """The two-character string of a card int: ``'As'``."""
        rank_int, suit_int = _rank_and_suit(card_int)
        return Card.STR_RANKS[rank_int] + Card.INT_SUIT_TO_CHAR_SUIT[suit_int]

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        """The rank field: 0 (deuce) .. 12 (ace)."""
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        """The suit field: 1 (spades), 2 (hearts), 4 (diamonds) or 8 (clubs)."""
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        """The 13-bit rank field, one bit set: ``1 << rank``."""
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        """The rank's prime: 2 (deuce) .. 41 (ace)."""
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Sequence[str]) -> list[int]:
        """The card ints of a sequence of card strings."""
        return [Card.new(text) for text in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Sequence[int]) -> int:
        """The product of the cards' primes (the low byte of each card int)."""
        return math.prod(card & 0xFF for card in card_ints)

    @staticmethod
    def prime_product_from_rankbits(rankbits: int) -> int:
        """The product of the primes of the ranks whose bits are set among the low 13 of ``rankbits``."""
        return math.prod(prime for rank, prime in enumerate(Card.PRIMES) if (rankbits >> rank) & 1)

    @staticmethod
    def int_to_binary(card_int: int) -> str:
        """The 32 bits of a card int, most significant first, in tab-separated groups of four (for debugging)."""
        value = operator.index(card_int)
        if not 0 <= value < 1 << 32:
            raise InvalidInputError(f"Card.int_to_binary takes a 32-bit card int (0 <= x < 2**32), not {value}")
        digits = format(value, "032b")
        return "\t".join(digits[start : start + 4] for start in range(0, 32, 4))

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """``'[A♠]'``; the suit is coloured when termcolor is installed."""
        rank_int, suit_int = _rank_and_suit(card_int)
        suit = Card.PRETTY_SUITS[suit_int]
        colored = _termcolor()
        if colored is not None and suit_int in Card.SUIT_COLORS:
            suit = colored(suit, Card.SUIT_COLORS[suit_int])
        return f"[{Card.STR_RANKS[rank_int]}{suit}]"

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        """Print ``Card.int_to_pretty_str(card_int)``."""
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def ints_to_pretty_str(card_ints: Sequence[int]) -> str:
        """``' [A♠],[K♥] '``: the pretty cards joined by commas, a space either side (``' '`` for none)."""
        pieces = [Card.int_to_pretty_str(card) for card in card_ints]
        return f" {','.join(pieces)} " if pieces else " "

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        """Print ``Card.ints_to_pretty_str(card_ints)``."""
        print(Card.ints_to_pretty_str(card_ints))


def _make_card(rank: int, suit_bit: int) -> int:
    return (0x10000 << rank) | (suit_bit << 12) | (rank << 8) | Card.PRIMES[rank]


_HANDRANK_SUIT = {8: 0, 4: 1, 2: 2, 1: 3}  # treys suit bit -> handrank suit (c, d, h, s)
_INT_OF_STR: dict[str, int] = {
    rank_ch + suit_ch: _make_card(rank, suit_bit)
    for rank, rank_ch in enumerate(Card.STR_RANKS)
    for suit_ch, suit_bit in Card.CHAR_SUIT_TO_INT_SUIT.items()
}
_STR_OF_INT: dict[int, str] = {card: text for text, card in _INT_OF_STR.items()}
_ID_OF_INT: dict[int, int] = {
    card: 4 * Card.get_rank_int(card) + _HANDRANK_SUIT[Card.get_suit_int(card)] for card in _STR_OF_INT
}
_id_of = _ID_OF_INT.__getitem__


def _card_string_error(value: object) -> Exception:
    if not isinstance(value, str):
        return TypeError(f"Card.new takes a card string such as 'As', not {type(value).__name__} {value!r}")
    if len(value) != 2:
        why = "it is not two characters"
    elif value[0] not in Card.CHAR_RANK_TO_INT_RANK:
        why = f"{value[0]!r} is not a rank (ranks are {Card.STR_RANKS})"
    else:
        why = f"{value[1]!r} is not a suit (suits are s, h, d, c)"
    return InvalidInputError(f"invalid card string {value!r}: {why}; cards are written like 'As', 'Td', '2c'")


def _rank_and_suit(card_int: int) -> tuple[int, int]:
    """The rank and suit fields of a card int, which must be 0..12 and 1, 2, 4 or 8."""
    rank_int = (card_int >> 8) & 0xF
    suit_int = (card_int >> 12) & 0xF
    if rank_int > 12 or suit_int not in Card.PRETTY_SUITS:
        raise InvalidInputError(
            f"{card_int!r} is not a treys card int (rank field {rank_int}, suit field {suit_int}); "
            "make cards with Card.new('As')"
        )
    return rank_int, suit_int


def _termcolor() -> Callable[[str, str], str] | None:
    """termcolor's ``colored`` when it is installed (looked up on every call, as treys does)."""
    try:
        module = importlib.import_module("termcolor")
    except ImportError:
        return None
    colored: Callable[[str, str], str] = module.colored
    return colored


def _describe(card: object) -> str:
    text = _STR_OF_INT.get(card) if isinstance(card, int) else None
    return f"{text} ({card})" if text else repr(card)


def _checked_ids(groups: Sequence[tuple[str, object]]) -> list[list[int]]:
    """Each named group of treys card ints as handrank ids; a clear error for a bad or repeated card."""
    seen: dict[int, str] = {}
    out: list[list[int]] = []
    for name, cards in groups:
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise TypeError(f"{name} must be a sequence of treys card ints, not {type(cards).__name__} {cards!r}")
        ids: list[int] = []
        for i, card in enumerate(cards):
            where = f"{name}[{i}]"
            if is_bool(card) or isinstance(card, (float, str)):
                kind = type(card).__name__
                raise TypeError(f"{where} is {kind} {card!r}, not a treys card int (make cards with Card.new('As'))")
            try:
                value = operator.index(card)
            except TypeError:
                kind = type(card).__name__
                raise TypeError(
                    f"{where} is {kind} {card!r}, not a treys card int (make cards with Card.new('As'))"
                ) from None
            cid = _ID_OF_INT.get(value)
            if cid is None:
                raise InvalidInputError(f"{where} = {value} is not a treys card int (make cards with Card.new('As'))")
            if cid in seen:
                raise InvalidInputError(f"duplicate card {_describe(value)}: it is both {seen[cid]} and {where}")
            seen[cid] = where
            ids.append(cid)
        out.append(ids)
    return out


# --------------------------------------------------------------------------- lookup table


class _Tables(NamedTuple):
    flush: dict[int, int]  # prime product -> rank, straight flushes and flushes, best first
    straights: list[int]  # the 10 straight rank-bit patterns, best first
    highcards: list[int]  # the other 1277 patterns of five distinct ranks, best first
    multiples: dict[int, int]  # prime product -> rank, quads .. one pair, best first


@cache
def _tables() -> _Tables:
    """treys' tables, ranked by handrank: every 5-card rank pattern with its Cactus Kev class."""
    primes = Card.PRIMES
    flushes = sorted(
        (_evaluate([4 * rank for rank in ranks]), sum(1 << rank for rank in ranks))
        for ranks in itertools.combinations(range(13), 5)
    )
    n_straights = LookupTable.MAX_STRAIGHT_FLUSH
    multiples = sorted(
        # suits 0, 1, 2, 3, 0 along the sorted ranks: equal ranks never share a suit, and no flush
        (_evaluate([4 * rank + i % 4 for i, rank in enumerate(ranks)]), math.prod(primes[r] for r in ranks))
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if 1 < len(set(ranks)) < 5
    )
    return _Tables(
        flush={Card.prime_product_from_rankbits(bits): rank for rank, bits in flushes},
        straights=[bits for _, bits in flushes[:n_straights]],
        highcards=[bits for _, bits in flushes[n_straights:]],
        multiples=dict((product, rank) for rank, product in multiples),
    )


def _next_bit_permutations(bits: int) -> Iterator[int]:
    while True:
        low = bits & -bits
        ripple = bits + low
        bits = ripple | (((ripple ^ bits) >> 2) // low)
        yield bits


class LookupTable:
    """The 7462 classes of five-card hands, and treys' prime-product tables for them.

    Rank 1 is a royal flush, rank 7462 an unsuited 7-5-4-3-2.  ``flush_lookup``
    maps the prime product of a flush's ranks to its rank; ``unsuited_lookup``
    does the same for every other hand.

    >>> table = LookupTable()
    >>> table.flush_lookup[Card.prime_product_from_rankbits(0b1111100000000)]  # A K Q J T suited
    1
    >>> table.unsuited_lookup[13 * 7 * 5 * 3 * 2]  # 7 5 4 3 2 offsuit (primes 13, 7, 5, 3, 2)
    7462
    """

    MAX_ROYAL_FLUSH: ClassVar[int] = 1
    MAX_STRAIGHT_FLUSH: ClassVar[int] = 10
    MAX_FOUR_OF_A_KIND: ClassVar[int] = 166
    MAX_FULL_HOUSE: ClassVar[int] = 322
    MAX_FLUSH: ClassVar[int] = 1599
    MAX_STRAIGHT: ClassVar[int] = 1609
    MAX_THREE_OF_A_KIND: ClassVar[int] = 2467
    MAX_TWO_PAIR: ClassVar[int] = 3325
    MAX_PAIR: ClassVar[int] = 6185
    MAX_HIGH_CARD: ClassVar[int] = 7462

    MAX_TO_RANK_CLASS: ClassVar[dict[int, int]] = {
        MAX_ROYAL_FLUSH: 0,
        MAX_STRAIGHT_FLUSH: 1,
        MAX_FOUR_OF_A_KIND: 2,
        MAX_FULL_HOUSE: 3,
        MAX_FLUSH: 4,
        MAX_STRAIGHT: 5,
        MAX_THREE_OF_A_KIND: 6,
        MAX_TWO_PAIR: 7,
        MAX_PAIR: 8,
        MAX_HIGH_CARD: 9,
    }

    RANK_CLASS_TO_STRING: ClassVar[dict[int, str]] = {
        0: "Royal Flush",
        1: "Straight Flush",
        2: "Four of a Kind",
        3: "Full House",
        4: "Flush",
        5: "Straight",
        6: "Three of a Kind",
        7: "Two Pair",
        8: "Pair",
        9: "High Card",
    }

    def __init__(self) -> None:
        self.flush_lookup: dict[int, int] = {}
        self.unsuited_lookup: dict[int, int] = {}
        self.flushes()
        self.multiples()

    def flushes(self) -> None:
        """Add the straight flushes and flushes to ``flush_lookup``, then the straights and high cards."""
        tables = _tables()
        self.flush_lookup.update(tables.flush)
        self.straight_and_highcards(tables.straights, tables.highcards)

    def straight_and_highcards(self, straights: Sequence[int], highcards: Sequence[int]) -> None:
        """Rank the given rank-bit patterns, best first: straights from 1600 on, high cards from 6186 on."""
        for rank, bits in enumerate(straights, LookupTable.MAX_FLUSH + 1):
            self.unsuited_lookup[Card.prime_product_from_rankbits(bits)] = rank
        for rank, bits in enumerate(highcards, LookupTable.MAX_PAIR + 1):
            self.unsuited_lookup[Card.prime_product_from_rankbits(bits)] = rank

    def multiples(self) -> None:
        """Add four of a kind, full houses, three of a kind, two pair and one pair to ``unsuited_lookup``."""
        self.unsuited_lookup.update(_tables().multiples)

    def write_table_to_disk(self, table: Mapping[int, int], filepath: str | os.PathLike[str]) -> None:
        """Write ``table`` as ``prime_product,rank`` lines."""
        with open(filepath, "w") as f:
            f.writelines(f"{product},{rank}\n" for product, rank in table.items())

    def get_lexographically_next_bit_sequence(self, bits: int) -> Iterator[int]:
        """The ints after ``bits`` that have as many bits set, in increasing order (endless)."""
        if bits <= 0:
            raise InvalidInputError(f"get_lexographically_next_bit_sequence needs bits > 0, not {bits}")
        return _next_bit_permutations(bits)


# --------------------------------------------------------------------------- evaluators


_CLASS_MAXIMA = sorted(LookupTable.MAX_TO_RANK_CLASS)


def _checked_rank(hand_rank: float, what: str) -> None:
    if not 1 <= hand_rank <= LookupTable.MAX_HIGH_CARD:
        raise InvalidInputError(f"{what} takes a hand rank 1..7462, not {hand_rank!r}")


class Evaluator:
    """Hold'em hand ranks, 1 (royal flush) .. 7462 (7-5-4-3-2), for 5, 6 or 7 cards.

    >>> evaluator = Evaluator()
    >>> evaluator.evaluate([Card.new("As"), Card.new("Ks")], Card.hand_to_binary(["Qs", "Js", "Ts", "2c", "3d"]))
    1
    """

    HAND_LENGTH = 2
    BOARD_LENGTH = 5

    def __init__(self) -> None:
        self.hand_size_map: dict[int, Callable[[Sequence[int]], int]] = {
            5: self._five,
            6: self._six,
            7: self._seven,
        }

    @cached_property
    def table(self) -> LookupTable:
        """treys' lookup tables (built on first access; ``evaluate`` does not need them)."""
        return LookupTable()

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """The rank of ``hand`` and ``board`` together, 5 to 7 cards in all (split any way)."""
        try:
            n_board = len(board)
            if len(hand) == 2:
                get = _ID_OF_INT
                if n_board == 5:
                    h0, h1 = hand
                    b0, b1, b2, b3, b4 = board
                    return _evaluate([get[h0], get[h1], get[b0], get[b1], get[b2], get[b3], get[b4]])
                if n_board == 4:
                    h0, h1 = hand
                    b0, b1, b2, b3 = board
                    return _evaluate([get[h0], get[h1], get[b0], get[b1], get[b2], get[b3]])
                if n_board == 3:
                    h0, h1 = hand
                    b0, b1, b2 = board
                    return _evaluate([get[h0], get[h1], get[b0], get[b1], get[b2]])
            return _evaluate([*map(_id_of, hand), *map(_id_of, board)])
        except (KeyError, ValueError, TypeError):
            pass
        return _rank_checked([("hand", hand), ("board", board)], (5, 6, 7), "Evaluator.evaluate")

    def _five(self, cards: Sequence[int]) -> int:
        """The rank of exactly five cards."""
        return _rank_checked([("cards", cards)], (5,), "Evaluator._five")

    def _six(self, cards: Sequence[int]) -> int:
        """The rank of the best five of six cards."""
        return _rank_checked([("cards", cards)], (6,), "Evaluator._six")

    def _seven(self, cards: Sequence[int]) -> int:
        """The rank of the best five of seven cards."""
        return _rank_checked([("cards", cards)], (7,), "Evaluator._seven")

    def get_rank_class(self, hr: int) -> int:
        """The class of a hand rank: 0 (royal flush) .. 9 (high card), the keys of ``class_to_string``."""
        _checked_rank(hr, "Evaluator.get_rank_class")
        return LookupTable.MAX_TO_RANK_CLASS[_CLASS_MAXIMA[bisect.bisect_left(_CLASS_MAXIMA, hr)]]

    def class_to_string(self, class_int: int) -> str:
        """The name of a rank class: ``'Royal Flush'`` .. ``'High Card'``."""
        try:
            return LookupTable.RANK_CLASS_TO_STRING[class_int]
        except (KeyError, TypeError):
            raise InvalidInputError(
                f"Evaluator.class_to_string takes a rank class 0..9 (from get_rank_class), not {class_int!r}"
            ) from None

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """``hand_rank / 7462``: near 0.0 for the best hands, 1.0 for the worst."""
        _checked_rank(hand_rank, "Evaluator.get_five_card_rank_percentage")
        return float(hand_rank) / float(LookupTable.MAX_HIGH_CARD)

    def hand_summary(self, board: Sequence[int], hands: Sequence[Sequence[int]]) -> None:
        """Print each hand's class and relative strength on the flop, turn and river, and who leads or wins.

        ``board`` holds the five board cards in the order they were dealt.
        """
        board = _as_list(board, "board")
        hands = [_as_list(hand, f"hands[{i}]") for i, hand in enumerate(_as_list(hands, "hands"))]
        if len(board) != self.BOARD_LENGTH:
            raise InvalidInputError(
                f"hand_summary needs a board of {self.BOARD_LENGTH} cards (flop, turn, river), got {len(board)}"
            )
        if not hands:
            raise InvalidInputError("hand_summary needs at least one hand")
        for i, hand in enumerate(hands):
            if len(hand) != self.HAND_LENGTH:
                raise InvalidInputError(
                    f"hand_summary needs {self.HAND_LENGTH} cards in every hand, but hands[{i}] has {len(hand)}"
                )
        _checked_ids([("board", board), *((f"hands[{i}]", hand) for i, hand in enumerate(hands))])

        bar = "=" * 10
        best = LookupTable.MAX_HIGH_CARD
        winners: list[int] = []
        for street, shown in (("FLOP", 3), ("TURN", 4), ("RIVER", 5)):
            print(f"{bar} {street} {bar}")
            ranks = [self.evaluate(hand, board[:shown]) for hand in hands]
            for player, rank in enumerate(ranks, 1):
                name = self.class_to_string(self.get_rank_class(rank))
                strength = 1.0 - self.get_five_card_rank_percentage(rank)
                print(f"Player {player} hand = {name}, percentage rank among all hands = {strength}")
            best = min(ranks)
            winners = [player for player, rank in enumerate(ranks, 1) if rank == best]
            if street != "RIVER":
                if len(winners) == 1:
                    print(f"Player {winners[0]} hand is currently winning.\n")
                else:
                    print(f"Players {winners} are tied for the lead.\n")
        name = self.class_to_string(self.get_rank_class(best))
        print()
        print(f"{bar} HAND OVER {bar}")
        if len(winners) == 1:
            print(f"Player {winners[0]} is the winner with a {name}\n")
        else:
            print(f"Players {winners} tied for the win with a {name}\n")


def _as_list(items: Iterable[_T], name: str) -> list[_T]:
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise TypeError(f"{name} must be a sequence, not {type(items).__name__} {items!r}")
    return list(items)


def _rank_checked(groups: Sequence[tuple[str, object]], sizes: tuple[int, ...], what: str) -> int:
    """Validate every card, then rank them together (for input that the direct lookups reject)."""
    ids = [cid for group in _checked_ids(groups) for cid in group]
    if len(ids) not in sizes:
        wanted = " to ".join(map(str, (sizes[0], sizes[-1]))) if len(sizes) > 1 else str(sizes[0])
        names = " + ".join(name for name, _ in groups)
        raise InvalidInputError(f"{what} needs {wanted} cards in {names}, got {len(ids)}")
    return _evaluate(ids)


class PLOEvaluator(Evaluator):
    """Omaha ranks: the best hand of exactly two ``hand`` cards and three ``board`` cards.

    >>> PLOEvaluator().evaluate(Card.hand_to_binary(["Ah", "Kh", "2c", "3d"]), Card.hand_to_binary(["Qh", "Jh", "Th"]))
    1
    """

    HAND_LENGTH = 4

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """The best rank of two of ``hand`` with three of ``board`` (any sizes from 2 and 3 cards)."""
        try:
            _ = len(hand) + len(board)  # unsized iterables take the slow path before anything consumes them
            return _evaluate_omaha([*map(_id_of, hand)], [*map(_id_of, board)])
        except (KeyError, ValueError, TypeError):
            pass
        hole, shared = _checked_ids([("hand", hand), ("board", board)])
        if len(hole) < 2 or len(shared) < 3:
            raise InvalidInputError(
                "PLOEvaluator.evaluate needs at least 2 hand cards and 3 board cards, "
                f"got {len(hole)} and {len(shared)}"
            )
        if 4 <= len(hole) <= 6 and len(shared) <= 5:
            return _evaluate_omaha(hole, shared)
        return min(
            _evaluate([*two, *three])
            for two in itertools.combinations(hole, 2)
            for three in itertools.combinations(shared, 3)
        )


# --------------------------------------------------------------------------- deck


class Deck:
    """The 52 cards, shuffled by a ``random.Random(seed)`` of its own; ``draw`` takes from the end.

    >>> deck = Deck(seed=1)
    >>> drawn = deck.draw(2)
    >>> len(drawn), len(deck.cards), Deck(seed=1).draw(2) == drawn
    (2, 50, True)
    """

    _FULL_DECK: ClassVar[list[int]] = []
    cards: list[int]

    def __init__(self, seed: int | float | str | bytes | bytearray | None = None) -> None:
        self._random = random.Random(seed)
        self.shuffle()

    def shuffle(self) -> None:
        """Put all 52 cards back and shuffle them."""
        self.cards = Deck.GetFullDeck()
        self._random.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[int]:
        """Take ``n`` cards off the end of ``cards`` (a list, even for one card)."""
        count = operator.index(n)
        if count < 0:
            raise InvalidInputError(f"Deck.draw cannot draw a negative number of cards ({count})")
        if count > len(self.cards):
            raise InvalidInputError(f"Deck.draw({count}): only {len(self.cards)} cards are left in the deck")
        return [self.cards.pop() for _ in range(count)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:
        """A new list of the 52 card ints, deuces first, spades, hearts, diamonds, clubs within a rank."""
        if not Deck._FULL_DECK:
            Deck._FULL_DECK.extend(_INT_OF_STR.values())
        return list(Deck._FULL_DECK)
