"""Equity in short deck, the hi-lo games (omaha8, stud8) and the lowball games (razz, deuce7).

The deals are enumerated when that is affordable, else drawn by seeded
Monte Carlo (numpy's generator, so the same seed gives the same deals on
either backend and any thread count); each deal's hands are ranked by the
batch kernels (``evaluate_short_deck_batch``, ``evaluate_omaha_batch``,
``evaluate_low_batch`` ...) and the pot is split as ``showdown`` splits it:
in hi-lo games half to the best high and half to the best eight-or-better
low, ties splitting each half, all of it to the high when no low qualifies.

Board games (shortdeck, omaha8) take hole cards and a board of 0..5; the
others (stud8, razz: 7 cards; deuce7: 5) take each player's known cards, as
few as one, and deal the rest to each player from the deck.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from itertools import chain, combinations, islice, product

from handrank._batch import evaluate_batch, evaluate_omaha_batch
from handrank._deal import Deal, game_deck
from handrank._games import Game
from handrank._kernels import NO_LOW
from handrank._results import POT_UNIT, EquityResult, equity_result, stderrs
from handrank._variants import evaluate_low_batch, evaluate_omaha_low_batch, evaluate_short_deck_batch

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

    from handrank._ranges import Range

HALF = POT_UNIT // 2
CHUNK = 1 << 14  # deals ranked in one go; Monte Carlo draws them as one block of the seeded stream
EXACT_ROWS = 20_000_000  # exact=None enumerates when deals x players stays under this


def games_equity(deal: Deal) -> EquityResult:
    """Equity of a deal of a game the batch kernels play: enumerated when affordable, else Monte Carlo."""
    options = [
        [(list(cards), w) for (cards, _), w in zip(combos, pack[0], strict=True)]  # type: ignore[arg-type,index]
        for combos, pack in zip(deal.hands, deal.packs, strict=True)
    ]
    deck, needs = game_deck(deal)
    matchups = math.prod(len(o) for o in options)
    exact = deal.exact
    if exact is None:
        in_ranges = sum(len(o[0][0]) for o, ranged in zip(options, deal.ranged, strict=True) if ranged)
        deals = 1
        left = len(deck) - in_ranges
        for k in needs:
            deals *= math.comb(left, k)
            left -= k
        exact = matchups * deals * len(options) <= EXACT_ROWS
    if exact:
        return _enumerate(deal, options, deck, needs, matchups)
    return _sample(deal, options, deck, needs)


def _enumerate(
    deal: Deal, options: list[list[tuple[list[int], int]]], deck: list[int], needs: list[int], matchups: int
) -> EquityResult:
    """Every deal of every matchup, each counted by the product of its hands' integer weights."""
    scale = 1  # the product of the numbers that made the weights integers
    for pack in deal.packs:
        scale *= pack[1] if pack is not None else 1
    tally = _Tally(len(options), deal.rules.split, scale)
    done = 0
    for hands, weight in _matchups(options):
        left_deck = [c for c in deck if not any(c in h for h in hands)]
        for draws in _enumerated(left_deck, needs):
            tally.add(_shares(deal.rules, hands, deal.board, draws, needs, deal.threads), weight)
        done += 1
        if deal.progress is not None:
            deal.progress(done / matchups)
    if tally.n == 0:
        raise ValueError("the ranges leave no possible deal: their hands always collide")
    return tally.result(deal.labels, seed=None)


def _sample(deal: Deal, options: list[list[tuple[list[int], int]]], deck: list[int], needs: list[int]) -> EquityResult:
    """Monte Carlo in whole blocks of CHUNK deals (so the stream does not depend on the cap), the ranges' hands
    drawn by their weights, until the trial cap or the stopping rule."""
    import numpy as np

    seed = deal.seed_used()
    rng = np.random.default_rng(seed)
    cap, stop = deal.trial_cap(), deal.stop
    tally = _Tally(len(options), deal.rules.split, 1)
    start = time.monotonic()
    deck_arr = np.array(deck, np.uint8)
    fixed = [o[0][0] for o in options]
    while tally.n < cap:
        if any(deal.ranged):
            hands_drawn: list[list[int]] | np.ndarray = _draw_hands(rng, options, CHUNK)
            draws = _draw_rest(rng, deck_arr, hands_drawn, sum(needs))  # type: ignore[arg-type]
        else:
            hands_drawn = fixed
            draws = deck_arr[np.argsort(rng.random((CHUNK, len(deck))), axis=1)[:, : sum(needs)]]
        tally.add(_shares(deal.rules, hands_drawn, deal.board, draws, needs, deal.threads), 1)
        if deal.progress is not None and deal.trials is not None:
            deal.progress(min(1.0, tally.n / cap))
        if stop is not None and stop.stderr is not None and max(tally.stderr()) <= stop.stderr:
            break
        if stop is not None and stop.seconds is not None and time.monotonic() - start >= stop.seconds:
            break
    return tally.result(deal.labels, seed=seed)


