/*
 * Hand isomorphism: a hand dealt in rounds to the index of its class under
 * relabellings of the suits, and an index back to its class's canonical hand.
 *
 * A row's cards are OR-ed into one 64-bit mask per round, a 16-bit lane per
 * suit (bit 16 * suit + rank), so each suit's ranks in each round are a
 * shift away.  Each suit hand becomes one sort key: its shape code (the
 * count of each round as a mixed-radix digit) above its index among the
 * suit hands of that shape (each round's ranks, squeezed past the ranks the
 * suit's earlier rounds hold, ranked in colex order by one table read that
 * also gives their count; the rounds as mixed-radix digits).  Four keys,
 * sorted by a network of five compare-exchanges, are the class.  The sorted
 * shape codes pick the configuration by a perfect hash; its record gives
 * the offset and each position's multiplier, and suits that share a shape
 * rank as a multiset, comb(x + r, r + 1) for the suit with r suits after it
 * in its group.  Every table comes with the street (handrank_iso_street):
 * this file holds no table of its own.  Indexing's entry point and its
 * SIMD kernel are in isomorphism_simd.c, which hands this file's scalar
 * kernel what it does not take.
 */
#include <math.h>

#include "handrank.h"
#include "internal.h"

#define ISO_SUITS 4
#define ISO_RANKS 13
#define ISO_KEY_SHIFT 40
#define ISO_RANK_BITS 0x1fffu
#define ISO_LOW_BITS 7
#define ISO_POISON (1ULL << 15) /* a lane bit no rank sets: an id outside the street's deck */

typedef handrank_iso_street iso_t;

/* The ranks of `mask` with the places of `used` (disjoint from it) taken out. */
HR_INLINE unsigned iso_squeeze(const iso_t *t, unsigned mask, unsigned used) {
    unsigned low = t->squeeze_low[(used & 0x7fu) << ISO_LOW_BITS | (mask & 0x7fu)];
    unsigned high = t->squeeze_high[(used >> ISO_LOW_BITS) << (ISO_RANKS - ISO_LOW_BITS) | (mask >> ISO_LOW_BITS)];
    return (low & 0xffu) | (high << (low >> 8));
}

/* comb(x + after, after + 1), after in 0..3: a suit's term in its group's multiset rank. */
HR_INLINE uint64_t iso_term(uint64_t x, unsigned after) {
    if (!after) return x;
    uint64_t t = x * (x + 1) / 2;
    if (after > 1) t = t * (x + 2) / 3;
    if (after > 2) t = t * (x + 3) / 4;
    return t;
}

/* A compare-exchange of two values of `type`: the larger to a. */
#define ISO_DESCEND(type, a, b)              \
    do {                                     \
        type hi_ = (a) > (b) ? (a) : (b);    \
        type lo_ = (a) > (b) ? (b) : (a);    \
        (a) = hi_;                           \
        (b) = lo_;                           \
    } while (0)

/* The index of the hand whose suit hands have the keys `key` (shape code << ISO_KEY_SHIFT | index), any order. */
HR_INLINE uint64_t iso_index_keys(const iso_t *t, uint64_t *key) {
    ISO_DESCEND(uint64_t, key[0], key[1]);
    ISO_DESCEND(uint64_t, key[2], key[3]);
    ISO_DESCEND(uint64_t, key[0], key[2]);
    ISO_DESCEND(uint64_t, key[1], key[3]);
    ISO_DESCEND(uint64_t, key[1], key[2]);
    uint64_t codes = (key[0] >> ISO_KEY_SHIFT) << 48 | (key[1] >> ISO_KEY_SHIFT) << 32 |
                     (key[2] >> ISO_KEY_SHIFT) << 16 | (key[3] >> ISO_KEY_SHIFT);
    const uint64_t *rec = t->configs + HANDRANK_ISO_CONFIG_WORDS * t->slots[(codes * t->hash_mul) >> t->hash_shift];
    const uint64_t low = ((uint64_t)1 << ISO_KEY_SHIFT) - 1;
    uint64_t index = rec[0] + rec[1] * (key[0] & low) + rec[2] * (key[1] & low) + rec[3] * (key[2] & low) +
                     rec[4] * (key[3] & low);
    uint64_t groups = rec[5];
    if (groups) { /* suits that share a shape: their multiset terms beyond x */
        for (int p = 0; p < ISO_SUITS - 1; ++p) {
            unsigned after = (unsigned)(groups >> (8 * p)) & 0xffu;
            if (after) {
                uint64_t x = key[p] & low;
                index += rec[1 + p] * (iso_term(x, after) - x);
            }
        }
    }
    return index;
}

