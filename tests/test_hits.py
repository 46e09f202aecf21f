"""hits: what a range hits on a board, against the evaluator and a brute-force count of the next cards, on
both backends."""

from __future__ import annotations

import pickle
import sys
from functools import cache

import numpy as np
import pytest
from conftest import C_AVAILABLE, Api, on, run_on

import handrank
from handrank import Category, Range
from handrank._hits import DRAWS, MADE, SHORT_DECK_MADE, Hits, hits

ORACLE = "c" if C_AVAILABLE else "python"  # the backend the brute force ranks on (either gives the same ranks)
FLUSHES = (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FLUSH)
BELOW_STRAIGHT = (Category.THREE_OF_A_KIND, Category.TWO_PAIR, Category.ONE_PAIR, Category.HIGH_CARD)
NONE = 1 << 30  # the rank of "no five-card hand" (a flop and one card): worse than every class


def _boards(size: int, count: int, seed: int, lowest: int = 0) -> list[str]:
    rng = np.random.default_rng(seed)
    return [handrank.cards_str((lowest + rng.permutation(52 - lowest)[:size]).tolist()) for _ in range(count)]


# Random boards, and boards with the textures whose draws random ones rarely have.
FLOPS = [*_boards(3, 3, 11), "9h 8h 7c", "Ah Kh 7h", "Kh Jh 2c", "5s 4d Ac", "Ks Kh 2d", "7s 7h 7d"]
TURNS = [*_boards(4, 3, 12), "5s 6s 7d 8c", "Qh Th 4h 9c", "Ah 3h 4c 9d"]
RIVERS = [*_boards(5, 3, 13), "Ts Jh Qd Kc Ad", "7s 7h 2d 2c 7c"]
SHORT_DECK = [*_boards(3, 2, 14, 16), *_boards(4, 2, 15, 16), "Ah 7h 8c", "6s 7s 9d Tc", *_boards(5, 1, 16, 16)]


def _rank(rows: np.ndarray, game: str) -> np.ndarray:
    """Each row's class (5..7 card ids) under the game's ranking, as int64."""

    def call() -> np.ndarray:
        if game == "holdem":
            return handrank.evaluate_batch(rows)
        return handrank.evaluate_short_deck_batch(rows)

    return run_on(ORACLE, call).astype(np.int64)


@cache
def _categories(game: str) -> np.ndarray:
    """The category of each class of the game's ranking (0 for "no hand")."""
    rules, top = ("high", 7462) if game == "holdem" else ("short_deck", 1404)
    return np.array([0] + [handrank.category(r, rules=rules) for r in range(1, top + 1)], np.int64)


def _category(ranks: np.ndarray, game: str) -> np.ndarray:
    return _categories(game)[np.where(ranks == NONE, 0, ranks)]


def _holes(board: tuple[int, ...], game: str) -> np.ndarray:
    lowest = 16 if game == "shortdeck" else 0
    holes = [(a, b) for a in range(lowest, 52) for b in range(a + 1, 52) if a not in board and b not in board]
    return np.array(holes, np.uint8)


def _with(holes: np.ndarray, board: tuple[int, ...]) -> np.ndarray:
    return np.hstack([holes, np.tile(np.array(board, np.uint8), (len(holes), 1))])


def _classes(result: Hits) -> dict[str, set[tuple[int, ...]]]:
    """Each class's combos, as read back through ``combos(name)``."""
    return {name: {cards for cards, _ in result.combos(name)} for name in result.classes}


# --- made hands -----------------------------------------------------------------------------------------------


