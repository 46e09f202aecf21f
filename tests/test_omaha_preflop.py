"""The shipped PLO4 preflop table: against fresh Monte Carlo runs, the same for every hole of a class, what its
figures add up to, a damaged file caught, bad input, and the command line's answers from it."""

from __future__ import annotations

import doctest
import json
import math
import random
import zlib

import numpy as np
import pytest
from conftest import Api, run_on

import handrank
from handrank import _omaha_preflop
from handrank._cli import main

CLASSES = 16_432
QUANTUM = 0.5 / 65535
"""The most an equity is moved by its storage."""


@pytest.fixture(scope="module")
def table() -> _omaha_preflop.OmahaTable:
    return _omaha_preflop.omaha_table()


def test_the_table_covers_every_class_within_its_bound(table: _omaha_preflop.OmahaTable) -> None:
    assert len(table.equity) == len(table.stderr) == CLASSES == len(handrank.omaha_classes())
    assert max(table.stderr) <= 0.0005 and min(table.stderr) > 0
    assert 0 < min(table.equity) and max(table.equity) < 1
    assert table.trials >= 1_000_000


def test_the_average_hole_has_half_the_pot(table: _omaha_preflop.OmahaTable) -> None:
    """Against a random hand the holes' equities, each weighed by the holes of its class, average 1/2."""
    weights = np.array([len(handrank.omaha_class_holes(i)) for i in range(CLASSES)], np.float64)
    assert weights.sum() == math.comb(52, 4)
    equity, stderr = np.array(table.equity), np.array(table.stderr)
    mean = float(weights @ equity / weights.sum())
    error = float(np.sqrt(weights**2 @ stderr**2) / weights.sum())
    assert abs(mean - 0.5) <= 5 * error + QUANTUM


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_table_agrees_with_a_fresh_run(c_impl: Api, seed: int) -> None:
    pick = random.Random(seed)
    holes = c_impl.omaha_class_holes(pick.randrange(CLASSES))
    hole = holes[pick.randrange(len(holes))].tolist()  # any hole of the class, not the one sampled for the table
    stored = c_impl.omaha_preflop_equity(hole)
    fresh = c_impl.equity([hole, "random"], game="omaha", exact=False, trials=200_000, seed=1000 + seed)
    assert abs(stored.equity - fresh.equity[0]) <= 5 * math.hypot(stored.stderr, fresh.stderr[0]) + QUANTUM


def test_the_table_agrees_with_a_fresh_run_on_either_backend(impl: Api) -> None:
    hole = handrank.parse_cards("Ts 9s 8h 7h")
    fresh = impl.equity([hole, "random"], game="omaha", exact=False, trials=20_000, seed=5)
    stored = impl.omaha_preflop_equity(hole)
    assert abs(stored.equity - fresh.equity[0]) <= 5 * math.hypot(stored.stderr, fresh.stderr[0]) + QUANTUM


@pytest.mark.parametrize("hole", ["As Ks Ah Kh", "Jc Td 9h 8s", "7s 6s 5s 4d", "Ac Ad Ah As", "Kh 9c 5d 2d"])
def test_every_hole_of_a_class_reads_the_same(impl: Api, hole: str) -> None:
    first = impl.omaha_preflop_equity(hole)
    assert first.name == handrank.omaha_classes()[first.hand_class]
    for member in impl.omaha_class_holes(first.hand_class)[::-1]:
        got = impl.omaha_preflop_equity(member[::-1].tolist())
        assert (got.hand_class, got.name, got.equity, got.stderr, got.trials) == (
            first.hand_class,
            first.name,
            first.equity,
            first.stderr,
            first.trials,
        )


def test_the_record(impl: Api) -> None:
    r = impl.omaha_preflop_equity("AhKhAsKs")
    assert isinstance(r, handrank.OmahaPreflopEquity)
    assert (r.hole, r.name, r.hand_class) == ("Ah Kh As Ks", "AAKKds", handrank.omaha_class_of("As Ks Ah Kh"))
    assert 0.65 < r.equity < 0.75 and 0 < r.stderr <= 0.0005 and r.trials == _omaha_preflop.omaha_table().trials
    assert impl.omaha_preflop_equity("Ac Ad Kh Kc").equity < r.equity  # double suited beats single suited
    with pytest.raises(AttributeError, match="immutable"):
        r.equity = 1.0  # type: ignore[misc]


def test_the_table_stays_the_same(table: _omaha_preflop.OmahaTable) -> None:
    """Packed again, the table reads back the same."""
    again = _omaha_preflop.read_table(
        _omaha_preflop.pack_table(table.equity, table.stderr, trials=table.trials, seed=table.seed)
    )
    assert again == table


def _damaged(data: bytes) -> None:
    with pytest.raises(RuntimeError, match=r"handrank/omaha_preflop\.bin is damaged: reinstall handrank"):
        _omaha_preflop.read_table(data)


def test_damage_is_caught() -> None:
    data = _omaha_preflop.pack_table([0.25, 0.5, 0.75], [1e-4, 2e-4, 3e-4], trials=100, seed=7)
    table = _omaha_preflop.read_table(data)
    assert table.equity == (round(0.25 * 65535) / 65535, 0.5 + 0.5 / 65535, round(0.75 * 65535) / 65535)
    assert (table.trials, table.seed) == (100, 7)
    raw = zlib.decompress(data)
    for at in (0, 9, 40, len(raw) - 6, len(raw) - 1):  # the header, the columns, the checksum itself
        flipped = bytearray(raw)
        flipped[at] ^= 0x10
        _damaged(zlib.compress(bytes(flipped)))
    _damaged(data[:-3])  # cut short
    _damaged(b"")
    _damaged(zlib.compress(raw[:-6] + raw[-4:]))  # a column cut short
    other = bytearray(raw[:-4])
    other[0:8] = b"HRPLO5EQ"  # another table, its checksum right
    _damaged(zlib.compress(bytes(other) + zlib.crc32(bytes(other)).to_bytes(4, "little")))


