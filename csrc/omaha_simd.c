/*
 * Omaha batches: the entry point, and the AVX-512 and AVX2 kernels for
 * contiguous rows (the tables of omaha.c sixteen or eight rows at a time),
 * in the kernel chosen at run time (handrank_simd_active, cpu.c).  The rows
 * they leave, and any step with an invalid row, go to the scalar kernels
 * of omaha.c, which never call back.
 */
#include "handrank.h"
#include "internal.h"

#if defined(HR_HAVE_AVX512) || defined(HR_HAVE_AVX2)
/* What the SIMD kernels with a board per row look up by rank, in registers (13 entries each). */
typedef struct {
    uint32_t rank_key[13];   /* the rank part of a card's key */
    uint32_t hashed_key[13]; /* the same, hashed */
    uint32_t first_col[13];  /* the column of the pair of this rank and a deuce: r * (r - 1) / 2 */
    uint32_t index[4][13];   /* handrank_multiset_rank by place in a sorted flop or turn */
} rank_tables;

static void rank_tables_init(rank_tables *t) {
    for (int r = 0; r < 13; r++) {
        t->rank_key[r] = (uint32_t)handrank_card_key[4 * r];
        t->hashed_key[r] = hr_hash(handrank_card_key[4 * r]);
        t->first_col[r] = (uint32_t)(r * (r - 1) / 2);
        for (int j = 0; j < 4; j++)
            t->index[j][r] = handrank_multiset_rank[16 * j + r];
    }
}

#endif

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
    __m512i lo, hi = _mm512_setzero_si512();
    __mmask64 bad;
    if (K >= 4) {
        lo = _mm512_loadu_si512(p);
        bad = _mm512_cmpgt_epu8_mask(lo, past);
    } else { /* three cards: 48 bytes */
        __mmask64 mine = ((__mmask64)1 << (16 * K)) - 1;
        lo = _mm512_maskz_loadu_epi8(mine, p);
        bad = _mm512_mask_cmpgt_epu8_mask(mine, lo, past);
    }
    if (K > 4) {
        __mmask64 rest = ((__mmask64)1 << (16 * K - 64)) - 1;
        hi = _mm512_maskz_loadu_epi8(rest, p + 64);
        bad |= _mm512_mask_cmpgt_epu8_mask(rest, hi, past);
    }
    for (int j = 0; j < K; j++)
        card[j] = _mm512_maskz_permutex2var_epi8(0x1111111111111111ULL, lo, spread[j], hi);
    return bad;
}

/* Lanes of r[a] and r[b] in ascending order. */
HR_AVX512 static inline void avx512_order(__m512i *r, int a, int b) {
    __m512i lo = _mm512_min_epu32(r[a], r[b]);
    r[b] = _mm512_max_epu32(r[a], r[b]);
    r[a] = lo;
}

/* A 16-entry permute table of the 13 dwords at `by_rank` (the rest 0). */
HR_AVX512 static inline __m512i avx512_by_rank(const uint32_t *by_rank) {
    uint32_t t[16] = {0};
    memcpy(t, by_rank, 13 * sizeof t[0]);
    return _mm512_loadu_si512(t);
}

/* One shared board: two cards' entry of the folded table per pair, the best, 0 where a row is invalid. */
HR_AVX512 static int64_t avx512_shared(const uint8_t *holes, const int K, const hr_folded_board *fb, int64_t n,
                                       char *out) {
    __m512i spread[6], card[6], at[6];
    avx512_spread(K, spread);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        if (avx512_cards(holes + i * K, K, spread, card))
            break;
        for (int a = 0; a < K; a++)
            at[a] = _mm512_slli_epi32(card[a], 6); /* HR_FOLD_WIDTH * card */
        __m512i best = _mm512_set1_epi32(0xffff);
        for (int a = 0; a < K; a++)
            for (int b = a + 1; b < K; b++) /* the entry in each lane's low half */
                best = _mm512_min_epu16(best, hr_gather_u16(fb->pair, _mm512_add_epi32(at[a], card[b])));
        if (_mm512_mask_cmpeq_epi16_mask(0x55555555u, best, _mm512_setzero_si512()))
            break; /* a card twice, or one of the board's */
        _mm256_storeu_si256((__m256i *)(void *)(out + 2 * i), _mm512_cvtepi32_epi16(best));
    }
    return i;
}

