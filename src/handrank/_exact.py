"""Exact equity: every deal enumerated, by matchup or, for ranges on a flop, turn or river, runout by runout.

Matchups (each collision-free choice of one hand per player, merged by
suit isomorphism before the flop) go to the ``enumerate_boards`` kernel in
parts over the thread pool; ranges after the flop go to
``enumerate_ranges``, which ranks every combo once per runout and settles
one runout per orbit of the suit relabellings that leave the question
unchanged.  ``exact_equity`` says None when the enumeration would cost more
than ``EXACT_LIMIT`` and the caller asked for exact only if affordable.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from copy import copy
from fractions import Fraction
from itertools import combinations, permutations, product

from handrank import _backend
from handrank._cards import CARD_NAMES, parse_cards
from handrank._deal import Combos, Deal, mask_of
from handrank._games import HOLDEM, OMAHA, Game
from handrank._kernels import SHARE_UNIT, TALLY_FIELDS, by_matchup
from handrank._ranges import Range, hand_or_range, packed
from handrank._results import KERNEL_SHARE, EquityResult, equity_result, type_sums
from handrank._threads import run_tasks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np

# exact=None enumerates when matchups x boards x players stays under this.
EXACT_LIMIT = 200_000_000
HOLDEM_MATCHUP_WORK = 100_000  # (see _affordable_matchups) about 0.5 ms heads-up
# Ranges with more raw matchups than this are not listed just to count the distinct ones.
MAX_LISTED_MATCHUPS = 20_000
# Two Omaha ranges with at least this many matchups go hole by hole (omaha_hole_counts).
OMAHA_HOLE_BY_HOLE = 4096
# exact=True lists an Omaha random hand (with three players or more, or hand types asked) as every hole of the
# cards it may hold when runouts x (combos + matchups) stays under this: a minute or so.
LISTED_RANDOM_LIMIT = 20_000_000_000
_DECK = bytes(range(52))
_PERMS = list(permutations(range(4)))


def exact_equity(deal: Deal, affordable: bool) -> EquityResult | None:
    """The exact result; with ``affordable``, None when the enumeration would cost more than EXACT_LIMIT."""
    if _against_random(deal):
        return _omaha_against_random(deal)
    if None in deal.hands:
        listed = _listed_random(deal, EXACT_LIMIT if affordable else LISTED_RANDOM_LIMIT)
        if listed is not None:
            deal = listed
        elif not affordable:
            raise ValueError(
                "exact equity enumerates an Omaha random hand on a flop, turn or river, heads-up or, with three "
                "players or more, one random hand whose every hole can be settled in about a minute; "
                "use Monte Carlo (exact=False)"
            )
    scale = _runout_major(deal, affordable)
    if scale is not None:
        if _hole_by_hole(deal):
            return _omaha_heads_up(deal, scale)
        return _exact_runouts(deal, scale)
    holdem = deal.rules.code == HOLDEM.code
    canonical = not deal.board and not deal.dead
    if affordable:
        matchups = _affordable_matchups(deal.hands, deal.board, deal.dead, deal.hole_size, holdem)
        if matchups is None:
            return None
    else:
        matchups = _matchups(deal.hands, canonical)  # type: ignore[arg-type]  # no random hand
    return _exact(matchups, deal)


def fixed_hands_equity(players: object, board: object, dead: object, game: object) -> EquityResult | None:
    """The exact result of Hold'em or Omaha hands given as cards on a flop, turn or river, from the parsed
    cards straight to ``enumerate_boards`` (Hold'em hands and unweighted ranges: ``_ranges_after_flop``); None
    for any other question, and for any input with something wrong with it, which the general path then
    answers or words the error for.

    Bots and trainers ask these small questions in loops, where the general path's bookkeeping (ranges,
    matchups, weights, threads) would cost several times the kernel's few microseconds.  The kernel, its
    arguments and the result are the general path's own, so the answer is the very same.
    """
    if type(game) is not str:  # an array compares element by element: the general path words the error
        return None
    rules = HOLDEM if game == "holdem" else OMAHA if game == "omaha" else None
    if rules is None or (type(players) is not list and type(players) is not tuple):
        return None
    n = len(players)
    table = _known(board)
    out = _NO_CARDS if type(dead) is tuple and not dead else _known(dead)
    if table is None or out is None or not 3 <= len(table[0]) <= 5 or not 2 <= n <= 10:
        return None
    taken = table[2]
    if out[2] & taken:
        return None
    taken |= out[2]
    holes = b""
    labels = []
    size = 0
    for player in players:
        hand = _known(player)
        if hand is None and rules is HOLDEM:
            return _ranges_after_flop(players, table, out)
        if hand is None or hand[2] & taken or (size and len(hand[0]) != size):
            return None
        size = len(hand[0])
        taken |= hand[2]
        holes += hand[1]
        labels.append(hand[3])
    if size not in rules.hole_sizes or n * size + len(out[0]) + 5 > 52:
        return None  # a hand of the wrong size, or too few cards for a deal
    deck = _DECK.translate(None, table[0] + out[0] + holes)
    count, tallies = _backend.kernels.enumerate_boards(_code(rules), holes, n, size, table[0], deck, 0, 1, False)
    wins, ties, shares = [0] * n, [0] * n, [0] * n
    _add_tallies(wins, ties, shares, tallies, 1)
    return equity_result(wins, ties, [s * KERNEL_SHARE for s in shares], count, players=tuple(labels), boards=count)


def _ranges_after_flop(
    players: Sequence[object], table: tuple[bytes, bytes, int, str], out: tuple[bytes, bytes, int, str]
) -> EquityResult | None:
    """``fixed_hands_equity`` for Hold'em hands and ranges (``Range`` or text such as ``"QQ+, AKs"``) whose
    weights are all 1: each range less the combos that meet the board, the dead cards or a hand, straight to
    ``enumerate_ranges`` (``_settle_ranges``, as ``_exact_runouts`` calls it) when that is under a million
    evaluations; None for anything else."""
    taken = table[2] | out[2]
    fixed = b""
    entries: list[tuple[object, Sequence[int] | None, bytes]] = []  # (label, a range's masks or None: a hand, cards)
    for player in players:
        hand = _known(player)
        if hand is not None:
            if len(hand[0]) != 2 or hand[2] & taken:
                return None
            taken |= hand[2]
            fixed += hand[1]
            entries.append((hand[3], None, hand[1]))
            continue
        if type(player) is str:
            try:
                player = hand_or_range(player)
            except ValueError:
                return None
        if not isinstance(player, Range) or player.game != "holdem":
            return None
        pack = packed(player)
        if pack.scale != 1 or max(pack.ints, default=1) != 1:
            return None  # weights: the general path carries their scale
        entries.append((player, pack.masks, pack.cards))
    flat_cards = []
    ends = [0]
    for _, masks, cards in entries:
        if masks is None:
            flat_cards.append(cards)
        else:
            kept = [cards[2 * j : 2 * j + 2] for j, mask in enumerate(masks) if not mask & taken]
            if not kept:
                return None
            flat_cards.append(b"".join(kept))
        ends.append(ends[-1] + len(flat_cards[-1]) // 2)
    sizes = [ends[p + 1] - ends[p] for p in range(len(entries))]
    deck = _DECK.translate(None, table[0] + out[0] + fixed)
    runouts = math.comb(len(deck), 5 - len(table[0]))
    if max(sizes) == 1 or _runout_work(runouts, sizes) >= 1_000_000:
        return None  # one hand each (enumerate_boards), or work the general path spreads over the threads asked
    if runouts * SHARE_UNIT * SHARE_UNIT * math.prod(sizes) >= 1 << 63:
        return None  # sums past 64 bits (as _runout_major finds them)
    labels = tuple([label for label, _, _ in entries])
    combos, weights = b"".join(flat_cards), array("Q", [1] * ends[-1])
    return _settle_ranges(
        HOLDEM, 2, combos, array("q", ends), weights, table[0], out[0], deck, labels, 1, 1, None, False
    )


def _known(cards: object) -> tuple[bytes, bytes, int, str] | None:
    """Cards given as text or a list of ids: as given, highest first, as a mask, and in words; None when they
    are no cards (text that is a range, say) or something else.  Text is read once, cards or not."""
    if type(cards) is str:
        known = _KNOWN.get(cards, _UNREAD)
        if known is not _UNREAD:
            return known  # type: ignore[return-value]
    elif type(cards) is not list and type(cards) is not tuple:
        return None
    try:
        ids = parse_cards(cards)
        read: tuple[bytes, bytes, int, str] | None = (
            bytes(ids),
            bytes(sorted(ids, reverse=True)),
            mask_of(ids),
            " ".join([CARD_NAMES[c] for c in ids]),
        )
    except (ValueError, TypeError):
        read = None
    if type(cards) is str:
        if len(_KNOWN) >= 4096:
            _KNOWN.clear()
        _KNOWN[cards] = read
    return read


_KNOWN: dict[str, tuple[bytes, bytes, int, str] | None] = {}
_UNREAD = object()
_NO_CARDS = (b"", b"", 0, "")


def _suit_pattern(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """What the hands hold in each suit, as ranks, the suits in sorted order.

    Two matchups are the same up to relabelling suits exactly when their
    patterns are equal: a relabelling only reorders the four suits' contents.
    """
    return tuple(sorted(tuple(tuple(c >> 2 for c in hand if c & 3 == s) for hand in hands) for s in range(4)))


def _runout_major(deal: Deal, affordable: bool) -> int | None:
    """The scale of the integer weights when enumerating runout by runout applies, else None.

    It applies to ranges on a flop, turn or river (with ``affordable``, within
    EXACT_LIMIT) whose weighted sums fit the kernels' 64 bits.  The scale
    returned is the product of the players' scales.
    """
    board, entries = deal.board, deal.hands
    if len(board) < 3 or None in entries:
        return None
    sizes = list(map(len, entries))  # type: ignore[arg-type]  # no None
    if max(sizes) == 1:
        return None
    runouts = math.comb(52 - len(board) - len(deal.dead) - len(deal.fixed), 5 - len(board))
    if affordable and _runout_work(runouts, sizes) > EXACT_LIMIT:
        return None
    scale = 1
    total = runouts * SHARE_UNIT * SHARE_UNIT
    for ints, entry_scale, _ in deal.packs:  # type: ignore[misc]  # no random hand
        scale *= entry_scale
        total *= sum(ints)
    return scale if total < 1 << 63 else None


def _against_random(deal: Deal) -> bool:
    """Whether an Omaha question is one hand or range against a random hand on a flop, turn or river:
    ``omaha_random_hole_counts`` counts the random hand's holes without listing them."""
    return (
        deal.rules.code == OMAHA.code
        and len(deal.hands) == 2
        and deal.hands.count(None) == 1
        and len(deal.board) >= 3
        and not deal.hand_types
    )


