"""The deal an equity question is about, checked once: players as packed ranges, board, dead cards, game, hole
size and the rule that says when to stop.

``deal_of`` takes ``equity``'s arguments, raises the error for the first
thing wrong with them, and returns a ``Deal`` that every strategy
(``_exact``, ``_monte_carlo``, ``_games_equity``) reads as it is.  A fixed
hand is a range of one combo of weight 1; a range loses the combos that
meet the board, the dead cards or a fixed hand.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterable, Sequence
from fractions import Fraction

from handrank._cards import CARD_NAMES, SHORT_DECK_RULE, Cards, as_index, cards_str, parse_cards, parse_named
from handrank._games import ALL_EQUITY_GAMES, RANGE_GAME_OF, Game, plural
from handrank._games import game as game_of
from handrank._kernels import MAX_PLAYERS
from handrank._ranges import Packed, Range, hand_or_range, packed
from handrank._threads import n_threads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

DEFAULT_TRIALS = 1_000_000
"""Monte Carlo trials when neither a count nor a stopping rule is given (rounded up to whole blocks)."""
MAX_TRIALS = 1 << 62  # block numbers stay int64 in the kernels

Player = Cards | Range
Combos = Sequence[tuple[tuple[int, ...], Fraction]]
_ONE = Fraction(1)
_UNIT_PACK = ((1,), 1)


class Stop:
    """When a Monte Carlo run may stop early: every standard error at most ``stderr``, or ``seconds`` spent."""

    __slots__ = ("seconds", "start", "stderr")

    def __init__(self, stderr: float | None, seconds: float | None) -> None:
        self.stderr = stderr
        self.seconds = seconds
        self.start = time.monotonic()


class Deal:
    """An equity question, checked.

    ``hands[i]`` is player i's combos with their weights (a fixed hand: one,
    weight 1), less those meeting the board, dead cards or fixed hands; None
    for an Omaha ``random`` range, dealt from the deck.  ``packs[i]`` is the
    same as the kernels take it: integer weights, the number that made them
    integers, the combos' cards one after another (None where ``hands[i]``
    is); ``ranged[i]`` says whether player i is a range, ``labels[i]`` is
    the player as the result names it (its cards in words, or its Range).  ``taken`` is the
    mask of the board, the dead cards and the fixed hands' cards
    (``fixed``); ``excluded[i]`` the cards a random hand never holds.
    ``exact`` is False when a trial count or a stopping rule asks for Monte
    Carlo.
    """

    __slots__ = (
        "board",
        "dead",
        "exact",
        "excluded",
        "fixed",
        "hand_types",
        "hands",
        "hole_size",
        "labels",
        "packs",
        "progress",
        "ranged",
        "rules",
        "seed",
        "stop",
        "taken",
        "threads",
        "trials",
    )

    rules: Game
    board: list[int]
    dead: list[int]
    hands: list[Combos | None]
    packs: list[tuple[Sequence[int], int, bytes] | None]
    hole_size: int
    labels: tuple[str | Range, ...]
    ranged: list[bool]
    fixed: list[int]
    taken: int
    excluded: list[int]
    exact: bool | None
    trials: int | None
    seed: int | None
    stop: Stop | None
    threads: int
    progress: Callable[[float], object] | None
    hand_types: bool

    def seed_used(self) -> int:
        """The Monte Carlo seed: the one asked for, or a random one."""
        return int.from_bytes(os.urandom(8), "little") if self.seed is None else self.seed % (1 << 64)

    def trial_cap(self) -> int:
        """The most Monte Carlo trials to run: the count asked for, else the default or, with a stopping rule,
        as many as it takes."""
        if self.trials is not None:
            return self.trials
        return DEFAULT_TRIALS if self.stop is None else MAX_TRIALS


def deal_of(
    players: Sequence[Player],
    board: Cards,
    dead: Cards,
    *,
    game: str,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: int | None,
    progress: Callable[[float], object] | None,
    target_stderr: float | None,
    time_limit: float | None,
    hand_types: bool = False,
) -> Deal:
    """``equity``'s arguments checked into a Deal; the error for the first thing wrong with them."""
    deal = Deal()
    deal.rules = rules = game_of(game, ALL_EQUITY_GAMES)
    if type(hand_types) is not bool:
        raise TypeError(f"hand_types must be True or False, not {hand_types!r}")
    if hand_types and rules.code is None:
        raise ValueError(f"hand_types: counted in holdem and omaha, not in {rules.name}")
    deal.hand_types = hand_types
    if type(players) is not list and (isinstance(players, (str, bytes, Range)) or not isinstance(players, Sequence)):
        raise TypeError("players must be a sequence of hands or Ranges, one per player")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(players)}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be None, True or False, not {exact!r}")
    deal.threads = n_threads(threads)
    deal.board = parse_named(board, "board")
    deal.dead = [] if type(dead) is tuple and not dead else parse_named(dead, "dead")
    if len(deal.board) > 5:
        raise ValueError(f"board: {rules.article} {rules.title} board has at most 5 cards, got {len(deal.board)}")
    for card in deal.dead:
        if card in deal.board:
            raise ValueError(f"dead card {CARD_NAMES[card]} is also on the board")
    _stopping(deal, exact, trials, seed, progress, target_stderr, time_limit)
    seats = _game_seats if rules.code is None else _kernel_seats
    if all(type(p) is str or isinstance(p, Range) for p in players):
        # Text that is no hand read as a range first, so the seats are taken once (no player can be of the
        # wrong type here, so no error comes before the one the order below would give).
        players = _read_text(players, rules)
    try:
        seats(deal, players)
    except ValueError:
        read = _read_text(players, rules)  # text that is no hand: a range of the game, where it is one
        if read is players:
            raise
        seats(deal, read)
    return deal


