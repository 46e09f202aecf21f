"""equity_distribution and next_card_equity: exact, against equity() and combo_equity, on both backends."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import Api

import handrank


@pytest.mark.parametrize(
    ("hero", "villain", "board", "dead"),
    [
        ("QQ+,AKs", "JJ-88,AQ,KQs", "Ks 7h 2d 5c", ()),
        ("0.5(AA),KK,1/4(AKo)", "TT+,AQs+", "Qs Jh 4c 4d", ()),
        ("22+,A2s+", "KQ,JT", "Ah 9d 5c 3s Tc", ("2c",)),
    ],
)
def test_the_curve_is_each_combo_s_equity_and_averages_to_equity(
    impl: Api, hero: str, villain: str, board: str, dead: tuple[str, ...]
) -> None:
    dist = impl.equity_distribution(hero, villain, board, dead)
    whole = impl.equity([hero, villain], board, dead, exact=True)
    assert len(dist) == 2
    for player, (curve, mine, theirs) in enumerate(zip(dist, (hero, villain), (villain, hero), strict=True)):
        assert curve.player == mine
        assert curve.mean == pytest.approx(whole.equity[player], abs=1e-12)
        assert float(np.dot(curve.weight, curve.equity)) == pytest.approx(whole.equity[player], abs=1e-12)
        assert curve.weight.sum() == pytest.approx(1.0) and (curve.weight > 0).all()
        assert (np.diff(curve.equity) <= 0).all()  # best first
        by_combo = impl.combo_equity(mine, theirs, board, dead)
        faced = ~np.isnan(by_combo.equity)
        want = {tuple(c): e for c, e in zip(by_combo.combos[faced].tolist(), by_combo.equity[faced], strict=True)}
        got = {tuple(c): e for c, e in zip(curve.combos.tolist(), curve.equity, strict=True)}
        assert got.keys() == want.keys()
        assert all(got[c] == want[c] for c in got)


def test_a_flop_against_random(c_impl: Api) -> None:
    dist = c_impl.equity_distribution("QQ+,AKs", "random", "Ks 7h 2d")
    whole = c_impl.equity(["QQ+,AKs", "random"], "Ks 7h 2d", exact=True)
    assert [curve.mean for curve in dist] == pytest.approx(list(whole.equity), abs=1e-12)
    assert len(dist[1].combos) == 1326 - 3 * 51 + 3  # every villain combo off the board faces some hero combo


def test_next_cards_on_a_turn_average_back_on_both_backends(impl: Api) -> None:
    got = impl.next_card_equity("QQ+,AKs", "TT+,AJs+,KQ", "Qs Jh 4c 4d")
    whole = impl.equity(["QQ+,AKs", "TT+,AJs+,KQ"], "Qs Jh 4c 4d", exact=True)
    assert got.now[0] == pytest.approx(whole.equity[0], abs=1e-12)


def test_quantiles_are_the_weighted_quantiles() -> None:
    curve = handrank.equity_distribution("QQ+,AKs,76s", "random", "Ks 7h 2d")[0]
    rising = np.argsort(curve.equity, kind="stable")
    below = np.cumsum(curve.weight[rising])
    for q in (0.0, 0.1, 0.25, 0.5, 0.8, 1.0):
        want = curve.equity[rising][min(int(np.searchsorted(below, q * below[-1] * (1 - 1e-12))), len(rising) - 1)]
        assert curve.quantiles(q) == want
    qs = curve.quantiles(np.linspace(0, 1, 21))
    assert (np.diff(qs) >= 0).all() and qs[0] == curve.equity.min() and qs[-1] == curve.equity.max()
    both = handrank.equity_distribution("QQ+,AKs,76s", "random", "Ks 7h 2d").quantiles([0.5])
    assert both.shape == (2, 1) and both[0, 0] == curve.quantiles(0.5)
    with pytest.raises(ValueError, match=r"q must lie in \[0, 1\]"):
        curve.quantiles(1.5)


def test_the_same_range_on_both_sides_has_one_curve_twice() -> None:
    dist = handrank.equity_distribution("random", "random", "Ks 7h 2d")
    assert dist[0].mean == pytest.approx(0.5) and dist[1].mean == pytest.approx(0.5)
    assert np.array_equal(dist[0].equity, dist[1].equity) and dist[1].player == "random"


def _brute_next_card(hero: str, villain: str, board: list[int]) -> tuple[dict[int, float], dict[int, float]]:
    """On a turn, each river card's hero equity and matchup weight, by ranking every matchup on it directly."""
    h_range, v_range = handrank.Range(hero), handrank.Range(villain)
    sums: dict[int, list[float]] = {}
    for card in sorted(set(range(52)) - set(board)):
        shares = weight = 0.0
        for hc, hw in h_range.combos:
            for vc, vw in v_range.combos:
                held = set(hc) | set(vc)
                if len(held) < 4 or held & set(board) or card in held:
                    continue
                mine = handrank.evaluate(list(hc) + board + [card])
                theirs = handrank.evaluate(list(vc) + board + [card])
                shares += hw * vw * (1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
                weight += hw * vw
        sums[card] = [shares, weight]
    total = sum(w for _, w in sums.values())
    return {c: s / w for c, (s, w) in sums.items() if w}, {c: w / total for c, (_, w) in sums.items()}


def test_next_card_equity_against_a_brute_force_count(impl: Api) -> None:
    board = handrank.parse_cards("Ks 7h 2d 9c")
    hero, villain = "KK,0.5(AKs)", "QQ,T8s"
    got = impl.next_card_equity(hero, villain, board)
    equity, weight = _brute_next_card(hero, villain, board)
    assert got.cards.tolist() == sorted(set(range(52)) - set(board))
    for card, eq, w in zip(got.cards.tolist(), got.equity.tolist(), got.weight.tolist(), strict=True):
        assert w == pytest.approx(weight[card], abs=1e-12)
        if card in equity:
            assert eq[0] == pytest.approx(equity[card], abs=1e-12) and eq[1] == pytest.approx(1 - equity[card])
        else:
            assert np.isnan(eq[0])


@pytest.mark.parametrize(("board", "dead"), [("Ks 7h 2d", ()), ("Qs Jh 4c 4d", ("Ah", "2c"))])
def test_next_cards_average_back_to_the_equity_now(c_impl: Api, board: str, dead: tuple[str, ...]) -> None:
    impl = c_impl
    got = impl.next_card_equity("QQ+,AKs", "TT+,AJs+,KQ", board, dead)
    whole = impl.equity(["QQ+,AKs", "TT+,AJs+,KQ"], board, dead, exact=True)
    assert got.now[0] == pytest.approx(whole.equity[0], abs=1e-12)
    live = ~np.isnan(got.equity[:, 0])
    assert float(np.dot(got.weight[live], got.equity[live, 0])) == pytest.approx(whole.equity[0], abs=1e-12)
    assert got.weight.sum() == pytest.approx(1.0)
    assert not set(got.cards.tolist()) & set(handrank.parse_cards(board) + handrank.parse_cards(list(dead)))
    for card in got.cards.tolist()[:3]:
        turn = impl.equity(["QQ+,AKs", "TT+,AJs+,KQ"], handrank.parse_cards(board) + [card], dead, exact=True)
        row = got.equity[got.cards.tolist().index(card)]
        assert row[0] == pytest.approx(turn.equity[0], abs=1e-12)


def test_records_render() -> None:
    dist = handrank.equity_distribution("QQ+,AKs", "JJ", "Ks 7h 2d")
    html = dist._repr_html_()
    assert "QQ+,AKs" in html and "q50" in html and "Ks 7h 2d" in html
    nxt = handrank.next_card_equity("QQ+,AKs", "JJ", "Ks 7h 2d")
    assert "Ah" in nxt._repr_html_()
    pd = pytest.importorskip("pandas")
    frame = dist.to_frame()
    assert list(frame.columns) == ["player", "combo", "equity", "weight", "share"]
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(dist[0].combos) + len(dist[1].combos)
    cards = nxt.to_frame()
    assert list(cards.columns) == ["QQ+,AKs", "JJ", "weight"] and cards.index[0] == "2c"


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match=r"a Hold'em board has 3, 4 or 5 cards, got 0"):
        handrank.equity_distribution("AA", "KK", [])
    with pytest.raises(ValueError, match=r"board: next_card_equity takes a flop or a turn \(3 or 4 cards\), got 5"):
        handrank.next_card_equity("AA", "KK", "Ks 7h 2d 9c 4s")
    with pytest.raises(ValueError, match="duplicate card Ks"):
        handrank.next_card_equity("AA", "KK", "Ks 7h 2d", dead=["Ks"])
    with pytest.raises(ValueError, match="hero: no combo of the range is left"):
        handrank.equity_distribution("KsKh", "random", "Ks 7h 2d")
    with pytest.raises(ValueError, match="villain"):
        handrank.next_card_equity("AA", "nonsense", "Ks 7h 2d")
    with pytest.raises(ValueError, match="the ranges collide"):
        handrank.equity_distribution("AsAh", "AsKs", "Qs 7h 2d")


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    from handrank._cli import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_prints_the_next_cards(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    want = handrank.next_card_equity("QQ+,AKs", "JJ", "Ks7h2d")
    code, out, _ = _cli(capsys, "equity", "QQ+,AKs", "JJ", "--board", "Ks7h2d", "--next-card", "--json")
    got = json.loads(out)
    assert code == 0 and got["players"] == ["QQ+,AKs", "JJ"] and got["now"] == list(want.now)
    assert [c["card"] for c in got["cards"]] == [handrank.card_str(c) for c in want.cards.tolist()]
    code, out, _ = _cli(capsys, "equity", "QQ+,AKs", "JcJd", "--board", "Ks7h2d", "--next-card", "--json")
    jack = next(c for c in json.loads(out)["cards"] if c["card"] == "Jc")
    assert jack == {"card": "Jc", "equity": [None, None], "weight": 0.0}  # the villain's one combo holds it
    code, out, _ = _cli(capsys, "equity", "QQ+,AKs", "JJ", "--board", "Ks7h2d", "--next-card")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["card", "QQ+,AKs", "JJ", "weight"] and lines[-1].startswith("now")
    assert len(lines) == 2 + len(want.cards)
    code, _, err = _cli(capsys, "equity", "AA", "KK", "QQ", "--board", "Ks7h2d", "--next-card")
    assert code == 2 and "--next-card takes two Hold'em players" in err
    code, _, err = _cli(capsys, "equity", "AA", "KK", "--board", "Ks7h2d9c4s", "--next-card")
    assert code == 2 and "a flop or a turn" in err


def test_plots_draw_what_the_calls_say() -> None:
    pytest.importorskip("matplotlib")
    from handrank import plot

    fig = plot.equity_distribution("QQ+,AKs", "JJ", "Ks 7h 2d")
    lines = fig.axes[0].get_lines()
    dist = handrank.equity_distribution("QQ+,AKs", "JJ", "Ks 7h 2d")
    assert len(lines) == 2 and lines[0].get_label().startswith("QQ+,AKs")
    assert np.allclose(lines[0].get_ydata()[1:], dist[0].equity)
    assert np.allclose(lines[1].get_xdata()[-1], 1.0)
    several = plot.equity_distribution(["QQ+,AKs", "77-22", "AQs"], "random", "Ks 7h 2d")
    assert len(several.axes[0].get_lines()) == 3
    fig = plot.next_card_equity("QQ+,AKs", "JJ", "Ks 7h 2d")
    bars = fig.axes[0].patches
    got = handrank.next_card_equity("QQ+,AKs", "JJ", "Ks 7h 2d")
    assert len(bars) == len(got.cards)
    heights = np.array([b.get_height() for b in bars])
    assert np.allclose(heights, got.equity[:, 0], equal_nan=True)
    with pytest.raises(ValueError, match="hero: give a range"):
        plot.equity_distribution([], "random", "Ks 7h 2d")
