/*
 * Helpers shared by the C core's files; not part of the API.  Names here
 * take the hr_ prefix (the generated tables keep their handrank_ names).
 *
 * Calls between files run one way, never back:
 *
 *   evaluate_simd.c    -> evaluate.c, cpu.c
 *   omaha_simd.c       -> omaha.c, cpu.c
 *   isomorphism_simd.c -> isomorphism.c, cpu.c
 *   showdown_simd.c    -> showdown.c, cpu.c
 *   ranges.c           -> equity.c, omaha.c
 *   combos.c           -> omaha.c
 *   equity.c           -> omaha.c
 *   variants.c, cpu.c, evaluate.c, omaha.c, isomorphism.c,
 *   abstraction.c, showdown.c -> no other file
 *
 * and every file reads tables.c.  A *_simd.c file holds its concern's batch
 * entry points, reads the kernel choice from cpu.c and hands what its SIMD
 * kernels leave to the scalar kernels of its pair; where a kernel is one
 * macro compiled as it is and for AVX2 (showdown_simd.c: the same bits on
 * every kernel), both forms sit in the *_simd.c file.
 */
#ifndef HANDRANK_INTERNAL_H
#define HANDRANK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "handrank.h"
#include "tables.h"

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#define HR_INLINE static __forceinline
#define HR_NOINLINE __declspec(noinline)
#define hr_prefetch(p, write) _mm_prefetch((const char *)(p), _MM_HINT_T0)
static __inline int hr_ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static __inline int hr_msb64(uint64_t x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
#else
#define HR_INLINE static inline __attribute__((always_inline))
#define HR_NOINLINE __attribute__((noinline))
#define hr_prefetch(p, write) __builtin_prefetch((p), (write))
#define hr_ctz64(x) __builtin_ctzll(x)
#define hr_msb64(x) (63 - __builtin_clzll(x)) /* the highest set bit of x != 0 */
#endif

/* Before a loop with a constant trip count: unroll it completely (the compiler may not, for a long body). */
#if defined(__clang__)
#define HR_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define HR_UNROLL _Pragma("GCC unroll 16")
#else
#define HR_UNROLL
#endif

/*
 * Population count: the instruction where the build targets it, else a
 * few inline operations (GCC's fallback is a library call, several times slower).
 */
#if defined(__POPCNT__) || (defined(__aarch64__) && !defined(_MSC_VER))
#define hr_popcount64(x) __builtin_popcountll(x)
#else
HR_INLINE int hr_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

/*
 * AVX-512 and AVX2 kernels (evaluate_simd.c, omaha_simd.c) are compiled for
 * x86-64 with GCC and Clang, each function for the instruction sets it
 * names, and run where handrank_simd_use chose them; NEON kernels
 * (evaluate_simd.c) for aarch64 with GCC and Clang.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define HR_HAVE_AVX512 1
#define HR_HAVE_AVX2 1
#include <immintrin.h>

#define HR_AVX512                                                                                                \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vpopcntdq,avx512vnni,avx512bitalg,gfni,bmi2")))
#define HR_AVX2 __attribute__((target("avx2,popcnt"))) /* every AVX2 CPU has popcnt */
/* The AVX2 masks kernel's copies that use AVX-VNNI's vpdpbusd (in asm, see avx2_dpbusd): with compilers whose
   assemblers know its VEX form. */
#if (defined(__clang__) && __clang_major__ >= 13) || (!defined(__clang__) && __GNUC__ >= 11)
#define HR_HAVE_AVXVNNI 1
#endif

/* The 16-bit entries of a table at each lane's index: 32-bit gathers at 2-byte steps (the table is padded). */
HR_AVX512 static inline __m512i hr_gather_u16(const uint16_t *table, __m512i index) {
    return _mm512_i32gather_epi32(index, (const void *)table, 2);
}
#endif

#if (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
#define HR_HAVE_NEON 1
#endif

/*
 * Streaming kernels (the batch rows and masks) ask for the input this many
 * bytes ahead of what they read: a batch much bigger than the caches is
 * read from memory, and the hardware's own prefetch alone leaves the
 * kernels waiting on it (10-15% of the time, measured on 10M rows).
 * A prefetch never faults, so it may point past the input (hr_prefetch_ahead).
 */
#define HR_STREAM_AHEAD 2048
/*
 * One step of a kernel's loop, marked for tools/mca.py (llvm-mca's static
 * model of a core's ports: a measure of a kernel that the machine's load
 * does not move) when built with -DHR_MCA; nothing otherwise.  The region
 * is named kernel/cards a hand (0: a mask)/hands a step/variant (the
 * kernel's own choices, as it says), constants where it is specialised.
 */
#if defined(HR_MCA) && (defined(__GNUC__) || defined(__clang__))
#define HR_MCA_BEGIN(kernel, cards, hands, variant) \
    __asm__ volatile("# LLVM-MCA-BEGIN " kernel "/%c0/%c1/%c2" ::"i"(cards), "i"(hands), "i"(variant))
#define HR_MCA_END(kernel, cards, hands, variant) \
    __asm__ volatile("# LLVM-MCA-END " kernel "/%c0/%c1/%c2" ::"i"(cards), "i"(hands), "i"(variant))
#else
#define HR_MCA_BEGIN(kernel, cards, hands, variant) ((void)0)
#define HR_MCA_END(kernel, cards, hands, variant) ((void)0)
#endif
/* A prefetch `ahead` bytes past p, the address reckoned as an integer (it may lie past the end of the buffer). */
#define hr_prefetch_ahead(p, ahead, write) \
    hr_prefetch((const void *)((uintptr_t)(const void *)(p) + (uintptr_t)(ptrdiff_t)(ahead)), (write))

/*
 * Loads and stores at any address: batch arguments come from numpy arrays
 * that may sit at any byte offset (a view at an odd offset, a field of a
 * structured dtype).  A fixed-size memcpy compiles to one plain move.
 */
HR_INLINE uint64_t hr_load_u64(const void *p) { uint64_t v; memcpy(&v, p, sizeof v); return v; }
HR_INLINE void hr_store_u16(void *p, uint16_t v) { memcpy(p, &v, sizeof v); }
/*
 * After a load from the caller's memory: the compiler keeps the value as
 * read and may not load it again in its place (another thread may write
 * there meanwhile, and a value must be ranked as it was validated).
 */
#if defined(__GNUC__) || defined(__clang__)
#define hr_keep(v) __asm__("" : "+r"(v))
#else
#define hr_keep(v) ((void)0)
#endif

#define HR_SLOT_MASK ((1u << HANDRANK_HASH_SLOT_BITS) - 1)

/* The multiplicative hash of a rank key (the low 32 bits of a summed key). */
HR_INLINE uint32_t hr_hash(uint64_t key) { return (uint32_t)key * (uint32_t)HANDRANK_HASH_MUL; }

/* A hashed rank key's slot in handrank_hash_values (and the tables that share its slots). */
HR_INLINE uint32_t hr_slot(uint32_t h) {
    return (h & HR_SLOT_MASK) ^ handrank_hash_disp[h >> (32 - HANDRANK_HASH_BUCKET_BITS)];
}

#ifdef HR_HAVE_AVX512
/* hr_slot of sixteen hashed rank keys: the displacement in one gather. */
HR_AVX512 static inline __m512i hr_avx512_slot(__m512i h) {
    __m512i disp = hr_gather_u16(handrank_hash_disp, _mm512_srli_epi32(h, 32 - HANDRANK_HASH_BUCKET_BITS));
    /* slot = (h & HR_SLOT_MASK) ^ (disp & 0xffff): disp's high half is the next entry's */
    return _mm512_ternarylogic_epi32(_mm512_and_si512(h, _mm512_set1_epi32((int)HR_SLOT_MASK)), disp,
                                     _mm512_set1_epi32(0xffff), 0x78);
}
#endif

/* Class of the best no-flush five, from a hashed rank key. */
HR_INLINE uint16_t hr_plain_hashed(uint32_t h) {
    uint32_t bucket = h >> (32 - HANDRANK_HASH_BUCKET_BITS);
    return handrank_hash_values[(h & HR_SLOT_MASK) ^ handrank_hash_disp[bucket]];
}

/* One suit's 13 rank bits, as a suit occupies 16 of the suit-major card bits. */
#define HR_SUIT_RANKS 0x1fffu

/*
 * The 13 rank bits of suit s's cards in a card mask (bit 4 * rank + suit): the bits at a stride of four
 * folded together in four steps, no branch (where no pext instruction is at hand).
 */
HR_INLINE unsigned hr_mask_suit_ranks(uint64_t mask, unsigned s) {
    uint64_t x = mask >> s & 0x1111111111111ULL;
    x = (x | x >> 3) & 0x0303030303030303ULL;  /* ranks 2k, 2k + 1 at bits 8k, 8k + 1 */
    x = (x | x >> 6) & 0x000f000f000f000fULL;  /* four ranks a 16 bits */
    x = (x | x >> 12) & 0x000000ff000000ffULL; /* eight a 32 */
    return (unsigned)(x | x >> 24) & HR_SUIT_RANKS;
}

/* The suit of the lowest flag set in `flags` (not 0), where suit s's flag is bit first + width * s. */
HR_INLINE unsigned hr_flag_suit_at(uint64_t flags, unsigned first, unsigned width) {
    return ((unsigned)hr_ctz64(flags) - first) / width;
}

/* The same in a summed card key (handrank_card_key): suit s's flag is bit HANDRANK_SUIT_SHIFT + 4 * s + 3. */
HR_INLINE unsigned hr_flag_suit(uint64_t flags) { return hr_flag_suit_at(flags, HANDRANK_SUIT_SHIFT + 3, 4); }

/* Class from a summed key and the OR of the cards' suit bits. */
HR_INLINE uint16_t hr_finish(uint64_t key, uint64_t suits) {
    uint64_t flush = key & HANDRANK_FLUSH_BITS;
    if (flush) /* at most one suit can hold five of seven cards */
        return handrank_flush[(suits >> (16 * hr_flag_suit(flush))) & HR_SUIT_RANKS];
    return hr_plain_hashed(hr_hash(key));
}

/*
 * Valid iff no card is poison and no two cards share a bit: for
 * non-negative addends the sum equals the OR exactly when no bits overlap.
 */
#define HR_ROW_INVALID(s_or, s_sum) (((s_or) ^ (s_sum)) | ((s_or) & HANDRANK_POISON_MASK))

/* The category of a high class 1..7462 (0 royal flush ... 9 high card). */
HR_INLINE int hr_category(unsigned r) {
    return handrank_category[r];
}

/*
 * Credit `count` showdowns split among the `winners` players of `mask`
 * (bit p: player p), who hold a hand of category `category`.  `count` may
 * be the two's complement of a number of showdowns to take back: the
 * tallies are sums of such terms, exact modulo 2**64 and non-negative in
 * the end.  `types` may be NULL.
 */
HR_INLINE void hr_credit_split(handrank_tally *out, handrank_hand_types *types, unsigned mask, int winners, int n,
                               int category, uint64_t count) {
    uint64_t part = HANDRANK_SHARE_UNIT / (uint64_t)winners;
    for (int p = 0; p < n; p++) {
        if (!(mask >> p & 1))
            continue;
        if (winners == 1)
            out[p].wins += count;
        else
            out[p].ties += count;
        out[p].share += count * part;
        out[p].share_sq += count * part * part;
        if (types) {
            if (winners == 1)
                types[p].wins[category] += count;
            else
                types[p].ties[category] += count;
        }
    }
}

/* The best (lowest) of n ranks. */
HR_INLINE uint16_t hr_best(const uint16_t *rank, int n) {
    uint16_t best = rank[0];
    for (int p = 1; p < n; p++)
        best = rank[p] < best ? rank[p] : best;
    return best;
}

/* Credit `count` showdowns (see hr_credit_split) given each player's rank. */
HR_INLINE void hr_credit(handrank_tally *out, handrank_hand_types *types, const uint16_t *rank, int n,
                         uint64_t count) {
    uint16_t best = 0xffff;
    int winners = 0;
    unsigned mask = 0;
    for (int p = 0; p < n; p++) {
        if (rank[p] < best) {
            best = rank[p];
            winners = 1;
            mask = 1u << p;
        } else if (rank[p] == best) {
            winners++;
            mask |= 1u << p;
        }
    }
    hr_credit_split(out, types, mask, winners, n, types ? hr_category(best) : 0, count);
}

/* Heads-up: `won_a` showdowns won by a, `won_b` by b, `tied` split between them. */
HR_INLINE void hr_credit_duel(handrank_tally *a, handrank_tally *b, uint64_t won_a, uint64_t won_b, uint64_t tied) {
    const uint64_t unit = HANDRANK_SHARE_UNIT, half = HANDRANK_SHARE_UNIT / 2;
    a->wins += won_a;
    b->wins += won_b;
    a->ties += tied;
    b->ties += tied;
    a->share += won_a * unit + tied * half;
    b->share += won_b * unit + tied * half;
    a->share_sq += won_a * unit * unit + tied * half * half;
    b->share_sq += won_b * unit * unit + tied * half * half;
}

/*
 * `return CALL(NH, NB);` with the Omaha hole size nh (4..6) and board size nb
 * (3..5) as compile-time constants, so that a kernel's loops unroll.
 */
#define HR_OMAHA_SIZES(nh, nb, CALL)                                                                        \
    switch ((nh) * 8 + (nb)) {                                                                              \
    case 4 * 8 + 3: return CALL(4, 3);                                                                      \
    case 4 * 8 + 4: return CALL(4, 4);                                                                      \
    case 4 * 8 + 5: return CALL(4, 5);                                                                      \
    case 5 * 8 + 3: return CALL(5, 3);                                                                      \
    case 5 * 8 + 4: return CALL(5, 4);                                                                      \
    case 5 * 8 + 5: return CALL(5, 5);                                                                      \
    case 6 * 8 + 3: return CALL(6, 3);                                                                      \
    case 6 * 8 + 4: return CALL(6, 4);                                                                      \
    default: return CALL(6, 5);                                                                             \
    }

/*
 * Omaha on a five-card board prepared once for every player (omaha.c, for
 * equity.c and ranges.c): its row of handrank_omaha_board, its summed card
 * keys and the OR of its suit bits.
 */
typedef struct {
    const uint8_t *row;
    uint64_t key, bits;
} hr_omaha_board;
void hr_omaha_prepare5(const uint8_t *board, hr_omaha_board *prepared);
uint16_t hr_omaha_prepared5(const uint8_t *hole, int n_hole, const hr_omaha_board *prepared);

/*
 * Omaha batches (omaha.c, for omaha_simd.c).  A shared board, folded: the
 * best class of each pair of hole cards a, b at HR_FOLD_WIDTH * a + b, and 0
 * (no class) where a == b, either is on the board or either is an id past
 * 51 (below 64), so that a row's best is 0 exactly when its cards (all below
 * 64) are not valid.  One entry of padding: the SIMD kernels read entries as
 * the low half of four bytes.  The scalar kernels take rows at any strides
 * and return the first invalid row, or -1.
 */
#define HR_FOLD_WIDTH 64
typedef struct {
    uint16_t pair[HR_FOLD_WIDTH * HR_FOLD_WIDTH + 1];
} hr_folded_board;
int hr_omaha_fold(const uint8_t *board, int n_board, hr_folded_board *folded);
int64_t hr_omaha_shared_rows(const uint8_t *holes, int n_hole, ptrdiff_t hole_stride, const hr_folded_board *folded,
                             int64_t n_rows, char *out, ptrdiff_t out_stride);
int64_t hr_omaha_own_rows(const uint8_t *holes, int n_hole, ptrdiff_t hole_stride, const uint8_t *boards,
                          int n_board, ptrdiff_t board_stride, int64_t n_rows, char *out, ptrdiff_t out_stride);
/*
 * A SIMD step's lane l that can hold a flush: the smaller of its class so
 * far and its best flush, from its cards as the step read them (card j of
 * each lane in cards[j], the K hole cards first, then the NB board cards).
 */
uint32_t hr_omaha_flush_lane(const uint32_t (*cards)[16], int l, int K, int NB, uint32_t best);

/*
 * Hold'em enumeration of one matchup by multisets of board ranks (equity.c):
 * handrank_enumerate for Hold'em, also used by the ranges kernel.
 */
uint64_t hr_holdem_boards(const uint8_t *holes, int n, const uint8_t *board, int n_board, const uint8_t *deck,
                          int n_deck, int part, int parts, handrank_tally *out, handrank_hand_types *types);

/*
 * The scalar batch kernels of evaluate.c, for evaluate_simd.c: contiguous
 * uint8 rows of k = 5..7 cards into `out` (any address), rows at any
 * strides, and card masks at any strides.  Each returns the first invalid
 * row, or -1.
 */
int64_t hr_rows_scalar(const uint8_t *cards, int64_t n, int k, char *out);
int64_t hr_rows_strided(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows, char *out,
                        ptrdiff_t out_stride);
int64_t hr_masks_scalar(const uint64_t *masks, int64_t n, ptrdiff_t stride, uint16_t *out, ptrdiff_t out_stride);

/*
 * The scalar kernel of handrank_iso_index (isomorphism.c, for
 * isomorphism_simd.c): the same arguments and answer.
 */
int64_t hr_iso_index_scalar(const handrank_iso_street *street, const uint8_t *rows, int64_t n, uint64_t *out);

/*
 * Whether the street is dealt as the fast kernels take it (isomorphism.c):
 * a first round of K0 <= 4 cards, a second of K1 (0 when there is none),
 * then S rounds of one card.  Sets K0, K1 and S either way.
 */
int hr_iso_layout(const handrank_iso_street *street, int *K0, int *K1, int *S);

/*
 * The next runout: `pick` holds `k` increasing positions among `n` cards (the combinations in order);
 * steps it to the next combination, or returns 0 after the last (at once for k = 0).
 */
HR_INLINE int hr_next_pick(int *pick, int k, int n) {
    int j = k - 1;
    while (j >= 0 && pick[j] == n - k + j)
        j--;
    if (j < 0)
        return 0;
    pick[j]++;
    for (int q = j + 1; q < k; q++)
        pick[q] = pick[q - 1] + 1;
    return 1;
}

/*
 * Showdown values (showdown.c, for showdown_simd.c): the first combo of a reach row whose reach is negative or
 * not a finite number, else HANDRANK_SHOWDOWN_TOO_LARGE.
 */
int hr_showdown_first_bad(const double *reach);
int hr_showdown_first_bad_f32(const float *reach);

#endif /* HANDRANK_INTERNAL_H */
