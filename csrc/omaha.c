/*
 * Omaha: exactly two hole cards and exactly three board cards.
 *
 * The rank part of a five-card key is a hole pair's plus a board triple's,
 * and the hash's multiplication distributes over that sum: each pair and
 * triple is multiplied once, and each of the up to 15 x 10 combinations
 * costs an add and two loads.  A full board reads instead its row of
 * handrank_omaha_board: one entry per hole pair.  A flush needs a suit with
 * three cards on the board (at most one suit has them) and two in the
 * hole; the board's summed key says which suit, the cards' suit bits which
 * ranks, and only such hands look for one.
 *
 * When every row shares one board, the board is folded first into a table
 * of the best class for each pair of hole cards, so a hand costs one read
 * per hole pair.
 */
#include "handrank.h"
#include "internal.h"

#define MAX_PAIRS 15
#define MAX_TRIPLES 10

/* Added to a summed key of at most five cards, sets a suit's flag bit (HANDRANK_FLUSH_BITS) at three of it. */
#define THREE_OF_A_SUIT (0x5555ULL << HANDRANK_SUIT_SHIFT)

/* x has exactly n set bits (n = 2 or 3), without a population count. */
HR_INLINE int bits_exactly(uint32_t x, int n) {
    for (int i = 1; i < n; i++)
        x &= x - 1;
    return x && !(x & (x - 1));
}

/* Best flush of exactly two of the rank bits `hole` and three of `board` (one suit's, disjoint). */
static uint16_t best_flush(uint32_t hole, uint32_t board) {
    if (bits_exactly(hole, 2) && bits_exactly(board, 3))
        return handrank_flush[hole | board]; /* most often the only choice */
    uint16_t best = 0xffff;
    for (uint32_t a = hole; a; a &= a - 1)
        for (uint32_t b = a & (a - 1); b; b &= b - 1) {
            uint32_t pair = (a & -a) | (b & -b);
            for (uint32_t x = board; x; x &= x - 1)
                for (uint32_t y = x & (x - 1); y; y &= y - 1)
                    for (uint32_t z = y & (y - 1); z; z &= z - 1) {
                        uint16_t c = handrank_flush[pair | (x & -x) | (y & -y) | (z & -z)];
                        best = c < best ? c : best;
                    }
        }
    return best;
}

/*
 * The best flush of the hand, or 0xffff: `board_key` sums the board's card
 * keys, `hole_bits` and `board_bits` OR the cards' suit bits.
 */
HR_INLINE uint16_t flush_part(uint64_t hole_bits, uint64_t board_bits, uint64_t board_key) {
    uint64_t flag = (board_key + THREE_OF_A_SUIT) & HANDRANK_FLUSH_BITS;
    if (!flag)
        return 0xffff; /* most boards: no suit to make a flush with */
    unsigned shift = (unsigned)(hr_ctz64(flag) - HANDRANK_SUIT_SHIFT - 3) * 4; /* 16 * suit */
    uint32_t hole = (uint32_t)(hole_bits >> shift) & HR_SUIT_RANKS;
    if (!(hole & (hole - 1)))
        return 0xffff; /* fewer than two hole cards of the suit */
    return best_flush(hole, (uint32_t)(board_bits >> shift) & HR_SUIT_RANKS);
}

/* The OR of the suit bits of `n` cards; their sum added to *sum (for validation: see HR_ROW_INVALID). */
HR_INLINE uint64_t card_bits(const uint8_t *ids, int n, uint64_t *sum) {
    uint64_t s_or = 0;
    for (int j = 0; j < n; j++) {
        s_or |= handrank_suit_bit[ids[j]];
        *sum += handrank_suit_bit[ids[j]];
    }
    return s_or;
}

HR_INLINE uint64_t card_key_sum(const uint8_t *ids, int n) {
    uint64_t key = 0;
    for (int j = 0; j < n; j++)
        key += handrank_card_key[ids[j]];
    return key;
}