/*
 * A board per row.  The board's ranks pick its row of a table: on a full
 * board, its rank key (the sum of the cards' keys, by rank through a
 * 16-entry permute) hashes to its row of handrank_omaha_board as in the
 * scalar kernel, in three gathers; on a flop or turn, its ranks sorted (a
 * min/max network) index handrank_omaha_flop or handrank_omaha_turn by
 * 16-entry permutes of handrank_multiset_rank.  Each pair of hole ranks
 * a >= b has the column a * (a - 1) / 2 + b, or 78 + a for a pair
 * (handrank_omaha_pair_col): on a flop or a full board, a gather of the
 * four bytes holding its 13-bit entry; on a turn, a gather of its 2-bit
 * entry (the board rank to leave out), then the class of the pair's and
 * the triple's hashed keys in two gathers.  A row holds a card twice when
 * its cards' bits (1 << id, in two 32-bit halves) count fewer than its
 * cards.  Rows that can hold a flush (three of a suit on the board, two in
 * the hole, by bytes of suit counters) get the scalar kernel's flush search.
 */
/* A full board's hash slot, from its five cards (any bytes: the slot stays inside the tables). */
HR_AVX512 static inline __m512i avx512_board_slot(const __m512i *card, __m512i rank_keys) {
    __m512i key = _mm512_setzero_si512();
    for (int j = 0; j < 5; j++)
        key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(_mm512_srli_epi32(card[j], 2), rank_keys));
    return hr_avx512_slot(_mm512_mullo_epi32(key, _mm512_set1_epi32((int)HANDRANK_HASH_MUL)));
}

/* The byte offset of a full board's row in handrank_omaha_board, from its hash slot. */
HR_AVX512 static inline __m512i avx512_board_row(__m512i slot, __m512i one) {
    __m512i a5 = _mm512_and_si512(hr_gather_u16(handrank_a5_values, slot), _mm512_set1_epi32(0xffff));
    return _mm512_mullo_epi32(_mm512_sub_epi32(a5, one), _mm512_set1_epi32(HANDRANK_OMAHA_ROW_BYTES));
}

