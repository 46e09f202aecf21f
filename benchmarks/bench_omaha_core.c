/*
 * The C core's Omaha batch alone, without Python: seeded random deals (a
 * hole of 4, 5 or 6 cards and a board of 3, 4 or 5), one thread, a board
 * per row or one shared board, on the batch kernel asked for (0 scalar,
 * 1 AVX2, 2 AVX-512, 3 NEON: see enum handrank_simd; Omaha has scalar,
 * AVX2 and AVX-512 kernels).  The checksum lets two builds be compared on
 * the same deals.
 *
 *   cc -O3 -fno-strict-aliasing -Icsrc benchmarks/bench_omaha_core.c csrc/cpu.c csrc/omaha.c \
 *      csrc/omaha_simd.c csrc/tables.c -o /tmp/bench_omaha_core
 *   /tmp/bench_omaha_core [n_deals] [hole 4|5|6] [shared 0|1] [kernel 0|1|2|3] [board 3|4|5]
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

/* k distinct cards not in *used, into out; marks them used. */
static void deal(uint8_t *out, int k, uint64_t *used) {
    for (int j = 0; j < k; j++) {
        uint32_t c;
        do c = next_u32() % 52; while (*used >> c & 1);
        *used |= 1ULL << c;
        out[j] = (uint8_t)c;
    }
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 2000000;
    int nh = argc > 2 ? atoi(argv[2]) : 4;
    int shared = argc > 3 ? atoi(argv[3]) : 0;
    int kernel = argc > 4 ? atoi(argv[4]) : HANDRANK_SIMD_SCALAR;
    int nb = argc > 5 ? atoi(argv[5]) : 5;
    if (n < 1 || nh < 4 || nh > 6 || nb < 3 || nb > 5 || handrank_simd_use((enum handrank_simd)kernel) != 0) {
        fprintf(stderr, "usage: %s [n_deals >= 1] [hole 4|5|6] [shared 0|1] [kernel on offer: 0|1|2|3] [board 3|4|5]\n",
                argv[0]);
        return 2;
    }
    uint8_t *holes = malloc((size_t)(n * nh)), *boards = malloc((size_t)(n * nb)), board[5];
    uint16_t *out = malloc((size_t)n * sizeof *out);
    uint64_t board_used = 0;
    deal(board, nb, &board_used);
    for (int64_t i = 0; i < n; i++) {
        uint64_t used = shared ? board_used : 0;
        if (!shared)
            deal(boards + i * nb, nb, &used);
        deal(holes + i * nh, nh, &used);
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int64_t bad = handrank_evaluate_omaha_batch(holes, nh, nh, shared ? board : boards, nb, shared ? 0 : nb, n,
                                                    out, 2);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (bad != -1) { fprintf(stderr, "bad row %lld\n", (long long)bad); return 1; }
        if (s < best) best = s;
    }
    uint64_t check = 0;
    for (int64_t i = 0; i < n; i++) check = check * 31 + out[i];
    printf("PLO%d, %d-card %s, kernel %d: %.1f M hands/s (checksum %llu)\n", nh, nb,
           shared ? "board shared" : "board per row", kernel, (double)n / best / 1e6, (unsigned long long)check);
    free(holes); free(boards); free(out);
    return 0;
}
