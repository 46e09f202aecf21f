"""handrank.compat.eval7 against the real eval7 0.1.11, value for value.

Every public name of eval7 is compared with the adapter's on the same input:
Card attributes and comparisons on all 52 cards, Deck shuffles, deals and
samples for the same ``random`` seeds, ``evaluate``/``handtype`` on a million
seeded random 5/6/7-card hands and on one hand of every class, ``HandRange``
on hand-picked and fuzzed range strings, and the equity functions (exact on
river boards to the last bit; flop and turn boards against a brute-force
enumeration with eval7's own evaluator and against eval7's Monte Carlo).  The
adapter's deliberate differences (a clear error where eval7 crashes or returns
nonsense) are tested at the end, each beside what eval7 does.
"""

from __future__ import annotations

import copy
import doctest
import itertools
import math
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

eval7: Any = pytest.importorskip(
    "eval7", reason="eval7 is not installed; `pip install -e .[compat]` to compare handrank.compat.eval7 with it"
)
rangestring: Any = pytest.importorskip("eval7.rangestring", reason="eval7.rangestring is missing")
xorshift: Any = pytest.importorskip("eval7.xorshift_rand", reason="eval7.xorshift_rand is missing")

from handrank.compat import eval7 as compat  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:'parseString' deprecated")  # eval7 calls pyparsing 2 names

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index = handrank card id = eval7 Deck order
E_CARDS = [eval7.Card(name) for name in NAMES]
C_CARDS = [compat.Card(name) for name in NAMES]
E_BY_NAME = dict(zip(NAMES, E_CARDS, strict=True))
C_BY_NAME = dict(zip(NAMES, C_CARDS, strict=True))
RNG_SEED = 20240607


def e_cards(text: str) -> list[Any]:
    return [E_BY_NAME[name] for name in text.split()]


def c_cards(text: str) -> list[compat.Card]:
    return [C_BY_NAME[name] for name in text.split()]


def hands_as_text(hands: Sequence[tuple[Sequence[Any], float]]) -> list[tuple[str, str, float]]:
    return [(str(a), str(b), w) for (a, b), w in hands]


def single(x: float) -> float:
    """x rounded to single precision (eval7's equities are C floats)."""
    return float(np.float32(x))


# ---- public names --------------------------------------------------------------------------------------------------


def test_public_names_cover_eval7() -> None:
    public = {name for name in dir(eval7) if not name.startswith("_")}
    submodules = {"cards", "equity", "handrange", "rangestring", "xorshift_rand", "absolute_import"}
    missing = {name for name in public - submodules if not hasattr(compat, name)}
    assert missing == set()
    assert compat.ranks == eval7.ranks
    assert compat.suits == eval7.suits
    assert set(compat.__all__) >= public - submodules


