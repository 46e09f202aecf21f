/*
 * The C core alone, without Python: seeded random hands through
 * handrank_evaluate_batch (rows) and handrank_evaluate_masks (the same
 * hands as card masks), one thread, on every batch kernel this CPU offers,
 * twice: a batch that stays in the caches (100,000 hands, timed over as
 * many passes as make n_hands) and one streamed from memory (n_hands).
 * Best of 5 runs each.  With OMPEVAL_DIR naming the folder
 * ../shared/anchors/build.sh built, OMPEval's omp_random ranks the same
 * 7-card rows from memory in the same run, and every row gets its ratio.
 *
 *   cc -O3 -fno-strict-aliasing -fno-wrapv -Icsrc benchmarks/bench_core.c csrc/cpu.c csrc/evaluate.c \
 *      csrc/evaluate_simd.c csrc/tables.c -o /tmp/bench_core
 *   OMPEVAL_DIR=... /tmp/bench_core [n_hands] [k]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "handrank.h"

#define IN_CACHE 100000

static uint64_t state = 0x853c49e6748fea9bULL;
static uint32_t next_u32(void) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return (uint32_t)(state >> 32);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* M hands/s of the best of 5 runs over n_total hands, in passes of n; the checksum of the classes to *check. */
static double rate(int masks, const uint8_t *cards, const uint64_t *mask, int64_t n, int k, int64_t n_total,
                   uint16_t *out, uint64_t *check) {
    int64_t passes = n_total / n > 0 ? n_total / n : 1;
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        for (int64_t p = 0; p < passes; p++) {
            int64_t bad = masks ? handrank_evaluate_masks(mask, n, 8, out, 2)
                                : handrank_evaluate_batch(cards, k, k, n, out, 2);
            if (bad != -1) {
                fprintf(stderr, "bad hand %lld\n", (long long)bad);
                exit(1);
            }
        }
        double s = (now() - t0) / (double)passes;
        if (s < best)
            best = s;
    }
    *check = 0;
    for (int64_t i = 0; i < n; i++)
        *check += out[i];
    return (double)n / best / 1e6;
}

/* OMPEval's harness on the rows written to a file: its M hands/s, or 0 (with the reason printed). */
static double ompeval(const uint8_t *cards, int64_t n, int k) {
    const char *dir = getenv("OMPEVAL_DIR");
    if (!dir || k != 7) {
        printf("OMPEval: skipped (%s)\n", k != 7 ? "its harness reads 7-card hands" : "OMPEVAL_DIR is not set");
        return 0;
    }
    char harness[4096], path[] = "/tmp/bench_core_XXXXXX", cmd[8192];
    snprintf(harness, sizeof harness, "%s/omp_random", dir);
    if (access(harness, X_OK) != 0) {
        printf("OMPEval: skipped (no omp_random in OMPEVAL_DIR=%s)\n", dir);
        return 0;
    }
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f || fwrite(cards, 1, (size_t)(n * k), f) != (size_t)(n * k) || fclose(f) != 0) {
        printf("OMPEval: skipped (cannot write %s)\n", path);
        return 0;
    }
    double best = 0;
    for (int rep = 0; rep < 5; rep++) {
        snprintf(cmd, sizeof cmd, "'%s' '%s' 1", harness, path);
        FILE *p = popen(cmd, "r");
        double r = 0;
        if (p && fscanf(p, "%lf", &r) == 1 && r > best)
            best = r;
        if (p)
            pclose(p);
    }
    remove(path);
    return best;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10000000;
    int k = argc > 2 ? atoi(argv[2]) : 7;
    if (n < IN_CACHE || k < 5 || k > 7) {
        fprintf(stderr, "usage: bench_core [n_hands >= %d] [k = 5, 6 or 7]\n", IN_CACHE);
        return 2;
    }
    uint8_t *cards = malloc((size_t)(n * k));
    uint64_t *mask = malloc((size_t)n * sizeof *mask);
    uint16_t *out = malloc((size_t)n * sizeof *out);
    if (!cards || !mask || !out)
        return 1;
    for (int64_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k; j++) {
            uint32_t c;
            do c = next_u32() % 52; while (used >> c & 1);
            used |= 1ULL << c;
            cards[i * k + j] = (uint8_t)c;
        }
        mask[i] = used;
    }
    double omp = ompeval(cards, n, k);
    printf("%lld random %d-card hands, one thread, M hands/s (best of 5)%s\n", (long long)n, k,
           omp > 0 ? "; x: against OMPEval's rows from memory" : "");
    if (omp > 0)
        printf("OMPEval omp_random, from memory: %.1f\n", omp);
    static const char *names[] = {"scalar", "avx2", "avx512", "neon"};
    const unsigned offered = handrank_simd_available();
    uint64_t first = 0;
    for (int kernel = 0; kernel < 4; kernel++) {
        if (!(offered >> kernel & 1) || handrank_simd_use((enum handrank_simd)kernel) != 0)
            continue;
        uint64_t check[4];
        double r[4] = {rate(0, cards, mask, IN_CACHE, k, n, out, &check[0]),
                       rate(1, cards, mask, IN_CACHE, k, n, out, &check[1]),
                       rate(0, cards, mask, n, k, n, out, &check[2]),
                       rate(1, cards, mask, n, k, n, out, &check[3])};
        if (check[0] != check[1] || check[2] != check[3] || (first && check[2] != first)) {
            fprintf(stderr, "%s: rows and masks disagree\n", names[kernel]);
            return 1;
        }
        first = check[2];
        printf("%-7s rows %7.1f masks %7.1f in cache | from memory rows %7.1f", names[kernel], r[0], r[1], r[2]);
        if (omp > 0)
            printf(" (%.2fx)", r[2] / omp);
        printf(" masks %7.1f", r[3]);
        if (omp > 0)
            printf(" (%.2fx)", r[3] / omp);
        printf("\n");
    }
    printf("checksum %llu\n", (unsigned long long)first);
    free(cards); free(mask); free(out);
    return 0;
}
