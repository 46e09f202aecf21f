"""Hand isomorphism's tables: what both kernels (``iso_index``, ``iso_unindex``) read, built here once.

A hand is dealt in rounds (Hold'em: 2 hole cards, then 3, 1 and 1 board
cards).  Two hands are one class when a relabelling of the suits maps one
onto the other, round by round.  Seen one suit at a time, a hand is four
*suit hands*: the ranks the suit holds in each round.  A suit hand has a
*shape* (how many of its cards came in each round) and, among the suit hands
of its shape, an *index*: each round's ranks ranked in colexicographic order
among the ranks the suit's earlier rounds left free, the rounds read as the
digits of a mixed-radix number.  A hand's class is the multiset of its four
suit hands; its index in the street's numbering is

* the *configuration*'s offset: the multiset of the four shapes, found by a
  perfect hash of the shapes sorted in descending order, and
* the suit hands' place among those of the configuration: suits of one shape
  form a group whose sorted indices are ranked as a multiset
  (``comb(x + r, r + 1)`` for the suit with ``r`` suits after it in its
  group), and the groups are the digits of a mixed-radix number.

Every number is exact, and the numbering of each street is dense: ``0 ..
size - 1``, each index one class.  The tables are plain ``array.array``
buffers, built at first use (an indexer's street takes a few milliseconds),
so the compiled kernels read them in place and the pure twin reads them as
sequences.
"""

from __future__ import annotations

from array import array
from math import comb, prod

MAX_ROUNDS = 8
"""Rounds an indexer takes at most."""
SUITS = 4
RANKS = 13
KEY_SHIFT = 40
"""A suit hand sorts by ``shape << KEY_SHIFT | index``: its index stays below ``1 << KEY_SHIFT``."""
CODE_BITS = 16
"""A shape's code (the counts of its rounds as mixed-radix digits) stays below ``1 << CODE_BITS``."""
CONFIG_WORDS = 8
"""uint64 words of a configuration's record (``HANDRANK_ISO_CONFIG_WORDS``), at these places:"""
OFFSET, MULT, GROUPS, CODES, SIZE = 0, 1, 5, 6, 7
"""offset; the four positions' multipliers (1..4); the suits after each in its group, a byte each (from the
lowest byte: position 0 first); the four sorted shape codes (16 bits each, position 0 the highest); the number
of classes."""
MAX_CONFIGS = 0xFFFE
"""Configurations a street has at most: their numbers fit a uint16 slot beside the empty slot's 0xFFFF."""
LOW_BITS = 7
"""The squeeze tables split a 13-bit rank mask into its low 7 ranks and its high 6."""


class IsoTables:
    """The tables every street shares: colex ranks and their inverse, the squeeze, binomials."""

    __slots__ = ("binomial", "colex", "squeeze_high", "squeeze_low", "subset_start", "subsets")

    colex: array[int]
    """uint16, by a 13-bit rank mask: ``count << 12 | rank``, its number of bits and its rank among the masks of as
    many bits in colexicographic order (below ``comb(13, 6) = 1716``)."""
    subsets: array[int]
    """uint16: the masks of k bits in colex order, for k = 0..13 one after another (``colex``'s inverse)."""
    subset_start: array[int]
    """uint16, 14 entries: where the masks of k bits start in ``subsets``."""
    squeeze_low: array[int]
    """uint16, by ``used << LOW_BITS | mask`` for the low seven ranks: the bits of ``mask`` with the places of
    ``used`` taken out, and the places left (``LOW_BITS - popcount(used)``) in the high byte, where the squeezed
    high ranks go."""
    squeeze_high: array[int]
    """uint8, by ``used << (RANKS - LOW_BITS) | mask`` for the high six ranks: the bits of ``mask`` squeezed."""
    binomial: array[int]
    """uint64, ``comb(n, k)`` at ``n * (RANKS + 1) + k``, n and k in 0..13."""

    def __init__(self) -> None:
        # Among masks of as many bits, colexicographic order is the order of their values.
        masks = sorted(range(1 << RANKS), key=lambda m: (m.bit_count(), m))
        self.subsets = array("H", masks)
        starts = [0] * (RANKS + 1)
        for k in range(1, RANKS + 1):
            starts[k] = starts[k - 1] + comb(RANKS, k - 1)
        self.subset_start = array("H", starts)
        colex = [0] * (1 << RANKS)
        for place, mask in enumerate(masks):
            colex[mask] = mask.bit_count() << 12 | (place - starts[mask.bit_count()])
        self.colex = array("H", colex)
        free_low = [(LOW_BITS - (i >> LOW_BITS).bit_count()) << 8 for i in range(1 << (2 * LOW_BITS))]
        self.squeeze_low = array("H", [v | free for v, free in zip(_squeeze_table(LOW_BITS), free_low, strict=True)])
        self.squeeze_high = array("B", _squeeze_table(RANKS - LOW_BITS))
        self.binomial = array("Q", [comb(n, k) for n in range(RANKS + 1) for k in range(RANKS + 1)])