def test_docstring_examples() -> None:
    result = doctest.testmod(compat, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= 10


# ---- Card ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_card_attributes(name: str) -> None:
    theirs, ours = eval7.Card(name), compat.Card(name)
    assert (ours.mask, ours.rank, ours.suit) == (theirs.mask, theirs.rank, theirs.suit)
    assert (str(ours), repr(ours), hash(ours), f"{ours}") == (str(theirs), repr(theirs), hash(theirs), f"{theirs}")
    assert ours == compat.Card(name)
    assert compat.Card(card_string=name) is ours


def test_card_comparisons_all_pairs() -> None:
    """eval7's comparisons (``a > b`` when a's rank *or* suit is higher) on every pair, all six operators."""
    ops = ("__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__")
    for (e1, c1), (e2, c2) in itertools.product(zip(E_CARDS, C_CARDS, strict=True), repeat=2):
        want = [getattr(e1, op)(e2) for op in ops]
        got = [getattr(c1, op)(c2) for op in ops]
        assert got == want, (str(e1), str(e2))


def test_card_sorting_matches() -> None:
    rng = random.Random(RNG_SEED)
    for _ in range(300):
        ids = rng.sample(range(52), rng.randint(2, 9))
        want = [str(c) for c in sorted(E_CARDS[i] for i in ids)]
        got = [str(c) for c in sorted(C_CARDS[i] for i in ids)]
        assert got == want
        e_extremes = (max(E_CARDS[i] for i in ids), min(E_CARDS[i] for i in ids))
        c_extremes = (max(C_CARDS[i] for i in ids), min(C_CARDS[i] for i in ids))
        assert [str(c) for c in c_extremes] == [str(c) for c in e_extremes]


@pytest.mark.parametrize("other", [3, "As", None, 2.5])
def test_card_compared_with_non_cards(other: object) -> None:
    for card in (eval7.Card("As"), compat.Card("As")):
        assert (card == other) is False
        assert (card != other) is True
        for op in ("__lt__", "__le__", "__gt__", "__ge__"):
            with pytest.raises(TypeError, match="Cannot compare"):
                getattr(card, op)(other)


def test_cards_usable_as_keys() -> None:
    ours = {compat.Card(n): n for n in NAMES}
    assert len(ours) == 52
    assert ours[compat.Card("Td")] == "Td"
    assert {c.mask for c in ours} == {c.mask for c in E_CARDS}


def test_card_is_shared_immutable_and_picklable() -> None:
    card = compat.Card("Qh")
    assert compat.Card("Qh") is card
    with pytest.raises(AttributeError, match="immutable"):
        card.mask = 3
    with pytest.raises(AttributeError, match="immutable"):
        card.rank = 0
    assert (card.mask, str(card)) == (eval7.Card("Qh").mask, "Qh")
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    with pytest.raises(TypeError):  # eval7's cards cannot be pickled at all
        pickle.dumps(eval7.Card("Qh"))


# ---- Deck ------------------------------------------------------------------------------------------------------------


def test_deck_layout() -> None:
    theirs, ours = eval7.Deck(), compat.Deck()
    assert repr(ours) == repr(theirs)
    assert len(ours) == len(theirs) == 52
    assert [str(c) for c in ours] == [str(c) for c in theirs] == NAMES
    assert [str(c) for c in ours.cards] == [str(c) for c in theirs.cards]
    assert str(ours[0]) == str(theirs[0]) and str(ours[-1]) == str(theirs[-1])
    assert [str(c) for c in ours[5:9]] == [str(c) for c in theirs[5:9]]
    assert compat.Card("As") in ours
    assert ours.cards is not compat.Deck().cards


@pytest.mark.parametrize("seed", range(6))
def test_deck_same_cards_for_the_same_seed(seed: int) -> None:
    def run(module: Any) -> list[Any]:
        random.seed(seed)
        deck = module.Deck()
        out: list[Any] = [deck.sample(5)]
        deck.shuffle()
        out += [deck.peek(3), deck.deal(7), deck.sample(4), deck.deal(0), len(deck), repr(deck)]
        deck.shuffle()
        out += [deck.deal(len(deck)), len(deck)]
        return [[str(c) for c in x] if isinstance(x, list) else x for x in out]

    assert run(compat) == run(eval7)


def test_deck_insufficient_cards() -> None:
    for module in (eval7, compat):
        deck = module.Deck()
        deck.deal(50)
        for method in ("deal", "peek", "sample"):
            with pytest.raises(ValueError, match="Insufficient cards in deck"):
                getattr(deck, method)(3)
        assert len(deck) == 2


# ---- evaluate and handtype -------------------------------------------------------------------------------------------


def random_ids(n: int, k: int, seed: int) -> list[list[int]]:
    """n seeded random hands of k distinct card ids."""
    rng = np.random.default_rng(seed)
    return np.argpartition(rng.random((n, 52)), k, axis=1)[:, :k].tolist()  # type: ignore[no-any-return]


def test_evaluate_and_handtype_on_a_million_random_hands() -> None:
    total = 0
    types_seen: set[str] = set()
    for k, n in ((5, 333_334), (6, 333_333), (7, 333_333)):
        ids = random_ids(n, k, RNG_SEED + k)
        want = [eval7.evaluate([E_CARDS[c] for c in hand]) for hand in ids]
        got = [compat.evaluate([C_CARDS[c] for c in hand]) for hand in ids]
        bad = [i for i in range(n) if want[i] != got[i]]
        assert bad == [], f"{len(bad)} {k}-card mismatches, first {[NAMES[c] for c in ids[bad[0]]]}"
        distinct = set(want)
        names = {v: eval7.handtype(v) for v in distinct}
        assert {v: compat.handtype(v) for v in distinct} == names
        assert list(map(compat.handtype, got)) == [names[v] for v in want]
        types_seen |= set(names.values())
        total += n
    assert total >= 1_000_000
    assert len(types_seen) == 9  # every hand type, straight flushes included, was compared


def test_every_hand_class_maps_to_eval7s_value() -> None:
    """One 5-card hand per handrank class: the table gives eval7's value, and it falls strictly with the class."""
    from handrank import evaluate as handrank_evaluate
    from handrank._tables import class_patterns

    values = []
    for cls, (category, five) in enumerate(class_patterns(), start=1):
        if category in (0, 1, 4):  # flushes: one suit
            suit_of = [3] * 5
        elif category in (5, 9):  # five distinct ranks, not a flush
            suit_of = [0, 1, 0, 0, 0]
        else:  # repeated ranks take suits 0, 1, 2, 3 in turn
            suit_of = [five[:i].count(r) for i, r in enumerate(five)]
        names = ["23456789TJQKA"[r] + "cdhs"[s] for r, s in zip(five, suit_of, strict=True)]
        assert handrank_evaluate(names) == cls
        want = eval7.evaluate([E_BY_NAME[n] for n in names])
        assert compat.evaluate([C_BY_NAME[n] for n in names]) == want, (cls, names)
        assert compat.handtype(want) == eval7.handtype(want)
        values.append(want)
    assert all(a > b for a, b in itertools.pairwise(values))  # one value per class, in the same order


def test_evaluate_takes_any_iterable_of_cards() -> None:
    want = eval7.evaluate(e_cards("As 4d 4c 3s 2d"))
    assert compat.evaluate(c_cards("As 4d 4c 3s 2d")) == want
    assert compat.evaluate(tuple(c_cards("As 4d 4c 3s 2d"))) == want
    assert compat.evaluate(map(compat.Card, ("As", "4d", "4c", "3s", "2d"))) == want  # eval7's docstring example
    assert compat.evaluate(c for c in c_cards("As 4d 4c 3s 2d")) == want
    with pytest.raises(TypeError):  # eval7 needs len()
        eval7.evaluate(map(eval7.Card, ("As", "4d", "4c", "3s", "2d")))


@pytest.mark.parametrize("t", range(9))
def test_handtype_boundaries(t: int) -> None:
    for value in (t << 24, (t << 24) + 0x54321, ((t + 1) << 24) - 1):
        assert compat.handtype(value) == eval7.handtype(value)
    assert compat.handtype(np.int64(t << 24)) == eval7.handtype(t << 24)


# ---- README examples -------------------------------------------------------------------------------------------------


def test_readme_basic_usage() -> None:
    deck = compat.Deck()
    deck.shuffle()
    hand = deck.deal(7)
    assert len(hand) == 7 and len(deck) == 45
    assert compat.evaluate(hand) == eval7.evaluate([E_BY_NAME[str(c)] for c in hand])
    readme_hand = [compat.Card(s) for s in ("5c", "9s", "8d", "5d", "Ac", "Qc", "3d")]
    assert compat.evaluate(readme_hand) == 17025648
    assert compat.handtype(17025648) == "Pair"
    straight = [compat.Card(s) for s in ("As", "2c", "3d", "5s", "4c")]
    assert compat.evaluate(straight) == 67305472
    assert compat.handtype(67305472) == "Straight"


def test_readme_hand_ranges() -> None:
    hr = compat.HandRange("AQs+, 0.4(AsKs)")
    expected = [
        ("Ac", "Qc", 1.0),
        ("Ad", "Qd", 1.0),
        ("Ah", "Qh", 1.0),
        ("As", "Qs", 1.0),
        ("Ac", "Kc", 1.0),
        ("Ad", "Kd", 1.0),
        ("Ah", "Kh", 1.0),
        ("As", "Ks", 1.0),
        ("As", "Ks", 0.4),
    ]
    assert hands_as_text(hr.hands) == expected
    assert repr(hr.hands[0]) == '((Card("Ac"), Card("Qc")), 1.0)'
    assert len(compat.HandRange("AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)")) == 144


def test_eval7_docstring_range_examples() -> None:
    assert compat.HandRange("AA, 0.8(AKs)").tokens == [("AA", 1.0), ("AKs", 0.8)]
    assert len(compat.HandRange("TT+, A8o-ATo, 80%(KTs+)")) == 30 + 36 + 12
    assert [t for t, _ in compat.HandRange("88-JJ").tokens] == ["88", "99", "TT", "JJ"]
    assert [t for t, _ in compat.HandRange("A7o-ATo").tokens] == ["A7o", "A8o", "A9o", "ATo"]
    assert [t for t, _ in compat.HandRange("T6s+").tokens] == ["T6s", "T7s", "T8s", "T9s"]
    assert hands_as_text(compat.HandRange("ATs").hands) == [
        ("Ac", "Tc", 1.0),
        ("Ad", "Td", 1.0),
        ("Ah", "Th", 1.0),
        ("As", "Ts", 1.0),
    ]
    for text in ("55+, 87o, K9s-KJs", "JJ+, AT+, 80%(A8s+)", "ATo, 86s, JT, 99", "As3c, 8c5s"):
        assert hands_as_text(compat.HandRange(text).hands) == hands_as_text(eval7.HandRange(text).hands)


# ---- HandRange -------------------------------------------------------------------------------------------------------

RANGE_STRINGS = [
    "",
    "   ",
    "AA",
    "AK",
    "AKs",
    "AKo",
    "KA",
    "ak",
    "aks",
    "tt",
    "QQ+",
    "22+",
    "AA+",
    "AT+",
    "ATs+",
    "A2o+",
    "K2s+",
    "32+",
    "T9s+",
    "A2s-A5s",
    "A5s-A2s",
    "22-55",
    "55-22",
    "AA-22",
    "KK-QQ",
    "AK-A2",
    "K2o-K5o",
    "AK-AK",
    "AsKs",
    "KsAs",
    "2cAs",
    "AcAs",
    "As Ks",
    "AsKs, AKs, 0.4(AsKs)",
    "AA, AA",
    "0.5(AA)",
    "50%(AA)",
    ".5(AA)",
    "1.(AA)",
    "1(AA)",
    "100%(AA)",
    "0.0(AA)",
    "33.3%(AA, KK)",
    "0.33%(AA)",
    "0 .5(AA)",
    "50 %(AA)",
    "0.5 ( AA , KK )",
    "0.5(AA, KK), QQ",
    "QQ, 0.5(AA), 0.3(KK), JJ",
    "AK s",
    "AKo ",
    "\tAKo\n",
    "AK\no",
    "AKs - AQs",
    "JJ+ ,AK",
    "AA ,KK",
    "55+, 87o, K9s-KJs",
    "JJ+, AT+, 80%(A8s+)",
    "AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)",
    "AQs+, 0.4(AsKs)",
    "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32",
    "0.25(7c6c, 5d4d), 66-99, AJo-AQo",
]

BAD_RANGE_STRINGS = [
    "AsAs",
    "2c2c",
    "AAs",
    "QQo+",
    "KQ-AQ",
    "AKs-AJ",
    "AA-KQ",
    "AQs-KQs",
    "A K",
    "AKS",
    "KDKs",
    "AKQ",
    "AA,",
    ",AA",
    "AA,,KK",
    "AA KK",
    "(AA)",
    "0.5()",
    "AA%",
    "AA(",
    "01(AA)",
    "0(AA)",
    "00.5(AA)",
    "5.5.5(AA)",
    "0.5(0.3(AA))",
    "AsKs+",
    "AsKs-AsQs",
    "AhKhQh",
    "#a b#",
    "#UT-G#",
    "1e1(AA)",
]


@pytest.mark.parametrize("text", RANGE_STRINGS)
def test_hand_range_matches(text: str) -> None:
    theirs, ours = eval7.HandRange(text), compat.HandRange(text)
    assert ours.string == theirs.string == text
    assert ours.tokens == theirs.tokens
    assert hands_as_text(ours.hands) == hands_as_text(theirs.hands)
    assert len(ours) == len(theirs)
    assert hands_as_text(list(ours)) == hands_as_text(list(theirs))
    assert all(type(a) is compat.Card and type(b) is compat.Card for (a, b), _ in ours)


@pytest.mark.parametrize("text", BAD_RANGE_STRINGS)
def test_hand_range_rejects_what_eval7_rejects(text: str) -> None:
    with pytest.raises(rangestring.RangeStringError):
        eval7.HandRange(text)
    with pytest.raises(compat.RangeStringError):
        compat.HandRange(text)
    assert issubclass(compat.RangeStringError, ValueError)


def _fuzz_range_string(rng: random.Random) -> str:
    """A range string from eval7's grammar with random spacing, sometimes with one character changed."""

    def ws() -> str:
        return rng.choice(["", "", "", " ", "  ", "\t", "\n"])

    def rank() -> str:
        r = rng.choice("23456789TJQKA")
        return r.lower() if rng.random() < 0.05 else r

    def hand_type() -> str:
        a = rank()
        b = rank() if rng.random() < 0.8 else a
        suffix = rng.choice(["", "", "s", "o"]) if a.upper() != b.upper() or rng.random() < 0.05 else ""
        return a + b + suffix

    def item() -> str:
        x = rng.random()
        if x < 0.35:
            return hand_type()
        if x < 0.5:
            return hand_type() + ws() + "+"
        if x < 0.75:
            a, lo1, lo2 = rng.choice("3456789TJQKA"), rng.choice("23456789"), rng.choice("23456789TJQKA")
            suffix = rng.choice(["", "s", "o"])
            if rng.random() < 0.3:
                return lo1 * 2 + ws() + "-" + ws() + lo2 * 2
            return a + lo1 + suffix + ws() + "-" + ws() + a + lo2 + (suffix if rng.random() < 0.9 else "s")
        return rank() + rng.choice("cdhs") + ws() + rank() + rng.choice("cdhs")  # a lower-case rank crashes eval7

    def group() -> str:
        items = (ws() + "," + ws()).join(item() for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.3:
            weight = rng.choice(["0.5", "50%", "0.25", "1", "1.", "100%", "33.3%", ".5", "0 .5", "5 %", "0.75 %", "2"])
            return weight + ws() + "(" + ws() + items + ws() + ")"
        return items

    text = ws() + (ws() + "," + ws()).join(group() for _ in range(rng.randint(1, 3))) + ws()
    if rng.random() < 0.2:
        i = rng.randrange(len(text) + 1)
        ch = rng.choice("AKs o,+-()%.#5cQ ")
        text = text[:i] + ch + text[i:] if rng.random() < 0.5 else text[:i] + text[i + 1 :]
    return text


def _mixed_case_pair(text: str) -> bool:
    return any(a != b and a.upper() == b.upper() for a, b in itertools.pairwise(text))


def test_hand_range_fuzzed_against_eval7() -> None:
    """Same tokens and hands whenever eval7 parses; a RangeStringError whenever eval7 rejects or crashes."""
    rng = random.Random(RNG_SEED)
    outcomes = {"same": 0, "both reject": 0, "weight above 1 or mixed-case pair": 0, "eval7 crashes": 0}
    for _ in range(500):
        text = _fuzz_range_string(rng)
        try:
            theirs = eval7.HandRange(text)
        except rangestring.RangeStringError:
            with pytest.raises(compat.RangeStringError):
                compat.HandRange(text)
            outcomes["both reject"] += 1
            continue
        except ValueError:  # tuple.index, on an explicit hand with a lower-case rank
            with pytest.raises(compat.RangeStringError):
                compat.HandRange(text)
            outcomes["eval7 crashes"] += 1
            continue
        if any(w > 1 for _, w in theirs.tokens) or _mixed_case_pair(text):
            with pytest.raises(compat.RangeStringError):
                compat.HandRange(text)
            outcomes["weight above 1 or mixed-case pair"] += 1
            continue
        ours = compat.HandRange(text)
        assert ours.tokens == theirs.tokens, text
        assert hands_as_text(ours.hands) == hands_as_text(theirs.hands), text
        outcomes["same"] += 1
    assert min(outcomes.values()) > 5, outcomes  # every kind of outcome was exercised


# ---- equity ----------------------------------------------------------------------------------------------------------

RIVER_RANGES = ["22+", "AK, AQ, 0.5(KK)", "A2+, K9s+, 55-99", "QQ+, AsKs, AKs, AsKs", "T9s, 98s, JTo, 0.2(AA)"]


def test_exact_on_the_river_matches_eval7_bit_for_bit() -> None:
    rng = random.Random(RNG_SEED)
    compared = 0
    for i in range(120):
        ids = rng.sample(range(52), 7)
        text = RIVER_RANGES[i % len(RIVER_RANGES)]
        e_hand, e_board = [E_CARDS[c] for c in ids[:2]], [E_CARDS[c] for c in ids[2:]]
        c_hand, c_board = [C_CARDS[c] for c in ids[:2]], [C_CARDS[c] for c in ids[2:]]
        try:
            want = eval7.py_hand_vs_range_exact(e_hand, eval7.HandRange(text), e_board)
        except ZeroDivisionError:  # the hand and board leave the range empty (a ValueError here)
            with pytest.raises(ValueError, match="no hand"):
                compat.py_hand_vs_range_exact(c_hand, compat.HandRange(text), c_board)
            continue
        assert compat.py_hand_vs_range_exact(c_hand, compat.HandRange(text), c_board) == want
        assert compat.py_hand_vs_range_exact(tuple(c_hand), compat.HandRange(text).hands, c_board) == want
        compared += 1
    assert compared > 100


def brute_force(hand: str, text: str, board: str) -> float:
    """Hero's equity against the unweighted range over every runout, using eval7's own evaluator."""
    hero, cards = e_cards(hand), e_cards(board)
    dead = {str(c) for c in hero + cards}
    live = [h for h, _ in eval7.HandRange(text) if not dead & {str(h[0]), str(h[1])}]
    total = 0.0
    for villain in live:
        rest = [c for c in E_CARDS if str(c) not in dead | {str(villain[0]), str(villain[1])}]
        score = 0.0
        runouts = list(itertools.combinations(rest, 5 - len(cards)))
        for runout in runouts:
            mine = eval7.evaluate(hero + cards + list(runout))
            theirs = eval7.evaluate(list(villain) + cards + list(runout))
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        total += score / len(runouts)
    return total / len(live)


EARLY_CASES = [
    ("Ah Kh", "QQ+, AJs+, KQs", "Qs 7h 2h"),
    ("7c 7d", "AK, 88+", "As 9d 3c 2h"),
    ("Js Ts", "99, 88, A9s, AsKs, AsKs", "9s 8d 2s"),
    ("5d 4d", "AA, KK, AKs", "Ad Kd 3c 7s"),
    ("Ac Qc", "JJ-TT, 0.5(KQs), KcQc", "Kc 7c 2d 3h"),
]


@pytest.mark.parametrize(("hand", "text", "board"), EARLY_CASES)
def test_exact_on_flop_and_turn(hand: str, text: str, board: str) -> None:
    """Every runout enumerated: equal to a brute force with eval7's evaluator, and to eval7's Monte Carlo."""
    ours = compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange(text), c_cards(board))
    assert ours == single(brute_force(hand, text, board))
    xorshift.seed(RNG_SEED)
    iterations = 50_000
    theirs_mc = eval7.py_hand_vs_range_monte_carlo(e_cards(hand), eval7.HandRange(text), e_cards(board), iterations)
    assert abs(theirs_mc - ours) < 5 * 0.5 / math.sqrt(iterations)


def test_eval7_exact_misreads_an_incomplete_board() -> None:
    """The documented difference: eval7 scores a flop as if it were a full board."""
    theirs = eval7.py_hand_vs_range_exact(e_cards("As Ah"), eval7.HandRange("KK"), e_cards("2c 3d 4h"))
    ours = compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange("KK"), c_cards("2c 3d 4h"))
    assert theirs == 1.0
    assert ours == single(brute_force("As Ah", "KK", "2c 3d 4h"))
    assert 0.9 < ours < 0.92