/* The hashed rank keys of every three of the board's cards; their number. */
HR_INLINE int board_triples(const uint8_t *board, const int nb, uint64_t *triples) {
    int nt = 0;
    for (int x = 0; x < nb; x++)
        for (int y = x + 1; y < nb; y++)
            for (int z = y + 1; z < nb; z++)
                triples[nt++] = hr_hash(handrank_card_key[board[x]] + handrank_card_key[board[y]]
                                        + handrank_card_key[board[z]]);
    return nt;
}

/* A board of three or four cards: every pair of hole cards with every triple. */
HR_INLINE uint16_t omaha_triples(const uint8_t *hole, const int nh, const uint8_t *board, const int nb) {
    uint64_t pairs[MAX_PAIRS], triples[MAX_TRIPLES];
    int np = 0, nt = board_triples(board, nb, triples);
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++)
            pairs[np++] = hr_hash(handrank_card_key[hole[i]] + handrank_card_key[hole[j]]);
    uint16_t best = 0xffff;
    for (int p = 0; p < np; p++)
        for (int t = 0; t < nt; t++) {
            uint16_t c = hr_plain_hashed((uint32_t)(pairs[p] + triples[t]));
            best = c < best ? c : best;
        }
    return best;
}

/*
 * A full board: its rank multiset picks a row of handrank_omaha_board (by its ace-to-five class, a
 * bijection), which holds the best class of each pair of hole ranks with three board cards, suits aside.
 */
HR_INLINE const uint8_t *board_row(uint64_t board_key) {
    return handrank_omaha_board
           + (size_t)HANDRANK_OMAHA_ROW_BYTES * (handrank_a5_values[hr_slot(hr_hash(board_key))] - 1u);
}

/* The packed entry at `bit` of a row. */
HR_INLINE uint32_t row_entry(const uint8_t *row, unsigned bit) {
    uint32_t word;
    memcpy(&word, row + (bit >> 3), sizeof word);
    return (word >> (bit & 7)) & ((1u << HANDRANK_OMAHA_ENTRY_BITS) - 1);
}

/* The best entry of a row over the hole's pairs of ranks. */
HR_INLINE uint16_t omaha_row(const uint8_t *hole, const int nh, const uint8_t *row) {
    unsigned r[6], r13[6];
    for (int i = 0; i < nh; i++) {
        r[i] = (unsigned)hole[i] >> 2;
        r13[i] = 13 * r[i];
    }
    uint32_t best = 0xffff;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++) {
            uint32_t c = row_entry(row, handrank_omaha_pair_bit[r13[i] + r[j]]);
            best = c < best ? c : best;
        }
    return (uint16_t)best;
}

/* Any hand of valid cards, given the suit bits of hole and board and the board's summed key. */
HR_INLINE uint16_t omaha(const uint8_t *hole, const int nh, const uint8_t *board, const int nb, uint64_t hole_bits,
                         uint64_t board_bits, uint64_t board_key) {
    uint16_t best = nb == 5 ? omaha_row(hole, nh, board_row(board_key)) : omaha_triples(hole, nh, board, nb);
    uint16_t f = flush_part(hole_bits, board_bits, board_key);
    return f < best ? f : best;
}

HR_INLINE uint16_t omaha_cards(const uint8_t *hole, const int nh, const uint8_t *board, const int nb) {
    uint64_t unused = 0;
    return omaha(hole, nh, board, nb, card_bits(hole, nh, &unused), card_bits(board, nb, &unused),
                 card_key_sum(board, nb));
}

uint16_t handrank_evaluate_omaha(const uint8_t *hole, int nh, const uint8_t *board, int nb) {
    /* Constant sizes let the compiler unroll the pair x triple grid. */
#define ONE(NH, NB) omaha_cards(hole, NH, board, NB)
    HR_OMAHA_SIZES(nh, nb, ONE)
#undef ONE
}

