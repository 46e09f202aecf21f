"""The seam holds to its one statement: the ``Kernels`` protocol of ``handrank._kernels``.

``KERNELS`` (both twins' ``__all__``) is the protocol's methods, each twin
exports exactly those with the protocol's parameters and states the
protocol's traits, and the compiled module's stub is what
``tools/gen_stub.py`` writes from it.  The protocol is read with ``ast`` (it
lives under ``TYPE_CHECKING``), by the tool's own reader.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest
from conftest import Api

from handrank import _backend, _kernels

ROOT = Path(__file__).resolve().parent.parent


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_stub", ROOT / "tools" / "gen_stub.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN_STUB = _load_tool()
# The protocol of the installed package (a wheel's tests read the module they test).
PROTOCOL: ast.ClassDef = GEN_STUB.protocol(Path(inspect.getfile(_kernels)).read_text())
PARAMETERS = {m.name: [a.arg for a in GEN_STUB.parameters(m)] for m in GEN_STUB.methods(PROTOCOL)}
TRAITS = [t.target.id for t in GEN_STUB.traits(PROTOCOL)]


def test_kernels_are_the_protocols_methods() -> None:
    assert _kernels.KERNELS == tuple(sorted(PARAMETERS))
    assert {"NAME", "RELEASES_GIL"} <= set(TRAITS)


def test_each_twin_exports_exactly_the_kernels(impl: Api) -> None:
    twin = impl.kernels
    assert twin.__all__ is _kernels.KERNELS  # type: ignore[attr-defined]
    assert all(callable(getattr(twin, name)) for name in _kernels.KERNELS)
    if impl.name == "c":
        # Nothing composed: every other public name of the compiled module is a trait.
        public = {name for name in vars(twin) if not name.startswith("_")}
        assert public == {*_kernels.KERNELS, *TRAITS}


@pytest.mark.parametrize("name", _kernels.KERNELS)
def test_each_kernel_takes_the_protocols_parameters(impl: Api, name: str) -> None:
    signature = inspect.signature(getattr(impl.kernels, name))
    assert list(signature.parameters) == PARAMETERS[name]
    plain = inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert all(p.kind is plain and p.default is p.empty for p in signature.parameters.values())


def test_each_twin_states_its_traits(impl: Api) -> None:
    twin = impl.kernels
    assert all(hasattr(twin, trait) for trait in TRAITS)
    assert twin.NAME == impl.name == _backend.name(twin)
    assert twin.RELEASES_GIL is (impl.name == "c")
    per_combo = twin.SHARED_PER_COMBO
    assert len(per_combo) == 3 and all(type(k) is int and k >= 0 for k in per_combo)
    if impl.name == "c":  # the C core's, from its header
        header = (Path(__file__).parents[1] / "csrc" / "handrank.h").read_text()
        defines = dict(re.findall(r"#define HANDRANK_SHARED_(\w+) (\d+)", header))
        assert per_combo == tuple(int(defines[street]) for street in ("RIVER", "TURN", "FLOP"))


def test_stub_is_generated_from_the_protocol() -> None:
    """The stub next to the module tested (the package ships it) is what the tool writes from its protocol."""
    seam = Path(inspect.getfile(_kernels))
    assert seam.with_name("_eval_c.pyi").read_text() == GEN_STUB.render(seam), "out of date: run tools/gen_stub.py"
