"""The exact enumeration kernel against a brute-force oracle, on both backends.

``enumerate_boards`` counts Hold'em boards by their multiset of ranks and
settles flushes apart; these tests hold it to the plain enumeration of
every completion in ``tests/oracle.py``, on boards and hands chosen to make
flushes (suited hands, two to four cards of a suit on the board), with dead
cards, 2 to 9 players, and cut into any number of parts.
"""

from __future__ import annotations

import random
from array import array
from fractions import Fraction
from itertools import combinations, product
from math import comb

import oracle
import pytest
from conftest import Api, on

from handrank import _exact
from handrank._cards import parse_cards
from handrank._games import HOLDEM, OMAHA
from handrank._kernels import SHARE_UNIT, by_matchup


def _deal(rng: random.Random, n: int, n_board: int, n_dead: int, hole: int = 2, suit_bias: float = 0.0):
    """Hands, board and dead cards; with suit_bias, cards lean towards hearts (flushes)."""
    deck = list(range(52))
    rng.shuffle(deck)
    if suit_bias:
        deck.sort(key=lambda c: (c & 3 != 2) - suit_bias * rng.random())
    cards = deck[: n * hole + n_board + n_dead]
    hands = [cards[i * hole : (i + 1) * hole] for i in range(n)]
    board = cards[n * hole : n * hole + n_board]
    dead = cards[n * hole + n_board :]
    return hands, board, dead


def _kernel_sum(impl: Api, game: int, hands, board, dead, parts: int):
    hole = len(hands[0])
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = bytes(c for c in range(52) if c not in used)
    holes = bytes(c for h in hands for c in h)

    def run(part: int):
        return impl.kernels.enumerate_boards(game, holes, len(hands), hole, bytes(board), deck, part, parts, False)

    return _sum_parts(run, parts, len(hands))


def _sum_parts(run, parts: int, n: int):
    """The boards and each player's (wins, ties, share) summed over ``run(part)`` for every part."""
    boards = 0
    sums = [[0, 0, 0] for _ in range(n)]
    for part in range(parts):
        count, tallies = run(part)
        boards += count
        for p in range(n):
            sums[p][0] += tallies[4 * p]
            sums[p][1] += tallies[4 * p + 1]
            sums[p][2] += tallies[4 * p + 2]
    return boards, sums


def _check(impl: Api, hands, board, dead, parts: int = 1, game: str = "holdem") -> None:
    code = HOLDEM.code if game == "holdem" else OMAHA.code
    assert code is not None
    boards, sums = _kernel_sum(impl, code, hands, board, dead, parts)
    wins, ties, expected_boards, equity = oracle.holdem_equity(hands, board, dead, game)
    assert boards == expected_boards
    for p in range(len(hands)):
        assert (sums[p][0], sums[p][1]) == (wins[p], ties[p]), (p, hands, board, dead)
        assert Fraction(sums[p][2], SHARE_UNIT * boards) == equity[p], (p, hands, board, dead)


@pytest.mark.parametrize("n_board", [3, 4, 5])
@pytest.mark.parametrize("bias", [0.0, 0.6, 0.9])
def test_postflop_against_brute_force(impl: Api, n_board: int, bias: float) -> None:
    rng = random.Random(f"{n_board}-{bias}")
    for _ in range(6 if n_board == 3 else 20):
        n = rng.randint(2, 6)
        hands, board, dead = _deal(rng, n, n_board, rng.randint(0, 6), suit_bias=bias)
        _check(impl, hands, board, dead, parts=rng.randint(1, 4))


