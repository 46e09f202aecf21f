"""Every docstring example runs, on both backends."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest
from conftest import Api

COMPOSED = [
    "handrank",
    "handrank._batch",
    "handrank._cards",
    "handrank._distribution",
    "handrank._equity",
    "handrank._hand",
    "handrank._hits",
    "handrank._isomorphism",
    "handrank._ranges",
    "handrank._showdown",
    "handrank._showdown_values",
    "handrank._preflop",
    "handrank._solver",
    "handrank._variants",
    "handrank.abstraction",
]


def _run(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


def test_kernel_examples(impl: Api) -> None:
    _run(impl.kernels)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", COMPOSED)
def test_composed_examples(impl: Api, name: str) -> None:
    _run(importlib.import_module(name))