def _listed_random(deal: Deal, limit: int) -> Deal | None:
    """The question with its one Omaha random hand listed as every hole of the cards it may hold, on a flop,
    turn or river, when runouts x (combos + matchups) stays under ``limit``; else None."""
    if deal.hands.count(None) != 1 or len(deal.board) < 3:
        return None
    them = deal.hands.index(None)
    hidden = deal.taken | deal.excluded[them]
    cards = [c for c in range(52) if not hidden >> c & 1]
    sizes = [math.comb(len(cards), deal.hole_size) if entry is None else len(entry) for entry in deal.hands]
    runouts = math.comb(52 - len(deal.board) - len(deal.dead) - len(deal.fixed), 5 - len(deal.board))
    if not sizes[them] or runouts * (sum(sizes) + math.prod(sizes)) > limit:
        return None
    holes = list(combinations(cards, deal.hole_size))
    listed = copy(deal)
    listed.hands, listed.packs = list(deal.hands), list(deal.packs)
    one = Fraction(1)
    listed.hands[them] = [(hole, one) for hole in holes]
    listed.packs[them] = ([1] * len(holes), 1, bytes(c for hole in holes for c in hole))
    return listed


def _omaha_against_random(deal: Deal) -> EquityResult:
    """Exact equity of an Omaha hand or range against a random hand on a board."""
    import numpy as np

    them = deal.hands.index(None)
    me = 1 - them
    ints, scale, cards = deal.packs[me]  # type: ignore[misc]  # the listed one
    heroes = np.frombuffer(cards, np.uint8).reshape(-1, deal.hole_size)
    # The runouts hold no dead card nor a fixed hand's; the random hand no dead card nor one it excludes.
    hidden = mask_of(deal.dead) | deal.excluded[them]
    counts, boards = omaha_random_hole_counts(
        deal.board, deal.dead + deal.fixed, hidden, heroes, deal.threads, deal.progress
    )
    weights = np.array(ints, dtype=object)  # the products can pass 64 bits: Python ints
    wins, ties, total = (int(np.dot(weights, row.astype(object))) for row in counts)
    if not total:
        raise ValueError("the hands leave no possible deal")
    losses = total - wins - ties
    half = SHARE_UNIT // 2
    mine, theirs = (wins * SHARE_UNIT + ties * half) * KERNEL_SHARE, (losses * SHARE_UNIT + ties * half) * KERNEL_SHARE
    wins_by, shares = ([wins, losses], [mine, theirs]) if me == 0 else ([losses, wins], [theirs, mine])
    return equity_result(wins_by, [ties, ties], shares, total, players=deal.labels, scale=scale, boards=boards)


