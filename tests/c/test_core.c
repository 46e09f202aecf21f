/*
 * The C core on its own, without Python: exhaustive five-card counts,
 * category boundaries, the single-hand and batch entry points against each
 * other (also on input and output at odd addresses), Omaha against its
 * definition, the equity kernels and combo equity.
 *
 *   cc -O2 -std=c11 -Icsrc tests/c/test_core.c $(ls csrc/[a-z]*.c)   (every source file of csrc/)
 *
 * Prints one line per failed check and last "N passed, M failed"; exits 1 on any failure.
 */
#include <stdio.h>
#include <string.h>

#include "handrank.h"

static int passed, failed;

/* Counts a check; a failed one prints its line and its printf-style message. */
#define CHECK(cond, ...) \
    ((cond) ? (void)passed++ : (void)(failed++, printf("FAIL line %d: ", __LINE__), printf(__VA_ARGS__), puts("")))

/* splitmix64, seeded: the same hands on every run. */
static uint64_t rng_state = 0x243f6a8885a308d3ULL;
static uint64_t next_u64(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* `n` distinct cards not in *used, added to it. */
static void deal(uint8_t *out, int n, uint64_t *used) {
    for (int i = 0; i < n; i++) {
        uint8_t c;
        do c = (uint8_t)(next_u64() % 52); while (*used >> c & 1);
        *used |= 1ULL << c;
        out[i] = c;
    }
}

/* Cards written like "As Kd 2c" into ids; their number. */
static int parse(const char *text, uint8_t *out) {
    static const char RANKS[] = "23456789TJQKA", SUITS[] = "cdhs";
    int n = 0;
    for (const char *p = text; *p; p++)
        if (*p != ' ') {
            out[n++] = (uint8_t)(4 * (strchr(RANKS, p[0]) - RANKS) + (strchr(SUITS, p[1]) - SUITS));
            p++;
        }
    return n;
}

static uint16_t rank_of(const char *text) {
    uint8_t cards[7];
    return handrank_evaluate(cards, parse(text, cards));
}

/* Best five of the n cards (5..7) by trying every five through handrank_evaluate. */
static uint16_t best_five(const uint8_t *cards, int n) {
    uint16_t best = 0xffff;
    for (unsigned pick = 0; pick < 1u << n; pick++) {
        uint8_t five[7];
        int m = 0;
        for (int i = 0; i < n; i++)
            if (pick >> i & 1)
                five[m++] = cards[i];
        if (m == 5) {
            uint16_t r = handrank_evaluate(five, 5);
            best = r < best ? r : best;
        }
    }
    return best;
}

static const char *const CATEGORY[9] = {"straight flush", "four of a kind", "full house", "flush", "straight",
                                        "three of a kind", "two pair", "one pair", "high card"};
static const uint16_t LAST_CLASS[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};

static int category(uint16_t rank) {
    int c = 0;
    while (rank > LAST_CLASS[c])
        c++;
    return c;
}

static void test_five_card_counts(void) {
    static const uint32_t HANDS[9] = {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540};
    static const uint32_t CLASSES[9] = {10, 156, 156, 1277, 10, 858, 858, 2860, 1277};
    static uint8_t seen[7463];
    uint32_t hands[9] = {0}, classes[9] = {0}, total = 0, out_of_range = 0;
    uint8_t c[5];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = (uint8_t)(c[0] + 1); c[1] < 52; c[1]++)
            for (c[2] = (uint8_t)(c[1] + 1); c[2] < 52; c[2]++)
                for (c[3] = (uint8_t)(c[2] + 1); c[3] < 52; c[3]++)
                    for (c[4] = (uint8_t)(c[3] + 1); c[4] < 52; c[4]++) {
                        uint16_t r = handrank_evaluate(c, 5);
                        total++;
                        if (r < 1 || r > 7462) {
                            out_of_range++;
                            continue;
                        }
                        hands[category(r)]++;
                        classes[category(r)] += !seen[r];
                        seen[r] = 1;
                    }
    CHECK(total == 2598960 && out_of_range == 0, "%u hands, %u ranks outside 1..7462", total, out_of_range);
    uint32_t distinct = 0;
    for (int k = 0; k < 9; k++) {
        CHECK(hands[k] == HANDS[k], "%s: %u hands, want %u", CATEGORY[k], hands[k], HANDS[k]);
        CHECK(classes[k] == CLASSES[k], "%s: %u classes, want %u", CATEGORY[k], classes[k], CLASSES[k]);
        distinct += classes[k];
    }
    CHECK(distinct == 7462, "%u distinct classes", distinct);
}

