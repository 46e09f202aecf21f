"""Equity: how often each player wins, by exact enumeration or seeded Monte Carlo.

Written once over two kernels that each backend provides (``_enumerate`` and
``_monte_carlo``, the same algorithms in C and in Python), so both backends
give the very same numbers, Monte Carlo included, whatever the thread count.
"""

from __future__ import annotations

import math
import operator
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations, product
from typing import Any

from handrank._batch import n_threads, run
from handrank._cards import _CARD_STRS, Cards, parse_cards
from handrank._ranges import Range

GAMES = {"holdem": 0, "omaha": 1}
MAX_PLAYERS = 10
SHARE_UNIT = 2520  # a k-way tie gives each 2520 / k, exact for k <= 10
BLOCK_TRIALS = 1024  # Monte Carlo trials per seeded block
MAX_REDRAWS = 10_000  # redraws of one deal before the ranges are called impossible
# exact=None enumerates when matchups x boards x players stays under this.
EXACT_LIMIT = 200_000_000
DEFAULT_TRIALS = 1_000_000
# Ranges with more raw matchups than this are not listed just to count the distinct ones.
MAX_LISTED_MATCHUPS = 20_000

Player = Cards | Range
Tally = tuple[int, int, int, int]  # wins, ties, share (1/2520 units), share squared
Enumerate = Callable[[int, list[int], int, int, list[int], list[int], int, int], tuple[int, list[Tally]]]
MonteCarlo = Callable[..., tuple[int, list[Tally]]]


@dataclass(frozen=True)
class EquityResult:
    """Equity of each player: the best hand wins and tied hands split the pot."""

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
    """Boards enumerated (exact), summed over distinct matchups."""
    trials: int
    """Monte Carlo trials (0 when exact)."""
    stderr: tuple[float, ...]
    """Standard error of each equity (0 when exact)."""
    equity_fraction: tuple[Fraction, ...] | None
    """The exact equities as fractions (None for Monte Carlo)."""
    seed: int | None
    """The Monte Carlo seed used (None when exact); pass it again to repeat the run."""


def _normalise(value: Fraction) -> int | Fraction:
    return value.numerator if value.denominator == 1 else value


def _player_combos(player: Player, index: int, game: str) -> tuple[list[tuple[tuple[int, ...], Fraction]] | None, int]:
    """A player's (cards, weight) list, or None for an Omaha random hand; and the hole size."""
    if isinstance(player, Range):
        if player.game != game:
            raise ValueError(f"player {index}: a {player.game} range in a {game} equity")
        if player.is_random and game == "omaha":
            return None, player.hole_size
        return [(tuple(c), w) for c, w in player.combos], player.hole_size
    try:
        ids = parse_cards(player)
    except ValueError as exc:
        raise ValueError(f"player {index}: {exc}") from None
    sizes = (2,) if game == "holdem" else (4, 5, 6)
    if len(ids) not in sizes:
        want = "2" if game == "holdem" else "4, 5 or 6"
        raise ValueError(f"player {index}: a {game} hand has {want} cards, got {len(ids)}")
    return [(tuple(sorted(ids, reverse=True)), Fraction(1))], len(ids)


