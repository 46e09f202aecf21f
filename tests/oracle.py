"""A slow, brute-force oracle for the property tests: written from the rules alone.

Nothing here reads handrank's tables or calls its evaluators.  The ranking
rules (docs/evaluation.md, "The rules") are stated once, by ``reference.five_card_key``; this
module numbers the 7,462 classes by sorting one key per class, ranks 6- and
7-card hands as the best of their five-card subsets, Omaha hands as the best
of two hole cards and three board cards, and counts equity by enumerating
every completion of a board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from reference import five_card_key

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_CLASSES = 7462

Key = tuple[int, tuple[int, ...]]


def card_name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def _class_keys() -> list[Key]:
    """One key per hand class, best first: every rank multiset, and every flush of distinct ranks."""
    keys: set[Key] = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        # Suits chosen so that no flush forms (a quad uses all four, the fifth card differs).
        cards = [4 * r + i % 4 for i, r in enumerate(ranks)]
        if len({c % 4 for c in cards}) == 1:
            cards[-1] = 4 * ranks[-1] + (cards[-1] + 1) % 4
        keys.add(five_card_key(cards))
    for ranks in combinations(range(13), 5):
        keys.add(five_card_key([4 * r for r in ranks]))
    return sorted(keys, reverse=True)


_KEYS = _class_keys()
assert len(_KEYS) == N_CLASSES
CLASS_OF: dict[Key, int] = {key: i + 1 for i, key in enumerate(_KEYS)}
"""Rule key -> rank 1..7462 (1 is the best)."""
KEY_OF: dict[int, Key] = {rank: key for key, rank in CLASS_OF.items()}

# reference.five_card_key's category number (9 = royal flush .. 0 = high card) -> handrank.Category value.
CATEGORY_NAMES = (
    "Royal flush",
    "Straight flush",
    "Four of a kind",
    "Full house",
    "Flush",
    "Straight",
    "Three of a kind",
    "Two pair",
    "One pair",
    "High card",
)
RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


@lru_cache(maxsize=1 << 16)
def rank5(cards: tuple[int, ...]) -> int:
    """The class of five distinct cards (order does not matter: the key sorts)."""
    return CLASS_OF[five_card_key(list(cards))]


def rank(cards: Iterable[int]) -> int:
    """The class of 5, 6 or 7 distinct cards: the best of their five-card subsets."""
    ids = sorted(cards)
    assert 5 <= len(ids) <= 7 and len(set(ids)) == len(ids)
    return min(rank5(five) for five in combinations(ids, 5))


def omaha_rank(hole: Iterable[int], board: Iterable[int]) -> int:
    """Exactly two hole cards and exactly three board cards."""
    h, b = sorted(hole), sorted(board)
    return min(rank5(tuple(sorted(p + t))) for p in combinations(h, 2) for t in combinations(b, 3))


def category(rank_: int) -> int:
    """handrank.Category's value for a rank: 1 royal flush .. 10 high card."""
    return 10 - KEY_OF[rank_][0]


def describe_en(rank_: int) -> str:
    """The English description, from the rule key alone."""
    cat_key, order = KEY_OF[rank_]
    cat = 10 - cat_key
    name = CATEGORY_NAMES[cat - 1]
    top = order[0]
    if cat == 1:
        return name
    if cat in (2, 5, 6):
        return f"{name}, {RANK_WORDS[top]}-high"
    if cat in (3, 7, 9):
        return f"{name}, {RANK_PLURALS[top]}"
    if cat == 4:
        return f"{name}, {RANK_PLURALS[top]} full of {RANK_PLURALS[order[1]]}"
    if cat == 8:
        return f"{name}, {RANK_PLURALS[top]} and {RANK_PLURALS[order[1]]}"
    return f"{name}, {RANK_WORDS[top]}"


def significance_order(five: Sequence[int]) -> list[int]:
    """The ranks of five cards, most significant first: groups by size then rank; a wheel is 5-4-3-2-A."""
    ranks = [c // 4 for c in five]
    counts = Counter(ranks)
    ordered = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    if sorted(ranks) == [0, 1, 2, 3, 12]:
        return [3, 2, 1, 0, 12]
    return ordered


def showdown_winners(ranks: Sequence[int]) -> tuple[int, ...]:
    best = min(ranks)
    return tuple(i for i, r in enumerate(ranks) if r == best)


def split(amount: int, seats: Sequence[int], odd_chips: str) -> list[int]:
    """The split a casino makes: equal parts, the odd chips one each from the first (or last) seat on."""
    base, odd = divmod(amount, len(seats))
    order = sorted(seats, reverse=odd_chips == "last")
    return [base + (1 if seat in order[:odd] else 0) for seat in seats]


def holdem_equity(
    hands: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int] = (), game: str = "holdem"
) -> tuple[list[int], list[int], int, list[Fraction]]:
    """(wins, ties, boards, equity) of fixed hands, enumerating every completion of the board."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    n = len(hands)
    wins = [0] * n
    ties = [0] * n
    share = [Fraction(0)] * n
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = [*board, *extra]
        if game == "holdem":
            ranks = [rank([*h, *full]) for h in hands]
        else:
            ranks = [omaha_rank(h, full) for h in hands]
        winners = showdown_winners(ranks)
        for w in winners:
            if len(winners) == 1:
                wins[w] += 1
            else:
                ties[w] += 1
            share[w] += Fraction(1, len(winners))
        boards += 1
    return wins, ties, boards, [s / boards for s in share]


# ---- range notation, expanded independently ---------------------------------------------------


def class_combos(hi: int, lo: int, kind: str) -> set[tuple[int, int]]:
    """The combos (higher card first) of a hand class: a pair, 's' suited, 'o' offsuit, '' both."""
    out = set()
    for a in range(4):
        for b in range(4):
            x, y = 4 * hi + a, 4 * lo + b
            if x == y or (hi == lo and x < y):
                continue
            if kind == "s" and a != b:
                continue
            if kind == "o" and a == b:
                continue
            out.add((max(x, y), min(x, y)))
    return out
