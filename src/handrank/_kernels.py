"""The seam: what each backend (``_eval_c`` and its pure twin ``_eval_py``) exports.

A backend exports kernels, nothing composed: the three hot single calls,
which take any cards and word their errors through ``_cards``, and kernels
over input the callers have already checked.  Everything else is written
once, over ``_backend.kernels``.  The constants here are the C core's
(csrc/handrank.h); a test holds them equal.

``Kernels`` below is the one statement of the kernels' signatures and of the
traits each backend states: ``KERNELS`` (both twins' ``__all__``) and the
compiled module's stub (``tools/gen_stub.py``) derive from it, and
tests/test_seam.py holds both twins to it.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from array import array
    from collections.abc import Sequence
    from typing import Protocol

    import numpy as np
    import numpy.typing as npt

    from handrank._cards import Cards
    from handrank._iso_tables import IsoStreet

MAX_PLAYERS = 10
"""HANDRANK_MAX_PLAYERS: the most players the equity kernels take."""
SHARE_UNIT = 2520
"""HANDRANK_SHARE_UNIT: a k-way tie gives each SHARE_UNIT / k, exact for k <= 10."""
BLOCKED = 65535
"""HANDRANK_BLOCKED: the rank of a combo that holds a board card (above every class, so it sorts last)."""
STRENGTH_UNIT = 1980
"""HANDRANK_STRENGTH_UNIT: a river combo's 2 wins + ties against the 990 combos left, when nothing beats or ties it."""
SHOWDOWN_BOARD_WORDS = 5113
"""HANDRANK_SHOWDOWN_BOARD_WORDS: a prepared river board's uint16 words (``showdown_prepare``): its 1,081 live
combos worst first in quads (the combos of one class with one first card a and one second rank r, a lane each
suit): each quad's slot (the number of combo (a, 4r) plus one), where each quad's run of ties ends, at each run's
first quad the ranks its combos hold (bit r: cards 4r..4r+3); the 245 combos meeting the board; the count of
quads; then bytes: each quad's a, its 4r, 16 times its lanes held (bit l: lane l), and the board's five cards.
Within a run the quads take their second ranks in turn; unused entries are 0."""
STRENGTH_MAX_HEROES = 64
"""HANDRANK_STRENGTH_MAX_HEROES: the most combos a board's ``heroes`` row names in ``strength_counts``."""

SHORT_DECK = 0
"""HANDRANK_SHORT_DECK: short deck, straights above three of a kind (classes 1..1404)."""
SHORT_DECK_TRIPS = 1
"""HANDRANK_SHORT_DECK_TRIPS: short deck, three of a kind above straights."""
LOW_A5 = 2
"""HANDRANK_LOW_A5: ace-to-five low (classes 1..6175)."""
LOW_EIGHT = 3
"""HANDRANK_LOW_EIGHT: ace-to-five, eight or better (classes 1..56, else NO_LOW)."""
LOW_27 = 4
"""HANDRANK_LOW_27: deuce-to-seven low (classes 1..7462)."""
NO_LOW = 65535
"""HANDRANK_NO_LOW: no qualifying low (above every class, so it sorts last)."""
RULE_CODES = {
    "short_deck": SHORT_DECK,
    "short_deck_trips": SHORT_DECK_TRIPS,
    "a5": LOW_A5,
    "8": LOW_EIGHT,
    "27": LOW_27,
}
"""The other rankings by the names ``rules=`` takes, and their codes (``enum handrank_rules``)."""

KERNELS = (
    "avx2_gathers",
    "avx2_vnni",
    "combo_equity_counts",
    "enumerate_boards",
    "enumerate_ranges",
    "evaluate",
    "evaluate_mask",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_rules",
    "iso_index",
    "iso_unindex",
    "monte_carlo",
    "omaha_combo_equity_counts",
    "omaha_random_counts",
    "omaha_showdown",
    "rank_combos",
    "rank_masks",
    "rank_omaha_low_rows",
    "rank_omaha_rows",
    "rank_rows",
    "rank_rules_rows",
    "showdown_prepare",
    "showdown_values",
    "simd",
    "strength_counts",
    "use_simd",
)
"""Every backend's ``__all__``: the methods of ``Kernels``, in order of name."""


