/*
 * The batch entry points for rows of 5..7 cards and for card masks, and
 * their SIMD kernels for contiguous rows (masks), in the kernel chosen at
 * run time (handrank_simd_active, cpu.c); everything else, and the tails
 * and the steps with an invalid row, goes to the scalar kernels
 * (evaluate.c), which never call back.
 *
 * AVX-512, sixteen rows at a time, two sixteens a step: a byte permute
 * spreads the rows to a qword each (the bytes past its cards distinct ids
 * past 51).  Byte permutes of the spread rows read tables by card id: the
 * three bytes of its rank's key, and two planes of suit counters; a sum
 * of each qword's bytes (vpsadbw) adds them up per row, and the sums make
 * the row's rank key and suit counters (biased so that five of a suit sets
 * a top bit).  A row holds a card twice when a byte of its qword equals
 * the byte one, two, three or four places round; an id past 51 shows in
 * the bytes as read.  The rank key hashes as in the scalar kernel and two
 * gathers read the displacement and the class, two steps apart (gathers
 * issue in order: one waiting on another's result stalls the rest, and
 * taking them apart ran the kernel 19% faster in cache).  Rows that hold a flush
 * are listed as a chunk of rows goes (no branch per vector) and ranked
 * again at its end, sixteen at a time: seven cards cannot hold a full
 * house or four of a kind beside a flush, so the class is the flush
 * table's at the ranks of the suit's cards.  A step with an invalid row,
 * and the rows left at the end, go to the scalar kernel, so the answers
 * and the first bad row are its own.  No kernel reads a row twice: what it
 * ranks again or hands to the scalar kernel is a copy of the bytes it
 * loaded, as another thread may write to the rows meanwhile (the GIL is
 * released).  Masks need no card ids:
 * avx512_masks counts each rank's cards from its nibble.  The AVX2 and
 * NEON kernels are described where they start.
 */
#include "handrank.h"
#include "internal.h"
#ifdef HR_HAVE_AVXVNNI
#include <cpuid.h>
#endif

/* The rows (masks) from i on, by the scalar kernel: the first bad one, or -1. */
static inline int64_t rows_rest(const uint8_t *cards, int64_t i, int64_t n, int k, char *out) {
    int64_t bad = i < n ? hr_rows_scalar(cards + i * k, n - i, k, out + 2 * i) : -1;
    return bad >= 0 ? i + bad : -1;
}

static inline int64_t masks_rest(const uint64_t *masks, int64_t i, int64_t n, char *out) {
    int64_t bad = i < n ? hr_masks_scalar(masks + i, n - i, 8, (uint16_t *)(void *)(out + 2 * i), 2) : -1;
    return bad >= 0 ? i + bad : -1;
}

/* A kernel specialised by its card count (5, 6 or 7) for each; for tools/mca.py, one count only (HR_MCA_CARDS). */
#ifdef HR_MCA_CARDS
#define HR_BY_CARDS(kernel, cards, n, k, out) ((void)(k), kernel(cards, n, HR_MCA_CARDS, out))
#else
#define HR_BY_CARDS(kernel, cards, n, k, out)                                                                   \
    ((k) == 5 ? kernel(cards, n, 5, out) : (k) == 6 ? kernel(cards, n, 6, out) : kernel(cards, n, 7, out))
#endif

#ifdef HR_HAVE_AVX2 /* and AVX-512 */
/*
 * The masks kernels' key weights, a vector's bytes (64; the AVX2 kernel takes 32): byte b is byte t of the key
 * of the rank in byte lane b % 4 of nibble vector v (0, 1: ranks 2b, 2b + 1 of a mask's low dword; 2, 3: ranks
 * 8 + 2b, 9 + 2b); ranks 13..15 weigh 0.
 */
static void mask_weights(uint8_t w[64], int t, int v) {
    for (int b = 0; b < 64; b++) {
        const int rank = 8 * (v >> 1) + 2 * (b & 3) + (v & 1);
        w[b] = (uint8_t)(rank < 13 ? handrank_card_key[4 * rank] >> (8 * t) : 0);
    }
}
#endif

#ifdef HR_HAVE_AVX512

/*
 * The no-flush class of each lane's rank key (in its low 16 bits): the scalar kernel's hash in two gathers,
 * the displacement (avx512_slot) and then the class (avx512_class).  This core issues gathers in program
 * order, a gather waiting on an older one's result holds up every younger one, so the rows kernel keeps a
 * step's two gathers apart: its classes are gathered two steps after its displacements (see avx512_rows_k).
 */
HR_AVX512 static inline __m512i avx512_slot(__m512i key) {
    return hr_avx512_slot(_mm512_mullo_epi32(key, _mm512_set1_epi32((int)HANDRANK_HASH_MUL)));
}

HR_AVX512 static inline __m512i avx512_class(__m512i slot) { return hr_gather_u16(handrank_hash_values, slot); }

/* The classes of 32 rows with no flush from their hash slots (rows 0..15 in slot0, 16..31 in slot1), to out. */
HR_AVX512 static inline void avx512_store_classes(char *out, __m512i slot0, __m512i slot1, __m512i even_words) {
    _mm512_storeu_si512((void *)out,
                        _mm512_permutex2var_epi16(avx512_class(slot0), even_words, avx512_class(slot1)));
}

/* Words 0, 2, .., 62 of two vectors, the low halves of their dwords in order: dword d holds 4d and 4d + 2. */
HR_AVX512 static inline __m512i avx512_even_words(void) {
    return _mm512_set_epi32(0x003e003c, 0x003a0038, 0x00360034, 0x00320030, 0x002e002c, 0x002a0028, 0x00260024,
                            0x00220020, 0x001e001c, 0x001a0018, 0x00160014, 0x00120010, 0x000e000c, 0x000a0008,
                            0x00060004, 0x00020000);
}

/*
 * Both kernels' hashing, a step of 32 keys at a time: its displacements gathered as it goes, its classes two
 * steps later (avx512_pipe_step), the slots and places of the two steps between in the pipe (places in a sink
 * before a chunk's first steps, avx512_pipe_start), and the last two steps' classes at a chunk's end
 * (avx512_pipe_drain), before its flushes are ranked over them.
 */
typedef struct {
    __m512i last0, last1, older0, older1, even_words;
    char *last, *older;
} avx512_pipe;

HR_AVX512 static inline void avx512_pipe_start(avx512_pipe *pp, uint16_t sink[32]) {
    pp->last0 = pp->last1 = pp->older0 = pp->older1 = _mm512_setzero_si512();
    pp->even_words = avx512_even_words();
    pp->last = pp->older = (char *)sink;
}

HR_AVX512 static inline void avx512_pipe_step(avx512_pipe *pp, __m512i key0, __m512i key1, char *out) {
    avx512_store_classes(pp->older, pp->older0, pp->older1, pp->even_words);
    pp->older0 = pp->last0;
    pp->older1 = pp->last1;
    pp->older = pp->last;
    pp->last0 = avx512_slot(key0);
    pp->last1 = avx512_slot(key1);
    pp->last = out;
}

HR_AVX512 static inline void avx512_pipe_drain(const avx512_pipe *pp) {
    avx512_store_classes(pp->older, pp->older0, pp->older1, pp->even_words);
    avx512_store_classes(pp->last, pp->last0, pp->last1, pp->even_words);
}

typedef struct {
    __m512i plane[5], spread[2], even_dwords;
    __mmask64 first, second, cards;
} avx512_consts;

/* The tables by card id, and the permutes that spread sixteen K-card rows to a qword each. */
HR_AVX512 static inline void avx512_init(avx512_consts *q, const int K) {
    /* planes 0..2: byte b of the card's rank key, at 4 * rank + suit; ids 52..63 read 0 */
    uint32_t plane[3][16] = {{0}};
    for (int r = 0; r < 13; r++)
        for (int b = 0; b < 3; b++) /* rank keys stay below 2**24 */
            plane[b][r] = (uint32_t)(uint8_t)(handrank_card_key[4 * r] >> (8 * b)) * 0x01010101u;
    for (int b = 0; b < 3; b++)
        q->plane[b] = _mm512_loadu_si512(plane[b]);
    /* planes 3 and 4: a count of 1 in the nibble of suits 0, 1 and of suits 2, 3 */
    q->plane[3] = _mm512_maskz_set1_epi32(0x1fff, 0x00001001);
    q->plane[4] = _mm512_maskz_set1_epi32(0x1fff, 0x10010000);
    /* the step's 16 * K bytes (80..112): all of the first 64, the rest of the second */
    q->first = ~0ULL;
    q->second = (1ULL << (16 * K - 64)) - 1;
    /* rows 8h..8h+7 a qword each: byte j the row's card j, or past its cards the id 248 + j */
    uint8_t spread[2][64];
    q->cards = 0;
    for (int h = 0; h < 2; h++)
        for (int b = 0; b < 64; b++) {
            const int row = 8 * h + b / 8, j = b % 8;
            spread[h][b] = (uint8_t)(j < K ? K * row + j : 248 + j);
            if (j < K)
                q->cards |= 1ULL << b;
        }
    q->spread[0] = _mm512_loadu_si512(spread[0]);
    q->spread[1] = _mm512_loadu_si512(spread[1]);
    uint32_t even_dwords[16];
    for (int w = 0; w < 16; w++)
        even_dwords[w] = (uint32_t)(2 * w);
    q->even_dwords = _mm512_loadu_si512(even_dwords);
}

