/*
 * Showdown values for solvers: on a river board, each combo's reach-weighted
 * wins less losses against an opponent's combos, with card removal.
 *
 * A board is prepared once: its 1,081 live combos in rank order, worst
 * first, with their cards and runs of ties.  A node is then one sweep from
 * the worst class up, keeping the reach passed, in all and by card: a combo
 * beats the reach below its run less the part holding one of its cards,
 * and loses to the rest.  What every combo holding card c is owed by the
 * reach of all the combos and of those holding c is added in a last pass in
 * combo order, once the sweep has summed them (the reach passed at the end).
 */
#include <float.h>
#include <string.h>

#include "handrank.h"
#include "internal.h"

_Static_assert(sizeof(handrank_showdown_board) == 2 * HANDRANK_SHOWDOWN_BOARD_WORDS, "a prepared board's size");

#define HR_CARD_SLOTS 56 /* 52 cards and padding: seven blocks of eight */

/* A run's combos in the order the sweep takes them: their first cards in turn (the k-th combo of each first card,
 * then the (k+1)-th), so that combos one after another rarely add to one card's sum. */
static void deal_in_turn(const uint16_t *order, const uint16_t *cards, int from, int to, uint16_t *out) {
    int seen[52] = {0}, turn[HANDRANK_SHOWDOWN_LIVE], start[52] = {0};
    for (int k = from; k < to; k++)
        turn[k - from] = seen[cards[order[k]] & 0xff]++;
    for (int k = from; k < to; k++)
        start[turn[k - from]]++;
    for (int t = 0, at = from; t < 52; t++) {
        const int count = start[t];
        start[t] = at;
        at += count;
    }
    for (int k = from; k < to; k++)
        out[start[turn[k - from]]++] = order[k];
}

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
    memset(out->blocks, 0, sizeof out->blocks);
    memcpy(out->board, board, sizeof out->board);
    for (int k = 0; k < m;) {
        int end = k + 1;
        while (end < m && rank[order[end]] == rank[order[k]])
            end++;
        deal_in_turn(order, cards, k, end, tmp);
        for (int q = k; q < end; q++) {
            const int i = tmp[q], a = cards[i] & 0xff, b = cards[i] >> 8;
            out->id[q] = id[i];
            out->end[q] = (uint16_t)end;
            out->first[q] = (uint8_t)a;
            out->second[q] = (uint8_t)b;
            out->blocks[k] |= (uint8_t)(1 << (a >> 3) | 1 << (b >> 3));
        }
        k = end;
    }
    for (int a = 0, n = 0, d = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, n++)
            if ((dead >> a | dead >> b) & 1)
                out->dead[d++] = (uint16_t)n;
}

/*
 * The sweep.  With B the reach below a run (in all), B_c the part holding card c, R and R_c the run's own,
 * T and T_c the whole reach's, a combo h = (a, b) of the run has
 *
 *   value = (B - B_a - B_b) - [(T - B - R) - (T_a - B_a - R_a) - (T_b - B_b - R_b)]
 *         = [2B + R - (2B_a + R_a) - (2B_b + R_b)] + [T_a + T_b - T]
 *
 * (its own reach is in R, R_a and R_b and cancels).  The first bracket is the sweep's, the second the last
 * pass's: T_c and T are B_c and B once every run is passed.  A run's R_c touch few blocks of eight cards
 * (its cards' ranks), and only those are carried into B_c.  A combo alone in its class skips the run sums.
 *
 * The reach is read once.  Its least value and its sum (not a number where one is not, or infinite) say
 * whether each is a finite number >= 0 and the sums cannot overflow; where not, the first bad combo is
 * looked for.
 */