static void test_boundaries(void) {
    /* The best and the worst hand of every category, in rank order. */
    static const char *const EDGES[18] = {
        "As Ks Qs Js Ts", "5d 4d 3d 2d Ad", "Ac Ad Ah As Kc", "2c 2d 2h 2s 3c", "Ac Ad Ah Kc Kd", "2c 2d 2h 3c 3d",
        "Ah Kh Qh Jh 9h", "7c 5c 4c 3c 2c", "Ac Kd Qh Js Tc", "5c 4d 3h 2s Ac", "Ac Ad Ah Kc Qd", "2c 2d 2h 4c 3d",
        "Ac Ad Kh Ks Qc", "3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc", "2c 2d 5h 4s 3c", "Ac Kd Qh Js 9c", "7c 5d 4h 3s 2c",
    };
    for (int k = 0; k < 9; k++) {
        uint16_t first = k ? (uint16_t)(LAST_CLASS[k - 1] + 1) : 1;
        CHECK(rank_of(EDGES[2 * k]) == first, "%s: rank %u, want %u", EDGES[2 * k], rank_of(EDGES[2 * k]), first);
        CHECK(rank_of(EDGES[2 * k + 1]) == LAST_CLASS[k], "%s: rank %u, want %u", EDGES[2 * k + 1],
              rank_of(EDGES[2 * k + 1]), LAST_CLASS[k]);
    }
    CHECK(rank_of("As Ks Qs Js Ts 2c 2d") == 1, "a royal flush among seven");
}