void handrank_omaha_prepare5(const uint8_t *board, hr_omaha_board *prepared) {
    uint64_t unused = 0;
    prepared->key = card_key_sum(board, 5);
    prepared->row = board_row(prepared->key);
    prepared->bits = card_bits(board, 5, &unused);
}

HR_INLINE uint16_t omaha_prepared(const uint8_t *hole, const int nh, const hr_omaha_board *prepared) {
    uint64_t unused = 0;
    uint16_t best = omaha_row(hole, nh, prepared->row);
    uint16_t f = flush_part(card_bits(hole, nh, &unused), prepared->bits, prepared->key);
    return f < best ? f : best;
}

uint16_t handrank_omaha_prepared5(const uint8_t *hole, int nh, const hr_omaha_board *prepared) {
    switch (nh) {
    case 4: return omaha_prepared(hole, 4, prepared);
    case 5: return omaha_prepared(hole, 5, prepared);
    default: return omaha_prepared(hole, 6, prepared);
    }
}

/*
 * The batch kernels read each row once, into locals, and validate and rank
 * that copy: a buffer that changes during the call (another thread writing
 * to it) can give a wrong rank for the rows it touches, never an index out
 * of the tables.  `out` may sit at any address.
 */

/* Rows with their own boards, NH and NB compile-time constants. */
HR_INLINE int64_t rows_own_board(const uint8_t *holes, const int NH, ptrdiff_t hs, const uint8_t *boards,
                                 const int NB, ptrdiff_t bs, int64_t n, char *o, ptrdiff_t os) {
    for (int64_t i = 0; i < n; i++, holes += hs, boards += bs, o += os) {
        uint8_t hole[6], board[5];
        memcpy(hole, holes, (size_t)NH);
        memcpy(board, boards, (size_t)NB);
        uint64_t s_sum = 0;
        uint64_t hole_bits = card_bits(hole, NH, &s_sum), board_bits = card_bits(board, NB, &s_sum);
        if (HR_ROW_INVALID(hole_bits | board_bits, s_sum))
            return i;
        hr_store_u16(o, omaha(hole, NH, board, NB, hole_bits, board_bits, card_key_sum(board, NB)));
    }
    return -1;
}

/*
 * The shared board, folded: the best class of each pair of hole cards a, b
 * at 52 * a + b, and 0 (no class) where a == b or either is on the board,
 * so that a row's best is 0 exactly when its cards (all below 52) are not
 * distinct.  One entry of padding: the AVX-512 kernel reads entries as the
 * low half of four bytes.
 */
typedef struct {
    uint16_t pair[52 * 52 + 1];
} folded_board;

