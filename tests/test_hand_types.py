"""equity(..., hand_types=True): each player's wins and ties by the category of the winning hand.

Counted inside every equity kernel (matchups by rank multisets with their
flush corrections, Omaha boards, ranges runout by runout heads-up and
multiway, Monte Carlo fixed hands, duels and deals); checked against a
brute-force count from the independent oracle on small deals, against the
result's own wins and ties, and between the backends.
"""

from __future__ import annotations

import os
from fractions import Fraction
from itertools import combinations, product

import oracle
import pytest
from conftest import Api, on

import handrank
from handrank import Range
from handrank._cards import parse_cards
from handrank._kernels import by_matchup

CATEGORIES = handrank.HAND_TYPES


def _expanded(player: str | Range, game: str) -> list[tuple[tuple[int, ...], Fraction]]:
    """A player's combos and weights: a hand is one combo of weight 1."""
    if isinstance(player, Range):
        return [(tuple(cards), Fraction(w)) for cards, w in player.combos]
    if "," not in player and "(" not in player:
        cards = parse_cards(player)
        if len(cards) in (2, 4):
            return [(tuple(cards), Fraction(1))]
    return [(tuple(cards), Fraction(w)) for cards, w in Range(player, game=game).combos]


def brute_force(
    players: list[str | Range], board: str, dead: str = "", game: str = "holdem"
) -> tuple[list[list[Fraction]], list[list[Fraction]], Fraction]:
    """Wins and ties by category (per player, Category order) and the total, by dealing every matchup and
    every completion of the board and ranking each hand with the oracle."""
    fixed = parse_cards(board) if board else []
    out = set(fixed) | set(parse_cards(dead) if dead else [])
    lists = [[(c, w) for c, w in _expanded(p, game) if not out & set(c)] for p in players]
    n = len(players)
    wins = [[Fraction(0)] * 10 for _ in range(n)]
    ties = [[Fraction(0)] * 10 for _ in range(n)]
    total = Fraction(0)
    for choice in product(*lists):
        held = [c for cards, _ in choice for c in cards]
        if len(set(held)) < len(held):
            continue
        weight = Fraction(1)
        for _, w in choice:
            weight *= w
        deck = [c for c in range(52) if c not in out and c not in held]
        for extra in combinations(deck, 5 - len(fixed)):
            full = [*fixed, *extra]
            if game == "holdem":
                ranks = [oracle.rank([*cards, *full]) for cards, _ in choice]
            else:
                ranks = [oracle.omaha_rank(cards, full) for cards, _ in choice]
            best = min(ranks)
            winners = [p for p, r in enumerate(ranks) if r == best]
            kind = oracle.category(best) - 1
            for p in winners:
                (wins if len(winners) == 1 else ties)[p][kind] += weight
            total += weight
    return wins, ties, total


def _check_rows_add_up(result: handrank.EquityResult) -> None:
    types = result.hand_types
    assert types is not None
    assert types.categories == CATEGORIES and types.players == result.players
    assert types.total == result.total and types.exact == result.exact
    for p in range(len(result.players)):
        assert sum(types.wins[p]) == result.wins[p]
        assert sum(types.ties[p]) == result.ties[p]
        assert all(w >= 0 for w in types.wins[p]) and all(t >= 0 for t in types.ties[p])
    for c in range(len(CATEGORIES)):  # the players who split hold hands of one category
        tied = [types.ties[p][c] for p in range(len(result.players))]
        assert sum(tied) == 0 or sum(1 for t in tied if t) >= 2


def _normalised(
    wins: list[list[Fraction]], ties: list[list[Fraction]], total: Fraction
) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
    return [[w / total for w in row] for row in wins], [[t / total for t in row] for row in ties]


