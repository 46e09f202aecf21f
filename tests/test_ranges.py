"""Range notation: parsing, weights, canonical text, dead cards, Omaha, errors."""

from __future__ import annotations

import doctest
import random
import re
from fractions import Fraction
from math import comb

import pytest

import handrank._ranges as ranges_module
from handrank._cards import parse_cards
from handrank._ranges import Range

RANKS = "23456789TJQKA"
ALL_CLASSES = [
    RANKS[hi] + RANKS[lo] + suffix
    for hi in range(13)
    for lo in range(hi + 1)
    for suffix in (("",) if hi == lo else ("s", "o"))
]
CLASS_ITEM = re.compile(r"[2-9TJQKA]{2}[so]?(\+|-[2-9TJQKA]{2}[so]?)?")


def cards_of(r: Range) -> set[tuple[int, ...]]:
    return {cards for cards, _ in r.combos}


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text), reverse=True))


# --- counts of every notation form ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("22", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("KA", 16),
        ("QQ+", 18),
        ("22+", 78),
        ("AA+", 6),
        ("A2s+", 48),
        ("AKs+", 4),
        ("KTo+", 36),
        ("KT+", 48),
        ("T9s-65s", 20),
        ("65s-T9s", 20),
        ("88-55", 24),
        ("55-88", 24),
        ("A5s-A2s", 16),
        ("KQo-K9o", 48),
        ("T9-65", 80),
        ("AKs-AKs", 4),
        ("AhKh", 1),
        ("random", 1326),
        ("RANDOM", 1326),
        ("*", 1326),
        ("QQ+,AKs", 22),
        ("QQ+ AKs", 22),
        ("QQ+, ,AKs", 22),
        ("0.5(JJ, TT)", 12),
        ("40%(ATs+)", 16),
        ("AA, AA, AsAh", 6),
        ("random, AA", 1326),
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    assert len(Range(text)) == count
    assert len(Range(text).combos) == count


def test_class_members() -> None:
    assert cards_of(Range("AKs")) == {ids("AsKs"), ids("AhKh"), ids("AdKd"), ids("AcKc")}
    offsuit = cards_of(Range("AKo"))
    assert all(a % 4 != b % 4 and a // 4 == 12 and b // 4 == 11 for a, b in offsuit)
    assert cards_of(Range("AK")) == cards_of(Range("AKs")) | offsuit
    assert cards_of(Range("QQ")) == {ids(a + b) for a, b in [("Qs", "Qh"), ("Qs", "Qd"), ("Qs", "Qc")]} | {
        ids("QhQd"),
        ids("QhQc"),
        ids("QdQc"),
    }
    assert cards_of(Range("QQ+")) == cards_of(Range("QQ, KK, AA"))
    assert cards_of(Range("A2s+")) == cards_of(Range(", ".join(f"A{k}s" for k in "23456789TJQK")))
    assert cards_of(Range("KTo+")) == cards_of(Range("KTo KJo KQo"))
    assert cards_of(Range("KT+")) == cards_of(Range("KTs+, KTo+"))
    assert cards_of(Range("T9s-65s")) == cards_of(Range("T9s 98s 87s 76s 65s"))
    assert cards_of(Range("88-55")) == cards_of(Range("88 77 66 55"))
    assert cards_of(Range("A5s-A2s")) == cards_of(Range("A2s A3s A4s A5s"))
    assert cards_of(Range("KQo-K9o")) == cards_of(Range("K9o KTo KJo KQo"))
    assert cards_of(Range("AhKh")) == {(50, 46)}


def test_case_ranks_and_suits() -> None:
    assert Range("aks") == Range("AKs")
    assert Range("AKS") == Range("AKs")
    assert Range("kqO") == Range("KQo")
    assert Range("A10s") == Range("ATs")
    assert Range("1010") == Range("TT")
    assert Range("ahkh") == Range("AhKh")
    assert Range("A♥K♥") == Range("AhKh")
    assert Range("10h9h") == Range("Th9h")
    assert Range("random") == Range("*") == Range("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32")


def test_holdem_random_is_enumerated() -> None:
    r = Range("random")
    assert r.is_random is False
    assert r.game == "holdem"
    assert r.hole_size == 2
    assert r.dead == frozenset()
    assert len({cards for cards, _ in r.combos}) == 1326


# --- weights ---------------------------------------------------------------------------------------


def weights(r: Range) -> dict[tuple[int, ...], Fraction]:
    return dict(r.combos)


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("0.5(AA)", Fraction(1, 2)),
        (".5(AA)", Fraction(1, 2)),
        ("40%(AA)", Fraction(2, 5)),
        ("12.5%(AA)", Fraction(1, 8)),
        ("100%(AA)", Fraction(1)),
        ("0.333(AA)", Fraction(333, 1000)),
        ("1/3(AA)", Fraction(1, 3)),
        ("1(AA)", Fraction(1)),
        ("1.0(AA)", Fraction(1)),
        ("0.5 (AA)", Fraction(1, 2)),
        ("AA", Fraction(1)),
    ],
)
def test_weight_forms(text: str, weight: Fraction) -> None:
    w = weights(Range(text))
    assert len(w) == 6
    assert set(w.values()) == {weight}
    assert all(isinstance(v, Fraction) for v in w.values())
    assert {v for _, v in Range(text)} == {float(weight)}


