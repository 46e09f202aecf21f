/*
 * Showdown values with SIMD, in the kernel chosen at run time
 * (handrank_simd_active, cpu.c): the entry points of blocked_reach (one
 * routine, compiled as it is and for AVX2 and AVX-512) and of several
 * nodes on one board, with an AVX2 kernel (also run where AVX-512 is
 * chosen) that takes four nodes at once, one in each lane of a vector of
 * four doubles.  Its sweep is showdown.c's: from the worst class up, the
 * reach passed in all and by card, a run's card sums carried over the
 * blocks of eight cards it touches; the rows it leaves (fewer than four),
 * and every row where no AVX2 kernel runs, go to the kernel of showdown.c,
 * which never calls back.
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
#define HR_BLOCKED(T, MAX, ABS, FIRST_BAD, ATTR, NAME)                                                               \
    ATTR static int NAME(const handrank_showdown_board *p, const T *reach, T *restrict out) {                      \
        T r[HANDRANK_SHOWDOWN_COMBOS], by_card[HR_SLOTS] = {0}, off[8] = {0};                                   \
        int n = 0;                                                                                                  \
        for (; n + 8 <= HANDRANK_SHOWDOWN_COMBOS; n += 8)                                                           \
            for (int j = 0; j < 8; j++) {                                                                           \
                const T x = reach[n + j];                                                                           \
                r[n + j] = x;                                                                                       \
                off[j] += x - ABS(x);                                                                           \
            }                                                                                                       \
        for (; n < HANDRANK_SHOWDOWN_COMBOS; n++) {                                                                 \
            r[n] = reach[n];                                                                                        \
            off[0] += r[n] - ABS(r[n]);                                                                         \
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
HR_BLOCKED(float, FLT_MAX, fabsf, hr_showdown_first_bad_f32, HR_AVX2, blocked_float_avx2)
#endif
#ifdef HR_HAVE_AVX512
HR_BLOCKED(float, FLT_MAX, fabsf, hr_showdown_first_bad_f32, HR_AVX512, blocked_float_avx512)
#endif

#ifdef HR_HAVE_AVX2
/* Four 64-bit lanes of masks (all ones or zero) as a vector, as integers and as doubles. */
HR_AVX2 static inline __m256i lanes_of(const int64_t *mask) { return _mm256_loadu_si256((const __m256i *)mask); }
HR_AVX2 static inline __m256d mask_of(const int64_t *mask) { return _mm256_castsi256_pd(lanes_of(mask)); }

/*
 * blocked_reach in AVX2, four combos of a row a step: one pass reads each row of the reach (its last step
 * masked), checks it (in each lane the sum of x - |x|: 0 unless an x is negative or not a finite number),
 * keeps it with the combos meeting the board masked to 0, and sums it by card; a second writes each row of
 * out[h] = T - T_a - T_b + (h's own), masked to 0 where h meets the board.
 */
