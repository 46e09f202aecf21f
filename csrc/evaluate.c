/* The evaluator: additive card keys, a flush table and a rank-key perfect hash. */
#include "handrank.h"
#include "tables.h"

#include "internal.h"

uint16_t handrank_evaluate(const uint8_t *cards, int n) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0;
    for (int j = 0; j < n; j++) {
        key += handrank_card_key[cards[j]];
        suits |= handrank_suit_bit[cards[j]];
    }
    return hr_finish(key, suits);
}

uint16_t handrank_evaluate_mask(uint64_t mask) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0;
    while (mask) {
        int c = hr_ctz64(mask);
        mask &= mask - 1;
        key += handrank_card_key[c];
        suits |= handrank_suit_bit[c];
    }
    return hr_finish(key, suits);
}


/*
 * The hot path: contiguous uint8 rows of K cards, K a compile-time constant,
 * into a contiguous `out` (at any address: it is written through memcpy).
 * Where popcount is one instruction (POP), a row is valid iff its suit bits
 * number K and none is poison, which saves an add per card over HR_ROW_INVALID.
 */
/* Sum one row's card keys and OR its suit bits; the row's invalidity (0 when valid). */
HR_INLINE uint64_t row_u8(const uint8_t *cards, const int K, const int POP, uint64_t *key, uint64_t *bits) {
    uint64_t k = HANDRANK_KEY_BIAS, s_or = 0, s_sum = 0;
    for (int j = 0; j < K; j++) {
        uint8_t c = cards[j];
        uint64_t b = handrank_suit_bit[c];
        k += handrank_card_key[c];
        s_or |= b;
        if (!POP)
            s_sum += b;
    }
    *key = k;
    *bits = s_or;
    if (POP)
        return (uint64_t)(hr_popcount64(s_or) ^ K) | (uint64_t)(s_or & HANDRANK_POISON_MASK);
    return HR_ROW_INVALID(s_or, s_sum);
}

HR_INLINE int64_t batch_u8_rows(const uint8_t *cards, int64_t n, const int K, const int POP, char *out) {
    int64_t i = 0;
    /* Two rows a step: their independent chains interleave better than one row's. */
    for (; i + 1 < n; i += 2, cards += 2 * K) {
        uint64_t k0, b0, k1, b1;
        uint64_t bad0 = row_u8(cards, K, POP, &k0, &b0), bad1 = row_u8(cards + K, K, POP, &k1, &b1);
        if (bad0 | bad1) {
            if (bad0)
                return i;
            hr_store_u16(out + 2 * i, hr_finish(k0, b0));
            return i + 1;
        }
        hr_store_u16(out + 2 * i, hr_finish(k0, b0));
        hr_store_u16(out + 2 * i + 2, hr_finish(k1, b1));
    }
    if (i < n) {
        uint64_t k0, b0;
        if (row_u8(cards, K, POP, &k0, &b0))
            return i;
        hr_store_u16(out + 2 * i, hr_finish(k0, b0));
    }
    return -1;
}

#define DEFINE_BATCH_U8(NAME, ATTR, POP)                                                 \
    ATTR static int64_t NAME(const uint8_t *cards, int64_t n, int k, char *out) {        \
        switch (k) {                                                                     \
        case 5: return batch_u8_rows(cards, n, 5, POP, out);                             \
        case 6: return batch_u8_rows(cards, n, 6, POP, out);                             \
        default: return batch_u8_rows(cards, n, 7, POP, out);                            \
        }                                                                                \
    }

#if defined(__GNUC__) && (defined(__aarch64__) || defined(__POPCNT__))
DEFINE_BATCH_U8(batch_u8, , 1)
#elif defined(__GNUC__) && defined(__x86_64__)
/* Baseline x86-64 lacks the popcnt instruction: choose the kernel at run time. */
DEFINE_BATCH_U8(batch_u8_pop, __attribute__((target("popcnt"))), 1)
DEFINE_BATCH_U8(batch_u8_sum, , 0)
static int64_t batch_u8(const uint8_t *cards, int64_t n, int k, char *out) {
    return __builtin_cpu_supports("popcnt") ? batch_u8_pop(cards, n, k, out) : batch_u8_sum(cards, n, k, out);
}
#else
DEFINE_BATCH_U8(batch_u8, , 0)
#endif

int64_t handrank_rows_scalar(const uint8_t *cards, int64_t n, int k, char *out) { return batch_u8(cards, n, k, out); }

/* Rows at any stride, into `out` at any stride: the strides are not known at compile time. */
HR_INLINE int64_t rows_strided(const uint8_t *rows, const int K, ptrdiff_t rs, int64_t n, char *o, ptrdiff_t os) {
    for (int64_t i = 0; i < n; i++, rows += rs, o += os) {
        uint64_t key, bits;
        if (row_u8(rows, K, 0, &key, &bits))
            return i;
        hr_store_u16(o, hr_finish(key, bits));
    }
    return -1;
}