def test_weights_inside_and_outside_groups() -> None:
    r = Range("AKs, 0.5(JJ, TT), 40%(ATs+), QQ")
    w = weights(r)
    assert {w[c] for c in cards_of(Range("JJ-TT"))} == {Fraction(1, 2)}
    assert {w[c] for c in cards_of(Range("ATs-AQs"))} == {Fraction(2, 5)}
    assert {w[c] for c in cards_of(Range("QQ"))} == {Fraction(1)}
    assert len(r) == 4 + 12 + 16 + 6 - 4  # AKs is in ATs+: the later 40% wins
    assert {w[c] for c in cards_of(Range("AKs"))} == {Fraction(2, 5)}


def test_iteration_gives_float_weights_in_combo_order() -> None:
    r = Range("AhKh, 0.25(QQ)")
    pairs = list(r)
    assert [cards for cards, _ in pairs] == [cards for cards, _ in r.combos]
    assert all(type(weight) is float for _, weight in pairs)
    assert pairs[0] == ((50, 46), 1.0)
    assert pairs[-1] == ((41, 40), 0.25)


def test_later_mention_wins() -> None:
    assert weights(Range("QQ+, 0.5(AA)"))[ids("AsAh")] == Fraction(1, 2)
    assert weights(Range("0.5(AA), QQ+"))[ids("AsAh")] == Fraction(1)
    assert weights(Range("0.5(AK), 0.25(AhKh)"))[ids("AhKh")] == Fraction(1, 4)
    assert weights(Range("0.25(AhKh), 0.5(AK)"))[ids("AhKh")] == Fraction(1, 2)
    r = Range("random, 0.5(AhKh)")
    assert len(r) == 1326
    assert weights(r)[ids("AhKh")] == Fraction(1, 2)
    assert sum(weights(r).values()) == 1325 + Fraction(1, 2)


def test_combos_are_sorted_descending() -> None:
    r = Range("22, AhKh, 0.5(T9s), 3c2c, KK")
    cards = [c for c, _ in r.combos]
    assert cards == sorted(cards, reverse=True)
    assert all(list(c) == sorted(c, reverse=True) for c in cards)
    assert cards[0] == (50, 46)
    assert cards[-7:] == [(4, 0), (3, 2), (3, 1), (3, 0), (2, 1), (2, 0), (1, 0)]  # 3c2c, then the deuces


