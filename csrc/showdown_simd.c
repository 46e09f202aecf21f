/*
 * Showdown values and blocked reach: the kernels, each compiled as it is
 * and, on x86-64, for AVX2 (also run where AVX-512 is chosen), and their
 * entry points, which take the kernel chosen at run time
 * (handrank_simd_active, cpu.c).  A kernel and its AVX2 form do the same
 * operations in the same order, so they give the same bits.
 */
#include <float.h>
#include <math.h>

#include "handrank.h"
#include "internal.h"

#define HR_SLOTS 56 /* 52 cards and padding: seven blocks of eight */

/*
 * out[h] = T - T_a - T_b + (h's own reach, in both), row by row.  The reach is copied as it is checked (in
 * eight lanes, the sum of x - |x|: 0 unless an x is negative or not a finite number), those meeting the
 * board zeroed, and summed by card: the later cards of a row a vector at a time, the row's own sum in eight
 * lanes.
 */
#define HR_BLOCKED(T, MAX, ABS, FIRST_BAD, ATTR, NAME)                                                              \
    ATTR static int NAME(const handrank_showdown_board *p, const T *reach, T *restrict out) {                       \
        T r[HANDRANK_SHOWDOWN_COMBOS], by_card[HR_SLOTS] = {0}, off[8] = {0};                                       \
        int n = 0;                                                                                                  \
        for (; n + 8 <= HANDRANK_SHOWDOWN_COMBOS; n += 8)                                                           \
            for (int j = 0; j < 8; j++) {                                                                           \
                const T x = reach[n + j];                                                                           \
                r[n + j] = x;                                                                                       \
                off[j] += x - ABS(x);                                                                               \
            }                                                                                                       \
        for (; n < HANDRANK_SHOWDOWN_COMBOS; n++) {                                                                 \
            r[n] = reach[n];                                                                                        \
            off[0] += r[n] - ABS(r[n]);                                                                             \
        }                                                                                                           \
        for (int j = 0; j < 8; j++)                                                                                 \
            if (off[j] != 0)                                                                                        \
                return FIRST_BAD(r);                                                                                \
        for (int k = 0; k < HANDRANK_SHOWDOWN_DEAD; k++)                                                            \
            r[p->dead[k]] = 0;                                                                                      \
        T total = 0;                                                                                                \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            const T *x = r + at - a - 1;                                                                            \
            T lane[8] = {0};                                                                                        \
            int b = a + 1;                                                                                          \
            for (; b + 8 <= 52; b += 8)                                                                             \
                for (int j = 0; j < 8; j++) {                                                                       \
                    lane[j] += x[b + j];                                                                            \
                    by_card[b + j] += x[b + j];                                                                     \
                }                                                                                                   \
            for (; b < 52; b++) {                                                                                   \
                lane[0] += x[b];                                                                                    \
                by_card[b] += x[b];                                                                                 \
            }                                                                                                       \
            const T row = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7])); \
            by_card[a] += row;                                                                                      \
            total += row;                                                                                           \
        }                                                                                                           \
        if (!(total <= MAX / 8))                                                                                    \
            return HANDRANK_SHOWDOWN_TOO_LARGE;                                                                     \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            const T left = total - by_card[a];                                                                      \
            const T *x = r + at - a - 1;                                                                            \
            T *o = out + at - a - 1;                                                                                \
            for (int b = a + 1; b < 52; b++)                                                                        \
                o[b] = left - by_card[b] + x[b];                                                                    \
        }                                                                                                           \
        for (int k = 0; k < HANDRANK_SHOWDOWN_DEAD; k++)                                                            \
            out[p->dead[k]] = 0;                                                                                    \
        return -1;                                                                                                  \
    }

HR_BLOCKED(double, DBL_MAX, fabs, hr_showdown_first_bad, , blocked_double)
HR_BLOCKED(float, FLT_MAX, fabsf, hr_showdown_first_bad_f32, , blocked_float)

