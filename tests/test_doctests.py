"""Every docstring example runs, on both backends."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest

SHARED = ["handrank", "handrank._cards", "handrank._hand", "handrank._showdown", "handrank._ranges"]


def _run(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


def test_backend_examples(impl: ModuleType) -> None:
    _run(impl)


@pytest.mark.parametrize("name", SHARED)
def test_shared_examples(name: str) -> None:
    _run(importlib.import_module(name))