@pytest.mark.parametrize(("hand", "text", "board"), [*EARLY_CASES, ("Ah Kh", "QQ+, AKs", "")])
def test_monte_carlo_within_sampling_noise(hand: str, text: str, board: str) -> None:
    iterations = 40_000
    exact = compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange(text), c_cards(board))
    random.seed(RNG_SEED)
    ours = compat.py_hand_vs_range_monte_carlo(c_cards(hand), compat.HandRange(text), c_cards(board), iterations)
    assert abs(ours - exact) < 5 * 0.5 / math.sqrt(iterations)
    assert ours == single(ours)  # a C float, as eval7 returns
    random.seed(RNG_SEED)
    again = compat.py_hand_vs_range_monte_carlo(c_cards(hand), compat.HandRange(text), c_cards(board), iterations)
    assert again == ours  # random.seed makes it repeatable
    xorshift.seed(RNG_SEED)
    theirs = eval7.py_hand_vs_range_monte_carlo(e_cards(hand), eval7.HandRange(text), e_cards(board), iterations)
    assert abs(theirs - exact) < 5 * 0.5 / math.sqrt(iterations)


def test_monte_carlo_on_a_complete_board_is_exact() -> None:
    hand, text, board = "Ah Kh", "QQ+, AJs+, KQs, 76s", "Qs 7h 2h 9c 3d"
    theirs_exact = eval7.py_hand_vs_range_exact(e_cards(hand), eval7.HandRange(text), e_cards(board))
    live = len([h for h, _ in eval7.HandRange(text) if not {str(h[0]), str(h[1])} & set((hand + " " + board).split())])
    # eval7 cycles through the live range, so a whole number of cycles is exact there too
    theirs_mc = eval7.py_hand_vs_range_monte_carlo(e_cards(hand), eval7.HandRange(text), e_cards(board), 10 * live)
    ours = compat.py_hand_vs_range_monte_carlo(c_cards(hand), compat.HandRange(text), c_cards(board), 7)
    assert ours == theirs_exact == theirs_mc


