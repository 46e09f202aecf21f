"""Monte Carlo equity on the kernels' games: seeded blocks of deals on the thread pool, stopping early when asked.

Each block of ``BLOCK_TRIALS`` deals is drawn from its own stream, seeded
from the run's seed and the block's number, so the same seed gives the
same numbers on every backend and thread count; a run that stops early
returns what ``trials=`` the trials it ran gives with the same seed.
"""

from __future__ import annotations

import math
import operator
import time
from array import array
from collections.abc import Callable, Iterable
from fractions import Fraction

from handrank import _backend
from handrank._deal import Combos, Deal, Stop, mask_of
from handrank._kernels import CATEGORIES, TALLY_FIELDS
from handrank._results import KERNEL_SHARE, EquityResult, equity_result, stderrs, type_sums
from handrank._threads import run_tasks

BLOCK_TRIALS = 1024  # Monte Carlo trials per seeded block
MAX_REDRAWS = 10_000  # redraws of one deal before the ranges are called impossible
# Range weights are scaled to integers below this for the kernels' weighted draws.
WEIGHT_LIMIT = 1 << 62


def monte_carlo_equity(deal: Deal) -> EquityResult:
    """Monte Carlo equity of a deal of the kernels' games."""
    lists = list(deal.hands)
    excluded = list(deal.excluded)
    # A range of every hand left, equally weighted, is a random hand: dealt from the deck, never redrawn.
    every = math.comb(52 - deal.taken.bit_count(), deal.hole_size)
    for i, pack in enumerate(deal.packs):
        if pack is not None and len(pack[0]) == every and len(set(pack[0])) == 1:
            lists[i], excluded[i] = None, 0
    return _monte_carlo(lists, excluded, deal, deal.trial_cap(), deal.seed_used())


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


def _run_until(
    stop: Stop,
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
                worst = _worst(totals, trials_done)
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
                worst = _worst(totals, done())
                fraction = max(fraction, min(1.0, (stop.stderr / worst) ** 2) if worst else 1.0)
            shown = max(shown, min(fraction, 1.0))
            progress(shown)


def _monte_carlo(lists: list[Combos | None], excluded: list[int], deal: Deal, trials: int, seed: int) -> EquityResult:
    """``trials`` deals (whole blocks) of the players' ``lists`` (None: a random hand, never holding its
    ``excluded`` cards), or fewer when the deal's stopping rule is met first."""
    n, threads = len(lists), deal.threads
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
    code = deal.rules.code
    assert code is not None  # the kernels' games have one
    board, dead = bytes(deal.board), mask_of(deal.dead)
    common = (code, n, deal.hole_size, bytes(combos), offsets, cum, board, dead, array("Q", excluded), seed)
    totals = [[0, 0, 0, 0] for _ in range(n)]
    # each player's wins then ties by category, summed as the parts come (a long run has many)
    by_type: list[int] | None = [0] * (2 * CATEGORIES * n) if deal.hand_types else None
    done = 0

    def run(lo: int, hi: int, report: Callable[[float], object] | None) -> None:
        """Blocks [lo, hi) on the threads, added to the totals."""
        nonlocal done
        blocks = hi - lo
        per_unit = max(1, min(64, blocks // (threads * 8) or 1))

        def unit(i: int) -> tuple[object, ...]:
            start = lo + i * per_unit
            return (*common, start, min(start + per_unit, hi), BLOCK_TRIALS, MAX_REDRAWS, deal.hand_types)

        kernels = _backend.kernels
        units = -(-blocks // per_unit)
        for count, part in run_tasks(kernels.monte_carlo, units, unit, threads, report, parallel=kernels.RELEASES_GIL):
            if count < 0:
                raise ValueError("the ranges leave (almost) no possible deal: hands keep colliding")
            done += count
            for p in range(n):
                for k in range(TALLY_FIELDS):
                    totals[p][k] += part[TALLY_FIELDS * p + k]
            if by_type is not None:
                by_type[:] = map(operator.add, by_type, part[TALLY_FIELDS * n :])

    all_blocks = -(-trials // BLOCK_TRIALS)
    if deal.stop is None:
        run(0, all_blocks, deal.progress)
    else:
        _run_until(deal.stop, run, all_blocks, threads, totals, lambda: done, deal.progress)
    wins, ties, shares, squares = ([t[k] for t in totals] for k in range(TALLY_FIELDS))
    return equity_result(
        wins,
        ties,
        [s * KERNEL_SHARE for s in shares],
        done,
        squares=[q * KERNEL_SHARE**2 for q in squares],
        seed=seed,
        players=deal.labels,
        types=None if by_type is None else type_sums(n, [(1, by_type)]),
    )


def _worst(totals: list[list[int]], done: int) -> float:
    """The largest standard error from the kernels' tallies (wins, ties, share, share_sq) of ``done`` trials."""
    shares = [share * KERNEL_SHARE for _, _, share, _ in totals]
    return max(stderrs(shares, [square * KERNEL_SHARE**2 for _, _, _, square in totals], done))
