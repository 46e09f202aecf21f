/*
 * Equity: exact enumeration of board completions and seeded Monte Carlo.
 *
 * Hold'em enumeration counts boards by their multiset of ranks and settles
 * flushes apart (hr_holdem_boards); Monte Carlo sums each board's card keys
 * once and adds every player's hole key to it, so a showdown costs one
 * table lookup per player.  Omaha ranks each player's hand with the Omaha
 * evaluator.
 */
#include "handrank.h"
#include "internal.h"

typedef struct {
    enum handrank_game game;
    int n_players, hole_size;
    const uint8_t *holes;             /* n_players * hole_size */
    uint64_t hole_key[HANDRANK_MAX_PLAYERS], hole_bits[HANDRANK_MAX_PLAYERS];
    uint8_t board[5];
    handrank_tally *out;
    handrank_hand_types *types; /* NULL: not counted */
} showdown_ctx;

/* One complete board: `key` and `bits` sum its five cards (Hold'em). */
HR_INLINE void showdown_holdem(showdown_ctx *ctx, uint64_t key, uint64_t bits) {
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < ctx->n_players; p++)
        rank[p] = hr_finish(key + ctx->hole_key[p], bits | ctx->hole_bits[p]);
    hr_credit(ctx->out, ctx->types, rank, ctx->n_players, 1);
}

/*
 * Monte Carlo Hold'em showdowns of three players or more, not by category: counted by outcome (the mask of
 * the players who split the pot) and credited once at the end, with no division or branch a showdown.
 */
typedef struct {
    uint64_t count[1 << HANDRANK_MAX_PLAYERS];
} outcomes;

HR_INLINE void outcomes_clear(outcomes *o, int n) { memset(o->count, 0, sizeof o->count[0] << n); }

HR_INLINE void showdown_outcome(const showdown_ctx *ctx, uint64_t key, uint64_t bits, outcomes *o) {
    const int n = ctx->n_players;
    uint16_t rank[HANDRANK_MAX_PLAYERS], best = 0xffff;
    for (int p = 0; p < n; p++) {
        rank[p] = hr_finish(key + ctx->hole_key[p], bits | ctx->hole_bits[p]);
        best = rank[p] < best ? rank[p] : best;
    }
    unsigned mask = 0;
    for (int p = 0; p < n; p++)
        mask |= (unsigned)(rank[p] == best) << p;
    o->count[mask]++;
}

static void outcomes_credit(const outcomes *o, int n, handrank_tally *out) {
    for (unsigned m = 1; m < 1u << n; m++)
        if (o->count[m])
            hr_credit_split(out, NULL, m, hr_popcount64(m), n, 0, o->count[m]);
}

static void showdown_omaha(showdown_ctx *ctx) {
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    hr_omaha_board prepared;
    hr_omaha_prepare5(ctx->board, &prepared);
    for (int p = 0; p < ctx->n_players; p++) {
        const uint8_t *hole = ctx->holes + p * ctx->hole_size;
        rank[p] = hr_omaha_prepared5(hole, ctx->hole_size, &prepared);
    }
    hr_credit(ctx->out, ctx->types, rank, ctx->n_players, 1);
}

static void init_ctx(showdown_ctx *ctx, enum handrank_game game, const uint8_t *holes, int n_players, int hole_size,
                     handrank_tally *out, handrank_hand_types *types) {
    ctx->game = game;
    ctx->types = types;
    ctx->holes = holes;
    ctx->n_players = n_players;
    ctx->hole_size = hole_size;
    ctx->out = out;
    if (game != HANDRANK_HOLDEM)
        return; /* Omaha ranks each hand from its cards */
    for (int p = 0; p < n_players; p++) {
        uint64_t key = 0, bits = 0;
        for (int j = 0; j < hole_size; j++) {
            key += handrank_card_key[holes[p * hole_size + j]];
            bits |= handrank_suit_bit[holes[p * hole_size + j]];
        }
        ctx->hole_key[p] = key;
        ctx->hole_bits[p] = bits;
    }
}

/* The players who split the pot, as a bit mask. */
static unsigned winner_mask(const uint16_t *rank, int n) {
    uint16_t best = 0xffff;
    unsigned mask = 0;
    for (int p = 0; p < n; p++) {
        if (rank[p] < best) {
            best = rank[p];
            mask = 1u << p;
        } else if (rank[p] == best) {
            mask |= 1u << p;
        }
    }
    return mask;
}

/* One multiset of board ranks: its rank key and the number of ways to draw it. */
typedef struct {
    uint32_t key, ways;
} rank_draw;

/* The most multisets of up to five ranks: C(13 + 5 - 1, 5). */
#define HR_MAX_DRAWS 6188

