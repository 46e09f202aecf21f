/* The evaluator: additive card keys, a flush table and a rank-key perfect hash. */
#include "handrank.h"
#include "tables.h"

#include "internal.h"

uint16_t handrank_evaluate(const uint8_t *cards, int n) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0;
    for (int j = 0; j < n; j++) {
        key += handrank_card_key[cards[j]];
        suits |= handrank_suit_bit[cards[j]];
    }
    return hr_finish(key, suits);
}

uint16_t handrank_evaluate_mask(uint64_t mask) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0;
    while (mask) {
        int c = hr_ctz64(mask);
        mask &= mask - 1;
        key += handrank_card_key[c];
        suits |= handrank_suit_bit[c];
    }
    return hr_finish(key, suits);
}


/*
 * The hot path: contiguous uint8 rows of K cards, K a compile-time constant,
 * into a contiguous `out` (at any address: it is written through memcpy).
 * Where popcount is one instruction (POP), a row is valid iff its suit bits
 * number K and none is poison, which saves an add per card over HR_ROW_INVALID.
 */
/* Sum one row's card keys and OR its suit bits; the row's invalidity (0 when valid). */
HR_INLINE uint64_t row_u8(const uint8_t *cards, const int K, const int POP, uint64_t *key, uint64_t *bits) {
    uint64_t k = HANDRANK_KEY_BIAS, s_or = 0, s_sum = 0;
    for (int j = 0; j < K; j++) {
        uint8_t c = cards[j];
        uint64_t b = handrank_suit_bit[c];
        k += handrank_card_key[c];
        s_or |= b;
        if (!POP)
            s_sum += b;
    }
    *key = k;
    *bits = s_or;
    if (POP)
        return (uint64_t)(hr_popcount64(s_or) ^ K) | (uint64_t)(s_or & HANDRANK_POISON_MASK);
    return HR_ROW_INVALID(s_or, s_sum);
}

HR_INLINE int64_t batch_u8_rows(const uint8_t *cards, int64_t n, const int K, const int POP, char *out) {
    int64_t i = 0;
    /* Two rows a step: their independent chains interleave better than one row's. */
    for (; i + 1 < n; i += 2, cards += 2 * K) {
        uint64_t k0, b0, k1, b1;
        uint64_t bad0 = row_u8(cards, K, POP, &k0, &b0), bad1 = row_u8(cards + K, K, POP, &k1, &b1);
        if (bad0 | bad1) {
            if (bad0)
                return i;
            hr_store_u16(out + 2 * i, hr_finish(k0, b0));
            return i + 1;
        }
        hr_store_u16(out + 2 * i, hr_finish(k0, b0));
        hr_store_u16(out + 2 * i + 2, hr_finish(k1, b1));
    }
    if (i < n) {
        uint64_t k0, b0;
        if (row_u8(cards, K, POP, &k0, &b0))
            return i;
        hr_store_u16(out + 2 * i, hr_finish(k0, b0));
    }
    return -1;
}

#define DEFINE_BATCH_U8(NAME, ATTR, POP)                                                 \
    ATTR static int64_t NAME(const uint8_t *cards, int64_t n, int k, char *out) {        \
        switch (k) {                                                                     \
        case 5: return batch_u8_rows(cards, n, 5, POP, out);                             \
        case 6: return batch_u8_rows(cards, n, 6, POP, out);                             \
        default: return batch_u8_rows(cards, n, 7, POP, out);                            \
        }                                                                                \
    }

#if defined(__GNUC__) && (defined(__aarch64__) || defined(__POPCNT__))
DEFINE_BATCH_U8(batch_u8, , 1)
#elif defined(__GNUC__) && defined(__x86_64__)
/* Baseline x86-64 lacks the popcnt instruction: choose the kernel at run time. */
DEFINE_BATCH_U8(batch_u8_pop, __attribute__((target("popcnt"))), 1)
DEFINE_BATCH_U8(batch_u8_sum, , 0)
static int64_t batch_u8(const uint8_t *cards, int64_t n, int k, char *out) {
    return __builtin_cpu_supports("popcnt") ? batch_u8_pop(cards, n, k, out) : batch_u8_sum(cards, n, k, out);
}
#else
DEFINE_BATCH_U8(batch_u8, , 0)
#endif

int64_t handrank_rows_scalar(const uint8_t *cards, int64_t n, int k, char *out) { return batch_u8(cards, n, k, out); }

/*
 * Any integer type and strides: ids outside 0..51 map to the poison id 255.
 * Elements and `out` may sit at any address, so each value is read with
 * memcpy, once: the id that is validated is the id that indexes the tables.
 */
#define DEFINE_BATCH_ANY(NAME, T)                                                      \
    static int64_t NAME(const char *base, int64_t n, int k, ptrdiff_t rs, ptrdiff_t cs, \
                        char *o, ptrdiff_t out_stride) {                                \
        for (int64_t i = 0; i < n; i++, base += rs, o += out_stride) {                 \
            uint64_t key = HANDRANK_KEY_BIAS, s_or = 0, s_sum = 0;                      \
            const char *p = base;                                                      \
            for (int j = 0; j < k; j++, p += cs) {                                     \
                T v;                                                                   \
                memcpy(&v, p, sizeof v);                                               \
                uint8_t c = (v >= 0 && v < 52) ? (uint8_t)v : 255;                     \
                uint64_t b = handrank_suit_bit[c];                                     \
                key += handrank_card_key[c];                                           \
                s_or |= b;                                                             \
                s_sum += b;                                                            \
            }                                                                          \
            if (HR_ROW_INVALID(s_or, s_sum))                                              \
                return i;                                                              \
            hr_store_u16(o, hr_finish(key, s_or));                                     \
        }                                                                              \
        return -1;                                                                     \
    }