HR_AVX512 static int64_t avx512_own_board(const uint8_t *holes, const int K, const uint8_t *boards, const int NB,
                                          int64_t n, char *out) {
    __m512i hole_spread[6], board_spread[5], hole[6], board[5], rank[6], hashed[6], board_rank[5];
    avx512_spread(K, hole_spread);
    avx512_spread(NB, board_spread);
    rank_tables by;
    rank_tables_init(&by);
    const __m512i rank_keys = avx512_by_rank(by.rank_key), hashed_keys = avx512_by_rank(by.hashed_key);
    const __m512i first_cols = avx512_by_rank(by.first_col);
    __m512i indexes[4];
    for (int j = 0; j < 4; j++)
        indexes[j] = avx512_by_rank(by.index[j]);
    const uint8_t *table = NB == 5 ? handrank_omaha_board : NB == 4 ? handrank_omaha_turn : handrank_omaha_flop;
    const __m512i one = _mm512_set1_epi32(1), thirty_two = _mm512_set1_epi32(32);
    /* On a full board the board's row comes from its hashed rank key in two gathers, and every pair of hole
       cards' class from a gather in that row: a chain of three, and the core issues gathers in order (one that
       waits on an older one's result holds up every younger one).  So the boards are read two steps ahead:
       a step gathers its pairs' classes, the row of the next step's board and the displacement of the one
       after.  ahead[0] holds the next step's board (its cards, whether one was past 51, its hash slot and its
       row), ahead[1] the one after it (no row yet). */
    struct {
        __m512i card[5], slot, row;
        __mmask64 past;
    } ahead[2];
    int64_t i = 0;
    if (NB == 5)
        for (int a = 0; a < 2; a++)
            if ((a + 1) * 16 <= n) {
                ahead[a].past = avx512_cards(boards + a * 16 * NB, NB, board_spread, ahead[a].card);
                ahead[a].slot = avx512_board_slot(ahead[a].card, rank_keys);
                if (a == 0)
                    ahead[a].row = avx512_board_row(ahead[a].slot, one);
            }
    for (; i + 16 <= n; i += 16) {
        __mmask64 past_cards = avx512_cards(holes + i * K, K, hole_spread, hole);
        if (NB == 5) {
            past_cards |= ahead[0].past;
            for (int j = 0; j < NB; j++)
                board[j] = ahead[0].card[j];
        } else {
            past_cards |= avx512_cards(boards + i * NB, NB, board_spread, board);
        }
        if (past_cards)
            break;
        __m512i low = _mm512_setzero_si512(), high = low, key = low, hole_suits = low, board_suits = low;
        for (int j = 0; j < K + NB; j++) {
            __m512i c = j < K ? hole[j] : board[j - K];
            low = _mm512_or_si512(low, _mm512_sllv_epi32(one, c));
            high = _mm512_or_si512(high, _mm512_sllv_epi32(one, _mm512_sub_epi32(c, thirty_two)));
            __m512i counter = _mm512_sllv_epi32(one, _mm512_slli_epi32(_mm512_and_si512(c, _mm512_set1_epi32(3)), 3));
            if (j < K) {
                hole_suits = _mm512_add_epi32(hole_suits, counter);
            } else {
                board_suits = _mm512_add_epi32(board_suits, counter);
                board_rank[j - K] = _mm512_srli_epi32(c, 2);
                if (NB != 5)
                    key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(board_rank[j - K], rank_keys));
            }
        }
        __m512i count = _mm512_add_epi32(_mm512_popcnt_epi32(low), _mm512_popcnt_epi32(high));
        if (_mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(K + NB)))
            break;
        /* three or more of a suit on the board (counter + 125 >= 128) and two or more in the hole (+ 126) */
        __mmask16 flush = _mm512_test_epi32_mask(
            _mm512_and_si512(_mm512_add_epi32(board_suits, _mm512_set1_epi32(0x7d7d7d7d)),
                             _mm512_add_epi32(hole_suits, _mm512_set1_epi32(0x7e7e7e7e))),
            _mm512_set1_epi32((int)0x80808080u));
        __m512i row, triple[4];
        if (NB == 5) {
            row = ahead[0].row;
        } else {
            if (NB == 3) {
                avx512_order(board_rank, 0, 1);
                avx512_order(board_rank, 1, 2);
                avx512_order(board_rank, 0, 1);
            } else {
                avx512_order(board_rank, 0, 1);
                avx512_order(board_rank, 2, 3);
                avx512_order(board_rank, 0, 2);
                avx512_order(board_rank, 1, 3);
                avx512_order(board_rank, 1, 2);
            }
            __m512i at = _mm512_setzero_si512();
            for (int j = 0; j < NB; j++)
                at = _mm512_add_epi32(at, _mm512_permutexvar_epi32(board_rank[j], indexes[j]));
            row = _mm512_mullo_epi32(
                at, _mm512_set1_epi32(NB == 4 ? HANDRANK_OMAHA_TURN_ROW_BYTES : HANDRANK_OMAHA_ROW_BYTES));
            if (NB == 4) { /* each triple's hashed key: the board's less a rank's */
                __m512i all = _mm512_mullo_epi32(key, _mm512_set1_epi32((int)HANDRANK_HASH_MUL));
                for (int j = 0; j < 4; j++)
                    triple[j] = _mm512_sub_epi32(all, _mm512_permutexvar_epi32(board_rank[j], hashed_keys));
            }
        }
        for (int j = 0; j < K; j++) {
            rank[j] = _mm512_srli_epi32(hole[j], 2);
            hashed[j] = _mm512_permutexvar_epi32(rank[j], hashed_keys);
        }
        /* each pair of hole cards: its column of the board's row, then its class */
        __m512i col[15], best = _mm512_set1_epi32(0xffff);
        int pairs = 0;
        for (int a = 0; a < K; a++)
            for (int b = a + 1; b < K; b++, pairs++) {
                __m512i top = _mm512_max_epu32(rank[a], rank[b]);
                __mmask16 pair = _mm512_cmpeq_epi32_mask(rank[a], rank[b]);
                col[pairs] = _mm512_add_epi32(_mm512_permutexvar_epi32(top, first_cols),
                                              _mm512_min_epu32(rank[a], rank[b]));
                col[pairs] = _mm512_mask_add_epi32(col[pairs], pair, top, _mm512_set1_epi32(78));
                if (NB != 4) { /* one gather of the four bytes holding its 13-bit entry */
                    __m512i bit = _mm512_mullo_epi32(col[pairs], _mm512_set1_epi32(HANDRANK_OMAHA_ENTRY_BITS));
                    __m512i word = _mm512_i32gather_epi32(_mm512_add_epi32(row, _mm512_srli_epi32(bit, 3)),
                                                          (const void *)table, 1);
                    best = _mm512_min_epu32(
                        best, _mm512_and_si512(_mm512_srlv_epi32(word, _mm512_and_si512(bit, _mm512_set1_epi32(7))),
                                               _mm512_set1_epi32((1 << HANDRANK_OMAHA_ENTRY_BITS) - 1)));
                }
            }
        if (NB == 4) {
            /* three gathers a pair, each on the one before: stage by stage over the pairs (the core issues
               gathers in order, and one that waits on an older one's result holds up every younger one; pair
               by pair ran 15% slower) */
            __m512i got[15], h[15];
            for (int x = 0; x < pairs; x++) /* the word holding each pair's 2-bit entry: the rank it leaves */
                got[x] = _mm512_i32gather_epi32(_mm512_add_epi32(row, _mm512_srli_epi32(col[x], 2)),
                                                (const void *)table, 1);
            pairs = 0;
            for (int a = 0; a < K; a++)
                for (int b = a + 1; b < K; b++, pairs++) {
                    __m512i leave = _mm512_and_si512(
                        _mm512_srlv_epi32(got[pairs],
                                          _mm512_slli_epi32(_mm512_and_si512(col[pairs], _mm512_set1_epi32(3)), 1)),
                        _mm512_set1_epi32(3));
                    __m512i t = triple[0];
                    t = _mm512_mask_mov_epi32(t, _mm512_cmpeq_epi32_mask(leave, one), triple[1]);
                    t = _mm512_mask_mov_epi32(t, _mm512_cmpeq_epi32_mask(leave, _mm512_set1_epi32(2)), triple[2]);
                    t = _mm512_mask_mov_epi32(t, _mm512_cmpeq_epi32_mask(leave, _mm512_set1_epi32(3)), triple[3]);
                    h[pairs] = _mm512_add_epi32(_mm512_add_epi32(hashed[a], hashed[b]), t);
                }
            for (int x = 0; x < pairs; x++)
                got[x] = hr_avx512_slot(h[x]);
            for (int x = 0; x < pairs; x++)
                best = _mm512_min_epu32(
                    best, _mm512_and_si512(hr_gather_u16(handrank_hash_values, got[x]), _mm512_set1_epi32(0xffff)));
        }
        if (flush) { /* from the cards as read and checked, not read again */
            uint32_t lanes[16], cards[11][16];
            _mm512_storeu_si512(lanes, best);
            for (int j = 0; j < K + NB; j++)
                _mm512_storeu_si512(cards[j], j < K ? hole[j] : board[j - K]);
            for (unsigned m = flush; m; m &= m - 1) {
                int l = hr_ctz64(m);
                lanes[l] = hr_omaha_flush_lane((const uint32_t(*)[16])cards, l, K, NB, lanes[l]);
            }
            best = _mm512_loadu_si512(lanes);
        }
        _mm256_storeu_si256((__m256i *)(void *)(out + 2 * i), _mm512_cvtepi32_epi16(best));
        if (NB == 5) { /* the next board's row, then the displacement of the one after it */
            if (i + 32 <= n)
                ahead[1].row = avx512_board_row(ahead[1].slot, one);
            ahead[0] = ahead[1];
            if (i + 48 <= n) {
                ahead[1].past = avx512_cards(boards + (i + 32) * NB, NB, board_spread, ahead[1].card);
                ahead[1].slot = avx512_board_slot(ahead[1].card, rank_keys);
            }
        }
    }
    return i;
}
#endif