@pytest.mark.parametrize("bias", [0.0, 0.8])
def test_preflop_with_most_cards_dead(impl: Api, bias: float) -> None:
    """Five board cards still to come: every suit can flush, and the brute force stays small."""
    rng = random.Random(f"preflop-{bias}")
    for _ in range(8):
        n = rng.randint(2, 9)
        hands, board, dead = _deal(rng, n, 0, 52 - 2 * n - rng.randint(6, 12), suit_bias=bias)
        _check(impl, hands, board, dead, parts=rng.randint(1, 5))


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["Ah Kh", "Qh Jh"], "2h 3h"),  # both can flush; the higher one wins
        (["Ah 2c", "Kh Qh"], "Th 9h 8h"),  # one heart against two: four hearts on the board
        (["As Ks", "Qd Qc"], "Js Ts 2s 3d"),  # a made flush, a straight flush to come
        (["2c 3c", "4c 5c"], "6c 7c 8c 9c"),  # a straight flush on the board: ties
        (["Ah Ad", "Kh Kd"], "Ac Kc Qc Jc"),  # quads and full houses beside flushes
        (["7h 7d", "8h 8d", "9h 9d"], "7c 8c 9c 7s"),  # quads, full houses, clubs to come
    ],
)
def test_flush_corner_cases(impl: Api, hands: list[str], board: str) -> None:
    _check(impl, [parse_cards(h) for h in hands], parse_cards(board), [], parts=2)


def test_parts_add_up_to_the_whole(impl: Api) -> None:
    rng = random.Random(7)
    hands, board, dead = _deal(rng, 3, 0, 30, suit_bias=0.5)
    whole = _kernel_sum(impl, HOLDEM.code or 0, hands, board, dead, 1)
    for parts in (2, 3, 8, 13):
        assert _kernel_sum(impl, HOLDEM.code or 0, hands, board, dead, parts) == whole


def test_backends_agree_on_full_preflop_enumerations(c_impl: Api) -> None:
    """Full 48-card preflop enumerations are too big for the brute force: the two kernels must agree."""
    py = on("python")
    rng = random.Random(11)
    for n in (2, 3, 6):
        hands, board, dead = _deal(rng, n, 0, 0, suit_bias=0.7)
        assert _kernel_sum(c_impl, 0, hands, board, dead, 3) == _kernel_sum(py, 0, hands, board, dead, 3)


def test_omaha_parts_against_brute_force(impl: Api) -> None:
    rng = random.Random(3)
    for _ in range(4):
        hands, board, dead = _deal(rng, rng.randint(2, 4), 3, rng.randint(0, 8), hole=4, suit_bias=0.5)
        _check(impl, hands, board, dead, parts=rng.randint(1, 4), game="omaha")


# ---- ranges, runout by runout -----------------------------------------------------------------


def _ranges_expected(ranges, board, dead, game: str = "holdem"):
    """Brute force: every matchup of disjoint combos, every completion, weights multiplied."""
    n = len(ranges)
    wins = [0] * n
    ties = [0] * n
    share = [Fraction(0)] * n
    total = 0
    deck = [c for c in range(52) if c not in set(board) | set(dead)]
    for extra in combinations(deck, 5 - len(board)):
        full = [*board, *extra]
        for choice in product(*ranges):
            cards = [c for hand, _ in choice for c in hand] + full
            if len(set(cards)) != len(cards):
                continue
            weight = 1
            for _, w in choice:
                weight *= w
            if game == "holdem":
                ranks = [oracle.rank([*hand, *full]) for hand, _ in choice]
            else:
                ranks = [oracle.omaha_rank(hand, full) for hand, _ in choice]
            winners = oracle.showdown_winners(ranks)
            for p in winners:
                if len(winners) == 1:
                    wins[p] += weight
                else:
                    ties[p] += weight
                share[p] += Fraction(weight, len(winners))
            total += weight
    return wins, ties, share, total


def _ranges_kernel(impl: Api, ranges, board, dead, perms: bytes, parts: int):
    combos = bytes(c for r in ranges for hand, _ in r for c in hand)
    offsets = array("q", [0])
    weights = array("Q")
    for r in ranges:
        weights.extend(w for _, w in r)
        offsets.append(len(weights))
    deck = bytes(c for c in range(52) if c not in set(board) | set(dead))

    def run(part: int):
        return impl.kernels.enumerate_ranges(
            HOLDEM.code, len(ranges), 2, combos, offsets, weights, bytes(board), deck, perms, part, parts, False
        )

    return _sum_parts(run, parts, len(ranges))


def _random_range(rng: random.Random, taken: set[int], size: int):
    out = {}
    while len(out) < size:
        a, b = rng.sample([c for c in range(52) if c not in taken], 2)
        out[(max(a, b), min(a, b))] = rng.randint(1, 5)
    return list(out.items())