HR_AVX2 static int blocked_four(const handrank_showdown_board *p, const double *reach, double *restrict out) {
    /* four sets of sums by card, row a adding to set a % 4: a row's sums start one card after the last row's,
     * so that one set would be read right after being written a card off, which stalls */
    double r[HANDRANK_SHOWDOWN_COMBOS + 4], sets[4][HR_SLOTS] = {{0}}, by_card[HR_SLOTS];
    int64_t keep[HR_SLOTS];
    for (int c = 0; c < HR_SLOTS; c++)
        keep[c] = c < 52 ? -1 : 0;
    for (int j = 0; j < 5; j++)
        keep[p->board[j]] = 0;
    static const int64_t tail[4][4] = {{0, 0, 0, 0}, {-1, 0, 0, 0}, {-1, -1, 0, 0}, {-1, -1, -1, 0}};
    const __m256d sign = _mm256_set1_pd(-0.0);
    __m256d off = _mm256_setzero_pd();
    double total = 0;
    for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {
        const int n = 51 - a;
        const __m256d row_keep = _mm256_castsi256_pd(_mm256_set1_epi64x(keep[a]));
        __m256d row = _mm256_setzero_pd();
        double *set = sets[a & 3];
        for (int j = 0; j < n; j += 4) {
            const int b = a + 1 + j;
            const __m256d x = j + 4 <= n ? _mm256_loadu_pd(reach + at + j)
                                         : _mm256_maskload_pd(reach + at + j, lanes_of(tail[n - j]));
            off = _mm256_add_pd(off, _mm256_sub_pd(x, _mm256_andnot_pd(sign, x)));
            const __m256d kept = _mm256_and_pd(_mm256_and_pd(x, row_keep), mask_of(keep + b));
            _mm256_storeu_pd(r + at + j, kept);
            row = _mm256_add_pd(row, kept);
            _mm256_storeu_pd(set + b, _mm256_add_pd(_mm256_loadu_pd(set + b), kept));
        }
        const __m128d half = _mm_add_pd(_mm256_castpd256_pd128(row), _mm256_extractf128_pd(row, 1));
        const double sum = _mm_cvtsd_f64(_mm_add_sd(half, _mm_unpackhi_pd(half, half)));
        set[a] += sum;
        total += sum;
    }
    for (int c = 0; c < HR_SLOTS; c += 4)
        _mm256_storeu_pd(by_card + c, _mm256_add_pd(_mm256_add_pd(_mm256_loadu_pd(sets[0] + c), _mm256_loadu_pd(sets[1] + c)),
                                                    _mm256_add_pd(_mm256_loadu_pd(sets[2] + c), _mm256_loadu_pd(sets[3] + c))));
    double lanes[4];
    _mm256_storeu_pd(lanes, off);
    if (lanes[0] != 0 || lanes[1] != 0 || lanes[2] != 0 || lanes[3] != 0)
        return hr_showdown_first_bad(reach);
    if (!(total <= DBL_MAX / 8))
        return HANDRANK_SHOWDOWN_TOO_LARGE;
    const __m256d all = _mm256_set1_pd(total);
    for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {
        const int n = 51 - a;
        const __m256d left = _mm256_sub_pd(all, _mm256_set1_pd(by_card[a]));
        const __m256d row_keep = _mm256_castsi256_pd(_mm256_set1_epi64x(keep[a]));
        int j = 0;
        for (; j + 4 <= n; j += 4) {
            const __m256d y = _mm256_add_pd(_mm256_sub_pd(left, _mm256_loadu_pd(by_card + a + 1 + j)),
                                            _mm256_loadu_pd(r + at + j));
            _mm256_storeu_pd(out + at + j, _mm256_and_pd(y, _mm256_and_pd(row_keep, mask_of(keep + a + 1 + j))));
        }
        for (; j < n; j++) /* the row's last few, one at a time (a masked store is slow on some CPUs) */
            out[at + j] = keep[a] && keep[a + 1 + j] ? total - by_card[a] - by_card[a + 1 + j] + r[at + j] : 0;
    }
    return -1;
}

/* Four combos n..n+3 of four nodes (a vector a combo, a lane a node), stored a node a row, each masked by
 * `live` (its lanes the combos') */
HR_AVX2 static inline void store_four(__m256d c0, __m256d c1, __m256d c2, __m256d c3, __m256d live, double *value,
                                      size_t n) {
    const __m256d t0 = _mm256_unpacklo_pd(c0, c1), t1 = _mm256_unpackhi_pd(c0, c1);
    const __m256d t2 = _mm256_unpacklo_pd(c2, c3), t3 = _mm256_unpackhi_pd(c2, c3);
    double *row = value + n;
    _mm256_storeu_pd(row, _mm256_and_pd(live, _mm256_permute2f128_pd(t0, t2, 0x20)));
    _mm256_storeu_pd(row + HANDRANK_SHOWDOWN_COMBOS, _mm256_and_pd(live, _mm256_permute2f128_pd(t1, t3, 0x20)));
    _mm256_storeu_pd(row + 2 * HANDRANK_SHOWDOWN_COMBOS, _mm256_and_pd(live, _mm256_permute2f128_pd(t0, t2, 0x31)));
    _mm256_storeu_pd(row + 3 * HANDRANK_SHOWDOWN_COMBOS, _mm256_and_pd(live, _mm256_permute2f128_pd(t1, t3, 0x31)));
}

/*
 * Four rows of reach (one after another) into four rows of values: -1, or lane * 1,327 + the first bad combo
 * of the first bad lane.  Each reach entry is read once, by a gather of its four lanes.
 */