def _read_text(players: Sequence[Player], rules: Game) -> Sequence[Player]:
    """Players written as text that is no hand of the game read as ranges of it (``"QQ+"``, ``"random"``), as
    the command line reads them; an Omaha ``random`` takes the size of the first hand given as cards."""
    if not any(isinstance(p, str) for p in players):
        return players
    if rules.name not in RANGE_GAME_OF:
        _refuse_range_text(players, rules)
        return players
    texts: dict[int, tuple[str, ValueError | None]] = {}
    size = None
    for i, player in enumerate(players):
        if player is None or isinstance(player, Range):
            continue
        try:
            cards = parse_cards(player)
        except ValueError as exc:
            if isinstance(player, str):
                texts[i] = (player, exc)
            continue
        except TypeError:
            continue  # checked with the other hands
        if len(cards) in rules.hole_sizes:
            size = size or len(cards)
        elif isinstance(player, str):
            texts[i] = (player, None)
    read = list(players)
    changed = False
    for i, (text, as_cards) in texts.items():
        try:
            read[i] = hand_or_range(text, rules.name, size)
            changed = True
        except ValueError as as_range:
            if as_cards is not None:
                raise ValueError(f"player {i}: {as_cards} (nor is it a range: {as_range})") from None
            # cards, but not a hand's number of them: that is the error
    return read if changed else players


def _refuse_range_text(players: Sequence[Player], rules: Game) -> None:
    """In a game of known cards (Stud, Draw, the lowball games) text that is a range and no cards is refused
    as a range, not as cards it never meant to be."""
    for i, player in enumerate(players):
        if isinstance(player, str):
            try:
                parse_cards(player)
            except ValueError:
                try:
                    Range(player)
                except ValueError:
                    continue  # no range either: the cards' error, with the other hands
                raise ValueError(
                    f"player {i}: {rules.title} equity takes each player's known cards, not ranges such as {player!r}"
                ) from None


