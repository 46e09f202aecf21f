"""handrank.compat.eval7: its own behaviour, and against the real eval7 0.1.11, value for value.

Without eval7, the adapter is checked on its own: its doctests, Card
attributes and comparisons on all 52 cards as eval7 documents them, Deck
shuffles, deals and samples against Python's ``random``, ``evaluate`` on one
hand of every handrank class (values falling strictly with the class) and on
random 5/6/7-card hands against ``handrank.evaluate``, ``HandRange`` on
hand-picked strings, the equity functions against a brute-force enumeration
with ``handrank.evaluate``, and its clear errors on bad input.  With eval7
installed, every public name of eval7 is also compared with the adapter's on
the same input: Card attributes and comparisons, Deck shuffles, deals and
samples for the same ``random`` seeds, ``evaluate``/``handtype`` on a million
seeded random 5/6/7-card hands and on one hand of every class, ``HandRange``
on hand-picked and fuzzed range strings, and the equity functions (exact on
river boards to the last bit; flop and turn boards against a brute-force
enumeration with eval7's own evaluator and against eval7's Monte Carlo).  Each
deliberate difference (a clear error where eval7 crashes or returns nonsense)
is tested on its own, and beside what eval7 does when eval7 is installed.
"""

from __future__ import annotations

import copy
import doctest
import functools
import itertools
import math
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest
from compat_optional import import_without, optional_import, requires

import handrank
from handrank import Category
from handrank.compat import eval7 as compat

eval7: Any = optional_import("eval7")
rangestring: Any = optional_import("eval7.rangestring")
xorshift: Any = optional_import("eval7.xorshift_rand")
needs_eval7 = requires(eval7, "eval7")

pytestmark = pytest.mark.filterwarnings("ignore:'parseString' deprecated")  # eval7 calls pyparsing 2 names

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index = handrank card id = eval7 Deck order
ID_OF = {name: i for i, name in enumerate(NAMES)}
E_CARDS = [eval7.Card(name) for name in NAMES] if eval7 is not None else []
C_CARDS = [compat.Card(name) for name in NAMES]
E_BY_NAME = dict(zip(NAMES, E_CARDS, strict=True)) if eval7 is not None else {}
C_BY_NAME = dict(zip(NAMES, C_CARDS, strict=True))
RNG_SEED = 20240607
HANDTYPES = ["High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads", "Straight Flush"]
# eval7's hand type (an index into HANDTYPES) of each handrank category.
HANDTYPE_OF: dict[Category, int] = {
    Category.ROYAL_FLUSH: 8,
    Category.STRAIGHT_FLUSH: 8,
    Category.FOUR_OF_A_KIND: 7,
    Category.FULL_HOUSE: 6,
    Category.FLUSH: 5,
    Category.STRAIGHT: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.TWO_PAIR: 2,
    Category.ONE_PAIR: 1,
    Category.HIGH_CARD: 0,
}


def e_cards(text: str) -> list[Any]:
    return [E_BY_NAME[name] for name in text.split()]


def c_cards(text: str) -> list[compat.Card]:
    return [C_BY_NAME[name] for name in text.split()]


def ids_of(cards: Sequence[compat.Card]) -> list[int]:
    return [ID_OF[str(card)] for card in cards]


def hands_as_text(hands: Sequence[tuple[Sequence[Any], float]]) -> list[tuple[str, str, float]]:
    return [(str(a), str(b), w) for (a, b), w in hands]


def single(x: float) -> float:
    """x rounded to single precision (eval7's equities are C floats)."""
    return float(np.float32(x))


# ---- public names --------------------------------------------------------------------------------------------------

EVAL7_NAMES = ["Card", "Deck", "HandRange", "evaluate", "handtype", "ranks", "suits"]
EVAL7_NAMES += ["py_all_hands_vs_range", "py_hand_vs_range_exact", "py_hand_vs_range_monte_carlo"]


def test_public_names() -> None:
    assert all(hasattr(compat, name) for name in EVAL7_NAMES)
    assert set(compat.__all__) == {*EVAL7_NAMES, "RangeStringError"}
    assert compat.ranks == ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
    assert compat.suits == ("c", "d", "h", "s")


@needs_eval7
def test_public_names_cover_eval7() -> None:
    public = {name for name in dir(eval7) if not name.startswith("_")}
    submodules = {"cards", "equity", "handrange", "rangestring", "xorshift_rand", "absolute_import"}
    missing = {name for name in public - submodules if not hasattr(compat, name)}
    assert missing == set()
    assert compat.ranks == eval7.ranks
    assert compat.suits == eval7.suits
    assert set(compat.__all__) >= public - submodules
    assert public - submodules == set(EVAL7_NAMES)


def test_adapter_imports_without_eval7() -> None:
    got = import_without("eval7", "handrank.compat.eval7")
    assert got.returncode == 0, got.stderr
    assert got.stdout.split() == ["ok"]


