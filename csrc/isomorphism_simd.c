/*
 * Hand isomorphism's entry point for indexing rows (handrank_iso_index),
 * and its AVX-512 and AVX2 kernels, used where handrank_simd_active
 * (cpu.c) chose them; everything else, the rows left at the end and the
 * steps with an invalid row go to the scalar kernel (isomorphism.c), which
 * never calls back, so the answers and the first bad row are its own.
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
 * which is below 2^32.
 *
 * AVX2, eight rows a step, the same streets and steps in 32-bit lanes.  The
 * step's 8k bytes come in two loads (masked to whole dwords where short);
 * a dword permute puts the rows by pairs in 128-bit halves and a byte
 * shuffle of each half takes four cards of each row to its lane.  A card's
 * place, 16 * suit + rank, gives its bit in the dword of suits 0-1 and of
 * 2-3 by two variable shifts (a count of 32 or more shifts in zeros), so
 * no card needs a compare or a blend; ids outside the deck are found on
 * the bytes.  The colex gathers read at 2-byte steps (no suit holds 13
 * ranks, so the pair's second entry is in the table); a binomial is a
 * permute of comb(n_ranks - c0, c1) by c1 for each c0, blended by c0; a
 * single card's rank among those its suit has left is counted by nibble
 * shuffles; unsigned 32-bit min and max sort the keys.  No kernel reads a
 * row twice: what it hands to the scalar kernel is a copy of the bytes it
 * loaded.
 */
#include "handrank.h"
#include "internal.h"

#if defined(HR_HAVE_AVX512) || defined(HR_HAVE_AVX2)

#define ISO_SUITS 4
#define ISO_RANKS 13

/* A street's constants for the SIMD kernels. */
typedef struct {
    uint32_t binomial[32];   /* comb(n_ranks - c0, c1) at c0 * (K1 + 1) + c1 (AVX-512) */
    uint32_t by_first[5][8]; /* comb(n_ranks - c0, c1) at [c0][c1] (AVX2) */
    uint32_t radix[HANDRANK_ISO_MAX_ROUNDS];
    unsigned key_bits;       /* a suit hand's key: code << key_bits | index */
    unsigned slot_shift;     /* the hash's shift less 32 */
    unsigned max_after;      /* the most suits after one in its group, over the configurations */
    __mmask64 first, second; /* a step's bytes among the first 64 and the next 64 */
} iso_simd_consts;

/* Bits of v (0 for 0). */
static unsigned iso_bits(uint64_t v) {
    unsigned b = 0;
    while (v >> b) ++b;
    return b;
}

/*
 * Whether the SIMD kernels take the street (K0, K1 and S singles from its rounds), and its constants; the
 * AVX-512 kernel's binomials by c0 * (K1 + 1) + c1 also need (K0 + 1) * (K1 + 1) <= 32, the AVX2 kernel's by
 * [c0][c1] K1 <= 7.
 */