#define HR_SHOWDOWN_VALUES(T, MAX)                                                                                    \
    static int first_bad_##T(const T *reach) {                                                                      \
        for (int n = 0; n < HANDRANK_SHOWDOWN_COMBOS; n++)                                                          \
            if (!(reach[n] >= 0 && reach[n] <= MAX))                                                                \
                return n;                                                                                           \
        return HANDRANK_SHOWDOWN_TOO_LARGE;                                                                         \
    }                                                                                                               \
    static int dead_bad_##T(const handrank_showdown_board *p, const T *reach) {                                    \
        T least = 0, nan = 0;                                                                                       \
        for (int d = 0; d < HANDRANK_SHOWDOWN_DEAD; d++) {                                                          \
            const T x = reach[p->dead[d]];                                                                          \
            least = least < x ? least : x;                                                                          \
            nan += x - x;                                                                                           \
        }                                                                                                           \
        return !(least >= 0 && nan == 0);                                                                           \
    }                                                                                                               \
    /* value[h] = v[h] + T_a + T_b - T in combo order, row by row (the compiler takes it a vector at a time); 0  \
     * for the combos meeting the board */                                                                          \
    static void owed_##T(const handrank_showdown_board *p, const T *v, const T *by_card, T total, T *restrict value) { \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            const T left = by_card[a] - total;                                                                      \
            const T *x = v + at - a - 1;                                                                            \
            T *o = value + at - a - 1;                                                                              \
            for (int b = a + 1; b < 52; b++)                                                                        \
                o[b] = x[b] + left + by_card[b];                                                                    \
        }                                                                                                           \
        for (int d = 0; d < HANDRANK_SHOWDOWN_DEAD; d++)                                                            \
            value[p->dead[d]] = 0;                                                                                  \
    }                                                                                                               \
    /* a block of eight cards of a run: d_c = 2 B_c + R_c, and B_c takes R_c (out of line, where the compiler  \
     * takes it a vector at a time) */                                                                              \
    HR_NOINLINE static void carry_##T(T *restrict below, T *restrict run, T *restrict odd, T *restrict d) {         \
        for (int c = 0; c < 8; c++) {                                                                               \
            const T bc = below[c], rc = run[c] + odd[c];                                                            \
            d[c] = 2 * bc + rc;                                                                                     \
            below[c] = bc + rc;                                                                                     \
            run[c] = odd[c] = 0;                                                                                    \
        }                                                                                                           \
    }                                                                                                               \
    static int values_##T(const handrank_showdown_board *p, const T *reach, T *restrict value) {                       \
        T below_card[HR_CARD_SLOTS] = {0}, run_card[HR_CARD_SLOTS] = {0}, run_odd[HR_CARD_SLOTS] = {0};          \
        T d[HR_CARD_SLOTS];                         \
        T below = 0, least = 0;                                                                                     \
        T v[HANDRANK_SHOWDOWN_COMBOS]; /* the sweep's part, by combo: the last pass writes value in order */         \
        for (int n = 0; n < HANDRANK_SHOWDOWN_COMBOS; n += 64 / (int)sizeof(T))                                     \
            hr_prefetch(reach + n, 0); /* the sweep reads it in rank order, all over its lines */                   \
        for (int k = 0; k < HANDRANK_SHOWDOWN_LIVE;) {                                                              \
            const int end = p->end[k];                                                                              \
            if (end == k + 1) {                                                                                     \
                const int a = p->first[k], b = p->second[k];                                                        \
                const T x = reach[p->id[k]], ba = below_card[a], bb = below_card[b];                                \
                least = least < x ? least : x;                                                                      \
                v[p->id[k]] = 2 * (below - ba - bb) - x;                                                            \
                below_card[a] = ba + x;                                                                             \
                below_card[b] = bb + x;                                                                             \
                below += x;                                                                                         \
                k = end;                                                                                            \
                continue;                                                                                           \
            }                                                                                                       \
            /* the run's sums, two combos a step (two chains of adds) */                                           \
            T run0 = 0, run1 = 0, least1 = least;                                                                   \
            int q = k;                                                                                              \
            for (; q + 1 < end; q += 2) {                                                                           \
                const T x0 = reach[p->id[q]], x1 = reach[p->id[q + 1]];                                             \
                least = least < x0 ? least : x0;                                                                    \
                least1 = least1 < x1 ? least1 : x1;                                                                 \
                run_card[p->first[q]] += x0;                                                                        \
                run_card[p->second[q]] += x0;                                                                       \
                run_odd[p->first[q + 1]] += x1;                                                                     \
                run_odd[p->second[q + 1]] += x1;                                                                    \
                run0 += x0;                                                                                         \
                run1 += x1;                                                                                         \
            }                                                                                                       \
            if (q < end) {                                                                                          \
                const T x = reach[p->id[q]];                                                                        \
                least = least < x ? least : x;                                                                      \
                run_card[p->first[q]] += x;                                                                         \
                run_card[p->second[q]] += x;                                                                        \
                run0 += x;                                                                                          \
            }                                                                                                       \
            least = least1 < least ? least1 : least;                                                                \
            const T run = run0 + run1, base = 2 * below + run;                                                      \
            for (unsigned blocks = p->blocks[k]; blocks; blocks &= blocks - 1) {                                    \
                const int j = 8 * hr_ctz64(blocks);                                                                 \
                carry_##T(below_card + j, run_card + j, run_odd + j, d + j);                                        \
            }                                                                                                       \
            for (q = k; q < end; q++)                                                                               \
                v[p->id[q]] = base - d[p->first[q]] - d[p->second[q]];                                              \
            below += run;                                                                                           \
            k = end;                                                                                                \
        }                                                                                                           \
        if (!(least >= 0 && below <= MAX / 8) || dead_bad_##T(p, reach))                                           \
            return first_bad_##T(reach);                                                                            \
        owed_##T(p, v, below_card, below, value);                                                                      \
        return -1;                                                                                                  \
    }                                                                                                               \


