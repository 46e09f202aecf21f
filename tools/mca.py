#!/usr/bin/env python3
"""The SIMD batch kernels' steps through llvm-mca: cycles a hand that the machine's load does not move.

Timings on a shared machine move by tens of percent between runs, and
valgrind (whose instruction counts compare two versions of the scalar and
AVX2 kernels) cannot run AVX-512 code.  llvm-mca can: it schedules a
loop's instructions on a model of a core's ports and reports the cycles
an iteration takes once the loop runs steadily.  The kernels mark one step
of their loops (``HR_MCA_BEGIN``/``HR_MCA_END`` in csrc/internal.h, empty
unless built with ``-DHR_MCA``); this compiles csrc/evaluate_simd.c to
assembly with the markers, runs llvm-mca on it and prints, per marked
step: its hands, the modelled cycles a step and a hand, and the busiest
ports' load a hand (ports 0 and 5 carry every 512-bit operation).

    python tools/mca.py                  # the working tree
    python tools/mca.py --base HEAD~1    # and a revision, side by side

A model, not a measurement: it knows no caches (every load hits L1, so a
gather costs its uops, not its wait), no memory, no branch it did not
see, and Ice Lake server's ports (LLVM's model for Sapphire Rapids, too);
it lets 512-bit additions and logic use port 1, which the cores shut for
them.  The markers are empty asm statements that the compiler keeps the
step's instructions between, so what it models may differ a little from
the built kernels (which have none).  Compare versions with it, then
confirm with a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = "csrc/evaluate_simd.c"
FLAGS = ["-O3", "-fno-strict-aliasing", "-fno-wrapv", "-DHR_MCA", "-S"]
ITERATIONS = 200


@dataclass
class Step:
    name: str  # kernel/cards a hand (0: a mask)/hands a step/variant
    cycles: float  # modelled cycles a step, steady state
    ports: dict[str, float]  # each port's uops a step
    code: list[str]  # its instructions, as traced

    @property
    def hands(self) -> int:
        return int(self.name.split("/")[2])

    @property
    def per_hand(self) -> float:
        """Modelled cycles a hand."""
        return self.cycles / self.hands


def compile_kernels(csrc: str, cc: str, cards: int, out: str) -> None:
    """csrc/evaluate_simd.c of the folder ``csrc`` as assembly at ``out``, the steps marked, the rows kernels
    specialised for ``cards`` cards only (so that each step's code is its function's one loop)."""
    source = os.path.join(csrc, os.path.basename(SOURCE))
    command = [cc, *FLAGS, f"-DHR_MCA_CARDS={cards}", f"-I{csrc}", source, "-o", out]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"mca: {' '.join(command)} failed:\n{done.stderr}")


LABEL = re.compile(r"^([.$\w]+):")
JUMP = re.compile(r"^(j[a-z]+)\s+([.$\w]+)$")


def trace(lines: list[str], name: str) -> list[str]:
    """The instructions of step ``name`` in the order it runs them when its hands are good.

    The compiler lays a loop out as it likes (the step's end may come
    before its start, the rare path in between), so the step is followed
    from its BEGIN marker to its END marker along jumps, rather than read
    between them: the path that calls nothing (the rare paths call the
    scalar kernel), falling through before jumping.
    """
    labels = {match.group(1): i for i, line in enumerate(lines) if (match := LABEL.match(line.strip()))}
    begin = lines.index(f"# LLVM-MCA-BEGIN {name}")
    end = f"# LLVM-MCA-END {name}"

    def walk(i: int, seen: frozenset[int]) -> list[str] | None:
        path: list[str] = []
        while i < len(lines) and i not in seen:
            seen |= {i}
            line = lines[i]
            if line == end:
                return path
            if not line or LABEL.match(line) or line.startswith((".", "#")):  # labels, directives, comments
                i += 1
                continue
            if line.startswith(("call", "ret")):
                return None
            path.append(line)
            jump = JUMP.match(line)
            if jump and jump.group(1) == "jmp":
                i = labels[jump.group(2)]
            elif jump:
                rest = walk(i + 1, seen)
                if rest is None:
                    rest = walk(labels[jump.group(2)], seen)
                return None if rest is None else path + rest
            else:
                i += 1
        return None

    path = walk(begin + 1, frozenset())
    if path is None:
        sys.exit(f"mca: no path from the start of step {name} to its end that calls nothing")
    return path


def model(asm: str, mca: str, cpu: str, tmp: str, what: str) -> list[Step]:
    """Each marked step of the assembly ``asm`` (of ``what``) as llvm-mca models it on ``cpu``."""
    with open(asm) as f:
        lines = [line.strip() for line in f.read().split("\n")]
    names = [line[len("# LLVM-MCA-BEGIN ") :] for line in lines if line.startswith("# LLVM-MCA-BEGIN ")]
    if not names:
        sys.exit(f"mca: no marked steps in {what}'s kernels (HR_MCA_BEGIN came after it?)")
    steps = []
    for name in sorted(set(names)):
        path = os.path.join(tmp, "step.s")
        code = trace(lines, name)
        with open(path, "w") as f:
            f.write("\n".join(code) + "\n")
        command = [mca, f"-mcpu={cpu}", f"-iterations={ITERATIONS}", "-resource-pressure", path]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"mca: {' '.join(command)} failed on step {name}:\n{done.stderr}")
        steps.append(parse(name, done.stdout, code))
    return steps


def parse(name: str, report: str, code: list[str]) -> Step:
    """A step from llvm-mca's text report: its cycles, and each resource's uops, an iteration."""
    iterations = int(re.search(r"^Iterations:\s+(\d+)", report, re.M).group(1))  # type: ignore[union-attr]
    cycles = int(re.search(r"^Total Cycles:\s+(\d+)", report, re.M).group(1))  # type: ignore[union-attr]
    resources = dict(re.findall(r"^\[(\d+)\]\s+-\s+(\S+)$", report, re.M))
    rows = report.split("Resource pressure per iteration:\n", 1)[1].split("\n")
    used = [0.0 if cell == "-" else float(cell) for cell in rows[1].split()]
    return Step(
        name=name,
        cycles=cycles / iterations,
        ports={resources[str(i)]: use for i, use in enumerate(used)},
        code=code,
    )


def port(step: Step, number: int) -> float:
    """Port ``number``'s uops a hand (the model names ports ``<CPU>Port<number>``)."""
    used = [use for name, use in step.ports.items() if name.endswith(f"Port{number}")]
    return sum(used) / step.hands


