/*
 * The other rankings: short deck, ace-to-five and eight-or-better lows,
 * deuce-to-seven low, and Omaha eight-or-better.
 *
 * A hand's cards are summed into the same key as for the high hands
 * (evaluate.c): a rank key and four suit counters.  Short deck reads the
 * best flush of a suit with five cards, else its own perfect hash of the rank
 * key.  Ace-to-five ignores suits: one read at the high hash's slot.
 * Deuce-to-seven reads the best five at that slot too, unless five cards
 * share a suit (then the flush may be what is left to avoid, and each five of
 * the hand is ranked).  An Omaha eight-or-better low depends only on which
 * low ranks the hole holds and which the board does: one read of a table
 * over the two masks.
 */
#include "handrank.h"
#include "internal.h"

#define SD_SLOT_MASK ((1u << HANDRANK_SD_HASH_SLOT_BITS) - 1)
/* The suit bits of the ranks 2..5 in every suit: no short-deck card has one. */
#define SD_LOW_BITS 0x000f000f000f000fULL

HR_INLINE uint16_t sd_finish(uint64_t key, uint64_t suits, const uint16_t *values) {
    uint64_t flush = key & HANDRANK_FLUSH_BITS;
    if (flush)
        return handrank_sd_flush[(suits >> (16 * hr_flag_suit(flush))) & HR_SUIT_RANKS];
    uint32_t h = hr_hash(key);
    return values[(h & SD_SLOT_MASK) ^ handrank_sd_disp[h >> (32 - HANDRANK_SD_HASH_BUCKET_BITS)]];
}

/*
 * Deuce-to-seven when five cards share a suit (rare): the best of the hand's
 * fives, each the whole hand less one or two cards.  Every card has its own
 * suit bit (16 * suit + rank, the card 4 * rank + suit), so the hand's
 * cards are its bits, not read again (a batch's rows may change
 * meanwhile), and a five's bits are the hand's less the dropped ones.
 */
HR_INLINE uint16_t low27_flush(const int n, uint64_t key, uint64_t suits) {
    if (n == 5)
        return handrank_low27_of_high[hr_finish(key, suits)];
    uint64_t card_key[7], card_bit[7], left = suits; /* a valid hand's n cards: n bits */
    for (int j = 0; j < n; j++, left &= left - 1) {
        int x = hr_ctz64(left);
        card_key[j] = handrank_card_key[4 * (x & 15) + (x >> 4)];
        card_bit[j] = left & (0 - left);
    }
    uint16_t best = 0xffff;
    for (int a = 0; a < n; a++) {
        uint64_t ka = key - card_key[a], sa = suits ^ card_bit[a];
        if (n == 6) {
            uint16_t c = handrank_low27_of_high[hr_finish(ka, sa)];
            best = c < best ? c : best;
            continue;
        }
        for (int b = a + 1; b < n; b++) {
            uint16_t c = handrank_low27_of_high[hr_finish(ka - card_key[b], sa ^ card_bit[b])];
            best = c < best ? c : best;
        }
    }
    return best;
}

/* The class of n cards under `rules`, from their summed key and the OR of their suit bits alone. */
HR_INLINE uint16_t rules_finish(int n, uint64_t key, uint64_t suits, enum handrank_rules rules) {
    switch (rules) {
    case HANDRANK_SHORT_DECK: return sd_finish(key, suits, handrank_sd_values);
    case HANDRANK_SHORT_DECK_TRIPS: return sd_finish(key, suits, handrank_sd_trips_values);
    case HANDRANK_LOW_A5: return handrank_a5_values[hr_slot(hr_hash(key))];
    case HANDRANK_LOW_EIGHT: {
        uint16_t c = handrank_a5_values[hr_slot(hr_hash(key))];
        return c <= HANDRANK_EIGHT_N_CLASSES ? c : (uint16_t)HANDRANK_NO_LOW;
    }
    default:
        if (key & HANDRANK_FLUSH_BITS)
            return low27_flush(n, key, suits);
        return handrank_low27_values[hr_slot(hr_hash(key))];
    }
}