/*
 * Every multiset of `size` (0..5) ranks drawn from avail[r] cards of rank r,
 * in lexicographic order (r1 <= r2 <= ...), the undrawable ones (0 ways)
 * kept unless `drawable_only`.  Returns the count written to `out`.
 */
static int rank_draws(const int *avail, int size, int drawable_only, rank_draw *out) {
    static const uint32_t binom[5][6] = {{1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0},
                                         {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}};
    int r[5] = {0, 0, 0, 0, 0}, n = 0;
    if (size == 0) {
        out[0].key = 0;
        out[0].ways = 1;
        return 1;
    }
    for (;;) {
        uint32_t key = 0, ways = 1;
        for (int i = 0; i < size;) {
            int j = i;
            while (j < size && r[j] == r[i])
                j++;
            ways *= binom[avail[r[i]]][j - i];
            key += (uint32_t)handrank_card_key[4 * r[i]] * (uint32_t)(j - i);
            i = j;
        }
        if (ways || !drawable_only) {
            out[n].key = key;
            out[n].ways = ways;
            n++;
        }
        /* next multiset: bump the last rank below 12, reset the ones after it to it */
        int i = size - 1;
        while (i >= 0 && r[i] == 12)
            i--;
        if (i < 0)
            return n;
        r[i]++;
        for (int j = i + 1; j < size; j++)
            r[j] = r[i];
    }
}

/*
 * The next mask above `m` with at most k bits set (or one >= limit, the end).  Every mask between x and
 * x plus its lowest bit holds all of x's bits and more, so when x has too
 * many bits the step skips none that qualify.
 */
HR_INLINE unsigned next_draw(unsigned m, int k, unsigned limit) {
    unsigned x = m + 1;
    while (x < limit && hr_popcount64(x) > k)
        x += x & (0u - x);
    return x;
}

/*
 * Hold'em: every completion of the board by its multiset of ranks (the
 * showdown does not depend on suits unless someone makes a flush), then,
 * suit by suit, the completions in which someone makes a flush in that
 * suit: their rank-only showdown is taken back and the real one credited.
 * Two suits cannot both hold three of five board cards, so no completion
 * is corrected twice.  Work items (each multiset, then each suit's set of
 * drawn suited cards) are numbered in a fixed order; this call does the
 * items i with i % parts == part.  Returns the boards its multisets stand for.
 */
