/*
 * SIMD kernels for contiguous uint8 rows of 5..7 cards and for contiguous
 * card masks, chosen at run time (handrank_simd_use), and the choice itself.
 *
 * AVX-512, sixteen rows a vector of 32-bit lanes, two vectors a step: byte
 * permutes bring card j of every row into a lane; the rank key adds up by a
 * permute of the thirteen ranks' keys, the suit counters (biased so that
 * five of a suit sets a top bit) by a permute of the four suits'; each row's
 * cards set bits in two 32-bit halves of its card mask (a shift by 32 or
 * more sets none), and the row is valid when the halves hold k bits and no
 * id past 51.  The rank key hashes
 * as in the scalar kernel and two gathers read the displacement and the
 * class; lanes that hold a flush are ranked again one by one by the scalar
 * formula.  A step with an invalid row, and the rows left at the end, go to
 * the scalar kernel, so the answers and the first bad row are its own.
 */
#include "handrank.h"
#include "internal.h"

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define HR_HAVE_AVX512 1
#include <immintrin.h>

#define HR_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512vpopcntdq")))

/* 16-bit entries of an even-sized table at each lane's index, by 32-bit gathers that stay inside it. */
HR_AVX512 static inline __m512i gather_u16(const uint16_t *table, __m512i index) {
    __m512i words = _mm512_i32gather_epi32(_mm512_srli_epi32(index, 1), (const void *)table, 4);
    __m512i shift = _mm512_slli_epi32(_mm512_and_si512(index, _mm512_set1_epi32(1)), 4);
    return _mm512_and_si512(_mm512_srlv_epi32(words, shift), _mm512_set1_epi32(0xffff));
}

/* The no-flush class of each lane's rank key: the scalar kernel's hash, two gathers. */
HR_AVX512 static inline __m512i avx512_plain(__m512i key) {
    __m512i h = _mm512_mullo_epi32(key, _mm512_set1_epi32((int)HANDRANK_HASH_MUL));
    __m512i disp = gather_u16(handrank_hash_disp, _mm512_srli_epi32(h, 32 - HANDRANK_HASH_BUCKET_BITS));
    __m512i slot = _mm512_xor_si512(_mm512_and_si512(h, _mm512_set1_epi32((int)HR_SLOT_MASK)), disp);
    return gather_u16(handrank_hash_values, slot);
}

typedef struct {
    __m512i rank_key, suit_key, idx[7];
    __mmask64 first, second;
} avx512_consts;

/* The key tables, and the permutes that bring card j of each of sixteen `stride`-byte records into a lane. */
HR_AVX512 static inline void avx512_init(avx512_consts *q, const int stride, const int cards) {
    uint32_t rank_key[16] = {0}, suit_key[16];
    for (int r = 0; r < 13; r++)
        rank_key[r] = (uint32_t)handrank_card_key[4 * r];
    for (int x = 0; x < 16; x++)
        suit_key[x] = 1u << (4 * (x & 3)); /* a lane's id mod 16 has its suit in the low two bits */
    q->rank_key = _mm512_loadu_si512(rank_key);
    q->suit_key = _mm512_loadu_si512(suit_key);
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    for (int j = 0; j < cards; j++) /* byte 4 * lane of card j's permute: record lane's card j */
        q->idx[j] = _mm512_add_epi32(_mm512_mullo_epi32(lane, _mm512_set1_epi32(stride)), _mm512_set1_epi32(j));
    q->first = stride * 16 >= 64 ? ~0ULL : (1ULL << (stride * 16)) - 1;
    q->second = stride * 16 >= 128 ? ~0ULL : stride * 16 > 64 ? (1ULL << (stride * 16 - 64)) - 1 : 0;
}

