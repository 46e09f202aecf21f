/*
 * Hand strength against a random hand, for abstraction features: every
 * two-card combo's showdowns on every runout of one board, board-major.
 *
 * A river board ranks its 1,081 live combos once, puts them in rank order
 * (a counting sort on the 16-bit classes), and one pass from the worst
 * class up gives each combo the live combos below it and tied with it; a
 * count per card of those seen so far takes away the ones that share a
 * card with it (card removal), so the pass is O(combos).  The same pass
 * counts per group of opponent combos for opponent-cluster strength.
 * Flops and turns run it on each runout and add up what each combo made.
 */
#include <string.h>

#include "handrank.h"
#include "internal.h"

#define HR_COMBOS 1326
#define HR_LIVE 1081 /* combos of the 47 cards off a river board */

/* What one river board's pass needs: the live combos and, per group, counts by card. */
typedef struct {
    int m;                     /* live combos */
    int16_t id[HR_LIVE];       /* their numbers */
    uint8_t a[HR_LIVE], b[HR_LIVE];
    uint16_t rank[HR_LIVE];
    int16_t order[HR_LIVE], tmp[HR_LIVE];
    uint16_t s[HR_LIVE];       /* 2 wins + ties against the 990 hands left */
} hr_river;

size_t handrank_strength_scratch(int n_groups) {
    /* the river pass; per combo and card the turn sums (a flop's next-street histogram); six group columns */
    return 64 + sizeof(hr_river) + (size_t)HR_COMBOS * 52 * sizeof(uint32_t) +
           6 * (size_t)n_groups * 53 * sizeof(uint32_t);
}

/* The live combos of a board (`dead` its cards' mask), ranked (in combo order). */
static void rank_only(hr_river *r, uint64_t key, uint64_t suits, uint64_t dead) {
    int m = 0;
    for (int a = 0, n = 0; a < 52; a++) {
        if (dead >> a & 1) {
            n += 51 - a;
            continue;
        }
        const uint64_t ka = key + handrank_card_key[a], sa = suits | handrank_suit_bit[a];
        for (int b = a + 1; b < 52; b++, n++) {
            if (dead >> b & 1)
                continue;
            r->id[m] = (int16_t)n;
            r->a[m] = (uint8_t)a;
            r->b[m] = (uint8_t)b;
            r->rank[m] = hr_finish(ka + handrank_card_key[b], sa | handrank_suit_bit[b]);
            m++;
        }
    }
    r->m = m;
}

/* The live combos of a board, ranked and put in rank order (best first). */
static void rank_live(hr_river *r, uint64_t key, uint64_t suits, uint64_t dead) {
    rank_only(r, key, suits, dead);
    const int m = r->m;
    /* a stable counting sort on the low byte, then on the high byte */
    for (int shift = 0; shift <= 8; shift += 8) {
        int start[257] = {0};
        const int16_t *from = shift ? r->tmp : NULL;
        int16_t *to = shift ? r->order : r->tmp;
        for (int c = 0; c < m; c++)
            start[r->rank[from ? from[c] : c] >> shift & 0xff]++;
        for (int v = 0, at = 0; v < 256; v++) {
            const int count = start[v];
            start[v] = at;
            at += count;
        }
        for (int c = 0; c < m; c++) {
            const int16_t i = from ? from[c] : (int16_t)c;
            to[start[r->rank[i] >> shift & 0xff]++] = i;
        }
    }
}

