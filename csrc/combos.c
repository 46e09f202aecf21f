/*
 * Two-card combos against a board, for the solver: every combo's class
 * with one board (handrank_rank_combos), and each hero combo's showdowns
 * against a weighted villain range over every runout (handrank_combo_equity).
 */
#include "handrank.h"
#include "internal.h"

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
        if (!hr_next_pick(pick, runout, n_deck))
            break;
    }
}