uint64_t hr_holdem_boards(const uint8_t *holes, int n, const uint8_t *board, int n_board, const uint8_t *deck,
                              int n_deck, int part, int parts, handrank_tally *out, handrank_hand_types *types) {
    int k = 5 - n_board, avail[13] = {0};
    uint32_t hole_key[HANDRANK_MAX_PLAYERS], fixed_key = 0;
    uint16_t rank[HANDRANK_MAX_PLAYERS], real[HANDRANK_MAX_PLAYERS];
    rank_draw draws[HR_MAX_DRAWS];
    for (int p = 0; p < n; p++)
        hole_key[p] = (uint32_t)handrank_card_key[holes[2 * p]] + (uint32_t)handrank_card_key[holes[2 * p + 1]];
    for (int j = 0; j < n_board; j++)
        fixed_key += (uint32_t)handrank_card_key[board[j]];
    for (int j = 0; j < n_deck; j++)
        avail[deck[j] >> 2]++;

    int64_t item = 0;
    uint64_t boards = 0;
    int n_draws = rank_draws(avail, k, 0, draws);
    for (int d = 0; d < n_draws; d++, item++) {
        if (item % parts != part || !draws[d].ways)
            continue;
        uint32_t base = fixed_key + draws[d].key;
        for (int p = 0; p < n; p++)
            rank[p] = hr_plain_hashed(hr_hash(base + hole_key[p]));
        hr_credit(out, types, rank, n, draws[d].ways);
        boards += draws[d].ways;
    }

    for (int s = 0; s < 4; s++) {
        unsigned fixed_bits = 0, hole_bits[HANDRANK_MAX_PLAYERS];
        int held[HANDRANK_MAX_PLAYERS], most = 0, suited[13], n_suited = 0, other[13];
        for (int j = 0; j < n_board; j++)
            if ((board[j] & 3) == s)
                fixed_bits |= 1u << (board[j] >> 2);
        for (int p = 0; p < n; p++) {
            hole_bits[p] = 0;
            for (int j = 0; j < 2; j++)
                if ((holes[2 * p + j] & 3) == s)
                    hole_bits[p] |= 1u << (holes[2 * p + j] >> 2);
            held[p] = hr_popcount64(hole_bits[p]);
            most = held[p] > most ? held[p] : most;
        }
        int on_board = hr_popcount64(fixed_bits);
        int least = 5 - on_board - most; /* suit-s cards to draw before anyone can flush */
        if (least < 0)
            least = 0;
        for (int r = 0; r < 13; r++)
            other[r] = avail[r];
        for (int j = 0; j < n_deck; j++)
            if ((deck[j] & 3) == s) {
                suited[n_suited++] = deck[j] >> 2;
                other[deck[j] >> 2]--;
            }
        if (least > k || least > n_suited)
            continue; /* no item for this suit */
        /* the non-suited rest of a board, by size */
        rank_draw rest[3][91];
        int n_rest[3] = {0, 0, 0};
        for (int j = 0; j <= k - least && j < 3; j++)
            n_rest[j] = rank_draws(other, j, 1, rest[j]);
        /* the sets of suited cards in increasing order of mask, those of more than k cards stepped over */
        for (unsigned drawn = 0, end = 1u << n_suited; drawn < end; drawn = next_draw(drawn, k, end)) {
            int a = hr_popcount64(drawn);
            if (a < least)
                continue;
            if (item++ % parts != part)
                continue;
            unsigned bits = fixed_bits;
            uint32_t key = fixed_key;
            for (int i = 0; i < n_suited; i++)
                if (drawn >> i & 1) {
                    bits |= 1u << suited[i];
                    key += (uint32_t)handrank_card_key[4 * suited[i]];
                }
            int j = k - a; /* at most 2: a >= 3 - on_board */
            for (int e = 0; e < n_rest[j]; e++) {
                uint32_t base = key + rest[j][e].key;
                for (int p = 0; p < n; p++) {
                    rank[p] = hr_plain_hashed(hr_hash(base + hole_key[p]));
                    real[p] = on_board + a + held[p] >= 5 ? handrank_flush[bits | hole_bits[p]] : rank[p];
                }
                if (winner_mask(rank, n) == winner_mask(real, n) &&
                    (!types || hr_category(hr_best(rank, n)) == hr_category(hr_best(real, n))))
                    continue; /* the flush changes no share (nor the winning category, when counted) */
                hr_credit(out, types, rank, n, 0 - (uint64_t)rest[j][e].ways);
                hr_credit(out, types, real, n, rest[j][e].ways);
            }
        }
    }
    return boards;
}

/* Omaha: draw the remaining `left` board cards from deck[start..n) into ctx->board[filled..]. */
static uint64_t omaha_rec(showdown_ctx *ctx, const uint8_t *deck, int n, int start, int left, int filled) {
    uint64_t boards = 0;
    for (int i = start; i <= n - left; i++) {
        ctx->board[filled] = deck[i];
        if (left == 1) {
            showdown_omaha(ctx);
            boards++;
        } else {
            boards += omaha_rec(ctx, deck, n, i + 1, left - 1, filled + 1);
        }
    }
    return boards;
}

uint64_t handrank_enumerate(enum handrank_game game, const uint8_t *holes, int n_players, int hole_size,
                            const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                            int part, int parts, handrank_tally *out, handrank_hand_types *types) {
    if (game == HANDRANK_HOLDEM)
        return hr_holdem_boards(holes, n_players, board, n_board, deck, n_deck, part, parts, out, types);
    showdown_ctx ctx;
    init_ctx(&ctx, game, holes, n_players, hole_size, out, types);
    for (int j = 0; j < n_board; j++)
        ctx.board[j] = board[j];
    int left = 5 - n_board;
    if (left == 0) {
        if (part > 0)
            return 0;
        showdown_omaha(&ctx);
        return 1;
    }
    /* Omaha items: the first card drawn, deck[i] for i = part, part + parts, ... */
    uint64_t boards = 0;
    for (int i = part; i <= n_deck - left; i += parts) {
        ctx.board[n_board] = deck[i];
        if (left == 1) {
            showdown_omaha(&ctx);
            boards++;
        } else {
            boards += omaha_rec(&ctx, deck, n_deck, i + 1, left - 1, n_board + 1);
        }
    }
    return boards;
}

/* splitmix64: a small, well-mixed generator, written the same way in Python. */
HR_INLINE uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The 128-bit product a * b: its high word returned, its low word in *low. */
HR_INLINE uint64_t mul_hi(uint64_t a, uint64_t b, uint64_t *low) {
#if defined(_MSC_VER) && !defined(__clang__)
    *low = a * b;
    return __umulh(a, b);
#else
    unsigned __int128 x = (unsigned __int128)a * b;
    *low = (uint64_t)x;
    return (uint64_t)(x >> 64);
#endif
}

