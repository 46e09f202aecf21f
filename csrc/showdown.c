/*
 * Showdown values for solvers: on a river board, each combo's reach-weighted
 * wins less losses against an opponent's combos, with card removal.
 *
 * A board is prepared once: its 1,081 live combos in rank order, worst
 * first, each with its class and cards.  A node then costs two passes over
 * them: one for the opponent's total reach and its reach by card, one from
 * the worst class up keeping the reach passed (in all and by card) and the
 * reach of the current run of ties, so that each combo's reach below and
 * above it, less the combos sharing one of its cards, is a few reads.
 */
#include <string.h>

#include "handrank.h"
#include "internal.h"

_Static_assert(sizeof(handrank_showdown_board) == 2 * HANDRANK_SHOWDOWN_BOARD_WORDS, "a prepared board's size");

void handrank_showdown_prepare(const uint8_t *board, handrank_showdown_board *out) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0, dead = 0;
    for (int j = 0; j < 5; j++) {
        key += handrank_card_key[board[j]];
        suits |= handrank_suit_bit[board[j]];
        dead |= 1ULL << board[j];
    }
    uint16_t id[HANDRANK_SHOWDOWN_LIVE], rank[HANDRANK_SHOWDOWN_LIVE], cards[HANDRANK_SHOWDOWN_LIVE];
    int m = 0;
    for (int a = 0, n = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, n++) {
            if ((dead >> a | dead >> b) & 1)
                continue;
            id[m] = (uint16_t)n;
            cards[m] = (uint16_t)(a | b << 8);
            rank[m] = hr_finish(key + handrank_card_key[a] + handrank_card_key[b],
                                suits | handrank_suit_bit[a] | handrank_suit_bit[b]);
            m++;
        }
    /* worst first (the highest class number first): a stable counting sort of the inverted class, by bytes */
    uint16_t tmp[HANDRANK_SHOWDOWN_LIVE], order[HANDRANK_SHOWDOWN_LIVE];
    for (int shift = 0; shift <= 8; shift += 8) {
        int start[257] = {0};
        for (int c = 0; c < m; c++) {
            const int i = shift ? tmp[c] : c;
            start[(uint16_t)~rank[i] >> shift & 0xff]++;
        }
        for (int v = 0, at = 0; v < 256; v++) {
            const int count = start[v];
            start[v] = at;
            at += count;
        }
        for (int c = 0; c < m; c++) {
            const int i = shift ? tmp[c] : c;
            (shift ? order : tmp)[start[(uint16_t)~rank[i] >> shift & 0xff]++] = (uint16_t)i;
        }
    }
    for (int k = 0; k < m; k++) {
        const int i = order[k];
        out->id[k] = id[i];
        out->cards[k] = cards[i];
    }
    /* each combo's run of ties ends where the class changes */
    for (int k = m; k-- > 0;)
        out->end[k] = (uint16_t)(k + 1 < m && rank[order[k + 1]] == rank[order[k]] ? out->end[k + 1] : k + 1);
    for (int a = 0, n = 0, d = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, n++)
            if ((dead >> a | dead >> b) & 1)
                out->dead[d++] = (uint16_t)n;
}

/*
 * value[h] = (reach below h) - (reach above h), each over the combos sharing no card with h.  The first
 * pass gathers the reach in rank order and sums it in all and by card; the second runs from the worst
 * class up with the reach passed, in all and by card (no combo below h holds both its cards).  For a
 * combo alone in its class the reach above is what is left: all, less below, less itself, and the same
 * by card; a run of ties is first summed, in all and by card.
 */