/*
 * Sixteen rows at p: each one's rank key and suit counters in its lane, and whether they are all valid.
 * The 16 * K bytes as read go to copy (which has 128 bytes of room), for what is ranked of them later.
 */
HR_AVX512 static inline int avx512_sixteen(const avx512_consts *q, const uint8_t *p, uint8_t *copy, __m512i *key,
                                          __m512i *suits) {
    const __m512i zero = _mm512_setzero_si512();
    __m512i lo = _mm512_maskz_loadu_epi8(q->first, p), hi = _mm512_maskz_loadu_epi8(q->second, p + 64);
    _mm512_storeu_si512(copy, lo);
    _mm512_storeu_si512(copy + 64, hi);
    __m512i keys[2], counts[2]; /* rows 8h..8h+7: in the low dword of each qword */
    __mmask64 distinct = ~0ULL;
    for (int h = 0; h < 2; h++) {
        __m512i x = _mm512_mask2_permutex2var_epi8(lo, q->spread[h], q->cards, hi);
        /* the eight bytes of a row's qword differ pairwise: each against the bytes 1..4 places round */
        distinct = _mm512_mask_cmpneq_epi8_mask(distinct, x, _mm512_rol_epi64(x, 8));
        distinct = _mm512_mask_cmpneq_epi8_mask(distinct, x, _mm512_rol_epi64(x, 16));
        distinct = _mm512_mask_cmpneq_epi8_mask(distinct, x, _mm512_rol_epi64(x, 24));
        distinct = _mm512_mask_cmpneq_epi8_mask(distinct, x, _mm512_rol_epi64(x, 32));
        __m512i sum[5];
        for (int t = 0; t < 5; t++)
            sum[t] = _mm512_sad_epu8(_mm512_permutexvar_epi8(x, q->plane[t]), zero);
        keys[h] = _mm512_add_epi32(_mm512_add_epi32(sum[0], _mm512_slli_epi32(sum[1], 8)),
                                   _mm512_slli_epi32(sum[2], 16));
        counts[h] = _mm512_add_epi32(sum[3], _mm512_slli_epi32(sum[4], 8));
    }
    *key = _mm512_permutex2var_epi32(keys[0], q->even_dwords, keys[1]);
    *suits = _mm512_add_epi32(_mm512_permutex2var_epi32(counts[0], q->even_dwords, counts[1]),
                              _mm512_set1_epi32(0x3333));
    __mmask64 past = _mm512_cmpgt_epu8_mask(_mm512_max_epu8(lo, hi), _mm512_set1_epi8(51));
    return distinct == ~0ULL && past == 0;
}

/*
 * Lists the rows of a vector that hold a flush (bit 3 + 4 * suit of their suit counters) at pending +
 * *n_pending: each one's place `at` in its low half, its flush flags in the high half.
 */
HR_AVX512 static inline void avx512_list_flushes(__m512i suits, __m512i at, int32_t *pending, int *n_pending) {
    const __m512i flag = _mm512_and_si512(suits, _mm512_set1_epi32(0x8888));
    __mmask16 flush = _mm512_test_epi32_mask(flag, flag);
    __m512i listed = _mm512_maskz_compress_epi32(flush, _mm512_or_si512(at, _mm512_slli_epi32(flag, 16)));
    _mm512_storeu_si512(pending + *n_pending, listed); /* pending has room for a vector past the chunk */
    *n_pending += hr_popcount64(flush);
}

/*
 * Rows per chunk: the flush rows of a chunk are listed as it goes (with
 * their flush suits) and ranked again at its end, sixteen at a time: seven
 * cards cannot hold a full house or four of a kind beside a flush, so the
 * class is the flush table's at the ranks of the suit's cards.  They are
 * ranked from the chunk's bytes as its steps read them (a copy), not from
 * the caller's rows, which another thread may have changed since.
 */
#define HR_CHUNK 1024

HR_AVX512 static inline int64_t avx512_rows_k(const uint8_t *cards, int64_t n, const int K, char *out) {
    avx512_consts q;
    avx512_init(&q, K);
    avx512_pipe pipe;
    uint16_t sink[32]; /* the pipe's places before a chunk's first steps */
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    int32_t pending[HR_CHUNK + 32];
    uint8_t copy[HR_CHUNK * 7 + 128]; /* the chunk's rows as read; 128 bytes of room past the last step's */
    int64_t i = 0;
    while (i + 32 <= n) {
        const int64_t start = i, end = i + HR_CHUNK < n ? i + HR_CHUNK : n;
        int n_pending = 0;
        int64_t bad = -1;
        avx512_pipe_start(&pipe, sink);
        for (; i + 32 <= end; i += 32) {
            HR_MCA_BEGIN("avx512_rows", K, 32, 0);
            const uint8_t *p = cards + i * K;
            uint8_t *step = copy + (i - start) * K;
            for (int b = 0; b < 32 * K; b += 64) /* the step's lines, HR_STREAM_AHEAD on */
                hr_prefetch_ahead(p, HR_STREAM_AHEAD + b, 0);
            __m512i key0, suits0, key1, suits1;
            int ok0 = avx512_sixteen(&q, p, step, &key0, &suits0);
            int ok1 = avx512_sixteen(&q, p + 16 * K, step + 16 * K, &key1, &suits1);
            if (!(ok0 & ok1)) {
                bad = hr_rows_scalar(step, 32, K, out + 2 * i);
                if (bad >= 0) {
                    bad += i;
                    break;
                }
                continue;
            }
            avx512_pipe_step(&pipe, key0, key1, out + 2 * i);
            __m512i at = _mm512_add_epi32(lane, _mm512_set1_epi32((int)(i - start)));
            avx512_list_flushes(suits0, at, pending, &n_pending);
            avx512_list_flushes(suits1, _mm512_add_epi32(at, _mm512_set1_epi32(16)), pending, &n_pending);
            HR_MCA_END("avx512_rows", K, 32, 0);
        }
        avx512_pipe_drain(&pipe);
        /* the flush rows sixteen at a time: each card of the flush suit sets its rank's bit */
        const uint8_t *base = copy;
        const __m512i one = _mm512_set1_epi32(1), low = _mm512_set1_epi32(0xff), three = _mm512_set1_epi32(3);
        for (int f = 0; f < n_pending; f += 16) {
            __mmask16 live = n_pending - f >= 16 ? 0xffff : (__mmask16)((1u << (n_pending - f)) - 1);
            __m512i listed = _mm512_maskz_loadu_epi32(live, pending + f);
            __m512i at = _mm512_and_si512(listed, _mm512_set1_epi32(0xffff));
            /* the flush flag shifted down to bit 4 * suit, less one, has 4 * suit bits set */
            __m512i flag = _mm512_srli_epi32(listed, 16 + 3);
            __m512i suit = _mm512_srli_epi32(_mm512_popcnt_epi32(_mm512_sub_epi32(flag, one)), 2);
            __m512i offset = _mm512_mullo_epi32(at, _mm512_set1_epi32(K));
            __m512i w0 = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), live, offset, (const void *)base, 1);
            __m512i w1 = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), live,
                                                     _mm512_add_epi32(offset, _mm512_set1_epi32(K - 4)),
                                                     (const void *)base, 1);
            __m512i bits = _mm512_setzero_si512();
            for (int j = 0; j < K; j++) {
                __m512i c = j < 4 ? _mm512_srli_epi32(w0, 8u * (unsigned)j)
                                  : _mm512_srli_epi32(w1, 8u * (unsigned)(j - K + 4));
                c = _mm512_and_si512(c, low);
                __mmask16 match = _mm512_cmpeq_epi32_mask(_mm512_and_si512(c, three), suit);
                bits = _mm512_mask_or_epi32(bits, match, bits, _mm512_sllv_epi32(one, _mm512_srli_epi32(c, 2)));
            }
            uint16_t cls[16];
            int32_t where[16];
            _mm256_storeu_si256((__m256i *)(void *)cls, _mm512_cvtepi32_epi16(hr_gather_u16(handrank_flush, bits)));
            _mm512_storeu_si512(where, at);
            int m = n_pending - f < 16 ? n_pending - f : 16;
            for (int l = 0; l < m; l++)
                hr_store_u16(out + 2 * (start + where[l]), cls[l]);
        }
        if (bad >= 0)
            return bad;
    }
    return rows_rest(cards, i, n, K, out);
}

