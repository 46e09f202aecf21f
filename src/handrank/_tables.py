"""Every lookup table of handrank, built from the hand-ranking rules (docs/evaluation.md, "The rules").

This module is the executable spec.  The pure-Python backend builds its
tables from it at first use, and ``tools/gen_tables.py`` writes the very same
numbers into ``csrc/tables.c`` for the C core (a test checks for drift).

Encodings
---------
* card id ``4 * rank + suit``; rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
* hand class ``1..7462``, 1 = best (royal flush), 7462 = worst (7-5-4-3-2):
  the Cactus Kev numbering.
* card key: ``RANK_MULT[rank] + (1 << (SUIT_SHIFT + 4 * suit))``.  The keys of
  a hand's cards are summed onto ``KEY_BIAS``.  The low 32 bits are then a
  *rank key*: ``RANK_MULT`` is chosen so that every multiset of at most seven
  ranks (at most four of each) has its own sum.  Bits 32..47 hold four suit
  counters biased by 3, so a suit with five or more cards sets its bit in
  ``FLUSH_BITS`` (3 + 5 = 8) and none of them can overflow (3 + 7 < 16).
* suit bit: ``1 << (16 * suit + rank)``; OR-ing them gives four 13-bit rank
  masks, one per suit, from which the flush table is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import IntEnum
from itertools import combinations

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
N_RANKS = 13
N_CARDS = 52
N_CLASSES = 7462

# Smallest multipliers, found greedily rank by rank by tools/find_multipliers.c,
# for which all multisets of up to seven ranks, four of each at most, have
# distinct sums.  ``check_rank_mult`` proves the property.
RANK_MULT: tuple[int, ...] = (
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
    3453520,
)
SUIT_SHIFT = 32
KEY_BIAS = 0x3333 << SUIT_SHIFT
FLUSH_BITS = 0x8888 << SUIT_SHIFT
RANK_KEY_MASK = 0xFFFFFFFF

# The rank-key perfect hash (see ``perfect_hash``): a 32-bit multiplicative
# hash whose top 13 bits pick one of 2**13 buckets and whose low 17 bits a
# slot, moved by the bucket's XOR displacement into a table of 2**17 classes.
# 32 bits suffice (rank keys stay below 2**25) and keep the multiplier an
# immediate operand.
HASH_MUL = 0x9E3779B1
HASH_BUCKET_BITS = 13
HASH_SLOT_BITS = 17
HASH_SLOT_MASK = (1 << HASH_SLOT_BITS) - 1


class Category(IntEnum):
    """The ten hand categories, best first (a royal flush is the top straight flush)."""

    ROYAL_FLUSH = 1
    STRAIGHT_FLUSH = 2
    FOUR_OF_A_KIND = 3
    FULL_HOUSE = 4
    FLUSH = 5
    STRAIGHT = 6
    THREE_OF_A_KIND = 7
    TWO_PAIR = 8
    ONE_PAIR = 9
    HIGH_CARD = 10


# The categories whose five cards share one suit.
FLUSH_CATEGORIES = (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FLUSH)

# Category boundaries: the first class of each category (Category - 1 indexes it), and one past the last.
CATEGORY_FIRST: tuple[int, ...] = (1, 2, 11, 167, 323, 1600, 1610, 2468, 3326, 6186, 7463)

WHEEL = 0b1000000001111  # A-5-4-3-2


def card_key(card: int) -> int:
    """The additive key of one card id."""
    rank, suit = divmod(card, 4)
    return RANK_MULT[rank] + (1 << (SUIT_SHIFT + 4 * suit))


def suit_bit(card: int) -> int:
    """The bit of one card id in the suit-major mask (16 bits per suit)."""
    rank, suit = divmod(card, 4)
    return 1 << (16 * suit + rank)


def straight_top(ranks: int) -> int:
    """Top rank of the highest straight in a 13-bit rank mask, or -1 if none.

    The ace also plays low: the wheel A-5-4-3-2 has top rank 3 (the five).
    """
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if ranks & run == run:
            return top
    return 3 if ranks & WHEEL == WHEEL else -1


def _desc_masks(nbits: int, exclude: int = 0) -> list[int]:
    """All rank masks with ``nbits`` bits outside ``exclude``, best first."""
    ranks = [r for r in range(N_RANKS) if not exclude >> r & 1]
    masks = [sum(1 << r for r in combo) for combo in combinations(ranks, nbits)]
    return sorted(masks, reverse=True)


def _high_ranks(mask: int, count: int) -> tuple[int, ...]:
    """The ``count`` highest ranks of a mask, highest first."""
    out = [r for r in range(12, -1, -1) if mask >> r & 1]
    return tuple(out[:count])


def class_patterns() -> list[tuple[Category, tuple[int, ...]]]:
    """``(category, ranks)`` for classes 1..7462 (index 0 is class 1).

    ``ranks`` are the five ranks most significant first (the wheel as 3, 2, 1, 0, 12).
    """
    C = Category
    out: list[tuple[Category, tuple[int, ...]]] = []

    def straight(top: int) -> tuple[int, ...]:
        return (3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1))

    out.append((C.ROYAL_FLUSH, straight(12)))
    out += [(C.STRAIGHT_FLUSH, straight(top)) for top in range(11, 2, -1)]
    out += [(C.FOUR_OF_A_KIND, (q,) * 4 + (k,)) for q in range(12, -1, -1) for k in range(12, -1, -1) if k != q]
    out += [(C.FULL_HOUSE, (t,) * 3 + (p,) * 2) for t in range(12, -1, -1) for p in range(12, -1, -1) if p != t]
    plain = [m for m in _desc_masks(5) if straight_top(m) < 0]
    out += [(C.FLUSH, _high_ranks(m, 5)) for m in plain]
    out += [(C.STRAIGHT, straight(top)) for top in range(12, 2, -1)]
    for t in range(12, -1, -1):
        out += [(C.THREE_OF_A_KIND, (t,) * 3 + _high_ranks(m, 2)) for m in _desc_masks(2, 1 << t)]
    for hi in range(12, -1, -1):
        for lo in range(hi - 1, -1, -1):
            out += [(C.TWO_PAIR, (hi, hi, lo, lo, k)) for k in range(12, -1, -1) if k not in (hi, lo)]
    for p in range(12, -1, -1):
        out += [(C.ONE_PAIR, (p, p) + _high_ranks(m, 3)) for m in _desc_masks(3, 1 << p)]
    out += [(C.HIGH_CARD, _high_ranks(m, 5)) for m in plain]
    assert len(out) == N_CLASSES
    return out


def _class_index() -> tuple[dict[tuple[int, tuple[int, ...]], int], dict[int, int]]:
    """Maps ``(category, ranks)`` to class, and a flush rank mask to class."""
    by_pattern: dict[tuple[int, tuple[int, ...]], int] = {}
    flush5: dict[int, int] = {}
    for cls, (cat, ranks) in enumerate(class_patterns(), start=1):
        by_pattern[cat, ranks] = cls
        if cat in FLUSH_CATEGORIES:
            flush5[sum(1 << r for r in ranks)] = cls
    return by_pattern, flush5


def best_flush_class(ranks: int, flush5: dict[int, int]) -> int:
    """Class of the best five cards of one suit, given their 13-bit rank mask."""
    top = straight_top(ranks)
    if top >= 0:
        return 1 + (12 - top)
    return flush5[sum(1 << r for r in _high_ranks(ranks, 5))]


def best_plain_class(counts: Sequence[int], by_pattern: dict[tuple[int, tuple[int, ...]], int]) -> int:
    """Class of the best five of 5..7 cards that make no flush, by rank counts."""
    desc = [r for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r] >= 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return by_pattern[Category.FOUR_OF_A_KIND, (q,) * 4 + (next(r for r in desc if r != q),)]
    if trips and len(trips) + len(pairs) >= 2:
        t = trips[0]
        p = next(r for r in desc if r != t and counts[r] >= 2)
        return by_pattern[Category.FULL_HOUSE, (t,) * 3 + (p,) * 2]
    top = straight_top(sum(1 << r for r in desc))
    if top >= 0:
        return CATEGORY_FIRST[Category.STRAIGHT - 1] + (12 - top)
    if trips:
        t = trips[0]
        return by_pattern[Category.THREE_OF_A_KIND, (t,) * 3 + tuple(r for r in desc if r != t)[:2]]
    if len(pairs) >= 2:
        hi, lo = pairs[:2]
        kicker = next(r for r in desc if r not in (hi, lo))
        return by_pattern[Category.TWO_PAIR, (hi, hi, lo, lo, kicker)]
    if pairs:
        p = pairs[0]
        return by_pattern[Category.ONE_PAIR, (p, p) + tuple(r for r in desc if r != p)[:3]]
    return by_pattern[Category.HIGH_CARD, tuple(desc[:5])]


def rank_multisets(min_cards: int = 5, max_cards: int = 7) -> Iterator[tuple[int, ...]]:
    """Every rank-count vector with ``min_cards..max_cards`` cards, four of a rank at most."""

    def rec(rank: int, left: int) -> Iterator[tuple[int, ...]]:
        if rank == N_RANKS - 1:
            if left <= 4:
                yield (left,)
            return
        for c in range(min(4, left) + 1):
            for rest in rec(rank + 1, left - c):
                yield (c,) + rest

    for n in range(min_cards, max_cards + 1):
        yield from rec(0, n)


def rank_key(counts: Sequence[int]) -> int:
    return sum(c * m for c, m in zip(counts, RANK_MULT, strict=True))


def check_rank_mult() -> None:
    """Raise if two rank multisets of up to seven cards share a rank key."""
    keys = [rank_key(c) for c in rank_multisets(0, 7)]
    if len(set(keys)) != len(keys):
        raise AssertionError("RANK_MULT does not give distinct rank keys")


def flush_table() -> list[int]:
    """8192 entries: for a 13-bit rank mask of one suit with 5+ bits, its class; else 0."""
    _, flush5 = _class_index()
    return [best_flush_class(m, flush5) if m.bit_count() >= 5 else 0 for m in range(1 << N_RANKS)]


def plain_table() -> dict[int, int]:
    """Rank key -> class of the best no-flush five, for every multiset of 5..7 ranks."""
    by_pattern, _ = _class_index()
    return {rank_key(c): best_plain_class(c, by_pattern) for c in rank_multisets()}


def hash_slot(key: int) -> tuple[int, int]:
    """``(bucket, slot)`` of a rank key before displacement (see ``perfect_hash``)."""
    h = (key * HASH_MUL) & 0xFFFFFFFF
    return h >> (32 - HASH_BUCKET_BITS), h & HASH_SLOT_MASK


def perfect_hash(
    table: dict[int, int],
    slot_of: Callable[[int], tuple[int, int]] = hash_slot,
    bucket_bits: int = HASH_BUCKET_BITS,
    slot_bits: int = HASH_SLOT_BITS,
) -> tuple[list[int], list[int]]:
    """Pack a sparse rank key -> class map into ``(disp, values)``.

    With ``bucket, slot = slot_of(key)``, ``values[slot ^ disp[bucket]]``
    is ``table[key]`` for every key (hash and displace).  Buckets are placed
    fullest first, each at the smallest displacement whose slots are all free.
    Unused slots hold 0.
    """
    buckets: dict[int, list[int]] = {}
    for key in sorted(table):
        bucket, slot = slot_of(key)
        buckets.setdefault(bucket, []).append(slot)
    size = 1 << slot_bits
    free = bytearray(b"\x01") * size
    disp = [0] * (1 << bucket_bits)
    for bucket in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
        slots = buckets[bucket]
        if len(set(slots)) != len(slots):
            raise AssertionError(f"HASH_MUL puts two keys of bucket {bucket} on one slot")
        d = next(d for d in range(size) if all(free[s ^ d] for s in slots))
        for s in slots:
            free[s ^ d] = 0
        disp[bucket] = d
    return disp, hashed_values(table, disp, slot_of, slot_bits)


def hashed_values(
    table: dict[int, int],
    disp: list[int],
    slot_of: Callable[[int], tuple[int, int]] = hash_slot,
    slot_bits: int = HASH_SLOT_BITS,
) -> list[int]:
    """``table``'s values at the slots a perfect hash's ``disp`` gives its keys (0 elsewhere): so one
    hash serves several tables over the same keys or a subset of them."""
    values = [0] * (1 << slot_bits)
    for key, val in table.items():
        bucket, slot = slot_of(key)
        values[slot ^ disp[bucket]] = val
    return values


# ---------------------------------------------------------------------------------------------------------
# The other rankings: short deck, ace-to-five and deuce-to-seven lows, eight-or-better.
#
# Each is stated as a list of its five-card classes, best first, as ``(category, ranks)``; a hand of 6 or
# 7 cards takes the best class of its five-card subsets.  The tables below are that rule applied to every
# rank multiset (and, for short deck, every flush mask), so the C core and the pure-Python backend read
# answers that were derived by brute force from the class lists.
# ---------------------------------------------------------------------------------------------------------

SD_LOWEST = 4  # short deck's lowest rank, the six: its cards are the ids 16..51
SD_WHEEL = 1 << 12 | 0b1111 << 4  # A-6-7-8-9, short deck's lowest straight
SD_N_CLASSES = 1404
SD_HASH_BUCKET_BITS = 11
SD_HASH_SLOT_BITS = 14  # the 10,230 short-deck rank multisets of 5..7 cards, in 16,384 slots
A5_N_CLASSES = 6175  # every multiset of five ranks: suits, straights and flushes do not count
EIGHT_N_CLASSES = 56  # five different ranks from A to 8: the best 56 ace-to-five classes
LOW27_N_CLASSES = N_CLASSES  # the high classes in reverse, the ace always high
NO_LOW = 0xFFFF  # no qualifying low (eight-or-better): sorts after every class


def _sd_straight(top: int) -> tuple[int, ...]:
    return (7, 6, 5, 4, 12) if top == 7 else tuple(range(top, top - 5, -1))


def sd_straight_top(ranks: int) -> int:
    """Top rank of the highest short-deck straight in a rank mask (A-6-7-8-9 tops at the nine, 7), or -1."""
    for top in range(12, 7, -1):
        run = 0b11111 << (top - 4)
        if ranks & run == run:
            return top
    return 7 if ranks & SD_WHEEL == SD_WHEEL else -1


def sd_class_patterns(trips_beat_straight: bool = False) -> list[tuple[Category, tuple[int, ...]]]:
    """Short deck's classes 1..1404, best first: a flush beats a full house; straights beat three of a
    kind unless ``trips_beat_straight``.  Ranks as in ``class_patterns`` (A-6-7-8-9 as 7, 6, 5, 4, 12)."""
    C = Category
    ranks = range(12, SD_LOWEST - 1, -1)
    low = sum(1 << r for r in range(SD_LOWEST))
    straights = range(12, 6, -1)
    plain = [m for m in _desc_masks(5, low) if sd_straight_top(m) < 0]
    out: list[tuple[Category, tuple[int, ...]]] = [(C.ROYAL_FLUSH, _sd_straight(12))]
    out += [(C.STRAIGHT_FLUSH, _sd_straight(top)) for top in straights[1:]]
    out += [(C.FOUR_OF_A_KIND, (q,) * 4 + (k,)) for q in ranks for k in ranks if k != q]
    out += [(C.FLUSH, _high_ranks(m, 5)) for m in plain]
    out += [(C.FULL_HOUSE, (t,) * 3 + (p,) * 2) for t in ranks for p in ranks if p != t]
    straight = [(C.STRAIGHT, _sd_straight(top)) for top in straights]
    trips = [(C.THREE_OF_A_KIND, (t,) * 3 + _high_ranks(m, 2)) for t in ranks for m in _desc_masks(2, low | 1 << t)]
    out += trips + straight if trips_beat_straight else straight + trips
    for hi in ranks:
        for lo in range(hi - 1, SD_LOWEST - 1, -1):
            out += [(C.TWO_PAIR, (hi, hi, lo, lo, k)) for k in ranks if k not in (hi, lo)]
    out += [(C.ONE_PAIR, (p, p) + _high_ranks(m, 3)) for p in ranks for m in _desc_masks(3, low | 1 << p)]
    out += [(C.HIGH_CARD, _high_ranks(m, 5)) for m in plain]
    assert len(out) == SD_N_CLASSES
    return out


def a5_value(rank: int) -> int:
    """A rank's place in ace-to-five: the ace 1, the deuce 2 ... the king 13."""
    return 1 if rank == 12 else rank + 2