/* Each live combo's 2 wins + ties against every live combo sharing no card with it, into r->s. */
static void sweep(hr_river *r) {
    uint32_t below = 0, below_card[52] = {0}, run_card[52] = {0};
    for (int k = r->m - 1; k >= 0;) {
        int j = k;
        const uint16_t rank = r->rank[r->order[k]];
        while (j >= 0 && r->rank[r->order[j]] == rank)
            j--;
        const uint32_t run = (uint32_t)(k - j);
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q];
            run_card[r->a[i]]++;
            run_card[r->b[i]]++;
        }
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q], a = r->a[i], b = r->b[i];
            const uint32_t wins = below - below_card[a] - below_card[b];
            /* the combo itself is in both cards' counts: one back */
            const uint32_t ties = run - run_card[a] - run_card[b] + 1;
            r->s[i] = (uint16_t)(2 * wins + ties);
        }
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q], a = r->a[i], b = r->b[i];
            below_card[a] += run_card[a];
            below_card[b] += run_card[b];
            run_card[a] = run_card[b] = 0;
        }
        below += run;
        k = j;
    }
}

/* One combo's counts against each of g groups, from the groups' counts and its two cards' (no aliasing: the
 * compiler may take the groups a vector at a time); the combo itself is left to the caller. */
static void add_groups(int g, const uint32_t *restrict below, const uint32_t *restrict run,
                       const uint32_t *restrict total, const uint32_t *restrict ba, const uint32_t *restrict bb,
                       const uint32_t *restrict ra, const uint32_t *restrict rb, const uint32_t *restrict ta,
                       const uint32_t *restrict tb, uint32_t *restrict w, uint32_t *restrict f) {
    for (int x = 0; x < g; x++) {
        w[x] += 2 * (below[x] - ba[x] - bb[x]) + (run[x] - ra[x] - rb[x]);
        f[x] += total[x] - ta[x] - tb[x];
    }
}

/*
 * The same per group of opponent combos (group[c] < g for every combo c):
 * adds to wins[id * g + x] twice the group-x combos each live combo beats
 * plus those it ties, and to faced[id * g + x] the group-x combos it faces.
 * `counts` holds 6 * g * 53 zeroed words.
 */
static void sweep_groups(const hr_river *r, const uint8_t *group, int g, uint32_t *counts, uint32_t *wins,
                         uint32_t *faced) {
    /* per group: the count over live combos, over the ones below, over the current run; each also by card */
    uint32_t *total = counts, *below = total + g, *run = below + g;
    uint32_t *total_card = run + g, *below_card = total_card + 52 * g, *run_card = below_card + 52 * g;
    for (int i = 0; i < r->m; i++) {
        const int x = group[r->id[i]];
        total[x]++;
        total_card[r->a[i] * g + x]++;
        total_card[r->b[i] * g + x]++;
    }
    for (int k = r->m - 1; k >= 0;) {
        int j = k;
        const uint16_t rank = r->rank[r->order[k]];
        while (j >= 0 && r->rank[r->order[j]] == rank)
            j--;
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q], x = group[r->id[i]];
            run[x]++;
            run_card[r->a[i] * g + x]++;
            run_card[r->b[i] * g + x]++;
        }
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q], own = group[r->id[i]];
            add_groups(g, below, run, total, below_card + r->a[i] * g, below_card + r->b[i] * g,
                       run_card + r->a[i] * g, run_card + r->b[i] * g, total_card + r->a[i] * g,
                       total_card + r->b[i] * g, wins + (size_t)r->id[i] * (size_t)g,
                       faced + (size_t)r->id[i] * (size_t)g);
            /* the combo itself is in both its cards' counts of its own group: one back (as in sweep) */
            wins[(size_t)r->id[i] * (size_t)g + (size_t)own]++;
            faced[(size_t)r->id[i] * (size_t)g + (size_t)own]++;
        }
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q], x = group[r->id[i]];
            below[x]++;
            below_card[r->a[i] * g + x]++;
            below_card[r->b[i] * g + x]++;
        }
        for (int q = j + 1; q <= k; q++) {
            const int i = r->order[q], x = group[r->id[i]];
            run[x] = 0;
            run_card[r->a[i] * g + x] = 0;
            run_card[r->b[i] * g + x] = 0;
        }
        k = j;
    }
}

