"""Equity: how often each player wins, by exact enumeration or seeded Monte Carlo.

``equity`` checks the players, board and dead cards, turns hands and ranges
into matchups (exact) or weighted combo lists (Monte Carlo), and runs the
active backend's ``enumerate_boards`` or ``monte_carlo`` kernel over work
units on the shared thread pool.  Both backends implement the same
algorithms, so they give the very same numbers, Monte Carlo included,
whatever the thread count.
"""

from __future__ import annotations

import math
import os
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import permutations, product

from handrank import _backend
from handrank._cards import CARD_NAMES, Cards, as_index, parse_cards
from handrank._games import ALL_EQUITY_GAMES, HOLDEM, EquityGameName, Game
from handrank._games import game as _game
from handrank._kernels import MAX_PLAYERS, SHARE_UNIT, TALLY_FIELDS
from handrank._ranges import Packed, Range
from handrank._record import Record
from handrank._threads import n_threads, run_tasks

TYPE_CHECKING = False
if TYPE_CHECKING:
    import pandas as pd

BLOCK_TRIALS = 1024  # Monte Carlo trials per seeded block
MAX_REDRAWS = 10_000  # redraws of one deal before the ranges are called impossible
# exact=None enumerates when matchups x boards x players stays under this.
EXACT_LIMIT = 200_000_000
HOLDEM_MATCHUP_WORK = 100_000  # (see _affordable_matchups) about 0.5 ms heads-up
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 1 << 62  # block numbers stay int64 in the kernels
# Range weights are scaled to integers below this for the kernels' weighted draws.
WEIGHT_LIMIT = 1 << 62
# Ranges with more raw matchups than this are not listed just to count the distinct ones.
MAX_LISTED_MATCHUPS = 20_000
_DECK = bytes(range(52))
_ONE = Fraction(1)
_UNIT_WEIGHT = (1,)

Player = Cards | Range
Combos = Sequence[tuple[tuple[int, ...], Fraction]]


class EquityResult(Record):
    """Equity of each player: the best hand wins and tied hands split the pot."""

    __slots__ = (  # noqa: RUF023 - the order of the fields in repr and pickles
        "equity",
        "wins",
        "ties",
        "losses",
        "total",
        "exact",
        "boards",
        "trials",
        "stderr",
        "equity_fraction",
        "seed",
        "high_share",
        "low_share",
        "scoop",
    )

    equity: tuple[float, ...]
    """Each player's expected share of the pot, summing to 1."""
    wins: tuple[int | Fraction, ...]
    """Showdowns won outright (weighted by range weights when ranges have them)."""
    ties: tuple[int | Fraction, ...]
    """Showdowns split with others."""
    losses: tuple[int | Fraction, ...]
    total: int | Fraction
    """Showdowns counted: wins + ties + losses of any player."""
    exact: bool
    """True for full enumeration, False for Monte Carlo."""
    boards: int
    """Boards counted (exact): the completions of each distinct matchup enumerated on its own, summed;
    for ranges on a flop, turn or river (enumerated runout by runout), the runouts."""
    trials: int
    """Monte Carlo trials (0 when exact)."""
    stderr: tuple[float, ...]
    """Standard error of each equity (0 when exact)."""
    equity_fraction: tuple[Fraction, ...] | None
    """The exact equities as fractions (None for Monte Carlo)."""
    seed: int | None
    """The Monte Carlo seed used (None when exact); pass it again to repeat the run."""
    high_share: tuple[float, ...] | None
    """Hi-lo games: each player's expected part of the pot from its high half (the whole pot when no low
    qualifies); None in other games."""
    low_share: tuple[float, ...] | None
    """Hi-lo games: each player's expected part of the pot from its low half (``equity`` is the two added)."""
    scoop: tuple[float, ...] | None
    """Hi-lo games: how often each player takes the whole pot alone (``wins / total``)."""

    def _repr_html_(self) -> str:
        """A table, one row per player (notebooks show it)."""
        from handrank._display import equity_html

        return equity_html(self)

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per player: ``equity, wins, ties, losses, stderr``."""
        from handrank._display import equity_frame

        return equity_frame(self)


def _fraction(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` for a positive denominator, made without its general checks.

    Exact results make one per player; ``Fraction``'s constructor is most
    of the cost of a small call.  Python 3.12 and later build it from
    coprime parts; before, its two slots are set directly.
    """
    g = math.gcd(numerator, denominator)
    if _FROM_COPRIME is not None:
        return _FROM_COPRIME(numerator // g, denominator // g)
    value = object.__new__(Fraction)
    value._numerator = numerator // g  # type: ignore[attr-defined]
    value._denominator = denominator // g  # type: ignore[attr-defined]
    return value


_FROM_COPRIME: Callable[[int, int], Fraction] | None = getattr(Fraction, "_from_coprime_ints", None)


def _normalise(value: Fraction) -> int | Fraction:
    return value.numerator if value.denominator == 1 else value


def _game_mismatch(player: Range, index: int, rules: Game) -> ValueError:
    """The error for a range of another game."""
    theirs = _game(player.game)
    return ValueError(f"player {index}: {theirs.article} {theirs.title} range in {rules.article} {rules.title} equity")


def _hand(player: Cards, index: int, rules: Game) -> tuple[int, ...]:
    """A fixed hand's cards, highest first."""
    if player is None:
        raise TypeError(f"player {index}: a hand must be cards or a Range, not None")
    try:
        ids = parse_cards(player)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"player {index}: {exc}") from None
    if len(ids) not in rules.hole_sizes:
        raise ValueError(f"player {index}: {rules.hand_rule}, got {len(ids)}")
    ids.sort(reverse=True)
    return tuple(ids)


