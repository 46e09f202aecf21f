#!/usr/bin/env python3
"""Time ``handrank.compat.eval7`` (the drop-in eval7 API) against eval7 itself.

Both get the very same calls on the same seeded random hands of 5, 6 and 7
cards, each side with its own ``Card`` objects: ``evaluate(cards)``, then
``handtype(value)``, then ``HandRange(text)`` on a few range strings.  Before
anything is timed, every adapter answer is checked against eval7's (they must
be equal; any mismatch is printed and the script exits with status 1).
Conventions as in bench.py: calls driven by ``map`` into a zero-length deque,
card conversion beforehand and untimed, rows timed round-robin, best of
--repeats.

    pip install -e ".[bench]"
    python benchmarks/bench_compat_eval7.py
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import CARD_NAMES, best_seconds, consume, make_hands, version

RANGES = ["AQs+, 0.4(AsKs)", "AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)", "22+, A2+, K9+, QTs+, JTs, 50%(T9s, 98s, 87s)"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=100_000, help="hands per row (default 100k)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed for the hands (default 2024)")
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per row, best kept (default 7)")
    args = parser.parse_args(argv)

    import eval7

    from handrank.compat import eval7 as compat

    theirs_cards = [eval7.Card(name) for name in CARD_NAMES]
    ours_cards = [compat.Card(name) for name in CARD_NAMES]
    print(f"eval7 {version('eval7')}, handrank {version('handrank')}, Python {sys.version.split()[0]}")
    print(f"{args.calls} calls per row, best of {args.repeats}\n")
    print(f"{'call':<28}{'eval7 us/call':>15}{'compat us/call':>16}{'speed-up':>10}")

    rows: list[tuple[str, Callable[[Any], Any], list[Any], Callable[[Any], Any], list[Any]]] = []
    for size in (7, 6, 5):
        hands = make_hands(args.calls, size, args.seed + size).tolist()
        theirs_hands = [[theirs_cards[c] for c in h] for h in hands]
        ours_hands = [[ours_cards[c] for c in h] for h in hands]
        rows.append((f"evaluate, {size} cards", eval7.evaluate, theirs_hands, compat.evaluate, ours_hands))
    values = list(map(eval7.evaluate, rows[0][2]))
    rows.append(("handtype", eval7.handtype, values, compat.handtype, values))
    texts = RANGES * max(1, args.calls // 1000)
    rows.append(("HandRange(text)", eval7.HandRange, texts, compat.HandRange, texts))

    status = 0
    for label, theirs, theirs_args, ours, ours_args in rows:
        want = list(map(theirs, theirs_args))
        got = list(map(ours, ours_args))
        if label.startswith("HandRange"):
            want = [[((str(a), str(b)), w) for (a, b), w in r.hands] for r in want]
            got = [[((str(a), str(b)), w) for (a, b), w in r.hands] for r in got]
        bad = [i for i, (w, g) in enumerate(zip(want, got, strict=True)) if w != g]
        if bad:
            print(f"{label}: {len(bad)} mismatches, first at call {bad[0]}: eval7 {want[bad[0]]}, compat {got[bad[0]]}")
            status = 1
            continue
        seconds = best_seconds(
            [
                lambda f=theirs, a=theirs_args: consume(map(f, a)),
                lambda f=ours, a=ours_args: consume(map(f, a)),
            ],
            args.repeats,
        )
        t_theirs, t_ours = (s / len(theirs_args) * 1e6 for s in seconds)
        print(f"{label:<28}{t_theirs:>15.3f}{t_ours:>16.3f}{t_theirs / t_ours:>9.1f}x")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