def _stopping(
    deal: Deal,
    exact: bool | None,
    trials: object,
    seed: object,
    progress: object,
    target_stderr: object,
    time_limit: object,
) -> None:
    """The stopping rule: exact or not, the trial count, the seed, the early stops, the progress callback."""
    if trials is not None:
        count_asked = as_index(trials)
        if count_asked is None:
            raise TypeError(f"trials must be an integer, not {type(trials).__name__}")
        trials = count_asked
        if trials <= 0:
            raise ValueError(f"trials must be > 0, got {trials}")
        if trials > MAX_TRIALS:
            raise ValueError(f"trials must be at most 2**62, got {trials}")
        if exact is True:
            raise ValueError("trials is for Monte Carlo; it cannot go with exact=True")
    stop = None if target_stderr is None and time_limit is None else stopping_rules(target_stderr, time_limit)
    if stop is not None and exact is True:
        raise ValueError("target_stderr and time_limit are for Monte Carlo; they cannot go with exact=True")
    seed_asked = None if seed is None else as_index(seed)
    if seed is not None and seed_asked is None:
        raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable taking the fraction done")
    deal.trials, deal.seed, deal.stop, deal.progress = trials, seed_asked, stop, progress
    deal.exact = False if exact is None and (trials is not None or stop is not None) else exact


def stopping_rules(target_stderr: object, time_limit: object) -> Stop | None:
    """The checked stopping rules, or None when neither is given."""
    values: list[float | None] = []
    for name, value in (("target_stderr", target_stderr), ("time_limit", time_limit)):
        if value is None:
            values.append(None)
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name} must be a number, not {type(value).__name__}")
        number = float(value) if abs(value) < 1e308 else math.inf
        if not math.isfinite(number) or number <= 0:
            raise ValueError(f"{name} must be a positive finite number, got {value!r}")
        values.append(number)
    if values == [None, None]:
        return None
    return Stop(values[0], values[1])