def test_docstring_examples() -> None:
    result = doctest.testmod(compat, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= 10


# ---- Card ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_card_attributes_as_eval7_documents_them(name: str) -> None:
    ours = compat.Card(name)
    rank, suit = "23456789TJQKA".index(name[0]), "cdhs".index(name[1])
    assert (ours.mask, ours.rank, ours.suit) == (1 << (13 * suit + rank), rank, suit)
    assert (str(ours), repr(ours), hash(ours), f"{ours}") == (name, f'Card("{name}")', ours.mask, name)
    assert ours == compat.Card(name)
    assert compat.Card(card_string=name) is ours


@needs_eval7
@pytest.mark.parametrize("name", NAMES)
def test_card_attributes(name: str) -> None:
    theirs, ours = eval7.Card(name), compat.Card(name)
    assert (ours.mask, ours.rank, ours.suit) == (theirs.mask, theirs.rank, theirs.suit)
    assert (str(ours), repr(ours), hash(ours), f"{ours}") == (str(theirs), repr(theirs), hash(theirs), f"{theirs}")
    assert ours == compat.Card(name)
    assert compat.Card(card_string=name) is ours


def test_card_comparisons_all_pairs_follow_eval7s_rule() -> None:
    """``a > b`` when a's rank *or* suit is higher; ``==`` compares masks; the other four follow from those two."""
    for a, b in itertools.product(C_CARDS, repeat=2):
        above = a.rank > b.rank or a.suit > b.suit
        same = a.mask == b.mask
        assert (a > b, a == b, a != b) == (above, same, not same), (str(a), str(b))
        assert (a >= b, a <= b, a < b) == (above or same, not above, not (above or same)), (str(a), str(b))


@needs_eval7
def test_card_comparisons_all_pairs() -> None:
    """eval7's comparisons (``a > b`` when a's rank *or* suit is higher) on every pair, all six operators."""
    ops = ("__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__")
    for (e1, c1), (e2, c2) in itertools.product(zip(E_CARDS, C_CARDS, strict=True), repeat=2):
        want = [getattr(e1, op)(e2) for op in ops]
        got = [getattr(c1, op)(c2) for op in ops]
        assert got == want, (str(e1), str(e2))


@needs_eval7
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


def check_compared_with_non_card(card: Any, other: object) -> None:
    assert (card == other) is False
    assert (card != other) is True
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        with pytest.raises(TypeError, match="Cannot compare"):
            getattr(card, op)(other)


@pytest.mark.parametrize("other", [3, "As", None, 2.5])
def test_card_compared_with_non_cards(other: object) -> None:
    check_compared_with_non_card(compat.Card("As"), other)


@needs_eval7
@pytest.mark.parametrize("other", [3, "As", None, 2.5])
def test_eval7_card_compared_with_non_cards(other: object) -> None:
    check_compared_with_non_card(eval7.Card("As"), other)


def test_cards_usable_as_keys() -> None:
    ours = {compat.Card(n): n for n in NAMES}
    assert len(ours) == 52
    assert ours[compat.Card("Td")] == "Td"
    assert {c.mask for c in ours} == {1 << (13 * suit + rank) for rank in range(13) for suit in range(4)}


@needs_eval7
def test_cards_have_eval7s_masks() -> None:
    assert {c.mask for c in C_CARDS} == {c.mask for c in E_CARDS}


def test_card_is_shared_immutable_and_picklable() -> None:
    card = compat.Card("Qh")
    assert compat.Card("Qh") is card
    with pytest.raises(AttributeError, match="immutable"):
        card.mask = 3
    with pytest.raises(AttributeError, match="immutable"):
        card.rank = 0
    assert (card.mask, str(card)) == (1 << (13 * 2 + 10), "Qh")
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card


@needs_eval7
def test_eval7_cards_cannot_be_pickled() -> None:
    assert compat.Card("Qh").mask == eval7.Card("Qh").mask
    with pytest.raises(TypeError):  # eval7's cards cannot be pickled at all
        pickle.dumps(eval7.Card("Qh"))


# ---- Deck ------------------------------------------------------------------------------------------------------------


def test_deck_layout_as_eval7s() -> None:
    ours = compat.Deck()
    assert repr(ours) == "Deck([" + ", ".join(f'Card("{n}")' for n in NAMES) + "])"
    assert len(ours) == 52
    assert [str(c) for c in ours] == [str(c) for c in ours.cards] == NAMES
    assert str(ours[0]) == "2c" and str(ours[-1]) == "As"
    assert [str(c) for c in ours[5:9]] == NAMES[5:9]
    assert compat.Card("As") in ours
    assert ours.cards is not compat.Deck().cards


@needs_eval7
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


def deck_run(module: Any, seed: int) -> list[Any]:
    random.seed(seed)
    deck = module.Deck()
    out: list[Any] = [deck.sample(5)]
    deck.shuffle()
    out += [deck.peek(3), deck.deal(7), deck.sample(4), deck.deal(0), len(deck), repr(deck)]
    deck.shuffle()
    out += [deck.deal(len(deck)), len(deck)]
    return [[str(c) for c in x] if isinstance(x, list) else x for x in out]


@pytest.mark.parametrize("seed", range(6))
def test_deck_uses_the_random_module(seed: int) -> None:
    """shuffle is random.shuffle of the cards and sample is random.sample of them, so random.seed repeats a deal."""
    random.seed(seed)
    cards = list(C_CARDS)
    want: list[Any] = [random.sample(cards, 5)]
    random.shuffle(cards)
    want += [cards[:3], cards[:7]]
    del cards[:7]
    want += [random.sample(cards, 4), [], len(cards), f"Deck({cards!r})"]
    random.shuffle(cards)
    want += [list(cards), 0]
    want = [[str(c) for c in x] if isinstance(x, list) else x for x in want]
    assert deck_run(compat, seed) == want


@needs_eval7
@pytest.mark.parametrize("seed", range(6))
def test_deck_same_cards_for_the_same_seed(seed: int) -> None:
    assert deck_run(compat, seed) == deck_run(eval7, seed)


def check_insufficient_cards(module: Any) -> None:
    deck = module.Deck()
    deck.deal(50)
    for method in ("deal", "peek", "sample"):
        with pytest.raises(ValueError, match="Insufficient cards in deck"):
            getattr(deck, method)(3)
    assert len(deck) == 2


def test_deck_insufficient_cards() -> None:
    check_insufficient_cards(compat)


@needs_eval7
def test_eval7_deck_insufficient_cards() -> None:
    check_insufficient_cards(eval7)


# ---- evaluate and handtype -------------------------------------------------------------------------------------------


def random_ids(n: int, k: int, seed: int) -> list[list[int]]:
    """n seeded random hands of k distinct card ids."""
    rng = np.random.default_rng(seed)
    return np.argpartition(rng.random((n, 52)), k, axis=1)[:, :k].tolist()  # type: ignore[no-any-return]


def example_cards(rank: int) -> list[compat.Card]:
    """Five cards that make handrank's ``rank``."""
    return [C_CARDS[c] for c in handrank.example_hand(rank)]


@functools.cache
def class_values() -> list[int]:
    """The adapter's value for one hand of each handrank class (index = class; index 0 unused)."""
    return [0] + [compat.evaluate(example_cards(rank)) for rank in range(1, 7463)]


def test_every_hand_class_has_one_value_falling_with_the_class() -> None:
    """One 5-card hand per handrank class: its value falls strictly with the class, with the class's hand type."""
    values = class_values()
    for rank in range(1, 7463):
        assert handrank.evaluate(handrank.example_hand(rank)) == rank
        value = values[rank]
        assert type(value) is int and 0 <= value < 9 << 24
        assert value >> 24 == HANDTYPE_OF[handrank.category(rank)]
        assert compat.handtype(value) == HANDTYPES[value >> 24]
    assert all(a > b for a, b in itertools.pairwise(values[1:]))  # one value per class, in the same order
    assert values[1] == 135004160  # a royal flush: 8 << 24 | 12 << 16 (the ace)
    assert values[7462] == 0 << 24 | 5 << 16 | 3 << 12 | 2 << 8 | 1 << 4 | 0  # 7-5-4-3-2, every rank kept


@needs_eval7
def test_every_hand_class_maps_to_eval7s_value() -> None:
    """One 5-card hand per handrank class: the table gives eval7's value, and it falls strictly with the class."""
    values = []
    for rank in range(1, 7463):
        names = [str(card) for card in example_cards(rank)]
        assert handrank.evaluate(names) == rank
        want = eval7.evaluate([E_BY_NAME[n] for n in names])
        assert compat.evaluate([C_BY_NAME[n] for n in names]) == want, (rank, names)
        assert compat.handtype(want) == eval7.handtype(want)
        values.append(want)
    assert all(a > b for a, b in itertools.pairwise(values))  # one value per class, in the same order


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_on_random_hands_against_handrank(k: int) -> None:
    """A hand's value is the value of its handrank class."""
    values = class_values()
    ids = random_ids(50_000, k, RNG_SEED + 10 * k)
    got = [compat.evaluate([C_CARDS[c] for c in hand]) for hand in ids]
    ranks = [handrank.evaluate(hand) for hand in ids]
    assert got == [values[r] for r in ranks]
    assert list(map(compat.handtype, got)) == [HANDTYPES[HANDTYPE_OF[handrank.category(r)]] for r in ranks]
    assert min(ranks) <= 300 and max(ranks) >= 6000


@needs_eval7
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


def test_evaluate_takes_any_iterable_of_cards() -> None:
    want = 16957696  # a pair of fours, then A 3 2: 1 << 24 | 2 << 16 | 12 << 12 | 1 << 8 | 0 << 4
    assert compat.evaluate(c_cards("As 4d 4c 3s 2d")) == want
    assert compat.evaluate(tuple(c_cards("As 4d 4c 3s 2d"))) == want
    assert compat.evaluate(map(compat.Card, ("As", "4d", "4c", "3s", "2d"))) == want  # eval7's docstring example
    assert compat.evaluate(c for c in c_cards("As 4d 4c 3s 2d")) == want
    assert compat.evaluate(set(c_cards("As 4d 4c 3s 2d"))) == want


@needs_eval7
def test_eval7_evaluate_needs_len() -> None:
    assert eval7.evaluate(e_cards("As 4d 4c 3s 2d")) == compat.evaluate(c_cards("As 4d 4c 3s 2d"))
    with pytest.raises(TypeError):  # eval7 needs len()
        eval7.evaluate(map(eval7.Card, ("As", "4d", "4c", "3s", "2d")))


@pytest.mark.parametrize("t", range(9))
def test_handtype_names(t: int) -> None:
    for value in (t << 24, (t << 24) + 0x54321, ((t + 1) << 24) - 1):
        assert compat.handtype(value) == HANDTYPES[t]
    assert compat.handtype(np.int64(t << 24)) == HANDTYPES[t]


@needs_eval7
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
    assert compat.evaluate(hand) == class_values()[handrank.evaluate(ids_of(hand))]
    readme_hand = [compat.Card(s) for s in ("5c", "9s", "8d", "5d", "Ac", "Qc", "3d")]
    assert compat.evaluate(readme_hand) == 17025648
    assert compat.handtype(17025648) == "Pair"
    straight = [compat.Card(s) for s in ("As", "2c", "3d", "5s", "4c")]
    assert compat.evaluate(straight) == 67305472
    assert compat.handtype(67305472) == "Straight"


@needs_eval7
def test_readme_basic_usage_matches_eval7() -> None:
    deck = compat.Deck()
    deck.shuffle()
    hand = deck.deal(7)
    assert compat.evaluate(hand) == eval7.evaluate([E_BY_NAME[str(c)] for c in hand])
    readme_hand = ("5c", "9s", "8d", "5d", "Ac", "Qc", "3d")
    assert eval7.evaluate([eval7.Card(s) for s in readme_hand]) == 17025648


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


DOCSTRING_RANGES = ["55+, 87o, K9s-KJs", "JJ+, AT+, 80%(A8s+)", "ATo, 86s, JT, 99", "As3c, 8c5s"]


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
    sizes = [len(compat.HandRange(text)) for text in DOCSTRING_RANGES]
    assert sizes == [10 * 6 + 12 + 3 * 4, 4 * 6 + 4 * 16 + 6 * 4, 12 + 4 + 16 + 6, 2]  # 6 pairs, 4 suited, 12 offsuit


@needs_eval7
def test_eval7_docstring_range_examples_match_eval7() -> None:
    for text in DOCSTRING_RANGES:
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


def token_size(token: str) -> int:
    """How many hands a token names: a tag none, an explicit hand one, a pair 6, suited 4, offsuit 12, either 16."""
    if token.startswith("#"):
        return 0
    if len(token) == 4:
        return 1
    if len(token) == 2:
        return 6 if token[0] == token[1] else 16
    return 4 if token[2] == "s" else 12


@pytest.mark.parametrize("text", RANGE_STRINGS)
def test_hand_range_parses(text: str) -> None:
    ours = compat.HandRange(text)
    assert ours.string == text
    assert repr(ours) == f"HandRange({text!r})"
    assert all(0.0 <= w <= 1.0 for _, w in ours.tokens)
    assert [w for _, w in ours.hands] == [w for t, w in ours.tokens for _ in range(token_size(t))]
    assert len(ours) == len(ours.hands)
    assert hands_as_text(list(ours)) == hands_as_text(ours.hands)
    assert all(type(a) is compat.Card and type(b) is compat.Card and a != b for (a, b), _ in ours)


@needs_eval7
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
def test_hand_range_rejects_bad_strings(text: str) -> None:
    with pytest.raises(compat.RangeStringError):
        compat.HandRange(text)
    assert issubclass(compat.RangeStringError, ValueError)


@needs_eval7
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


def test_hand_range_fuzzed_parses_or_says_why() -> None:
    """A fuzzed string either parses into hands or raises RangeStringError, never anything else."""
    rng = random.Random(RNG_SEED)
    parsed = rejected = 0
    for _ in range(500):
        text = _fuzz_range_string(rng)
        try:
            ours = compat.HandRange(text)
        except compat.RangeStringError as exc:
            assert str(exc)
            rejected += 1
            continue
        assert all(0.0 <= w <= 1.0 for _, w in ours.tokens), text
        assert len(ours) == sum(token_size(t) for t, _ in ours.tokens), text
        parsed += 1
    assert parsed > 50 and rejected > 50


@needs_eval7
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


def brute_force_handrank(hand: str, text: str, board: str) -> float:
    """Hero's equity against the unweighted range over every runout, using handrank.evaluate (lower is better)."""
    hero, cards = ids_of(c_cards(hand)), ids_of(c_cards(board))
    dead = set(hero + cards)
    live = [ids_of(h) for h, _ in compat.HandRange(text) if not dead & set(ids_of(h))]
    total = 0.0
    for villain in live:
        rest = [c for c in range(52) if c not in dead and c not in villain]
        score = 0.0
        runouts = list(itertools.combinations(rest, 5 - len(cards)))
        for runout in runouts:
            mine = handrank.evaluate(hero + cards + list(runout))
            theirs = handrank.evaluate(villain + cards + list(runout))
            score += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        total += score / len(runouts)
    return total / len(live)


def test_exact_on_the_river_against_brute_force() -> None:
    rng = random.Random(RNG_SEED)
    compared = 0
    for i in range(120):
        ids = rng.sample(range(52), 7)
        text = RIVER_RANGES[i % len(RIVER_RANGES)]
        c_hand, c_board = [C_CARDS[c] for c in ids[:2]], [C_CARDS[c] for c in ids[2:]]
        dead = set(ids)
        if all(dead & set(ids_of(h)) for h, _ in compat.HandRange(text)):
            with pytest.raises(ValueError, match="no hand"):
                compat.py_hand_vs_range_exact(c_hand, compat.HandRange(text), c_board)
            continue
        want = single(brute_force_handrank(" ".join(map(str, c_hand)), text, " ".join(map(str, c_board))))
        assert compat.py_hand_vs_range_exact(c_hand, compat.HandRange(text), c_board) == want
        assert compat.py_hand_vs_range_exact(tuple(c_hand), compat.HandRange(text).hands, c_board) == want
        compared += 1
    assert compared > 100


@needs_eval7
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
def test_exact_on_flop_and_turn_against_brute_force(hand: str, text: str, board: str) -> None:
    """Every runout enumerated: equal to a brute force with handrank.evaluate."""
    ours = compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange(text), c_cards(board))
    assert ours == single(brute_force_handrank(hand, text, board))