static int iso_simd_fits(const handrank_iso_street *t, int K0, int K1, int S, iso_simd_consts *q) {
    const int k = K0 + K1 + S;
    const unsigned n_ranks = ISO_RANKS - (unsigned)t->lowest / ISO_SUITS;
    if (K0 > 4 || K1 > 7 || k > 8 || t->size > ((uint64_t)1 << 32) || t->hash_shift < 32)
        return 0;
    for (int c0 = 0; c0 <= 4; ++c0)
        for (int c1 = 0; c1 < 8; ++c1)
            q->by_first[c0][c1] = (unsigned)(c0 + c1) <= n_ranks
                                      ? (uint32_t)t->binomial[(n_ranks - (unsigned)c0) * (ISO_RANKS + 1) + (unsigned)c1]
                                      : 0;
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
            if (c0 * (K1 + 1) + c1 < 32)
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

#endif

#ifdef HR_HAVE_AVX512
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
/*
 * The indices of a step's sixteen rows, to out, from their configurations (gathered from t->slots) and their
 * suits' keys sorted from the highest: the configuration's record (offset, multipliers, groups) in five
 * gathers.  A step's configuration is gathered the step after its keys, and its record the step after that
 * (avx512_index_k): the core issues gathers in order, and one that waits on an older one's result holds up
 * every younger one.
 */
HR_AVX512 static inline void avx512_iso_finish(const handrank_iso_street *t, __m512i config, const __m512i *key,
                                               __m512i x_bits, unsigned max_after, uint64_t *out) {
    /* the low halves of the record's words: offset 0, multipliers 2..4 (position 0's is 1), groups 5 */
    __m512i word = _mm512_slli_epi32(config, 4);
    const void *base = (const void *)t->configs;
    __m512i offset = _mm512_i32gather_epi32(word, base, 4);
    __m512i mult1 = _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(4)), base, 4);
    __m512i mult2 = _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(6)), base, 4);
    __m512i mult3 = _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(8)), base, 4);
    __m512i groups = max_after ? _mm512_i32gather_epi32(_mm512_add_epi32(word, _mm512_set1_epi32(10)), base, 4)
                               : _mm512_setzero_si512();
    const __m512i byte = _mm512_set1_epi32(0xff);
    __m512i index = _mm512_add_epi32(offset, iso_term(_mm512_and_si512(key[0], x_bits),
                                                      _mm512_and_si512(groups, byte), max_after));
    index = _mm512_add_epi32(
        index, _mm512_mullo_epi32(mult1, iso_term(_mm512_and_si512(key[1], x_bits),
                                                  _mm512_and_si512(_mm512_srli_epi32(groups, 8), byte), max_after)));
    index = _mm512_add_epi32(
        index, _mm512_mullo_epi32(mult2, iso_term(_mm512_and_si512(key[2], x_bits),
                                                  _mm512_and_si512(_mm512_srli_epi32(groups, 16), byte), max_after)));
    index = _mm512_add_epi32(index, _mm512_mullo_epi32(mult3, _mm512_and_si512(key[3], x_bits)));
    _mm512_storeu_si512(out, _mm512_cvtepu32_epi64(_mm512_castsi512_si256(index)));
    _mm512_storeu_si512(out + 8, _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(index, 1)));
}

HR_AVX512 static inline int64_t avx512_index_k(const handrank_iso_street *t, const iso_simd_consts *q,
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
    /* the steps whose indices are not yet written: the last one with valid rows (rows `last`.., none when -1:
       its keys and hash slot) and the one before it (`older`: its keys and configuration) */
    __m512i last_slot = zero, last_key[ISO_SUITS], older_config = zero, older_key[ISO_SUITS];
    for (int s = 0; s < ISO_SUITS; ++s) last_key[s] = older_key[s] = zero;
    int64_t last = -1, older = -1, found = -1; /* found: the first bad row */
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
            if (row >= 0) { /* the waiting steps are written before it returns */
                found = i + row;
                break;
            }
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
        /* the record of the step before last, then the configuration of the last: no gather waits on one
           just before it */
        if (older >= 0)
            avx512_iso_finish(t, older_config, older_key, x_bits, max_after, out + older);
        older = last;
        if (last >= 0) {
            older_config = iso_gather_u16(t->slots, last_slot);
            for (int s = 0; s < ISO_SUITS; ++s) older_key[s] = last_key[s];
        }
        last = i;
        last_slot = slot;
        for (int s = 0; s < ISO_SUITS; ++s) last_key[s] = key[s];
    }
    if (older >= 0)
        avx512_iso_finish(t, older_config, older_key, x_bits, max_after, out + older);
    if (last >= 0)
        avx512_iso_finish(t, iso_gather_u16(t->slots, last_slot), last_key, x_bits, max_after, out + last);
    if (found >= 0)
        return found;
    if (i < n) {
        int64_t row = hr_iso_index_scalar(t, rows + i * k, n - i, out + i);
        return row >= 0 ? i + row : -1;
    }
    return -1;
}