int64_t handrank_evaluate_batch(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows, uint16_t *out,
                                ptrdiff_t out_stride) {
    char *o = (char *)out;
    if (row_stride == k && out_stride == (ptrdiff_t)sizeof(uint16_t))
        return handrank_rows_simd(rows, n_rows, k, o);
    switch (k) {
    case 5: return rows_strided(rows, 5, row_stride, n_rows, o, out_stride);
    case 6: return rows_strided(rows, 6, row_stride, n_rows, o, out_stride);
    default: return rows_strided(rows, 7, row_stride, n_rows, o, out_stride);
    }
}

/*
 * Card masks: the key summed byte by byte from handrank_mask_key (seven
 * loads, no loop over the cards); the suit bits only for a flush, by the
 * card loop.  Where popcount is one instruction (POP) it counts the cards.
 */
HR_INLINE int64_t masks_kernel(const char *m, int64_t n, ptrdiff_t stride, char *o, ptrdiff_t out_stride,
                               const int POP) {
    for (int64_t i = 0; i < n; i++, m += stride, o += out_stride) {
        uint64_t mask = hr_load_u64(m); /* read once, at any address */
#if defined(__GNUC__)
        int count = POP ? __builtin_popcountll(mask) : hr_popcount64(mask);
#else
        int count = hr_popcount64(mask);
        (void)POP;
#endif
        if ((mask >> 52) || count < 5 || count > 7)
            return i;
        uint64_t key = HANDRANK_KEY_BIAS + handrank_mask_key[256 * 6 + (mask >> 48)]; /* cards 48..51 */
        for (int b = 0; b < 6; b++)
            key += handrank_mask_key[(uint64_t)(256 * b) + (mask >> (8 * b) & 0xff)];
        hr_store_u16(o, key & HANDRANK_FLUSH_BITS ? handrank_evaluate_mask(mask) : hr_plain_hashed(hr_hash(key)));
    }
    return -1;
}

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
__attribute__((target("popcnt"))) static int64_t masks_pop(const char *m, int64_t n, ptrdiff_t stride, char *o,
                                                          ptrdiff_t out_stride) {
    return masks_kernel(m, n, stride, o, out_stride, 1);
}
#endif

/* The board's keys and suit bits summed once; each combo adds its two cards'. */
void handrank_rank_combos(const uint8_t *board, int n_board, const uint8_t *combos, int64_t n, uint16_t *out) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0, on_board = 0;
    for (int j = 0; j < n_board; j++) {
        key += handrank_card_key[board[j]];
        suits |= handrank_suit_bit[board[j]];
        on_board |= 1ULL << board[j];
    }
    for (int64_t i = 0; i < n; i++) {
        const uint8_t a = combos[2 * i], b = combos[2 * i + 1];
        out[i] = ((on_board >> a | on_board >> b) & 1)
                     ? (uint16_t)HANDRANK_BLOCKED
                     : hr_finish(key + handrank_card_key[a] + handrank_card_key[b],
                                 suits | handrank_suit_bit[a] | handrank_suit_bit[b]);
    }
}

int64_t handrank_evaluate_masks(const uint64_t *masks, int64_t n, ptrdiff_t stride,
                                uint16_t *out, ptrdiff_t out_stride) {
    if (stride == (ptrdiff_t)sizeof(uint64_t) && out_stride == (ptrdiff_t)sizeof(uint16_t))
        return handrank_masks_simd(masks, n, (char *)out);
    return handrank_masks_scalar(masks, n, stride, out, out_stride);
}

int64_t handrank_masks_scalar(const uint64_t *masks, int64_t n, ptrdiff_t stride, uint16_t *out,
                              ptrdiff_t out_stride) {
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
    if (__builtin_cpu_supports("popcnt"))
        return masks_pop((const char *)masks, n, stride, (char *)out, out_stride);
#endif
    return masks_kernel((const char *)masks, n, stride, (char *)out, out_stride, 0);
}

/*
 * Combo equity, runout by runout: all combos ranked with the full board
 * and put in rank order (a radix sort on the 16-bit ranks; blocked combos
 * last, weighing nothing); one pass over that order gives each combo the
 * villain weight ranked below it and tied with it; the same over each
 * card's 51 combos, taken in that order, gives what of those weights
 * holds one of its cards, which card removal takes away.
 */
#define HR_COMBOS 1326

/* Over combos ids[0..n) in rank order: each one's weight tied with it, and ranked below (worse than) it. */
static void rank_runs(const int16_t *ids, int n, const uint16_t *ranks, const int64_t *live, int64_t *tied,
                      int64_t *worse, int64_t *all) {
    int64_t sum = 0, before = 0;
    for (int k = 0; k < n; k++)
        sum += live[ids[k]];
    for (int i = 0; i < n;) {
        int j = i;
        int64_t run = 0;
        while (j < n && ranks[ids[j]] == ranks[ids[i]])
            run += live[ids[j++]];
        before += run;
        for (int k = i; k < j; k++) {
            tied[ids[k]] += run;
            worse[ids[k]] += sum - before;
        }
        i = j;
    }
    *all = sum;
}

