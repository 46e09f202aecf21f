# cython: language_level=3, boundscheck=False, wraparound=False, freethreading_compatible=True
# cython: binding=False, embedsignature=True, embedsignature.format=clinic
"""The compiled kernels: type conversion in front of the C core in csrc/.

The twin of ``_eval_py``: the same names, signatures, results and errors.
Anything the fast paths of the single calls do not take whole (strings, bad
ids, duplicates, other types) goes through ``_cards``, which both backends
share, so the two raise the very same errors.
"""

cimport cython
from cpython cimport array
from cpython.mem cimport PyMem_RawFree, PyMem_RawMalloc
from cpython.ref cimport PyObject
from libc.string cimport memset
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from handrank._csrc cimport (
    HANDRANK_MAX_PLAYERS,
    HANDRANK_SHARED_FLOP,
    HANDRANK_SHARED_RIVER,
    HANDRANK_SHARED_TURN,
    handrank_evaluate,
    handrank_evaluate_batch,
    handrank_evaluate_mask,
    handrank_evaluate_masks,
    handrank_evaluate_omaha,
    handrank_evaluate_omaha_batch,
    handrank_evaluate_omaha_low,
    handrank_evaluate_omaha_low_batch,
    handrank_evaluate_rules,
    handrank_evaluate_rules_batch,
    HANDRANK_ISO_CONFIG_WORDS,
    handrank_iso_index,
    handrank_iso_street,
    handrank_iso_unindex,
    handrank_rules,
    HANDRANK_LOW_27,
    HANDRANK_SHORT_DECK,
    HANDRANK_SHORT_DECK_TRIPS,
    handrank_enumerate,
    handrank_enumerate_ranges,
    handrank_game,
    handrank_monte_carlo,
    handrank_ranges,
    handrank_ranges_scratch,
    handrank_rank_combos,
    handrank_combo_equity,
    handrank_combo_equity_scratch,
    handrank_omaha_combo_equity,
    handrank_omaha_combo_equity_scratch,
    handrank_omaha_random_equity,
    handrank_omaha_random_equity_scratch,
    handrank_strength,
    handrank_showdown_board,
    HANDRANK_SHOWDOWN_BOARD_WORDS,
    HANDRANK_SHOWDOWN_TOO_LARGE,
    handrank_showdown_prepare,
    handrank_showdown_values,
    handrank_showdown_values_f32,
    handrank_blocked_reach,
    handrank_blocked_reach_f32,
    handrank_showdown_values_rows,
    handrank_showdown_values_rows_f32,
    handrank_omaha_showdown_board,
    handrank_omaha_showdown,
    handrank_omaha_showdown_f32,
    HANDRANK_STRENGTH_MAX_HEROES,
    handrank_strength_scratch,
    handrank_simd,
    handrank_simd_active,
    handrank_simd_available,
    handrank_simd_use,
    handrank_avx2_gathers,
    handrank_avx2_vnni,
    handrank_tally,
    HANDRANK_CATEGORIES,
    handrank_hand_types,
)

from handrank import _cards, _kernels, _tables

__all__ = _kernels.KERNELS

NAME = "c"
RELEASES_GIL = True  # the batch and equity kernels run their loops under `with nogil`
SHARED_PER_COMBO = (HANDRANK_SHARED_RIVER, HANDRANK_SHARED_TURN, HANDRANK_SHARED_FLOP)  # csrc/handrank.h

# The batch kernels by name, in enum handrank_simd's order.
_SIMD_NAMES = ("scalar", "avx2", "avx512", "neon")


cdef extern from "Python.h":
    const char *PyUnicode_AsUTF8AndSize(object, Py_ssize_t *)
    bint PyUnicode_IS_ASCII(object)
    void PyErr_Clear()
    PyObject *PyList_GET_ITEM(object, Py_ssize_t)
    PyObject *PyTuple_GET_ITEM(object, Py_ssize_t)
    Py_ssize_t PyList_GET_SIZE(object)
    Py_ssize_t PyTuple_GET_SIZE(object)
    bint PyLong_CheckExact(PyObject *)
    long PyLong_AsLongAndOverflow(PyObject *, int *)


cdef inline int _fast_ids(object cards, uint8_t *ids, int lo=5, int hi=7, uint64_t *seen_in=NULL) noexcept:
    """Fill ids from a list/tuple of lo..hi valid ints, or ASCII text of lo..hi cards ("As Ks",
    "AsKs", "as,ks", "10h"), distinct from each other and from *seen_in (updated); the count, or
    -1 to take the slow path (which words any error).

    A list is read under its critical section: without the GIL another thread
    could change it while its items are borrowed (with the GIL this costs nothing).
    Text is read here rather than through _cards' cache, which threads share."""
    if type(cards) is list:
        with cython.critical_section(cards):
            return _read_ids(cards, ids, lo, hi, seen_in)
    if type(cards) is str:
        return _read_text(cards, ids, lo, hi, seen_in)
    return _read_ids(cards, ids, lo, hi, seen_in)