/* The AVX-512 kernel where it takes the street, else -2. */
HR_AVX512 static int64_t avx512_index(const handrank_iso_street *t, const uint8_t *rows, int64_t n, uint64_t *out,
                                      int K0, int K1, int S) {
    iso_simd_consts q;
    if ((K0 + 1) * (K1 + 1) > 32 || !iso_simd_fits(t, K0, K1, S, &q))
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

#ifdef HR_HAVE_AVX2
/*
 * Where a step's bytes go in the AVX2 kernel, for rows of k cards: the rows by pairs, (0, 1) and (4, 5) in
 * one vector's halves, (2, 3) and (6, 7) in another's, each half the four dwords that hold its pair; then a
 * byte shuffle of each per four cards.
 */
typedef struct {
    __m256i load[2];    /* the dwords of the step in the two loads */
    __m256i dwords[2];  /* each half's dwords, modulo 8 */
    __m256i second[2];  /* the dwords that come from the second load */
    __m256i pick[2];    /* cards 4g..4g + 3 of a lane's row, as bytes of the half */
    __m256i fill[2];    /* the deck's lowest id in the bytes past a row's cards */
} iso_avx2_layout;

HR_AVX2 static void iso_avx2_layout_of(iso_avx2_layout *a, int k, int lowest) {
    int32_t load[2][8], dwords[2][8], second[2][8];
    uint8_t pick[2][32], fill[2][32];
    for (int d = 0; d < 16; ++d) load[d / 8][d % 8] = d < 2 * k ? -1 : 0;
    for (int v = 0; v < 2; ++v)
        for (int h = 0; h < 2; ++h) {
            const int start = 2 * k * (v + 2 * h) / 4; /* the pair's first dword */
            for (int d = 0; d < 4; ++d) {
                dwords[v][4 * h + d] = (start + d) & 7;
                second[v][4 * h + d] = start + d >= 8 ? -1 : 0;
            }
        }
    for (int g = 0; g < 2; ++g)
        for (int l = 0; l < 8; ++l) {
            const int pair = l / 2, skip = 2 * k * pair % 4; /* the pair's bytes before its first dword */
            for (int b = 0; b < 4; ++b) {
                const int j = 4 * g + b;
                pick[g][4 * l + b] = (uint8_t)(j < k ? skip + (l & 1) * k + j : 0x80);
                fill[g][4 * l + b] = (uint8_t)(j < k ? 0 : lowest);
            }
        }
    for (int i = 0; i < 2; ++i) {
        a->load[i] = _mm256_loadu_si256((const __m256i *)(const void *)load[i]);
        a->dwords[i] = _mm256_loadu_si256((const __m256i *)(const void *)dwords[i]);
        a->second[i] = _mm256_loadu_si256((const __m256i *)(const void *)second[i]);
        a->pick[i] = _mm256_loadu_si256((const __m256i *)(const void *)pick[i]);
        a->fill[i] = _mm256_loadu_si256((const __m256i *)(const void *)fill[i]);
    }
}

/* The high 32 bits of each lane's product. */
HR_AVX2 static inline __m256i iso_mulhi_avx2(__m256i a, __m256i b) {
    __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(a, b), 32);
    __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
    return _mm256_blend_epi32(even, odd, 0xaa);
}

/* The bits set in each lane. */
HR_AVX2 static inline __m256i iso_popcount_avx2(__m256i v) {
    const __m256i bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1,
                                          2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    __m256i c = _mm256_add_epi8(_mm256_shuffle_epi8(bits, _mm256_and_si256(v, nibble)),
                                _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble)));
    return _mm256_madd_epi16(_mm256_maddubs_epi16(c, _mm256_set1_epi8(1)), _mm256_set1_epi16(1));
}

/* v * (v + 1) / 2 modulo 2^32 (v below 2^32 - 1): the even factor halved first. */
HR_AVX2 static inline __m256i iso_half_product_avx2(__m256i v) {
    const __m256i one = _mm256_set1_epi32(1);
    __m256i next = _mm256_add_epi32(v, one);
    __m256i odd = _mm256_cmpeq_epi32(_mm256_and_si256(v, one), one);
    __m256i a = _mm256_blendv_epi8(_mm256_srli_epi32(v, 1), v, odd);
    __m256i b = _mm256_blendv_epi8(next, _mm256_srli_epi32(next, 1), odd);
    return _mm256_mullo_epi32(a, b);
}

