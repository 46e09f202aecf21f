"""preflop_equity and preflop_matrix against exact enumeration; the shipped table's matchup key."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from conftest import C_AVAILABLE, NO_C, Api

import handrank
from handrank._preflop import BOARDS, matchup_key


def _brute_key(a: list[int], b: list[int]) -> tuple[int, ...]:
    """The smallest (hand a, hand b) over the 24 suit relabellings, each hand sorted: an independent key."""
    best: tuple[int, ...] | None = None
    for perm in itertools.permutations(range(4)):
        relabel = [4 * (c >> 2) + perm[c & 3] for c in (*a, *b)]
        key = (*sorted(relabel[:2], reverse=True), *sorted(relabel[2:], reverse=True))
        best = key if best is None or key < best else best
    assert best is not None
    return best


def test_the_matchup_key_is_a_complete_invariant() -> None:
    """Two matchups share a key exactly when a suit relabelling (and card order) makes one the other."""
    rng = random.Random(3)
    by_brute: dict[tuple[int, ...], set[int]] = {}
    for _ in range(20_000):
        cards = rng.sample(range(52), 4)
        by_brute.setdefault(_brute_key(cards[:2], cards[2:]), set()).add(matchup_key(cards[:2], cards[2:]))
    assert all(len(keys) == 1 for keys in by_brute.values())  # never split
    assert len({k for keys in by_brute.values() for k in keys}) == len(by_brute)  # never merged


def test_every_matchup_is_in_the_table() -> None:
    from handrank._preflop import matchup_table

    counts = matchup_table()[0]
    assert len(counts) == 47_008
    assert all(0 <= w and 0 <= t and w + t <= BOARDS for w, t in counts.values())


@pytest.mark.skipif(not C_AVAILABLE, reason=NO_C)
def test_table_equals_exact_enumeration(c_impl: Api) -> None:
    """A random sample, and the classic matchups, enumerated again on the compiled backend."""
    rng = random.Random(11)
    hands = [rng.sample(range(52), 4) for _ in range(60)]
    named = [("As Ah", "Ks Kh"), ("As Ks", "Qd Qc"), ("7c 2d", "Ah Ks"), ("Ah Kh", "Qs Qd"), ("5s 5h", "5d 5c")]
    pairs = [(h[:2], h[2:]) for h in hands] + [(handrank.parse_cards(a), handrank.parse_cards(b)) for a, b in named]
    for a, b in pairs:
        want = handrank.equity([a, b], exact=True)
        got = handrank.preflop_equity(a, b)
        assert got == want, (a, b)


def test_preflop_equity_result(impl: Api) -> None:
    r = handrank.preflop_equity("Ah Kh", "Qs Qd")
    assert r.wins == (787966, 917606) and r.ties == (6732, 6732) and r.losses == (917606, 787966)
    assert r.total == r.boards == BOARDS and r.exact and r.trials == 0 and r.seed is None
    assert sum(r.equity_fraction) == 1 and r.equity[0] == float(r.equity_fraction[0])
    swapped = handrank.preflop_equity("Qs Qd", "Kh Ah")
    assert swapped.wins == r.wins[::-1] and swapped.equity == r.equity[::-1]
    aces, clubs = handrank.preflop_equity([51, 50], [47, 46]), handrank.preflop_equity("Ac Ad", "Kc Kd")
    assert aces.players == ("As Ah", "Ks Kh") and clubs.players == ("Ac Ad", "Kc Kd")  # the same but the hands
    assert [getattr(aces, f) for f in aces.__slots__ if f != "players"] == [
        getattr(clubs, f) for f in clubs.__slots__ if f != "players"
    ]


def test_preflop_equity_errors(impl: Api) -> None:
    with pytest.raises(ValueError, match="a: a Hold'em hand has 2 cards, got 3"):
        handrank.preflop_equity("As Ks Qs", "2c 2d")
    with pytest.raises(ValueError, match="b: a Hold'em hand has 2 cards, got 1"):
        handrank.preflop_equity("As Ks", "2c")
    with pytest.raises(ValueError, match=r"duplicate card As \(in both hands\)"):
        handrank.preflop_equity("As Ks", "As 2d")
    with pytest.raises(ValueError, match="duplicate card Ks"):
        handrank.preflop_equity("Ks Ks", "2c 2d")
    with pytest.raises(ValueError, match="card id 52"):
        handrank.preflop_equity([52, 1], "2c 2d")


def _class_of(hand: tuple[int, int]) -> str:
    (hi, hs), (lo, ls) = sorted(((c >> 2, c & 3) for c in hand), reverse=True)
    names = "23456789TJQKA"
    return names[hi] * 2 if hi == lo else names[hi] + names[lo] + ("s" if hs == ls else "o")


def test_preflop_matrix(impl: Api) -> None:
    m = handrank.preflop_matrix()
    assert m.shape == (169, 169) and m.dtype == np.float64
    assert (m + m.T == 1.0).all()
    assert (np.diag(m) == 0.5).all()
    classes = handrank.HAND_CLASSES
    assert len(set(classes)) == 169 and classes[:3] == ("AA", "AKs", "AQs") and classes[13] == "AKo"
    # AA vs KK and 72o vs AKs from the table's own combos, averaged as fractions
    for x, y in (("AA", "KK"), ("72o", "AKs"), ("AKs", "AKo")):
        total, n = 0, 0
        for a in itertools.combinations(range(52), 2):
            if _class_of(a) != x:
                continue
            for b in itertools.combinations(range(52), 2):
                if _class_of(b) == y and not set(a) & set(b):
                    r = handrank.preflop_equity(list(a), list(b))
                    total += r.equity_fraction[0]
                    n += 1
        assert m[classes.index(x), classes.index(y)] == pytest.approx(float(total / n), abs=1e-15)
    m[0, 0] = 7.0
    assert handrank.preflop_matrix()[0, 0] == 0.5  # a new array each call
