"""Declares the compiled extension; everything else is in pyproject.toml."""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

# Only PyInit__eval_c is exported; the wheel's extension is stripped of symbols.
if sys.platform == "win32":
    extra_compile_args, extra_link_args = ["/O2"], []
elif sys.platform == "darwin":
    extra_compile_args, extra_link_args = ["-O3", "-fno-strict-aliasing", "-fvisibility=hidden"], ["-Wl,-x"]
else:
    extra_compile_args, extra_link_args = ["-O3", "-fno-strict-aliasing", "-fvisibility=hidden"], ["-s"]

extension = Extension(
    "handrank._eval_c",
    sources=["src/handrank/_eval_c.pyx", "csrc/evaluate.c", "csrc/omaha.c", "csrc/equity.c", "csrc/tables.c"],
    include_dirs=["csrc"],
    depends=["csrc/handrank.h", "csrc/internal.h", "csrc/tables.h"],
    extra_compile_args=extra_compile_args,
    extra_link_args=extra_link_args,
)

setup(ext_modules=cythonize([extension], compiler_directives={"language_level": "3"}))
