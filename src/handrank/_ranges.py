"""Hand ranges in the notation poker players use, for Hold'em and Omaha.

A range is a set of starting hands ("combos"), each with a weight in (0, 1]:
the share of that combo the player holds.  ``Range("QQ+, AKs")`` is the 22
combos of queens, kings, aces and ace-king suited, each with weight 1.

Hold'em notation
----------------
Items are separated by commas and/or whitespace.  Ranks and suits are
case-insensitive, ranks are ``2``-``9``, ``T`` (or ``10``), ``J``, ``Q``,
``K``, ``A``; suits are ``c d h s`` (or ``♣ ♦ ♥ ♠``).

==================  ===========================================================
``AA``              a pair: its 6 combos
``AKs``             suited: the 4 combos of A and K of one suit
``AKo``             offsuit: the 12 combos of A and K of different suits
``AK``              both: all 16 combos (``KA`` means the same)
``QQ+``             this pair and every higher one: QQ, KK, AA
``A2s+``            the kicker climbs up to just below the top card: A2s..AKs
``KTo+`` ``KT+``    KTo, KJo, KQo (``KT+``: suited and offsuit)
``88-55``           a dash range of pairs, both ends included, either order
``A5s-A2s``         a dash range with a shared top card: A5s, A4s, A3s, A2s
``T9s-65s``         a dash range with the same gap: T9s, 98s, 87s, 76s, 65s
``AhKh``            one explicit combo (two distinct cards written together;
                    ``Ah Kh`` is two items of one card each, an error)
``random`` ``*``    every one of the 1326 combos
==================  ===========================================================

Both ends of a dash range must have the same shape: both pairs, or the same
suitedness and either the same top card (``A5s-A2s``) or the same gap
between the two ranks (``T9s-65s``).

Weights
-------
``0.5(JJ, TT)`` gives every combo of the items inside the parentheses the
weight 1/2; ``40%(ATs+)`` gives 2/5; ``1/3(AKo)`` gives 1/3.  A weight is a
number in (0, 1], a percentage in (0%, 100%] or a fraction ``p/q`` in (0, 1];
weights are exact (:class:`fractions.Fraction`): ``0.333`` is 333/1000.
Items outside a group weigh 1.  Groups cannot be nested.  (There is no
``0.25:AKo`` form; write ``0.25(AKo)``.)

When a combo is named more than once, **the later mention's weight wins**:
``Range("QQ+, 0.5(AA)")`` holds AA at 1/2, but ``Range("0.5(AA), QQ+")``
holds it at 1.

Omaha notation
--------------
Items are explicit hands of 4, 5 or 6 cards written together
(``AhAsKdKc``); every hand of one range has the same number of cards.
Weights work as in Hold'em.  ``random`` means every hand of ``hole_size``
cards; it is not enumerated but kept as a flag (:attr:`Range.is_random`), must
be the only item of the range and cannot be weighted.

Errors
------
Bad text raises :class:`ValueError` quoting the offending token and its
character offset, e.g. ``unknown hand 'AKx' at position 4 in 'QQ+,AKx'``.
"""

from __future__ import annotations

import math
import re
from collections import namedtuple
from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import combinations

from handrank._cards import (
    CARD_NAMES,
    SHORT_DECK_LOWEST,
    SHORT_DECK_RULE,
    SUIT_SYMBOLS,
    CardLike,
    Cards,
    as_index,
    items_of,
    parse_cards,
)
from handrank._games import EQUITY_GAMES, HOLDEM, OMAHA, RANGE_GAME_OF, EquityGameName, plural
from handrank._games import game as _game
from handrank._tables import N_CARDS, RANK_CHARS, SUIT_CHARS

__all__ = ["Range"]

RANGE_GAMES = (*EQUITY_GAMES, "shortdeck")
"""The games a Range is of: Hold'em, Omaha, and Hold'em in the 36-card short deck."""

_RANK_RE = rf"(?:10|[{RANK_CHARS}])"
_SUIT_RE = rf"[{SUIT_CHARS}{''.join(SUIT_SYMBOLS)}]"
_CLASS_RE = re.compile(rf"({_RANK_RE})({_RANK_RE})([so])?(\+)?", re.IGNORECASE)
_CARDS_RE = re.compile(rf"(?:{_RANK_RE}{_SUIT_RE})+(\+)?", re.IGNORECASE)
_WEIGHT_RE = re.compile(r"(?:(\d+(?:\.\d*)?|\.\d+)(%)?|(\d+)/(\d+))")
_N_HOLDEM = 1326
_WEIGHT_RULE = "a weight is a number in (0, 1], a percentage in (0%, 100%] or a fraction p/q in (0, 1]"