/* A suit's multiset term comb(x + after, after + 1) modulo 2^32, as iso_term of the AVX-512 kernel. */
HR_AVX2 static inline __m256i iso_term_avx2(__m256i x, __m256i after, unsigned max_after) {
    const __m256i third = _mm256_set1_epi32((int)0xaaaaaaabu); /* the inverse of 3 modulo 2^32 */
    if (!max_after)
        return x;
    __m256i pair = iso_half_product_avx2(x);
    __m256i term = _mm256_blendv_epi8(x, pair, _mm256_cmpeq_epi32(after, _mm256_set1_epi32(1)));
    if (max_after >= 2) {
        __m256i triple = _mm256_mullo_epi32(_mm256_mullo_epi32(pair, _mm256_add_epi32(x, _mm256_set1_epi32(2))),
                                            third);
        term = _mm256_blendv_epi8(term, triple, _mm256_cmpeq_epi32(after, _mm256_set1_epi32(2)));
    }
    if (max_after >= 3) {
        __m256i v = _mm256_srli_epi32(_mm256_mullo_epi32(x, _mm256_add_epi32(x, _mm256_set1_epi32(3))), 1);
        __m256i quad = _mm256_mullo_epi32(iso_half_product_avx2(v), third);
        term = _mm256_blendv_epi8(term, quad, _mm256_cmpeq_epi32(after, _mm256_set1_epi32(3)));
    }
    return term;
}

#define ISO_DESCEND_AVX2(a, b)                       \
    do {                                             \
        __m256i hi_ = _mm256_max_epu32((a), (b));    \
        (b) = _mm256_min_epu32((a), (b));            \
        (a) = hi_;                                   \
    } while (0)

/*
 * Rows of K0 + K1 + S cards as in the AVX-512 kernel, eight a step; the rest to the scalar kernel.  A card's
 * place is 16 * suit + rank (less the deck's lowest rank): its bit is 1 << place in the dword of suits 0-1
 * and 1 << (place - 32) in that of suits 2-3 (a shift of 32 or more gives 0).  K0, K1 and S are constants
 * where inlined.
 */
/* The indices of a step's eight rows from their hash slots and sorted keys, to out, as avx512_iso_finish. */
HR_AVX2 static inline void avx2_iso_finish(const handrank_iso_street *t, __m256i slot, const __m256i *key,
                                           __m256i x_bits, unsigned max_after, uint64_t *out) {
    const __m256i one = _mm256_set1_epi32(1), lane_bits = _mm256_set1_epi32(0xffff), byte = _mm256_set1_epi32(0xff);
    /* the slot's 16-bit entry from the aligned pair that holds it */
    __m256i pair = _mm256_i32gather_epi32((const int *)(const void *)t->slots, _mm256_srli_epi32(slot, 1), 4);
    __m256i config =
        _mm256_and_si256(_mm256_srlv_epi32(pair, _mm256_slli_epi32(_mm256_and_si256(slot, one), 4)), lane_bits);
    /* the low halves of the record's words: offset 0, multipliers 2..4 (position 0's is 1), groups 5 */
    __m256i word = _mm256_slli_epi32(config, 4);
    const int *base = (const int *)(const void *)t->configs;
    __m256i offset = _mm256_i32gather_epi32(base, word, 4);
    __m256i mult1 = _mm256_i32gather_epi32(base + 4, word, 4);
    __m256i mult2 = _mm256_i32gather_epi32(base + 6, word, 4);
    __m256i mult3 = _mm256_i32gather_epi32(base + 8, word, 4);
    __m256i groups = max_after ? _mm256_i32gather_epi32(base + 10, word, 4) : _mm256_setzero_si256();
    __m256i index = _mm256_add_epi32(offset, iso_term_avx2(_mm256_and_si256(key[0], x_bits),
                                                           _mm256_and_si256(groups, byte), max_after));
    index = _mm256_add_epi32(
        index, _mm256_mullo_epi32(mult1, iso_term_avx2(_mm256_and_si256(key[1], x_bits),
                                                       _mm256_and_si256(_mm256_srli_epi32(groups, 8), byte),
                                                       max_after)));
    index = _mm256_add_epi32(
        index, _mm256_mullo_epi32(mult2, iso_term_avx2(_mm256_and_si256(key[2], x_bits),
                                                       _mm256_and_si256(_mm256_srli_epi32(groups, 16), byte),
                                                       max_after)));
    index = _mm256_add_epi32(index, _mm256_mullo_epi32(mult3, _mm256_and_si256(key[3], x_bits)));
    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_cvtepu32_epi64(_mm256_castsi256_si128(index)));
    _mm256_storeu_si256((__m256i *)(void *)(out + 4), _mm256_cvtepu32_epi64(_mm256_extracti128_si256(index, 1)));
}