#ifdef HR_HAVE_AVX2
/*
 * AVX2, eight contiguous rows a step, as the AVX-512 kernels are built:
 * the same tables and steps in eight 32-bit lanes.  The step's 8 * K bytes
 * come in four 16-byte loads of two rows each (the last ones moved back to
 * stay inside the step), and byte shuffles spread card j of each row to
 * the low byte of its lane.  16-entry lookups by rank are two 8-entry
 * permutes and a blend.  A row holds a card twice when the cards' bits
 * (1 << id, in two 26-bit halves, too few to carry out of a lane) sum to
 * more than they OR to.
 */
typedef struct {
    __m256i a[6], b[6]; /* shuffles of the loads of rows (0, 1 | 4, 5) and (2, 3 | 6, 7) into the card vectors */
    int at[4];          /* where the loads of rows (0, 1), (2, 3), (4, 5), (6, 7) start */
} avx2_spread;

HR_AVX2 static inline void avx2_spread_init(const int K, avx2_spread *sp) {
    int pos[4];
    for (int m = 0; m < 4; m++) {
        int start = 2 * m * K;
        sp->at[m] = start < 8 * K - 16 ? start : 8 * K - 16;
        pos[m] = start - sp->at[m];
    }
    for (int j = 0; j < K; j++) {
        uint8_t a[32], b[32];
        memset(a, 0x80, sizeof a); /* 0x80: a zero byte */
        memset(b, 0x80, sizeof b);
        for (int half = 0; half < 2; half++)
            for (int r = 0; r < 2; r++) {
                a[16 * half + 4 * r] = (uint8_t)(pos[2 * half] + K * r + j);         /* rows 0, 1 | 4, 5 */
                b[16 * half + 8 + 4 * r] = (uint8_t)(pos[2 * half + 1] + K * r + j); /* rows 2, 3 | 6, 7 */
            }
        sp->a[j] = _mm256_loadu_si256((const __m256i *)(const void *)a);
        sp->b[j] = _mm256_loadu_si256((const __m256i *)(const void *)b);
    }
}