/* The uint16 at `p`, at any address. */
static uint16_t get16(const char *p) {
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

enum { ROWS = 400 };

static void test_batch(void) {
    static uint8_t hands[ROWS][7];
    static uint16_t out[ROWS * 3];
    int agree = 1;
    for (int i = 0; i < ROWS; i++) {
        uint64_t used = 0;
        deal(hands[i], 7, &used);
        uint16_t r = handrank_evaluate(hands[i], 7);
        agree &= r == handrank_evaluate_mask(used) && r == best_five(hands[i], 7);
        agree &= handrank_evaluate(hands[i], 6) == best_five(hands[i], 6);
    }
    CHECK(agree, "evaluate, evaluate_mask and the best of every five disagree");
    static uint8_t rows[ROWS * 9];
    for (int k = 5; k <= 7; k++)
        for (int layout = 0; layout < 2; layout++) {
            /* contiguous rows into a contiguous `out` (the kernel in use), or padded rows into a strided one */
            ptrdiff_t rs = layout == 0 ? k : 9, os = layout == 0 ? 2 : 6;
            for (int i = 0; i < ROWS; i++)
                memcpy(rows + i * rs, hands[i], (size_t)k);
            int64_t bad = handrank_evaluate_batch(rows, k, rs, ROWS, out, os);
            int same = 1;
            for (int i = 0; i < ROWS; i++)
                same &= *(uint16_t *)((char *)out + i * os) == handrank_evaluate(hands[i], k);
            CHECK(bad == -1 && same, "batch k=%d layout=%d: %lld", k, layout, (long long)bad);
            /* id 52 in row 6, then also a card twice in row 3: the first bad row, those before it written */
            memset(out, 0, sizeof out);
            rows[6 * rs + k - 1] = 52;
            int64_t at52 = handrank_evaluate_batch(rows, k, rs, ROWS, out, os);
            same = 1;
            for (int i = 0; i < 6; i++)
                same &= *(uint16_t *)((char *)out + i * os) == handrank_evaluate(hands[i], k);
            rows[3 * rs + k - 1] = hands[3][0];
            int64_t twice = handrank_evaluate_batch(rows, k, rs, ROWS, out, os);
            CHECK(at52 == 6 && twice == 3 && same, "k=%d layout=%d: invalid rows at %lld and %lld, want 6 and 3", k,
                  layout, (long long)at52, (long long)twice);
        }
    const uint8_t last[7] = {0, 1, 2, 3, 4, 5, 255};
    CHECK(handrank_evaluate_batch(last, 7, 7, 1, out, 2) == 0, "id 255 accepted");
    uint64_t masks[3] = {0x1f, 0x1f | 1ULL << 52, 0xf};
    CHECK(handrank_evaluate_masks(masks, 3, 8, out, 2) == 1 && out[0] == handrank_evaluate_mask(0x1f),
          "masks: bit 52 not reported first");
    CHECK(handrank_evaluate_masks(masks + 2, 1, 8, out, 2) == 0, "masks: four cards accepted");
}

/*
 * Every batch entry point with its input and `out` at odd addresses (numpy
 * views at any byte offset, fields of packed records); run under
 * -fsanitize=alignment, a plain load or store of a wider type there fails.
 */
static void test_unaligned(void) {
    static uint8_t hands[ROWS][7];
    static uint64_t masks[ROWS];
    static uint64_t raw[ROWS * 8 + 8], raw_out[ROWS + 8]; /* 8-byte aligned; data placed an odd offset in */
    for (int i = 0; i < ROWS; i++) {
        uint64_t used = 0;
        deal(hands[i], 7, &used);
        masks[i] = used;
    }
    for (int k = 5; k <= 7; k++)
        for (int layout = 0; layout < 2; layout++)
            for (int offset = 1; offset <= 3; offset += 2) {
                /* contiguous rows (the kernel in use), or packed records of a tag byte and k ids */
                ptrdiff_t rs = layout == 0 ? k : 1 + k, os = layout == 0 ? 2 : 3;
                uint8_t *base = (uint8_t *)raw + offset + layout;
                char *out = (char *)raw_out + offset;
                for (int i = 0; i < ROWS; i++)
                    memcpy(base + i * rs, hands[i], (size_t)k);
                int64_t bad = handrank_evaluate_batch(base, k, rs, ROWS, (uint16_t *)(void *)out, os);
                int same = 1;
                for (int i = 0; i < ROWS; i++)
                    same &= get16(out + i * os) == handrank_evaluate(hands[i], k);
                CHECK(bad == -1 && same, "unaligned batch k=%d layout=%d offset=%d: %lld", k, layout, offset,
                      (long long)bad);
                base[9 * rs + 2] = hands[9][0];
                bad = handrank_evaluate_batch(base, k, rs, ROWS, (uint16_t *)(void *)out, os);
                CHECK(bad == 9, "unaligned batch k=%d layout=%d: a card twice in row 9, got %lld", k, layout,
                      (long long)bad);
            }
    for (int offset = 1; offset < 8; offset++)
        for (ptrdiff_t ms = 8; ms <= 9; ms++) {
            char *base = (char *)raw + offset, *out = (char *)raw_out + (offset | 1);
            for (int i = 0; i < ROWS; i++)
                memcpy(base + i * ms, &masks[i], sizeof masks[i]);
            int64_t bad = handrank_evaluate_masks((const uint64_t *)(const void *)base, ROWS, ms,
                                                  (uint16_t *)(void *)out, 2);
            int same = 1;
            for (int i = 0; i < ROWS; i++)
                same &= get16(out + 2 * i) == handrank_evaluate(hands[i], 7);
            CHECK(bad == -1 && same, "unaligned masks offset=%d stride=%d: %lld", offset, (int)ms, (long long)bad);
        }
    /* Omaha ids are bytes; its `out` may still sit anywhere */
    uint8_t holes[ROWS * 4], boards[ROWS * 5];
    for (int i = 0; i < ROWS; i++) {
        uint64_t used = 0;
        deal(holes + 4 * i, 4, &used);
        deal(boards + 5 * i, 5, &used);
    }
    char *out = (char *)raw_out + 1;
    int64_t bad = handrank_evaluate_omaha_batch(holes, 4, 4, boards, 5, 5, ROWS, (uint16_t *)(void *)out, 3);
    int same = 1;
    for (int i = 0; i < ROWS; i++)
        same &= get16(out + 3 * i) == handrank_evaluate_omaha(holes + 4 * i, 4, boards + 5 * i, 5);
    CHECK(bad == -1 && same, "unaligned omaha out, own boards: %lld", (long long)bad);
    for (int i = 0; i < ROWS; i++) {
        uint64_t used = 0;
        for (int j = 0; j < 5; j++)
            used |= 1ULL << boards[j];
        deal(holes + 4 * i, 4, &used);
    }
    bad = handrank_evaluate_omaha_batch(holes, 4, 4, boards, 5, 0, ROWS, (uint16_t *)(void *)out, 2);
    same = 1;
    for (int i = 0; i < ROWS; i++)
        same &= get16(out + 2 * i) == handrank_evaluate_omaha(holes + 4 * i, 4, boards, 5);
    CHECK(bad == -1 && same, "unaligned omaha out, shared board: %lld", (long long)bad);
}

/* Omaha by its definition: every two of the hole with every three of the board. */
static uint16_t omaha_by_definition(const uint8_t *hole, int nh, const uint8_t *board, int nb) {
    uint16_t best = 0xffff;
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++)
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        uint8_t five[5] = {hole[a], hole[b], board[x], board[y], board[z]};
                        uint16_t r = handrank_evaluate(five, 5);
                        best = r < best ? r : best;
                    }
    return best;
}