/* What one runout adds to a combo with strength s: its sum, square, bin, and sums by turn card (flops). */
typedef struct {
    uint32_t *sums, *hist, *turn_sum;
    uint64_t *squares;
    int bins;
} hr_outputs;

HR_INLINE void credit(const hr_outputs *c, int id, uint32_t s, const uint8_t *runout_cards) {
    c->sums[id] += s;
    if (c->squares)
        c->squares[id] += (uint64_t)s * s;
    if (c->hist) {
        const uint32_t at = (uint32_t)((uint64_t)s * (uint64_t)c->bins / HANDRANK_STRENGTH_UNIT);
        c->hist[(size_t)id * (size_t)c->bins + (at < (uint32_t)c->bins ? at : (uint32_t)c->bins - 1)]++;
    }
    if (c->turn_sum) {
        c->turn_sum[id * 52 + runout_cards[0]] += s;
        c->turn_sum[id * 52 + runout_cards[1]] += s;
    }
}

/*
 * The heroes alone (few of them): each one's showdowns counted straight against every live combo, no order
 * needed.  hero[] holds combo numbers, cards[] their two cards.
 */
static void heroes_against_all(const hr_river *r, int n, const int16_t *hero, const uint8_t (*cards)[2],
                               uint64_t key, uint64_t suits, uint64_t dead, const hr_outputs *c,
                               const uint8_t *runout_cards, const uint8_t *group, int g, uint32_t *group_wins,
                               uint32_t *group_faced) {
    for (int h = 0; h < n; h++) {
        const uint8_t a = cards[h][0], b = cards[h][1];
        if ((dead >> a | dead >> b) & 1)
            continue;
        const uint16_t mine = hr_finish(key + handrank_card_key[a] + handrank_card_key[b],
                                        suits | handrank_suit_bit[a] | handrank_suit_bit[b]);
        uint32_t s = 0;
        for (int i = 0; i < r->m; i++) {
            const int apart = r->a[i] != a && r->a[i] != b && r->b[i] != a && r->b[i] != b;
            s += (uint32_t)apart * (2u * (r->rank[i] > mine) + (r->rank[i] == mine));
        }
        credit(c, hero[h], s, runout_cards);
        if (!g)
            continue;
        uint32_t *w = group_wins + (size_t)hero[h] * (size_t)g, *f = group_faced + (size_t)hero[h] * (size_t)g;
        for (int i = 0; i < r->m; i++) {
            if (r->a[i] == a || r->a[i] == b || r->b[i] == a || r->b[i] == b)
                continue;
            const int x = group[r->id[i]];
            w[x] += 2u * (r->rank[i] > mine) + (r->rank[i] == mine);
            f[x]++;
        }
    }
}

static int is_hero(const int16_t *hero, int n, int id) {
    for (int h = 0; h < n; h++)
        if (hero[h] == id)
            return 1;
    return 0;
}

