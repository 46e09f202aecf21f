"""examples/river_cfr.py, the river solver of docs/writing_a_solver.md: it converges, its game is the game it
describes, and its command line runs; on both backends (through ``impl``), on narrow ranges so that the pure
Python backend stays quick.

The example is imported by its path (the sdist and the wheel tests carry examples/ beside tests/).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import Api

import handrank

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "river_cfr.py"
BOARD = "Ks7h2d4c9s"
OOP_RANGE, IP_RANGE = "QQ+,AK,KQs", "KJ+,99-22,A5s,T8s"


@pytest.fixture(scope="module")
def river_cfr() -> ModuleType:
    assert EXAMPLE.exists(), f"{EXAMPLE} is missing: examples/ belongs beside tests/"
    spec = importlib.util.spec_from_file_location("river_cfr", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_exploitability_falls(river_cfr: ModuleType, impl: Api) -> None:
    result = river_cfr.solve(BOARD, OOP_RANGE, IP_RANGE, bets=(0.5, 1.0), iterations=50, every=2)
    by_iteration = {p.iteration: p.exploitability for p in result.history}
    assert sorted(by_iteration) == list(range(2, 51, 2)) and result.iterations == 50
    assert by_iteration[50] < by_iteration[10] < by_iteration[2]
    assert 0 <= by_iteration[50] < 1.0  # % of the pot (0.33 here)
    assert result.exploitability == by_iteration[50]


def test_stops_at_the_target(river_cfr: ModuleType, impl: Api) -> None:
    seen: list[int] = []
    result = river_cfr.solve(
        BOARD,
        OOP_RANGE,
        IP_RANGE,
        bets=(0.5,),
        iterations=500,
        every=5,
        target=2.0,
        callback=lambda p: seen.append(p.iteration),
    )
    assert result.exploitability < 2.0 <= result.history[-2].exploitability
    assert seen == [p.iteration for p in result.history] and result.iterations == seen[-1] < 500


def test_the_vectors_play_the_game_they_describe(river_cfr: ModuleType, impl: Api) -> None:
    """The value of the average strategies, computed with the 1,326-vectors, is the mean payoff over every
    deal of two compatible combos played out one by one; best responses win at least as much; zero-sum."""
    oop, ip = "AA,KQs,98s,0.5(AQo)", "KJ+,99,77,0.25(T8s)"
    result = river_cfr.solve(BOARD, oop, ip, bets=(0.5, 1.5), raise_size=1.0, iterations=8, every=8)
    game = result.game
    ranks = handrank.rank_combos(game.board)
    cards = handrank.combos()

    def payoff(node: Any, h: int, v: int) -> float:
        if node.player is None:
            if node.folder is None:
                return (game.pot / 2 + node.invested[0]) * float(np.sign(int(ranks[v]) - int(ranks[h])))
            stake = game.pot / 2 + node.invested[node.folder]
            return -stake if node.folder == river_cfr.OOP else stake
        strategy = node.average_strategy()[:, h if node.player == river_cfr.OOP else v]
        return sum(p * payoff(child, h, v) for p, child in zip(strategy, node.children, strict=True))

    total = weight = 0.0
    for h in np.flatnonzero(game.ranges[0]):
        for v in np.flatnonzero(game.ranges[1]):
            if len({*cards[h].tolist(), *cards[v].tolist(), *game.board}) == 9:
                w = game.ranges[0][h] * game.ranges[1][v]
                total, weight = total + w * payoff(game.root, h, v), weight + w
    value = game.value(river_cfr.OOP)
    assert weight == pytest.approx(game.deals)
    assert value == pytest.approx(total / weight, abs=1e-9)
    assert game.value(river_cfr.IP) == pytest.approx(-value, abs=1e-9)
    br_oop, br_ip = game.best_response_value(river_cfr.OOP), game.best_response_value(river_cfr.IP)
    assert br_oop >= value - 1e-9 and br_ip >= -value - 1e-9
    assert game.exploitability() == pytest.approx(100 * (br_oop + br_ip) / 2 / game.pot)


@pytest.mark.parametrize(
    ("board", "oop", "ip", "value"),
    [
        ("Ks7h2d4c9s", "AA", "QQ", 50.0),  # aces always win: the queens give up the half pot they put in
        ("AsKsQsJsTs", "22-55", "random", 0.0),  # the board plays: every showdown is a tie
    ],
)
def test_spots_with_a_known_value(
    river_cfr: ModuleType, impl: Api, board: str, oop: str, ip: str, value: float
) -> None:
    result = river_cfr.solve(board, oop, ip, bets=(0.5, 1.0), iterations=40, every=40)
    game = result.game
    # The game value lies between what each best response concedes: -BR_IP <= value <= BR_OOP.
    assert -game.best_response_value(river_cfr.IP) - 1e-9 <= value <= game.best_response_value(river_cfr.OOP) + 1e-9
    nash_conv = 2 * result.exploitability * game.pot / 100  # the two best responses' gains, in chips
    assert game.value(river_cfr.OOP) == pytest.approx(value, abs=nash_conv + 1e-9)
    assert result.exploitability < 0.5


def test_the_tree(river_cfr: ModuleType) -> None:
    """Bets are capped at the stack, one raise at most, none over an all-in."""
    root = river_cfr.build_tree(100.0, 120.0, [0.5, 1.5], None)
    assert root.actions == ["check", "bet 50", "bet 120"]
    after_check = root.children[0]
    assert after_check.actions == ["check", "bet 50", "bet 120"] and after_check.children[0].player is None
    facing = root.children[1]
    assert facing.actions == ["fold", "call", "raise 120"]
    assert facing.children[2].actions == ["fold", "call"]  # the raise is the last
    assert root.children[2].actions == ["fold", "call"]  # nothing to raise over an all-in
    decisions = list(root.decisions())
    assert len(decisions) == 8 and all(n.regrets.shape == (len(n.actions), 1326) for n in decisions)
    sized = river_cfr.build_tree(100.0, 1000.0, [0.5], 1.0)
    assert sized.children[1].actions[2] == "raise 250"  # 50 + the pot after the call (200)


def test_command_line(river_cfr: ModuleType, impl: Api, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--board", BOARD, "--oop", OOP_RANGE, "--ip", IP_RANGE, "--bets", "0.5,1", "--iterations", "6"]
    assert river_cfr.main([*argv, "--every", "3"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[1] == "iteration  seconds  exploitability (% of the pot)"
    assert [line.split()[0] for line in lines[2:4]] == ["3", "6"]
    assert "OOP first to act, average strategy:" in out and "IP after a check, average strategy:" in out
    assert "hand  combos   check  bet 50 bet 100" in out
    table = out.split("OOP first to act")[1].split("\n\n")[0].splitlines()[2:]
    assert [row.split()[0] for row in table] == ["AA", "KK", "QQ", "AKs", "KQs", "AKo", "all"]
    assert " IP after bet 50 (" in out and "raise 100" in out


def test_command_line_errors(
    river_cfr: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert river_cfr.main(["--board", "Ks7h2d", "--iterations", "1"]) == 2
    assert "a river board has 5 cards, got 3" in capsys.readouterr().err
    assert river_cfr.main(["--oop", "AsAh", "--ip", "AsAd", "--iterations", "1"]) == 2  # no deal left
    assert "no deal" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        river_cfr.main(["--bets", "half"])
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    assert river_cfr.main(["--plot", str(tmp_path / "river.png")]) == 1
    assert "--plot needs matplotlib" in capsys.readouterr().err
    assert not (tmp_path / "river.png").exists()


@pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="under AddressSanitizer (tools/sanitize.sh) matplotlib's font code throws C++ exceptions it cannot catch",
)
def test_plot(river_cfr: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "river.png"
    assert river_cfr.main(["--oop", "AA,KK", "--ip", "QQ,JJ,AK", "--iterations", "2", "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and f"wrote {path}" in capsys.readouterr().out