#define HR_SHOWDOWN_VALUES(T)                                                                                       \
    /* The reach of the live combos (a copy, those meeting the board zeroed), in all and by card, row by row in   \
     * combo order: sums the compiler can take a vector at a time, no chain of adds through one card's sum. */   \
    static T live_reach_##T(const handrank_showdown_board *p, const T *reach, T *r, T *by_card) {                 \
        T total = 0;                                                                                                \
        memcpy(r, reach, HANDRANK_SHOWDOWN_COMBOS * sizeof *r);                                                     \
        for (int k = 0; k < HANDRANK_SHOWDOWN_DEAD; k++)                                                            \
            r[p->dead[k]] = 0;                                                                                      \
        memset(by_card, 0, 52 * sizeof *by_card);                                                                   \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            T row = 0;                                                                                              \
            const T *x = r + at - a - 1;                                                                            \
            for (int b = a + 1; b < 52; b++) {                                                                      \
                row += x[b];                                                                                        \
                by_card[b] += x[b];                                                                                 \
            }                                                                                                       \
            by_card[a] += row;                                                                                      \
            total += row;                                                                                           \
        }                                                                                                           \
        return total;                                                                                               \
    }                                                                                                               \
    static void values_##T(const handrank_showdown_board *p, const T *reach, T *value) {                          \
        T r[HANDRANK_SHOWDOWN_COMBOS], by_card[52], below_card[52] = {0}, run_card[4][52] = {{0}};                  \
        const T total = live_reach_##T(p, reach, r, by_card);                                                       \
        memset(value, 0, HANDRANK_SHOWDOWN_COMBOS * sizeof *value);                                                 \
        T below = 0;                                                                                                \
        for (int k = 0; k < HANDRANK_SHOWDOWN_LIVE;) {                                                              \
            const int end = p->end[k];                                                                              \
            if (end == k + 1) { /* alone in its class: value = lower - higher, directly */                          \
                const int a = p->cards[k] & 0xff, b = p->cards[k] >> 8;                                             \
                const T x = r[p->id[k]], ba = below_card[a], bb = below_card[b];                                    \
                const T lower = below - ba - bb;                                                                    \
                const T higher = (total - below - x) - (by_card[a] - ba - x) - (by_card[b] - bb - x);               \
                value[p->id[k]] = lower - higher;                                                                   \
                below_card[a] = ba + x;                                                                             \
                below_card[b] = bb + x;                                                                             \
                below += x;                                                                                         \
                k = end;                                                                                            \
                continue;                                                                                           \
            }                                                                                                       \
            /* a run of ties: value = (below - above) - d[a] - d[b], d[c] = 2 below_card[c] + run_card[c] -       \
             * by_card[c]; a long run sums by card in four interleaved sums (no one chain of adds) and takes     \
             * every card's d at once, a short one works combo by combo */                                        \
            T run = 0;                                                                                              \
            if (end - k < 24) {                                                                                     \
                for (int q = k; q < end; q++) {                                                                     \
                    const T x = r[p->id[q]];                                                                        \
                    run += x;                                                                                       \
                    run_card[0][p->cards[q] & 0xff] += x;                                                           \
                    run_card[0][p->cards[q] >> 8] += x;                                                             \
                }                                                                                                   \
                const T base = below - (total - below - run);                                                       \
                for (int q = k; q < end; q++) {                                                                     \
                    const int a = p->cards[q] & 0xff, b = p->cards[q] >> 8;                                         \
                    value[p->id[q]] = base - (2 * below_card[a] + run_card[0][a] - by_card[a]) -                    \
                                      (2 * below_card[b] + run_card[0][b] - by_card[b]);                            \
                }                                                                                                   \
                for (int q = k; q < end; q++) {                                                                     \
                    const int a = p->cards[q] & 0xff, b = p->cards[q] >> 8;                                         \
                    below_card[a] += run_card[0][a];                                                                \
                    below_card[b] += run_card[0][b];                                                                \
                    run_card[0][a] = run_card[0][b] = 0;                                                            \
                }                                                                                                   \
            } else {                                                                                                \
                T run4[4] = {0, 0, 0, 0};                                                                           \
                for (int q = k; q < end; q++) {                                                                     \
                    const T x = r[p->id[q]];                                                                        \
                    run4[q & 3] += x;                                                                               \
                    run_card[q & 3][p->cards[q] & 0xff] += x;                                                       \
                    run_card[q & 3][p->cards[q] >> 8] += x;                                                         \
                }                                                                                                   \
                run = (run4[0] + run4[1]) + (run4[2] + run4[3]);                                                    \
                const T base = below - (total - below - run);                                                       \
                T d[52];                                                                                            \
                for (int c = 0; c < 52; c++) {                                                                      \
                    const T rc = (run_card[0][c] + run_card[1][c]) + (run_card[2][c] + run_card[3][c]);             \
                    d[c] = 2 * below_card[c] + rc - by_card[c];                                                     \
                    below_card[c] += rc;                                                                            \
                    run_card[0][c] = run_card[1][c] = run_card[2][c] = run_card[3][c] = 0;                          \
                }                                                                                                   \
                for (int q = k; q < end; q++)                                                                       \
                    value[p->id[q]] = base - d[p->cards[q] & 0xff] - d[p->cards[q] >> 8];                          \
            }                                                                                                       \
            below += run;                                                                                           \
            k = end;                                                                                                \
        }                                                                                                           \
    }                                                                                                               \
    /* out[h] = all - (h's first card's) - (its second's) + h's own (in both), in combo order, row by row */      \
    static void blocked_##T(const handrank_showdown_board *p, const T *reach, T *out) {                           \
        T r[HANDRANK_SHOWDOWN_COMBOS], by_card[52];                                                                 \
        const T total = live_reach_##T(p, reach, r, by_card);                                                       \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            const T left = total - by_card[a];                                                                      \
            const T *x = r + at - a - 1;                                                                            \
            T *o = out + at - a - 1;                                                                                \
            for (int b = a + 1; b < 52; b++)                                                                        \
                o[b] = left - by_card[b] + x[b];                                                                    \
        }                                                                                                           \
        for (int k = 0; k < HANDRANK_SHOWDOWN_DEAD; k++)                                                            \
            out[p->dead[k]] = 0;                                                                                    \
    }

HR_SHOWDOWN_VALUES(double)
HR_SHOWDOWN_VALUES(float)

void handrank_showdown_values(const handrank_showdown_board *board, const double *reach, double *value) {
    values_double(board, reach, value);
}

void handrank_showdown_values_f32(const handrank_showdown_board *board, const float *reach, float *value) {
    values_float(board, reach, value);
}

void handrank_blocked_reach(const handrank_showdown_board *board, const double *reach, double *out) {
    blocked_double(board, reach, out);
}

void handrank_blocked_reach_f32(const handrank_showdown_board *board, const float *reach, float *out) {
    blocked_float(board, reach, out);
}