static void fold_board(const uint8_t *board, int nb, folded_board *fb) {
    uint64_t key = card_key_sum(board, nb), unused = 0, board_bits = card_bits(board, nb, &unused);
    /* By ranks, suits aside; ranks through card ids of suit 0, as only the rank part of a key is used. */
    uint16_t plain[13][13];
    const uint8_t *row = nb == 5 ? board_row(key) : NULL;
    uint64_t triples[MAX_TRIPLES];
    int nt = row ? 0 : board_triples(board, nb, triples);
    for (int hi = 0; hi < 13; hi++)
        for (int lo = 0; lo <= hi; lo++) {
            uint16_t best = 0xffff;
            if (row)
                best = (uint16_t)row_entry(row, handrank_omaha_pair_bit[13 * hi + lo]);
            uint64_t pair = hr_hash(handrank_card_key[4 * hi] + handrank_card_key[4 * lo]);
            for (int t = 0; t < nt; t++) {
                uint16_t c = hr_plain_hashed((uint32_t)(pair + triples[t]));
                best = c < best ? c : best;
            }
            /* Combinations with five of a rank can't occur in a valid row; their entries go unread. */
            plain[hi][lo] = plain[lo][hi] = best;
        }
    /* Two hole cards of the board's flush suit, if it has one. */
    uint16_t flush[13][13];
    uint64_t flag = (key + THREE_OF_A_SUIT) & HANDRANK_FLUSH_BITS;
    int suit = flag ? (hr_ctz64(flag) - HANDRANK_SUIT_SHIFT - 3) / 4 : -1;
    uint32_t suited = suit < 0 ? 0 : (uint32_t)(board_bits >> (16 * suit)) & HR_SUIT_RANKS;
    for (int hi = 0; hi < 13 && suit >= 0; hi++)
        for (int lo = 0; lo < hi; lo++)
            flush[hi][lo] = flush[lo][hi] = best_flush((1u << hi) | (1u << lo), suited);
    for (int hi = 0; hi < 13; hi++) /* every suit of each: four entries at a time */
        for (int lo = 0; lo < 13; lo++) {
            uint64_t four = plain[hi][lo] * 0x0001000100010001ULL;
            for (int s = 0; s < 4; s++)
                memcpy(fb->pair + 52 * (4 * hi + s) + 4 * lo, &four, sizeof four);
        }
    for (int hi = 0; hi < 13 && suit >= 0; hi++)
        for (int lo = 0; lo < 13; lo++) {
            uint16_t *at = fb->pair + 52 * (4 * hi + suit) + 4 * lo + suit;
            *at = hi != lo && flush[hi][lo] < *at ? flush[hi][lo] : *at;
        }
    for (int a = 0; a < 52; a++)
        fb->pair[53 * a] = 0;
    for (int j = 0; j < nb; j++) {
        memset(fb->pair + 52 * board[j], 0, 52 * sizeof fb->pair[0]);
        for (int a = 0; a < 52; a++)
            fb->pair[52 * a + board[j]] = 0;
    }
    fb->pair[52 * 52] = 0;
}

HR_INLINE int64_t rows_shared_board(const uint8_t *holes, const int NH, ptrdiff_t hs, const folded_board *fb,
                                    int64_t n, char *o, ptrdiff_t os) {
    for (int64_t i = 0; i < n; i++, holes += hs, o += os) {
        uint8_t hole[6];
        memcpy(hole, holes, (size_t)NH);
        int past = 0;
        for (int a = 0; a < NH; a++)
            past |= hole[a] >= 52;
        if (past)
            return i;
        const uint16_t *at[6];
        for (int a = 0; a < NH; a++)
            at[a] = fb->pair + 52 * hole[a];
        uint16_t best = 0xffff;
        for (int a = 0; a < NH; a++)
            for (int b = a + 1; b < NH; b++) {
                uint16_t c = at[a][hole[b]];
                best = c < best ? c : best;
            }
        if (!best)
            return i; /* a card twice, or one of the board's */
        hr_store_u16(o, best);
    }
    return -1;
}

#ifdef HR_HAVE_AVX512
/*
 * AVX-512, sixteen contiguous rows a step (the kernel in use, see
 * handrank_simd_use).  A byte permute spreads the step's 16 * K bytes to
 * one vector per card: card j of each row in the low byte of its lane.
 * Each kernel returns how many of the leading rows it ranked, a multiple
 * of sixteen: it stops before a step with an invalid row, and the scalar
 * kernel takes the rows from there, so the answers and the first bad row
 * are its own.
 */

/* The permutes of avx512_cards: byte 4 * lane of vector j takes byte K * lane + j of the step. */
HR_AVX512 static inline void avx512_spread(const int K, __m512i *spread) {
    for (int j = 0; j < K; j++) {
        uint8_t index[64] = {0};
        for (int lane = 0; lane < 16; lane++)
            index[4 * lane] = (uint8_t)(K * lane + j);
        spread[j] = _mm512_loadu_si512(index);
    }
}