# Each ASCII character's rank (0..12) or suit (0..3) as _cards reads them (either case), else -1 ("10" is
# read apart).
cdef signed char _RANK_OF[128]
cdef signed char _SUIT_OF[128]


cdef void _letters(signed char *table, str chars) noexcept:
    cdef int c
    for c in range(len(chars)):
        table[ord(chars[c].lower())] = <signed char>c
        table[ord(chars[c].upper())] = <signed char>c


memset(_RANK_OF, -1, sizeof(_RANK_OF))
memset(_SUIT_OF, -1, sizeof(_SUIT_OF))
_letters(_RANK_OF, _tables.RANK_CHARS)
_letters(_SUIT_OF, _tables.SUIT_CHARS)


cdef int _read_text(str text, uint8_t *ids, int lo, int hi, uint64_t *seen_in) noexcept:
    cdef Py_ssize_t size, i = 0
    cdef const char *s
    cdef int n = 0, rank, suit, card
    cdef unsigned char ch
    cdef uint64_t seen = seen_in[0] if seen_in != NULL else 0
    if not PyUnicode_IS_ASCII(text):
        return -1  # suit symbols and anything else: the slow path
    s = PyUnicode_AsUTF8AndSize(text, &size)  # an ASCII string's own characters: nothing to fail
    if s == NULL:
        PyErr_Clear()
        return -1
    while i < size:
        ch = <unsigned char>s[i]
        if ch == b' ' or ch == b',' or ch == b';' or ch == b'\t' or ch == b'\r' or ch == b'\n':
            i += 1
            continue
        if ch == b'1' and i + 1 < size and s[i + 1] == b'0':
            rank = 8
            i += 2
        else:
            rank = _RANK_OF[ch]
            i += 1
        if rank < 0 or i >= size:
            return -1
        suit = _SUIT_OF[<unsigned char>s[i]]
        i += 1
        if suit < 0 or n == hi:
            return -1
        card = 4 * rank + suit
        if (seen >> card) & 1:
            return -1
        seen |= (<uint64_t>1) << card
        ids[n] = <uint8_t>card
        n += 1
    if n < lo:
        return -1
    if seen_in != NULL:
        seen_in[0] = seen
    return n


cdef inline int _read_ids(object cards, uint8_t *ids, int lo, int hi, uint64_t *seen_in) noexcept:
    cdef Py_ssize_t n, j
    cdef bint is_list = type(cards) is list
    cdef PyObject *item
    cdef long v
    cdef int overflow
    cdef uint64_t seen = seen_in[0] if seen_in != NULL else 0
    if is_list:
        n = PyList_GET_SIZE(cards)
    elif type(cards) is tuple:
        n = PyTuple_GET_SIZE(cards)
    else:
        return -1
    if n < lo or n > hi:
        return -1
    for j in range(n):
        item = PyList_GET_ITEM(cards, j) if is_list else PyTuple_GET_ITEM(cards, j)
        if not PyLong_CheckExact(item):
            return -1
        v = PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or v < 0 or v > 51 or (seen >> v) & 1:
            return -1
        seen |= (<uint64_t>1) << v
        ids[j] = <uint8_t>v
    if seen_in != NULL:
        seen_in[0] = seen
    return <int>n


cdef uint16_t _rank_list(list ids):
    cdef uint8_t buf[7]
    cdef Py_ssize_t j
    for j in range(len(ids)):
        buf[j] = <uint8_t>(<long>ids[j])
    return handrank_evaluate(buf, <int>len(ids))


def evaluate(cards):
    """The rank of a 5-, 6- or 7-card hand: 1 (royal flush) .. 7462 (7-5-4-3-2).

    >>> evaluate("As Ks Qs Js Ts")
    1
    >>> evaluate([51, 47, 43, 39, 35, 0, 5])
    1
    """
    cdef uint8_t ids[7]
    cdef int n = _fast_ids(cards, ids)
    if n > 0:
        return handrank_evaluate(ids, n)
    return _rank_list(_cards.hand_ids(cards))


def evaluate_mask(mask):
    """The rank of a 52-bit card mask (bit ``id`` per card) of 5..7 cards.

    >>> evaluate_mask(0b11111 << 47)  # Ac Ad Ah As Ks
    11
    """
    return handrank_evaluate_mask(<uint64_t>_cards.check_mask(mask))


def rank_rows(const uint8_t[:, ::1] hands, uint16_t[:] out, Py_ssize_t start, Py_ssize_t stop):
    cdef int k = <int>hands.shape[1]
    cdef int64_t bad
    if stop <= start:
        return -1
    with nogil:
        bad = handrank_evaluate_batch(&hands[start, 0], k, k, stop - start, &out[start], out.strides[0])
    return -1 if bad < 0 else start + bad