HR_SHOWDOWN_VALUES(double, DBL_MAX)
HR_SHOWDOWN_VALUES(float, FLT_MAX)

int handrank_showdown_values(const handrank_showdown_board *board, const double *reach, double *value) {
    return values_double(board, reach, value);
}

int handrank_showdown_values_f32(const handrank_showdown_board *board, const float *reach, float *value) {
    return values_float(board, reach, value);
}

/*
 * Four nodes on one board at once: the same sweep with four lanes, one a node, so that the board's lists are
 * read once for the four and each step is a few vector operations.  The sweep's part goes to a local array
 * by combo and lane, the last pass to each node's values.
 */
#define HR_LANES 4
#define HR_SHOWDOWN_FOUR(T, MAX)                                                                                     \
    HR_NOINLINE static void carry4_##T(T (*restrict below)[HR_LANES], T (*restrict run)[HR_LANES],                \
                                       T (*restrict odd)[HR_LANES], T (*restrict d)[HR_LANES]) {                    \
        for (int c = 0; c < 8; c++)                                                                                 \
            for (int l = 0; l < HR_LANES; l++) {                                                                    \
                const T bc = below[c][l], rc = run[c][l] + odd[c][l];                                               \
                d[c][l] = 2 * bc + rc;                                                                              \
                below[c][l] = bc + rc;                                                                              \
                run[c][l] = odd[c][l] = 0;                                                                          \
            }                                                                                                       \
    }                                                                                                               \
    static int four_##T(const handrank_showdown_board *p, const T *reach, T *value) {                              \
        T v[HANDRANK_SHOWDOWN_COMBOS][HR_LANES], below_card[HR_CARD_SLOTS][HR_LANES] = {{0}};                      \
        T run_card[HR_CARD_SLOTS][HR_LANES] = {{0}}, run_odd[HR_CARD_SLOTS][HR_LANES] = {{0}};                     \
        T d[HR_CARD_SLOTS][HR_LANES], below[HR_LANES] = {0}, least[HR_LANES] = {0};                                \
        const T *r[HR_LANES];                                                                                       \
        for (int l = 0; l < HR_LANES; l++)                                                                          \
            r[l] = reach + (size_t)l * HANDRANK_SHOWDOWN_COMBOS;                                                    \
        for (int k = 0; k < HANDRANK_SHOWDOWN_LIVE;) {                                                              \
            const int end = p->end[k];                                                                              \
            if (end == k + 1) { /* alone in its class: as values_##T, to the last rounding */                        \
                const int a = p->first[k], b = p->second[k], one = p->id[k];                                        \
                for (int l = 0; l < HR_LANES; l++) {                                                                \
                    const T x = r[l][one], ba = below_card[a][l], bb = below_card[b][l];                            \
                    least[l] = least[l] < x ? least[l] : x;                                                         \
                    v[one][l] = 2 * (below[l] - ba - bb) - x;                                                       \
                    below_card[a][l] = ba + x;                                                                      \
                    below_card[b][l] = bb + x;                                                                      \
                    below[l] += x;                                                                                  \
                }                                                                                                   \
                k = end;                                                                                            \
                continue;                                                                                           \
            }                                                                                                       \
            T run[HR_LANES] = {0}, odd[HR_LANES] = {0}; /* two chains of sums, as values_##T */                     \
            int q = k;                                                                                              \
            for (; q + 1 < end; q += 2) { /* two combos a step, into two sets of sums */                         \
                const int one = p->id[q], two = p->id[q + 1];                                                       \
                const int a0 = p->first[q], b0 = p->second[q], a1 = p->first[q + 1], b1 = p->second[q + 1];        \
                for (int l = 0; l < HR_LANES; l++) {                                                                \
                    const T x0 = r[l][one], x1 = r[l][two];                                                         \
                    least[l] = least[l] < x0 ? least[l] : x0;                                                       \
                    least[l] = least[l] < x1 ? least[l] : x1;                                                       \
                    run[l] += x0;                                                                                   \
                    odd[l] += x1;                                                                                   \
                    run_card[a0][l] += x0;                                                                          \
                    run_card[b0][l] += x0;                                                                          \
                    run_odd[a1][l] += x1;                                                                           \
                    run_odd[b1][l] += x1;                                                                           \
                }                                                                                                   \
            }                                                                                                       \
            if (q < end) {                                                                                          \
                const int one = p->id[q], a0 = p->first[q], b0 = p->second[q];                                     \
                for (int l = 0; l < HR_LANES; l++) {                                                                \
                    const T x0 = r[l][one];                                                                         \
                    least[l] = least[l] < x0 ? least[l] : x0;                                                       \
                    run[l] += x0;                                                                                   \
                    run_card[a0][l] += x0;                                                                          \
                    run_card[b0][l] += x0;                                                                          \
                }                                                                                                   \
            }                                                                                                       \
            T base[HR_LANES];                                                                                       \
            for (int l = 0; l < HR_LANES; l++) {                                                                    \
                run[l] += odd[l];                                                                                   \
                base[l] = 2 * below[l] + run[l];                                                                    \
            }                                                                                                       \
            for (unsigned blocks = p->blocks[k]; blocks; blocks &= blocks - 1) {                                    \
                const int j = 8 * hr_ctz64(blocks);                                                                 \
                carry4_##T(below_card + j, run_card + j, run_odd + j, d + j);                                       \
            }                                                                                                       \
            for (q = k; q < end; q++) {                                                                             \
                const int a = p->first[q], b = p->second[q];                                                        \
                T *out = v[p->id[q]];                                                                               \
                for (int l = 0; l < HR_LANES; l++)                                                                  \
                    out[l] = base[l] - d[a][l] - d[b][l];                                                           \
            }                                                                                                       \
            for (int l = 0; l < HR_LANES; l++)                                                                      \
                below[l] += run[l];                                                                                 \
            k = end;                                                                                                \
        }                                                                                                           \
        for (int l = 0; l < HR_LANES; l++) {                                                                        \
            const int bad = !(least[l] >= 0 && below[l] <= MAX / 8) || dead_bad_##T(p, r[l]);                      \
            if (bad)                                                                                                \
                return l * (HANDRANK_SHOWDOWN_COMBOS + 1) + (first_bad_##T(r[l]) < 0 ? HANDRANK_SHOWDOWN_COMBOS    \
                                                                                       : first_bad_##T(r[l]));     \
        }                                                                                                           \
        /* value = v + T_a + T_b - T, lane by lane into each node's row */                                        \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            T left[HR_LANES];                                                                                       \
            for (int l = 0; l < HR_LANES; l++)                                                                      \
                left[l] = below_card[a][l] - below[l];                                                              \
            for (int b = a + 1, n = at; b < 52; b++, n++)                                                           \
                for (int l = 0; l < HR_LANES; l++)                                                                  \
                    value[(size_t)l * HANDRANK_SHOWDOWN_COMBOS + (size_t)n] = v[n][l] + left[l] + below_card[b][l]; \
        }                                                                                                           \
        for (int l = 0; l < HR_LANES; l++)                                                                          \
            for (int k = 0; k < HANDRANK_SHOWDOWN_DEAD; k++)                                                        \
                value[(size_t)l * HANDRANK_SHOWDOWN_COMBOS + p->dead[k]] = 0;                                       \
        return -1;                                                                                                  \
    }                                                                                                               \
    static int rows_##T(const handrank_showdown_board *p, const T *reach, size_t n_rows, T *value) {               \
        size_t row = 0;                                                                                             \
        int bad = -1;                                                                                               \
        for (; row + HR_LANES <= n_rows && bad < 0; row += HR_LANES)                                                \
            bad = four_##T(p, reach + row * HANDRANK_SHOWDOWN_COMBOS, value + row * HANDRANK_SHOWDOWN_COMBOS);     \
        if (bad >= 0)                                                                                               \
            return (int)(row - HR_LANES) * (HANDRANK_SHOWDOWN_COMBOS + 1) + bad;                                    \
        for (; row < n_rows; row++) {                                                                               \
            bad = values_##T(p, reach + row * HANDRANK_SHOWDOWN_COMBOS, value + row * HANDRANK_SHOWDOWN_COMBOS);    \
            if (bad != -1)                                                                                          \
                return (int)row * (HANDRANK_SHOWDOWN_COMBOS + 1) +                                                  \
                       (bad == HANDRANK_SHOWDOWN_TOO_LARGE ? HANDRANK_SHOWDOWN_COMBOS : bad);                     \
        }                                                                                                           \
        return -1;                                                                                                  \
    }

