/*
 * The NEON batch kernel against the scalar one, for aarch64 builds: random
 * rows of 5, 6 and 7 cards with many flushes and straights, every 5-card
 * hand, every length up to 100 rows, and a bad row (a repeated card, id 52,
 * id 255) at each of the first 64 places, where both kernels must name the
 * same row.  tools/aarch64_check.sh builds it with a cross compiler and runs it
 * under QEMU; on an aarch64 machine it builds and runs as it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handrank.h"

static uint64_t state = 0x853c49e6748fea9bULL;

static uint32_t next_u32(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)(state >> 32);
}

static int64_t rank_with(enum handrank_simd kernel, const uint8_t *rows, int64_t n, int k, uint16_t *out) {
    if (handrank_simd_use(kernel) != 0) {
        fprintf(stderr, "kernel %d is not on offer\n", (int)kernel);
        exit(2);
    }
    return handrank_evaluate_batch(rows, k, k, n, out, 2);
}

static int compare(const uint8_t *rows, int64_t n, int k, const char *what) {
    uint16_t *a = malloc((size_t)n * 2 + 2), *b = malloc((size_t)n * 2 + 2);
    int64_t ra = rank_with(HANDRANK_SIMD_SCALAR, rows, n, k, a), rb = rank_with(HANDRANK_SIMD_NEON, rows, n, k, b);
    int64_t diff = 0;
    for (int64_t i = 0; ra < 0 && i < n; i++)
        diff += a[i] != b[i];
    free(a);
    free(b);
    if (ra != rb || diff) {
        printf("FAIL %s (%d cards, %lld rows): first bad row %lld vs %lld, %lld classes differ\n", what, k,
               (long long)n, (long long)ra, (long long)rb, (long long)diff);
        return 1;
    }
    return 0;
}

int main(void) {
    int failures = 0;
    const int64_t n = 200000;
    for (int k = 5; k <= 7; k++) {
        uint8_t *rows = malloc((size_t)(n * k));
        for (int64_t i = 0; i < n; i++) {
            uint64_t used = 0;
            for (int j = 0; j < k; j++) {
                uint32_t c;
                do
                    c = next_u32() % 52;
                while (used >> c & 1);
                used |= 1ULL << c;
                rows[i * k + j] = (uint8_t)c;
            }
        }
        for (int64_t i = 0; i < n; i += 37) /* flushes and straights */
            for (int j = 0; j < k; j++)
                rows[i * k + j] = (uint8_t)(4 * (j + (int)(i % 7)) + (int)(i & 3));
        failures += compare(rows, n, k, "random rows");
        for (int64_t m = 0; m <= 100; m++)
            failures += compare(rows, m, k, "a short array");
        uint8_t *copy = malloc((size_t)(200 * k));
        for (int at = 0; at < 64; at++)
            for (int fault = 0; fault < 3; fault++) {
                memcpy(copy, rows, (size_t)(200 * k));
                if (fault == 0)
                    copy[at * k + k - 1] = copy[at * k];
                else
                    copy[at * k + 1] = fault == 1 ? 52 : 255;
                uint16_t out[200];
                if (rank_with(HANDRANK_SIMD_NEON, copy, 200, k, out) != at) {
                    printf("FAIL a bad row at %d (%d cards, fault %d) is not the one named\n", at, k, fault);
                    failures++;
                }
            }
        free(copy);
        free(rows);
    }
    /* every 5-card hand */
    uint8_t *all = malloc(2598960 * 5);
    int64_t m = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++)
                    for (int e = d + 1; e < 52; e++) {
                        uint8_t *r = all + 5 * m++;
                        r[0] = (uint8_t)a, r[1] = (uint8_t)b, r[2] = (uint8_t)c, r[3] = (uint8_t)d, r[4] = (uint8_t)e;
                    }
    failures += compare(all, m, 5, "every 5-card hand");
    free(all);
    printf(failures ? "neon: %d failures\n" : "neon: every check passed\n", failures);
    return failures != 0;
}