def _left_by(player: Range, pack: Packed, taken: int, h: int) -> tuple[Combos, tuple[Sequence[int], int, bytes]]:
    """A range's combos that miss the cards in ``taken``, and their integer weights, scale and cards."""
    combos = player._combos
    kept = []
    ints = []
    cards = []
    for j, mask in enumerate(pack.masks):
        if not mask & taken:
            kept.append(combos[j])
            ints.append(pack.ints[j])
            cards.append(pack.cards[j * h : j * h + h])
    return kept, (ints, pack.scale, b"".join(cards))


def _holder(players: Sequence[Player], lists: list[Combos | None], card: int) -> str:
    """Where a card already is: in the fixed hand of one of the players in ``lists`` so far, or not."""
    for i, combos in enumerate(lists):
        if not isinstance(players[i], Range) and combos is not None and card in combos[0][0]:
            return f"in player {i}'s hand"
    return "on the board or dead"


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _suit_pattern(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """What the hands hold in each suit, as ranks, the suits in sorted order.

    Two matchups are the same up to relabelling suits exactly when their
    patterns are equal: a relabelling only reorders the four suits' contents.
    """
    return tuple(sorted(tuple(tuple(c >> 2 for c in hand if c & 3 == s) for hand in hands) for s in range(4)))


_PERMS = list(permutations(range(4)))


def equity(
    players: Sequence[Player],
    board: Cards = (),
    dead: Cards = (),
    *,
    game: EquityGameName = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], object] | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
) -> EquityResult:
    """Each player's equity: how often their hand wins, ties splitting the pot.

    ``players`` holds 2 to 10 hands (cards) or ``Range`` objects; ``board``
    has 0..5 cards and ``dead`` cards are out of play.  ``exact=None``
    enumerates every deal when that is small enough and samples otherwise;
    ``exact=True``/``False`` force it (a ``trials`` count also asks for
    Monte Carlo).  Monte Carlo runs ``trials`` deals
    (rounded up to whole blocks of 1024) and is repeatable: the same ``seed``
    gives the same numbers on every backend and thread count.  ``threads``
    works as in ``evaluate_batch``; ``progress`` is called with the fraction
    done.

    Monte Carlo can stop early: at ``target_stderr``, once every player's
    standard error is at most that, or after ``time_limit`` seconds
    (``trials``, if given, still caps it).  It stops within a block per
    thread of that point, and the numbers are those that ``trials`` set to
    the trials it ran gives with the same seed.

    >>> result = equity(["Ah Kh", "Qs Qd"])
    >>> result.wins, result.ties, result.losses
    ((787966, 917606), (6732, 6732), (917606, 787966))
    >>> round(result.equity[0], 7)
    0.4621446
    >>> result = equity(["Ah Kh", "Qs Qd"], board="2c 7d 9h Ts")
    >>> result.wins, result.ties, result.losses, result.total
    ((6, 38), (0, 0), (38, 6), 44)
    """
    rules = _game(game, ALL_EQUITY_GAMES)
    if type(players) is not list and (isinstance(players, (str, bytes, Range)) or not isinstance(players, Sequence)):
        raise TypeError("players must be a sequence of hands or Ranges, one per player")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(players)}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be None, True or False, not {exact!r}")
    count = n_threads(threads)
    board_ids = _cards_of(board, "board")
    dead_ids = [] if type(dead) is tuple and not dead else _cards_of(dead, "dead")
    if len(board_ids) > 5:
        raise ValueError(f"board: {rules.article} {rules.title} board has at most 5 cards, got {len(board_ids)}")
    for card in dead_ids:
        if card in board_ids:
            raise ValueError(f"dead card {CARD_NAMES[card]} is also on the board")
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
    stop = None if target_stderr is None and time_limit is None else _stopping_rules(target_stderr, time_limit)
    if stop is not None and exact is True:
        raise ValueError("target_stderr and time_limit are for Monte Carlo; they cannot go with exact=True")
    seed_asked = None if seed is None else as_index(seed)
    if seed is not None and seed_asked is None:
        raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable taking the fraction done")
    if rules.code is None:  # short deck, hi-lo and lowball: over the batch kernels
        from handrank._equity_games import games_equity

        return games_equity(
            rules,
            players,
            board_ids,
            dead_ids,
            exact=exact,
            trials=trials,
            seed=None if seed is None else seed_asked,
            threads=count,
            progress=progress,
            stderr_target=None if stop is None else stop.stderr,
            seconds=None if stop is None else stop.seconds,
        )

    taken = _mask(board_ids + dead_ids)
    fixed_cards: list[int] = []  # the fixed hands' cards
    lists: list[Combos | None] = []
    # Each known player's integer weights, the scale that makes them so, and its combos' cards.
    packs: list[tuple[Sequence[int], int, bytes]] = []
    sizes: set[int] = set()
    randoms: list[int] = []  # the players with an Omaha random range
    for i, player in enumerate(players):
        if isinstance(player, Range):
            if player._game != rules.name:
                raise _game_mismatch(player, i, rules)
            sizes.add(player._hole_size)
            if player._random:
                randoms.append(i)
                lists.append(None)
            else:
                lists.append(player._combos)
                pack = player._pack()
                packs.append((pack.ints, pack.scale, pack.cards))
            continue
        hand = _hand(player, i, rules)
        sizes.add(len(hand))
        for card in hand:
            if taken >> card & 1:
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is also {_holder(players, lists, card)}")
            taken |= 1 << card
        fixed_cards += hand
        lists.append([(hand, _ONE)])
        packs.append((_UNIT_WEIGHT, 1, bytes(hand)))
    if len(sizes) != 1:
        raise ValueError(f"every player needs the same number of hole cards, got {sorted(sizes)}")
    hole_size = sizes.pop()
    _check_deal(players, len(board_ids), len(dead_ids), hole_size, taken, randoms)
    # Ranges lose every combo that collides with the board, dead cards or fixed hands.
    at = 0  # the player's place in packs
    for i, player in enumerate(players):
        if lists[i] is None:
            continue
        at += 1
        if not isinstance(player, Range):
            continue
        pack = player._pack()
        if pack.union & taken:
            lists[i], packs[at - 1] = _left_by(player, pack, taken, hole_size)
            if not lists[i]:
                raise ValueError(
                    f"player {i}: no hand of the range is left beside the board, dead cards and fixed hands"
                )
    if exact is True or (exact is None and trials is None and stop is None):
        if exact and randoms:
            raise ValueError("exact equity cannot enumerate an Omaha random hand; use Monte Carlo (exact=False)")
        scale = _runout_major(lists, packs, board_ids, dead_ids, fixed_cards, affordable=exact is None)
        if scale is not None:
            known: list[Combos] = lists  # type: ignore[assignment]  # no random hand: no None
            return _exact_runouts(
                known, packs, scale, board_ids, dead_ids, fixed_cards, rules, hole_size, count, progress
            )
    matchups = None
    if exact is None:
        # A trial count or a stopping rule asks for Monte Carlo; otherwise enumerate whenever that is affordable.
        if trials is None and stop is None:
            matchups = _affordable_matchups(lists, board_ids, dead_ids, hole_size, rules.code == HOLDEM.code)
        exact = matchups is not None
    if exact:
        known = lists  # type: ignore[assignment]
        if matchups is None:
            matchups = _matchups(known, canonical=not board_ids and not dead_ids)
        return _exact(matchups, len(lists), board_ids, dead_ids, rules, hole_size, count, progress)
    seed_used = int.from_bytes(os.urandom(8), "little") if seed is None else (seed_asked or 0) % (1 << 64)
    trials_asked = (DEFAULT_TRIALS if stop is None else MAX_TRIALS) if trials is None else trials
    excluded = [_mask(p.dead) if isinstance(p, Range) else 0 for p in players]
    # A range of every hand left, equally weighted, is a random hand: dealt from the deck, never redrawn.
    every = math.comb(52 - taken.bit_count(), hole_size)
    known_at = [i for i, combos in enumerate(lists) if combos is not None]
    for i, (weights, _, _) in zip(known_at, packs, strict=True):
        if len(weights) == every and len(set(weights)) == 1:
            lists[i], excluded[i] = None, 0
    return _monte_carlo(
        lists, excluded, board_ids, dead_ids, rules, hole_size, trials_asked, seed_used, count, progress, stop
    )