# Each deal takes one path through the kernels: (players, board, dead, game).
EXACT_DEALS = [
    # heads-up fixed hands, two cards to come, a flush possible for both (rank multisets, flush corrections)
    (["Ah Kh", "Qs Qh"], "2h 7h 9c", "", "holdem"),
    # three fixed hands on a turn, a straight and a flush to come
    (["Jd Td", "As 9s", "8c 8h"], "Qd 9d 2s Kc", "", "holdem"),
    # a board that already makes a straight flush possible and ties on the board
    (["2c 3d", "4c 5d"], "Th Jh Qh Kh", "As", "holdem"),
    # Omaha fixed hands on a flop
    (["Ah Kh Qd Jd", "Ts 9s 8c 7c"], "2h 8h Td", "", "omaha"),
    # heads-up weighted ranges on a flop and a turn, few matchups for their combos (matchup by matchup)
    (["0.5(AA),KsKd,AhKs", "QQ,0.25(JhJd),AhQh,AdQs,KsTs"], "Kh 7h 2c", "", "holdem"),
    (["TT+,AJs+,0.5(KQo)", "99-77,A5s,T9s,0.75(KJo)"], "Ts 9h 4s 2d", "", "holdem"),
    # heads-up ranges with many matchups for their combos on a turn and a river (runout by runout: the sweep
    # with card removal)
    (["88+,ATs+,0.5(KQo)", "77-22,A5s-A2s,T9s,98s,0.75(KJo)"], "Ts 9h 4s 2d", "", "holdem"),
    (["TT+,AJs+,0.5(KQo)", "99-77,A5s,T9s,0.75(KJo)"], "Ts 9h 4s 2d 6c", "", "holdem"),
    # a range against a hand, which may share cards with the range's combos
    (["AK,QQ", "Ah Qd"], "Qs 7d 2h 5c", "", "holdem"),
    # Omaha ranges heads-up on a turn
    (
        [
            Range.from_combos([("Ah Kh Qd Jd", 1), ("As Ks 9d 8d", Fraction(1, 2))], game="omaha"),
            Range.from_combos([("Tc 9c 8h 7h", 1), ("Qs Qc 5h 4h", 1)], game="omaha"),
        ],
        "2h 8s Td 3c",
        "",
        "omaha",
    ),
    # three ranges on a flop and a turn (matchups grouped by ranks, flushes taken back)
    (["AA,KQs", "0.5(QQ),JTs", "T9s,76s"], "Jh Th 5c 9h", "", "holdem"),
    (["AhKh,QcQd", "JsJh,0.5(Th9h)", "5s3s,8c7c"], "Ks 9s 4d", "", "holdem"),
    # three Omaha ranges on a turn
    (
        [
            Range.from_combos([("Ah Kh Qd Jd", 1), ("As Ks 9d 8d", 1)], game="omaha"),
            Range.from_combos([("Tc 9c 8h 7h", 1)], game="omaha"),
            Range.from_combos([("Qs Qc 5h 4h", Fraction(1, 3)), ("6c 6d 3s 3h", 1)], game="omaha"),
        ],
        "2h 8s Td 3c",
        "",
        "omaha",
    ),
]


_BRUTE_FORCE: dict[int, tuple[list[list[Fraction]], list[list[Fraction]], Fraction]] = {}


def test_heads_up_range_deals_take_both_ways() -> None:
    """The C core counts the heads-up Hold'em range deals above both ways: matchup by matchup and runout by
    runout."""
    per_combo = on("c").kernels.SHARED_PER_COMBO
    ways = set()
    for players, board, _, game in EXACT_DEALS:
        if game == "holdem" and len(players) == 2 and all("," in str(p) for p in players):
            taken = set(parse_cards(board))
            sizes = [sum(1 for cards, _ in Range(str(p)).combos if not taken & set(cards)) for p in players]
            ways.add(by_matchup(per_combo, True, sizes, len(taken)))
    assert ways == {True, False}


@pytest.mark.parametrize("deal", range(len(EXACT_DEALS)))
def test_exact_hand_types_equal_a_brute_force_count(impl: Api, deal: int) -> None:
    players, board, dead, game = EXACT_DEALS[deal]
    result = impl.equity(players, board, dead, game=game, exact=True, hand_types=True)
    _check_rows_add_up(result)
    types = result.hand_types
    assert types is not None
    if deal not in _BRUTE_FORCE:  # counted once for both backends
        _BRUTE_FORCE[deal] = brute_force(players, board, dead, game)
    wins, ties, total = _BRUTE_FORCE[deal]
    got = _normalised(
        [list(map(Fraction, r)) for r in types.wins],
        [list(map(Fraction, r)) for r in types.ties],
        Fraction(types.total),
    )
    assert got == _normalised(wins, ties, total)
    # counting by category changes nothing else
    plain = impl.equity(players, board, dead, game=game, exact=True)
    assert plain.hand_types is None
    assert (plain.wins, plain.ties, plain.equity, plain.total) == (
        result.wins,
        result.ties,
        result.equity,
        result.total,
    )


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["Ah Kh", "Qs Qd"], ""),  # preflop, suit patterns merged
        (["AsAh,KcKd", "QhQd,0.5(QsQc)", "AdKd,AcKc"], ""),  # three ranges preflop: matchup by matchup
        (["0.5(JJ+),AKs", "random"], "9c 8c 2d"),  # a range against random on a flop
        (["Ah Kh", "7c 7d", "Qs Js", "2c 2d"], "Th 9h"),  # four hands, three cards to come
    ],
)
def test_exact_hand_types_agree_between_backends(players: list[str], board: str) -> None:
    from conftest import on

    c, py = on("c"), on("python")
    ours = c.equity(players, board, exact=True, hand_types=True)
    _check_rows_add_up(ours)
    twin = py.equity(players, board, exact=True, hand_types=True)
    assert ours.hand_types == twin.hand_types
    assert ours.hand_types is not None and sum(map(sum, ours.hand_types.wins)) > 0