/* The largest bound a draw may take from the spare word of an earlier one, and how many draws share a word. */
#define HR_SMALL_DRAW 64
#define HR_DRAWS_PER_WORD 4

/*
 * A block's random stream: wyrand (a 64-bit counter, each word the folded
 * 128-bit product of the counter and the counter xor a constant), seeded
 * by splitmix64 from (seed, block).  A draw below n is floor(r * n / 2**64)
 * for a word r.  A draw below n <= HR_SMALL_DRAW (a card, a combo of a
 * small range) keeps the low word of that product, and the next such draw
 * multiplies it instead of a new word, up to HR_DRAWS_PER_WORD draws per
 * word: each takes at most six of its bits, and forty are left for the last.
 */
typedef struct {
    uint64_t state, spare;
    int left; /* draws the spare word still holds */
} stream;

HR_INLINE uint64_t next_word(stream *s) {
    uint64_t low, x = (s->state += 0xa0761d6478bd642fULL);
    uint64_t high = mul_hi(x, x ^ 0xe7037ed1a0b428dbULL, &low);
    return high ^ low;
}

HR_INLINE uint64_t draw_small(stream *s, uint64_t n) {
    uint64_t r;
    if (s->left) {
        s->left--;
        r = s->spare;
    } else {
        s->left = HR_DRAWS_PER_WORD - 1;
        r = next_word(s);
    }
    return mul_hi(r, n, &s->spare);
}

HR_INLINE uint64_t draw_big(stream *s, uint64_t n) {
    uint64_t low;
    return mul_hi(next_word(s), n, &low);
}

/* What every trial of one Monte Carlo run deals from. */
typedef struct {
    enum handrank_game game;
    int n_players, hole_size, n_board;
    const uint8_t *combos, *board;
    const int64_t *offsets;
    const uint64_t *cum_weights;
    uint64_t taken;                    /* the board's and the dead cards: never dealt */
    const uint64_t *excluded;          /* per player: cards a random hand may not hold */
    int uniform[HANDRANK_MAX_PLAYERS]; /* player p's combos all weigh the same */
    int dealt[HANDRANK_MAX_PLAYERS];   /* player p holds a random hand dealt from the deck (no excluded cards) */
    int fixed;                         /* every player holds one hand or, with three players or more, a
                                          random hand dealt from the deck: the deck is the same every trial
                                          (-1: hands that collide, no possible deal) */
    uint8_t deck[52];                  /* then: the cards left for the random hands and the board */
    int n_deck;
} mc_spec;

static void prepare(mc_spec *mc) {
    mc->fixed = 1;
    for (int p = 0; p < mc->n_players; p++) {
        const uint64_t *cw = mc->cum_weights + mc->offsets[p];
        int64_t n = mc->offsets[p + 1] - mc->offsets[p];
        int uniform = n > 0;
        for (int64_t i = 1; i < n && uniform; i++)
            uniform = cw[i] - cw[i - 1] == cw[0];
        mc->uniform[p] = uniform;
        mc->dealt[p] = n == 0 && !mc->excluded[p];
        mc->fixed &= n == 1 || (mc->dealt[p] && mc->n_players >= 3);
    }
    if (!mc->fixed)
        return;
    uint64_t used = mc->taken;
    for (int p = 0; p < mc->n_players; p++) {
        if (mc->dealt[p])
            continue;
        const uint8_t *hole = mc->combos + mc->offsets[p] * mc->hole_size;
        for (int j = 0; j < mc->hole_size; j++) {
            if (used >> hole[j] & 1)
                mc->fixed = -1; /* every deal collides */
            used |= 1ULL << hole[j];
        }
    }
    mc->n_deck = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1))
            mc->deck[mc->n_deck++] = (uint8_t)c;
}

/* Block b's stream, from (seed, b) alone, so a block draws the same wherever and whenever it runs. */
HR_INLINE stream block_stream(uint64_t seed, int64_t block) {
    uint64_t state = seed;
    state = next_random(&state) ^ (uint64_t)block;
    stream s = {next_random(&state), 0, 0};
    return s;
}

/* Which of n > 1 combos to take, by the cumulative weights cw of just those combos. */
HR_INLINE int64_t draw_combo(stream *s, const uint64_t *cw, int64_t n, int uniform) {
    if (uniform)
        return (int64_t)(n <= HR_SMALL_DRAW ? draw_small(s, (uint64_t)n) : draw_big(s, (uint64_t)n));
    /* The first combo whose cumulative weight exceeds r, by a search
     * without branches (a range of 1326 combos would mispredict ~11 times). */
    uint64_t r = draw_big(s, cw[n - 1]);
    int64_t a = 0;
    for (int64_t len = n; len > 1;) {
        int64_t half = len >> 1;
        a = cw[a + half - 1] <= r ? a + half : a;
        len -= half;
    }
    return a;
}

