# cython: language_level=3, boundscheck=False, wraparound=False, embedsignature=True
"""The compiled backend: type conversion in front of the C core in csrc/.

Anything the fast paths do not take whole (strings, bad ids, duplicates,
other types) goes through ``_cards``, which both backends share, so the two
raise the very same errors.
"""

from cpython.ref cimport PyObject
from libc.string cimport memset
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t, uintptr_t

from handrank._csrc cimport (
    handrank_evaluate,
    handrank_evaluate_batch,
    handrank_evaluate_mask,
    handrank_evaluate_masks,
    handrank_evaluate_omaha,
    handrank_evaluate_omaha_batch,
    handrank_enumerate,
    handrank_monte_carlo,
    handrank_tally,
)

from array import array

from handrank import _batch, _cards, _equity, _hand, _showdown

__all__ = [
    "best_five",
    "best_five_omaha",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "evaluate_masks",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "showdown",
]


cdef extern from "Python.h":
    PyObject *PyList_GET_ITEM(object, Py_ssize_t)
    PyObject *PyTuple_GET_ITEM(object, Py_ssize_t)
    Py_ssize_t PyList_GET_SIZE(object)
    Py_ssize_t PyTuple_GET_SIZE(object)
    bint PyLong_CheckExact(PyObject *)
    long PyLong_AsLongAndOverflow(PyObject *, int *)


cdef inline int _fast_ids(object cards, uint8_t *ids, int lo=5, int hi=7, uint64_t *seen_in=NULL) noexcept:
    """Fill ids from a list/tuple of lo..hi valid ints, distinct from each other and from
    *seen_in (updated); the count, or -1 to take the slow path."""
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


def best_five(cards):
    """The five cards that make the hand, most significant first.

    >>> from handrank import cards_str
    >>> cards_str(best_five("5s 4s 3s 2s As Kd Kh"))
    '5s 4s 3s 2s As'
    """
    ids = _cards.hand_ids(cards)
    return _hand.best_five_of(ids, _rank_list(ids))


cdef inline uintptr_t _address(arr):
    return <uintptr_t>arr.__array_interface__["data"][0]


def _kernel(arr, out, Py_ssize_t start, Py_ssize_t stop):
    cdef Py_ssize_t rs = arr.strides[0], cs = arr.strides[1], os = out.strides[0]
    cdef int k = arr.shape[1]
    cdef int dtype = _batch.DTYPE_CODES[arr.dtype.kind, arr.dtype.itemsize]
    cdef const char *src = <const char *>_address(arr) + start * rs
    cdef char *dst = <char *>_address(out) + start * os
    cdef int64_t bad
    with nogil:
        bad = handrank_evaluate_batch(src, dtype, stop - start, k, rs, cs, <uint16_t *>dst, os)
    return -1 if bad < 0 else start + bad


def _mask_kernel(arr, out, Py_ssize_t start, Py_ssize_t stop):
    cdef Py_ssize_t ms = arr.strides[0], os = out.strides[0]
    cdef const char *src = <const char *>_address(arr) + start * ms
    cdef char *dst = <char *>_address(out) + start * os
    cdef int64_t bad
    with nogil:
        bad = handrank_evaluate_masks(<const uint64_t *>src, stop - start, ms, <uint16_t *>dst, os)
    return -1 if bad < 0 else start + bad


def evaluate_batch(hands, *, threads=None, out=None):
    """Rank an ``(N, k)`` array of card ids (k = 5, 6 or 7) into ``(N,)`` uint16.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]]).tolist()
    [1, 7462]
    """
    return _batch.evaluate_batch(_kernel, hands, threads, out)


def evaluate_masks(masks, *, threads=None, out=None):
    """Rank an ``(N,)`` array of 52-bit card masks into ``(N,)`` uint16.

    >>> evaluate_masks([0b11111 << 47]).tolist()
    [11]
    """
    return _batch.evaluate_masks(_mask_kernel, masks, threads, out)


cdef uint16_t _omaha_lists(list hole, list board):
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef Py_ssize_t j
    for j in range(len(hole)):
        h[j] = <uint8_t>(<long>hole[j])
    for j in range(len(board)):
        b[j] = <uint8_t>(<long>board[j])
    return handrank_evaluate_omaha(h, <int>len(hole), b, <int>len(board))


def _omaha_rank(hole, board):
    return _omaha_lists(hole, board)


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


def best_five_omaha(hole, board):
    """The five cards of the best Omaha hand (two from the hole, three from the board).

    >>> from handrank import cards_str
    >>> cards_str(best_five_omaha("Ah Ac 8d 2s", "Kh Qh Jh Th 3c"))
    'Ah Ac Kh Qh Jh'
    """
    hole_ids, board_ids = _cards.omaha_ids(hole, board)
    return _hand.best_five_omaha_of(hole_ids, board_ids, _rank_list)