def _check_ranges(impl: Api, ranges, board, dead, parts: int, symmetric: bool = False) -> None:
    masks = [[sum(1 << c for c in hand) for hand, _ in r] for r in ranges]
    perms = _exact.symmetries(masks, array("Q", [w for r in ranges for _, w in r]), board, dead) if symmetric else b""
    boards, sums = _ranges_kernel(impl, ranges, board, dead, perms, parts)
    wins, ties, share, total = _ranges_expected(ranges, board, dead)
    assert boards == comb(52 - len(board) - len(dead), 5 - len(board))
    for p in range(len(ranges)):
        assert (sums[p][0], sums[p][1]) == (wins[p], ties[p]), (p, ranges, board, dead, perms)
        assert Fraction(sums[p][2], SHARE_UNIT) == share[p]
    assert sum(s[2] for s in sums) == SHARE_UNIT * total


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_ranges_against_brute_force(impl: Api, n_board: int) -> None:
    rng = random.Random(f"ranges-{n_board}")
    for _ in range(6 if n_board == 3 else 12):
        n = rng.choice([2, 2, 3, 4])
        board = rng.sample(range(52), n_board)
        dead = rng.sample([c for c in range(52) if c not in board], rng.randint(0, 3))
        taken = set(board) | set(dead)
        sizes = [rng.randint(1, 6 if n == 2 else 3) for _ in range(n)]
        ranges = [_random_range(rng, taken, size) for size in sizes]
        _check_ranges(impl, ranges, board, dead, parts=rng.randint(1, 3))


@pytest.mark.parametrize(
    ("n_board", "sizes", "matchup_by_matchup"),
    [(3, (5, 7), True), (4, (6, 9), True), (4, (50, 52), False), (5, (4, 5), True), (5, (11, 12), False)],
)
def test_heads_up_both_ways_against_brute_force(
    impl: Api, n_board: int, sizes: tuple[int, int], matchup_by_matchup: bool
) -> None:
    """The C core counts heads-up ranges matchup by matchup when their matchups are few for their combos, else
    runout by runout (``by_matchup``; pure Python always the second way): each way, with card removal between
    the ranges and any number of parts."""
    per_combo = impl.kernels.SHARED_PER_COMBO
    assert by_matchup(per_combo, True, sizes, n_board) is (matchup_by_matchup and impl.name == "c")
    rng = random.Random(f"heads-up-{n_board}-{sizes}")
    board = rng.sample(range(52), n_board)
    dead = rng.sample([c for c in range(52) if c not in board], 2)
    ranges = [_random_range(rng, set(board) | set(dead), size) for size in sizes]
    for parts in (1, 3):
        _check_ranges(impl, ranges, board, dead, parts=parts)


@pytest.mark.parametrize(
    "board_text",
    ["Ah 7h 2h", "Kh 9h 4c", "Qs 8s 5s 2d", "Js 9s 6s 3s", "Td 8d 3d Kc 2s", "9c 8c 7c 6c 5c"],
)
def test_ranges_on_flush_boards(impl: Api, board_text: str) -> None:
    """Three and four players holding the board's suit: the flush runouts taken back and credited anew."""
    board = parse_cards(board_text)
    suit = max(range(4), key=lambda s: sum(c & 3 == s for c in board))
    rng = random.Random(board_text)
    dead = [rng.choice([c for c in range(52) if c not in board])]
    taken = set(board) | set(dead)
    suited = [c for c in range(52) if c & 3 == suit and c not in taken]
    rest = [c for c in range(52) if c not in taken]
    for n in (3, 4) if len(board) > 3 else (3,):
        ranges = []
        for _ in range(n):
            combos: dict[tuple[int, int], int] = {}
            while len(combos) < 3:
                a = rng.choice(suited)
                b = rng.choice(suited if rng.random() < 0.5 else rest)
                if a != b:
                    combos[(max(a, b), min(a, b))] = rng.randint(1, 3)
            ranges.append(list(combos.items()))
        _check_ranges(impl, ranges, board, dead, parts=rng.randint(1, 3))