@needs_eval7
@pytest.mark.parametrize(("hand", "text", "board"), EARLY_CASES)
def test_exact_on_flop_and_turn(hand: str, text: str, board: str) -> None:
    """Every runout enumerated: equal to a brute force with eval7's evaluator, and to eval7's Monte Carlo."""
    ours = compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange(text), c_cards(board))
    assert ours == single(brute_force(hand, text, board))
    xorshift.seed(RNG_SEED)
    iterations = 50_000
    theirs_mc = eval7.py_hand_vs_range_monte_carlo(e_cards(hand), eval7.HandRange(text), e_cards(board), iterations)
    assert abs(theirs_mc - ours) < 5 * 0.5 / math.sqrt(iterations)


def test_exact_on_an_incomplete_board_enumerates_the_runouts() -> None:
    """The documented difference: the true equity on a flop (eval7 scores it as if it were a full board)."""
    ours = compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange("KK"), c_cards("2c 3d 4h"))
    assert ours == single(brute_force_handrank("As Ah", "KK", "2c 3d 4h"))
    assert 0.9 < ours < 0.92


@needs_eval7
def test_eval7_exact_misreads_an_incomplete_board() -> None:
    """The documented difference: eval7 scores a flop as if it were a full board."""
    theirs = eval7.py_hand_vs_range_exact(e_cards("As Ah"), eval7.HandRange("KK"), e_cards("2c 3d 4h"))
    ours = compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange("KK"), c_cards("2c 3d 4h"))
    assert theirs == 1.0
    assert ours == single(brute_force("As Ah", "KK", "2c 3d 4h"))
    assert 0.9 < ours < 0.92


