"""How results look in a notebook: HTML for ranges (the 13 x 13 grid), equities and showdowns, and DataFrames.

The ``_repr_html_`` and ``to_frame`` methods of ``Range``, ``EquityResult``,
``Showdown`` and ``ComboEquity`` call these.  The HTML is plain tables with
inline styles (no scripts, no stylesheet), every text escaped; pandas is
imported only by the ``*_frame`` functions.
"""

from __future__ import annotations

from html import escape

from handrank._cards import cards_str, combo_str
from handrank._preflop import HAND_CLASSES, class_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    import pandas as pd

    from handrank._equity import EquityResult
    from handrank._ranges import Range
    from handrank._showdown import Showdown
    from handrank._solver import ComboEquity

_CLASS_COMBOS = [6 if len(name) == 2 else 4 if name.endswith("s") else 12 for name in HAND_CLASSES]


def class_weights(values: Range) -> list[float]:
    """A Hold'em range's weight in each of the 169 classes (``HAND_CLASSES`` order): the sum of its combos'
    weights in the class over the class's combos, from 0 (none) to 1 (all, at weight 1)."""
    sums = [0.0] * 169
    for cards, weight in values:
        sums[class_of((cards[0], cards[1]))] += weight
    return [total / size for total, size in zip(sums, _CLASS_COMBOS, strict=True)]


def _cell_style(value: float) -> str:
    """A green shade for a value in [0, 1] (white at 0), and text that stays readable on it."""
    v = min(max(value, 0.0), 1.0)
    red, green, blue = (round(255 - (255 - c) * v) for c in (34, 139, 34))
    ink = "#fff" if v > 0.6 else "#000"
    return f"background:rgb({red},{green},{blue});color:{ink};text-align:center;padding:2px 4px;"


def grid_html(values: list[float], caption: str) -> str:
    """The 13 x 13 grid of ``values`` (one per class, ``HAND_CLASSES`` order, shaded from 0 to 1)."""
    rows = []
    for i in range(13):
        cells = []
        for j in range(13):
            k = 13 * i + j
            name, value = HAND_CLASSES[k], values[k]
            cells.append(f'<td title="{name}: {value:.3g}" style="{_cell_style(value)}">{name}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<table class="handrank-range" style="border-collapse:collapse;font-family:monospace;font-size:11px">'
        f"<caption>{escape(caption)}</caption>" + "".join(rows) + "</table>"
    )


def range_html(values: Range) -> str | None:
    """A Hold'em range as its grid; None for Omaha ranges (their plain repr is shown instead)."""
    if values.game != "holdem":
        return None
    text = str(values) or "(empty)"
    return grid_html(class_weights(values), f"Range({text}): {len(values)} combos")


def _table(head: list[str], rows: list[list[str]], caption: str) -> str:
    th = "".join(f'<th style="text-align:right;padding:2px 8px">{escape(h)}</th>' for h in head)
    body = "".join(
        "<tr>" + "".join(f'<td style="text-align:right;padding:2px 8px">{escape(c)}</td>' for c in row) + "</tr>"
        for row in rows
    )
    return (
        f'<table class="handrank-table" style="border-collapse:collapse"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
    )


def equity_html(result: EquityResult) -> str:
    """One row per player: equity, win, tie, and the standard error for Monte Carlo."""
    split = result.high_share is not None and result.low_share is not None
    head = ["player", "equity", "win", "tie"] + ([] if result.exact else ["± stderr"])
    head += ["high", "low"] if split else []
    rows = []
    for i, share in enumerate(result.equity):
        row = [str(i), f"{share:.3%}", f"{float(result.wins[i] / result.total):.3%}"]
        row.append(f"{float(result.ties[i] / result.total):.3%}")
        if not result.exact:
            row.append(f"{result.stderr[i]:.3%}")
        if result.high_share is not None and result.low_share is not None:
            row += [f"{result.high_share[i]:.3%}", f"{result.low_share[i]:.3%}"]
        rows.append(row)
    how = f"exact, {result.boards:,} boards" if result.exact else f"Monte Carlo, {result.trials:,} trials"
    return _table(head, rows, how)


def showdown_html(result: Showdown) -> str:
    """One row per player: cards, rank, hand, best five, share; the winners marked."""
    head = ["player", "cards", "rank", "hand", "best five", "share"]
    rows = [
        [
            f"{'★ ' if i in result.winners else ''}{i}",
            cards_str(p.cards),
            str(p.rank),
            p.description,
            cards_str(p.best_five),
            str(p.share),
        ]
        for i, p in enumerate(result.players)
    ]
    board = f", board {cards_str(result.board)}" if result.board else ""
    return _table(head, rows, f"{result.game}{board}")


def equity_frame(result: EquityResult) -> pd.DataFrame:
    """One row per player: ``equity, wins, ties, losses, stderr`` (counts as floats when weighted), and in a hi-lo
    game ``high_share, low_share, scoop``."""
    import pandas as pd

    def plain(values: tuple[object, ...]) -> list[object]:
        return [v if isinstance(v, int) else float(v) for v in values]  # type: ignore[arg-type]

    frame = pd.DataFrame(
        {
            "equity": list(result.equity),
            "wins": plain(result.wins),
            "ties": plain(result.ties),
            "losses": plain(result.losses),
            "stderr": list(result.stderr),
        }
    )
    if result.high_share is not None and result.low_share is not None and result.scoop is not None:
        frame["high_share"], frame["low_share"], frame["scoop"] = result.high_share, result.low_share, result.scoop
    frame.index.name = "player"
    return frame


def combo_frame(result: ComboEquity) -> pd.DataFrame:
    """One row per hero combo (``"AsKs"``, high card first): its equity and the villain weight it faces."""
    import pandas as pd

    names = [combo_str(pair) for pair in result.combos.tolist()]
    return pd.DataFrame({"equity": result.equity, "weight": result.weight}, index=pd.Index(names, name="combo"))
