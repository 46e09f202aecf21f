/* The unindex side of Waugh's hand isomorphism library, timed in C for bench_isomorphism.py, which compiles
 * this file against the library's sources (they are not part of this repository):
 *   iso_unindex recall|board STREET INDICES.bin OUT.bin REPS
 * INDICES.bin: raw uint64 indices of the street's numbering (Hold'em; board: the hole cards and the board as
 * a set, recall: the rounds 2, 3, 1, 1 apart).  Writes each index's canonical hand as 7 bytes (the street's
 * cards first) to OUT.bin and prints "SIZE M-hands/s" (the best of REPS timed passes). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hand_index.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: iso_unindex recall|board STREET INDICES.bin OUT.bin REPS\n");
        return 2;
    }
    int recall = argv[1][0] == 'r', street = atoi(argv[2]), reps = atoi(argv[5]);
    if (street < 0 || street > 3 || reps < 1) return 2;
    FILE *f = fopen(argv[3], "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f) / 8;
    fseek(f, 0, SEEK_SET);
    uint64_t *indices = malloc(n * 8 + 8);
    uint8_t *cards = calloc(n * 7 + 7, 1);
    if (!indices || !cards || fread(indices, 8, n, f) != n) return 2;
    fclose(f);
    uint8_t per_round[4] = {2, 3, 1, 1};
    uint_fast32_t rounds = (uint_fast32_t)street + 1, last = (uint_fast32_t)street;
    if (!recall && street > 0) {
        per_round[1] = (uint8_t)(2 + street);
        rounds = 2;
        last = 1;
    }
    hand_indexer_t indexer;
    if (!hand_indexer_init(rounds, per_round, &indexer)) return 1;
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
        double t0 = now();
        for (size_t i = 0; i < n; ++i) hand_unindex(&indexer, last, indices[i], cards + 7 * i);
        double dt = now() - t0;
        if (dt < best) best = dt;
    }
    printf("%" PRIu64 " %.2f\n", (uint64_t)hand_indexer_size(&indexer, last), n / best / 1e6);
    FILE *o = fopen(argv[4], "wb");
    if (!o || fwrite(cards, 7, n, o) != n) return 2;
    fclose(o);
    hand_indexer_free(&indexer);
    return 0;
}