/* The cards of eight rows of K bytes at p, one vector per card; nonzero if one is past 51. */
HR_AVX2 static inline int avx2_cards(const uint8_t *p, const int K, const avx2_spread *sp, __m256i *card) {
    __m128i load[4];
    for (int m = 0; m < 4; m++)
        load[m] = _mm_loadu_si128((const __m128i *)(const void *)(p + sp->at[m]));
    __m256i a = _mm256_inserti128_si256(_mm256_castsi128_si256(load[0]), load[2], 1);
    __m256i b = _mm256_inserti128_si256(_mm256_castsi128_si256(load[1]), load[3], 1);
    __m256i top = _mm256_setzero_si256();
    for (int j = 0; j < K; j++) {
        card[j] = _mm256_or_si256(_mm256_shuffle_epi8(a, sp->a[j]), _mm256_shuffle_epi8(b, sp->b[j]));
        top = _mm256_max_epu32(top, card[j]);
    }
    return _mm256_movemask_epi8(_mm256_cmpgt_epi32(top, _mm256_set1_epi32(51)));
}

/* Eight classes (below 2**16, one per lane) to out. */
HR_AVX2 static inline void avx2_store(char *out, __m256i best) {
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(best, best), 0x08);
    _mm_storeu_si128((__m128i *)(void *)out, _mm256_castsi256_si128(packed));
}

HR_AVX2 static int64_t avx2_shared(const uint8_t *holes, const int K, const hr_folded_board *fb, int64_t n, char *out) {
    avx2_spread sp;
    __m256i card[6], at[6];
    avx2_spread_init(K, &sp);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        if (avx2_cards(holes + i * K, K, &sp, card))
            break;
        for (int a = 0; a < K; a++)
            at[a] = _mm256_slli_epi32(card[a], 6); /* HR_FOLD_WIDTH * card */
        __m256i best = _mm256_set1_epi32(0xffff);
        for (int a = 0; a < K; a++)
            for (int b = a + 1; b < K; b++)
                best = _mm256_min_epu16(best, _mm256_i32gather_epi32((const int *)(const void *)fb->pair,
                                                                     _mm256_add_epi32(at[a], card[b]), 2));
        best = _mm256_and_si256(best, _mm256_set1_epi32(0xffff));
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(best, _mm256_setzero_si256())))
            break; /* a card twice, or one of the board's */
        avx2_store(out + 2 * i, best);
    }
    return i;
}

/* The 13 dwords by_rank[r] at each lane's rank r < 13: two 8-entry permutes and a blend. */
HR_AVX2 static inline __m256i avx2_by_rank(const __m256i *table, __m256i r) {
    return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(table[0], r), _mm256_permutevar8x32_epi32(table[1], r),
                              _mm256_cmpgt_epi32(r, _mm256_set1_epi32(7)));
}

HR_AVX2 static inline void avx2_table(const uint32_t *by_rank, __m256i *table) {
    uint32_t t[16] = {0};
    memcpy(t, by_rank, 13 * sizeof t[0]);
    table[0] = _mm256_loadu_si256((const __m256i *)(const void *)t);
    table[1] = _mm256_loadu_si256((const __m256i *)(const void *)(t + 8));
}

/* The 16-bit entries of a (padded) table at each lane's index. */
HR_AVX2 static inline __m256i avx2_u16(const uint16_t *table, __m256i index) {
    return _mm256_and_si256(_mm256_i32gather_epi32((const int *)(const void *)table, index, 2),
                            _mm256_set1_epi32(0xffff));
}

/* hr_slot of eight hashed rank keys: the displacement in one gather. */
HR_AVX2 static inline __m256i avx2_slot_of(__m256i h) {
    __m256i disp = avx2_u16(handrank_hash_disp, _mm256_srli_epi32(h, 32 - HANDRANK_HASH_BUCKET_BITS));
    return _mm256_xor_si256(_mm256_and_si256(h, _mm256_set1_epi32((int)HR_SLOT_MASK)), disp);
}

