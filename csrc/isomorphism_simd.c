/*
 * Hand isomorphism's entry point for indexing rows (handrank_iso_index),
 * and its AVX-512 kernel, used where handrank_simd_active (cpu.c) chose
 * AVX-512; everything else, the rows left at the end and the steps with an
 * invalid row go to the scalar kernel (isomorphism.c), which never calls
 * back, so the answers and the first bad row are its own.
 *
 * AVX-512, sixteen rows a step, a row to a 32-bit lane, for the streets the
 * scalar kernel takes fastest: a first round of up to four cards, a second
 * round, then rounds of one card, at most eight cards, fewer than 2^32
 * classes, and a suit hand's key (shape code above its index) in 32 bits.
 * A byte permute takes each card of the sixteen rows to a lane.  A card
 * sets its rank's bit in the lane's mask of the suit pair it is in (suits
 * 0 and 1 in one vector, 2 and 3 in another, 16 bits a suit, as the scalar
 * kernel's 64-bit masks); per round for the first two, and for all the
 * cards, OR-ed and added up, so that a card twice shows as a carry.  The
 * second round's masks are squeezed past the first round's ranks, the
 * first round's cards taken from the highest; gathers read the colex
 * table for each suit's two masks, and a permute the binomial that makes
 * them one index; a single card is ranked among the ranks its suit has
 * left by a popcount.  The four keys are sorted by a network of
 * compare-exchanges; the sorted shape codes hash as in the scalar kernel
 * (its 64-bit product in 32-bit halves), a gather reads the slot and five
 * gather the configuration's offset, multipliers and groups.  A suit's
 * multiset term comb(x + r, r + 1) is exact modulo 2^32 (products of two
 * factors, one of them halved, and the inverse of 3), and so is the sum,
 * which is below 2^32.  No kernel reads a row twice: what it hands to the
 * scalar kernel is a copy of the bytes it loaded.
 */
#include "handrank.h"
#include "internal.h"

#ifdef HR_HAVE_AVX512

#define ISO_SUITS 4
#define ISO_RANKS 13

/* A street's constants for the AVX-512 kernel. */
typedef struct {
    uint32_t binomial[32];   /* comb(n_ranks - c0, c1) at c0 * (K1 + 1) + c1 */
    uint32_t radix[HANDRANK_ISO_MAX_ROUNDS];
    unsigned key_bits;       /* a suit hand's key: code << key_bits | index */
    unsigned slot_shift;     /* the hash's shift less 32 */
    unsigned max_after;      /* the most suits after one in its group, over the configurations */
    __mmask64 first, second; /* a step's bytes among the first 64 and the next 64 */
} iso_avx512_consts;

/* Bits of v (0 for 0). */
static unsigned iso_bits(uint64_t v) {
    unsigned b = 0;
    while (v >> b) ++b;
    return b;
}

/*
 * Whether the AVX-512 kernel takes the street (K0, K1 and S singles from its rounds), and its constants.
 */