#ifdef HR_HAVE_AVX2
/*
 * blocked_reach in AVX2, a vector V of a row's combos a step (LANES of T, masks of integers I): one pass reads
 * each row of the reach (its last step masked), checks it (in each lane the sum of x - |x|: 0 unless an x is
 * negative or not a finite number), keeps it with the combos meeting the board masked to 0, and sums it by
 * card; a second writes each row of out[h] = T - T_a - T_b + (h's own), masked to 0 where h meets the board,
 * a row's last vector overlapping the one before (the same values again; shorter rows one at a time).  Four
 * sets of sums by card, row a adding to set a % 4: a row's sums start one card after the last row's, so that
 * one set would be read right after being written a card off, which stalls.
 */
#define HR_BLOCKED_AVX(T, V, I, LANES, SUF, SET1, SUM, MAX, FIRST_BAD, NAME)                                        \
    HR_AVX2 static int NAME(const handrank_showdown_board *p, const T *reach, T *restrict out) {                    \
        T r[HANDRANK_SHOWDOWN_COMBOS + LANES], sets[4][HR_SLOTS + LANES] = {{0}}, by_card[HR_SLOTS + LANES];        \
        I keep[HR_SLOTS + LANES], tail[LANES][LANES] = {{0}}; /* tail[k]: the first k lanes */                      \
        for (int c = 0; c < HR_SLOTS + LANES; c++)                                                                  \
            keep[c] = c < 52 ? -1 : 0;                                                                              \
        for (int j = 0; j < 5; j++)                                                                                 \
            keep[p->board[j]] = 0;                                                                                  \
        for (int k = 0; k < LANES; k++)                                                                             \
            for (int l = 0; l < k; l++)                                                                             \
                tail[k][l] = -1;                                                                                    \
        const V sign = _mm256_set1_p##SUF(-0.0);                                                                    \
        V off = _mm256_setzero_p##SUF();                                                                            \
        T total = 0;                                                                                                \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            const int n = 51 - a;                                                                                   \
            const V row_keep = _mm256_castsi256_p##SUF(SET1(keep[a]));                                              \
            V row = _mm256_setzero_p##SUF();                                                                        \
            T *set = sets[a & 3];                                                                                   \
            for (int j = 0; j < n; j += LANES) {                                                                    \
                const int b = a + 1 + j;                                                                            \
                const __m256i first = _mm256_loadu_si256((const __m256i *)tail[j + LANES <= n ? 0 : n - j]);        \
                const V x = j + LANES <= n ? _mm256_loadu_p##SUF(reach + at + j)                                    \
                                           : _mm256_maskload_p##SUF(reach + at + j, first);                         \
                off = _mm256_add_p##SUF(off, _mm256_sub_p##SUF(x, _mm256_andnot_p##SUF(sign, x)));                  \
                const V held = _mm256_castsi256_p##SUF(_mm256_loadu_si256((const __m256i *)(keep + b)));            \
                const V kept = _mm256_and_p##SUF(_mm256_and_p##SUF(x, row_keep), held);                             \
                _mm256_storeu_p##SUF(r + at + j, kept);                                                             \
                row = _mm256_add_p##SUF(row, kept);                                                                 \
                _mm256_storeu_p##SUF(set + b, _mm256_add_p##SUF(_mm256_loadu_p##SUF(set + b), kept));               \
            }                                                                                                       \
            const T sum = SUM(row);                                                                                 \
            set[a] += sum;                                                                                          \
            total += sum;                                                                                           \
        }                                                                                                           \
        for (int c = 0; c < HR_SLOTS; c += LANES) {                                                                 \
            const V s01 = _mm256_add_p##SUF(_mm256_loadu_p##SUF(sets[0] + c), _mm256_loadu_p##SUF(sets[1] + c));    \
            const V s23 = _mm256_add_p##SUF(_mm256_loadu_p##SUF(sets[2] + c), _mm256_loadu_p##SUF(sets[3] + c));    \
            _mm256_storeu_p##SUF(by_card + c, _mm256_add_p##SUF(s01, s23));                                         \
        }                                                                                                           \
        if (_mm256_movemask_p##SUF(_mm256_cmp_p##SUF(off, _mm256_setzero_p##SUF(), _CMP_NEQ_UQ)))                   \
            return FIRST_BAD(reach);                                                                                \
        if (!(total <= MAX / 8))                                                                                    \
            return HANDRANK_SHOWDOWN_TOO_LARGE;                                                                     \
        for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                        \
            const int n = 51 - a;                                                                                   \
            if (n < LANES) {                                                                                        \
                for (int j = 0, b = a + 1; j < n; j++, b++)                                                         \
                    out[at + j] = keep[a] && keep[b] ? (total - by_card[a]) - by_card[b] + r[at + j] : 0;           \
                continue;                                                                                           \
            }                                                                                                       \
            const V left = _mm256_set1_p##SUF(total - by_card[a]);                                                  \
            const V row_keep = _mm256_castsi256_p##SUF(SET1(keep[a]));                                              \
            for (int j = 0;; j += LANES) {                                                                          \
                j = j + LANES <= n ? j : n - LANES;                                                                 \
                const int b = a + 1 + j;                                                                            \
                const V y = _mm256_add_p##SUF(_mm256_sub_p##SUF(left, _mm256_loadu_p##SUF(by_card + b)),            \
                                                        _mm256_loadu_p##SUF(r + at + j));                           \
                const V held = _mm256_castsi256_p##SUF(_mm256_loadu_si256((const __m256i *)(keep + b)));            \
                _mm256_storeu_p##SUF(out + at + j, _mm256_and_p##SUF(y, _mm256_and_p##SUF(row_keep, held)));        \
                if (j + LANES == n)                                                                                 \
                    break;                                                                                          \
            }                                                                                                       \
        }                                                                                                           \
        return -1;                                                                                                  \
    }

