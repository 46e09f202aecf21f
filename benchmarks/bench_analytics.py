#!/usr/bin/env python3
"""Time the range analytics beside the calls they are measured against, on the same ranges and boards.

``equity_distribution`` against ``combo_equity`` (the per-combo equities
it is built on: the target is within 1.2 times its time), for the same
range on both sides (one curve, counted once) and for two ranges (two
curves); ``next_card_equity`` on a flop against the naive way, one exact
``equity`` call a turn card (checked equal first).  One thread, best of
``--repeats`` runs, milliseconds a call.  Then ``equity(...,
hand_types=True)`` beside the same ``equity`` without it, case by case
(the target: at most 1.5 times).  ``hits`` has its own, ``bench_hits.py``.

    python benchmarks/bench_analytics.py --markdown
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import bench_parser, best_of, best_seconds, cpu_name, version

FLOP = "Ks 7h 2d"

# equity questions timed with and without hand_types: (what, players, board, options), every path of the kernels
HAND_TYPE_CASES = [
    ("exact, two hands, preflop", ["Ah Kh", "Qs Qd"], "", {"exact": True}),
    ("exact, three hands, preflop", ["Ah Kh", "Qs Qd", "7c 6c"], "", {"exact": True}),
    ("exact, two hands, flop", ["Ah Kh", "Qs Qd"], "2h 7h 9c", {"exact": True}),
    ("exact, QQ+,AKs vs random, flop", ["QQ+,AKs", "random"], FLOP, {"exact": True}),
    ("exact, random vs random, turn", ["random", "random"], FLOP + " 5c", {"exact": True}),
    ("exact, three ranges, flop", ["QQ+,AKs", "JJ-99,AQs", "KQs,QJs,JTs"], FLOP, {"exact": True}),
    ("exact, Omaha, two hands, flop", ["Ah Kh Qd Jd", "Ts 9s 8c 7c"], "2h 8h Td", {"exact": True, "game": "omaha"}),
    ("Monte Carlo 1M, two hands", ["Ah Kh", "Qs Qd"], "", {"trials": 1_000_000, "seed": 1}),
    ("Monte Carlo 1M, QQ+,AK vs random", ["QQ+,AK", "random"], "", {"trials": 1_000_000, "seed": 1}),
    ("Monte Carlo 1M, three ranges", ["QQ+,AK", "random", "22+"], "", {"trials": 1_000_000, "seed": 1}),
    (
        "Monte Carlo 200k, Omaha, two hands",
        ["Ah Kh Qd Jd", "Ts 9s 8c 7c"],
        "",
        {"trials": 200_000, "seed": 1, "game": "omaha"},
    ),
]


def _best(call: Callable[[], object], repeats: int) -> float:
    """Milliseconds: the shortest of ``repeats`` runs."""
    return best_of(call, repeats) * 1e3


def _naive_next_card(hero: str, villain: str, board: str) -> list[float]:
    """Each turn card's hero equity, one exact ``equity`` call a card."""
    cards = handrank.parse_cards(board)
    return [
        handrank.equity([hero, villain], cards + [card], exact=True, threads=1).equity[0]
        for card in range(52)
        if card not in cards
    ]


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser(__doc__, 5)
    args = parser.parse_args(argv)
    rows: list[tuple[str, float, str]] = []
    base = _best(lambda: handrank.combo_equity("random", "random", FLOP), args.repeats)
    rows.append(("combo_equity(random, random, flop)", base, "1.00x"))
    ms = _best(lambda: handrank.equity_distribution("random", "random", FLOP), args.repeats)
    rows.append(("equity_distribution(random, random, flop)", ms, f"{ms / base:.2f}x"))
    two = _best(lambda: handrank.combo_equity("QQ+,AKs", "random", FLOP), args.repeats)
    two += _best(lambda: handrank.combo_equity("random", "QQ+,AKs", FLOP), args.repeats)
    rows.append(("combo_equity both ways (QQ+,AKs and random, flop)", two, "1.00x"))
    ms = _best(lambda: handrank.equity_distribution("QQ+,AKs", "random", FLOP), args.repeats)
    rows.append(("equity_distribution(QQ+,AKs, random, flop): two curves", ms, f"{ms / two:.2f}x"))
    got = handrank.next_card_equity("QQ+,AKs", "random", FLOP)
    naive = _naive_next_card("QQ+,AKs", "random", FLOP)
    if max(abs(a - b) for a, b in zip(got.equity[:, 0].tolist(), naive, strict=True)) > 1e-12:
        print("error: next_card_equity and one equity call a card differ", file=sys.stderr)
        return 1
    slow = _best(lambda: _naive_next_card("QQ+,AKs", "random", FLOP), max(1, args.repeats // 2))
    rows.append(("next card, one exact equity() a turn card (QQ+,AKs vs random, flop)", slow, "1.00x"))
    ms = _best(lambda: handrank.next_card_equity("QQ+,AKs", "random", FLOP), args.repeats)
    rows.append(("next_card_equity(QQ+,AKs, random, flop)", ms, f"{slow / ms:.1f}x faster"))
    ms = _best(lambda: handrank.next_card_equity("random", "random", FLOP), args.repeats)
    rows.append(("next_card_equity(random, random, flop)", ms, ""))
    worst = 0.0
    for what, players, board, options in HAND_TYPE_CASES:
        plain, typed = best_seconds(
            [
                lambda p=players, b=board, o=options: handrank.equity(p, b, threads=1, **o),  # type: ignore[misc]
                lambda p=players, b=board, o=options: handrank.equity(p, b, threads=1, hand_types=True, **o),  # type: ignore[misc]
            ],
            args.repeats,
        )
        worst = max(worst, typed / plain)
        rows.append((f"equity, {what}", plain * 1e3, "1.00x"))
        rows.append((f"equity, {what}, hand_types=True", typed * 1e3, f"{typed / plain:.2f}x"))
    rows.append(("hand_types=True, the most it costs of these", 0.0, f"{worst:.2f}x"))
    print(f"handrank {version('handrank')} on {cpu_name()}, one thread", file=sys.stderr)
    if args.markdown:
        print("| call | ms | against its baseline |")
        print("|---|---:|---:|")
    for name, ms, ratio in rows:
        print(f"| {name} | {ms:,.2f} | {ratio} |" if args.markdown else f"{name:72s} {ms:10,.2f} ms  {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
