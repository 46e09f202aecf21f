"""Short deck, the ace-to-five / eight-or-better / deuce-to-seven lows and Omaha eight-or-better, on both backends.

Three independent checks: the five-card class counts derived here by counting (short deck against the
combinatorics of its 36-card deck, the lows against the rank multisets); 6- and 7-card hands against the
best of their fives; and pokerkit's evaluators as an outside reference, for the order and the ties.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, pairwise
from math import comb

import numpy as np
import pytest
from conftest import Api, combos, random_hands

from handrank import _tables
from handrank._kernels import NO_LOW

RULES = ("a5", "8", "27")


def _short_deck_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (16 + np.argsort(rng.random((n, 36)), axis=1)[:, :k]).astype(np.uint8)


# ---- five-card class counts ----------------------------------------------------------------------------------


def _short_deck_category_counts() -> dict[str, int]:
    """How many of the C(36, 5) short-deck hands fall in each category, by counting (9 ranks, 4 suits)."""
    straights = 6  # A-6-7-8-9 up to T-J-Q-K-A
    plain_five = comb(9, 5) - straights
    return {
        "straight flush": straights * 4,
        "four of a kind": 9 * 8 * 4,
        "flush": plain_five * 4,
        "full house": 9 * comb(4, 3) * 8 * comb(4, 2),
        "straight": straights * (4**5 - 4),
        "three of a kind": 9 * comb(4, 3) * comb(8, 2) * 4**2,
        "two pair": comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
        "one pair": 9 * comb(4, 2) * comb(8, 3) * 4**3,
        "high card": plain_five * (4**5 - 4),
    }


SD_ORDER = {
    False: ["straight flush", "four of a kind", "flush", "full house", "straight", "three of a kind"],
    True: ["straight flush", "four of a kind", "flush", "full house", "three of a kind", "straight"],
}


@pytest.mark.parametrize("trips", [False, True])
def test_every_five_card_short_deck_hand(impl: Api, trips: bool) -> None:
    hands = (combos(36, 5) + 16).astype(np.uint8)
    ranks = impl.evaluate_short_deck_batch(hands, trips_beat_straight=trips)
    per_class = np.bincount(ranks, minlength=_tables.SD_N_CLASSES + 1)
    assert per_class[0] == 0 and (per_class[1:] > 0).all() and len(per_class) == _tables.SD_N_CLASSES + 1
    counts = _short_deck_category_counts()
    order = [*SD_ORDER[trips], "two pair", "one pair", "high card"]
    # The classes come category by category, best first: the counts in that order cut the classes.
    sizes = {"straight flush": 6, "four of a kind": 72, "flush": 120, "full house": 72, "straight": 6}
    sizes |= {"three of a kind": 252, "two pair": 252, "one pair": 504, "high card": 120}
    first = 1
    for name in order:
        assert per_class[first : first + sizes[name]].sum() == counts[name], name
        first += sizes[name]
    assert first == _tables.SD_N_CLASSES + 1 and per_class.sum() == comb(36, 5)


def _hands_of(ranks: tuple[int, ...], flush: bool) -> int:
    """How many five-card hands have these ranks: one suit for each (flush), or any suits but that."""
    if flush:
        return 4
    if len(set(ranks)) == 5:
        return 4**5 - 4
    out = 1
    for r in set(ranks):
        out *= comb(4, ranks.count(r))
    return out


def test_every_five_card_low(c_impl: Api) -> None:
    """All 2,598,960 five-card hands: each low class holds exactly the hands its ranks (and suits) allow."""
    hands = combos(52, 5)
    a5 = c_impl.evaluate_low_batch(hands, "a5", threads=0)
    want = [0] + [
        _hands_of(r, False) if c != _tables.Category.HIGH_CARD else comb(4, 1) ** 5
        for c, r in _tables.a5_class_patterns()
    ]
    assert np.bincount(a5, minlength=_tables.A5_N_CLASSES + 1).tolist() == want
    low27 = c_impl.evaluate_low_batch(hands, "27", threads=0)
    flushes = (_tables.Category.FLUSH, _tables.Category.STRAIGHT_FLUSH, _tables.Category.ROYAL_FLUSH)
    want = [0] + [_hands_of(r, c in flushes) for c, r in _tables.low27_class_patterns()]
    assert np.bincount(low27, minlength=_tables.LOW27_N_CLASSES + 1).tolist() == want
    eight = c_impl.evaluate_low_batch(hands, "8", threads=0)
    qualifies = eight != NO_LOW
    assert (eight[qualifies] == a5[qualifies]).all() and (a5[~qualifies] > _tables.EIGHT_N_CLASSES).all()
    # A qualifying low is five different ranks from A to 8, whatever the suits.
    ranks = (hands >> 2).astype(np.int64)
    low_ranks = ((ranks == 12) | (ranks <= 6)).all(axis=1)
    distinct = (np.diff(np.sort(ranks, axis=1), axis=1) > 0).all(axis=1)
    assert (qualifies == (low_ranks & distinct)).all()


def test_the_backends_agree(c_impl: Api) -> None:
    from conftest import on

    py = on("python")
    for k in (5, 6, 7):
        hands = random_hands(3000, k, seed=50 + k)
        for rules in RULES:
            assert (py.evaluate_low_batch(hands, rules) == c_impl.evaluate_low_batch(hands, rules)).all()
        hands = _short_deck_hands(3000, k, seed=60 + k)
        for trips in (False, True):
            want = c_impl.evaluate_short_deck_batch(hands, trips_beat_straight=trips)
            assert (py.evaluate_short_deck_batch(hands, trips_beat_straight=trips) == want).all()
    holes, boards = random_hands(3000, 9, seed=7)[:, :4], random_hands(3000, 9, seed=7)[:, 4:]
    assert (py.evaluate_omaha_low_batch(holes, boards) == c_impl.evaluate_omaha_low_batch(holes, boards)).all()


# ---- 6 and 7 cards: the best of their fives --------------------------------------------------------------------


def _best_of_fives(evaluate_batch, hands: np.ndarray) -> np.ndarray:  # type: ignore[no-untyped-def]
    k = hands.shape[1]
    picks = [list(p) for p in combinations(range(k), 5)]
    fives = np.stack([evaluate_batch(np.ascontiguousarray(hands[:, p])) for p in picks], axis=1)
    return fives.min(axis=1)


@pytest.mark.parametrize("k", [6, 7])
def test_six_and_seven_cards_take_their_best_five(impl: Api, k: int) -> None:
    n = 4000 if impl.name == "c" else 600
    for trips in (False, True):
        hands = _short_deck_hands(n, k, seed=k + trips)
        batch = lambda h, t=trips: impl.evaluate_short_deck_batch(h, trips_beat_straight=t)  # noqa: E731
        assert (batch(hands) == _best_of_fives(batch, hands)).all()
    for rules in RULES:
        hands = random_hands(n, k, seed=10 * k + len(rules))
        batch = lambda h, r=rules: impl.evaluate_low_batch(h, r)  # noqa: E731
        assert (batch(hands) == _best_of_fives(batch, hands)).all(), rules


def test_every_seven_card_short_deck_hand(c_impl: Api) -> None:
    """All 8,347,680 short-deck 7-card hands through the batch path, each the best of its 21 fives."""
    hands = (combos(36, 7) + 16).astype(np.uint8)
    for trips in (False, True):
        batch = lambda h, t=trips: c_impl.evaluate_short_deck_batch(h, trips_beat_straight=t, threads=0)  # noqa: E731
        assert (batch(hands) == _best_of_fives(batch, hands)).all()


# ---- single calls, batches and errors --------------------------------------------------------------------------


def test_single_calls_equal_the_batch(impl: Api) -> None:
    for k in (5, 6, 7):
        hands = _short_deck_hands(300, k, seed=k)
        for trips in (False, True):
            want = impl.evaluate_short_deck_batch(hands, trips_beat_straight=trips).tolist()
            got = [impl.evaluate_short_deck(h, trips_beat_straight=trips) for h in hands.tolist()]
            assert got == want
        hands = random_hands(300, k, seed=k)
        for rules in RULES:
            want = [None if v == NO_LOW else v for v in impl.evaluate_low_batch(hands, rules).tolist()]
            assert [impl.evaluate_low(h, rules) for h in hands.tolist()] == want
            text = [" ".join(impl.cards_str(h).split()) for h in hands[:20].tolist()]
            assert [impl.evaluate_low(t, rules) for t in text] == want[:20]


def test_batches_take_any_integer_rows(impl: Api) -> None:
    hands = _short_deck_hands(500, 7, seed=3)
    want = impl.evaluate_short_deck_batch(hands)
    for dtype in (np.int16, np.uint32, np.int64):
        assert (impl.evaluate_short_deck_batch(hands.astype(dtype)) == want).all()
    assert (impl.evaluate_short_deck_batch(np.asfortranarray(hands)) == want).all()
    assert (impl.evaluate_short_deck_batch(hands.tolist(), threads=0) == want).all()
    out = np.zeros(500, np.uint16)
    assert impl.evaluate_low_batch(hands, "27", out=out) is out
    assert impl.evaluate_low_batch(np.zeros((0, 5), np.uint8), "a5").shape == (0,)


def test_errors_name_the_card_row_or_parameter(impl: Api) -> None:
    with pytest.raises(ValueError, match=r"^card 5h is not in the short deck \(the short deck has the cards 6 to A\)$"):
        impl.evaluate_short_deck("Ah 5h 7c 8d 9s")
    with pytest.raises(ValueError, match=r"^duplicate card Ah$"):
        impl.evaluate_short_deck("Ah Ah 7c 8d 9s")
    with pytest.raises(TypeError, match="trips_beat_straight must be True or False, not 1"):
        impl.evaluate_short_deck("Ah 6h 7c 8d 9s", trips_beat_straight=1)
    with pytest.raises(ValueError, match=r"^rules must be 'a5', '8' or '27', not 'razz'$"):
        impl.evaluate_low("Ah 2h 3c 4d 5s", "razz")
    with pytest.raises(ValueError, match=r"^rules must be 'a5', '8' or '27', not array\(\['8', '27'\]"):
        impl.evaluate_low("Ah 2h 3c 4d 5s", np.array(["8", "27"]))
    with pytest.raises(ValueError, match=r"^a hand has 5, 6 or 7 cards, got 4$"):
        impl.evaluate_low("Ah 2h 3c 4d", "8")
    rows = _short_deck_hands(50, 6, seed=1)
    rows[31, 2] = 3  # 2s
    with pytest.raises(ValueError, match=r"^row 31: card 2s is not in the short deck"):
        impl.evaluate_short_deck_batch(rows)
    rows = random_hands(50, 5, seed=1)
    rows[7, 4] = rows[7, 0]
    with pytest.raises(ValueError, match=r"^row 7: duplicate card"):
        impl.evaluate_low_batch(rows, "27")
    with pytest.raises(ValueError, match=r"^row 2: card id 52 is out of range 0..51$"):
        impl.evaluate_low_batch(np.array([[0, 1, 2, 3, 4]] * 2 + [[0, 1, 2, 3, 52]], np.int32), "a5")
    with pytest.raises(ValueError, match=r"^an Omaha hand has 4, 5 or 6 cards, got 2$"):
        impl.evaluate_omaha_low("Ah 2h", "3c 4d 5s")
    with pytest.raises(ValueError, match=r"^duplicate card 3c \(in the hole and on the board\)$"):
        impl.evaluate_omaha_low("Ah 2h 3c 4d", "3c 4s 5s")


def test_omaha_low_is_two_hole_cards_and_three_board_cards(impl: Api) -> None:
    assert impl.evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s Qc Jd") == 1  # the wheel
    assert impl.evaluate_omaha_low("As 2c 3d 4h", "5s Kc Qd Jh Tc") is None  # four low hole cards are not enough
    assert impl.evaluate_omaha_low("As Kc Qd Jh", "2s 3c 4d 5h 6c") is None  # one low hole card is not enough
    assert impl.evaluate_omaha_low("As Ac 2d 2h", "3s 4c Kd") == impl.evaluate_low("As 2d 3s 4c Kd Kh 9c", "8") is None
    holes = random_hands(400, 4, seed=5)
    boards = np.array([np.setdiff1d(np.arange(52), h)[:5] for h in holes.tolist()], np.uint8)
    batch = impl.evaluate_omaha_low_batch(holes, boards).tolist()
    brute = []
    for hole, board in zip(holes.tolist(), boards.tolist(), strict=True):
        lows = [impl.evaluate_low([*p, *t], "8") for p in combinations(hole, 2) for t in combinations(board, 3)]
        brute.append(min((v for v in lows if v is not None), default=NO_LOW))
    assert batch == brute
    shared = [h for h in holes.tolist() if not set(h) & set(boards[0].tolist())]
    want = [
        min(
            (
                v
                for p in combinations(h, 2)
                for t in combinations(boards[0].tolist(), 3)
                if (v := impl.evaluate_low([*p, *t], "8"))
            ),
            default=NO_LOW,
        )
        for h in shared
    ]
    assert impl.evaluate_omaha_low_batch(shared, boards[0]).tolist() == want


# ---- pokerkit, an independent reference ------------------------------------------------------------------------


def _text(ids: list[int]) -> str:
    return "".join(_tables.RANK_CHARS[c >> 2] + _tables.SUIT_CHARS[c & 3] for c in ids)


def _same_order(ours: list[int], theirs: list[object]) -> None:
    """Our classes (smaller = better) and pokerkit's hands (greater = better) order the sample alike, ties too."""
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for i, j in pairwise(order):
        if ours[i] == ours[j]:
            assert theirs[i] == theirs[j], (ours[i], theirs[i], theirs[j])
        else:
            assert theirs[i] > theirs[j], (ours[i], ours[j], theirs[i], theirs[j])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_against_pokerkit(impl: Api, k: int) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    n = 1500
    hands = _short_deck_hands(n, k, seed=100 + k).tolist()
    _same_order(
        impl.evaluate_short_deck_batch(hands).tolist(),
        [pokerkit.ShortDeckHoldemHand.from_game(_text(h)) for h in hands],
    )
    hands = random_hands(n, k, seed=200 + k).tolist()
    _same_order(
        impl.evaluate_low_batch(hands, "a5").tolist(), [pokerkit.RegularLowHand.from_game(_text(h)) for h in hands]
    )
    _same_order(
        impl.evaluate_low_batch(hands, "27").tolist(), [pokerkit.StandardLowHand.from_game(_text(h)) for h in hands]
    )
    eight = impl.evaluate_low_batch(hands, "8").tolist()
    qualified, reference = [], []
    for h, ours in zip(hands, eight, strict=True):
        try:
            theirs = pokerkit.EightOrBetterLowHand.from_game(_text(h))
        except ValueError:
            assert ours == NO_LOW, _text(h)
            continue
        qualified.append(ours)
        reference.append(theirs)
    assert len(qualified) > n // 100
    _same_order(qualified, reference)