HR_AVX2 HR_INLINE int64_t avx2_index_k(const handrank_iso_street *t, const iso_simd_consts *q,
                                           const uint8_t *rows, int64_t n, uint64_t *out, const int K0,
                                           const int K1, const int S) {
    const int k = K0 + K1 + S;
    iso_avx2_layout a;
    iso_avx2_layout_of(&a, k, t->lowest);
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), ones = _mm256_set1_epi32(-1);
    const __m256i thirty_two = _mm256_set1_epi32(32), lane_bits = _mm256_set1_epi32(0xffff);
    const __m256i rank_bits = _mm256_set1_epi32(0x1fff), low12 = _mm256_set1_epi32(0xfff);
    const __m256i byte = _mm256_set1_epi32(0xff), fifteen = _mm256_set1_epi32(15), lane_of = _mm256_set1_epi32(48);
    const __m256i lowest = _mm256_set1_epi8((char)t->lowest), span = _mm256_set1_epi8((char)(52 - t->lowest));
    const __m256i low_rank = _mm256_set1_epi8((char)(t->lowest / ISO_SUITS));
    const __m256i suit_bits = _mm256_set1_epi8(3), rank_of = _mm256_set1_epi8(0x3f);
    const __m256i n_ranks = _mm256_set1_epi32(ISO_RANKS - t->lowest / ISO_SUITS);
    const __m256i x_bits = _mm256_set1_epi32((int)((1u << q->key_bits) - 1));
    const __m128i key_bits = _mm_cvtsi32_si128((int)q->key_bits), slot_shift = _mm_cvtsi32_si128((int)q->slot_shift);
    __m256i by_first[5];
    for (int c = 0; c <= K0; ++c) by_first[c] = _mm256_loadu_si256((const __m256i *)(const void *)q->by_first[c]);
    const __m256i radix1 = _mm256_set1_epi32((int)q->radix[K1 ? 1 : 0]);
    const __m256i mul_lo = _mm256_set1_epi32((int)(uint32_t)t->hash_mul);
    const __m256i mul_hi = _mm256_set1_epi32((int)(uint32_t)(t->hash_mul >> 32));
    const unsigned max_after = q->max_after;
    const int *colex = (const int *)(const void *)t->colex;
    /* the last step with valid rows (rows `last`.., none when -1), whose indices are not yet written */
    __m256i last_slot = zero, last_key[ISO_SUITS];
    for (int s = 0; s < ISO_SUITS; ++s) last_key[s] = zero;
    int64_t last = -1, found = -1; /* found: the first bad row */
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const uint8_t *p = rows + i * k;
        /* the step's 8k bytes, each once: 8k is a whole number of dwords */
        const int *at = (const int *)(const void *)p;
        const __m256i lo = k >= 4 ? _mm256_loadu_si256((const __m256i *)(const void *)p)
                                  : _mm256_maskload_epi32(at, a.load[0]);
        const __m256i hi = k == 8 ? _mm256_loadu_si256((const __m256i *)(const void *)(p + 32))
                           : k > 4 ? _mm256_maskload_epi32(at + 8, a.load[1])
                                   : zero;
        __m256i pairs[2];
        for (int v = 0; v < 2; ++v) {
            pairs[v] = _mm256_permutevar8x32_epi32(lo, a.dwords[v]);
            if (k > 4)
                pairs[v] = _mm256_blendv_epi8(pairs[v], _mm256_permutevar8x32_epi32(hi, a.dwords[v]), a.second[v]);
        }
        /* each card's place as bytes, four cards to a lane; a byte outside the deck is bad */
        __m256i places[2], bad = zero;
        for (int g = 0; g < (k + 3) / 4; ++g) {
            __m256i c = _mm256_blend_epi32(_mm256_shuffle_epi8(pairs[0], a.pick[g]),
                                           _mm256_shuffle_epi8(pairs[1], a.pick[g]), 0xcc);
            __m256i off = _mm256_sub_epi8(_mm256_or_si256(c, a.fill[g]), lowest);
            bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(_mm256_max_epu8(off, span), off));
            places[g] = _mm256_sub_epi8(_mm256_add_epi8(_mm256_slli_epi32(_mm256_and_si256(c, suit_bits), 4),
                                                        _mm256_and_si256(_mm256_srli_epi32(c, 2), rank_of)),
                                        low_rank);
        }
        __m256i place[8], bit[8][2], first[2] = {zero, zero}, second[2] = {zero, zero}, rest[2] = {zero, zero};
        __m256i sum[2] = {zero, zero};
        for (int j = 0; j < k; ++j) {
            __m256i pl = places[j / 4];
            pl = j % 4 == 3 ? _mm256_srli_epi32(pl, 24)
                            : _mm256_and_si256(j % 4 ? _mm256_srli_epi32(pl, 8 * (j % 4)) : pl, byte);
            place[j] = pl;
            bit[j][0] = _mm256_sllv_epi32(one, pl);
            bit[j][1] = _mm256_sllv_epi32(one, _mm256_sub_epi32(pl, thirty_two));
            __m256i *round = j < K0 ? first : j < K0 + K1 ? second : rest;
            for (int h = 0; h < 2; ++h) {
                round[h] = _mm256_or_si256(round[h], bit[j][h]);
                sum[h] = _mm256_add_epi32(sum[h], bit[j][h]);
            }
        }
        /* a card twice shows as a carry */
        for (int h = 0; h < 2; ++h)
            bad = _mm256_or_si256(
                bad, _mm256_xor_si256(sum[h], _mm256_or_si256(_mm256_or_si256(first[h], second[h]), rest[h])));
        if (!_mm256_testz_si256(bad, bad)) { /* the scalar kernel finds the row, from the bytes loaded */
            uint8_t copy[64];
            _mm256_storeu_si256((__m256i *)(void *)copy, lo);
            _mm256_storeu_si256((__m256i *)(void *)(copy + 32), hi);
            int64_t row = hr_iso_index_scalar(t, copy, 8, out + i);
            if (row >= 0) { /* the waiting step is written before it returns */
                found = i + row;
                break;
            }
            continue;
        }
        /* the second round's masks with the places of the first round's ranks taken out, the highest first */
        __m256i squeezed[2] = {second[0], second[1]};
        if (K1) {
            __m256i hole[4];
            for (int j = 0; j < K0; ++j) hole[j] = place[j];
            if (K0 >= 2) ISO_DESCEND_AVX2(hole[0], hole[1]);
            if (K0 >= 3) { ISO_DESCEND_AVX2(hole[1], hole[2]); ISO_DESCEND_AVX2(hole[0], hole[1]); }
            if (K0 >= 4) { ISO_DESCEND_AVX2(hole[2], hole[3]); ISO_DESCEND_AVX2(hole[1], hole[2]); ISO_DESCEND_AVX2(hole[0], hole[1]); }
            for (int j = 0; j < K0; ++j) {
                /* the bits of the place's 16-bit lane above it */
                __m256i up = _mm256_add_epi32(hole[j], one), start = _mm256_and_si256(hole[j], lane_of);
                __m256i above[2] = {
                    _mm256_and_si256(_mm256_sllv_epi32(ones, up), _mm256_sllv_epi32(lane_bits, start)),
                    _mm256_and_si256(_mm256_sllv_epi32(ones, _mm256_sub_epi32(up, thirty_two)),
                                     _mm256_sllv_epi32(lane_bits, _mm256_sub_epi32(start, thirty_two)))};
                for (int h = 0; h < 2; ++h) {
                    __m256i moved = _mm256_srli_epi32(_mm256_and_si256(squeezed[h], above[h]), 1);
                    squeezed[h] = _mm256_or_si256(_mm256_andnot_si256(above[h], squeezed[h]), moved);
                }
            }
        }
        /* each suit's index and shape code over the first two rounds (no suit holds 13 ranks: a 2-byte step
         * gather's second entry is in the table) */
        __m256i x[ISO_SUITS], code[ISO_SUITS], free[ISO_SUITS];
        for (int s = 0; s < ISO_SUITS; ++s) {
            __m256i m0 = s & 1 ? _mm256_srli_epi32(first[s >> 1], 16) : _mm256_and_si256(first[s >> 1], rank_bits);
            __m256i c0 = _mm256_and_si256(_mm256_i32gather_epi32(colex, m0, 2), lane_bits);
            __m256i n0 = _mm256_srli_epi32(c0, 12);
            x[s] = _mm256_and_si256(c0, low12);
            code[s] = n0;
            free[s] = _mm256_sub_epi32(n_ranks, n0);
            if (K1) {
                __m256i m1 = s & 1 ? _mm256_srli_epi32(squeezed[s >> 1], 16)
                                   : _mm256_and_si256(squeezed[s >> 1], rank_bits);
                __m256i c1 = _mm256_and_si256(_mm256_i32gather_epi32(colex, m1, 2), lane_bits);
                __m256i n1 = _mm256_srli_epi32(c1, 12);
                __m256i radix = _mm256_permutevar8x32_epi32(by_first[0], n1);
                for (int c = 1; c <= K0; ++c)
                    radix = _mm256_blendv_epi8(radix, _mm256_permutevar8x32_epi32(by_first[c], n1),
                                               _mm256_cmpeq_epi32(n0, _mm256_set1_epi32(c)));
                x[s] = _mm256_add_epi32(_mm256_mullo_epi32(x[s], radix), _mm256_and_si256(c1, low12));
                code[s] = _mm256_add_epi32(code[s], _mm256_mullo_epi32(n1, radix1));
                free[s] = _mm256_sub_epi32(free[s], n1);
            }
        }
        /* a round of one card: its rank among those its suit has left */
        __m256i used[2] = {_mm256_or_si256(first[0], second[0]), _mm256_or_si256(first[1], second[1])};
        for (int j = 0; j < S; ++j) {
            const __m256i pl = place[K0 + K1 + j], start = _mm256_and_si256(pl, lane_of);
            __m256i below0 = _mm256_andnot_si256(_mm256_sllv_epi32(ones, pl), _mm256_sllv_epi32(ones, start));
            __m256i below1 = _mm256_andnot_si256(_mm256_sllv_epi32(ones, _mm256_sub_epi32(pl, thirty_two)),
                                                 _mm256_sllv_epi32(ones, _mm256_sub_epi32(start, thirty_two)));
            __m256i held = _mm256_or_si256(_mm256_and_si256(used[0], below0), _mm256_and_si256(used[1], below1));
            __m256i rank = _mm256_sub_epi32(_mm256_and_si256(pl, fifteen), iso_popcount_avx2(held));
            used[0] = _mm256_or_si256(used[0], bit[K0 + K1 + j][0]);
            used[1] = _mm256_or_si256(used[1], bit[K0 + K1 + j][1]);
            const __m256i suit = _mm256_srli_epi32(pl, 4), radix = _mm256_set1_epi32((int)q->radix[2 + j]);
            for (int s = 0; s < ISO_SUITS; ++s) {
                __m256i in = _mm256_cmpeq_epi32(suit, _mm256_set1_epi32(s));
                x[s] = _mm256_blendv_epi8(x[s], _mm256_add_epi32(_mm256_mullo_epi32(x[s], free[s]), rank), in);
                free[s] = _mm256_add_epi32(free[s], in);
                code[s] = _mm256_add_epi32(code[s], _mm256_and_si256(in, radix));
            }
        }
        /* the keys sorted from the highest */
        __m256i key[ISO_SUITS];
        for (int s = 0; s < ISO_SUITS; ++s) key[s] = _mm256_or_si256(_mm256_sll_epi32(code[s], key_bits), x[s]);
        ISO_DESCEND_AVX2(key[0], key[1]);
        ISO_DESCEND_AVX2(key[2], key[3]);
        ISO_DESCEND_AVX2(key[0], key[2]);
        ISO_DESCEND_AVX2(key[1], key[3]);
        ISO_DESCEND_AVX2(key[1], key[2]);
        /* the configuration: codes = c0 << 48 | c1 << 32 | c2 << 16 | c3, hashed as (codes * mul) >> shift */
        __m256i codes_hi = _mm256_or_si256(_mm256_slli_epi32(_mm256_srl_epi32(key[0], key_bits), 16),
                                           _mm256_srl_epi32(key[1], key_bits));
        __m256i codes_lo = _mm256_or_si256(_mm256_slli_epi32(_mm256_srl_epi32(key[2], key_bits), 16),
                                           _mm256_srl_epi32(key[3], key_bits));
        __m256i product_hi = _mm256_add_epi32(
            iso_mulhi_avx2(codes_lo, mul_lo),
            _mm256_add_epi32(_mm256_mullo_epi32(codes_hi, mul_lo), _mm256_mullo_epi32(codes_lo, mul_hi)));
        __m256i slot = _mm256_srl_epi32(product_hi, slot_shift);
        /* the configuration and record of the step before: no gather waits on one just before it */
        if (last >= 0)
            avx2_iso_finish(t, last_slot, last_key, x_bits, max_after, out + last);
        last = i;
        last_slot = slot;
        for (int s = 0; s < ISO_SUITS; ++s) last_key[s] = key[s];
    }
    if (last >= 0)
        avx2_iso_finish(t, last_slot, last_key, x_bits, max_after, out + last);
    if (found >= 0)
        return found;
    if (i < n) {
        int64_t row = hr_iso_index_scalar(t, rows + i * k, n - i, out + i);
        return row >= 0 ? i + row : -1;
    }
    return -1;
}