/* a vector's sum, for HR_BLOCKED_AVX */
HR_AVX2 static inline double sum_four(__m256d x) {
    const __m128d half = _mm_add_pd(_mm256_castpd256_pd128(x), _mm256_extractf128_pd(x, 1));
    return _mm_cvtsd_f64(_mm_add_sd(half, _mm_unpackhi_pd(half, half)));
}
HR_AVX2 static inline float sum_eight(__m256 x) {
    __m128 half = _mm_add_ps(_mm256_castps256_ps128(x), _mm256_extractf128_ps(x, 1));
    half = _mm_add_ps(half, _mm_movehl_ps(half, half));
    return _mm_cvtss_f32(_mm_add_ss(half, _mm_shuffle_ps(half, half, 1)));
}

HR_BLOCKED_AVX(double, __m256d, int64_t, 4, d, _mm256_set1_epi64x, sum_four, DBL_MAX, hr_showdown_first_bad,
               blocked_four)
HR_BLOCKED_AVX(float, __m256, int32_t, 8, s, _mm256_set1_epi32, sum_eight, FLT_MAX, hr_showdown_first_bad_f32,
               blocked_eight)
#endif

/*
 * The sweep of a node, four combos a step (a quad of the prepared board: one first card, the four suits of a
 * second rank, a lane each).  With B the reach below a run (in all), B_c the part holding card c, R and R_c
 * the run's own, T and T_c the whole reach's, a combo h = (a, b) of the run has
 *
 *   value = (B - B_a - B_b) - [(T - B - R) - (T_a - B_a - R_a) - (T_b - B_b - R_b)]
 *         = [2B + R - (2B_a + R_a) - (2B_b + R_b)] + [T_a + T_b - T]
 *
 * (its own reach is in R, R_a and R_b and cancels).  The first bracket is the sweep's, the second the last
 * pass's: T_c and T are B_c and B once every run is passed.  A quad adds its lanes to the run's sums by
 * second card (a vector: its cards lie side by side) and their sum to its first card's; a run's sums touch
 * few ranks (four cards, a vector each), and only those are carried into B_c.  A run's values are written
 * once the next run's sums are taken (so that they do not wait for the carry just stored), and a combo alone
 * in its class takes a shorter way to the same bits.  NODES nodes on one board go through together, each
 * with its own sums: the board's lists are read once for them, and the result is each node's alone.
 *
 * The reach is read once.  The least value read and the reach's sum (not a number where one is not, or
 * infinite) say whether each is a finite number >= 0 and the sums cannot overflow; where not, the first bad
 * combo is looked for.
 *
 * The vectors are four lanes of T, and P names their operations: lane by lane in C (P = quad64_, quad32_),
 * or AVX2 (avx64_, avx32_), which give the same bits: the lanes' sum is (x0 + x2) + (x1 + x3) in both.
 */
