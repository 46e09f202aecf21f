/*
 * Omaha: exactly two hole cards and exactly three board cards.
 *
 * The board's rank multiset picks a row of a table holding, for each pair
 * of hole ranks, its best class with three board cards, suits aside (on a
 * turn, which board rank to leave out): a hand reads one entry per hole
 * pair (see ranked_board).  A flush needs a suit with three cards on the
 * board (at most one suit has them) and two in the hole; the board's
 * summed key says which suit, the cards' suit bits which ranks, and only
 * such hands look for one.  When every row shares one board, the board is
 * folded first into a table of the best class for each pair of hole cards.
 *
 * Single hands and the scalar batch kernels; omaha_simd.c holds the SIMD
 * ones and the batch entry point, and calls these for what its kernels do
 * not take (nothing here calls back).
 */
#include "handrank.h"
#include "internal.h"

/*
 * The suit with three or more cards among a board's (at most one suit can
 * have them: boards have five cards or fewer), or -1, from the sum of the
 * board's card keys: a bias of 5 per suit counter sets the counter's flag
 * bit (HANDRANK_FLUSH_BITS) at three of the suit.
 */
HR_INLINE int three_suited(uint64_t board_key) {
    uint64_t flag = (board_key + (0x5555ULL << HANDRANK_SUIT_SHIFT)) & HANDRANK_FLUSH_BITS;
    return flag ? (int)hr_flag_suit(flag) : -1;
}

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
    int suit = three_suited(board_key);
    if (suit < 0)
        return 0xffff; /* most boards: no suit to make a flush with */
    unsigned shift = 16 * (unsigned)suit;
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

/*
 * A board's ranks, ready for the best class of each pair of hole ranks
 * with three of its cards, suits aside.  A full board's rank multiset picks
 * its row of handrank_omaha_board (by its ace-to-five class, a bijection),
 * which holds the class of each pair of hole ranks.  A flop's class is
 * read by the hash, which is linear: a five's hashed rank key is the
 * pair's plus the board's (handrank_omaha_flop, the same as rows, is for
 * the SIMD kernels, where a gather of a row entry beats two of the hash).  On a turn, the row of handrank_omaha_turn at the index of its
 * sorted ranks says which of them the pair's best three leave out, and the
 * triple's hashed key is the board's less that rank's.
 */
typedef struct {
    const uint8_t *row;
    uint32_t triple[4]; /* a flop's hashed rank key; a turn's less each of its ranks', in ascending order */
} ranked_board;

/* A turn's ranks in ascending order (a sorting network) and the index of their multiset. */
HR_INLINE unsigned turn_multiset(const uint8_t *board, unsigned *r) {
    for (int i = 0; i < 4; i++)
        r[i] = (unsigned)board[i] >> 2;
#define HR_ORDER(a, b)                                                                                         \
    do {                                                                                                       \
        unsigned lo_ = r[a] < r[b] ? r[a] : r[b];                                                              \
        r[b] ^= r[a] ^ lo_;                                                                                    \
        r[a] = lo_;                                                                                            \
    } while (0)
    HR_ORDER(0, 1);
    HR_ORDER(2, 3);
    HR_ORDER(0, 2);
    HR_ORDER(1, 3);
    HR_ORDER(1, 2);
#undef HR_ORDER
    unsigned index = 0;
    for (unsigned i = 0; i < 4; i++)
        index += handrank_multiset_rank[16 * i + r[i]];
    return index;
}

/* A full board's row, from the sum of its card keys. */
HR_INLINE const uint8_t *board_row(uint64_t board_key) {
    return handrank_omaha_board
           + (size_t)HANDRANK_OMAHA_ROW_BYTES * (handrank_a5_values[hr_slot(hr_hash(board_key))] - 1u);
}

HR_INLINE void rank_board(const uint8_t *board, const int nb, uint64_t board_key, ranked_board *rb) {
    unsigned r[4];
    if (nb == 5) {
        rb->row = board_row(board_key);
    } else if (nb == 3) {
        rb->triple[0] = hr_hash(board_key);
    } else {
        rb->row = handrank_omaha_turn + (size_t)HANDRANK_OMAHA_TURN_ROW_BYTES * turn_multiset(board, r);
        uint32_t all = hr_hash(board_key);
        for (int i = 0; i < 4; i++)
            rb->triple[i] = all - hr_hash(handrank_card_key[4 * r[i]]);
    }
}

/* The best class of the hole ranks of column `col` (handrank_omaha_pair_col); `pair` their hashed rank key. */
HR_INLINE uint32_t pair_class(const ranked_board *rb, const int nb, unsigned col, uint32_t pair) {
    if (nb == 3)
        return hr_plain_hashed(pair + rb->triple[0]);
    if (nb == 4) {
        unsigned leave = (rb->row[col >> 2] >> (2 * (col & 3))) & 3;
        return hr_plain_hashed(pair + rb->triple[leave]);
    }
    unsigned bit = HANDRANK_OMAHA_ENTRY_BITS * col;
    uint32_t word;
    memcpy(&word, rb->row + (bit >> 3), sizeof word);
    return (word >> (bit & 7)) & ((1u << HANDRANK_OMAHA_ENTRY_BITS) - 1);
}

