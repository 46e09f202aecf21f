"""handrank: a fast, exact poker hand evaluator: 5, 6 and 7 cards, Omaha, showdowns, equity.

Cards are ids ``4 * rank + suit`` (2c = 0 ... As = 51) or strings ("As Ks");
ranks are classes 1 (royal flush) .. 7462 (7-5-4-3-2), lower is better.

>>> import handrank
>>> handrank.evaluate("As Ks Qs Js Ts 2c 3d")
1
>>> handrank.describe(handrank.evaluate("9c 4c 4s 9d 4h Qc 6c"))
'Full house, fours full of nines'
"""

from __future__ import annotations

from handrank import _backend
from handrank._batch import evaluate_batch, evaluate_masks, evaluate_omaha_batch
from handrank._cards import card_str, cards_str, parse_cards
from handrank._classes import HAND_CLASSES
from handrank._distribution import (
    EquityCurve,
    EquityDistribution,
    NextCardEquity,
    equity_distribution,
    next_card_equity,
)
from handrank._equity import equity, equity_by_street
from handrank._hand import best_five, best_five_omaha, category, describe, example_hand
from handrank._hits import Hits, hits
from handrank._isomorphism import HandIndexer
from handrank._kernels import BLOCKED, NO_LOW
from handrank._omaha_classes import omaha_class_holes, omaha_class_of, omaha_classes
from handrank._omaha_preflop import OmahaPreflopEquity, omaha_preflop_equity
from handrank._preflop import preflop_equity, preflop_matrix
from handrank._ranges import Range
from handrank._results import HAND_TYPES, ComboEquity, EquityResult, HandTypes, StreetEquity
from handrank._showdown import PlayerResult, Showdown, showdown, split_pot, split_pot_hilo
from handrank._showdown_values import ShowdownBoards, blocked_reach, showdown_values
from handrank._solver import combo_equity, combo_index, combos, rank_combos
from handrank._tables import Category
from handrank._variants import (
    evaluate_low,
    evaluate_low_batch,
    evaluate_omaha_low,
    evaluate_omaha_low_batch,
    evaluate_short_deck,
    evaluate_short_deck_batch,
)

__version__ = "0.1.0"

BACKEND: str = _backend.name(_backend.kernels)
"""The active backend: ``"c"`` (compiled) or ``"python"`` (pure Python)."""

SIMD: str = _backend.kernels.simd()[0]
"""The kernel ``evaluate_batch`` runs on contiguous uint8 rows, ``evaluate_masks`` on contiguous masks and
``evaluate_omaha_batch`` on contiguous holes and boards (Omaha has no ``neon`` kernel: the scalar one runs):
``"avx512"``, ``"avx2"``, ``"neon"`` or ``"scalar"`` (compiled; chosen at import by CPU, or by ``HANDRANK_SIMD``),
``"python"`` on the pure-Python backend."""

# The hot single calls, bound straight to the backend's kernels.
evaluate = _backend.kernels.evaluate
evaluate_mask = _backend.kernels.evaluate_mask
evaluate_omaha = _backend.kernels.evaluate_omaha

__all__ = [
    "BACKEND",
    "BLOCKED",
    "HAND_CLASSES",
    "HAND_TYPES",
    "NO_LOW",
    "SIMD",
    "Category",
    "ComboEquity",
    "EquityCurve",
    "EquityDistribution",
    "EquityResult",
    "HandIndexer",
    "HandTypes",
    "Hits",
    "NextCardEquity",
    "OmahaPreflopEquity",
    "PlayerResult",
    "Range",
    "Showdown",
    "ShowdownBoards",
    "StreetEquity",
    "best_five",
    "best_five_omaha",
    "blocked_reach",
    "card_str",
    "cards_str",
    "category",
    "combo_equity",
    "combo_index",
    "combos",
    "describe",
    "equity",
    "equity_by_street",
    "equity_distribution",
    "evaluate",
    "evaluate_batch",
    "evaluate_low",
    "evaluate_low_batch",
    "evaluate_mask",
    "evaluate_masks",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low",
    "evaluate_omaha_low_batch",
    "evaluate_short_deck",
    "evaluate_short_deck_batch",
    "example_hand",
    "hits",
    "next_card_equity",
    "omaha_class_holes",
    "omaha_class_of",
    "omaha_classes",
    "omaha_preflop_equity",
    "parse_cards",
    "preflop_equity",
    "preflop_matrix",
    "rank_combos",
    "showdown",
    "showdown_values",
    "split_pot",
    "split_pot_hilo",
]
