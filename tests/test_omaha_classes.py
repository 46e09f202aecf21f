"""Omaha starting-hand classes: the count against a brute force over every hole and suit relabelling, each
class's holes, the names (distinct, and saying what the holes hold), round trips, both backends, bad input."""

from __future__ import annotations

import doctest
import itertools
import re

import numpy as np
import pytest
from conftest import Api, combos, random_hands

import handrank
from handrank import _omaha_classes

PERMS = np.array(list(itertools.permutations(range(4))), np.uint8)
"""The 24 relabellings of the suits: row p maps suit s to PERMS[p, s]."""
COUNTS = {4: 16_432, 5: 134_459, 6: 962_988}
RANK_ORDER = "AKQJT98765432"


def _relabellings(holes: np.ndarray) -> np.ndarray:
    """Each hole under each of the 24 suit relabellings, rows sorted: ``(24, N, k)``."""
    relabelled = (holes & 0xFC)[None] | PERMS[:, holes & 3].transpose(0, 1, 2)
    return np.sort(relabelled, axis=2)


def _keys(holes: np.ndarray) -> np.ndarray:
    """Sorted holes as integers, six bits a card."""
    keys = np.zeros(holes.shape[:-1], np.int64)
    for c in range(holes.shape[-1]):
        keys = keys << 6 | holes[..., c].astype(np.int64)
    return keys


@pytest.fixture(scope="module")
def all_holes() -> np.ndarray:
    return combos(52, 4)


@pytest.fixture(scope="module")
def canonical(all_holes: np.ndarray) -> np.ndarray:
    """Each hole's class by brute force: the least key among its 24 relabellings."""
    return _keys(_relabellings(all_holes)).min(axis=0)


def test_class_count_by_brute_force(canonical: np.ndarray) -> None:
    assert len(np.unique(canonical)) == COUNTS[4] == len(handrank.omaha_classes())


def test_every_hole_s_class_is_its_brute_force_class(impl: Api, all_holes: np.ndarray, canonical: np.ndarray) -> None:
    classes = impl.omaha_class_of(all_holes)
    assert classes.shape == (len(all_holes),) and int(classes.max()) == COUNTS[4] - 1
    # Equal classes exactly where the brute force's keys are equal: as many (key, class) pairs as classes.
    pairs = np.unique(canonical * COUNTS[4] + classes.astype(np.int64))
    assert len(pairs) == COUNTS[4]


def test_each_class_s_holes_are_its_relabellings(impl: Api, all_holes: np.ndarray) -> None:
    classes = impl.omaha_class_of(all_holes)
    order = np.argsort(classes, kind="stable")
    starts = np.searchsorted(classes[order], np.arange(COUNTS[4] + 1))
    for i in range(COUNTS[4]):
        holes = impl.omaha_class_holes(i)
        assert holes.dtype == np.uint8 and holes.shape[1] == 4
        assert np.array_equal(holes, all_holes[order[starts[i] : starts[i + 1]]]), i


def test_class_holes_are_one_hole_s_relabellings(impl: Api) -> None:
    for hole_size, seed in ((5, 1), (6, 2)):
        for hole in random_hands(20, hole_size, seed):
            i = impl.omaha_class_of(hole.tolist())
            got = impl.omaha_class_holes(i, hole_size=hole_size)
            want = np.unique(_relabellings(hole[None])[:, 0], axis=0)
            assert np.array_equal(got, want)
            assert (impl.omaha_class_of(got) == i).all()


def test_the_order_is_the_indexer_s(impl: Api) -> None:
    for hole_size in (4, 5):
        indexer = handrank.HandIndexer("omaha", rounds=(hole_size, 3, 1, 1))
        assert indexer.size("preflop") == COUNTS[hole_size] == len(handrank.omaha_classes(hole_size))
        sample = np.linspace(0, COUNTS[hole_size] - 1, 200).astype(np.int64)
        firsts = np.array([impl.omaha_class_holes(int(i), hole_size)[0] for i in sample])
        assert np.array_equal(indexer.index(firsts, "preflop").astype(np.int64), sample)


