"""Every test that takes ``impl`` runs on both backends: ``c`` and ``python``."""

from __future__ import annotations

import importlib
import os
from itertools import chain, combinations
from math import comb
from types import ModuleType

import numpy as np
import pytest


def _load_c() -> ModuleType | None:
    try:
        return importlib.import_module("handrank._eval_c")
    except ImportError:
        if os.environ.get("HANDRANK_BACKEND", "").lower() == "c":
            raise
        return None


EVAL_C = _load_c()


@pytest.fixture(params=["c", "python"])
def impl(request: pytest.FixtureRequest) -> ModuleType:
    if request.param == "c":
        if EVAL_C is None:
            pytest.skip("the compiled extension is not built (HANDRANK_BACKEND=c makes this an error)")
        return EVAL_C
    return importlib.import_module("handrank._eval_py")


@pytest.fixture
def c_impl() -> ModuleType:
    if EVAL_C is None:
        pytest.skip("the compiled extension is not built (HANDRANK_BACKEND=c makes this an error)")
    return EVAL_C


def combos(n: int, k: int) -> np.ndarray:
    """All k-combinations of range(n) in lexicographic order, as a (C(n, k), k) uint8 array."""
    flat = np.fromiter(chain.from_iterable(combinations(range(n), k)), dtype=np.uint8, count=comb(n, k) * k)
    return flat.reshape(-1, k)


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """n seeded random hands of k distinct cards, uint8."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