Combo = tuple[int, ...]
ClassKey = tuple[int, int, str]  # (high rank, low rank, "" | "s" | "o"); a pair has high == low and ""


TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from typing import NamedTuple

    class _Token(NamedTuple):
        kind: str  # "word", "(" or ")"
        text: str
        pos: int

    class Packed(NamedTuple):
        masks: tuple[int, ...]
        union: int
        ints: tuple[int, ...]
        scale: int
        cards: bytes
else:
    _Token = namedtuple("_Token", ("kind", "text", "pos"))
    Packed = namedtuple("Packed", ("masks", "union", "ints", "scale", "cards"))


def _rank(text: str) -> int:
    return 8 if text == "10" else RANK_CHARS.index(text.upper())


def _class_name(hi: int, lo: int, suffix: str) -> str:
    return RANK_CHARS[hi] + RANK_CHARS[lo] + suffix


def _class_combos(hi: int, lo: int, suffix: str) -> list[tuple[int, int]]:
    """The combos of one hand class, each sorted descending."""
    if hi == lo:
        return [(4 * hi + b, 4 * hi + a) for a, b in combinations(range(4), 2)]
    return [
        (4 * hi + s1, 4 * lo + s2)
        for s1 in range(4)
        for s2 in range(4)
        if (suffix != "s" or s1 == s2) and (suffix != "o" or s1 != s2)
    ]


def _format_weight(weight: Fraction) -> str:
    """A weight as text the parser reads back exactly: 0.5, 0.333 or 1/3."""
    den = weight.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{weight.numerator}/{weight.denominator}"
    digits = max(twos, fives)
    scaled = weight.numerator * 10**digits // weight.denominator
    if digits == 0:
        return str(scaled)
    whole, frac = divmod(scaled, 10**digits)
    return f"{whole}.{frac:0{digits}d}"


def _to_fraction(weight: Fraction | float | int) -> Fraction:
    """A programmatic weight as a Fraction; floats are read by their shortest decimal repr (0.1 -> 1/10)."""
    if isinstance(weight, float):  # numpy's float64 too: its repr is not a number, float()'s is
        if not math.isfinite(weight):
            raise ValueError(f"weight {weight!r} is not a finite number")
        return Fraction(repr(float(weight)))
    if isinstance(weight, (int, Fraction)):
        return Fraction(weight)
    number = as_index(weight)  # numpy's integers
    if number is not None:
        return Fraction(number)
    raise TypeError(f"a weight must be a Fraction, float or int, not {type(weight).__name__} ({weight!r})")


