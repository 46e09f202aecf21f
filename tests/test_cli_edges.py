"""The command line at its edges: every option checked on every path, one-line errors, counts in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from handrank._cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:  # argparse's own exits (usage errors)
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QsQd", "--threads", "-1"],  # answered by the preflop table, yet checked
        ["equity", "AhKh", "QsQd", "--board", "2c7d9h", "--threads", "-1"],
    ],
)
def test_every_equity_option_is_checked_before_any_shortcut(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = _run(capsys, *args)
    assert (code, out) == (2, "") and err == "handrank: error: threads must be >= 0, got -1\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AhKh", "--game", "nope"], "handrank: error: equity: argument --game: invalid choice: 'nope'"),
        ([], "handrank: error: the following arguments are required: command (see handrank --help)"),
        (["table", "preflop"], "handrank: error: table preflop: the following arguments are required: --out"),
        (["equity", "AhKh", "QsQd", "--trials", "x"], "handrank: error: equity: argument --trials: not a trial count"),
    ],
)
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = _run(capsys, *args)
    assert (code, out) == (2, "") and err.count("\n") == 1 and err.startswith(message), err
    assert "usage:" not in err


def test_counts_of_one_are_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "combos", "--board", "Ks7h2d", "--hero", "AhKh", "--villain", "AsAd")[1].endswith(
        "against 1 combo\n"
    )
    assert _run(capsys, "equity", "AhKh", "QsQd", "--board", "2c7d9hTs3c")[1].endswith("exact: 1 board enumerated\n")
    out = _run(capsys, "equity", "--game", "draw", "As Ks Qs Js Ts", "2c 3c 4c 5c 7d")[1]
    assert out.endswith("exact: 1 deal enumerated\n")


def test_text_players_are_ranges_of_every_range_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "equity", "--game", "shortdeck", "AsAh", "KK,QQ", "--board", "6c7d9h", "--json")
    assert code == 0 and '"player": "KK,QQ"' in out
    code, out, _ = _run(capsys, "equity", "--game", "omaha", "AhKhQhJhTh", "random", "--trials", "2k", "--seed", "1")
    assert code == 0 and out.startswith("AhKhQhJhTh")  # the random hand took the hero's five cards


def test_combos_infers_an_omaha_random_villain_from_the_hero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        capsys,
        "combos",
        "--game",
        "omaha",
        "--board",
        "Ks7h2d",
        "--hero",
        "AhKhQhJhTh",
        "--villain",
        "random",
        "--json",
    )
    assert code == 0, err
    from handrank import combo_equity

    want = combo_equity("AhKhQhJhTh", "random", "Ks7h2d", game="omaha")  # five cards against five
    (row,) = json.loads(out)["combos"]
    assert row["equity"] == want.equity[0] and row["weight"] == want.weight[0] == 1_086_008  # C(44, 5)


def test_abstraction_build_and_show(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``handrank abstraction build`` writes what ``build`` writes; ``show`` reads one hand back, or says why not."""
    from handrank import HandIndexer, abstraction

    out = str(tmp_path / "features")
    code, said, err = _run(capsys, "abstraction", "build", "--features", "ehs", "--streets", "preflop", "--out", out)
    assert code == 0, err
    assert said.startswith(f"wrote {out}: preflop/ehs (")
    expected = float(abstraction.load(out)["preflop", "ehs"][HandIndexer().index("AhKh")])
    code, said, _ = _run(capsys, "abstraction", "show", out, "Ah", "Kh", "--json", "--verify")
    assert code == 0 and json.loads(said) == {
        "street": "preflop",
        "index": HandIndexer().index("AhKh"),
        "ehs": expected,
    }
    code, said, _ = _run(capsys, "abstraction", "show", out, "AhKh")
    assert code == 0 and said.splitlines()[2] == f"ehs:     {expected:.6f}"
    code, _, err = _run(capsys, "abstraction", "show", out, "AhKh", "Ts9s2c")
    assert code == 2 and err == f"handrank: error: cards: a flop hand, but {out} holds preflop/ehs\n"
    code, _, err = _run(capsys, "abstraction", "build", "--features", "hist", "--streets", "river", "--out", out)
    assert code == 2 and "the river has no runouts" in err
    code, _, err = _run(
        capsys,
        "abstraction",
        "build",
        "--features",
        "ochs",
        "--streets",
        "preflop",
        "--out",
        out,
        "--partition",
        "AA;KK",
    )
    assert code == 2 and err.startswith("handrank: error: partition: every class must be in a group; 167 are in none")
