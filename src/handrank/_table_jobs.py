"""The big tables as jobs cut into chunks: what each chunk computes, and the table made from the chunks' results.

A job is a list of chunk inputs (small arrays), one function that turns an
input into its result on any machine that has handrank, and the assembly
of all results into a pandas DataFrame.  Chunks are independent and
their results exact or deterministic, so a table is the same whatever ran
them, in whatever order, and whichever of them were kept from an earlier
run.  ``handrank.dask`` runs jobs on Dask (and keeps chunks for resuming);
nothing here imports Dask.

- ``PreflopJob``: heads-up exact counts for pairs of starting-hand
  classes.  The combo pairs of the classes asked for fall into matchups up
  to suits (``handrank._preflop.matchup_key``); each is enumerated once, at
  about a millisecond on one thread (47,008 of them for all 169 classes).
- ``FlopJob``: range against range on each flop distinct up to the suit
  relabellings that leave both ranges as they are (1,755 flops for ranges
  that treat the suits alike, all 22,100 for ones that single a suit out),
  through ``combo_equity``.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from handrank import _features
from handrank._cards import combo_str
from handrank._classes import HAND_CLASSES, class_of, parse_classes
from handrank._preflop import BOARDS, SUIT_PATTERN

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from handrank._ranges import Range

FORMAT = 1
"""The version of the chunk results' layout: a kept chunk of another version is not reused."""


def _chunk_size(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"chunk_size must be a whole number from 1, not {value!r}")
    return value


def _fingerprint(chunks: list[np.ndarray]) -> str:
    """A digest of the chunks' inputs: kept results are reused only for the very same inputs."""
    import hashlib

    digest = hashlib.sha256()
    for chunk in chunks:
        digest.update(chunk.tobytes())
    return digest.hexdigest()