HR_AVX512 static int64_t avx512_rows(const uint8_t *cards, int64_t n, int k, char *out) {
    return HR_BY_CARDS(avx512_rows_k, cards, n, k, out);
}

/*
 * Contiguous card masks, sixteen a step: 5..7 cards and none past 51 (else
 * the scalar kernel takes the step).  A mask's nibble r holds rank r's
 * cards: a byte shuffle of each nibble counts them, and vpdpbusd sums the
 * counts times each rank's key byte by byte (four nibble vectors, three
 * bytes of key), as the AVX2 masks kernel does with AVX-VNNI.  The suits
 * are counted from the mask as a qword: its 8x8 bits transposed (one
 * gf2p8affineqb) put suit s's cards of the even ranks in byte s and of the
 * odd ranks in byte s + 4; a shuffle pairs them to a word and vpopcntw
 * counts each suit, and their sum is the card count.
 *
 * avx512_mask_suits: which of eight masks (a qword each) hold five cards
 * of a suit or more, and which are valid.  avx512_mask_keys: the rank keys
 * of sixteen masks (eight in m0, eight in m1), which hold a flush and
 * which are valid.
 */
typedef struct {
    __m512i weight[3][4], count, low_nibbles, low_words, high_words, unit, pairs;
} avx512_mask_consts;

HR_AVX512 static inline void avx512_mask_init(avx512_mask_consts *q) {
    for (int t = 0; t < 3; t++)
        for (int v = 0; v < 4; v++) {
            uint8_t w[64];
            mask_weights(w, t, v);
            q->weight[t][v] = _mm512_loadu_si512(w);
        }
    q->count = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    q->low_nibbles = _mm512_set1_epi8(0x0f);
    /* the matrix rows of gf2p8affineqb that take bit j of each byte of the matrix to byte j */
    q->unit = _mm512_set1_epi64((int64_t)0x8040201008040201ULL);
    q->pairs = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15));
    q->low_words = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    q->high_words = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
}

HR_AVX512 static inline void avx512_mask_suits(const avx512_mask_consts *q, __m512i m, __mmask8 *flush,
                                              __mmask8 *ok) {
    __m512i bits = _mm512_gf2p8affine_epi64_epi8(q->unit, m, 0);
    __m512i counts = _mm512_popcnt_epi16(_mm512_shuffle_epi8(bits, q->pairs)); /* suit s in word s */
    /* five of a suit or more: 3 more carries to bit 3 */
    *flush = _mm512_test_epi64_mask(_mm512_add_epi16(counts, _mm512_set1_epi16(3)), _mm512_set1_epi16(8));
    /* 5..7 cards (their sum less 5 at most 2, unsigned), none past 51 */
    __m512i cards = _mm512_sad_epu8(counts, _mm512_setzero_si512());
    *ok = _mm512_cmple_epu64_mask(_mm512_sub_epi64(cards, _mm512_set1_epi64(5)), _mm512_set1_epi64(2)) &
          _mm512_testn_epi64_mask(m, _mm512_set1_epi64((int64_t)0xfff0000000000000ULL));
}

HR_AVX512 static inline __m512i avx512_mask_keys(const avx512_mask_consts *q, __m512i m0, __m512i m1,
                                                 __mmask16 *flush, __mmask16 *ok) {
    __mmask8 flush0, flush1, ok0, ok1;
    avx512_mask_suits(q, m0, &flush0, &ok0);
    avx512_mask_suits(q, m1, &flush1, &ok1);
    *flush = _mm512_kunpackb(flush1, flush0);
    *ok = _mm512_kunpackb(ok1, ok0);
    __m512i lo = _mm512_permutex2var_epi32(m0, q->low_words, m1);  /* ranks 0..7 of each mask */
    __m512i hi = _mm512_permutex2var_epi32(m0, q->high_words, m1); /* ranks 8..15 */
    __m512i nib[4] = {_mm512_and_si512(lo, q->low_nibbles), _mm512_and_si512(_mm512_srli_epi16(lo, 4), q->low_nibbles),
                      _mm512_and_si512(hi, q->low_nibbles), _mm512_and_si512(_mm512_srli_epi16(hi, 4), q->low_nibbles)};
    __m512i counts[4];
    for (int v = 0; v < 4; v++)
        counts[v] = _mm512_shuffle_epi8(q->count, nib[v]);
    __m512i key = _mm512_setzero_si512();
    for (int t = 0; t < 3; t++) {
        __m512i sum = _mm512_setzero_si512();
        for (int v = t < 2 ? 0 : 2; v < 4; v++) /* the keys of ranks 0..7 have no byte 2 */
            sum = _mm512_dpbusd_epi32(sum, q->weight[t][v], counts[v]);
        key = t ? _mm512_add_epi32(key, _mm512_slli_epi32(sum, 8u * (unsigned)t)) : sum;
    }
    return key;
}

/*
 * The masks with a flush (bit l of `flush`: mask l holds five cards or more of a suit, of at most seven: one
 * suit) ranked again, as rows are, from a copy of the masks as read.
 */
HR_AVX512 static inline void avx512_mask_flushes(const uint64_t *masks, uint32_t flush, char *out) {
    while (flush) {
        const unsigned l = (unsigned)hr_ctz64(flush);
        flush &= flush - 1;
        const uint64_t m = hr_load_u64(masks + l);
        unsigned s = 0;
        for (unsigned t = 1; t < 4; t++)
            s += t * (hr_popcount64(m & 0x1111111111111ULL << t) >= 5);
        hr_store_u16(out + 2 * l, handrank_flush[_pext_u64(m, 0x1111111111111ULL << s)]);
    }
}

HR_AVX512 static inline void avx512_store_masks(uint64_t *copy, __m512i m0, __m512i m1, __m512i m2, __m512i m3) {
    _mm512_storeu_si512(copy, m0);
    _mm512_storeu_si512(copy + 8, m1);
    _mm512_storeu_si512(copy + 16, m2);
    _mm512_storeu_si512(copy + 24, m3);
}

/*
 * The masks kernel, 32 masks a step, in chunks as the rows kernel: the two gathers of a step's hash two steps
 * apart, and each step's flush words kept for the chunk's end, where the masks with a flush are ranked again
 * from its copy (in cache on a Sapphire Rapids core, 898-912 -> 930-936 M masks/s against gathering a step's
 * classes in the step and ranking its flushes there).
 */
HR_AVX512 static int64_t avx512_masks(const uint64_t *masks, int64_t n, char *out) {
    avx512_mask_consts q;
    avx512_mask_init(&q);
    avx512_pipe pipe;
    uint16_t sink[32]; /* the pipe's places before a chunk's first steps */
    uint64_t copy[HR_CHUNK];        /* the chunk's masks as read */
    uint32_t flushes[HR_CHUNK / 32]; /* bit l: mask l of a step holds a flush; 0 where the scalar kernel ranked it */
    int64_t i = 0;
    while (i + 32 <= n) {
        const int64_t start = i, end = i + HR_CHUNK < n ? i + HR_CHUNK : n;
        int64_t bad = -1;
        avx512_pipe_start(&pipe, sink);
        for (; i + 32 <= end; i += 32) {
            HR_MCA_BEGIN("avx512_masks", 0, 32, 0);
            const uint64_t *p = masks + i;
            for (int line = 0; line < 4; line++)
                hr_prefetch_ahead(p + 8 * line, HR_STREAM_AHEAD, 0);
            __m512i m0 = _mm512_loadu_si512(p), m1 = _mm512_loadu_si512(p + 8);
            __m512i m2 = _mm512_loadu_si512(p + 16), m3 = _mm512_loadu_si512(p + 24);
            uint64_t *step = copy + (i - start);
            avx512_store_masks(step, m0, m1, m2, m3);
            uint32_t *flush = flushes + (i - start) / 32;
            __mmask16 f0, f1, ok0, ok1;
            __m512i key0 = avx512_mask_keys(&q, m0, m1, &f0, &ok0);
            __m512i key1 = avx512_mask_keys(&q, m2, m3, &f1, &ok1);
            if ((ok0 & ok1) != 0xffff) {
                *flush = 0;
                bad = hr_masks_scalar(step, 32, 8, (uint16_t *)(void *)(out + 2 * i), 2);
                if (bad >= 0) {
                    bad += i;
                    break;
                }
                continue;
            }
            avx512_pipe_step(&pipe, key0, key1, out + 2 * i);
            *flush = _cvtmask32_u32(_mm512_kunpackw(f1, f0));
            HR_MCA_END("avx512_masks", 0, 32, 0);
        }
        avx512_pipe_drain(&pipe);
        for (int64_t j = 0; j < i - start; j += 32)
            avx512_mask_flushes(copy + j, flushes[j / 32], out + 2 * (start + j));
        if (bad >= 0)
            return bad;
    }
    return masks_rest(masks, i, n, out);
}