# --- canonical text --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AA", "AA"),
        ("AKs", "AKs"),
        ("AKo", "AKo"),
        ("AKs AKo", "AK"),
        ("KK, AA, QQ", "QQ+"),
        ("AA KK", "KK+"),
        ("22+", "22+"),
        ("88 77 66 55", "88-55"),
        ("88 66", "88, 66"),
        ("A2s+", "A2s+"),
        ("AQs AKs", "AQs+"),
        ("A5s-A2s", "A5s-A2s"),
        ("KQo-K9o", "K9o+"),
        ("T9s-65s", "T9s-65s"),
        ("T9s 87s", "T9s, 87s"),
        ("KT+", "KT+"),
        ("AKs, AQo", "AKs, AQo"),
        ("random", "random"),
        ("*", "random"),
        ("0.5(random)", "0.5(random)"),
        ("QQ+,AKs", "QQ+, AKs"),
        ("0.5(JJ, TT)", "0.5(JJ-TT)"),
        ("40%(ATs+)", "0.4(ATs+)"),
        ("1/3(AA)", "1/3(AA)"),
        ("0.333(AA)", "0.333(AA)"),
        ("0.25(KK), 0.5(QQ), AA", "AA, 0.5(QQ), 0.25(KK)"),
        ("AhKh", "AhKh"),
        ("KhAh", "AhKh"),
        ("AK, 0.5(AhKh)", "AKo, AsKs, AdKd, AcKc, 0.5(AhKh)"),
        ("AK, 0.5(AKs)", "AKo, 0.5(AKs)"),
        ("AKs, 65s, KK, 98s, AA, 87s, 0.5(AKo), 76s, QQ, 3c2c", "QQ+, AKs, 98s-65s, 3c2c, 0.5(AKo)"),
        ("JTs, T9s, 98s, A2s+, KTs+", "A2s+, KTs+, JTs-98s"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    r = Range(text)
    assert str(r) == canonical
    assert Range(canonical) == r
    assert repr(r) == f"Range({canonical!r})"


def _random_class_range(rng: random.Random) -> tuple[str, dict[tuple[int, ...], Fraction]]:
    chosen = rng.sample(ALL_CLASSES, rng.randint(1, len(ALL_CLASSES)))
    items: list[str] = []
    expected: dict[tuple[int, ...], Fraction] = {}
    for name in chosen:
        weight = rng.choice([Fraction(1), Fraction(1, 2), Fraction(1, 4)])
        items.append(name if weight == 1 else f"{float(weight)}({name})")
        for cards, _ in Range(name).combos:
            expected[cards] = weight
    return ", ".join(items), expected


@pytest.mark.parametrize("seed", range(40))
def test_round_trip_random_class_ranges(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        text, expected = _random_class_range(rng)
        r = Range(text)
        assert weights(r) == expected
        canonical = str(r)
        again = Range(canonical)
        assert again == r
        assert hash(again) == hash(r)
        assert str(again) == canonical
        # Every combo belongs to a complete class, so no explicit combo is written out.
        body = re.sub(r"[\d./]+\(|\)", "", canonical)
        assert all(CLASS_ITEM.fullmatch(item) for item in body.split(", ")), canonical


@pytest.mark.parametrize("seed", range(10))
def test_round_trip_random_combo_sets(seed: int) -> None:
    rng = random.Random(1000 + seed)
    everything = [cards for cards, _ in Range("random").combos]
    for _ in range(5):
        chosen = rng.sample(everything, rng.randint(1, 1326))
        pairs = [(cards, rng.choice([Fraction(1), Fraction(1, 2), Fraction(1, 3), Fraction(3, 8)])) for cards in chosen]
        r = Range.from_combos(pairs)
        assert weights(r) == dict(pairs)
        assert Range(str(r)) == r
        assert eval(repr(r), {"Range": Range}) == r


def test_round_trip_full_random_with_one_change() -> None:
    r = Range("random").without([51])
    assert len(r) == 1326 - 51
    assert Range(str(r)) == r
    assert "As" not in str(r)


# --- without ---------------------------------------------------------------------------------------


def test_without_removes_combos_holding_dead_cards() -> None:
    r = Range("QQ+, AKs, 0.5(AhKd)")
    less = r.without([51, 47])  # As, Ks
    assert len(r) == 18 + 4 + 1
    assert len(less) == 3 + 3 + 6 + 3 + 1
    assert all(51 not in c and 47 not in c for c in cards_of(less))
    assert cards_of(less) == {c for c in cards_of(r) if 51 not in c and 47 not in c}
    assert weights(less)[ids("AhKd")] == Fraction(1, 2)
    assert str(less) == "QQ, AhAd, AhAc, AhKh, AdAc, AdKd, AcKc, KhKd, KhKc, KdKc, 0.5(AhKd)"
    assert less.dead == frozenset()
    assert r.without("As Ks") == less
    assert r.without(["As", 47]) == less
    assert r.without([]) == r
    assert len(r) == 23  # unchanged


def test_without_can_empty_a_range() -> None:
    empty = Range("AhKh").without([50])
    assert len(empty) == 0
    assert empty.combos == ()
    assert str(empty) == ""
    assert repr(empty) == "Range.from_combos([])"
    assert eval(repr(empty), {"Range": Range}) == empty


def test_without_on_random_holdem() -> None:
    assert len(Range("random").without("As Kd 2c")) == comb(49, 2)


# --- equality --------------------------------------------------------------------------------------


def test_equality_and_hash() -> None:
    assert Range("AKs, QQ") == Range("QQ AKs")
    assert hash(Range("AKs, QQ")) == hash(Range("QQ AKs"))
    assert Range("AA") != Range("0.5(AA)")
    assert Range("AA") != Range("KK")
    assert Range("AA") != "AA"
    assert len({Range("AA"), Range("AsAh AsAd AsAc AhAd AhAc AdAc"), Range("KK")}) == 2
    omaha = Range("AhAsKdKc", game="omaha")
    assert omaha.without([0]) == omaha  # no combo holds 2c: nothing changes
    assert omaha != Range("AhAsKdKc, 0.5(QhQsJdJc)", game="omaha")
    assert Range.from_combos([]) != Range.from_combos([], game="omaha", hole_size=4)
    assert Range("random", game="omaha", hole_size=4) != Range("random", game="omaha", hole_size=5)


def test_equality_of_random_depends_on_dead_cards() -> None:
    r = Range("random", game="omaha", hole_size=4)
    assert r.without([0]) != r
    assert r.without([0]).without([1]) == r.without([1, 0])


# --- from_combos -----------------------------------------------------------------------------------


def test_from_combos() -> None:
    r = Range.from_combos([((46, 50), 1), ([51, 47], 0.5), ((51, 47), Fraction(1, 4)), ((49, 45), 0)])
    assert r.combos == (((51, 47), Fraction(1, 4)), ((50, 46), Fraction(1)))
    assert Range.from_combos([((50, 46), 0.1)]).combos[0][1] == Fraction(1, 10)
    assert Range.from_combos([(("Ah", "Kh"), 1)]) == Range("AhKh")
    assert Range.from_combos([((50, 46), 1), ((50, 46), 0)]).combos == ()
    source = Range("QQ+, 0.5(AKs), 0.25(T9s-65s)")
    assert Range.from_combos(source.combos) == source
    assert Range.from_combos(source) == source


def test_from_combos_omaha() -> None:
    r = Range.from_combos([(ids("AhAsKdKc"), 1), (ids("QhQsJdJc"), 0.5)], game="omaha")
    assert r == Range("AhAsKdKc, 0.5(QhQsJdJc)", game="omaha")
    assert r.hole_size == 4
    empty = Range.from_combos([], game="omaha", hole_size=5)
    assert empty.hole_size == 5
    assert len(empty) == 0
    assert eval(repr(empty), {"Range": Range}) == empty


@pytest.mark.parametrize(
    ("combos", "kwargs", "message"),
    [
        ([((50, 46, 45), 1)], {}, "combo AhKhKd: a Hold'em hand has 2 cards, this has 3"),
        ([((50, 46), 1.5)], {}, "combo AhKh: weight 1.5 is out of range [0, 1]"),
        ([((50, 46), -1)], {}, "combo AhKh: weight -1 is out of range [0, 1]"),
        ([((50, 46), float("nan"))], {}, "weight nan is not a finite number"),
        ([((50, 50), 1)], {}, "duplicate card Ah"),
        ([((50, 46), 1)], {"game": "omaha"}, "combo AhKh: an Omaha hand has 4, 5 or 6 cards, this has 2"),
        (
            [(ids("AhAsKdKc"), 1), (ids("AhAsKdKcQc"), 1)],
            {"game": "omaha"},
            "combo AsAhKdKcQc has 5 cards, but this range's hands have 4",
        ),
        ([], {"game": "omaha"}, "an empty Omaha range needs hole_size=4, 5 or 6"),
    ],
)
def test_from_combos_errors(combos: list[tuple[tuple[int, ...], float]], kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Range.from_combos(combos, **kwargs)  # type: ignore[arg-type]


# --- Omaha -----------------------------------------------------------------------------------------


def test_omaha_explicit_hands() -> None:
    r = Range("AhAsKdKc, 0.5(QhQsJdJc) 9h8h7c6c", game="omaha")
    assert r.game == "omaha"
    assert r.hole_size == 4
    assert r.is_random is False
    assert len(r) == 3
    assert r.combos == (
        (ids("AhAsKdKc"), Fraction(1)),
        (ids("QhQsJdJc"), Fraction(1, 2)),
        (ids("9h8h7c6c"), Fraction(1)),
    )
    assert str(r) == "AsAhKdKc, 9h8h7c6c, 0.5(QsQhJdJc)"
    assert Range(str(r), game="omaha") == r
    assert repr(r) == "Range('AsAhKdKc, 9h8h7c6c, 0.5(QsQhJdJc)', game='omaha')"
    assert len(Range("AhAsKdKcQc", game="omaha")) == 1
    assert Range("AhAsKdKcQc2c", game="omaha", hole_size=6).hole_size == 6
    assert Range("AhAsKdKc KcKdAsAh", game="omaha") == Range("AsAhKdKc", game="omaha")
    assert Range("0.5(AhAsKdKc), AhAsKdKc", game="omaha").combos[0][1] == 1
    assert len(r.without([50])) == 2  # Ah


def test_omaha_random() -> None:
    r = Range("random", game="omaha", hole_size=4)
    assert r.is_random is True
    assert r.hole_size == 4
    assert len(r) == comb(52, 4) == 270725
    assert len(Range("*", game="omaha", hole_size=6)) == comb(52, 6)
    assert str(r) == "random"
    assert repr(r) == "Range('random', game='omaha', hole_size=4)"
    assert r == Range("random", game="omaha", hole_size=4)
    message = (
        "this Omaha range is 'random' (every 4-card hand) and is not enumerated; "
        "check Range.is_random before reading combos"
    )
    with pytest.raises(ValueError, match=re.escape(message)):
        r.combos  # noqa: B018
    with pytest.raises(ValueError, match=re.escape(message)):
        list(r)
    less = r.without("As Ks 2c")
    assert less.is_random is True
    assert less.dead == frozenset({51, 47, 0})
    assert len(less) == comb(49, 4)
    assert r.dead == frozenset()
    assert less.without([1]).dead == frozenset({51, 47, 0, 1})
    assert repr(less) == "Range('random', game='omaha', hole_size=4).without([0, 47, 51])"
    assert eval(repr(less), {"Range": Range}) == less


# --- errors ----------------------------------------------------------------------------------------

WEIGHT_RULE = "a weight is a number in (0, 1], a percentage in (0%, 100%] or a fraction p/q in (0, 1]"
DASH_RULE = "both ends must be pairs, or have the same suitedness and either the same top card or the same gap"
OMAHA_RANDOM_RULE = "an Omaha 'random' range must be the only item and cannot be weighted"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QQ+,AKx", "unknown hand 'AKx' at position 4 in 'QQ+,AKx'"),
        ("AK x", "unknown hand 'x' at position 3 in 'AK x'"),
        ("AKs, AA++", "unknown hand 'AA++' at position 5 in 'AKs, AA++'"),
        ("0.5, (AA)", "unknown hand '0.5' at position 0 in '0.5, (AA)'"),
        ("", "empty range '': give hands such as 'QQ+, AKs' or 'random'"),
        (" ,, ", "empty range ' ,, ': give hands such as 'QQ+, AKs' or 'random'"),
        ("AAs", "invalid pair 'AAs' at position 0 in 'AAs' (a pair cannot be suited or offsuit)"),
        ("KK, QQo+", "invalid pair 'QQo+' at position 4 in 'KK, QQo+' (a pair cannot be suited or offsuit)"),
        ("88s-55s", "invalid pair '88s-55s' at position 0 in '88s-55s' (a pair cannot be suited or offsuit)"),
        (
            "AhKh+",
            "invalid hand 'AhKh+' at position 0 in 'AhKh+' "
            "('+' cannot follow explicit cards; it follows hand classes such as QQ+ or A2s+)",
        ),
        ("AhAh", "invalid hand 'AhAh' at position 0 in 'AhAh' (a card appears twice)"),
        (
            "Ah Kh",
            "invalid hand 'Ah' at position 0 in 'Ah Kh' (a Hold'em hand has 2 cards, this has 1; write them together)",
        ),
        (
            "AhKhQh",
            "invalid hand 'AhKhQh' at position 0 in 'AhKhQh' "
            "(a Hold'em hand has 2 cards, this has 3; write them together)",
        ),
        ("1.5(AA)", f"weight '1.5' at position 0 in '1.5(AA)' is out of range ({WEIGHT_RULE})"),
        ("0(AA)", f"weight '0' at position 0 in '0(AA)' is out of range ({WEIGHT_RULE})"),
        ("KK 150%(AA)", f"weight '150%' at position 3 in 'KK 150%(AA)' is out of range ({WEIGHT_RULE})"),
        ("0%(AA)", f"weight '0%' at position 0 in '0%(AA)' is out of range ({WEIGHT_RULE})"),
        ("4/3(AA)", f"weight '4/3' at position 0 in '4/3(AA)' is out of range ({WEIGHT_RULE})"),
        (
            "AK(QQ)",
            "invalid weight 'AK' at position 0 in 'AK(QQ)' (a weight is a number such as 0.5, 1/3 or 40%)",
        ),
        (
            "-0.5(QQ)",
            "invalid weight '-0.5' at position 0 in '-0.5(QQ)' (a weight is a number such as 0.5, 1/3 or 40%)",
        ),
        ("1/0(AA)", "invalid weight '1/0' at position 0 in '1/0(AA)' (division by zero)"),
        ("0.5(AA", "unbalanced '(' at position 3 in '0.5(AA' (no ')' closes it)"),
        ("AA, KK)", "unbalanced ')' at position 6 in 'AA, KK)' (no '(' opens it)"),
        ("0.5(AA))", "unbalanced ')' at position 7 in '0.5(AA))' (no '(' opens it)"),
        (
            "0.5(AA, 0.2(KK))",
            "nested weight group '0.2(' at position 8 in '0.5(AA, 0.2(KK))' (weight groups cannot be nested)",
        ),
        (
            "0.5(AA,(KK))",
            "nested weight group '(' at position 7 in '0.5(AA,(KK))' (weight groups cannot be nested)",
        ),
        ("(AA)", "weight group '(' at position 0 in '(AA)' (it has no weight; write e.g. 0.5(JJ, TT))"),
        ("AA 0.5( , )", "empty weight group '0.5(' at position 3 in 'AA 0.5( , )'"),
        ("AKs-QJo", f"mismatched dash range 'AKs-QJo' at position 0 in 'AKs-QJo' ({DASH_RULE})"),
        ("AKs-KQo", f"mismatched dash range 'AKs-KQo' at position 0 in 'AKs-KQo' ({DASH_RULE})"),
        ("AKs-QTs", f"mismatched dash range 'AKs-QTs' at position 0 in 'AKs-QTs' ({DASH_RULE})"),
        ("AA-AKs", f"mismatched dash range 'AA-AKs' at position 0 in 'AA-AKs' ({DASH_RULE})"),
        ("T9-65s", f"mismatched dash range 'T9-65s' at position 0 in 'T9-65s' ({DASH_RULE})"),
        (
            "QQ+-88",
            "invalid dash range 'QQ+-88' at position 0 in 'QQ+-88' ('+' cannot be used inside a dash range)",
        ),
        (
            "88-55-22",
            "invalid dash range '88-55-22' at position 0 in '88-55-22' (it needs exactly two ends, such as 88-55)",
        ),
        (
            "AhKh-AhQh",
            "invalid dash range 'AhKh-AhQh' at position 0 in 'AhKh-AhQh' "
            "(both ends must be hand classes such as T9s, KQo or 88)",
        ),
        (
            "88-",
            "invalid dash range '88-' at position 0 in '88-' (both ends must be hand classes such as T9s, KQo or 88)",
        ),
    ],
)
def test_holdem_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Range(text)


@pytest.mark.parametrize(
    ("text", "kwargs", "message"),
    [
        (
            "AA",
            {},
            "unknown hand 'AA' at position 0 in 'AA' (an Omaha range lists hands of 4, 5 or 6 cards such as AhAsKdKc)",
        ),
        (
            "AhKh",
            {},
            "invalid hand 'AhKh' at position 0 in 'AhKh' (an Omaha hand has 4, 5 or 6 cards, this has 2)",
        ),
        (
            "AhAsKdKc QhQsJdJc2c",
            {},
            "invalid hand 'QhQsJdJc2c' at position 9 in 'AhAsKdKc QhQsJdJc2c' "
            "(it has 5 cards, but this range's hands have 4)",
        ),
        (
            "AhAsKdKc",
            {"hole_size": 5},
            "invalid hand 'AhAsKdKc' at position 0 in 'AhAsKdKc' (it has 4 cards, but this range's hands have 5)",
        ),
        ("AhAhKdKc", {}, "invalid hand 'AhAhKdKc' at position 0 in 'AhAhKdKc' (a card appears twice)"),
        (
            "AhAsKdKc+",
            {},
            "invalid hand 'AhAsKdKc+' at position 0 in 'AhAsKdKc+' "
            "('+' cannot follow explicit cards; it follows hand classes such as QQ+ or A2s+)",
        ),
        ("random", {}, "an Omaha 'random' range needs hole_size=4, 5 or 6: Range('random', game='omaha', ...)"),
        (
            "random, AhAsKdKc",
            {"hole_size": 4},
            f"item 'AhAsKdKc' at position 8 in 'random, AhAsKdKc' ({OMAHA_RANDOM_RULE})",
        ),
        (
            "AhAsKdKc random",
            {},
            f"item 'random' at position 9 in 'AhAsKdKc random' ({OMAHA_RANDOM_RULE})",
        ),
        ("0.5(random)", {"hole_size": 4}, f"item 'random' at position 4 in '0.5(random)' ({OMAHA_RANDOM_RULE})"),
        ("AhAsKdKc", {"hole_size": 3}, "an Omaha hand has 4, 5 or 6 cards, not hole_size=3"),
    ],
)
def test_omaha_errors(text: str, kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Range(text, game="omaha", **kwargs)


def test_argument_errors() -> None:
    with pytest.raises(ValueError, match=re.escape("game must be one of holdem, omaha, shortdeck, not 'stud'")):
        Range("AA", game="stud")
    with pytest.raises(ValueError, match=re.escape("a Hold'em hand has 2 cards, not hole_size=4")):
        Range("AA", hole_size=4)
    assert Range("AA", hole_size=2) == Range("AA")
    with pytest.raises(TypeError, match=re.escape("a range is text such as 'QQ+, AKs', not int (5)")):
        Range(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=re.escape("hole_size must be an int, not str")):
        Range("AA", hole_size="2")  # type: ignore[arg-type]


# --- docs ------------------------------------------------------------------------------------------


def test_docstring_examples() -> None:
    result = doctest.testmod(ranges_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15
    assert result.failed == 0