/* The best class of the hole's pairs with three board cards, suits aside. */
HR_INLINE uint16_t omaha_plain(const uint8_t *hole, const int nh, const ranked_board *rb, const int nb) {
    unsigned r[6], r13[6];
    uint32_t hashed[6];
    for (int i = 0; i < nh; i++) {
        r[i] = (unsigned)hole[i] >> 2;
        r13[i] = 13 * r[i];
        hashed[i] = nb < 5 ? hr_hash(handrank_card_key[hole[i]]) : 0;
    }
    uint32_t best = 0xffff;
    HR_UNROLL
    for (int i = 0; i < nh; i++)
        HR_UNROLL
        for (int j = i + 1; j < nh; j++) {
            uint32_t c = pair_class(rb, nb, handrank_omaha_pair_col[r13[i] + r[j]], hashed[i] + hashed[j]);
            best = c < best ? c : best;
        }
    return (uint16_t)best;
}

/* Any hand of valid cards, given the suit bits of hole and board and the board's summed key. */
HR_INLINE uint16_t omaha(const uint8_t *hole, const int nh, const uint8_t *board, const int nb, uint64_t hole_bits,
                         uint64_t board_bits, uint64_t board_key) {
    ranked_board rb = {NULL, {0}};
    rank_board(board, nb, board_key, &rb);
    uint16_t best = omaha_plain(hole, nh, &rb, nb);
    uint16_t f = flush_part(hole_bits, board_bits, board_key);
    return f < best ? f : best;
}

HR_INLINE uint16_t omaha_cards(const uint8_t *hole, const int nh, const uint8_t *board, const int nb) {
    uint64_t unused = 0;
    return omaha(hole, nh, board, nb, card_bits(hole, nh, &unused), card_bits(board, nb, &unused),
                 card_key_sum(board, nb));
}

uint16_t handrank_evaluate_omaha(const uint8_t *hole, int nh, const uint8_t *board, int nb) {
    /* Constant sizes let the compiler unroll the loops over the pairs. */
#define ONE(NH, NB) omaha_cards(hole, NH, board, NB)
    HR_OMAHA_SIZES(nh, nb, ONE)
#undef ONE
}

void hr_omaha_prepare5(const uint8_t *board, hr_omaha_board *prepared) {
    uint64_t unused = 0;
    prepared->key = card_key_sum(board, 5);
    prepared->row = board_row(prepared->key);
    prepared->bits = card_bits(board, 5, &unused);
}

HR_INLINE uint16_t omaha_prepared(const uint8_t *hole, const int nh, const hr_omaha_board *prepared) {
    uint64_t unused = 0;
    ranked_board rb = {prepared->row, {0}};
    uint16_t best = omaha_plain(hole, nh, &rb, 5);
    uint16_t f = flush_part(card_bits(hole, nh, &unused), prepared->bits, prepared->key);
    return f < best ? f : best;
}

