# cython: language_level=3, boundscheck=False, wraparound=False, embedsignature=True
"""The compiled backend: type conversion in front of the C core in csrc/.

Anything the fast paths do not take whole (strings, bad ids, duplicates,
other types) goes through ``_cards``, which both backends share, so the two
raise the very same errors.
"""

from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t, uintptr_t

from handrank._csrc cimport (
    handrank_evaluate,
    handrank_evaluate_batch,
    handrank_evaluate_mask,
    handrank_evaluate_masks,
)

from handrank import _batch, _cards, _hand

__all__ = ["best_five", "evaluate", "evaluate_batch", "evaluate_mask", "evaluate_masks"]


cdef extern from "Python.h":
    PyObject *PyList_GET_ITEM(object, Py_ssize_t)
    PyObject *PyTuple_GET_ITEM(object, Py_ssize_t)
    Py_ssize_t PyList_GET_SIZE(object)
    Py_ssize_t PyTuple_GET_SIZE(object)
    bint PyLong_CheckExact(PyObject *)
    long PyLong_AsLongAndOverflow(PyObject *, int *)


cdef inline int _fast_ids(object cards, uint8_t *ids) noexcept:
    """Fill ids from a list/tuple of 5..7 valid distinct ints; the count, or -1 to take the slow path."""
    cdef Py_ssize_t n, j
    cdef bint is_list = type(cards) is list
    cdef PyObject *item
    cdef long v
    cdef int overflow
    cdef uint64_t seen = 0
    if is_list:
        n = PyList_GET_SIZE(cards)
    elif type(cards) is tuple:
        n = PyTuple_GET_SIZE(cards)
    else:
        return -1
    if n < 5 or n > 7:
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