MONTE_CARLO_CASES = [*EARLY_CASES, ("Ah Kh", "QQ+, AKs", "")]


@pytest.mark.parametrize(("hand", "text", "board"), MONTE_CARLO_CASES)
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


@needs_eval7
@pytest.mark.parametrize(("hand", "text", "board"), MONTE_CARLO_CASES)
def test_eval7_monte_carlo_within_the_same_noise(hand: str, text: str, board: str) -> None:
    iterations = 40_000
    exact = compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange(text), c_cards(board))
    xorshift.seed(RNG_SEED)
    theirs = eval7.py_hand_vs_range_monte_carlo(e_cards(hand), eval7.HandRange(text), e_cards(board), iterations)
    assert abs(theirs - exact) < 5 * 0.5 / math.sqrt(iterations)


def test_monte_carlo_on_a_complete_board_is_exact() -> None:
    hand, text, board = "Ah Kh", "QQ+, AJs+, KQs, 76s", "Qs 7h 2h 9c 3d"
    exact = compat.py_hand_vs_range_exact(c_cards(hand), compat.HandRange(text), c_cards(board))
    ours = compat.py_hand_vs_range_monte_carlo(c_cards(hand), compat.HandRange(text), c_cards(board), 7)
    assert ours == exact == single(brute_force_handrank(hand, text, board))