@pytest.mark.parametrize("hole_size", [4, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_names_are_distinct(hole_size: int) -> None:
    names = handrank.omaha_classes(hole_size)
    assert type(names) is tuple and len(names) == COUNTS[hole_size] == len(set(names))
    assert handrank.omaha_classes(hole_size) is names  # built once


def _name_of(hole: list[int]) -> tuple[str, str, list[str]]:
    """The ranks (high first), the tag and the groups of suited cards a name must show, from the scheme."""
    suits: dict[int, list[str]] = {}
    for card in sorted(hole, key=lambda c: RANK_ORDER.index("23456789TJQKA"[c >> 2])):
        suits.setdefault(card & 3, []).append("23456789TJQKA"[card >> 2])
    groups = sorted(
        ("".join(g) for g in suits.values() if len(g) > 1), key=lambda g: (-len(g), [*map(RANK_ORDER.index, g)])
    )
    sizes = tuple(len(g) for g in groups)
    tag = {(): "r", (2,): "ss", (2, 2): "ds", (2, 2, 2): "ts"}.get(sizes, "-" + "".join(map(str, sizes)) + "s")
    ranks = "".join(sorted(("23456789TJQKA"[c >> 2] for c in hole), key=RANK_ORDER.index))
    return ranks, tag, groups


def test_names_say_what_the_holes_hold(impl: Api) -> None:
    names = handrank.omaha_classes()
    name = re.compile(r"^([2-9TJQKA]{4})(r|ss|ds|-[2-4]+s)((?:\([2-9TJQKA]+\))*)$")
    for i in range(0, COUNTS[4], 7):
        hole = impl.omaha_class_holes(i)[-1].tolist()
        got = name.match(names[i])
        assert got is not None, names[i]
        ranks, tag, groups = _name_of(hole)
        assert (got[1], got[2]) == (ranks, tag)
        assert got[3] in ("", "".join(f"({g})" for g in groups)), (names[i], groups)


@pytest.mark.parametrize(
    ("hole", "name"),
    [
        ("As Ks Ah Kh", "AAKKds"),
        ("Jc Td 9h 8s", "JT98r"),
        ("Ah Ad Kh Qc", "AAKQss(AK)"),
        ("Ah Ad Kc Ks", "AAKKr"),
        ("Ah Ad Kh Kc", "AAKKss"),
        ("As Ks Qh Jh", "AKQJds(AK)(QJ)"),
        ("As Js Qh Kh", "AKQJds(AJ)(KQ)"),
        ("As Ks Qs Jh", "AKQJ-3s(AKQ)"),
        ("As Ks Qs Js", "AKQJ-4s"),
        ("2c 2d 2h 2s", "2222r"),
        ("As Ks Qs Jh Th", "AKQJT-32s(AKQ)(JT)"),
        ("As Ks Qh Jh Td Td", None),
        ("As Ks Qh Jh Td 9d", "AKQJT9ts(AK)(QJ)(T9)"),
    ],
)
def test_name_examples(hole: str, name: str | None) -> None:
    if name is None:
        with pytest.raises(ValueError, match="hole: duplicate card Td"):
            handrank.omaha_class_of(hole)
        return
    ids = handrank.parse_cards(hole)
    assert handrank.omaha_classes(len(ids))[handrank.omaha_class_of(hole)] == name


def test_round_trips(impl: Api) -> None:
    for hole_size, seed in ((4, 3), (5, 4), (6, 5)):
        holes = random_hands(300, hole_size, seed)
        classes = impl.omaha_class_of(holes)
        assert classes.dtype == np.uint64
        assert [impl.omaha_class_of(h.tolist()) for h in holes[:30]] == classes[:30].tolist()
        assert [impl.omaha_class_of(handrank.cards_str(h)) for h in holes[:30]] == classes[:30].tolist()
        for hole, i in zip(holes[:30], classes[:30].tolist(), strict=True):
            members = impl.omaha_class_holes(i, hole_size)
            assert (np.sort(hole) == members).all(axis=1).any()


def test_relabelled_batches_keep_their_classes(impl: Api) -> None:
    holes = random_hands(1000, 4, 6)
    perm = PERMS[np.random.default_rng(7).integers(0, 24, len(holes))]
    relabelled = (holes & 0xFC) | np.take_along_axis(perm, (holes & 3).astype(np.int64), axis=1)
    assert np.array_equal(impl.omaha_class_of(holes), impl.omaha_class_of(relabelled[:, ::-1]))


def test_docstring_examples(impl: Api) -> None:
    result = doctest.testmod(_omaha_classes, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: handrank.omaha_classes(3), ValueError, "hole_size must be 4, 5 or 6, got 3"),
        (lambda: handrank.omaha_classes(4.0), TypeError, "hole_size must be an integer, not float"),
        (lambda: handrank.omaha_classes(True), TypeError, "hole_size must be an integer, not bool"),
        (lambda: handrank.omaha_class_holes(16_432), ValueError, r"index must be 0 \.\. 16,431 for holes of 4"),
        (lambda: handrank.omaha_class_holes(-1), ValueError, r"index must be 0 \.\. 16,431 for holes of 4 cards"),
        (lambda: handrank.omaha_class_holes(1.0), TypeError, "index must be an integer, not float"),
        (lambda: handrank.omaha_class_holes(True), TypeError, "index must be an integer, not bool"),
        (lambda: handrank.omaha_class_holes(0, 7), ValueError, "hole_size must be 4, 5 or 6, got 7"),
        (lambda: handrank.omaha_class_holes(0, hole_size=None), TypeError, "hole_size must be an integer"),
        (lambda: handrank.omaha_class_of("As Ks Qs"), ValueError, "hole: an Omaha hole has 4, 5 or 6 cards, got 3"),
        (lambda: handrank.omaha_class_of("As Ks Qs As"), ValueError, "hole: duplicate card As"),
        (lambda: handrank.omaha_class_of("As Ks Qs Xx"), ValueError, "hole: "),
        (lambda: handrank.omaha_class_of([51, 50, 49, 52]), ValueError, "hole: "),
        (lambda: handrank.omaha_class_of([51, 50, 49, 1.5]), TypeError, "hole: "),
        (lambda: handrank.omaha_class_of([51, 50, 49, True]), TypeError, "hole: "),
        (lambda: handrank.omaha_class_of(None), TypeError, "hole: "),
        (lambda: handrank.omaha_class_of([[0, 1, 2]]), ValueError, r"hole: .*a row, got shape \(1, 3\)"),
        (lambda: handrank.omaha_class_of([[0, 1, 2, 3], [4, 5, 6, 6]]), ValueError, "hole: row 1: duplicate card 3h"),
        (lambda: handrank.omaha_class_of([[0, 1, 2, 52]]), ValueError, "hole: row 0: "),
        (lambda: handrank.omaha_class_of(np.array([[0.0, 1, 2, 3]])), TypeError, "hole: "),
    ],
)
def test_bad_input(impl: Api, call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]
