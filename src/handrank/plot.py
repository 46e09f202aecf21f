"""Pictures of ranges and equities as matplotlib Figures: the range grid, equity by street, hand categories,
what a range hits, equity distributions, the next card's equity and the hand types that win.

``pip install "handrank[plot]"`` brings matplotlib; ``import handrank``
never imports this module.  Each function returns a new
``matplotlib.figure.Figure`` (made without pyplot, so no window opens and
nothing is kept: ``fig.savefig("grid.png")``, or a notebook shows it),
or draws into the ``ax`` given and returns its figure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

try:
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError('handrank.plot needs matplotlib: pip install "handrank[plot]"') from exc

from handrank._cards import board_ids_of, card_str, cards_str
from handrank._classes import HAND_CLASSES, class_weights
from handrank._games import HOLDEM, plural
from handrank._hand import category
from handrank._ranges import Range, hand_or_range
from handrank._results import HAND_TYPES, EquityResult, HandTypes
from handrank._tables import Category

TYPE_CHECKING = False
if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from handrank._cards import Cards

__all__ = [
    "category_chart",
    "equity_by_street",
    "equity_distribution",
    "hand_types",
    "hits",
    "next_card_equity",
    "range_grid",
]

STREETS = ("preflop", "flop", "turn", "river")
SUIT_COLOURS = {"c": "#2e7d32", "d": "#1565c0", "h": "#c62828", "s": "#212121"}
"""A four-colour deck: clubs green, diamonds blue, hearts red, spades black."""


def _axes(ax: Axes | None, size: tuple[float, float]) -> tuple[Figure, Axes]:
    if ax is not None:
        return ax.figure, ax  # type: ignore[return-value]
    fig = Figure(figsize=size, layout="constrained")
    return fig, fig.add_subplot()


def _number(value: object, what: str) -> float:
    """A cell's value as a float, or an error naming the cell."""
    if isinstance(value, (str, bytes, bool)) or value is None:
        raise TypeError(f"{what} must be a number, not {type(value).__name__} ({value!r})")
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a number, not {type(value).__name__} ({value!r})") from None


def _grid_values(values: object) -> tuple[list[float], bool]:
    """169 values in ``HAND_CLASSES`` order from a Range, range text, a mapping of class names, or 169
    numbers (flat or 13 x 13); and whether they are weights (shaded from 0 to 1)."""
    if isinstance(values, str):
        values = Range(values)
    if isinstance(values, Range):
        if values.game != "holdem":
            raise ValueError("range_grid draws Hold'em ranges (13 x 13 classes), not Omaha ones")
        return class_weights(values), True
    if isinstance(values, Mapping):
        unknown = [name for name in values if name not in HAND_CLASSES]
        if unknown:
            raise ValueError(f"values: {unknown[0]!r} is not a starting-hand class (such as AA, AKs or AKo)")
        return [
            _number(values[name], f"values[{name!r}]") if name in values else math.nan for name in HAND_CLASSES
        ], False
    import numpy as np

    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"values must be a Range, a mapping of classes or 169 numbers: {exc}") from None
    if arr.size != 169 or arr.shape not in ((169,), (13, 13)):
        raise ValueError(f"values must be a Range, a mapping of classes or 169 numbers, got shape {arr.shape}")
    return arr.reshape(169).tolist(), False


def range_grid(
    values: Range | str | Mapping[str, float] | Sequence[float] | object,
    *,
    title: str | None = None,
    cmap: str = "Greens",
    ax: Axes | None = None,
) -> Figure:
    """The 13 x 13 grid of starting hands: pairs on the diagonal, suited above it, offsuit below.

    ``values`` is a Hold'em ``Range`` (or its text), shaded by each class's
    weight (the share of its combos in the range, 0 to 1); or any value
    per class: a mapping from class names (``{"AKs": 0.67, ...}``; classes
    left out are blank) or 169 numbers in ``HAND_CLASSES`` order (flat or
    13 x 13), shaded from their least to their greatest and written in the
    cells, such as each class's equity against a range.
    """
    import math

    import numpy as np

    cells, weights = _grid_values(values)
    grid = np.array(cells).reshape(13, 13)
    fig, ax = _axes(ax, (6.4, 6.4))
    finite = grid[np.isfinite(grid)]
    low, high = (0.0, 1.0) if weights or not finite.size else (float(finite.min()), float(finite.max()))
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=low, vmax=high if high > low else low + 1)
    for k, name in enumerate(HAND_CLASSES):
        i, j = divmod(k, 13)
        value = cells[k]
        shade = (value - low) / (high - low) if high > low and math.isfinite(value) else 0.0
        label = name if weights or not math.isfinite(value) else f"{name}\n{value:.2g}"
        ax.text(j, i, label, ha="center", va="center", fontsize=7, color="white" if shade > 0.6 else "black")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title if title is not None else ("range" if weights else ""))
    fig.colorbar(image, ax=ax, shrink=0.8, label="weight" if weights else None)
    return fig


