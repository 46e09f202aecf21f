"""handrank.compat.treys: its own behaviour, and against the real treys 0.1.8, value for value.

The adapter's behaviour is checked without treys: the Card helpers against
the Cactus Kev layout, every rank's class, random 5/6/7-card hands and Omaha
deals against ``handrank.evaluate``, the lookup tables pattern by pattern,
Deck shuffles against ``random.Random``, the printed text, the doctests, and
the deliberate differences (a clear ``InvalidInputError`` where treys crashes
or returns nonsense).  With treys installed, every public name of treys is
also compared with the adapter's on the same input: the Card helpers on all 52
cards and on arbitrary ints, every rank 1..7462, a million seeded random
5/6/7-card hands, Deck shuffles and draws for the same seeds, the printed
text, the lookup tables entry by entry, and what treys does on the input where
the adapter deliberately differs.
"""

from __future__ import annotations

import doctest
import functools
import inspect
import itertools
import math
import random
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from compat_optional import import_without, optional_import, requires

import handrank
from handrank.compat import treys as compat

treys: Any = optional_import("treys")
treys_lookup: Any = optional_import("treys.lookup")
needs_treys = requires(treys, "treys")

RANKS = "23456789TJQKA"
PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
SUIT_BITS = {"s": 1, "h": 2, "d": 4, "c": 8}
PRETTY_SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
CLASS_NAMES = [
    "Royal Flush",
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "Pair",
    "High Card",
]


def cactus_kev(name: str) -> int:
    """The Cactus Kev card int of a card string: rank bit, suit bit, rank and the rank's prime."""
    rank = RANKS.index(name[0])
    return (1 << (16 + rank)) | (SUIT_BITS[name[1]] << 12) | (rank << 8) | PRIMES[rank]


NAMES = [r + s for r in RANKS for s in "cdhs"]  # index = handrank card id
T_INTS = [cactus_kev(name) for name in NAMES]  # treys' card ints, by handrank id
T_INT_ARRAY = np.array(T_INTS, dtype=np.int64)
ID_OF_INT = {card: i for i, card in enumerate(T_INTS)}
RNG_SEED = 20240607


def ids_of(cards: list[int]) -> list[int]:
    """The handrank ids of treys card ints."""
    return [ID_OF_INT[card] for card in cards]


@pytest.fixture
def no_termcolor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import termcolor`` fail, so pretty cards come out uncoloured."""
    monkeypatch.setitem(sys.modules, "termcolor", None)


def random_ids(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` seeded random hands of ``k`` distinct handrank ids, (n, k) int64."""
    rng = np.random.default_rng(seed)
    if k > 9:  # redrawing rows with a repeat would take many rounds
        return np.argsort(rng.random((n, 52)), axis=1)[:, :k]
    hands = rng.integers(0, 52, size=(n, k))
    redo = np.arange(n)
    while redo.size:
        rows = hands[redo]
        repeat = np.zeros(redo.size, bool)
        for i, j in itertools.combinations(range(k), 2):
            repeat |= rows[:, i] == rows[:, j]
        redo = redo[repeat]
        hands[redo] = rng.integers(0, 52, size=(redo.size, k))
    return hands


def random_deals(n: int, k: int, seed: int) -> list[list[int]]:
    """``n`` random hands of ``k`` treys card ints."""
    return T_INT_ARRAY[random_ids(n, k, seed)].tolist()  # type: ignore[no-any-return]


def captured(capsys: pytest.CaptureFixture[str], fn: Callable[[], object]) -> tuple[object, str]:
    capsys.readouterr()
    value = fn()
    return value, capsys.readouterr().out


# --------------------------------------------------------------------------- the API surface


def public(obj: object) -> list[str]:
    return sorted(name for name in dir(obj) if not name.startswith("__"))


@needs_treys
@pytest.mark.parametrize("name", ["Card", "Evaluator", "PLOEvaluator", "Deck", "LookupTable"])
def test_every_treys_name_is_there_with_the_same_signature(name: str) -> None:
    theirs: type = treys_lookup.LookupTable if name == "LookupTable" else getattr(treys, name)
    ours: type = getattr(compat, name)
    assert ours.__name__ == theirs.__name__
    for name in public(theirs):
        assert hasattr(ours, name), name
        theirs_attr, ours_attr = inspect.getattr_static(theirs, name), inspect.getattr_static(ours, name)
        assert type(ours_attr) is type(theirs_attr), name  # staticmethod stays staticmethod, data stays data
        if callable(getattr(theirs, name)):
            their_sig = inspect.signature(getattr(theirs, name))
            our_sig = inspect.signature(getattr(ours, name))
            assert [(p.name, p.kind, p.default) for p in our_sig.parameters.values()] == [
                (p.name, p.kind, p.default) for p in their_sig.parameters.values()
            ], name
    for name in ("__init__", "__str__"):
        if name in vars(theirs):
            their_params = list(inspect.signature(getattr(theirs, name)).parameters)
            assert list(inspect.signature(getattr(ours, name)).parameters) == their_params


def test_module_exports_treys_names() -> None:
    for name in ("Card", "Deck", "Evaluator", "PLOEvaluator"):
        assert name in compat.__all__
    assert "LookupTable" in compat.__all__
    assert issubclass(compat.PLOEvaluator, compat.Evaluator)
    assert compat.__doc__ is not None and "Deliberate differences" in compat.__doc__


@needs_treys
def test_module_names_are_its_own_not_treys() -> None:
    for name in ("Card", "Deck", "Evaluator", "PLOEvaluator"):
        assert getattr(compat, name) is not getattr(treys, name)


def test_adapter_imports_without_treys() -> None:
    got = import_without("treys", "handrank.compat.treys")
    assert got.returncode == 0, got.stderr
    assert got.stdout.split() == ["ok"]