@pytest.mark.parametrize("board_text", ["Kh 9h 9c", "Kh 9h 9c 4h"])
def test_ranges_full_house_over_flush(impl: Api, board_text: str) -> None:
    """One player can make a flush, others a full house or quads that beat it on some runouts."""

    def combos(text: str, weight: int):
        return [(tuple(sorted(parse_cards(h), reverse=True)), weight) for h in text.split(",")]

    ranges = [combos("Ah Qh,Jh Th,8h 7h", 1), combos("Kc Kd,9d 8c,Ks Qd", 2), combos("Ac 2d,7s 7d,4c 4d", 3)]
    _check_ranges(impl, ranges, parse_cards(board_text), [], parts=2)


def test_ranges_with_many_matchup_groups(impl: Api) -> None:
    """Three players, each with several combos of the same ranks in shuffled order.

    The kernel settles matchups whose combos have the same ranks together:
    more groups than it keeps at once, and a group met again after another
    has taken its place.
    """
    rng = random.Random("groups")
    board = parse_cards("Kh 9h 4c 2d")
    dead = parse_cards("3s")
    taken = set(board) | set(dead)
    ranges = []
    for _ in range(3):
        combos: dict[tuple[int, int], int] = {}
        pairs = rng.sample([(a, b) for a in range(13) for b in range(a, 13)], 5)
        for low, high in pairs:
            while sum(1 for hand in combos if {hand[0] >> 2, hand[1] >> 2} == {low, high}) < 2:
                a, b = 4 * high + rng.randrange(4), 4 * low + rng.randrange(4)
                if a != b and a not in taken and b not in taken:
                    combos[(max(a, b), min(a, b))] = rng.randint(1, 3)
        listed = list(combos.items())
        rng.shuffle(listed)
        ranges.append(listed)
    _check_ranges(impl, ranges, board, dead, parts=2)


@pytest.mark.parametrize("board_text", ["Kh 9h 4c", "Kh 9h 4c 4d"])
def test_ranges_with_combos_on_the_board(impl: Api, board_text: str) -> None:
    """Combos that hold a board card are in no matchup: the kernels leave them out themselves."""
    board = parse_cards(board_text)

    def combos(text: str, weight: int):
        return [(tuple(sorted(parse_cards(h), reverse=True)), weight) for h in text.split(",")]

    hero = combos("Kh Kd,Kc Ks,Ah Qh,9h 8h", 1)
    villain = combos("Ks Kd,4c 3c,Jh Th,Ad Ac", 2)
    third = combos("9h 9d,9s 9c,Qd Jd", 3)
    _check_ranges(impl, [hero, villain], board, [], parts=2)
    _check_ranges(impl, [hero, villain, third], board, [], parts=2)


def test_ranges_share_cards_with_each_other(impl: Api) -> None:
    """The same combo in both ranges, and combos sharing one card: card removal on both sides."""

    def rng_(text: str, w: int = 1):
        return [(tuple(sorted(parse_cards(h), reverse=True)), w) for h in text.split(",")]

    board = parse_cards("Kh 7d 2c")
    hero = rng_("Ah Ad,Ah As,Kd Qd,9s 8s")
    villain = rng_("Ah Ad,Ad Ac,As Ks,Qd Jd,9s 9c,8s 7s", 2)
    _check_ranges(impl, [hero, villain], board, [], parts=2)
    _check_ranges(impl, [villain, hero], board, [], parts=1)


def test_ranges_symmetric_runouts(impl: Api) -> None:
    """Ranges closed under swapping diamonds and spades, on a board without either: one runout per orbit."""
    rng = random.Random(5)
    swap = (0, 3, 2, 1)
    board = [0, 4, 26]  # 2c 3c 8h
    for n in (2, 3):
        ranges = []
        for _ in range(n):
            closed: dict[tuple[int, int], int] = {}
            for (a, b), w in _random_range(rng, set(board), 3):
                image = tuple(sorted((a & ~3 | swap[a & 3], b & ~3 | swap[b & 3]), reverse=True))
                if (a, b) not in closed and image not in closed:
                    closed[(a, b)] = closed[image] = w
            ranges.append(list(closed.items()))
        masks = [[sum(1 << c for c in hand) for hand, _ in r] for r in ranges]
        perms = _exact.symmetries(masks, array("Q", [w for r in ranges for _, w in r]), board, [])
        assert len(perms) == 8  # the identity and the swap
        _check_ranges(impl, ranges, board, [], parts=2, symmetric=True)


