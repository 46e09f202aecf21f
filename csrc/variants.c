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
 * the hand is ranked).  Omaha eight-or-better ORs hole pairs and board
 * triples of low ranks and reads the class of each five-rank mask.
 */
#include "handrank.h"
#include "internal.h"

#define SD_SLOT_MASK ((1u << HANDRANK_SD_HASH_SLOT_BITS) - 1)
/* The suit bits of the ranks 2..5 in every suit: no short-deck card has one. */
#define SD_LOW_BITS 0x000f000f000f000fULL

HR_INLINE uint16_t sd_finish(uint64_t key, uint64_t suits, const uint16_t *values) {
    uint64_t flush = key & HANDRANK_FLUSH_BITS;
    if (flush) {
        unsigned shift = (unsigned)(hr_ctz64(flush) - HANDRANK_SUIT_SHIFT - 3) * 4;
        return handrank_sd_flush[(suits >> shift) & HR_SUIT_RANKS];
    }
    uint32_t h = hr_hash(key);
    return values[(h & SD_SLOT_MASK) ^ handrank_sd_disp[h >> (32 - HANDRANK_SD_HASH_BUCKET_BITS)]];
}

HR_INLINE uint32_t hr_slot(uint32_t h) {
    return (h & HR_SLOT_MASK) ^ handrank_hash_disp[h >> (32 - HANDRANK_HASH_BUCKET_BITS)];
}

/* Deuce-to-seven when five cards share a suit (rare): the best of the hand's fives. */
static uint16_t low27_flush(const uint8_t *cards, int n) {
    uint16_t best = 0xffff;
    for (unsigned pick = 0; pick < 1u << n; pick++) {
        if (hr_popcount64(pick) != 5)
            continue;
        uint8_t five[5];
        int m = 0;
        for (int j = 0; j < n; j++)
            if (pick >> j & 1)
                five[m++] = cards[j];
        uint16_t c = handrank_low27_of_high[handrank_evaluate(five, 5)];
        best = c < best ? c : best;
    }
    return best;
}

HR_INLINE uint16_t rules_finish(const uint8_t *cards, int n, uint64_t key, uint64_t suits,
                                enum handrank_rules rules) {
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
            return low27_flush(cards, n);
        return handrank_low27_values[hr_slot(hr_hash(key))];
    }
}

uint16_t handrank_evaluate_rules(const uint8_t *cards, int n, enum handrank_rules rules) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0;
    for (int j = 0; j < n; j++) {
        key += handrank_card_key[cards[j]];
        suits |= handrank_suit_bit[cards[j]];
    }
    return rules_finish(cards, n, key, suits, rules);
}

HR_INLINE int64_t rules_rows(const uint8_t *rows, const int K, ptrdiff_t row_stride, int64_t n_rows,
                             enum handrank_rules rules, char *out, ptrdiff_t out_stride) {
    const uint64_t forbidden = HANDRANK_POISON_MASK | (rules <= HANDRANK_SHORT_DECK_TRIPS ? SD_LOW_BITS : 0);
    for (int64_t i = 0; i < n_rows; i++, rows += row_stride) {
        uint64_t key = HANDRANK_KEY_BIAS, s_or = 0, s_sum = 0;
        for (int j = 0; j < K; j++) {
            uint64_t b = handrank_suit_bit[rows[j]];
            key += handrank_card_key[rows[j]];
            s_or |= b;
            s_sum += b;
        }
        if ((s_or ^ s_sum) | (s_or & forbidden))
            return i;
        hr_store_u16(out + i * out_stride, rules_finish(rows, K, key, s_or, rules));
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

/* A card's bit among the low ranks: the ace bit 0, the deuce bit 1 ... the eight bit 7; others 0. */
HR_INLINE unsigned low_bit(uint8_t id) {
    unsigned r = (unsigned)id >> 2;
    return r == 12 ? 1u : r <= 6 ? 2u << r : 0u;
}

/* The masks of `n` cards' pairs (or, `three`, triples) of different low ranks; their count. */
static int low_sets(const uint8_t *ids, int n, int three, unsigned *sets) {
    unsigned bit[6];
    int m = 0;
    for (int i = 0; i < n; i++)
        bit[i] = low_bit(ids[i]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            unsigned ij = bit[i] | bit[j];
            if (!bit[i] || !bit[j] || bit[i] == bit[j])
                continue;
            if (!three) {
                sets[m++] = ij;
                continue;
            }
            for (int l = j + 1; l < n; l++)
                if (bit[l] && !(bit[l] & ij))
                    sets[m++] = ij | bit[l];
        }
    return m;
}

uint16_t handrank_evaluate_omaha_low(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) {
    unsigned pairs[15], triples[10];
    int np = low_sets(hole, n_hole, 0, pairs), nt = low_sets(board, n_board, 1, triples);
    unsigned best = HANDRANK_NO_LOW;
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < np; p++)
            if (!(pairs[p] & triples[t])) {
                unsigned c = handrank_eight[pairs[p] | triples[t]];
                best = c < best ? c : best;
            }
    return (uint16_t)best;
}

int64_t handrank_evaluate_omaha_low_batch(const uint8_t *holes, int n_hole, ptrdiff_t hole_stride,
                                          const uint8_t *boards, int n_board, ptrdiff_t board_stride,
                                          int64_t n_rows, uint16_t *out, ptrdiff_t out_stride) {
    char *o = (char *)out;
    for (int64_t i = 0; i < n_rows; i++, holes += hole_stride, boards += board_stride) {
        uint64_t s_or = 0, s_sum = 0;
        for (int j = 0; j < n_hole; j++) {
            uint64_t b = handrank_suit_bit[holes[j]];
            s_or |= b;
            s_sum += b;
        }
        for (int j = 0; j < n_board; j++) {
            uint64_t b = handrank_suit_bit[boards[j]];
            s_or |= b;
            s_sum += b;
        }
        if (HR_ROW_INVALID(s_or, s_sum))
            return i;
        hr_store_u16(o + i * out_stride, handrank_evaluate_omaha_low(holes, n_hole, boards, n_board));
    }
    return -1;
}
