"""How things look in a notebook: HTML tables and the 13 x 13 range grid, from plain rows and numbers.

The ``_repr_html_`` methods of ``Range``, ``EquityResult`` and ``Showdown``
put their values into these shapes.  The HTML is plain tables with inline
styles (no scripts, no stylesheet), every text escaped.
"""

from __future__ import annotations

from html import escape

from handrank._classes import HAND_CLASSES


def cell_style(value: float) -> str:
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
            cells.append(f'<td title="{name}: {value:.3g}" style="{cell_style(value)}">{name}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<table class="handrank-range" style="border-collapse:collapse;font-family:monospace;font-size:11px">'
        f"<caption>{escape(caption)}</caption>" + "".join(rows) + "</table>"
    )


def table_html(head: list[str], rows: list[list[str]], caption: str) -> str:
    """A table with a header row and a caption; right-aligned cells."""
    th = "".join(f'<th style="text-align:right;padding:2px 8px">{escape(h)}</th>' for h in head)
    body = "".join(
        "<tr>" + "".join(f'<td style="text-align:right;padding:2px 8px">{escape(c)}</td>' for c in row) + "</tr>"
        for row in rows
    )
    return (
        f'<table class="handrank-table" style="border-collapse:collapse"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
    )
