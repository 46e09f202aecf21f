/*
 * Finds RANK_MULT in src/handrank/_tables.py: the smallest multipliers, rank
 * by rank, for which every multiset of at most seven ranks (four of a rank
 * at most) has its own sum.  Greedy: rank r takes the smallest value above
 * rank r-1's that keeps all sums over ranks 0..r distinct.
 *
 *   cc -O2 tools/find_multipliers.c -o /tmp/find_multipliers && /tmp/find_multipliers
 *
 * Prints the 13 multipliers and the largest sum; takes a few minutes.
 * _tables.check_rank_mult() proves the property for the committed values.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUM (1u << 27)
#define MAX_SETS 400000

static uint32_t sums[MAX_SETS], next_sums[MAX_SETS];
static uint8_t cards[MAX_SETS], next_cards[MAX_SETS];

int main(void) {
    uint8_t *seen = calloc(MAX_SUM, 1);
    uint32_t mult[13], largest = 0;
    int n = 1;
    sums[0] = 0;
    cards[0] = 0;
    if (!seen)
        return 1;
    for (int r = 0; r < 13; r++) {
        for (uint32_t m = r ? mult[r - 1] + 1 : 1;; m++) {
            int ok = 1, k = 0;
            for (int i = 0; i < n && ok; i++)
                for (uint32_t c = 0; c <= 4 && cards[i] + c <= 7; c++) {
                    uint32_t s = sums[i] + c * m;
                    if (s >= MAX_SUM || seen[s]) {
                        ok = 0;
                        break;
                    }
                    seen[s] = 1;
                    next_sums[k] = s;
                    next_cards[k++] = (uint8_t)(cards[i] + c);
                }
            for (int i = 0; i < k; i++)
                seen[next_sums[i]] = 0;
            if (!ok)
                continue;
            memcpy(sums, next_sums, sizeof(uint32_t) * (size_t)k);
            memcpy(cards, next_cards, (size_t)k);
            n = k;
            mult[r] = m;
            break;
        }
        printf("%u%s", mult[r], r < 12 ? ", " : "\n");
        fflush(stdout);
    }
    for (int i = 0; i < n; i++)
        largest = sums[i] > largest ? sums[i] : largest;
    printf("%d multisets, largest sum %u\n", n, largest);
    free(seen);
    return 0;
}