def _omaha_kernel(holes, boards, out, Py_ssize_t start, Py_ssize_t stop):
    cdef Py_ssize_t hs = holes.strides[0], os = out.strides[0]
    cdef Py_ssize_t bs = 0 if boards.ndim == 1 else boards.strides[0]
    cdef int nh = holes.shape[1]
    cdef int nb = boards.shape[boards.ndim - 1]
    cdef const uint8_t *h = <const uint8_t *>_address(holes) + start * hs
    cdef const uint8_t *b = <const uint8_t *>_address(boards) + start * bs
    cdef char *dst = <char *>_address(out) + start * os
    cdef int64_t bad
    with nogil:
        bad = handrank_evaluate_omaha_batch(h, nh, hs, b, nb, bs, stop - start, <uint16_t *>dst, os)
    return -1 if bad < 0 else start + bad


def evaluate_omaha_batch(holes, boards, *, threads=None, out=None):
    """Rank ``(N, h)`` Omaha holes (h = 4, 5 or 6) against boards ``(N, b)``, or one board ``(b,)``, b = 3..5.

    >>> evaluate_omaha_batch([[50, 46, 0, 5], [50, 48, 25, 3]], [42, 38, 34, 28, 4]).tolist()
    [1, 3381]
    """
    return _batch.evaluate_omaha_batch(_omaha_kernel, holes, boards, threads, out)


def showdown(hands, board=(), *, game="holdem"):
    """Show down ``hands`` (one per player) on ``board``; ``game`` is holdem, omaha, stud or draw.

    >>> result = showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")
    >>> result.winners, result.players[0].description
    ((0,), 'Full house, aces full of sevens')
    """
    return _showdown.showdown(hands, board, game, _rank_list, _omaha_rank, best_five, best_five_omaha)


cdef list _tallies(handrank_tally *t, int n):
    return [(t[p].wins, t[p].ties, t[p].share, t[p].share_sq) for p in range(n)]


def _enumerate(int game, holes, int n_players, int hole_size, board, deck, int first_lo, int first_hi):
    cdef bytes h = bytes(holes), b = bytes(board), d = bytes(deck)
    cdef const uint8_t *hp = h
    cdef const uint8_t *bp = b
    cdef const uint8_t *dp = d
    cdef int nb = len(b), nd = len(d)
    cdef handrank_tally t[10]
    cdef uint64_t boards
    memset(t, 0, sizeof(t))
    with nogil:
        boards = handrank_enumerate(game, hp, n_players, hole_size, bp, nb, dp, nd, first_lo, first_hi, t)
    return boards, _tallies(t, n_players)


def _monte_carlo(int game, int n_players, int hole_size, combos, offsets, cum, board, uint64_t dead,
                 uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials, int64_t max_redraws):
    cdef bytes c = bytes(combos), b = bytes(board)
    cdef const uint8_t *cp = c
    cdef const uint8_t *bp = b
    cdef int nb = len(b)
    cdef int64_t[::1] off = array("q", offsets)
    cdef uint64_t[::1] cw = array("Q", cum if cum else [0])
    cdef handrank_tally t[10]
    cdef int64_t trials
    memset(t, 0, sizeof(t))
    with nogil:
        trials = handrank_monte_carlo(game, n_players, hole_size, cp, &off[0], &cw[0], bp, nb, dead, seed,
                                      block_lo, block_hi, block_trials, max_redraws, t)
    return trials, _tallies(t, n_players)


def equity(players, board=(), dead=(), *, game="holdem", exact=None, trials=None, seed=None, threads=None,
           progress=None):
    """Each player's equity: how often their hand wins, ties splitting the pot.

    ``players`` holds 2 to 10 hands (cards) or ``Range`` objects; ``board``
    has 0..5 cards and ``dead`` cards are out of play.  ``exact=None``
    enumerates every deal when that is small enough and samples otherwise;
    ``exact=True``/``False`` force it (a ``trials`` count also asks for
    Monte Carlo).  Monte Carlo runs ``trials`` deals
    (rounded up to whole blocks of 1024) and is repeatable: the same ``seed``
    gives the same numbers on every backend and thread count.  ``progress``
    is called with the fraction done.

    >>> result = equity(["Ah Kh", "Qs Qd"])
    >>> result.wins, result.ties, result.losses
    ((787966, 917606), (6732, 6732), (917606, 787966))
    >>> round(result.equity[0], 7)
    0.4621446
    """
    return _equity.equity(
        players, board, dead, game=game, exact=exact, trials=trials, seed=seed, threads=threads,
        progress=progress, enumerate_kernel=_enumerate, monte_carlo_kernel=_monte_carlo,
    )
