"""setup.py: a C build that fails installs the pure-Python package with a warning; HANDRANK_PURE_PYTHON=1 skips it.

These load setup.py without running ``setup()`` and drive its build_ext
subclass with the errors a missing or broken compiler raises; nothing is
compiled.  Building whole wheels that way is CI's job (the ``no-compiler``
job in .github/workflows/ci.yml).  They skip where setup.py is not next to
the tests (a wheel's test run) or setuptools is not installed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SETUP = Path(__file__).resolve().parent.parent / "setup.py"
WARNING = "WARNING: handrank: the C extension could not be built"

if not SETUP.is_file():
    pytest.skip("setup.py is not next to the tests", allow_module_level=True)
pytest.importorskip("setuptools")


@pytest.fixture
def setup_py(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    """setup.py as a module (``setup()`` only runs as __main__), in an empty working directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HANDRANK_PURE_PYTHON", raising=False)
    spec = importlib.util.spec_from_file_location("handrank_setup", SETUP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def command(setup_py: ModuleType) -> Any:
    from setuptools import Distribution

    cmd = setup_py.OptionalBuildExt(Distribution({"name": "handrank", "ext_modules": setup_py.extensions()}))
    cmd.ensure_finalized()
    return cmd


def fail_with(error: BaseException) -> Any:
    def fail(*args: object, **kwargs: object) -> None:
        raise error

    return fail


@pytest.mark.parametrize("error", ["CompileError", "LinkError", "CCompilerError", "ExecError", "PlatformError"])
def test_a_failed_compile_is_a_warning(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: str
) -> None:
    import setuptools.errors

    exc = getattr(setuptools.errors, error)("command 'gcc' failed: No such file or directory")
    monkeypatch.setattr(setup_py.build_ext, "build_extension", fail_with(exc))
    cmd = command(setup_py)
    (ext,) = cmd.extensions
    cmd.build_extension(ext)  # does not raise
    cmd.copy_extensions_to_source()  # --inplace: nothing to copy, no error
    assert cmd.failed is exc
    err = capsys.readouterr().err
    assert WARNING in err and "command 'gcc' failed" in err and "pure-Python backend" in err


def test_no_compiler_for_the_platform_is_a_warning(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from setuptools.errors import PlatformError

    monkeypatch.setattr(setup_py.OptionalBuildExt, "_cythonize", lambda self: None)
    monkeypatch.setattr(setup_py.build_ext, "run", fail_with(PlatformError("Microsoft Visual C++ 14.0 is required")))
    command(setup_py).run()
    assert "Microsoft Visual C++ 14.0 is required" in capsys.readouterr().err


def test_no_cython_is_a_warning(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "Cython", None)
    monkeypatch.setitem(sys.modules, "Cython.Build", None)
    monkeypatch.setattr(setup_py.build_ext, "run", fail_with(AssertionError("nothing to build without Cython")))
    command(setup_py).run()
    err = capsys.readouterr().err
    assert WARNING in err and "Cython is not installed" in err


def test_other_errors_fail_the_build(setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(setup_py.build_ext, "build_extension", fail_with(RuntimeError("a bug")))
    cmd = command(setup_py)
    with pytest.raises(RuntimeError, match="a bug"):
        cmd.build_extension(cmd.extensions[0])
    assert cmd.failed is None


def test_pure_python_builds_no_extension_and_needs_no_cython(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert [ext.name for ext in setup_py.extensions()] == ["handrank._eval_c"]
    monkeypatch.setitem(sys.modules, "Cython", None)
    monkeypatch.setitem(sys.modules, "Cython.Build", None)
    monkeypatch.setenv("HANDRANK_PURE_PYTHON", "1")
    assert setup_py.extensions() == []
    command(setup_py).run()
    assert WARNING not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("value", "pure"), [("1", True), ("true", True), ("Yes", True), ("", False), ("0", False), ("off", False)]
)
def test_pure_python_values(setup_py: ModuleType, value: str, pure: bool) -> None:
    assert setup_py.pure_python_requested({"HANDRANK_PURE_PYTHON": value}) is pure
    assert setup_py.pure_python_requested({}) is False


def test_pure_python_rejects_other_values(setup_py: ModuleType) -> None:
    with pytest.raises(SystemExit, match="HANDRANK_PURE_PYTHON must be 1 or 0, not 'maybe'"):
        setup_py.pure_python_requested({"HANDRANK_PURE_PYTHON": "maybe"})


@pytest.mark.parametrize("inplace", [False, True])
def test_a_failed_compile_removes_an_earlier_build(
    setup_py: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    inplace: bool,
) -> None:
    """An extension left by an earlier, successful build (build/lib..., or src/ for --inplace and editable
    builds) is removed when this build fails, so that the wheel cannot ship it while saying pure Python."""
    import importlib.machinery

    from setuptools.errors import CompileError

    monkeypatch.setattr(setup_py.build_ext, "build_extension", fail_with(CompileError("gcc: no such file")))
    cmd = command(setup_py)
    cmd.inplace = inplace
    (ext,) = cmd.extensions
    stale = Path(cmd.get_ext_fullpath(ext.name)).with_name("_eval_c" + importlib.machinery.EXTENSION_SUFFIXES[0])
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_bytes(b"an old build")
    other = tmp_path / "elsewhere" / stale.name  # not where this build would write: left alone
    other.parent.mkdir()
    other.write_bytes(b"kept")
    cmd.build_extension(ext)
    assert not stale.exists() and other.exists()
    err = capsys.readouterr().err
    assert "pure-Python backend" in err and "Removed the extension of an earlier build" in err and str(stale) in err
