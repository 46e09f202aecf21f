/*
 * The evaluator: additive card keys, a flush table and a rank-key perfect
 * hash.  Single hands, and the scalar batch kernels for rows and masks that
 * evaluate_simd.c calls (for what its SIMD kernels do not take); nothing
 * here calls another file.
 */
#include "handrank.h"
#include "tables.h"

#include "internal.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define HR_PAIR_ROWS 1 /* SSE2, part of every x86-64 */
#endif

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
 * The scalar kernels' keys (handrank_card_pair, handrank_mask_key; see
 * HANDRANK_SCALAR_SUIT_SHIFT): each card's rank key is stored multiplied by
 * HANDRANK_HASH_MUL, so that the low 32 bits of a sum are the hash of the
 * summed rank key (one multiply fewer a hand); the suit counters sit 4 bits
 * higher, above the carries out of those 32 (a mask's as the plain layout's,
 * biased; a row's unbiased, 7 a card in 6-bit fields: row_pair_finish).
 */

/*
 * hr_finish for a row key summed from handrank_card_pair: its suits are
 * counted 7 a card in fields of HANDRANK_ROW_SUIT_BITS, with no bias to add.
 * The flush test is one instruction: hr_keep makes the compiler find the
 * flags again on the rare path rather than keep them in a register.
 */
HR_INLINE uint16_t row_pair_finish(uint64_t key, uint64_t suits) {
    if (key & HANDRANK_ROW_FLUSH_BITS) { /* at most one suit can hold five of seven cards */
        hr_keep(key);
        unsigned suit = hr_flag_suit_at(key & HANDRANK_ROW_FLUSH_BITS,
                                        HANDRANK_SCALAR_SUIT_SHIFT + HANDRANK_ROW_SUIT_BITS - 1, HANDRANK_ROW_SUIT_BITS);
        return handrank_flush[(suits >> (16 * suit)) & HR_SUIT_RANKS];
    }
    return hr_plain_hashed((uint32_t)key);
}

/*
 * The hot path: contiguous uint8 rows of K cards, K a compile-time constant,
 * into a contiguous `out` (at any address: it is written through memcpy).
 * Where popcount is one instruction (POP), a row is valid iff its suit bits
 * number K and none is poison, which saves an add per card over HR_ROW_INVALID;
 * on x86-64 the card's key and suit bit come in one 16-byte entry
 * (handrank_card_pair), summed by one 128-bit add a card: the summed bits
 * number K iff the cards are distinct ids below 52 (a card twice carries
 * into fewer bits, an id past 51 adds none), and then they are the OR.
 */
/* Sum one row's card keys and OR its suit bits; the row's invalidity (0 when valid). */
HR_INLINE uint64_t row_u8(const uint8_t *cards, const int K, const int POP, uint64_t *key, uint64_t *bits) {
#ifdef HR_PAIR_ROWS
    if (POP) {
        const __m128i *pair = (const __m128i *)(const void *)handrank_card_pair;
        __m128i acc = _mm_load_si128(pair + cards[0]); /* no bias: see row_pair_finish */
        for (int j = 1; j < K; j++)
            acc = _mm_add_epi64(acc, _mm_load_si128(pair + cards[j]));
        uint64_t s = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
        *key = (uint64_t)_mm_cvtsi128_si64(acc);
        *bits = s;
        return (uint64_t)(hr_popcount64(s) ^ K);
    }
#endif
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

#ifdef HR_PAIR_ROWS
/*
 * Four rows a step (x86-64 with popcount): a row's summed bits number at
 * most K, so the four counts add up to 4K iff every row is valid.  The
 * rows done (a multiple of four), or the first bad row as -1 - row.
 */
HR_INLINE int64_t four_rows(const uint8_t *cards, int64_t n, const int K, char *out) {
    const __m128i *pair = (const __m128i *)(const void *)handrank_card_pair;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4, cards += 4 * K) {
        hr_prefetch_ahead(cards, HR_STREAM_AHEAD / 2, 0);
        uint64_t key[4], bits[4];
        int count = 0;
        for (int r = 0; r < 4; r++) {
            __m128i acc = _mm_load_si128(pair + cards[K * r]);
            for (int j = 1; j < K; j++)
                acc = _mm_add_epi64(acc, _mm_load_si128(pair + cards[K * r + j]));
            key[r] = (uint64_t)_mm_cvtsi128_si64(acc);
            bits[r] = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
            count += hr_popcount64(bits[r]);
        }
        if (count != 4 * K) { /* a row is bad: the rows before it are written */
            int r = 0;
            for (; hr_popcount64(bits[r]) == K; r++)
                hr_store_u16(out + 2 * (i + r), row_pair_finish(key[r], bits[r]));
            return -1 - (i + r);
        }
        for (int r = 0; r < 4; r++)
            hr_store_u16(out + 2 * (i + r), row_pair_finish(key[r], bits[r]));
    }
    return i;
}
#endif

/* The class of a row_u8 key: in the scalar kernels' layout where it read handrank_card_pair. */
HR_INLINE uint16_t row_finish(uint64_t key, uint64_t bits, const int POP) {
#ifdef HR_PAIR_ROWS
    if (POP)
        return row_pair_finish(key, bits);
#endif
    (void)POP;
    return hr_finish(key, bits);
}

HR_INLINE int64_t batch_u8_rows(const uint8_t *cards, int64_t n, const int K, const int POP, char *out) {
    int64_t i = 0;
#ifdef HR_PAIR_ROWS
    if (POP) {
        i = four_rows(cards, n, K, out);
        if (i < 0)
            return -1 - i;
        cards += i * K;
    }
#endif
    /* Two rows a step: their independent chains interleave better than one row's. */
    for (; i + 1 < n; i += 2, cards += 2 * K) {
        hr_prefetch_ahead(cards, HR_STREAM_AHEAD / 2, 0); /* one cheap instruction a step beats counting lines */
        uint64_t k0, b0, k1, b1;
        uint64_t bad0 = row_u8(cards, K, POP, &k0, &b0), bad1 = row_u8(cards + K, K, POP, &k1, &b1);
        if (bad0 | bad1) {
            if (bad0)
                return i;
            hr_store_u16(out + 2 * i, row_finish(k0, b0, POP));
            return i + 1;
        }
        hr_store_u16(out + 2 * i, row_finish(k0, b0, POP));
        hr_store_u16(out + 2 * i + 2, row_finish(k1, b1, POP));
    }
    if (i < n) {
        uint64_t k0, b0;
        if (row_u8(cards, K, POP, &k0, &b0))
            return i;
        hr_store_u16(out + 2 * i, row_finish(k0, b0, POP));
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

int64_t hr_rows_scalar(const uint8_t *cards, int64_t n, int k, char *out) { return batch_u8(cards, n, k, out); }

/* Rows at any stride, into `out` at any stride: the strides are not known at compile time. */
HR_INLINE int64_t rows_strided(const uint8_t *rows, const int K, ptrdiff_t rs, int64_t n, char *o, ptrdiff_t os) {
    for (int64_t i = 0; i < n; i++, rows += rs, o += os) {
        uint64_t key, bits;
        if (row_u8(rows, K, 0, &key, &bits))
            return i;
        hr_store_u16(o, hr_finish(key, bits));
    }
    return -1;
}

int64_t hr_rows_strided(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows, char *out,
                        ptrdiff_t out_stride) {
    switch (k) {
    case 5: return rows_strided(rows, 5, row_stride, n_rows, out, out_stride);
    case 6: return rows_strided(rows, 6, row_stride, n_rows, out, out_stride);
    default: return rows_strided(rows, 7, row_stride, n_rows, out, out_stride);
    }
}

/*
 * Card masks: the key summed by parts from handrank_mask_key (six loads,
 * no loop over the cards); for a flush, the suit's ranks folded out
 * of the mask (hr_mask_suit_ranks).  Four masks a step, each read once:
 * with no card past 51 in any of them, their keys, which count each one's
 * cards (HANDRANK_MASK_FIVE, _EIGHT), show in one test of the four whether
 * all hold 5..7 cards.  A step that fails it goes mask by mask, by
 * popcount (POP: one instruction), to the first bad one.
 */
HR_INLINE int mask_invalid(uint64_t mask, const int POP) {
#if defined(__GNUC__)
    int count = POP ? __builtin_popcountll(mask) : hr_popcount64(mask);
#else
    int count = hr_popcount64(mask);
    (void)POP;
#endif
    return (mask >> 52) || count < 5 || count > 7;
}

/*
 * The summed key (biases included: handrank_mask_key's byte 0) of a mask with no card past 51: its five low
 * bytes, then its top twelve bits in one 4,096-entry part (one lookup and one shift fewer than by bytes).
 */
HR_INLINE uint64_t mask_key(uint64_t mask) {
    const uint64_t *t = handrank_mask_key;
    size_t lo = (uint32_t)mask;
    return t[lo & 0xff] + t[256 + (lo >> 8 & 0xff)] + t[512 + (lo >> 16 & 0xff)] + t[768 + (lo >> 24)] +
           t[1024 + (mask >> 32 & 0xff)] + t[1280 + (mask >> 40)];
}

HR_INLINE uint16_t mask_class(uint64_t mask, uint64_t key) {
    if (key & HANDRANK_SCALAR_FLUSH_BITS) { /* at most one suit's flag: see hr_finish */
        hr_keep(key); /* the flags found again here: the test above stays one instruction */
        unsigned suit = hr_flag_suit_at(key & HANDRANK_SCALAR_FLUSH_BITS, HANDRANK_SCALAR_SUIT_SHIFT + 3, 4);
        return handrank_flush[hr_mask_suit_ranks(mask, suit)];
    }
    return hr_plain_hashed((uint32_t)key);
}

HR_INLINE int64_t masks_kernel(const char *m, int64_t n, ptrdiff_t stride, char *o, ptrdiff_t out_stride,
                               const int POP) {
    int64_t i = 0;
    for (; i + 4 <= n; i += 4, m += 4 * stride, o += 4 * out_stride) {
        hr_prefetch_ahead(m, HR_STREAM_AHEAD / 16 * stride, 0); /* 128 masks on, at any stride (1 KB contiguous) */
        uint64_t mask[4], key[4];
        for (int r = 0; r < 4; r++) {
            mask[r] = hr_load_u64(m + r * stride); /* read once, at any address */
            hr_keep(mask[r]);
        }
        if (((mask[0] | mask[1] | mask[2] | mask[3]) >> 52) == 0) {
            for (int r = 0; r < 4; r++)
                key[r] = mask_key(mask[r]);
            if ((key[0] & key[1] & key[2] & key[3] & HANDRANK_MASK_FIVE) &&
                !((key[0] | key[1] | key[2] | key[3]) & HANDRANK_MASK_EIGHT)) {
                for (int r = 0; r < 4; r++)
                    hr_store_u16(o + r * out_stride, mask_class(mask[r], key[r]));
                continue;
            }
        }
        int r = 0; /* a mask is bad: the ones before it are written */
        for (; !mask_invalid(mask[r], POP); r++)
            hr_store_u16(o + r * out_stride, mask_class(mask[r], mask_key(mask[r])));
        return i + r;
    }
    for (; i < n; i++, m += stride, o += out_stride) {
        uint64_t mask = hr_load_u64(m);
        hr_keep(mask);
        if (mask_invalid(mask, POP))
            return i;
        hr_store_u16(o, mask_class(mask, mask_key(mask)));
    }
    return -1;
}

/* The kernel for contiguous masks and output (strides known at compile time), else for any strides. */
#define MASKS_KERNEL(m, n, stride, o, out_stride, POP)                                                     \
    ((stride) == 8 && (out_stride) == 2 ? masks_kernel(m, n, 8, o, 2, POP)                                \
                                        : masks_kernel(m, n, stride, o, out_stride, POP))

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
__attribute__((target("popcnt"))) static int64_t masks_pop(const char *m, int64_t n, ptrdiff_t stride, char *o,
                                                          ptrdiff_t out_stride) {
    return MASKS_KERNEL(m, n, stride, o, out_stride, 1);
}
#endif

int64_t hr_masks_scalar(const uint64_t *masks, int64_t n, ptrdiff_t stride, uint16_t *out, ptrdiff_t out_stride) {
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
    if (__builtin_cpu_supports("popcnt"))
        return masks_pop((const char *)masks, n, stride, (char *)out, out_stride);
#endif
    return MASKS_KERNEL((const char *)masks, n, stride, (char *)out, out_stride, 0);
}