HR_AVX2 static int four_avx2(const handrank_showdown_board *p, const double *reach, double *value) {
    __m256d v[HANDRANK_SHOWDOWN_COMBOS], below_card[HR_SLOTS], run_card[HR_SLOTS], run_odd[HR_SLOTS], d[HR_SLOTS];
    const __m256d zero = _mm256_setzero_pd();
    for (int c = 0; c < HR_SLOTS; c++)
        below_card[c] = run_card[c] = run_odd[c] = zero;
    const __m256i lanes = _mm256_set_epi64x(3 * HANDRANK_SHOWDOWN_COMBOS, 2 * HANDRANK_SHOWDOWN_COMBOS,
                                            HANDRANK_SHOWDOWN_COMBOS, 0);
    __m256d below = zero, least = zero;
    for (int k = 0; k < HANDRANK_SHOWDOWN_LIVE;) {
        const int end = p->end[k];
        if (end == k + 1) { /* alone in its class: as showdown.c's kernel, to the last rounding */
            const int a = p->first[k], b = p->second[k];
            const __m256d x = _mm256_i64gather_pd(reach + p->id[k], lanes, 8), ba = below_card[a], bb = below_card[b];
            least = _mm256_min_pd(least, x);
            const __m256d lower = _mm256_sub_pd(_mm256_sub_pd(below, ba), bb);
            v[p->id[k]] = _mm256_sub_pd(_mm256_add_pd(lower, lower), x);
            below_card[a] = _mm256_add_pd(ba, x);
            below_card[b] = _mm256_add_pd(bb, x);
            below = _mm256_add_pd(below, x);
            k = end;
            continue;
        }
        __m256d run0 = zero, run1 = zero;
        int q = k;
        for (; q + 1 < end; q += 2) { /* two combos a step, into two sets of sums */
            const __m256d x0 = _mm256_i64gather_pd(reach + p->id[q], lanes, 8);
            const __m256d x1 = _mm256_i64gather_pd(reach + p->id[q + 1], lanes, 8);
            least = _mm256_min_pd(_mm256_min_pd(least, x0), x1);
            run0 = _mm256_add_pd(run0, x0);
            run1 = _mm256_add_pd(run1, x1);
            run_card[p->first[q]] = _mm256_add_pd(run_card[p->first[q]], x0);
            run_card[p->second[q]] = _mm256_add_pd(run_card[p->second[q]], x0);
            run_odd[p->first[q + 1]] = _mm256_add_pd(run_odd[p->first[q + 1]], x1);
            run_odd[p->second[q + 1]] = _mm256_add_pd(run_odd[p->second[q + 1]], x1);
        }
        if (q < end) {
            const __m256d x0 = _mm256_i64gather_pd(reach + p->id[q], lanes, 8);
            least = _mm256_min_pd(least, x0);
            run0 = _mm256_add_pd(run0, x0);
            run_card[p->first[q]] = _mm256_add_pd(run_card[p->first[q]], x0);
            run_card[p->second[q]] = _mm256_add_pd(run_card[p->second[q]], x0);
        }
        const __m256d run = _mm256_add_pd(run0, run1), base = _mm256_add_pd(_mm256_add_pd(below, below), run);
        for (unsigned blocks = p->blocks[k]; blocks; blocks &= blocks - 1) {
            const int j = 8 * hr_ctz64(blocks);
            for (int c = j; c < j + 8; c++) {
                const __m256d bc = below_card[c], rc = _mm256_add_pd(run_card[c], run_odd[c]);
                d[c] = _mm256_add_pd(_mm256_add_pd(bc, bc), rc);
                below_card[c] = _mm256_add_pd(bc, rc);
                run_card[c] = run_odd[c] = zero;
            }
        }
        for (q = k; q < end; q++)
            v[p->id[q]] = _mm256_sub_pd(_mm256_sub_pd(base, d[p->first[q]]), d[p->second[q]]);
        below = _mm256_add_pd(below, run);
        k = end;
    }
    __m256d nan = zero; /* the combos meeting the board: checked, not used (x - x: not a number unless finite) */
    for (int k = 0; k < HANDRANK_SHOWDOWN_DEAD; k++) {
        const __m256d x = _mm256_i64gather_pd(reach + p->dead[k], lanes, 8);
        least = _mm256_min_pd(least, x);
        nan = _mm256_add_pd(nan, _mm256_sub_pd(x, x));
    }
    double low[4], total[4], odd[4];
    _mm256_storeu_pd(low, least);
    _mm256_storeu_pd(total, below);
    _mm256_storeu_pd(odd, nan);
    for (int l = 0; l < 4; l++)
        if (!(low[l] >= 0 && total[l] <= DBL_MAX / 8 && odd[l] == 0)) {
            const int bad = hr_showdown_first_bad(reach + l * HANDRANK_SHOWDOWN_COMBOS);
            return l * (HANDRANK_SHOWDOWN_COMBOS + 1) + (bad < 0 ? HANDRANK_SHOWDOWN_COMBOS : bad);
        }
    /* value = v + T_a + T_b - T, four combos of a row at a time, 0 where a combo meets the board */
    int64_t keep[HR_SLOTS];
    for (int c = 0; c < HR_SLOTS; c++)
        keep[c] = -1;
    for (int j = 0; j < 5; j++)
        keep[p->board[j]] = 0;
    for (int a = 0, at = 0; a < 51; at += 51 - a, a++) {
        const __m256d left = _mm256_sub_pd(below_card[a], below);
        const __m256d row_keep = _mm256_castsi256_pd(_mm256_set1_epi64x(keep[a]));
        int b = a + 1, n = at;
        for (; b + 4 <= 52; b += 4, n += 4)
            store_four(_mm256_add_pd(_mm256_add_pd(v[n], left), below_card[b]),
                       _mm256_add_pd(_mm256_add_pd(v[n + 1], left), below_card[b + 1]),
                       _mm256_add_pd(_mm256_add_pd(v[n + 2], left), below_card[b + 2]),
                       _mm256_add_pd(_mm256_add_pd(v[n + 3], left), below_card[b + 3]),
                       _mm256_and_pd(row_keep, mask_of(keep + b)),
                       value, (size_t)n);
        for (; b < 52; b++, n++) {
            double lane[4];
            _mm256_storeu_pd(lane, _mm256_add_pd(_mm256_add_pd(v[n], left), below_card[b]));
            for (int l = 0; l < 4; l++)
                value[l * HANDRANK_SHOWDOWN_COMBOS + n] = keep[a] && keep[b] ? lane[l] : 0;
        }
    }
    return -1;
}
#endif