/* The AVX2 kernel where it takes the street, else -2. */
HR_AVX2 static int64_t avx2_index(const handrank_iso_street *t, const uint8_t *rows, int64_t n, uint64_t *out,
                                  int K0, int K1, int S) {
    iso_simd_consts q;
    if (!iso_simd_fits(t, K0, K1, S, &q))
        return -2;
    /* The common streets with their counts as constants; any other that fits with them as variables. */
#define ISO_AVX2(a, b, c)                                                                                       \
    if (K0 == (a) && K1 == (b) && S == (c))                                                                       \
    return avx2_index_k(t, &q, rows, n, out, a, b, c)
    ISO_AVX2(2, 0, 0);
    ISO_AVX2(2, 3, 0);
    ISO_AVX2(2, 4, 0);
    ISO_AVX2(2, 5, 0);
    ISO_AVX2(2, 3, 1);
    ISO_AVX2(2, 3, 2);
    ISO_AVX2(4, 0, 0);
#undef ISO_AVX2
    return avx2_index_k(t, &q, rows, n, out, K0, K1, S);
}
#endif

int64_t handrank_iso_index(const handrank_iso_street *street, const uint8_t *rows, int64_t n, uint64_t *out) {
#if defined(HR_HAVE_AVX512) || defined(HR_HAVE_AVX2)
    int K0, K1, S;
    const int fast = hr_iso_layout(street, &K0, &K1, &S);
#endif
#ifdef HR_HAVE_AVX512
    if (fast && n >= 16 && handrank_simd_active() == HANDRANK_SIMD_AVX512) {
        int64_t bad = avx512_index(street, rows, n, out, K0, K1, S);
        if (bad != -2)
            return bad;
    }
#endif
#ifdef HR_HAVE_AVX2
    if (fast && n >= 8 && handrank_simd_active() == HANDRANK_SIMD_AVX2) {
        int64_t bad = avx2_index(street, rows, n, out, K0, K1, S);
        if (bad != -2)
            return bad;
    }
#endif
    return hr_iso_index_scalar(street, rows, n, out);
}