static int iso_avx512_fits(const handrank_iso_street *t, int K0, int K1, int S, iso_avx512_consts *q) {
    const int k = K0 + K1 + S;
    const unsigned n_ranks = ISO_RANKS - (unsigned)t->lowest / ISO_SUITS;
    if (K0 > 4 || (K0 + 1) * (K1 + 1) > 32 || k > 8 || t->size > ((uint64_t)1 << 32) || t->hash_shift < 32)
        return 0;
    /* The largest index a suit hand can have: over its counts in the first two rounds and its singles. */
    uint64_t most = 1;
    for (int c0 = 0; c0 <= K0; ++c0)
        for (int c1 = 0; c1 <= K1 && (unsigned)(c0 + c1) <= n_ranks; ++c1) {
            uint64_t count = t->binomial[n_ranks * (ISO_RANKS + 1) + (unsigned)c0] *
                             t->binomial[(n_ranks - (unsigned)c0) * (ISO_RANKS + 1) + (unsigned)c1];
            for (int j = 0; j < S && (unsigned)(c0 + c1 + j) < n_ranks; ++j) {
                count *= n_ranks - (unsigned)(c0 + c1 + j);
                most = count > most ? count : most;
            }
            most = count > most ? count : most;
            q->binomial[c0 * (K1 + 1) + c1] = (uint32_t)t->binomial[(n_ranks - (unsigned)c0) * (ISO_RANKS + 1) +
                                                                    (unsigned)c1];
        }
    const int R = t->n_rounds;
    const uint64_t codes = (uint64_t)t->radix[R - 1] * (t->rounds[R - 1] + 1u);
    q->key_bits = iso_bits(most - 1);
    if (q->key_bits + iso_bits(codes - 1) > 32)
        return 0;
    for (int r = 0; r < R; ++r) q->radix[r] = t->radix[r];
    q->slot_shift = (unsigned)t->hash_shift - 32;
    q->max_after = 0;
    for (int64_t c = 0; c < t->n_configs; ++c)
        for (int p = 0; p < ISO_SUITS - 1; ++p) {
            unsigned after = (unsigned)(t->configs[HANDRANK_ISO_CONFIG_WORDS * c + 5] >> (8 * p)) & 0xffu;
            q->max_after = after > q->max_after ? after : q->max_after;
        }
    q->first = 16 * k >= 64 ? ~0ULL : (1ULL << (16 * k)) - 1;
    q->second = 16 * k >= 128 ? ~0ULL : 16 * k > 64 ? (1ULL << (16 * k - 64)) - 1 : 0;
    return 1;
}

/* The 16-bit entries of `table` at each lane's index: a gather of the aligned pair that holds it. */
HR_AVX512 static inline __m512i iso_gather_u16(const uint16_t *table, __m512i index) {
    __m512i pair = _mm512_i32gather_epi32(_mm512_srli_epi32(index, 1), (const void *)table, 4);
    __m512i shift = _mm512_slli_epi32(_mm512_and_si512(index, _mm512_set1_epi32(1)), 4);
    return _mm512_and_si512(_mm512_srlv_epi32(pair, shift), _mm512_set1_epi32(0xffff));
}

/* The high 32 bits of each lane's product. */
HR_AVX512 static inline __m512i iso_mulhi(__m512i a, __m512i b) {
    __m512i even = _mm512_srli_epi64(_mm512_mul_epu32(a, b), 32);
    __m512i odd = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), _mm512_srli_epi64(b, 32));
    return _mm512_mask_blend_epi32(0xaaaa, even, odd);
}

/* v * (v + 1) / 2 modulo 2^32 (v below 2^32 - 1): the even factor halved first. */
HR_AVX512 static inline __m512i iso_half_product(__m512i v) {
    const __m512i one = _mm512_set1_epi32(1);
    __m512i next = _mm512_add_epi32(v, one);
    __mmask16 odd = _mm512_test_epi32_mask(v, one);
    __m512i a = _mm512_mask_mov_epi32(_mm512_srli_epi32(v, 1), odd, v);
    __m512i b = _mm512_mask_mov_epi32(next, odd, _mm512_srli_epi32(next, 1));
    return _mm512_mullo_epi32(a, b);
}

/*
 * A suit's multiset term comb(x + after, after + 1) modulo 2^32, after = 0..max_after in each lane:
 * x(x+1)/2; that times (x+2)/3; and for after = 3, with v = x(x+3)/2 (x is then below 600, as the term is
 * below 2^32), x(x+1)(x+2)(x+3)/24 = v(v+1)/6.
 */