def test_a_damaged_shipped_file_is_caught_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.resources

    good = importlib.resources.files("handrank").joinpath("omaha_preflop.bin").read_bytes()

    class Damaged:
        def joinpath(self, name: str) -> Damaged:
            assert name == "omaha_preflop.bin"
            return self

        def read_bytes(self) -> bytes:
            return good[:100] + bytes([good[100] ^ 1]) + good[101:]

    monkeypatch.setattr(_omaha_preflop, "_TABLE", [])
    monkeypatch.setattr(importlib.resources, "files", lambda package: Damaged())
    with pytest.raises(RuntimeError, match=r"omaha_preflop\.bin is damaged"):
        handrank.omaha_preflop_equity("As Ks Ah Kh")


def test_packing_checks_its_columns() -> None:
    with pytest.raises(ValueError, match="equity and stderr must be two columns"):
        _omaha_preflop.pack_table([0.5], [0.1, 0.2], trials=1, seed=0)
    with pytest.raises(ValueError, match="equity and stderr must be two columns"):
        _omaha_preflop.pack_table([1.5], [0.1], trials=1, seed=0)
    with pytest.raises(ValueError, match="stderr must be within"):
        _omaha_preflop.pack_table([0.5], [0.1], trials=1, seed=0)


@pytest.mark.parametrize(
    ("hole", "error", "message"),
    [
        ("As Ks Qs Js Ts", ValueError, r"hole: the table is for four-card Omaha \(PLO4\) holes, got 5 cards"),
        ("As Ks", ValueError, r"hole: the table is for four-card Omaha \(PLO4\) holes, got 2 cards"),
        ("As Ks Qs As", ValueError, "hole: duplicate card As"),
        ("As Ks Qs Zz", ValueError, "hole: "),
        ([51, 50, 49, 52], ValueError, "hole: "),
        ([51, 50, 49, 1.0], TypeError, "hole: "),
        ([51, 50, 49, False], TypeError, "hole: "),
        (None, TypeError, "hole: "),
    ],
)
def test_bad_input(impl: Api, hole: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        impl.omaha_preflop_equity(hole)


def test_docstring_examples(impl: Api) -> None:
    result = doctest.testmod(_omaha_preflop, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def _cli(capsys: pytest.CaptureFixture[str], api: Api, *args: str) -> tuple[int, str, str]:
    """``handrank ARGS`` on ``api``'s backend: its exit code, stdout and stderr."""

    def run() -> int:
        try:
            return main(list(args))
        except SystemExit as exit_:
            return int(exit_.code or 0)

    code = run_on(api.name, run)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_answers_from_the_table(impl: Api, capsys: pytest.CaptureFixture[str]) -> None:
    r = handrank.omaha_preflop_equity("As Ks Ah Kh")
    code, out, err = _cli(capsys, impl, "equity", "AsKsAhKh", "random", "--game", "omaha")
    assert (code, err) == (0, "")
    hero, villain, how = out.splitlines()
    assert hero == f"AsKsAhKh  {r.equity * 100:7.3f}%  ± {r.stderr * 100:.2f}%"
    assert villain == f"random    {(1 - r.equity) * 100:7.3f}%  ± {r.stderr * 100:.2f}%"
    assert how == f"Monte Carlo: {r.trials:,} trials, from the Omaha preflop table (class AAKKds)"
    code, swapped, _ = _cli(capsys, impl, "equity", "random", "AsKsAhKh", "--game", "omaha")
    assert swapped.splitlines()[0] == f"random    {(1 - r.equity) * 100:7.3f}%  ± {r.stderr * 100:.2f}%"
    code, out, _ = _cli(capsys, impl, "equity", "AsKsAhKh", "random", "--game", "omaha", "--json")
    info = json.loads(out)
    assert (info["trials"], info["class"], info["exact"]) == (r.trials, "AAKKds", False)
    assert [p["equity"] for p in info["players"]] == [r.equity, 1 - r.equity]
    assert [p["stderr"] for p in info["players"]] == [r.stderr, r.stderr]


@pytest.mark.parametrize(
    "extra",
    [
        ["--trials", "10k"],
        ["--seed", "3"],
        ["--board", "2c 7d 9h"],
        ["--dead", "2c"],
        ["--hand-types"],
        ["--target-stderr", "0.01"],
    ],
)
def test_the_cli_samples_when_asked_anything_else(
    c_impl: Api, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    code, out, err = _cli(capsys, c_impl, "equity", "AsKsAhKh", "random", "--game", "omaha", *extra)
    assert (code, err) == (0, "") and "from the Omaha preflop table" not in out


@pytest.mark.parametrize(
    "players",
    [["AsKsAhKh", "random", "random"], ["AsKsAhKh", "QsQdJsJd"], ["AsKsAhKhQc", "random"], ["AA", "random"]],
)
def test_the_cli_uses_the_table_only_for_a_hole_against_random(
    c_impl: Api, capsys: pytest.CaptureFixture[str], players: list[str]
) -> None:
    _, out, _ = _cli(capsys, c_impl, "equity", *players, "--game", "omaha", "--trials", "5k")
    assert "from the Omaha preflop table" not in out


def test_the_cli_checks_every_option_first(impl: Api, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(capsys, impl, "equity", "AsKsAhKh", "random", "--game", "omaha", "--threads", "-1")
    assert (code, out) == (2, "") and err == "handrank: error: threads must be >= 0, got -1\n"