@needs_eval7
def test_monte_carlo_on_a_complete_board_is_exact_as_eval7s() -> None:
    hand, text, board = "Ah Kh", "QQ+, AJs+, KQs, 76s", "Qs 7h 2h 9c 3d"
    theirs_exact = eval7.py_hand_vs_range_exact(e_cards(hand), eval7.HandRange(text), e_cards(board))
    live = len([h for h, _ in eval7.HandRange(text) if not {str(h[0]), str(h[1])} & set((hand + " " + board).split())])
    # eval7 cycles through the live range, so a whole number of cycles is exact there too
    theirs_mc = eval7.py_hand_vs_range_monte_carlo(e_cards(hand), eval7.HandRange(text), e_cards(board), 10 * live)
    ours = compat.py_hand_vs_range_monte_carlo(c_cards(hand), compat.HandRange(text), c_cards(board), 7)
    assert ours == theirs_exact == theirs_mc


ALL_HANDS_RIVER = ("Kc 7d 2h 9s 3c", "QQ+, AK, 97s, 0.5(72o), KsKh", "JJ+, AQ+, K9s, 33")


def test_all_hands_vs_range_on_the_river() -> None:
    board, hero, villain = ALL_HANDS_RIVER
    ours = compat.py_all_hands_vs_range(compat.HandRange(hero), compat.HandRange(villain), c_cards(board), 100_000)
    on_board = set(board.split())
    # Each hero hand not holding a board card, in the range's order, with its exact equity.
    want = {}
    for (a, b), _ in compat.HandRange(hero):
        if not on_board & {str(a), str(b)}:
            want[(a, b)] = compat.py_hand_vs_range_exact([a, b], compat.HandRange(villain), c_cards(board))
    assert ours == want and list(ours) == list(want)
    assert len(want) < len(compat.HandRange(hero))  # hands that hold a board card are left out
    assert all(type(k) is tuple and len(k) == 2 for k in ours)
    key = (compat.Card("As"), compat.Card("Ah"))
    assert ours[key] == single(brute_force_handrank("As Ah", villain, board))


