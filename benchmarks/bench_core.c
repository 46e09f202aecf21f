/*
 * The C core alone, without Python: random 7-card hands from a seeded
 * generator through handrank_evaluate_batch, one thread.
 *
 *   cc -O3 -Icsrc benchmarks/bench_core.c csrc/cpu.c csrc/evaluate.c csrc/evaluate_simd.c csrc/tables.c \
 *      -o /tmp/bench_core
 *   /tmp/bench_core [n_hands] [k]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "handrank.h"

static uint64_t state = 0x853c49e6748fea9bULL;
static uint32_t next_u32(void) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return (uint32_t)(state >> 32);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 20000000;
    int k = argc > 2 ? atoi(argv[2]) : 7;
    uint8_t *cards = malloc((size_t)(n * k));
    uint16_t *out = malloc((size_t)n * sizeof *out);
    for (int64_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k; j++) {
            uint32_t c;
            do c = next_u32() % 52; while (used >> c & 1);
            used |= 1ULL << c;
            cards[i * k + j] = (uint8_t)c;
        }
    }
    double best = 1e30;
    uint64_t check = 0;
    for (int rep = 0; rep < 5; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int64_t bad = handrank_evaluate_batch(cards, k, k, n, out, 2);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (bad != -1) { fprintf(stderr, "bad row %lld\n", (long long)bad); return 1; }
        if (s < best) best = s;
    }
    for (int64_t i = 0; i < n; i++) check += out[i];
    printf("%d cards: %.1f M hands/s (checksum %llu)\n", k, n / best / 1e6, (unsigned long long)check);
    free(cards); free(out);
    return 0;
}