/*
 * AVX2 (x86-64 CPUs since 2013), eight rows a step as in the AVX-512
 * kernel, in 128-bit halves: a 16-byte load holds two rows, and a byte
 * shuffle spreads them to a qword each (past its cards distinct ids past
 * 51).  Shuffles of the spread bytes read 16-entry tables by rank (the
 * three bytes of its key) and by suit (two planes of counters); vpsadbw
 * adds each qword's bytes.  A row holds a card twice when its card j
 * equals its card (j + d) mod K for some d = 1..K/2 (every pair of K
 * cards is such a pair: three byte shuffles for 6 or 7 cards, two for 5);
 * a saturating add of 76 sets bit 7 of an id past 51, so one movemask
 * tells a step with an invalid row.  The step's two fours of sums are
 * joined plane by plane (vshufps: rows 0, 1, 4, 5 | 2, 3, 6, 7, the masks
 * kernel's lanes) before the planes make keys and counters, once for the
 * eight rows: in cache on a Sapphire Rapids core that and the one
 * movemask ran the kernel 13% faster than making them for each four.  The
 * keys hash by two gathers kept two steps apart, as in the AVX-512
 * kernel, or one by one as in the scalar kernel, whichever this CPU runs
 * faster (avx2_use_gathers).  Every step stores its loads to the chunk's
 * copy: a step with an invalid row goes to the scalar kernel from there,
 * and the rows with a flush, listed at the chunk's end from each step's
 * flags (avx2_list_flushes), are ranked from the flush table at their
 * flush suit's ranks, eight at a time (gathers of their bytes from the
 * copy and of the flush table).
 */
/* The hash's constants, read from memory (avx2_hash_init); words and dwords pack a step's classes to hand order. */
typedef struct {
    __m256i mul, low_words, slot_mask, words, dwords;
} avx2_hash;

typedef struct {
    __m256i spread, past_cards, over_51, rot[4], plane[5], low_nibbles, bias, flag_bits;
    avx2_hash hash;
} avx2_consts;

/*
 * The kernels read constants from structs like this one, as memory operands: left to itself, GCC builds the
 * vectors again each step from immediates (a move to a vector register and a broadcast, both on port 5: about a
 * dozen uops a step of the row kernel; the masks kernel ran 9% faster without them).  The empty asm hides the
 * values.
 */
HR_AVX2 static inline void avx2_hash_init(avx2_hash *h) {
    h->mul = _mm256_set1_epi32((int)HANDRANK_HASH_MUL);
    h->low_words = _mm256_set1_epi32(0xffff);
    h->slot_mask = _mm256_set1_epi32((int)HR_SLOT_MASK);
    h->words = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 4, 5, 8, 9, 12, 13, -1,
                                -1, -1, -1, -1, -1, -1, -1);
    h->dwords = _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5);
    __asm__("" : "+m"(*h));
}

HR_AVX2 static inline void avx2_init(avx2_consts *q, const int K) {
    uint8_t spread[32], past[32], rot[4][32], plane[5][32] = {{0}};
    for (int b = 0; b < 32; b++) {
        const int row = (b & 15) / 8, j = b % 8;
        spread[b] = (uint8_t)(j < K ? K * row + j : 0x80); /* 0x80: a zero byte */
        past[b] = (uint8_t)(j < K ? 0 : 248 + j);
        /* card j against card (j + r + 1) mod K; past the cards a zero byte, which no byte past them equals */
        for (int r = 0; r < 4; r++)
            rot[r][b] = (uint8_t)(j < K ? (b & 8) + (j + r + 1) % K : 0x80);
    }
    for (int b = 0; b < 32; b++) {
        const int x = b & 15;
        for (int t = 0; t < 3; t++) /* by rank; ranks 13..15 (the ids past 51) read 0 */
            plane[t][b] = (uint8_t)(x < 13 ? handrank_card_key[4 * x] >> (8 * t) : 0);
        /* by the id's low four bits, whose low two are its suit: a count in the nibble of suits 0, 1; of 2, 3 */
        plane[3][b] = (uint8_t)((x & 3) == 0 ? 1 : (x & 3) == 1 ? 16 : 0);
        plane[4][b] = (uint8_t)((x & 3) == 2 ? 1 : (x & 3) == 3 ? 16 : 0);
    }
    q->spread = _mm256_loadu_si256((const __m256i *)(const void *)spread);
    q->past_cards = _mm256_loadu_si256((const __m256i *)(const void *)past);
    for (int r = 0; r < 4; r++)
        q->rot[r] = _mm256_loadu_si256((const __m256i *)(const void *)rot[r]);
    for (int t = 0; t < 5; t++)
        q->plane[t] = _mm256_loadu_si256((const __m256i *)(const void *)plane[t]);
    q->over_51 = _mm256_set1_epi8(128 - 52);
    q->low_nibbles = _mm256_set1_epi8(0x0f);
    q->bias = _mm256_set1_epi32(0x3333);
    q->flag_bits = _mm256_set1_epi32(0x8888);
    avx2_hash_init(&q->hash);
    __asm__("" : "+m"(*q)); /* see avx2_hash_init */
}

/*
 * Four rows (two 16-byte loads of two rows each), stored as read to copy (4 * K + 16 bytes, the bytes past its
 * rows the next rows'): in sums[0..4] each row's sums of its five planes (the rank key's three bytes, the suit
 * counters' two), in the low 16 bits of its qword (rows 0, 1 | 2, 3); in *bad a byte with bit 7 set where a row
 * holds a card twice or an id past 51.
 */
HR_AVX2 static inline void avx2_four(const avx2_consts *q, const uint8_t *p, const int K, uint8_t *copy,
                                     __m256i sums[5], __m256i *bad) {
    const __m256i zero = _mm256_setzero_si256();
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(p + 2 * K));
    __asm__("" : "+x"(lo), "+x"(hi)); /* each read once: what is stored is what is ranked */
    /* each load's bytes past its two rows are the next load's, stored over them next */
    _mm_storeu_si128((__m128i *)(void *)copy, lo);
    _mm_storeu_si128((__m128i *)(void *)(copy + 2 * K), hi);
    __m256i cards = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), q->spread);
    *bad = _mm256_or_si256(*bad, _mm256_adds_epu8(cards, q->over_51)); /* 52.. to 128.. */
    __m256i x = _mm256_or_si256(cards, q->past_cards);
    for (int r = 0; r < K / 2; r++) /* distances 1..K/2 mod K: every pair of the K cards */
        *bad = _mm256_or_si256(*bad, _mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, q->rot[r])));
    __m256i rank = _mm256_and_si256(_mm256_srli_epi16(x, 2), q->low_nibbles);
    for (int t = 0; t < 3; t++)
        sums[t] = _mm256_sad_epu8(_mm256_shuffle_epi8(q->plane[t], rank), zero);
    /* the suit planes by the bytes as they are: past the cards (bit 7 set) they read 0; an id in 52..127 reads a
       count, and its row goes to the scalar kernel */
    for (int t = 3; t < 5; t++)
        sums[t] = _mm256_sad_epu8(_mm256_shuffle_epi8(q->plane[t], x), zero);
}

/* The low dwords of a's and b's qwords in one vector: rows 0, 1 of a, 0, 1 of b | 2, 3 of a, 2, 3 of b. */
HR_AVX2 static inline __m256i avx2_join(__m256i a, __m256i b) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88));
}

/*
 * Appends the lanes of `entry` whose bit is set in `marked` (eight bits) to list + *n, in lane order: one
 * permute by handrank_compress8's row for the mask, no branch (list has room for eight past its end).
 */
HR_AVX2 static inline void avx2_append(__m256i entry, unsigned marked, int32_t *list, int *n) {
    const __m128i row = _mm_loadl_epi64((const __m128i *)(const void *)(handrank_compress8 + 8 * marked));
    _mm256_storeu_si256((__m256i *)(void *)(list + *n), _mm256_permutevar8x32_epi32(entry, _mm256_cvtepu8_epi32(row)));
    *n += __builtin_popcount(marked);
}

/* Bit l: dword lane l of v is not zero. */
HR_AVX2 static inline unsigned avx2_nonzero(__m256i v) {
    return ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, _mm256_setzero_si256()))) & 0xff;
}