HR_AVX512 static inline __m512i iso_term(__m512i x, __m512i after, unsigned max_after) {
    const __m512i third = _mm512_set1_epi32((int)0xaaaaaaabu); /* the inverse of 3 modulo 2^32 */
    if (!max_after)
        return x;
    __m512i pair = iso_half_product(x);
    __m512i term = _mm512_mask_mov_epi32(x, _mm512_cmpeq_epi32_mask(after, _mm512_set1_epi32(1)), pair);
    if (max_after >= 2) {
        __m512i triple = _mm512_mullo_epi32(_mm512_mullo_epi32(pair, _mm512_add_epi32(x, _mm512_set1_epi32(2))),
                                            third);
        term = _mm512_mask_mov_epi32(term, _mm512_cmpeq_epi32_mask(after, _mm512_set1_epi32(2)), triple);
    }
    if (max_after >= 3) {
        __m512i v = _mm512_srli_epi32(_mm512_mullo_epi32(x, _mm512_add_epi32(x, _mm512_set1_epi32(3))), 1);
        __m512i quad = _mm512_mullo_epi32(iso_half_product(v), third);
        term = _mm512_mask_mov_epi32(term, _mm512_cmpeq_epi32_mask(after, _mm512_set1_epi32(3)), quad);
    }
    return term;
}

#define ISO_DESCEND_V(a, b)                          \
    do {                                             \
        __m512i hi_ = _mm512_max_epu32((a), (b));    \
        (b) = _mm512_min_epu32((a), (b));            \
        (a) = hi_;                                   \
    } while (0)

/*
 * Rows of K0 + K1 + S cards (K0 <= 4 in the first round, K1 in the second, S rounds of one card), sixteen a
 * step; the rest to the scalar kernel.  K0, K1 and S are constants where inlined.
 */