MONTE_CARLO_DEALS = [
    (["Ah Kh", "Qs Qd"], "", "holdem"),  # fixed hands heads-up (the duel)
    (["Ah Kh", "Qs Qd", "7c 6c"], "2c 9c", "holdem"),  # fixed hands, three players
    (["QQ+,AK", "random"], "", "holdem"),  # a range against a dealt hand (the duel, drawn and dealt)
    (["0.5(QQ+),AK", "TT,AQs", "random"], "Kh 7h 2c", "holdem"),  # deals of three players
    (["Ah Kh Qd Jd", "Ts 9s 8c 7c"], "2h 8h", "omaha"),  # Omaha fixed hands
]


@pytest.mark.parametrize(("players", "board", "game"), MONTE_CARLO_DEALS)
def test_monte_carlo_hand_types_add_up_and_repeat_on_both_backends(players: list[str], board: str, game: str) -> None:
    from conftest import on

    results = [
        on(name).equity(players, board, game=game, trials=4096, seed=7, hand_types=True) for name in ("c", "python")
    ]
    for result in results:
        _check_rows_add_up(result)
        assert result.hand_types is not None and not result.hand_types.exact
    assert results[0].hand_types == results[1].hand_types
    plain = on("c").equity(players, board, game=game, trials=4096, seed=7)
    assert (plain.wins, plain.ties) == (results[0].wins, results[0].ties)


@pytest.mark.parametrize(
    ("players", "board", "game"),
    [(["Ah Kh", "Qs Qd"], "", "holdem"), (["JJ+,AQs+", "random", "77"], "Td 7s 2d", "holdem")],
)
def test_monte_carlo_hand_types_come_close_to_the_exact_ones(
    c_impl: Api, players: list[str], board: str, game: str
) -> None:
    exact = c_impl.equity(players, board, game=game, exact=True, hand_types=True).hand_types
    sampled = c_impl.equity(players, board, game=game, trials=400_000, seed=3, hand_types=True).hand_types
    assert exact is not None and sampled is not None
    for got_rows, want_rows in ((sampled.win_share, exact.win_share), (sampled.tie_share, exact.tie_share)):
        for got, want in zip(got_rows, want_rows, strict=True):
            for g, w in zip(got, want, strict=True):
                # five standard errors of a share estimated from 400,000 trials
                assert abs(g - w) <= 5 * (w * (1 - w) / 400_000) ** 0.5 + 1e-6


def test_the_record_reads_as_a_table_and_a_frame() -> None:
    result = handrank.equity(["Ah Kh", "Qs Qd"], "2h 7h 9c", hand_types=True)
    types = result.hand_types
    assert types is not None
    text = str(types)
    assert text.splitlines()[0] == "hand types, exact"
    assert "flush" in text and "Ah Kh win" in text and "royal flush" not in text  # no royal flush can come
    assert [line.split("  ")[0].strip() for line in text.splitlines()[2:]] == [types.categories[c] for c in types.seen]
    assert all(any(row[c] for row in (*types.wins, *types.ties)) for c in types.seen) and 0 not in types.seen
    assert "<table" in types._repr_html_() and "Qs Qd tie" in types._repr_html_()
    assert types.win_share[0][CATEGORIES.index("flush")] == pytest.approx(float(types.wins[0][4] / types.total))
    pd = pytest.importorskip("pandas")
    frame = types.to_frame()
    assert isinstance(frame, pd.DataFrame)
    assert frame.shape == (20, 4)
    assert frame.loc[(0, "flush"), "wins"] == types.wins[0][4]
    assert frame["wins"].groupby(level="player").sum().tolist() == list(result.wins)


def test_bad_hand_types_are_named(impl: Api) -> None:
    with pytest.raises(TypeError, match="hand_types must be True or False, not 'yes'"):
        impl.equity(["Ah Kh", "Qs Qd"], hand_types="yes")
    with pytest.raises(ValueError, match="hand_types: counted in holdem and omaha, not in razz"):
        impl.equity(["As 2c 3d", "Ks Qd Jc"], game="razz", hand_types=True)


@pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="under AddressSanitizer (tools/sanitize.sh) matplotlib's font code throws C++ exceptions it cannot catch",
)
def test_the_plot_draws_a_bar_per_player_and_category() -> None:
    pytest.importorskip("matplotlib")
    from handrank import plot

    result = handrank.equity(["Ah Kh", "Qs Qd", "7c 6c"], "2h 7h 9c", hand_types=True)
    types = result.hand_types
    assert types is not None
    fig = plot.hand_types(result)
    ax = fig.axes[0]
    shown = [t.get_text() for t in ax.get_yticklabels()]
    assert shown == [c for c in CATEGORIES if any(row[CATEGORIES.index(c)] for row in (*types.wins, *types.ties))]
    bars = ax.patches  # per player: its wins, then its ties stacked on them
    assert len(bars) == 2 * 3 * len(shown)
    for p in range(3):
        won = bars[2 * p * len(shown) : (2 * p + 1) * len(shown)]
        tied = bars[(2 * p + 1) * len(shown) : (2 * p + 2) * len(shown)]
        for bar, tie, name in zip(won, tied, shown, strict=True):
            c = CATEGORIES.index(name)
            assert bar.get_width() == pytest.approx(types.win_share[p][c])
            assert tie.get_width() == pytest.approx(types.tie_share[p][c]) and tie.get_x() == bar.get_width()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Ah Kh", "Qs Qd", "7c 6c"]
    assert plot.hand_types(types).axes[0].get_title() == "the hand types that win (exact)"
    with pytest.raises(ValueError, match=r"result: no hand types in it; ask equity\(\.\.\., hand_types=True\)"):
        plot.hand_types(handrank.equity(["Ah Kh", "Qs Qd"], "2h 7h 9c"))


def test_random_small_deals_equal_a_brute_force_count(impl: Api) -> None:
    """Random weighted ranges of a few combos, two or three players, on random turns and flops."""
    import random

    rng = random.Random(2026)
    for trial in range(6):
        cards = rng.sample(range(52), 18)
        n = 2 + trial % 2
        board_size = 4 if trial % 3 else 3
        board = " ".join(oracle.card_name(c) for c in cards[:board_size])
        pool = cards[board_size:]
        players: list[str | Range] = []
        for p in range(n):
            mine = pool[4 * p : 4 * p + 4]  # two combos from four cards, sharing none with the others'
            combos = [((mine[0], mine[1]), Fraction(rng.randint(1, 3), 3)), ((mine[2], mine[3]), Fraction(1))]
            if p == 1:  # and one combo that meets player 0's cards: card removal
                combos.append(((pool[0], mine[1]), Fraction(1, 2)))
            players.append(Range.from_combos(combos))
        result = impl.equity(players, board, exact=True, hand_types=True)
        _check_rows_add_up(result)
        types = result.hand_types
        assert types is not None
        wins, ties, total = brute_force(players, board)
        got = _normalised(
            [list(map(Fraction, r)) for r in types.wins],
            [list(map(Fraction, r)) for r in types.ties],
            Fraction(types.total),
        )
        assert got == _normalised(wins, ties, total), (players, board)


def test_the_command_line_prints_the_hand_types(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from handrank._cli import main

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    want = handrank.equity(["AhKh", "QsQd"], "2h7h9c", hand_types=True).hand_types
    assert want is not None
    code, out, _ = run("equity", "AhKh", "QsQd", "--board", "2h7h9c", "--hand-types", "--json")
    got = json.loads(out)["hand_types"]
    assert code == 0 and got["categories"] == list(CATEGORIES) and got["total"] == 990
    assert [p["wins"] for p in got["players"]] == [list(row) for row in want.wins]
    assert [p["tie_share"] for p in got["players"]] == [list(row) for row in want.tie_share]
    # preflop, two hands: counted, not read from the preflop table (which has no hand types)
    code, out, _ = run("equity", "AhKh", "QsQd", "--hand-types")
    assert code == 0 and "1,712,304 boards enumerated" in out
    assert out.split("\n\n", 1)[1].rstrip("\n") == str(handrank.equity(["AhKh", "QsQd"], hand_types=True).hand_types)
    code, out, _ = run("equity", "AhKh", "QsQd", "--board", "2h7h9c", "--hand-types", "--trials", "10k", "--seed", "5")
    assert code == 0 and "hand types, Monte Carlo (10,240 trials)" in out
    code, _, err = run("equity", "AA", "KK", "--board", "Ks7h2d", "--next-card", "--hand-types")
    assert code == 2 and "--next-card and --hand-types: ask for one at a time" in err
    code, _, err = run("equity", "As2c3d", "KsQdJc", "--game", "razz", "--hand-types")
    assert code == 2 and "hand_types: counted in holdem and omaha, not in razz" in err