/*
 * A chunk's rows (masks) with a flush, listed at its end: step t stored its lanes' flags (bit 4 * suit + 3) to
 * flags[t], its lanes holding the places `lane` + 8 * t from the chunk's start, and the steps with a flag set
 * are flushed[0..n_flushed).  Each entry of the list is a place << 16 with its flags; returns how many.
 */
HR_AVX2 static inline int avx2_list_flushes(const __m256i *flags, const int32_t *flushed, int n_flushed,
                                            __m256i lane, int32_t *list) {
    int n = 0;
    for (int f = 0; f < n_flushed; f++) {
        const int t = flushed[f];
        const __m256i at = _mm256_slli_epi32(_mm256_add_epi32(lane, _mm256_set1_epi32(8 * t)), 16);
        avx2_append(_mm256_or_si256(at, flags[t]), avx2_nonzero(flags[t]), list, &n);
    }
    return n;
}

/*
 * The rows of a chunk that hold a flush (as avx2_list_flushes lists them: each one's place << 16 and its flags,
 * bit 4 * suit + 3), ranked from the chunk's copy eight at a time: the flush table at that suit's ranks.  Lanes
 * past the list read row 0 (a valid row of the chunk) and are not written.
 */
HR_AVX2 static inline void avx2_rank_flushes(const uint8_t *copy, const int32_t *listed, int n, const int K,
                                             char *out) {
    const __m256i one = _mm256_set1_epi32(1), low = _mm256_set1_epi32(0xff), three = _mm256_set1_epi32(3);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (int f = 0; f < n; f += 8) {
        const int m = n - f < 8 ? n - f : 8;
        __m256i entry = _mm256_loadu_si256((const __m256i *)(const void *)(listed + f));
        entry = _mm256_and_si256(entry, _mm256_cmpgt_epi32(_mm256_set1_epi32(m), lane));
        __m256i at = _mm256_srli_epi32(entry, 16);
        /* the flag of suit s is 8 << 4s: the suit is how many of 8, 128, 2048 it exceeds */
        __m256i flag = _mm256_and_si256(entry, _mm256_set1_epi32(0xffff));
        __m256i suit = _mm256_sub_epi32(
            _mm256_setzero_si256(),
            _mm256_add_epi32(_mm256_add_epi32(_mm256_cmpgt_epi32(flag, _mm256_set1_epi32(8)),
                                              _mm256_cmpgt_epi32(flag, _mm256_set1_epi32(128))),
                             _mm256_cmpgt_epi32(flag, _mm256_set1_epi32(2048))));
        __m256i offset = _mm256_mullo_epi32(at, _mm256_set1_epi32(K));
        __m256i w0 = _mm256_i32gather_epi32((const int *)(const void *)copy, offset, 1);
        __m256i w1 = _mm256_i32gather_epi32((const int *)(const void *)copy,
                                            _mm256_add_epi32(offset, _mm256_set1_epi32(K - 4)), 1);
        __m256i bits = _mm256_setzero_si256();
        for (int j = 0; j < K; j++) {
            __m256i c = j < 4 ? _mm256_srli_epi32(w0, 8 * j) : _mm256_srli_epi32(w1, 8 * (j - K + 4));
            c = _mm256_and_si256(c, low);
            __m256i match = _mm256_cmpeq_epi32(_mm256_and_si256(c, three), suit);
            bits = _mm256_or_si256(bits, _mm256_and_si256(match, _mm256_sllv_epi32(one, _mm256_srli_epi32(c, 2))));
        }
        /* handrank_flush has an entry of padding: each class is the low half of four bytes */
        __m256i cls = _mm256_i32gather_epi32((const int *)(const void *)handrank_flush, bits, 2);
        int32_t where[8], got[8];
        _mm256_storeu_si256((__m256i *)(void *)where, at);
        _mm256_storeu_si256((__m256i *)(void *)got, cls);
        for (int l = 0; l < m; l++)
            hr_store_u16(out + 2 * where[l], (uint16_t)got[l]);
    }
}

/*
 * The hash slots of eight rank keys (the displacement gathered), and the classes at eight slots stored as
 * eight 16-bit words: the AVX-512 kernel's two gathers, eight lanes wide, kept two steps apart as there.
 */
HR_AVX2 static inline __m256i avx2_slot(const avx2_hash *q, __m256i key) {
    __m256i h = _mm256_mullo_epi32(key, q->mul);
    __m256i disp = _mm256_i32gather_epi32((const int *)(const void *)handrank_hash_disp,
                                          _mm256_srli_epi32(h, 32 - HANDRANK_HASH_BUCKET_BITS), 2);
    return _mm256_xor_si256(_mm256_and_si256(h, q->slot_mask), _mm256_and_si256(disp, q->low_words));
}

HR_AVX2 static inline void avx2_store_classes(const avx2_hash *q, char *out, __m256i slot) {
    __m256i cls = _mm256_i32gather_epi32((const int *)(const void *)handrank_hash_values, slot, 2);
    __m256i packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(cls, q->words), q->dwords);
    _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(packed));
}

/*
 * Both kernels' hashing, a step of eight keys at a time in the lanes both leave them (hands 0, 1, 4, 5 | 2, 3,
 * 6, 7), to out: by gathers as the AVX-512 kernels do (avx512_pipe), the slots and places of the two steps
 * between in the pipe, or by scalar loads, hand by hand (G = 0).
 */
typedef struct {
    __m256i last_slot, older_slot;
    char *last, *older;
} avx2_pipe;

HR_AVX2 static inline void avx2_pipe_start(avx2_pipe *pp, uint16_t sink[8]) {
    pp->last_slot = pp->older_slot = _mm256_setzero_si256();
    pp->last = pp->older = (char *)sink;
}

HR_AVX2 static inline void avx2_pipe_step(avx2_pipe *pp, const avx2_hash *q, const int G, __m256i key, char *out) {
    if (G) {
        avx2_store_classes(q, pp->older, pp->older_slot);
        pp->older_slot = pp->last_slot;
        pp->older = pp->last;
        pp->last_slot = avx2_slot(q, key);
        pp->last = out;
    } else {
        uint32_t keys[8];
        _mm256_storeu_si256((__m256i *)(void *)keys, key);
        for (int l = 0; l < 8; l++) /* lane l holds hand (l & 1) + 4 * (l >> 1 & 1) + 2 * (l >> 2) */
            hr_store_u16(out + 2 * ((l & 1) + 4 * (l >> 1 & 1) + 2 * (l >> 2)), hr_plain_hashed(hr_hash(keys[l])));
    }
}

HR_AVX2 static inline void avx2_pipe_drain(const avx2_pipe *pp, const avx2_hash *q) {
    avx2_store_classes(q, pp->older, pp->older_slot);
    avx2_store_classes(q, pp->last, pp->last_slot);
}

HR_AVX2 HR_INLINE int64_t avx2_rows_k(const uint8_t *cards, int64_t n, const int K, const int G, char *out) {
    avx2_consts q;
    avx2_init(&q, K);
    /* a step's keys and flags stay in the lanes avx2_join leaves them: rows 0, 1, 4, 5 | 2, 3, 6, 7 */
    const __m256i lane = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    uint8_t copy[HR_CHUNK * 7 + 16]; /* the chunk's rows as read: what is ranked of them again */
    __m256i flags[HR_CHUNK / 8];       /* each step's flags */
    int32_t flushed[HR_CHUNK / 8 + 1]; /* the steps with a flush */
    int32_t pending[HR_CHUNK + 8];     /* their rows with a flush */
    uint16_t sink[8];                  /* the pipe's places before a chunk's first steps */
    avx2_pipe pipe;
    /* a step's last load reads 16 bytes from row i + 6: whole steps end by row `limit` */
    const int64_t limit = n - (16 - 2 * K + K - 1) / K;
    int64_t i = 0;
    while (i + 8 <= limit) {
        const int64_t start = i, end = i + HR_CHUNK < limit ? i + HR_CHUNK : limit;
        int n_flushed = 0;
        int64_t bad = -1;
        avx2_pipe_start(&pipe, sink);
        for (int nth = 0; i + 8 <= end; i += 8, nth++) {
            HR_MCA_BEGIN("avx2_rows", K, 8, G); /* variant 1: hashed by gathers, 0: by loads */
            const uint8_t *p = cards + i * K;
            uint8_t *step = copy + (i - start) * K;
            hr_prefetch_ahead(p, HR_STREAM_AHEAD, 0); /* a step reads 8 * K <= 56 bytes: a line a step */
            __m256i wrong = _mm256_setzero_si256(), a[5], b[5], s[5];
            avx2_four(&q, p, K, step, a, &wrong);
            avx2_four(&q, p + 4 * K, K, step + 4 * K, b, &wrong);
            if (_mm256_movemask_epi8(wrong) != 0) {
                bad = hr_rows_scalar(step, 8, K, out + 2 * i);
                if (bad >= 0) {
                    bad += i;
                    break;
                }
                continue;
            }
            for (int t = 0; t < 5; t++)
                s[t] = avx2_join(a[t], b[t]);
            __m256i key =
                _mm256_add_epi32(_mm256_add_epi32(s[0], _mm256_slli_epi32(s[1], 8)), _mm256_slli_epi32(s[2], 16));
            __m256i counts = _mm256_add_epi32(_mm256_add_epi32(s[3], _mm256_slli_epi32(s[4], 8)), q.bias);
            __m256i flag = _mm256_and_si256(counts, q.flag_bits);
            avx2_pipe_step(&pipe, &q.hash, G, key, out + 2 * i);
            flags[nth] = flag;
            flushed[n_flushed] = nth;
            n_flushed += !_mm256_testz_si256(flag, flag);
            HR_MCA_END("avx2_rows", K, 8, G);
        }
        avx2_pipe_drain(&pipe, &q.hash);
        const int n_pending = avx2_list_flushes(flags, flushed, n_flushed, lane, pending);
        avx2_rank_flushes(copy, pending, n_pending, K, out + 2 * start);
        if (bad >= 0)
            return bad;
    }
    return rows_rest(cards, i, n, K, out);
}

