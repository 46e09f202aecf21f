"""Declares the compiled extension; everything else is in pyproject.toml.

The extension is optional.  handrank._eval_py gives the same results without
it, so a build where the C compiler is missing or fails still installs the
package, with the pure-Python backend, and prints a warning saying so.  That
wheel keeps its platform tag (it comes from a build meant to compile), so it
never passes for a universal py3-none-any wheel.

``HANDRANK_PURE_PYTHON=1 pip install .`` skips the extension on purpose: no
compiler and no Cython are used, and the wheel is ``py3-none-any``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

PURE_ENV = "HANDRANK_PURE_PYTHON"
# What a missing or failing C toolchain raises: no compiler for this platform
# (PlatformError, e.g. no MSVC), a compiler that cannot be run (ExecError), and
# a failed compile or link (CCompilerError, the base of CompileError and
# LinkError).  Anything else, Cython errors in the .pyx included, is a bug in
# the sources and fails the build.
BUILD_ERRORS = (CCompilerError, ExecError, PlatformError)

WARNING = """
{rule}
WARNING: handrank: the C extension could not be built:
    {error}
Installing the pure-Python backend (handrank._eval_py) instead: the same
results and errors, but slower: about 15x for single calls, 80 to 200x
for batches and equity.
For the compiled backend, install a C compiler and Python's headers, then
reinstall.  Until then `HANDRANK_BACKEND=c python -c "import handrank"`
fails.  {env}=1 builds without the extension on purpose.{removed}
{rule}
"""


def pure_python_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``HANDRANK_PURE_PYTHON`` asks for a build without the extension."""
    value = environ.get(PURE_ENV, "").strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("", "0", "false", "no", "off"):
        return False
    raise SystemExit(f"{PURE_ENV} must be 1 or 0, not {value!r}")


def compile_args() -> tuple[list[str], list[str]]:
    """Compiler and linker flags: only PyInit__eval_c is exported, and the extension is stripped."""
    if sys.platform == "win32":
        return ["/O2"], []
    # Python's own CFLAGS carry -fwrapv, which keeps the compiler from reasoning about loop counters and
    # costs the batch kernels up to 15%; nothing here relies on signed overflow wrapping (UBSan checks it).
    flags = ["-O3", "-fno-strict-aliasing", "-fno-wrapv", "-fvisibility=hidden"]
    return flags, ["-Wl,-x"] if sys.platform == "darwin" else ["-s"]


def extensions() -> list[Extension]:
    """The compiled backend; none when ``HANDRANK_PURE_PYTHON`` is set."""
    if pure_python_requested():
        return []
    extra_compile_args, extra_link_args = compile_args()
    return [
        Extension(
            "handrank._eval_c",
            sources=[
                "src/handrank/_eval_c.pyx",
                "csrc/cpu.c",
                "csrc/evaluate.c",
                "csrc/evaluate_simd.c",
                "csrc/omaha.c",
                "csrc/omaha_simd.c",
                "csrc/combos.c",
                "csrc/variants.c",
                "csrc/equity.c",
                "csrc/ranges.c",
                "csrc/isomorphism.c",
                "csrc/isomorphism_simd.c",
                "csrc/abstraction.c",
                "csrc/showdown.c",
                "csrc/showdown_simd.c",
                "csrc/tables.c",
            ],
            include_dirs=["csrc"],
            depends=["csrc/handrank.h", "csrc/internal.h", "csrc/tables.h"],
            extra_compile_args=extra_compile_args,
            extra_link_args=extra_link_args,
            libraries=[] if sys.platform == "win32" else ["m"],  # sqrt and cbrt (isomorphism.c)
        )
    ]


def warn(error: BaseException, removed: list[str]) -> None:
    """Say loudly, on stderr, that the extension is left out (and which stale builds of it were removed)."""
    stale = "".join(f"\n    {path}" for path in removed)
    if stale:
        stale = "\nRemoved the extension of an earlier build, so that it is not installed instead:" + stale
    text = WARNING.format(rule="*" * 76, error=str(error).strip() or type(error).__name__, env=PURE_ENV, removed=stale)
    print(text, file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """build_ext that cythonizes at build time and installs without the extension when the C build fails."""

    failed: BaseException | None = None

    def run(self) -> None:
        try:
            # Cython is a build requirement; it is imported only when there is
            # an extension to build, so a pure build never needs it.
            if self.extensions:
                self._cythonize()
            super().run()
        except BUILD_ERRORS as exc:  # e.g. no compiler at all for this platform
            self._give_up(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except BUILD_ERRORS as exc:
            self._give_up(exc)

    def copy_extensions_to_source(self) -> None:
        # --inplace and editable builds copy the built extension into src/: there is none after a failure.
        if self.failed is None:
            super().copy_extensions_to_source()

    def _cythonize(self) -> None:
        """Turn the .pyx sources into C in place (build_ext has already set up these Extension objects)."""
        try:
            from Cython.Build import cythonize
        except ImportError as exc:
            raise PlatformError(f"Cython is not installed ({exc})") from None
        generated = {ext.name: ext for ext in cythonize(self.extensions, compiler_directives={"language_level": "3"})}
        for ext in self.extensions:
            ext.sources = generated[ext.name].sources

    def _give_up(self, exc: BaseException) -> None:
        if self.failed is None:
            self.failed = exc
            warn(exc, self._remove_stale())

    def _remove_stale(self) -> list[str]:
        """Remove the compiled extension an earlier build left where this one would have put it (build/lib...,
        and the source tree for --inplace and editable builds): a failed build must never install an old one."""
        import glob
        import importlib.machinery

        places = {os.path.dirname(self.get_ext_fullpath(ext.name)) for ext in self.extensions}
        if self.inplace or getattr(self, "editable_mode", False):
            build_py = self.get_finalized_command("build_py")
            places |= {build_py.get_package_dir(ext.name.rpartition(".")[0]) for ext in self.extensions}
        removed = []
        for ext in self.extensions:
            name = ext.name.rpartition(".")[2]
            for place in sorted(places):
                for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                    for path in glob.glob(os.path.join(glob.escape(place), name + suffix)):
                        os.remove(path)
                        removed.append(path)
        return removed


if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