def a5_class_patterns() -> list[tuple[Category, tuple[int, ...]]]:
    """Ace-to-five's classes 1..6175, best first: no pair, then one pair, two pair, three of a kind, full
    house, four of a kind; within each, the lower ranks in the order they count (the pair first) win.
    Ranks as rank indices (the ace 12), most significant first."""
    C = Category
    by_value = sorted(range(N_RANKS), key=a5_value)  # A, 2, ..., K

    def lows(n: int, without: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
        """Every set of n ranks outside ``without``, each highest first, lowest first."""
        sets = [
            tuple(sorted(c, key=a5_value, reverse=True)) for c in combinations(by_value, n) if not set(c) & set(without)
        ]
        return sorted(sets, key=lambda s: [a5_value(r) for r in s])

    out: list[tuple[Category, tuple[int, ...]]] = [(C.HIGH_CARD, s) for s in lows(5)]
    out += [(C.ONE_PAIR, (p, p) + k) for p in by_value for k in lows(3, (p,))]
    for hi in by_value:
        for lo in (r for r in by_value if a5_value(r) < a5_value(hi)):
            out += [(C.TWO_PAIR, (hi, hi, lo, lo, k)) for k in by_value if k not in (hi, lo)]
    out += [(C.THREE_OF_A_KIND, (t,) * 3 + k) for t in by_value for k in lows(2, (t,))]
    out += [(C.FULL_HOUSE, (t,) * 3 + (p,) * 2) for t in by_value for p in by_value if p != t]
    out += [(C.FOUR_OF_A_KIND, (q,) * 4 + (k,)) for q in by_value for k in by_value if k != q]
    assert len(out) == A5_N_CLASSES
    return out


def low27_class_patterns() -> list[tuple[Category, tuple[int, ...]]]:
    """Deuce-to-seven's classes 1..7462, best first: the high classes from the worst up, with the ace
    always high, so A-5-4-3-2 is no straight but an ace-high hand (suited: an ace-high flush)."""
    wheel = (12, 3, 2, 1, 0)
    out: list[tuple[Category, tuple[int, ...]]] = []
    for cat, ranks in reversed(class_patterns()):
        if ranks == (3, 2, 1, 0, 12):
            continue  # placed below as the ace-high hand it is here
        if ranks[0] == 12 and cat in (Category.HIGH_CARD, Category.FLUSH) and ranks[1] == 4 and ranks[2:] == (2, 1, 0):
            out.append((cat, wheel))  # A-5-4-3-2 just below A-6-4-3-2
        out.append((cat, ranks))
    assert len(out) == LOW27_N_CLASSES
    return out


def _five_card_class(patterns: list[tuple[Category, tuple[int, ...]]]) -> dict[tuple[int, ...], int]:
    """Maps the sorted ranks of a no-flush five-card hand to its class (flush patterns left out)."""
    out: dict[tuple[int, ...], int] = {}
    for cls, (cat, ranks) in enumerate(patterns, start=1):
        if cat not in FLUSH_CATEGORIES:
            out.setdefault(tuple(sorted(ranks)), cls)
    return out


def _best_of_fives(counts: Sequence[int], by_ranks: dict[tuple[int, ...], int]) -> int:
    """The best (smallest) class of the five-card rank multisets inside ``counts``."""
    cards = [r for r in range(N_RANKS) for _ in range(counts[r])]
    return min(by_ranks[five] for five in set(combinations(cards, 5)))


def sd_multisets() -> Iterator[tuple[int, ...]]:
    """The rank multisets of 5..7 short-deck cards (no rank below the six)."""
    return (c for c in rank_multisets() if not any(c[:SD_LOWEST]))


def sd_flush_table() -> list[int]:
    """8192 entries: the short-deck class of the best five of one suit's rank mask (5+ ranks from the six
    up); else 0.  The flush classes are the same under both rule sets."""
    flush5 = {
        sum(1 << r for r in ranks): cls
        for cls, (cat, ranks) in enumerate(sd_class_patterns(), 1)
        if cat in FLUSH_CATEGORIES
    }
    out = [0] * (1 << N_RANKS)
    for m in range(1 << N_RANKS):
        if m.bit_count() >= 5 and not m & ((1 << SD_LOWEST) - 1):
            top = sd_straight_top(m)
            out[m] = 1 + (12 - top) if top >= 0 else flush5[sum(1 << r for r in _high_ranks(m, 5))]
    return out


def sd_plain_table(trips_beat_straight: bool = False) -> dict[int, int]:
    """Rank key -> short-deck class of the best no-flush five, for every short-deck multiset of 5..7."""
    by_ranks = _five_card_class(sd_class_patterns(trips_beat_straight))
    return {rank_key(c): _best_of_fives(c, by_ranks) for c in sd_multisets()}


def a5_table() -> dict[int, int]:
    """Rank key -> ace-to-five class of the best five, for every multiset of 5..7 ranks (suits never count)."""
    by_ranks = _five_card_class(a5_class_patterns())
    return {rank_key(c): _best_of_fives(c, by_ranks) for c in rank_multisets()}


def low27_plain_table() -> dict[int, int]:
    """Rank key -> deuce-to-seven class of the best five when no five cards share a suit."""
    by_ranks = _five_card_class(low27_class_patterns())
    return {rank_key(c): _best_of_fives(c, by_ranks) for c in rank_multisets()}


def low27_of_high() -> list[int]:
    """7463 entries: the deuce-to-seven class of the five-card hand of each high class (index 0 unused)."""
    low = {pattern: cls for cls, pattern in enumerate(low27_class_patterns(), start=1)}
    out = [0]
    for cat, ranks in class_patterns():
        if ranks == (3, 2, 1, 0, 12):
            cat, ranks = (Category.FLUSH if cat == Category.STRAIGHT_FLUSH else Category.HIGH_CARD), (12, 3, 2, 1, 0)
        out.append(low[cat, ranks])
    return out


def eight_table() -> list[int]:
    """256 entries: for a mask of five of the ranks A..8 (bit v - 1 for the value v: the ace bit 0), its
    ace-to-five class (1..56, the same numbers as ``a5_class_patterns``); else 0."""
    classes = {tuple(sorted(ranks)): cls for cls, (_, ranks) in enumerate(a5_class_patterns()[:EIGHT_N_CLASSES], 1)}
    out = [0] * 256
    for m in range(256):
        if m.bit_count() == 5:
            out[m] = classes[tuple(sorted(12 if v == 0 else v - 1 for v in range(8) if m >> v & 1))]
    return out


def low_bit(card: int) -> int:
    """A card's bit among the eight-or-better low ranks: the ace bit 0, the deuce bit 1 ... the eight bit 7;
    0 for the nine and up (and for ids past the deck)."""
    rank = card >> 2
    return 0 if card >= N_CARDS else 1 if rank == 12 else 2 << rank if rank <= 6 else 0


def omaha_eight_table() -> list[int]:
    """65536 entries: at ``hole << 8 | board``, masks of the low ranks (``low_bit``) among an
    Omaha hand's hole cards and among its board cards, the best eight-or-better low of two different hole
    ranks and three different board ranks, all five different (1..56); else 0.  A hand's low depends on no
    more than those two masks."""
    eight = eight_table()
    lows = sorted((cls, m) for m, cls in enumerate(eight) if cls)  # the 56 lows, best first
    out = [0] * (1 << 16)
    for hole in range(256):
        for board in range(256):
            for cls, five in lows:
                from_hole = five & ~board  # ranks only the hole can give
                if (
                    not from_hole & ~hole
                    and from_hole.bit_count() + (five & board & hole).bit_count() >= 2 >= from_hole.bit_count()
                ):
                    out[hole << 8 | board] = cls
                    break
    return out


def sd_hash_slot(key: int) -> tuple[int, int]:
    """``(bucket, slot)`` of a short-deck rank key before displacement: ``hash_slot`` with fewer bits."""
    h = (key * HASH_MUL) & 0xFFFFFFFF
    return h >> (32 - SD_HASH_BUCKET_BITS), h & ((1 << SD_HASH_SLOT_BITS) - 1)


OMAHA_COLUMNS = 91  # pairs of hole ranks: 78 of two ranks (hi * (hi - 1) / 2 + lo), then the 13 pocket pairs
OMAHA_ENTRY_BITS = 13  # a high class fits in 13 bits
OMAHA_ROW_BYTES = -(-OMAHA_COLUMNS * OMAHA_ENTRY_BITS // 8)  # 148


def omaha_pair_index() -> list[int]:
    """169 entries: at 13 * a + b, the column of the hole ranks a, b (either order) in ``omaha_board_table``
    (the C core keeps each column's first bit, ``OMAHA_ENTRY_BITS`` times it)."""
    return [
        OMAHA_COLUMNS - N_RANKS + a if a == b else max(a, b) * (max(a, b) - 1) // 2 + min(a, b)
        for a in range(N_RANKS)
        for b in range(N_RANKS)
    ]


def _omaha_rows(
    boards: Sequence[Sequence[int]], entry: Callable[[int, Sequence[int]], int], bits: int, row_bytes: int
) -> bytes:
    """The Omaha tables' layout: a row of ``row_bytes`` per board (its ranks, in row order) holding, for each
    column of ``omaha_pair_index``, ``entry(rank key of the column's two hole ranks, board ranks)`` in ``bits``
    bits, little-endian; 4 bytes of padding at the end, for reading any entry as 32 bits."""
    columns = sorted(set(omaha_pair_index()))
    assert columns == list(range(OMAHA_COLUMNS))
    pairs = {omaha_pair_index()[13 * a + b]: RANK_MULT[a] + RANK_MULT[b] for a in range(N_RANKS) for b in range(a + 1)}
    out = bytearray()
    for ranks in boards:
        row = 0
        for col in range(OMAHA_COLUMNS):
            row |= entry(pairs[col], ranks) << (bits * col)
        out += row.to_bytes(row_bytes, "little")
    return bytes(out + bytes(4))


def omaha_board_table() -> bytes:
    """Omaha on a full board, packed (``_omaha_rows``): a row of OMAHA_ROW_BYTES for each five-card board's
    rank multiset (row: its ace-to-five class - 1, a bijection), holding for each pair of hole ranks the best
    high class of the pair with three of the board's cards, suits aside (flushes are looked for apart),
    OMAHA_ENTRY_BITS bits each.  An Omaha hand on a full board then reads one entry per hole pair."""
    plain = plain_table()

    def best(pair: int, ranks: Sequence[int]) -> int:
        triples = {sum(RANK_MULT[r] for r in t) for t in combinations(sorted(ranks), 3)}
        return min(plain.get(pair + t, N_CLASSES + 1) for t in triples)  # five of a rank: no such key

    boards = [ranks for _, ranks in a5_class_patterns()]
    return _omaha_rows(boards, best, OMAHA_ENTRY_BITS, OMAHA_ROW_BYTES)


def multiset_rank_table() -> list[int]:
    """At 16 * i + r: comb(r + i, i + 1), so that a multiset of ranks r_0 <= r_1 <= ... (ascending) has the
    index sum(table[16 * i + r_i]), the combinatorial number system over ranks made distinct by r_i + i:
    ``0 .. comb(13 + n - 1, n) - 1`` for n ranks, a bijection (``board_multisets``)."""
    from math import comb

    return [comb(r + i, i + 1) for i in range(4) for r in range(16)]


def board_multisets(n: int) -> list[tuple[int, ...]]:
    """Every multiset of ``n`` ranks (ascending tuples), at its ``multiset_rank_table`` index."""
    from itertools import combinations_with_replacement

    table = multiset_rank_table()
    by_index = {
        sum(table[16 * i + r] for i, r in enumerate(ranks)): ranks
        for ranks in combinations_with_replacement(range(N_RANKS), n)
    }
    assert sorted(by_index) == list(range(len(by_index)))
    return [by_index[i] for i in range(len(by_index))]


OMAHA_TURN_ENTRY_BITS = 2  # which of a turn's four board ranks to leave out
OMAHA_TURN_ROW_BYTES = -(-OMAHA_COLUMNS * OMAHA_TURN_ENTRY_BITS // 8)  # 23


def omaha_flop_table() -> bytes:
    """Omaha on a three-card board, as ``omaha_board_table`` on a full board: a row of OMAHA_ROW_BYTES per
    board rank multiset (at its ``board_multisets(3)`` index), the high class of each pair of hole ranks with
    the three board ranks, suits aside."""
    plain = plain_table()

    def best(pair: int, ranks: Sequence[int]) -> int:
        return plain.get(pair + sum(RANK_MULT[r] for r in ranks), N_CLASSES + 1)  # five of a rank: no such key

    return _omaha_rows(board_multisets(3), best, OMAHA_ENTRY_BITS, OMAHA_ROW_BYTES)


def omaha_turn_table() -> bytes:
    """Omaha on a four-card board: a row of OMAHA_TURN_ROW_BYTES per board rank multiset (at its
    ``board_multisets(4)`` index) holding, for each pair of hole ranks, which of the board's ranks (its place
    in ascending order, 0..3) the best three of them leave out, suits aside (the first such place on a tie),
    OMAHA_TURN_ENTRY_BITS bits each.  A hand on the turn then reads one entry and one class per hole pair."""
    plain = plain_table()

    def left_out(pair: int, ranks: Sequence[int]) -> int:
        board = sum(RANK_MULT[r] for r in ranks)
        classes = [plain.get(pair + board - RANK_MULT[r], N_CLASSES + 1) for r in ranks]
        return classes.index(min(classes))

    return _omaha_rows(board_multisets(4), left_out, OMAHA_TURN_ENTRY_BITS, OMAHA_TURN_ROW_BYTES)