def kernels_of(revision: str | None, cc: str, mca: str, cpu: str, tmp: str) -> dict[str, Step]:
    """The marked steps of the working tree (``revision`` None) or of a git revision's csrc, made in ``tmp``."""
    os.makedirs(tmp)
    csrc = os.path.join(ROOT, "csrc")
    if revision is not None:
        csrc = os.path.join(tmp, "csrc")
        os.makedirs(csrc)
        archive = subprocess.run(["git", "-C", ROOT, "archive", revision, "csrc"], capture_output=True, check=False)
        if archive.returncode != 0:
            sys.exit(f"mca: git archive {revision} csrc failed:\n{archive.stderr.decode()}")
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
    steps: dict[str, Step] = {}
    for cards in (5, 6, 7):
        asm = os.path.join(tmp, f"kernels{cards}.s")
        compile_kernels(csrc, cc, cards, asm)
        for step in model(asm, mca, cpu, tmp, revision or "the working tree"):
            steps.setdefault(step.name, step)  # the masks kernels' steps come with every count
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="a git revision whose kernels are modelled beside the working tree's")
    parser.add_argument("--cpu", default="icelake-server", help="llvm-mca's -mcpu (default: icelake-server)")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="the C compiler (default: $CC or cc)")
    parser.add_argument("--mca", default=os.environ.get("LLVM_MCA", "llvm-mca"), help="llvm-mca (or $LLVM_MCA)")
    parser.add_argument("--show", metavar="STEP", help="print the instructions of STEP (as named in the table)")
    args = parser.parse_args(argv)
    mca = shutil.which(args.mca)
    if mca is None:
        sys.exit(f"mca: {args.mca} not found: install LLVM's tools (Debian: llvm) or name it with --mca")
    with tempfile.TemporaryDirectory() as tmp:
        new = kernels_of(None, args.cc, mca, args.cpu, os.path.join(tmp, "new"))
        old: dict[str, Step] = {}
        if args.base is not None:
            old = kernels_of(args.base, args.cc, mca, args.cpu, os.path.join(tmp, "base"))
    if args.show is not None:
        if args.show not in new:
            sys.exit(f"mca: no step {args.show!r}; the steps: {', '.join(sorted(new))}")
        print("\n".join(new[args.show].code))
        return 0
    print(f"llvm-mca -mcpu={args.cpu}, {ITERATIONS} steps; kernel/cards (0: masks)/hands a step/variant")
    head = f"{'step':<22} {'cycles':>7} {'a hand':>7} {'p0':>5} {'p1':>5} {'p5':>5}"
    if old:
        head += f" | {args.base + ' a hand':>16} {'ratio':>6}"
    print(head)
    for name in sorted(set(new) | set(old)):
        line = f"{name:<22}"
        step = new.get(name)
        if step is None:
            line += f" {'(gone)':>7} {'':>7} {'':>5} {'':>5} {'':>5}"
        else:
            line += f" {step.cycles:7.1f} {step.per_hand:7.3f}"
            line += "".join(f" {port(step, number):5.2f}" for number in (0, 1, 5))
        if old:
            before = old.get(name)
            if before is None:
                line += f" | {'(new)':>16}"
            else:
                ratio = f"{before.per_hand / step.per_hand:6.3f}" if step is not None else ""
                line += f" | {before.per_hand:16.3f} {ratio}"
        print(line)
    if old:
        print("ratio: the base's cycles a hand over the working tree's (above 1: the working tree is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