/*
 * Any rounds: each round's masks, then each suit hand's key from them
 * (R rounds and k cards: constants where inlined).
 */
HR_INLINE int64_t iso_index_rows(const iso_t *t, const uint8_t *place_of, const uint8_t *rows, int64_t n,
                                 uint64_t *out, int R, int k) {
    const unsigned n_ranks = ISO_RANKS - (unsigned)t->lowest / ISO_SUITS;
    for (int64_t i = 0; i < n; ++i) {
        const uint8_t *row = rows + i * k;
        uint64_t masks[HANDRANK_ISO_MAX_ROUNDS], any = 0, sum = 0, key[ISO_SUITS];
        int at = 0;
        for (int r = 0; r < R; ++r) {
            uint64_t m = 0;
            for (int j = 0; j < t->rounds[r]; ++j) {
                uint64_t b = (uint64_t)1 << place_of[row[at++]];
                m |= b;
                sum += b;
            }
            masks[r] = m;
            any |= m;
        }
        if ((any ^ sum) | (any & ISO_POISON)) return i; /* a card twice, or one outside the deck */
        for (int s = 0; s < ISO_SUITS; ++s) {
            unsigned m = (unsigned)(masks[0] >> (16 * s)) & ISO_RANK_BITS;
            unsigned cx = t->colex[m];
            unsigned used = m, free = n_ranks - (cx >> 12);
            uint64_t code = cx >> 12, x = cx & 0xfffu;
            for (int r = 1; r < R; ++r) {
                m = (unsigned)(masks[r] >> (16 * s)) & ISO_RANK_BITS;
                cx = t->colex[iso_squeeze(t, m, used)];
                code += (cx >> 12) * t->radix[r];
                x = x * t->binomial[free * (ISO_RANKS + 1) + (cx >> 12)] + (cx & 0xfffu);
                used |= m;
                free -= cx >> 12;
            }
            key[s] = code << ISO_KEY_SHIFT | x;
        }
        out[i] = iso_index_keys(t, key);
    }
    return -1;
}

/* Bits of the lane of bit p above p: what moves down when p's rank leaves its suit. */
HR_INLINE uint64_t iso_above(unsigned p) {
    return (((uint64_t)0xfffe << (p & 15)) & 0xffffu) << (p & 48);
}

/*
 * Rounds of K0 <= 4 cards, then K1 (0 when K0 is all), then S single cards
 * (Hold'em, Omaha, short deck, Stud in either mode): the second round's mask
 * squeezed past the first round's ranks in all four suits at once, each
 * single card ranked among the ranks its suit has left.  K0, K1 and S are
 * constants where inlined.
 */