HR_SHOWDOWN_FOUR(double, DBL_MAX)
HR_SHOWDOWN_FOUR(float, FLT_MAX)

int hr_showdown_rows(const handrank_showdown_board *board, const double *reach, size_t n_rows, double *value) {
    return rows_double(board, reach, n_rows, value);
}

int hr_showdown_rows_f32(const handrank_showdown_board *board, const float *reach, size_t n_rows, float *value) {
    return rows_float(board, reach, n_rows, value);
}


int hr_showdown_first_bad(const double *reach) { return first_bad_double(reach); }

int hr_showdown_first_bad_f32(const float *reach) { return first_bad_float(reach); }

/*
 * Omaha showdown values, over a caller's list of holes (k = 4 to 6 cards each) on one board.  Card removal
 * by inclusion and exclusion: the reach of the holes sharing a card with h is, over the subsets S of h's
 * cards, (-1)^(|S|+1) times the reach of the holes holding all of S.  The caller numbers the subsets that
 * occur (ids below n_ids) and lists each live hole's 2^k - 1 by size (k singles, then the pairs, ...), for
 * the live holes in rank order, worst first, with `end` where each one's run of ties ends.  `scratch` holds
 * n_ids + n_live values.  The sweep keeps the reach passed by subset: a hole beats the reach below its run
 * less what shares one of its cards, and loses to what lies above, which is all it can face (by the sums at
 * the end) less what lies below or in its run.
 */