uint16_t hr_omaha_prepared5(const uint8_t *hole, int nh, const hr_omaha_board *prepared) {
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

/* Fold a shared board (see hr_folded_board), read once; -1 when the board itself is invalid. */
int hr_omaha_fold(const uint8_t *shared, int nb, hr_folded_board *fb) {
    uint8_t board[5]; /* read once */
    memcpy(board, shared, (size_t)nb);
    uint64_t s_sum = 0, board_bits = card_bits(board, nb, &s_sum);
    if (HR_ROW_INVALID(board_bits, s_sum))
        return -1;
    uint64_t key = card_key_sum(board, nb);
    /* By ranks, suits aside; ranks through card ids of suit 0, as only the rank part of a key is used. */
    uint16_t plain[13][13];
    ranked_board rb = {NULL, {0}};
    rank_board(board, nb, key, &rb);
    for (int hi = 0; hi < 13; hi++)
        for (int lo = 0; lo <= hi; lo++) {
            unsigned col = handrank_omaha_pair_col[13 * hi + lo];
            uint32_t pair = hr_hash(handrank_card_key[4 * hi] + handrank_card_key[4 * lo]);
            /* Combinations with five of a rank can't occur in a valid row; their entries go unread. */
            plain[hi][lo] = plain[lo][hi] = (uint16_t)pair_class(&rb, nb, col, pair);
        }
    /* Two hole cards of the board's flush suit, if it has one. */
    uint16_t flush[13][13];
    int suit = three_suited(key);
    uint32_t suited = suit < 0 ? 0 : (uint32_t)(board_bits >> (16 * suit)) & HR_SUIT_RANKS;
    for (int hi = 0; hi < 13 && suit >= 0; hi++)
        for (int lo = 0; lo < hi; lo++)
            flush[hi][lo] = flush[lo][hi] = best_flush((1u << hi) | (1u << lo), suited);
    memset(fb->pair, 0, sizeof fb->pair);
    for (int hi = 0; hi < 13; hi++) /* every suit of each: four entries at a time */
        for (int lo = 0; lo < 13; lo++) {
            uint64_t four = plain[hi][lo] * 0x0001000100010001ULL;
            for (int s = 0; s < 4; s++)
                memcpy(fb->pair + HR_FOLD_WIDTH * (4 * hi + s) + 4 * lo, &four, sizeof four);
        }
    for (int hi = 0; hi < 13 && suit >= 0; hi++)
        for (int lo = 0; lo < 13; lo++) {
            uint16_t *at = fb->pair + HR_FOLD_WIDTH * (4 * hi + suit) + 4 * lo + suit;
            *at = hi != lo && flush[hi][lo] < *at ? flush[hi][lo] : *at;
        }
    for (int a = 0; a < 52; a++)
        fb->pair[(HR_FOLD_WIDTH + 1) * a] = 0;
    for (int j = 0; j < nb; j++) {
        memset(fb->pair + HR_FOLD_WIDTH * board[j], 0, HR_FOLD_WIDTH * sizeof fb->pair[0]);
        for (int a = 0; a < 52; a++)
            fb->pair[HR_FOLD_WIDTH * a + board[j]] = 0;
    }
    return 0;
}

HR_INLINE int64_t rows_shared_board(const uint8_t *holes, const int NH, ptrdiff_t hs, const hr_folded_board *fb,
                                    int64_t n, char *o, ptrdiff_t os) {
    for (int64_t i = 0; i < n; i++, holes += hs, o += os) {
        uint8_t hole[6];
        memcpy(hole, holes, (size_t)NH);
        unsigned any = 0;
        for (int a = 0; a < NH; a++)
            any |= hole[a];
        if (any >= HR_FOLD_WIDTH)
            return i;
        const uint16_t *at[6];
        for (int a = 0; a < NH; a++)
            at[a] = fb->pair + HR_FOLD_WIDTH * hole[a];
        /* per first card, then across: short dependency chains */
        unsigned part[6];
        for (int a = 0; a + 1 < NH; a++) {
            part[a] = at[a][hole[a + 1]];
            for (int b = a + 2; b < NH; b++)
                part[a] = at[a][hole[b]] < part[a] ? at[a][hole[b]] : part[a];
        }
        unsigned best = part[0];
        for (int a = 1; a + 1 < NH; a++)
            best = part[a] < best ? part[a] : best;
        if (!best)
            return i; /* a card twice, one of the board's, or an id past 51 */
        hr_store_u16(o, (uint16_t)best);
    }
    return -1;
}

int64_t hr_omaha_shared_rows(const uint8_t *holes, int nh, ptrdiff_t hs, const hr_folded_board *fb, int64_t n,
                             char *o, ptrdiff_t os) {
    switch (nh) {
    case 4: return rows_shared_board(holes, 4, hs, fb, n, o, os);
    case 5: return rows_shared_board(holes, 5, hs, fb, n, o, os);
    default: return rows_shared_board(holes, 6, hs, fb, n, o, os);
    }
}

int64_t hr_omaha_own_rows(const uint8_t *holes, int nh, ptrdiff_t hs, const uint8_t *boards, int nb, ptrdiff_t bs,
                          int64_t n, char *o, ptrdiff_t os) {
#define OWN(NH, NB) rows_own_board(holes, NH, hs, boards, NB, bs, n, o, os)
    HR_OMAHA_SIZES(nh, nb, OWN)
#undef OWN
}

/*
 * A SIMD step's lane l that can hold a flush: the smaller of its class so
 * far and its best flush, from its cards as the step read them (card j of
 * each lane in cards[j], the K hole cards first), so that a row is read
 * once however its buffer changes meanwhile.
 */
HR_INLINE uint32_t flush_lane(const uint32_t (*cards)[16], int l, const int K, const int NB, uint32_t best) {
    uint8_t hole[6], board[5];
    for (int j = 0; j < K; j++)
        hole[j] = (uint8_t)cards[j][l];
    for (int j = 0; j < NB; j++)
        board[j] = (uint8_t)cards[K + j][l];
    uint64_t unused = 0;
    uint16_t f = flush_part(card_bits(hole, K, &unused), card_bits(board, NB, &unused), card_key_sum(board, NB));
    return f < best ? f : best;
}

/* With the sizes as compile-time constants, so that the loops over the cards unroll. */
uint32_t hr_omaha_flush_lane(const uint32_t (*cards)[16], int l, int K, int NB, uint32_t best) {
#define LANE(NH, NB_) flush_lane(cards, l, NH, NB_, best)
    HR_OMAHA_SIZES(K, NB, LANE)
#undef LANE
}
