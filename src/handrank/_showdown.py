"""Showdowns: who wins, and how a pot splits."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from handrank import _backend
from handrank._cards import (
    CARD_NAMES,
    SHORT_DECK_LOWEST,
    SHORT_DECK_RULE,
    Cards,
    as_index,
    board_ids_of,
    cards_str,
    items_of,
    parse_named,
)
from handrank._games import Game, GameName
from handrank._games import game as _game
from handrank._hand import best_five, best_five_of, best_five_omaha_low_of, best_five_omaha_of, category, describe
from handrank._kernels import NO_LOW, RULE_CODES, SHORT_DECK
from handrank._record import Record
from handrank._tables import Category


class PlayerResult(Record):
    """One player's hand at a showdown."""

    __slots__ = (  # noqa: RUF023 - field order
        "cards",
        "rank",
        "category",
        "description",
        "best_five",
        "share",
        "low_rank",
        "low_description",
        "low_five",
    )

    cards: tuple[int, ...]
    """The player's own cards (hole cards; all seven in Stud, all five in Draw)."""
    rank: int
    """The hand's class in the game's ranking, lower is better: 1..7462 for high hands (1..1404 in short deck);
    in razz and deuce-to-seven, the low (``_hand.RULES`` "a5", "27")."""
    category: Category
    description: str
    best_five: tuple[int, ...]
    """The five cards that play, most significant first."""
    share: Fraction
    """The player's share of the pot: 1/len(winners) for a winner, else 0 (hi-lo: the sum of both halves)."""
    low_rank: int | None
    """Hi-lo games: the eight-or-better low (1..56), None when the hand has none; other games: None."""
    low_description: str | None
    low_five: tuple[int, ...] | None
    """Hi-lo games: the five cards of the low, most significant first."""


class Showdown(Record):
    """The result of ``showdown``: every player's hand and the winners."""

    __slots__ = ("game", "board", "players", "winners", "high_winners", "low_winners")  # noqa: RUF023 - field order

    game: str
    board: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    """Indices of the players who win some of the pot, in seat order."""
    high_winners: tuple[int, ...]
    """The best high hands (the whole pot, or its high half in a hi-lo game with a low); () in razz and
    deuce-to-seven."""
    low_winners: tuple[int, ...]
    """The best lows: the low half of a hi-lo pot (() when no low qualifies), the pot in razz and
    deuce-to-seven; () in high games."""

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each player's share of the pot, summing to 1."""
        return tuple(p.share for p in self.players)

    def _repr_html_(self) -> str:
        """A table, one row per player: cards, rank, hand, best five, share; the winners starred (notebooks
        show it)."""
        from handrank._display import table_html

        head = ["player", "cards", "rank", "hand", "best five", "share"]
        rows = [
            [
                f"{'★ ' if i in self.winners else ''}{i}",
                cards_str(p.cards),
                str(p.rank),
                p.description,
                cards_str(p.best_five),
                str(p.share),
            ]
            for i, p in enumerate(self.players)
        ]
        board = f", board {cards_str(self.board)}" if self.board else ""
        return table_html(head, rows, f"{self.game}{board}")


def _best(values: list[int | None]) -> tuple[int, ...]:
    """The seats with the smallest value (None: no hand in this half), in seat order."""
    present = [v for v in values if v is not None]
    if not present:
        return ()
    top = min(present)
    return tuple(i for i, v in enumerate(values) if v == top)


def showdown(hands: Sequence[Cards], board: Cards = (), *, game: GameName = "holdem") -> Showdown:
    """Show down ``hands`` (one per player) on ``board``; ``game`` is one of ``holdem``, ``omaha``,
    ``stud``, ``draw``, ``shortdeck`` (Hold'em with the 36-card deck), ``omaha8`` (Omaha hi-lo, 4 to 6
    hole cards), ``stud8`` (Stud hi-lo), ``razz`` (Stud, ace-to-five low) or ``deuce7`` (five-card draw,
    deuce-to-seven low).

    Stud, razz and draw hands are a player's seven or five cards, with no board.  A hi-lo pot goes half to
    the best high and half to the best eight-or-better low, each half split among ties; all of it to the
    high when no low qualifies.  Errors name the player or card at fault.

    >>> result = showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")
    >>> result.winners, result.players[0].description
    ((0,), 'Full house, aces full of sevens')
    >>> hilo = showdown(["Ah 2h Kc Kd", "Qs Qd Js Jd"], "3c 4d 9h Qc 7s", game="omaha8")
    >>> hilo.high_winners, hilo.low_winners, hilo.shares
    ((1,), (0,), (Fraction(1, 2), Fraction(1, 2)))
    """
    rules = _game(game)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a sequence of hands, one per player")
    if len(hands) < 2:
        raise ValueError(f"a showdown needs at least 2 players, got {len(hands)}")
    board_ids = board_ids_of(board, rules)
    seats = _seats(rules, hands, board_ids)
    none: list[int | None] = [None] * len(seats)
    highs: list[int | None] = [_high(rules, ids, board_ids) for ids in seats] if rules.high else none
    lows: list[int | None] = [_low(rules, ids, board_ids) for ids in seats] if rules.low else none
    high_winners, low_winners = _best(highs), _best(lows)
    shares = [Fraction(0)] * len(seats)
    halves = [
        (high_winners, Fraction(1, 2 if low_winners else 1)),
        (low_winners, Fraction(1, 2 if high_winners else 1)),
    ]
    for won, part in halves:
        for i in won:
            shares[i] += part / len(won)
    main = highs if rules.high else lows
    main_rules = rules.high or rules.low
    assert main_rules is not None
    players = []
    for i, ids in enumerate(seats):
        rank = main[i]
        assert rank is not None  # every hand has a high; razz and deuce-to-seven rank every hand as a low
        low = lows[i] if rules.split else None
        players.append(
            PlayerResult(
                cards=tuple(ids),
                rank=rank,
                category=category(rank, rules=main_rules),
                description=describe(rank, rules=main_rules),
                best_five=_five(rules, main_rules, ids, board_ids, rank),
                share=shares[i],
                low_rank=low,
                low_description=None if low is None else describe(low, rules="8"),
                low_five=None if low is None else _five(rules, "8", ids, board_ids, low),
            )
        )
    winners = tuple(i for i, s in enumerate(shares) if s)
    return Showdown(
        game=rules.name,
        board=tuple(board_ids),
        players=tuple(players),
        winners=winners,
        high_winners=high_winners,
        low_winners=low_winners if rules.low else (),
    )