/* Sixteen rows at p: each one's rank key and suit counters, and which rows are valid. */
HR_AVX512 static inline __mmask16 avx512_sixteen(const avx512_consts *q, const uint8_t *p, const int K, __m512i *key,
                                                 __m512i *suits) {
    const __mmask64 low_bytes = 0x1111111111111111ULL;
    const __m512i one = _mm512_set1_epi32(1), c32 = _mm512_set1_epi32(32);
    __m512i lo = _mm512_maskz_loadu_epi8(q->first, p), hi = _mm512_maskz_loadu_epi8(q->second, p + 64);
    __m512i k = _mm512_setzero_si512(), s = _mm512_set1_epi32(0x3333);
    __m512i below = _mm512_setzero_si512(), above = _mm512_setzero_si512();
    for (int j = 0; j < K; j++) {
        __m512i c = _mm512_maskz_permutex2var_epi8(low_bytes, lo, q->idx[j], hi);
        k = _mm512_add_epi32(k, _mm512_permutexvar_epi32(_mm512_srli_epi32(c, 2), q->rank_key));
        s = _mm512_add_epi32(s, _mm512_permutexvar_epi32(c, q->suit_key));
        /* a shift by 32 or more gives 0: ids 0..31 set a bit of `below`, 32..63 of `above`, the rest none */
        below = _mm512_or_si512(below, _mm512_sllv_epi32(one, c));
        above = _mm512_or_si512(above, _mm512_sllv_epi32(one, _mm512_sub_epi32(c, c32)));
    }
    *key = k;
    *suits = s;
    __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(below), _mm512_popcnt_epi32(above));
    return _mm512_cmpeq_epi32_mask(count, _mm512_set1_epi32(K)) &
           _mm512_testn_epi32_mask(above, _mm512_set1_epi32((int)0xfff00000u)); /* ids 52..63 */
}

/* The classes of sixteen valid rows at p into out, flush lanes by the scalar formula. */
HR_AVX512 static inline void avx512_store(const uint8_t *p, const int K, __m512i key, __m512i suits, char *out) {
    _mm256_storeu_si256((__m256i *)(void *)out, _mm512_cvtepi32_epi16(avx512_plain(key)));
    unsigned flush = _mm512_test_epi32_mask(suits, _mm512_set1_epi32(0x8888));
    while (flush) {
        int lane = hr_ctz64(flush);
        flush &= flush - 1;
        const uint8_t *row = p + lane * K;
        uint64_t k64 = HANDRANK_KEY_BIAS, bits = 0;
        for (int j = 0; j < K; j++) {
            k64 += handrank_card_key[row[j]];
            bits |= handrank_suit_bit[row[j]];
        }
        hr_store_u16(out + 2 * lane, hr_finish(k64, bits));
    }
}

HR_AVX512 static inline int64_t avx512_rows_k(const uint8_t *cards, int64_t n, const int K, char *out) {
    avx512_consts q;
    avx512_init(&q, K, K);
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const uint8_t *p = cards + i * K;
        __m512i key0, suits0, key1, suits1;
        __mmask16 ok0 = avx512_sixteen(&q, p, K, &key0, &suits0);
        __mmask16 ok1 = avx512_sixteen(&q, p + 16 * K, K, &key1, &suits1);
        if ((ok0 & ok1) != 0xffff) {
            int64_t bad = handrank_rows_scalar(p, 32, K, out + 2 * i);
            if (bad >= 0)
                return i + bad;
            continue;
        }
        avx512_store(p, K, key0, suits0, out + 2 * i);
        avx512_store(p + 16 * K, K, key1, suits1, out + 2 * i + 32);
    }
    if (i < n) {
        int64_t bad = handrank_rows_scalar(cards + i * K, n - i, K, out + 2 * i);
        if (bad >= 0)
            return i + bad;
    }
    return -1;
}

HR_AVX512 static int64_t avx512_rows(const uint8_t *cards, int64_t n, int k, char *out) {
    switch (k) {
    case 5: return avx512_rows_k(cards, n, 5, out);
    case 6: return avx512_rows_k(cards, n, 6, out);
    default: return avx512_rows_k(cards, n, 7, out);
    }
}

/*
 * Contiguous card masks, sixteen a step: 5..7 cards and none past 51 (else
 * the scalar kernel takes the step), each mask's card ids by a byte
 * compress (VBMI2), then the rows' permutes, each card slot counted only
 * where the mask has that many cards.
 */
