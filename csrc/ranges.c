/*
 * Exact equity of weighted ranges on a board, runout by runout.
 *
 * For each way to complete the board, every live combo of every range is
 * ranked once; then all matchups on that runout are settled from those
 * ranks.  Heads-up, no matchup is visited: the smaller range's distinct
 * ranks go into a bitmap whose prefix popcounts give any rank's place among
 * them, the larger range is summed into those places once, and each combo
 * of the smaller range reads its wins, ties and losses from the sums, less
 * the combos that share a card with it (card removal).  Three players or
 * more visit every matchup of live combos (Omaha), or, in Hold'em, count
 * each matchup's boards by their ranks: from ranks every combo has once
 * per multiset of the cards to come (shared_holdem, on a flop or later),
 * or matchup by matchup (walk, before the flop).
 */
#include "handrank.h"
#include "internal.h"

/* The next `bytes` of scratch memory, 8-byte aligned when *at is. */
HR_INLINE char *carve(char **at, size_t bytes) {
    char *p = *at;
    *at += (bytes + 7) & ~(size_t)7;
    return p;
}

/* One bit per class 0..7462 */
#define HR_RANK_WORDS ((7463 + 63) / 64)

/*
 * Heads-up wins and ties by category on one runout.  The sweep credits what
 * a combo of the smaller range loses to the larger's `better` weight in the
 * combo's own category; what the larger range wins with a category above it
 * is then moved there: for each such category b, the larger's live weight
 * in b less that of its combos sharing a card with the combo (in Hold'em two
 * cards' sums, for the twin, which shares both, is in the combo's own
 * category; in Omaha counted combo by combo during the sweep).
 */
typedef struct {
    uint64_t large[HANDRANK_CATEGORIES], small[HANDRANK_CATEGORIES];
    uint64_t won_small[HANDRANK_CATEGORIES], won_large[HANDRANK_CATEGORIES], tied[HANDRANK_CATEGORIES];
    /* Hold'em: the same by card, for the cards the smaller range holds (small_cards; the larger's other rows
     * are written but never read) */
    uint64_t large_by_card[52][HANDRANK_CATEGORIES], small_by_card[52][HANDRANK_CATEGORIES];
    uint8_t small_cards[52];
    int n_small_cards;
} hr_category_sums;

typedef struct {
    const handrank_ranges *spec;
    const uint8_t *perms; /* suit relabellings that leave the question unchanged, 4 bytes each */
    int n_perms;
    uint64_t fixed_mask;  /* the given board cards */
    int n_board;
    uint8_t board[5];
    uint64_t board_mask;
    uint16_t *rank;    /* per combo; 0: dead on this runout */
    uint64_t *mask;    /* per combo: its cards */
    uint64_t *key;     /* Hold'em: per combo, the sum of its card keys */
    uint64_t *bits;    /* Hold'em: per combo, the OR of its suit bits */
    int32_t *by_card;  /* heads-up: the larger range's combos holding card c at by_card[card_at[c]..card_at[c+1]) */
    int32_t *card_at;  /* 53 entries */
    uint64_t *place;   /* heads-up: sums per place, 2 * (combos of the smaller range + 1) */
    int32_t *live;     /* three players or more: live combo indices, per player */
    int32_t *twin;     /* heads-up Hold'em: per combo of the smaller range, the larger's same combo or -1 */
    handrank_tally *out;
    handrank_hand_types *types; /* NULL: not counted */
    hr_category_sums *sums;     /* heads-up, when counted by category */
} ranges_ctx;

/* Rank every combo on the complete board in ctx->board, 0 for those it meets. */
static void rank_combos(ranges_ctx *ctx) {
    const handrank_ranges *spec = ctx->spec;
    int64_t total = spec->offsets[spec->n_players];
    if (spec->game == HANDRANK_HOLDEM) {
        uint64_t key = HANDRANK_KEY_BIAS, bits = 0;
        for (int j = 0; j < 5; j++) {
            key += handrank_card_key[ctx->board[j]];
            bits |= handrank_suit_bit[ctx->board[j]];
        }
        for (int64_t i = 0; i < total; i++)
            ctx->rank[i] = ctx->mask[i] & ctx->board_mask ? 0 : hr_finish(key + ctx->key[i], bits | ctx->bits[i]);
        return;
    }
    hr_omaha_board prepared;
    hr_omaha_prepare5(ctx->board, &prepared);
    for (int64_t i = 0; i < total; i++)
        ctx->rank[i] = ctx->mask[i] & ctx->board_mask
                           ? 0
                           : hr_omaha_prepared5(spec->combos + i * spec->hole_size, spec->hole_size,
                                                      &prepared);
}

/* Place of `rank` among the bitmap's ranks: how many are below it. */
HR_INLINE uint32_t place_of(const uint64_t *bitmap, const uint32_t *below, uint16_t rank) {
    uint64_t word = bitmap[rank >> 6] & ((1ULL << (rank & 63)) - 1);
    return below[rank >> 6] + (uint32_t)hr_popcount64(word);
}

static void credit_heads_up_types(hr_category_sums *sums, int holdem, handrank_hand_types *small,
                                  handrank_hand_types *large, uint64_t times) {
    if (holdem)
        for (int c = 1; c < HANDRANK_CATEGORIES; c++) {
            if (!sums->small[c])
                continue;
            for (int b = 0; b < c; b++) {
                if (!sums->large[b])
                    continue;
                /* sum over the smaller range's combos of category c: weight x the larger's live weight of
                 * category b sharing no card with it */
                uint64_t moved = sums->small[c] * sums->large[b];
                for (int j = 0; j < sums->n_small_cards; j++) {
                    int card = sums->small_cards[j];
                    moved -= sums->small_by_card[card][c] * sums->large_by_card[card][b];
                }
                sums->won_large[b] += moved;
                sums->won_large[c] -= moved;
            }
        }
    for (int c = 0; c < HANDRANK_CATEGORIES; c++) {
        small->wins[c] += sums->won_small[c] * times;
        large->wins[c] += sums->won_large[c] * times;
        small->ties[c] += sums->tied[c] * times;
        large->ties[c] += sums->tied[c] * times;
    }
}