@pytest.mark.parametrize(("sizes", "pool_size"), [((4, 5), 10), ((3, 4, 3), 14)])
def test_omaha_ranges_against_brute_force(impl: Api, sizes: tuple[int, ...], pool_size: int) -> None:
    """Omaha ranges runout by runout: four-card combos sharing one to four cards, two and three players."""
    rng = random.Random(21)
    n = len(sizes)
    for n_board in (4, 5, 3):
        board = rng.sample(range(52), n_board)
        free = [c for c in range(52) if c not in board]
        # Player i's combos come from six cards, two of them shared with the next player's six:
        # combos overlap by two or three cards within a range, by up to two across ranges.
        pool = rng.sample(free, pool_size)
        ranges = [
            [
                (tuple(sorted(c, reverse=True)), rng.randint(1, 3))
                for c in rng.sample(list(combinations(pool[4 * i : 4 * i + 6], 4)), k)
            ]
            for i, k in enumerate(sizes)
        ]
        combos = bytes(c for r in ranges for hand, _ in r for c in hand)
        offsets = array("q", [0])
        for r in ranges:
            offsets.append(offsets[-1] + len(r))
        weights = array("Q", [w for r in ranges for _, w in r])
        args = (OMAHA.code, n, 4, combos, offsets, weights, bytes(board), bytes(free), b"")
        boards, sums = _sum_parts(lambda part, args=args: impl.kernels.enumerate_ranges(*args, part, 2, False), 2, n)
        assert boards == comb(len(free), 5 - n_board)
        _, _, expected, _ = _ranges_expected(ranges, board, [], "omaha")
        assert sum(expected) > 0  # some matchup is possible
        assert [Fraction(s[2], SHARE_UNIT) for s in sums] == expected, n_board


def test_ranges_kernel_refuses_the_wrong_arrays(impl: Api) -> None:
    """Both twins take offsets as array('q') and weights as array('Q'), one offset more than players."""
    combos, board, deck = bytes([51, 50, 47, 46]), bytes([0, 4, 8]), bytes(range(12, 52))
    good = (array("q", [0, 1, 2]), array("Q", [1, 1]))
    for offsets, weights in ((list(good[0]), good[1]), (good[0], array("q", [1, 1])), (good[0], [1, 1])):
        with pytest.raises(TypeError, match=r"offsets must be an array\('q'\) and weights an array\('Q'\)"):
            impl.kernels.enumerate_ranges(HOLDEM.code, 2, 2, combos, offsets, weights, board, deck, b"", 0, 1, False)
    with pytest.raises(ValueError, match="offsets must hold n_players \\+ 1 entries"):
        impl.kernels.enumerate_ranges(HOLDEM.code, 3, 2, combos, good[0], good[1], board, deck, b"", 0, 1, False)
    boards, tallies = impl.kernels.enumerate_ranges(HOLDEM.code, 2, 2, combos, *good, board, deck, b"", 0, 1, False)
    assert boards == comb(len(deck), 2) and len(tallies) == 8


def test_ranges_kernel_one_player(impl: Api) -> None:
    """One range alone: every combo that misses the runout wins it (the kernels take 1..10 players)."""
    rng = random.Random("one player")
    board = [0, 17, 38]
    combos = _random_range(rng, set(board), 5)
    boards, sums = _ranges_kernel(impl, [combos], board, [], b"", parts=2)
    deck = [c for c in range(52) if c not in board]
    expected = sum(w for extra in combinations(deck, 2) for hand, w in combos if not set(hand) & set(extra))
    assert boards == comb(len(deck), 2)
    assert sums[0][0] == expected and sums[0][1] == 0 and sums[0][2] == SHARE_UNIT * expected