def _made_class(hole: tuple[int, int], board: tuple[int, ...], cat: int) -> str:
    """The rules of the documentation, by counting ranks."""
    if cat != Category.ONE_PAIR:  # the category's own name; a royal flush is a straight flush
        return "straight flush" if cat == Category.ROYAL_FLUSH else Category(cat).name.replace("_", " ").lower()
    ranks = [c // 4 for c in (*hole, *board)]
    pair = next(r for r in set(ranks) if ranks.count(r) == 2)
    board_ranks = sorted({c // 4 for c in board}, reverse=True)
    from_hole = [c // 4 for c in hole].count(pair)
    if from_hole == 0:
        return "board pair"
    if from_hole == 2:
        if pair > board_ranks[0]:
            return "overpair"
        if pair < board_ranks[-1]:
            return "underpair"
        return "second pair" if pair > board_ranks[1] else "weak pair"
    return {board_ranks[0]: "top pair", board_ranks[1]: "second pair"}.get(pair, "weak pair")


@pytest.mark.parametrize(
    ("board", "game"),
    [(b, "holdem") for b in FLOPS + TURNS + RIVERS] + [(b, "shortdeck") for b in SHORT_DECK],
)
def test_made_hands_are_the_evaluator_s_categories(impl: Api, board: str, game: str) -> None:
    result = hits("random", board, game=game)
    ids = tuple(handrank.parse_cards(board))
    holes = _holes(ids, game)
    cats = _category(_rank(_with(holes, ids), game), game)
    want: dict[str, set[tuple[int, ...]]] = {name: set() for name in result.made}
    for hole, cat in zip(holes.tolist(), cats.tolist(), strict=True):
        want[_made_class((hole[0], hole[1]), ids, cat)].add((hole[1], hole[0]))
    got = _classes(result)
    assert {name: got[name] for name in result.made} == want
    assert result.total == len(holes)


# --- draws ----------------------------------------------------------------------------------------------------


@cache
def _brute_draws(board: tuple[int, ...], game: str) -> dict[str, set[tuple[int, ...]]]:
    """Every draw by the next cards: deal each one, rank, and keep what completes a flush or straight that the
    board and that card do not make alone (the flop's backdoor: two cards)."""
    holes = _holes(board, game)
    deck = np.array([c for c in range(16 if game == "shortdeck" else 0, 52) if c not in board], np.uint8)
    now = _category(_rank(_with(holes, board), game), game)
    grid = np.empty((len(holes), len(deck), len(board) + 3), np.uint8)
    grid[:, :, :2], grid[:, :, 2:-1], grid[:, :, -1] = holes[:, None, :], board, deck
    live = (holes[:, None, 0] != deck) & (holes[:, None, 1] != deck)
    ranks = np.zeros((len(holes), len(deck)), np.int64)  # 0 (no category) where the card is in the hole
    ranks[live] = _rank(grid[live], game)
    cats = _category(ranks, game)
    alone = _rank(_with(deck[:, None], board), game) if len(board) == 4 else np.full(len(deck), NONE)
    alone_cats = _category(alone, game)
    flush_now = np.isin(now, FLUSHES)
    flush_next = np.isin(cats, FLUSHES) & ~np.isin(alone_cats, FLUSHES) & ~flush_now[:, None]
    below = np.isin(now, BELOW_STRAIGHT)
    # a straight of ranks: a card making only a straight flush (the flush draw's) does not count
    straight_next = (cats == Category.STRAIGHT) & (ranks < alone) & below[:, None]
    completing = np.stack([straight_next[:, deck // 4 == r].any(axis=1) for r in range(13)], axis=1).sum(axis=1)
    top = max(c // 4 for c in board)
    overcards = (holes[:, 0] // 4 != holes[:, 1] // 4) & (holes.min(axis=1) // 4 > top) & below
    found = {
        "flush draw": flush_next.any(axis=1),
        "nut flush draw": _nut(holes, flush_next, ranks, cats),
        "open-ended": completing >= 2,
        "gutshot": completing == 1,
        "two overcards": overcards,
    }
    if len(board) == 3:
        found["backdoor flush draw"] = _backdoor(holes, board, deck, game, ~np.isin(cats, FLUSHES).any(axis=1))
    return {name: {(int(b), int(a)) for a, b in holes[has]} for name, has in found.items()}


def _nut(holes: np.ndarray, flush_next: np.ndarray, ranks: np.ndarray, cats: np.ndarray) -> np.ndarray:
    """The flush draws whose every flush beats every flush (straight flushes aside) another hole could make."""
    nut = flush_next.any(axis=1)
    cards = [set(h) for h in holes.tolist()]
    for k in range(flush_next.shape[1]):
        others = np.flatnonzero(cats[:, k] == Category.FLUSH)
        others = others[np.argsort(ranks[others, k], kind="stable")]  # the best flush first
        for i in np.flatnonzero(flush_next[:, k]):
            best = next((j for j in others if not cards[i] & cards[j]), None)
            if best is not None and ranks[best, k] < ranks[i, k]:
                nut[i] = False
    return nut


def _backdoor(
    holes: np.ndarray, board: tuple[int, ...], deck: np.ndarray, game: str, no_draw: np.ndarray
) -> np.ndarray:
    """The holes with no flush and no one-card flush that two next cards give a flush the board does not make."""
    first, second = np.triu_indices(len(deck), k=1)
    pairs = np.stack([deck[first], deck[second]], axis=1)
    alone = ~np.isin(_category(_rank(_with(pairs, board), game), game), FLUSHES)
    found = np.zeros(len(holes), bool)
    for i in np.flatnonzero(no_draw):
        hole = holes[i]
        keep = alone & ~np.isin(pairs, hole).any(axis=1)
        rows = np.hstack([np.tile(np.append(hole, board), (int(keep.sum()), 1)), pairs[keep]]).astype(np.uint8)
        found[i] = np.isin(_category(_rank(rows, game), game), FLUSHES).any()
    return found


@pytest.mark.parametrize(
    ("board", "game"), [(b, "holdem") for b in FLOPS + TURNS] + [(b, "shortdeck") for b in SHORT_DECK[:4]]
)
def test_draws_are_what_the_next_cards_complete(impl: Api, board: str, game: str) -> None:
    result = hits("random", board, game=game)
    want = _brute_draws(tuple(handrank.parse_cards(board)), game)
    got = _classes(result)
    assert set(result.draws) == set(want)
    assert {name: got[name] for name in result.draws} == want


def test_the_brute_force_finds_every_draw() -> None:
    """The boards above have every draw (so the comparison has something to compare)."""
    found: set[str] = set()
    for board in FLOPS + TURNS:
        found |= {name for name, combos in _brute_draws(tuple(handrank.parse_cards(board)), "holdem").items() if combos}
    assert found == set(DRAWS)


def test_the_river_has_no_draws_and_the_turn_no_backdoor() -> None:
    assert hits("random", RIVERS[0]).draws == ()
    assert hits("random", TURNS[0]).draws == tuple(d for d in DRAWS if d != "backdoor flush draw")
    assert hits("random", FLOPS[0]).draws == DRAWS


# --- case by case ---------------------------------------------------------------------------------------------

CASES = [
    # (hole, board, made class, draws)
    ("Ac Ad", "Ks 7h 2d", "overpair", set()),
    ("Kc Qd", "Ks 7h 2d", "top pair", set()),
    ("7c Ad", "Ks 7h 2d", "second pair", set()),
    ("Jc Jd", "Ks 7h 2d", "second pair", set()),  # a pocket pair between the top two board ranks
    ("2c Ad", "Ks 7h 2d", "weak pair", set()),
    ("5c 5d", "Ks 7h 2d", "weak pair", set()),  # below the second board rank, above the lowest
    ("3c 3d", "Ks 7h 4d", "underpair", set()),
    ("Ac Qd", "Ks Kh 2d", "board pair", set()),
    ("Qc Qd", "Ks Kh 2d", "two pair", set()),  # a pocket pair on a paired board
    ("2c Ad", "Ks Kh 2d", "two pair", set()),  # a hole card pairing the other board rank
    ("Ac Qd", "7s 7h 7d", "three of a kind", {"two overcards"}),  # the board's trips
    ("Ac Ad", "7s 7h 7d", "full house", set()),
    ("2c 3d", "Ts Jh Qd Kc Ad", "straight", set()),  # the board's straight
    ("As Ks", "Qs Js Ts", "straight flush", set()),  # a royal flush
    ("Ac Qd", "Jh 7s 2c", "high card", {"two overcards"}),
    ("Ac Qc", "Jh 7s 2c", "high card", {"two overcards", "backdoor flush draw"}),
    ("Ah 5h", "Kh 7h 2d", "high card", {"flush draw", "nut flush draw"}),
    ("Qh Jh", "Kh 7h 2d", "high card", {"flush draw"}),  # the ace of hearts is out
    ("Kh 5h", "Ah 7h 2d", "high card", {"flush draw", "nut flush draw"}),  # the best heart not on the board
    ("Kh 5c", "Ah 7h 2h", "high card", {"flush draw", "nut flush draw"}),
    ("Ah 5h", "Kh 7d 2c", "high card", {"backdoor flush draw"}),
    ("9c 8d", "7h 6s 2c", "high card", {"open-ended", "two overcards"}),
    ("9c 7d", "Jh 8s 5c", "high card", {"open-ended"}),  # a double gutshot: the six and the ten
    ("9c 5d", "8h 7s 2c", "high card", {"gutshot"}),
    ("Ac 2d", "3h 4s 9c", "high card", {"gutshot"}),  # to the wheel
    ("Ac Kd", "Qh Js 2c", "high card", {"gutshot", "two overcards"}),
    ("9h 8h", "7h 6h 5c", "straight", {"flush draw"}),  # a straight drawing to a flush, not a higher straight
    ("Jc 9d", "Jh 9s Tc 8d", "two pair", set()),  # the seven and the queen make the board's straights
    ("Jc 7d", "Jh 9s Tc 2d", "top pair", {"gutshot"}),  # the eight
    ("Jc Td", "Th 9s 8c 2d", "top pair", {"open-ended"}),
    ("2s 3s", "5s 6s 7d 8c", "high card", {"flush draw"}),  # the 4s: a straight flush, but no straight of its own
    ("Tc 2d", "5s 6h 7d 8c", "high card", {"gutshot"}),  # the nine: a ten-high straight; the four: the board's
    ("Ac Kd", "5s 6h 7d 8c", "high card", {"two overcards"}),
    ("Ah Kh", "Qh Th 4h 9c", "flush", set()),
]


@pytest.mark.parametrize(("hole", "board", "made", "draws"), CASES)
def test_each_class(impl: Api, hole: str, board: str, made: str, draws: set[str]) -> None:
    result = hits(Range(hole.replace(" ", "")), board)
    assert result.total == 1.0
    assert [name for name, w in zip(result.made, result.weight, strict=False) if w] == [made]
    assert {name for name, w in zip(result.draws, result.weight[len(result.made) :], strict=True) if w} == draws


SHORT_CASES = [
    ("As 9d", "6h 7s 8c", "straight", set()),  # A-6-7-8-9, the lowest straight
    ("Ac 9d", "7h 8s Kd", "high card", {"gutshot"}),  # the six: A-6-7-8-9
    ("Ac 9c", "7h 8s Kc", "high card", {"gutshot", "backdoor flush draw"}),
    ("Ah Kh", "7h 8h 9h", "flush", set()),
    ("Ah Ac", "Ad 7s 7c", "full house", set()),
]


@pytest.mark.parametrize(("hole", "board", "made", "draws"), SHORT_CASES)
def test_each_short_deck_class(impl: Api, hole: str, board: str, made: str, draws: set[str]) -> None:
    result = hits(Range(hole.replace(" ", ""), game="shortdeck"), board, game="shortdeck")
    assert [name for name, w in zip(result.made, result.weight, strict=False) if w] == [made]
    assert {name for name, w in zip(result.draws, result.weight[len(result.made) :], strict=True) if w} == draws


def test_short_deck_ranks_the_flush_above_the_full_house() -> None:
    assert hits("random", "Ah 7h 8c", game="shortdeck").made == (*MADE[:2], "flush", "full house", *MADE[4:])
    assert SHORT_DECK_MADE == hits("random", "Ah 7h 8c", game="shortdeck").made
    assert hits("random", "Ah 7h 8c").made == MADE
    # Hold'em's A-9-8-7 on this board draws to nothing; short deck's draws to A-6-7-8-9
    assert hits("Ac9d", "7h 8s Kd").combos("gutshot") == Range.from_combos([])


# --- weights, shares, dead cards ------------------------------------------------------------------------------


def test_weights_and_shares() -> None:
    result = hits("0.5(AA), KK", "Ks 7h 2d")
    weight = dict(zip(result.classes, result.weight, strict=True))
    share = dict(zip(result.classes, result.share, strict=True))
    assert result.total == 6.0  # AA's six combos at 1/2, KK's three off the board
    assert weight["overpair"] == 3.0 and weight["three of a kind"] == 3.0
    assert share["overpair"] == 0.5 and share["three of a kind"] == 0.5
    assert sum(weight.values()) == 6.0  # no draws here
    assert result.combos("overpair") == Range("0.5(AA)")
    assert result.combos("three of a kind") == Range("KK").without("Ks")


@pytest.mark.parametrize("board", [FLOPS[0], "Ah Kh 7h", TURNS[0], RIVERS[0]])
def test_each_class_weighs_its_combos(board: str) -> None:
    text = "0.5(AA), 1/3(KQs), 40%(T9s), 22+, A2s+, KJo, 0.25(87o)"
    result = hits(text, board)
    made = sum(result.weight[: len(result.made)])
    assert made == pytest.approx(result.total)
    assert sum(result.share[: len(result.made)]) == pytest.approx(1.0)
    assert result.total == pytest.approx(sum(w for _, w in Range(text).without(board)))
    for name, weight, share in zip(result.classes, result.weight, result.share, strict=True):
        assert weight == pytest.approx(sum(w for _, w in result.combos(name)))
        assert share == pytest.approx(weight / result.total)
    if result.draws:
        draws = dict(zip(result.draws, result.weight[len(result.made) :], strict=True))
        assert result.combos("nut flush draw").combos == tuple(
            c for c in result.combos("flush draw").combos if c in result.combos("nut flush draw").combos
        )
        assert draws["nut flush draw"] <= draws["flush draw"]


def test_dead_cards_take_their_combos_out() -> None:
    result = hits("AA, KK", "Ks 7h 2d", dead="Ah 3c")
    assert result.total == 6.0  # AA less the three holding the ace of hearts, KK less the three holding Ks
    assert result.dead == "Ah 3c" and result.board == "Ks 7h 2d"
    assert result.combos("overpair") == Range("AA").without("Ah")
    assert hits("random", "Ks 7h 2d", dead=["Ah", "3c"]).total == 1081  # the combos of the 47 cards left


# --- both backends, rendering ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "game", "dead"),
    [(FLOPS[0], "holdem", ()), ("Ah Kh 7h", "holdem", ("2c",)), (TURNS[0], "holdem", ()), (RIVERS[0], "holdem", ())]
    + [(SHORT_DECK[0], "shortdeck", ()), (SHORT_DECK[2], "shortdeck", ("As",))],
)
def test_both_backends_give_the_same_report(board: str, game: str, dead: tuple[str, ...]) -> None:
    on("c")
    results = [run_on(name, lambda: hits("random", board, dead=dead, game=game)) for name in ("c", "python")]
    assert results[0] == results[1]


def test_the_report_renders() -> None:
    result = hits("QQ+, AK", "Ks 7h 2d")
    text = str(result)
    assert text.splitlines()[0] == "what 'QQ+, AK' hits on Ks 7h 2d: 27 combos"
    assert "top pair                  12   44.4%" in text.splitlines()
    assert repr(result) == text
    html = result._repr_html_()
    assert html.startswith("<table") and "top pair" in html and "44.4%" in html
    assert str(hits("0.5(AhKh, AdKd, AcKc)", "Ks 7h 2d")).splitlines()[0].endswith(": 1.5 combos")
    assert pickle.loads(pickle.dumps(result)) == result
    assert hash(result) == hash(hits("QQ+, AK", "Ks 7h 2d"))
    with pytest.raises(AttributeError, match="immutable"):
        result.total = 1.0  # type: ignore[misc]


def test_to_frame() -> None:
    pytest.importorskip("pandas")
    result = hits("QQ+, AK", "Ks 7h 2d")
    frame = result.to_frame()
    assert list(frame.columns) == ["kind", "weight", "share"] and frame.index.name == "class"
    assert list(frame.index) == list(result.classes)
    assert frame.loc["top pair", "weight"] == 12.0 and frame.loc["gutshot", "kind"] == "draw"


def test_to_frame_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="to_frame needs pandas"):
        hits("AA", "Ks 7h 2d").to_frame()


# --- bad input ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("AA", "Ks 7h"), {}, ValueError, "a Hold'em board has 3, 4 or 5 cards, got 2"),
        (("AA", "Ks 7h 2d 3c 4c 5c"), {}, ValueError, "board has 3, 4 or 5 cards, got 6"),
        (("AA", "Ks 7h Ks"), {}, ValueError, "board: duplicate card Ks"),
        (("AA", "Ks 7h 2x"), {}, ValueError, "board: unknown suit"),
        (("AA", "Ks 7h 2d"), {"dead": "7h"}, ValueError, "dead: duplicate card 7h"),
        (("AA", "Ks 7h 2d"), {"dead": "Zz"}, ValueError, "dead: unknown rank"),
        (("AKx", "Ks 7h 2d"), {}, ValueError, "range: unknown hand 'AKx'"),
        ((3, "Ks 7h 2d"), {}, TypeError, "range must be a Range or range text"),
        (("KK", "Ks Kh 2d"), {"dead": "Kc"}, ValueError, "range: no combo of the range is left"),
        (("AA", "Ks 7h 2d"), {"game": "omaha"}, ValueError, "game: hits plays holdem and shortdeck, not 'omaha'"),
        (("AA", "Ks 7h 2d"), {"game": "poker"}, ValueError, "game must be one of holdem, shortdeck"),
        ((Range("AA"), "Ks 7h 8d"), {"game": "shortdeck"}, ValueError, "range: game='shortdeck' takes short deck"),
        ((Range("AA", game="shortdeck"), "Ks 7h 2d"), {"game": "shortdeck"}, ValueError, "board: card 2d is not in"),
        ((Range("AA", game="shortdeck"), "Ks 7h 8d"), {"game": "shortdeck", "dead": "5c"}, ValueError, "dead: card 5c"),
        ((Range("AA", game="shortdeck"), "Ks 7h 8d"), {}, ValueError, "range: game='holdem' takes Hold'em ranges"),
    ],
)
def test_bad_input_is_named(args: tuple[object, ...], kwargs: dict[str, object], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        hits(*args, **kwargs)  # type: ignore[arg-type]


def test_a_class_that_is_not_there_is_named() -> None:
    flop = r"name must be a class of the flop: straight flush, .* two overcards; not 'top pairs'"
    with pytest.raises(ValueError, match=flop):
        hits("AA", "Ks 7h 2d").combos("top pairs")
    with pytest.raises(ValueError, match=r"name must be a class of the river: .*high card; not 'flush draw'"):
        hits("AA", "Ks 7h 2d 3c 4c").combos("flush draw")


def test_the_command_line_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from handrank._cli import main

    want = hits("QQ+, AK, JTs", "Ks 7h 2d", dead="Ah")
    assert main(["hits", "QQ+,AK,JTs", "Ks7h2d", "--dead", "Ah"]) == 0
    assert capsys.readouterr().out == str(want) + "\n"
    assert main(["hits", "QQ+,AK,JTs", "Ks7h2d", "--dead", "Ah", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["total"] == want.total and [c["class"] for c in got["classes"]] == list(want.classes)
    assert [c["share"] for c in got["classes"]] == list(want.share)
    assert {c["kind"] for c in got["classes"][: len(want.made)]} == {"made"}
    assert main(["hits", "AA", "Ks"]) == 2
    assert "board has 3, 4 or 5 cards, got 1" in capsys.readouterr().err


def test_the_plot_draws_each_share() -> None:
    pytest.importorskip("matplotlib")
    from handrank import plot

    want = hits("QQ+, AK, AJs, KQs, JTs, 98s", "Ks Th 2h")
    fig = plot.hits("QQ+, AK, AJs, KQs, JTs, 98s", "Ks Th 2h")
    bars = fig.axes[0].patches
    assert [b.get_width() for b in bars] == pytest.approx(list(want.share))
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == list(want.classes)
    assert len({tuple(b.get_facecolor()) for b in bars[: len(want.made)]}) == 1
