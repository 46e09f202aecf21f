"""handrank.compat.phevaluator: its own behaviour, and against the installed phevaluator 0.6.0, value for value.

Without phevaluator, the adapter is checked on its own: its public names and
submodules, its doctests, its Card, random 5-7 card hands and PLO4 deals
against ``handrank.evaluate``, PLO5/PLO6 against a brute-force minimum over
every two-hole-card x three-board-card five, and the clear errors it raises on
bad input.  With phevaluator installed, its own evaluators are also the
reference wherever it has one (5-7 cards, PLO4), and each deliberate
difference is shown beside what the original does (it crashes or returns a
meaningless number).
"""

from __future__ import annotations

import copy
import doctest
import inspect
import os
import pickle
import random
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from itertools import combinations, starmap
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from compat_optional import import_without, optional_import, requires

import handrank
from handrank.compat import phevaluator as hc

ph: Any = optional_import("phevaluator")
ph_card: Any = optional_import("phevaluator.card")
needs_phevaluator = requires(ph, "phevaluator")

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = [r + s for r in RANKS for s in SUITS]

# The public names phevaluator's lazy __init__ exports (its table ``object_origins``).
PUBLIC = [
    "Card",
    "card",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
    "evaluator",
    "evaluator_omaha",
    "sample_cards",
    "utils",
]
# phevaluator's functions and their parameters: (name, kind) each.
STARRED = [("cards", "VAR_POSITIONAL")]
SIGNATURES: dict[str, list[tuple[str, str]]] = {
    "evaluate_5cards": [(name, "POSITIONAL_OR_KEYWORD") for name in "abcde"],
    "evaluate_6cards": [(name, "POSITIONAL_OR_KEYWORD") for name in "abcdef"],
    "evaluate_7cards": [(name, "POSITIONAL_OR_KEYWORD") for name in "abcdefg"],
    "evaluate_cards": STARRED,
    "evaluate_omaha_cards": STARRED,
    "evaluate_plo4_cards": STARRED,
    "evaluate_plo5_cards": STARRED,
    "evaluate_plo6_cards": STARRED,
    "sample_cards": [("size", "POSITIONAL_OR_KEYWORD")],
}
# phevaluator's submodules and the names each holds.
SUBMODULES = {
    "card": ["CARD_DESCRIPTION_LENGTH", "rank_map", "suit_map", "rank_reverse_map", "suit_reverse_map", "Card"],
    "evaluator": ["Card", "MIN_CARDS", "MAX_CARDS", "evaluate_cards", "evaluate_5cards", "evaluate_6cards"]
    + ["evaluate_7cards"],
    "evaluator_omaha": ["Card", "COMMUNITY_CARD_COUNT", "HOLE_CARD_COUNT", "TOTAL_CARD_COUNT", "PLO4_CARD_COUNT"]
    + ["PLO5_CARD_COUNT", "PLO6_CARD_COUNT", "evaluate_omaha_cards", "evaluate_plo4_cards", "evaluate_plo5_cards"]
    + ["evaluate_plo6_cards"],
    "utils": ["sample_cards"],
}