def test_all_hands_vs_range_on_the_river() -> None:
    board = "Kc 7d 2h 9s 3c"
    hero, villain = "QQ+, AK, 97s, 0.5(72o), KsKh", "JJ+, AQ+, K9s, 33"
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange(hero), eval7.HandRange(villain), e_cards(board), 100_000)
    ours = compat.py_all_hands_vs_range(compat.HandRange(hero), compat.HandRange(villain), c_cards(board), 100_000)
    on_board = set(board.split())
    want = {(str(a), str(b)): v for (a, b), v in theirs.items() if not on_board & {str(a), str(b)}}
    assert {(str(a), str(b)): v for (a, b), v in ours.items()} == want
    assert len(want) < len(theirs)  # eval7 also scores hands that hold a board card; they are left out here
    assert all(type(k) is tuple and len(k) == 2 for k in ours)
    key = (compat.Card("As"), compat.Card("Ah"))
    assert ours[key] == compat.py_hand_vs_range_exact(list(key), compat.HandRange(villain), c_cards(board))


def test_all_hands_vs_range_on_the_flop() -> None:
    board = "Qs 7h 2h"
    hero, villain = "AA, KhQh, 7s7c, 0.3(Ts9s)", "QQ+, AKs, 22"
    iterations = 20_000
    xorshift.seed(RNG_SEED)
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange(hero), eval7.HandRange(villain), e_cards(board), iterations)
    random.seed(RNG_SEED)
    ours = compat.py_all_hands_vs_range(compat.HandRange(hero), compat.HandRange(villain), c_cards(board), iterations)
    assert [(str(a), str(b)) for a, b in ours] == [(str(a), str(b)) for a, b in theirs]
    tolerance = 5 * 0.5 / math.sqrt(iterations)
    for (a, b), value in ours.items():
        exact = compat.py_hand_vs_range_exact([a, b], compat.HandRange(villain), c_cards(board))
        assert abs(value - exact) < tolerance
        assert abs(theirs[(E_BY_NAME[str(a)], E_BY_NAME[str(b)])] - exact) < tolerance