def _squeeze_table(bits: int) -> list[int]:
    table = [0] * (1 << (2 * bits))
    for used in range(1 << bits):
        free = [b for b in range(bits) if not used >> b & 1]
        for mask in range(1 << bits):
            if mask & used:
                continue  # a round's ranks never meet the suit's earlier ones
            table[used << bits | mask] = sum(1 << i for i, b in enumerate(free) if mask >> b & 1)
    return table


_GENERIC: list[IsoTables] = []


def iso_tables() -> IsoTables:
    """The shared tables, built on the first call (a few milliseconds)."""
    if not _GENERIC:
        _GENERIC.append(IsoTables())
    return _GENERIC[0]


class IsoStreet:
    """One street's numbering: its rounds, its configurations and their perfect hash, and the shared tables."""

    __slots__ = (
        "configs",
        "hash_mul",
        "hash_shift",
        "lowest",
        "n_ranks",
        "radix",
        "rounds",
        "size",
        "slots",
        "tables",
    )

    rounds: bytes
    """Cards dealt in each round (1..8 rounds)."""
    lowest: int
    """The deck's lowest card id: 0, or 16 for the 36-card short deck (its ranks 6..A)."""
    n_ranks: int
    """Ranks in the deck: 13, or 9."""
    radix: tuple[int, ...]
    """A shape's code is ``sum(count[r] * radix[r])``."""
    size: int
    """Classes on this street: indices run ``0 .. size - 1``."""
    configs: array[int]
    """uint64, CONFIG_WORDS a configuration, by offset (see OFFSET ... SIZE)."""
    slots: array[int]
    """uint16: configuration number by ``(codes * hash_mul mod 2**64) >> hash_shift``."""
    hash_mul: int
    hash_shift: int
    tables: IsoTables

    def __init__(self, rounds: tuple[int, ...], lowest: int = 0) -> None:
        self.rounds, self.lowest = bytes(rounds), lowest
        self.n_ranks = RANKS - lowest // SUITS
        hands, left = 1, SUITS * self.n_ranks
        for cards in rounds:
            hands, left = hands * comb(left, cards), left - cards
        if hands // 24 >= 1 << 63:  # a class holds at most 24 hands: too many, without building the tables
            raise ValueError("these rounds have too many hands for a 64-bit index")
        self.radix = tuple(prod(c + 1 for c in rounds[:r]) for r in range(len(rounds)))
        self.tables = iso_tables()
        records = [self._record(config) for config in _configurations(rounds, self.n_ranks)]
        records.sort(key=lambda rec: rec[CODES])
        offset = 0
        for rec in records:
            rec[OFFSET] = offset
            offset += rec[SIZE]
        if offset >= 1 << 63:
            raise ValueError("these rounds have too many hands for a 64-bit index")
        self.size = offset
        self.configs = array("Q", [word for rec in records for word in rec])
        self.hash_mul, self.hash_shift, self.slots = _perfect_hash([rec[CODES] for rec in records])

    def shape_count(self, shape: tuple[int, ...]) -> int:
        """Suit hands of this shape: each round's ranks chosen among those the earlier rounds left."""
        used, count = 0, 1
        for c in shape:
            count *= comb(self.n_ranks - used, c)
            used += c
        return count

    def _record(self, config: tuple[tuple[int, ...], ...]) -> list[int]:
        """A configuration's record, but its offset: ``config`` is four shapes, by code from the highest."""
        codes = [sum(c * r for c, r in zip(shape, self.radix, strict=True)) for shape in config]
        rec = [0] * CONFIG_WORDS
        mult, groups, place = 1, 0, 0
        while place < SUITS:
            end = place
            while end + 1 < SUITS and codes[end + 1] == codes[place]:
                end += 1
            members = end - place + 1
            n = self.shape_count(config[place])
            if n >= 1 << KEY_SHIFT or members * comb(n + members - 1, members) >= 1 << 63:
                raise ValueError("these rounds have too many hands for a 64-bit index")
            for p in range(place, end + 1):
                rec[MULT + p] = mult
                groups |= (end - p) << (8 * p)
            mult *= comb(n + members - 1, members)
            place = end + 1
        if mult >= 1 << 63:
            raise ValueError("these rounds have too many hands for a 64-bit index")
        rec[GROUPS] = groups
        rec[CODES] = sum(code << (CODE_BITS * (SUITS - 1 - p)) for p, code in enumerate(codes))
        rec[SIZE] = mult
        return rec