def deal(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` seeded random rows of ``k`` distinct card ids, (n, k) int64, by rejection of rows with a repeat."""
    rng = np.random.default_rng(seed)
    parts: list[np.ndarray] = []
    have = 0
    while have < n:
        rows = rng.integers(0, 52, size=(n, k))
        srt = np.sort(rows, axis=1)
        rows = rows[(np.diff(srt, axis=1) != 0).all(axis=1)]
        parts.append(rows)
        have += len(rows)
    return np.concatenate(parts)[:n]


def rows_of(arr: np.ndarray) -> list[tuple[int, ...]]:
    """Rows as tuples of plain Python ints, the way callers pass cards."""
    return list(map(tuple, arr.tolist()))


def handrank_of(*cards: int) -> int:
    """handrank's own rank of 5-7 card ids, the reference without phevaluator."""
    return handrank.evaluate(list(cards))


# ------------------------------------------------------------------ public API


def test_every_public_name_is_there() -> None:
    assert len(PUBLIC) >= 13  # Card, 4 + 4 evaluators, sample_cards, 4 submodules
    for name in PUBLIC:
        assert hasattr(hc, name), name
    assert set(hc.__all__) == set(PUBLIC)


@needs_phevaluator
def test_public_names_are_phevaluators() -> None:
    assert sorted(ph.object_origins) == PUBLIC


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signatures_are_phevaluators(name: str) -> None:
    mine = inspect.signature(getattr(hc, name)).parameters
    assert [(p.name, p.kind.name) for p in mine.values()] == SIGNATURES[name]
    assert all(p.default is inspect.Parameter.empty for p in mine.values())


@needs_phevaluator
@pytest.mark.parametrize("name", [n for n in PUBLIC if n in SIGNATURES])
def test_signatures_match(name: str) -> None:
    assert callable(getattr(ph, name))
    mine = inspect.signature(getattr(hc, name)).parameters
    theirs = inspect.signature(getattr(ph, name)).parameters
    assert [(p.name, p.kind, p.default) for p in mine.values()] == [
        (p.name, p.kind, p.default) for p in theirs.values()
    ]


@needs_phevaluator
def test_every_callable_has_its_signature_listed() -> None:
    assert [n for n in PUBLIC if callable(getattr(ph, n)) and n != "Card"] == sorted(SIGNATURES)


def test_submodules_hold_phevaluators_names() -> None:
    for sub, names in SUBMODULES.items():
        ours = getattr(hc, sub)
        assert isinstance(ours, ModuleType)
        for name in names:
            assert hasattr(ours, name), f"{sub}.{name}"
            assert getattr(ours, name) is getattr(hc, name), f"{sub}.{name}"
        assert sys.modules[f"handrank.compat.phevaluator.{sub}"] is ours
    assert hc.evaluator.evaluate_cards is hc.evaluate_cards
    assert hc.card.Card is hc.Card
    assert hc.evaluator_omaha.evaluate_plo6_cards is hc.evaluate_plo6_cards
    assert hc.utils.sample_cards is hc.sample_cards
    assert (hc.MIN_CARDS, hc.MAX_CARDS, hc.CARD_DESCRIPTION_LENGTH) == (5, 7, 2)
    assert (hc.COMMUNITY_CARD_COUNT, hc.HOLE_CARD_COUNT, hc.TOTAL_CARD_COUNT) == (5, 4, 9)
    assert (hc.PLO4_CARD_COUNT, hc.PLO5_CARD_COUNT, hc.PLO6_CARD_COUNT) == (9, 10, 11)


@needs_phevaluator
def test_submodules_mirror_the_originals() -> None:
    for sub in ("card", "evaluator", "evaluator_omaha", "utils"):
        ours, theirs = getattr(hc, sub), getattr(ph, sub)
        public = [
            n
            for n, v in vars(theirs).items()
            if not n.startswith("_") and n != "annotations" and not isinstance(v, ModuleType)
        ]
        assert public, sub
        assert sorted(public) == sorted(SUBMODULES[sub]), sub
        for name in public:
            assert hasattr(ours, name), f"{sub}.{name}"
            value = getattr(theirs, name)
            if isinstance(value, (int, dict)):
                assert getattr(ours, name) == value, f"{sub}.{name}"
        assert sys.modules[f"handrank.compat.phevaluator.{sub}"] is ours
    assert hc.evaluator.evaluate_cards is hc.evaluate_cards
    assert hc.card.Card is hc.Card
    assert hc.evaluator_omaha.evaluate_plo6_cards is hc.evaluate_plo6_cards
    assert hc.utils.sample_cards is hc.sample_cards


def test_submodules_import_in_a_fresh_interpreter() -> None:
    code = (
        "from handrank.compat.phevaluator.evaluator import evaluate_cards\n"
        "from handrank.compat.phevaluator.card import Card\n"
        "import handrank.compat.phevaluator.evaluator_omaha as om\n"
        "print(evaluate_cards('9c', '4c', '4s', '9d', '4h', 'Qc', '6c'), Card(51), "
        "om.evaluate_omaha_cards('4c', '5c', '6c', '7s', '8s', '2c', '9c', 'As', 'Kd'))\n"
    )
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert got.returncode == 0, got.stderr
    assert got.stdout.split() == ["292", "As", "1578"]


def test_adapter_imports_without_phevaluator() -> None:
    got = import_without("phevaluator", "handrank.compat.phevaluator")
    assert got.returncode == 0, got.stderr
    assert got.stdout.split() == ["ok"]


def test_module_doctests() -> None:
    result = doctest.testmod(hc)
    assert result.failed == 0
    assert result.attempted >= 10


# ------------------------------------------------------------------ README and docstring examples


def test_readme_examples() -> None:
    p1 = hc.evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
    p2 = hc.evaluate_cards("9c", "4c", "4s", "9d", "4h", "2c", "9h")
    assert (p1, p2) == (292, 236)
    assert p2 < p1
    assert hc.evaluator.evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c") == 292
    omaha = ("4c", "5c", "6c", "7s", "8s", "2c", "9c", "As", "Kd")
    assert hc.evaluate_omaha_cards(*omaha) == 1578
    assert hc.evaluate_plo4_cards(*omaha) == 1578


@needs_phevaluator
def test_readme_examples_match_phevaluator() -> None:
    omaha = ("4c", "5c", "6c", "7s", "8s", "2c", "9c", "As", "Kd")
    assert hc.evaluate_omaha_cards(*omaha) == ph.evaluate_omaha_cards(*omaha) == 1578
    seven = ("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
    assert hc.evaluate_cards(*seven) == ph.evaluate_cards(*seven) == 292


def test_docstring_examples() -> None:
    rank1 = hc.evaluate_cards("Ac", "Ad", "Ah", "As", "Kc")
    rank2 = hc.evaluate_cards("Ac", "Ad", "Ah", "As", "Kd")
    rank3 = hc.evaluate_cards("Ac", "Ad", "Ah", "As", "Kc", "Qh")
    assert rank1 == rank2 == rank3 == 11
    assert hc.evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc") == 11
    o1 = hc.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")
    o2 = hc.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ad", "Kd", "Qd", "Jd")
    assert o1 == o2 == handrank.evaluate("Ac Kc 9c 9h 6h") == 4431
    assert handrank.describe(o1) == handrank.describe(handrank.evaluate("Ac Kc 9c 9h 6h"))


@needs_phevaluator
def test_docstring_examples_match_phevaluator() -> None:
    o1 = hc.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")
    assert o1 == ph.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")
    assert hc.evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc") == ph.evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")


def test_card_docstring_examples(capsys: pytest.CaptureFixture[str]) -> None:
    c1 = hc.Card(0)
    c2 = hc.Card("2c")
    c3 = hc.Card("2C")
    c4 = hc.Card(c1)
    print(c1, c2, c3, c4)
    assert capsys.readouterr().out == "2c 2c 2c 2c\n"
    print(repr(c1), repr(c4))
    assert capsys.readouterr().out == 'Card("2c") Card("2c")\n'
    assert hc.Card("2C").describe_card() == "2c"
    assert hc.Card("2c").describe_rank() == "2"
    assert hc.Card("Ah").describe_rank() == "A"
    assert hc.Card("2c").describe_suit() == "c"
    assert hc.Card("2H").describe_suit() == "h"
    assert hc.Card("AH").describe_card() == "Ah"
    assert hc.Card(0) == hc.Card("2c") == hc.Card("2C")
    assert 3 == hc.Card(3) == 3
    assert "Ah" == hc.Card("Ah") == "Ah"
    assert "AH" == hc.Card("Ah") == "AH"
    hc.Card("9h")
    with pytest.raises(ValueError, match="exactly 2 characters"):
        hc.Card("9h ")
    with pytest.raises(TypeError, match="float"):
        hc.Card(0.0)  # type: ignore[arg-type]
    c = hc.Card("2c")
    with pytest.raises(TypeError, match="assignment"):
        c.__id = 1
    with pytest.raises(TypeError, match="assignment"):
        c._Card__id = 1
    with pytest.raises(TypeError, match="deletion"):
        del c._Card__id  # type: ignore[attr-defined]
    assert c.id_ == 0


# ------------------------------------------------------------------ 5-7 cards, a million hands


HANDS = {5: 350_000, 6: 350_000, 7: 350_000}  # 1.05M hands in all
FIXED_ARITY: dict[int, str] = {5: "evaluate_5cards", 6: "evaluate_6cards", 7: "evaluate_7cards"}


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_match_handrank(k: int) -> None:
    hands = rows_of(deal(50_000, k, seed=1000 + k))
    expected = list(starmap(handrank_of, hands))
    assert list(starmap(hc.evaluate_cards, hands)) == expected
    assert list(starmap(getattr(hc, FIXED_ARITY[k]), hands)) == expected
    # The whole range of classes turns up, so the comparison covered every category.
    assert min(expected) <= 300 and max(expected) >= 6000
    assert all(type(r) is int for r in starmap(hc.evaluate_cards, hands[:1000]))


@needs_phevaluator
@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_match_phevaluator(k: int) -> None:
    hands = rows_of(deal(HANDS[k], k, seed=1000 + k))
    expected = list(starmap(ph.evaluate_cards, hands))
    assert list(starmap(hc.evaluate_cards, hands)) == expected
    fixed: dict[int, tuple[Callable[..., int], Callable[..., int]]] = {
        5: (hc.evaluate_5cards, ph.evaluate_5cards),
        6: (hc.evaluate_6cards, ph.evaluate_6cards),
        7: (hc.evaluate_7cards, ph.evaluate_7cards),
    }
    mine, theirs = fixed[k]
    assert list(starmap(mine, hands)) == list(starmap(theirs, hands)) == expected
    # The whole range of classes turns up, so the comparison covered every category.
    assert min(expected) <= 300 and max(expected) >= 6000
    assert all(type(r) is int for r in starmap(hc.evaluate_cards, hands[:1000]))


def check_forms(hands: list[tuple[int, ...]], expected: list[int]) -> None:
    """Strings (either case), Cards, a mix of the three, and NumPy integers all give ``expected``."""
    as_str = [tuple(NAMES[c] for c in h) for h in hands]
    upper = [tuple(s.upper() for s in h) for h in as_str]
    lower = [tuple(s.lower() for s in h) for h in as_str]  # lower-case ranks: ours only
    as_card = [tuple(hc.Card(c) for c in h) for h in hands]
    forms_of: list[Callable[[int], object]] = [int, NAMES.__getitem__, hc.Card]
    mixed = [tuple(forms_of[i % 3](x) for i, x in enumerate(h)) for h in hands]
    for form in (as_str, upper, lower, as_card, mixed):
        assert list(starmap(hc.evaluate_cards, form)) == expected
    numpy_ints = [tuple(np.int64(c) for c in h) for h in hands[:2000]]
    assert list(starmap(hc.evaluate_cards, numpy_ints)) == expected[:2000]
    numpy_u8 = [tuple(row) for row in np.array(hands[:2000], dtype=np.uint8)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow warnings from NumPy scalars on the way
        assert list(starmap(hc.evaluate_cards, numpy_u8)) == expected[:2000]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_strings_cards_and_mixes_match_ids(k: int) -> None:
    hands = rows_of(deal(20_000, k, seed=2000 + k))
    expected = list(starmap(handrank_of, hands))
    assert list(starmap(hc.evaluate_cards, hands)) == expected
    check_forms(hands, expected)


@needs_phevaluator
@pytest.mark.parametrize("k", [5, 6, 7])
def test_strings_cards_and_mixes_match(k: int) -> None:
    hands = rows_of(deal(20_000, k, seed=2000 + k))
    expected = list(starmap(ph.evaluate_cards, hands))
    as_str = [tuple(NAMES[c] for c in h) for h in hands]
    upper = [tuple(s.upper() for s in h) for h in as_str]
    assert list(starmap(ph.evaluate_cards, as_str)) == expected
    assert list(starmap(ph.evaluate_cards, upper)) == expected
    check_forms(hands, expected)


def test_int_cards_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain ids go straight to handrank.evaluate, never through the card-by-card checks."""

    def boom(*args: object) -> None:
        raise AssertionError("the slow path was taken")

    monkeypatch.setattr(hc, "_card_ids", boom)
    monkeypatch.setattr(hc, "_STR_ID", boom)
    hand = (51, 47, 43, 39, 35, 0, 5)
    assert hc.evaluate_cards(*hand) == hc.evaluate_7cards(*hand) == 1
    assert hc.evaluate_5cards(*hand[:5]) == hc.evaluate_6cards(*hand[:6]) == 1
    board, hole = (42, 38, 34, 28, 4), (50, 46, 0, 5, 9, 13)
    assert hc.evaluate_omaha_cards(*board, *hole[:4]) == hc.evaluate_plo4_cards(*board, *hole[:4]) == 1
    assert hc.evaluate_plo5_cards(*board, *hole[:5]) == hc.evaluate_plo6_cards(*board, *hole) == 1
    with pytest.raises(AssertionError):
        hc.evaluate_cards("As", 47, 43, 39, 35)  # and strings do not


@pytest.mark.parametrize("form", [NAMES.__getitem__, hc.Card])
def test_all_strings_or_all_cards_skip_the_checks_card_by_card(
    monkeypatch: pytest.MonkeyPatch, form: Callable[[int], Any]
) -> None:
    def boom(*args: object) -> None:
        raise AssertionError("the slow path was taken")

    monkeypatch.setattr(hc, "_card_ids", boom)
    hand = [form(c) for c in (51, 47, 43, 39, 35, 0, 5)]
    assert hc.evaluate_cards(*hand) == hc.evaluate_7cards(*hand) == 1
    assert hc.evaluate_5cards(*hand[:5]) == hc.evaluate_6cards(*hand[:6]) == 1
    board, hole = [form(c) for c in (42, 38, 34, 28, 4)], [form(c) for c in (50, 46, 0, 5, 9, 13)]
    assert hc.evaluate_omaha_cards(*board, *hole[:4]) == hc.evaluate_plo4_cards(*board, *hole[:4]) == 1
    assert hc.evaluate_plo5_cards(*board, *hole[:5]) == hc.evaluate_plo6_cards(*board, *hole) == 1


def test_results_are_plain_ints() -> None:
    hand = (51, 47, 43, 39, 35, 0, 5)
    results: list[object] = [
        hc.evaluate_cards(*hand),
        hc.evaluate_cards(*(NAMES[c] for c in hand)),
        hc.evaluate_cards(*(hc.Card(c) for c in hand)),
        hc.evaluate_5cards(*hand[:5]),
        hc.evaluate_6cards(*hand[:6]),
        hc.evaluate_7cards(*hand),
        hc.evaluate_omaha_cards(0, 1, 2, 3, 4, 48, 49, 50, 51),
        hc.evaluate_plo5_cards(0, 1, 2, 3, 4, 47, 48, 49, 50, 51),
        hc.evaluate_plo6_cards(0, 1, 2, 3, 4, 46, 47, 48, 49, 50, 51),
    ]
    assert [type(r) for r in results] == [int] * len(results)
    assert results[:6] == [1, 1, 1, 1, 1, 1]


@needs_phevaluator
def test_phevaluator_results_are_plain_ints_too() -> None:
    assert type(ph.evaluate_cards(51, 47, 43, 39, 35, 0, 5)) is int


# ------------------------------------------------------------------ Omaha


def brute_force_omaha(board: tuple[int, ...], hole: tuple[int, ...], evaluate: Callable[[Any], int]) -> int:
    return min(evaluate(list(two + three)) for two in combinations(hole, 2) for three in combinations(board, 3))


def test_plo4_matches_brute_force() -> None:
    deals = rows_of(deal(5000, 9, seed=4))  # five community cards, then four hole cards
    expected = [brute_force_omaha(d[:5], d[5:], handrank.evaluate) for d in deals]
    assert [handrank.evaluate_omaha(list(d[5:]), list(d[:5])) for d in deals] == expected
    assert list(starmap(hc.evaluate_omaha_cards, deals)) == expected
    assert list(starmap(hc.evaluate_plo4_cards, deals)) == expected
    strings = [tuple(NAMES[c] for c in d) for d in deals]
    assert list(starmap(hc.evaluate_omaha_cards, strings)) == expected
    cards = [tuple(hc.Card(c) for c in d) for d in deals]
    assert list(starmap(hc.evaluate_plo4_cards, cards)) == expected
    assert min(expected) <= 300 and max(expected) >= 6000


@needs_phevaluator
def test_plo4_matches_phevaluator() -> None:
    deals = rows_of(deal(100_000, 9, seed=4))  # five community cards, then four hole cards
    expected = list(starmap(ph.evaluate_omaha_cards, deals))
    assert list(starmap(ph.evaluate_plo4_cards, deals)) == expected
    assert list(starmap(hc.evaluate_omaha_cards, deals)) == expected
    assert list(starmap(hc.evaluate_plo4_cards, deals)) == expected
    strings = [tuple(NAMES[c] for c in d) for d in deals[:5000]]
    assert list(starmap(hc.evaluate_omaha_cards, strings)) == expected[:5000]
    cards = [tuple(hc.Card(c) for c in d) for d in deals[:5000]]
    assert list(starmap(hc.evaluate_plo4_cards, cards)) == expected[:5000]
    assert min(expected) <= 300 and max(expected) >= 6000


@needs_phevaluator
def test_brute_force_agrees_with_phevaluator_on_plo4() -> None:
    """The brute force used for PLO5/PLO6 is itself right where phevaluator can say."""
    for d in rows_of(deal(300, 9, seed=44)):
        assert brute_force_omaha(d[:5], d[5:], handrank.evaluate) == ph.evaluate_omaha_cards(*d)


PLO56 = [(5, "evaluate_plo5_cards", 6000), (6, "evaluate_plo6_cards", 4000)]


@pytest.mark.parametrize(("holes", "fn", "n"), PLO56)
def test_plo5_plo6_match_brute_force(holes: int, fn: str, n: int) -> None:
    evaluate = getattr(hc, fn)
    deals = rows_of(deal(n, 5 + holes, seed=50 + holes))
    got = list(starmap(evaluate, deals))
    assert got == [brute_force_omaha(d[:5], d[5:], handrank.evaluate) for d in deals]
    strings = [tuple(NAMES[c] for c in d) for d in deals[:1000]]
    assert list(starmap(evaluate, strings)) == got[:1000]
    # Board first: swapping board and hole changes the answer on most deals.
    assert sum(evaluate(*d[5:10], *d[:5], *d[10:]) != r for d, r in zip(deals[:500], got[:500], strict=True)) > 100


@needs_phevaluator
@pytest.mark.parametrize(("holes", "fn", "n"), PLO56)
def test_plo5_plo6_match_brute_force_with_phevaluators_5_cards(holes: int, fn: str, n: int) -> None:
    """The brute force through phevaluator's own 5-card evaluator, on a sample."""
    evaluate = getattr(hc, fn)
    deals = rows_of(deal(n, 5 + holes, seed=50 + holes))
    for d in deals[:300]:
        assert evaluate(*d) == min(
            ph.evaluate_5cards(*two, *three) for two in combinations(d[5:], 2) for three in combinations(d[:5], 3)
        )


def test_plo5_plo6_omaha_rules() -> None:
    # Four hearts on the board but only one in the hole: no flush in Omaha.
    assert hc.evaluate_plo5_cards("Kh", "Qh", "Jh", "Th", "3c", "Ah", "Ac", "8d", "2s", "4c") == handrank.evaluate(
        "Ac Ah Kh Qh Jh"
    )
    # Two hearts in the hole complete the royal flush.
    assert hc.evaluate_plo6_cards("Qh", "Jh", "Th", "9c", "2s", "Ah", "Kh", "2c", "3d", "4d", "5d") == 1


@needs_phevaluator
def test_phevaluator_cannot_evaluate_plo5() -> None:
    with pytest.raises(NotImplementedError):
        ph.evaluate_plo5_cards(*range(10))  # the original build cannot: ours is an addition


# ------------------------------------------------------------------ Card


@pytest.mark.parametrize("i", range(52))
def test_card_attributes(i: int) -> None:
    name = NAMES[i]
    forms: list[object] = [i, name, name.upper(), name[0] + name[1].upper(), hc.Card(i), np.int64(i)]
    for form in forms:
        card = hc.Card(form)  # type: ignore[arg-type]
        assert card.id_ == i
        assert type(card.id_) is int
        assert int(card) == i
        assert str(card) == name
        assert repr(card) == f'Card("{name}")'
        assert hash(card) == hash(i)
        assert card.describe_rank() == name[0]
        assert card.describe_suit() == name[1]
        assert card.describe_card() == name
        assert hc.Card.to_id(form) == i  # type: ignore[arg-type]
    card = hc.Card(i)
    assert hc.Card(name.lower()) == card  # lower-case rank: ours only
    # Equal to its id, its string in any case and an equal Card; not to anything else.
    equal: list[object] = [i, float(i), name, name.upper(), name.lower(), hc.Card(i)]
    unequal: list[object] = [i + 1, i - 1, "Xx", None, hc.Card((i + 1) % 52), NAMES[(i + 1) % 52], [i], i + 0.5]
    for other, want in [(o, True) for o in equal] + [(o, False) for o in unequal]:
        assert (card == other) is want, other
        assert (card != other) is (not want), other
        assert (other == card) is want, other
    assert (card == bool(i)) is (i <= 1)  # a bool is the int 0 or 1


@needs_phevaluator
@pytest.mark.parametrize("i", range(52))
def test_card_matches_phevaluator(i: int) -> None:
    theirs = ph.Card(i)
    name = NAMES[i]
    forms: list[object] = [i, name, name.upper(), name[0] + name[1].upper(), hc.Card(i), np.int64(i)]
    for form in forms:
        card = hc.Card(form)  # type: ignore[arg-type]
        assert card.id_ == theirs.id_ == i
        assert type(card.id_) is int
        assert int(card) == int(theirs) == i
        assert str(card) == str(theirs) == name
        assert repr(card) == repr(theirs) == f'Card("{name}")'
        assert hash(card) == hash(theirs)
        assert card.describe_rank() == theirs.describe_rank() == name[0]
        assert card.describe_suit() == theirs.describe_suit() == name[1]
        assert card.describe_card() == theirs.describe_card() == name
        assert hc.Card.to_id(form) == i  # type: ignore[arg-type]
    card = hc.Card(i)
    assert hc.Card(name.lower()) == card  # lower-case rank: ours only
    # Equality, both ways, against the same things phevaluator's Card is (not) equal to.
    others: list[object] = [i, i + 1, i - 1, float(i), name, name.upper(), name.lower(), "Xx", None, hc.Card(i)]
    others += [hc.Card((i + 1) % 52), NAMES[(i + 1) % 52], [i], bool(i), i + 0.5]
    for other in others:
        want = theirs == (ph.Card(other.id_) if isinstance(other, hc.Card) else other)
        assert (card == other) is want, other
        assert (card != other) is (not want), other
        if not isinstance(other, hc.Card):
            assert (other == card) is (other == theirs), other


def test_card_hashing_sets_and_dicts() -> None:
    cards = [hc.Card(i) for i in range(52)]
    assert len(set(cards)) == 52
    assert len({hc.Card(NAMES[i]) for i in range(52)} | set(cards)) == 52
    lookup: dict[object, int] = {c: c.id_ for c in cards}
    assert lookup[hc.Card("As")] == 51
    assert lookup[51] == 51  # hashes and compares like its id, as phevaluator's does
    assert hc.Card(7) in [7] and 7 in [hc.Card(7)]


def test_card_is_immutable_and_slotted() -> None:
    card = hc.Card("Td")
    for name in ("id_", "x", "_Card__id"):
        with pytest.raises(TypeError):
            setattr(card, name, 3)
        with pytest.raises(TypeError):
            delattr(card, name)
    assert not hasattr(card, "__dict__")
    assert card == "Td"


def test_card_pickles_and_copies() -> None:
    card = hc.Card("Qs")
    for clone in (pickle.loads(pickle.dumps(card)), copy.copy(card), copy.deepcopy(card)):
        assert clone == card and type(clone) is hc.Card and clone.id_ == 43


@needs_phevaluator
def test_phevaluators_card_does_not_pickle() -> None:
    with pytest.raises(TypeError):
        pickle.loads(pickle.dumps(ph.Card("Qs")))  # the original cannot: ours is a fix


def test_card_from_numpy_ints() -> None:
    for i in range(52):
        assert hc.Card(np.int64(i)) == hc.Card(np.uint8(i)) == i
        assert type(hc.Card(np.int16(i)).id_) is int


class Card:
    """A stand-in for phevaluator's own Card: its class name, and its id in the private ``__id`` slot."""

    __slots__ = ("__id",)

    def __init__(self, card_id: object) -> None:
        self.__id = card_id


def test_cards_like_phevaluators_own_are_accepted() -> None:
    """Code half-way through the switch may still hold the original's Card objects: read by their private id."""
    hands = rows_of(deal(2000, 7, seed=77))
    theirs = [tuple(Card(c) for c in h) for h in hands]
    assert list(starmap(hc.evaluate_cards, theirs)) == list(starmap(handrank_of, hands))
    assert list(starmap(hc.evaluate_7cards, theirs)) == list(starmap(handrank_of, hands))
    assert hc.Card(Card(45)) == hc.Card("Kd")  # type: ignore[arg-type]
    assert hc.evaluate_cards(Card(51), "Ks", 43, hc.Card("Js"), Card(35)) == 1  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="duplicate card As"):
        hc.evaluate_cards(Card(51), Card(47), Card(43), Card(39), Card(51))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out of range"):
        hc.evaluate_cards(Card(52), Card(47), Card(43), Card(39), Card(35))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bool"):
        hc.evaluate_cards(Card(True), Card(47), Card(43), Card(39), Card(35))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a card is an int id"):
        hc.evaluate_cards(Card("As"), Card(47), Card(43), Card(39), Card(35))  # type: ignore[arg-type]


@needs_phevaluator
def test_phevaluators_own_cards_are_accepted() -> None:
    """Code half-way through the switch may still hold the original's Card objects."""
    hands = rows_of(deal(2000, 7, seed=77))
    theirs = [tuple(ph.Card(c) for c in h) for h in hands]
    assert list(starmap(hc.evaluate_cards, theirs)) == list(starmap(ph.evaluate_cards, hands))
    assert list(starmap(hc.evaluate_7cards, theirs)) == list(starmap(ph.evaluate_7cards, hands))
    assert hc.Card(ph.Card("Kd")) == hc.Card("Kd") == ph.Card("Kd")
    assert hc.evaluate_cards(ph.Card("As"), "Ks", 43, hc.Card("Js"), ph.Card(35)) == 1
    with pytest.raises(ValueError, match="duplicate card As"):
        hc.evaluate_cards(ph.Card("As"), ph.Card("Ks"), ph.Card("Qs"), ph.Card("Js"), ph.Card("As"))
    with pytest.raises(ValueError, match="out of range"):
        hc.evaluate_cards(ph.Card(52), ph.Card("Ks"), ph.Card("Qs"), ph.Card("Js"), ph.Card("Ts"))
    with pytest.raises(TypeError, match="bool"):
        hc.evaluate_cards(ph.Card(True), ph.Card("Ks"), ph.Card("Qs"), ph.Card("Js"), ph.Card("Ts"))


def test_lookup_tables_known_values() -> None:
    assert hc.rank_map == {r: i for i, r in enumerate(RANKS)}
    assert hc.suit_map == {"C": 0, "D": 1, "H": 2, "S": 3, "c": 0, "d": 1, "h": 2, "s": 3}
    assert hc.rank_reverse_map == dict(enumerate(RANKS))
    assert hc.suit_reverse_map == dict(enumerate(SUITS))
    assert hc.CARD_DESCRIPTION_LENGTH == 2


@needs_phevaluator
def test_lookup_tables_match() -> None:
    assert hc.rank_map == ph_card.rank_map
    assert hc.suit_map == ph_card.suit_map
    assert hc.rank_reverse_map == ph_card.rank_reverse_map
    assert hc.suit_reverse_map == ph_card.suit_reverse_map
    assert hc.CARD_DESCRIPTION_LENGTH == ph_card.CARD_DESCRIPTION_LENGTH == 2


# ------------------------------------------------------------------ sample_cards

SAMPLE_SIZES = [0, 1, 5, 7, 9, 11, 52]


@pytest.mark.parametrize("size", SAMPLE_SIZES)
def test_sample_cards_follows_the_random_module(size: int) -> None:
    for seed in range(20):
        random.seed(seed)
        mine = hc.sample_cards(size)
        assert len(mine) == len(set(mine)) == size
        assert all(type(c) is int and 0 <= c < 52 for c in mine)
        random.seed(seed)
        assert hc.sample_cards(size) == mine  # random.seed makes it repeatable
    random.seed(7)
    first = hc.sample_cards(7)
    assert hc.sample_cards(7) != first  # the stream moves on


@needs_phevaluator
@pytest.mark.parametrize("size", SAMPLE_SIZES)
def test_sample_cards_matches_under_the_same_seed(size: int) -> None:
    for seed in range(20):
        random.seed(seed)
        theirs = ph.sample_cards(size)
        random.seed(seed)
        mine = hc.sample_cards(size)
        assert mine == theirs
        assert len(mine) == len(set(mine)) == size
        assert all(type(c) is int and 0 <= c < 52 for c in mine)
    random.seed(7)
    first = hc.sample_cards(7)
    assert hc.sample_cards(7) != first  # the stream moves on


def test_sample_cards_feeds_the_evaluators() -> None:
    random.seed(123)
    for _ in range(200):
        cards = hc.sample_cards(7)
        assert hc.evaluate_cards(*cards) == handrank.evaluate(cards)


@needs_phevaluator
def test_sample_cards_feeds_the_evaluators_as_phevaluators() -> None:
    random.seed(123)
    for _ in range(200):
        cards = hc.sample_cards(7)
        assert hc.evaluate_cards(*cards) == ph.evaluate_cards(*cards)


@pytest.mark.parametrize("size", [-1, 53])
def test_sample_cards_bad_size(size: int) -> None:
    with pytest.raises(ValueError):
        hc.sample_cards(size)


@needs_phevaluator
@pytest.mark.parametrize("size", [-1, 53])
def test_phevaluator_sample_cards_bad_size(size: int) -> None:
    with pytest.raises(ValueError):
        ph.sample_cards(size)


# ------------------------------------------------------------------ clear errors where the original misbehaves


ALL_HAND_FUNCS: list[tuple[str, int]] = [
    ("evaluate_cards", 5),
    ("evaluate_cards", 6),
    ("evaluate_cards", 7),
    ("evaluate_5cards", 5),
    ("evaluate_6cards", 6),
    ("evaluate_7cards", 7),
    ("evaluate_omaha_cards", 9),
    ("evaluate_plo4_cards", 9),
    ("evaluate_plo5_cards", 10),
    ("evaluate_plo6_cards", 11),
]


@pytest.mark.parametrize(("fn", "n"), ALL_HAND_FUNCS)
def test_duplicates_raise(fn: str, n: int) -> None:
    evaluate = getattr(hc, fn)
    good = list(range(0, 4 * n, 4))
    assert isinstance(evaluate(*good), int)
    for i, j in [(0, 1), (0, n - 1), (n - 2, n - 1), (1, n - 2)]:
        cards = good.copy()
        cards[j] = cards[i]
        with pytest.raises(ValueError, match=f"duplicate card {NAMES[cards[i]]}"):
            evaluate(*cards)
        with pytest.raises(ValueError, match="duplicate card"):
            evaluate(*(NAMES[c] for c in cards))
        with pytest.raises(ValueError, match="duplicate card"):
            evaluate(*cards[:-1], hc.Card(cards[i]) if j == n - 1 else cards[-1])
    with pytest.raises(ValueError, match="duplicate card As"):
        evaluate(*good[:-1], "As") if 51 in good else evaluate(*good[:-2], "As", 51)


def test_duplicates_are_not_hands() -> None:
    with pytest.raises(ValueError):
        hc.evaluate_cards(0, 0, 0, 0, 0)
    with pytest.raises(ValueError):
        hc.evaluate_omaha_cards(*[0] * 9)


@needs_phevaluator
def test_phevaluator_really_misbehaves_on_duplicates() -> None:
    """The reason for the ValueError: the original returns a number for impossible hands."""
    assert ph.evaluate_cards(0, 0, 0, 0, 0) == 0
    assert ph.evaluate_omaha_cards(*[0] * 9) == 0
    with pytest.raises(ValueError):
        hc.evaluate_cards(0, 0, 0, 0, 0)


@pytest.mark.parametrize(("fn", "n"), ALL_HAND_FUNCS)
@pytest.mark.parametrize("bad", [52, -1, 100, 1000, 2**31, 2**40, -(2**70)])
def test_out_of_range_ids_raise(fn: str, n: int, bad: int) -> None:
    evaluate = getattr(hc, fn)
    for where in (0, n - 1):
        cards: list[object] = list(range(n))
        cards[where] = bad
        with pytest.raises(ValueError, match=re.escape(f"card id {bad} is out of range 0..51")):
            evaluate(*cards)
        cards[where + 1 if where == 0 else 0] = "Ah"
        with pytest.raises(ValueError, match="out of range"):
            evaluate(*cards)
    with pytest.raises(ValueError, match="out of range"):
        evaluate(*range(n - 1), np.int64(bad) if -(2**63) <= bad < 2**63 else bad)


@pytest.mark.parametrize("bad", [52, -1, 99])
def test_card_out_of_range_raises(bad: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        hc.Card(bad)
    with pytest.raises(ValueError, match="out of range"):
        hc.Card.to_id(bad)


@needs_phevaluator
@pytest.mark.parametrize("bad", [52, -1, 99])
def test_phevaluator_builds_cards_out_of_range(bad: int) -> None:
    with pytest.raises(KeyError):
        str(ph.Card(bad))  # the original builds a card it cannot print


COUNTS = [
    ("evaluate_cards", (5, 6, 7)),
    ("evaluate_omaha_cards", (9,)),
    ("evaluate_plo4_cards", (9,)),
    ("evaluate_plo5_cards", (10,)),
    ("evaluate_plo6_cards", (11,)),
]


@pytest.mark.parametrize(("fn", "ok"), COUNTS)
def test_wrong_counts_raise(fn: str, ok: tuple[int, ...]) -> None:
    evaluate = getattr(hc, fn)
    for n in range(13):
        cards = list(range(0, 4 * n, 4))
        if n in ok:
            assert 1 <= evaluate(*cards) <= 7462
            continue
        for form in (cards, [NAMES[c] for c in cards], [hc.Card(c) for c in cards]):
            with pytest.raises(ValueError, match=rf"{fn} takes .* cards, got {n}$") as info:
                evaluate(*form)
            assert isinstance(info.value.args[0], str)


@needs_phevaluator
@pytest.mark.parametrize(("fn", "ok"), COUNTS)
def test_wrong_counts_raise_value_error_in_phevaluator_too(fn: str, ok: tuple[int, ...]) -> None:
    for n in range(13):
        if n in ok:
            continue
        cards = list(range(0, 4 * n, 4))
        with pytest.raises(ValueError):
            getattr(hc, fn)(*cards)
        with pytest.raises(ValueError):
            getattr(ph, fn)(*cards)  # same exception type as the original


def test_fixed_arity_functions_keep_python_arity_errors() -> None:
    with pytest.raises(TypeError):
        hc.evaluate_5cards(0, 1, 2, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        hc.evaluate_7cards(*range(8))


@needs_phevaluator
def test_phevaluators_fixed_arity_functions_raise_type_error() -> None:
    with pytest.raises(TypeError):
        ph.evaluate_5cards(0, 1, 2, 3)


BAD_STRINGS = [
    ("Xh", "unknown rank 'X'"),
    ("1c", "unknown rank '1'"),
    ("Ax", "unknown suit 'x'"),
    ("ax", "unknown suit 'x'"),
    ("kZ", "unknown suit 'Z'"),
    ("A ", "unknown suit ' '"),
    ("10h", "exactly 2 characters"),
    ("As ", "exactly 2 characters"),
    ("A", "exactly 2 characters"),
    ("", "exactly 2 characters"),
    ("AsKs", "exactly 2 characters"),
    ("A♠", "unknown suit '♠'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_STRINGS)
def test_bad_strings_raise(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hc.Card(text)
    with pytest.raises(ValueError, match=message):
        hc.Card.to_id(text)
    with pytest.raises(ValueError, match=message):
        hc.evaluate_cards("Kd", "Qh", "Js", "Tc", text)
    with pytest.raises(ValueError, match=message):
        hc.evaluate_cards(text, 0, 5, 10, 15, 20)
    with pytest.raises(ValueError, match=message):
        hc.evaluate_omaha_cards(text, 0, 5, 10, 15, 20, 25, 30, 35)
    with pytest.raises(ValueError, match=message):
        hc.evaluate_plo6_cards(0, 5, 10, 15, 20, 25, 30, 35, 40, 45, text)


@needs_phevaluator
@pytest.mark.parametrize("text", [text for text, _ in BAD_STRINGS])
def test_bad_strings_fail_in_phevaluator_too(text: str) -> None:
    with pytest.raises((ValueError, KeyError)):
        ph.Card(text)  # the original fails too, in places with a bare KeyError


@pytest.mark.parametrize("bad", [True, False, 1.0, 0.5, None, [1], (1,), b"As", object()])
def test_bad_types_raise_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match=re.escape("a card is an int id 0..51, a string like 'Ah' or a Card")):
        hc.Card(bad)  # type: ignore[arg-type]
    for fn, n in ALL_HAND_FUNCS:
        evaluate = getattr(hc, fn)
        with pytest.raises(TypeError, match=type(bad).__name__):
            evaluate(*range(0, 4 * (n - 1), 4), bad)
        with pytest.raises(TypeError):
            evaluate(bad, *(NAMES[c] for c in range(0, 4 * (n - 1), 4)))


def test_bools_are_not_cards_unlike_the_original() -> None:
    with pytest.raises(TypeError, match="bool"):
        hc.evaluate_cards(True, 8, 12, 16, 20)


@needs_phevaluator
def test_phevaluator_takes_bools_as_cards() -> None:
    assert ph.evaluate_cards(True, 8, 12, 16, 20) == ph.evaluate_cards(1, 8, 12, 16, 20)


def test_errors_carry_no_internal_context() -> None:
    with pytest.raises(ValueError) as info:
        hc.evaluate_cards(1, 1, 2, 3, 4)
    assert info.value.__context__ is None
    with pytest.raises(ValueError) as info:
        hc.evaluate_omaha_cards(*range(8))
    assert info.value.__context__ is None


# ------------------------------------------------------------------ backends


def test_pure_python_backend_gives_the_same_numbers() -> None:
    code = (
        "import handrank\n"
        "from handrank.compat.phevaluator import evaluate_cards, evaluate_omaha_cards, evaluate_plo6_cards\n"
        "assert handrank.BACKEND == 'python'\n"
        "print(evaluate_cards('9c', '4c', '4s', '9d', '4h', 'Qc', '6c'), evaluate_cards(51, 47, 43, 39, 35),\n"
        "      evaluate_omaha_cards('4c', '5c', '6c', '7s', '8s', '2c', '9c', 'As', 'Kd'),\n"
        "      evaluate_plo6_cards('Qh', 'Jh', 'Th', '9c', '2s', 'Ah', 'Kh', '2c', '3d', '4d', '5d'))\n"
        "try:\n"
        "    evaluate_cards(1, 1, 2, 3, 4)\n"
        "except ValueError as exc:\n"
        "    print(exc)\n"
    )
    env = {**os.environ, "HANDRANK_BACKEND": "python"}
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert got.returncode == 0, got.stderr
    assert got.stdout.splitlines() == ["292 1 1578 1", "duplicate card 2d"]