/* The kernel hashing by gathers (by loads), specialised by its card count. */
HR_AVX2 HR_INLINE int64_t avx2_rows_by_gathers(const uint8_t *cards, int64_t n, const int K, char *out) {
    return avx2_rows_k(cards, n, K, 1, out);
}

HR_AVX2 HR_INLINE int64_t avx2_rows_by_loads(const uint8_t *cards, int64_t n, const int K, char *out) {
    return avx2_rows_k(cards, n, K, 0, out);
}

HR_AVX2 static int64_t avx2_rows_gathers(const uint8_t *cards, int64_t n, int k, char *out) {
    return HR_BY_CARDS(avx2_rows_by_gathers, cards, n, k, out);
}

HR_AVX2 static int64_t avx2_rows_loads(const uint8_t *cards, int64_t n, int k, char *out) {
    return HR_BY_CARDS(avx2_rows_by_loads, cards, n, k, out);
}

/*
 * AVX2 masks, eight a step, each as two dwords (ranks 0..7 and 8..15):
 * the cards of each rank counted by a shuffle of its nibble (four
 * vectors: even and odd nibbles of both halves), and the rank key summed
 * from the counts with each rank's key byte by byte (vpmaddubsw: weights
 * of 8 bits, counts of 3), then vpmaddwd; two planes of suit counters by
 * shuffles of the nibbles.  The mask is valid when its counts add up to
 * 5..7 and it has no bit past 51.  Keys hash as in the rows kernel;
 * masks with a flush are listed and ranked at the chunk's end, as
 * rows are, the suit's ranks folded out of the mask (hr_mask_suit_ranks).
 * On CPUs with AVX-VNNI (Intel since Alder Lake and Sapphire Rapids, AMD
 * since Zen 5) the byte sums are vpdpbusd (avx2_dpbusd) where they were
 * vpmaddubsw, vpaddw and vpmaddwd: 15 fewer uops a step, 8-10% faster in
 * cache on a Sapphire Rapids core (handrank_avx2_vnni turns it off).
 */
#ifdef HR_HAVE_AVXVNNI
/*
 * AVX-VNNI's vpdpbusd: acc plus, in each dword, the four products of a's unsigned bytes and b's signed ones.  In
 * asm: the kernels that use it are specialised copies of an AVX2 kernel, which GCC does not let an intrinsic of
 * another instruction set into.
 */
HR_AVX2 static inline __m256i avx2_dpbusd(__m256i acc, __m256i a, __m256i b) {
    __asm__("%{vex%} vpdpbusd %2, %1, %0" : "+x"(acc) : "x"(a), "xm"(b));
    return acc;
}
#else
HR_AVX2 static inline __m256i avx2_dpbusd(__m256i acc, __m256i a, __m256i b) { /* never called */
    return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), _mm256_set1_epi16(1)));
}
#endif

/* The dword sums of v's unsigned bytes times b's signed ones, four a dword: by vpdpbusd when V. */
HR_AVX2 static inline __m256i avx2_byte_sums(__m256i v, __m256i b, __m256i ones16, const int V) {
    return V ? avx2_dpbusd(_mm256_setzero_si256(), v, b) : _mm256_madd_epi16(_mm256_maddubs_epi16(v, b), ones16);
}

HR_AVX2 static inline void avx2_store_masks(uint64_t *copy, __m256i m0, __m256i m1) {
    _mm256_storeu_si256((__m256i *)(void *)copy, m0);
    _mm256_storeu_si256((__m256i *)(void *)(copy + 4), m1);
}

HR_AVX2 HR_INLINE int64_t avx2_masks_g(const uint64_t *masks, int64_t n, const int G, const int V, char *out) {
    avx2_hash hash;
    avx2_hash_init(&hash);
    __m256i weight[3][4];
    for (int t = 0; t < 3; t++)
        for (int v = 0; v < 4; v++) {
            uint8_t w[64];
            mask_weights(w, t, v);
            weight[t][v] = _mm256_loadu_si256((const __m256i *)(const void *)w);
        }
    __m256i low_nibbles = _mm256_set1_epi8(0x0f), ones8 = _mm256_set1_epi8(1), ones16 = _mm256_set1_epi16(1);
    __m256i five = _mm256_set1_epi32(5), seven = _mm256_set1_epi32(7), bias = _mm256_set1_epi32(0x3333);
    __m256i flag_bits = _mm256_set1_epi32(0x8888);
    __asm__("" : "+m"(low_nibbles), "+m"(ones8), "+m"(ones16), "+m"(five), "+m"(seven), "+m"(bias),
            "+m"(flag_bits)); /* see avx2_hash_init */
    const __m256i count = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                                           2, 3, 2, 3, 3, 4);
    /* a nibble's cards of suits 0 and 1 (plane a), 2 and 3 (plane b), as counts in the byte's two nibbles */
    uint8_t plane[2][32];
    for (int b = 0; b < 32; b++) {
        const int x = b & 15;
        plane[0][b] = (uint8_t)((x & 1) + 16 * (x >> 1 & 1));
        plane[1][b] = (uint8_t)((x >> 2 & 1) + 16 * (x >> 3 & 1));
    }
    const __m256i plane_a = _mm256_loadu_si256((const __m256i *)(const void *)plane[0]);
    const __m256i plane_b = _mm256_loadu_si256((const __m256i *)(const void *)plane[1]);
    /* the step's dwords by lane: masks 0, 1, 4, 5 | 2, 3, 6, 7 (one shufps per half) */
    const __m256i lane = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    uint64_t copy[HR_CHUNK];           /* the chunk's masks as read: what is ranked of them again */
    __m256i flags[HR_CHUNK / 8];       /* each step's flags */
    int32_t flushed[HR_CHUNK / 8 + 1]; /* the steps with a flush */
    int32_t pending[HR_CHUNK + 8];     /* their masks with a flush */
    uint16_t sink[8];                  /* the pipe's places before a chunk's first steps */
    avx2_pipe pipe;
    int64_t i = 0;
    while (i + 8 <= n) {
        const int64_t start = i, end = i + HR_CHUNK < n ? i + HR_CHUNK : n;
        int n_flushed = 0;
        int64_t wrong = -1;
        avx2_pipe_start(&pipe, sink);
        for (int nth = 0; i + 8 <= end; i += 8, nth++) {
            HR_MCA_BEGIN("avx2_masks", 0, 8, G + 2 * V); /* variant: 1 if hashed by gathers, + 2 with AVX-VNNI */
            const uint64_t *p = masks + i;
            hr_prefetch_ahead(p, HR_STREAM_AHEAD, 0);
            __m256i m0 = _mm256_loadu_si256((const __m256i *)(const void *)p);
            __m256i m1 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 4));
            uint64_t *step = copy + (i - start);
            avx2_store_masks(step, m0, m1);
            /* the low dwords of the eight masks (ranks 0..7), then the high ones, in the lanes named above */
            __m256i lo = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(m0), _mm256_castsi256_ps(m1), 0x88));
            __m256i hi = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(m0), _mm256_castsi256_ps(m1), 0xdd));
            __m256i nib[4] = {_mm256_and_si256(lo, low_nibbles),
                              _mm256_and_si256(_mm256_srli_epi16(lo, 4), low_nibbles),
                              _mm256_and_si256(hi, low_nibbles),
                              _mm256_and_si256(_mm256_srli_epi16(hi, 4), low_nibbles)};
            __m256i cards[4], all = _mm256_setzero_si256(), sa = all, sb = all;
            for (int v = 0; v < 4; v++) {
                cards[v] = _mm256_shuffle_epi8(count, nib[v]);
                all = _mm256_add_epi8(all, cards[v]);
                sa = _mm256_add_epi8(sa, _mm256_shuffle_epi8(plane_a, nib[v]));
                sb = _mm256_add_epi8(sb, _mm256_shuffle_epi8(plane_b, nib[v]));
            }
            __m256i total = avx2_byte_sums(all, ones8, ones16, V);
            /* bad: not 5..7 cards, or an id past 51 (bits 20..31 of hi) */
            __m256i bad = _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(five, total), _mm256_cmpgt_epi32(total, seven)),
                                          _mm256_srli_epi32(hi, 20));
            if (!_mm256_testz_si256(bad, bad)) {
                wrong = hr_masks_scalar(step, 8, 8, (uint16_t *)(void *)(out + 2 * i), 2);
                if (wrong >= 0) {
                    wrong += i;
                    break;
                }
                continue;
            }
            __m256i key = _mm256_setzero_si256();
            for (int t = 0; t < 3; t++) {
                __m256i sum;
                const int first = t < 2 ? 0 : 2; /* the keys of ranks 0..7 have no byte 2 */
                if (V) {
                    sum = _mm256_setzero_si256();
                    for (int v = first; v < 4; v++)
                        sum = avx2_dpbusd(sum, weight[t][v], cards[v]);
                } else {
                    __m256i pairs = _mm256_setzero_si256();
                    for (int v = first; v < 4; v++)
                        pairs = _mm256_add_epi16(pairs, _mm256_maddubs_epi16(weight[t][v], cards[v]));
                    sum = _mm256_madd_epi16(pairs, ones16);
                }
                key = t ? _mm256_add_epi32(key, _mm256_slli_epi32(sum, 8 * t)) : sum;
            }
            __m256i suits = _mm256_add_epi32(avx2_byte_sums(sa, ones8, ones16, V),
                                             _mm256_slli_epi32(avx2_byte_sums(sb, ones8, ones16, V), 8));
            __m256i flag = _mm256_and_si256(_mm256_add_epi32(suits, bias), flag_bits);
            avx2_pipe_step(&pipe, &hash, G, key, out + 2 * i);
            flags[nth] = flag;
            flushed[n_flushed] = nth;
            n_flushed += !_mm256_testz_si256(flag, flag);
            HR_MCA_END("avx2_masks", 0, 8, G + 2 * V);
        }
        avx2_pipe_drain(&pipe, &hash);
        /* the listed masks with a flush (bit 4 * suit + 3 of their flags): the flush table at that suit's ranks */
        const int n_pending = avx2_list_flushes(flags, flushed, n_flushed, lane, pending);
        for (int f = 0; f < n_pending; f++) {
            const unsigned at = (unsigned)pending[f] >> 16;
            const unsigned suit = hr_flag_suit_at((uint64_t)pending[f] & 0xffff, 3, 4);
            hr_store_u16(out + 2 * (start + at), handrank_flush[hr_mask_suit_ranks(copy[at], suit)]);
        }
        if (wrong >= 0)
            return wrong;
    }
    return masks_rest(masks, i, n, out);
}