def rank_combos(bytes board, const uint8_t[:, ::1] combos not None, uint16_t[::1] out not None, Py_ssize_t start,
                Py_ssize_t stop):
    cdef const uint8_t *b = <const uint8_t *>board
    cdef int n_board = <int>len(board)
    with nogil:
        handrank_rank_combos(b, n_board, &combos[start, 0], stop - start, &out[start])
    return -1


def combo_equity_counts(const uint8_t[::1] board, const uint8_t[::1] deck, const int64_t[::1] villain,
                        const int32_t[::1] heroes, int64_t[:, ::1] counts):
    cdef int n_board = <int>board.shape[0], n_deck = <int>deck.shape[0]
    cdef int64_t n = heroes.shape[0]
    if villain.shape[0] != 1326 or counts.shape[0] != 3 or counts.shape[1] != n:
        raise ValueError("combo_equity_counts: villain holds 1326 weights, counts (3, heroes)")
    if n == 0:
        return
    cdef void *scratch = PyMem_RawMalloc(handrank_combo_equity_scratch())
    if scratch == NULL:
        raise MemoryError("combo_equity: out of memory")
    try:
        with nogil:
            handrank_combo_equity(&board[0], n_board, &deck[0] if n_deck else NULL, n_deck, &villain[0],
                                  &heroes[0], n, scratch, &counts[0, 0], &counts[1, 0], &counts[2, 0])
    finally:
        PyMem_RawFree(scratch)


def omaha_combo_equity_counts(const uint8_t[::1] board, const uint8_t[:, ::1] runouts, const uint8_t[:, ::1] villains,
                              const int64_t[::1] weights, const uint8_t[:, ::1] heroes, int64_t[:, ::1] counts):
    cdef int n_board = <int>board.shape[0], k = <int>heroes.shape[1]
    cdef int64_t n_runouts = runouts.shape[0], n_villains = villains.shape[0], n = heroes.shape[0]
    if (runouts.shape[1] != 5 - n_board or villains.shape[1] != k or weights.shape[0] != n_villains
            or counts.shape[0] != 3 or counts.shape[1] != n):
        raise ValueError("omaha_combo_equity_counts: runouts (R, 5 - board), villains (V, k) with V weights, "
                         "heroes (H, k), counts (3, H)")
    if n == 0 or n_runouts == 0 or n_villains == 0:
        return
    cdef size_t size
    with nogil:
        size = handrank_omaha_combo_equity_scratch(&villains[0, 0], n_villains, &heroes[0, 0], n, k)
    cdef void *scratch = PyMem_RawMalloc(size)
    if scratch == NULL:
        raise MemoryError("combo_equity: out of memory")
    try:
        with nogil:
            handrank_omaha_combo_equity(&board[0], n_board, &runouts[0, 0] if runouts.shape[1] else NULL,
                                        n_runouts, k, &villains[0, 0], &weights[0], n_villains, &heroes[0, 0], n,
                                        scratch, &counts[0, 0], &counts[1, 0], &counts[2, 0])
    finally:
        PyMem_RawFree(scratch)


def omaha_random_counts(const uint8_t[::1] board, const uint8_t[:, ::1] runouts, uint64_t dead,
                        const uint8_t[:, ::1] heroes, int64_t[:, ::1] counts):
    cdef int n_board = <int>board.shape[0]
    cdef int64_t n_runouts = runouts.shape[0], n = heroes.shape[0]
    cdef int k = <int>heroes.shape[1]
    if runouts.shape[1] != 5 - n_board or not 4 <= k <= 6 or counts.shape[0] != 3 or counts.shape[1] != n:
        raise ValueError("omaha_random_counts: runouts (R, 5 - board), heroes (H, 4..6), counts (3, H)")
    if n == 0 or n_runouts == 0:
        return
    cdef void *scratch = PyMem_RawMalloc(handrank_omaha_random_equity_scratch(n))
    if scratch == NULL:
        raise MemoryError("combo_equity: out of memory")
    try:
        with nogil:
            handrank_omaha_random_equity(&board[0], n_board, &runouts[0, 0] if runouts.shape[1] else NULL,
                                         n_runouts, dead, k, &heroes[0, 0], n, scratch, &counts[0, 0],
                                         &counts[1, 0], &counts[2, 0])
    finally:
        PyMem_RawFree(scratch)