@needs_eval7
def test_all_hands_vs_range_on_the_river_matches_eval7() -> None:
    board, hero, villain = ALL_HANDS_RIVER
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange(hero), eval7.HandRange(villain), e_cards(board), 100_000)
    ours = compat.py_all_hands_vs_range(compat.HandRange(hero), compat.HandRange(villain), c_cards(board), 100_000)
    on_board = set(board.split())
    want = {(str(a), str(b)): v for (a, b), v in theirs.items() if not on_board & {str(a), str(b)}}
    assert {(str(a), str(b)): v for (a, b), v in ours.items()} == want
    assert len(want) < len(theirs)  # eval7 also scores hands that hold a board card; they are left out here
    assert all(type(k) is tuple and len(k) == 2 for k in ours)
    key = (compat.Card("As"), compat.Card("Ah"))
    assert ours[key] == compat.py_hand_vs_range_exact(list(key), compat.HandRange(villain), c_cards(board))


ALL_HANDS_FLOP = ("Qs 7h 2h", "AA, KhQh, 7s7c, 0.3(Ts9s)", "QQ+, AKs, 22")


def test_all_hands_vs_range_on_the_flop() -> None:
    board, hero, villain = ALL_HANDS_FLOP
    iterations = 20_000
    random.seed(RNG_SEED)
    ours = compat.py_all_hands_vs_range(compat.HandRange(hero), compat.HandRange(villain), c_cards(board), iterations)
    assert list(ours) == [tuple(h) for h, _ in compat.HandRange(hero)]  # none of them holds a board card
    tolerance = 5 * 0.5 / math.sqrt(iterations)
    for (a, b), value in ours.items():
        exact = compat.py_hand_vs_range_exact([a, b], compat.HandRange(villain), c_cards(board))
        assert abs(value - exact) < tolerance
        assert value == single(value)


@needs_eval7
def test_all_hands_vs_range_on_the_flop_matches_eval7() -> None:
    board, hero, villain = ALL_HANDS_FLOP
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
    ours = compat.py_all_hands_vs_range(compat.HandRange("AA"), compat.HandRange("AsAh"), c_cards(board), 1000)
    assert {(str(a), str(b)): v for (a, b), v in ours.items()} == {("Ad", "Ac"): 0.5}


@needs_eval7
def test_eval7_all_hands_vs_range_leaves_out_impossible_hands_too() -> None:
    board = "2c 3d 4h 8s 9s"
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange("AA"), eval7.HandRange("AsAh"), e_cards(board), 1000)
    assert {(str(a), str(b)): v for (a, b), v in theirs.items()} == {("Ad", "Ac"): 0.5}