uint16_t handrank_evaluate_rules(const uint8_t *cards, int n, enum handrank_rules rules) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0;
    for (int j = 0; j < n; j++) {
        key += handrank_card_key[cards[j]];
        suits |= handrank_suit_bit[cards[j]];
    }
    return rules_finish(n, key, suits, rules);
}

HR_INLINE int64_t rules_rows(const uint8_t *rows, const int K, ptrdiff_t row_stride, int64_t n_rows,
                             enum handrank_rules rules, char *out, ptrdiff_t out_stride) {
    const uint64_t forbidden = HANDRANK_POISON_MASK | (rules <= HANDRANK_SHORT_DECK_TRIPS ? SD_LOW_BITS : 0);
    for (int64_t i = 0; i < n_rows; i++, rows += row_stride) {
        uint64_t key = HANDRANK_KEY_BIAS, s_or = 0, s_sum = 0;
        for (int j = 0; j < K; j++) {
            const uint8_t c = rows[j]; /* read once */
            uint64_t b = handrank_suit_bit[c];
            key += handrank_card_key[c];
            s_or |= b;
            s_sum += b;
        }
        if ((s_or ^ s_sum) | (s_or & forbidden))
            return i;
        hr_store_u16(out + i * out_stride, rules_finish(K, key, s_or, rules));
    }
    return -1;
}

int64_t handrank_evaluate_rules_batch(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows,
                                      enum handrank_rules rules, uint16_t *out, ptrdiff_t out_stride) {
    char *o = (char *)out;
    switch (k) {
    case 5: return rules_rows(rows, 5, row_stride, n_rows, rules, o, out_stride);
    case 6: return rules_rows(rows, 6, row_stride, n_rows, rules, o, out_stride);
    default: return rules_rows(rows, 7, row_stride, n_rows, rules, o, out_stride);
    }
}

/* The mask of the low ranks among `n` cards. */
HR_INLINE unsigned low_ranks(const uint8_t *ids, int n) {
    unsigned m = 0;
    for (int i = 0; i < n; i++)
        m |= handrank_low_bit[ids[i]];
    return m;
}

uint16_t handrank_evaluate_omaha_low(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) {
    unsigned c = handrank_omaha_eight[low_ranks(hole, n_hole) << 8 | low_ranks(board, n_board)];
    return c ? (uint16_t)c : (uint16_t)HANDRANK_NO_LOW;
}

/* Rows of NH hole cards and NB board cards (NH, NB compile-time constants), validated as they are read. */
HR_INLINE int64_t omaha_low_rows(const uint8_t *holes, const int NH, ptrdiff_t hole_stride, const uint8_t *boards,
                                 const int NB, ptrdiff_t board_stride, int64_t n_rows, char *out,
                                 ptrdiff_t out_stride) {
    for (int64_t i = 0; i < n_rows; i++, holes += hole_stride, boards += board_stride) {
        uint64_t s_or = 0, s_sum = 0;
        unsigned h = 0, b = 0;
        for (int j = 0; j < NH; j++) {
            const uint8_t c = holes[j]; /* read once, for its suit bit and its low bit */
            uint64_t bit = handrank_suit_bit[c];
            s_or |= bit;
            s_sum += bit;
            h |= handrank_low_bit[c];
        }
        for (int j = 0; j < NB; j++) {
            const uint8_t c = boards[j];
            uint64_t bit = handrank_suit_bit[c];
            s_or |= bit;
            s_sum += bit;
            b |= handrank_low_bit[c];
        }
        if (HR_ROW_INVALID(s_or, s_sum))
            return i;
        unsigned c = handrank_omaha_eight[h << 8 | b];
        hr_store_u16(out + i * out_stride, c ? (uint16_t)c : (uint16_t)HANDRANK_NO_LOW);
    }
    return -1;
}

int64_t handrank_evaluate_omaha_low_batch(const uint8_t *holes, int n_hole, ptrdiff_t hole_stride,
                                          const uint8_t *boards, int n_board, ptrdiff_t board_stride,
                                          int64_t n_rows, uint16_t *out, ptrdiff_t out_stride) {
    char *o = (char *)out;
#define ROWS(NH, NB) omaha_low_rows(holes, NH, hole_stride, boards, NB, board_stride, n_rows, o, out_stride)
    HR_OMAHA_SIZES(n_hole, n_board, ROWS)
#undef ROWS
}
