# The C core's API (csrc/handrank.h), declared once.
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "handrank.h" nogil:
    cdef enum handrank_game:
        HANDRANK_HOLDEM
        HANDRANK_OMAHA
    enum: HANDRANK_MAX_PLAYERS
    enum: HANDRANK_SHARED_FLOP
    enum: HANDRANK_SHARED_TURN
    enum: HANDRANK_SHARED_RIVER

    uint16_t handrank_evaluate(const uint8_t *cards, int n) noexcept
    uint16_t handrank_evaluate_mask(uint64_t mask) noexcept
    int64_t handrank_evaluate_batch(const uint8_t *rows, int k, Py_ssize_t row_stride, int64_t n_rows,
                                    uint16_t *out, Py_ssize_t out_stride) noexcept
    int64_t handrank_evaluate_masks(const uint64_t *masks, int64_t n, Py_ssize_t stride,
                                    uint16_t *out, Py_ssize_t out_stride) noexcept
    void handrank_rank_combos(const uint8_t *board, int n_board, const uint8_t *combos, int64_t n,
                              uint16_t *out) noexcept
    size_t handrank_combo_equity_scratch() noexcept
    void handrank_combo_equity(const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                               const int64_t *villain, const int32_t *heroes, int64_t n_heroes, void *scratch,
                               int64_t *wins, int64_t *ties, int64_t *total) noexcept
    size_t handrank_omaha_combo_equity_scratch(const uint8_t *villains, int64_t n_villains, const uint8_t *heroes,
                                               int64_t n_heroes, int hole_size) noexcept
    void handrank_omaha_combo_equity(const uint8_t *board, int n_board, const uint8_t *runouts, int64_t n_runouts,
                                     int hole_size, const uint8_t *villains, const int64_t *weights,
                                     int64_t n_villains, const uint8_t *heroes, int64_t n_heroes, void *scratch,
                                     int64_t *wins, int64_t *ties, int64_t *total) noexcept
    size_t handrank_omaha_random_equity_scratch(int64_t n_heroes) noexcept
    void handrank_omaha_random_equity(const uint8_t *board, int n_board, const uint8_t *runouts, int64_t n_runouts,
                                      uint64_t dead, int k, const uint8_t *heroes, int64_t n_heroes, void *scratch,
                                      int64_t *wins, int64_t *ties, int64_t *total) noexcept
    size_t handrank_strength_scratch(int n_groups) noexcept
    enum: HANDRANK_SHOWDOWN_COMBOS
    enum: HANDRANK_SHOWDOWN_LIVE
    enum: HANDRANK_SHOWDOWN_BOARD_WORDS
    enum: HANDRANK_SHOWDOWN_TOO_LARGE
    ctypedef struct handrank_showdown_board:
        pass
    void handrank_showdown_prepare(const uint8_t *board, handrank_showdown_board *out) noexcept
    int handrank_showdown_values(const handrank_showdown_board *board, const double *reach, double *value) noexcept
    int handrank_showdown_values_f32(const handrank_showdown_board *board, const float *reach, float *value) noexcept
    int handrank_blocked_reach(const handrank_showdown_board *board, const double *reach, double *out) noexcept
    int handrank_blocked_reach_f32(const handrank_showdown_board *board, const float *reach, float *out) noexcept
    int handrank_showdown_values_rows(const handrank_showdown_board *board, const double *reach, size_t n_rows,
                                      double *value) noexcept
    int handrank_showdown_values_rows_f32(const handrank_showdown_board *board, const float *reach, size_t n_rows,
                                          float *value) noexcept
    ctypedef struct handrank_omaha_showdown_board:
        int cards, n_holes, n_live, n_dead
        uint32_t n_ids
        const uint32_t *order
        const uint32_t *end
        const uint32_t *subsets
        const uint32_t *dead
    int handrank_omaha_showdown(const handrank_omaha_showdown_board *board, const double *reach, double *scratch,
                                double *value, int blocked) noexcept
    int handrank_omaha_showdown_f32(const handrank_omaha_showdown_board *board, const float *reach, float *scratch,
                                    float *value, int blocked) noexcept
    enum: HANDRANK_STRENGTH_MAX_HEROES
    void handrank_strength(const uint8_t *board, int n_board, const int16_t *heroes, int n_heroes, int bins,
                           const uint8_t *group, int n_groups, void *scratch, uint32_t *sums, uint64_t *squares,
                           uint32_t *hist, uint32_t *next_hist, uint32_t *group_wins, uint32_t *group_faced) noexcept
    cdef enum handrank_simd:
        HANDRANK_SIMD_SCALAR
        HANDRANK_SIMD_AVX2
        HANDRANK_SIMD_AVX512
        HANDRANK_SIMD_NEON
    unsigned handrank_simd_available() noexcept
    int handrank_simd_use(handrank_simd kernel) noexcept
    handrank_simd handrank_simd_active() noexcept
    int handrank_avx2_gathers(int mode) noexcept
    int handrank_avx2_vnni(int mode) noexcept
    uint16_t handrank_evaluate_omaha(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) noexcept
    int64_t handrank_evaluate_omaha_batch(const uint8_t *holes, int n_hole, Py_ssize_t hole_stride,
                                          const uint8_t *boards, int n_board, Py_ssize_t board_stride,
                                          int64_t n_rows, uint16_t *out, Py_ssize_t out_stride) noexcept
    cdef enum handrank_rules:
        HANDRANK_SHORT_DECK
        HANDRANK_SHORT_DECK_TRIPS
        HANDRANK_LOW_A5
        HANDRANK_LOW_EIGHT
        HANDRANK_LOW_27
    uint16_t handrank_evaluate_rules(const uint8_t *cards, int n, handrank_rules rules) noexcept
    int64_t handrank_evaluate_rules_batch(const uint8_t *rows, int k, Py_ssize_t row_stride, int64_t n_rows,
                                          handrank_rules rules, uint16_t *out, Py_ssize_t out_stride) noexcept
    uint16_t handrank_evaluate_omaha_low(const uint8_t *hole, int n_hole, const uint8_t *board,
                                         int n_board) noexcept
    int64_t handrank_evaluate_omaha_low_batch(const uint8_t *holes, int n_hole, Py_ssize_t hole_stride,
                                              const uint8_t *boards, int n_board, Py_ssize_t board_stride,
                                              int64_t n_rows, uint16_t *out, Py_ssize_t out_stride) noexcept
    ctypedef struct handrank_tally:
        uint64_t wins, ties, share, share_sq
    enum: HANDRANK_CATEGORIES
    ctypedef struct handrank_hand_types:
        uint64_t wins[HANDRANK_CATEGORIES]
        uint64_t ties[HANDRANK_CATEGORIES]
    uint64_t handrank_enumerate(handrank_game game, const uint8_t *holes, int n_players, int hole_size,
                                const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                                int part, int parts, handrank_tally *out,
                                 handrank_hand_types *types) noexcept
    ctypedef struct handrank_ranges:
        handrank_game game
        int n_players, hole_size
        const uint8_t *combos
        const int64_t *offsets
        const uint64_t *weights
    size_t handrank_ranges_scratch(const handrank_ranges *ranges) noexcept
    uint64_t handrank_enumerate_ranges(const handrank_ranges *ranges, const uint8_t *board, int n_board,
                                       const uint8_t *deck, int n_deck, const uint8_t *perms, int n_perms,
                                       int part, int parts, void *scratch, handrank_tally *out,
                                 handrank_hand_types *types) noexcept
    int64_t handrank_monte_carlo(handrank_game game, int n_players, int hole_size, const uint8_t *combos,
                                 const int64_t *offsets, const uint64_t *cum_weights,
                                 const uint8_t *board, int n_board, uint64_t dead, const uint64_t *excluded,
                                 uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                                 int64_t max_redraws, handrank_tally *out,
                                 handrank_hand_types *types) noexcept
    enum: HANDRANK_ISO_MAX_ROUNDS
    enum: HANDRANK_ISO_CONFIG_WORDS
    ctypedef struct handrank_iso_street:
        int n_rounds
        uint8_t rounds[8]
        uint32_t radix[8]
        int lowest
        uint64_t size
        const uint64_t *configs
        int64_t n_configs
        const uint16_t *slots
        uint64_t hash_mul
        int hash_shift
        const uint16_t *colex
        const uint16_t *subsets
        const uint16_t *subset_start
        const uint16_t *squeeze_low
        const uint8_t *squeeze_high
        const uint64_t *binomial
    int64_t handrank_iso_index(const handrank_iso_street *street, const uint8_t *rows, int64_t n,
                               uint64_t *out) noexcept
    int64_t handrank_iso_unindex(const handrank_iso_street *street, const uint64_t *indices, int64_t n,
                                 uint8_t *out) noexcept