HR_AVX512 static inline int64_t avx512_index_k(const handrank_iso_street *t, const iso_avx512_consts *q,
                                               const uint8_t *rows, int64_t n, uint64_t *out, const int K0,
                                               const int K1, const int S) {
    const int k = K0 + K1 + S;
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(1), two = _mm512_set1_epi32(2);
    const __m512i suit_bits = _mm512_set1_epi32(3);
    const __m512i rank_bits = _mm512_set1_epi32(0x1fff), low12 = _mm512_set1_epi32(0xfff);
    const __m512i lowest = _mm512_set1_epi32(t->lowest), span = _mm512_set1_epi32(52 - t->lowest);
    const __m512i low_rank = _mm512_set1_epi32(t->lowest / ISO_SUITS);
    const __m512i n_ranks = _mm512_set1_epi32(ISO_RANKS - t->lowest / ISO_SUITS);
    const __m512i x_bits = _mm512_set1_epi32((int)((1u << q->key_bits) - 1));
    const __m512i binom_lo = _mm512_loadu_si512(q->binomial), binom_hi = _mm512_loadu_si512(q->binomial + 16);
    const __m512i radix1 = _mm512_set1_epi32((int)q->radix[K1 ? 1 : 0]);
    const __m512i mul_lo = _mm512_set1_epi32((int)(uint32_t)t->hash_mul);
    const __m512i mul_hi = _mm512_set1_epi32((int)(uint32_t)(t->hash_mul >> 32));
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i spread = _mm512_mullo_epi32(lane, _mm512_set1_epi32(k)); /* byte 0 of lane l: l * k */
    const __mmask64 bytes0 = 0x1111111111111111ULL;
    const unsigned key_bits = q->key_bits, max_after = q->max_after;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const uint8_t *p = rows + i * k;
        const __m512i lo = _mm512_maskz_loadu_epi8(q->first, p), hi = _mm512_maskz_loadu_epi8(q->second, p + 64);
        __m512i card[8], any[2] = {zero, zero}, sum[2] = {zero, zero};
        __m512i first[2] = {zero, zero}, second[2] = {zero, zero};
        __mmask16 bad = 0;
        for (int j = 0; j < k; ++j) {
            __m512i c = _mm512_maskz_permutex2var_epi8(bytes0, lo, _mm512_add_epi32(spread, _mm512_set1_epi32(j)),
                                                       hi);
            card[j] = c;
            bad |= _mm512_cmpge_epu32_mask(_mm512_sub_epi32(c, lowest), span);
            /* the rank's bit at 16 * (suit & 1) in the vector of suits 0-1 or 2-3 */
            __m512i place = _mm512_sub_epi32(_mm512_add_epi32(_mm512_srli_epi32(c, 2),
                                                              _mm512_slli_epi32(_mm512_and_si512(c, one), 4)),
                                             low_rank);
            __m512i bit = _mm512_sllv_epi32(one, place);
            __mmask16 up = _mm512_test_epi32_mask(c, two);
            any[0] = _mm512_mask_or_epi32(any[0], (__mmask16)~up, any[0], bit);
            any[1] = _mm512_mask_or_epi32(any[1], up, any[1], bit);
            sum[0] = _mm512_mask_add_epi32(sum[0], (__mmask16)~up, sum[0], bit);
            sum[1] = _mm512_mask_add_epi32(sum[1], up, sum[1], bit);
            if (j < K0) {
                first[0] = _mm512_mask_or_epi32(first[0], (__mmask16)~up, first[0], bit);
                first[1] = _mm512_mask_or_epi32(first[1], up, first[1], bit);
            } else if (j < K0 + K1) {
                second[0] = _mm512_mask_or_epi32(second[0], (__mmask16)~up, second[0], bit);
                second[1] = _mm512_mask_or_epi32(second[1], up, second[1], bit);
            }
        }
        bad |= _mm512_cmpneq_epi32_mask(any[0], sum[0]) | _mm512_cmpneq_epi32_mask(any[1], sum[1]);
        if (bad) { /* a card twice or one outside the deck: the scalar kernel finds the row */
            uint8_t copy[128];
            _mm512_storeu_si512(copy, lo);
            _mm512_storeu_si512(copy + 64, hi);
            int64_t row = hr_iso_index_scalar(t, copy, 16, out + i);
            if (row >= 0)
                return i + row;
            continue;
        }
        /* the second round's masks with the places of the first round's ranks taken out, the highest first */
        __m512i squeezed[2] = {second[0], second[1]};
        if (K1) {
            __m512i hole[4];
            for (int j = 0; j < K0; ++j) hole[j] = card[j];
            if (K0 >= 2) ISO_DESCEND_V(hole[0], hole[1]);
            if (K0 >= 3) { ISO_DESCEND_V(hole[1], hole[2]); ISO_DESCEND_V(hole[0], hole[1]); }
            if (K0 >= 4) { ISO_DESCEND_V(hole[2], hole[3]); ISO_DESCEND_V(hole[1], hole[2]); ISO_DESCEND_V(hole[0], hole[1]); }
            for (int j = 0; j < K0; ++j) {
                __m512i c = hole[j];
                __m512i rank = _mm512_sub_epi32(_mm512_srli_epi32(c, 2), low_rank);
                __m512i above = _mm512_and_si512(_mm512_sllv_epi32(_mm512_set1_epi32(0xfffe), rank),
                                                 _mm512_set1_epi32(0xffff));
                above = _mm512_sllv_epi32(above, _mm512_slli_epi32(_mm512_and_si512(c, one), 4));
                __mmask16 up = _mm512_test_epi32_mask(c, two);
                for (int h = 0; h < 2; ++h) {
                    __m512i a = _mm512_maskz_mov_epi32(h ? up : (__mmask16)~up, above);
                    __m512i moved = _mm512_srli_epi32(_mm512_and_si512(squeezed[h], a), 1);
                    squeezed[h] = _mm512_or_si512(_mm512_andnot_si512(a, squeezed[h]), moved);
                }
            }
        }
        /* each suit's index and shape code over the first two rounds */
        __m512i x[ISO_SUITS], code[ISO_SUITS], free[ISO_SUITS];
        for (int s = 0; s < ISO_SUITS; ++s) {
            __m512i m0 = s & 1 ? _mm512_srli_epi32(first[s >> 1], 16) : _mm512_and_si512(first[s >> 1], rank_bits);
            __m512i c0 = iso_gather_u16(t->colex, m0);
            __m512i n0 = _mm512_srli_epi32(c0, 12);
            x[s] = _mm512_and_si512(c0, low12);
            code[s] = n0;
            free[s] = _mm512_sub_epi32(n_ranks, n0);
            if (K1) {
                __m512i m1 = s & 1 ? _mm512_srli_epi32(squeezed[s >> 1], 16)
                                   : _mm512_and_si512(squeezed[s >> 1], rank_bits);
                __m512i c1 = iso_gather_u16(t->colex, m1);
                __m512i n1 = _mm512_srli_epi32(c1, 12);
                __m512i radix = _mm512_permutex2var_epi32(
                    binom_lo, _mm512_add_epi32(_mm512_mullo_epi32(n0, _mm512_set1_epi32(K1 + 1)), n1), binom_hi);
                x[s] = _mm512_add_epi32(_mm512_mullo_epi32(x[s], radix), _mm512_and_si512(c1, low12));
                code[s] = _mm512_add_epi32(code[s], _mm512_mullo_epi32(n1, radix1));
                free[s] = _mm512_sub_epi32(free[s], n1);
            }
        }
        /* a round of one card: its rank among those its suit has left */
        __m512i used[2] = {_mm512_or_si512(first[0], second[0]), _mm512_or_si512(first[1], second[1])};
        for (int j = 0; j < S; ++j) {
            __m512i c = card[K0 + K1 + j];
            __m512i rank = _mm512_sub_epi32(_mm512_srli_epi32(c, 2), low_rank);
            __m512i half = _mm512_slli_epi32(_mm512_and_si512(c, one), 4);
            __mmask16 up = _mm512_test_epi32_mask(c, two);
            __m512i below = _mm512_sllv_epi32(_mm512_sub_epi32(_mm512_sllv_epi32(one, rank), one), half);
            __m512i held = _mm512_mask_blend_epi32(up, used[0], used[1]);
            __m512i place = _mm512_sub_epi32(rank, _mm512_popcnt_epi32(_mm512_and_si512(held, below)));
            __m512i bit = _mm512_sllv_epi32(one, _mm512_add_epi32(rank, half));
            used[0] = _mm512_mask_or_epi32(used[0], (__mmask16)~up, used[0], bit);
            used[1] = _mm512_mask_or_epi32(used[1], up, used[1], bit);
            const __m512i suit = _mm512_and_si512(c, suit_bits), radix = _mm512_set1_epi32((int)q->radix[2 + j]);
            for (int s = 0; s < ISO_SUITS; ++s) {
                __mmask16 in = _mm512_cmpeq_epi32_mask(suit, _mm512_set1_epi32(s));
                x[s] = _mm512_mask_add_epi32(x[s], in, _mm512_mullo_epi32(x[s], free[s]), place);
                free[s] = _mm512_mask_sub_epi32(free[s], in, free[s], one);
                code[s] = _mm512_mask_add_epi32(code[s], in, code[s], radix);
            }
        }
        /* the keys sorted from the highest */
        __m512i key[ISO_SUITS];
        for (int s = 0; s < ISO_SUITS; ++s) key[s] = _mm512_or_si512(_mm512_slli_epi32(code[s], key_bits), x[s]);
        ISO_DESCEND_V(key[0], key[1]);
        ISO_DESCEND_V(key[2], key[3]);
        ISO_DESCEND_V(key[0], key[2]);
        ISO_DESCEND_V(key[1], key[3]);
        ISO_DESCEND_V(key[1], key[2]);
        /* the configuration: codes = c0 << 48 | c1 << 32 | c2 << 16 | c3, hashed as (codes * mul) >> shift */
        __m512i codes_hi = _mm512_or_si512(_mm512_slli_epi32(_mm512_srli_epi32(key[0], key_bits), 16),
                                           _mm512_srli_epi32(key[1], key_bits));
        __m512i codes_lo = _mm512_or_si512(_mm512_slli_epi32(_mm512_srli_epi32(key[2], key_bits), 16),
                                           _mm512_srli_epi32(key[3], key_bits));
        __m512i product_hi = _mm512_add_epi32(
            iso_mulhi(codes_lo, mul_lo),
            _mm512_add_epi32(_mm512_mullo_epi32(codes_hi, mul_lo), _mm512_mullo_epi32(codes_lo, mul_hi)));
        __m512i slot = _mm512_srli_epi32(product_hi, q->slot_shift);
        __m512i config = iso_gather_u16(t->slots, slot);
        /* the low halves of the record's words: offset 0, multipliers 2..4 (position 0's is 1), groups 5 */
        __m512i word = _mm512_slli_epi32(config, 4);
        const void *base = (const void *)t->configs;
        __m512i offset = _mm512_i32gather_epi32(word, base, 4);
        __m512i mult1 = _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(4)), base, 4);
        __m512i mult2 = _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(6)), base, 4);
        __m512i mult3 = _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(8)), base, 4);
        __m512i groups = max_after ? _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(10)), base, 4)
                                   : zero;
        const __m512i byte = _mm512_set1_epi32(0xff);
        __m512i index = _mm512_add_epi32(offset, iso_term(_mm512_and_si512(key[0], x_bits),
                                                          _mm512_and_si512(groups, byte), max_after));
        index = _mm512_add_epi32(
            index, _mm512_mullo_epi32(mult1, iso_term(_mm512_and_si512(key[1], x_bits),
                                                      _mm512_and_si512(_mm512_srli_epi32(groups, 8), byte),
                                                      max_after)));
        index = _mm512_add_epi32(
            index, _mm512_mullo_epi32(mult2, iso_term(_mm512_and_si512(key[2], x_bits),
                                                      _mm512_and_si512(_mm512_srli_epi32(groups, 16), byte),
                                                      max_after)));
        index = _mm512_add_epi32(index, _mm512_mullo_epi32(mult3, _mm512_and_si512(key[3], x_bits)));
        _mm512_storeu_si512(out + i, _mm512_cvtepu32_epi64(_mm512_castsi512_si256(index)));
        _mm512_storeu_si512(out + i + 8, _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(index, 1)));
    }
    if (i < n) {
        int64_t row = hr_iso_index_scalar(t, rows + i * k, n - i, out + i);
        return row >= 0 ? i + row : -1;
    }
    return -1;
}