/* A full board's hash slot, from its five cards (any bytes: the slot stays inside the tables). */
HR_AVX2 static inline __m256i avx2_board_slot(const __m256i *card, const __m256i *rank_keys, __m256i mul) {
    __m256i key = _mm256_setzero_si256();
    for (int j = 0; j < 5; j++)
        key = _mm256_add_epi32(key, avx2_by_rank(rank_keys, _mm256_srli_epi32(card[j], 2)));
    return avx2_slot_of(_mm256_mullo_epi32(key, mul));
}

/* The byte offset of a full board's row in handrank_omaha_board, from its hash slot. */
HR_AVX2 static inline __m256i avx2_board_row(__m256i slot, __m256i one) {
    __m256i a5 = avx2_u16(handrank_a5_values, slot);
    return _mm256_mullo_epi32(_mm256_sub_epi32(a5, one), _mm256_set1_epi32(HANDRANK_OMAHA_ROW_BYTES));
}

/* A board per row, as avx512_own_board. */
HR_AVX2 static int64_t avx2_own_board(const uint8_t *holes, const int K, const uint8_t *boards, const int NB,
                                      int64_t n, char *out) {
    avx2_spread hole_sp, board_sp;
    avx2_spread_init(K, &hole_sp);
    avx2_spread_init(NB, &board_sp);
    __m256i hole[6], board[5], rank[6], hashed[6], board_rank[5];
    rank_tables by;
    rank_tables_init(&by);
    __m256i rank_keys[2], hashed_keys[2], first_cols[2], indexes[4][2];
    avx2_table(by.rank_key, rank_keys);
    avx2_table(by.hashed_key, hashed_keys);
    avx2_table(by.first_col, first_cols);
    for (int j = 0; j < 4; j++)
        avx2_table(by.index[j], indexes[j]);
    const uint8_t *table = NB == 5 ? handrank_omaha_board : NB == 4 ? handrank_omaha_turn : handrank_omaha_flop;
    const __m256i one = _mm256_set1_epi32(1), three = _mm256_set1_epi32(3), mul = _mm256_set1_epi32((int)HANDRANK_HASH_MUL);
    /* full boards read two steps ahead, as in avx512_own_board */
    struct {
        __m256i card[5], slot, row;
        int past;
    } ahead[2];
    int64_t i = 0;
    if (NB == 5)
        for (int a = 0; a < 2; a++)
            if ((a + 1) * 8 <= n) {
                ahead[a].past = avx2_cards(boards + a * 8 * NB, NB, &board_sp, ahead[a].card);
                ahead[a].slot = avx2_board_slot(ahead[a].card, rank_keys, mul);
                if (a == 0)
                    ahead[a].row = avx2_board_row(ahead[a].slot, one);
            }
    for (; i + 8 <= n; i += 8) {
        int past_cards = avx2_cards(holes + i * K, K, &hole_sp, hole);
        if (NB == 5) {
            past_cards |= ahead[0].past;
            for (int j = 0; j < NB; j++)
                board[j] = ahead[0].card[j];
        } else {
            past_cards |= avx2_cards(boards + i * NB, NB, &board_sp, board);
        }
        if (past_cards)
            break;
        __m256i low_or = _mm256_setzero_si256(), low_sum = low_or, high_or = low_or, high_sum = low_or;
        __m256i key = low_or, hole_suits = low_or, board_suits = low_or;
        for (int j = 0; j < K + NB; j++) {
            __m256i c = j < K ? hole[j] : board[j - K];
            __m256i low = _mm256_and_si256(_mm256_sllv_epi32(one, c), _mm256_set1_epi32((1 << 26) - 1));
            __m256i high = _mm256_sllv_epi32(one, _mm256_sub_epi32(c, _mm256_set1_epi32(26)));
            low_or = _mm256_or_si256(low_or, low);
            low_sum = _mm256_add_epi32(low_sum, low);
            high_or = _mm256_or_si256(high_or, high);
            high_sum = _mm256_add_epi32(high_sum, high);
            __m256i counter = _mm256_sllv_epi32(one, _mm256_slli_epi32(_mm256_and_si256(c, three), 3));
            if (j < K) {
                hole_suits = _mm256_add_epi32(hole_suits, counter);
            } else {
                board_suits = _mm256_add_epi32(board_suits, counter);
                board_rank[j - K] = _mm256_srli_epi32(c, 2);
                if (NB != 5)
                    key = _mm256_add_epi32(key, avx2_by_rank(rank_keys, board_rank[j - K]));
            }
        }
        __m256i twice = _mm256_or_si256(_mm256_xor_si256(low_or, low_sum), _mm256_xor_si256(high_or, high_sum));
        if (!_mm256_testz_si256(twice, twice))
            break;
        __m256i flushes = _mm256_and_si256(
            _mm256_and_si256(_mm256_add_epi32(board_suits, _mm256_set1_epi32(0x7d7d7d7d)),
                             _mm256_add_epi32(hole_suits, _mm256_set1_epi32(0x7e7e7e7e))),
            _mm256_set1_epi32((int)0x80808080u));
        unsigned flush = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(flushes, _mm256_setzero_si256()))) & 0xffu;
        __m256i row, triple[4];
        if (NB == 5) {
            row = ahead[0].row;
        } else {
            for (int x = 0; x < NB; x++) /* sorted: a min/max network */
                for (int y = NB - 1; y > x; y--) {
                    __m256i lo = _mm256_min_epu32(board_rank[y - 1], board_rank[y]);
                    board_rank[y] = _mm256_max_epu32(board_rank[y - 1], board_rank[y]);
                    board_rank[y - 1] = lo;
                }
            __m256i at = _mm256_setzero_si256();
            for (int j = 0; j < NB; j++)
                at = _mm256_add_epi32(at, avx2_by_rank(indexes[j], board_rank[j]));
            row = _mm256_mullo_epi32(
                at, _mm256_set1_epi32(NB == 4 ? HANDRANK_OMAHA_TURN_ROW_BYTES : HANDRANK_OMAHA_ROW_BYTES));
            if (NB == 4) {
                __m256i all = _mm256_mullo_epi32(key, mul);
                for (int j = 0; j < 4; j++)
                    triple[j] = _mm256_sub_epi32(all, avx2_by_rank(hashed_keys, board_rank[j]));
            }
        }
        for (int j = 0; j < K; j++) {
            rank[j] = _mm256_srli_epi32(hole[j], 2);
            hashed[j] = avx2_by_rank(hashed_keys, rank[j]);
        }
        /* each pair of hole cards: its column of the board's row, then its class (on a turn stage by stage over
           the pairs, as in the AVX-512 kernel) */
        __m256i col[15], best = _mm256_set1_epi32(0xffff);
        int pairs = 0;
        for (int a = 0; a < K; a++)
            for (int b = a + 1; b < K; b++, pairs++) {
                __m256i top = _mm256_max_epu32(rank[a], rank[b]);
                __m256i pair = _mm256_cmpeq_epi32(rank[a], rank[b]);
                col[pairs] = _mm256_blendv_epi8(
                    _mm256_add_epi32(avx2_by_rank(first_cols, top), _mm256_min_epu32(rank[a], rank[b])),
                    _mm256_add_epi32(top, _mm256_set1_epi32(78)), pair);
                if (NB != 4) {
                    __m256i bit = _mm256_add_epi32(
                        _mm256_add_epi32(_mm256_slli_epi32(col[pairs], 3), _mm256_slli_epi32(col[pairs], 2)),
                        col[pairs]); /* 13 * col */
                    __m256i word = _mm256_i32gather_epi32((const int *)(const void *)table,
                                                          _mm256_add_epi32(row, _mm256_srli_epi32(bit, 3)), 1);
                    best = _mm256_min_epu32(
                        best, _mm256_and_si256(_mm256_srlv_epi32(word, _mm256_and_si256(bit, _mm256_set1_epi32(7))),
                                               _mm256_set1_epi32((1 << HANDRANK_OMAHA_ENTRY_BITS) - 1)));
                }
            }
        if (NB == 4) {
            __m256i got[15], h[15];
            for (int x = 0; x < pairs; x++)
                got[x] = _mm256_i32gather_epi32((const int *)(const void *)table,
                                                _mm256_add_epi32(row, _mm256_srli_epi32(col[x], 2)), 1);
            pairs = 0;
            for (int a = 0; a < K; a++)
                for (int b = a + 1; b < K; b++, pairs++) {
                    __m256i leave = _mm256_and_si256(
                        _mm256_srlv_epi32(got[pairs], _mm256_slli_epi32(_mm256_and_si256(col[pairs], three), 1)),
                        three);
                    __m256i t = triple[0];
                    t = _mm256_blendv_epi8(t, triple[1], _mm256_cmpeq_epi32(leave, one));
                    t = _mm256_blendv_epi8(t, triple[2], _mm256_cmpeq_epi32(leave, _mm256_set1_epi32(2)));
                    t = _mm256_blendv_epi8(t, triple[3], _mm256_cmpeq_epi32(leave, three));
                    h[pairs] = _mm256_add_epi32(_mm256_add_epi32(hashed[a], hashed[b]), t);
                }
            for (int x = 0; x < pairs; x++)
                got[x] = avx2_slot_of(h[x]);
            for (int x = 0; x < pairs; x++)
                best = _mm256_min_epu32(best, avx2_u16(handrank_hash_values, got[x]));
        }
        if (flush) { /* from the cards as read and checked, not read again */
            uint32_t lanes[8], cards[11][16];
            _mm256_storeu_si256((__m256i *)(void *)lanes, best);
            for (int j = 0; j < K + NB; j++)
                _mm256_storeu_si256((__m256i *)(void *)cards[j], j < K ? hole[j] : board[j - K]);
            for (unsigned m = flush; m; m &= m - 1) {
                int l = hr_ctz64(m);
                lanes[l] = hr_omaha_flush_lane((const uint32_t(*)[16])cards, l, K, NB, lanes[l]);
            }
            best = _mm256_loadu_si256((const __m256i *)(const void *)lanes);
        }
        avx2_store(out + 2 * i, best);
        if (NB == 5) { /* the next board's row, then the displacement of the one after it */
            if (i + 16 <= n)
                ahead[1].row = avx2_board_row(ahead[1].slot, one);
            ahead[0] = ahead[1];
            if (i + 24 <= n) {
                ahead[1].past = avx2_cards(boards + (i + 16) * NB, NB, &board_sp, ahead[1].card);
                ahead[1].slot = avx2_board_slot(ahead[1].card, rank_keys, mul);
            }
        }
    }
    return i;
}
#endif

