/*
 * Showdown values for solvers: a river board prepared once for the sweep
 * of showdown_simd.c (each combo's reach-weighted wins less losses against
 * an opponent's combos, with card removal), the first bad entry of a reach
 * row, and the same values over a list of Omaha holes.
 *
 * A prepared board lists its 1,081 live combos worst first in quads: the
 * combos of one class with the same first card and the same rank of second
 * card, whose numbers lie side by side (a lane a suit of the second card),
 * so that the sweep takes up to four combos with each step.
 */
#include <float.h>
#include <string.h>

#include "handrank.h"
#include "internal.h"

_Static_assert(sizeof(handrank_showdown_board) == 2 * HANDRANK_SHOWDOWN_BOARD_WORDS, "a prepared board's size");

/* A run's quads in the order the sweep takes them: their second ranks in turn (the k-th quad of each second
 * rank, then the (k+1)-th), so that quads one after another rarely add to one card's sums. */
static void deal_in_turn(const uint8_t *second, int from, int to, uint16_t *out) {
    int seen[52] = {0}, turn[HANDRANK_SHOWDOWN_LIVE], start[HANDRANK_SHOWDOWN_LIVE + 1] = {0};
    for (int q = from; q < to; q++)
        start[turn[q - from] = seen[second[q]]++]++;
    for (int t = 0, at = 0; t <= to - from; t++) {
        const int count = start[t];
        start[t] = at;
        at += count;
    }
    for (int q = from; q < to; q++)
        out[start[turn[q - from]]++] = (uint16_t)q;
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
    /* worst first (the highest class number first), ties by combo number: a stable counting sort of the
     * inverted class, by bytes */
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
    memset(out, 0, sizeof *out);
    memcpy(out->board, board, sizeof out->board);
    /* each run's quads in combo order (those of one first card and second rank lie together), then dealt */
    uint16_t slot[HANDRANK_SHOWDOWN_LIVE], dealt[HANDRANK_SHOWDOWN_LIVE];
    uint8_t first[HANDRANK_SHOWDOWN_LIVE], second[HANDRANK_SHOWDOWN_LIVE], lanes[HANDRANK_SHOWDOWN_LIVE];
    int n = 0;
    for (int k = 0; k < m;) {
        const int from = n;
        int end = k;
        for (; end < m && rank[order[end]] == rank[order[k]]; end++) {
            const int i = order[end], a = cards[i] & 0xff, b = cards[i] >> 8;
            if (n == from || first[n - 1] != a || second[n - 1] != (b & ~3)) {
                slot[n] = (uint16_t)(id[i] - (b & 3) + 1);
                first[n] = (uint8_t)a;
                second[n] = (uint8_t)(b & ~3);
                lanes[n++] = 0;
            }
            lanes[n - 1] |= (uint8_t)(16 << (b & 3));
            out->ranks[from] |= (uint16_t)(1 << (a >> 2) | 1 << (b >> 2));
        }
        deal_in_turn(second, from, n, dealt);
        for (int q = from; q < n; q++) {
            out->slot[q] = slot[dealt[q - from]];
            out->first[q] = first[dealt[q - from]];
            out->second[q] = second[dealt[q - from]];
            out->lanes[q] = lanes[dealt[q - from]];
            out->end[q] = (uint16_t)n;
        }
        k = end;
    }
    out->quads = (uint16_t)n;
    for (int a = 0, c = 0, d = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, c++)
            if ((dead >> a | dead >> b) & 1)
                out->dead[d++] = (uint16_t)c;
}

/* The first entry of a reach row that is negative or not a finite number, else HANDRANK_SHOWDOWN_TOO_LARGE. */
#define HR_FIRST_BAD(T, MAX, NAME)                                                                                   \
    int NAME(const T *reach) {                                                                                      \
        for (int n = 0; n < HANDRANK_SHOWDOWN_COMBOS; n++)                                                          \
            if (!(reach[n] >= 0 && reach[n] <= MAX))                                                                \
                return n;                                                                                           \
        return HANDRANK_SHOWDOWN_TOO_LARGE;                                                                         \
    }

HR_FIRST_BAD(double, DBL_MAX, hr_showdown_first_bad)
HR_FIRST_BAD(float, FLT_MAX, hr_showdown_first_bad_f32)

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