/* The cards of sixteen rows of K bytes at p, one vector per card; nonzero if one is past 51. */
HR_AVX512 static inline __mmask64 avx512_cards(const uint8_t *p, const int K, const __m512i *spread, __m512i *card) {
    const __m512i past = _mm512_set1_epi8(51);
    __m512i lo = _mm512_loadu_si512(p), hi = _mm512_setzero_si512();
    __mmask64 bad = _mm512_cmpgt_epu8_mask(lo, past);
    if (K > 4) {
        __mmask64 rest = ((__mmask64)1 << (16 * K - 64)) - 1;
        hi = _mm512_maskz_loadu_epi8(rest, p + 64);
        bad |= _mm512_mask_cmpgt_epu8_mask(rest, hi, past);
    }
    for (int j = 0; j < K; j++)
        card[j] = _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, lo, spread[j], hi);
    return bad;
}

/* One shared board: two cards' entry of the folded table per pair, the best, 0 where a row is invalid. */
HR_AVX512 static int64_t avx512_shared(const uint8_t *holes, const int K, const folded_board *fb, int64_t n,
                                       char *out) {
    __m512i spread[6], card[6], at[6];
    avx512_spread(K, spread);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        if (avx512_cards(holes + i * K, K, spread, card))
            break;
        for (int a = 0; a < K; a++)
            at[a] = _mm512_mullo_epi32(card[a], _mm512_set1_epi32(52));
        __m512i best = _mm512_set1_epi32(0xffff);
        for (int a = 0; a < K; a++)
            for (int b = a + 1; b < K; b++) /* the entry in each lane's low half */
                best = _mm512_min_epu16(best, gather_u16(fb->pair, _mm512_add_epi32(at[a], card[b])));
        if (_mm512_mask_cmpeq_epi16_mask(0x55555555u, best, _mm512_setzero_si512()))
            break; /* a card twice, or one of the board's */
        _mm256_storeu_si256((__m256i *)(void *)(out + 2 * i), _mm512_cvtepi32_epi16(best));
    }
    return i;
}

/*
 * A full board per row: its rank key (the sum of the cards' keys, by rank
 * through a 16-entry permute) hashes to its row of handrank_omaha_board as
 * in the scalar kernel, in three gathers; each pair of hole ranks then
 * gathers the four bytes holding its entry.  The entry's first bit, with
 * a >= b the ranks, is 13 * (a * (a - 1) / 2 + b), or 13 * (78 + a) for a
 * pair (handrank_omaha_pair_bit).  A row holds a card twice when its cards'
 * bits (1 << id, in two 32-bit halves) count fewer than its cards.  Rows
 * that can hold a flush (three of a suit on the board, two in the hole,
 * by bytes of suit counters) get the scalar kernel's flush search.
 */
