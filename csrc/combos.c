/*
 * Combos against a board, for the solver: every two-card combo's class
 * with one board (handrank_rank_combos), and each hero combo's showdowns
 * against a weighted villain range over every runout, for two-card combos
 * (handrank_combo_equity) and Omaha holes (handrank_omaha_combo_equity).
 */
#include <stdlib.h>

#include "handrank.h"
#include "internal.h"

/* The board's keys and suit bits summed once; each combo adds its two cards'. */
void handrank_rank_combos(const uint8_t *board, int n_board, const uint8_t *combos, int64_t n, uint16_t *out) {
    uint64_t key = HANDRANK_KEY_BIAS, suits = 0, on_board = 0;
    for (int j = 0; j < n_board; j++) {
        key += handrank_card_key[board[j]];
        suits |= handrank_suit_bit[board[j]];
        on_board |= 1ULL << board[j];
    }
    for (int64_t i = 0; i < n; i++) {
        const uint8_t a = combos[2 * i], b = combos[2 * i + 1];
        out[i] = ((on_board >> a | on_board >> b) & 1)
                     ? (uint16_t)HANDRANK_BLOCKED
                     : hr_finish(key + handrank_card_key[a] + handrank_card_key[b],
                                 suits | handrank_suit_bit[a] | handrank_suit_bit[b]);
    }
}

/*
 * Combo equity, runout by runout: all combos ranked with the full board
 * and put in rank order (a radix sort on the 16-bit ranks; blocked combos
 * last, weighing nothing); one pass over that order gives each combo the
 * villain weight ranked below it and tied with it; the same over each
 * card's 51 combos, taken in that order, gives what of those weights
 * holds one of its cards, which card removal takes away.
 */
#define HR_COMBOS 1326

/* Over combos ids[0..n) in rank order: each one's weight tied with it, and ranked below (worse than) it. */
static void rank_runs(const int16_t *ids, int n, const uint16_t *ranks, const int64_t *live, int64_t *tied,
                      int64_t *worse, int64_t *all) {
    int64_t sum = 0, before = 0;
    for (int k = 0; k < n; k++)
        sum += live[ids[k]];
    for (int i = 0; i < n;) {
        int j = i;
        int64_t run = 0;
        while (j < n && ranks[ids[j]] == ranks[ids[i]])
            run += live[ids[j++]];
        before += run;
        for (int k = i; k < j; k++) {
            tied[ids[k]] += run;
            worse[ids[k]] += sum - before;
        }
        i = j;
    }
    *all = sum;
}

/* Six columns of int64 by combo, and room to align them. */
size_t handrank_combo_equity_scratch(void) { return 6 * HR_COMBOS * sizeof(int64_t) + sizeof(int64_t); }