static void test_omaha(void) {
    static uint8_t holes[ROWS * 6], boards[ROWS * 5];
    static uint16_t own[ROWS], shared[ROWS];
    for (int nh = 4; nh <= 6; nh++)
        for (int nb = 3; nb <= 5; nb++) {
            uint64_t board_used = 0;
            int single = 1;
            deal(boards, nb, &board_used);
            for (int i = 0; i < ROWS; i++) {
                uint64_t used = i ? 0 : board_used;
                if (i > 0)
                    deal(boards + i * nb, nb, &used);
                deal(holes + i * nh, nh, &used);
                single &= handrank_evaluate_omaha(holes + i * nh, nh, boards + i * nb, nb)
                          == omaha_by_definition(holes + i * nh, nh, boards + i * nb, nb);
            }
            CHECK(single, "evaluate_omaha %d+%d differs from the best two plus three", nh, nb);
            int64_t bad = handrank_evaluate_omaha_batch(holes, nh, nh, boards, nb, nb, ROWS, own, 2);
            int same = 1;
            for (int i = 0; i < ROWS; i++)
                same &= own[i] == handrank_evaluate_omaha(holes + i * nh, nh, boards + i * nb, nb);
            CHECK(bad == -1 && same, "omaha batch %d+%d, own boards: %lld", nh, nb, (long long)bad);
            /* one board for every row: holes dealt around it */
            for (int i = 0; i < ROWS; i++) {
                uint64_t used = board_used;
                deal(holes + i * nh, nh, &used);
            }
            bad = handrank_evaluate_omaha_batch(holes, nh, nh, boards, nb, 0, ROWS, shared, 2);
            same = 1;
            for (int i = 0; i < ROWS; i++)
                same &= shared[i] == handrank_evaluate_omaha(holes + i * nh, nh, boards, nb);
            CHECK(bad == -1 && same, "omaha batch %d+%d, shared board: %lld", nh, nb, (long long)bad);
            holes[5 * nh] = boards[nb - 1];
            bad = handrank_evaluate_omaha_batch(holes, nh, nh, boards, nb, 0, ROWS, shared, 2);
            CHECK(bad == 5, "omaha batch %d+%d: a hole card on the board reported at %lld", nh, nb, (long long)bad);
        }
}