HR_INLINE int64_t iso_index_fast(const iso_t *t, const uint8_t *place_of, const uint8_t *rows, int64_t n,
                                 uint64_t *out, int K0, int K1, int S) {
    const int k = K0 + K1 + S;
    const unsigned n_ranks = ISO_RANKS - (unsigned)t->lowest / ISO_SUITS;
    const uint64_t radix1 = t->radix[1 < t->n_rounds ? 1 : 0];
    for (int64_t i = 0; i < n; ++i) {
        const uint8_t *row = rows + i * k;
        unsigned hole[4] = {0, 0, 0, 0};
        uint64_t first = 0, second = 0, sum = 0;
        for (int j = 0; j < K0; ++j) {
            hole[j] = place_of[row[j]];
            uint64_t b = (uint64_t)1 << hole[j];
            first |= b;
            sum += b;
        }
        for (int j = 0; j < K1; ++j) {
            uint64_t b = (uint64_t)1 << place_of[row[K0 + j]];
            second |= b;
            sum += b;
        }
        unsigned single[HANDRANK_ISO_MAX_ROUNDS];
        uint64_t any = first | second;
        for (int j = 0; j < S; ++j) {
            single[j] = place_of[row[K0 + K1 + j]];
            uint64_t b = (uint64_t)1 << single[j];
            any |= b;
            sum += b;
        }
        if ((any ^ sum) | (any & ISO_POISON)) return i; /* a card twice, or one outside the deck */
        uint64_t squeezed = second;
        if (K1) { /* the first round's places taken out of the second's, the highest first */
            if (K0 >= 2) ISO_DESCEND(unsigned, hole[0], hole[1]);
            if (K0 >= 3) { ISO_DESCEND(unsigned, hole[1], hole[2]); ISO_DESCEND(unsigned, hole[0], hole[1]); }
            if (K0 >= 4) { ISO_DESCEND(unsigned, hole[2], hole[3]); ISO_DESCEND(unsigned, hole[1], hole[2]); ISO_DESCEND(unsigned, hole[0], hole[1]); }
            for (int j = 0; j < K0; ++j) {
                uint64_t above = iso_above(hole[j]);
                squeezed = (squeezed & ~above) | ((squeezed & above) >> 1);
            }
        }
        uint64_t x[ISO_SUITS], code[ISO_SUITS];
        unsigned free[ISO_SUITS];
        for (int s = 0; s < ISO_SUITS; ++s) {
            unsigned c0 = t->colex[(first >> (16 * s)) & ISO_RANK_BITS];
            x[s] = c0 & 0xfffu;
            code[s] = c0 >> 12;
            free[s] = n_ranks - (c0 >> 12);
            if (K1) {
                unsigned c1 = t->colex[(squeezed >> (16 * s)) & ISO_RANK_BITS];
                x[s] = x[s] * t->binomial[free[s] * (ISO_RANKS + 1) + (c1 >> 12)] + (c1 & 0xfffu);
                code[s] += (c1 >> 12) * radix1;
                free[s] -= c1 >> 12;
            }
        }
        uint64_t used = first | second;
        for (int j = 0; j < S; ++j) { /* a round of one card: its rank among those its suit has left */
            unsigned place = single[j], s = place >> 4, rank = place & 15;
            unsigned below = (unsigned)(used >> (16 * s)) & ((1u << rank) - 1);
            x[s] = x[s] * free[s] + rank - (t->colex[below] >> 12);
            free[s] -= 1;
            code[s] += t->radix[2 + j];
            used |= (uint64_t)1 << place;
        }
        uint64_t key[ISO_SUITS];
        for (int s = 0; s < ISO_SUITS; ++s) key[s] = code[s] << ISO_KEY_SHIFT | x[s];
        out[i] = iso_index_keys(t, key);
    }
    return -1;
}

int hr_iso_layout(const handrank_iso_street *street, int *K0, int *K1, int *S) {
    const int R = street->n_rounds;
    *K0 = street->rounds[0];
    *K1 = R > 1 ? street->rounds[1] : 0;
    *S = R > 2 ? R - 2 : 0;
    for (int r = 2; r < R; ++r)
        if (street->rounds[r] != 1)
            return 0;
    return *K0 <= 4;
}