def omaha_random_hole_counts(
    board: list[int],
    out: list[int],
    hidden: int,
    heroes: np.ndarray,
    threads: int,
    progress: Callable[[float], object] | None,
) -> tuple[np.ndarray, int]:
    """Each Omaha hero hole's (rows of ``heroes``, none meeting the board) wins, ties and faced random holes of
    as many cards over every runout of ``board`` from the cards left by ``out`` (``(3, H)`` int64), and the number of
    runouts.  The random hole holds none of the ``hidden`` card mask.  The runouts go to the
    ``omaha_random_counts`` kernel in parts of about a hundred thousand hero runouts (a few hundredths of a
    second), over ``threads`` threads."""
    import numpy as np

    cards = np.array(board, np.uint8)
    kernel = _backend.kernels.omaha_random_counts
    return _count_runouts(
        lambda rows, part: kernel(cards, rows, hidden, heroes, part),
        board,
        out,
        len(heroes),
        100_000,
        threads,
        progress,
    )


def _count_runouts(
    kernel: Callable[[np.ndarray, np.ndarray], None],
    board: list[int],
    out: list[int],
    n_heroes: int,
    per_part: int,
    threads: int,
    progress: Callable[[float], object] | None,
) -> tuple[np.ndarray, int]:
    """``kernel(rows, part)``, which adds to ``part`` (zeros, ``(3, n_heroes)`` int64) the counts of the runouts
    ``rows``, over every runout of ``board`` from the cards left by ``out``, in parts of about ``per_part``
    heroes times runouts (at least one a thread) on up to ``threads`` threads; the sums, and the number of
    runouts."""
    import numpy as np

    deck = [c for c in range(52) if c not in board and c not in out]
    every = list(combinations(deck, 5 - len(board)))
    runouts = np.array(every, np.uint8).reshape(len(every), 5 - len(board))
    counts = np.zeros((3, n_heroes), np.int64)
    if not n_heroes:
        return counts, len(runouts)
    parts = max(1, min(len(runouts), max(threads, n_heroes * len(runouts) // per_part)))
    bounds = [len(runouts) * i // parts for i in range(parts + 1)]

    def count(lo: int, hi: int) -> np.ndarray:
        part = np.zeros_like(counts)
        kernel(runouts[lo:hi], part)
        return part

    work = run_tasks(
        count, parts, lambda i: (bounds[i], bounds[i + 1]), threads, progress, parallel=_backend.kernels.RELEASES_GIL
    )
    for part in work:
        counts += part
    return counts, len(runouts)


def _hole_by_hole(deal: Deal) -> bool:
    """Whether two Omaha ranges (both more than one hand) go to ``omaha_hole_counts``: it ranks each hole once
    a runout where ``enumerate_ranges`` settles every matchup, so it wins once the matchups are many."""
    if deal.rules.code != OMAHA.code or len(deal.hands) != 2 or deal.hand_types or deal.fixed:
        return False
    sizes = [len(entry) for entry in deal.hands]  # type: ignore[arg-type]  # ranges: no random hand
    return min(sizes) > 1 and sizes[0] * sizes[1] >= OMAHA_HOLE_BY_HOLE


def _omaha_heads_up(deal: Deal, scale: int) -> EquityResult:
    """Exact equity of two Omaha ranges on a board: the first's holes counted against the second range."""
    import numpy as np

    (mine, _, my_cards), (theirs, _, their_cards) = deal.packs  # type: ignore[misc]  # no random hand
    out = list(bytes(deal.board + deal.dead))
    heroes = np.frombuffer(my_cards, np.uint8).reshape(-1, deal.hole_size)
    villains = np.frombuffer(their_cards, np.uint8).reshape(-1, deal.hole_size)
    keep_mine, keep_theirs = ~np.isin(heroes, out).any(axis=1), ~np.isin(villains, out).any(axis=1)
    counts, boards = omaha_hole_counts(
        deal.board,
        deal.dead,
        np.ascontiguousarray(villains[keep_theirs]),
        np.array(theirs, np.int64)[keep_theirs],
        np.ascontiguousarray(heroes[keep_mine]),
        deal.threads,
        deal.progress,
    )
    hero_weights = np.array(mine, dtype=object)[keep_mine]  # the products can pass 64 bits: Python ints
    wins, ties, total = (int(np.dot(hero_weights, row.astype(object))) for row in counts)
    if not total:
        raise ValueError("the ranges leave no possible deal (every matchup shares a card)")
    losses = total - wins - ties
    half = SHARE_UNIT // 2
    shares = [(wins * SHARE_UNIT + ties * half) * KERNEL_SHARE, (losses * SHARE_UNIT + ties * half) * KERNEL_SHARE]
    return equity_result([wins, losses], [ties, ties], shares, total, players=deal.labels, scale=scale, boards=boards)


def omaha_hole_counts(
    board: list[int],
    dead: list[int],
    villains: np.ndarray,
    weights: np.ndarray,
    heroes: np.ndarray,
    threads: int,
    progress: Callable[[float], object] | None,
) -> tuple[np.ndarray, int]:
    """Each Omaha hero hole's (rows of ``heroes``) villain weight won, tied and faced over every runout of
    ``board`` from the cards left by it and ``dead`` (``(3, H)`` int64, in villain weight units), and the number
    of runouts.  ``villains``: (V, k) holes meeting no board or dead card, ``weights`` their integer weights.
    The runouts go to the ``omaha_combo_equity_counts`` kernel in parts of a few hundred million showdowns (a
    few tenths of a second; each part sets up its villain lists again, about the cost of one runout), over
    ``threads`` threads."""
    import numpy as np

    runouts = math.comb(52 - len(board) - len(dead), 5 - len(board))
    if not len(villains):
        return np.zeros((3, len(heroes)), np.int64), runouts
    if int(weights.max()) * len(weights) * runouts >= 1 << 62:
        raise ValueError("villain: its weights' common denominator is too large to sum exactly")
    cards = np.array(board, np.uint8)
    kernel = _backend.kernels.omaha_combo_equity_counts
    return _count_runouts(
        lambda rows, part: kernel(cards, rows, villains, weights, heroes, part),
        board,
        dead,
        len(heroes),
        max(1, 300_000_000 // len(villains)),
        threads,
        progress,
    )


def _integer_combo_weights(combos: Combos) -> tuple[list[int], int]:
    """The combos' weights times the smallest number that makes them all integers, and that number."""
    if all(w.denominator == 1 for _, w in combos):
        return [w.numerator for _, w in combos], 1
    scale = math.lcm(*(w.denominator for _, w in combos))
    return [w.numerator * (scale // w.denominator) for _, w in combos], scale


def _exact_runouts(deal: Deal, scale: int) -> EquityResult:
    """Exact equity of ranges on a board, runout by runout (the ``enumerate_ranges`` kernel)."""
    flat: list[int] = []
    ends = [0]
    cards = []
    for ints, _, combo_cards in deal.packs:  # type: ignore[misc]  # no random hand
        flat += ints
        ends.append(len(flat))
        cards.append(combo_cards)
    result = _settle_ranges(
        deal.rules,
        deal.hole_size,
        b"".join(cards),
        array("q", ends),
        array("Q", flat),
        bytes(deal.board),
        bytes(deal.dead),
        _DECK.translate(None, bytes(deal.board + deal.dead + deal.fixed)),
        deal.labels,
        scale,
        deal.threads,
        deal.progress,
        deal.hand_types,
    )
    if result is None:
        raise ValueError("the ranges leave no possible deal (every matchup shares a card)")
    return result


def _runout_work(runouts: int, sizes: Sequence[int]) -> int:
    """Evaluations and settlements of ranges of these combo counts over ``runouts``: each combo ranked once a
    runout, then (heads-up) each combo of one range settled, or (more) every matchup."""
    combos = sum(sizes)
    return runouts * (combos + (combos if len(sizes) == 2 else math.prod(sizes)))


def _settle_ranges(
    rules: Game,
    hole_size: int,
    combos: bytes,
    offsets: array[int],
    weights: array[int],
    board: bytes,
    dead: bytes,
    deck: bytes,
    labels: tuple[object, ...],
    scale: int,
    threads: int,
    progress: Callable[[float], object] | None,
    typed: bool,
) -> EquityResult | None:
    """The result of ranges (their combos' cards, each player's span of them in ``offsets``, their integer
    weights) on a flop, turn or river, by ``enumerate_ranges`` over ``deck`` (the cards out of the board, the
    dead cards and the fixed hands), in parts of about a million evaluations (progress, Ctrl-C), at least one a
    thread; None when no matchup is possible."""
    n = len(offsets) - 1
    sizes = [offsets[p + 1] - offsets[p] for p in range(n)]
    left = 5 - len(board)
    items = len(deck) - left + 1 if left else 1
    parts = max(1, min(items, max(threads, _runout_work(math.comb(len(deck), left), sizes) // 1_000_000)))
    # Matchup by matchup (Hold'em with three players or more, or few matchups heads-up): no runouts to merge.
    kernels = _backend.kernels
    if by_matchup(kernels.SHARED_PER_COMBO, rules.code == HOLDEM.code, sizes, len(board)):
        perms = b""
    else:
        h = hole_size
        masks = [[mask_of(combos[i * h : i * h + h]) for i in range(offsets[p], offsets[p + 1])] for p in range(n)]
        perms = symmetries(masks, weights, list(board), list(dead))
    unit = (_code(rules), n, hole_size, combos, offsets, weights, board, deck, perms)
    typed_parts: list[tuple[int, Sequence[int]]] = []
    if parts == 1 and progress is None:
        boards, tallies = kernels.enumerate_ranges(*unit, 0, 1, typed)
        wins_sum = list(tallies[0 : TALLY_FIELDS * n : TALLY_FIELDS])
        ties_sum = list(tallies[1 : TALLY_FIELDS * n : TALLY_FIELDS])
        share_sum = list(tallies[2 : TALLY_FIELDS * n : TALLY_FIELDS])
        if typed:
            typed_parts.append((1, tallies[TALLY_FIELDS * n :]))
    else:
        wins_sum, ties_sum, share_sum = [0] * n, [0] * n, [0] * n
        boards = 0
        for count, part_tallies in run_tasks(
            kernels.enumerate_ranges,
            parts,
            lambda part: (*unit, part, parts, typed),
            threads,
            progress,
            parallel=kernels.RELEASES_GIL,
        ):
            boards += count
            _add_tallies(wins_sum, ties_sum, share_sum, part_tallies, 1)
            if typed:
                typed_parts.append((1, part_tallies[TALLY_FIELDS * n :]))
    if not sum(share_sum):
        return None
    return equity_result(
        wins_sum,
        ties_sum,
        [s * KERNEL_SHARE for s in share_sum],
        sum(share_sum) // SHARE_UNIT,
        players=labels,  # type: ignore[arg-type]
        scale=scale,
        boards=boards,
        types=type_sums(n, typed_parts) if typed else None,
    )


def symmetries(masks: list[list[int]], weights: array[int], board: list[int], dead: list[int]) -> bytes:
    """The suit relabellings that leave the board, the dead cards and every range unchanged, 4 bytes each.

    ``masks`` holds each player's combos as card masks, their integer weights
    in ``weights`` in the same order.  Such a relabelling maps each runout
    onto one exactly as likely with the same result, so the kernels settle
    one runout per orbit.  Empty when only the identity qualifies.
    """
    fixed = set(board)
    out_of_play = set(dead)
    found = []
    for perm in _PERMS:
        if {c & ~3 | perm[c & 3] for c in fixed} == fixed and {
            c & ~3 | perm[c & 3] for c in out_of_play
        } == out_of_play:
            found.append(perm)
    if len(found) == 1:
        return b""
    tables = []
    start = 0
    for player in masks:
        tables.append(dict(zip(player, weights[start : start + len(player)], strict=True)))
        start += len(player)
    keep = []
    for perm in found:
        bit = [1 << (c & ~3 | perm[c & 3]) for c in range(52)]
        if all(table.get(_relabel_mask(mask, bit)) == w for table in tables for mask, w in table.items()):
            keep.append(perm)
    return b"" if len(keep) == 1 else bytes(s for perm in keep for s in perm)


def _relabel_mask(mask: int, bit: list[int]) -> int:
    image = 0
    while mask:
        low = mask & -mask
        image |= bit[low.bit_length() - 1]
        mask ^= low
    return image


def _affordable_matchups(
    entries: list[Combos | None], board: list[int], dead: list[int], hole_size: int, holdem: bool
) -> dict[tuple[tuple[int, ...], ...], Fraction] | None:
    """The matchups to enumerate when matchups x boards x players stays under EXACT_LIMIT, else None."""
    lists = [c for c in entries if c is not None]
    if len(lists) < len(entries):
        return None
    deck = 52 - len(board) - len(dead) - hole_size * len(lists)
    boards = math.comb(deck, 5 - len(board))
    # Hold'em counts boards by their ranks: a preflop matchup costs about HOLDEM_MATCHUP_WORK evaluations a player.
    per_matchup = (min(boards, HOLDEM_MATCHUP_WORK) if holdem else boards) * len(lists)
    raw = math.prod(len(c) for c in lists)
    if raw * per_matchup <= EXACT_LIMIT:
        return _matchups(lists, canonical=not board and not dead)
    if raw > MAX_LISTED_MATCHUPS:
        return None  # too many to even list; suit isomorphism could not bring them under the limit
    matchups = _matchups(lists, canonical=not board and not dead)
    return matchups if len(matchups) * per_matchup <= EXACT_LIMIT else None


def _matchups(lists: list[Combos], canonical: bool) -> dict[tuple[tuple[int, ...], ...], Fraction]:
    """Every collision-free assignment of hands, weighted; merged by suit isomorphism when allowed.

    Relabelling suits maps a deal to an equally likely one only when no board
    or dead card is fixed, so ``canonical`` is for preflop only.
    """
    scaled = [_integer_combo_weights(c) for c in lists]
    integer = [ints for ints, _ in scaled]
    scale = math.prod(s for _, s in scaled)
    weighed = [
        [(hand, w) for (hand, _), w in zip(c, ints, strict=True)] for c, ints in zip(lists, integer, strict=True)
    ]
    sums: dict[object, int] = {}
    first: dict[object, tuple[tuple[int, ...], ...]] = {}
    for choice in product(*weighed):
        cards = [c for hand, _ in choice for c in hand]
        if len(set(cards)) != len(cards):
            continue
        hands = tuple(hand for hand, _ in choice)
        weight = 1
        for _, w in choice:
            weight *= w
        key = _suit_pattern(hands) if canonical else hands
        if key in sums:
            sums[key] += weight
        else:
            sums[key] = weight
            first[key] = hands  # the matchup that stands for its pattern: the first one met
    return {first[key]: Fraction(w, scale) for key, w in sums.items()}


def _exact(matchups: dict[tuple[tuple[int, ...], ...], Fraction], deal: Deal) -> EquityResult:
    """Exact equity over ``matchups`` (each fixed hands, with its weight), one ``enumerate_boards`` call per
    part of each."""
    n, board, threads = len(deal.hands), deal.board, deal.threads
    if not matchups:
        raise ValueError("the ranges leave no possible deal (every matchup shares a card)")
    # Each matchup's enumeration is cut into parts (see the kernel), enough for the threads and, in the
    # slower enumerations (Omaha, the pure-Python kernels), for progress reports and Ctrl-C.
    slow = deal.rules.code != HOLDEM.code or not _backend.kernels.RELEASES_GIL
    parts = max(1, min(8, -(-(threads if not slow else threads * 8) // len(matchups))))
    # Integer weights in the matchups' ratios: the sums stay integers, divided once at the end.
    scale = math.lcm(*(w.denominator for w in matchups.values()))
    units: list[tuple[int, bytes, int, int, bytes, bytes, int, int, bool]] = []
    weights: list[int] = []
    fixed = bytes(board)
    code = _code(deal.rules)
    out_of_play = bytes(board + deal.dead)
    for hands, weight in matchups.items():
        holes = b"".join(map(bytes, hands))
        deck = _DECK.translate(None, out_of_play + holes)  # the cards left, in order
        integer = int(weight * scale)
        for part in range(parts):
            units.append((code, holes, n, deal.hole_size, fixed, deck, part, parts, deal.hand_types))
            weights.append(integer)
    kernels = _backend.kernels
    results = run_tasks(
        kernels.enumerate_boards, len(units), units.__getitem__, threads, deal.progress, parallel=kernels.RELEASES_GIL
    )
    wins_sum = [0] * n
    ties_sum = [0] * n
    share_sum = [0] * n
    typed_parts: list[tuple[int, Sequence[int]]] = []
    total_sum = 0
    boards = 0
    for times, (count, tallies) in zip(weights, results, strict=True):
        boards += count
        total_sum += times * count
        _add_tallies(wins_sum, ties_sum, share_sum, tallies, times)
        if deal.hand_types:
            typed_parts.append((times, tallies[TALLY_FIELDS * n :]))
    return equity_result(
        wins_sum,
        ties_sum,
        [s * KERNEL_SHARE for s in share_sum],
        total_sum,
        players=deal.labels,
        scale=scale,
        boards=boards,
        types=type_sums(n, typed_parts) if deal.hand_types else None,
    )


def _add_tallies(wins: list[int], ties: list[int], shares: list[int], tallies: Sequence[int], times: int) -> None:
    """Add ``times`` a kernel's tallies (TALLY_FIELDS a player) to each player's wins, ties and shares."""
    for p in range(len(wins)):
        wins[p] += times * tallies[TALLY_FIELDS * p]
        ties[p] += times * tallies[TALLY_FIELDS * p + 1]
        shares[p] += times * tallies[TALLY_FIELDS * p + 2]


def _code(rules: Game) -> int:
    assert rules.code is not None  # the kernels' games have one
    return rules.code