/* The AVX-512 kernel where it takes the street, else -2. */
HR_AVX512 static int64_t avx512_index(const handrank_iso_street *t, const uint8_t *rows, int64_t n, uint64_t *out) {
    const int R = t->n_rounds;
    int S = 0;
    for (int r = 2; r < R; ++r) {
        if (t->rounds[r] != 1)
            return -2;
        ++S;
    }
    const int K0 = t->rounds[0], K1 = R > 1 ? t->rounds[1] : 0;
    iso_avx512_consts q;
    if (!iso_avx512_fits(t, K0, K1, S, &q))
        return -2;
    /* The common streets with their counts as constants; any other that fits with them as variables. */
#define ISO_AVX512(a, b, c)                                                                                     \
    if (K0 == (a) && K1 == (b) && S == (c))                                                                       \
    return avx512_index_k(t, &q, rows, n, out, a, b, c)
    ISO_AVX512(2, 0, 0);
    ISO_AVX512(2, 3, 0);
    ISO_AVX512(2, 4, 0);
    ISO_AVX512(2, 5, 0);
    ISO_AVX512(2, 3, 1);
    ISO_AVX512(2, 3, 2);
    ISO_AVX512(4, 0, 0);
#undef ISO_AVX512
    return avx512_index_k(t, &q, rows, n, out, K0, K1, S);
}
#endif

int64_t handrank_iso_index(const handrank_iso_street *street, const uint8_t *rows, int64_t n, uint64_t *out) {
#ifdef HR_HAVE_AVX512
    if (n >= 16 && handrank_simd_active() == HANDRANK_SIMD_AVX512) {
        int64_t bad = avx512_index(street, rows, n, out);
        if (bad != -2)
            return bad;
    }
#endif
    return hr_iso_index_scalar(street, rows, n, out);
}