void handrank_combo_equity(const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                           const int64_t *villain, const int32_t *heroes, int64_t n_heroes, void *scratch,
                           int64_t *wins, int64_t *ties, int64_t *total) {
    const int runout = 5 - n_board;
    if (n_deck < runout)
        return; /* no runout at all */
    /* Only the combos that matter take part: the villain's (weight above 0) and the heroes.  They are
     * numbered 0..m-1 in combo order; everything per runout below is indexed by that number. */
    int16_t place[HR_COMBOS];
    for (int c = 0; c < HR_COMBOS; c++)
        place[c] = villain[c] ? 0 : -1;
    for (int64_t i = 0; i < n_heroes; i++)
        place[heroes[i]] = 0;
    /* scratch: per combo, its villain weight, that weight when the runout spares it, the live weight tied
     * with it and worse than it, over all combos and over its cards' */
    const uintptr_t align = sizeof(int64_t) - 1;
    int64_t *weight = (int64_t *)(((uintptr_t)scratch + align) & ~align);
    int64_t *live = weight + HR_COMBOS, *tied = live + HR_COMBOS, *worse = tied + HR_COMBOS,
            *card_tied = worse + HR_COMBOS, *card_worse = card_tied + HR_COMBOS;
    uint8_t pairs[2 * HR_COMBOS];
    int m = 0;
    for (int a = 0, n = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++, n++)
            if (place[n] == 0) {
                place[n] = (int16_t)m;
                weight[m] = villain[n];
                pairs[2 * m] = (uint8_t)a;
                pairs[2 * m + 1] = (uint8_t)b;
                m++;
            }
    uint16_t ranks[HR_COMBOS];
    int16_t order[HR_COMBOS], scattered[HR_COMBOS], by_card[52][51];
    int pick[2] = {0, 1};
    uint8_t full[5];
    for (int j = 0; j < n_board; j++)
        full[j] = board[j];
    for (;;) {
        for (int j = 0; j < runout; j++)
            full[n_board + j] = deck[pick[j]];
        handrank_rank_combos(full, 5, pairs, m, ranks);
        for (int c = 0; c < m; c++)
            live[c] = ranks[c] == HANDRANK_BLOCKED ? 0 : weight[c];
        /* rank order: a stable counting sort on the low byte, then on the high byte */
        for (int shift = 0; shift <= 8; shift += 8) {
            int start[257] = {0};
            for (int c = 0; c < m; c++)
                start[(shift ? ranks[scattered[c]] : ranks[c]) >> shift & 0xff]++;
            for (int v = 0, at = 0; v < 256; v++) {
                int count = start[v];
                start[v] = at;
                at += count;
            }
            for (int c = 0; c < m; c++) {
                const int16_t id = shift ? scattered[c] : (int16_t)c;
                (shift ? order : scattered)[start[ranks[id] >> shift & 0xff]++] = id;
            }
        }
        for (int64_t *column = tied; column <= card_worse; column += HR_COMBOS)
            memset(column, 0, (size_t)m * sizeof *column);
        int64_t all, per_card[52];
        rank_runs(order, m, ranks, live, tied, worse, &all);
        int filled[52] = {0};
        for (int k = 0; k < m; k++) {
            const int16_t c = order[k];
            by_card[pairs[2 * c]][filled[pairs[2 * c]]++] = c;
            by_card[pairs[2 * c + 1]][filled[pairs[2 * c + 1]]++] = c;
        }
        for (int card = 0; card < 52; card++)
            rank_runs(by_card[card], filled[card], ranks, live, card_tied, card_worse, &per_card[card]);
        for (int64_t i = 0; i < n_heroes; i++) {
            const int h = place[heroes[i]];
            if (ranks[h] == HANDRANK_BLOCKED)
                continue; /* the runout holds one of its cards */
            /* the villain combo of the same two cards is taken away twice: back once */
            wins[i] += worse[h] - card_worse[h];
            ties[i] += tied[h] - card_tied[h] + live[h];
            total[i] += all - per_card[pairs[2 * h]] - per_card[pairs[2 * h + 1]] + live[h];
        }
        if (!hr_next_pick(pick, runout, n_deck))
            break;
    }
}

/*
 * Omaha combo equity.  Each runout: the board folded (the best class of
 * every pair of hole cards, omaha.c) and every hole ranked from it; the
 * live villain holes in rank order (a counting sort), their weight summed
 * in that order overall and in each card's list of the holes holding it.
 * A hero's beaten, tied and faced weight is the overall sums' less each of
 * its cards' (a binary search in the card's list), which takes a villain
 * hole holding m of its cards m times: the m - 1 too many are given back
 * from the hero's list of such holes, made once a call.
 */
#define HR_OMAHA_RANKS 7462 /* the classes, 1 (best) .. 7462 */

static uint64_t hole_mask(const uint8_t *hole, int k) {
    uint64_t mask = 0;
    for (int j = 0; j < k; j++)
        mask |= 1ULL << hole[j];
    return mask;
}

/* The class of a hole on a folded board, 0 when it meets the board. */
HR_INLINE unsigned folded_rank(const uint8_t *hole, int k, const hr_folded_board *fb) {
    unsigned best = 0xffff;
    for (int a = 0; a + 1 < k; a++) {
        const uint16_t *row = fb->pair + HR_FOLD_WIDTH * hole[a];
        for (int b = a + 1; b < k; b++)
            best = row[hole[b]] < best ? row[hole[b]] : best;
    }
    return best;
}

HR_INLINE size_t round_up(size_t n) { return (n + 63) & ~(size_t)63; }