static void test_enumerate(void) {
    uint8_t holes[4], deck[52];
    parse("Ah Kh Qs Qd", holes);
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (!memchr(holes, c, 4))
            deck[n++] = (uint8_t)c;
    handrank_tally whole[2] = {{0}}, parts[2] = {{0}};
    uint64_t boards = handrank_enumerate(HANDRANK_HOLDEM, holes, 2, 2, NULL, 0, deck, n, 0, 1, whole, NULL);
    CHECK(boards == 1712304 && whole[0].wins == 787966 && whole[1].wins == 917606 && whole[0].ties == 6732
              && whole[1].ties == 6732,
          "AhKh vs QsQd: %llu boards, wins %llu / %llu, ties %llu / %llu", (unsigned long long)boards,
          (unsigned long long)whole[0].wins, (unsigned long long)whole[1].wins, (unsigned long long)whole[0].ties,
          (unsigned long long)whole[1].ties);
    boards = 0;
    for (int part = 0; part < 7; part++)
        boards += handrank_enumerate(HANDRANK_HOLDEM, holes, 2, 2, NULL, 0, deck, n, part, 7, parts, NULL);
    CHECK(boards == 1712304 && !memcmp(whole, parts, sizeof whole), "a split enumeration differs");
    /* by category: the same tallies, the counts adding up to the wins and ties (flushes: 106,759 and 36,600) */
    handrank_tally typed[2] = {{0}};
    handrank_hand_types types[2];
    memset(types, 0, sizeof types);
    handrank_enumerate(HANDRANK_HOLDEM, holes, 2, 2, NULL, 0, deck, n, 0, 1, typed, types);
    CHECK(!memcmp(whole, typed, sizeof whole), "counting by category changes the tallies");
    for (int p = 0; p < 2; p++) {
        uint64_t wins = 0, ties = 0;
        for (int c = 0; c < HANDRANK_CATEGORIES; c++) {
            wins += types[p].wins[c];
            ties += types[p].ties[c];
        }
        CHECK(wins == whole[p].wins && ties == whole[p].ties, "player %d: the categories add up to %llu wins", p,
              (unsigned long long)wins);
    }
    CHECK(types[0].wins[4] == 106759 && types[1].wins[4] == 36600, "flushes won: %llu and %llu",
          (unsigned long long)types[0].wins[4], (unsigned long long)types[1].wins[4]);
}

/* Blocks [lo, hi) of 250 trials on 2s, As dead: one fixed hand, a two-combo range, random cards. */
static int64_t run_mc(enum handrank_game game, int64_t lo, int64_t hi, handrank_tally *out) {
    static const int64_t offsets[4] = {0, 1, 3, 3};
    /* the Hold'em range weighs 2 : 3, the Omaha one 3 : 3 (the uniform draw) */
    static const uint64_t cum[2][3] = {{1, 2, 5}, {1, 3, 6}};
    uint8_t combos[3 * 4], board[1];
    int hole_size = game == HANDRANK_HOLDEM ? 2 : 4;
    parse(game == HANDRANK_HOLDEM ? "Ah Kh Qs Qd 7c 6c" : "Ah Kh Qs Qd 7c 6c 5c 4c Jd Jh Td 9s", combos);
    parse("2s", board);
    memset(out, 0, 3 * sizeof *out);
    /* the third player draws a random hand that never holds a spade */
    static const uint64_t excluded[3] = {0, 0, 0x8888888888888ULL};
    return handrank_monte_carlo(game, 3, hole_size, combos, offsets, cum[game], board, 1, 1ULL << 51, excluded, 2024,
                                lo, hi, 250, 100, out, NULL);
}