class _Parser:
    """Reads range text into a dict of combo -> weight, in mention order."""

    def __init__(self, text: str, game: str, hole_size: int | None) -> None:
        self.text = text
        self.game = game
        self.hole_size = hole_size
        self.weights: dict[Combo, Fraction] = {}
        self.random = False
        self.n_items = 0

    def error(self, what: str, token: str, pos: int, why: str = "", verb: str = "") -> ValueError:
        """``{what} '{token}' at position {pos} in '{text}'[ {verb}][ ({why})]``."""
        tail = (f" {verb}" if verb else "") + (f" ({why})" if why else "")
        return ValueError(f"{what} {token!r} at position {pos} in {self.text!r}{tail}")

    def tokens(self) -> list[_Token]:
        """Words, parentheses and commas, with their offsets; whitespace only separates."""
        out: list[_Token] = []
        start = -1
        for i, ch in enumerate(self.text):
            if ch.isspace() or ch in ",()":
                if start >= 0:
                    out.append(_Token("word", self.text[start:i], start))
                    start = -1
                if not ch.isspace():
                    out.append(_Token(ch, ch, i))
            elif start < 0:
                start = i
        if start >= 0:
            out.append(_Token("word", self.text[start:], start))
        return out

    def parse(self) -> None:
        tokens = self.tokens()
        if all(tok.kind == "," for tok in tokens):
            raise ValueError(f"empty range {self.text!r}: give hands such as 'QQ+, AKs' or 'random'")
        group: _Token | None = None  # the weight token of the open group
        group_items = 0
        weight = Fraction(1)
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok.kind == ",":
                i += 1
                continue
            if tok.kind == "(":
                if group is not None:
                    raise self.error("nested weight group", "(", tok.pos, "weight groups cannot be nested")
                raise self.error("weight group", "(", tok.pos, "it has no weight; write e.g. 0.5(JJ, TT)")
            if tok.kind == ")":
                if group is None:
                    raise self.error("unbalanced", ")", tok.pos, "no '(' opens it")
                if group_items == 0:
                    raise self.error("empty weight group", group.text + "(", group.pos)
                group, weight = None, Fraction(1)
                i += 1
                continue
            if i + 1 < len(tokens) and tokens[i + 1].kind == "(":
                if group is not None:
                    raise self.error("nested weight group", tok.text + "(", tok.pos, "weight groups cannot be nested")
                group, group_items = tok, 0
                weight = self.weight(tok)
                i += 2
                continue
            self.item(tok, weight, group is not None)
            group_items += 1
            i += 1
        if group is not None:
            paren = next(t for t in tokens if t.kind == "(" and t.pos > group.pos)
            raise self.error("unbalanced", "(", paren.pos, "no ')' closes it")

    def weight(self, tok: _Token) -> Fraction:
        m = _WEIGHT_RE.fullmatch(tok.text)
        if m is None:
            raise self.error("invalid weight", tok.text, tok.pos, "a weight is a number such as 0.5, 1/3 or 40%")
        try:
            if m[3] is not None:
                if int(m[4]) == 0:
                    raise self.error("invalid weight", tok.text, tok.pos, "division by zero")
                value = Fraction(int(m[3]), int(m[4]))
            else:
                value = Fraction(m[1]) / (100 if m[2] else 1)
        except ValueError as exc:
            if str(exc).startswith("invalid weight"):
                raise
            # Python refuses to read integers of more than a few thousand digits.
            raise self.error("invalid weight", tok.text, tok.pos, "too many digits") from None
        if not 0 < value <= 1:
            raise self.error("weight", tok.text, tok.pos, _WEIGHT_RULE, verb="is out of range")
        return value

    def item(self, tok: _Token, weight: Fraction, weighted: bool) -> None:
        self.n_items += 1
        word = tok.text
        if word.lower() in ("random", "*"):
            if self.game == "omaha":
                if weighted or self.n_items > 1 or self.weights:
                    raise self.error(
                        "item",
                        word,
                        tok.pos,
                        "an Omaha 'random' range must be the only item and cannot be weighted",
                    )
                self.random = True
                return
            for hi in range(13):
                for lo in range(hi + 1):
                    self.add_class(hi, lo, "", weight)
            return
        if self.random:  # Omaha random came first
            raise self.error(
                "item", word, tok.pos, "an Omaha 'random' range must be the only item and cannot be weighted"
            )
        cards = _CARDS_RE.fullmatch(word)
        if cards is not None:
            self.explicit(tok, cards[1] is not None, weight)
        elif self.game == "omaha":
            raise self.error(
                "unknown hand", word, tok.pos, "an Omaha range lists hands of 4, 5 or 6 cards such as AhAsKdKc"
            )
        elif "-" in word:
            self.dash(tok, weight)
        else:
            m = _CLASS_RE.fullmatch(word)
            if m is None:
                raise self.error("unknown hand", word, tok.pos)
            hi, lo, suffix = self.hand_class(m, tok)
            if m[4] is None:
                kinds = [(hi, lo, suffix)]
            elif hi == lo:
                kinds = [(r, r, "") for r in range(hi, 13)]
            else:
                kinds = [(hi, k, suffix) for k in range(lo, hi)]
            for h, low, suf in kinds:
                self.add_class(h, low, suf, weight)

    def hand_class(self, m: re.Match[str], tok: _Token) -> ClassKey:
        r1, r2 = _rank(m[1]), _rank(m[2])
        suffix = (m[3] or "").lower()
        if r1 == r2 and suffix:
            raise self.error("invalid pair", tok.text, tok.pos, "a pair cannot be suited or offsuit")
        return max(r1, r2), min(r1, r2), suffix

    def dash(self, tok: _Token, weight: Fraction) -> None:
        parts = tok.text.split("-")
        if len(parts) != 2:
            raise self.error("invalid dash range", tok.text, tok.pos, "it needs exactly two ends, such as 88-55")
        ends: list[ClassKey] = []
        for part in parts:
            m = _CLASS_RE.fullmatch(part)
            if m is None:
                raise self.error(
                    "invalid dash range", tok.text, tok.pos, "both ends must be hand classes such as T9s, KQo or 88"
                )
            if m[4] is not None:
                raise self.error("invalid dash range", tok.text, tok.pos, "'+' cannot be used inside a dash range")
            ends.append(self.hand_class(m, tok))
        (hi1, lo1, suf1), (hi2, lo2, suf2) = ends
        pair1, pair2 = hi1 == lo1, hi2 == lo2
        kinds: list[ClassKey]
        if pair1 and pair2:
            kinds = [(r, r, "") for r in range(min(hi1, hi2), max(hi1, hi2) + 1)]
        elif pair1 or pair2 or suf1 != suf2:
            kinds = []
        elif hi1 == hi2:
            kinds = [(hi1, k, suf1) for k in range(min(lo1, lo2), max(lo1, lo2) + 1)]
        elif hi1 - lo1 == hi2 - lo2:
            gap = hi1 - lo1
            kinds = [(h, h - gap, suf1) for h in range(min(hi1, hi2), max(hi1, hi2) + 1)]
        else:
            kinds = []
        if not kinds:
            raise self.error(
                "mismatched dash range",
                tok.text,
                tok.pos,
                "both ends must be pairs, or have the same suitedness and either the same top card or the same gap",
            )
        for hi, lo, suffix in kinds:
            self.add_class(hi, lo, suffix, weight)

    def explicit(self, tok: _Token, plus: bool, weight: Fraction) -> None:
        if plus:
            raise self.error(
                "invalid hand",
                tok.text,
                tok.pos,
                "'+' cannot follow explicit cards; it follows hand classes such as QQ+ or A2s+",
            )
        try:
            ids = parse_cards(tok.text)
        except ValueError:
            raise self.error("invalid hand", tok.text, tok.pos, "a card appears twice") from None
        n = len(ids)
        if self.game == "holdem":
            if n != 2:
                raise self.error(
                    "invalid hand", tok.text, tok.pos, f"{HOLDEM.hand_rule}, this has {n}; write them together"
                )
        elif self.hole_size is None:
            if n not in OMAHA.hole_sizes:
                raise self.error("invalid hand", tok.text, tok.pos, f"{OMAHA.hand_rule}, this has {n}")
            self.hole_size = n
        elif n != self.hole_size:
            raise self.error(
                "invalid hand", tok.text, tok.pos, f"it has {n} cards, but this range's hands have {self.hole_size}"
            )
        self.put(tuple(sorted(ids, reverse=True)), weight)

    def add_class(self, hi: int, lo: int, suffix: str, weight: Fraction) -> None:
        for combo in _class_combos(hi, lo, suffix):
            self.put(combo, weight)

    def put(self, combo: Combo, weight: Fraction) -> None:
        self.weights[combo] = weight  # the later mention wins