/* Rows done by the SIMD kernel in use, for rows it takes (contiguous holes, boards and out); 0 if none. */
static int64_t simd_shared(const uint8_t *holes, int nh, ptrdiff_t hs, const hr_folded_board *fb, int64_t n, char *out,
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
#ifdef HR_HAVE_AVX2
    if (handrank_simd_active() == HANDRANK_SIMD_AVX2 && hs == nh && os == 2) {
        switch (nh) {
        case 4: return avx2_shared(holes, 4, fb, n, out);
        case 5: return avx2_shared(holes, 5, fb, n, out);
        default: return avx2_shared(holes, 6, fb, n, out);
        }
    }
#endif
    (void)holes, (void)nh, (void)hs, (void)fb, (void)n, (void)out, (void)os;
    return 0;
}

static int64_t simd_own_board(const uint8_t *holes, int nh, ptrdiff_t hs, const uint8_t *boards, int nb,
                              ptrdiff_t bs, int64_t n, char *out, ptrdiff_t os) {
#ifdef HR_HAVE_AVX512
    if (handrank_simd_active() == HANDRANK_SIMD_AVX512 && hs == nh && bs == nb && os == 2) {
#define SIMD(NH, NB) avx512_own_board(holes, NH, boards, NB, n, out)
        HR_OMAHA_SIZES(nh, nb, SIMD)
#undef SIMD
    }
#endif
#ifdef HR_HAVE_AVX2
    if (handrank_simd_active() == HANDRANK_SIMD_AVX2 && hs == nh && bs == nb && os == 2) {
#define SIMD(NH, NB) avx2_own_board(holes, NH, boards, NB, n, out)
        HR_OMAHA_SIZES(nh, nb, SIMD)
#undef SIMD
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
        hr_folded_board fb;
        if (hr_omaha_fold(boards, nb, &fb) != 0)
            return 0; /* the board's own validity decides row 0, which also holds it */
        done = simd_shared(holes, nh, hole_stride, &fb, n_rows, o, out_stride);
        holes += done * hole_stride;
        o += done * out_stride;
        bad = hr_omaha_shared_rows(holes, nh, hole_stride, &fb, n_rows - done, o, out_stride);
        return bad < 0 ? bad : done + bad;
    }
    done = simd_own_board(holes, nh, hole_stride, boards, nb, board_stride, n_rows, o, out_stride);
    holes += done * hole_stride;
    boards += done * board_stride;
    o += done * out_stride;
    bad = hr_omaha_own_rows(holes, nh, hole_stride, boards, nb, board_stride, n_rows - done, o, out_stride);
    return bad < 0 ? bad : done + bad;
}
