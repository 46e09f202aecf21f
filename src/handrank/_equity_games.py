"""Equity in short deck, the hi-lo games (omaha8, stud8) and the lowball games (razz, deuce7).

The deals are enumerated when that is affordable, else drawn by seeded
Monte Carlo (numpy's generator, so the same seed gives the same deals on
either backend and any thread count); each deal's hands are ranked by the
batch kernels (``evaluate_short_deck_batch``, ``evaluate_omaha_batch``,
``evaluate_low_batch`` ...) and the pot is split as ``showdown`` splits it:
in hi-lo games half to the best high and half to the best eight-or-better
low, ties splitting each half, all of it to the high when no low qualifies.
Shares are counted in integer units of 1/5040 of a pot, which split exactly
among up to 10 players even in halves, so exact results are exact fractions.

Board games (shortdeck, omaha8) take hole cards and a board of 0..5; the
others (stud8, razz: 7 cards; deuce7: 5) take each player's known cards, as
few as one, and deal the rest to each player from the deck.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import chain, combinations, islice, product

from handrank._cards import CARD_NAMES, SHORT_DECK_RULE, parse_cards
from handrank._games import Game
from handrank._kernels import NO_LOW

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

    from handrank._equity import EquityResult

UNIT = 5040  # a pot, in units that halves of it split exactly among up to 10 players
HALF = UNIT // 2
CHUNK = 1 << 14  # deals ranked in one go; Monte Carlo draws them as one block of the seeded stream
EXACT_ROWS = 20_000_000  # exact=None enumerates when deals x players stays under this
DEFAULT_TRIALS = 1 << 20


def _players(
    rules: Game, players: Sequence[object], taken: dict[int, str]
) -> tuple[list[list[tuple[list[int], int]]], int]:
    """Each player's possible hands with integer weights (a fixed hand: one, weight 1), checked: sizes, the
    deck, no card twice; a range's hands that meet the board, dead cards or a fixed hand left out.  And the
    product of the numbers the ranges' weights were multiplied by to make them integers."""
    from handrank._ranges import Range

    own_cards = rules.board_sizes == (0,)
    full = rules.hole_sizes[-1]
    fixed: list[list[tuple[list[int], int]] | None] = []
    ranges: dict[int, Range] = {}
    for i, player in enumerate(players):
        if isinstance(player, Range):
            if rules.name == "shortdeck" and player.game != "shortdeck":
                raise ValueError(
                    f"player {i}: a {player.game} range in short deck equity: use Range(..., game='shortdeck')"
                )
            if rules.name == "omaha8" and (player.game != "omaha" or player._random):
                raise ValueError(f"player {i}: Omaha hi-lo equity takes hands or Omaha ranges of explicit hands")
            if rules.name not in ("shortdeck", "omaha8"):
                raise ValueError(f"player {i}: {rules.title} equity takes each player's known cards, not ranges")
            ranges[i] = player
            fixed.append(None)
            continue
        if player is None:
            raise TypeError(f"player {i}: a hand must be cards or a Range, not None")
        try:
            ids = parse_cards(player)  # type: ignore[arg-type]
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"player {i}: {exc}") from None
        if own_cards and not 1 <= len(ids) <= full:
            raise ValueError(
                f"player {i}: {rules.article} {rules.title} hand has 1 to {full} known cards, got {len(ids)}"
            )
        if not own_cards and len(ids) not in rules.hole_sizes:
            raise ValueError(f"player {i}: {rules.hand_rule}, got {len(ids)}")
        for card in ids:
            if card < rules.lowest:
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
            if card in taken:
                raise ValueError(f"player {i}: card {CARD_NAMES[card]} is also {taken[card]}")
            taken[card] = f"in player {i}'s hand"
        fixed.append([(ids, 1)])
    out: list[list[tuple[list[int], int]]] = []
    scales = 1
    for i, hands in enumerate(fixed):
        if hands is None:
            combos = [(list(c), w) for c, w in ranges[i].combos if not set(c) & taken.keys()]
            if not combos:
                raise ValueError(
                    f"player {i}: no hand of the range is left beside the board, dead cards and fixed hands"
                )
            scale = math.lcm(*(w.denominator for _, w in combos))
            scales *= scale
            hands = [(c, int(w * scale)) for c, w in combos]
        out.append(hands)
    if not own_cards and len({len(h[0][0]) for h in out}) != 1:
        raise ValueError(f"every player needs the same number of hole cards, got {sorted({len(h[0][0]) for h in out})}")
    return out, scales