#if defined(__GNUC__)
/* `v >= 0` is always true for the unsigned instances. */
#pragma GCC diagnostic ignored "-Wtype-limits"
#endif
DEFINE_BATCH_ANY(batch_any_u8, uint8_t)
DEFINE_BATCH_ANY(batch_any_i8, int8_t)
DEFINE_BATCH_ANY(batch_any_u16, uint16_t)
DEFINE_BATCH_ANY(batch_any_i16, int16_t)
DEFINE_BATCH_ANY(batch_any_u32, uint32_t)
DEFINE_BATCH_ANY(batch_any_i32, int32_t)
DEFINE_BATCH_ANY(batch_any_u64, uint64_t)
DEFINE_BATCH_ANY(batch_any_i64, int64_t)

int64_t handrank_evaluate_batch(const void *cards, enum handrank_dtype dtype, int64_t n_rows, int k,
                                ptrdiff_t row_stride, ptrdiff_t col_stride,
                                uint16_t *out, ptrdiff_t out_stride) {
    const char *base = (const char *)cards;
    char *o = (char *)out;
    if (dtype == HANDRANK_U8 && col_stride == 1 && row_stride == k && k >= 5 && k <= 7
        && out_stride == (ptrdiff_t)sizeof(uint16_t))
        return handrank_rows_simd((const uint8_t *)cards, n_rows, k, o);
    switch (dtype) {
    case HANDRANK_U8: return batch_any_u8(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_I8: return batch_any_i8(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_U16: return batch_any_u16(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_I16: return batch_any_i16(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_U32: return batch_any_u32(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_I32: return batch_any_i32(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_U64: return batch_any_u64(base, n_rows, k, row_stride, col_stride, o, out_stride);
    case HANDRANK_I64: return batch_any_i64(base, n_rows, k, row_stride, col_stride, o, out_stride);
    default: return 0;
    }
}

/*
 * Card masks: the key summed byte by byte from handrank_mask_key (seven
 * loads, no loop over the cards); the suit bits only for a flush, by the
 * card loop.  Where popcount is one instruction (POP) it counts the cards.
 */
HR_INLINE int64_t masks_kernel(const char *m, int64_t n, ptrdiff_t stride, char *o, ptrdiff_t out_stride,
                               const int POP) {
    for (int64_t i = 0; i < n; i++, m += stride, o += out_stride) {
        uint64_t mask = hr_load_u64(m); /* read once, at any address */
#if defined(__GNUC__)
        int count = POP ? __builtin_popcountll(mask) : hr_popcount64(mask);
#else
        int count = hr_popcount64(mask);
        (void)POP;
#endif
        if ((mask >> 52) || count < 5 || count > 7)
            return i;
        uint64_t key = HANDRANK_KEY_BIAS + handrank_mask_key[256 * 6 + (mask >> 48)]; /* cards 48..51 */
        for (int b = 0; b < 6; b++)
            key += handrank_mask_key[(uint64_t)(256 * b) + (mask >> (8 * b) & 0xff)];
        hr_store_u16(o, key & HANDRANK_FLUSH_BITS ? handrank_evaluate_mask(mask) : hr_plain_hashed(hr_hash(key)));
    }
    return -1;
}

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
__attribute__((target("popcnt"))) static int64_t masks_pop(const char *m, int64_t n, ptrdiff_t stride, char *o,
                                                          ptrdiff_t out_stride) {
    return masks_kernel(m, n, stride, o, out_stride, 1);
}
#endif

/* The board's keys and suit bits summed once; each combo adds its two cards'. */
void handrank_rank_combos(const uint8_t *board, int n_board, const uint8_t *combos, int64_t n, uint16_t *out) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0, on_board = 0;
    for (int j = 0; j < n_board; j++) {
        key += handrank_card_key[board[j]];
        suits |= handrank_suit_bit[board[j]];
        on_board |= 1ULL << board[j];
    }
    for (int64_t i = 0; i < n; i++) {
        const uint8_t a = combos[2 * i], b = combos[2 * i + 1];
        out[i] = ((on_board >> a | on_board >> b) & 1)
                     ? (uint16_t)HANDRANK_BLOCKED
                     : hr_finish(key + handrank_card_key[a] + handrank_card_key[b],
                                 suits | handrank_suit_bit[a] | handrank_suit_bit[b]);
    }
}

int64_t handrank_evaluate_masks(const uint64_t *masks, int64_t n, ptrdiff_t stride,
                                uint16_t *out, ptrdiff_t out_stride) {
    if (stride == (ptrdiff_t)sizeof(uint64_t) && out_stride == (ptrdiff_t)sizeof(uint16_t))
        return handrank_masks_simd(masks, n, (char *)out);
    return handrank_masks_scalar(masks, n, stride, out, out_stride);
}

int64_t handrank_masks_scalar(const uint64_t *masks, int64_t n, ptrdiff_t stride, uint16_t *out,
                              ptrdiff_t out_stride) {
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
    if (__builtin_cpu_supports("popcnt"))
        return masks_pop((const char *)masks, n, stride, (char *)out, out_stride);
#endif
    return masks_kernel((const char *)masks, n, stride, (char *)out, out_stride, 0);
}
