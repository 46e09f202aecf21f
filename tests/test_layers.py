"""The package's shape: every import points down the floors of design/README.md, and private stays private.

Imports are read from the source, so those inside functions and under
``TYPE_CHECKING`` count as much as those at the top: a lazy import that
climbs is a circle all the same.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import handrank

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "design" / "README.md"
# The checkout's sources when the tests run from one; else the installed package (a wheel has no .pyx).
CHECKOUT = ROOT / "src" / "handrank"
SOURCE = CHECKOUT if (CHECKOUT / "__init__.py").is_file() else Path(handrank.__file__).parent


def _floors() -> dict[str, int]:
    """Room -> floor, from the table under '## Floors' in design/README.md."""
    text = DESIGN.read_text(encoding="utf-8")
    section = text.split("## Floors", 1)[1].split("\n## ", 1)[0]
    floors: dict[str, int] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].isdigit():
            for room in re.findall(r"`([^`]+)`", cells[1]):
                floors[room] = int(cells[0])
    return floors


def _room(path: Path) -> str:
    relative = path.relative_to(SOURCE)
    return relative.parts[0] if relative.parts[0] == "compat" else path.stem


def _sources() -> dict[Path, str]:
    found = {p: p.read_text(encoding="utf-8") for p in sorted(SOURCE.rglob("*.py"))}
    return found


def _target(module: str) -> str | None:
    """The room a ``handrank...`` module name is, or None for anything else."""
    if module == "handrank":
        return "__init__"
    if not module.startswith("handrank."):
        return None
    return module.split(".")[1]


def _imports(tree: ast.AST) -> list[tuple[int, str, list[str]]]:
    """Every import of the package in a module: (line, room, names imported from it)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [a.name for a in node.names]
            if node.module == "handrank":
                for name in names:  # ``from handrank import _backend`` imports a room
                    found.append((node.lineno, name if name.startswith("_") else "__init__", []))
            elif (room := _target(node.module)) is not None:
                found.append((node.lineno, room, names))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if (room := _target(alias.name)) is not None:
                    found.append((node.lineno, room, []))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and (room := _target(arg.value)):
                found.append((node.lineno, room, []))
    return found


def test_every_room_has_a_floor() -> None:
    floors = _floors()
    rooms = {_room(p) for p in _sources()}
    assert rooms - floors.keys() == set(), "rooms missing from design/README.md's floors"
    assert floors.keys() - rooms - {"_eval_c"} == set(), "floors name rooms the package does not have"


def test_every_import_points_down() -> None:
    floors = _floors()
    climbs = []
    for path, text in _sources().items():
        here = _room(path)
        for line, room, _ in _imports(ast.parse(text)):
            if room != here and floors.get(room, 99) >= floors[here]:
                climbs.append(f"{path.name}:{line} {here} (floor {floors[here]}) imports {room} ({floors.get(room)})")
    assert climbs == []


def test_the_compiled_twin_imports_down() -> None:
    pyx = SOURCE / "_eval_c.pyx"
    if not pyx.exists():
        pytest.skip("the Cython source is not installed with a wheel; the checkout's run checks it")
    floors = _floors()
    rooms = re.findall(r"^\s*(?:from|import)\s+handrank\.(\w+)", pyx.read_text(encoding="utf-8"), re.M)
    rooms += re.findall(r"^\s*from\s+handrank\s+(?:c?import)\s+(\w+)", pyx.read_text(encoding="utf-8"), re.M)
    assert rooms, "the twin imports nothing of the package?"
    climbs = [r for r in rooms if r != "_csrc" and floors.get(r, 99) >= floors["_eval_c"]]
    assert climbs == []


def _private_imports(files: dict[Path, str]) -> list[str]:
    """Every ``from handrank... import _name`` in ``files``, as 'file:line room._name'."""
    imported = []
    for path, text in files.items():
        for line, room, names in _imports(ast.parse(text)):
            imported += [
                f"{path.name}:{line} {room}.{n}" for n in names if n.startswith("_") and not n.startswith("__")
            ]
    return imported


def test_no_private_name_crosses_rooms() -> None:
    assert _private_imports(_sources()) == []


def _private_members() -> dict[str, set[str]]:
    """Each room's private names: module-level and class-level ``_name`` definitions, and ``self._name`` stores."""
    own: dict[str, set[str]] = {}
    for path, text in _sources().items():
        names = own.setdefault(_room(path), set())
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                names.add(node.value)  # __slots__ entries
        own[_room(path)] = {n for n in names if n.startswith("_") and not n.startswith("__")}
    return own


def test_no_room_reads_another_rooms_private_fields() -> None:
    """``x._field`` only where ``_field`` is the room's own (or no room of the package defines it: a library's)."""
    own = _private_members()
    everyone = set().union(*own.values())
    reads = []
    for path, text in _sources().items():
        here = _room(path)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if node.attr in everyone and node.attr not in own[here]:
                    reads.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert reads == []


def test_every_function_fits_on_a_screen() -> None:
    """No function of the package is longer than 80 lines, its docstring aside."""
    long = []
    for path, text in _sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = node.body[0]
                doc = ast.get_docstring(node) is not None
                lines = node.end_lineno - node.lineno + 1 - ((first.end_lineno - first.lineno + 1) if doc else 0)  # type: ignore[operator]
                if lines > 80:
                    long.append(f"{path.name}:{node.lineno} {node.name}: {lines} lines")
    assert long == []


def test_tools_import_no_private_name() -> None:
    """The generators and checks in tools/ use the package's internal names, never its ``_private`` ones."""
    tools = ROOT / "tools"
    if not tools.is_dir():
        pytest.skip("tools/ is not here (a wheel's tests bring their own copy)")
    assert _private_imports({p: p.read_text(encoding="utf-8") for p in sorted(tools.glob("*.py"))}) == []