HR_AVX512 static int64_t avx512_masks(const uint64_t *masks, int64_t n, char *out) {
    avx512_consts q;
    avx512_init(&q, 8, 7); /* each mask's card ids in 8 bytes, at most 7 of them */
    uint8_t id[64];
    for (int b = 0; b < 64; b++)
        id[b] = (uint8_t)b;
    const __m512i ids = _mm512_loadu_si512(id);
    const __m512i five = _mm512_set1_epi64(5), seven = _mm512_set1_epi64(7);
    const __m512i high = _mm512_set1_epi64((int64_t)~((1ULL << 52) - 1));
    const __mmask64 low_bytes = 0x1111111111111111ULL;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i m0 = _mm512_loadu_si512(masks + i), m1 = _mm512_loadu_si512(masks + i + 8);
        __m512i n0 = _mm512_popcnt_epi64(m0), n1 = _mm512_popcnt_epi64(m1);
        __mmask8 ok0 = _mm512_cmpge_epu64_mask(n0, five) & _mm512_cmple_epu64_mask(n0, seven) &
                       _mm512_testn_epi64_mask(m0, high);
        __mmask8 ok1 = _mm512_cmpge_epu64_mask(n1, five) & _mm512_cmple_epu64_mask(n1, seven) &
                       _mm512_testn_epi64_mask(m1, high);
        if ((ok0 & ok1) != 0xff) {
            int64_t bad = handrank_masks_scalar(masks + i, 16, 8, (uint16_t *)(void *)(out + 2 * i), 2);
            if (bad >= 0)
                return i + bad;
            continue;
        }
        uint64_t cards[16]; /* each mask's card ids, ascending, in its 8 bytes */
        for (int l = 0; l < 16; l++)
            cards[l] = (uint64_t)_mm_cvtsi128_si64(
                _mm512_castsi512_si128(_mm512_maskz_compress_epi8(hr_load_u64(masks + i + l), ids)));
        __m512i lo = _mm512_loadu_si512(cards), hi = _mm512_loadu_si512(cards + 8);
        __m512i count =
            _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(n0)), _mm512_cvtepi64_epi32(n1), 1);
        __m512i key = _mm512_setzero_si512(), suits = _mm512_set1_epi32(0x3333);
        for (int j = 0; j < 7; j++) {
            __mmask16 has = _mm512_cmpgt_epi32_mask(count, _mm512_set1_epi32(j));
            __m512i c = _mm512_maskz_permutex2var_epi8(low_bytes, lo, q.idx[j], hi);
            key = _mm512_mask_add_epi32(key, has, key, _mm512_permutexvar_epi32(_mm512_srli_epi32(c, 2), q.rank_key));
            suits = _mm512_mask_add_epi32(suits, has, suits, _mm512_permutexvar_epi32(c, q.suit_key));
        }
        _mm256_storeu_si256((__m256i *)(void *)(out + 2 * i), _mm512_cvtepi32_epi16(avx512_plain(key)));
        unsigned flush = _mm512_test_epi32_mask(suits, _mm512_set1_epi32(0x8888));
        while (flush) {
            int l = hr_ctz64(flush);
            flush &= flush - 1;
            hr_store_u16(out + 2 * (i + l), handrank_evaluate_mask(hr_load_u64(masks + i + l)));
        }
    }
    if (i < n) {
        int64_t bad = handrank_masks_scalar(masks + i, n - i, 8, (uint16_t *)(void *)(out + 2 * i), 2);
        if (bad >= 0)
            return i + bad;
    }
    return -1;
}

static int cpu_has_avx512(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vpopcntdq");
}
#endif

static enum handrank_simd active = HANDRANK_SIMD_SCALAR;

unsigned handrank_simd_available(void) {
    unsigned kernels = 1u << HANDRANK_SIMD_SCALAR;
#ifdef HR_HAVE_AVX512
    if (cpu_has_avx512())
        kernels |= 1u << HANDRANK_SIMD_AVX512;
#endif
    return kernels;
}

int handrank_simd_use(enum handrank_simd kernel) {
    if ((unsigned)kernel > HANDRANK_SIMD_NEON || !(handrank_simd_available() >> kernel & 1))
        return -1;
    active = kernel;
    return 0;
}

enum handrank_simd handrank_simd_active(void) { return active; }

int64_t handrank_rows_simd(const uint8_t *cards, int64_t n, int k, char *out) {
#ifdef HR_HAVE_AVX512
    if (active == HANDRANK_SIMD_AVX512)
        return avx512_rows(cards, n, k, out);
#endif
    return handrank_rows_scalar(cards, n, k, out);
}

int64_t handrank_masks_simd(const uint64_t *masks, int64_t n, char *out) {
#ifdef HR_HAVE_AVX512
    if (active == HANDRANK_SIMD_AVX512)
        return avx512_masks(masks, n, out);
#endif
    return handrank_masks_scalar(masks, n, (ptrdiff_t)sizeof(uint64_t), (uint16_t *)(void *)out,
                                 (ptrdiff_t)sizeof(uint16_t));
}