def _stopping_rules(target_stderr: object, time_limit: object) -> _Stop | None:
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
    return _Stop(values[0], values[1])


def _cards_of(cards: Cards, what: str) -> list[int]:
    """The board's or the dead cards, errors saying which."""
    try:
        return parse_cards(cards)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _check_deal(
    players: Sequence[Player], n_board: int, n_dead: int, hole_size: int, taken: int, randoms: list[int]
) -> None:
    """Fail fast where no deal is possible: too few cards, or a random hand that cannot be dealt.

    ``taken`` is the mask of the board, the dead cards and the fixed hands;
    ``randoms`` lists the players with an Omaha random range.
    """
    n = len(players)
    needed = n * hole_size + 5 - n_board
    left = 52 - n_board - n_dead
    if needed > left:
        raise ValueError(
            f"a deal needs {needed} cards ({n} hands of {hole_size} and {5 - n_board} more board cards), "
            f"but only {left} are left beside the board and dead cards"
        )
    if not randoms:
        return
    others = sum(1 for p in players if isinstance(p, Range))  # hands not yet counted in ``taken``
    for i in randoms:
        player = players[i]
        assert isinstance(player, Range)
        free = 52 - (taken | _mask(player.dead)).bit_count() - hole_size * (others - 1)
        if free < hole_size:
            raise ValueError(
                f"player {i}: the random range leaves {max(free, 0)} cards for a hand of {hole_size} "
                "beside the board, dead cards, its own excluded cards and the other hands"
            )