/*
 * How the AVX2 kernels hash their rank keys, chosen once per process: by
 * gathers (avx2_slot, then avx2_store_classes two steps later, as in the
 * AVX-512 kernel) or by scalar loads, whichever ranks 2,048 rows faster
 * here (the best of eight timings each).  Gathers won by 2% (rows) and 5%
 * (masks) in cache on the Xeon the kernels were tuned on, but are microcoded on AMD CPUs before
 * Zen 5 and slowed by the microcode that mitigates Gather Data Sampling on
 * Intel cores from Skylake to Tiger Lake, where scalar loads may win.  The
 * choice changes the speed, never a class.  handrank_avx2_gathers reads or
 * sets it.
 */
static int avx2_gathers = -1; /* 1 gathers, 0 scalar loads, -1 not chosen yet */

HR_AVX2 static int avx2_time_gathers(void) {
    enum { N = 2048 };
    uint8_t rows[N * 7];
    uint16_t out[N];
    uint64_t x = 0x9e3779b97f4a7c15ULL, best[2] = {UINT64_MAX, UINT64_MAX};
    for (int i = 0; i < N; i++) /* seven distinct cards a row */
        for (uint64_t used = 0, j = 0; j < 7;) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            const unsigned card = (unsigned)(x >> 58);
            if (card < 52 && !(used >> card & 1)) {
                used |= 1ULL << card;
                rows[7 * i + (int)j++] = (uint8_t)card;
            }
        }
    for (int t = 0; t < 8; t++)
        for (int g = 0; g < 2; g++) {
            const uint64_t start = (uint64_t)__builtin_ia32_rdtsc();
            if (g)
                avx2_rows_gathers(rows, N, 7, (char *)out);
            else
                avx2_rows_loads(rows, N, 7, (char *)out);
            const uint64_t took = (uint64_t)__builtin_ia32_rdtsc() - start;
            best[g] = took < best[g] ? took : best[g];
        }
    return best[1] < best[0];
}

HR_AVX2 static int avx2_use_gathers(void) {
    int g = __atomic_load_n(&avx2_gathers, __ATOMIC_RELAXED);
    if (g < 0) { /* threads that race here each time it and keep an answer: either is right */
        g = avx2_time_gathers();
        __atomic_store_n(&avx2_gathers, g, __ATOMIC_RELAXED);
    }
    return g;
}

HR_AVX2 static int64_t avx2_rows(const uint8_t *cards, int64_t n, int k, char *out) {
    return avx2_use_gathers() ? avx2_rows_gathers(cards, n, k, out) : avx2_rows_loads(cards, n, k, out);
}

/*
 * Whether the AVX2 masks kernel sums by AVX-VNNI's vpdpbusd: where this build and CPU offer it (CPUID leaf 7,
 * subleaf 1, EAX bit 4), unless handrank_avx2_vnni turned it off.  Either way the classes are the same.
 */
static int avx2_vnni = -1; /* 1 vpdpbusd, 0 not, -1 not read yet (-2: not offered) */

static int avx2_vnni_state(void) {
    int v = __atomic_load_n(&avx2_vnni, __ATOMIC_RELAXED);
    if (v == -1) {
        v = -2;
#ifdef HR_HAVE_AVXVNNI
        unsigned a = 0, b = 0, c = 0, d = 0;
        if (__get_cpuid_count(7, 1, &a, &b, &c, &d) && (a >> 4 & 1))
            v = 1;
#endif
        __atomic_store_n(&avx2_vnni, v, __ATOMIC_RELAXED);
    }
    return v;
}

HR_AVX2 static int64_t avx2_masks_gathers(const uint64_t *masks, int64_t n, char *out) {
    return avx2_masks_g(masks, n, 1, 0, out);
}

HR_AVX2 static int64_t avx2_masks_loads(const uint64_t *masks, int64_t n, char *out) {
    return avx2_masks_g(masks, n, 0, 0, out);
}

#ifdef HR_HAVE_AVXVNNI
HR_AVX2 static int64_t avx2_masks_vnni_gathers(const uint64_t *masks, int64_t n, char *out) {
    return avx2_masks_g(masks, n, 1, 1, out);
}

HR_AVX2 static int64_t avx2_masks_vnni_loads(const uint64_t *masks, int64_t n, char *out) {
    return avx2_masks_g(masks, n, 0, 1, out);
}
#endif

HR_AVX2 static int64_t avx2_masks(const uint64_t *masks, int64_t n, char *out) {
    const int g = avx2_use_gathers();
#ifdef HR_HAVE_AVXVNNI
    if (avx2_vnni_state() == 1)
        return g ? avx2_masks_vnni_gathers(masks, n, out) : avx2_masks_vnni_loads(masks, n, out);
#endif
    return g ? avx2_masks_gathers(masks, n, out) : avx2_masks_loads(masks, n, out);
}

#endif

#ifdef HR_HAVE_NEON
#include <arm_neon.h>

/*
 * NEON (every aarch64 CPU), sixteen rows a step, one byte lane a row: table
 * lookups over the step's bytes bring card j of every row into its lane;
 * the rank key is three byte planes, looked up by rank and summed in 16
 * bits; the suit counters two bytes of two biased nibbles each; a row is
 * valid when its cards differ pairwise and none is past 51.  The keys are
 * then hashed one by one; the rows that hold a flush go to the scalar
 * kernel, from the step's loads stored to a local copy.
 */