WEIGHTED = "AsKs, 0.1(AsKs), JJ, 0.5(AsKs)"


def test_weights_are_ignored_and_repeats_count() -> None:
    """Like eval7: a hand listed twice counts twice, whatever the weights say."""
    board = c_cards("Kc 7d 2h 9s 3c")
    hero = c_cards("Qh Qd")
    # AsKs (beats QQ) listed 3 times, JJ's six combos (lose) once each: 3 / 9 losses
    ours = compat.py_hand_vs_range_exact(hero, compat.HandRange(WEIGHTED), board)
    assert ours == single(6 / 9)
    flop = c_cards("Kc 7d 2h")
    weighted = compat.py_hand_vs_range_exact(hero, compat.HandRange(WEIGHTED), flop)
    assert weighted == single(brute_force_handrank("Qh Qd", WEIGHTED, "Kc 7d 2h"))


@needs_eval7
def test_weights_are_ignored_and_repeats_count_as_in_eval7() -> None:
    board = c_cards("Kc 7d 2h 9s 3c")
    hero = c_cards("Qh Qd")
    ours = compat.py_hand_vs_range_exact(hero, compat.HandRange(WEIGHTED), board)
    theirs = eval7.py_hand_vs_range_exact(e_cards("Qh Qd"), eval7.HandRange(WEIGHTED), e_cards("Kc 7d 2h 9s 3c"))
    assert ours == theirs
    flop = c_cards("Kc 7d 2h")
    weighted = compat.py_hand_vs_range_exact(hero, compat.HandRange(WEIGHTED), flop)
    assert weighted == single(brute_force("Qh Qd", WEIGHTED, "Kc 7d 2h"))


# ---- deliberate differences: clear errors where eval7 crashes or returns nonsense -----------------------------------


@pytest.mark.parametrize("text", ["Ass", "AsKs"])
def test_card_extra_characters(text: str) -> None:
    with pytest.raises(ValueError, match="two characters"):
        compat.Card(text)


@needs_eval7
@pytest.mark.parametrize("text", ["Ass", "AsKs"])
def test_eval7_card_ignores_extra_characters(text: str) -> None:
    assert str(eval7.Card(text)) == text[:2]  # eval7 ignores the rest


BAD_CARD_STRINGS = ["", "A", "as", "AS", "aS", "1c", "10s", "Xs", "Ax", "tc"]


@pytest.mark.parametrize("text", BAD_CARD_STRINGS)
def test_card_bad_strings(text: str) -> None:
    with pytest.raises(ValueError, match=r"rank|suit|two characters"):
        compat.Card(text)


@needs_eval7
@pytest.mark.parametrize("text", BAD_CARD_STRINGS)
def test_eval7_card_bad_strings(text: str) -> None:
    with pytest.raises((ValueError, IndexError)):
        eval7.Card(text)


@pytest.mark.parametrize("value", [5, None, b"As", ["A", "s"], ("A", "s")])
def test_card_non_strings(value: object) -> None:
    with pytest.raises(TypeError, match="string"):
        compat.Card(value)  # type: ignore[arg-type]


def test_evaluate_bad_hands() -> None:
    with pytest.raises(ValueError, match="As is given twice"):
        compat.evaluate(c_cards("As As Qs Js Ts"))
    for text in ("As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s"):
        with pytest.raises(ValueError, match="5 to 7 cards"):
            compat.evaluate(c_cards(text))
    with pytest.raises(ValueError, match="5 to 7 cards"):
        compat.evaluate([])
    for bad in (["As", "Ks", "Qs", "Js", "Ts"], [*c_cards("As Ks Qs Js"), 12], "AsKsQsJsTs", None, 7):
        with pytest.raises(TypeError, match="Card"):
            compat.evaluate(bad)  # type: ignore[arg-type]


@needs_eval7
def test_eval7_evaluate_bad_hands() -> None:
    assert eval7.evaluate(e_cards("As As Qs Js Ts")) == 16829072  # eval7: "a pair"
    for text in ("As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s"):
        assert isinstance(eval7.evaluate(e_cards(text)), int)  # a meaningless number
    assert eval7.evaluate([]) == 0
    with pytest.raises(AttributeError):
        eval7.evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    with pytest.raises(TypeError, match="Card"):
        compat.evaluate([E_BY_NAME[n] for n in ("As", "Ks", "Qs", "Js", "Ts")])  # eval7's cards are not ours


def test_evaluate_takes_only_its_own_cards() -> None:
    class Card:  # a look-alike of another library's card
        mask, rank, suit = 1 << 51, 12, 3

    with pytest.raises(TypeError, match="Card"):
        compat.evaluate([Card(), *c_cards("Ks Qs Js Ts")])  # type: ignore[list-item]


HANDTYPE_OUT_OF_RANGE = [-1, 9 << 24, 2**31, 2**32, 2**70]


