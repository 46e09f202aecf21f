"""Notebook displays: the HTML of ranges, equities and showdowns, and the results' DataFrames."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from conftest import Api

import handrank
from handrank._classes import HAND_CLASSES


class _Cells(HTMLParser):
    """The rows of an HTML table, each a list of its cells' texts (th and td), and the caption."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.caption = ""
        self._in: str | None = None
        self.titles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append("")
            self._in = "cell"
            self.titles.extend(v or "" for k, v in attrs if k == "title")
        elif tag == "caption":
            self._in = "caption"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th", "caption"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "cell":
            self.rows[-1][-1] += data
        elif self._in == "caption":
            self.caption += data


def _parse(html: str) -> _Cells:
    cells = _Cells()
    cells.feed(html)
    assert "<script" not in html
    return cells


def test_range_grid_html(impl: Api) -> None:
    r = impl.Range("QQ+, AKs, 0.5(AKo), 72o")
    got = _parse(r._repr_html_())
    assert len(got.rows) == 13 and all(len(row) == 13 for row in got.rows)
    assert [c for row in got.rows for c in row] == list(HAND_CLASSES)  # 169 cells, pairs on the diagonal
    weights = dict(t.split(": ") for t in got.titles)
    assert weights["AA"] == weights["AKs"] == "1" and weights["AKo"] == "0.5" and weights["72o"] == "1"
    assert weights["JJ"] == weights["AQs"] == "0"
    assert got.caption == f"Range({r}): {len(r)} combos"
    three = _parse(impl.Range("AhKh, AsKs, AdKd")._repr_html_())
    assert dict(t.split(": ") for t in three.titles)["AKs"] == "0.75"
    assert impl.Range("AhAsKdKc", game="omaha")._repr_html_() is None  # Omaha: the plain repr


def test_equity_and_showdown_html(impl: Api) -> None:
    exact = impl.equity(["AhKh", "QsQd"], "2c7d9h", exact=True)
    got = _parse(exact._repr_html_())
    assert got.rows[0] == ["player", "equity", "win", "tie"] and len(got.rows) == 3
    assert got.rows[1][1] == f"{exact.equity[0]:.3%}" and got.caption == f"exact, {exact.boards:,} boards"
    assert [row[0] for row in got.rows[1:]] == ["Ah Kh", "Qs Qd"]  # the players as the command line shows them
    sampled = impl.equity(["AhKh", "QsQd", impl.Range("random")], trials=20_000, seed=4)
    got = _parse(sampled._repr_html_())
    assert (
        got.rows[0][-1] == "± stderr"
        and len(got.rows) == 4
        and got.caption == f"Monte Carlo, {sampled.trials:,} trials"
    )
    result = impl.showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")
    got = _parse(result._repr_html_())
    assert got.rows[0] == ["player", "cards", "rank", "hand", "best five", "share"]
    assert got.rows[1][0] == "★ 0" and got.rows[2][0] == "1" and got.rows[1][3] == "Full house, aces full of sevens"
    assert got.caption == "holdem, board Ah Kd 7c 7s 2d"
    tie = _parse(impl.showdown(["As Kc", "Ad Kh"], "Qs Jd Tc 3s 2d")._repr_html_())
    assert [row[0] for row in tie.rows[1:]] == ["★ 0", "★ 1"] and [row[-1] for row in tie.rows[1:]] == ["1/2", "1/2"]


def test_html_is_escaped() -> None:
    from handrank._display import table_html

    html = table_html(["<b>"], [["a & b"]], "<script>")
    assert "<b>" not in html and "&lt;b&gt;" in html and "&amp;" in html and "&lt;script&gt;" in html


def test_frames(impl: Api) -> None:
    pd = pytest.importorskip("pandas")
    exact = impl.equity(["AhKh", "QsQd"], "2c7d9h", exact=True)
    frame = exact.to_frame()
    assert isinstance(frame, pd.DataFrame) and frame.index.name == "player"
    assert frame.columns.tolist() == ["equity", "wins", "ties", "losses", "stderr"]
    assert frame.equity.tolist() == list(exact.equity) and frame.wins.tolist() == list(exact.wins)
    weighted = impl.equity([impl.Range("0.5(AA), KK"), "QsQd"], "2c7d9h", exact=True)
    assert weighted.to_frame().wins.tolist() == [float(w) for w in weighted.wins]
    combos = impl.combo_equity("AA, AhKh", "KK", "Ks 7h 2d")
    frame = combos.to_frame()
    assert frame.index.name == "combo" and frame.columns.tolist() == ["equity", "weight"]
    names = frame.index.tolist()
    assert len(names) == len(combos.combos) and all(re.fullmatch(r"([2-9TJQKA][cdhs]){2}", n) for n in names)
    at = names.index("AhKh")
    assert frame.equity.iloc[at] == combos.equity[at] and frame.weight.iloc[at] == combos.weight[at]


def test_no_pandas_until_asked() -> None:
    import subprocess
    import sys

    code = (
        "import sys, handrank; r = handrank.equity(['AhKh', 'QsQd'], '2c7d9h', exact=True); r._repr_html_(); "
        "handrank.Range('QQ+')._repr_html_(); print('pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    assert handrank.Range("AA")._repr_html_() is not None
