"""``HANDRANK_BACKEND`` (auto, c or python) and the active kernel set.

Composed functions read ``kernels`` at call time, so ``use`` switches every
one of them at once (the tests run each test on both backends that way).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from handrank._kernels import Kernels

CHOICES = ("auto", "c", "python")
SIMD_CHOICES = ("auto", "scalar", "avx2", "avx512", "neon")
# What "auto" takes, best first.  The neon kernel is correct (tested under emulation) but its speed is not yet
# measured on aarch64 hardware: it is there for HANDRANK_SIMD=neon, and auto keeps the scalar kernel.
SIMD_PREFERENCE = ("avx512", "avx2", "scalar", "neon")


def load(choice: str) -> Kernels:
    """The kernels for ``choice``: "c", "python", or "auto" (C when the extension loads)."""
    if choice not in CHOICES:
        raise ImportError(f"HANDRANK_BACKEND must be 'auto', 'c' or 'python', not {choice!r}")
    if choice != "python":
        import importlib

        try:
            compiled = importlib.import_module("handrank._eval_c")
        except ImportError as exc:
            if choice == "c":
                why = "it is not installed" if isinstance(exc, ModuleNotFoundError) else f"it does not load: {exc}"
                raise ImportError(
                    f"HANDRANK_BACKEND=c but the compiled extension handrank._eval_c is not available: {why} "
                    "(build it with a C compiler, or use HANDRANK_BACKEND=python)"
                ) from None
        else:
            if not _simd_chosen:
                _use_simd(compiled)
            return compiled
    from handrank import _eval_py

    return _eval_py


_simd_chosen = False  # HANDRANK_SIMD is read when the compiled kernels first load, and only then


def _use_simd(compiled: Kernels) -> None:
    """Put the compiled batch kernel that ``HANDRANK_SIMD`` names (auto: the best on offer) in use."""
    global _simd_chosen
    choice = os.environ.get("HANDRANK_SIMD", "auto").strip().lower() or "auto"
    if choice not in SIMD_CHOICES:
        raise ImportError(f"HANDRANK_SIMD must be one of {', '.join(SIMD_CHOICES)}, not {choice!r}")
    offered = compiled.simd()[1]
    if choice == "auto":
        choice = next(k for k in SIMD_PREFERENCE if k in offered)
    elif choice not in offered:
        raise ImportError(
            f"HANDRANK_SIMD={choice}, but this build on this CPU has no {choice} kernel; it has {', '.join(offered)} "
            "(HANDRANK_SIMD=auto picks the best of them)"
        )
    compiled.use_simd(choice)
    _simd_chosen = True


def name(kernel_set: Kernels) -> str:
    """ "c" or "python": the name the backend states."""
    return kernel_set.NAME


def use(choice: str) -> Kernels:
    """Make ``choice``'s kernels the active ones; the ones that were active before."""
    global kernels
    before, kernels = kernels, load(choice)
    return before


kernels: Kernels = load(os.environ.get("HANDRANK_BACKEND", "auto").strip().lower() or "auto")