/*
 * A trial's deck: the cards not on the board or dead, in order.  The
 * trial moves the cards its drawn hands hold to the back, then deals the
 * other hands and the board from the front by a partial Fisher-Yates
 * shuffle of the rest: a uniform sample of the cards left, nothing drawn
 * twice and nothing passed over.
 */
typedef struct {
    uint8_t card[52]; /* the cards in order */
    uint8_t at[52];   /* each card's place in it */
    int n;
} sorted_deck;

HR_INLINE void sorted_deck_init(sorted_deck *d, uint64_t taken) {
    d->n = 0;
    for (int c = 0; c < 52; c++)
        if (!(taken >> c & 1)) {
            d->card[d->n] = (uint8_t)c;
            d->at[c] = (uint8_t)d->n++;
        }
}

HR_INLINE void swap_cards(uint8_t *card, int i, int j) {
    uint8_t a = card[i];
    card[i] = card[j];
    card[j] = a;
}

/*
 * The cards of `held` (in the deck, not yet moved) to the back of a deck
 * still in order, highest first, so each is still in its first place when
 * its turn comes; returns the new back.
 */
HR_INLINE int move_back(uint8_t *card, const sorted_deck *d, uint64_t held) {
    int back = d->n;
    while (held) {
        int c = hr_msb64(held);
        swap_cards(card, d->at[c], --back);
        held ^= 1ULL << c;
    }
    return back;
}

/* The card at a uniform place of front..top - 1, swapped to the front, which moves up one. */
HR_INLINE uint8_t deal_front(stream *s, uint8_t *card, int *front, int top) {
    int i = *front + (int)draw_small(s, (uint64_t)(top - *front));
    swap_cards(card, i, *front);
    return card[(*front)++];
}

/*
 * Player p's drawn hand into `hole`: a combo of its range by weight, or
 * (a random hand that may not hold some cards) a uniform hand of the
 * cards it may hold.  Returns 0 when it meets a card in *used; its cards
 * are added to *used either way.
 */
HR_INLINE int draw_hand(const mc_spec *mc, int p, stream *s, uint64_t *used, uint8_t *hole) {
    int64_t lo = mc->offsets[p], n = mc->offsets[p + 1] - lo;
    uint64_t mine = 0;
    if (n == 0) {
        uint64_t allowed = ~(mc->taken | mc->excluded[p]);
        for (int j = 0; j < mc->hole_size; j++) {
            uint64_t c;
            do c = draw_small(s, 52); while (!((allowed & ~mine) >> c & 1));
            mine |= 1ULL << c;
            hole[j] = (uint8_t)c;
        }
    } else {
        /* a fixed hand draws nothing */
        int64_t a = n == 1 ? 0 : draw_combo(s, mc->cum_weights + lo, n, mc->uniform[p]);
        const uint8_t *combo = mc->combos + (lo + a) * mc->hole_size;
        for (int j = 0; j < mc->hole_size; j++) {
            mine |= 1ULL << combo[j];
            hole[j] = combo[j];
        }
    }
    int ok = !(*used & mine);
    *used |= mine;
    return ok;
}

/*
 * Every player's hand into `holes`.  First the drawn hands (ranges, fixed
 * hands, random hands that may not hold some cards), each from its own
 * odds: a deal in which two meet, or one meets the board or a dead card,
 * is dropped and drawn again whole, so every possible deal keeps the odds
 * its weights give it.  Their cards go to the back of the deck; then the
 * other random hands come from its front.  Returns the front (the next
 * card to deal) and in *top the back, or -1 after `max_redraws` such
 * deals in a row.
 */
HR_INLINE int deal_hands(const mc_spec *mc, int64_t max_redraws, stream *s, const sorted_deck *d, uint8_t *card,
                         int *top, uint8_t *holes) {
    const int n = mc->n_players, h = mc->hole_size;
    uint64_t used;
    for (int64_t redraws = 0;;) {
        used = mc->taken;
        int ok = 1;
        for (int p = 0; p < n && ok; p++)
            if (!mc->dealt[p])
                ok = draw_hand(mc, p, s, &used, holes + p * h);
        if (ok)
            break;
        if (++redraws >= max_redraws)
            return -1;
    }
    memcpy(card, d->card, sizeof d->card);
    int back = move_back(card, d, used & ~mc->taken), front = 0;
    for (int p = 0; p < n; p++)
        if (mc->dealt[p])
            for (int j = 0; j < h; j++)
                holes[p * h + j] = deal_front(s, card, &front, back);
    *top = back;
    return front;
}