def test_all_hands_vs_range_leaves_out_impossible_hands() -> None:
    board = "2c 3d 4h 8s 9s"
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange("AA"), eval7.HandRange("AsAh"), e_cards(board), 1000)
    ours = compat.py_all_hands_vs_range(compat.HandRange("AA"), compat.HandRange("AsAh"), c_cards(board), 1000)
    assert {(str(a), str(b)): v for (a, b), v in ours.items()} == {("Ad", "Ac"): 0.5}
    assert {(str(a), str(b)): v for (a, b), v in theirs.items()} == {("Ad", "Ac"): 0.5}


def test_weights_are_ignored_and_repeats_count() -> None:
    """Like eval7: a hand listed twice counts twice, whatever the weights say."""
    board = c_cards("Kc 7d 2h 9s 3c")
    hero = c_cards("Qh Qd")
    # AsKs (beats QQ) listed 3 times, JJ's six combos (lose) once each: 3 / 9 losses
    ours = compat.py_hand_vs_range_exact(hero, compat.HandRange("AsKs, 0.1(AsKs), JJ, 0.5(AsKs)"), board)
    assert ours == single(6 / 9)
    theirs = eval7.py_hand_vs_range_exact(
        e_cards("Qh Qd"), eval7.HandRange("AsKs, 0.1(AsKs), JJ, 0.5(AsKs)"), e_cards("Kc 7d 2h 9s 3c")
    )
    assert ours == theirs
    flop = c_cards("Kc 7d 2h")
    weighted = compat.py_hand_vs_range_exact(hero, compat.HandRange("AsKs, 0.1(AsKs), JJ, 0.5(AsKs)"), flop)
    assert weighted == single(brute_force("Qh Qd", "AsKs, 0.1(AsKs), JJ, 0.5(AsKs)", "Kc 7d 2h"))