#define HR_SWEEP(T, Q, P, MAX, FIRST_BAD, ATTR, NAME, NODES)                                                        \
    /* a run's values in v from its base and its cards' d (written a run before they are read: no wait) */          \
    ATTR static inline void NAME##_run(const handrank_showdown_board *p, int from, int to, const T *base,           \
                                       T (*d)[HR_SLOTS], T (*v)[HANDRANK_SHOWDOWN_COMBOS + 4]) {                    \
        for (int q = from; q < to; q++) {                                                                           \
            const int slot = p->slot[q], a = p->first[q], b = p->second[q], held = p->lanes[q];                     \
            for (int n = 0; n < NODES; n++)                                                                         \
                P##put(v[n] + slot, P##sub(P##splat(base[n] - d[n][a]), P##load(d[n] + b)), held);                  \
        }                                                                                                           \
    }                                                                                                               \
    ATTR static int NAME(const handrank_showdown_board *p, const T *reach, T *restrict value) {                     \
        T below[NODES][HR_SLOTS] = {{0}}, col[NODES][HR_SLOTS] = {{0}}, row[NODES][HR_SLOTS] = {{0}};               \
        T d[NODES][HR_SLOTS], total[NODES] = {0}, low[NODES] = {0}, waiting_base[NODES] = {0};                      \
        T v[NODES][HANDRANK_SHOWDOWN_COMBOS + 4]; /* the sweep's part, combo c at c + 1 (a quad's slot) */          \
        const T *r[NODES];                                                                                          \
        Q least[NODES];                                                                                             \
        for (int n = 0; n < NODES; n++) {                                                                           \
            r[n] = reach + (size_t)n * HANDRANK_SHOWDOWN_COMBOS;                                                    \
            least[n] = P##splat(0);                                                                                 \
            for (int c = 0; c < HANDRANK_SHOWDOWN_COMBOS; c += 64 / (int)sizeof(T))                                 \
                hr_prefetch(r[n] + c, 0); /* the sweep reads it in rank order, all over its lines */                \
        }                                                                                                           \
        int waiting = -1, waiting_end = 0; /* the run whose values are written after the next one's sums */         \
        for (int k = 0, quads = p->quads; k < quads;) {                                                             \
            const int end = p->end[k], alone = p->lanes[k];                                                         \
            if (end == k + 1 && !(alone & (alone - 1))) {                                                           \
                /* a combo alone in its class: what the steps below come to, to the last rounding (its reach is     \
                 * the run's sum, x + 0 as the lanes' sum, and its cards' sums in the run; it holds no other) */    \
                const int lane = hr_ctz64((unsigned)alone) - 4, a = p->first[k], b = p->second[k] + lane;           \
                const int at = p->slot[k] + lane;                                                                   \
                for (int n = 0; n < NODES; n++) {                                                                   \
                    const T x = r[n][at - 1], sum = x + 0, ba = below[n][a], bb = below[n][b];                      \
                    low[n] = x < low[n] ? x : low[n];                                                               \
                    v[n][at] = (((total[n] + total[n]) + sum) - ((ba + ba) + sum)) - ((bb + bb) + sum);             \
                    below[n][a] = ba + sum;                                                                         \
                    below[n][b] = bb + sum;                                                                         \
                    total[n] += sum;                                                                                \
                }                                                                                                   \
                k = end;                                                                                            \
                continue;                                                                                           \
            }                                                                                                       \
            Q run[NODES];                                                                                           \
            for (int n = 0; n < NODES; n++)                                                                         \
                run[n] = P##splat(0);                                                                               \
            for (int q = k; q < end; q++) {                                                                         \
                const int slot = p->slot[q], a = p->first[q], b = p->second[q], held = p->lanes[q];                 \
                for (int n = 0; n < NODES; n++) {                                                                   \
                    const Q x = P##take(r[n], slot, held);                                                          \
                    least[n] = P##min(x, least[n]);                                                                 \
                    run[n] = P##add(run[n], x);                                                                     \
                    P##store(col[n] + b, P##add(P##load(col[n] + b), x));                                           \
                    row[n][a] += P##sum(x);                                                                         \
                }                                                                                                   \
            }                                                                                                       \
            T base[NODES];                                                                                          \
            for (int n = 0; n < NODES; n++) {                                                                       \
                const T sum = P##sum(run[n]);                                                                       \
                base[n] = (total[n] + total[n]) + sum;                                                              \
                total[n] += sum;                                                                                    \
            }                                                                                                       \
            if (waiting >= 0) /* the run before's values, while this run's sums are stored */                       \
                NAME##_run(p, waiting, waiting_end, waiting_base, d, v);                                            \
            for (unsigned ranks = p->ranks[k]; ranks; ranks &= ranks - 1) {                                         \
                const int c = 4 * hr_ctz64(ranks);                                                                  \
                for (int n = 0; n < NODES; n++) { /* d_c = 2 B_c + R_c, and B_c takes R_c */                        \
                    const Q bc = P##load(below[n] + c), rc = P##add(P##load(col[n] + c), P##load(row[n] + c));      \
                    P##store(d[n] + c, P##add(P##add(bc, bc), rc));                                                 \
                    P##store(below[n] + c, P##add(bc, rc));                                                         \
                    P##store(col[n] + c, P##splat(0));                                                              \
                    P##store(row[n] + c, P##splat(0));                                                              \
                }                                                                                                   \
            }                                                                                                       \
            for (int n = 0; n < NODES; n++)                                                                         \
                waiting_base[n] = base[n];                                                                          \
            waiting = k, waiting_end = end;                                                                         \
            k = end;                                                                                                \
        }                                                                                                           \
        if (waiting >= 0)                                                                                           \
            NAME##_run(p, waiting, waiting_end, waiting_base, d, v);                                                \
        T keep[HR_SLOTS]; /* the sign of -1 for the cards off the board, 0 for the board's and the padding */       \
        for (int c = 0; c < HR_SLOTS; c++)                                                                          \
            keep[c] = c < 52 ? -1 : 0;                                                                              \
        for (int j = 0; j < 5; j++)                                                                                 \
            keep[p->board[j]] = 0;                                                                                  \
        for (int n = 0; n < NODES; n++) {                                                                           \
            /* the combos meeting the board, checked, not used (x - x: not a number unless x is finite): each       \
             * board card's row (combos (c, b), b > c) four at a time, the last four overlapping the four before,   \
             * and its column (combos (a, c), a < c) where a is off the board */                                    \
            Q nan = P##splat(0);                                                                                    \
            T odd = 0;                                                                                              \
            for (int j = 0; j < 5; j++) {                                                                           \
                const int c = p->board[j], count = 51 - c;                                                          \
                const T *row_c = r[n] + 51 * c - c * (c - 1) / 2;                                                   \
                if (count < 4)                                                                                      \
                    for (int i = 0; i < count; i++) {                                                               \
                        low[n] = row_c[i] < low[n] ? row_c[i] : low[n];                                             \
                        odd += row_c[i] - row_c[i];                                                                 \
                    }                                                                                               \
                else                                                                                                \
                    for (int i = 0;; i += 4) {                                                                      \
                        const Q x = P##load(row_c + (i < count - 4 ? i : count - 4));                               \
                        least[n] = P##min(x, least[n]);                                                             \
                        nan = P##add(nan, P##sub(x, x));                                                            \
                        if (i >= count - 4)                                                                         \
                            break;                                                                                  \
                    }                                                                                               \
                for (int a = 0, at = c - 1; a < c; at += 50 - a, a++)                                               \
                    if (keep[a] != 0) {                                                                             \
                        low[n] = r[n][at] < low[n] ? r[n][at] : low[n];                                             \
                        odd += r[n][at] - r[n][at];                                                                 \
                    }                                                                                               \
            }                                                                                                       \
            if (P##negative(least[n]) || !(low[n] >= 0 && odd == 0 && P##sum(nan) == 0 && total[n] <= MAX / 8)) {   \
                const int bad = FIRST_BAD(r[n]);                                                                    \
                return n * (HANDRANK_SHOWDOWN_COMBOS + 1) + (bad < 0 ? HANDRANK_SHOWDOWN_COMBOS : bad);             \
            }                                                                                                       \
        }                                                                                                           \
        /* value = v + T_a + T_b - T in combo order, row by row, four at a time (a row's last four overlapping the  \
         * four before: the same values again), 0 where h meets the board */                                        \
        for (int n = 0; n < NODES; n++)                                                                             \
            for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {                                                    \
                const T *x = v[n] + at - a, *t = below[n];                                                          \
                T *o = value + (size_t)n * HANDRANK_SHOWDOWN_COMBOS + at - a - 1;                                   \
                const T left = t[a] - total[n];                                                                     \
                if (keep[a] == 0 || a > 47) {                                                                       \
                    for (int c = a + 1; c < 52; c++)                                                                \
                        o[c] = keep[a] != 0 && keep[c] != 0 ? (x[c] + left) + t[c] : 0;                             \
                    continue;                                                                                       \
                }                                                                                                   \
                int c = a + 1;                                                                                      \
                for (;; c += 4) {                                                                                   \
                    P##store(o + c, P##keep(P##add(P##add(P##load(x + c), P##splat(left)), P##load(t + c)),         \
                                            P##load(keep + c)));                                                    \
                    if (c + 8 > 52)                                                                                 \
                        break;                                                                                      \
                }                                                                                                   \
                if (c + 4 < 52)                                                                                     \
                    P##store(o + 48, P##keep(P##add(P##add(P##load(x + 48), P##splat(left)), P##load(t + 48)),      \
                                             P##load(keep + 48)));                                                  \
            }                                                                                                       \
        return -1;                                                                                                  \
    }