static int64_t neon_rows_k(const uint8_t *cards, int64_t n, const int K, char *out) {
    uint8_t plane[3][16] = {{0}}, suit_low[16] = {0}, suit_high[16] = {0};
    for (int r = 0; r < 13; r++)
        for (int b = 0; b < 3; b++)
            plane[b][r] = (uint8_t)(handrank_card_key[4 * r] >> (8 * b)); /* rank keys stay below 2**22 */
    suit_low[0] = 0x01;
    suit_low[1] = 0x10;
    suit_high[2] = 0x01;
    suit_high[3] = 0x10;
    const uint8x16_t p0 = vld1q_u8(plane[0]), p1 = vld1q_u8(plane[1]), p2 = vld1q_u8(plane[2]);
    const uint8x16_t s_low = vld1q_u8(suit_low), s_high = vld1q_u8(suit_high);
    const uint8x16_t three = vdupq_n_u8(3), past = vdupq_n_u8(51), sixty_four = vdupq_n_u8(64);
    uint8x16_t pick[7];
    for (int j = 0; j < K; j++) {
        uint8_t idx[16];
        for (int l = 0; l < 16; l++)
            idx[l] = (uint8_t)(j + K * l);
        pick[j] = vld1q_u8(idx);
    }
    int64_t i = 0;
    for (; i + 26 <= n; i += 16) { /* each step reads 128 bytes: 16 rows and up to 10 more */
        const uint8_t *p = cards + i * K;
        uint8x16x4_t first = vld1q_u8_x4(p), second = vld1q_u8_x4(p + 64);
        uint8x16_t c[7];
        uint8x16_t top = vdupq_n_u8(0), same = vdupq_n_u8(0);
        uint16x8_t k0l = vdupq_n_u16(0), k0h = k0l, k1l = k0l, k1h = k0l, k2l = k0l, k2h = k0l;
        uint8x16_t sl = vdupq_n_u8(0x33), sh = vdupq_n_u8(0x33);
        for (int j = 0; j < K; j++) {
            c[j] = vqtbx4q_u8(vqtbl4q_u8(first, pick[j]), second, vsubq_u8(pick[j], sixty_four));
            top = vmaxq_u8(top, c[j]);
            for (int m = 0; m < j; m++)
                same = vorrq_u8(same, vceqq_u8(c[m], c[j]));
            uint8x16_t rank = vshrq_n_u8(c[j], 2), suit = vandq_u8(c[j], three);
            uint8x16_t b0 = vqtbl1q_u8(p0, rank), b1 = vqtbl1q_u8(p1, rank), b2 = vqtbl1q_u8(p2, rank);
            k0l = vaddw_u8(k0l, vget_low_u8(b0));
            k0h = vaddw_high_u8(k0h, b0);
            k1l = vaddw_u8(k1l, vget_low_u8(b1));
            k1h = vaddw_high_u8(k1h, b1);
            k2l = vaddw_u8(k2l, vget_low_u8(b2));
            k2h = vaddw_high_u8(k2h, b2);
            sl = vaddq_u8(sl, vqtbl1q_u8(s_low, suit));
            sh = vaddq_u8(sh, vqtbl1q_u8(s_high, suit));
        }
        uint8_t copy[128]; /* the step's bytes as read, for the scalar kernel */
        if (vmaxvq_u8(vorrq_u8(same, vcgtq_u8(top, past)))) {
            vst1q_u8_x4(copy, first);
            vst1q_u8_x4(copy + 64, second);
            int64_t bad = hr_rows_scalar(copy, 16, K, out + 2 * i);
            if (bad >= 0)
                return i + bad;
            continue;
        }
        /* key = plane 0 + 256 * plane 1 + 65536 * plane 2, four rows a vector */
        uint32_t key[16];
        const uint16x8_t lows[2] = {k0l, k0h}, mids[2] = {k1l, k1h}, highs[2] = {k2l, k2h};
        for (int h = 0; h < 2; h++) {
            uint32x4_t a = vaddq_u32(vmovl_u16(vget_low_u16(lows[h])), vshll_n_u16(vget_low_u16(mids[h]), 8));
            uint32x4_t b = vaddq_u32(vmovl_high_u16(lows[h]), vshll_high_n_u16(mids[h], 8));
            a = vaddq_u32(a, vshlq_n_u32(vmovl_u16(vget_low_u16(highs[h])), 16));
            b = vaddq_u32(b, vshlq_n_u32(vmovl_high_u16(highs[h]), 16));
            vst1q_u32(key + 8 * h, a);
            vst1q_u32(key + 8 * h + 4, b);
        }
        uint8_t flush[16];
        uint8x16_t flags = vandq_u8(vorrq_u8(sl, sh), vdupq_n_u8(0x88));
        vst1q_u8(flush, flags);
        if (vmaxvq_u8(flags)) {
            vst1q_u8_x4(copy, first);
            vst1q_u8_x4(copy + 64, second);
        }
        for (int l = 0; l < 16; l++) {
            if (flush[l])
                hr_rows_scalar(copy + l * K, 1, K, out + 2 * (i + l)); /* a valid row, as checked */
            else
                hr_store_u16(out + 2 * (i + l), hr_plain_hashed(hr_hash(key[l])));
        }
    }
    return rows_rest(cards, i, n, K, out);
}

static int64_t neon_rows(const uint8_t *cards, int64_t n, int k, char *out) {
    return HR_BY_CARDS(neon_rows_k, cards, n, k, out);
}
#endif

static int64_t rows_contiguous(const uint8_t *cards, int64_t n, int k, char *out) {
    const enum handrank_simd active = handrank_simd_active();
    (void)active; /* no SIMD kernel in some builds */
#ifdef HR_HAVE_AVX512
    if (active == HANDRANK_SIMD_AVX512)
        return avx512_rows(cards, n, k, out);
#endif
#ifdef HR_HAVE_AVX2
    if (active == HANDRANK_SIMD_AVX2)
        return avx2_rows(cards, n, k, out);
#endif
#ifdef HR_HAVE_NEON
    if (active == HANDRANK_SIMD_NEON)
        return neon_rows(cards, n, k, out);
#endif
    return hr_rows_scalar(cards, n, k, out);
}

static int64_t masks_contiguous(const uint64_t *masks, int64_t n, char *out) {
    const enum handrank_simd active = handrank_simd_active();
    (void)active; /* no SIMD kernel in some builds */
#ifdef HR_HAVE_AVX512
    if (active == HANDRANK_SIMD_AVX512)
        return avx512_masks(masks, n, out);
#endif
#ifdef HR_HAVE_AVX2
    if (active == HANDRANK_SIMD_AVX2)
        return avx2_masks(masks, n, out);
#endif
    return hr_masks_scalar(masks, n, (ptrdiff_t)sizeof(uint64_t), (uint16_t *)(void *)out,
                           (ptrdiff_t)sizeof(uint16_t));
}

int64_t handrank_evaluate_batch(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows, uint16_t *out,
                                ptrdiff_t out_stride) {
    if (row_stride == k && out_stride == (ptrdiff_t)sizeof(uint16_t))
        return rows_contiguous(rows, n_rows, k, (char *)out);
    return hr_rows_strided(rows, k, row_stride, n_rows, (char *)out, out_stride);
}

int64_t handrank_evaluate_masks(const uint64_t *masks, int64_t n, ptrdiff_t stride,
                                uint16_t *out, ptrdiff_t out_stride) {
    if (stride == (ptrdiff_t)sizeof(uint64_t) && out_stride == (ptrdiff_t)sizeof(uint16_t))
        return masks_contiguous(masks, n, (char *)out);
    return hr_masks_scalar(masks, n, stride, out, out_stride);
}

#ifdef HR_HAVE_AVX2
/* One of the AVX2 kernel's settings: `before`, its value (-1 or less: not offered), returned and, where offered,
   replaced by mode 0 or 1. */
static int avx2_setting(int *setting, int before, int mode) {
    if (before < 0)
        return -1;
    if (mode == 0 || mode == 1)
        __atomic_store_n(setting, mode, __ATOMIC_RELAXED);
    return before;
}

static int avx2_offered(void) { return handrank_simd_available() >> HANDRANK_SIMD_AVX2 & 1; }

int handrank_avx2_gathers(int mode) {
    return avx2_offered() ? avx2_setting(&avx2_gathers, avx2_use_gathers(), mode) : -1;
}

int handrank_avx2_vnni(int mode) {
    return avx2_offered() ? avx2_setting(&avx2_vnni, avx2_vnni_state(), mode) : -1;
}
#else
int handrank_avx2_gathers(int mode) {
    (void)mode;
    return -1;
}

int handrank_avx2_vnni(int mode) {
    (void)mode;
    return -1;
}
#endif