def _matchups(options: list[list[tuple[list[int], int]]]) -> Iterator[tuple[list[list[int]], int]]:
    """Every choice of one hand per player sharing no card, and the product of their weights."""
    for choice in product(*options):
        cards = [c for hand, _ in choice for c in hand]
        if len(set(cards)) == len(cards):
            yield [hand for hand, _ in choice], math.prod(w for _, w in choice)


def _draw_hands(rng: np.random.Generator, options: list[list[tuple[list[int], int]]], n: int) -> np.ndarray:
    """n deals of one hand per player, each as likely as its weight, no card twice: (n, players, hole)."""
    import numpy as np

    picks = []
    for hands in options:
        table = np.array([h for h, _ in hands], np.uint8)
        weights = np.array([w for _, w in hands], np.float64)
        picks.append((table, weights / weights.sum()))

    def draw(rows: int) -> np.ndarray:
        return np.stack([t[rng.choice(len(t), size=rows, p=p)] for t, p in picks], axis=1)

    dealt = draw(n)
    for _ in range(10_000):  # a deal whose hands collide is drawn again, whole
        flat = np.sort(dealt.reshape(n, -1), axis=1)
        bad = np.flatnonzero((flat[:, 1:] == flat[:, :-1]).any(axis=1))
        if not len(bad):
            return dealt
        dealt[bad] = draw(len(bad))
    raise ValueError("the ranges leave (almost) no possible deal: their hands keep colliding")


def _draw_rest(rng: np.random.Generator, deck: np.ndarray, hands: np.ndarray, k: int) -> np.ndarray:
    """For each deal, k cards from the deck in random order, none of them in its hands."""
    import numpy as np

    n = len(hands)
    held = np.zeros((n, 52), bool)
    np.put_along_axis(held, hands.reshape(n, -1).astype(np.intp), True, axis=1)
    keys = rng.random((n, len(deck))) + held[:, deck]  # a held card sorts after every card left
    return deck[np.argsort(keys, axis=1)[:, :k]]


def _enumerated(deck: list[int], needs: list[int]) -> Iterator[np.ndarray]:
    """Every deal of ``needs[i]`` cards to each of the parts from ``deck``, in chunks of (n, sum(needs)) rows."""
    import numpy as np

    width = sum(needs)
    cards = np.array(deck, np.uint8)
    if len(needs) == 1:  # one part (a board): the index combinations, made in C by itertools and numpy
        table = _combination_table(len(deck), needs[0])
        for lo in range(0, len(table), CHUNK):
            yield cards[table[lo : lo + CHUNK]]
        return

    def deals(rest: tuple[int, ...], parts: list[int]) -> Iterator[tuple[int, ...]]:
        if not parts:
            yield ()
            return
        for first in combinations(rest, parts[0]):
            remaining = tuple(c for c in rest if c not in first)
            for tail in deals(remaining, parts[1:]):
                yield first + tail

    stream = deals(tuple(deck), list(needs))
    while True:
        rows = list(islice(stream, CHUNK))
        if not rows:
            return
        yield np.fromiter(chain.from_iterable(rows), np.uint8, count=len(rows) * width).reshape(len(rows), width)


_TABLES: dict[tuple[int, int], np.ndarray] = {}  # the last few combination tables made


def _combination_table(n: int, k: int) -> np.ndarray:
    """All k-combinations of range(n), lexicographic, as a read-only (C(n, k), k) uint8 array (kept for the
    next call: a few at most)."""
    import numpy as np

    table = _TABLES.get((n, k))
    if table is None:
        flat = np.fromiter(chain.from_iterable(combinations(range(n), k)), np.uint8, count=math.comb(n, k) * k)
        table = flat.reshape(-1, k) if k else np.zeros((1, 0), np.uint8)
        table.flags.writeable = False
        if len(_TABLES) >= 8:
            _TABLES.clear()
        _TABLES[n, k] = table
    return table