/* Four lanes of T with each operation lane by lane, for HR_SWEEP */
#define HR_QUAD_OPS(T, Q, P)                                                                                        \
    typedef struct {                                                                                                \
        T l[4];                                                                                                     \
    } Q;                                                                                                            \
    static inline Q P##splat(T x) {                                                                                 \
        Q y;                                                                                                        \
        for (int l = 0; l < 4; l++)                                                                                 \
            y.l[l] = x;                                                                                             \
        return y;                                                                                                   \
    }                                                                                                               \
    /* a quad's lanes (reach[slot - 1 + l] for each lane l held: bit 4 + l of held), 0 in the others */             \
    static inline Q P##take(const T *reach, int slot, int held) {                                                   \
        Q y;                                                                                                        \
        for (int l = 0; l < 4; l++)                                                                                 \
            y.l[l] = held >> (4 + l) & 1 ? reach[slot - 1 + l] : 0;                                                 \
        return y;                                                                                                   \
    }                                                                                                               \
    static inline Q P##load(const T *x) {                                                                           \
        Q y;                                                                                                        \
        memcpy(&y, x, sizeof y);                                                                                    \
        return y;                                                                                                   \
    }                                                                                                               \
    static inline void P##store(T *x, Q y) { memcpy(x, &y, sizeof y); }                                             \
    /* the lanes held of a quad's slot */                                                                           \
    static inline void P##put(T *x, Q y, int held) {                                                                \
        for (int l = 0; l < 4; l++)                                                                                 \
            if (held >> (4 + l) & 1)                                                                                \
                x[l] = y.l[l];                                                                                      \
    }                                                                                                               \
    static inline Q P##add(Q x, Q y) {                                                                              \
        for (int l = 0; l < 4; l++)                                                                                 \
            x.l[l] += y.l[l];                                                                                       \
        return x;                                                                                                   \
    }                                                                                                               \
    static inline Q P##sub(Q x, Q y) {                                                                              \
        for (int l = 0; l < 4; l++)                                                                                 \
            x.l[l] -= y.l[l];                                                                                       \
        return x;                                                                                                   \
    }                                                                                                               \
    static inline Q P##min(Q x, Q y) {                                                                              \
        for (int l = 0; l < 4; l++)                                                                                 \
            x.l[l] = x.l[l] < y.l[l] ? x.l[l] : y.l[l];                                                             \
        return x;                                                                                                   \
    }                                                                                                               \
    /* x where keep is negative, else 0 */                                                                          \
    static inline Q P##keep(Q x, Q keep) {                                                                          \
        for (int l = 0; l < 4; l++)                                                                                 \
            x.l[l] = keep.l[l] < 0 ? x.l[l] : 0;                                                                    \
        return x;                                                                                                   \
    }                                                                                                               \
    static inline T P##sum(Q x) { return (x.l[0] + x.l[2]) + (x.l[1] + x.l[3]); }                                   \
    static inline int P##negative(Q x) { return x.l[0] < 0 || x.l[1] < 0 || x.l[2] < 0 || x.l[3] < 0; }

