"""handrank.plot: each figure drawn with the Agg backend into a PNG, its axes checked; bad input named."""

from __future__ import annotations

import io
import struct

import pytest
from conftest import Api

matplotlib = pytest.importorskip("matplotlib")  # in the test extra; only a bare install lacks it

from handrank import plot  # noqa: E402
from handrank._classes import HAND_CLASSES  # noqa: E402


def _png_size(fig: object) -> tuple[int, int]:
    """Draw ``fig`` into a PNG (Agg); its width and height in pixels from the header."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=50)  # type: ignore[attr-defined]
    data = buffer.getvalue()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_range_grid(impl: Api) -> None:
    fig = plot.range_grid(impl.Range("QQ+, AKs, 0.5(AKo)"), title="opening range")
    ax = fig.axes[0]
    assert ax.get_title() == "opening range" and len(fig.axes) == 2  # the grid and its colour bar
    texts = [t.get_text() for t in ax.texts]
    assert texts == list(HAND_CLASSES)
    image = ax.images[0].get_array()
    assert image.shape == (13, 13) and image[0, 0] == 1.0 and image[1, 0] == 0.5 and image[0, 2] == 0.0
    assert _png_size(fig) == (320, 320)
    values = {"AA": 0.85, "KK": 0.82, "72o": 0.35}
    fig = plot.range_grid(values)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts[0] == "AA\n0.85" and texts[HAND_CLASSES.index("72o")] == "72o\n0.35" and texts[1] == "AKs"
    assert fig.axes[0].images[0].get_array().mask.sum() == 166  # the classes not given are blank
    plot.range_grid(list(range(169)))
    with pytest.raises(ValueError, match="'AKx' is not a starting-hand class"):
        plot.range_grid({"AKx": 1.0})
    with pytest.raises(ValueError, match=r"169 numbers, got shape \(12,\)"):
        plot.range_grid(list(range(12)))
    with pytest.raises(TypeError, match=r"values\['AA'\] must be a number, not str \('high'\)"):
        plot.range_grid({"AA": "high"})
    with pytest.raises(TypeError, match=r"values must be a Range, a mapping of classes or 169 numbers: "):
        plot.range_grid(["x"] * 169)


def test_equity_by_street(impl: Api) -> None:
    fig = plot.equity_by_street(["AhKh", "QsQd"], "2c 7d 9h Ts Kd")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "preflop",
        "flop\n2c 7d 9h",
        "turn\n2c 7d 9h Ts",
        "river\n2c 7d 9h Ts Kd",
    ]
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["AhKh", "QsQd"]
    first = lines[0].get_ydata().tolist()
    assert first[0] == impl.equity(["AhKh", "QsQd"], exact=True).equity[0]
    assert first[3] == 1.0  # kings on the river
    assert [a + b for a, b in zip(first, lines[1].get_ydata().tolist(), strict=True)] == pytest.approx([1.0] * 4)
    assert _png_size(fig) == (320, 200)
    with pytest.raises(ValueError, match="board: equity by street needs the complete board of 5 cards, got 3"):
        plot.equity_by_street(["AhKh", "QsQd"], "2c 7d 9h")
    with pytest.raises(ValueError, match="labels: 1 name for 2 players"):
        plot.equity_by_street(["AhKh", "QsQd"], "2c 7d 9h Ts Kd", labels=["hero"])


def test_category_chart(impl: Api) -> None:
    fig = plot.category_chart("AA, KK, AKs", "As 7d 7h")
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == "royal flush" and labels[-1] == "high card" and len(labels) == 10  # best at the top
    widths = {label: bar.get_width() for label, bar in zip(labels, ax.patches, strict=True)}
    # AA: 3 combos left, all full houses; KK: 6, two pair; AKs: 3 left, two pair (aces and sevens)
    assert widths["full house"] == pytest.approx(3 / 12) and widths["two pair"] == pytest.approx(9 / 12)
    assert sum(widths.values()) == pytest.approx(1.0) and ax.get_title() == "KK+, AKs on As 7d 7h"
    with pytest.raises(ValueError, match="a Hold'em board has 3, 4 or 5 cards, got 2"):
        plot.category_chart("AA", "As 7d")
    with pytest.raises(ValueError, match="a Hold'em board has 3, 4 or 5 cards, got 0"):
        plot.category_chart("AA", "")
    with pytest.raises(ValueError, match="hand_range: no combo of the range is left"):
        plot.category_chart("AsAh", "As 7d 7h")


def test_not_imported_by_handrank() -> None:
    import subprocess
    import sys

    code = "import sys, handrank; print('matplotlib' in sys.modules, 'handrank.plot' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