/* Heads-up on one runout: player `small` (the range with fewer combos) against the other. */
static void heads_up(ranges_ctx *ctx, int small, uint64_t times) {
    const handrank_ranges *spec = ctx->spec;
    int large = 1 - small;
    int64_t s_lo = spec->offsets[small], s_hi = spec->offsets[small + 1];
    int64_t l_lo = spec->offsets[large], l_hi = spec->offsets[large + 1];
    uint64_t bitmap[HR_RANK_WORDS] = {0};
    uint32_t below[HR_RANK_WORDS];
    for (int64_t i = s_lo; i < s_hi; i++)
        bitmap[ctx->rank[i] >> 6] |= 1ULL << (ctx->rank[i] & 63); /* dead combos set bit 0: unused */
    bitmap[0] &= ~1ULL;
    uint32_t places = 0;
    for (int w = 0; w < HR_RANK_WORDS; w++) {
        below[w] = places;
        places += (uint32_t)hr_popcount64(bitmap[w]);
    }
    /*
     * acc[2q]: weight of the larger range's combos ranked between the smaller's
     * place q - 1 and q; acc[2q + 1]: ranked the same as place q (no branch to mispredict).
     */
    uint64_t *acc = ctx->place, total = 0;
    for (uint32_t q = 0; q < 2 * places + 2; q++)
        acc[q] = 0;
    const int h = spec->hole_size, typed = ctx->types != NULL;
    /* by category (typed): the larger range's live weight, and (Hold'em) that of its combos holding each card */
    hr_category_sums *sums = ctx->sums;
    if (typed) {
        memset(sums, 0, offsetof(hr_category_sums, large_by_card));
        for (int j = 0; j < sums->n_small_cards; j++) {
            memset(sums->large_by_card[sums->small_cards[j]], 0, sizeof sums->large_by_card[0]);
            memset(sums->small_by_card[sums->small_cards[j]], 0, sizeof sums->small_by_card[0]);
        }
    }
    for (int64_t i = l_lo; i < l_hi; i++) {
        uint16_t r = ctx->rank[i];
        uint32_t q = place_of(bitmap, below, r);
        uint64_t w = r ? spec->weights[i] : 0;
        total += w;
        acc[2 * q + (bitmap[r >> 6] >> (r & 63) & 1)] += w;
        if (typed) {
            int c = hr_category(r);
            sums->large[c] += w;
            if (h == 2) {
                sums->large_by_card[spec->combos[2 * i]][c] += w;
                sums->large_by_card[spec->combos[2 * i + 1]][c] += w;
            }
        }
    }
    /* then better[q] = acc[2q]: weight ranked better (lower) than place q's rank; equal[q] = acc[2q + 1] */
    uint64_t running = 0;
    for (uint32_t q = 0; q <= places; q++) {
        running += acc[2 * q];
        acc[2 * q] = running;
        running += acc[2 * q + 1];
    }
    uint64_t won_s = 0, won_l = 0, tied = 0;
    for (int64_t i = s_lo; i < s_hi; i++) {
        uint16_t r = ctx->rank[i];
        if (!r)
            continue;
        uint32_t q = place_of(bitmap, below, r);
        uint64_t better = acc[2 * q], equal = acc[2 * q + 1], all = total;
        /* take out the larger range's live combos that share a card with this one, each once */
        const uint8_t *cards = spec->combos + i * h;
        if (h == 2) {
            /* Hold'em: only the same two cards are in both lists; that combo (if any) is added back */
            for (int j = 0; j < 2; j++)
                for (int32_t e = ctx->card_at[cards[j]]; e < ctx->card_at[cards[j] + 1]; e++) {
                    int32_t k = ctx->by_card[e];
                    uint16_t rk = ctx->rank[k];
                    uint64_t w = spec->weights[k];
                    w = rk ? w : 0;
                    all -= w;
                    better -= rk < r ? w : 0;
                    equal -= rk == r ? w : 0;
                }
            int32_t k = ctx->twin[i];
            if (k >= 0 && ctx->rank[k]) {
                /* the same cards rank the same */
                all += spec->weights[k];
                equal += spec->weights[k];
            }
        } else {
            uint64_t earlier = 0, removed[HANDRANK_CATEGORIES] = {0};
            for (int j = 0; j < h; j++) {
                for (int32_t e = ctx->card_at[cards[j]]; e < ctx->card_at[cards[j] + 1]; e++) {
                    int32_t k = ctx->by_card[e];
                    uint16_t rk = ctx->rank[k];
                    if (!rk || ctx->mask[k] & earlier)
                        continue;
                    uint64_t w = spec->weights[k];
                    all -= w;
                    if (rk < r)
                        better -= w;
                    else if (rk == r)
                        equal -= w;
                    if (typed)
                        removed[hr_category(rk)] += w;
                }
                earlier |= 1ULL << cards[j];
            }
            if (typed) {
                /* the larger range's wins in the categories above this combo's: moved to theirs */
                uint64_t w = spec->weights[i];
                int c = hr_category(r);
                for (int b = 0; b < c; b++) {
                    uint64_t moved = w * (sums->large[b] - removed[b]);
                    sums->won_large[b] += moved;
                    sums->won_large[c] -= moved;
                }
            }
        }
        uint64_t w = spec->weights[i];
        won_s += w * (all - better - equal);
        won_l += w * better;
        tied += w * equal;
        if (typed) {
            int c = hr_category(r);
            sums->won_small[c] += w * (all - better - equal);
            sums->won_large[c] += w * better;
            sums->tied[c] += w * equal;
            if (h == 2) {
                sums->small[c] += w;
                sums->small_by_card[cards[0]][c] += w;
                sums->small_by_card[cards[1]][c] += w;
            }
        }
    }
    hr_credit_duel(&ctx->out[small], &ctx->out[large], won_s * times, won_l * times, tied * times);
    if (typed)
        credit_heads_up_types(sums, h == 2, &ctx->types[small], &ctx->types[large], times);
}