def equity_by_street(
    players: Sequence[Cards | Range | str],
    board: Cards,
    *,
    dead: Cards = (),
    labels: Sequence[str] | None = None,
    trials: int | None = None,
    seed: int | None = 0,
    ax: Axes | None = None,
) -> Figure:
    """Each player's equity before the flop and on the flop, turn and river of a five-card Hold'em ``board``.

    ``players`` are hands or ranges (a ``Range``, or text that is not
    cards, such as ``"QQ+, AKs"`` or ``"random"``); each street
    is exact where ``equity`` finds that affordable and Monte Carlo
    otherwise (``trials`` and ``seed`` as there; the seed defaults to 0 so
    that a picture can be drawn again).  ``labels`` name the players
    (default: their text, or "player i").
    """
    from handrank._equity import equity_by_street as by_street

    names = (
        [p if isinstance(p, str) else f"player {i}" for i, p in enumerate(players)] if labels is None else list(labels)
    )
    if len(names) != len(players):
        raise ValueError(f"labels: {plural(len(names), 'name')} for {len(players)} players")
    hands = [hand_or_range(p) if isinstance(p, str) else p for p in players]
    streets = list(by_street(hands, board, dead, trials=trials, seed=seed))  # checks the board: 5 cards
    cards = board_ids_of(board, HOLDEM)
    fig, ax = _axes(ax, (6.4, 4.0))
    for i, name in enumerate(names):
        ax.plot(range(4), [s.equity[i] for s in streets], marker="o", label=name)
    ticks = [
        street if not n else f"{street}\n{cards_str(cards[:n])}"
        for street, n in zip(STREETS, (0, 3, 4, 5), strict=True)
    ]
    ax.set_xticks(range(4), ticks)
    ax.set_ylim(0, 1)
    ax.set_ylabel("equity")
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


def category_chart(
    hand_range: Range | str, board: Cards, *, title: str | None = None, ax: Axes | None = None
) -> Figure:
    """How often a Hold'em range makes each hand category on a flop, turn or river (weighted by its weights;
    combos holding a board card left out)."""
    from handrank._solver import rank_combos

    if isinstance(hand_range, str):
        hand_range = Range(hand_range)
    if not isinstance(hand_range, Range) or hand_range.game != "holdem":
        raise TypeError("hand_range must be a Hold'em Range or range text such as 'QQ+, AKs'")
    cards = board_ids_of(board, HOLDEM)  # a flop, turn or river
    combos = [(list(c), w) for c, w in hand_range if not set(c) & set(cards)]
    if not combos:
        raise ValueError("hand_range: no combo of the range is left once the board is out")
    ranks = rank_combos(cards, [c for c, _ in combos]).tolist()
    shares = dict.fromkeys(Category, 0.0)
    for rank, (_, weight) in zip(ranks, combos, strict=True):
        shares[category(rank)] += weight
    total = sum(shares.values())
    fig, ax = _axes(ax, (6.4, 4.0))
    ax.barh(list(HAND_TYPES), [shares[c] / total for c in Category])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the range")
    ax.set_title(title if title is not None else f"{hand_range} on {cards_str(cards)}")
    return fig


def equity_distribution(
    hero: Range | str | Sequence[Range | str],
    villain: Range | str,
    board: Cards,
    *,
    dead: Cards = (),
    ax: Axes | None = None,
) -> Figure:
    """The equity distribution curves on a flop, turn or river: each player's combos by exact equity, best first,
    against the share of the player's matchups (``handrank.equity_distribution``).  One hero range: the hero's
    curve and the villain's; several (a list): each hero range's curve against the villain."""
    import numpy as np

    from handrank._distribution import equity_distribution as distribution

    heroes = [hero] if isinstance(hero, (str, Range)) else list(hero)
    if not heroes:
        raise ValueError("hero: give a range, or a list of ranges")
    curves = []
    for one in heroes:
        result = distribution(one, villain, board, dead)
        curves.append(result[0])
        if len(heroes) == 1:
            curves.append(result[1])
    fig, ax = _axes(ax, (6.4, 4.0))
    for curve in curves:
        share = np.concatenate([[0.0], np.cumsum(curve.weight)])
        ax.step(
            share,
            np.concatenate([curve.equity[:1], curve.equity]),
            where="pre",
            label=f"{curve.player} ({curve.mean:.1%})",
        )
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("share of the player's matchups, best combos first")
    ax.set_ylabel("equity")
    ax.set_title(f"equity distribution on {cards_str(board_ids_of(board, HOLDEM))}")
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