def test_omaha_low_against_pokerkit(impl: Api) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for hole_size in (4, 5, 6):
        deals = random_hands(1500, hole_size + 5, seed=hole_size)
        holes, boards = deals[:, :hole_size], deals[:, hole_size:]
        ours = impl.evaluate_omaha_low_batch(holes, boards).tolist()
        qualified, reference = [], []
        for hole, board, value in zip(holes.tolist(), boards.tolist(), ours, strict=True):
            try:
                theirs = pokerkit.OmahaEightOrBetterLowHand.from_game(_text(hole), _text(board))
            except ValueError:
                assert value == NO_LOW
                continue
            qualified.append(value)
            reference.append(theirs)
        assert len(qualified) > 100
        _same_order(qualified, reference)


# ---- category, describe and best_five under each ranking -------------------------------------------------------

RANKINGS = {"short_deck": 0, "short_deck_trips": 1, "a5": 2, "8": 3, "27": 4}


def _shape(five: list[int], rules: str) -> str:
    """The category of five cards under ``rules``, from the rules themselves (an oracle for ``category``)."""
    ranks = sorted(c >> 2 for c in five)
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if rules in ("a5", "8"):
        flush = straight = False
    else:
        flush = len({c & 3 for c in five}) == 1
        runs = [list(range(lo, lo + 5)) for lo in range(0, 9)]
        if rules.startswith("short_deck"):
            runs.append([4, 5, 6, 7, 12])  # A-6-7-8-9
        straight = ranks in runs  # deuce-to-seven: A-2-3-4-5 is none
    if straight and flush:
        return "ROYAL_FLUSH" if ranks[0] == 8 else "STRAIGHT_FLUSH"
    shapes = {(4, 1): "FOUR_OF_A_KIND", (3, 2): "FULL_HOUSE", (3, 1, 1): "THREE_OF_A_KIND", (2, 2, 1): "TWO_PAIR"}
    if tuple(counts) in shapes:
        return shapes[tuple(counts)]
    if flush:
        return "FLUSH"
    if straight:
        return "STRAIGHT"
    return "ONE_PAIR" if counts[0] == 2 else "HIGH_CARD"