HR_QUAD_OPS(double, hr_quad64, quad64_)
HR_QUAD_OPS(float, hr_quad32, quad32_)
HR_SWEEP(double, hr_quad64, quad64_, DBL_MAX, hr_showdown_first_bad, , values_double, 1)
HR_SWEEP(float, hr_quad32, quad32_, FLT_MAX, hr_showdown_first_bad_f32, , values_float, 1)
HR_SWEEP(double, hr_quad64, quad64_, DBL_MAX, hr_showdown_first_bad, , four_double, 4)
HR_SWEEP(float, hr_quad32, quad32_, FLT_MAX, hr_showdown_first_bad_f32, , four_float, 4)

#ifdef HR_HAVE_AVX2
/* The lanes of a quad as masks of 32 bits, at 16 times its lanes held (the byte offset of a prepared board) */
static const int32_t lane_masks[16][4] = {
    {0, 0, 0, 0},   {-1, 0, 0, 0},   {0, -1, 0, 0},   {-1, -1, 0, 0},   {0, 0, -1, 0},   {-1, 0, -1, 0},
    {0, -1, -1, 0}, {-1, -1, -1, 0}, {0, 0, 0, -1},   {-1, 0, 0, -1},   {0, -1, 0, -1},  {-1, -1, 0, -1},
    {0, 0, -1, -1}, {-1, 0, -1, -1}, {0, -1, -1, -1}, {-1, -1, -1, -1}};