/* The scalar kernel of handrank_iso_index (whose entry point is in isomorphism_simd.c). */
int64_t hr_iso_index_scalar(const handrank_iso_street *street, const uint8_t *rows, int64_t n, uint64_t *out) {
    uint8_t place_of[256]; /* a card's bit: 16 * suit + rank, or the poison bit outside the deck */
    const int low_rank = street->lowest / ISO_SUITS;
    for (int c = 0; c < 256; ++c)
        place_of[c] = (uint8_t)(c >= street->lowest && c < 52 ? 16 * (c % 4) + c / 4 - low_rank : 15);
    int K0, K1, singles;
    if (hr_iso_layout(street, &K0, &K1, &singles)) {
        /* The common layouts with their counts as constants; any other of this kind with them as variables. */
#define ISO_FAST(a, b, c) if (K0 == (a) && K1 == (b) && singles == (c)) return iso_index_fast(street, place_of, rows, n, out, a, b, c)
        ISO_FAST(2, 0, 0); ISO_FAST(2, 3, 0); ISO_FAST(2, 4, 0); ISO_FAST(2, 5, 0); ISO_FAST(2, 3, 1); ISO_FAST(2, 3, 2);
        ISO_FAST(4, 0, 0); ISO_FAST(4, 3, 0); ISO_FAST(4, 4, 0); ISO_FAST(4, 5, 0); ISO_FAST(4, 3, 1); ISO_FAST(4, 3, 2);
#undef ISO_FAST
        return iso_index_fast(street, place_of, rows, n, out, K0, K1, singles);
    }
    int k = 0;
    for (int r = 0; r < street->n_rounds; ++r) k += street->rounds[r];
    return iso_index_rows(street, place_of, rows, n, out, street->n_rounds, k);
}

/* comb(y, k) for k in 1..4 and y >= k - 1. */
HR_INLINE uint64_t iso_comb(uint64_t y, unsigned k) { return iso_term(y - (k - 1), k - 1); }

/* The cube root of v >= 1 to a few parts in a million: a guess from the exponent, then two Newton steps. */
HR_INLINE double iso_cbrt(double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    bits = bits / 3 + 0x2a9f789300000000ULL;
    double y;
    memcpy(&y, &bits, sizeof y);
    y = (2.0 * y + v / (y * y)) * (1.0 / 3.0);
    return (2.0 * y + v / (y * y)) * (1.0 / 3.0);
}

/* The largest y with comb(y, k) <= rank, k in 1..4: a root's estimate, then exact steps. */
static uint64_t iso_multiset_digit(uint64_t rank, unsigned k) {
    if (k == 1 || rank == 0) return rank == 0 ? k - 1 : rank;
    double r = (double)rank, guess;
    if (k == 2) guess = sqrt(2.0 * r) + 0.5;            /* comb(y, 2) ~ (y - 1/2)^2 / 2 */
    else if (k == 3) guess = iso_cbrt(6.0 * r) + 1.0;   /* comb(y, 3) ~ (y - 1)^3 / 6 */
    else guess = sqrt(sqrt(24.0 * r)) + 1.5;            /* comb(y, 4) ~ (y - 3/2)^4 / 24 */
    uint64_t y = guess > k - 1 ? (uint64_t)guess : k - 1;
    while (y > k - 1 && iso_comb(y, k) > rank) --y;
    while (iso_comb(y + 1, k) <= rank) ++y;
    return y;
}

/* `mask` spread over the places `used` leaves free (the inverse of iso_squeeze). */
HR_INLINE unsigned iso_expand(unsigned mask, unsigned used) {
    while (used) {
        unsigned b = (unsigned)hr_ctz64(used);
        mask = (mask & ((1u << b) - 1)) | ((mask >> b) << (b + 1));
        used &= used - 1;
    }
    return mask;
}

/* A 13-bit rank mask's bit b moved to bit 4 * b: its cards' ids in one suit, as a mask by id. */
HR_INLINE uint64_t iso_spread(unsigned mask) {
    uint64_t m = mask;
    m = (m | m << 24) & 0x000000ff000000ffULL;
    m = (m | m << 12) & 0x000f000f000f000fULL;
    m = (m | m << 6) & 0x0303030303030303ULL;
    return (m | m << 3) & 0x1111111111111111ULL;
}

/* x / d and x % d, in 32 bits where they fit (the common case, and faster). */
HR_INLINE uint64_t iso_divmod(uint64_t x, uint64_t d, uint64_t *rem) {
    if (((x | d) >> 32) == 0) {
        uint32_t q = (uint32_t)x / (uint32_t)d;
        *rem = (uint32_t)x - q * (uint32_t)d;
        return q;
    }
    uint64_t q = x / d;
    *rem = x - q * d;
    return q;
}