def next_card_equity(
    hero: Range | str, villain: Range | str, board: Cards, *, dead: Cards = (), ax: Axes | None = None
) -> Figure:
    """The hero's exact equity after each card that can come next on a flop or turn, a bar a card coloured by
    its suit, with the equity now as a line (``handrank.next_card_equity``)."""
    from handrank._distribution import next_card_equity as by_card

    result = by_card(hero, villain, board, dead)
    names = [card_str(c) for c in result.cards.tolist()]
    fig, ax = _axes(ax, (10.0, 4.0))
    ax.bar(range(len(names)), result.equity[:, 0], color=[SUIT_COLOURS[n[1]] for n in names], width=0.8)
    ax.axhline(result.now[0], color="#888", linestyle="--", label=f"now: {result.now[0]:.1%}")
    ax.set_xticks(range(len(names)), names, rotation=90, fontsize=7)
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.set_ylim(0, 1)
    ax.set_ylabel(f"{result.players[0]} equity")
    ax.set_title(f"{result.players[0]} against {result.players[1]} on {result.board}: the next card")
    ax.legend(loc="lower right")
    return fig


def hits(
    hand_range: Range | str,
    board: Cards,
    *,
    dead: Cards = (),
    game: str = "holdem",
    title: str | None = None,
    ax: Axes | None = None,
) -> Figure:
    """What a range hits on a flop, turn or river (``handrank.hits``): each made-hand class's share of the range
    as a bar, then each draw's in another colour (a hand counts in every draw it has)."""
    from handrank._hits import hits as hits_of

    result = hits_of(hand_range, board, dead=dead, game=game)
    classes, shares = list(result.classes), list(result.share)
    colours = ["#1565c0"] * len(result.made) + ["#ef6c00"] * len(result.draws)
    fig, ax = _axes(ax, (6.4, 0.6 + 0.27 * len(classes)))
    ax.barh(range(len(classes)), shares, color=colours)
    for i, share in enumerate(shares):
        ax.text(share + 0.01, i, f"{share:.1%}", va="center", fontsize=8)
    ax.set_yticks(range(len(classes)), classes)
    ax.invert_yaxis()
    ax.set_xlim(0, min(1.0, max(shares, default=0.0) + 0.15))
    ax.set_xlabel("share of the range (made hands in blue, draws in orange)")
    ax.set_title(title if title is not None else f"what {result.range} hits on {result.board}")
    return fig


def hand_types(result: EquityResult | HandTypes, *, title: str | None = None, ax: Axes | None = None) -> Figure:
    """The hand types that win (``equity(..., hand_types=True)``): for each category some player wins or ties
    with, a bar a player of the share of all showdowns it wins with that category, and its ties on top, paler."""
    types = result.hand_types if isinstance(result, EquityResult) else result
    if not isinstance(types, HandTypes):
        raise ValueError("result: no hand types in it; ask equity(..., hand_types=True) for them")
    shown = types.seen
    wins, ties = types.win_share, types.tie_share
    players = len(types.players)
    height = 0.8 / players
    fig, ax = _axes(ax, (6.4, 1.0 + (0.2 * players + 0.15) * max(1, len(shown))))
    for p, player in enumerate(types.players):
        at = [i + (p - (players - 1) / 2) * height for i in range(len(shown))]
        won = [wins[p][c] for c in shown]
        bars = ax.barh(at, won, height=height, label=f"{player}")
        ax.barh(at, [ties[p][c] for c in shown], left=won, height=height, color=bars[0].get_facecolor(), alpha=0.4)
    ax.set_yticks(range(len(shown)), [types.categories[c] for c in shown])
    ax.invert_yaxis()
    top = max((wins[p][c] + ties[p][c] for p in range(players) for c in shown), default=0.0)
    ax.set_xlim(0, top * 1.1 or 1.0)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("share of all showdowns won with it (ties paler)")
    how = "exact" if types.exact else "Monte Carlo"
    ax.set_title(title if title is not None else f"the hand types that win ({how})")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="best")
    return fig
