#!/usr/bin/env python3
"""Time handrank's other rankings (short deck, the lows, Omaha eight-or-better) against pokerkit's.

Every evaluator gets the same seeded random hands: 7 cards from the 36-card
deck for short deck, 7 (and 5) from the 52-card deck for the lows, a hole
of 4, 5 or 6 cards and a 5-card board for Omaha eight-or-better.  Before
anything is timed, handrank's batch is checked against its single call on
every timed hand, and pokerkit's hands (``ShortDeckHoldemHand``,
``RegularLowHand``, ``EightOrBetterLowHand``, ``StandardLowHand``,
``OmahaEightOrBetterLowHand``: its own numbers) must put the hands in the
same order, ties included, and find a low exactly where handrank does; a
disagreement prints the hands and the script exits with status 1.  pokerkit
has no "three of a kind beats a straight" short deck; that row is timed
against its one short deck.

Rows per ranking: handrank C ``*_batch`` on one thread and on every core,
handrank C's single call (one hand a call, from Python), and pokerkit's
``from_game`` (on far fewer hands: it is slow).  The last column is how
many times pokerkit's call handrank's row is.  Conventions as in bench.py:
cards converted beforehand and untimed, round-robin best of --repeats runs.

    pip install -e ".[bench]"
    python benchmarks/bench_variants.py --markdown
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

import handrank
from handrank import _backend

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import CARD_NAMES, best_seconds, consume, cpu_name, make_hands, order_violations, version


@dataclass
class Ranking:
    name: str  # the row group
    call: str  # handrank's single call, as shown
    hands: np.ndarray  # (N, k) uint8, or (N, h + 5) for Omaha: hole then board
    batch: Callable[..., np.ndarray]  # handrank's batch on those rows (threads=...)
    single: Callable[[list[int]], int]  # handrank's single call on one row's ids (NO_LOW for none)
    pokerkit: Callable[[str], object] | None  # one row's text -> pokerkit hand (ValueError: no low)
    higher_better: bool  # pokerkit's entry index: higher is better (high hands) or lower (lows)


def _text(ids: Sequence[int]) -> str:
    return "".join(CARD_NAMES[c] for c in ids)


def short_deck_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (16 + np.argsort(rng.random((n, 36)), axis=1)[:, :k]).astype(np.uint8)


def rankings(n: int, seed: int) -> list[Ranking]:
    c = _backend.load("c")

    def low_single(rules: int) -> Callable[[list[int]], int]:
        return lambda ids: c.evaluate_rules(ids, rules)

    try:
        import pokerkit as pk
    except ImportError:
        pk = None
    out = []
    sd = short_deck_hands(n, 7, seed)
    for trips in (False, True):
        out.append(
            Ranking(
                "short deck, 7 cards" + (", trips beat straights" if trips else ""),
                f"evaluate_short_deck(cards{', trips_beat_straight=True' if trips else ''})",
                sd,
                lambda rows, trips=trips, **kw: handrank.evaluate_short_deck_batch(
                    rows, trips_beat_straight=trips, **kw
                ),
                low_single(1 if trips else 0),
                None if pk is None or trips else pk.ShortDeckHoldemHand.from_game,
                True,
            )
        )
    seven = make_hands(n, 7, seed + 1)
    five = make_hands(n, 5, seed + 2)
    for label, rules, code, rows, ref in (
        ("ace-to-five (razz), 7 cards", "a5", 2, seven, pk and pk.RegularLowHand.from_game),
        ("eight-or-better (stud hi-lo), 7 cards", "8", 3, seven, pk and pk.EightOrBetterLowHand.from_game),
        ("deuce-to-seven, 7 cards", "27", 4, seven, pk and pk.StandardLowHand.from_game),
        ("deuce-to-seven (draw), 5 cards", "27", 4, five, pk and pk.StandardLowHand.from_game),
    ):
        out.append(
            Ranking(
                label,
                f'evaluate_low(cards, "{rules}")',
                rows,
                lambda r, rules=rules, **kw: handrank.evaluate_low_batch(r, rules, **kw),
                low_single(code),
                ref,
                False,
            )
        )
    for h in (4, 5, 6):
        deals = make_hands(n, h + 5, seed + 10 + h)
        holes, boards = np.ascontiguousarray(deals[:, :h]), np.ascontiguousarray(deals[:, h:])

        def batch(rows: np.ndarray, holes: np.ndarray = holes, boards: np.ndarray = boards, **kw: object) -> np.ndarray:
            return handrank.evaluate_omaha_low_batch(holes, boards, **kw)  # the rows split beforehand, untimed

        ref = None
        if pk is not None:
            ref = lambda text, h=h: pk.OmahaEightOrBetterLowHand.from_game(text[: 2 * h], text[2 * h :])  # noqa: E731
        out.append(
            Ranking(
                f"Omaha eight-or-better, {h}-card holes",
                "evaluate_omaha_low(hole, board)",
                deals,
                batch,
                lambda ids, h=h: c.evaluate_omaha_low(ids[:h], ids[h:]),
                ref,
                False,
            )
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands for the batch rows (default 2M)")
    parser.add_argument("--calls", type=int, default=200_000, help="hands for the single-call rows (default 200k)")
    parser.add_argument("--pokerkit", type=int, default=1000, help="hands pokerkit ranks (default 1000)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row, best kept (default 5)")
    parser.add_argument("--markdown", action="store_true", help="print the results as one markdown table")
    args = parser.parse_args(argv)
    if min(args.hands, args.calls, args.pokerkit, args.repeats) < 1:
        parser.error("--hands, --calls, --pokerkit and --repeats must be positive")
    _backend.use("c")
    print(f"machine : {cpu_name()}, {os.cpu_count()} logical CPUs, {platform.platform()}")
    print(f"versions: handrank {handrank.__version__} ({handrank.BACKEND}), pokerkit {version('pokerkit')}\n")
    failures: list[str] = []
    table: list[tuple[str, str, float, str]] = []
    threads = os.cpu_count() or 1
    pk_rate: float | None = None  # the last pokerkit rate: the trips rule set is compared with plain short deck
    for r in rankings(max(args.hands, args.calls, args.pokerkit), args.seed):
        rows = r.hands
        rows_list = rows[: args.calls].tolist()
        batch = r.batch(rows, threads=0).astype(np.int64)
        single = np.array([r.single(ids) for ids in rows_list], np.int64)
        if not (batch[: args.calls] == single).all():
            failures.append(f"{r.name}: batch and single call differ")
        fns: list[Callable[[], object]] = [
            lambda r=r, rows=rows: r.batch(rows, threads=1),
            lambda r=r, rows=rows: r.batch(rows, threads=0),
            lambda r=r, rows_list=rows_list: consume(map(r.single, rows_list)),
        ]
        counts = [len(rows), len(rows), len(rows_list)]
        name = r.call.split("(")[0]
        labels = [f"`{name}_batch`, 1 thread", f"`{name}_batch`, {threads} threads", f"`{r.call}`, a call per hand"]
        if r.pokerkit is not None:
            texts = [_text(ids) for ids in rows[: args.pokerkit].tolist()]
            theirs, ours = [], []
            for text, value in zip(texts, batch[: args.pokerkit].tolist(), strict=True):
                try:
                    hand = r.pokerkit(text)
                except ValueError:
                    if value != handrank.NO_LOW:
                        failures.append(f"{r.name}: pokerkit finds no low in {text}, handrank {value}")
                    continue
                if value == handrank.NO_LOW:
                    failures.append(f"{r.name}: handrank finds no low in {text}, pokerkit {hand}")
                    continue
                theirs.append(hand.entry.index if r.higher_better else -hand.entry.index)
                ours.append(value)
            _, bad, classes = order_violations(np.array(ours), np.array(theirs))
            verdict = "the same" if bad.size == 0 else f"DIFFERENTLY at {bad.size} pairs"
            print(f"check {r.name:<46}: pokerkit orders {len(ours):,} hands ({classes:,} classes) {verdict}")
            if bad.size:
                failures.append(f"{r.name}: order differs from pokerkit")
            ref = r.pokerkit
            fns.append(lambda ref=ref, texts=texts: consume(map(_swallow(ref), texts)))
            counts.append(len(texts))
            labels.append("pokerkit `from_game`")
        seconds = best_seconds(fns, args.repeats)
        rates = [n / s for n, s in zip(counts, seconds, strict=True)]
        if len(rates) > 3:
            pk_rate = rates[3]
        for i, (label, rate) in enumerate(zip(labels, rates, strict=True)):
            ratio = f"{rate / pk_rate:,.0f}x" if pk_rate and i < 3 else ""
            table.append((r.name, label, rate, ratio))
    print()
    if args.markdown:
        print("| ranking | call | hands/s | pokerkit's call is |")
        print("|---|---|---:|---:|")
    for group, label, rate, ratio in table:
        name = group
        shown = f"{rate / 1e6:.1f} M" if rate >= 1e6 else f"{rate / 1e3:.2f} k"
        line = (
            f"| {name} | {label} | {shown} | {ratio} |"
            if args.markdown
            else f"{name:<44} {label:<62} {shown:>9}  {ratio}"
        )
        print(line)
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


def _swallow(fn: Callable[[str], object]) -> Callable[[str], object]:
    def call(text: str) -> object:
        try:
            return fn(text)
        except ValueError:  # no low: pokerkit raises, after doing the work
            return None

    return call


if __name__ == "__main__":
    sys.exit(main())
