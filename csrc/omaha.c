/*
 * Omaha: exactly two hole cards and exactly three board cards.
 *
 * The rank part of a five-card key is a hole pair's plus a board triple's,
 * and the hash's multiplication distributes over that sum: each pair and
 * triple is multiplied once, and each of the up to 15 x 10 combinations
 * costs an add and two loads.  A flush needs a suit with two cards in the
 * hole and three on the board; only such hands look for one.
 *
 * When every row shares one board, the board is folded first into a table
 * of the best class for each pair of hole ranks (and, per suit with three
 * board cards, each suited pair), so a hand costs one read per hole pair.
 */
#include "handrank.h"
#include "internal.h"

#define MAX_PAIRS 15
#define MAX_TRIPLES 10

/* Suit counts of `n` ids, one byte per suit. */
HR_INLINE uint32_t suit_counts(const uint8_t *ids, int n) {
    uint32_t counts = 0;
    for (int i = 0; i < n; i++)
        counts += 1u << (8 * (ids[i] & 3));
    return counts;
}

/* Best flush of exactly two hole ranks and three board ranks of one suit, or 0xffff. */
static uint16_t best_flush(const uint16_t *hole_ranks, int nh, const uint16_t *board_ranks, int nb) {
    uint16_t best = 0xffff;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++)
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        uint16_t c = handrank_flush[hole_ranks[i] | hole_ranks[j] | board_ranks[x]
                                                    | board_ranks[y] | board_ranks[z]];
                        best = c < best ? c : best;
                    }
    return best;
}

/* Rank bits (1 << rank) of the cards of `suit` among ids; their number. */
HR_INLINE int suited_ranks(const uint8_t *ids, int n, int suit, uint16_t *out) {
    int m = 0;
    for (int i = 0; i < n; i++)
        if ((ids[i] & 3) == suit)
            out[m++] = (uint16_t)(1u << (ids[i] >> 2));
    return m;
}

/* 0x80 in each byte of a suit-count word whose suit has three or more cards. */
HR_INLINE uint32_t three_or_more(uint32_t counts) { return (counts + 0x7d7d7d7du) & 0x80808080u; }

HR_INLINE uint16_t flush_part(const uint8_t *hole, const int nh, const uint8_t *board, const int nb, uint32_t bc) {
    uint16_t best = 0xffff;
    if (!three_or_more(bc))
        return best; /* most boards: no suit to make a flush with */
    uint32_t hc = suit_counts(hole, nh);
    for (int s = 0; s < 4; s++) {
        if (((hc >> (8 * s)) & 0xff) >= 2 && ((bc >> (8 * s)) & 0xff) >= 3) {
            uint16_t hr[6], br[5];
            int h = suited_ranks(hole, nh, s, hr), b = suited_ranks(board, nb, s, br);
            uint16_t f = best_flush(hr, h, br, b);
            best = f < best ? f : best;
        }
    }
    return best;
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

HR_INLINE uint16_t omaha_with(const uint8_t *hole, const int nh, const uint8_t *board, const int nb,
                              const uint64_t *triples, uint32_t board_suits) {
    uint64_t pairs[MAX_PAIRS];
    int np = 0, nt = nb * (nb - 1) * (nb - 2) / 6;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++)
            pairs[np++] = hr_hash(handrank_card_key[hole[i]] + handrank_card_key[hole[j]]);
    uint16_t best = 0xffff;
    for (int p = 0; p < np; p++)
        for (int t = 0; t < nt; t++) {
            uint16_t c = hr_plain_hashed((uint32_t)(pairs[p] + triples[t]));
            best = c < best ? c : best;
        }
    uint16_t f = flush_part(hole, nh, board, nb, board_suits);
    return f < best ? f : best;
}

/*
 * A full board: its rank multiset picks a row of handrank_omaha_board (by its ace-to-five class, a
 * bijection), which holds the best class of each pair of hole ranks with three board cards, suits aside:
 * one read per hole pair.  Flushes are looked for apart, as everywhere here.
 */
HR_INLINE const uint8_t *board_row(const uint8_t *board) {
    uint64_t key = 0;
    for (int j = 0; j < 5; j++)
        key += handrank_card_key[board[j]];
    return handrank_omaha_board
           + (size_t)HANDRANK_OMAHA_ROW_BYTES * (handrank_a5_values[hr_slot(hr_hash(key))] - 1u);
}

