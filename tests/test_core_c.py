"""The C core on its own: tests/c/test_core.c built with csrc/ and run, and the symbols csrc/ exports.

Both need a Unix-style C compiler (and the second ``nm``); without one they skip, except
under HANDRANK_BACKEND=c, where CI expects the compiled backend and a missing tool is an
error.  On Windows, where wheels are built with MSVC, they skip.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import NoReturn

import pytest

TESTS = Path(__file__).resolve().parent
CSRC = TESTS.parent / "csrc"
SOURCES = [
    CSRC / name
    for name in (
        "cpu.c",
        "evaluate.c",
        "evaluate_simd.c",
        "omaha.c",
        "omaha_simd.c",
        "combos.c",
        "variants.c",
        "equity.c",
        "ranges.c",
        "isomorphism.c",
        "isomorphism_simd.c",
        "abstraction.c",
        "showdown.c",
        "tables.c",
    )
]
FLAGS = ["-O2", "-std=c11", f"-I{CSRC}"]
PUBLIC, INTERNAL = "handrank_", "hr_"


if sys.platform == "win32":
    pytest.skip("the C-only harness is built with a Unix-style compiler, not MSVC", allow_module_level=True)


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("HANDRANK_BACKEND", "").strip().lower() == "c":
        pytest.fail(f"{reason}, and HANDRANK_BACKEND=c requires the C core to be tested")
    pytest.skip(f"{reason} (HANDRANK_BACKEND=c makes this an error)")


def _compiler() -> list[str]:
    """The C compiler Python was built with, as a command line, else ``cc``."""
    missing = [str(path) for path in SOURCES if not path.is_file()]
    if missing:
        _unavailable(f"the C sources are not next to the tests: {', '.join(missing)}")
    configured = sysconfig.get_config_var("CC")
    command = shlex.split(configured) if isinstance(configured, str) else []
    if command and shutil.which(command[0]):
        return command
    if shutil.which("cc"):
        return ["cc"]
    _unavailable(f"no C compiler found (sysconfig CC is {configured!r}, and no cc on PATH)")


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def _build(command: list[str]) -> None:
    result = _run(command)
    assert result.returncode == 0, f"{shlex.join(command)} failed:\n{result.stdout}{result.stderr}"


def test_core_program_passes(tmp_path: Path) -> None:
    program = tmp_path / f"test_core{sysconfig.get_config_var('EXE') or ''}"
    _build([*_compiler(), *FLAGS, str(TESTS / "c" / "test_core.c"), *map(str, SOURCES), "-lm", "-o", str(program)])
    result = _run([str(program)])
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    lines = result.stdout.strip().splitlines()
    assert lines, report
    assert re.fullmatch(r"[1-9]\d* passed, 0 failed", lines[-1]), report


def _declared(header: str) -> set[str]:
    """The handrank_* names a header declares (functions and the generated tables)."""
    return set(re.findall(r"\b(handrank_\w+)\s*[(\[]", (CSRC / header).read_text()))


def test_exported_symbols_carry_the_prefix(tmp_path: Path) -> None:
    """Every symbol csrc/ defines with external linkage is handrank_* (the API: declared in handrank.h, or a
    generated table of tables.h) or hr_* (the C core's own): the extension shares one namespace."""
    compiler = _compiler()
    nm = shutil.which("nm")
    if nm is None:
        _unavailable("nm not found")
    exported: list[str] = []
    for source in SOURCES:
        obj = tmp_path / f"{source.stem}.o"
        _build([*compiler, *FLAGS, "-c", str(source), "-o", str(obj)])
        listing = _run([nm, "-g", "-P", "--defined-only", str(obj)])
        assert listing.returncode == 0, listing.stderr
        # POSIX format: name, type, value, size; Mach-O spells C names with a leading underscore.
        names = [line.split()[0] for line in listing.stdout.splitlines() if line.strip()]
        exported += [name[1:] if sys.platform == "darwin" and name.startswith("_") else name for name in names]
    assert "handrank_evaluate" in exported, exported
    assert any(name.startswith(INTERNAL) for name in exported), exported
    leaked = [name for name in exported if not name.startswith((PUBLIC, INTERNAL))]
    assert not leaked, f"exported without the {PUBLIC} or {INTERNAL} prefix: {leaked}"
    declared = _declared("handrank.h") | _declared("tables.h")
    undeclared = [name for name in exported if name.startswith(PUBLIC) and name not in declared]
    assert not undeclared, (
        f"{PUBLIC} names that handrank.h does not declare (internal ones take {INTERNAL}): {undeclared}"
    )