/* The board (its first n_board cards kept) completed by a runout, folded; the mask of its five cards. */
HR_INLINE uint64_t next_board(uint8_t *full, int n_board, const uint8_t *runout, hr_folded_board *fb) {
    if (n_board < 5)
        memcpy(full + n_board, runout, (size_t)(5 - n_board));
    hr_omaha_fold(full, 5, fb);
    return hole_mask(full, 5);
}

/* The pairs of cards a < b, numbered a * 52 + b. */
#define HR_PAIRS (52 * 52)

HR_INLINE int pair_number(int x, int y) { return x < y ? x * 52 + y : y * 52 + x; }

/* The most entries of the heroes' lists of villain holes sharing two cards or more with them: each hero's
 * pairs' villain holes summed (a hole sharing three cards is in three of them). */
static int64_t shared_twice_bound(const uint8_t *villains, int64_t n_villains, const uint8_t *heroes,
                                  int64_t n_heroes, int k) {
    int32_t holding[HR_PAIRS] = {0};
    for (int64_t v = 0; v < n_villains; v++)
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                holding[pair_number(villains[v * k + a], villains[v * k + b])]++;
    int64_t n = 0;
    for (int64_t i = 0; i < n_heroes; i++)
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                n += holding[pair_number(heroes[i * k + a], heroes[i * k + b])];
    return n;
}

size_t handrank_omaha_combo_equity_scratch(const uint8_t *villains, int64_t n_villains, const uint8_t *heroes,
                                           int64_t n_heroes, int k) {
    const size_t v = (size_t)n_villains, h = (size_t)n_heroes, kk = (size_t)k, pairs = kk * (kk - 1) / 2;
    const size_t shared = (size_t)shared_twice_bound(villains, n_villains, heroes, n_heroes, k);
    return round_up(v * sizeof(uint64_t)) +                                       /* villain masks */
           round_up(h * sizeof(uint64_t)) +                                       /* hero masks */
           round_up(53 * sizeof(int64_t)) +                                       /* card lists' starts */
           round_up(v * kk * (sizeof(uint16_t) + sizeof(int64_t))) +              /* card lists */
           round_up(v * sizeof(uint16_t)) + round_up(v * sizeof(int32_t)) +      /* ranks, rank order */
           round_up((HR_OMAHA_RANKS + 1) * (sizeof(int64_t) + sizeof(int32_t))) + /* sums by rank */
           round_up((HR_PAIRS + 1) * sizeof(int64_t)) + round_up(v * pairs * sizeof(int32_t)) + /* pair lists */
           round_up((h + 1) * sizeof(int64_t)) + round_up(shared * sizeof(int32_t)) + round_up(shared) +
           round_up(sizeof(hr_folded_board)) + 64;
}