HR_AVX512 static int64_t avx512_own_board(const uint8_t *holes, const int K, const uint8_t *boards, int64_t n,
                                          char *out) {
    __m512i hole_spread[6], board_spread[5], hole[6], board[5], rank[6], rank13[6];
    avx512_spread(K, hole_spread);
    avx512_spread(5, board_spread);
    uint32_t rank_key[16] = {0}, first_bit[16] = {0};
    for (int r = 0; r < 13; r++) {
        rank_key[r] = (uint32_t)handrank_card_key[4 * r];
        first_bit[r] = (uint32_t)(13 * (r * (r - 1) / 2));
    }
    const __m512i rank_keys = _mm512_loadu_si512(rank_key), first_bits = _mm512_loadu_si512(first_bit);
    const __m512i one = _mm512_set1_epi32(1), thirty_two = _mm512_set1_epi32(32);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        if (avx512_cards(holes + i * K, K, hole_spread, hole) | avx512_cards(boards + i * 5, 5, board_spread, board))
            break;
        __m512i low = _mm512_setzero_si512(), high = low, key = low, hole_suits = low, board_suits = low;
        for (int j = 0; j < K + 5; j++) {
            __m512i c = j < K ? hole[j] : board[j - K];
            low = _mm512_or_si512(low, _mm512_sllv_epi32(one, c));
            high = _mm512_or_si512(high, _mm512_sllv_epi32(one, _mm512_sub_epi32(c, thirty_two)));
            __m512i counter = _mm512_sllv_epi32(one, _mm512_slli_epi32(_mm512_and_si512(c, _mm512_set1_epi32(3)), 3));
            if (j < K) {
                hole_suits = _mm512_add_epi32(hole_suits, counter);
            } else {
                board_suits = _mm512_add_epi32(board_suits, counter);
                key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(_mm512_srli_epi32(c, 2), rank_keys));
            }
        }
        __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(low), _mm512_popcnt_epi32(high));
        if (_mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(K + 5)))
            break;
        /* three or more of a suit on the board (counter + 125 >= 128) and two or more in the hole (+ 126) */
        __mmask16 flush = _mm512_test_epi32_mask(
            _mm512_and_si512(_mm512_add_epi32(board_suits, _mm512_set1_epi32(0x7d7d7d7d)),
                             _mm512_add_epi32(hole_suits, _mm512_set1_epi32(0x7e7e7e7e))),
            _mm512_set1_epi32((int)0x80808080u));
        __m512i h = _mm512_mullo_epi32(key, _mm512_set1_epi32((int)HANDRANK_HASH_MUL));
        __m512i disp = gather_u16(handrank_hash_disp, _mm512_srli_epi32(h, 32 - HANDRANK_HASH_BUCKET_BITS));
        __m512i slot = _mm512_ternarylogic_epi32(_mm512_and_si512(h, _mm512_set1_epi32((int)HR_SLOT_MASK)), disp,
                                                 _mm512_set1_epi32(0xffff), 0x78);
        __m512i a5 = _mm512_and_si512(gather_u16(handrank_a5_values, slot), _mm512_set1_epi32(0xffff));
        __m512i row = _mm512_mullo_epi32(_mm512_sub_epi32(a5, one), _mm512_set1_epi32(HANDRANK_OMAHA_ROW_BYTES));
        for (int j = 0; j < K; j++) {
            rank[j] = _mm512_srli_epi32(hole[j], 2);
            rank13[j] = _mm512_mullo_epi32(rank[j], _mm512_set1_epi32(13));
        }
        __m512i best = _mm512_set1_epi32(0xffff);
        for (int a = 0; a < K; a++)
            for (int b = a + 1; b < K; b++) {
                __m512i top = _mm512_max_epu32(rank[a], rank[b]);
                __mmask16 pair = _mm512_cmpeq_epi32_mask(rank[a], rank[b]);
                __m512i bit = _mm512_mask_blend_epi32(pair, _mm512_permutexvar_epi32(top, first_bits),
                                                      _mm512_set1_epi32(13 * 78));
                bit = _mm512_add_epi32(bit, _mm512_min_epu32(rank13[a], rank13[b]));
                __m512i word = _mm512_i32gather_epi32(_mm512_add_epi32(row, _mm512_srli_epi32(bit, 3)),
                                                      (const void *)handrank_omaha_board, 1);
                word = _mm512_srlv_epi32(word, _mm512_and_si512(bit, _mm512_set1_epi32(7)));
                best = _mm512_min_epu32(best, _mm512_and_si512(word, _mm512_set1_epi32(0x1fff)));
            }
        if (flush) {
            uint32_t lanes[16];
            _mm512_storeu_si512(lanes, best);
            for (unsigned m = flush; m; m &= m - 1) {
                int l = hr_ctz64(m);
                const uint8_t *hp = holes + (i + l) * K, *bp = boards + (i + l) * 5;
                uint64_t unused = 0;
                uint16_t f = flush_part(card_bits(hp, K, &unused), card_bits(bp, 5, &unused), card_key_sum(bp, 5));
                lanes[l] = f < lanes[l] ? f : lanes[l];
            }
            best = _mm512_loadu_si512(lanes);
        }
        _mm256_storeu_si256((__m256i *)(void *)(out + 2 * i), _mm512_cvtepi32_epi16(best));
    }
    return i;
}
#endif