/* Heads-up Hold'em showdowns counted in registers, credited once; by category too when asked. */
typedef struct {
    uint64_t won0, won1, tied;
    uint64_t by_type[3][HANDRANK_CATEGORIES]; /* won by player 0, won by player 1, tied */
} duel;

/*
 * One heads-up showdown (a, b: the two ranks) into *d.  `typed` (a
 * constant where it matters): by category only, one count a showdown, the
 * totals summed from them by duel_credit.
 */
HR_INLINE void duel_count(duel *d, uint16_t a, uint16_t b, int typed) {
    if (typed) {
        d->by_type[(b < a) + 2 * (a == b)][hr_category(a < b ? a : b)]++;
        return;
    }
    d->won0 += a < b;
    d->won1 += b < a;
    d->tied += a == b;
}

/* Credit what *d counted (by category when `types` is not NULL: then duel_count was typed). */
HR_INLINE void duel_credit(const duel *d, handrank_tally *out, handrank_hand_types *types) {
    uint64_t won0 = d->won0, won1 = d->won1, tied = d->tied;
    if (types)
        for (int c = 0; c < HANDRANK_CATEGORIES; c++) {
            won0 += d->by_type[0][c];
            won1 += d->by_type[1][c];
            tied += d->by_type[2][c];
            types[0].wins[c] += d->by_type[0][c];
            types[1].wins[c] += d->by_type[1][c];
            types[0].ties[c] += d->by_type[2][c];
            types[1].ties[c] += d->by_type[2][c];
        }
    hr_credit_duel(&out[0], &out[1], won0, won1, tied);
}

/*
 * Fixed hands (and, with three players or more, random hands dealt from the
 * deck): the random hands in turn, then the board's missing cards, by a
 * partial Fisher-Yates shuffle of the deck (no rejection, nothing moved
 * back), which each block starts in sorted order.
 */
static void fixed_blocks(mc_spec *mc, uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                         handrank_tally *out, handrank_hand_types *types) {
    int n = mc->n_players, h = mc->hole_size, k = 5 - mc->n_board, n_dealt = 0;
    uint64_t base_key = HANDRANK_KEY_BIAS, base_bits = 0;
    for (int j = 0; j < mc->n_board; j++) {
        base_key += handrank_card_key[mc->board[j]];
        base_bits |= handrank_suit_bit[mc->board[j]];
    }
    uint8_t holes[HANDRANK_MAX_PLAYERS * 6] = {0}, dealt[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        if (mc->dealt[p])
            dealt[n_dealt++] = (uint8_t)p;
        else
            memcpy(holes + p * h, mc->combos + mc->offsets[p] * h, (size_t)h);
    }
    duel d;
    memset(&d, 0, sizeof d);
    outcomes o;
    const int by_outcome = mc->game == HANDRANK_HOLDEM && n >= 3 && !types;
    if (by_outcome)
        outcomes_clear(&o, n);
    showdown_ctx ctx;
    init_ctx(&ctx, mc->game, holes, n, h, out, types);
    for (int j = 0; j < mc->n_board && j < 5; j++)
        ctx.board[j] = mc->board[j];
    for (int64_t block = block_lo; block < block_hi; block++) {
        stream s = block_stream(seed, block);
        uint8_t deck[52];
        memcpy(deck, mc->deck, (size_t)mc->n_deck);
        for (int64_t t = 0; t < block_trials; t++) {
            uint64_t key = base_key, bits = base_bits;
            int front = 0;
            for (int i = 0; i < n_dealt; i++) {
                int p = dealt[i];
                uint64_t hole_key = 0, hole_bits = 0;
                for (int j = 0; j < h; j++) {
                    uint8_t c = deal_front(&s, deck, &front, mc->n_deck);
                    holes[p * h + j] = c;
                    hole_key += handrank_card_key[c];
                    hole_bits |= handrank_suit_bit[c];
                }
                ctx.hole_key[p] = hole_key;
                ctx.hole_bits[p] = hole_bits;
            }
            for (int j = 0; j < k; j++) {
                uint8_t c = deal_front(&s, deck, &front, mc->n_deck);
                ctx.board[mc->n_board + j] = c;
                key += handrank_card_key[c];
                bits |= handrank_suit_bit[c];
            }
            if (mc->game != HANDRANK_HOLDEM) {
                showdown_omaha(&ctx);
            } else if (n == 2) {
                uint16_t a = hr_finish(key + ctx.hole_key[0], bits | ctx.hole_bits[0]);
                uint16_t b = hr_finish(key + ctx.hole_key[1], bits | ctx.hole_bits[1]);
                duel_count(&d, a, b, types != NULL);
            } else if (by_outcome) {
                showdown_outcome(&ctx, key, bits, &o);
            } else {
                showdown_holdem(&ctx, key, bits);
            }
        }
    }
    if (mc->game == HANDRANK_HOLDEM && n == 2)
        duel_credit(&d, out, types);
    if (by_outcome)
        outcomes_credit(&o, n, out);
}