def strength_counts(const uint8_t[:, ::1] boards, const int16_t[:, ::1] heroes, const uint8_t[::1] group,
                    int n_groups, int bins,
                    uint32_t[:, ::1] sums, uint64_t[:, ::1] squares, uint32_t[:, :, ::1] hist,
                    uint32_t[:, :, ::1] next_hist, uint32_t[:, :, ::1] group_wins, uint32_t[:, :, ::1] group_faced,
                    Py_ssize_t start, Py_ssize_t stop):
    cdef Py_ssize_t k, n_board = boards.shape[1]
    cdef int n_heroes = <int>heroes.shape[1] if heroes is not None else 0
    if heroes is not None and (heroes.shape[0] != boards.shape[0] or n_heroes > HANDRANK_STRENGTH_MAX_HEROES):
        raise ValueError(f"strength_counts: heroes holds a row of at most {HANDRANK_STRENGTH_MAX_HEROES} per board")
    if stop <= start:
        return -1
    cdef const int16_t *hero
    cdef void *scratch = PyMem_RawMalloc(handrank_strength_scratch(n_groups))
    if scratch == NULL:
        raise MemoryError("strength_counts: out of memory")
    cdef uint64_t *sq
    cdef uint32_t *h
    cdef uint32_t *nh
    cdef uint32_t *gw
    cdef uint32_t *gf
    try:
        for k in range(start, stop):
            sq = &squares[k, 0] if squares is not None else NULL
            h = &hist[k, 0, 0] if hist is not None else NULL
            nh = &next_hist[k, 0, 0] if next_hist is not None else NULL
            gw = &group_wins[k, 0, 0] if n_groups else NULL
            gf = &group_faced[k, 0, 0] if n_groups else NULL
            hero = &heroes[k, 0] if heroes is not None and n_heroes else NULL
            with nogil:
                handrank_strength(&boards[k, 0], <int>n_board, hero, n_heroes, bins,
                                  &group[0] if n_groups else NULL, n_groups, scratch, &sums[k, 0], sq, h, nh, gw, gf)
    finally:
        PyMem_RawFree(scratch)
    return -1


def showdown_prepare(const uint8_t[:, ::1] boards, uint16_t[:, ::1] out, Py_ssize_t start, Py_ssize_t stop):
    cdef Py_ssize_t b
    if out.shape[1] != HANDRANK_SHOWDOWN_BOARD_WORDS:
        raise ValueError(f"showdown_prepare: a prepared board holds {HANDRANK_SHOWDOWN_BOARD_WORDS} uint16")
    with nogil:
        for b in range(start, stop):
            handrank_showdown_prepare(&boards[b, 0], <handrank_showdown_board *>&out[b, 0])
    return -1


def showdown_values(const uint16_t[:, ::1] prepared, reach, out, bint blocked, Py_ssize_t start, Py_ssize_t stop):
    cdef Py_ssize_t b, row
    cdef int bad = -1
    cdef const double[:, ::1] r64
    cdef double[:, ::1] o64
    cdef const float[:, ::1] r32
    cdef float[:, ::1] o32
    cdef Py_ssize_t rows = reach.shape[0], boards = prepared.shape[0]
    cdef const handrank_showdown_board *board
    if boards == 1 and rows > 1 and not blocked and stop > start:
        # one board, a reach row a node: the rows kernel takes them four at a time
        board = <const handrank_showdown_board *>&prepared[0, 0]
        if reach.dtype.itemsize == 8:
            r64 = reach
            o64 = out
            with nogil:
                bad = handrank_showdown_values_rows(board, &r64[start, 0], <size_t>(stop - start), &o64[start, 0])
        else:
            r32 = reach
            o32 = out
            with nogil:
                bad = handrank_showdown_values_rows_f32(board, &r32[start, 0], <size_t>(stop - start), &o32[start, 0])
        return -1 if bad == -1 else start * 1327 + bad
    if reach.dtype.itemsize == 8:
        r64 = reach
        o64 = out
        with nogil:
            for b in range(start, stop):
                row = b if rows > 1 else 0
                board = <const handrank_showdown_board *>&prepared[b if boards > 1 else 0, 0]
                if blocked:
                    bad = handrank_blocked_reach(board, &r64[row, 0], &o64[b, 0])
                else:
                    bad = handrank_showdown_values(board, &r64[row, 0], &o64[b, 0])
                if bad != -1:
                    break
    else:
        r32 = reach
        o32 = out
        with nogil:
            for b in range(start, stop):
                row = b if rows > 1 else 0
                board = <const handrank_showdown_board *>&prepared[b if boards > 1 else 0, 0]
                if blocked:
                    bad = handrank_blocked_reach_f32(board, &r32[row, 0], &o32[b, 0])
                else:
                    bad = handrank_showdown_values_f32(board, &r32[row, 0], &o32[b, 0])
                if bad != -1:
                    break
    if bad == -1:
        return -1
    return b * 1327 + (1326 if bad == HANDRANK_SHOWDOWN_TOO_LARGE else bad)