#define HR_OMAHA_SHOWDOWN(T, MAX)                                                                                    \
    static int first_bad_hole_##T(const handrank_omaha_showdown_board *p, const T *reach) {                        \
        for (int n = 0; n < p->n_holes; n++)                                                                        \
            if (!(reach[n] >= 0 && reach[n] <= MAX))                                                                \
                return n;                                                                                           \
        return HANDRANK_SHOWDOWN_TOO_LARGE;                                                                         \
    }                                                                                                               \
    /* sum over h's subsets of (-1)^(|S|+1) sums[S] */                                                              \
    static T sharing_##T(const uint32_t *ids, int k, const T *sums) {                                              \
        T odd = 0, even = 0;                                                                                        \
        for (int size = 1, count = k, at = 0; size <= k; count = count * (k - size) / (size + 1), size++) {         \
            T part = 0;                                                                                             \
            for (const int stop = at + count; at < stop; at++)                                                      \
                part += sums[ids[at]];                                                                              \
            if (size & 1)                                                                                           \
                odd += part;                                                                                        \
            else                                                                                                    \
                even += part;                                                                                       \
        }                                                                                                           \
        return odd - even;                                                                                          \
    }                                                                                                               \
    static int omaha_##T(const handrank_omaha_showdown_board *p, const T *reach, T *scratch, T *restrict value,     \
                         int blocked) {                                                                             \
        const int k = p->cards, m = (1 << k) - 1;                                                                   \
        T *sums = scratch, *x = scratch + p->n_ids, below = 0, least = 0, nan = 0;                                  \
        for (int d = 0; d < p->n_dead; d++) {                                                                       \
            const T r = reach[p->dead[d]];                                                                          \
            least = least < r ? least : r;                                                                          \
            nan += r - r;                                                                                           \
        }                                                                                                           \
        for (int q = 0; q < p->n_live; q++) {                                                                       \
            const T r = reach[p->order[q]];                                                                         \
            x[q] = r;                                                                                               \
            least = least < r ? least : r;                                                                          \
            nan += r - r;                                                                                           \
        }                                                                                                           \
        if (!(least >= 0 && nan == 0))                                                                              \
            return first_bad_hole_##T(p, reach);                                                                    \
        for (int d = 0; d < p->n_dead; d++)                                                                         \
            value[p->dead[d]] = 0;                                                                                  \
        memset(sums, 0, (size_t)p->n_ids * sizeof *sums);                                                           \
        for (int j = 0; j < p->n_live;) {                                                                           \
            const int stop = (int)p->end[j];                                                                        \
            T run = 0;                                                                                              \
            for (int q = j; q < stop; q++) { /* the reach below the run it can face */                             \
                run += x[q];                                                                                        \
                if (!blocked)                                                                                       \
                    value[p->order[q]] = below - sharing_##T(p->subsets + (size_t)q * (size_t)m, k, sums);             \
            }                                                                                                       \
            for (int q = j; q < stop; q++) {                                                                        \
                const uint32_t *ids = p->subsets + (size_t)q * (size_t)m;                                              \
                for (int i = 0; i < m; i++)                                                                         \
                    sums[ids[i]] += x[q];                                                                           \
            }                                                                                                       \
            below += run;                                                                                           \
            if (!blocked) /* and through the run */                                                                 \
                for (int q = j; q < stop; q++)                                                                      \
                    value[p->order[q]] += below - sharing_##T(p->subsets + (size_t)q * (size_t)m, k, sums);            \
            j = stop;                                                                                               \
        }                                                                                                           \
        if (!(below <= MAX / 8))                                                                                    \
            return HANDRANK_SHOWDOWN_TOO_LARGE;                                                                     \
        for (int q = 0; q < p->n_live; q++) { /* all it can face; a value is below less above */                  \
            const T faced = below - sharing_##T(p->subsets + (size_t)q * (size_t)m, k, sums);                          \
            value[p->order[q]] = blocked ? faced : value[p->order[q]] - faced;                                      \
        }                                                                                                           \
        return -1;                                                                                                  \
    }

HR_OMAHA_SHOWDOWN(double, DBL_MAX)
HR_OMAHA_SHOWDOWN(float, FLT_MAX)

int handrank_omaha_showdown(const handrank_omaha_showdown_board *board, const double *reach, double *scratch,
                            double *value, int blocked) {
    return omaha_double(board, reach, scratch, value, blocked);
}

int handrank_omaha_showdown_f32(const handrank_omaha_showdown_board *board, const float *reach, float *scratch,
                                float *value, int blocked) {
    return omaha_float(board, reach, scratch, value, blocked);
}