static void test_monte_carlo(void) {
    for (int g = HANDRANK_HOLDEM; g <= HANDRANK_OMAHA; g++) {
        enum handrank_game game = (enum handrank_game)g;
        handrank_tally once[3], again[3], head[3], tail[3];
        int64_t t = run_mc(game, 0, 8, once);
        run_mc(game, 0, 8, again);
        int64_t split = run_mc(game, 0, 3, head);
        split += run_mc(game, 3, 8, tail);
        uint64_t shares = 0;
        int sums = 1;
        for (int p = 0; p < 3; p++) {
            shares += once[p].share;
            sums &= once[p].wins == head[p].wins + tail[p].wins && once[p].ties == head[p].ties + tail[p].ties
                    && once[p].share == head[p].share + tail[p].share
                    && once[p].share_sq == head[p].share_sq + tail[p].share_sq;
        }
        CHECK(t == 2000 && !memcmp(once, again, sizeof once), "game %d: %lld trials, not reproducible", g,
              (long long)t);
        CHECK(split == 2000 && sums, "game %d: blocks [0,3) + [3,8) differ from [0,8)", g);
        CHECK(shares == 2000ULL * HANDRANK_SHARE_UNIT, "game %d: the pots do not add up", g);
    }
    /* two players who both need the ace of hearts: no deal is possible */
    uint8_t combos[4];
    parse("Ah Kh Ah Qd", combos);
    const int64_t offsets[3] = {0, 1, 2};
    const uint64_t cum[2] = {1, 1};
    const uint64_t none[2] = {0, 0};
    handrank_tally out[2] = {{0}};
    CHECK(handrank_monte_carlo(HANDRANK_HOLDEM, 2, 2, combos, offsets, cum, NULL, 0, 0, none, 1, 0, 1, 10, 50, out, NULL) == -1,
          "an impossible deal was not reported");
}

/* The other rankings: a few known classes, and a batch equal to the single calls, its bad rows found. */
static void test_rules(void) {
    uint8_t ids[7];
    int n = parse("Ah 6h 7c 8d 9s", ids);
    CHECK(handrank_evaluate_rules(ids, n, HANDRANK_SHORT_DECK) == 276, "short deck A-6-7-8-9");
    n = parse("As 2c 3d 4h 5s", ids);
    CHECK(handrank_evaluate_rules(ids, n, HANDRANK_LOW_A5) == 1, "ace-to-five wheel");
    CHECK(handrank_evaluate_rules(ids, n, HANDRANK_LOW_27) == 785, "deuce-to-seven A-5-4-3-2 is ace-high");
    n = parse("9s 2c 3d 4h 5s Kd Kh", ids);
    CHECK(handrank_evaluate_rules(ids, n, HANDRANK_LOW_EIGHT) == HANDRANK_NO_LOW, "a nine-low qualifies");
    uint8_t hole[4], board[5];
    parse("As 2c Kd Kh", hole);
    parse("3d 4h 5s Qc Jd", board);
    CHECK(handrank_evaluate_omaha_low(hole, 4, board, 5) == 1, "Omaha wheel low");
    enum { ROWS = 2000 };
    static uint8_t rows[ROWS * 7];
    static uint16_t out[ROWS];
    for (int rules = HANDRANK_LOW_A5; rules <= HANDRANK_LOW_27; rules++) {
        for (int i = 0; i < ROWS; i++) {
            uint64_t used = 0;
            deal(rows + 7 * i, 7, &used);
        }
        int64_t bad = handrank_evaluate_rules_batch(rows, 7, 7, ROWS, (enum handrank_rules)rules, out, 2);
        int same = 1;
        for (int i = 0; i < ROWS; i++)
            same &= out[i] == handrank_evaluate_rules(rows + 7 * i, 7, (enum handrank_rules)rules);
        CHECK(bad == -1 && same, "rules %d: batch and single calls differ (bad row %lld)", rules, (long long)bad);
        rows[7 * 5 + 3] = rows[7 * 5];
        CHECK(handrank_evaluate_rules_batch(rows, 7, 7, ROWS, (enum handrank_rules)rules, out, 2) == 5,
              "rules %d: a card twice in row 5 not found", rules);
    }
}