class Range:
    """A poker hand range: combos (card ids) with weights in (0, 1].

    ``game`` is ``"holdem"`` (2-card hands) or ``"omaha"`` (4, 5 or 6-card
    hands, all of one size); the notation is ``handrank._ranges``' docstring
    (and the documentation's "Ranges and equity").
    ``hole_size`` is 2 for Hold'em; for Omaha it is taken from the hands, and
    must be given for ``"random"``.  A combo named twice takes the weight of
    its later mention.

    An Omaha ``random`` range is not enumerated: :attr:`is_random` is true,
    :attr:`combos` and iteration raise :class:`ValueError` (check
    ``is_random`` first), ``len`` is the number of possible hands and
    :meth:`without` records dead cards in :attr:`dead`.  A Hold'em range is
    always enumerated (``random`` gives all 1326 combos and ``is_random`` is
    false).

    Ranges are immutable and hashable; two are equal when their game, hole
    size, randomness, dead cards and weighted combos are equal.

    >>> r = Range("QQ+, AKs")
    >>> len(r)
    22
    >>> str(r)
    'QQ+, AKs'
    >>> Range("T9s-65s, 0.5(88-55)")
    Range('T9s-65s, 0.5(88-55)')
    >>> Range("AhKh, 40%(KK)").combos[0]
    ((50, 46), Fraction(1, 1))
    >>> len(Range("random"))
    1326
    >>> Range("QQ+,AKx")
    Traceback (most recent call last):
    ...
    ValueError: unknown hand 'AKx' at position 4 in 'QQ+,AKx'
    >>> omaha = Range("AhAsKdKc, 0.5(QhQsJdJc)", game="omaha")
    >>> omaha.hole_size, len(omaha)
    (4, 2)
    >>> anything = Range("random", game="omaha", hole_size=4)
    >>> anything.is_random, len(anything)
    (True, 270725)
    """

    __slots__ = ("_combos", "_dead", "_game", "_hole_size", "_packed", "_random", "_text", "_weights")

    _game: str
    _hole_size: int
    _random: bool
    _dead: frozenset[int]
    _weights: dict[Combo, Fraction]
    _combos: tuple[tuple[Combo, Fraction], ...]
    _packed: Packed | None
    _text: str | None

    def __init__(self, text: str, *, game: EquityGameName = "holdem", hole_size: int | None = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a range is text such as 'QQ+, AKs', not {type(text).__name__} ({text!r})")
        size = _check_game(game, hole_size)
        parser = _Parser(text, "holdem" if game == "shortdeck" else game, size)
        parser.parse()
        if parser.random and parser.hole_size is None:
            raise ValueError(f"an Omaha 'random' range needs hole_size=4, 5 or 6: Range({text!r}, game='omaha', ...)")
        assert parser.hole_size is not None
        weights = parser.weights
        if game == "shortdeck":  # the 36-card deck: the combos with no card below the six
            weights = {combo: w for combo, w in weights.items() if min(combo) >= SHORT_DECK_LOWEST}
            if not weights:
                raise ValueError(f"no hand of {text!r} is in the short deck ({SHORT_DECK_RULE})")
        self._init(game, parser.hole_size, parser.random, frozenset(), weights)

    def _init(
        self, game: str, hole_size: int, random: bool, dead: frozenset[int], weights: dict[Combo, Fraction]
    ) -> None:
        self._game = game
        self._hole_size = hole_size
        self._random = random
        self._dead = dead
        self._weights = weights
        self._combos = tuple(sorted(weights.items(), reverse=True))
        self._packed = None
        self._text = None

    @classmethod
    def _make(
        cls, game: str, hole_size: int, random: bool, dead: frozenset[int], weights: dict[Combo, Fraction]
    ) -> Range:
        obj = cls.__new__(cls)
        obj._init(game, hole_size, random, dead, weights)
        return obj

    @classmethod
    def from_combos(
        cls,
        combos: Iterable[tuple[Iterable[CardLike], Fraction | float | int]],
        *,
        game: EquityGameName = "holdem",
        hole_size: int | None = None,
    ) -> Range:
        """A range from ``(cards, weight)`` pairs, such as :attr:`combos` or iteration gives.

        Cards are ids or strings ("Ah"), in any order.  Weights are in [0, 1]; a combo of weight
        0 is left out, and a combo given twice takes its later weight.  Float
        weights are read by their shortest decimal form (0.1 is 1/10).  An
        Omaha range takes its ``hole_size`` from its hands (give it for an
        empty one); the result may be empty.

        >>> r = Range.from_combos([((50, 46), 1), ((51, 47), 0.5), ((51, 47), 0.25)])
        >>> r
        Range('AhKh, 0.25(AsKs)')
        >>> Range.from_combos(r) == r
        True
        """
        size = _check_game(game, hole_size)
        if isinstance(combos, Range):
            combos = combos.combos  # the exact weights, not iteration's floats
        pairs = items_of(combos)
        if pairs is None:
            raise TypeError(f"combos must be an iterable of (cards, weight) pairs, not {type(combos).__name__}")
        weights: dict[Combo, Fraction] = {}
        for index, pair in enumerate(pairs):
            cards, weight = _combo_pair(pair, index)
            ids = parse_cards(cards)
            label = "".join(CARD_NAMES[c] for c in ids)
            if game == "holdem" and len(ids) != 2:
                raise ValueError(f"combo {label}: {HOLDEM.hand_rule}, this has {len(ids)}")
            if game == "omaha":
                if size is None:
                    if len(ids) not in OMAHA.hole_sizes:
                        raise ValueError(f"combo {label}: {OMAHA.hand_rule}, this has {len(ids)}")
                    size = len(ids)
                elif len(ids) != size:
                    raise ValueError(f"combo {label} has {len(ids)} cards, but this range's hands have {size}")
            value = _to_fraction(weight)
            if not 0 <= value <= 1:
                raise ValueError(f"combo {label}: weight {weight!r} is out of range [0, 1]")
            combo = tuple(sorted(ids, reverse=True))
            weights.pop(combo, None)
            if value:
                weights[combo] = value
        if size is None:
            raise ValueError("an empty Omaha range needs hole_size=4, 5 or 6")
        return cls._make(game, size, False, frozenset(), weights)

    @property
    def game(self) -> str:
        """``"holdem"`` or ``"omaha"``."""
        return self._game

    @property
    def hole_size(self) -> int:
        """Cards per hand: 2 for Hold'em, 4, 5 or 6 for Omaha."""
        return self._hole_size

    @property
    def is_random(self) -> bool:
        """True for an Omaha ``random`` range, which is not enumerated (never for Hold'em)."""
        return self._random

    @property
    def dead(self) -> frozenset[int]:
        """Cards an Omaha ``random`` range excludes (see :meth:`without`); empty for enumerated ranges."""
        return self._dead

    @property
    def combos(self) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
        """Every combo with positive weight: (card ids sorted descending, weight), descending by cards.

        Raises :class:`ValueError` for an Omaha ``random`` range: check
        :attr:`is_random` first.

        >>> Range("0.5(AA), AhKh").combos[:2]
        (((51, 50), Fraction(1, 2)), ((51, 49), Fraction(1, 2)))
        """
        self._check_enumerated()
        return self._combos

    def _check_enumerated(self) -> None:
        if self._random:
            raise ValueError(
                f"this Omaha range is 'random' (every {self._hole_size}-card hand) and is not enumerated; "
                "check Range.is_random before reading combos"
            )

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """``(cards, weight)`` pairs as in :attr:`combos`, with float weights.

        >>> list(Range("40%(AhKh)"))
        [((50, 46), 0.4)]
        """
        self._check_enumerated()
        return ((cards, float(weight)) for cards, weight in self._combos)

    def __len__(self) -> int:
        """Combos with positive weight; for Omaha ``random``, the number of possible hands."""
        if self._random:
            return math.comb(N_CARDS - len(self._dead), self._hole_size)
        return len(self._combos)

    def without(self, dead: Cards) -> Range:
        """This range less every combo holding one of the ``dead`` cards (ids, or text such as "As Kd").

        An Omaha ``random`` range stays random and records the cards in
        :attr:`dead`.

        >>> Range("KK+").without([51, 47])
        Range('AhAd, AhAc, AdAc, KhKd, KhKc, KdKc')
        >>> Range("random", game="omaha", hole_size=4).without("As Ks").dead == {51, 47}
        True
        """
        gone: set[int] = set()
        items = items_of(dead)
        if items is None:
            gone.update(parse_cards(dead))  # text, one id, or a worded error (bytes: decode it first)
        else:
            for item in items:
                gone.update(parse_cards(item))
        if self._random:
            return self._make(self._game, self._hole_size, True, self._dead | gone, {})
        weights = {combo: w for combo, w in self._weights.items() if not gone.intersection(combo)}
        return self._make(self._game, self._hole_size, False, self._dead, weights)

    def _key(self) -> tuple[object, ...]:
        return (self._game, self._hole_size, self._random, self._dead, self._combos)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        """Canonical text that parses back to an equal range.

        Complete hand classes are named (``AK`` when all 16 combos have one
        weight), runs are collapsed to ``+`` and dash ranges, other combos are
        written out; weight-1 items come first, then one group per weight,
        highest first.  An empty range (from :meth:`without` or :meth:`from_combos`) prints as ``''``,
        which does not parse; its repr uses ``Range.from_combos`` instead.

        >>> str(Range("AKs, 65s, KK, 98s, AA, 87s, 0.5(AKo), 76s, QQ, 3c2c"))
        'QQ+, AKs, 98s-65s, 3c2c, 0.5(AKo)'
        """
        if self._text is None:  # made once: a range is immutable, and equity names its players by it
            self._text = self._make_text()
        return self._text

    def _make_text(self) -> str:
        if self._random:
            return "random"
        if self._game == "omaha":
            by_weight: dict[Fraction, list[tuple[tuple[int, ...], str]]] = {}
            for combo, weight in self._combos:
                by_weight.setdefault(weight, []).append(
                    (tuple(-c for c in combo), "".join(CARD_NAMES[c] for c in combo))
                )
            return _join_groups(by_weight)
        return _holdem_str(self._weights)

    def _repr_html_(self) -> str | None:
        """A Hold'em range as the 13 x 13 grid, each class shaded by its weight (notebooks show it); None,
        so the plain repr, for Omaha."""
        if self._game != "holdem":
            return None
        from handrank._classes import class_weights
        from handrank._display import grid_html

        return grid_html(class_weights(self), f"Range({str(self) or '(empty)'}): {plural(len(self), 'combo')}")

    def __repr__(self) -> str:
        if not self._random and not self._combos:
            args = "[]" if self._game == "holdem" else f"[], game={self._game!r}, hole_size={self._hole_size}"
            return f"Range.from_combos({args})"
        args = repr(str(self))
        if self._game != "holdem":
            args += f", game={self._game!r}"
            if self._random:
                args += f", hole_size={self._hole_size}"
        text = f"Range({args})"
        if self._dead:
            text += f".without({sorted(self._dead)})"
        return text


def packed(player: Range) -> Packed:
    """A range's combos as the equity kernels take them, computed once per range (equity reads it on every call).

    Each combo's card mask, the OR of those masks, each combo's weight
    times ``scale`` (the least number that makes them all integers),
    ``scale``, and the combos' cards one after another, all in the order of
    ``Range.combos`` (which must be enumerated: not an Omaha ``random``).
    """
    if player._packed is None:
        combos = player.combos
        scale = math.lcm(*(w.denominator for _, w in combos)) if combos else 1
        masks = tuple(sum(1 << c for c in cards) for cards, _ in combos)
        ints = tuple(w.numerator * (scale // w.denominator) for _, w in combos)
        union = 0
        for mask in masks:
            union |= mask
        player._packed = Packed(masks, union, ints, scale, bytes([c for hand, _ in combos for c in hand]))
    return player._packed


def _combo_pair(pair: object, index: int) -> tuple[Cards, Fraction | float | int]:
    """One ``(cards, weight)`` item of ``Range.from_combos``."""
    items = items_of(pair)
    try:
        parts = None if items is None else tuple(items)
    except TypeError:  # an iterable that fails part-way
        parts = None
    if parts is None:
        raise TypeError(f"combo {index}: a combo is a (cards, weight) pair, not {type(pair).__name__} ({pair!r})")
    if len(parts) != 2:
        raise ValueError(f"combo {index}: a combo is a (cards, weight) pair, got {len(parts)} items")
    return parts[0], parts[1]  # unchecked items: checked where they are used


def _check_game(game: str, hole_size: int | None) -> int | None:
    """The hole size a range of ``game`` has (None: an Omaha range says it by its hands)."""
    rules = _game(game, RANGE_GAMES)
    if hole_size is not None and (isinstance(hole_size, bool) or not isinstance(hole_size, int)):
        raise TypeError(f"hole_size must be an int, not {type(hole_size).__name__}")
    if hole_size is not None and hole_size not in rules.hole_sizes:
        raise ValueError(f"{rules.hand_rule}, not hole_size={hole_size}")
    if len(rules.hole_sizes) == 1:
        return rules.hole_sizes[0]
    return hole_size


def _join_groups(by_weight: dict[Fraction, list[tuple[tuple[int, ...], str]]]) -> str:
    """Weight-1 items first, then ``W(items)`` groups by descending weight; items sorted by their keys."""
    parts: list[str] = []
    for weight in sorted(by_weight, reverse=True):
        items = ", ".join(text for _, text in sorted(by_weight[weight], key=lambda item: item[0]))
        parts.append(items if weight == 1 else f"{_format_weight(weight)}({items})")
    return ", ".join(parts)


_KIND_ORDER = {"": 0, "s": 1, "o": 2}


def _holdem_str(weights: dict[Combo, Fraction]) -> str:
    values = set(weights.values())
    if len(weights) == _N_HOLDEM and len(values) == 1:
        weight = values.pop()
        return "random" if weight == 1 else f"{_format_weight(weight)}(random)"
    # Complete classes per weight, and the combos left over.
    classes: dict[Fraction, dict[str, set[tuple[int, int]]]] = {}
    by_weight: dict[Fraction, list[tuple[tuple[int, ...], str]]] = {}

    def whole(hi: int, lo: int, suffix: str) -> Fraction | None:
        found = {weights.get(c) for c in _class_combos(hi, lo, suffix)}
        if len(found) == 1:
            return found.pop()
        return None

    def loose(hi: int, lo: int, suffix: str) -> None:
        for combo in _class_combos(hi, lo, suffix):
            if combo in weights:
                key = (2, -combo[0], -combo[1])
                by_weight.setdefault(weights[combo], []).append((key, CARD_NAMES[combo[0]] + CARD_NAMES[combo[1]]))

    def add(weight: Fraction, kind: str, hi: int, lo: int) -> None:
        classes.setdefault(weight, {}).setdefault(kind, set()).add((hi, lo))

    for hi in range(13):
        pair = whole(hi, hi, "")
        if pair is not None:
            add(pair, "p", hi, hi)
        else:
            loose(hi, hi, "")
        for lo in range(hi):
            suited, offsuit = whole(hi, lo, "s"), whole(hi, lo, "o")
            if suited is not None and suited == offsuit:
                add(suited, "", hi, lo)
                continue
            if suited is not None:
                add(suited, "s", hi, lo)
            else:
                loose(hi, lo, "s")
            if offsuit is not None:
                add(offsuit, "o", hi, lo)
            else:
                loose(hi, lo, "o")
    for weight, kinds in classes.items():
        items = by_weight.setdefault(weight, [])
        for kind, members in kinds.items():
            items.extend(_collapse_pairs(members) if kind == "p" else _collapse(members, kind))
    return _join_groups(by_weight)


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers as (high, low), highest first."""
    runs: list[tuple[int, int]] = []
    for v in sorted(values, reverse=True):
        if runs and runs[-1][1] == v + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _collapse_pairs(members: set[tuple[int, int]]) -> list[tuple[tuple[int, ...], str]]:
    out: list[tuple[tuple[int, ...], str]] = []
    for top, bottom in _runs(hi for hi, _ in members):
        if top == bottom:
            text = _class_name(top, top, "")
        elif top == 12:
            text = _class_name(bottom, bottom, "") + "+"
        else:
            text = _class_name(top, top, "") + "-" + _class_name(bottom, bottom, "")
        out.append(((0, -top), text))
    return out


def _collapse(members: set[tuple[int, int]], suffix: str) -> list[tuple[tuple[int, ...], str]]:
    """Non-pair classes of one suffix: kicker runs (``A2s+``, ``A5s-A2s``) first, then same-gap runs (``T9s-65s``)."""
    out: list[tuple[tuple[int, ...], str]] = []

    def emit(hi: int, lo: int, text: str) -> None:
        out.append(((1, -hi, -lo, _KIND_ORDER[suffix]), text))

    singles: dict[int, list[int]] = {}  # gap -> top ranks
    for hi in sorted({h for h, _ in members}, reverse=True):
        for top, bottom in _runs(lo for h, lo in members if h == hi):
            if top == bottom:
                singles.setdefault(hi - top, []).append(hi)
            elif top == hi - 1:
                emit(hi, top, _class_name(hi, bottom, suffix) + "+")
            else:
                emit(hi, top, _class_name(hi, top, suffix) + "-" + _class_name(hi, bottom, suffix))
    for gap, tops in singles.items():
        for high, low in _runs(tops):
            text = _class_name(high, high - gap, suffix)
            if low != high:
                text += "-" + _class_name(low, low - gap, suffix)
            emit(high, high - gap, text)
    return out


def hand_or_range(text: str, game: str = "holdem", hole_size: int | None = None) -> list[int] | Range:
    """A player written as text, as ``equity``, the command line and the plots take one: the cards of one hand
    of ``game`` (``"AhKh"``), else, in a game whose equity takes ranges, a range of that game (``"QQ+, AKs"``,
    ``"random"``: an Omaha ``random`` of ``hole_size`` cards, by default the game's first)."""
    rules = _game(game)
    sizes = rules.hole_sizes
    range_game = RANGE_GAME_OF.get(rules.name)
    if range_game is None:  # Stud, Draw and the lowball games: each player's known cards
        return parse_cards(text)
    known = _READ.get((text, range_game, None))
    if known is not None:
        return known  # text read as a range before (of any hole size but an Omaha random's): it still is one
    try:
        cards = parse_cards(text)
    except ValueError:
        random = text.strip().lower() in ("random", "*")
        size = (hole_size or sizes[0]) if random and len(sizes) > 1 else None
        return _range_of(text, range_game, size)
    return cards if len(cards) in sizes else _range_of(text, range_game, None)


def _range_of(text: str, game: str, hole_size: int | None) -> Range:
    """``Range(text, game=game, hole_size=hole_size)``, read once: players come back as the same text call after
    call, and a Range is immutable (its kernel form, ``packed``, is then made once too)."""
    key = text, game, hole_size
    known = _READ.get(key)
    if known is None:
        known = Range(text, game=game, hole_size=hole_size)  # type: ignore[arg-type]
        if len(_READ) >= 1024:
            _READ.clear()
        _READ[key] = known
    return known


_READ: dict[tuple[str, str, int | None], Range] = {}