def games_equity(
    rules: Game,
    players: Sequence[object],
    board: list[int],
    dead: list[int],
    *,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: int,
    progress: Callable[[float], object] | None,
    stderr_target: float | None,
    seconds: float | None,
) -> EquityResult:
    """``equity`` for a game the C equity kernels do not play (its arguments checked, except the players)."""
    import numpy as np

    own_cards = rules.board_sizes == (0,)
    if own_cards and board:
        raise ValueError(f"board: {rules.board_rule}, got {len(board)}")
    taken = dict.fromkeys(board, "on the board") | dict.fromkeys(dead, "dead")
    for card in taken:
        if card < rules.lowest:
            where = "board" if card in board else "dead"
            raise ValueError(f"{where}: card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
    options, scale = _players(rules, players, taken)
    deck = [c for c in range(rules.lowest, 52) if c not in taken]
    full = rules.hole_sizes[-1]
    ranged = [_is_range(player) for player in players]
    hole = sum(len(o[0][0]) for o, r in zip(options, ranged, strict=True) if r)  # cards the ranges take
    needs = [full - len(o[0][0]) for o in options] if own_cards else [5 - len(board)]
    if sum(needs) + hole > len(deck):
        raise ValueError(f"the deal needs {sum(needs) + hole} more cards but the deck has {len(deck)} left")
    deals = 1
    left = len(deck) - hole
    for k in needs:
        deals *= math.comb(left, k)
        left -= k
    matchups = math.prod(len(o) for o in options)
    if exact is None:
        small = matchups * deals * len(options) <= EXACT_ROWS
        exact = trials is None and stderr_target is None and seconds is None and small
    tally = _Tally(len(options), rules.split, scale if exact else 1)  # Monte Carlo draws by the weights
    if exact:
        done = 0
        for hands, weight in _matchups(options):
            left_deck = [c for c in deck if not any(c in h for h in hands)]
            for draws in _enumerated(left_deck, needs):
                tally.add(_shares(rules, hands, board, draws, needs, threads), weight)
            done += 1
            if progress is not None:
                progress(done / matchups)
        if tally.n == 0:
            raise ValueError("the ranges leave no possible deal: their hands always collide")
        return tally.result(exact=True, seed=None)
    seed_used = int.from_bytes(os.urandom(8), "little") if seed is None else seed % (1 << 64)
    rng = np.random.default_rng(seed_used)
    cap = (DEFAULT_TRIALS if stderr_target is None and seconds is None else 1 << 62) if trials is None else trials
    start = time.monotonic()
    deck_arr = np.array(deck, np.uint8)
    fixed = [o[0][0] for o in options]
    while tally.n < cap:  # whole blocks of CHUNK deals: the stream does not depend on the cap
        if any(ranged):
            hands_drawn: list[list[int]] | np.ndarray = _draw_hands(rng, options, CHUNK)
            draws = _draw_rest(rng, deck_arr, hands_drawn, sum(needs))  # type: ignore[arg-type]
        else:
            hands_drawn = fixed
            draws = deck_arr[np.argsort(rng.random((CHUNK, len(deck))), axis=1)[:, : sum(needs)]]
        tally.add(_shares(rules, hands_drawn, board, draws, needs, threads), 1)
        if progress is not None and trials is not None:
            progress(min(1.0, tally.n / cap))
        if stderr_target is not None and max(tally.stderr()) <= stderr_target:
            break
        if seconds is not None and time.monotonic() - start >= seconds:
            break
    return tally.result(exact=False, seed=seed_used)


def _is_range(player: object) -> bool:
    from handrank._ranges import Range

    return isinstance(player, Range)


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


@lru_cache(maxsize=8)
def _combination_table(n: int, k: int) -> np.ndarray:
    """All k-combinations of range(n), lexicographic, as a read-only (C(n, k), k) uint8 array."""
    import numpy as np

    flat = np.fromiter(chain.from_iterable(combinations(range(n), k)), np.uint8, count=math.comb(n, k) * k)
    table = flat.reshape(-1, k) if k else np.zeros((1, 0), np.uint8)
    table.flags.writeable = False
    return table


def _shares(
    rules: Game,
    hands: list[list[int]] | np.ndarray,
    board: list[int],
    draws: np.ndarray,
    needs: list[int],
    threads: int,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Each deal's high and low parts of the pot for each player, in UNITs ((n, players) arrays), and n."""
    import numpy as np

    from handrank._batch import evaluate_batch, evaluate_omaha_batch
    from handrank._variants import evaluate_low_batch, evaluate_omaha_low_batch, evaluate_short_deck_batch

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
    """The pot's parts (UNITs) for each deal and player, from the high and the low ranks (None: no such half)."""
    import numpy as np

    shape = (high if high is not None else low).shape  # type: ignore[union-attr]
    has_low = np.zeros(n, bool)
    low_part = np.zeros(shape, np.int64)
    if low is not None:
        best = low.min(axis=1)
        has_low = best != NO_LOW
        won = (low == best[:, None]) & has_low[:, None]
        pot = HALF if high is not None else UNIT
        low_part = won * (pot // np.maximum(won.sum(axis=1), 1))[:, None]
    high_part = np.zeros(shape, np.int64)
    if high is not None:
        won = high == high.min(axis=1)[:, None]
        high_part = won * (np.where(has_low, HALF, UNIT) // won.sum(axis=1))[:, None]
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
            self.wins[p] += weight * int((column == UNIT).sum())
            self.ties[p] += weight * int(((column > 0) & (column < UNIT)).sum())
            self.share[p] += weight * int(column.sum())
            self.share_sq[p] += weight * int((column * column).sum())
            self.high[p] += weight * int(high[:, p].sum())

    def stderr(self) -> list[float]:
        out = []
        for s, sq in zip(self.share, self.share_sq, strict=True):
            mean = s / (UNIT * self.n)
            out.append(math.sqrt(max(0.0, sq / (UNIT * UNIT * self.n) - mean * mean) / self.n))
        return out

    def result(self, *, exact: bool, seed: int | None) -> EquityResult:
        from handrank._equity import EquityResult

        pot = UNIT * self.n
        equity = tuple(s / pot for s in self.share)

        def count(value: int) -> int | Fraction:
            if self.scale == 1:
                return value
            weighted = Fraction(value, self.scale)
            return weighted.numerator if weighted.denominator == 1 else weighted

        return EquityResult(
            equity=equity,
            wins=tuple(count(w) for w in self.wins),
            ties=tuple(count(t) for t in self.ties),
            losses=tuple(count(self.n - w - t) for w, t in zip(self.wins, self.ties, strict=True)),
            total=count(self.n),
            exact=exact,
            boards=self.deals if exact else 0,
            trials=0 if exact else self.n,
            stderr=(0.0,) * self.players if exact else tuple(self.stderr()),
            equity_fraction=tuple(Fraction(s, pot) for s in self.share) if exact else None,
            seed=seed,
            high_share=tuple(h / pot for h in self.high) if self.split else None,
            low_share=tuple((s - h) / pot for s, h in zip(self.share, self.high, strict=True)) if self.split else None,
            scoop=tuple(w / self.n for w in self.wins) if self.split else None,
        )