HR_AVX2 static inline __m128i mask32(int held) {
    return _mm_loadu_si128((const __m128i *)((const char *)lane_masks + held));
}
HR_AVX2 static inline __m256i mask64(int held) { return _mm256_cvtepi32_epi64(mask32(held)); }

/* The operations of HR_SWEEP in AVX2: four doubles in a vector of 256 bits (V = __m256d, the intrinsics
 * _mm256_*_pd), four floats in one of 128 (__m128, _mm_*_ps); MASK(held) the lanes held as a mask, CAST it
 * to the vector's type */
#define HR_AVX_OPS(T, V, P, PRE, SUF, MASK, CAST)                                                                   \
    HR_AVX2 static inline V P##splat(T x) { return PRE##set1_##SUF(x); }                                            \
    /* a masked load reads none of the lanes not held (slot - 1 may lie before the row) */                          \
    HR_AVX2 static inline V P##take(const T *reach, int slot, int held) {                                           \
        return PRE##maskload_##SUF(reach + slot - 1, MASK(held));                                                   \
    }                                                                                                               \
    HR_AVX2 static inline V P##load(const T *x) { return PRE##loadu_##SUF(x); }                                     \
    HR_AVX2 static inline void P##store(T *x, V y) { PRE##storeu_##SUF(x, y); }                                     \
    HR_AVX2 static inline void P##put(T *x, V y, int held) {                                                        \
        PRE##storeu_##SUF(x, PRE##blendv_##SUF(PRE##loadu_##SUF(x), y, CAST(MASK(held))));                          \
    }                                                                                                               \
    HR_AVX2 static inline V P##add(V x, V y) { return PRE##add_##SUF(x, y); }                                       \
    HR_AVX2 static inline V P##sub(V x, V y) { return PRE##sub_##SUF(x, y); }                                       \
    HR_AVX2 static inline V P##min(V x, V y) { return PRE##min_##SUF(x, y); }                                       \
    HR_AVX2 static inline V P##keep(V x, V keep) { return PRE##blendv_##SUF(PRE##setzero_##SUF(), x, keep); }       \
    HR_AVX2 static inline int P##negative(V x) {                                                                    \
        return PRE##movemask_##SUF(PRE##cmp_##SUF(x, PRE##setzero_##SUF(), _CMP_LT_OQ)) != 0;                       \
    }

HR_AVX_OPS(double, __m256d, avx64_, _mm256_, pd, mask64, _mm256_castsi256_pd)
HR_AVX_OPS(float, __m128, avx32_, _mm_, ps, mask32, _mm_castsi128_ps)