/*
 * Heads-up Hold'em, no random hand with excluded cards: deal_hands and the
 * board of the main loop, draw for draw, with all state in locals and the
 * kinds of hand (dealt from the deck or drawn) as constants.
 */
HR_INLINE int64_t duel_run(const mc_spec *mc, const sorted_deck *d, uint64_t seed, int64_t block_lo, int64_t block_hi,
                           int64_t block_trials, int64_t max_redraws, handrank_tally *out,
                           handrank_hand_types *types, const int typed, const int dealt0,
                           const int dealt1, const int preflop) {
    const uint64_t taken = mc->taken;
    const int k = preflop ? 5 : 5 - mc->n_board;
    const int dealt[2] = {dealt0, dealt1};
    const uint8_t *cards[2];
    const uint64_t *cw[2];
    int64_t count[2];
    int uniform[2];
    for (int p = 0; p < 2; p++) {
        cards[p] = mc->combos + 2 * mc->offsets[p];
        cw[p] = mc->cum_weights + mc->offsets[p];
        count[p] = mc->offsets[p + 1] - mc->offsets[p];
        uniform[p] = mc->uniform[p];
    }
    uint64_t base_key = HANDRANK_KEY_BIAS, base_bits = 0;
    for (int j = 0; j < mc->n_board; j++) {
        base_key += handrank_card_key[mc->board[j]];
        base_bits |= handrank_suit_bit[mc->board[j]];
    }
    duel tally;
    memset(&tally, 0, sizeof tally);
    int64_t trials = 0;
    for (int64_t block = block_lo; block < block_hi; block++) {
        stream s = block_stream(seed, block);
        for (int64_t t = 0; t < block_trials; t++) {
            uint8_t hole[4], card[52];
            uint64_t used;
            for (int64_t redraws = 0;;) {
                used = taken;
                int ok = 1;
                for (int p = 0; p < 2 && ok; p++) {
                    if (dealt[p])
                        continue;
                    int64_t i = count[p] == 1 ? 0 : draw_combo(&s, cw[p], count[p], uniform[p]);
                    hole[2 * p] = cards[p][2 * i];
                    hole[2 * p + 1] = cards[p][2 * i + 1];
                    uint64_t m = 1ULL << hole[2 * p] | 1ULL << hole[2 * p + 1];
                    ok = !(used & m);
                    used |= m;
                }
                if (ok)
                    break;
                if (++redraws >= max_redraws)
                    return -1;
            }
            memcpy(card, d->card, sizeof card);
            int back, front = 0;
            if (dealt0 != dealt1) {
                /* one drawn hand: its two cards, the higher first */
                int p = dealt0 ? 1 : 0;
                uint8_t hi = hole[2 * p] > hole[2 * p + 1] ? hole[2 * p] : hole[2 * p + 1];
                uint8_t lo = (uint8_t)(hole[2 * p] ^ hole[2 * p + 1] ^ hi);
                swap_cards(card, d->at[hi], d->n - 1);
                swap_cards(card, d->at[lo], d->n - 2);
                back = d->n - 2;
            } else {
                back = move_back(card, d, used & ~taken);
            }
            for (int p = 0; p < 2; p++)
                if (dealt[p]) {
                    hole[2 * p] = deal_front(&s, card, &front, back);
                    hole[2 * p + 1] = deal_front(&s, card, &front, back);
                }
            uint64_t key = base_key, bits = base_bits;
            for (int j = 0; j < k; j++) {
                uint8_t c = deal_front(&s, card, &front, back);
                key += handrank_card_key[c];
                bits |= handrank_suit_bit[c];
            }
            uint16_t r0 = hr_finish(key + handrank_card_key[hole[0]] + handrank_card_key[hole[1]],
                                    bits | handrank_suit_bit[hole[0]] | handrank_suit_bit[hole[1]]);
            uint16_t r1 = hr_finish(key + handrank_card_key[hole[2]] + handrank_card_key[hole[3]],
                                    bits | handrank_suit_bit[hole[2]] | handrank_suit_bit[hole[3]]);
            duel_count(&tally, r0, r1, typed);
            trials++;
        }
    }
    duel_credit(&tally, out, types);
    return trials;
}

