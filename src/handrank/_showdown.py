"""Showdowns: who wins, and how a pot splits."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from handrank import _backend
from handrank._cards import CARD_NAMES, Cards, as_index, board_ids_of, items_of, parse_cards
from handrank._games import OMAHA, GameName
from handrank._games import game as _game
from handrank._hand import best_five_of, best_five_omaha_of, category, describe
from handrank._record import Record
from handrank._tables import Category


class PlayerResult(Record):
    """One player's hand at a showdown."""

    __slots__ = ("cards", "rank", "category", "description", "best_five", "share")  # noqa: RUF023 - field order

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


class Showdown(Record):
    """The result of ``showdown``: every player's hand and the winners."""

    __slots__ = ("game", "board", "players", "winners")  # noqa: RUF023 - field order

    game: str
    board: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    """Indices of the players with the best rank, in seat order."""

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each player's share of the pot, summing to 1."""
        return tuple(p.share for p in self.players)

    def _repr_html_(self) -> str:
        """A table, one row per player, the winners starred (notebooks show it)."""
        from handrank._display import showdown_html

        return showdown_html(self)


def showdown(hands: Sequence[Cards], board: Cards = (), *, game: GameName = "holdem") -> Showdown:
    """Show down ``hands`` (one per player) on ``board``; ``game`` is holdem, omaha, stud or draw.

    Stud and Draw hands are a player's seven or five cards, with no board.
    Errors name the player or card at fault.

    >>> result = showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")
    >>> result.winners, result.players[0].description
    ((0,), 'Full house, aces full of sevens')
    """
    rules = _game(game)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per player")
    if len(hands) < 2:
        raise ValueError(f"a showdown needs at least 2 players, got {len(hands)}")
    board_ids = board_ids_of(board, rules)
    owner = dict.fromkeys(board_ids, "the board")
    seats: list[list[int]] = []
    for i, hand in enumerate(hands):
        try:
            ids = parse_cards(hand)
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"player {i}: {exc}") from None
        if len(ids) not in rules.hole_sizes:
            raise ValueError(f"player {i}: {rules.hand_rule}, got {len(ids)}")
        for card in ids:
            if card in owner:
                where = "on the board" if owner[card] == "the board" else f"in {owner[card]}'s hand"
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is also {where}")
            owner[card] = f"player {i}"
        seats.append(ids)
    kernels = _backend.kernels
    if rules is OMAHA:
        ranks = [kernels.evaluate_omaha(ids, board_ids) for ids in seats]
        fives = [best_five_omaha_of(ids, board_ids, kernels.evaluate) for ids in seats]
    else:
        ranks = [kernels.evaluate(ids + board_ids) for ids in seats]
        fives = [best_five_of(ids + board_ids, rank) for ids, rank in zip(seats, ranks, strict=True)]
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
    return Showdown(game=rules.name, board=tuple(board_ids), players=players, winners=winners)


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
    chips = as_index(amount)
    if chips is None:
        raise TypeError(f"amount must be an integer number of chips, not {type(amount).__name__} ({amount!r})")
    if chips < 0:
        raise ValueError(f"amount must be >= 0, got {chips}")
    if not isinstance(odd_chips, str) or odd_chips not in ("first", "last"):
        raise ValueError(f"odd_chips must be 'first' or 'last', not {odd_chips!r}")
    items = items_of(winners)
    if items is None:
        raise TypeError(f"winners must be a sequence of seat numbers, not {type(winners).__name__} ({winners!r})")
    seats: list[int] = []
    for seat in items:
        number = as_index(seat)
        if number is None:
            raise TypeError(f"winners must be seat numbers, not {type(seat).__name__} ({seat!r})")
        seats.append(number)
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