/* Three players or more: every matchup of live combos, from player p on. */
static void matchups(ranges_ctx *ctx, const int32_t *const *live, const int32_t *n_live, int p, uint64_t used,
                     uint64_t weight, uint16_t *rank) {
    const handrank_ranges *spec = ctx->spec;
    for (int32_t e = 0; e < n_live[p]; e++) {
        int32_t i = live[p][e];
        if (ctx->mask[i] & used)
            continue;
        rank[p] = ctx->rank[i];
        uint64_t w = weight * spec->weights[i];
        if (p + 1 == spec->n_players)
            hr_credit(ctx->out, ctx->types, rank, spec->n_players, w);
        else
            matchups(ctx, live, n_live, p + 1, used | ctx->mask[i], w, rank);
    }
}

/*
 * How many runouts the one in ctx->board stands for: 0 when a suit
 * relabelling in ctx->perms maps it to a smaller card mask (that runout
 * stands for it), else the size of its orbit.
 */
static uint64_t orbit(const ranges_ctx *ctx) {
    if (ctx->n_perms <= 1)
        return 1;
    uint64_t drawn = ctx->board_mask & ~ctx->fixed_mask;
    int same = 0;
    for (int g = 0; g < ctx->n_perms; g++) {
        const uint8_t *perm = ctx->perms + 4 * g;
        uint64_t image = 0;
        for (int j = ctx->n_board; j < 5; j++) {
            uint8_t c = ctx->board[j];
            image |= 1ULL << ((c & ~3) | perm[c & 3]);
        }
        if (image < drawn)
            return 0;
        same += image == drawn;
    }
    return (uint64_t)(ctx->n_perms / same);
}

/* Settle every matchup on the runout in ctx->board; returns the runouts it stands for. */
static uint64_t runout(ranges_ctx *ctx) {
    const handrank_ranges *spec = ctx->spec;
    uint64_t times = orbit(ctx);
    if (!times)
        return 0;
    rank_combos(ctx);
    if (spec->n_players == 2) {
        int64_t n0 = spec->offsets[1] - spec->offsets[0], n1 = spec->offsets[2] - spec->offsets[1];
        heads_up(ctx, n0 <= n1 ? 0 : 1, times);
        return times;
    }
    const int32_t *live[HANDRANK_MAX_PLAYERS];
    int32_t n_live[HANDRANK_MAX_PLAYERS];
    int32_t *next = ctx->live;
    for (int p = 0; p < spec->n_players; p++) {
        live[p] = next;
        n_live[p] = 0;
        for (int64_t i = spec->offsets[p]; i < spec->offsets[p + 1]; i++)
            if (ctx->rank[i])
                next[n_live[p]++] = (int32_t)i;
        next += n_live[p];
    }
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    matchups(ctx, live, n_live, 0, 0, times, rank);
    return times;
}

/* Draw the remaining `left` board cards from deck[start..n_deck). */
static uint64_t runouts(ranges_ctx *ctx, const uint8_t *deck, int n_deck, int start, int left, int filled) {
    uint64_t boards = 0;
    for (int i = start; i <= n_deck - left; i++) {
        ctx->board[filled] = deck[i];
        ctx->board_mask |= 1ULL << deck[i];
        if (left == 1)
            boards += runout(ctx);
        else
            boards += runouts(ctx, deck, n_deck, i + 1, left - 1, filled + 1);
        ctx->board_mask &= ~(1ULL << deck[i]);
    }
    return boards;
}

/*
 * Hold'em, three players or more, three board cards or more to come:
 * matchup by matchup, each counted by multisets of board ranks
 * (hr_holdem_boards), which for these costs far less than ranking
 * every combo on every runout.  Items are the
 * matchups of pairwise disjoint combos, in the order of nested loops over
 * the players' combos.
 */
typedef struct {
    const handrank_ranges *spec;
    const uint8_t *board, *deck;
    int n_board, n_deck, part, parts;
    int64_t item;
    uint8_t holes[2 * HANDRANK_MAX_PLAYERS];
    handrank_tally *out;
    handrank_hand_types *types;
} matchup_walk;

