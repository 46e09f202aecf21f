"""tools/mca.py: a kernel step followed through the compiler's layout, and the whole tool where llvm-mca is."""

from __future__ import annotations

import importlib.util
import platform
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mca_tool", ROOT / "tools" / "mca.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mca_tool"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# A loop laid out as compilers do: rotated (the step's end comes first in the text), its rare path (a call)
# where the good path falls through, and a jump back to the step's start that must not be followed again.
ROTATED = """
.L3:
\taddl\t$1, %ecx
\t# LLVM-MCA-END k/7/32/0
\tcmpq\t%rax, %rdx
\tjne\t.L5
\tret
.L5:
\t# LLVM-MCA-BEGIN k/7/32/0
\tvpaddd\t%zmm1, %zmm2, %zmm3
\t.p2align 4,,10
\ttestl\t%eax, %eax
\tje\t.L3
\tmovl\t$8, %esi
\tcall\thr_rows_scalar@PLT
\tjmp\t.L3
"""


def test_a_step_is_followed_from_its_start_to_its_end_along_the_path_that_calls_nothing() -> None:
    mca = _tool()
    lines = [line.strip() for line in ROTATED.split("\n")]
    assert mca.trace(lines, "k/7/32/0") == [
        "vpaddd\t%zmm1, %zmm2, %zmm3",
        "testl\t%eax, %eax",
        "je\t.L3",
        "addl\t$1, %ecx",
    ]


def test_a_step_whose_every_path_calls_is_refused_by_name() -> None:
    mca = _tool()
    lines = [line.strip() for line in ROTATED.replace("je\t.L3", "je\t.L6").split("\n")]
    lines += [".L6:", "call\tabort@PLT"]
    with pytest.raises(SystemExit, match="no path from the start of step k/7/32/0 to its end"):
        mca.trace(lines, "k/7/32/0")


def test_fall_through_comes_first_where_both_paths_reach_the_end() -> None:
    mca = _tool()
    text = "# LLVM-MCA-BEGIN s/0/8/0\njl\t.L2\nvpor\t%ymm1, %ymm1, %ymm1\n.L2:\n# LLVM-MCA-END s/0/8/0"
    assert mca.trace(text.split("\n"), "s/0/8/0") == ["jl\t.L2", "vpor\t%ymm1, %ymm1, %ymm1"]


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="the marked steps are x86-64 kernels")
@pytest.mark.skipif(shutil.which("llvm-mca") is None, reason="llvm-mca is not installed (CI's lint job has it)")
def test_the_tool_models_every_marked_step_of_the_sources() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "mca.py")], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line.split()[1:] for line in done.stdout.splitlines()[2:]}
    expected = {f"avx512_rows/{k}/32/0" for k in (5, 6, 7)} | {"avx512_masks/0/32/0"}
    expected |= {f"avx2_rows/{k}/8/{g}" for k in (5, 6, 7) for g in (0, 1)}
    expected |= {f"avx2_masks/0/8/{v}" for v in range(4)}
    assert set(rows) == expected
    for name, (cycles, per_hand, *_ports) in rows.items():
        hands = int(name.split("/")[2])
        assert float(cycles) > 0 and abs(float(per_hand) - float(cycles) / hands) < 0.01, name