static int64_t duel_blocks(const mc_spec *mc, const sorted_deck *d, uint64_t seed, int64_t lo, int64_t hi,
                           int64_t trials, int64_t max_redraws, handrank_tally *out, handrank_hand_types *types) {
    /* each kind of deal, counted by category or not, as constants */
#define HR_DUEL(D0, D1, PREFLOP)                                                                           \
    (types ? duel_run(mc, d, seed, lo, hi, trials, max_redraws, out, types, 1, D0, D1, PREFLOP)             \
           : duel_run(mc, d, seed, lo, hi, trials, max_redraws, out, NULL, 0, D0, D1, PREFLOP))
    if (mc->n_board == 0) {
        if (mc->dealt[0])
            return mc->dealt[1] ? HR_DUEL(1, 1, 1) : HR_DUEL(1, 0, 1);
        return mc->dealt[1] ? HR_DUEL(0, 1, 1) : HR_DUEL(0, 0, 1);
    }
    if (mc->dealt[0])
        return mc->dealt[1] ? HR_DUEL(1, 1, 0) : HR_DUEL(1, 0, 0);
    return mc->dealt[1] ? HR_DUEL(0, 1, 0) : HR_DUEL(0, 0, 0);
#undef HR_DUEL
}

int64_t handrank_monte_carlo(enum handrank_game game, int n_players, int hole_size, const uint8_t *combos,
                             const int64_t *offsets, const uint64_t *cum_weights,
                             const uint8_t *board, int n_board, uint64_t dead, const uint64_t *excluded,
                             uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                             int64_t max_redraws, handrank_tally *out, handrank_hand_types *types) {
    mc_spec mc = {.game = game, .n_players = n_players, .hole_size = hole_size, .n_board = n_board,
                  .combos = combos, .board = board, .offsets = offsets, .cum_weights = cum_weights, .taken = dead,
                  .excluded = excluded};
    for (int j = 0; j < n_board; j++)
        mc.taken |= 1ULL << board[j];
    prepare(&mc);
    if (block_hi <= block_lo)
        return 0;
    if (mc.fixed < 0)
        return -1;
    if (mc.fixed) {
        fixed_blocks(&mc, seed, block_lo, block_hi, block_trials, out, types);
        return (block_hi - block_lo) * block_trials;
    }
    uint8_t holes[HANDRANK_MAX_PLAYERS * 6] = {0}; /* dealt anew every trial; the hole keys with them */
    showdown_ctx ctx;
    init_ctx(&ctx, game, holes, n_players, hole_size, out, types);
    for (int j = 0; j < n_board; j++)
        ctx.board[j] = board[j];
    uint64_t base_key = HANDRANK_KEY_BIAS, base_bits = 0;
    for (int j = 0; j < n_board; j++) {
        base_key += handrank_card_key[board[j]];
        base_bits |= handrank_suit_bit[board[j]];
    }
    sorted_deck sorted;
    sorted_deck_init(&sorted, mc.taken);
    if (game == HANDRANK_HOLDEM && n_players == 2 && (mc.dealt[0] || offsets[1] > offsets[0]) &&
        (mc.dealt[1] || offsets[2] > offsets[1]))
        return duel_blocks(&mc, &sorted, seed, block_lo, block_hi, block_trials, max_redraws, out, types);
    int64_t trials = 0;
    outcomes o;
    const int by_outcome = game == HANDRANK_HOLDEM && n_players >= 3 && !types;
    if (by_outcome)
        outcomes_clear(&o, n_players);
    for (int64_t block = block_lo; block < block_hi; block++) {
        stream s = block_stream(seed, block);
        for (int64_t t = 0; t < block_trials; t++) {
            uint8_t card[52];
            int top, front = deal_hands(&mc, max_redraws, &s, &sorted, card, &top, holes);
            if (front < 0)
                return -1;
            uint64_t key = base_key, bits = base_bits;
            for (int j = n_board; j < 5; j++) {
                uint8_t c = deal_front(&s, card, &front, top);
                ctx.board[j] = c;
                key += handrank_card_key[c];
                bits |= handrank_suit_bit[c];
            }
            if (game != HANDRANK_HOLDEM) {
                showdown_omaha(&ctx);
            } else {
                for (int p = 0; p < n_players; p++) {
                    ctx.hole_key[p] = handrank_card_key[holes[2 * p]] + handrank_card_key[holes[2 * p + 1]];
                    ctx.hole_bits[p] = handrank_suit_bit[holes[2 * p]] | handrank_suit_bit[holes[2 * p + 1]];
                }
                if (by_outcome)
                    showdown_outcome(&ctx, key, bits, &o);
                else
                    showdown_holdem(&ctx, key, bits);
            }
            trials++;
        }
    }
    if (by_outcome)
        outcomes_credit(&o, n_players, out);
    return trials;
}