static void walk(matchup_walk *m, int p, uint64_t used, uint64_t weight) {
    const handrank_ranges *spec = m->spec;
    for (int64_t i = spec->offsets[p]; i < spec->offsets[p + 1]; i++) {
        const uint8_t *combo = spec->combos + 2 * i;
        uint64_t mask = 1ULL << combo[0] | 1ULL << combo[1];
        if (mask & used)
            continue;
        m->holes[2 * p] = combo[0];
        m->holes[2 * p + 1] = combo[1];
        uint64_t w = weight * spec->weights[i];
        if (p + 1 < spec->n_players) {
            walk(m, p + 1, used | mask, w);
            continue;
        }
        if (m->item++ % m->parts != m->part)
            continue;
        uint8_t deck[52];
        int n = 0;
        for (int j = 0; j < m->n_deck; j++)
            if (!((used | mask) >> m->deck[j] & 1))
                deck[n++] = m->deck[j];
        handrank_tally t[HANDRANK_MAX_PLAYERS];
        handrank_hand_types by_type[HANDRANK_MAX_PLAYERS];
        memset(t, 0, sizeof t);
        if (m->types)
            memset(by_type, 0, sizeof by_type);
        hr_holdem_boards(m->holes, spec->n_players, m->board, m->n_board, deck, n, 0, 1, t,
                         m->types ? by_type : NULL);
        for (int q = 0; q < spec->n_players; q++) {
            m->out[q].wins += w * t[q].wins;
            m->out[q].ties += w * t[q].ties;
            m->out[q].share += w * t[q].share;
            m->out[q].share_sq += w * t[q].share_sq;
            if (m->types)
                for (int c = 0; c < HANDRANK_CATEGORIES; c++) {
                    m->types[q].wins[c] += w * by_type[q].wins[c];
                    m->types[q].ties[c] += w * by_type[q].ties[c];
                }
        }
    }
}

/*
 * Hold'em, three players or more, with at most two board cards to come:
 * the runouts by their multisets of ranks, as for one matchup in
 * hr_holdem_boards, but with every pair of hole ranks ranked once
 * per multiset for all the matchups it is in.  Matchups whose combos have
 * the same ranks and take the same ranks from the deck share a group: its
 * runouts by multiset, counted from the cards it leaves, are credited once
 * for the group's summed weight.  Each matchup then takes back and credits
 * anew the runouts on which one of its players makes a flush, from a list
 * of the runouts that put three cards or more of one suit on the board
 * (grouped by suit, most of it first).  Showdowns are summed by the mask
 * of the players who split the pot and credited at the end.  Items are
 * the matchups of pairwise disjoint combos, in the order of nested loops
 * over the players' combos; a combo that meets the board is in none.
 */

/* The most multisets of two ranks, and the most runouts of two cards. */
#define HR_PAIR_SETS 91
#define HR_MAX_RUNOUTS 1176

typedef struct {
    uint64_t mask;     /* the runout's cards */
    uint16_t bits;     /* the flush suit's ranks on the board and the runout */
    uint8_t count;     /* how many */
    uint8_t set;       /* the runout's multiset of ranks */
} flush_runout;

/* Matchups whose combos have the same ranks and leave the same ranks in the deck share their showdowns
 * flushes aside: one group of them, its weight summed, its runouts credited once. */
#define HR_GROUP_BITS 6
#define HR_GROUPS (1 << HR_GROUP_BITS)

typedef struct {
    int live;
    uint16_t key[HANDRANK_MAX_PLAYERS]; /* each player's combo class (see shared_walk.class_of) */
    uint64_t weight;                    /* the summed weight of the group's matchups */
    uint16_t mask_of[HR_PAIR_SETS];     /* per multiset, the outcome (see shared_walk.acc), flushes aside */
    uint16_t strong[HR_PAIR_SETS];      /* per multiset, the players with a full house or better */
    uint32_t ways[HR_PAIR_SETS];        /* per multiset, its runouts from the cards the group leaves */
} matchup_group;

typedef struct {
    const handrank_ranges *spec;
    int k, n_sets, part, parts;
    int64_t item;
    int avail[13]; /* the deck's cards of each rank */
    uint64_t deck_mask;
    const uint16_t *plain;  /* per pair of ranks in the hole (row), its rank on each multiset, flushes aside */
    const uint16_t *class_of; /* per combo: 4 * its row + the ranks it takes from the deck (see shared_holdem) */
    const uint64_t *mask;   /* per combo: its cards */
    const uint64_t *bits;   /* per combo: the OR of its suit bits */
    const flush_runout *flushes;
    int flush_at[5];        /* suit s's flush runouts: flushes[flush_at[s] .. flush_at[s + 1]) */
    matchup_group *groups;  /* HR_GROUPS, by a hash of the key */
    int32_t member[HANDRANK_MAX_PLAYERS];
    int typed; /* count by category: an outcome is the mask of the players who split the pot, plus (typed)
                  their hand's category shifted above the n players' bits */
    uint64_t acc[HANDRANK_CATEGORIES << HANDRANK_MAX_PLAYERS]; /* weighted showdowns by outcome */
} shared_walk;

HR_INLINE unsigned split_mask(const uint16_t *rank, int n) {
    if (n == 3) {
        uint16_t best = rank[0] < rank[1] ? rank[0] : rank[1];
        best = rank[2] < best ? rank[2] : best;
        return (unsigned)(rank[0] == best) | (unsigned)(rank[1] == best) << 1 | (unsigned)(rank[2] == best) << 2;
    }
    uint16_t best = rank[0];
    for (int p = 1; p < n; p++)
        best = rank[p] < best ? rank[p] : best;
    unsigned mask = 0;
    for (int p = 0; p < n; p++)
        mask |= (unsigned)(rank[p] == best) << p;
    return mask;
}

/* The outcome of a showdown (see shared_walk.acc) given each player's rank. */
HR_INLINE unsigned outcome(const shared_walk *m, const uint16_t *rank, int n) {
    unsigned mask = n == 3 ? split_mask(rank, 3) : split_mask(rank, n);
    return m->typed ? mask | (unsigned)hr_category(hr_best(rank, n)) << n : mask;
}