TALLY_NAMES = ("wins", "ties", "share", "share_sq")
"""What the exact and Monte Carlo kernels return for each player (``handrank_tally``), one player after another.

``wins`` and ``ties`` count showdowns, ``share`` sums the player's part of
each pot in units of 1 / SHARE_UNIT, ``share_sq`` sums the squares of those
parts, for the variance of a Monte Carlo estimate: player p's are
``tallies[4 * p : 4 * p + 4]``.
"""
TALLY_FIELDS = len(TALLY_NAMES)
CATEGORIES = 10
"""HANDRANK_CATEGORIES: the categories of a high hand, best first (``Category`` less one).  With ``types=True``
the exact and Monte Carlo kernels also count each player's wins and ties by the category of the hand that took
or split the pot: after the TALLY_FIELDS of every player, player p's ``CATEGORIES`` wins then ``CATEGORIES``
ties (``handrank_hand_types``)."""


if TYPE_CHECKING:

    class Kernels(Protocol):
        """The signatures both backends implement, errors included, and the traits each states."""

        NAME: str
        """The backend's name: ``"c"`` or ``"python"`` (what ``HANDRANK_BACKEND`` takes)."""
        RELEASES_GIL: bool
        """Whether the batch and equity kernels release the GIL while they work (so threads over chunks overlap)."""
        SHARED_PER_COMBO: tuple[int, int, int]
        """Heads-up Hold'em ranges with 0, 1 or 2 board cards to come go matchup by matchup in
        ``enumerate_ranges`` (``by_matchup``) when their raw matchups are at most this many times their combos:
        whichever way costs the backend less (the C core's HANDRANK_SHARED_RIVER, _TURN and _FLOP)."""

        def evaluate(self, cards: Cards) -> int: ...
        def evaluate_mask(self, mask: int) -> int: ...
        def evaluate_omaha(self, hole: Cards, board: Cards) -> int: ...
        def evaluate_rules(self, cards: Cards, rules: int) -> int:
            """The class of a 5..7-card hand under ``rules`` (SHORT_DECK ... LOW_27; NO_LOW: no low)."""

        def evaluate_omaha_low(self, hole: Cards, board: Cards) -> int:
            """The Omaha eight-or-better low class (1..56) of two hole and three board cards, else NO_LOW."""

        def rank_rules_rows(
            self, hands: npt.NDArray[np.uint8], rules: int, out: npt.NDArray[np.uint16], start: int, stop: int
        ) -> int:
            """Classes under ``rules`` of rows ``start:stop`` of a C-contiguous (N, 5..7) uint8 array; the first
            invalid row (an id above 51, a card twice; short deck: a card below the six), or -1."""

        def rank_omaha_low_rows(
            self,
            holes: npt.NDArray[np.uint8],
            boards: npt.NDArray[np.uint8],
            out: npt.NDArray[np.uint16],
            start: int,
            stop: int,
        ) -> int:
            """``rank_omaha_rows`` for the eight-or-better low (NO_LOW where none)."""

        def rank_rows(self, hands: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
            """Rank rows ``start:stop`` of a C-contiguous (N, 5..7) uint8 array into ``out``; the first invalid row
            (an id above 51, a card twice), or -1."""

        def rank_combos(
            self, board: bytes, combos: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
        ) -> int:
            """Rank combos ``start:stop`` of a contiguous (N, 2) uint8 array with the 3..5 ``board`` ids into the
            contiguous ``out``; BLOCKED where a combo holds a board card.  Valid ids, two distinct a combo: -1."""

        def combo_equity_counts(
            self,
            board: bytes,
            deck: bytes,
            villain: npt.NDArray[np.int64],
            heroes: npt.NDArray[np.int32],
            counts: npt.NDArray[np.int64],
        ) -> None:
            """Add to ``counts`` ((3, N) int64: wins, ties, total) the villain weight each hero combo beats, ties
            and faces over every completion of ``board`` (3..5 ids) to five from ``deck`` (handrank_combo_equity).

            ``villain``: 1,326 int64 weights by combo number (0 for combos meeting board or dead cards);
            ``heroes``: int32 combo numbers meeting no board card.  The caller keeps the sums below 2**62.
            """

        def omaha_combo_equity_counts(
            self,
            board: npt.NDArray[np.uint8],
            runouts: npt.NDArray[np.uint8],
            villains: npt.NDArray[np.uint8],
            weights: npt.NDArray[np.int64],
            heroes: npt.NDArray[np.uint8],
            counts: npt.NDArray[np.int64],
        ) -> None:
            """Add to ``counts`` ((3, H) int64: wins, ties, total) the villain weight each Omaha hero hole beats,
            ties and faces on ``board`` (3..5 ids) completed by each row of ``runouts`` ((R, 5 - len(board))
            uint8) in turn (handrank_omaha_combo_equity).

            ``villains``: (V, k) uint8 holes meeting no board or dead card, ``weights`` their V int64 weights;
            ``heroes``: (H, k) uint8 holes meeting no board card, k of 4..6; all C-contiguous.  A runout holding
            a card of a hero counts for neither; villains sharing a card with the hero or the runout are out.
            The caller keeps the sums below 2**62.
            """

        def omaha_random_counts(
            self,
            board: npt.NDArray[np.uint8],
            runouts: npt.NDArray[np.uint8],
            dead: int,
            heroes: npt.NDArray[np.uint8],
            counts: npt.NDArray[np.int64],
        ) -> None:
            """Add to ``counts`` ((3, H) int64: wins, ties, total) how many random Omaha holes of k cards each hero
            hole beats, ties and faces on ``board`` (3..5 ids) completed by each row of ``runouts`` ((R, 5 -
            len(board)) uint8) in turn, the villain's cards from those on neither the board, nor ``dead`` (a card
            mask), nor the hero's (handrank_omaha_random_equity).

            ``heroes``: (H, k) uint8 holes meeting no board card, k of 4..6; all C-contiguous.  A runout holding a
            card of a hero counts for neither.
            """

        def strength_counts(
            self,
            boards: npt.NDArray[np.uint8],
            heroes: npt.NDArray[np.int16] | None,
            group: npt.NDArray[np.uint8],
            n_groups: int,
            bins: int,
            sums: npt.NDArray[np.uint32],
            squares: npt.NDArray[np.uint64] | None,
            hist: npt.NDArray[np.uint32] | None,
            next_hist: npt.NDArray[np.uint32] | None,
            group_wins: npt.NDArray[np.uint32] | None,
            group_faced: npt.NDArray[np.uint32] | None,
            start: int,
            stop: int,
        ) -> int:
            """Each combo's strength against a random hand over every runout of boards ``start:stop`` of a
            C-contiguous (K, 3..5) uint8 array of valid, distinct ids (handrank_strength): into row k of
            ``sums`` ((K, 1326) uint32), ``squares`` ((K, 1326) uint64), ``hist`` and ``next_hist`` ((K, 1326,
            bins) uint32; the latter for flops only) and, with ``n_groups`` > 0 groups of opponent combos
            (``group``: 1,326 ids below it), ``group_wins`` and ``group_faced`` ((K, 1326, n_groups) uint32).
            Optional outputs may be None.  With ``heroes`` ((K, H) int16, H <= STRENGTH_MAX_HEROES: each board's
            combo numbers, -1 for none) only those combos are counted, the rest get 0s.  -1 (no board is
            invalid)."""

        def showdown_prepare(
            self, boards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
        ) -> int:
            """Prepare river boards ``start:stop`` of a C-contiguous (B, 5) uint8 array of valid, distinct ids into
            rows of ``out`` ((B, SHOWDOWN_BOARD_WORDS) uint16; handrank_showdown_prepare).  -1."""

        def showdown_values(
            self,
            prepared: npt.NDArray[np.uint16],
            reach: npt.NDArray[np.float64] | npt.NDArray[np.float32],
            out: npt.NDArray[np.float64] | npt.NDArray[np.float32],
            blocked: bool,
            start: int,
            stop: int,
        ) -> int:
            """For nodes ``start:stop``, each combo's showdown value on a prepared board (row b of ``prepared``,
            or its one row for every node) against ``reach`` (C-contiguous (N or 1, 1326); row b, or row 0 for
            every node) into ``out`` ((N, 1326), the dtype of ``reach``), or
            with ``blocked`` the reach it can face (handrank_showdown_values, handrank_blocked_reach).  -1, or at
            the first board b whose reach has a combo j's entry negative or not a finite number, b * 1327 + j
            (b * 1327 + 1326 where each is finite but the live combos' sum exceeds an eighth of the dtype's
            largest value); the rows of ``out`` from there are unspecified."""

        def omaha_showdown(
            self,
            order: npt.NDArray[np.uint32],
            end: npt.NDArray[np.uint32],
            subsets: npt.NDArray[np.uint32],
            dead: npt.NDArray[np.uint32],
            n_ids: int,
            reach: npt.NDArray[np.float64] | npt.NDArray[np.float32],
            out: npt.NDArray[np.float64] | npt.NDArray[np.float32],
            blocked: bool,
            start: int,
            stop: int,
        ) -> int:
            """Omaha showdown values on one board for rows ``start:stop`` of ``reach`` ((R, N), C-contiguous,
            one entry a hole) into ``out`` (the same shape and dtype), or with ``blocked`` the reach each hole
            can face (handrank_omaha_showdown): ``order`` the live holes worst first, ``end`` where each one's
            run of ties ends, ``subsets`` ((live, 2^k - 1), by size) the ids below ``n_ids`` of each one's
            subsets of cards, ``dead`` the holes meeting the board.  -1, or at the first row r whose reach has
            hole j's entry negative or not a finite number, r * (N + 1) + j (r * (N + 1) + N where each is
            finite but the live holes' sum exceeds an eighth of the dtype's largest value)."""

        def rank_masks(self, masks: npt.NDArray[np.uint64], out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
            """Rank masks ``start:stop`` into ``out``; the first invalid mask, or -1."""

        def iso_index(
            self,
            rows: npt.NDArray[np.uint8],
            street: IsoStreet,
            out: npt.NDArray[np.uint64],
            start: int,
            stop: int,
        ) -> int:
            """Index rows ``start:stop`` of a C-contiguous (N, k) uint8 array, k the street's cards, into the
            contiguous ``out`` (handrank_iso_index); the first invalid row (an id outside the street's deck, a
            card twice), or -1."""

        def iso_unindex(
            self,
            indices: npt.NDArray[np.uint64],
            street: IsoStreet,
            out: npt.NDArray[np.uint8],
            start: int,
            stop: int,
        ) -> int:
            """The canonical hand of indices ``start:stop`` of a contiguous uint64 array into rows of the
            C-contiguous (N, k) ``out`` (handrank_iso_unindex); the first index not below the street's size, or
            -1."""

        def simd(self) -> tuple[str, tuple[str, ...]]:
            """The batch kernel for contiguous uint8 rows in use, and every one on offer, by name."""

        def use_simd(self, name: str) -> str:
            """Use the batch kernel ``name`` (a ValueError when not on offer); the one used before."""

        def avx2_gathers(self, mode: int) -> int:
            """How the avx2 kernel hashes its rank keys, 1 by gathers or 0 by scalar loads (the same classes;
            chosen by timing both on first use); ``mode`` 0 or 1 sets it, -1 only reads; the way used before.
            A ValueError where the avx2 kernel is not on offer, or for another ``mode``."""

        def avx2_vnni(self, mode: int) -> int:
            """Whether the avx2 masks kernel sums with AVX-VNNI's vpdpbusd, 1, or with vpmaddubsw and vpmaddwd, 0
            (the same classes; on where the CPU has AVX-VNNI); ``mode`` 0 or 1 sets it, -1 only reads; the setting
            before.  A ValueError where the avx2 kernel or AVX-VNNI is not on offer, or for another ``mode``."""

        def rank_omaha_rows(
            self,
            holes: npt.NDArray[np.uint8],
            boards: npt.NDArray[np.uint8],
            out: npt.NDArray[np.uint16],
            start: int,
            stop: int,
        ) -> int:
            """Rank Omaha rows ``start:stop`` (C-contiguous uint8; ``boards`` 1-D when shared); first invalid, or -1."""

        def enumerate_boards(
            self,
            game: int,
            holes: bytes,
            n_players: int,
            hole_size: int,
            board: bytes,
            deck: bytes,
            part: int,
            parts: int,
            types: bool,
        ) -> tuple[int, tuple[int, ...]]:
            """``handrank_enumerate``: items ``i % parts == part``, the boards they stand for, each player's tally.

            One part's tally may be negative; the parts add up to the true counts.
            ``types``: by category too (see CATEGORIES), as in the other two equity kernels.
            """

        def enumerate_ranges(
            self,
            game: int,
            n_players: int,
            hole_size: int,
            combos: bytes,
            offsets: array[int],
            weights: array[int],
            board: bytes,
            deck: bytes,
            perms: bytes,
            part: int,
            parts: int,
            types: bool,
        ) -> tuple[int, tuple[int, ...]]:
            """``handrank_enumerate_ranges``: runouts whose first card is ``deck[i]``, ``i % parts == part``.

            ``perms``: suit relabellings (4 bytes each) leaving the question
            unchanged; only the smallest runout of each orbit is settled.  Hold'em
            with three players or more goes matchup by matchup instead (items:
            the disjoint matchups, ``perms`` unused).  ``offsets`` is an
            ``array("q")`` and ``weights`` an ``array("Q")``; on a flop or later a
            combo that meets the board is in no matchup.  Returns the runouts
            counted and each player's tallies, weighted by the product of the
            matchup's combo weights.
            """

        def monte_carlo(
            self,
            game: int,
            n_players: int,
            hole_size: int,
            combos: bytes,
            offsets: array[int],
            cum_weights: array[int],
            board: bytes,
            dead: int,
            excluded: array[int],
            seed: int,
            block_lo: int,
            block_hi: int,
            block_trials: int,
            max_redraws: int,
            types: bool,
        ) -> tuple[int, tuple[int, ...]]:
            """``handrank_monte_carlo``: the trials played (-1: no possible deal) and each player's tally.

            ``excluded[p]`` is a card mask player p's random hand (an empty span of
            ``offsets``) never holds.
            """


def by_matchup(per_combo: Sequence[int], holdem: bool, sizes: Sequence[int], n_board: int) -> bool:
    """Whether ``enumerate_ranges`` counts ranges of these combo counts matchup by matchup, its work items then
    the matchups and not the runouts' first cards: in Hold'em with three players or more, or heads-up on a flop,
    turn or river when the matchups are few for the combos (``per_combo``: a backend's ``SHARED_PER_COMBO``)."""
    if not holdem or len(sizes) < 2:
        return False
    if len(sizes) >= 3:
        return True
    return n_board >= 3 and sizes[0] * sizes[1] <= per_combo[5 - n_board] * (sizes[0] + sizes[1])
