"""What equity calls return (``EquityResult``, ``StreetEquity``, ``ComboEquity``) and the one builder of an
``EquityResult`` from its integer sums, whatever the strategy that counted them.

Every strategy counts each player's part of each pot in integer units of
``POT_UNIT`` (a pot), which splits exactly among up to 10 players even in
halves; so exact results are exact fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction

from handrank._cards import combo_str
from handrank._games import plural
from handrank._kernels import CATEGORIES, SHARE_UNIT
from handrank._record import Record, build
from handrank._tables import Category

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    import numpy as np
    import numpy.typing as npt
    import pandas as pd

    from handrank._ranges import Range  # for annotations only (no import at run time)

POT_UNIT = 5040
"""A pot, in the units every equity strategy counts shares in: halves of it split exactly among up to 10."""
KERNEL_SHARE = POT_UNIT // SHARE_UNIT
"""POT_UNITs in one unit of the C equity kernels' tallies (they count whole pots only, in SHARE_UNITs)."""
HAND_TYPES: tuple[str, ...] = tuple(c.name.replace("_", " ").lower() for c in Category)
"""The hand types ``equity(..., hand_types=True)`` counts, best first: the categories, ``"royal flush"`` to
``"high card"``."""
assert len(HAND_TYPES) == CATEGORIES


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
        "players",
        "hand_types",
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
    players: tuple[str | Range, ...]
    """Each player as given: a hand's cards in words (``"Ah Kh"``), or the ``Range`` (``str()`` writes it)."""
    hand_types: HandTypes | None
    """With ``hand_types=True``: each player's wins and ties by the category of the hand that won
    (``HandTypes``); None otherwise."""

    def _repr_html_(self) -> str:
        """A table, one row per player: equity, win, tie, and the standard error for Monte Carlo (notebooks
        show it)."""
        from handrank._display import table_html

        split = self.high_share is not None and self.low_share is not None
        head = ["player", "equity", "win", "tie"] + ([] if self.exact else ["± stderr"])
        head += ["high", "low"] if split else []
        rows = []
        for i, share in enumerate(self.equity):
            row = [str(self.players[i]), f"{share:.3%}", f"{float(self.wins[i] / self.total):.3%}"]
            row.append(f"{float(self.ties[i] / self.total):.3%}")
            if not self.exact:
                row.append(f"{self.stderr[i]:.3%}")
            if self.high_share is not None and self.low_share is not None:
                row += [f"{self.high_share[i]:.3%}", f"{self.low_share[i]:.3%}"]
            rows.append(row)
        how = f"exact, {plural(self.boards, 'board')}" if self.exact else f"Monte Carlo, {plural(self.trials, 'trial')}"
        return table_html(head, rows, how)

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per player: ``equity, wins, ties, losses, stderr`` (counts as floats when
        weighted), and in a hi-lo game ``high_share, low_share, scoop``."""
        import pandas as pd

        def plain(values: tuple[object, ...]) -> list[object]:
            return [v if isinstance(v, int) else float(v) for v in values]  # type: ignore[arg-type]

        frame = pd.DataFrame(
            {
                "equity": list(self.equity),
                "wins": plain(self.wins),
                "ties": plain(self.ties),
                "losses": plain(self.losses),
                "stderr": list(self.stderr),
            }
        )
        if self.high_share is not None and self.low_share is not None and self.scoop is not None:
            frame["high_share"], frame["low_share"], frame["scoop"] = self.high_share, self.low_share, self.scoop
        frame.index.name = "player"
        return frame


class HandTypes(Record):
    """How often each player wins or ties with each category of hand (``equity(..., hand_types=True)``).

    ``wins[p][c]`` counts the showdowns player p wins alone holding a hand of
    category ``categories[c]``, ``ties[p][c]`` those it splits holding one
    (the players who split hold hands of one category); counted as
    ``EquityResult.wins`` and ``ties`` are, so each player's row adds up to
    its wins and ties.  ``str()`` is a text table, notebooks show an HTML
    one and ``to_frame()`` gives a DataFrame.
    """

    __slots__ = ("categories", "wins", "ties", "total", "exact", "players")  # noqa: RUF023 - the fields' order

    categories: tuple[str, ...]
    """The categories, best first: ``"royal flush"``, ``"straight flush"`` ... ``"high card"`` (``HAND_TYPES``)."""
    wins: tuple[tuple[int | Fraction, ...], ...]
    """Per player, per category: showdowns won outright with a hand of that category."""
    ties: tuple[tuple[int | Fraction, ...], ...]
    """Per player, per category: showdowns split holding a hand of that category."""
    total: int | Fraction
    """Showdowns counted (``EquityResult.total``)."""
    exact: bool
    """True for full enumeration, False for Monte Carlo."""
    players: tuple[str | Range, ...]
    """Each player as given (``EquityResult.players``)."""

    @property
    def win_share(self) -> tuple[tuple[float, ...], ...]:
        """Per player, per category: the share of all showdowns that the player wins outright with it."""
        return tuple(tuple(float(w / self.total) for w in row) for row in self.wins)

    @property
    def tie_share(self) -> tuple[tuple[float, ...], ...]:
        """Per player, per category: the share of all showdowns that the player splits holding it."""
        return tuple(tuple(float(t / self.total) for t in row) for row in self.ties)

    @property
    def seen(self) -> tuple[int, ...]:
        """The categories (their places in ``categories``) that some player wins or ties with."""
        rows = (*self.wins, *self.ties)
        return tuple(c for c in range(len(self.categories)) if any(row[c] for row in rows))

    def _table(self) -> tuple[list[str], list[list[str]]]:
        """The header and a row per category that some player wins or ties with: win % and tie % a player."""
        head = ["hand type"]
        for player in self.players:
            head += [f"{player} win", f"{player} tie"]
        wins, ties = self.win_share, self.tie_share
        rows = []
        for c in self.seen:
            row = [self.categories[c]]
            for p in range(len(self.players)):
                row += [f"{wins[p][c]:.3%}", f"{ties[p][c]:.3%}"]
            rows.append(row)
        return head, rows

    def _caption(self) -> str:
        return "hand types, exact" if self.exact else f"hand types, Monte Carlo ({plural(int(self.total), 'trial')})"

    def __str__(self) -> str:
        """The caption, then a line per category that some player wins or ties with: each player's win and tie
        shares of all showdowns."""
        head, rows = self._table()
        widths = [max(len(line[k]) for line in [head, *rows]) for k in range(len(head))]
        lines = [self._caption()]
        for line in [head, *rows]:
            cells = [f"{line[0]:{widths[0]}s}"] + [
                f"{cell:>{width}s}" for cell, width in zip(line[1:], widths[1:], strict=True)
            ]
            lines.append("  ".join(cells))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The same table in HTML (notebooks show it)."""
        from handrank._display import table_html

        head, rows = self._table()
        return table_html(head, rows, self._caption())

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame indexed by (player, hand type), every category: ``wins, ties, win_share,
        tie_share`` (counts as floats when weighted)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("HandTypes.to_frame needs pandas: pip install pandas") from None

        index = pd.MultiIndex.from_product([range(len(self.players)), self.categories], names=["player", "hand type"])

        def plain(values: object) -> object:
            return values if isinstance(values, int) else float(values)  # type: ignore[arg-type]

        return pd.DataFrame(
            {
                "wins": [plain(w) for row in self.wins for w in row],
                "ties": [plain(t) for row in self.ties for t in row],
                "win_share": [s for row in self.win_share for s in row],
                "tie_share": [s for row in self.tie_share for s in row],
            },
            index=index,
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


class ComboEquity(Record):
    """Each hero combo's exact equity against a villain range (``combo_equity``)."""

    __slots__ = ("combos", "equity", "weight")

    combos: npt.NDArray[np.uint8]
    """The hero's combos that meet no board or dead card, ``(N, 2)``, in the order of ``combos()``."""
    equity: npt.NDArray[np.float64]
    """Each combo's share of the pot against the villain range over every runout, ``(N,)``."""
    weight: npt.NDArray[np.float64]
    """The villain weight each combo faces: the range's combos that meet none of its cards, board or dead."""

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per hero combo (index ``"AsKs"``, high card first): ``equity, weight``."""
        import pandas as pd

        names = [combo_str(pair) for pair in self.combos.tolist()]
        return pd.DataFrame({"equity": self.equity, "weight": self.weight}, index=pd.Index(names, name="combo"))


def fraction(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` for a positive denominator, made without its general checks.

    Exact results make one per player; ``Fraction``'s constructor is most
    of the cost of a small call.  Python 3.12 and later build it from
    coprime parts; before, its two slots are set directly.
    """
    g = math.gcd(numerator, denominator)
    if FROM_COPRIME is not None:
        return FROM_COPRIME(numerator // g, denominator // g)
    value = object.__new__(Fraction)
    value._numerator = numerator // g  # type: ignore[attr-defined]
    value._denominator = denominator // g  # type: ignore[attr-defined]
    return value


FROM_COPRIME: Callable[[int, int], Fraction] | None = getattr(Fraction, "_from_coprime_ints", None)
"""Python 3.12's fast constructor of a Fraction from coprime parts, or None before."""


def stderrs(shares: Sequence[int], squares: Sequence[int], deals: int) -> list[float]:
    """Each player's standard error from the sums of its shares and their squares (``POT_UNIT``s) over
    ``deals`` equally likely deals."""
    out = []
    for share, square in zip(shares, squares, strict=True):
        mean = share / (POT_UNIT * deals)
        out.append(math.sqrt(max(0.0, square / (POT_UNIT * POT_UNIT * deals) - mean * mean) / deals))
    return out


def type_sums(n: int, parts: Sequence[tuple[int, Sequence[int]]]) -> list[list[int]]:
    """Each of ``n`` players' wins then ties by category (``CATEGORIES`` each), summed over ``parts``: (times,
    counts), the counts by category a kernel returns after its TALLY_FIELDS a player (``tallies[TALLY_FIELDS *
    n:]``), each part counted ``times``."""
    by_times: dict[int, list[Sequence[int]]] = {}
    for times, counts in parts:
        by_times.setdefault(times, []).append(counts)
    sums = [0] * (2 * CATEGORIES * n)
    for times, rows in by_times.items():
        for k, value in enumerate(map(sum, zip(*rows, strict=True))):
            sums[k] += times * value
    return [sums[p * 2 * CATEGORIES : (p + 1) * 2 * CATEGORIES] for p in range(n)]


def equity_result(
    wins: list[int],
    ties: list[int],
    shares: list[int],
    total: int,
    *,
    players: tuple[str | Range, ...],
    scale: int = 1,
    boards: int = 0,
    squares: list[int] | None = None,
    seed: int | None = None,
    high: list[int] | None = None,
    types: list[list[int]] | None = None,
) -> EquityResult:
    """The result of ``total`` counted deals: each player's wins (the whole pot alone), ties and summed share of
    the pot (``POT_UNIT``s), each deal counted by the product of its hands' integer weights.

    Exact (``squares`` None): ``boards`` deals were enumerated, and the
    counts become fractions over ``scale`` (the number the weights were
    multiplied by to make them integers).  Monte Carlo: ``squares`` holds
    the sums of the squared shares, for the standard errors, and ``seed``
    the seed used.  ``high``: a hi-lo game's sums of the high halves.
    ``players``: each player, in words or as its Range.  ``types``: per player,
    its wins then its ties by category (``CATEGORIES`` each), counted as ``wins``.
    """
    pot = POT_UNIT * total
    exact = squares is None
    # Plain loops: small calls are common and a comprehension costs a function call before Python 3.12.
    losses = []
    equities = []
    fractions = []
    for w, t, share in zip(wins, ties, shares, strict=True):
        losses.append(total - w - t)
        equities.append(share / pot)
        if exact:
            fractions.append(fraction(share, pot))
    n = len(shares)
    counts: tuple[tuple[int | Fraction, ...], ...]
    whole: int | Fraction
    if scale == 1:
        counts, whole = (tuple(wins), tuple(ties), tuple(losses)), total
    else:

        def count(value: int) -> int | Fraction:
            weighted = Fraction(value, scale)
            return weighted.numerator if weighted.denominator == 1 else weighted

        counts = tuple(tuple([count(v) for v in values]) for values in (wins, ties, losses))
        whole = count(total)
    hand_types = None
    if types is not None:
        by_type: tuple[tuple[tuple[int | Fraction, ...], ...], ...]
        if scale == 1:
            by_type = tuple(tuple(row[:CATEGORIES]) for row in types), tuple(tuple(row[CATEGORIES:]) for row in types)
        else:
            by_type = tuple(
                tuple(tuple([count(v) for v in row[lo : lo + CATEGORIES]]) for row in types) for lo in (0, CATEGORIES)
            )
        hand_types = build(HandTypes, HAND_TYPES, *by_type, whole, exact, players)
    split = None
    if high is not None:
        split = (
            tuple(h / pot for h in high),
            tuple((s - h) / pot for s, h in zip(shares, high, strict=True)),
            tuple(w / total for w in wins),
        )
    return build(
        EquityResult,
        tuple(equities),
        *counts,
        whole,
        exact,
        boards if exact else 0,
        0 if exact else total,
        (0.0,) * n if exact else tuple(stderrs(shares, squares, total)),  # type: ignore[arg-type]
        tuple(fractions) if exact else None,
        seed,
        *(split or (None, None, None)),
        players,
        hand_types,
    )