def _configurations(rounds: tuple[int, ...], n_ranks: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every multiset of four shapes the rounds can deal, each as four shapes sorted from the highest code.

    Round by round: the four suits' partial shapes, sorted so that suit
    relabellings meet, take each way of sharing the round's cards.
    """
    radix = [prod(c + 1 for c in rounds[:r]) for r in range(len(rounds))]

    def code(shape: tuple[int, ...]) -> int:
        return sum(c * r for c, r in zip(shape, radix, strict=False))  # a shape so far: its rounds so far

    states: set[tuple[tuple[int, ...], ...]] = {((),) * SUITS}
    for cards in rounds:
        grown = set()
        for state in states:
            for share in _shares(cards, [n_ranks - sum(shape) for shape in state]):
                shapes = [shape + (c,) for shape, c in zip(state, share, strict=True)]
                grown.add(tuple(sorted(shapes, key=code, reverse=True)))
        if len(grown) > MAX_CONFIGS:  # a round's partial configurations each end in one at least
            raise ValueError(f"these rounds share their cards among the suits in over {MAX_CONFIGS:,} ways")
        states = grown
    return sorted(states)


def _shares(cards: int, room: list[int]) -> list[tuple[int, ...]]:
    """Ways to deal ``cards`` among the suits, suit i taking at most ``room[i]``."""
    if len(room) == 1:
        return [(cards,)] if cards <= room[0] else []
    return [(c, *rest) for c in range(min(cards, room[0]) + 1) for rest in _shares(cards - c, room[1:])]


def _perfect_hash(keys: list[int]) -> tuple[int, int, array[int]]:
    """A multiplier and shift that send each key to its own slot, and the slots (the key's place; 0xFFFF: none).

    The multipliers are tried in a fixed order, so the tables never change.
    """
    bits = max(1, len(keys) - 1).bit_length() + 4  # 1/16 full: a multiplier that works turns up in a few tries
    while True:
        state = 0x9E3779B97F4A7C15
        for _ in range(64):
            state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            mul = state | 1
            shift = 64 - bits
            seen = {(key * mul) % (1 << 64) >> shift for key in keys}
            if len(seen) == len(keys):
                slots = array("H", [0xFFFF]) * (1 << bits)
                for place, key in enumerate(keys):
                    slots[(key * mul) % (1 << 64) >> shift] = place
                return mul, shift, slots
        bits += 1


def _suit_hand(street: IsoStreet, masks: list[int]) -> tuple[int, int]:
    """A suit hand's shape code and index, from its rank masks round by round."""
    tables, n = street.tables, RANKS + 1
    used = code = x = 0
    for r, mask in enumerate(masks):
        count = mask.bit_count()
        free = [b for b in range(street.n_ranks) if not used >> b & 1]
        squeezed = sum(1 << i for i, b in enumerate(free) if mask >> b & 1)
        code += count * street.radix[r]
        x = x * tables.binomial[(street.n_ranks - used.bit_count()) * n + count] + (tables.colex[squeezed] & 0xFFF)
        used |= mask
    return code, x


def index_of(street: IsoStreet, ids: list[int]) -> int:
    """The index of the hand ``ids`` (valid: distinct ids of the street's deck, the rounds' cards in turn)."""
    low_rank = street.lowest // SUITS
    masks = [[0] * len(street.rounds) for _ in range(SUITS)]
    place = 0
    for r, cards in enumerate(street.rounds):
        for card in ids[place : place + cards]:
            masks[card % SUITS][r] |= 1 << (card // SUITS - low_rank)
        place += cards
    keys = sorted((_suit_hand(street, suit) for suit in masks), reverse=True)
    codes = sum(code << (CODE_BITS * (SUITS - 1 - p)) for p, (code, _) in enumerate(keys))
    slot = (codes * street.hash_mul) % (1 << 64) >> street.hash_shift
    rec = street.configs[CONFIG_WORDS * street.slots[slot] : CONFIG_WORDS * (street.slots[slot] + 1)]
    index = rec[OFFSET]
    for p, (_, x) in enumerate(keys):
        after = rec[GROUPS] >> (8 * p) & 0xFF
        index += rec[MULT + p] * comb(x + after, after + 1)
    return index


def _multiset_digit(rank: int, k: int) -> int:
    """The largest y with ``comb(y, k) <= rank`` (k >= 1)."""
    y = k - 1
    step = 1
    while comb(y + step, k) <= rank:
        step *= 2
    while step > 1:  # comb(y, k) <= rank < comb(y + step, k)
        step //= 2
        if comb(y + step, k) <= rank:
            y += step
    return y


def hand_of(street: IsoStreet, index: int) -> list[int]:
    """The canonical hand of ``index`` (below ``street.size``): suit hands from the highest key as clubs,
    diamonds, hearts, spades; each round's cards by id."""
    words = street.configs
    first = max(c for c in range(len(words) // CONFIG_WORDS) if words[CONFIG_WORDS * c + OFFSET] <= index)
    rec = words[CONFIG_WORDS * first : CONFIG_WORDS * (first + 1)]
    rest = index - rec[OFFSET]
    afters = [rec[GROUPS] >> (8 * p) & 0xFF for p in range(SUITS)]
    xs = [0] * SUITS
    end = SUITS - 1
    while end >= 0:  # the groups from the last, whose multiplier is the largest
        start = end - afters[end]
        while start > 0 and afters[start - 1]:
            start -= 1
        rank, rest = divmod(rest, rec[MULT + start])
        for p in range(start, end + 1):
            y = _multiset_digit(rank, afters[p] + 1)
            rank -= comb(y, afters[p] + 1)
            xs[p] = y - afters[p]
        end = start - 1
    cards: list[list[int]] = [[] for _ in street.rounds]
    low_rank = street.lowest // SUITS
    for suit in range(SUITS):
        code = rec[CODES] >> (CODE_BITS * (SUITS - 1 - suit)) & ((1 << CODE_BITS) - 1)
        for r, mask in enumerate(_suit_masks(street, code, xs[suit])):
            cards[r] += [SUITS * (b + low_rank) + suit for b in range(RANKS) if mask >> b & 1]
    return [card for round_cards in cards for card in sorted(round_cards)]


def _suit_masks(street: IsoStreet, code: int, x: int) -> list[int]:
    """A suit hand's rank masks round by round, from its shape code and its index."""
    tables, n = street.tables, RANKS + 1
    counts = [code // street.radix[r] % (c + 1) for r, c in enumerate(street.rounds)]
    free = [street.n_ranks - sum(counts[:r]) for r in range(len(counts))]
    digits = [0] * len(counts)
    for r in reversed(range(len(counts))):
        x, digits[r] = divmod(x, tables.binomial[free[r] * n + counts[r]])
    masks, used = [], 0
    for count, digit in zip(counts, digits, strict=True):
        squeezed = tables.subsets[tables.subset_start[count] + digit]
        places = [b for b in range(street.n_ranks) if not used >> b & 1]
        mask = sum(1 << places[i] for i in range(RANKS) if squeezed >> i & 1)
        masks.append(mask)
        used |= mask
    return masks