@pytest.mark.parametrize("value", HANDTYPE_OUT_OF_RANGE)
def test_handtype_out_of_range(value: int) -> None:
    with pytest.raises(ValueError, match="not an eval7 hand value"):
        compat.handtype(value)


@needs_eval7
@pytest.mark.parametrize("value", HANDTYPE_OUT_OF_RANGE)
def test_eval7_handtype_out_of_range(value: int) -> None:
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
    deck = compat.Deck()
    for method in ("deal", "peek", "sample"):
        with pytest.raises(ValueError, match=">= 0"):
            getattr(deck, method)(-1)
        with pytest.raises(TypeError, match="integer"):
            getattr(deck, method)(2.5)
    assert len(deck) == 52
    assert [str(c) for c in deck.deal(True)] == ["2c"]  # bool is an int, as in eval7


@needs_eval7
def test_eval7_deck_deals_all_but_one_for_minus_one() -> None:
    assert len(eval7.Deck().deal(-1)) == 51  # eval7 deals all but the last card


HAND_RANGE_DIFFERENCES = [
    ("2(AA)", None, "above 1"),
    ("150%(AA)", None, "above 1"),
    ("asKs", "ValueError", "upper case"),
    ("AsKs, 2c3d, Tdjd", "ValueError", "upper case"),
    ("aA", "RangeStringError", "mixes upper and lower case"),
    ("Kk+", None, "mixes upper and lower case"),
    ("Kks+", None, "pairs cannot have suitedness"),
]


@pytest.mark.parametrize(("text", "eval7_error", "match"), HAND_RANGE_DIFFERENCES)
def test_hand_range_deliberate_errors(text: str, eval7_error: str | None, match: str) -> None:
    with pytest.raises(compat.RangeStringError, match=match):
        compat.HandRange(text)


@needs_eval7
@pytest.mark.parametrize(("text", "eval7_error", "match"), HAND_RANGE_DIFFERENCES)
def test_eval7_on_the_deliberate_range_errors(text: str, eval7_error: str | None, match: str) -> None:
    if eval7_error is None:
        eval7.HandRange(text)  # eval7 accepts it: weights above 1, or "Kk+" read as no hands at all
    else:
        error = {"ValueError": ValueError, "RangeStringError": rangestring.RangeStringError}[eval7_error]
        with pytest.raises(error):
            eval7.HandRange(text)


def test_hand_range_tags_are_ignored() -> None:
    ours = compat.HandRange("#UTG#, AA, 0.5(# My_Tag #, KK)")
    assert ours.tokens == [("#UTG#", 1.0), ("AA", 1.0), ("#My_Tag#", 0.5), ("KK", 0.5)]
    assert hands_as_text(ours.hands) == hands_as_text(compat.HandRange("AA, 0.5(KK)").hands)
    assert len(ours) == 12


@needs_eval7
def test_eval7_crashes_on_tags() -> None:
    with pytest.raises(UnboundLocalError):
        eval7.HandRange("#UTG#, AA")
    assert rangestring.string_to_tokens("#UTG#, AA") == [("#UTG#", 1.0), ("AA", 1.0)]
    ours = compat.HandRange("#UTG#, AA, 0.5(# My_Tag #, KK)")
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
    board_c = c_cards("Ac Ad Kh 2s 3s")
    calls: list[Callable[[], object]] = [
        lambda: compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange("AA"), board_c),
        lambda: compat.py_hand_vs_range_monte_carlo(c_cards("As Ah"), compat.HandRange("AA"), board_c, 100),
        lambda: compat.py_hand_vs_range_exact(c_cards("As Ah"), compat.HandRange(""), board_c[:3]),
        lambda: compat.py_hand_vs_range_monte_carlo(c_cards("As Ah"), [], board_c[:3], 100),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="no hand of the villain's range"):
            call()


@needs_eval7
def test_eval7_exact_divides_by_zero_with_no_possible_villain_hand() -> None:
    with pytest.raises(ZeroDivisionError):
        eval7.py_hand_vs_range_exact(e_cards("As Ah"), eval7.HandRange("AA"), e_cards("Ac Ad Kh 2s 3s"))


@pytest.mark.parametrize(
    ("iterations", "error"), [(0, ValueError), (-5, ValueError), (2.5, TypeError), ("9", TypeError)]
)
def test_equity_bad_iterations(iterations: Any, error: type[Exception]) -> None:
    args = (c_cards("As Ah"), compat.HandRange("KK"), c_cards("7c"), iterations)
    with pytest.raises(error, match="iterations"):
        compat.py_hand_vs_range_monte_carlo(*args)
    with pytest.raises(error, match="iterations"):
        compat.py_all_hands_vs_range(compat.HandRange("AA"), *args[1:])


@needs_eval7
def test_eval7_monte_carlo_divides_by_zero_for_no_iterations() -> None:
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