def omaha_showdown(
    const uint32_t[::1] order,
    const uint32_t[::1] end,
    const uint32_t[:, ::1] subsets,
    const uint32_t[::1] dead,
    int n_ids,
    reach,
    out,
    bint blocked,
    Py_ssize_t start,
    Py_ssize_t stop,
):
    cdef handrank_omaha_showdown_board board
    cdef Py_ssize_t row, n = reach.shape[1]
    cdef int bad = -1, m = <int>subsets.shape[1]
    cdef const double[:, ::1] r64
    cdef double[:, ::1] o64
    cdef const float[:, ::1] r32
    cdef float[:, ::1] o32
    cdef void *scratch
    cdef uint32_t none = 0
    if m not in (15, 31, 63) or order.shape[0] != subsets.shape[0] or end.shape[0] != order.shape[0]:
        raise ValueError("omaha_showdown: 15, 31 or 63 subset ids for each live hole, in rank order")
    if order.shape[0] + dead.shape[0] != n or out.shape[1] != n:
        raise ValueError("omaha_showdown: every hole is live or dead, one reach and one value a hole")
    board.cards = {15: 4, 31: 5, 63: 6}[m]
    board.n_holes = <int>n
    board.n_live = <int>order.shape[0]
    board.n_dead = <int>dead.shape[0]
    board.n_ids = <uint32_t>n_ids
    board.order = &order[0] if order.shape[0] else &none
    board.end = &end[0] if end.shape[0] else &none
    board.subsets = &subsets[0, 0] if subsets.shape[0] else &none
    board.dead = &dead[0] if dead.shape[0] else &none
    scratch = PyMem_RawMalloc(<size_t>(n_ids + order.shape[0] + 1) * reach.dtype.itemsize)
    if scratch == NULL:
        raise MemoryError()
    try:
        if reach.dtype.itemsize == 8:
            r64 = reach
            o64 = out
            with nogil:
                for row in range(start, stop):
                    bad = handrank_omaha_showdown(&board, &r64[row, 0], <double *>scratch, &o64[row, 0], blocked)
                    if bad != -1:
                        break
        else:
            r32 = reach
            o32 = out
            with nogil:
                for row in range(start, stop):
                    bad = handrank_omaha_showdown_f32(&board, &r32[row, 0], <float *>scratch, &o32[row, 0], blocked)
                    if bad != -1:
                        break
    finally:
        PyMem_RawFree(scratch)
    if bad == -1:
        return -1
    return row * (n + 1) + (n if bad == HANDRANK_SHOWDOWN_TOO_LARGE else bad)


def rank_masks(const uint64_t[:] masks not None, uint16_t[:] out not None, Py_ssize_t start, Py_ssize_t stop):
    cdef int64_t bad
    with nogil:
        bad = handrank_evaluate_masks(&masks[start], stop - start, masks.strides[0], &out[start], out.strides[0])
    return -1 if bad < 0 else start + bad


cdef uint16_t _omaha_lists(list hole, list board):
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef Py_ssize_t j
    for j in range(len(hole)):
        h[j] = <uint8_t>(<long>hole[j])
    for j in range(len(board)):
        b[j] = <uint8_t>(<long>board[j])
    return handrank_evaluate_omaha(h, <int>len(hole), b, <int>len(board))


def evaluate_omaha(hole, board):
    """The rank of an Omaha hand: exactly two of 4..6 hole cards and three of 3..5 board cards.

    >>> evaluate_omaha("Ah Kh 2c 3d", "Qh Jh Th 9c 2s")  # two hearts in the hole: a royal flush
    1
    >>> evaluate_omaha("Ah Ac 8d 2s", "Kh Qh Jh Th 3c")  # one heart: no flush, no straight
    3326
    """
    cdef uint8_t h[7]
    cdef uint8_t b[7]
    cdef uint64_t seen = 0
    cdef int nh = _fast_ids(hole, h, 4, 6, &seen)
    cdef int nb
    if nh > 0:
        nb = _fast_ids(board, b, 3, 5, &seen)
        if nb > 0:
            return handrank_evaluate_omaha(h, nh, b, nb)
    hole_ids, board_ids = _cards.omaha_ids(hole, board)
    return _omaha_lists(hole_ids, board_ids)



ctypedef int64_t (*_omaha_batch)(const uint8_t *, int, Py_ssize_t, const uint8_t *, int, Py_ssize_t, int64_t,
                                 uint16_t *, Py_ssize_t) noexcept nogil


cdef object _omaha_rows(_omaha_batch kernel, const uint8_t[:, ::1] holes, boards, uint16_t[:] out,
                        Py_ssize_t start, Py_ssize_t stop):
    """Rows start:stop of C-contiguous uint8 holes through an Omaha batch, against C-contiguous uint8 boards:
    one per row (N, b), or one for every row (b,), read as a row of stride 0."""
    cdef const uint8_t[:, ::1] board_rows
    cdef const uint8_t[::1] shared
    cdef const uint8_t *b
    cdef Py_ssize_t bs = 0
    cdef int nb
    cdef int64_t bad
    if boards.ndim == 1:
        shared = boards
        b = &shared[0]
        nb = <int>shared.shape[0]
    else:
        board_rows = boards
        b = &board_rows[start, 0]
        nb = <int>board_rows.shape[1]
        bs = board_rows.strides[0]
    with nogil:
        bad = kernel(&holes[start, 0], <int>holes.shape[1], holes.strides[0], b, nb, bs, stop - start, &out[start],
                     out.strides[0])
    return -1 if bad < 0 else start + bad


def rank_omaha_rows(const uint8_t[:, ::1] holes not None, boards, uint16_t[:] out not None, Py_ssize_t start,
                    Py_ssize_t stop):
    return _omaha_rows(handrank_evaluate_omaha_batch, holes, boards, out, start, stop)