HR_INLINE uint16_t omaha_row(const uint8_t *hole, const int nh, const uint8_t *board, const uint8_t *row,
                             uint32_t board_suits) {
    unsigned r[6], r13[6];
    for (int i = 0; i < nh; i++) {
        r[i] = (unsigned)hole[i] >> 2;
        r13[i] = 13 * r[i];
    }
    uint32_t best = 0xffff;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++) {
            unsigned bit = handrank_omaha_pair_bit[r13[i] + r[j]];
            uint32_t word;
            memcpy(&word, row + (bit >> 3), sizeof word);
            uint32_t c = (word >> (bit & 7)) & ((1u << HANDRANK_OMAHA_ENTRY_BITS) - 1);
            best = c < best ? c : best;
        }
    uint16_t f = flush_part(hole, nh, board, 5, board_suits);
    return f < best ? f : (uint16_t)best;
}

HR_INLINE uint16_t omaha5(const uint8_t *hole, const int nh, const uint8_t *board) {
    return omaha_row(hole, nh, board, board_row(board), suit_counts(board, 5));
}

HR_INLINE uint16_t omaha(const uint8_t *hole, const int nh, const uint8_t *board, const int nb) {
    if (nb == 5)
        return omaha5(hole, nh, board);
    uint64_t triples[MAX_TRIPLES];
    board_triples(board, nb, triples);
    return omaha_with(hole, nh, board, nb, triples, suit_counts(board, nb));
}

uint16_t handrank_evaluate_omaha(const uint8_t *hole, int nh, const uint8_t *board, int nb) {
    /* Constant sizes let the compiler unroll the pair x triple grid. */
    switch (nh * 8 + nb) {
    case 4 * 8 + 5: return omaha(hole, 4, board, 5);
    case 5 * 8 + 5: return omaha(hole, 5, board, 5);
    case 6 * 8 + 5: return omaha(hole, 6, board, 5);
    default: return omaha(hole, nh, board, nb);
    }
}

void handrank_omaha_prepare5(const uint8_t *board, hr_omaha_board *prepared) {
    prepared->row = board_row(board);
    prepared->suits = suit_counts(board, 5);
}

uint16_t handrank_omaha_prepared5(const uint8_t *hole, int nh, const uint8_t *board,
                                  const hr_omaha_board *prepared) {
    switch (nh) {
    case 4: return omaha_row(hole, 4, board, prepared->row, prepared->suits);
    case 5: return omaha_row(hole, 5, board, prepared->row, prepared->suits);
    default: return omaha_row(hole, 6, board, prepared->row, prepared->suits);
    }
}

HR_INLINE uint64_t row_bits(const uint8_t *ids, int n, uint64_t *sum) {
    uint64_t s_or = 0;
    for (int j = 0; j < n; j++) {
        s_or |= handrank_suit_bit[ids[j]];
        *sum += handrank_suit_bit[ids[j]];
    }
    return s_or;
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
        uint64_t s_or = row_bits(hole, NH, &s_sum) | row_bits(board, NB, &s_sum);
        if (HR_ROW_INVALID(s_or, s_sum))
            return i;
        hr_store_u16(o, omaha(hole, NH, board, NB));
    }
    return -1;
}

/* The shared board, folded: best class per pair of hole ranks (index 13 * hi + lo). */
typedef struct {
    uint16_t plain[13 * 13];
    uint16_t flush[4][13 * 13]; /* per suit, for two suited hole cards; 0xffff where none */
    uint32_t flush_suits;       /* bit s: the board has three cards of suit s */
    uint64_t bits_or, bits_sum; /* the board's suit bits, for row validation */
} folded_board;

