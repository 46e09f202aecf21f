"""Showdowns: who wins, and how a pot splits.  Written once over a backend's evaluators."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from handrank._cards import _CARD_STRS, Cards, parse_cards
from handrank._hand import Category, category, describe

GAMES = ("holdem", "omaha", "stud", "draw")
_GAME_NAMES = {"holdem": "Hold'em", "omaha": "Omaha", "stud": "Stud", "draw": "Draw"}
_ARTICLES = {"holdem": "a", "omaha": "an", "stud": "a", "draw": "a"}
# Own cards per player, and board sizes, per game.
_HOLE_SIZES = {"holdem": (2,), "omaha": (4, 5, 6), "stud": (7,), "draw": (5,)}
_BOARD_SIZES = {"holdem": (3, 4, 5), "omaha": (3, 4, 5), "stud": (0,), "draw": (0,)}


@dataclass(frozen=True)
class PlayerResult:
    """One player's hand at a showdown."""

    cards: tuple[int, ...]
    """The player's own cards (hole cards; all seven in Stud, all five in Draw)."""
    rank: int
    """1..7462, lower is better."""
    category: Category
    description: str
    best_five: tuple[int, ...]
    """The five cards that play, most significant first."""
    share: Fraction
    """The player's share of the pot: 1/len(winners) for a winner, else 0."""


@dataclass(frozen=True)
class Showdown:
    """The result of ``showdown``: every player's hand and the winners."""

    game: str
    board: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    """Indices of the players with the best rank, in seat order."""

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each player's share of the pot, summing to 1."""
        return tuple(p.share for p in self.players)


def _sizes_text(sizes: tuple[int, ...]) -> str:
    words = [str(s) for s in sizes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def showdown(
    hands: Sequence[Cards],
    board: Cards,
    game: str,
    rank_hand: Callable[[list[int]], int],
    rank_omaha: Callable[[list[int], list[int]], int],
    best_five: Callable[[list[int]], tuple[int, ...]],
    best_five_omaha: Callable[[list[int], list[int]], tuple[int, ...]],
) -> Showdown:
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per player")
    if len(hands) < 2:
        raise ValueError(f"a showdown needs at least 2 players, got {len(hands)}")
    name = _GAME_NAMES[game]
    try:
        board_ids = parse_cards(board)
    except ValueError as exc:
        raise ValueError(f"board: {exc}") from None
    if len(board_ids) not in _BOARD_SIZES[game]:
        if _BOARD_SIZES[game] == (0,):
            raise ValueError(f"{name} has no board, got {len(board_ids)} board cards")
        raise ValueError(
            f"{_ARTICLES[game]} {name} board has {_sizes_text(_BOARD_SIZES[game])} cards, got {len(board_ids)}"
        )
    owner = dict.fromkeys(board_ids, "the board")
    seats: list[list[int]] = []
    for i, hand in enumerate(hands):
        try:
            ids = parse_cards(hand)
        except ValueError as exc:
            raise ValueError(f"player {i}: {exc}") from None
        if len(ids) not in _HOLE_SIZES[game]:
            raise ValueError(
                f"player {i}: {_ARTICLES[game]} {name} hand has {_sizes_text(_HOLE_SIZES[game])} cards, got {len(ids)}"
            )
        for card in ids:
            if card in owner:
                where = "on the board" if owner[card] == "the board" else f"in {owner[card]}'s hand"
                raise ValueError(f"player {i}: card {_CARD_STRS[card]} is also {where}")
            owner[card] = f"player {i}"
        seats.append(ids)
    if game == "omaha":
        ranks = [rank_omaha(ids, board_ids) for ids in seats]
        fives = [best_five_omaha(ids, board_ids) for ids in seats]
    else:
        ranks = [rank_hand(ids + board_ids) for ids in seats]
        fives = [best_five(ids + board_ids) for ids in seats]
    top = min(ranks)
    winners = tuple(i for i, r in enumerate(ranks) if r == top)
    share = Fraction(1, len(winners))
    players = tuple(
        PlayerResult(
            cards=tuple(ids),
            rank=rank,
            category=category(rank),
            description=describe(rank),
            best_five=five,
            share=share if rank == top else Fraction(0),
        )
        for ids, rank, five in zip(seats, ranks, fives, strict=True)
    )
    return Showdown(game=game, board=tuple(board_ids), players=players, winners=winners)


def split_pot(amount: int, winners: Sequence[int], *, odd_chips: str = "first") -> list[int]:
    """Split ``amount`` chips equally among ``winners`` (seat numbers).

    The chips that do not divide evenly go one at a time to the winners in
    seat order: from the lowest seat with ``odd_chips="first"`` (the default),
    from the highest with ``"last"``.  The result follows the order of
    ``winners`` and sums to ``amount``.

    >>> split_pot(100, [0, 2, 5])
    [34, 33, 33]
    >>> split_pot(100, [5, 0, 2], odd_chips="last")
    [34, 33, 33]
    """
    if isinstance(amount, bool) or not hasattr(amount, "__index__"):
        raise TypeError(f"amount must be an integer number of chips, not {type(amount).__name__} ({amount!r})")
    chips = operator.index(amount)
    if chips < 0:
        raise ValueError(f"amount must be >= 0, got {chips}")
    if odd_chips not in ("first", "last"):
        raise ValueError(f"odd_chips must be 'first' or 'last', not {odd_chips!r}")
    seats: list[int] = []
    for seat in winners:
        if isinstance(seat, bool) or not hasattr(seat, "__index__"):
            raise TypeError(f"winners must be seat numbers, not {type(seat).__name__} ({seat!r})")
        seats.append(operator.index(seat))
    if not seats:
        raise ValueError("winners is empty: a pot needs at least one winner")
    if len(set(seats)) != len(seats):
        raise ValueError(f"winners lists a seat twice: {seats}")
    if min(seats) < 0:
        raise ValueError(f"seat numbers must be >= 0, got {min(seats)}")
    base, odd = divmod(chips, len(seats))
    order = sorted(seats, reverse=odd_chips == "last")
    lucky = set(order[:odd])
    return [base + (seat in lucky) for seat in seats]