cdef inline handrank_rules _rules(int rules) except *:
    if rules < HANDRANK_SHORT_DECK or rules > HANDRANK_LOW_27:
        raise ValueError(f"unknown rules code {rules}")
    return <handrank_rules>rules


def evaluate_rules(cards, int rules):
    """The class of a 5..7-card hand under ``rules`` (SHORT_DECK = 0 ... LOW_27 = 4); NO_LOW: no low.

    >>> evaluate_rules("Ah 6h 7c 8d 9s", 0)  # short deck: A-6-7-8-9 is the lowest straight
    276
    >>> evaluate_rules("As 2c 3d 4h 5s", 2)  # ace-to-five: the wheel is the best low
    1
    """
    cdef handrank_rules r = _rules(rules)
    cdef uint8_t ids[7]
    cdef int n = _fast_ids(cards, ids)
    cdef int j
    if n > 0 and r <= HANDRANK_SHORT_DECK_TRIPS:
        for j in range(n):
            if ids[j] < _cards.SHORT_DECK_LOWEST:
                n = -1
                break
    if n > 0:
        return handrank_evaluate_rules(ids, n, r)
    checked = _cards.short_deck_ids(cards) if r <= HANDRANK_SHORT_DECK_TRIPS else _cards.hand_ids(cards)
    for j in range(len(checked)):
        ids[j] = <uint8_t>(<long>checked[j])
    return handrank_evaluate_rules(ids, <int>len(checked), r)


def evaluate_omaha_low(hole, board):
    """The Omaha eight-or-better low (1..56) of exactly two hole cards and three board cards, else NO_LOW.

    >>> evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s Qc Jd")  # A-2 with 3-4-5: the wheel
    1
    """
    cdef uint8_t h[7]
    cdef uint8_t b[7]
    cdef uint64_t seen = 0
    cdef int nh = _fast_ids(hole, h, 4, 6, &seen)
    cdef int nb = -1
    cdef Py_ssize_t j
    if nh > 0:
        nb = _fast_ids(board, b, 3, 5, &seen)
    if nh <= 0 or nb <= 0:
        hole_ids, board_ids = _cards.omaha_ids(hole, board)
        nh, nb = <int>len(hole_ids), <int>len(board_ids)
        for j in range(nh):
            h[j] = <uint8_t>(<long>hole_ids[j])
        for j in range(nb):
            b[j] = <uint8_t>(<long>board_ids[j])
    return handrank_evaluate_omaha_low(h, nh, b, nb)


def rank_rules_rows(const uint8_t[:, ::1] hands not None, int rules, uint16_t[:] out not None, Py_ssize_t start,
                    Py_ssize_t stop):
    cdef handrank_rules r = _rules(rules)
    cdef int64_t bad
    with nogil:
        bad = handrank_evaluate_rules_batch(&hands[start, 0], <int>hands.shape[1], hands.strides[0], stop - start, r,
                                            &out[start], out.strides[0])
    return -1 if bad < 0 else start + bad


def rank_omaha_low_rows(const uint8_t[:, ::1] holes not None, boards, uint16_t[:] out not None, Py_ssize_t start,
                        Py_ssize_t stop):
    return _omaha_rows(handrank_evaluate_omaha_low_batch, holes, boards, out, start, stop)


cdef tuple _tallies(handrank_tally *t, int n, handrank_hand_types *types):
    """The tallies as Python ints, one player after another, then (with ``types``) each player's wins and ties
    by category; read as signed: one part of an enumeration may take back more than it adds."""
    cdef list out = []
    cdef int c
    for p in range(n):
        out += (<int64_t>t[p].wins, <int64_t>t[p].ties, <int64_t>t[p].share, <int64_t>t[p].share_sq)
    if types != NULL:
        for p in range(n):
            out += [<int64_t>types[p].wins[c] for c in range(HANDRANK_CATEGORIES)]
            out += [<int64_t>types[p].ties[c] for c in range(HANDRANK_CATEGORIES)]
    return tuple(out)


def enumerate_boards(int game, const uint8_t[::1] holes, int n_players, int hole_size, const uint8_t[::1] board,
                     const uint8_t[::1] deck, int part, int parts, bint types):
    cdef const uint8_t *hp = &holes[0] if len(holes) else NULL
    cdef const uint8_t *bp = &board[0] if len(board) else NULL
    cdef const uint8_t *dp = &deck[0] if len(deck) else NULL
    cdef int nb = <int>len(board), nd = <int>len(deck)
    cdef handrank_tally t[HANDRANK_MAX_PLAYERS]
    cdef handrank_hand_types by_type[HANDRANK_MAX_PLAYERS]
    cdef handrank_hand_types *tp = by_type if types else NULL
    cdef uint64_t boards
    memset(t, 0, sizeof(t))
    if types:
        memset(by_type, 0, sizeof(by_type))
    with nogil:
        boards = handrank_enumerate(<handrank_game>game, hp, n_players, hole_size, bp, nb, dp, nd,
                                    part, parts, t, tp)
    return boards, _tallies(t, n_players, tp)