static void fold_board(const uint8_t *board, int nb, folded_board *fb) {
    uint64_t triples[MAX_TRIPLES];
    int nt = nb == 5 ? 0 : board_triples(board, nb, triples);
    const uint8_t *row = nb == 5 ? board_row(board) : NULL;
    for (int hi = 0; hi < 13 && row; hi++) /* a full board: its row of handrank_omaha_board, unpacked */
        for (int lo = 0; lo < 13; lo++) {
            unsigned bit = handrank_omaha_pair_bit[13 * hi + lo];
            uint32_t word;
            memcpy(&word, row + (bit >> 3), sizeof word);
            fb->plain[13 * hi + lo] = (uint16_t)((word >> (bit & 7)) & ((1u << HANDRANK_OMAHA_ENTRY_BITS) - 1));
        }
    for (int hi = 0; hi < 13 && !row; hi++)
        for (int lo = 0; lo <= hi; lo++) {
            /* Ranks through card ids of suit 0: only the rank part of the key is used. */
            uint64_t pair = hr_hash(handrank_card_key[4 * hi] + handrank_card_key[4 * lo]);
            uint16_t best = 0xffff;
            for (int t = 0; t < nt; t++) {
                uint16_t c = hr_plain_hashed((uint32_t)(pair + triples[t]));
                best = c < best ? c : best;
            }
            /* Combinations with five of a rank can't occur in a valid row; their entries go unread. */
            fb->plain[13 * hi + lo] = fb->plain[13 * lo + hi] = best;
        }
    uint32_t bc = suit_counts(board, nb);
    fb->flush_suits = 0;
    for (int s = 0; s < 4; s++) {
        uint16_t br[5];
        int b = suited_ranks(board, nb, s, br);
        for (int k = 0; k < 13 * 13; k++)
            fb->flush[s][k] = 0xffff;
        if (((bc >> (8 * s)) & 0xff) < 3)
            continue;
        fb->flush_suits |= 1u << s;
        for (int hi = 1; hi < 13; hi++)
            for (int lo = 0; lo < hi; lo++) {
                uint16_t hr[2] = {(uint16_t)(1u << hi), (uint16_t)(1u << lo)};
                fb->flush[s][13 * hi + lo] = fb->flush[s][13 * lo + hi] = best_flush(hr, 2, br, b);
            }
    }
    fb->bits_sum = 0;
    fb->bits_or = row_bits(board, nb, &fb->bits_sum);
}

HR_INLINE int64_t rows_shared_board(const uint8_t *holes, const int NH, ptrdiff_t hs, const folded_board *fb,
                                    int64_t n, char *o, ptrdiff_t os) {
    for (int64_t i = 0; i < n; i++, holes += hs, o += os) {
        uint8_t hole[6];
        memcpy(hole, holes, (size_t)NH);
        uint64_t s_sum = fb->bits_sum;
        uint64_t s_or = row_bits(hole, NH, &s_sum) | fb->bits_or;
        if (HR_ROW_INVALID(s_or, s_sum))
            return i;
        uint16_t best = 0xffff;
        for (int a = 0; a < NH; a++)
            for (int b = a + 1; b < NH; b++) {
                int ra = hole[a] >> 2, rb = hole[b] >> 2, sa = hole[a] & 3;
                uint16_t c = fb->plain[13 * ra + rb];
                if (sa == (hole[b] & 3) && (fb->flush_suits >> sa & 1)) {
                    uint16_t f = fb->flush[sa][13 * ra + rb];
                    c = f < c ? f : c;
                }
                best = c < best ? c : best;
            }
        hr_store_u16(o, best);
    }
    return -1;
}

int64_t handrank_evaluate_omaha_batch(const uint8_t *holes, int nh, ptrdiff_t hole_stride,
                                      const uint8_t *boards, int nb, ptrdiff_t board_stride,
                                      int64_t n_rows, uint16_t *out, ptrdiff_t out_stride) {
    char *o = (char *)out;
    if (board_stride == 0 && n_rows > 0) {
        /* The board's own validity decides row 0, which also holds it. */
        uint8_t board[5];
        memcpy(board, boards, (size_t)nb);
        uint64_t s_sum = 0, s_or = row_bits(board, nb, &s_sum);
        if (HR_ROW_INVALID(s_or, s_sum))
            return 0;
        folded_board fb;
        fold_board(board, nb, &fb);
        switch (nh) {
        case 4: return rows_shared_board(holes, 4, hole_stride, &fb, n_rows, o, out_stride);
        case 5: return rows_shared_board(holes, 5, hole_stride, &fb, n_rows, o, out_stride);
        default: return rows_shared_board(holes, 6, hole_stride, &fb, n_rows, o, out_stride);
        }
    }
#define OWN(NH, NB) rows_own_board(holes, NH, hole_stride, boards, NB, board_stride, n_rows, o, out_stride)
    HR_OMAHA_SIZES(nh, nb, OWN)
#undef OWN
}