/* A shape code's rounds, for the unindex kernel: built per call, by code. */
typedef struct {
    uint32_t counts; /* the suit's cards in round r at bits 4r..4r+3 */
    uint8_t dealt;   /* bit r: round r deals the suit cards */
    uint8_t total;   /* the suit's cards in all rounds */
} iso_shape;
#define ISO_SHAPES_MAX 1024

/*
 * Adds the cards of the suit hand (`shape`, `x`), its ids shifted by `shift`, to each round's card mask
 * (`spread`: iso_spread of each 7-bit mask, or NULL).
 */
HR_INLINE void iso_suit_cards(const iso_t *t, const iso_shape *shape, uint64_t x, unsigned n_ranks, unsigned shift,
                              const uint64_t *spread, uint64_t *cards) {
    unsigned dealt = shape->dealt;
    if (!dealt) return;
    const unsigned first = (unsigned)hr_ctz64(dealt);
    uint64_t digit[HANDRANK_ISO_MAX_ROUNDS];
    unsigned free = n_ranks - shape->total;
    /* the digits from the last round: the first round with cards takes what is left */
    for (unsigned later = dealt & (dealt - 1); later; later ^= 1u << hr_msb64(later)) {
        unsigned r = (unsigned)hr_msb64(later), c = shape->counts >> (4 * r) & 15u;
        free += c;
        x = iso_divmod(x, t->binomial[free * (ISO_RANKS + 1) + c], &digit[r]);
    }
    digit[first] = x;
    unsigned used = 0;
    for (; dealt; dealt &= dealt - 1) {
        unsigned r = (unsigned)hr_ctz64(dealt), c = shape->counts >> (4 * r) & 15u;
        unsigned m = iso_expand(t->subsets[t->subset_start[c] + digit[r]], used);
        used |= m;
        cards[r] |= (spread ? spread[m & 0x7fu] | spread[m >> 7] << 28 : iso_spread(m)) << shift;
    }
}

/* Adds the cards of the suit hand (`code`, `x`) as suit `suit`: any street (codes by division). */
static void iso_suit_cards_any(const iso_t *t, uint64_t code, uint64_t x, int suit, uint64_t *cards) {
    const int R = t->n_rounds;
    const unsigned n_ranks = ISO_RANKS - (unsigned)t->lowest / ISO_SUITS;
    iso_shape shape = {0, 0, 0};
    for (int r = 0; r < R; ++r) {
        unsigned c = (unsigned)(code / t->radix[r] % (t->rounds[r] + 1u));
        shape.counts |= c << (4 * r);
        shape.dealt |= (uint8_t)((c != 0) << r);
        shape.total = (uint8_t)(shape.total + c);
    }
    iso_suit_cards(t, &shape, x, n_ranks, (unsigned)t->lowest + (unsigned)suit, NULL, cards);
}

