from array import array

import numpy as np
import numpy.typing as npt

from handrank._cards import Cards

__all__ = [
    "enumerate_boards",
    "enumerate_ranges",
    "evaluate",
    "evaluate_mask",
    "evaluate_omaha",
    "monte_carlo",
    "rank_masks",
    "rank_omaha_rows",
    "rank_rows",
]

def evaluate(cards: Cards) -> int: ...
def evaluate_mask(mask: int) -> int: ...
def evaluate_omaha(hole: Cards, board: Cards) -> int: ...
def evaluate_rules(cards: Cards, rules: int) -> int: ...
def evaluate_omaha_low(hole: Cards, board: Cards) -> int: ...
def rank_rows(hands: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def rank_rules_rows(
    hands: npt.NDArray[np.uint8], rules: int, out: npt.NDArray[np.uint16], start: int, stop: int
) -> int: ...
def rank_omaha_low_rows(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
) -> int: ...
def rank_masks(masks: npt.NDArray[np.uint64], out: npt.NDArray[np.uint16], start: int, stop: int) -> int: ...
def combo_equity_counts(
    board: bytes, deck: bytes, villain: npt.NDArray[np.int64], heroes: npt.NDArray[np.int32], counts: np.ndarray
) -> None: ...
def rank_combos(
    board: bytes, combos: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
) -> int: ...
def rank_omaha_rows(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
) -> int: ...
def enumerate_boards(
    game: int,
    holes: bytes,
    n_players: int,
    hole_size: int,
    board: bytes,
    deck: bytes,
    part: int,
    parts: int,
) -> tuple[int, tuple[int, ...]]: ...
def enumerate_ranges(
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
) -> tuple[int, tuple[int, ...]]: ...
def monte_carlo(
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
) -> tuple[int, tuple[int, ...]]: ...
def simd() -> tuple[str, tuple[str, ...]]: ...
def use_simd(name: str) -> str: ...