def test_docstring_examples() -> None:
    result = doctest.testmod(compat, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5
    assert result.failed == 0


@needs_treys
@pytest.mark.parametrize("cls", ["Card", "LookupTable", "Evaluator", "PLOEvaluator"])
def test_class_constants(cls: str) -> None:
    theirs = treys_lookup.LookupTable if cls == "LookupTable" else getattr(treys, cls)
    ours = getattr(compat, cls)
    names = [name for name in public(theirs) if name.isupper()]
    assert names
    for name in names:
        want, got = getattr(theirs, name), getattr(ours, name)
        assert type(got) is type(want), name
        assert got == want, name
        if isinstance(want, dict):
            assert list(got.items()) == list(want.items()), name  # same order too


def test_class_constants_known_values() -> None:
    assert compat.Card.STR_RANKS == RANKS and compat.Card.INT_RANKS == range(13)
    assert compat.Card.PRIMES == PRIMES
    assert compat.Card.CHAR_SUIT_TO_INT_SUIT == SUIT_BITS
    assert compat.LookupTable.RANK_CLASS_TO_STRING == dict(enumerate(CLASS_NAMES))
    maxima = [compat.LookupTable.MAX_ROYAL_FLUSH, compat.LookupTable.MAX_STRAIGHT_FLUSH]
    maxima += [compat.LookupTable.MAX_FOUR_OF_A_KIND, compat.LookupTable.MAX_FULL_HOUSE, compat.LookupTable.MAX_FLUSH]
    maxima += [compat.LookupTable.MAX_STRAIGHT, compat.LookupTable.MAX_THREE_OF_A_KIND]
    maxima += [compat.LookupTable.MAX_TWO_PAIR, compat.LookupTable.MAX_PAIR, compat.LookupTable.MAX_HIGH_CARD]
    # The last rank of each category (per handrank.category), best first.
    last = [rank for rank in range(1, 7462) if handrank.category(rank + 1) != handrank.category(rank)]
    assert maxima == [*last, 7462]
    assert list(compat.LookupTable.MAX_TO_RANK_CLASS.items()) == [(top, cls) for cls, top in enumerate(maxima)]
    assert (compat.Evaluator.HAND_LENGTH, compat.Evaluator.BOARD_LENGTH) == (2, 5)
    assert (compat.PLOEvaluator.HAND_LENGTH, compat.PLOEvaluator.BOARD_LENGTH) == (4, 5)


# --------------------------------------------------------------------------- Card


def test_card_ints_on_all_52_cards(no_termcolor: None) -> None:
    """Cactus Kev's layout: ``xxxbbbbb bbbbbbbb cdhsrrrr xxpppppp``."""
    for name, card in zip(NAMES, T_INTS, strict=True):
        rank = RANKS.index(name[0])
        new = compat.Card.new(name)
        assert type(new) is int and new == card
        assert compat.Card.int_to_str(card) == name
        assert compat.Card.get_rank_int(card) == rank
        assert compat.Card.get_suit_int(card) == SUIT_BITS[name[1]]
        assert compat.Card.get_bitrank_int(card) == 1 << rank
        assert compat.Card.get_prime(card) == PRIMES[rank]
        binary = compat.Card.int_to_binary(card)
        assert len(binary) == 39 and int(binary.replace("\t", ""), 2) == card
        assert compat.Card.int_to_pretty_str(card) == f"[{name[0]}{PRETTY_SUITS[name[1]]}]"
    assert compat.Card.hand_to_binary(NAMES) == T_INTS
    assert compat.Card.hand_to_binary(("As", "Kd")) == [T_INTS[51], T_INTS[45]]
    assert compat.Card.hand_to_binary([]) == []
    assert compat.Card.int_to_binary(compat.Card.new("Kd")) == "0000\t1000\t0000\t0000\t0100\t1011\t0010\t0101"


@needs_treys
def test_new_and_conversions_on_all_52_cards() -> None:
    for name in NAMES:
        card = compat.Card.new(name)
        assert type(card) is int
        assert card == treys.Card.new(name)
        for fn in ("int_to_str", "get_rank_int", "get_suit_int", "get_bitrank_int", "get_prime", "int_to_binary"):
            want, got = getattr(treys.Card, fn)(card), getattr(compat.Card, fn)(card)
            assert type(got) is type(want), fn
            assert got == want, (fn, name)
        assert compat.Card.int_to_pretty_str(card) == treys.Card.int_to_pretty_str(card)
    assert compat.Card.hand_to_binary(NAMES) == treys.Card.hand_to_binary(NAMES) == T_INTS
    assert compat.Card.hand_to_binary(("As", "Kd")) == treys.Card.hand_to_binary(("As", "Kd"))
    assert compat.Card.hand_to_binary([]) == []


@needs_treys
def test_field_getters_on_arbitrary_ints() -> None:
    rng = random.Random(RNG_SEED)
    values = [0, 1, -1, 2**31, 2**32 - 1, 2**40 + 12345, -(2**33)] + [rng.getrandbits(34) - 2**33 for _ in range(3000)]
    for value in values:
        for fn in ("get_rank_int", "get_suit_int", "get_bitrank_int", "get_prime"):
            assert getattr(compat.Card, fn)(value) == getattr(treys.Card, fn)(value), (fn, value)
    card = np.int64(T_INTS[17])
    assert compat.Card.get_rank_int(card) == treys.Card.get_rank_int(card)  # type: ignore[arg-type]


def test_prime_products_known_values() -> None:
    assert compat.Card.prime_product_from_rankbits(0) == 1
    assert compat.Card.prime_product_from_rankbits(0b11111) == 2 * 3 * 5 * 7 * 11
    assert compat.Card.prime_product_from_rankbits(0b1111100000000) == 41 * 37 * 31 * 29 * 23
    assert compat.Card.prime_product_from_rankbits((1 << 13) - 1) == math.prod(PRIMES)
    assert compat.Card.prime_product_from_rankbits(1 << 13) == 1  # only the low 13 bits count
    assert compat.Card.prime_product_from_hand([]) == 1
    aces = compat.Card.hand_to_binary(["As", "Ah", "Kd"])
    got = compat.Card.prime_product_from_hand(aces)
    assert type(got) is int and got == 41 * 41 * 37


@needs_treys
def test_prime_products() -> None:
    for bits in range(1 << 13):
        assert compat.Card.prime_product_from_rankbits(bits) == treys.Card.prime_product_from_rankbits(bits)
    for bits in (-1, -12345, 1 << 13, (1 << 20) - 1, 0x1FFF << 16):
        assert compat.Card.prime_product_from_rankbits(bits) == treys.Card.prime_product_from_rankbits(bits)
    for k in range(8):
        for hand in random_deals(300, k, RNG_SEED + k) if k else [[]]:
            got = compat.Card.prime_product_from_hand(hand)
            assert type(got) is int
            assert got == treys.Card.prime_product_from_hand(hand)
    odd = [3, 255, 256, -7, 2**40 + 77]
    assert compat.Card.prime_product_from_hand(odd) == treys.Card.prime_product_from_hand(odd)


@needs_treys
def test_int_to_binary_on_32_bit_ints() -> None:
    rng = random.Random(RNG_SEED)
    for value in [0, 1, True, 2**31, 2**32 - 1] + [rng.getrandbits(32) for _ in range(2000)]:
        got = compat.Card.int_to_binary(value)
        assert got == treys.Card.int_to_binary(value)
        assert len(got) == 39


def test_int_to_binary_groups_of_four() -> None:
    rng = random.Random(RNG_SEED)
    for value in [0, 1, True, 2**31, 2**32 - 1] + [rng.getrandbits(32) for _ in range(2000)]:
        got = compat.Card.int_to_binary(value)
        assert len(got) == 39
        groups = got.split("\t")
        assert len(groups) == 8 and all(len(g) == 4 and set(g) <= {"0", "1"} for g in groups)
        assert int("".join(groups), 2) == value
    assert compat.Card.int_to_binary(0) == "\t".join(["0000"] * 8)


def test_pretty_strings(no_termcolor: None, capsys: pytest.CaptureFixture[str]) -> None:
    for name, card in zip(NAMES, T_INTS, strict=True):
        _, out = captured(capsys, functools.partial(compat.Card.print_pretty_card, card))
        assert out == compat.Card.int_to_pretty_str(card) + "\n" == f"[{name[0]}{PRETTY_SUITS[name[1]]}]\n"
    rng = random.Random(RNG_SEED)
    hands: list[list[int]] = [[], [T_INTS[51]], T_INTS, *(rng.sample(T_INTS, rng.randint(1, 9)) for _ in range(50))]
    for hand in hands:
        text = compat.Card.ints_to_pretty_str(hand)
        assert text == (" " + ",".join(map(compat.Card.int_to_pretty_str, hand)) + " " if hand else " ")
        assert captured(capsys, functools.partial(compat.Card.print_pretty_cards, hand)) == (None, text + "\n")
    assert compat.Card.int_to_pretty_str(compat.Card.new("Ah")) == "[A\u2665]"
    assert compat.Card.ints_to_pretty_str(compat.Card.hand_to_binary(["As", "Td"])) == " [A\u2660],[T\u2666] "


@needs_treys
def test_pretty_printing(capsys: pytest.CaptureFixture[str]) -> None:
    for card in T_INTS:
        ours = captured(capsys, functools.partial(compat.Card.print_pretty_card, card))
        assert ours == captured(capsys, functools.partial(treys.Card.print_pretty_card, card))
    rng = random.Random(RNG_SEED)
    hands: list[list[int]] = [[], [T_INTS[51]], T_INTS, *(rng.sample(T_INTS, rng.randint(1, 9)) for _ in range(50))]
    for hand in hands:
        out = captured(capsys, functools.partial(compat.Card.print_pretty_cards, hand))
        assert out == captured(capsys, functools.partial(treys.Card.print_pretty_cards, hand))
        assert isinstance(out[1], str) and out[1].startswith(" ") and out[1].endswith(" \n")
        assert compat.Card.ints_to_pretty_str(hand) == treys.Card.ints_to_pretty_str(hand)


def fake_termcolor(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("termcolor")
    fake.colored = lambda text, color: f"<{color}>{text}</{color}>"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "termcolor", fake)


def test_pretty_strings_with_termcolor(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_termcolor(monkeypatch)
    assert compat.Card.int_to_pretty_str(compat.Card.new("Td")) == "[T<blue>\u2666</blue>]"
    assert compat.Card.int_to_pretty_str(compat.Card.new("Ts")) == "[T\u2660]"  # spades have no colour
    assert compat.Card.int_to_pretty_str(compat.Card.new("2h")) == "[2<red>\u2665</red>]"
    assert compat.Card.int_to_pretty_str(compat.Card.new("Ac")) == "[A<green>\u2663</green>]"


@needs_treys
def test_pretty_printing_with_termcolor(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fake_termcolor(monkeypatch)
    for card in T_INTS:
        assert compat.Card.int_to_pretty_str(card) == treys.Card.int_to_pretty_str(card)
    assert captured(capsys, lambda: compat.Card.print_pretty_cards(T_INTS)) == captured(
        capsys, lambda: treys.Card.print_pretty_cards(T_INTS)
    )


# --------------------------------------------------------------------------- Evaluator.evaluate


def treys_reference(hands: np.ndarray) -> np.ndarray:
    """treys' rank of each row of treys card ints (N, k), k = 5..7, computed the way treys does it.

    treys' ``_five`` is: if the five cards share a suit bit, ``flush_lookup`` at
    ``prime_product_from_rankbits`` of the OR of their rank bits, else
    ``unsuited_lookup`` at the product of their primes; ``_six`` and ``_seven``
    take the minimum over all 5-card subsets.  Here the same steps run on numpy
    columns, with the tables of treys' own ``LookupTable`` and treys' own
    ``prime_product_from_rankbits``; test_reference_is_treys checks the result
    against ``treys.Evaluator().evaluate`` itself.
    """
    table = reference_tables()
    keys, values, flush_by_rankbits = table["unsuited_keys"], table["unsuited_values"], table["flush_by_rankbits"]
    columns = [np.ascontiguousarray(hands[:, i]) for i in range(hands.shape[1])]
    primes = [column & 0xFF for column in columns]
    suits = [column & 0xF000 for column in columns]
    rankbits = [(column >> 16) & 0x1FFF for column in columns]
    best = np.full(len(hands), 7463, dtype=np.int64)
    for a, b, c, d, e in itertools.combinations(range(len(columns)), 5):
        product = primes[a] * primes[b] * primes[c] * primes[d] * primes[e]
        suited = (suits[a] & suits[b] & suits[c] & suits[d] & suits[e]) != 0
        flush_rank = flush_by_rankbits[rankbits[a] | rankbits[b] | rankbits[c] | rankbits[d] | rankbits[e]]
        where = np.minimum(np.searchsorted(keys, product), len(keys) - 1)
        found = np.where(suited, flush_rank > 0, keys[where] == product)
        assert found.all(), "a 5-card hand is not in treys' tables"
        np.minimum(best, np.where(suited, flush_rank, values[where]), out=best)
    return best


@functools.cache
def reference_tables() -> dict[str, np.ndarray]:
    """treys' own tables as numpy arrays (built on first use, so only with treys installed)."""
    lookup = treys_lookup.LookupTable()
    keys = np.array(sorted(lookup.unsuited_lookup), dtype=np.int64)
    flush_by_rankbits = np.array(
        [lookup.flush_lookup.get(treys.Card.prime_product_from_rankbits(bits), 0) for bits in range(1 << 13)],
        dtype=np.int64,
    )
    return {
        "unsuited_keys": keys,
        "unsuited_values": np.array([lookup.unsuited_lookup[k] for k in keys.tolist()], dtype=np.int64),
        "flush_by_rankbits": flush_by_rankbits,
    }


SPLITS = {5: [2, 0, 5, 1], 6: [2, 0, 6, 3], 7: [2, 0, 7, 4, 2, 2]}  # hand sizes cycled through, board = the rest


@needs_treys
@pytest.mark.parametrize("k", [5, 6, 7])
def test_reference_is_treys(k: int) -> None:
    """The vectorised reference that test_a_million_hands uses gives exactly treys.Evaluator().evaluate."""
    hands = random_deals(6000, k, RNG_SEED - k)
    evaluator = treys.Evaluator()
    want = [evaluator.evaluate(hand[:2], hand[2:]) for hand in hands]
    assert treys_reference(np.array(hands, dtype=np.int64)).tolist() == want


@needs_treys
def test_a_million_hands() -> None:
    """1,000,000 seeded random hands (200k of 5 cards, 300k of 6, 500k of 7), split between hand and board
    in several ways, against treys' own tables."""
    evaluate = compat.Evaluator().evaluate
    total = 0
    for k, n in ((5, 200_000), (6, 300_000), (7, 500_000)):
        for chunk in range(0, n, 100_000):
            ids = random_ids(100_000, k, seed=RNG_SEED + 1000 * k + chunk)
            treys_ints = T_INT_ARRAY[ids]
            want = treys_reference(treys_ints).tolist()
            hands = treys_ints.tolist()
            splits = SPLITS[k]
            got = [
                evaluate(hand[: splits[i % len(splits)]], hand[splits[i % len(splits)] :])
                for i, hand in enumerate(hands)
            ]
            if got != want:
                i = next(i for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w)
                pytest.fail(f"{[NAMES[c] for c in ids[i]]}: treys {want[i]}, adapter {got[i]}")
            total += len(hands)
    assert total == 1_000_000


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_against_handrank(k: int) -> None:
    """Seeded random hands, split between hand and board in several ways: the rank handrank gives the same cards."""
    evaluate = compat.Evaluator().evaluate
    ids = random_ids(30_000, k, seed=RNG_SEED + 3000 * k)
    want = [handrank.evaluate(row) for row in ids.tolist()]
    splits = SPLITS[k]
    hands = T_INT_ARRAY[ids].tolist()
    got = [evaluate(hand[: splits[i % len(splits)]], hand[splits[i % len(splits)] :]) for i, hand in enumerate(hands)]
    assert got == want
    assert all(type(rank) is int for rank in got[:1000])
    assert min(want) <= 300 and max(want) >= 6000  # the comparison covered every category


def test_every_split_and_sequence_type_against_handrank() -> None:
    ours = compat.Evaluator()
    for k in (5, 6, 7):
        for hand in random_deals(400, k, RNG_SEED + 7 * k):
            want = handrank.evaluate(ids_of(hand))
            for split in range(k + 1):
                assert ours.evaluate(hand[:split], hand[split:]) == want
                assert ours.evaluate(tuple(hand[:split]), tuple(hand[split:])) == want
                assert ours.evaluate(np.array(hand[:split], dtype=np.int64), hand[split:]) == want  # type: ignore[arg-type]
            result = ours.evaluate(hand[:2], hand[2:])
            assert type(result) is int


@needs_treys
def test_every_split_and_sequence_type() -> None:
    theirs, ours = treys.Evaluator(), compat.Evaluator()
    for k in (5, 6, 7):
        for hand in random_deals(400, k, RNG_SEED + 7 * k):
            for split in range(k + 1):
                want = theirs.evaluate(hand[:split], hand[split:])
                assert ours.evaluate(hand[:split], hand[split:]) == want
                assert ours.evaluate(tuple(hand[:split]), tuple(hand[split:])) == want
                assert ours.evaluate(np.array(hand[:split], dtype=np.int64), hand[split:]) == want  # type: ignore[arg-type]
            result = ours.evaluate(hand[:2], hand[2:])
            assert type(result) is int


def test_five_six_seven_and_hand_size_map_against_handrank() -> None:
    ours = compat.Evaluator()
    assert sorted(ours.hand_size_map) == [5, 6, 7]
    for k, fn in ((5, "_five"), (6, "_six"), (7, "_seven")):
        for hand in random_deals(300, k, RNG_SEED + 11 * k):
            want = handrank.evaluate(ids_of(hand))
            assert getattr(ours, fn)(hand) == want
            assert ours.hand_size_map[k](hand) == want


@needs_treys
def test_five_six_seven_and_hand_size_map() -> None:
    theirs, ours = treys.Evaluator(), compat.Evaluator()
    assert sorted(ours.hand_size_map) == sorted(theirs.hand_size_map) == [5, 6, 7]
    for k, fn in ((5, "_five"), (6, "_six"), (7, "_seven")):
        for hand in random_deals(300, k, RNG_SEED + 11 * k):
            want = getattr(theirs, fn)(hand)
            assert getattr(ours, fn)(hand) == want
            assert ours.hand_size_map[k](hand) == want


def test_table_attribute() -> None:
    evaluator = compat.Evaluator()
    table = evaluator.table
    assert isinstance(table, compat.LookupTable)
    assert evaluator.table is table  # built once
    assert table.flush_lookup == compat.LookupTable().flush_lookup


@needs_treys
def test_table_attribute_matches_treys() -> None:
    assert compat.Evaluator().table.flush_lookup == treys.Evaluator().table.flush_lookup


# --------------------------------------------------------------------------- ranks and classes


def test_every_rank_class_string_and_percentage_against_handrank() -> None:
    ours = compat.Evaluator()
    for rank in range(1, 7463):
        cls = ours.get_rank_class(rank)
        assert type(cls) is int
        assert cls == handrank.category(rank) - 1  # the same ten categories, best first
        assert ours.class_to_string(cls) == CLASS_NAMES[cls]
        pct = ours.get_five_card_rank_percentage(rank)
        assert type(pct) is float
        assert pct == rank / 7462
    assert [ours.class_to_string(cls) for cls in range(10)] == CLASS_NAMES
    odd_ranks: list[tuple[Any, int]] = [(1.0, 0), (10.5, 2), (7462.0, 9), (np.int64(200), 3)]
    for odd, cls in odd_ranks:
        assert ours.get_rank_class(odd) == cls
        assert ours.get_five_card_rank_percentage(odd) == float(odd) / 7462.0


@needs_treys
def test_every_rank_class_string_and_percentage() -> None:
    theirs, ours = treys.Evaluator(), compat.Evaluator()
    seen = set()
    for rank in range(1, 7463):
        cls = ours.get_rank_class(rank)
        assert type(cls) is int
        assert cls == theirs.get_rank_class(rank)
        assert ours.class_to_string(cls) == theirs.class_to_string(cls)
        pct = ours.get_five_card_rank_percentage(rank)
        assert type(pct) is float
        assert pct == theirs.get_five_card_rank_percentage(rank)
        seen.add(cls)
    assert seen == set(range(10))
    for cls in range(10):
        assert ours.class_to_string(cls) == theirs.class_to_string(cls)
    odd_ranks: list[Any] = [1.0, 10.5, 7462.0, np.int64(200)]
    for odd in odd_ranks:
        assert ours.get_rank_class(odd) == theirs.get_rank_class(odd)
        assert ours.get_five_card_rank_percentage(odd) == theirs.get_five_card_rank_percentage(odd)


# --------------------------------------------------------------------------- PLO

PLO_SHAPES = [(4, 3), (4, 4), (4, 5), (5, 5), (6, 5), (6, 3), (2, 3), (3, 5), (7, 5), (4, 6)]


def brute_force_plo(hole: list[int], board: list[int]) -> int:
    """The best rank of two hole cards with three board cards, by handrank.evaluate on every choice."""
    return min(
        handrank.evaluate(ids_of([*two, *three]))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


@pytest.mark.parametrize(("n_hole", "n_board"), PLO_SHAPES)
def test_plo_against_brute_force(n_hole: int, n_board: int) -> None:
    ours = compat.PLOEvaluator()
    assert ours.HAND_LENGTH == 4
    n = 600 if (n_hole, n_board) in ((4, 5), (4, 3)) else 150
    for deal in random_deals(n, n_hole + n_board, RNG_SEED + 13 * n_hole + n_board):
        hole, board = deal[:n_hole], deal[n_hole:]
        got = ours.evaluate(hole, board)
        assert type(got) is int
        assert got == brute_force_plo(hole, board)


@needs_treys
@pytest.mark.parametrize(("n_hole", "n_board"), PLO_SHAPES)
def test_plo_against_treys(n_hole: int, n_board: int) -> None:
    theirs, ours = treys.PLOEvaluator(), compat.PLOEvaluator()
    assert ours.HAND_LENGTH == theirs.HAND_LENGTH == 4
    n = 1500 if (n_hole, n_board) in ((4, 5), (4, 3)) else 300
    for deal in random_deals(n, n_hole + n_board, RNG_SEED + 13 * n_hole + n_board):
        hole, board = deal[:n_hole], deal[n_hole:]
        got = ours.evaluate(hole, board)
        assert type(got) is int
        assert got == theirs.evaluate(hole, board)


def test_plo_inherits_the_rest() -> None:
    ours = compat.PLOEvaluator()
    assert ours.get_rank_class(1600) == 5 and ours.class_to_string(5) == "Straight"
    hand = compat.Card.hand_to_binary(["Ah", "Kh", "Qh", "Jh", "Th"])
    assert ours._five(hand) == 1  # the Hold'em 5-card path, as treys' PLOEvaluator._five


# --------------------------------------------------------------------------- hand_summary


def summary_deals(n: int, players: int, hand_length: int, seed: int) -> Iterator[tuple[list[int], list[list[int]]]]:
    for deal in random_deals(n, 5 + players * hand_length, seed):
        board = deal[:5]
        yield board, [deal[5 + p * hand_length : 5 + (p + 1) * hand_length] for p in range(players)]


def summary_cases(kind: str) -> list[tuple[list[int], list[list[int]]]]:
    length = getattr(compat, kind).HAND_LENGTH
    cases = [deal for players in (1, 2, 3, 6) for deal in summary_deals(25, players, length, RNG_SEED + players)]
    royal = compat.Card.hand_to_binary(["As", "Ks", "Qs", "Js", "Ts"])
    if kind == "Evaluator":  # ties: the board plays for everyone; split lead on the flop only
        cases.append((royal, [compat.Card.hand_to_binary(h) for h in (["2c", "3d"], ["4h", "5c"], ["7d", "8d"])]))
        board = compat.Card.hand_to_binary(["Ah", "Kd", "7c", "7s", "2d"])
        cases.append((board, [compat.Card.hand_to_binary(h) for h in (["Ac", "3d"], ["As", "3h"], ["Kh", "Qc"])]))
    return cases


def expected_summary(kind: str, board: list[int], hands: list[list[int]]) -> str:
    """treys' hand_summary text, with the ranks from handrank (brute force for Omaha)."""
    lines: list[str] = []
    bar = "=" * 10
    best, winners = 0, [0]
    for street, shown in (("FLOP", 3), ("TURN", 4), ("RIVER", 5)):
        lines.append(f"{bar} {street} {bar}")
        if kind == "Evaluator":
            ranks = [handrank.evaluate(ids_of(hand + board[:shown])) for hand in hands]
        else:
            ranks = [brute_force_plo(hand, board[:shown]) for hand in hands]
        for player, rank in enumerate(ranks, 1):
            name = CLASS_NAMES[handrank.category(rank) - 1]
            lines.append(f"Player {player} hand = {name}, percentage rank among all hands = {1.0 - rank / 7462.0}")
        best = min(ranks)
        winners = [player for player, rank in enumerate(ranks, 1) if rank == best]
        if street != "RIVER":
            if len(winners) == 1:
                lines.append(f"Player {winners[0]} hand is currently winning.\n")
            else:
                lines.append(f"Players {winners} are tied for the lead.\n")
    name = CLASS_NAMES[handrank.category(best) - 1]
    lines += ["", f"{bar} HAND OVER {bar}"]
    if len(winners) == 1:
        lines.append(f"Player {winners[0]} is the winner with a {name}\n")
    else:
        lines.append(f"Players {winners} tied for the win with a {name}\n")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("kind", ["Evaluator", "PLOEvaluator"])
def test_hand_summary_prints_handranks_results(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    ours = getattr(compat, kind)()
    tied = 0
    for board, hands in summary_cases(kind):
        got = captured(capsys, functools.partial(ours.hand_summary, board, hands))
        assert got == (None, expected_summary(kind, board, hands))
        tied += "tied for the win" in got[1]
    if kind == "Evaluator":
        assert tied >= 2


@needs_treys
@pytest.mark.parametrize("kind", ["Evaluator", "PLOEvaluator"])
def test_hand_summary_prints_the_same(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    theirs, ours = getattr(treys, kind)(), getattr(compat, kind)()
    tied = 0
    for board, hands in summary_cases(kind):
        got = captured(capsys, functools.partial(ours.hand_summary, board, hands))
        assert got == captured(capsys, functools.partial(theirs.hand_summary, board, hands))
        assert got[0] is None and "HAND OVER" in got[1]
        tied += "tied for the win" in got[1]
    if kind == "Evaluator":
        assert tied >= 2


# --------------------------------------------------------------------------- Deck

DECK_SEEDS = [0, 1, 42, 2**40, "treys", b"bytes", 3.5]


@pytest.mark.parametrize("seed", DECK_SEEDS)
def test_deck_shuffles_with_its_own_random_and_draws_from_the_end(seed: Any) -> None:
    deck = compat.Deck(seed)
    shuffler = random.Random(seed)
    expected = compat.Deck.GetFullDeck()
    shuffler.shuffle(expected)
    assert deck.cards == expected and len(deck.cards) == 52
    assert str(deck) == compat.Card.ints_to_pretty_str(deck.cards)
    for n in (1, 2, 0, 5, 3, 1):
        drawn = deck.draw(n)
        assert type(drawn) is list
        assert drawn == [expected.pop() for _ in range(n)]
    assert deck.draw() == [expected.pop()]
    assert deck.cards == expected
    deck.shuffle()
    expected = compat.Deck.GetFullDeck()
    shuffler.shuffle(expected)
    assert deck.cards == expected and len(deck.cards) == 52
    assert deck.draw(52) == expected[::-1]
    assert deck.cards == [] and str(deck) == " "


@needs_treys
@pytest.mark.parametrize("seed", DECK_SEEDS)
def test_deck_draws_like_treys(seed: Any) -> None:
    theirs, ours = treys.Deck(seed), compat.Deck(seed)
    assert ours.cards == theirs.cards and len(ours.cards) == 52
    assert str(ours) == str(theirs)
    for n in (1, 2, 0, 5, 3, 1):
        drawn = ours.draw(n)
        assert type(drawn) is list
        assert drawn == theirs.draw(n)
    assert ours.draw() == theirs.draw()
    assert ours.cards == theirs.cards
    ours.shuffle()
    theirs.shuffle()
    assert ours.cards == theirs.cards and len(ours.cards) == 52
    assert ours.draw(52) == theirs.draw(52)
    assert ours.cards == [] and str(ours) == str(theirs) == " "


def test_deck_randomness_source() -> None:
    deck = compat.Deck(seed=99)
    assert type(deck._random) is random.Random
    expected = compat.Deck.GetFullDeck()
    random.Random(99).shuffle(expected)
    assert deck.cards == expected
    unseeded = compat.Deck()
    assert sorted(unseeded.cards) == sorted(T_INTS)
    assert unseeded.cards != compat.Deck().cards or unseeded.cards != compat.Deck().cards  # 1 in 52! to fail


def test_full_deck() -> None:
    full = compat.Deck.GetFullDeck()
    # deuces first; spades, hearts, diamonds, clubs within a rank
    assert full == [compat.Card.new(r + s) for r in RANKS for s in "shdc"]
    assert full is not compat.Deck.GetFullDeck()
    full.clear()
    assert len(compat.Deck.GetFullDeck()) == 52
    assert compat.Deck._FULL_DECK == compat.Deck.GetFullDeck()


@needs_treys
def test_full_deck_matches_treys() -> None:
    assert compat.Deck.GetFullDeck() == treys.Deck.GetFullDeck()
    assert compat.Deck._FULL_DECK == treys.Deck._FULL_DECK


# --------------------------------------------------------------------------- LookupTable


def ranks_of_product(product: int) -> list[int]:
    """The ranks (with repeats, highest first) whose primes multiply to ``product``."""
    ranks = []
    for rank in range(12, -1, -1):
        while product % PRIMES[rank] == 0:
            ranks.append(rank)
            product //= PRIMES[rank]
    assert product == 1
    return ranks


def test_lookup_tables_rank_every_pattern_as_handrank() -> None:
    """Each prime product's rank is handrank's rank of a hand of those ranks: one suit for flush_lookup, else mixed."""
    table = compat.LookupTable()
    assert len(table.flush_lookup) == 1287 and len(table.unsuited_lookup) == 6175
    for product, rank in table.flush_lookup.items():
        ranks = ranks_of_product(product)
        assert len(set(ranks)) == 5
        assert handrank.evaluate([4 * r + 3 for r in ranks]) == rank
    for product, rank in table.unsuited_lookup.items():
        ranks = ranks_of_product(product)
        assert len(ranks) == 5
        # suits 0, 1, 2, 3, 0 along the sorted ranks: equal ranks never share a suit, and no flush
        assert handrank.evaluate([4 * r + i % 4 for i, r in enumerate(ranks)]) == rank
    assert sorted([*table.flush_lookup.values(), *table.unsuited_lookup.values()]) == list(range(1, 7463))
    assert compat.LookupTable().flush_lookup is not table.flush_lookup  # every instance has its own


@needs_treys
def test_lookup_tables_entry_by_entry() -> None:
    theirs, ours = treys_lookup.LookupTable(), compat.LookupTable()
    assert list(ours.flush_lookup.items()) == list(theirs.flush_lookup.items())
    assert list(ours.unsuited_lookup.items()) == list(theirs.unsuited_lookup.items())
    assert len(ours.flush_lookup) == 1287 and len(ours.unsuited_lookup) == 6175
    assert compat.LookupTable().flush_lookup is not ours.flush_lookup  # every instance has its own


def test_lookup_table_builders_fill_their_part() -> None:
    full = compat.LookupTable()
    ours = compat.LookupTable()
    ours.flush_lookup.clear()
    ours.unsuited_lookup.clear()
    ours.multiples()
    assert not ours.flush_lookup
    assert ours.unsuited_lookup == {p: r for p, r in full.unsuited_lookup.items() if len(set(ranks_of_product(p))) < 5}
    ours.unsuited_lookup.clear()
    ours.flushes()
    assert list(ours.flush_lookup.items()) == list(full.flush_lookup.items())
    assert ours.unsuited_lookup == {p: r for p, r in full.unsuited_lookup.items() if len(set(ranks_of_product(p))) == 5}
    ours.unsuited_lookup.clear()
    ours.straight_and_highcards([0b11111, 0b1000000001111, 31 << 8], (0b1011, 0b10110, 7))
    products = [compat.Card.prime_product_from_rankbits(bits) for bits in (0b11111, 0b1000000001111, 31 << 8)]
    highs = [compat.Card.prime_product_from_rankbits(bits) for bits in (0b1011, 0b10110, 7)]
    want = [*zip(products, [1600, 1601, 1602], strict=True), *zip(highs, [6186, 6187, 6188], strict=True)]
    assert list(ours.unsuited_lookup.items()) == want
    assert ours.unsuited_lookup[2 * 3 * 5 * 7 * 11] == 1600


@needs_treys
def test_lookup_table_builders() -> None:
    theirs, ours = treys_lookup.LookupTable(), compat.LookupTable()
    for table in (theirs, ours):
        table.flush_lookup.clear()
        table.unsuited_lookup.clear()
        table.multiples()
    assert list(ours.unsuited_lookup.items()) == list(theirs.unsuited_lookup.items())
    assert not ours.flush_lookup
    for table in (theirs, ours):
        table.unsuited_lookup.clear()
        table.flushes()
    assert list(ours.flush_lookup.items()) == list(theirs.flush_lookup.items())
    assert list(ours.unsuited_lookup.items()) == list(theirs.unsuited_lookup.items())
    for table in (theirs, ours):
        table.unsuited_lookup.clear()
        table.straight_and_highcards([0b11111, 0b1000000001111, 31 << 8], (0b1011, 0b10110, 7))
    assert list(ours.unsuited_lookup.items()) == list(theirs.unsuited_lookup.items())
    assert ours.unsuited_lookup[2 * 3 * 5 * 7 * 11] == 1600


def test_write_table_to_disk_lines(tmp_path: Path) -> None:
    ours = compat.LookupTable()
    for name in ("flush_lookup", "unsuited_lookup"):
        table = getattr(ours, name)
        ours.write_table_to_disk(table, str(tmp_path / "ours.csv"))
        text = (tmp_path / "ours.csv").read_text()
        assert text == "".join(f"{product},{rank}\n" for product, rank in table.items())
        assert text.count("\n") == len(table)
    ours.write_table_to_disk({6: 1}, tmp_path / "path.csv")  # a Path works too
    assert (tmp_path / "path.csv").read_text() == "6,1\n"


@needs_treys
def test_write_table_to_disk(tmp_path: Path) -> None:
    theirs, ours = treys_lookup.LookupTable(), compat.LookupTable()
    for name in ("flush_lookup", "unsuited_lookup"):
        theirs.write_table_to_disk(getattr(theirs, name), str(tmp_path / "theirs.csv"))
        ours.write_table_to_disk(getattr(ours, name), str(tmp_path / "ours.csv"))
        text = (tmp_path / "ours.csv").read_text()
        assert text == (tmp_path / "theirs.csv").read_text()
        assert text.count("\n") == len(getattr(ours, name))


NEXT_BITS = [1, 0b11111, 0b101, 0b1111100000000, 12345, 2**40 + 3, 2**70 - 1]


@pytest.mark.parametrize("bits", NEXT_BITS)
def test_next_bit_sequence_counts_up_with_as_many_bits(bits: int) -> None:
    ours = compat.LookupTable().get_lexographically_next_bit_sequence(bits)
    values = [next(ours) for _ in range(3000)]
    assert all(type(v) is int and v.bit_count() == bits.bit_count() for v in values)
    assert all(a < b for a, b in itertools.pairwise([bits, *values]))
    if bits < 1 << 14:  # no number with as many bits is skipped
        first = values[:20]
        assert first == [x for x in range(bits + 1, first[-1] + 1) if x.bit_count() == bits.bit_count()]


@needs_treys
@pytest.mark.parametrize("bits", NEXT_BITS)
def test_next_bit_sequence(bits: int) -> None:
    theirs = treys_lookup.LookupTable().get_lexographically_next_bit_sequence(bits)
    ours = compat.LookupTable().get_lexographically_next_bit_sequence(bits)
    values = [next(ours) for _ in range(3000)]
    assert values == [next(theirs) for _ in range(3000)]
    assert all(type(v) is int and v.bit_count() == bits.bit_count() for v in values)


# --------------------------------------------------------------------------- treys' README and docstrings


def test_readme_examples(capsys: pytest.CaptureFixture[str], no_termcolor: None) -> None:
    Card, Evaluator = compat.Card, compat.Evaluator
    card = Card.new("Qh")
    assert card == cactus_kev("Qh") and Card.int_to_str(card) == "Qh"
    board = [Card.new("Ah"), Card.new("Kd"), Card.new("Jc")]
    hand = [Card.new("Qs"), Card.new("Th")]
    _, out = captured(capsys, lambda: Card.print_pretty_cards(board + hand))
    assert out == " [A\u2665],[K\u2666],[J\u2663],[Q\u2660],[T\u2665] \n"
    evaluator = Evaluator()
    assert evaluator.evaluate(board, hand) == 1600

    board = Card.hand_to_binary(["4c", "As", "5d", "Kc", "2s"])
    player1_hand, player2_hand = Card.hand_to_binary(["6c", "7h"]), Card.hand_to_binary(["Ac", "3h"])
    p1_score, p2_score = evaluator.evaluate(board, player1_hand), evaluator.evaluate(board, player2_hand)
    p1_class, p2_class = evaluator.get_rank_class(p1_score), evaluator.get_rank_class(p2_score)
    assert (p1_score, evaluator.class_to_string(p1_class)) == (6330, "High Card")
    assert (p2_score, evaluator.class_to_string(p2_class)) == (1609, "Straight")
    _, out = captured(capsys, lambda: evaluator.hand_summary(board, [player1_hand, player2_hand]))
    lines = out.splitlines()
    assert lines[0] == "========== FLOP =========="
    assert lines[1].startswith("Player 1 hand = High Card, percentage rank among all hands = ")
    assert lines[2].startswith("Player 2 hand = Pair, percentage rank among all hands = ")
    assert lines[3] == "Player 2 hand is currently winning."
    assert "Player 2 hand = Straight, percentage rank among all hands = 0.78437" in out
    assert out.endswith("========== HAND OVER ==========\nPlayer 2 is the winner with a Straight\n\n")

    deck = compat.Deck()
    drawn = [deck.draw(5), deck.draw(2), deck.draw(2)]
    assert [len(d) for d in drawn] == [5, 2, 2] and len(set(itertools.chain(*drawn))) == 9


@needs_treys
def test_readme_card_is_treys_card() -> None:
    assert compat.Card.new("Qh") == treys.Card.new("Qh")


def test_lookup_docstring_examples() -> None:
    """treys' LookupTable docstring: royal flush => 1, unsuited 7-5-4-3-2 => 7462, 7462 distinct values."""
    evaluator = compat.Evaluator()
    royal = compat.Card.hand_to_binary(["Ah", "Kh", "Qh", "Jh", "Th"])
    worst = compat.Card.hand_to_binary(["7c", "5d", "4h", "3s", "2c"])
    assert evaluator.evaluate(royal, []) == 1
    assert evaluator.evaluate([], worst) == 7462
    table = compat.LookupTable()
    assert len(set(table.flush_lookup.values()) | set(table.unsuited_lookup.values())) == 7462


# --------------------------------------------------------------------------- deliberate differences


def cards(text: str) -> list[int]:
    return compat.Card.hand_to_binary(text.split())


def test_duplicate_card_is_an_error_not_a_pair() -> None:
    hand, board = cards("Ah Kd"), cards("Ah 2c 3c")
    with pytest.raises(
        compat.InvalidInputError, match=r"duplicate card Ah \(\d+\): it is both hand\[0\] and board\[0\]"
    ):
        compat.Evaluator().evaluate(hand, board)
    with pytest.raises(ValueError, match="duplicate card Ks"):
        compat.Evaluator().evaluate(cards("Ks Qs"), cards("Js Ts 9s Ks"))
    with pytest.raises(ValueError, match="duplicate card 2c"):
        compat.Evaluator()._seven(cards("2c 3c 4c 5c 6c 7c 2c"))


@needs_treys
def test_treys_counts_a_duplicate_card_as_a_pair() -> None:
    assert treys.Evaluator().evaluate(cards("Ah Kd"), cards("Ah 2c 3c")) == 3380  # a pair of aces out of one ace


def test_errors_are_value_errors_and_what_treys_raised() -> None:
    error = compat.InvalidInputError("x")
    assert isinstance(error, ValueError) and isinstance(error, KeyError) and isinstance(error, IndexError)
    assert str(compat.InvalidInputError("a message")) == "a message"  # not KeyError's quoted form
    with pytest.raises(KeyError):  # code written against treys' KeyError still catches it
        compat.Card.new("Xx")


@needs_treys
def test_treys_raises_key_error_for_a_bad_card_string() -> None:
    with pytest.raises(KeyError):
        treys.Card.new("Xx")


WRONG_COUNTS = [
    ("As Ks", "Qs Js", "Evaluator.evaluate needs 5 to 7 cards in hand \\+ board, got 4"),
    ("As Ks Qs", "Js Ts 9s 8s 7s", "needs 5 to 7 cards in hand \\+ board, got 8"),
    ("", "", "got 0"),
]


@pytest.mark.parametrize(("hand", "board", "message"), WRONG_COUNTS)
def test_wrong_card_count(hand: str, board: str, message: str) -> None:
    with pytest.raises(compat.InvalidInputError, match=message):
        compat.Evaluator().evaluate(cards(hand), cards(board))


@needs_treys
@pytest.mark.parametrize(("hand", "board"), [(hand, board) for hand, board, _ in WRONG_COUNTS])
def test_treys_wrong_card_count_is_a_key_error(hand: str, board: str) -> None:
    with pytest.raises(KeyError):
        treys.Evaluator().evaluate(cards(hand), cards(board))


def test_invalid_card_ints() -> None:
    board = cards("Qs Js Ts")
    for bad, where in ((12345, "hand\\[1\\] = 12345"), (0, "hand\\[1\\] = 0"), (-1, "hand\\[1\\] = -1")):
        with pytest.raises(compat.InvalidInputError, match=f"{where} is not a treys card int"):
            compat.Evaluator().evaluate([T_INTS[51], bad], board)
    bogus = T_INTS[51] | 0x40  # a stray bit: treys looks it up and fails with a bare KeyError
    with pytest.raises(ValueError, match=f"hand\\[1\\] = {bogus} is not a treys card int"):
        compat.Evaluator().evaluate([T_INTS[50], bogus], board)
    with pytest.raises(ValueError, match="board\\[3\\]"):
        compat.Evaluator().evaluate(cards("2c 3d"), [*board, 7])
    with pytest.raises(TypeError, match="hand\\[0\\] is str 'As', not a treys card int"):
        compat.Evaluator().evaluate(["As", "Kd"], board)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="hand must be a sequence"):
        compat.Evaluator().evaluate(None, board)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Evaluator\._five needs 5 cards in cards, got 6"):
        compat.Evaluator()._five(cards("2c 3d 4h 5s 7c 8d"))


@needs_treys
def test_treys_invalid_card_int_is_a_bare_key_error() -> None:
    with pytest.raises(KeyError):
        treys.Evaluator().evaluate([T_INTS[50], T_INTS[51] | 0x40], cards("Qs Js Ts"))


def test_bad_card_strings() -> None:
    for text, why in (
        ("Ahx", "it is not two characters"),
        ("A", "it is not two characters"),
        ("", "it is not two characters"),
        ("1h", "'1' is not a rank"),
        ("ah", "'a' is not a rank"),
        ("AH", "'H' is not a suit"),
        ("10h", "it is not two characters"),
    ):
        with pytest.raises(compat.InvalidInputError, match=f"invalid card string '{text}': {why}"):
            compat.Card.new(text)
    with pytest.raises(TypeError, match="not int 5"):
        compat.Card.new(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'Zs'"):
        compat.Card.hand_to_binary(["As", "Zs"])


@needs_treys
def test_treys_ignores_extra_characters() -> None:
    assert treys.Card.new("Ahx") == treys.Card.new("Ah")  # what treys does instead


def test_bad_ints_for_string_helpers(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (0, 3 << 12, 13 << 8 | 1 << 12, 15 << 8 | 8 << 12, 9 << 12):
        for fn in (compat.Card.int_to_str, compat.Card.int_to_pretty_str, compat.Card.print_pretty_card):
            with pytest.raises(compat.InvalidInputError, match=f"{bad} is not a treys card int"):
                fn(bad)
    with pytest.raises(ValueError):
        compat.Card.print_pretty_cards([T_INTS[0], 0])
    assert capsys.readouterr().out == ""
    # A rank and suit field alone are enough for the string helpers, as in treys.
    bare = (12 << 8) | (1 << 12)
    assert compat.Card.int_to_str(bare) == "As"
    for bad in (-1, 2**32, 2**40):
        with pytest.raises(compat.InvalidInputError, match="32-bit"):
            compat.Card.int_to_binary(bad)


@needs_treys
def test_treys_string_helpers_on_bad_ints() -> None:
    assert treys.Card.int_to_str(0) == "2x"  # treys' answer for a non-card
    bare = (12 << 8) | (1 << 12)
    assert compat.Card.int_to_str(bare) == treys.Card.int_to_str(bare) == "As"


def test_bad_ranks_and_classes() -> None:
    ours = compat.Evaluator()
    bad_ranks: list[Any] = [0, -5, 7463, 10**6, float("nan"), 0.5]
    for bad in bad_ranks:
        with pytest.raises(compat.InvalidInputError, match=r"takes a hand rank 1\.\.7462"):
            ours.get_rank_class(bad)
        with pytest.raises(ValueError, match=r"takes a hand rank 1\.\.7462"):
            ours.get_five_card_rank_percentage(bad)
    bad_classes: list[Any] = [-1, 10, 99, "Flush", None]
    for bad_class in bad_classes:
        with pytest.raises(compat.InvalidInputError, match=r"takes a rank class 0\.\.9"):
            ours.class_to_string(bad_class)


@needs_treys
def test_treys_bad_ranks() -> None:
    theirs = treys.Evaluator()
    assert theirs.get_rank_class(0) == 0 and theirs.get_rank_class(-5) == 1  # treys' nonsense
    with pytest.raises(Exception, match="Inavlid hand rank"):
        theirs.get_rank_class(7463)


def test_plo_errors() -> None:
    ours = compat.PLOEvaluator()
    for hole, board, got in (("As", "Ks Qs Js Ts", "1 and 4"), ("As Kd 2c 3c", "Qs Js", "4 and 2")):
        with pytest.raises(compat.InvalidInputError, match=f"at least 2 hand cards and 3 board cards, got {got}"):
            ours.evaluate(cards(hole), cards(board))
    with pytest.raises(ValueError, match="duplicate card Qs"):
        ours.evaluate(cards("As Kd Qs 3c"), cards("Qs Js Ts"))
    with pytest.raises(ValueError, match="duplicate card Qs"):
        ours.evaluate(cards("As Kd"), cards("Qs Js Ts 9d 2c 3c Qs"))  # the slow path checks too
    with pytest.raises(ValueError, match="board\\[2\\] = 99 is not a treys card int"):
        ours.evaluate(cards("As Kd Qs 3c"), [*cards("Js Ts"), 99])


@needs_treys
def test_treys_plo_with_one_hole_card() -> None:
    assert treys.PLOEvaluator().evaluate(cards("As"), cards("Ks Qs Js Ts")) == 7462  # treys: no combination at all


def test_hand_summary_errors(capsys: pytest.CaptureFixture[str]) -> None:
    ours = compat.Evaluator()
    board = cards("2c 7d 9h Js Kc")
    cases = [
        (board[:4], [cards("As Ad")], "a board of 5 cards \\(flop, turn, river\\), got 4"),
        (board, [cards("As Ad Ah")], "2 cards in every hand, but hands\\[0\\] has 3"),
        (board, [], "at least one hand"),
        (board, [cards("As Ad"), cards("Ks As")], "duplicate card As \\(\\d+\\): it is both hands\\[0\\]\\[0\\]"),
        (board, [cards("As 2c")], "duplicate card 2c"),
    ]
    for b, hands, message in cases:
        with pytest.raises(compat.InvalidInputError, match=message):
            ours.hand_summary(b, hands)
        assert capsys.readouterr().out == ""  # nothing half-printed
    with pytest.raises(compat.InvalidInputError, match="4 cards in every hand"):
        compat.PLOEvaluator().hand_summary(board, [cards("As Ad")])


@needs_treys
def test_treys_hand_summary_asserts() -> None:
    with pytest.raises(AssertionError):
        treys.Evaluator().hand_summary(cards("2c 7d 9h Js"), [cards("As Ad")])


def test_deck_overdraw_leaves_the_deck_alone() -> None:
    ours = compat.Deck(5)
    with pytest.raises(compat.InvalidInputError, match="negative"):
        ours.draw(-2)
    ours.draw(50)
    before = list(ours.cards)
    with pytest.raises(IndexError, match="only 2 cards are left"):
        ours.draw(3)
    assert ours.cards == before
    with pytest.raises(TypeError):
        ours.draw(1.5)  # type: ignore[arg-type]
    assert ours.draw(2) == before[::-1]


@needs_treys
def test_treys_overdraw_loses_cards() -> None:
    theirs = treys.Deck(5)
    assert theirs.draw(-2) == []  # treys
    theirs.draw(50)
    with pytest.raises(IndexError):
        theirs.draw(3)
    assert theirs.cards == []  # treys lost the last two cards


def test_next_bit_sequence_needs_positive_bits() -> None:
    for bad in (0, -1, -8):
        with pytest.raises(compat.InvalidInputError, match="bits > 0"):
            compat.LookupTable().get_lexographically_next_bit_sequence(bad)


@needs_treys
def test_treys_next_bit_sequence_on_negative_bits() -> None:
    their_gen = treys_lookup.LookupTable().get_lexographically_next_bit_sequence(-1)
    assert [next(their_gen) for _ in range(3)] == [-1, -1, -1]  # treys