/* Six columns of int64 by combo, and room to align them. */
size_t handrank_combo_equity_scratch(void) { return 6 * HR_COMBOS * sizeof(int64_t) + sizeof(int64_t); }

void handrank_combo_equity(const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                           const int64_t *villain, const int32_t *heroes, int64_t n_heroes, void *scratch,
                           int64_t *wins, int64_t *ties, int64_t *total) {
    const int runout = 5 - n_board;
    if (n_deck < runout)
        return; /* no runout at all */
    /* Only the combos that matter take part: the villain's (weight above 0) and the heroes.  They are
     * numbered 0..m-1 in combo order; everything per runout below is indexed by that number. */
    int16_t place[HR_COMBOS];
    for (int c = 0; c < HR_COMBOS; c++)
        place[c] = villain[c] ? 0 : -1;
    for (int64_t i = 0; i < n_heroes; i++)
        place[heroes[i]] = 0;
    /* scratch: per combo, its villain weight, that weight when the runout spares it, the live weight tied
     * with it and worse than it, over all combos and over its cards' */
    const uintptr_t align = sizeof(int64_t) - 1;
    int64_t *weight = (int64_t *)(((uintptr_t)scratch + align) & ~align);
    int64_t *live = weight + HR_COMBOS, *tied = live + HR_COMBOS, *worse = tied + HR_COMBOS,
            *card_tied = worse + HR_COMBOS, *card_worse = card_tied + HR_COMBOS;
    uint8_t pairs[2 * HR_COMBOS];
    int m = 0;
    for (int a = 0, n = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, n++)
            if (place[n] == 0) {
                place[n] = (int16_t)m;
                weight[m] = villain[n];
                pairs[2 * m] = (uint8_t)a;
                pairs[2 * m + 1] = (uint8_t)b;
                m++;
            }
    uint16_t ranks[HR_COMBOS];
    int16_t order[HR_COMBOS], scattered[HR_COMBOS], by_card[52][51];
    int pick[2] = {0, 1};
    uint8_t full[5];
    for (int j = 0; j < n_board; j++)
        full[j] = board[j];
    for (;;) {
        for (int j = 0; j < runout; j++)
            full[n_board + j] = deck[pick[j]];
        handrank_rank_combos(full, 5, pairs, m, ranks);
        for (int c = 0; c < m; c++)
            live[c] = ranks[c] == HANDRANK_BLOCKED ? 0 : weight[c];
        /* rank order: a stable counting sort on the low byte, then on the high byte */
        for (int shift = 0; shift <= 8; shift += 8) {
            int start[257] = {0};
            for (int c = 0; c < m; c++)
                start[(shift ? ranks[scattered[c]] : ranks[c]) >> shift & 0xff]++;
            for (int v = 0, at = 0; v < 256; v++) {
                int count = start[v];
                start[v] = at;
                at += count;
            }
            for (int c = 0; c < m; c++) {
                const int16_t id = shift ? scattered[c] : (int16_t)c;
                (shift ? order : scattered)[start[ranks[id] >> shift & 0xff]++] = id;
            }
        }
        for (int64_t *column = tied; column <= card_worse; column += HR_COMBOS)
            memset(column, 0, (size_t)m * sizeof *column);
        int64_t all, per_card[52];
        rank_runs(order, m, ranks, live, tied, worse, &all);
        int filled[52] = {0};
        for (int k = 0; k < m; k++) {
            const int16_t c = order[k];
            by_card[pairs[2 * c]][filled[pairs[2 * c]]++] = c;
            by_card[pairs[2 * c + 1]][filled[pairs[2 * c + 1]]++] = c;
        }
        for (int card = 0; card < 52; card++)
            rank_runs(by_card[card], filled[card], ranks, live, card_tied, card_worse, &per_card[card]);
        for (int64_t i = 0; i < n_heroes; i++) {
            const int h = place[heroes[i]];
            if (ranks[h] == HANDRANK_BLOCKED)
                continue; /* the runout holds one of its cards */
            /* the villain combo of the same two cards is taken away twice: back once */
            wins[i] += worse[h] - card_worse[h];
            ties[i] += tied[h] - card_tied[h] + live[h];
            total[i] += all - per_card[pairs[2 * h]] - per_card[pairs[2 * h + 1]] + live[h];
        }
        /* the next runout: combinations of `runout` deck cards in order */
        if (runout == 0)
            break;
        int j = runout - 1;
        while (j >= 0 && pick[j] == n_deck - runout + j)
            j--;
        if (j < 0)
            break;
        pick[j]++;
        for (int k = j + 1; k < runout; k++)
            pick[k] = pick[k - 1] + 1;
    }
}