def _suit_canonical(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The smallest relabelling of the hands' suits: isomorphic matchups share it."""
    best = None
    for perm in _PERMS:
        mapped = tuple(tuple(sorted((c & ~3 | perm[c & 3] for c in hand), reverse=True)) for hand in hands)
        if best is None or mapped < best:
            best = mapped
    assert best is not None
    return best


_PERMS = list(permutations(range(4)))


def equity(
    players: Sequence[Player],
    board: Cards,
    dead: Cards,
    *,
    game: str,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: object,
    progress: Callable[[float], object] | None,
    enumerate_kernel: Enumerate,
    monte_carlo_kernel: MonteCarlo,
) -> EquityResult:
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    if isinstance(players, (str, bytes, Range)) or not isinstance(players, Sequence):
        raise TypeError("players must be a sequence of hands or Ranges, one per player")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(players)}")
    if exact not in (None, True, False):
        raise TypeError(f"exact must be None, True or False, not {exact!r}")
    count = n_threads(threads)
    try:
        board_ids = parse_cards(board)
        dead_ids = parse_cards(dead)
    except ValueError as exc:
        raise ValueError(f"board or dead cards: {exc}") from None
    if len(board_ids) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(board_ids)}")
    for card in dead_ids:
        if card in board_ids:
            raise ValueError(f"dead card {_CARD_STRS[card]} is also on the board")
    if trials is not None:
        if isinstance(trials, bool) or not hasattr(trials, "__index__"):
            raise TypeError(f"trials must be an integer, not {type(trials).__name__}")
        trials = operator.index(trials)
        if trials <= 0:
            raise ValueError(f"trials must be > 0, got {trials}")
        if exact is True:
            raise ValueError("trials is for Monte Carlo; it cannot go with exact=True")
    if seed is not None and (isinstance(seed, bool) or not hasattr(seed, "__index__")):
        raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable taking the fraction done")

    taken = set(board_ids) | set(dead_ids)
    fixed_owner: dict[int, int] = {}
    lists: list[list[tuple[tuple[int, ...], Fraction]] | None] = []
    sizes: set[int] = set()
    for i, player in enumerate(players):
        combos, size = _player_combos(player, i, game)
        sizes.add(size)
        if combos is not None and len(combos) == 1 and not isinstance(player, Range):
            for card in combos[0][0]:
                if card in taken:
                    where = (
                        "on the board or dead" if card not in fixed_owner else f"in player {fixed_owner[card]}'s hand"
                    )
                    raise ValueError(f"player {i}: card {_CARD_STRS[card]} is also {where}")
                fixed_owner[card] = i
            taken |= set(combos[0][0])
        lists.append(combos)
    if len(sizes) != 1:
        raise ValueError(f"every player needs the same number of hole cards, got {sorted(sizes)}")
    hole_size = sizes.pop()
    # Ranges lose every combo that collides with the board, dead cards or fixed hands.
    for i, combos in enumerate(lists):
        if combos is None or (len(combos) == 1 and not isinstance(players[i], Range)):
            continue
        kept = [(c, w) for c, w in combos if not taken.intersection(c)]
        if not kept:
            raise ValueError(f"player {i}: no hand of the range is left beside the board, dead cards and fixed hands")
        lists[i] = kept

    matchups = None
    if exact is None:
        # A trial count asks for Monte Carlo; otherwise enumerate whenever that is affordable.
        matchups = _affordable_matchups(lists, board_ids, dead_ids, hole_size) if trials is None else None
        exact = matchups is not None
    if exact:
        if any(c is None for c in lists):
            raise ValueError("exact equity cannot enumerate an Omaha random hand; use Monte Carlo (exact=False)")
        if matchups is None:
            matchups = _matchups(lists, canonical=not board_ids and not dead_ids)  # type: ignore[arg-type]
        return _exact(matchups, len(lists), board_ids, dead_ids, game, hole_size, count, progress, enumerate_kernel)
    seed_used = int.from_bytes(os.urandom(8), "little") if seed is None else operator.index(seed) % (1 << 64)
    return _monte_carlo(
        lists,
        board_ids,
        dead_ids,
        game,
        hole_size,
        trials or DEFAULT_TRIALS,
        seed_used,
        count,
        progress,
        monte_carlo_kernel,
    )


def _affordable_matchups(
    lists: list[Any], board: list[int], dead: list[int], hole_size: int
) -> dict[tuple[tuple[int, ...], ...], Fraction] | None:
    """The matchups to enumerate when matchups x boards x players stays under EXACT_LIMIT, else None."""
    if any(c is None for c in lists):
        return None
    deck = 52 - len(board) - len(dead) - hole_size * len(lists)
    per_matchup = math.comb(deck, 5 - len(board)) * len(lists)
    raw = math.prod(len(c) for c in lists)
    if raw * per_matchup <= EXACT_LIMIT:
        return _matchups(lists, canonical=not board and not dead)
    if raw > MAX_LISTED_MATCHUPS:
        return None  # too many to even list; suit isomorphism could not bring them under the limit
    matchups = _matchups(lists, canonical=not board and not dead)
    return matchups if len(matchups) * per_matchup <= EXACT_LIMIT else None


def _matchups(
    lists: list[list[tuple[tuple[int, ...], Fraction]]], canonical: bool
) -> dict[tuple[tuple[int, ...], ...], Fraction]:
    """Every collision-free assignment of hands, weighted; merged by suit isomorphism when allowed.

    Relabelling suits maps a deal to an equally likely one only when no board
    or dead card is fixed, so ``canonical`` is for preflop only.
    """
    out: dict[tuple[tuple[int, ...], ...], Fraction] = {}
    for choice in product(*lists):
        cards = [c for hand, _ in choice for c in hand]
        if len(set(cards)) != len(cards):
            continue
        hands = tuple(hand for hand, _ in choice)
        weight = math.prod((w for _, w in choice), start=Fraction(1))
        key = _suit_canonical(hands) if canonical else hands
        out[key] = out.get(key, Fraction(0)) + weight
    return out


