# The C core's API (csrc/handrank.h), declared once.
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

cdef extern from "handrank.h" nogil:
    uint16_t handrank_evaluate(const uint8_t *cards, int n) noexcept
    uint16_t handrank_evaluate_mask(uint64_t mask) noexcept
    int64_t handrank_evaluate_batch(const void *cards, int dtype, int64_t n_rows, int k,
                                    Py_ssize_t row_stride, Py_ssize_t col_stride,
                                    uint16_t *out, Py_ssize_t out_stride) noexcept
    int64_t handrank_evaluate_masks(const uint64_t *masks, int64_t n, Py_ssize_t stride,
                                    uint16_t *out, Py_ssize_t out_stride) noexcept
    uint16_t handrank_evaluate_omaha(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) noexcept
    int64_t handrank_evaluate_omaha_batch(const uint8_t *holes, int n_hole, Py_ssize_t hole_stride,
                                          const uint8_t *boards, int n_board, Py_ssize_t board_stride,
                                          int64_t n_rows, uint16_t *out, Py_ssize_t out_stride) noexcept