# ---- deliberate differences: clear errors where eval7 crashes or returns nonsense -----------------------------------


@pytest.mark.parametrize("text", ["Ass", "AsKs"])
def test_card_extra_characters(text: str) -> None:
    assert str(eval7.Card(text)) == text[:2]  # eval7 ignores the rest
    with pytest.raises(ValueError, match="two characters"):
        compat.Card(text)


@pytest.mark.parametrize("text", ["", "A", "as", "AS", "aS", "1c", "10s", "Xs", "Ax", "tc"])
def test_card_bad_strings(text: str) -> None:
    with pytest.raises((ValueError, IndexError)):
        eval7.Card(text)
    with pytest.raises(ValueError, match=r"rank|suit|two characters"):
        compat.Card(text)


@pytest.mark.parametrize("value", [5, None, b"As", ["A", "s"], ("A", "s")])
def test_card_non_strings(value: object) -> None:
    with pytest.raises(TypeError, match="string"):
        compat.Card(value)  # type: ignore[arg-type]


def test_evaluate_bad_hands() -> None:
    assert eval7.evaluate(e_cards("As As Qs Js Ts")) == 16829072  # eval7: "a pair"
    with pytest.raises(ValueError, match="As is given twice"):
        compat.evaluate(c_cards("As As Qs Js Ts"))
    for text in ("As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s"):
        assert isinstance(eval7.evaluate(e_cards(text)), int)  # a meaningless number
        with pytest.raises(ValueError, match="5 to 7 cards"):
            compat.evaluate(c_cards(text))
    assert eval7.evaluate([]) == 0
    with pytest.raises(ValueError, match="5 to 7 cards"):
        compat.evaluate([])
    with pytest.raises(AttributeError):
        eval7.evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    for bad in (["As", "Ks", "Qs", "Js", "Ts"], [*c_cards("As Ks Qs Js"), 12], "AsKsQsJsTs", None, 7):
        with pytest.raises(TypeError, match="Card"):
            compat.evaluate(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Card"):
        compat.evaluate([E_BY_NAME[n] for n in ("As", "Ks", "Qs", "Js", "Ts")])  # eval7's cards are not ours


@pytest.mark.parametrize("value", [-1, 9 << 24, 2**31, 2**32, 2**70])
def test_handtype_out_of_range(value: int) -> None:
    with pytest.raises(ValueError, match="not an eval7 hand value"):
        compat.handtype(value)
    if 0 <= value < 2**32:
        assert eval7.handtype(value) == "Straight Flush"  # eval7 calls anything above that a straight flush
    else:
        with pytest.raises(OverflowError):
            eval7.handtype(value)


@pytest.mark.parametrize("value", [1.0, 17025648.0, "1", None])
def test_handtype_non_integers(value: object) -> None:
    with pytest.raises(TypeError):
        compat.handtype(value)  # type: ignore[arg-type]


def test_deck_bad_counts() -> None:
    assert len(eval7.Deck().deal(-1)) == 51  # eval7 deals all but the last card
    deck = compat.Deck()
    for method in ("deal", "peek", "sample"):
        with pytest.raises(ValueError, match=">= 0"):
            getattr(deck, method)(-1)
        with pytest.raises(TypeError, match="integer"):
            getattr(deck, method)(2.5)
    assert len(deck) == 52
    assert [str(c) for c in deck.deal(True)] == ["2c"]  # bool is an int, as in eval7


@pytest.mark.parametrize(
    ("text", "eval7_error", "match"),
    [
        ("2(AA)", None, "above 1"),
        ("150%(AA)", None, "above 1"),
        ("asKs", ValueError, "upper case"),
        ("AsKs, 2c3d, Tdjd", ValueError, "upper case"),
        ("aA", rangestring.RangeStringError, "mixes upper and lower case"),
        ("Kk+", None, "mixes upper and lower case"),
        ("Kks+", None, "pairs cannot have suitedness"),
    ],
)
def test_hand_range_deliberate_errors(text: str, eval7_error: type[Exception] | None, match: str) -> None:
    if eval7_error is None:
        eval7.HandRange(text)  # eval7 accepts it: weights above 1, or "Kk+" read as no hands at all
    else:
        with pytest.raises(eval7_error):
            eval7.HandRange(text)
    with pytest.raises(compat.RangeStringError, match=match):
        compat.HandRange(text)


def test_hand_range_tags_are_ignored() -> None:
    with pytest.raises(UnboundLocalError):
        eval7.HandRange("#UTG#, AA")
    assert rangestring.string_to_tokens("#UTG#, AA") == [("#UTG#", 1.0), ("AA", 1.0)]
    ours = compat.HandRange("#UTG#, AA, 0.5(# My_Tag #, KK)")
    assert ours.tokens == [("#UTG#", 1.0), ("AA", 1.0), ("#My_Tag#", 0.5), ("KK", 0.5)]
    assert hands_as_text(ours.hands) == hands_as_text(eval7.HandRange("AA, 0.5(KK)").hands)


def test_hand_range_errors_name_the_problem() -> None:
    with pytest.raises(compat.RangeStringError, match="position 3"):
        compat.HandRange("AA KK")
    with pytest.raises(compat.RangeStringError, match="same card twice"):
        compat.HandRange("AsAs")
    with pytest.raises(compat.RangeStringError, match="suitedness mismatch"):
        compat.HandRange("AKs-AJ")
    with pytest.raises(compat.RangeStringError, match="top card mismatch"):
        compat.HandRange("KQ-AQ")
    with pytest.raises(TypeError, match="range string"):
        compat.HandRange(None)  # type: ignore[arg-type]


def test_equity_with_no_possible_villain_hand() -> None:
    board_e, board_c = e_cards("Ac Ad Kh 2s 3s"), c_cards("Ac Ad Kh 2s 3s")
    with pytest.raises(ZeroDivisionError):
        eval7.py_hand_vs_range_exact(e_cards("As Ah"), eval7.HandRange("AA"), board_e)
    calls: list[Callable[[], object]] = [
        lambda: compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange("AA"), board_c),
        lambda: compat.py_hand_vs_range_monte_carlo(c_cards("As Ah"), compat.HandRange("AA"), board_c, 100),
        lambda: compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange(""), board_c[:3]),
        lambda: compat.py_hand_vs_range_monte_carlo(c_cards("As Ah"), [], board_c[:3], 100),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="no hand of the villain's range"):
            call()


