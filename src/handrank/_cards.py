"""Cards: parsing, formatting and validation, written once for both backends.

Every error either backend raises about a card, a hand or a mask is worded
here, so the compiled and pure-Python backends say exactly the same thing.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator

from handrank._games import OMAHA, Game, or_list, plural
from handrank._tables import N_CARDS, RANK_CHARS, SUIT_CHARS

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from typing import Any

HAND_SIZES = (5, 6, 7)

CardLike = str | int
Cards = str | int | Iterable[CardLike]

_RANKS = {ch: i for i, ch in enumerate(RANK_CHARS)} | {ch.lower(): i for i, ch in enumerate(RANK_CHARS)}
_SUITS = {ch: i for i, ch in enumerate(SUIT_CHARS)} | {ch.upper(): i for i, ch in enumerate(SUIT_CHARS)}
SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
"""Suit symbols read as suits (black and white), beside ``SUIT_CHARS`` in either case."""
_SUITS |= SUIT_SYMBOLS
_SEPARATORS = " \t\r\n,;"
_TO_SPACE = {ord(ch): " " for ch in _SEPARATORS}
CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
"""The name of every card id: CARD_NAMES[51] == 'As'."""


def card_str(card: int) -> str:
    """Format one card id.

    >>> card_str(51)
    'As'
    """
    return CARD_NAMES[_card_id(card)]


def cards_str(cards: Cards) -> str:
    """Format cards as space-separated strings.

    >>> cards_str([51, 47, 0])
    'As Ks 2c'
    """
    return " ".join(CARD_NAMES[c] for c in parse_cards(cards))


def combo_str(ids: Iterable[int]) -> str:
    """Card ids (valid ones) as one word, highest first, as tables and the CLI name combos and flops.

    >>> combo_str([47, 51])
    'AsKs'
    """
    return "".join(CARD_NAMES[c] for c in sorted(ids, reverse=True))


def is_bool(value: object) -> bool:
    """Whether ``value`` is a bool, Python's or numpy's: never a card id or a count, though both have been
    integers (numpy 2.2 turns a numpy bool into 1 with a DeprecationWarning; 2.4 refuses it)."""
    kind = type(value)
    return kind is bool or (kind.__name__ in ("bool", "bool_") and kind.__module__ == "numpy")


def as_index(value: object) -> int | None:
    """``operator.index(value)``, or None for a bool or anything that is no integer.

    Some objects have ``__index__`` and still refuse it (a numpy array of floats,
    or of more than one value); they are no integers either.
    """
    if is_bool(value) or not hasattr(value, "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _card_id(value: object) -> int:
    """One card id from an int-like object, range-checked."""
    if is_bool(value) or isinstance(value, float):
        raise TypeError(f"card ids must be integers, not {type(value).__name__} ({value!r})")
    try:
        card = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"cards must be strings like 'As' or integer ids 0..51, not {type(value).__name__} ({value!r})"
        ) from None
    if not 0 <= card < N_CARDS:
        raise ValueError(f"card id {card} is out of range 0..51")
    return card


def _parse_text(text: str, out: list[int]) -> None:
    """Append the cards of a string such as 'As Ks', 'AsKs', 'as,ks', '10h' or 'A♠'."""
    for chunk in text.translate(_TO_SPACE).split():
        i = 0
        while i < len(chunk):
            if chunk.startswith("10", i):
                rank, width = 8, 2
            elif chunk[i] in _RANKS:
                rank, width = _RANKS[chunk[i]], 1
            else:
                raise ValueError(f"unknown rank {chunk[i]!r} in {chunk!r} (ranks are 2-9, T or 10, J, Q, K, A)")
            j = i + width
            if j >= len(chunk):
                raise ValueError(f"card {chunk[i:]!r} in {chunk!r} has no suit (suits are c, d, h, s)")
            if chunk[j] not in _SUITS:
                raise ValueError(f"unknown suit {chunk[j]!r} in {chunk!r} (suits are c, d, h, s or ♣♦♥♠)")
            out.append(4 * rank + _SUITS[chunk[j]])
            i = j + 1


def items_of(value: object) -> Iterator[Any] | None:
    """An iterator over the items of a non-text iterable; None for text, bytes and single values.

    A 0-d numpy array says it is iterable and is not: None too.  The items
    are unchecked (``Any``): each caller validates them.
    """
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Iterable):
        return None
    try:
        return iter(value)
    except TypeError:
        return None


# Strings parsed before, as their card ids or (text that is no cards, a range such as "QQ+" most often) the
# error's message: hands, boards and ranges come back again and again.
_PARSED: dict[str, tuple[int, ...] | str] = {}
_PARSED_MAX = 4096


def parse_cards(cards: Cards) -> list[int]:
    """Parse cards into a list of distinct card ids (``4 * rank + suit``).

    Accepts a string ("As Ks Qs", "AsKsQs", "as,ks", "10h", "A♠"), one card
    id, or an iterable mixing strings and ids.

    >>> parse_cards("As Kd 10h")
    [51, 45, 34]
    >>> parse_cards(["2c", 1, "2h"])
    [0, 1, 2]
    """
    out: list[int] = []
    if type(cards) is list or type(cards) is tuple:  # distinct plain ids, the common case: no per-card calls
        seen = 0
        for card in cards:
            if type(card) is not int or not 0 <= card < N_CARDS or seen >> card & 1:
                break  # the general path below words the error, or takes what this one does not
            seen |= 1 << card
        else:
            return list(cards)
    if type(cards) is str:
        known = _PARSED.get(cards)
        if known is not None:
            if isinstance(known, str):
                raise ValueError(known)
            return list(known)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        try:
            _parse_text(cards, out)
            _check_distinct(out)
        except ValueError as exc:
            _PARSED[cards] = str(exc)
            raise
        _PARSED[cards] = tuple(out)
        return out
    if isinstance(cards, str):
        _parse_text(cards, out)
    elif cards is None:
        raise TypeError("cards must be a string, a card id or an iterable of them, not None")
    elif isinstance(cards, (bytes, bytearray)):
        raise TypeError(f"cards must be text, not {type(cards).__name__}; decode it first")
    elif isinstance(cards, Iterable):
        try:
            items = iter(cards)
        except TypeError:  # a 0-d numpy array claims to be iterable: one card id, or a worded TypeError
            out.append(_card_id(cards))
        else:
            for item in items:
                if isinstance(item, str):
                    _parse_text(item, out)
                else:
                    out.append(_card_id(item))
    else:
        out.append(_card_id(cards))
    _check_distinct(out)
    return out


def _check_distinct(ids: list[int]) -> None:
    seen = 0
    for card in ids:
        if seen >> card & 1:
            raise ValueError(f"duplicate card {CARD_NAMES[card]}")
        seen |= 1 << card


def hand_ids(cards: Cards, sizes: tuple[int, ...] = HAND_SIZES) -> list[int]:
    """Parse a hand and check its card count."""
    ids = parse_cards(cards)
    if len(ids) not in sizes:
        raise ValueError(f"a hand has {or_list(sizes)} cards, got {len(ids)}")
    return ids


SHORT_DECK_LOWEST = 16  # the first short-deck id, 6c
SHORT_DECK_RULE = "the short deck has the cards 6 to A"


def short_deck_ids(cards: Cards) -> list[int]:
    """Parse a short-deck hand (5..7 cards, none below the six)."""
    ids = hand_ids(cards)
    for card in ids:
        if card < SHORT_DECK_LOWEST:
            raise ValueError(f"card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
    return ids


def parse_named(cards: Cards, what: str) -> list[int]:
    """``parse_cards``, its errors saying what the cards are (``"board"``, ``"player 2"``, ``"dead"``)."""
    try:
        return parse_cards(cards)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def board_ids_of(board: Cards, game: Game = OMAHA) -> list[int]:
    """Parse a showdown board on its own; errors say it is the board."""
    ids = parse_named(board, "board")
    if len(ids) not in game.board_sizes:
        raise ValueError(f"{game.board_rule}, got {len(ids)}")
    return ids


def omaha_ids(hole: Cards, board: Cards) -> tuple[list[int], list[int]]:
    """Parse and check an Omaha hole (4..6 cards) and board (3..5), no card in both."""
    hole_ids = parse_named(hole, "hole")
    if len(hole_ids) not in OMAHA.hole_sizes:
        raise ValueError(f"{OMAHA.hand_rule}, got {len(hole_ids)}")
    board_ids = board_ids_of(board)
    for card in board_ids:
        if card in hole_ids:
            raise ValueError(f"duplicate card {CARD_NAMES[card]} (in the hole and on the board)")
    return hole_ids, board_ids


def check_mask(mask: object) -> int:
    """Validate a 52-bit card mask of 5..7 cards and return it as an int."""
    value = as_index(mask)
    if value is None:
        raise TypeError(f"a card mask must be an integer, not {type(mask).__name__} ({mask!r})")
    if value < 0 or value >> N_CARDS:
        raise ValueError(f"card mask {value:#x} has bits outside 0..51")
    count = value.bit_count()
    if count not in HAND_SIZES:
        raise ValueError(f"card mask {value:#x} has {plural(count, 'card')}, a hand has 5, 6 or 7")
    return value


def _at_row(message: str, index: int) -> ValueError:
    """A batch's error for its row ``index``: a plain ValueError whose ``row`` attribute is that index (it
    pickles with it), so that a caller ranking part of a larger array can name the row's place there."""
    error = ValueError(message)
    error.row = index  # type: ignore[attr-defined]
    return error


def row_error(row: Iterable[int], index: int, short_deck: bool = False) -> ValueError:
    """The error for an invalid row of a batch of card ids (``short_deck``: no card below the six)."""
    seen = 0
    for value in row:
        value = int(value)
        if not 0 <= value < N_CARDS:
            return _at_row(f"row {index}: card id {value} is out of range 0..51", index)
        if seen >> value & 1:
            return _at_row(f"row {index}: duplicate card {CARD_NAMES[value]}", index)
        seen |= 1 << value
    if short_deck:
        for value in row:
            if int(value) < SHORT_DECK_LOWEST:
                message = f"row {index}: card {CARD_NAMES[int(value)]} is not in the short deck ({SHORT_DECK_RULE})"
                return _at_row(message, index)
    return _at_row(f"row {index} is invalid", index)  # unreachable for rows the kernels reject


def mask_row_error(mask: int, index: int) -> ValueError:
    """The error for an invalid mask in a batch of masks."""
    try:
        check_mask(int(mask))
    except ValueError as exc:
        return _at_row(f"row {index}: {exc}", index)
    return _at_row(f"row {index} is invalid", index)  # unreachable for masks the kernels reject
