"""handrank: a fast, exact poker hand evaluator: 5, 6 and 7 cards, Omaha, showdowns.

Cards are ids ``4 * rank + suit`` (2c = 0 ... As = 51) or strings ("As Ks");
ranks are classes 1 (royal flush) .. 7462 (7-5-4-3-2), lower is better.

>>> import handrank
>>> handrank.evaluate("As Ks Qs Js Ts 2c 3d")
1
>>> handrank.describe(handrank.evaluate("9c 4c 4s 9d 4h Qc 6c"))
'Full house, fours full of nines'
"""

from __future__ import annotations

import os

from handrank._cards import card_str, cards_str, parse_cards
from handrank._equity import EquityResult
from handrank._hand import Category, category, describe, example_hand
from handrank._ranges import Range
from handrank._showdown import PlayerResult, Showdown, split_pot

__version__ = "0.1.0"

_choice = os.environ.get("HANDRANK_BACKEND", "auto").strip().lower() or "auto"
if _choice not in ("auto", "c", "python"):
    raise ImportError(f"HANDRANK_BACKEND must be 'auto', 'c' or 'python', not {_choice!r}")
try:
    if _choice == "python":
        raise ImportError("the pure-Python backend was asked for")
    from handrank import _eval_c as _impl
except ImportError as _exc:
    if _choice == "c":
        raise ImportError(f"HANDRANK_BACKEND=c but the compiled extension does not load: {_exc}") from _exc
    from handrank import _eval_py as _impl  # type: ignore[no-redef]

BACKEND: str = "c" if _impl.__name__.endswith("_c") else "python"
"""The active backend: ``"c"`` (compiled) or ``"python"`` (pure Python)."""

evaluate = _impl.evaluate
evaluate_mask = _impl.evaluate_mask
evaluate_batch = _impl.evaluate_batch
evaluate_masks = _impl.evaluate_masks
best_five = _impl.best_five
evaluate_omaha = _impl.evaluate_omaha
evaluate_omaha_batch = _impl.evaluate_omaha_batch
best_five_omaha = _impl.best_five_omaha
showdown = _impl.showdown
equity = _impl.equity

__all__ = [
    "BACKEND",
    "Category",
    "EquityResult",
    "PlayerResult",
    "Range",
    "Showdown",
    "best_five",
    "best_five_omaha",
    "card_str",
    "cards_str",
    "category",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "evaluate_masks",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "example_hand",
    "parse_cards",
    "showdown",
    "split_pot",
]