void handrank_strength(const uint8_t *board, int n_board, const int16_t *heroes, int n_heroes, int bins,
                       const uint8_t *group, int n_groups, void *scratch, uint32_t *sums, uint64_t *squares,
                       uint32_t *hist, uint32_t *next_hist, uint32_t *group_wins, uint32_t *group_faced) {
    const uintptr_t align = 63;
    hr_river *r = (hr_river *)(((uintptr_t)scratch + align) & ~align);
    uint32_t *turn_sum = (uint32_t *)(r + 1), *counts = turn_sum + HR_COMBOS * 52;
    const size_t g = (size_t)n_groups;
    memset(sums, 0, HR_COMBOS * sizeof *sums);
    if (squares)
        memset(squares, 0, HR_COMBOS * sizeof *squares);
    if (hist)
        memset(hist, 0, HR_COMBOS * (size_t)bins * sizeof *hist);
    if (next_hist) {
        memset(next_hist, 0, HR_COMBOS * (size_t)bins * sizeof *next_hist);
        memset(turn_sum, 0, HR_COMBOS * 52 * sizeof *turn_sum);
    }
    if (n_groups) {
        memset(group_wins, 0, HR_COMBOS * g * sizeof *group_wins);
        memset(group_faced, 0, HR_COMBOS * g * sizeof *group_faced);
    }
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0, dead = 0;
    for (int j = 0; j < n_board; j++) {
        key += handrank_card_key[board[j]];
        suits |= handrank_suit_bit[board[j]];
        dead |= 1ULL << board[j];
    }
    /* the heroes' cards, those of them that meet no board card (the others get 0s) */
    int16_t hero[HANDRANK_STRENGTH_MAX_HEROES];
    uint8_t cards[HANDRANK_STRENGTH_MAX_HEROES][2];
    int n_hero = 0;
    for (int h = 0; heroes && h < n_heroes; h++) {
        if (heroes[h] < 0)
            continue;
        int a = 0;
        while (a < 51 && (a + 1) * (101 - (a + 1)) / 2 + (a + 1) <= heroes[h])
            a++;
        const int b = heroes[h] - a * (101 - a) / 2 + 1;
        if ((dead >> a | dead >> b) & 1 || is_hero(hero, n_hero, heroes[h]))
            continue; /* on the board, or named before */
        hero[n_hero] = heroes[h];
        cards[n_hero][0] = (uint8_t)a;
        cards[n_hero][1] = (uint8_t)b;
        n_hero++;
    }
    uint8_t deck[52];
    int n_deck = 0;
    for (int c = 0; c < 52; c++)
        if (!(dead >> c & 1))
            deck[n_deck++] = (uint8_t)c;
    const int runout = 5 - n_board;
    const hr_outputs c = {sums, hist, next_hist ? turn_sum : NULL, squares, bins};
    int pick[2] = {0, 1};
    for (;;) {
        uint64_t k5 = key, s5 = suits, d5 = dead;
        uint8_t drawn[2] = {0, 0};
        for (int j = 0; j < runout; j++) {
            drawn[j] = deck[pick[j]];
            k5 += handrank_card_key[drawn[j]];
            s5 |= handrank_suit_bit[drawn[j]];
            d5 |= 1ULL << drawn[j];
        }
        if (heroes) {
            rank_only(r, k5, s5, d5);
            heroes_against_all(r, n_hero, hero, (const uint8_t(*)[2])cards, k5, s5, d5, &c, drawn, group, n_groups,
                               group_wins, group_faced);
        } else {
            rank_live(r, k5, s5, d5);
            sweep(r);
            for (int i = 0; i < r->m; i++)
                credit(&c, r->id[i], r->s[i], drawn);
            if (n_groups) {
                memset(counts, 0, 6 * g * 53 * sizeof *counts);
                sweep_groups(r, group, n_groups, counts, group_wins, group_faced);
            }
        }
        if (!hr_next_pick(pick, runout, n_deck))
            break;
    }
    if (next_hist && runout == 2) {
        /* a flop's combo (each one, or the heroes): its equity on each turn (a sum over the 46 rivers), binned */
        const uint64_t unit = (uint64_t)HANDRANK_STRENGTH_UNIT * 46;
        for (int a = 0, id = 0; a < 52; a++)
            for (int b = a + 1; b < 52; b++, id++) {
                if ((dead >> a | dead >> b) & 1 || (heroes && !is_hero(hero, n_hero, id)))
                    continue;
                for (int t = 0; t < n_deck; t++) {
                    const uint8_t turn = deck[t];
                    if (turn == a || turn == b)
                        continue;
                    const uint32_t at = (uint32_t)(turn_sum[id * 52 + turn] * (uint64_t)bins / unit);
                    next_hist[(size_t)id * (size_t)bins + (at < (uint32_t)bins ? at : (uint32_t)bins - 1)]++;
                }
            }
    }
}