int handrank_showdown_values_rows(const handrank_showdown_board *board, const double *reach, size_t n_rows,
                                  double *value) {
    size_t row = 0;
#ifdef HR_HAVE_AVX2
    const enum handrank_simd kernel = handrank_simd_active();
    if (kernel == HANDRANK_SIMD_AVX2 || kernel == HANDRANK_SIMD_AVX512)
        for (; row + 4 <= n_rows; row += 4) {
            const int bad = four_avx2(board, reach + row * HANDRANK_SHOWDOWN_COMBOS,
                                      value + row * HANDRANK_SHOWDOWN_COMBOS);
            if (bad >= 0)
                return (int)row * (HANDRANK_SHOWDOWN_COMBOS + 1) + bad;
        }
#endif
    const int bad = hr_showdown_rows(board, reach + row * HANDRANK_SHOWDOWN_COMBOS, n_rows - row,
                                     value + row * HANDRANK_SHOWDOWN_COMBOS);
    return bad < 0 ? bad : (int)row * (HANDRANK_SHOWDOWN_COMBOS + 1) + bad;
}

int handrank_showdown_values_rows_f32(const handrank_showdown_board *board, const float *reach, size_t n_rows,
                                      float *value) {
    return hr_showdown_rows_f32(board, reach, n_rows, value);
}

int handrank_blocked_reach(const handrank_showdown_board *board, const double *reach, double *out) {
#ifdef HR_HAVE_AVX2
    if (handrank_simd_active() == HANDRANK_SIMD_AVX2 || handrank_simd_active() == HANDRANK_SIMD_AVX512)
        return blocked_four(board, reach, out);
#endif
    return blocked_double(board, reach, out);
}

int handrank_blocked_reach_f32(const handrank_showdown_board *board, const float *reach, float *out) {
#ifdef HR_HAVE_AVX512
    if (handrank_simd_active() == HANDRANK_SIMD_AVX512)
        return blocked_float_avx512(board, reach, out);
#endif
#ifdef HR_HAVE_AVX2
    if (handrank_simd_active() == HANDRANK_SIMD_AVX2)
        return blocked_float_avx2(board, reach, out);
#endif
    return blocked_float(board, reach, out);
}