/* The runouts of each multiset of k ranks (in shared_holdem's order) drawn from avail[r] cards of rank r. */
HR_INLINE void set_ways(int k, const int *avail, uint32_t *ways) {
    if (k == 2) {
        int d = 0;
        for (int r1 = 0; r1 < 13; r1++) {
            uint32_t a = (uint32_t)avail[r1];
            ways[d++] = a * (a - (a > 0)) / 2;
            for (int r2 = r1 + 1; r2 < 13; r2++)
                ways[d++] = a * (uint32_t)avail[r2];
        }
    } else if (k == 1) {
        for (int r = 0; r < 13; r++)
            ways[r] = (uint32_t)avail[r];
    } else {
        ways[0] = 1;
    }
}

/* A group's runouts, multiset by multiset, summed while the players who split the pot stay the same. */
static void settle_group(shared_walk *m, const matchup_group *g) {
    unsigned current = g->mask_of[0];
    uint64_t run = 0;
    for (int d = 0; d < m->n_sets; d++) {
        if (g->mask_of[d] != current) {
            m->acc[current] += g->weight * run;
            current = g->mask_of[d];
            run = 0;
        }
        run += g->ways[d];
    }
    m->acc[current] += g->weight * run;
}

/* The group of the matchup m->member that leaves the cards `used`, settling the one it displaces. */
static matchup_group *group_of(shared_walk *m, uint64_t used) {
    const int n = m->spec->n_players, sets = m->n_sets;
    uint16_t key[HANDRANK_MAX_PLAYERS];
    uint32_t h = 0;
    for (int p = 0; p < n; p++) {
        key[p] = m->class_of[m->member[p]];
        h = (h + key[p]) * 0x9E3779B1u;
    }
    matchup_group *g = &m->groups[h >> (32 - HR_GROUP_BITS)];
    if (g->live && !memcmp(g->key, key, (size_t)n * sizeof key[0]))
        return g;
    if (g->live)
        settle_group(m, g);
    g->live = 1;
    g->weight = 0;
    memcpy(g->key, key, (size_t)n * sizeof key[0]);
    int avail[13];
    memcpy(avail, m->avail, sizeof avail);
    uint64_t in_deck = used & m->deck_mask;
    while (in_deck) {
        avail[hr_ctz64(in_deck) >> 2]--;
        in_deck &= in_deck - 1;
    }
    set_ways(m->k, avail, g->ways);
    const uint16_t *row[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        row[p] = m->plain + (size_t)(key[p] >> 2) * (size_t)sets;
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    for (int d = 0; d < sets; d++) {
        unsigned strong = 0;
        for (int p = 0; p < n; p++) {
            rank[p] = row[p][d];
            strong |= (unsigned)(rank[p] < HANDRANK_FIRST_FLUSH) << p;
        }
        g->mask_of[d] = (uint16_t)outcome(m, rank, n);
        g->strong[d] = (uint16_t)strong;
    }
    return g;
}

/* One matchup (m->member), weight w: into its group, then its flushes. */
static void shared_matchup(shared_walk *m, uint64_t used, uint64_t w) {
    const int n = m->spec->n_players, sets = m->n_sets;
    matchup_group *g = group_of(m, used);
    g->weight += w;
    const uint16_t *mask_of = g->mask_of;
    const uint16_t *row[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        row[p] = m->plain + (size_t)(m->class_of[m->member[p]] >> 2) * (size_t)sets;
    uint16_t real[HANDRANK_MAX_PLAYERS];
    for (int s = 0; s < 4; s++) {
        /* the players who hold enough of suit s for a flush on some of its runouts */
        int most = 0, able[HANDRANK_MAX_PLAYERS], n_able = 0, count[HANDRANK_MAX_PLAYERS];
        uint16_t held[HANDRANK_MAX_PLAYERS];
        for (int p = 0; p < n; p++) {
            held[p] = (uint16_t)(m->bits[m->member[p]] >> (16 * s) & HR_SUIT_RANKS);
            count[p] = hr_popcount64(held[p]);
            most = count[p] > most ? count[p] : most;
        }
        int f = m->flush_at[s], end = m->flush_at[s + 1];
        if (f == end || m->flushes[f].count + most < 5)
            continue;
        for (int p = 0; p < n; p++)
            if (m->flushes[f].count + count[p] >= 5)
                able[n_able++] = p;
        if (n_able == 1) {
            /* One player can make the flush, and does on each runout left (they come most suited first). With
             * no full house or better against it (a flush never goes with one in 7 cards), it wins outright. */
            const int p = able[0];
            const unsigned alone = 1u << p;
            for (; f < end; f++) {
                const flush_runout *r = &m->flushes[f];
                if (r->count + count[p] < 5)
                    break;
                if (r->mask & used)
                    continue;
                unsigned before = mask_of[r->set], after = alone;
                if (g->strong[r->set] & ~alone) {
                    for (int q = 0; q < n; q++)
                        real[q] = row[q][r->set];
                    real[p] = handrank_flush[r->bits | held[p]];
                    after = outcome(m, real, n);
                } else if (m->typed) {
                    after |= (unsigned)hr_category(handrank_flush[r->bits | held[p]]) << n;
                }
                m->acc[before] -= w;
                m->acc[after] += w;
            }
            continue;
        }
        for (; f < end; f++) {
            const flush_runout *r = &m->flushes[f];
            if (r->count + most < 5)
                break; /* the rest put fewer suited cards on the board */
            if (r->mask & used)
                continue;
            int changed = 0;
            for (int q = 0; q < n_able; q++)
                changed |= r->count + count[able[q]] >= 5;
            if (!changed)
                continue;
            for (int p = 0; p < n; p++)
                real[p] = row[p][r->set];
            for (int q = 0; q < n_able; q++) {
                int p = able[q];
                if (r->count + count[p] >= 5)
                    real[p] = handrank_flush[r->bits | held[p]];
            }
            unsigned before = mask_of[r->set], after = outcome(m, real, n);
            m->acc[before] -= w;
            m->acc[after] += w;
        }
    }
}

static void shared_walk_from(shared_walk *m, int p, uint64_t used, uint64_t weight) {
    const handrank_ranges *spec = m->spec;
    for (int64_t i = spec->offsets[p]; i < spec->offsets[p + 1]; i++) {
        uint64_t mask = m->mask[i];
        if (mask & used)
            continue;
        m->member[p] = (int32_t)i;
        uint64_t w = weight * spec->weights[i];
        if (p + 1 < spec->n_players)
            shared_walk_from(m, p + 1, used | mask, w);
        else if (m->item++ % m->parts == m->part)
            shared_matchup(m, used | mask, w);
    }
}

HR_INLINE void add_flush(flush_runout *r, const int (*set_of)[13], int k, int s, unsigned on_board, int count,
                         const uint8_t *cards) {
    r->mask = 0;
    r->bits = (uint16_t)on_board;
    r->count = (uint8_t)count;
    for (int q = 0; q < k; q++) {
        r->mask |= 1ULL << cards[q];
        if ((cards[q] & 3) == s)
            r->bits |= (uint16_t)(1u << (cards[q] >> 2));
    }
    r->set = (uint8_t)(k == 2 ? set_of[cards[0] >> 2][cards[1] >> 2] : k == 1 ? cards[0] >> 2 : 0);
}

/*
 * Suit s's flush runouts into out, those with the most suited cards first:
 * every way to draw the k cards that puts three of suit s or more on the
 * board, when some combo holds enough of the suit for a flush (most).
 */
static int suit_flushes(int k, const int (*set_of)[13], int s, const uint8_t *board, int n_board,
                        const uint8_t *deck, int n_deck, int most, flush_runout *out) {
    uint8_t suited[13], other[52];
    int n_suited = 0, n_other = 0, n = 0;
    for (int j = 0; j < n_deck; j++) {
        if ((deck[j] & 3) == s)
            suited[n_suited++] = deck[j];
        else
            other[n_other++] = deck[j];
    }
    unsigned on_board = 0;
    for (int j = 0; j < n_board; j++)
        if ((board[j] & 3) == s)
            on_board |= 1u << (board[j] >> 2);
    int b = hr_popcount64(on_board);
    for (int a = k; a >= 0; a--) {
        int count = b + a;
        if (count < 3 || count + most < 5)
            break;
        uint8_t cards[2];
        if (k == 0) {
            add_flush(&out[n++], set_of, k, s, on_board, count, cards);
        } else if (k == 1) {
            const uint8_t *from = a ? suited : other;
            for (int i = 0; i < (a ? n_suited : n_other); i++) {
                cards[0] = from[i];
                add_flush(&out[n++], set_of, k, s, on_board, count, cards);
            }
        } else if (a == 1) {
            for (int i = 0; i < n_suited; i++)
                for (int j = 0; j < n_other; j++) {
                    cards[0] = suited[i];
                    cards[1] = other[j];
                    add_flush(&out[n++], set_of, k, s, on_board, count, cards);
                }
        } else {
            const uint8_t *from = a ? suited : other;
            int size = a ? n_suited : n_other;
            for (int i = 0; i < size; i++)
                for (int j = i + 1; j < size; j++) {
                    cards[0] = from[i];
                    cards[1] = from[j];
                    add_flush(&out[n++], set_of, k, s, on_board, count, cards);
                }
        }
    }
    return n;
}

static void shared_holdem(const handrank_ranges *spec, const uint8_t *board, int n_board, const uint8_t *deck,
                          int n_deck, int part, int parts, char *at, handrank_tally *out,
                          handrank_hand_types *types) {
    shared_walk *m = (shared_walk *)carve(&at, sizeof(shared_walk));
    int64_t total = spec->offsets[spec->n_players];
    int n = spec->n_players;
    m->spec = spec;
    m->k = 5 - n_board;
    m->part = part;
    m->parts = parts;
    m->item = 0;
    m->typed = types != NULL;
    m->deck_mask = 0;
    uint64_t board_mask = 0;
    memset(m->avail, 0, sizeof m->avail);
    for (int j = 0; j < n_deck; j++) {
        m->deck_mask |= 1ULL << deck[j];
        m->avail[deck[j] >> 2]++;
    }
    uint32_t board_key = 0;
    for (int j = 0; j < n_board; j++) {
        board_mask |= 1ULL << board[j];
        board_key += (uint32_t)handrank_card_key[board[j]];
    }
    /* the multisets of k ranks, r1 <= r2, and each one's index */
    int set_of[13][13];
    uint32_t set_key[HR_PAIR_SETS];
    m->n_sets = 0;
    if (m->k == 2) {
        for (int r1 = 0; r1 < 13; r1++)
            for (int r2 = r1; r2 < 13; r2++) {
                set_of[r1][r2] = set_of[r2][r1] = m->n_sets;
                set_key[m->n_sets++] = (uint32_t)handrank_card_key[4 * r1] + (uint32_t)handrank_card_key[4 * r2];
            }
    } else if (m->k == 1) {
        for (int r = 0; r < 13; r++)
            set_key[m->n_sets++] = (uint32_t)handrank_card_key[4 * r];
    } else {
        set_key[m->n_sets++] = 0;
    }
    /* a row of ranks per pair of ranks in the hole, at most 91, made when first met */
    uint16_t *plain = (uint16_t *)carve(&at, (size_t)HR_PAIR_SETS * (size_t)m->n_sets * sizeof(uint16_t));
    uint16_t *class_of = (uint16_t *)carve(&at, (size_t)total * sizeof(uint16_t));
    uint64_t *mask = (uint64_t *)carve(&at, (size_t)total * sizeof(uint64_t));
    uint64_t *bits = (uint64_t *)carve(&at, (size_t)total * sizeof(uint64_t));
    flush_runout *flushes = (flush_runout *)carve(&at, HR_MAX_RUNOUTS * sizeof(flush_runout));
    m->groups = (matchup_group *)carve(&at, HR_GROUPS * sizeof(matchup_group));
    int row_of[16][16], n_rows = 0; /* by the ranks of the hole cards (valid ids give 0..12) */
    memset(row_of, -1, sizeof row_of);
    int most[4] = {0, 0, 0, 0};
    for (int64_t i = 0; i < total; i++) {
        const uint8_t *c = spec->combos + 2 * i;
        mask[i] = 1ULL << c[0] | 1ULL << c[1];
        bits[i] = handrank_suit_bit[c[0]] | handrank_suit_bit[c[1]];
        class_of[i] = 0;
        if (mask[i] & board_mask) {
            mask[i] = ~0ULL; /* meets the board: in no matchup */
            continue;
        }
        for (int s = 0; s < 4; s++) {
            int held = hr_popcount64(bits[i] >> (16 * s) & HR_SUIT_RANKS);
            most[s] = held > most[s] ? held : most[s];
        }
        int r0 = (c[0] >> 2) & 15, r1 = (c[1] >> 2) & 15;
        if (row_of[r0][r1] < 0) {
            row_of[r0][r1] = row_of[r1][r0] = n_rows;
            uint32_t key = board_key + (uint32_t)handrank_card_key[c[0]] + (uint32_t)handrank_card_key[c[1]];
            uint16_t *row = plain + (size_t)n_rows++ * (size_t)m->n_sets;
            for (int d = 0; d < m->n_sets; d++)
                row[d] = hr_plain_hashed(hr_hash(key + set_key[d]));
        }
        /* which ranks the combo takes from the deck: for a pair how many of its cards are in it, else
         * whether the higher card is (bit 0) and the lower (bit 1), whatever the order of c[] */
        int in0 = (int)(m->deck_mask >> c[0] & 1), in1 = (int)(m->deck_mask >> c[1] & 1);
        int taken = r0 == r1 ? in0 + in1 : r0 > r1 ? in0 + 2 * in1 : in1 + 2 * in0;
        class_of[i] = (uint16_t)(4 * row_of[r0][r1] + taken);
    }
    m->plain = plain;
    m->class_of = class_of;
    m->mask = mask;
    m->bits = bits;
    m->flushes = flushes;
    int n_flush = 0;
    for (int s = 0; s < 4; s++) {
        m->flush_at[s] = n_flush;
        n_flush += suit_flushes(m->k, (const int(*)[13])set_of, s, board, n_board, deck, n_deck, most[s],
                                flushes + n_flush);
    }
    m->flush_at[4] = n_flush;
    const unsigned outcomes = (m->typed ? HANDRANK_CATEGORIES : 1u) << n;
    for (unsigned w = 0; w < outcomes; w++)
        m->acc[w] = 0;
    for (int g = 0; g < HR_GROUPS; g++)
        m->groups[g].live = 0;
    shared_walk_from(m, 0, 0, 1);
    for (int g = 0; g < HR_GROUPS; g++)
        if (m->groups[g].live)
            settle_group(m, &m->groups[g]);
    for (unsigned w = 1; w < outcomes; w++)
        if (m->acc[w]) {
            unsigned mask = w & ((1u << n) - 1);
            hr_credit_split(out, types, mask, hr_popcount64(mask), n, (int)(w >> n), m->acc[w]);
        }
}

/* Whether shared_holdem settles the question with n_board cards on the board (3 to 5): three players or more,
 * or two ranges that make few matchups for their combos (see HANDRANK_SHARED_FLOP). */
static int shared(const handrank_ranges *spec, int n_board) {
    if (spec->game != HANDRANK_HOLDEM || n_board < 3 || spec->n_players < 2)
        return 0;
    if (spec->n_players >= 3)
        return 1;
    static const int64_t per_combo[3] = {HANDRANK_SHARED_RIVER, HANDRANK_SHARED_TURN, HANDRANK_SHARED_FLOP};
    int64_t n0 = spec->offsets[1] - spec->offsets[0], n1 = spec->offsets[2] - spec->offsets[1];
    return n0 * n1 <= per_combo[5 - n_board] * (n0 + n1);
}

size_t handrank_ranges_scratch(const handrank_ranges *spec) {
    int64_t total = spec->offsets[spec->n_players];
    size_t size = (size_t)total * (sizeof(uint16_t) + 3 * sizeof(uint64_t) + 2 * sizeof(int32_t));
    size += (size_t)(total * spec->hole_size) * sizeof(int32_t) + 53 * sizeof(int32_t);
    size += 2 * (size_t)(total + 1) * sizeof(uint64_t);
    if (shared(spec, 3)) {
        /* shared_holdem's, when larger (on a flop when on any board: HANDRANK_SHARED_FLOP is the largest) */
        size_t shared = sizeof(shared_walk) + HR_PAIR_SETS * HR_PAIR_SETS * sizeof(uint16_t);
        shared += (size_t)total * (sizeof(uint64_t) + 2 * sizeof(uint64_t));
        shared += HR_MAX_RUNOUTS * sizeof(flush_runout) + HR_GROUPS * sizeof(matchup_group) + 64;
        size = shared > size ? shared : size;
    }
    return size + 64;
}

static uint64_t binomial(int n, int k) {
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

uint64_t handrank_enumerate_ranges(const handrank_ranges *spec, const uint8_t *board, int n_board,
                                   const uint8_t *deck, int n_deck, const uint8_t *perms, int n_perms, int part,
                                   int parts, void *scratch, handrank_tally *out, handrank_hand_types *types) {
    if (shared(spec, n_board)) {
        shared_holdem(spec, board, n_board, deck, n_deck, part, parts,
                      (char *)(((uintptr_t)scratch + 7) & ~(uintptr_t)7), out, types);
        return part == 0 ? binomial(n_deck, 5 - n_board) : 0;
    }
    if (spec->game == HANDRANK_HOLDEM && spec->n_players >= 3) {
        matchup_walk m = {.spec = spec, .board = board, .deck = deck, .n_board = n_board, .n_deck = n_deck,
                          .part = part, .parts = parts, .out = out, .types = types};
        walk(&m, 0, 0, 1);
        return part == 0 ? binomial(n_deck, 5 - n_board) : 0;
    }
    hr_category_sums sums;
    ranges_ctx ctx = {.spec = spec, .perms = perms, .n_perms = n_perms, .n_board = n_board, .out = out,
                      .types = types, .sums = &sums};
    int64_t total = spec->offsets[spec->n_players];
    int h = spec->hole_size;
    char *at = (char *)(((uintptr_t)scratch + 7) & ~(uintptr_t)7);
    ctx.rank = (uint16_t *)carve(&at, (size_t)total * sizeof(uint16_t));
    ctx.mask = (uint64_t *)carve(&at, (size_t)total * sizeof(uint64_t));
    ctx.key = (uint64_t *)carve(&at, (size_t)total * sizeof(uint64_t));
    ctx.bits = (uint64_t *)carve(&at, (size_t)total * sizeof(uint64_t));
    ctx.live = (int32_t *)carve(&at, (size_t)total * sizeof(int32_t));
    ctx.twin = (int32_t *)carve(&at, (size_t)total * sizeof(int32_t));
    ctx.by_card = (int32_t *)carve(&at, (size_t)(total * h) * sizeof(int32_t));
    ctx.card_at = (int32_t *)carve(&at, 53 * sizeof(int32_t));
    ctx.place = (uint64_t *)carve(&at, 2 * (size_t)(total + 1) * sizeof(uint64_t));
    for (int64_t i = 0; i < total; i++) {
        uint64_t m = 0, k = 0, b = 0;
        for (int j = 0; j < h; j++) {
            uint8_t c = spec->combos[i * h + j];
            m |= 1ULL << c;
            k += handrank_card_key[c];
            b |= handrank_suit_bit[c];
        }
        ctx.mask[i] = m;
        ctx.key[i] = k;
        ctx.bits[i] = b;
    }
    if (spec->n_players == 2) {
        /* the larger range's combos by card, for card removal */
        int64_t n0 = spec->offsets[1] - spec->offsets[0], n1 = spec->offsets[2] - spec->offsets[1];
        int large = n0 <= n1 ? 1 : 0;
        for (int c = 0; c <= 52; c++)
            ctx.card_at[c] = 0;
        for (int64_t i = spec->offsets[large]; i < spec->offsets[large + 1]; i++)
            for (int j = 0; j < h; j++)
                ctx.card_at[spec->combos[i * h + j] + 1]++;
        for (int c = 0; c < 52; c++)
            ctx.card_at[c + 1] += ctx.card_at[c];
        int32_t fill[52];
        for (int c = 0; c < 52; c++)
            fill[c] = ctx.card_at[c];
        for (int64_t i = spec->offsets[large]; i < spec->offsets[large + 1]; i++)
            for (int j = 0; j < h; j++)
                ctx.by_card[fill[spec->combos[i * h + j]]++] = (int32_t)i;
        if (types) {
            /* the cards the smaller range holds (it is the smaller on every runout) */
            memset(&sums, 0, sizeof sums);
            uint64_t held = 0;
            for (int64_t i = spec->offsets[1 - large]; i < spec->offsets[2 - large]; i++)
                held |= ctx.mask[i];
            while (held) {
                sums.small_cards[sums.n_small_cards++] = (uint8_t)hr_ctz64(held);
                held &= held - 1;
            }
        }
        if (h == 2) {
            int small = 1 - large;
            for (int64_t i = spec->offsets[small]; i < spec->offsets[small + 1]; i++) {
                ctx.twin[i] = -1;
                uint8_t c = spec->combos[i * h];
                for (int32_t e = ctx.card_at[c]; e < ctx.card_at[c + 1]; e++)
                    if (ctx.mask[ctx.by_card[e]] == ctx.mask[i])
                        ctx.twin[i] = ctx.by_card[e];
            }
        }
    }
    for (int j = 0; j < n_board; j++) {
        ctx.board[j] = board[j];
        ctx.board_mask |= 1ULL << board[j];
    }
    ctx.fixed_mask = ctx.board_mask;
    int left = 5 - n_board;
    if (left == 0) {
        if (part > 0)
            return 0;
        return runout(&ctx);
    }
    /* items: the first card drawn, deck[i] for i = part, part + parts, ... */
    uint64_t boards = 0;
    for (int i = part; i <= n_deck - left; i += parts) {
        ctx.board[n_board] = deck[i];
        ctx.board_mask |= 1ULL << deck[i];
        if (left == 1)
            boards += runout(&ctx);
        else
            boards += runouts(&ctx, deck, n_deck, i + 1, left - 1, n_board + 1);
        ctx.board_mask &= ~(1ULL << deck[i]);
    }
    return boards;
}