def mask_of(cards: Iterable[int]) -> int:
    """The card mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _kernel_seats(deal: Deal, players: Sequence[Player]) -> None:
    """The players of a game the equity kernels play (Hold'em, Omaha): fixed hands and ranges of the game."""
    rules = deal.rules
    taken = mask_of(deal.board + deal.dead)
    deal.fixed, deal.hands, deal.packs = [], [], []
    labels: list[str | Range] = []
    deal.ranged = []
    sizes: set[int] = set()
    randoms: list[int] = []  # the players with an Omaha random range
    listed: list[tuple[int, Range, Packed]] = []  # the other ranges, to lose what meets the cards taken
    for i, player in enumerate(players):
        deal.ranged.append(isinstance(player, Range))
        if isinstance(player, Range):
            labels.append(player)
            if player.game != rules.name:
                theirs = game_of(player.game)
                raise ValueError(
                    f"player {i}: {theirs.article} {theirs.title} range in {rules.article} {rules.title} equity"
                )
            sizes.add(player.hole_size)
            if player.is_random:
                randoms.append(i)
                deal.hands.append(None)
                deal.packs.append(None)
            else:
                pack = packed(player)
                listed.append((i, player, pack))
                deal.hands.append(player.combos)
                deal.packs.append((pack.ints, pack.scale, pack.cards))
            continue
        hand, label = _hand(player, i, rules)
        labels.append(label)
        sizes.add(len(hand))
        for card in hand:
            if taken >> card & 1:
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is also {_holder(players, deal.hands, card)}")
            taken |= 1 << card
        deal.fixed += hand
        deal.hands.append([(hand, _ONE)])
        deal.packs.append((*_UNIT_PACK, bytes(hand)))
    if len(sizes) != 1:
        raise ValueError(f"every player needs the same number of hole cards, got {sorted(sizes)}")
    deal.hole_size = sizes.pop()
    deal.taken = taken
    deal.labels = tuple(labels)
    deal.excluded = [0] * len(players)
    for i in randoms:  # only a random range excludes cards (Range.without records them)
        deal.excluded[i] = mask_of(players[i].dead)  # type: ignore[union-attr]
    _check_cards_left(deal, players, randoms)
    for i, player, pack in listed:  # ranges lose every combo that meets the board, dead cards or a hand
        if pack.union & taken:
            deal.hands[i], deal.packs[i] = _left_by(player, pack, taken, deal.hole_size)
            if not deal.hands[i]:
                raise ValueError(
                    f"player {i}: no hand of the range is left beside the board, dead cards and fixed hands"
                )


def _hand(player: Cards, index: int, rules: Game) -> tuple[tuple[int, ...], str]:
    """A fixed hand's cards, highest first, and the hand in words as given."""
    if player is None:
        raise TypeError(f"player {index}: a hand must be cards or a Range, not None")
    ids = parse_named(player, f"player {index}")
    if len(ids) not in rules.hole_sizes:
        raise ValueError(f"player {index}: {rules.hand_rule}, got {len(ids)}")
    label = " ".join([CARD_NAMES[c] for c in ids])
    ids.sort(reverse=True)
    return tuple(ids), label


def _holder(players: Sequence[Player], hands: list[Combos | None], card: int) -> str:
    """Where a card already is: in the fixed hand of one of the players in ``hands`` so far, or not."""
    for i, combos in enumerate(hands):
        if not isinstance(players[i], Range) and combos is not None and card in combos[0][0]:
            return f"in player {i}'s hand"
    return "on the board or dead"


def _left_by(player: Range, pack: Packed, taken: int, h: int) -> tuple[Combos, tuple[Sequence[int], int, bytes]]:
    """A range's combos that miss the cards in ``taken``, and their integer weights, scale and cards."""
    combos = player.combos
    kept = []
    ints = []
    cards = []
    for j, mask in enumerate(pack.masks):
        if not mask & taken:
            kept.append(combos[j])
            ints.append(pack.ints[j])
            cards.append(pack.cards[j * h : j * h + h])
    return kept, (ints, pack.scale, b"".join(cards))


def _check_cards_left(deal: Deal, players: Sequence[Player], randoms: list[int]) -> None:
    """Fail fast where no deal is possible: too few cards, or a random hand that cannot be dealt."""
    n, hole_size = len(players), deal.hole_size
    needed = n * hole_size + 5 - len(deal.board)
    left = 52 - len(deal.board) - len(deal.dead)
    if needed > left:
        raise ValueError(
            f"a deal needs {needed} cards ({n} hands of {hole_size} and {5 - len(deal.board)} more board cards), "
            f"but only {left} are left beside the board and dead cards"
        )
    if not randoms:
        return
    others = sum(1 for p in players if isinstance(p, Range))  # hands not yet counted in ``taken``
    for i in randoms:
        free = 52 - (deal.taken | deal.excluded[i]).bit_count() - hole_size * (others - 1)
        if free < hole_size:
            raise ValueError(
                f"player {i}: the random range leaves {plural(max(free, 0), 'card')} for a hand of {hole_size} "
                "beside the board, dead cards, its own excluded cards and the other hands"
            )


def _game_seats(deal: Deal, players: Sequence[Player]) -> None:
    """The players of a game the batch kernels play (short deck, hi-lo, lowball): each one's possible hands,
    checked (sizes, the deck, no card twice; the board where the game has one)."""
    rules = deal.rules
    own_cards = rules.board_sizes == (0,)
    if own_cards and deal.board:
        raise ValueError(f"board: {rules.board_rule}, got {len(deal.board)}")
    taken = dict.fromkeys(deal.board, "on the board") | dict.fromkeys(deal.dead, "dead")
    for card in taken:
        if card < rules.lowest:
            where = "board" if card in deal.board else "dead"
            raise ValueError(f"{where}: card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
    deal.hands, deal.packs, deal.fixed = [], [], []
    deal.ranged = [isinstance(p, Range) for p in players]
    ranges: dict[int, Range] = {}
    for i, player in enumerate(players):
        if isinstance(player, Range):
            _check_game_range(rules, player, i)
            ranges[i] = player
            deal.hands.append(None)
            continue
        ids = _known_cards(rules, player, i, own_cards)
        for card in ids:
            if card < rules.lowest:
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
            if card in taken:
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is also {taken[card]}")
            taken[card] = f"in player {i}'s hand"
        deal.fixed += ids
        deal.hands.append([(tuple(ids), _ONE)])
    for i, player in ranges.items():
        left = [(c, w) for c, w in player.combos if not taken.keys() & set(c)]
        if not left:
            raise ValueError(f"player {i}: no hand of the range is left beside the board, dead cards and fixed hands")
        deal.hands[i] = left
    deal.labels = tuple(p if isinstance(p, Range) else cards_str(p) for p in players)
    for combos in deal.hands:
        assert combos is not None
        scale = math.lcm(*(w.denominator for _, w in combos))
        deal.packs.append(([int(w * scale) for _, w in combos], scale, bytes(c for cards, _ in combos for c in cards)))
    sizes = {len(combos[0][0]) for combos in deal.hands if combos is not None}
    if not own_cards and len(sizes) != 1:
        raise ValueError(f"every player needs the same number of hole cards, got {sorted(sizes)}")
    deal.hole_size = max(sizes)
    deal.taken = mask_of(list(taken))
    deal.excluded = [0] * len(players)
    deck, needs = game_deck(deal)
    in_ranges = 0  # the cards the ranges' hands take
    for combos, ranged in zip(deal.hands, deal.ranged, strict=True):
        if ranged and combos is not None:
            in_ranges += len(combos[0][0])
    if sum(needs) + in_ranges > len(deck):
        raise ValueError(f"the deal needs {sum(needs) + in_ranges} more cards but the deck has {len(deck)} left")


def game_deck(deal: Deal) -> tuple[list[int], list[int]]:
    """A batch-kernel game's deck (the cards not on the board, dead or in a fixed hand), and how many cards
    each deal takes from it besides the ranges' hands: each player's missing own cards (Stud, razz,
    deuce-to-seven), else the rest of the board."""
    deck = [c for c in range(deal.rules.lowest, 52) if not deal.taken >> c & 1]
    if deal.rules.board_sizes == (0,):
        full = deal.rules.hole_sizes[-1]
        return deck, [full - len(combos[0][0]) for combos in deal.hands]  # type: ignore[index]
    return deck, [5 - len(deal.board)]


def _check_game_range(rules: Game, player: Range, i: int) -> None:
    """A range is for short deck (a short-deck range) and Omaha hi-lo (an Omaha range of explicit hands) only."""
    if rules.name == "shortdeck" and player.game != "shortdeck":
        raise ValueError(f"player {i}: a {player.game} range in short deck equity: use Range(..., game='shortdeck')")
    if rules.name == "omaha8" and (player.game != "omaha" or player.is_random):
        raise ValueError(f"player {i}: Omaha hi-lo equity takes hands or Omaha ranges of explicit hands")
    if rules.name not in ("shortdeck", "omaha8"):
        raise ValueError(f"player {i}: {rules.title} equity takes each player's known cards, not ranges")


def _known_cards(rules: Game, player: Player, i: int, own_cards: bool) -> list[int]:
    """A fixed hand of a batch-kernel game: hole cards, or (Stud, razz, deuce-to-seven) 1 to all known cards."""
    if player is None:
        raise TypeError(f"player {i}: a hand must be cards or a Range, not None")
    ids = parse_named(player, f"player {i}")  # type: ignore[arg-type]
    full = rules.hole_sizes[-1]
    if own_cards and not 1 <= len(ids) <= full:
        raise ValueError(f"player {i}: {rules.article} {rules.title} hand has 1 to {full} known cards, got {len(ids)}")
    if not own_cards and len(ids) not in rules.hole_sizes:
        raise ValueError(f"player {i}: {rules.hand_rule}, got {len(ids)}")
    return ids