def matchup_keys(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``matchup_key`` of each row of ``a`` against the same row of ``b`` (``(N, 2)`` card ids), as int64."""
    import numpy as np

    pattern = np.array(SUIT_PATTERN, np.int64)
    a, b = a.astype(np.int64), b.astype(np.int64)
    swap_a, swap_b = (a[:, 0] >> 2) < (a[:, 1] >> 2), (b[:, 0] >> 2) < (b[:, 1] >> 2)
    a0, a1 = np.where(swap_a, a[:, 1], a[:, 0]), np.where(swap_a, a[:, 0], a[:, 1])
    b0, b1 = np.where(swap_b, b[:, 1], b[:, 0]), np.where(swap_b, b[:, 0], b[:, 1])
    sa, sa_swapped = (a0 & 3) << 6 | (a1 & 3) << 4, (a1 & 3) << 6 | (a0 & 3) << 4
    sb, sb_swapped = (b0 & 3) << 2 | (b1 & 3), (b1 & 3) << 2 | (b0 & 3)
    pair_a, pair_b = a0 >> 2 == a1 >> 2, b0 >> 2 == b1 >> 2
    best = pattern[sa | sb]
    best = np.where(pair_a, np.minimum(best, pattern[sa_swapped | sb]), best)
    best = np.where(pair_b, np.minimum(best, pattern[sa | sb_swapped]), best)
    best = np.where(pair_a & pair_b, np.minimum(best, pattern[sa_swapped | sb_swapped]), best)
    keys: np.ndarray = (a0 >> 2) << 20 | (a1 >> 2) << 16 | (b0 >> 2) << 12 | (b1 >> 2) << 8 | best
    return keys


class PreflopJob:
    """The heads-up preflop table of some starting-hand classes: one row per pair of them (each class with
    itself too), every combo of the first against every combo of the second that shares no card."""

    kind = "preflop"

    def __init__(self, hands: object = None, chunk_size: int = 500) -> None:
        import numpy as np

        self.classes = parse_classes(hands)
        n = len(self.classes)
        self.pairs = [(self.classes[i], self.classes[j]) for i in range(n) for j in range(i, n)]
        # Every ordered pair of combos of the classes that share no card, with the first's class at or
        # before the second's in the order given; its row is that pair of classes' (row-major triangle).
        table = np.array(list(combinations(range(52), 2)), np.int64)
        place = np.full(169, -1, np.int64)
        place[[HAND_CLASSES.index(name) for name in self.classes]] = np.arange(n)
        at = place[[class_of(pair) for pair in table.tolist()]]
        mine = np.flatnonzero(at >= 0)
        first, second = np.repeat(mine, len(mine)), np.tile(mine, len(mine))
        x, y = table[first], table[second]
        i, j = at[first], at[second]
        keep = (i <= j) & (x[:, :, None] != y[:, None, :]).all(axis=(1, 2))
        a, b, i, j = x[keep], y[keep], i[keep], j[keep]
        self._row = i * n - i * (i - 1) // 2 + (j - i)
        forward, backward = matchup_keys(a, b), matchup_keys(b, a)
        self._flipped = forward > backward  # the pair is the stored matchup seen from its second hand
        canonical = np.minimum(forward, backward)
        self.keys, first, self._matchup = np.unique(canonical, return_index=True, return_inverse=True)
        # One representative deal per matchup, its first hand the stored matchup's first.
        hero = np.where(self._flipped[first, None], b[first], a[first])
        villain = np.where(self._flipped[first, None], a[first], b[first])
        deals = np.concatenate([hero, villain], axis=1).astype(np.uint8)
        self.chunk_size = chunk_size = _chunk_size(chunk_size)
        self.chunks = [deals[i : i + chunk_size] for i in range(0, len(deals), chunk_size)]

    def spec(self) -> dict[str, object]:
        """What makes a chunk's result: kept chunks are reused only by a job with the same spec."""
        return {
            "table": self.kind,
            "format": FORMAT,
            "hands": list(self.classes),
            "chunk_size": self.chunk_size,
            "inputs": _fingerprint(self.chunks),
        }

    def arguments(self) -> tuple[()]:
        """What ``compute`` takes besides a chunk."""
        return ()

    @staticmethod
    def compute(deals: np.ndarray) -> np.ndarray:
        """Each deal's (a row: two cards against two) exact wins and ties for its first hand, ``(K, 2)`` int64."""
        import numpy as np

        from handrank._equity import equity

        out = np.zeros((len(deals), 2), np.int64)
        for i, deal in enumerate(deals.tolist()):
            result = equity([deal[:2], deal[2:]], exact=True, threads=1)
            out[i] = result.wins[0], result.ties[0]
        return out

    def check(self, index: int, result: object) -> bool:
        """Whether ``result`` has the shape and type of chunk ``index``'s (a kept file may be from elsewhere)."""
        import numpy as np

        return (
            isinstance(result, np.ndarray) and result.dtype == np.int64 and result.shape == (len(self.chunks[index]), 2)
        )

    def counts(self, results: list[np.ndarray]) -> dict[int, tuple[int, int]]:
        """Each matchup key's wins and ties for its first hand."""
        import numpy as np

        wins, ties = np.concatenate(results).T.tolist()
        return dict(zip(self.keys.tolist(), zip(wins, ties, strict=True), strict=True))

    def frame(self, results: list[np.ndarray]) -> pd.DataFrame:
        """The table: ``hand_a, hand_b, wins, ties, losses, total, equity`` (of ``hand_a``), one row a pair."""
        import numpy as np
        import pandas as pd

        both = np.concatenate(results)
        wins, ties = both[self._matchup, 0], both[self._matchup, 1]
        wins = np.where(self._flipped, BOARDS - wins - ties, wins)  # the stored first hand's losses
        n = len(self.pairs)
        deals = np.bincount(self._row, minlength=n)
        total = deals * BOARDS
        wins_sum = np.bincount(self._row, wins, minlength=n).astype(np.int64)
        ties_sum = np.bincount(self._row, ties, minlength=n).astype(np.int64)
        if (
            max(wins_sum.max(initial=0), ties_sum.max(initial=0)) >= 1 << 52
        ):  # pragma: no cover - 1,326**2 * BOARDS < 2**52
            raise OverflowError("counts too large to sum exactly")
        return pd.DataFrame(
            {
                "hand_a": [a for a, _ in self.pairs],
                "hand_b": [b for _, b in self.pairs],
                "wins": wins_sum,
                "ties": ties_sum,
                "losses": total - wins_sum - ties_sum,
                "total": total,
                "equity": (2 * wins_sum + ties_sum) / (2 * total),
            }
        )


class FlopJob:
    """Range against range on every flop distinct up to the suit relabellings that leave both ranges the same:
    one row per such flop, with how many of the 22,100 flops it stands for, the hero range's equity, and each
    hero combo's (NaN where the flop holds one of its cards)."""

    kind = "flop"

    def __init__(self, hero: Range | str, villain: Range | str, chunk_size: int = 25) -> None:
        import numpy as np

        from handrank._solver import combo_weights, combos, range_of

        self.hero, self.villain = range_of(hero, "hero", "holdem"), range_of(villain, "villain", "holdem")
        hero_w, self._scale = combo_weights(self.hero, "hero", 0)
        villain_w = combo_weights(self.villain, "villain", 0)[0]
        if not hero_w.any():
            raise ValueError("hero: the range is empty")
        if not villain_w.any():
            raise ValueError("villain: the range is empty")
        if int(villain_w.max()) * 1326 * comb(49, 2) >= 1 << 62:  # combo_equity's bound on a flop
            raise ValueError("villain: its weights' common denominator is too large to sum exactly")
        table = combos()
        self.heroes = np.flatnonzero(hero_w)
        self._hero_w = hero_w[self.heroes]
        self.combo_names = [combo_str(pair) for pair in table[self.heroes].tolist()]
        # The relabellings that leave both ranges as they are; flops are taken up to those.
        from handrank._solver import combo_number

        kept = []
        for card_map in _features.suit_maps().astype(np.int64):
            moved = card_map[table]
            number = combo_number(moved.min(axis=1), moved.max(axis=1))
            if np.array_equal(hero_w[number], hero_w) and np.array_equal(villain_w[number], villain_w):
                kept.append(card_map)
        flops = np.array(list(combinations(range(52), 3)), np.int64)
        code = np.full(len(flops), 1 << 30, np.int64)
        for card_map in kept:
            moved = np.sort(np.array(card_map)[flops], axis=1)
            code = np.minimum(code, moved[:, 0] << 12 | moved[:, 1] << 6 | moved[:, 2])
        representatives, self.counts = np.unique(code, return_counts=True)
        self.flops = np.stack([representatives >> 12, representatives >> 6 & 63, representatives & 63], axis=1)
        self.symmetries = len(kept)
        self.chunk_size = chunk_size = _chunk_size(chunk_size)
        self.chunks = [self.flops[i : i + chunk_size].astype(np.uint8) for i in range(0, len(self.flops), chunk_size)]

    def spec(self) -> dict[str, object]:
        """What makes a chunk's result: kept chunks are reused only by a job with the same spec."""
        return {
            "table": self.kind,
            "format": FORMAT,
            "hero": repr(self.hero),
            "villain": repr(self.villain),
            "chunk_size": self.chunk_size,
            "inputs": _fingerprint(self.chunks),
        }

    def arguments(self) -> tuple[Range, Range]:
        """What ``compute`` takes besides a chunk."""
        return self.hero, self.villain

    @staticmethod
    def compute(flops: np.ndarray, hero: Range, villain: Range) -> np.ndarray:
        """For each flop, the villain weight each hero combo faces then its equity (NaN and 0 for a combo the
        flop blocks), ``(K, 2, combos)`` float64."""
        import numpy as np

        from handrank._solver import combo_equity, combo_number, combo_weights, faced_weights

        heroes = np.flatnonzero(combo_weights(hero, "hero", 0)[0])
        out = np.zeros((len(flops), 2, len(heroes)))
        out[:, 1] = np.nan
        for i, flop in enumerate(flops.tolist()):
            # A flop that leaves a range nothing, or the ranges only combos that collide, gets NaN and 0
            # everywhere (combo_equity calls those errors); anything else combo_equity says is raised.
            excluded = sum(1 << card for card in flop)
            live = np.flatnonzero(combo_weights(hero, "hero", excluded)[0])
            villain_w = combo_weights(villain, "villain", excluded)[0]
            if not live.size or not faced_weights(villain_w, live).any():
                continue
            result = combo_equity(hero, villain, flop)
            at = np.searchsorted(heroes, combo_number(result.combos[:, 0].astype(np.int64), result.combos[:, 1]))
            out[i, 0, at], out[i, 1, at] = result.weight, result.equity
        return out

    def check(self, index: int, result: object) -> bool:
        """Whether ``result`` has the shape and type of chunk ``index``'s (a kept file may be from elsewhere)."""
        import numpy as np

        return (
            isinstance(result, np.ndarray)
            and result.dtype == np.float64
            and result.shape == (len(self.chunks[index]), 2, len(self.heroes))
        )

    def frame(self, results: list[np.ndarray]) -> pd.DataFrame:
        """The table: ``flop, flops, equity``, then one column of equities per hero combo (``"AsKs"``)."""
        import numpy as np
        import pandas as pd

        both = np.concatenate(results)
        faced, shares = both[:, 0], both[:, 1]
        weight = faced * self._hero_w  # hero weight times the villain weight each combo faces
        with np.errstate(invalid="ignore", divide="ignore"):
            equity = np.nansum(weight * np.nan_to_num(shares), axis=1) / weight.sum(axis=1)
        columns: dict[str, object] = {
            "flop": [combo_str(flop) for flop in self.flops.tolist()],
            "flops": self.counts,
            "equity": equity,
        }
        frame = pd.DataFrame(columns)
        return pd.concat([frame, pd.DataFrame(shares, columns=self.combo_names)], axis=1)


class FeatureJob:
    """Abstraction features of one street (``handrank.abstraction.build``): chunks of the street's boards up to
    suits; a chunk's result is every state it meets, by index, with its values (``_features.state_records``),
    or for the preflop classes the weighed sums of its boards (river boards, then flops for ``next``)."""

    kind = "features"

    def __init__(self, street: str, features: tuple[str, ...], bins: int, labels: tuple[int, ...]) -> None:
        import numpy as np

        self.street, self.features, self.bins, self.labels = street, features, bins, labels
        self.n_groups = max(labels) + 1
        chunks: list[np.ndarray] = []
        plain = tuple(f for f in features if f != "next")
        if street != "preflop":
            boards = _features.canonical_boards(_features.BOARD_CARDS[street])[0]
            step = _features.block_size(street, features, bins, self.n_groups)
            chunks = [boards[i : i + step] for i in range(0, len(boards), step)]
        else:
            for n, asked in ((5, plain), (3, ("next",) if "next" in features else ())):
                if asked:
                    boards, weights = _features.canonical_boards(n)
                    step = {5: 2048, 3: 16}[n]
                    # a chunk's boards, each followed by its weight (how many boards it stands for, below 256)
                    both = np.concatenate([boards, weights[:, None].astype(np.uint8)], axis=1)
                    chunks += [both[i : i + step] for i in range(0, len(both), step)]
        self.chunks = chunks

    def spec(self) -> dict[str, object]:
        """What makes a chunk's result: kept chunks are reused only by a job with the same spec."""
        return {
            "table": self.kind,
            "format": FORMAT,
            "street": self.street,
            "features": list(self.features),
            "bins": self.bins,
            "partition": list(self.labels),
            "inputs": _fingerprint(self.chunks),
        }

    def arguments(self) -> tuple[str, tuple[str, ...], int, tuple[int, ...]]:
        """What ``compute`` takes besides a chunk (and ``threads``)."""
        return self.street, self.features, self.bins, self.labels

    @staticmethod
    def compute(
        chunk: np.ndarray, street: str, features: tuple[str, ...], bins: int, labels: tuple[int, ...], threads: int = 1
    ) -> np.ndarray:
        """The chunk's states and values, or (preflop) its weighed sums by class."""
        if street != "preflop":
            return _features.state_records(street, chunk, features, bins, labels, threads)
        boards, weights = chunk[:, :-1], chunk[:, -1].astype("int64")
        if boards.shape[1] == 3:
            return _features.preflop_sums(boards, weights, ["next"], bins, None, threads)
        plain = [f for f in features if f != "next"]
        return _features.preflop_sums(boards, weights, plain, bins, labels, threads)

    def check(self, index: int, result: object) -> bool:
        """Whether ``result`` has the shape and type of chunk ``index``'s (a kept file may be from elsewhere)."""
        import numpy as np

        if not isinstance(result, np.ndarray):
            return False
        if self.street == "preflop":
            return result.dtype == np.int64 and result.ndim == 2 and result.shape[0] == 169
        return result.ndim == 1 and result.dtype.names == ("index", *self.features) and len(result) > 0
