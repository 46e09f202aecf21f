"""The original libraries that the compat tests compare against, imported if they are installed.

The adapters' own behaviour is tested whether or not the originals are there;
only the differential tests, which run the original beside the adapter, need
them, and those carry the ``requires`` marker.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from typing import Any

import pytest


def optional_import(name: str) -> Any:
    """The module ``name``, or ``None`` when it (or something it needs) cannot be imported.

    Warnings raised while it imports (deprecated names of its own dependencies)
    are silenced, as ``pytest.importorskip`` silences them.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return importlib.import_module(name)
        except ImportError:
            return None


def requires(module: object, name: str) -> pytest.MarkDecorator:
    """Skip the test when the original library ``name`` (imported as ``module``) is missing."""
    return pytest.mark.skipif(module is None, reason=f"{name} is not installed: pip install -e '.[compat]'")


def import_without(blocked: str, module: str) -> subprocess.CompletedProcess[str]:
    """Import ``module`` in a fresh interpreter in which importing ``blocked`` fails."""
    code = f"import sys\nsys.modules[{blocked!r}] = None\nimport {module}\nprint('ok')\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