/* the lanes' sum, (x0 + x2) + (x1 + x3) */
HR_AVX2 static inline double avx64_sum(__m256d x) { return sum_four(x); }
HR_AVX2 static inline float avx32_sum(__m128 x) {
    const __m128 half = _mm_add_ps(x, _mm_movehl_ps(x, x)); /* x0 + x2, x1 + x3 */
    return _mm_cvtss_f32(_mm_add_ss(half, _mm_shuffle_ps(half, half, 1)));
}

HR_SWEEP(double, __m256d, avx64_, DBL_MAX, hr_showdown_first_bad, HR_AVX2, values_double_avx2, 1)
HR_SWEEP(float, __m128, avx32_, FLT_MAX, hr_showdown_first_bad_f32, HR_AVX2, values_float_avx2, 1)
HR_SWEEP(double, __m256d, avx64_, DBL_MAX, hr_showdown_first_bad, HR_AVX2, four_double_avx2, 4)
HR_SWEEP(float, __m128, avx32_, FLT_MAX, hr_showdown_first_bad_f32, HR_AVX2, four_float_avx2, 4)
#endif

/* The sweep chosen at run time */
#ifdef HR_HAVE_AVX2
#define HR_CHOOSE(NAME)                                                                                         \
    (handrank_simd_active() == HANDRANK_SIMD_AVX2 || handrank_simd_active() == HANDRANK_SIMD_AVX512 ? NAME##_avx2  \
                                                                                                     : NAME)
#else
#define HR_CHOOSE(NAME) NAME
#endif

/* -1, or the kernel's 1,326 (the sum too large) as HANDRANK_SHOWDOWN_TOO_LARGE */
static int one_node(int bad) { return bad == HANDRANK_SHOWDOWN_COMBOS ? HANDRANK_SHOWDOWN_TOO_LARGE : bad; }

int handrank_showdown_values(const handrank_showdown_board *board, const double *reach, double *value) {
    return one_node(HR_CHOOSE(values_double)(board, reach, value));
}

int handrank_showdown_values_f32(const handrank_showdown_board *board, const float *reach, float *value) {
    return one_node(HR_CHOOSE(values_float)(board, reach, value));
}

/* Four rows at a time, then one, the kernels chosen once: -1, or row * 1,327 + the kernels' answer */
#define HR_ROWS(T, FOUR, ONE, NAME)                                                                                 \
    int NAME(const handrank_showdown_board *board, const T *reach, size_t n_rows, T *value) {                       \
        int (*const four)(const handrank_showdown_board *, const T *, T *) = HR_CHOOSE(FOUR);                       \
        int (*const one)(const handrank_showdown_board *, const T *, T *) = HR_CHOOSE(ONE);                         \
        for (size_t row = 0; row < n_rows;) {                                                                       \
            const size_t step = n_rows - row >= 4 ? 4 : 1;                                                          \
            const size_t at = row * HANDRANK_SHOWDOWN_COMBOS;                                                       \
            const int bad = (step == 4 ? four : one)(board, reach + at, value + at);                                \
            if (bad != -1)                                                                                          \
                return (int)row * (HANDRANK_SHOWDOWN_COMBOS + 1) + bad;                                             \
            row += step;                                                                                            \
        }                                                                                                           \
        return -1;                                                                                                  \
    }

HR_ROWS(double, four_double, values_double, handrank_showdown_values_rows)
HR_ROWS(float, four_float, values_float, handrank_showdown_values_rows_f32)

int handrank_blocked_reach(const handrank_showdown_board *board, const double *reach, double *out) {
#ifdef HR_HAVE_AVX2
    if (handrank_simd_active() == HANDRANK_SIMD_AVX2 || handrank_simd_active() == HANDRANK_SIMD_AVX512)
        return blocked_four(board, reach, out);
#endif
    return blocked_double(board, reach, out);
}

int handrank_blocked_reach_f32(const handrank_showdown_board *board, const float *reach, float *out) {
#ifdef HR_HAVE_AVX2
    if (handrank_simd_active() == HANDRANK_SIMD_AVX2 || handrank_simd_active() == HANDRANK_SIMD_AVX512)
        return blocked_eight(board, reach, out);
#endif
    return blocked_float(board, reach, out);
}
