"""Range analytics over the exact Hold'em engine: how a range's equity is spread over its combos
(``equity_distribution``) and what each next card does to both players' equity (``next_card_equity``).

Both ask the per-combo counts of ``combo_equity`` (each hero combo's
villain weight won, tied and faced over every runout, card removal
included), so each answer is exact: the curve's weighted mean is the
range's equity and the next cards' equities, weighted by the matchups each
card leaves, average back to the equity now.  numpy is imported on the
first call.
"""

from __future__ import annotations

from handrank._cards import card_str, combo_str
from handrank._games import HOLDEM
from handrank._record import Record, build
from handrank._solver import (
    board_and_dead,
    combo_counts,
    combo_weights,
    combos,
    faced_weights,
    holding_combos,
    range_of,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pandas as pd

    from handrank._cards import Cards
    from handrank._ranges import Range

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
"""The quantiles a distribution's table shows."""


class EquityCurve(Record):
    """One player's combos with their exact equity against the other player's range, best first: the equity
    distribution curve (x: the share of the player's matchups so far, y: equity)."""

    __slots__ = ("player", "combos", "equity", "weight", "mean")  # noqa: RUF023 - the order of the fields in repr

    player: str
    """The player's range as given (its text)."""
    combos: npt.NDArray[np.uint8]
    """The player's combos that some combo of the other range can face, ``(N, 2)``, by equity, best first (ties
    in the order of ``combos()``)."""
    equity: npt.NDArray[np.float64]
    """Each combo's share of the pot over every runout, ``(N,)``, falling."""
    weight: npt.NDArray[np.float64]
    """Each combo's share of the player's matchups: its range weight times the other range's weight it can face
    (card removal), summing to 1."""
    mean: float
    """The player's equity: the weighted mean of ``equity`` (``equity()``'s answer for the two ranges)."""

    def quantiles(self, q: float | npt.ArrayLike = QUANTILES) -> np.ndarray:
        """The equity below which a share ``q`` of the matchups lie (weighted; the smallest combo equity whose
        matchups at or below it reach ``q``): ``quantiles(0.5)`` is the median.  ``q`` in [0, 1]."""
        import numpy as np

        wanted = np.asarray(q, np.float64)
        if not np.all((wanted >= 0) & (wanted <= 1)):
            raise ValueError(f"q must lie in [0, 1], got {q!r}")
        rising, weight = self.equity[::-1], self.weight[::-1]
        below = np.cumsum(weight)
        at = np.searchsorted(below, wanted * below[-1] * (1 - 1e-12), side="left")
        return np.asarray(rising[np.minimum(at, len(rising) - 1)])

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per combo, best first (index ``"AsKs"``): ``equity, weight, share``
        (``share``: the matchups up to and including the row, the curve's x)."""
        import numpy as np
        import pandas as pd

        names = [combo_str(pair) for pair in self.combos.tolist()]
        frame = {"equity": self.equity, "weight": self.weight, "share": np.cumsum(self.weight)}
        return pd.DataFrame(frame, index=pd.Index(names, name="combo"))


class EquityDistribution(Record):
    """Each player's equity distribution on a board (``equity_distribution``): hero's curve, then villain's."""

    __slots__ = ("board", "curves")

    board: str
    """The board, as text."""
    curves: tuple[EquityCurve, ...]
    """One ``EquityCurve`` a player: hero's, then villain's."""

    def __iter__(self) -> object:
        return iter(self.curves)

    def __getitem__(self, player: int) -> EquityCurve:
        return self.curves[player]

    def __len__(self) -> int:
        return len(self.curves)

    def quantiles(self, q: float | npt.ArrayLike = QUANTILES) -> np.ndarray:
        """Each player's ``EquityCurve.quantiles(q)``, a row a player."""
        import numpy as np

        return np.array([curve.quantiles(q) for curve in self.curves])

    def _repr_html_(self) -> str:
        """A table, one row per player: equity and the quantiles of the curve (notebooks show it)."""
        from handrank._display import table_html

        head = ["player", "equity"] + [f"q{round(100 * q)}" for q in QUANTILES]
        rows = [
            [curve.player, f"{curve.mean:.3%}"] + [f"{v:.3%}" for v in curve.quantiles().tolist()]
            for curve in self.curves
        ]
        return table_html(head, rows, f"equity distribution on {self.board}")

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame of both curves, one row per combo and player: ``player, combo, equity, weight,
        share``."""
        import pandas as pd

        parts = []
        for curve in self.curves:
            frame = curve.to_frame().reset_index()
            frame.insert(0, "player", curve.player)
            parts.append(frame)
        return pd.concat(parts, ignore_index=True)


class NextCardEquity(Record):
    """Each player's exact equity after each possible next card (``next_card_equity``)."""

    __slots__ = ("board", "players", "cards", "equity", "weight", "now")  # noqa: RUF023 - the order of the fields

    board: str
    """The board, as text."""
    players: tuple[str, str]
    """The two ranges as given."""
    cards: npt.NDArray[np.uint8]
    """The cards that can come next (not on the board or dead), ``(K,)``, by card id."""
    equity: npt.NDArray[np.float64]
    """Each player's equity once the card is dealt, ``(K, 2)``; NaN where no matchup leaves the card."""
    weight: npt.NDArray[np.float64]
    """Each card's share of what can come next: the matchups that leave it in the deck (card removal), summing
    to 1."""
    now: tuple[float, float]
    """Each player's equity on the board as it is: the cards' equities averaged by ``weight``."""

    def _repr_html_(self) -> str:
        """A table, one row per card: each player's equity and the card's weight (notebooks show it)."""
        from handrank._display import table_html

        head = ["card", *self.players, "weight"]
        rows = [
            [card_str(card), *(f"{v:.2%}" for v in equity), f"{weight:.2%}"]
            for card, equity, weight in zip(
                self.cards.tolist(), self.equity.tolist(), self.weight.tolist(), strict=True
            )
        ]
        return table_html(head, rows, f"equity after the next card on {self.board}")

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per next card (index ``"Ah"``): each player's equity (columns named as the
        players) and ``weight``."""
        import pandas as pd

        frame = pd.DataFrame(self.equity, columns=list(self.players), index=[card_str(c) for c in self.cards.tolist()])
        frame["weight"] = self.weight
        frame.index.name = "card"
        return frame


def _deal(board: Cards, dead: Cards, sizes: tuple[int, ...], what: str) -> tuple[list[int], list[int], int]:
    """The board and dead cards checked (``sizes``: the board sizes the call takes), and their mask."""
    board_ids, dead_ids = board_and_dead(board, dead, HOLDEM)
    if len(board_ids) not in sizes:
        raise ValueError(f"board: {what}, got {len(board_ids)} cards")
    return board_ids, dead_ids, sum(1 << c for c in board_ids + dead_ids)


def _name(player: Range | str, what: str) -> str:
    """A range's name in tables: its text as given, or the Range's own."""
    return player if isinstance(player, str) else str(range_of(player, what, "holdem"))


def _curve(name: str, mine: np.ndarray, theirs: np.ndarray, board_ids: list[int], dead_ids: list[int]) -> EquityCurve:
    """One player's curve from the integer weights of both ranges by combo number."""
    import numpy as np

    numbers, counts, _, _ = combo_counts(mine, theirs, board_ids, dead_ids)
    wins, ties, total = counts
    faced = total > 0
    if not faced.any():
        raise ValueError("the ranges collide: every villain combo holds a card of every hero combo")
    numbers, wins, ties, total = numbers[faced], wins[faced], ties[faced], total[faced]
    equity = (2 * wins + ties) / (2 * total)
    matchups = mine[numbers] * faced_weights(theirs, numbers)
    weight = matchups / matchups.sum()
    order = np.argsort(-equity, kind="stable")
    mean = float(np.dot(weight, equity))
    return build(EquityCurve, name, combos()[numbers][order], equity[order], weight[order], mean)


def equity_distribution(hero: Range | str, villain: Range | str, board: Cards, dead: Cards = ()) -> EquityDistribution:
    """Each player's equity distribution on a flop, turn or river: every combo of one range with its exact
    equity against the other range, best first, and its share of the matchups (the curve equity tools draw).

    ``result[0]`` is the hero's ``EquityCurve``, ``result[1]`` the villain's (each costs about one
    ``combo_equity``; the same range on both sides is counted once).  ``.quantiles(q)`` gives the equity at
    each share ``q`` of the matchups, a row a player; each curve's ``mean`` is that player's equity.

    >>> d = equity_distribution("QQ+,AKs", "random", "Ks 7h 2d")
    >>> [round(curve.mean, 4) for curve in d]  # hero's and villain's equity
    [0.8725, 0.1275]
    >>> d[0].quantiles([0.25, 0.5]).round(3).tolist()  # a quarter of the hero's matchups at 78.9% or less
    [0.789, 0.887]
    """
    import numpy as np

    board_ids, dead_ids, excluded = _deal(board, dead, (3, 4, 5), "a flop, turn or river (3, 4 or 5 cards)")
    mine = combo_weights(hero, "hero", excluded)[0]
    theirs = combo_weights(villain, "villain", excluded)[0]
    names = _name(hero, "hero"), _name(villain, "villain")
    first = _curve(names[0], mine, theirs, board_ids, dead_ids)
    if np.array_equal(mine, theirs):
        second = build(EquityCurve, names[1], first.combos, first.equity, first.weight, first.mean)
    else:
        second = _curve(names[1], theirs, mine, board_ids, dead_ids)
    return build(EquityDistribution, " ".join(card_str(c) for c in board_ids), (first, second))


def next_card_equity(hero: Range | str, villain: Range | str, board: Cards, dead: Cards = ()) -> NextCardEquity:
    """Each player's exact equity after each card that can come next: the turn cards on a flop, the river cards
    on a turn, with each card's share of what can come (the matchups that leave it in the deck).

    The cards' equities averaged by their weights are the equity now (``now``), exactly what ``equity`` says
    for the two ranges on this board.

    >>> n = next_card_equity("QQ+,AKs", "random", "Ks 7h 2d")
    >>> [round(v, 4) for v in n.now]
    [0.8725, 0.1275]
    >>> from handrank import card_str
    >>> worst = n.equity[:, 0].argmin()
    >>> card_str(int(n.cards[worst])), round(float(n.equity[worst, 0]), 3)  # the hero's worst turn
    ('6s', 0.859)
    """
    import numpy as np

    board_ids, dead_ids, excluded = _deal(board, dead, (3, 4), "next_card_equity takes a flop or a turn (3 or 4 cards)")
    mine = combo_weights(hero, "hero", excluded)[0]
    theirs = combo_weights(villain, "villain", excluded)[0]
    if not mine.any():
        raise ValueError("hero: no combo of the range is left once the board and dead cards are out")
    if not theirs.any():
        raise ValueError("villain: no combo of the range is left once the board and dead cards are out")
    holding = holding_combos()
    cards = [c for c in range(52) if not excluded >> c & 1]
    shares, matchups = [], []
    for card in cards:
        hero_w, villain_w = mine.copy(), theirs.copy()
        hero_w[holding[card]] = 0
        villain_w[holding[card]] = 0
        if not hero_w.any() or not villain_w.any():
            shares.append(0)
            matchups.append(0)
            continue
        numbers, counts, _, _ = combo_counts(hero_w, villain_w, board_ids + [card], dead_ids)
        wins, ties, total = (row.astype(object) for row in counts)  # exact sums of large products
        weights = hero_w[numbers].astype(object)
        shares.append(int((weights * (2 * wins + ties)).sum()))
        matchups.append(2 * int((weights * total).sum()))
    if not any(matchups):
        raise ValueError("the ranges collide: every villain combo holds a card of every hero combo")
    mass = sum(matchups)
    hero_now = sum(shares) / mass
    with np.errstate(invalid="ignore", divide="ignore"):
        hero_eq = np.array(shares, np.float64) / np.array(matchups, np.float64)
    equity = np.stack([hero_eq, 1 - hero_eq], axis=1)
    weight = np.array([m / mass for m in matchups])
    names = (_name(hero, "hero"), _name(villain, "villain"))
    board_text = " ".join(card_str(c) for c in board_ids)
    return build(NextCardEquity, board_text, names, np.array(cards, np.uint8), equity, weight, (hero_now, 1 - hero_now))