@pytest.mark.parametrize("rules", list(RANKINGS))
def test_best_five_makes_the_class_and_category_names_it(impl: Api, rules: str) -> None:
    hands = (_short_deck_hands if rules.startswith("short_deck") else random_hands)(200, 7, seed=len(rules))
    for hand in hands.tolist():
        rank = impl.kernels.evaluate_rules(hand, RANKINGS[rules])
        if rank == NO_LOW:
            with pytest.raises(ValueError, match=r"makes no eight-or-better low$"):
                impl.best_five(hand, rules=rules)
            continue
        five = impl.best_five(hand, rules=rules)
        assert set(five) <= set(hand) and len(set(five)) == 5
        assert impl.kernels.evaluate_rules(list(five), RANKINGS[rules]) == rank
        assert impl.category(rank, rules=rules).name == _shape(list(five), rules)
        for lang in ("en", "es", "ru"):
            assert impl.describe(rank, lang, rules=rules)


def test_descriptions_of_the_lows_and_short_deck(impl: Api) -> None:
    def low(text: str, rules: str) -> str:
        return impl.describe(impl.evaluate_low(text, rules), rules=rules)

    assert low("8c 5d 4h 2s Ac", "8") == low("8c 5d 4h 2s Ac Kd Kh", "a5") == "8-5-4-2-A low"
    assert low("7c 5d 4h 3s 2c", "27") == "seven-five low"
    assert low("Ac 5d 4h 3s 2c", "27") == "ace-five low"  # no straight in deuce-to-seven
    assert low("7c 6d 5h 4s 3c", "27") == "Straight, seven-high"
    assert low("4c 4d 3h 2s Ac", "a5") == "One pair, fours"
    assert impl.describe(impl.evaluate_low("7c 5d 4h 3s 2c", "27"), "es", rules="27") == "siete-cinco baja"
    sd = impl.evaluate_short_deck
    assert impl.describe(sd("Ah 6h 7c 8d 9s"), rules="short_deck") == "Straight, nine-high"
    assert impl.describe(sd("Ah 6h 7h 8h 9h"), rules="short_deck") == "Straight flush, nine-high"
    flush, full_house = sd("As Ks Qs Js 9s"), sd("Ac Ad Ah Ks Kd")
    assert flush < full_house  # the ranks order the hands; a Category's number is its place among high hands
    assert (impl.category(flush, rules="short_deck").name, impl.category(full_house, rules="short_deck").name) == (
        "FLUSH",
        "FULL_HOUSE",
    )
    with pytest.raises(ValueError, match=r"^rank 1405 is out of range 1..1404 \(short_deck\)$"):
        impl.describe(1405, rules="short_deck")
    with pytest.raises(ValueError, match=r"^rules must be one of 'high', 'short_deck'"):
        impl.category(1, rules="razz")