static int64_t own_rows(const uint8_t *holes, int nh, ptrdiff_t hs, const uint8_t *boards, int nb, ptrdiff_t bs,
                        int64_t n, char *o, ptrdiff_t os) {
#define OWN(NH, NB) rows_own_board(holes, NH, hs, boards, NB, bs, n, o, os)
    HR_OMAHA_SIZES(nh, nb, OWN)
#undef OWN
}

/* Rows done by the SIMD kernel in use, for rows it takes (contiguous holes, boards and out); 0 if none. */
static int64_t simd_shared(const uint8_t *holes, int nh, ptrdiff_t hs, const folded_board *fb, int64_t n, char *out,
                           ptrdiff_t os) {
#ifdef HR_HAVE_AVX512
    if (handrank_simd_active() == HANDRANK_SIMD_AVX512 && hs == nh && os == 2) {
        switch (nh) {
        case 4: return avx512_shared(holes, 4, fb, n, out);
        case 5: return avx512_shared(holes, 5, fb, n, out);
        default: return avx512_shared(holes, 6, fb, n, out);
        }
    }
#endif
    (void)holes, (void)nh, (void)hs, (void)fb, (void)n, (void)out, (void)os;
    return 0;
}

static int64_t simd_own_board(const uint8_t *holes, int nh, ptrdiff_t hs, const uint8_t *boards, int nb,
                              ptrdiff_t bs, int64_t n, char *out, ptrdiff_t os) {
#ifdef HR_HAVE_AVX512
    if (handrank_simd_active() == HANDRANK_SIMD_AVX512 && hs == nh && nb == 5 && bs == 5 && os == 2) {
        switch (nh) {
        case 4: return avx512_own_board(holes, 4, boards, n, out);
        case 5: return avx512_own_board(holes, 5, boards, n, out);
        default: return avx512_own_board(holes, 6, boards, n, out);
        }
    }
#endif
    (void)holes, (void)nh, (void)hs, (void)boards, (void)nb, (void)bs, (void)n, (void)out, (void)os;
    return 0;
}

int64_t handrank_evaluate_omaha_batch(const uint8_t *holes, int nh, ptrdiff_t hole_stride,
                                      const uint8_t *boards, int nb, ptrdiff_t board_stride,
                                      int64_t n_rows, uint16_t *out, ptrdiff_t out_stride) {
    char *o = (char *)out;
    int64_t done, bad;
    if (board_stride == 0 && n_rows > 0) {
        /* The board's own validity decides row 0, which also holds it. */
        uint8_t board[5];
        memcpy(board, boards, (size_t)nb);
        uint64_t s_sum = 0, s_or = card_bits(board, nb, &s_sum);
        if (HR_ROW_INVALID(s_or, s_sum))
            return 0;
        folded_board fb;
        fold_board(board, nb, &fb);
        done = simd_shared(holes, nh, hole_stride, &fb, n_rows, o, out_stride);
        holes += done * hole_stride;
        o += done * out_stride;
#define SHARED(NH) rows_shared_board(holes, NH, hole_stride, &fb, n_rows - done, o, out_stride)
        bad = nh == 4 ? SHARED(4) : nh == 5 ? SHARED(5) : SHARED(6);
#undef SHARED
        return bad < 0 ? bad : done + bad;
    }
    done = simd_own_board(holes, nh, hole_stride, boards, nb, board_stride, n_rows, o, out_stride);
    holes += done * hole_stride;
    boards += done * board_stride;
    o += done * out_stride;
    bad = own_rows(holes, nh, hole_stride, boards, nb, board_stride, n_rows - done, o, out_stride);
    return bad < 0 ? bad : done + bad;
}