def _shares(
    rules: Game,
    hands: list[list[int]] | np.ndarray,
    board: list[int],
    draws: np.ndarray,
    needs: list[int],
    threads: int,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Each deal's high and low parts of the pot for each player, in POT_UNITs ((n, players) arrays), and n."""
    import numpy as np

    n = len(draws)
    high: np.ndarray | None = None
    low: np.ndarray | None = None
    if rules.board_sizes == (0,):  # each player's known cards (fixed: no ranges) and the cards dealt to them
        assert isinstance(hands, list)
        rows: list[np.ndarray] = []
        at = 0
        for hand, k in zip(hands, needs, strict=True):
            known = np.broadcast_to(np.array(hand, np.uint8), (n, len(hand)))
            rows.append(np.concatenate([known, draws[:, at : at + k]], axis=1))
            at += k
        if rules.high is not None:
            high = np.stack([evaluate_batch(r, threads=threads) for r in rows], axis=1)
        if rules.low is not None:
            low = np.stack([evaluate_low_batch(r, rules.low, threads=threads) for r in rows], axis=1)
        return _split(high, low, n)
    boards = np.concatenate([np.broadcast_to(np.array(board, np.uint8), (n, len(board))), draws], axis=1)
    if isinstance(hands, list):  # one hand per player, the same in every deal
        holes = [np.broadcast_to(np.array(h, np.uint8), (n, len(h))) for h in hands]
    else:  # (n, players, hole): each deal's own
        holes = [np.ascontiguousarray(hands[:, p]) for p in range(hands.shape[1])]
    if rules.omaha:
        high = np.stack([evaluate_omaha_batch(h, boards, threads=threads) for h in holes], axis=1)
        low = np.stack([evaluate_omaha_low_batch(h, boards, threads=threads) for h in holes], axis=1)
    else:  # short deck: two hole cards and the board
        seven = np.concatenate([np.stack(holes, axis=1), np.repeat(boards[:, None], len(holes), axis=1)], axis=2)
        high = evaluate_short_deck_batch(seven.reshape(n * len(holes), 7), threads=threads).reshape(n, len(holes))
    return _split(high, low, n)


def _split(high: np.ndarray | None, low: np.ndarray | None, n: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The pot's parts (POT_UNITs) for each deal and player, from the high and the low ranks (None: no such half)."""
    import numpy as np

    shape = (high if high is not None else low).shape  # type: ignore[union-attr]
    has_low = np.zeros(n, bool)
    low_part = np.zeros(shape, np.int64)
    if low is not None:
        best = low.min(axis=1)
        has_low = best != NO_LOW
        won = (low == best[:, None]) & has_low[:, None]
        pot = HALF if high is not None else POT_UNIT
        low_part = won * (pot // np.maximum(won.sum(axis=1), 1))[:, None]
    high_part = np.zeros(shape, np.int64)
    if high is not None:
        won = high == high.min(axis=1)[:, None]
        high_part = won * (np.where(has_low, HALF, POT_UNIT) // won.sum(axis=1))[:, None]
    return high_part, low_part, n


class _Tally:
    """Sums over the deals: each player's wins (the whole pot alone), ties, share, share squared, high part."""

    def __init__(self, players: int, split: bool, scale: int) -> None:
        self.players, self.split = players, split
        self.n = 0  # deals, weighted
        self.deals = 0  # deals ranked
        self.scale = scale  # the ranges' weights were multiplied by this to make them integers
        self.wins = [0] * players
        self.ties = [0] * players
        self.share = [0] * players
        self.share_sq = [0] * players
        self.high = [0] * players

    def add(self, parts: tuple[np.ndarray, np.ndarray, int], weight: int) -> None:
        """One chunk of deals, each counting ``weight`` times (the product of the players' hands' weights)."""
        high, low, n = parts
        share = high + low
        self.n += n * weight
        self.deals += n
        for p in range(self.players):
            column = share[:, p]
            self.wins[p] += weight * int((column == POT_UNIT).sum())
            self.ties[p] += weight * int(((column > 0) & (column < POT_UNIT)).sum())
            self.share[p] += weight * int(column.sum())
            self.share_sq[p] += weight * int((column * column).sum())
            self.high[p] += weight * int(high[:, p].sum())

    def stderr(self) -> list[float]:
        return stderrs(self.share, self.share_sq, self.n)

    def result(self, players: tuple[str | Range, ...], *, seed: int | None) -> EquityResult:
        """Exact (the weights' ``scale`` given) or, with a ``seed``, Monte Carlo; ``players`` in words."""
        exact = seed is None
        return equity_result(
            self.wins,
            self.ties,
            self.share,
            self.n,
            scale=self.scale,
            boards=self.deals,
            squares=None if exact else self.share_sq,
            seed=seed,
            high=self.high if self.split else None,
            players=players,
        )