/* Entries of list[0..n) ranked better than `mine` (a class), by binary search. */
HR_INLINE int64_t ranked_before(const uint16_t *list, int64_t n, unsigned mine) {
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        const int64_t mid = (lo + hi) >> 1;
        if (list[mid] < mine)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void handrank_omaha_combo_equity(const uint8_t *board, int n_board, const uint8_t *runouts, int64_t n_runouts,
                                 int k, const uint8_t *villains, const int64_t *weights, int64_t n_villains,
                                 const uint8_t *heroes, int64_t n_heroes, void *scratch, int64_t *wins,
                                 int64_t *ties, int64_t *total) {
    const int runout = 5 - n_board;
    char *at = (char *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
#define TAKE(type, name, count)                                                                                  \
    type *name = (type *)at;                                                                                     \
    at += round_up((size_t)(count) * sizeof(type))
    TAKE(uint64_t, villain_mask, n_villains);
    TAKE(uint64_t, hero_mask, n_heroes);
    TAKE(int64_t, first, 53); /* card c's list: entries first[c] .. first[c + 1] */
    TAKE(uint16_t, card_rank, n_villains * k);
    TAKE(int64_t, card_sum, n_villains * k); /* the list's weight up to and with the entry */
    TAKE(uint16_t, rank, n_villains);
    TAKE(int32_t, order, n_villains);
    TAKE(int64_t, below, HR_OMAHA_RANKS + 1); /* the live weight ranked r or better */
    TAKE(int32_t, start, HR_OMAHA_RANKS + 1);
    TAKE(int64_t, pair_first, HR_PAIRS + 1); /* pair p's villain holes: pair_first[p] .. pair_first[p + 1] */
    TAKE(int32_t, pair_villain, n_villains * (k * (k - 1) / 2));
    TAKE(int64_t, twice_first, n_heroes + 1); /* hero i's villain holes sharing two cards or more */
    const int64_t bound = shared_twice_bound(villains, n_villains, heroes, n_heroes, k);
    TAKE(int32_t, twice, bound);
    TAKE(uint8_t, extra, bound); /* the cards each shares, less one */
    hr_folded_board *fb = (hr_folded_board *)at;
#undef TAKE
    memset(first, 0, 53 * sizeof *first);
    memset(pair_first, 0, (HR_PAIRS + 1) * sizeof *pair_first);
    for (int64_t v = 0; v < n_villains; v++) {
        villain_mask[v] = hole_mask(villains + v * k, k);
        for (int a = 0; a < k; a++) {
            first[villains[v * k + a] + 1]++;
            for (int b = a + 1; b < k; b++)
                pair_first[pair_number(villains[v * k + a], villains[v * k + b])]++;
        }
    }
    for (int c = 0; c < 52; c++)
        first[c + 1] += first[c];
    for (int p = 1; p < HR_PAIRS; p++) /* each list's end; then, filled from the end down, its start */
        pair_first[p] += pair_first[p - 1];
    pair_first[HR_PAIRS] = pair_first[HR_PAIRS - 1];
    for (int64_t v = 0; v < n_villains; v++)
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                pair_villain[--pair_first[pair_number(villains[v * k + a], villains[v * k + b])]] = (int32_t)v;
    /* Each hero's villain holes sharing two cards or more, each once: from the list of the two lowest */
    int64_t n_twice = 0;
    for (int64_t i = 0; i < n_heroes; i++) {
        const uint64_t mine = hero_mask[i] = hole_mask(heroes + i * k, k);
        twice_first[i] = n_twice;
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++) {
                const int p = pair_number(heroes[i * k + a], heroes[i * k + b]);
                for (int64_t e = pair_first[p]; e < pair_first[p + 1]; e++) {
                    const int32_t v = pair_villain[e];
                    const uint64_t both = villain_mask[v] & mine;
                    if (pair_number(hr_ctz64(both), hr_ctz64(both & (both - 1))) != p)
                        continue; /* taken from its two lowest shared cards' list */
                    twice[n_twice] = v;
                    extra[n_twice++] = (uint8_t)(hr_popcount64(both) - 1);
                }
            }
    }
    twice_first[n_heroes] = n_twice;

    uint8_t full[5];
    memcpy(full, board, (size_t)n_board);
    for (int64_t r = 0; r < n_runouts; r++) {
        const uint64_t out = /* the runout's cards */
            next_board(full, n_board, runout ? runouts + r * runout : NULL, fb) & ~hole_mask(board, n_board);
        /* rank every villain hole (0: the runout holds one of its cards), sum by rank, count by rank */
        memset(below, 0, (HR_OMAHA_RANKS + 1) * sizeof *below);
        memset(start, 0, (HR_OMAHA_RANKS + 1) * sizeof *start);
        for (int64_t v = 0; v < n_villains; v++) {
            const unsigned class_ = folded_rank(villains + v * k, k, fb);
            rank[v] = (uint16_t)class_;
            below[class_] += weights[v];
            start[class_]++;
        }
        below[0] = 0; /* none for the holes the runout takes */
        int32_t live = 0;
        for (int c = 1; c <= HR_OMAHA_RANKS; c++) {
            below[c] += below[c - 1];
            const int32_t count = start[c];
            start[c] = live;
            live += count;
        }
        for (int64_t v = 0; v < n_villains; v++)
            if (rank[v])
                order[start[rank[v]]++] = (int32_t)v;
        /* each card's list in rank order, with its running weight */
        int64_t fill[52];
        for (int c = 0; c < 52; c++)
            fill[c] = first[c];
        for (int32_t q = 0; q < live; q++) {
            const int32_t v = order[q];
            for (int j = 0; j < k; j++) {
                const int c = villains[v * k + j];
                const int64_t e = fill[c]++;
                card_rank[e] = rank[v];
                card_sum[e] = (e > first[c] ? card_sum[e - 1] : 0) + weights[v];
            }
        }
        const int64_t all = below[HR_OMAHA_RANKS];
        for (int64_t i = 0; i < n_heroes; i++) {
            if (hero_mask[i] & out)
                continue; /* the runout holds one of its cards */
            const unsigned mine = folded_rank(heroes + i * k, k, fb);
            int64_t better = below[mine - 1], up_to = below[mine], faced = all;
            for (int j = 0; j < k; j++) {
                const int c = heroes[i * k + j];
                const int64_t n = fill[c] - first[c];
                if (!n)
                    continue;
                const uint16_t *list = card_rank + first[c];
                const int64_t *sums = card_sum + first[c];
                int64_t lo = ranked_before(list, n, mine), hi = lo;
                while (hi < n && list[hi] == mine)
                    hi++;
                better -= lo ? sums[lo - 1] : 0;
                up_to -= hi ? sums[hi - 1] : 0;
                faced -= sums[n - 1];
            }
            for (int64_t t = twice_first[i]; t < twice_first[i + 1]; t++) {
                const int32_t v = twice[t];
                const unsigned theirs = rank[v];
                const int64_t back = theirs ? extra[t] * weights[v] : 0;
                faced += back;
                up_to += theirs <= mine ? back : 0;
                better += theirs < mine ? back : 0;
            }
            wins[i] += faced - up_to;
            ties[i] += up_to - better;
            total[i] += faced;
        }
    }
}

/*
 * Omaha against a random hole (handrank_omaha_random_equity).  Every pair
 * of live cards is an edge ranked by the class it makes with the board; a
 * hole's class is its best pair's, so a hole of k cards ranked r or worse
 * is a k-clique in the graph of the edges ranked r or worse.  Edges join
 * worst first; an edge x-y closes one new k-clique for each (k - 2)-clique
 * inside the common neighbours C of x and y, each ranked as x-y, so the
 * count of k-cliques (and of those holding each card) grows by counts of
 * smaller cliques inside C.
 */
typedef struct {
    uint64_t near[64]; /* each card's neighbours so far */
    int64_t cliques, holding[64];
    int32_t pairs[52][52];          /* k >= 5: the k-cliques holding each pair of cards */
    int32_t triples[52 * 52 * 52]; /* k = 6: those holding each three cards a < b < c, at (a * 52 + b) * 52 + c */
} clique_graph;

/* Where the count of three cards is, in any order. */
HR_INLINE int32_t *triple_at(clique_graph *g, int a, int b, int c) {
    int t;
    if (a > b)
        t = a, a = b, b = t;
    if (b > c)
        t = b, b = c, c = t;
    if (a > b)
        t = a, a = b, b = t;
    return &g->triples[(a * 52 + b) * 52 + c];
}

/* n choose j. */
HR_INLINE int64_t choose(int n, int j) {
    int64_t c = 1;
    for (int i = 0; i < j; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* The j-cliques among the cards of `set`. */
static int64_t cliques_in(const uint64_t *near, uint64_t set, int j) {
    const int n = hr_popcount64(set);
    if (j <= 1)
        return j == 0 ? 1 : n;
    if (n < j)
        return 0;
    int64_t count = 0;
    if (j == 2) {
        for (uint64_t rest = set; rest; rest &= rest - 1)
            count += hr_popcount64(near[hr_ctz64(rest)] & set);
        return count / 2;
    }
    uint64_t everywhere = set; /* the cards joined to every other card of the set */
    for (uint64_t rest = set; rest; rest &= rest - 1) {
        const int z = hr_ctz64(rest);
        everywhere &= near[z] | 1ULL << z;
    }
    if (everywhere == set)
        return choose(n, j);
    for (uint64_t rest = set; hr_popcount64(rest) >= j;) {
        const int z = hr_ctz64(rest);
        rest &= rest - 1;
        count += cliques_in(near, near[z] & rest, j - 1);
    }
    return count;
}

static void graph_join(clique_graph *g, int x, int y, int k) {
    const uint64_t common = g->near[x] & g->near[y];
    int64_t sum = 0; /* each new clique k - 2 times: once for each of its cards in common */
    if (k == 4) {
        for (uint64_t rest = common; rest; rest &= rest - 1) {
            const int z = hr_ctz64(rest);
            const int64_t here = hr_popcount64(g->near[z] & common);
            g->holding[z] += here;
            sum += here;
        }
    } else {
        /* The new cliques holding two cards z, w in common: the (k - 4)-cliques joined to both in common (for
         * six cards, the edges among them, counted by their third cards v, which give the triples' counts). */
        int64_t with[64] = {0}; /* each card's, k - 3 times: once for each other card of the clique in common */
        for (uint64_t rest = common; rest; rest &= rest - 1) {
            const int z = hr_ctz64(rest);
            const uint64_t near_z = g->near[z] & common;
            for (uint64_t ws = near_z & ~((2ULL << z) - 1); ws; ws &= ws - 1) {
                const int w = hr_ctz64(ws);
                const uint64_t both = near_z & g->near[w];
                int64_t here = hr_popcount64(both);
                if (k == 6) {
                    int64_t twice = 0;
                    for (uint64_t vs = both; vs; vs &= vs - 1) {
                        const int v = hr_ctz64(vs);
                        const int32_t four = (int32_t)hr_popcount64(both & g->near[v]);
                        twice += four;
                        if (v > w)
                            g->triples[(z * 52 + w) * 52 + v] += four;
                    }
                    here = twice / 2;
                    *triple_at(g, x, z, w) += (int32_t)here;
                    *triple_at(g, y, z, w) += (int32_t)here;
                }
                g->pairs[z][w] += (int32_t)here;
                g->pairs[w][z] += (int32_t)here;
                with[z] += here;
                with[w] += here;
            }
        }
        for (uint64_t rest = common; rest; rest &= rest - 1) {
            const int z = hr_ctz64(rest);
            const int64_t here = with[z] / (k - 3);
            g->holding[z] += here;
            g->pairs[x][z] += (int32_t)here;
            g->pairs[z][x] += (int32_t)here;
            g->pairs[y][z] += (int32_t)here;
            g->pairs[z][y] += (int32_t)here;
            if (k == 6)
                *triple_at(g, x, y, z) += (int32_t)here;
            sum += here;
        }
    }
    const int64_t closed = sum / (k - 2);
    if (k > 4) {
        g->pairs[x][y] += (int32_t)closed;
        g->pairs[y][x] += (int32_t)closed;
    }
    g->cliques += closed;
    g->holding[x] += closed;
    g->holding[y] += closed;
    g->near[x] |= 1ULL << y;
    g->near[y] |= 1ULL << x;
}

/* Inclusion and exclusion over the subsets of h[from..k) that, with the `size` cards chosen[0..size) whose
 * common neighbours are `common`, make a clique: the signed k-cliques holding each. */
static int64_t graph_holding(clique_graph *g, const uint8_t *h, int from, int k, uint64_t common, int size,
                             uint8_t *chosen) {
    int64_t n = 0;
    for (int a = from; a < k; a++) {
        if (size && !(common >> h[a] & 1))
            continue;
        const uint64_t both = size ? common & g->near[h[a]] : g->near[h[a]];
        int64_t here;
        if (size == 0)
            here = g->holding[h[a]];
        else if (size == 1 && k > 4)
            here = g->pairs[chosen[0]][h[a]];
        else if (size == 2 && k == 6)
            here = *triple_at(g, chosen[0], chosen[1], h[a]);
        else
            here = cliques_in(g->near, both, k - size - 1);
        if (!here)
            continue; /* nor then any clique holding more of the hole */
        chosen[size] = h[a];
        n += here - graph_holding(g, h, a + 1, k, both, size + 1, chosen);
    }
    return n;
}

/* The k-cliques so far that share no card with the hole h (k cards), by inclusion and exclusion. */
HR_INLINE int64_t graph_apart(clique_graph *g, const uint8_t *h, int k) {
    uint8_t chosen[6];
    return g->cliques - graph_holding(g, h, 0, k, 0, 0, chosen);
}

static int descending_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x < y) - (x > y);
}

size_t handrank_omaha_random_equity_scratch(int64_t n_heroes) {
    return round_up((size_t)n_heroes * sizeof(uint64_t)) + round_up(sizeof(clique_graph)) +
           round_up(sizeof(hr_folded_board)) + 64;
}

void handrank_omaha_random_equity(const uint8_t *board, int n_board, const uint8_t *runouts, int64_t n_runouts,
                                  uint64_t dead, int k, const uint8_t *heroes, int64_t n_heroes, void *scratch,
                                  int64_t *wins, int64_t *ties, int64_t *total) {
    const int runout = 5 - n_board;
    char *at = (char *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    uint64_t *queue = (uint64_t *)at; /* the heroes by class, worst first: class << 32 | hero */
    at += round_up((size_t)n_heroes * sizeof(uint64_t));
    clique_graph *g = (clique_graph *)at;
    at += round_up(sizeof(clique_graph));
    hr_folded_board *fb = (hr_folded_board *)at;
    uint8_t full[5];
    memcpy(full, board, (size_t)n_board);
    for (int64_t r = 0; r < n_runouts; r++) {
        const uint64_t out = next_board(full, n_board, runout ? runouts + r * runout : NULL, fb);
        const uint64_t live = ((1ULL << 52) - 1) & ~out & ~dead;
        /* the edges, worst first: class << 12 | x << 6 | y */
        uint64_t edges[52 * 51 / 2];
        int n_edges = 0;
        for (uint64_t xs = live; xs; xs &= xs - 1) {
            const int x = hr_ctz64(xs);
            for (uint64_t ys = live & ~((2ULL << x) - 1); ys; ys &= ys - 1) {
                const int y = hr_ctz64(ys);
                edges[n_edges++] = (uint64_t)fb->pair[HR_FOLD_WIDTH * x + y] << 12 | (uint64_t)x << 6 | (uint64_t)y;
            }
        }
        qsort(edges, (size_t)n_edges, sizeof edges[0], descending_u64);
        int64_t n_queued = 0;
        for (int64_t i = 0; i < n_heroes; i++) {
            if (hole_mask(heroes + i * k, k) & out)
                continue; /* the runout holds one of its cards */
            queue[n_queued++] = (uint64_t)folded_rank(heroes + i * k, k, fb) << 32 | (uint64_t)i;
        }
        qsort(queue, (size_t)n_queued, sizeof queue[0], descending_u64);
        memset(g, 0, k == 6 ? sizeof *g : k == 5 ? offsetof(clique_graph, triples) : offsetof(clique_graph, pairs));
        /* Before each run of equal edges: the heroes it ranks as (their worse cliques are all in: those
         * they beat) and those it ranks better than (their ties are in too: beaten or tied). */
        int64_t beaten_at = 0, tied_at = 0;
        for (int e = 0; e <= n_edges; e++) {
            const unsigned class_ = e < n_edges ? (unsigned)(edges[e] >> 12) : 0;
            if (e == 0 || e == n_edges || class_ != (unsigned)(edges[e - 1] >> 12)) {
                for (; beaten_at < n_queued && (unsigned)(queue[beaten_at] >> 32) >= class_; beaten_at++) {
                    const int64_t i = (int64_t)(queue[beaten_at] & 0xffffffffu);
                    const int64_t beaten = graph_apart(g, heroes + i * k, k);
                    const int n = hr_popcount64(live & ~hole_mask(heroes + i * k, k));
                    wins[i] += beaten;
                    ties[i] -= beaten; /* ties: beaten or tied, less beaten */
                    total[i] += choose(n, k);
                }
                for (; tied_at < n_queued && (unsigned)(queue[tied_at] >> 32) > class_; tied_at++) {
                    const int64_t i = (int64_t)(queue[tied_at] & 0xffffffffu);
                    ties[i] += graph_apart(g, heroes + i * k, k);
                }
            }
            if (e < n_edges)
                graph_join(g, (int)(edges[e] >> 6 & 63), (int)(edges[e] & 63), k);
        }
    }
}