/* Indices to rows for R rounds (a constant where inlined); `shapes` by code where by_code. */
HR_INLINE int64_t iso_unindex_rows(const iso_t *t, const iso_shape *shapes, int by_code, const uint64_t *indices,
                                   int64_t n, uint8_t *out, const int R) {
    uint64_t spread[128]; /* iso_spread of each 7-bit mask: a rank mask's two halves, two reads */
    spread[0] = 0;
    for (unsigned b = 0; b < 7; ++b)
        for (unsigned m = 0; m < 1u << b; ++m) spread[m | 1u << b] = spread[m] | (uint64_t)1 << (4 * b);
    const unsigned n_ranks = ISO_RANKS - (unsigned)t->lowest / ISO_SUITS;
    uint8_t rounds[HANDRANK_ISO_MAX_ROUNDS]; /* a copy: the rows written may alias the street as far as C knows */
    int k = 0;
    for (int r = 0; r < R; ++r) k += rounds[r] = t->rounds[r];
    int steps = 0; /* the binary search's steps over the configurations */
    while (((int64_t)1 << steps) < t->n_configs) ++steps;
    const uint64_t size = t->size, *configs = t->configs;
    const uint64_t n_configs = (uint64_t)t->n_configs;
    for (int64_t i = 0; i < n; ++i) {
        uint64_t index = indices[i];
        if (index >= size) return i;
        const uint64_t *rec = configs; /* the last configuration whose offset is <= index */
        uint64_t left = n_configs;
        for (int s = 0; s < steps; ++s) {
            uint64_t half = left / 2;
            rec = rec[HANDRANK_ISO_CONFIG_WORDS * half] <= index ? rec + HANDRANK_ISO_CONFIG_WORDS * half : rec;
            left -= half;
        }
        uint64_t rest = index - rec[0], x[ISO_SUITS];
        unsigned after[ISO_SUITS];
        for (int p = 0; p < ISO_SUITS; ++p) after[p] = (unsigned)(rec[5] >> (8 * p)) & 0xffu;
        for (int end = ISO_SUITS - 1; end >= 0;) { /* the groups from the last: the largest multiplier */
            int start = end - (int)after[end];
            while (start > 0 && after[start - 1]) --start;
            uint64_t rank = rest;
            if (start) rank = iso_divmod(rest, rec[1 + start], &rest);
            for (int p = start; p < end; ++p) {
                uint64_t y = iso_multiset_digit(rank, after[p] + 1);
                rank -= iso_comb(y, after[p] + 1);
                x[p] = y - after[p];
            }
            x[end] = rank;
            end = start - 1;
        }
        uint64_t cards[HANDRANK_ISO_MAX_ROUNDS] = {0};
        const uint64_t codes = rec[6];
        for (int p = 0; p < ISO_SUITS; ++p) {
            unsigned code = (unsigned)(codes >> (16 * (ISO_SUITS - 1 - p))) & 0xffffu;
            if (by_code)
                iso_suit_cards(t, &shapes[code], x[p], n_ranks, (unsigned)t->lowest + (unsigned)p, spread, cards);
            else iso_suit_cards_any(t, code, x[p], p, cards);
        }
        uint8_t *row = out + i * k;
        for (int r = 0; r < R; ++r) {
            uint64_t m = cards[r];
            for (int j = 0; j < rounds[r]; ++j, m &= m - 1) *row++ = (uint8_t)hr_ctz64(m);
        }
    }
    return -1;
}

int64_t handrank_iso_unindex(const handrank_iso_street *street, const uint64_t *indices, int64_t n, uint8_t *out) {
    const iso_t *t = street;
    const int R = t->n_rounds;
    /* Each shape code's rounds, where the codes are few (every common street): counted up as mixed-radix digits. */
    iso_shape shapes[ISO_SHAPES_MAX];
    const uint64_t n_codes = (uint64_t)t->radix[R - 1] * (t->rounds[R - 1] + 1u);
    const int by_code = n_codes <= ISO_SHAPES_MAX;
    if (by_code) {
        unsigned count[HANDRANK_ISO_MAX_ROUNDS] = {0};
        for (uint64_t code = 0; code < n_codes; ++code) {
            iso_shape *s = &shapes[code];
            s->counts = 0;
            s->dealt = 0;
            s->total = 0;
            for (int r = 0; r < R; ++r) {
                s->counts |= count[r] << (4 * r);
                s->dealt |= (uint8_t)((count[r] != 0) << r);
                s->total = (uint8_t)(s->total + count[r]);
            }
            for (int r = 0; r < R && ++count[r] > t->rounds[r]; ++r) count[r] = 0;
        }
    }
    switch (R) { /* the common round counts as constants */
    case 1: return iso_unindex_rows(t, shapes, by_code, indices, n, out, 1);
    case 2: return iso_unindex_rows(t, shapes, by_code, indices, n, out, 2);
    case 4: return iso_unindex_rows(t, shapes, by_code, indices, n, out, 4);
    default: return iso_unindex_rows(t, shapes, by_code, indices, n, out, R);
    }
}