@pytest.mark.parametrize(
    ("iterations", "error"), [(0, ValueError), (-5, ValueError), (2.5, TypeError), ("9", TypeError)]
)
def test_equity_bad_iterations(iterations: Any, error: type[Exception]) -> None:
    args = (c_cards("As Ah"), compat.HandRange("KK"), c_cards("7c"), iterations)
    with pytest.raises(error, match="iterations"):
        compat.py_hand_vs_range_monte_carlo(*args)
    with pytest.raises(error, match="iterations"):
        compat.py_all_hands_vs_range(compat.HandRange("AA"), *args[1:])
    if iterations == 0:
        with pytest.raises(ZeroDivisionError):
            eval7.py_hand_vs_range_monte_carlo(e_cards("As Ah"), eval7.HandRange("KK"), e_cards("7c"), 0)


@pytest.mark.parametrize(
    ("hand", "board", "match"),
    [
        ("As", "2c 3d 4h", "2 cards"),
        ("As Ah Ad", "2c 3d 4h", "2 cards"),
        ("As Ah", "As 3d 4h", "both in the hand and on the board"),
        ("As Ah", "2c 3d 4h 5s 6s 7s", "at most 5"),
    ],
)
def test_equity_bad_hand_or_board(hand: str, board: str, match: str) -> None:
    calls: list[Callable[[], object]] = [
        lambda: compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange("KK"), c_cards(board)),
        lambda: compat.py_hand_vs_range_monte_carlo(c_cards(hand), compat.HandRange("KK"), c_cards(board), 100),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=match):
            call()


def test_equity_bad_ranges() -> None:
    hand, board = c_cards("As Ah"), c_cards("2c 3d 4h")
    with pytest.raises(TypeError, match="pair"):
        compat.py_hand_vs_range_exact(hand, [c_cards("Kc Kd Kh")], board)
    with pytest.raises(TypeError, match="pair"):
        compat.py_hand_vs_range_exact(hand, c_cards("Kc Kd Kh"), board)
    with pytest.raises(ValueError, match="2 cards"):
        compat.py_hand_vs_range_exact(hand, [(c_cards("Kc"), 1.0)], board)
    with pytest.raises(ValueError, match="given twice"):
        compat.py_hand_vs_range_exact(hand, [(c_cards("Kc Kc"), 1.0)], board)
    with pytest.raises(TypeError, match="HandRange"):
        compat.py_hand_vs_range_exact(hand, "KK", board)
    with pytest.raises(TypeError, match="Card"):
        compat.py_hand_vs_range_exact(["As", "Ah"], compat.HandRange("KK"), board)  # type: ignore[list-item]