def _seats(rules: Game, hands: Sequence[Cards], board_ids: list[int]) -> list[list[int]]:
    """Each player's cards, checked: their number, the deck, no card twice (errors name the player)."""
    if rules.lowest:
        _check_deck(board_ids, "board")
    owner = dict.fromkeys(board_ids, "the board")
    seats: list[list[int]] = []
    for i, hand in enumerate(hands):
        ids = parse_named(hand, f"player {i}")
        if len(ids) not in rules.hole_sizes:
            raise ValueError(f"player {i}: {rules.hand_rule}, got {len(ids)}")
        if rules.lowest:
            _check_deck(ids, f"player {i}")
        for card in ids:
            if card in owner:
                where = "on the board" if owner[card] == "the board" else f"in {owner[card]}'s hand"
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is also {where}")
            owner[card] = f"player {i}"
        seats.append(ids)
    return seats


def _check_deck(ids: list[int], whose: str) -> None:
    for card in ids:
        if card < SHORT_DECK_LOWEST:
            raise ValueError(f"{whose}: card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")


def _high(rules: Game, ids: list[int], board: list[int]) -> int:
    kernels = _backend.kernels
    if rules.omaha:
        return kernels.evaluate_omaha(ids, board)
    if rules.high == "short_deck":
        return kernels.evaluate_rules(ids + board, SHORT_DECK)
    return kernels.evaluate(ids + board)


def _low(rules: Game, ids: list[int], board: list[int]) -> int | None:
    kernels = _backend.kernels
    assert rules.low is not None
    if rules.omaha:
        low = kernels.evaluate_omaha_low(ids, board)
    else:
        low = kernels.evaluate_rules(ids + board, RULE_CODES[rules.low])
    return None if low == NO_LOW else low


def _five(rules: Game, ranking: str, ids: list[int], board: list[int], rank: int) -> tuple[int, ...]:
    """The five cards that make ``rank`` (under ``ranking``) of the seat's ``ids`` with the ``board``."""
    if rules.omaha:
        if ranking == "high":
            return best_five_omaha_of(ids, board, _backend.kernels.evaluate)
        return best_five_omaha_low_of(ids, board)
    if ranking == "high":
        return best_five_of(ids + board, rank)
    return best_five(ids + board, rules=ranking)


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


def split_pot_hilo(
    amount: int, high_winners: Sequence[int], low_winners: Sequence[int], *, odd_chips: str = "first"
) -> dict[int, int]:
    """Split a hi-lo pot of ``amount`` chips: half to ``high_winners``, half to ``low_winners`` (seat
    numbers), each half as ``split_pot`` splits it; an odd chip between the halves goes to the high half,
    as card rooms do.  With no low winners the high winners share the whole pot.  The result maps each
    winning seat to its chips and sums to ``amount``.

    >>> split_pot_hilo(101, [0], [1, 2])
    {0: 51, 1: 25, 2: 25}
    >>> split_pot_hilo(100, [0, 1], [1])  # seat 1 ties the high and wins the low
    {0: 25, 1: 75}
    >>> split_pot_hilo(100, [2], [])
    {2: 100}
    """
    chips = as_index(amount)
    if chips is None:
        raise TypeError(f"amount must be an integer number of chips, not {type(amount).__name__} ({amount!r})")
    low_items = items_of(low_winners)
    if low_items is None:
        raise TypeError(f"low_winners must be a sequence of seat numbers, not {type(low_winners).__name__}")
    lows = list(low_items)
    if not lows:
        high_part, low_part = chips, 0
    else:
        low_part = (chips if chips > 0 else 0) // 2
        high_part = chips - low_part
    out: dict[int, int] = {}
    high = split_pot(high_part, high_winners, odd_chips=odd_chips)
    for seat, won in zip(high_winners, high, strict=True):
        out[int(seat)] = out.get(int(seat), 0) + won
    if lows:
        for seat, won in zip(lows, split_pot(low_part, lows, odd_chips=odd_chips), strict=True):
            out[int(seat)] = out.get(int(seat), 0) + won
    return dict(sorted(out.items()))