def _runout_major(
    entries: Sequence[Combos | None],
    packs: list[tuple[Sequence[int], int, bytes]],
    board: list[int],
    dead: list[int],
    fixed: list[int],
    affordable: bool,
) -> int | None:
    """The scale of the integer weights when enumerating runout by runout applies, else None.

    It applies to ranges on a flop, turn or river (with ``affordable``, within
    EXACT_LIMIT) whose weighted sums fit the kernels' 64 bits.  ``packs``
    holds each known player's weights times its scale, that scale and its
    cards; the scale returned is the product of the scales.
    """
    if len(board) < 3 or None in entries:
        return None
    sizes = list(map(len, entries))  # type: ignore[arg-type]  # no None
    if max(sizes) == 1:
        return None
    runouts = math.comb(52 - len(board) - len(dead) - len(fixed), 5 - len(board))
    if affordable:
        combos = sum(sizes)
        settle = combos if len(sizes) == 2 else math.prod(sizes)
        if runouts * (combos + settle) > EXACT_LIMIT:
            return None
    scale = 1
    total = runouts * SHARE_UNIT * SHARE_UNIT
    for ints, entry_scale, _ in packs:
        scale *= entry_scale
        total *= sum(ints)
    return scale if total < 1 << 63 else None


def _integer_combo_weights(combos: Combos) -> tuple[list[int], int]:
    """The combos' weights times the smallest number that makes them all integers, and that number."""
    if all(w.denominator == 1 for _, w in combos):
        return [w.numerator for _, w in combos], 1
    scale = math.lcm(*(w.denominator for _, w in combos))
    return [w.numerator * (scale // w.denominator) for _, w in combos], scale


def _exact_runouts(
    lists: list[Combos],
    packs: list[tuple[Sequence[int], int, bytes]],
    scale: int,
    board: list[int],
    dead: list[int],
    fixed: list[int],
    rules: Game,
    hole_size: int,
    threads: int,
    progress: Callable[[float], object] | None,
) -> EquityResult:
    """Exact equity of ranges on a board, runout by runout (the ``enumerate_ranges`` kernel)."""
    n = len(lists)
    flat: list[int] = []
    ends = [0]
    cards = []
    for ints, _, combo_cards in packs:
        flat += ints
        ends.append(len(flat))
        cards.append(combo_cards)
    weights = array("Q", flat)
    offsets = array("q", ends)
    combos = b"".join(cards)
    deck = _DECK.translate(None, bytes(board + dead + fixed))
    left = 5 - len(board)
    items = len(deck) - left + 1 if left else 1
    # Parts of about a million evaluations each (progress, Ctrl-C), at least one per thread.
    runouts = math.comb(len(deck), left)
    per_runout = len(flat) + (len(flat) if n == 2 else math.prod(map(len, lists)))
    parts = max(1, min(items, max(threads, runouts * per_runout // 1_000_000)))
    # Hold'em with three players or more goes matchup by matchup: no runouts to merge.
    if rules.code == HOLDEM.code and n >= 3:
        perms = b""
    else:
        masks = [[_mask(cards) for cards, _ in entry] for entry in lists]
        perms = _symmetries(masks, weights, board, dead)
    unit = (_code(rules), n, hole_size, combos, offsets, weights, bytes(board), deck, perms)
    kernel = _backend.kernels.enumerate_ranges
    if parts == 1 and progress is None:
        boards, tallies = kernel(*unit, 0, 1)
        wins_sum = list(tallies[0::TALLY_FIELDS])
        ties_sum = list(tallies[1::TALLY_FIELDS])
        share_sum = list(tallies[2::TALLY_FIELDS])
    else:
        wins_sum, ties_sum, share_sum = [0] * n, [0] * n, [0] * n
        boards = 0
        for count, part_tallies in run_tasks(kernel, parts, lambda part: (*unit, part, parts), threads, progress):
            boards += count
            _add_tallies(wins_sum, ties_sum, share_sum, part_tallies, 1)
    if not sum(share_sum):
        raise ValueError("the ranges leave no possible deal (every matchup shares a card)")
    return _exact_result(wins_sum, ties_sum, share_sum, sum(share_sum) // SHARE_UNIT, scale, boards)


def _symmetries(masks: list[list[int]], weights: array[int], board: list[int], dead: list[int]) -> bytes:
    """The suit relabellings that leave the board, the dead cards and every range unchanged, 4 bytes each.

    ``masks`` holds each player's combos as card masks, their integer weights
    in ``weights`` in the same order.  Such a relabelling maps each runout
    onto one exactly as likely with the same result, so the kernels settle
    one runout per orbit.  Empty when only the identity qualifies.
    """
    fixed = set(board)
    out_of_play = set(dead)
    found = []
    for perm in _PERMS:
        if {c & ~3 | perm[c & 3] for c in fixed} == fixed and {
            c & ~3 | perm[c & 3] for c in out_of_play
        } == out_of_play:
            found.append(perm)
    if len(found) == 1:
        return b""
    tables = []
    start = 0
    for player in masks:
        tables.append(dict(zip(player, weights[start : start + len(player)], strict=True)))
        start += len(player)
    keep = []
    for perm in found:
        bit = [1 << (c & ~3 | perm[c & 3]) for c in range(52)]
        if all(table.get(_relabel_mask(mask, bit)) == w for table in tables for mask, w in table.items()):
            keep.append(perm)
    return b"" if len(keep) == 1 else bytes(s for perm in keep for s in perm)


def _relabel_mask(mask: int, bit: list[int]) -> int:
    image = 0
    while mask:
        low = mask & -mask
        image |= bit[low.bit_length() - 1]
        mask ^= low
    return image


def _affordable_matchups(
    entries: list[Combos | None], board: list[int], dead: list[int], hole_size: int, holdem: bool
) -> dict[tuple[tuple[int, ...], ...], Fraction] | None:
    """The matchups to enumerate when matchups x boards x players stays under EXACT_LIMIT, else None."""
    lists = [c for c in entries if c is not None]
    if len(lists) < len(entries):
        return None
    deck = 52 - len(board) - len(dead) - hole_size * len(lists)
    boards = math.comb(deck, 5 - len(board))
    # Hold'em counts boards by their ranks: a preflop matchup costs about HOLDEM_MATCHUP_WORK evaluations a player.
    per_matchup = (min(boards, HOLDEM_MATCHUP_WORK) if holdem else boards) * len(lists)
    raw = math.prod(len(c) for c in lists)
    if raw * per_matchup <= EXACT_LIMIT:
        return _matchups(lists, canonical=not board and not dead)
    if raw > MAX_LISTED_MATCHUPS:
        return None  # too many to even list; suit isomorphism could not bring them under the limit
    matchups = _matchups(lists, canonical=not board and not dead)
    return matchups if len(matchups) * per_matchup <= EXACT_LIMIT else None


def _matchups(lists: list[Combos], canonical: bool) -> dict[tuple[tuple[int, ...], ...], Fraction]:
    """Every collision-free assignment of hands, weighted; merged by suit isomorphism when allowed.

    Relabelling suits maps a deal to an equally likely one only when no board
    or dead card is fixed, so ``canonical`` is for preflop only.
    """
    scaled = [_integer_combo_weights(c) for c in lists]
    integer = [ints for ints, _ in scaled]
    scale = math.prod(s for _, s in scaled)
    weighed = [
        [(hand, w) for (hand, _), w in zip(c, ints, strict=True)] for c, ints in zip(lists, integer, strict=True)
    ]
    sums: dict[object, int] = {}
    first: dict[object, tuple[tuple[int, ...], ...]] = {}
    for choice in product(*weighed):
        cards = [c for hand, _ in choice for c in hand]
        if len(set(cards)) != len(cards):
            continue
        hands = tuple(hand for hand, _ in choice)
        weight = 1
        for _, w in choice:
            weight *= w
        key = _suit_pattern(hands) if canonical else hands
        if key in sums:
            sums[key] += weight
        else:
            sums[key] = weight
            first[key] = hands  # the matchup that stands for its pattern: the first one met
    return {first[key]: Fraction(w, scale) for key, w in sums.items()}


def _exact(
    matchups: dict[tuple[tuple[int, ...], ...], Fraction],
    n: int,
    board: list[int],
    dead: list[int],
    rules: Game,
    hole_size: int,
    threads: int,
    progress: Callable[[float], object] | None,
) -> EquityResult:
    if not matchups:
        raise ValueError("the ranges leave no possible deal (every matchup shares a card)")
    # Each matchup's enumeration is cut into parts (see the kernel), enough for the threads and, in the
    # slower enumerations (Omaha, the pure-Python kernels), for progress reports and Ctrl-C.
    slow = rules.code != HOLDEM.code or _backend.name(_backend.kernels) == "python"
    parts = max(1, min(8, -(-(threads if not slow else threads * 8) // len(matchups))))
    # Integer weights in the matchups' ratios: the sums stay integers, divided once at the end.
    scale = math.lcm(*(w.denominator for w in matchups.values()))
    units: list[tuple[int, bytes, int, int, bytes, bytes, int, int]] = []
    weights: list[int] = []
    fixed = bytes(board)
    code = _code(rules)
    out_of_play = _mask(board + dead)
    for hands, weight in matchups.items():
        used = out_of_play
        for hand in hands:
            for c in hand:
                used |= 1 << c
        deck = bytes(c for c in range(52) if not used >> c & 1)
        holes = bytes(c for h in hands for c in h)
        integer = int(weight * scale)
        for part in range(parts):
            units.append((code, holes, n, hole_size, fixed, deck, part, parts))
            weights.append(integer)
    results = run_tasks(_backend.kernels.enumerate_boards, len(units), units.__getitem__, threads, progress)
    wins_sum = [0] * n
    ties_sum = [0] * n
    share_sum = [0] * n
    total_sum = 0
    boards = 0
    for times, (count, tallies) in zip(weights, results, strict=True):
        boards += count
        total_sum += times * count
        _add_tallies(wins_sum, ties_sum, share_sum, tallies, times)
    return _exact_result(wins_sum, ties_sum, share_sum, total_sum, scale, boards)


def _add_tallies(wins: list[int], ties: list[int], shares: list[int], tallies: Sequence[int], times: int) -> None:
    """Add ``times`` a kernel's tallies (TALLY_FIELDS a player) to each player's wins, ties and shares."""
    for p in range(len(wins)):
        wins[p] += times * tallies[TALLY_FIELDS * p]
        ties[p] += times * tallies[TALLY_FIELDS * p + 1]
        shares[p] += times * tallies[TALLY_FIELDS * p + 2]


def _exact_result(
    wins_sum: list[int], ties_sum: list[int], share_sum: list[int], total_sum: int, scale: int, boards: int
) -> EquityResult:
    """The result of an enumeration from its integer sums, weights multiplied by ``scale``."""
    pot = SHARE_UNIT * total_sum
    # Plain loops: small calls are common and a comprehension costs a function call before Python 3.12.
    losses_sum = []
    equities = []
    fractions = []
    for w, t, share in zip(wins_sum, ties_sum, share_sum, strict=True):
        losses_sum.append(total_sum - w - t)
        equities.append(share / pot)
        fractions.append(_fraction(share, pot))
    wins: tuple[int | Fraction, ...]
    ties: tuple[int | Fraction, ...]
    losses: tuple[int | Fraction, ...]
    total: int | Fraction
    if scale == 1:
        wins, ties, losses, total = tuple(wins_sum), tuple(ties_sum), tuple(losses_sum), total_sum
    else:

        def count(value: int) -> int | Fraction:
            return _normalise(Fraction(value, scale))

        wins, ties, losses = (tuple([count(v) for v in values]) for values in (wins_sum, ties_sum, losses_sum))
        total = count(total_sum)
    n = len(share_sum)
    return EquityResult._of(
        tuple(equities),
        wins,
        ties,
        losses,
        total,
        True,
        boards,
        0,
        (0.0,) * n,
        tuple(fractions),
        None,
        None,
        None,
        None,
    )


def _code(rules: Game) -> int:
    assert rules.code is not None  # equity games have one
    return rules.code


def _integer_weights(combos: Iterable[tuple[tuple[int, ...], Fraction]]) -> list[int]:
    """Integer weights in the ratios of the combos' weights: exactly while they sum below WEIGHT_LIMIT.

    Past it (weights such as 1e-20 beside 1), each becomes its share of
    WEIGHT_LIMIT, at least 1: the same on both backends.
    """
    weights = [w for _, w in combos]
    scale = math.lcm(*(w.denominator for w in weights))
    exact = [int(w * scale) for w in weights]
    total = sum(exact)
    if total < WEIGHT_LIMIT:
        return exact
    return [max(1, w * WEIGHT_LIMIT // total) for w in exact]


class _Stop:
    """When a Monte Carlo run may stop early: every standard error at most ``stderr``, or ``seconds`` spent."""

    __slots__ = ("seconds", "start", "stderr")

    def __init__(self, stderr: float | None, seconds: float | None) -> None:
        self.stderr = stderr
        self.seconds = seconds
        self.start = time.monotonic()


def _stderrs(totals: list[list[int]], done: int) -> list[float]:
    """Each player's standard error from the tallies (wins, ties, share, share_sq) of ``done`` trials."""
    out = []
    for _, _, share, share_sq in totals:
        mean = share / (SHARE_UNIT * done)
        out.append(math.sqrt(max(0.0, share_sq / (SHARE_UNIT**2 * done) - mean * mean) / done))
    return out


def _run_until(
    stop: _Stop,
    run: Callable[[int, int, Callable[[float], object] | None], None],
    all_blocks: int,
    threads: int,
    totals: list[list[int]],
    done: Callable[[], int],
    progress: Callable[[float], object] | None,
) -> None:
    """Blocks in rounds from 0 on, until a stopping rule is met or ``all_blocks`` are done.

    The rules are checked after every round.  Rounds grow from one block per
    thread while the rules are far off, and shrink to one block per thread
    as the trials the target standard error needs (estimated from the
    trials so far) or the time left run out; so a run stops within a block
    per thread of where the rule is met.  The blocks run are always
    0..k-1: the result is the one ``trials=k * 1024`` gives with the same seed.
    """
    block = 0
    shown = 0.0
    while block < all_blocks:
        size = min(max(threads, block), 64 * threads, all_blocks - block)
        if block:
            trials_done = done()
            if stop.stderr is not None:
                worst = max(_stderrs(totals, trials_done))
                if worst <= stop.stderr:
                    return
                needed = trials_done * (worst / stop.stderr) ** 2 - trials_done
                size = min(size, max(threads, math.ceil(needed / BLOCK_TRIALS)))
            if stop.seconds is not None:
                spent = time.monotonic() - stop.start
                if spent >= stop.seconds:
                    return
                rate = block / max(spent, 1e-9)
                size = min(size, max(threads, int(rate * (stop.seconds - spent))))
        run(block, block + size, None)
        block += size
        if progress is not None:
            fraction = block / all_blocks
            if stop.seconds is not None:
                fraction = max(fraction, (time.monotonic() - stop.start) / stop.seconds)
            if stop.stderr is not None:
                worst = max(_stderrs(totals, done()))
                fraction = max(fraction, min(1.0, (stop.stderr / worst) ** 2) if worst else 1.0)
            shown = max(shown, min(fraction, 1.0))
            progress(shown)


def _monte_carlo(
    lists: list[Combos | None],
    excluded: list[int],
    board: list[int],
    dead: list[int],
    rules: Game,
    hole_size: int,
    trials: int,
    seed: int,
    threads: int,
    progress: Callable[[float], object] | None,
    stop: _Stop | None = None,
) -> EquityResult:
    n = len(lists)
    combos = bytearray()
    offsets = array("q", [0])
    cum = array("Q")
    for entry in lists:
        if entry is not None:
            running = 0
            for (cards, _), w in zip(entry, _integer_weights(entry), strict=True):
                combos += bytes(cards)
                running += w
                cum.append(running)
        offsets.append(len(cum))
    dead_mask = _mask(dead)
    common = (
        _code(rules),
        n,
        hole_size,
        bytes(combos),
        offsets,
        cum,
        bytes(board),
        dead_mask,
        array("Q", excluded),
        seed,
    )
    totals = [[0, 0, 0, 0] for _ in range(n)]
    done = 0

    def run(lo: int, hi: int, report: Callable[[float], object] | None) -> None:
        """Blocks [lo, hi) on the threads, added to the totals."""
        nonlocal done
        blocks = hi - lo
        per_unit = max(1, min(64, blocks // (threads * 8) or 1))

        def unit(i: int) -> tuple[object, ...]:
            start = lo + i * per_unit
            return (*common, start, min(start + per_unit, hi), BLOCK_TRIALS, MAX_REDRAWS)

        for count, part in run_tasks(_backend.kernels.monte_carlo, -(-blocks // per_unit), unit, threads, report):
            if count < 0:
                raise ValueError("the ranges leave (almost) no possible deal: hands keep colliding")
            done += count
            for p in range(n):
                for k in range(TALLY_FIELDS):
                    totals[p][k] += part[TALLY_FIELDS * p + k]

    all_blocks = -(-trials // BLOCK_TRIALS)
    if stop is None:
        run(0, all_blocks, progress)
    else:
        _run_until(stop, run, all_blocks, threads, totals, lambda: done, progress)
    eq = tuple(share / (SHARE_UNIT * done) for _, _, share, _ in totals)
    stderr = tuple(_stderrs(totals, done))
    return EquityResult(
        equity=eq,
        wins=tuple(wins for wins, _, _, _ in totals),
        ties=tuple(ties for _, ties, _, _ in totals),
        losses=tuple(done - wins - ties for wins, ties, _, _ in totals),
        total=done,
        exact=False,
        boards=0,
        trials=done,
        stderr=stderr,
        equity_fraction=None,
        seed=seed,
        high_share=None,
        low_share=None,
        scoop=None,
    )


class StreetEquity(Record):
    """Each player's equity before the flop and after the flop, turn and river of one board."""

    __slots__ = ("preflop", "flop", "turn", "river")  # noqa: RUF023 - the order of the streets

    preflop: EquityResult
    flop: EquityResult
    turn: EquityResult
    river: EquityResult
    """On the complete board: 1 for the winner, split on a tie."""

    def __iter__(self) -> Iterator[EquityResult]:
        """The streets in order: preflop, flop, turn, river."""
        return iter((self.preflop, self.flop, self.turn, self.river))


def equity_by_street(
    players: Sequence[Player],
    board: Cards,
    dead: Cards = (),
    *,
    game: EquityGameName = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
) -> StreetEquity:
    """Equity street by street on a complete board: what a trainer shows as the cards come.

    ``board`` holds all five cards; each street's equity counts only the
    cards dealt by then (none preflop, three on the flop, four on the
    turn).  The other arguments are those of ``equity`` and apply to every
    street; ``exact=None`` enumerates each street where that is affordable
    (the flop and later almost always are) and samples otherwise.
    ``time_limit`` applies to each street that samples.

    >>> streets = equity_by_street(["Ah Kh", "Qs Qd"], "2h 7h 9c Kd Th")
    >>> [round(street.equity[0], 4) for street in streets]
    [0.4621, 0.5414, 0.9773, 1.0]
    """
    board_ids = _cards_of(board, "board")
    if len(board_ids) != 5:
        raise ValueError(f"board: equity by street needs the complete board of 5 cards, got {len(board_ids)}")
    streets = [
        equity(
            players,
            board_ids[:n],
            dead,
            game=game,
            exact=exact,
            trials=trials,
            seed=seed,
            threads=threads,
            target_stderr=target_stderr,
            time_limit=time_limit,
        )
        for n in (0, 3, 4, 5)
    ]
    return StreetEquity(preflop=streets[0], flop=streets[1], turn=streets[2], river=streets[3])