/* Combo equity with the caller's scratch memory, at any alignment: the same counts, none made up. */
static void test_combo_equity(void) {
    static const uint8_t board[4] = {44, 21, 0, 5}; /* Kc 7d 2c 3d: a turn */
    static int64_t villain[1326];
    static unsigned char scratch[2][6 * 1326 * 8 + 16];
    uint8_t deck[48];
    int n_deck = 0;
    for (int c = 0; c < 52; c++)
        if (c != 44 && c != 21 && c != 0 && c != 5)
            deck[n_deck++] = (uint8_t)c;
    int32_t heroes[2] = {0, 0};
    for (int a = 0, n = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, n++) {
            int meets = a == 44 || a == 21 || a == 0 || a == 5 || b == 44 || b == 21 || b == 0 || b == 5;
            villain[n] = meets ? 0 : 1;
            if (a == 48 && b == 49)
                heroes[0] = n; /* Ac Ad */
            if (a == 40 && b == 41)
                heroes[1] = n; /* Qc Qd */
        }
    CHECK(handrank_combo_equity_scratch() <= sizeof scratch[0] - 8, "combo equity: scratch larger than expected");
    int64_t counts[2][3][2];
    memset(counts, 0, sizeof counts);
    for (int t = 0; t < 2; t++)
        handrank_combo_equity(board, 4, deck, n_deck, villain, heroes, 2, scratch[t] + 3 * t, counts[t][0],
                              counts[t][1], counts[t][2]);
    CHECK(memcmp(counts[0], counts[1], sizeof counts[0]) == 0, "combo equity: the scratch's alignment matters");
    int sane = 1;
    for (int i = 0; i < 2; i++)
        sane &= counts[0][2][i] > 0 && counts[0][0][i] + counts[0][1][i] <= counts[0][2][i];
    CHECK(sane && counts[0][0][0] > counts[0][0][1], "combo equity: aces win no more than queens");
}

/*
 * Hand strength on a turn, with scratch at two alignments: the same counts; every pair of live combos that
 * share no card splits 2 points (a win, or two ties) on each river, so the sums add up to 48 rivers of
 * 1081 x 990; each combo's histogram holds its 46 rivers; one group of all combos repeats the sums.
 */
static void test_strength(void) {
    static const uint8_t board[4] = {44, 21, 0, 5};
    static unsigned char scratch[2][1 << 20];
    static uint32_t sums[2][1326], hist[1326 * 10], wins[1326], faced[1326];
    static uint64_t squares[1326];
    static uint8_t group[1326];
    CHECK(handrank_strength_scratch(1) <= sizeof scratch[0] - 8, "strength: scratch larger than expected");
    for (int t = 0; t < 2; t++)
        handrank_strength(board, 4, NULL, 0, 10, group, t, scratch[t] + 5 * t, sums[t], t ? squares : NULL,
                          t ? hist : NULL, NULL, t ? wins : NULL, t ? faced : NULL);
    CHECK(memcmp(sums[0], sums[1], sizeof sums[0]) == 0, "strength: the scratch's alignment or the options matter");
    uint64_t total = 0, runs = 0, ok = 1;
    for (int c = 0; c < 1326; c++) {
        uint32_t counted = 0;
        for (int i = 0; i < 10; i++)
            counted += hist[c * 10 + i];
        total += sums[1][c];
        runs += counted;
        ok &= wins[c] == sums[1][c] && (faced[c] == 0 || faced[c] == 46 * 990) && (counted == 0 || counted == 46);
        ok &= squares[c] >= (uint64_t)sums[1][c] * sums[1][c] / 46; /* the mean square is at least the squared mean */
    }
    CHECK(total == 48ULL * 1081 * 990 && runs == 1128ULL * 46 && ok, "strength: the counts do not add up");
    /* three heroes (and a -1), counted straight: their counts as in the full pass, everyone else's 0 */
    static const int16_t heroes[4] = {1325, -1, 700, 3};
    static uint32_t few[1326], few_wins[1326], few_faced[1326];
    handrank_strength(board, 4, heroes, 4, 10, group, 1, scratch[0], few, NULL, NULL, NULL, few_wins, few_faced);
    int same = 1;
    for (int c = 0; c < 1326; c++) {
        const int hero = c == 1325 || c == 700 || c == 3;
        same &= few[c] == (hero ? sums[1][c] : 0) && few_wins[c] == few[c] && few_faced[c] == (hero ? faced[c] : 0);
    }
    CHECK(same && few[1325] > 0, "strength: the heroes' counts differ from the full pass");
}

int main(void) {
    test_five_card_counts();
    test_boundaries();
    test_batch();
    test_unaligned();
    test_omaha();
    test_rules();
    test_enumerate();
    test_monte_carlo();
    test_combo_equity();
    test_strength();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