# ---- showdowns of the new games ----------------------------------------------------------------------------------


def _pokerkit_shares(highs: list[object] | None, lows: list[object | None] | None, n: int) -> list[Fraction]:
    """Shares from pokerkit's hands (greater = better; None: no low): half to the best high, half to the best
    low, ties splitting each half; the whole pot to the high when no low qualifies."""
    shares = [Fraction(0)] * n
    low_seats: list[int] = []
    if lows is not None:
        present = [h for h in lows if h is not None]
        low_seats = [i for i, h in enumerate(lows) if present and h is not None and h == max(present)]
    high_seats = [i for i, h in enumerate(highs) if h == max(highs)] if highs is not None else []
    for seats, part in (
        (high_seats, Fraction(1, 2 if low_seats else 1)),
        (low_seats, Fraction(1, 2 if high_seats else 1)),
    ):
        for i in seats:
            shares[i] += part / len(seats)
    return shares


@pytest.mark.parametrize("game", ["shortdeck", "omaha8", "stud8", "razz", "deuce7"])
def test_showdowns_split_as_pokerkit_says(impl: Api, game: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    players, deals = 3, 150
    for seed in range(deals):
        rng = np.random.default_rng(seed)
        if game == "shortdeck":
            cards = (16 + rng.permutation(36)[: 2 * players + 5]).tolist()
            hands, board = [cards[2 * i : 2 * i + 2] for i in range(players)], cards[2 * players :]
            highs = [pokerkit.ShortDeckHoldemHand.from_game(_text(h), _text(board)) for h in hands]
            lows = None
        elif game == "omaha8":
            cards = rng.permutation(52)[: 4 * players + 5].tolist()
            hands, board = [cards[4 * i : 4 * i + 4] for i in range(players)], cards[4 * players :]
            highs = [pokerkit.OmahaHoldemHand.from_game(_text(h), _text(board)) for h in hands]
            lows = [_or_none(pokerkit.OmahaEightOrBetterLowHand.from_game, _text(h), _text(board)) for h in hands]
        else:
            size = 5 if game == "deuce7" else 7
            cards = rng.permutation(52)[: size * players].tolist()
            hands, board = [cards[size * i : size * i + size] for i in range(players)], []
            highs = [pokerkit.StandardHighHand.from_game(_text(h)) for h in hands] if game == "stud8" else None
            low_hand = {"stud8": pokerkit.EightOrBetterLowHand, "razz": pokerkit.RegularLowHand}.get(game)
            low_hand = low_hand or pokerkit.StandardLowHand
            lows = [_or_none(low_hand.from_game, _text(h)) for h in hands]
        got = impl.showdown(hands, board, game=game)
        assert list(got.shares) == _pokerkit_shares(highs, lows, players), (game, seed, _text(cards))
        assert sum(got.shares) == 1 and got.winners == tuple(i for i, s in enumerate(got.shares) if s)
        for i, p in enumerate(got.players):
            assert set(p.best_five) <= set(hands[i]) | set(board)
            if game in ("omaha8", "stud8"):
                assert (p.low_rank is None) == (lows[i] is None)
                assert p.low_five is None or set(p.low_five) <= set(hands[i]) | set(board)


def _or_none(make, *texts):  # type: ignore[no-untyped-def]
    try:
        return make(*texts)
    except ValueError:  # pokerkit: no qualifying low
        return None


def test_hilo_showdown_fields_and_errors(impl: Api) -> None:
    s = impl.showdown(["Ah 2h Kc Kd", "Qs Qd Js Jd"], "3c 4d 9h Qc 7s", game="omaha8")
    assert (s.high_winners, s.low_winners, s.winners) == ((1,), (0,), (0, 1))
    assert s.players[0].low_description == "7-4-3-2-A low" and s.players[1].low_rank is None
    assert impl.cards_str(s.players[0].low_five) == "7s 4d 3c 2h Ah"
    s = impl.showdown(["As 2c 3d 4h 5s 9c 9d", "Ac Ad 2s 3s 4s 5d 6h"], game="razz")
    assert s.high_winners == () and s.low_winners == (0, 1) and s.players[0].description == "5-4-3-2-A low"
    with pytest.raises(ValueError, match=r"^player 1: card 5c is not in the short deck"):
        impl.showdown(["As Ac", "5c 6c"], "Kh Qh Jh", game="shortdeck")
    with pytest.raises(ValueError, match=r"^board: card 2h is not in the short deck"):
        impl.showdown(["As Ac", "7c 6c"], "Kh Qh 2h", game="shortdeck")
    with pytest.raises(ValueError, match=r"^player 0: a Razz hand has 7 cards, got 5$"):
        impl.showdown(["As 2c 3d 4h 5s", "Ac Ad 2s 3s 4s 5d 6h"], game="razz")
    assert impl.split_pot_hilo(101, [0], [1, 2]) == {0: 51, 1: 25, 2: 25}
    assert impl.split_pot_hilo(7, [1, 0], [1], odd_chips="last") == {0: 2, 1: 5}
    assert sum(impl.split_pot_hilo(1001, [3, 1], [2, 1, 0]).values()) == 1001


# ---- equity of the new games: the mean of showdowns over every deal ---------------------------------------------

EQUITY_CASES = [
    ("shortdeck", ["As Ac", "Kh Kd"], "Qs Jd 7h 6c"),
    ("shortdeck", ["Ah 9h", "8c 7c", "Ts Tc"], "6h 7h Jd"),
    ("omaha8", ["Ah 2h Kc Kd", "Qs Qd Js Jd"], "3c 4d 9h Tc"),
    ("omaha8", ["Ac 2c 3d Kd", "As 2s 4h 5h", "Qc Qd Jh Js"], "6c 7d 8h"),
    ("stud8", ["As 2c 3d 4h 5s 9c", "Ac Ad 2s 3s 4s 5d"], ""),
    ("razz", ["As 2c 3d 7h 8s 9c", "Kc Kd Qh 2h 3h 4h"], ""),
    ("deuce7", ["7c 5d 4h 3s", "8c 6d 4c 3d"], ""),
    ("stud", ["As Ks Qs Js 2c 3d", "Ac Ad 2s 3s 4s 5d"], ""),
    ("draw", ["7c 5d 4h 3s", "8c 8d 4c 3d"], ""),
]


def _deals(game: str, hands: list[str], board: str, impl: Api) -> Iterator[tuple[list[list[int]], list[int]]]:
    """Every completion of the deal, independently of the kernels' enumeration."""
    held = [impl.parse_cards(h) for h in hands]
    on_board = impl.parse_cards(board) if board else []
    used = set(on_board).union(*held)
    deck = [c for c in range(16 if game == "shortdeck" else 0, 52) if c not in used]
    if game in ("shortdeck", "omaha8"):
        for extra in combinations(deck, 5 - len(on_board)):
            yield held, on_board + list(extra)
        return
    full = 5 if game in ("deuce7", "draw") else 7
    needs = [full - len(h) for h in held]

    def rec(i: int, rest: list[int], dealt: list[list[int]]) -> Iterator[list[list[int]]]:
        if i == len(held):
            yield dealt
            return
        for extra in combinations(rest, needs[i]):
            yield from rec(i + 1, [c for c in rest if c not in extra], [*dealt, held[i] + list(extra)])

    for dealt in rec(0, deck, []):
        yield dealt, []


@pytest.mark.parametrize(("game", "hands", "board"), EQUITY_CASES, ids=[f"{g}-{len(h)}" for g, h, _ in EQUITY_CASES])
def test_exact_equity_is_the_mean_showdown(impl: Api, game: str, hands: list[str], board: str) -> None:
    got = impl.equity(hands, board, game=game)
    assert got.exact
    shares = [Fraction(0)] * len(hands)
    high = [Fraction(0)] * len(hands)
    scoops = [0] * len(hands)
    n = 0
    for dealt, full_board in _deals(game, hands, board, impl):
        s = impl.showdown(dealt, full_board, game=game)
        n += 1
        for i, share in enumerate(s.shares):
            shares[i] += share
            scoops[i] += share == 1
            if game in ("omaha8", "stud8") and i in s.high_winners:
                high[i] += Fraction(1, len(s.high_winners) * (2 if s.low_winners else 1))
    assert got.total == n and got.boards == n
    assert list(got.equity_fraction) == [s / n for s in shares]
    assert list(got.wins) == scoops
    if game in ("omaha8", "stud8"):
        assert got.high_share == tuple(float(h / n) for h in high)
        assert got.scoop == tuple(w / n for w in scoops)
        assert all(abs(h + lo - e) < 1e-12 for h, lo, e in zip(got.high_share, got.low_share, got.equity, strict=True))
    else:
        assert got.high_share is got.low_share is got.scoop is None


def test_monte_carlo_equity_of_the_new_games(impl: Api) -> None:
    exact = impl.equity(["Ah 2h Kc Kd", "Qs Qd Js Jd"], "3c 4d 9h", game="omaha8")
    mc = impl.equity(["Ah 2h Kc Kd", "Qs Qd Js Jd"], "3c 4d 9h", game="omaha8", trials=20_000, seed=5)
    assert not mc.exact and mc.trials == 32_768 and mc.seed == 5  # whole blocks of 16,384 deals
    assert all(abs(m - e) < 4 * s for m, e, s in zip(mc.equity, exact.equity, mc.stderr, strict=True))
    again = impl.equity(["Ah 2h Kc Kd", "Qs Qd Js Jd"], "3c 4d 9h", game="omaha8", trials=20_000, seed=5, threads=0)
    assert again == mc  # the same seed, any thread count, either backend: the same deals
    razz = impl.equity(["As 2c 3d", "Kc Kd Qh"], game="razz", target_stderr=0.005, seed=1)
    assert not razz.exact and max(razz.stderr) <= 0.005 and razz.equity[0] > 0.9


def test_equity_errors_of_the_new_games(impl: Api) -> None:
    with pytest.raises(
        ValueError, match=r"^player 1: a holdem range in short deck equity: use Range\(\.\.\., game='shortdeck'\)$"
    ):
        impl.equity(["As Ac", impl.Range("KK")], game="shortdeck")
    with pytest.raises(ValueError, match=r"^player 0: Razz equity takes each player's known cards, not ranges$"):
        impl.equity([impl.Range("KK"), "As 2c 3d"], game="razz")
    with pytest.raises(
        ValueError, match=r"^player 1: Omaha hi-lo equity takes hands or Omaha ranges of explicit hands$"
    ):
        impl.equity(["As Ac 2d 3d", impl.Range("random", game="omaha", hole_size=4)], game="omaha8")
    with pytest.raises(ValueError, match=r"^board: Razz has no board, got 3$"):
        impl.equity(["As 2c 3d", "Kc Kd Qh"], "4h 5h 6h", game="razz")
    with pytest.raises(ValueError, match=r"^player 0: card 2c is not in the short deck"):
        impl.equity(["2c Ac", "Kh Kd"], game="shortdeck")
    with pytest.raises(ValueError, match=r"^player 1: a Razz hand has 1 to 7 known cards, got 8$"):
        impl.equity(["As 2c 3d", "Kc Kd Qh Qc Qs 2d 3h 4h"], game="razz")
    with pytest.raises(ValueError, match=r"^player 1: card As is also in player 0's hand$"):
        impl.equity(["As 2c 3d", "As Kd Qh"], game="razz")
    with pytest.raises(ValueError, match=r"^the deal needs 48 more cards but the deck has 44 left$"):
        impl.equity(["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], game="razz")


def test_the_command_line_plays_every_game(impl: Api, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from handrank._cli import main

    assert (
        main(["showdown", "--game", "omaha8", "--board", "3c 4d 9h Qc 7s", "Ah 2h Kc Kd", "Qs Qd Js Jd", "--json"]) == 0
    )
    info = json.loads(capsys.readouterr().out)
    assert (info["high_winners"], info["low_winners"]) == ([1], [0])
    assert info["players"][0]["low_description"] == "7-4-3-2-A low" and info["players"][1]["low_rank"] is None
    assert main(["equity", "--game", "razz", "As2c3d7h8s9c", "KcKdQh2h3h4h", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    want = impl.equity(["As2c3d7h8s9c", "KcKdQh2h3h4h"], game="razz")
    assert info["exact"] and [p["equity"] for p in info["players"]] == list(want.equity)
    assert main(["equity", "--game", "omaha8", "--board", "3c4d9h", "Ah2hKcKd", "QsQdJsJd", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["scoop"] == list(impl.equity(["Ah2hKcKd", "QsQdJsJd"], "3c4d9h", game="omaha8").scoop)
    assert main(["showdown", "--game", "shortdeck", "--board", "Kh Qh 2h", "As Ac", "7c 6c"]) == 2
    assert "board: card 2h is not in the short deck" in capsys.readouterr().err


# ---- ranges in the short deck (and explicit Omaha ranges in Omaha hi-lo) ------------------------------------------


def test_short_deck_ranges_hold_36_card_combos(impl: Api) -> None:
    every = impl.Range("random", game="shortdeck")
    assert len(every) == comb(36, 2) and all(min(cards) >= 16 for cards, _ in every)
    narrow = impl.Range("A2s+, 0.5(KK)", game="shortdeck")
    assert str(narrow) == "A6s+, 0.5(KK)" and len(narrow) == 8 * 4 + 6
    assert eval(repr(narrow), {"Range": impl.Range}) == narrow
    with pytest.raises(ValueError, match=r"^no hand of '55, 32s' is in the short deck"):
        impl.Range("55, 32s", game="shortdeck")


@pytest.mark.parametrize("game", ["shortdeck", "omaha8"])
def test_range_equity_is_the_weighted_sum_of_its_hands(impl: Api, game: str) -> None:
    if game == "shortdeck":
        hero, villain, board = impl.Range("AA, 0.5(KQs)", game="shortdeck"), "Qd Qc", "Ts 9c 8d"
    else:
        hero, villain, board = impl.Range("AsAh2c3d, 0.25(AcAd2h3s), 8c7c6d5d", game="omaha"), "Ks Kd Qh Qc", "4c 5h 9h"
    got = impl.equity([hero, villain], board, game=game)
    wins = ties = total = share = Fraction(0)
    for cards, weight in hero.combos:  # exact weights
        if set(cards) & set(impl.parse_cards(villain) + impl.parse_cards(board)):
            continue
        one = impl.equity([list(cards), villain], board, game=game)
        wins += weight * one.wins[0]
        ties += weight * one.ties[0]
        total += weight * one.total
        share += weight * one.total * one.equity_fraction[0]
    assert got.exact and (got.wins[0], got.ties[0], got.total) == (wins, ties, total)
    assert got.equity_fraction[0] == share / total
    mc = impl.equity([hero, villain], board, game=game, trials=30_000, seed=3)
    assert abs(mc.equity[0] - got.equity[0]) < 4 * mc.stderr[0]