def _exact(
    matchups: dict[tuple[tuple[int, ...], ...], Fraction],
    n: int,
    board: list[int],
    dead: list[int],
    game: str,
    hole_size: int,
    threads: int,
    progress: Callable[[float], object] | None,
    kernel: Enumerate,
) -> EquityResult:
    if not matchups:
        raise ValueError("the ranges leave no possible deal (every matchup shares a card)")
    units: list[tuple[tuple[tuple[int, ...], ...], int, int]] = []
    for hands in matchups:
        used = set(board) | set(dead) | {c for h in hands for c in h}
        deck_size = 52 - len(used)
        # Split each matchup by the first board card drawn, so threads and progress have units.
        step = max(1, deck_size // 8) if len(board) < 5 else deck_size
        units += [(hands, lo, min(lo + step, deck_size)) for lo in range(0, deck_size, step)]
    results: list[tuple[int, list[Tally]] | None] = [None] * len(units)

    def work(start: int, stop: int) -> int:
        for u in range(start, stop):
            hands, lo, hi = units[u]
            used = set(board) | set(dead) | {c for h in hands for c in h}
            deck = [c for c in range(52) if c not in used]
            holes = [c for h in hands for c in h]
            results[u] = kernel(GAMES[game], holes, n, hole_size, board, deck, lo, hi)
        return -1

    _run_units(work, len(units), threads, progress)
    wins = [Fraction(0)] * n
    ties = [Fraction(0)] * n
    share = [Fraction(0)] * n
    total = Fraction(0)
    boards = 0
    for (hands, _, _), result in zip(units, results, strict=True):
        assert result is not None
        count, tallies = result
        weight = matchups[hands]
        boards += count
        total += weight * count
        for p, (w, t, s, _) in enumerate(tallies):
            wins[p] += weight * w
            ties[p] += weight * t
            share[p] += weight * s
    fractions = tuple(s / (SHARE_UNIT * total) for s in share)
    return EquityResult(
        equity=tuple(float(f) for f in fractions),
        wins=tuple(_normalise(w) for w in wins),
        ties=tuple(_normalise(t) for t in ties),
        losses=tuple(_normalise(total - w - t) for w, t in zip(wins, ties, strict=True)),
        total=_normalise(total),
        exact=True,
        boards=boards,
        trials=0,
        stderr=(0.0,) * n,
        equity_fraction=fractions,
        seed=None,
    )


def _run_units(
    work: Callable[[int, int], int], n_units: int, threads: int, progress: Callable[[float], object] | None
) -> None:
    """Run work units in groups over the threads, reporting progress from this thread between groups."""
    group = max(1, threads * 4)
    for lo in range(0, n_units, group):
        hi = min(n_units, lo + group)

        def part(a: int, b: int, base: int = lo) -> int:
            return work(base + a, base + b)

        run(part, hi - lo, threads, 1)
        if progress is not None:
            progress(hi / n_units)


def _integer_weights(combos: Iterable[tuple[tuple[int, ...], Fraction]]) -> list[int]:
    weights = [w for _, w in combos]
    scale = math.lcm(*(w.denominator for w in weights))
    return [int(w * scale) for w in weights]


def _monte_carlo(
    lists: list[list[tuple[tuple[int, ...], Fraction]] | None],
    board: list[int],
    dead: list[int],
    game: str,
    hole_size: int,
    trials: int,
    seed: int,
    threads: int,
    progress: Callable[[float], object] | None,
    kernel: MonteCarlo,
) -> EquityResult:
    n = len(lists)
    combos: list[int] = []
    offsets = [0]
    cum: list[int] = []
    for entry in lists:
        if entry is not None:
            running = 0
            for (cards, _), w in zip(entry, _integer_weights(entry), strict=True):
                combos += cards
                running += w
                cum.append(running)
        offsets.append(len(cum))
    dead_mask = sum(1 << c for c in dead)
    blocks = -(-trials // BLOCK_TRIALS)
    per_unit = max(1, min(64, blocks // (threads * 8) or 1))
    units = [(lo, min(lo + per_unit, blocks)) for lo in range(0, blocks, per_unit)]
    results: list[tuple[int, list[Tally]] | None] = [None] * len(units)

    def work(start: int, stop: int) -> int:
        for u in range(start, stop):
            lo, hi = units[u]
            results[u] = kernel(
                GAMES[game],
                n,
                hole_size,
                combos,
                offsets,
                cum,
                board,
                dead_mask,
                seed,
                lo,
                hi,
                BLOCK_TRIALS,
                MAX_REDRAWS,
            )
        return -1

    _run_units(work, len(units), threads, progress)
    done = 0
    tallies = [[0, 0, 0, 0] for _ in range(n)]
    for result in results:
        assert result is not None
        count, part = result
        if count < 0:
            raise ValueError("the ranges leave (almost) no possible deal: hands keep colliding")
        done += count
        for p in range(n):
            for k in range(4):
                tallies[p][k] += part[p][k]
    eq = tuple(t[2] / (SHARE_UNIT * done) for t in tallies)
    stderr = tuple(
        math.sqrt(max(0.0, t[3] / (SHARE_UNIT**2 * done) - e * e) / done) for t, e in zip(tallies, eq, strict=True)
    )
    return EquityResult(
        equity=eq,
        wins=tuple(t[0] for t in tallies),
        ties=tuple(t[1] for t in tallies),
        losses=tuple(done - t[0] - t[1] for t in tallies),
        total=done,
        exact=False,
        boards=0,
        trials=done,
        stderr=stderr,
        equity_fraction=None,
        seed=seed,
    )


# ---- the pure-Python kernels (the C ones live in csrc/equity.c) ----------------------------------


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return state, z ^ (z >> 31)


def _settle(
    game: int,
    hands: list[list[int]],
    board: list[int],
    rank7: Callable[[list[int]], int],
    rank_omaha: Callable[[list[int], list[int]], int],
    out: list[list[int]],
) -> None:
    """Rank every hand on a complete board and credit the showdown."""
    ranks = [rank7(h + board) for h in hands] if game == 0 else [rank_omaha(h, board) for h in hands]
    best = min(ranks)
    count = ranks.count(best)
    part = SHARE_UNIT // count
    for p, r in enumerate(ranks):
        if r == best:
            out[p][0 if count == 1 else 1] += 1
            out[p][2] += part
            out[p][3] += part * part


def py_enumerate(
    rank7: Callable[[list[int]], int],
    rank_omaha: Callable[[list[int], list[int]], int],
    game: int,
    holes: list[int],
    n_players: int,
    hole_size: int,
    board: list[int],
    deck: list[int],
    first_lo: int,
    first_hi: int,
) -> tuple[int, list[Tally]]:
    out = [[0, 0, 0, 0] for _ in range(n_players)]
    hands = [holes[p * hole_size : (p + 1) * hole_size] for p in range(n_players)]
    left = 5 - len(board)
    boards = 0
    if left == 0:
        completions: Iterable[tuple[int, ...]] = [()] if first_lo == 0 else []
    else:
        first = range(first_lo, min(first_hi, len(deck) - left + 1))
        completions = ((deck[i], *rest) for i in first for rest in combinations(deck[i + 1 :], left - 1))
    for extra in completions:
        _settle(game, hands, board + list(extra), rank7, rank_omaha, out)
        boards += 1
    return boards, [tuple(t) for t in out]  # type: ignore[misc]


def py_monte_carlo(
    rank7: Callable[[list[int]], int],
    rank_omaha: Callable[[list[int], list[int]], int],
    game: int,
    n_players: int,
    hole_size: int,
    combos: list[int],
    offsets: list[int],
    cum: list[int],
    board: list[int],
    dead: int,
    seed: int,
    block_lo: int,
    block_hi: int,
    block_trials: int,
    max_redraws: int,
) -> tuple[int, list[Tally]]:
    from bisect import bisect_right

    out = [[0, 0, 0, 0] for _ in range(n_players)]
    board_mask = sum(1 << c for c in board)
    trials = 0
    for block in range(block_lo, block_hi):
        state, z = _splitmix(seed)
        state, z = _splitmix(z ^ block)
        state = z
        for _ in range(block_trials):
            redraws = 0
            while True:
                used = board_mask | dead
                hands: list[list[int]] = []
                ok = True
                for p in range(n_players):
                    lo, hi = offsets[p], offsets[p + 1]
                    if lo == hi:
                        hand = []
                        for _ in range(hole_size):
                            while True:
                                state, r = _splitmix(state)
                                c = (r * 52) >> 64
                                if not used >> c & 1:
                                    break
                            used |= 1 << c
                            hand.append(c)
                        hands.append(hand)
                        continue
                    if hi - lo == 1:
                        pick = lo  # a fixed hand draws nothing
                    else:
                        state, r = _splitmix(state)
                        pick = bisect_right(cum, (r * cum[hi - 1]) >> 64, lo, hi)
                    hand = combos[pick * hole_size : (pick + 1) * hole_size]
                    for c in hand:
                        if used >> c & 1:
                            ok = False
                        used |= 1 << c
                    hands.append(hand)
                    if not ok:
                        break
                if ok:
                    break
                redraws += 1
                if redraws >= max_redraws:
                    return -1, [tuple(t) for t in out]  # type: ignore[misc]
            full = list(board)
            while len(full) < 5:
                state, r = _splitmix(state)
                c = (r * 52) >> 64
                if not used >> c & 1:
                    used |= 1 << c
                    full.append(c)
            _settle(game, hands, full, rank7, rank_omaha, out)
            trials += 1
    return trials, [tuple(t) for t in out]  # type: ignore[misc]