def enumerate_ranges(int game, int n_players, int hole_size, bytes combos not None, offsets, weights,
                     bytes board not None, bytes deck not None, bytes perms not None, int part, int parts,
                     bint types):
    # Checked as the twin checks them, before a typed memoryview would take any buffer of 8-byte integers.
    if not (isinstance(offsets, array.array) and isinstance(weights, array.array)
            and offsets.typecode == "q" and weights.typecode == "Q"):
        raise TypeError("offsets must be an array('q') and weights an array('Q')")
    cdef const int64_t[::1] offset_view = offsets
    cdef const uint64_t[::1] weight_view = weights
    if offset_view.shape[0] != n_players + 1 or not 1 <= n_players <= HANDRANK_MAX_PLAYERS:
        raise ValueError(f"offsets must hold n_players + 1 entries for 1..{HANDRANK_MAX_PLAYERS} players")
    # The offsets read once, here: the scratch size and the kernel's choice of method both follow from them.
    cdef int64_t offs[HANDRANK_MAX_PLAYERS + 1]
    cdef int p
    for p in range(n_players + 1):
        offs[p] = offset_view[p]
    cdef handrank_ranges spec
    spec.game = <handrank_game>game
    spec.n_players = n_players
    spec.hole_size = hole_size
    spec.combos = <const uint8_t *><const char *>combos
    spec.offsets = offs
    spec.weights = &weight_view[0] if weight_view.shape[0] else NULL
    cdef const uint8_t *bp = <const uint8_t *><const char *>board
    cdef const uint8_t *dp = <const uint8_t *><const char *>deck
    cdef const uint8_t *pp = <const uint8_t *><const char *>perms
    cdef int nb = <int>len(board), nd = <int>len(deck), np_ = <int>(len(perms) // 4)
    cdef handrank_tally t[HANDRANK_MAX_PLAYERS]
    cdef handrank_hand_types by_type[HANDRANK_MAX_PLAYERS]
    cdef handrank_hand_types *tp = by_type if types else NULL
    cdef uint64_t boards
    cdef void *scratch = PyMem_RawMalloc(handrank_ranges_scratch(&spec))
    if scratch == NULL:
        raise MemoryError("no memory for the enumeration's scratch space")
    memset(t, 0, sizeof(t))
    if types:
        memset(by_type, 0, sizeof(by_type))
    try:
        with nogil:
            boards = handrank_enumerate_ranges(&spec, bp, nb, dp, nd, pp, np_, part, parts, scratch, t, tp)
    finally:
        PyMem_RawFree(scratch)
    return boards, _tallies(t, n_players, tp)


def monte_carlo(int game, int n_players, int hole_size, const uint8_t[::1] combos, const int64_t[::1] offsets,
                const uint64_t[::1] cum_weights, const uint8_t[::1] board, uint64_t dead,
                const uint64_t[::1] excluded, uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                int64_t max_redraws, bint types):
    cdef const uint8_t *cp = &combos[0] if len(combos) else NULL
    cdef const uint8_t *bp = &board[0] if len(board) else NULL
    cdef const uint64_t *wp = &cum_weights[0] if len(cum_weights) else NULL
    cdef int nb = <int>len(board)
    cdef handrank_tally t[HANDRANK_MAX_PLAYERS]
    cdef handrank_hand_types by_type[HANDRANK_MAX_PLAYERS]
    cdef handrank_hand_types *tp = by_type if types else NULL
    cdef int64_t trials
    memset(t, 0, sizeof(t))
    if types:
        memset(by_type, 0, sizeof(by_type))
    with nogil:
        trials = handrank_monte_carlo(<handrank_game>game, n_players, hole_size, cp, &offsets[0], wp, bp, nb, dead,
                                      &excluded[0], seed, block_lo, block_hi, block_trials, max_redraws, t, tp)
    return trials, _tallies(t, n_players, tp)


cdef class _IsoStreet:
    """A street's tables (an ``_iso_tables.IsoStreet``) held as typed views, and the C core's struct over them."""
    cdef handrank_iso_street t
    cdef const uint64_t[::1] configs, binomial
    cdef const uint16_t[::1] slots, colex, subsets, subset_start, squeeze_low
    cdef const uint8_t[::1] squeeze_high

    def __init__(self, street):
        tables = street.tables
        self.configs, self.slots = street.configs, street.slots
        self.colex, self.subsets, self.subset_start = tables.colex, tables.subsets, tables.subset_start
        self.squeeze_low, self.squeeze_high, self.binomial = tables.squeeze_low, tables.squeeze_high, tables.binomial
        rounds = street.rounds
        self.t.n_rounds = <int>len(rounds)
        for r in range(self.t.n_rounds):
            self.t.rounds[r] = rounds[r]
            self.t.radix[r] = street.radix[r]
        self.t.lowest = street.lowest
        self.t.size = street.size
        self.t.configs = &self.configs[0]
        self.t.n_configs = self.configs.shape[0] // HANDRANK_ISO_CONFIG_WORDS
        self.t.slots = &self.slots[0]
        self.t.hash_mul = street.hash_mul
        self.t.hash_shift = street.hash_shift
        self.t.colex = &self.colex[0]
        self.t.subsets = &self.subsets[0]
        self.t.subset_start = &self.subset_start[0]
        self.t.squeeze_low = &self.squeeze_low[0]
        self.t.squeeze_high = &self.squeeze_high[0]
        self.t.binomial = &self.binomial[0]


def iso_index(const uint8_t[:, ::1] rows, street, uint64_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    cdef _IsoStreet s = _IsoStreet(street)
    cdef int64_t bad
    if stop <= start:
        return -1
    with nogil:
        bad = handrank_iso_index(&s.t, &rows[start, 0], stop - start, &out[start])
    return -1 if bad < 0 else start + bad


def iso_unindex(const uint64_t[::1] indices, street, uint8_t[:, ::1] out, Py_ssize_t start, Py_ssize_t stop):
    cdef _IsoStreet s = _IsoStreet(street)
    cdef int64_t bad
    if stop <= start:
        return -1
    with nogil:
        bad = handrank_iso_unindex(&s.t, &indices[start], stop - start, &out[start, 0])
    return -1 if bad < 0 else start + bad


def simd():
    """The batch kernel in use and every one this build offers on this CPU, by name."""
    cdef unsigned kernels = handrank_simd_available()
    return _SIMD_NAMES[<int>handrank_simd_active()], tuple(n for i, n in enumerate(_SIMD_NAMES) if kernels >> i & 1)


def use_simd(str name):
    """Use the batch kernel ``name`` (one ``simd()`` offers) from now on; the name of the one used before."""
    before = simd()[0]
    cdef int kernel = _SIMD_NAMES.index(name) if name in _SIMD_NAMES else -1
    if kernel < 0 or handrank_simd_use(<handrank_simd>kernel) != 0:
        raise ValueError(f"no {name!r} batch kernel here; this build and CPU offer {', '.join(simd()[1])}")
    return before


cdef int _avx2_setting(int (*setting)(int) noexcept nogil, object mode, str ways, str kernel) except -1:
    """One of the avx2 kernel's settings (``setting``: handrank_avx2_gathers or handrank_avx2_vnni) read, or set
    by ``mode`` 0 or 1; the setting before.  ``ways`` names 0 and 1, ``kernel`` what is missing where refused."""
    if type(mode) is not int or mode not in (-1, 0, 1):
        raise ValueError(f"mode must be -1 (read), {ways}, not {mode!r}")
    cdef int before = setting(mode)
    if before < 0:
        raise ValueError(f"no {kernel} here; this build and CPU offer {', '.join(simd()[1])}")
    return before


def avx2_gathers(mode):
    """How the avx2 kernel hashes (1 gathers, 0 scalar loads); ``mode`` 0 or 1 sets it; the way used before."""
    return _avx2_setting(handrank_avx2_gathers, mode, "0 (scalar loads) or 1 (gathers)", "'avx2' batch kernel")


def avx2_vnni(mode):
    """Whether the avx2 masks kernel sums with AVX-VNNI (1) or not (0); ``mode`` 0 or 1 sets it; the setting before."""
    return _avx2_setting(handrank_avx2_vnni, mode, "0 (without AVX-VNNI) or 1 (with it)",
                         "'avx2' batch kernel with AVX-VNNI")


# Every function here is a built-in function (binding=False) made again by
# PyModule_AddFunctions, which marks it for deferred reference counting as
# CPython's own module functions are. Without the GIL, threads calling one
# function object otherwise all write its reference count, and even the
# single calls stop scaling with the threads (1.5x on two cores, not 2x).
cdef extern from "Python.h":
    ctypedef struct PyMethodDef:
        pass
    ctypedef struct PyCFunctionObject:
        PyMethodDef *m_ml
    int PyModule_AddFunctions(object module, PyMethodDef *functions) except -1

cdef PyMethodDef _FUNCTIONS[32]


cdef void _deferred(object module) except *:
    names = [name for name, value in vars(module).items()
             if type(value) is type(len) and value.__module__ == module.__name__ and not name.startswith("__pyx")]
    if len(names) >= 32:
        raise RuntimeError(f"{module.__name__}: room for 31 functions, not {len(names)}")
    memset(_FUNCTIONS, 0, sizeof(_FUNCTIONS))  # zero after the last: the end of the list
    for i, name in enumerate(names):
        function = getattr(module, name)
        _FUNCTIONS[i] = (<PyCFunctionObject *><PyObject *>function).m_ml[0]
    PyModule_AddFunctions(module, _FUNCTIONS)


_deferred(__import__("sys").modules[__name__])
