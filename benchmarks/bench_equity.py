#!/usr/bin/env python3
"""Time handrank's equity calculator against other Python poker equity engines.

Every engine that imports gets the same matchups (hands, ranges, boards):
exact hold'em preflop (a hand against a hand, and ranges against ranges),
"QQ+,AKs" against a random hand, Monte Carlo throughput, and the same for
Omaha (PLO4).  Before a row is timed its answer is checked: an exact answer
must equal handrank's to 1e-7 (and handrank's own must equal the published
reference values), a Monte Carlo answer must lie within 4 standard errors of
the exact value (or of handrank's own Monte Carlo estimate where there is no
exact one).  A disagreement is printed with the numbers and the script exits
with status 1.

Peers (each skipped with a note when it does not import, or when it cannot do
a matchup):

- OMPEval itself: the C++ ``EquityCalculator``, through the ``omp_equity``
  harness that ``../shared/anchors/build.sh OUT`` builds (set ``OMPEVAL_DIR=OUT``;
  skipped with a note when it is not built).  It times itself inside the
  process (exact: best of 5 runs; Monte Carlo: one run to a standard error
  aimed at handrank's), and that time is its row's;
- pokerfast: ``pokerfast.equity.equity`` (OMPEval compiled in; hold'em only);
- xiapl: ``xiapl.simulation.calculate_equity`` / ``calculate_range_equity``
  (hold'em and PLO);
- poker-equity: ``poker_equity.exact_from_text`` / ``chunk_from_text``
  (hold'em, Omaha and more);
- eval7: ``eval7.py_hand_vs_range_monte_carlo`` / ``py_all_hands_vs_range``
  (hold'em, Monte Carlo only: its exact call needs a complete board).

Rows are timed round-robin within a matchup, best of --repeats runs, after an
untimed first run that is also the correctness check.  A call whose first run
took longer than --slow seconds is not run again: that one run is its time.
Calls much shorter than 50 ms are looped within a run and reported per call.

    pip install -e . pokerfast xiapl poker-equity eval7
    bash ../shared/anchors/build.sh /tmp/ompeval && export OMPEVAL_DIR=/tmp/ompeval
    python benchmarks/bench_equity.py --markdown
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import importlib.metadata
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import CARD_NAMES, cpu_name, on_backend, version

EXACT_TOL = 1e-7  # exact answers must agree to this
MC_SIGMAS = 4.0  # Monte Carlo answers must lie within this many standard errors

# Published exact values (player 1's equity), checked against handrank's own.
REFERENCE = {
    "ak_qq_hands": 0.4621446,
    "aks_qq": 0.4604853,
    "ako_qq": 0.4324234,
    "aa_kk": 0.8194605,
}
REFERENCE_COUNTS = {"ak_qq_hands": (787_966, 917_606, 6_732)}  # wins, losses, ties of AhKh
SAME_AS = {
    "mc_holdem": "ak_qq_hands",
    "mc_four_way": "four_way",
    "plo_mc_hand": "plo_pre",
}  # Monte Carlo matchups enumerated before
MIN_RUN = 0.05  # seconds: shorter calls are looped within a timed run


# --------------------------------------------------------------------------- helpers


def split_cards(text: str) -> list[str]:
    text = text.replace(" ", "")
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def binomial_se(p: float, n: int) -> float:
    """Standard error of a win rate estimated from ``n`` independent deals (ignores ties: a bit high)."""
    return math.sqrt(max(p * (1 - p), 0.0) / n) if n else float("nan")


# --------------------------------------------------------------------------- matchups


@dataclass
class Case:
    key: str
    title: str
    game: str  # "holdem" | "omaha"
    hands: tuple[str, ...]  # "AhKh"-style hands, or range notation ("QQ+,AKs", "random"), one per player
    board: str = ""
    trials: int = 0  # Monte Carlo trials for handrank (peers get what suits them, see the rows)
    note: str = ""


def after_flop(key: str, hands: tuple[str, ...], board: str) -> Case:
    """A Hold'em question on a flop, turn or river, exact, titled by its hands and board."""
    return Case(key, f"{' vs '.join(hands)} on {board}, exact", "holdem", hands, board)


def preflop_monte_carlo(key: str, hands: tuple[str, ...], trials: int) -> Case:
    """A Hold'em question before the flop by Monte Carlo, titled by its hands."""
    return Case(key, f"{' vs '.join(hands)}, preflop, Monte Carlo", "holdem", hands, trials=trials)


CASES = [
    Case("ak_qq_hands", "AhKh vs QsQd, preflop, exact", "holdem", ("AhKh", "QsQd")),
    Case("aks_qq", "AKs vs QQ (all 24 combos), preflop, exact", "holdem", ("AKs", "QQ")),
    Case("ako_qq", "AKo vs QQ (all 72 combos), preflop, exact", "holdem", ("AKo", "QQ")),
    Case("aa_kk", "AA vs KK (all 36 combos), preflop, exact", "holdem", ("AA", "KK")),
    Case("three_way", "AhKh vs QsQd vs JcTc, preflop, exact", "holdem", ("AhKh", "QsQd", "JcTc")),
    Case("four_way", "8c8d vs AhKs vs 9s8s vs QcJd, preflop, exact", "holdem", ("8c8d", "AhKs", "9s8s", "QcJd")),
    Case("flop_ranges", "AsAh vs KK vs T9s on Ks7h2c, exact", "holdem", ("AsAh", "KK", "T9s"), "Ks7h2c"),
    Case("range_random_flop", "QQ+,AKs vs random on 2c3c8h, exact", "holdem", ("QQ+,AKs", "random"), "2c3c8h"),
    # Small deals after the flop, where a call's fixed costs show: what bots and trainers ask in loops.
    *(
        after_flop(key, hands, board)
        for key, hands, board in [
            ("small_two_flop", ("AhKh", "QsQd"), "Ks7h2c"),
            ("small_two_turn", ("AhKh", "QsQd"), "9c8c2d5h"),
            ("small_three_flop", ("AhKh", "QsQd", "JcTc"), "9c8h2d"),
            ("small_four_turn", ("8c8d", "AhKs", "9s8s", "QcJd"), "Ts7h2c4d"),
            ("small_ranges_flop", ("AK", "QQ"), "Js7h2c"),
            ("small_ranges_turn2", ("TT+,AK", "22+"), "Kh7c2d4s"),
            ("small_ranges_turn", ("AKs,AQs", "JJ,TT", "98s"), "9h7h2c3d"),
            # pairs one by one: OMPEval reads "JJ-88" otherwise
            ("multiway_ranges_flop", ("QQ+,AK", "JJ,TT,99,88,AQs", "T9s,98s,87s"), "Kh7c2d"),
            ("multiway_ranges_turn", ("QQ+,AK", "JJ,TT,99,88,AQs", "T9s,98s,87s"), "Kh7c2d4s"),
        ]
    ),
    Case("range_random", "QQ+,AKs vs random, preflop", "holdem", ("QQ+,AKs", "random"), trials=2_000_000),
    Case("mc_holdem", "AhKh vs QsQd, preflop, Monte Carlo throughput", "holdem", ("AhKh", "QsQd"), trials=10_000_000),
    Case(
        "mc_four_way",
        "8c8d vs AhKs vs 9s8s vs QcJd, preflop, Monte Carlo",
        "holdem",
        ("8c8d", "AhKs", "9s8s", "QcJd"),
        trials=4_000_000,
    ),
    Case("plo_flop", "PLO4 AhAsKdKc vs QhJhTs9s on 2c7d8h, exact", "omaha", ("AhAsKdKc", "QhJhTs9s"), "2c7d8h"),
    preflop_monte_carlo("mc_three_random", ("AhKh", "QsQd", "random"), 4_000_000),
    preflop_monte_carlo("mc_four_random", ("8c8d", "AhKs", "9s8s", "random"), 4_000_000),
    Case("plo_pre", "PLO4 AhAsKdKc vs QhJhTs9s, preflop, exact", "omaha", ("AhAsKdKc", "QhJhTs9s")),
    Case(
        "plo_mc_hand",
        "PLO4 AhAsKdKc vs QhJhTs9s, preflop, Monte Carlo",
        "omaha",
        ("AhAsKdKc", "QhJhTs9s"),
        trials=2_000_000,
    ),
    Case(
        "plo_mc_random",
        "PLO4 AhAsKdKc vs random, preflop, Monte Carlo",
        "omaha",
        ("AhAsKdKc", "random"),
        trials=2_000_000,
    ),
]


@dataclass
class Outcome:
    equity: float  # player 1's equity
    stderr: float  # 0.0 when exact
    showdowns: int  # Monte Carlo trials played (0 when not known or exact)
    exact: bool
    detail: str = ""
    seconds: float | None = None  # the engine's own timing of the call, where it reports one


@dataclass
class Row:
    case: Case
    engine: str
    call: str
    exact: bool
    threads: str  # "1", or "0 (2)" for all cores
    fn: Callable[[], Any]  # the timed call
    own_threads: int = 1
    convert: Callable[[Any], Outcome] | None = None  # the call's result to an Outcome, outside the timing
    outcome: Outcome | None = None
    first: float = 0.0
    seconds: float = float("inf")  # best per-call time
    runs: int = 0
    loops: int = 1
    check: str = ""
    ok: bool = True

    @property
    def rate(self) -> float:  # showdowns per second (Monte Carlo rows)
        assert self.outcome is not None
        return self.outcome.showdowns / self.seconds if self.outcome.showdowns else float("nan")


# --------------------------------------------------------------------------- engines
#
# Each builder returns (rows, notes) for one case: the rows it can run and a note
# for every variant it cannot.


def handrank_rows(case: Case, seed: int, n_all: int, args: argparse.Namespace) -> tuple[list[Row], list[str]]:
    import handrank
    from handrank import Range

    hole = 4 if case.game == "omaha" else 2

    def player(text: str):
        if text == "random":
            return Range("random", game="omaha", hole_size=4) if case.game == "omaha" else Range("random")
        if len(text) == 2 * hole and all(text[i] in "cdhs" for i in range(1, len(text), 2)):
            return text  # one hand
        return Range(text)

    players = [player(h) for h in case.hands]

    def out(r) -> Outcome:
        return Outcome(
            r.equity[0],
            r.stderr[0],
            0 if r.exact else r.trials,
            r.exact,
            f"wins {r.wins[0]:,} losses {r.losses[0]:,} ties {r.ties[0]:,} of {r.total:,}",
        )

    def exact(threads: int, backend: str = "c"):
        equity = on_backend(backend, handrank.equity)
        return lambda: equity(players, case.board, game=case.game, exact=True, threads=threads)

    def mc(trials: int, threads: int, backend: str = "c"):
        equity = on_backend(backend, handrank.equity)
        return lambda: equity(players, case.board, game=case.game, trials=trials, seed=seed, threads=threads)

    rows: list[Row] = []
    notes: list[str] = []
    name = "handrank C"
    all_t = f"0 ({n_all})"
    if case.trials == 0:  # exact matchups
        rows.append(Row(case, name, "equity(..., exact=True, threads=1)", True, "1", exact(1)))
        if case.key == "plo_flop":
            rows.append(Row(case, "handrank Python", "equity(..., exact=True)", True, "1", exact(1, "python")))
        return _converted(rows, out), notes
    if case.key == "range_random":
        if not args.no_range_exact:
            rows.append(Row(case, name, "equity(..., exact=True, threads=1)", True, "1", exact(1)))
            if args.all_cores_exact:
                rows.append(Row(case, name, "equity(..., exact=True, threads=0)", True, all_t, exact(0), own_threads=0))
            else:
                notes.append("handrank C exact, threads=0: not run (--all-cores-exact runs it)")
        else:
            notes.append("handrank C exact: skipped (--no-range-exact)")
    rows.append(
        Row(case, name, f"equity(..., trials={case.trials:,}, seed, threads=1)", False, "1", mc(case.trials, 1))
    )
    rows.append(
        Row(
            case,
            name,
            f"equity(..., trials={case.trials:,}, seed, threads=0)",
            False,
            all_t,
            mc(case.trials, 0),
            own_threads=0,
        )
    )
    if case.key == "mc_holdem":
        rows.append(
            Row(
                case,
                "handrank Python",
                "equity(..., trials=20,480, seed)",
                False,
                "1",
                mc(20_480, 1, "python"),
            )
        )
    else:
        notes.append("handrank Python: not timed here (far too slow for this; see the PLO flop row)")
    return _converted(rows, out), notes


def _converted(rows: list[Row], convert: Callable[[Any], Outcome]) -> list[Row]:
    """The rows, their results read by ``convert`` outside their timed calls."""
    for row in rows:
        row.convert = convert
    return rows


def ompeval_rows(case: Case, hr_se: float | None, directory: str) -> tuple[list[Row], list[str]]:
    """OMPEval's EquityCalculator through its harness: exact, or Monte Carlo to handrank's standard error."""
    if case.game != "holdem":
        return [], ["OMPEval: no Omaha (hold'em only)"]
    harness = os.path.join(directory, "omp_equity")
    board = case.board or "-"

    def call(enumerate_all: bool, stdev: float) -> Callable[[], Outcome]:
        def run() -> Outcome:
            env = dict(os.environ, OMP_STDEV=repr(stdev))
            command = [harness, "1" if enumerate_all else "0", "1", board, *case.hands]
            words = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout.split()
            seconds, equities, hands = float(words[0]), [float(w) for w in words[1:-1]], int(words[-1][6:])
            if enumerate_all:
                return Outcome(equities[0], 0.0, 0, True, f"{hands:,} showdowns", seconds=seconds)
            return Outcome(equities[0], binomial_se(equities[0], hands), hands, False, seconds=seconds)

        return run

    if case.trials == 0:
        return [Row(case, "OMPEval", "EquityCalculator.start(enumerate=true, threads=1)", True, "1", call(True, 0))], []
    rows = []
    if case.key == "range_random":
        rows.append(Row(case, "OMPEval", "EquityCalculator.start(enumerate=true, threads=1)", True, "1", call(True, 0)))
    target = hr_se if hr_se else 1e-3
    rows.append(
        Row(
            case,
            "OMPEval",
            f"EquityCalculator.start(enumerate=false, stdev={target:.2g}, threads=1)",
            False,
            "1",
            call(False, target),
        )
    )
    return rows, []


def pokerfast_rows(case: Case, hr_se: float | None, range_exact: bool) -> tuple[list[Row], list[str]]:
    from pokerfast import equity as pf

    if not pf.available():
        return [], ["pokerfast: skipped, its OMPEval library does not load on this install"]
    if case.game != "holdem":
        return [], ["pokerfast: no Omaha (OMPEval is hold'em only)"]
    ranges = list(case.hands)
    rows: list[Row] = []
    notes: list[str] = []
    if case.key == "range_random" and not range_exact:
        notes.append("pokerfast exact: skipped (--no-range-exact)")
    elif case.trials == 0 or case.key == "range_random":

        def exact() -> Outcome:
            eq = pf.equity(ranges, board=case.board, exact=True, threads=1)
            return Outcome(eq[0], 0.0, 0, True)

        rows.append(Row(case, "pokerfast", "equity(ranges, exact=True, threads=1)", True, "1", exact))
    if case.trials:
        # OMPEval's Monte Carlo stops at a standard-error target, not a trial count:
        # aim it at the error handrank reaches with its trial count.  pokerfast's
        # equity() does not return how many showdowns it played, so call the
        # library it loads (pf_equity, same arguments as equity() passes) directly.
        lib = pf._load()
        target = hr_se if hr_se else 1e-3
        n = len(ranges)

        def mc() -> Outcome:
            rs = (ctypes.c_char_p * n)(*[r.encode("ascii") for r in ranges])
            res = (ctypes.c_double * n)()
            hands = ctypes.c_uint64()
            rc = lib.pf_equity(rs, n, case.board.encode(), b"", 0, target, 1, 0.0, res, ctypes.byref(hands))
            if rc != 0:
                raise RuntimeError(f"pf_equity returned {rc}")
            return Outcome(res[0], binomial_se(res[0], hands.value), hands.value, False)

        rows.append(Row(case, "pokerfast", f"pf_equity(exact=0, stdev={target:.2g}, threads=1)", False, "1", mc))
    return rows, notes


def xiapl_rows(case: Case, seed: int) -> tuple[list[Row], list[str]]:
    if len(case.hands) != 2:
        return [], ["xiapl: two players only in this benchmark"]
    from xiapl.card import Card
    from xiapl.range import Range
    from xiapl.simulation import (
        GameType,
        RangeEquityMode,
        SimulationOptions,
        calculate_equity,
        calculate_range_equity,
    )
    from xiapl.utils import cards_to_mask

    game = GameType.Plo if case.game == "omaha" else GameType.Holdem
    hole = 4 if case.game == "omaha" else 2

    def mask(text: str) -> int:
        return cards_to_mask([Card.from_string(c) for c in split_cards(text)])

    board = mask(case.board) if case.board else 0
    exact_hands = all(len(h) == 2 * hole and h != "random" for h in case.hands)

    def options(trials: int) -> SimulationOptions:
        opts = SimulationOptions.exact() if trials == 0 else SimulationOptions.mc_seeded(trials, seed)
        opts.threads = 1
        return opts

    if exact_hands:
        masks = [mask(h) for h in case.hands]

        def hands_call(trials: int) -> Callable[[], Outcome]:
            opts = options(trials)

            def run() -> Outcome:
                r = calculate_equity(masks, board, opts, game=game)
                return Outcome(r.players[0].equity, r.players[0].std_error, 0 if r.exact else r.trials, r.exact)

            return run

        if case.trials == 0:
            return [Row(case, "xiapl", "calculate_equity(masks, board, exact())", True, "1", hands_call(0))], []
        # xiapl enumerates instead when asked for as many trials as there are boards
        # (1,712,304 preflop hold'em), so its Monte Carlo gets fewer.
        trials = min(case.trials, 1_600_000) if case.game == "holdem" else 300_000
        return [
            Row(case, "xiapl", f"calculate_equity(masks, board, mc_seeded({trials:,}))", False, "1", hands_call(trials))
        ], []

    def rng(text: str) -> Range:
        if text == "random":
            return Range.all(game=game)
        return Range.from_string(text, game=game)

    hero, villain = rng(case.hands[0]), rng(case.hands[1])

    def range_call(trials: int) -> Callable[[], Outcome]:
        opts = options(trials)

        def run() -> Outcome:
            r = calculate_range_equity(hero, villain, board, opts, RangeEquityMode.AggregateOnly)
            return Outcome(r.hero_aggregate_equity, r.aggregate_std_error, 0 if r.exact else r.trials, r.exact)

        return run

    call = "calculate_range_equity(hero, villain, board, {}, AggregateOnly)"
    if case.trials == 0:
        return [Row(case, "xiapl", call.format("exact()"), True, "1", range_call(0))], []
    notes = []
    if case.key == "range_random":
        notes.append(
            "xiapl exact: refused (calculate_range_equity raises: it would need ~13 GB of evaluation "
            "cache, limit 512 MB); Monte Carlo instead"
        )
    trials = case.trials if case.game == "holdem" else 200_000
    return [Row(case, "xiapl", call.format(f"mc_seeded({trials:,})"), False, "1", range_call(trials))], notes


def poker_equity_rows(case: Case, seed: int) -> tuple[list[Row], list[str]]:
    if len(case.hands) != 2:
        return [], ["poker-equity: two players only in this benchmark"]
    import poker_equity as pe

    variant = case.game
    anyhand = "****" if case.game == "omaha" else "**"
    hands = [anyhand if h == "random" else h for h in case.hands]

    def out(r) -> Outcome:
        p = r["players"][0]
        return Outcome(p["equity"], p["std_error"], 0 if r["exact"] else r["samples"], r["exact"])

    if case.key in ("ako_qq", "aa_kk"):
        return [], [
            "poker-equity exact: not run: exact_from_text returns None for this many deals "
            "(AA vs KK was refused after ~9 s in a trial run; AKo vs QQ has twice as many)"
        ]
    if case.trials == 0:

        def exact() -> Outcome:
            r = pe.exact_from_text(variant, hands, case.board)
            if r is None:
                raise RuntimeError("exact_from_text returned None (too many deals)")
            return out(r)

        return [Row(case, "poker-equity", f'exact_from_text("{variant}", hands, board)', True, "1", exact)], []
    notes = []
    if case.key == "range_random":
        notes.append(
            "poker-equity exact: not run: exact_from_text returns None here (too many deals, "
            "after ~9 s in a trial run); Monte Carlo instead"
        )
    trials = {"mc_holdem": 2_000_000, "range_random": case.trials}.get(case.key, 1_000_000)

    def mc() -> Outcome:
        return out(pe.chunk_from_text(variant, hands, case.board, samples=trials, seed=seed, threads=1))

    return [
        Row(
            case,
            "poker-equity",
            f'chunk_from_text("{variant}", hands, board, samples={trials:,}, seed, threads=1)',
            False,
            "1",
            mc,
        )
    ], notes


def eval7_rows(case: Case, seed: int) -> tuple[list[Row], list[str]]:
    if len(case.hands) != 2:
        return [], ["eval7: two players only in this benchmark"]
    import eval7

    if case.game != "holdem":
        return [], ["eval7: no Omaha"]
    if case.trials == 0 or case.key == "range_random":
        note = (
            "eval7 exact: unavailable: py_hand_vs_range_exact only enumerates villain hands on a complete "
            "5-card board (with no board it returns 0.0, silently)"
        )
        if case.trials == 0:
            return [], [note]
    else:
        note = ""
    cards = {name: eval7.Card(name) for name in CARD_NAMES}
    board = [cards[c] for c in split_cards(case.board)]

    def reseed() -> None:
        eval7.xorshift_rand.seed(seed)

    rows: list[Row] = []
    if case.hands[1] != "random":
        hero = [cards[c] for c in split_cards(case.hands[0])]
        villain = [(tuple(cards[c] for c in split_cards(case.hands[1])), 1.0)]
        trials = case.trials

        def mc() -> Outcome:
            reseed()
            eq = eval7.py_hand_vs_range_monte_carlo(hero, villain, board, trials)
            return Outcome(eq, binomial_se(eq, trials), trials, False)

        rows.append(
            Row(case, "eval7", f"py_hand_vs_range_monte_carlo(hero, villain, board, {trials:,})", False, "1", mc)
        )
    else:
        # Every hero combo has the same 1225 possible villain hands, so the range's
        # equity is the plain mean over hero combos; eval7 runs `per` deals for each.
        hero_range = eval7.HandRange(case.hands[0])
        deck = list(cards.values())
        villain = [((a, b), 1.0) for i, a in enumerate(deck) for b in deck[i + 1 :]]
        per = case.trials // len(hero_range)

        def mc_range() -> Outcome:
            reseed()
            got = eval7.py_all_hands_vs_range(hero_range, villain, board, per)
            eqs = list(got.values())
            eq = sum(eqs) / len(eqs)
            se = math.sqrt(sum(p * (1 - p) / per for p in eqs)) / len(eqs)
            return Outcome(eq, se, per * len(eqs), False)

        rows.append(
            Row(
                case,
                "eval7",
                f"py_all_hands_vs_range(hero, all 1326 hands, board, {per:,}) [x{len(hero_range)} combos]",
                False,
                "1",
                mc_range,
            )
        )
    return rows, [note] if note else []


# --------------------------------------------------------------------------- checks


def check_row(row: Row, ref: float | None, ref_se: float, ref_name: str) -> None:
    o = row.outcome
    assert o is not None
    if ref is None:
        row.check = "no reference to check against"
        return
    diff = o.equity - ref
    if o.exact:
        row.ok = abs(diff) <= EXACT_TOL
        if row.ok:
            row.check = f"exact, agrees with {ref_name} (diff {diff:+.1e})"
        else:
            row.check = f"EXACT VALUE DISAGREES with {ref_name}: {o.equity:.10f} vs {ref:.10f} (diff {diff:+.3e})"
    else:
        se = math.hypot(o.stderr, ref_se)
        z = abs(diff) / se if se > 0 else float("inf")
        row.ok = z <= MC_SIGMAS
        verdict = "within" if row.ok else "OUTSIDE"
        row.check = (
            f"Monte Carlo {o.equity:.5f} vs {ref_name} {ref:.7f}: {z:.1f} standard errors "
            f"(se {se:.1e}), {verdict} {MC_SIGMAS:g}"
        )


# --------------------------------------------------------------------------- timing


def first_run(row: Row, slow: float, min_run: float) -> None:
    """The checking run.  It is the row's time if it took ``slow`` seconds or more."""
    t0 = time.perf_counter()
    raw = row.fn()
    row.outcome = row.convert(raw) if row.convert is not None else raw
    row.first = time.perf_counter() - t0
    if row.outcome.seconds is not None:  # timed by the engine itself, inside its process
        row.seconds, row.runs = row.outcome.seconds, 1
    elif row.first >= slow:
        row.seconds, row.runs = row.first, 1
    else:
        row.loops = max(1, math.ceil(min_run / max(row.first, 1e-6)))


def time_rows(rows: list[Row], repeats: int) -> None:
    """Best of ``repeats`` runs of each row not timed by its first run, round-robin, garbage collector off.

    Round-robin spreads a slow spell of a shared machine over all rows rather than one.
    """
    rows = [row for row in rows if row.runs == 0]
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            for row in rows:
                fn, loops = row.fn, row.loops
                t0 = time.perf_counter()
                for _ in range(loops):
                    fn()
                row.seconds = min(row.seconds, (time.perf_counter() - t0) / loops)
                row.runs += 1
    finally:
        if gc_was_on:
            gc.enable()


# --------------------------------------------------------------------------- main


def ratio(row: Row, base_exact: Row | None, base_mc: Row | None) -> str:
    """How many times faster handrank C on one thread is than ``row``, as text."""
    base = base_exact if row.exact else base_mc
    if base is None:
        return "—"
    if row is base:
        return "(reference)"
    r = row.seconds / base.seconds if row.exact else base.rate / row.rate
    if row.engine == "handrank C":  # all cores against one
        return f"{1 / r:.2f}x its 1-thread speed"
    return f"{r:.2f}x faster" if r >= 1 else f"{r:.2f}x (slower)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2024, help="Monte Carlo seed for every engine that takes one")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per row, best kept (default 3)")
    parser.add_argument(
        "--slow",
        type=float,
        default=2.0,
        help="a call whose first run takes longer (seconds) is timed by that run alone (default 2)",
    )
    parser.add_argument(
        "--no-range-exact",
        action="store_true",
        help='skip the exact "QQ+,AKs" vs random preflop rows (about 1.5 s for handrank and 5 s each for '
        "OMPEval and pokerfast on a busy 2-core machine)",
    )
    parser.add_argument(
        "--all-cores-exact",
        action="store_true",
        help='also time handrank\'s exact "QQ+,AKs" vs random with threads=0 (another 1-2 s)',
    )
    parser.add_argument("--markdown", action="store_true", help="print the results as markdown tables")
    parser.add_argument(
        "--case",
        action="append",
        choices=[c.key for c in CASES],
        help="run only this case (repeatable; default: every case)",
    )
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be positive")
    cases = [c for c in CASES if not args.case or c.key in args.case]

    import handrank

    n_all = os.cpu_count() or 1
    print(f"machine : {cpu_name()}, {n_all} logical CPUs, {platform.platform()}")
    try:
        print(f"load    : {', '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min) before the run")
    except OSError:
        pass
    print(f"python  : {platform.python_implementation()} {platform.python_version()}")
    dists = ["handrank", "pokerfast", "xiapl", "poker-equity", "eval7"]
    print("versions: " + ", ".join(f"{d} {version(d)}" for d in dists))
    print(
        f"timing  : best of {args.repeats} runs after a checking run; calls over {args.slow:g} s timed once; "
        f"Monte Carlo seed {args.seed}"
    )
    print()

    # ---- which peers import; warm every engine up (tables, libraries) before timing
    t0 = time.perf_counter()
    on_backend("python", handrank.equity)(["AhKh", "QsQd"], "2c7d8h")  # builds the Python backend's tables
    on_backend("c", handrank.equity)(["AhKh", "QsQd"], "2c7d8h")
    peers: dict[str, Callable[..., tuple[list[Row], list[str]]]] = {}
    for dist, module, builder, warm in [
        (
            "pokerfast",
            "pokerfast.equity",
            lambda c, a, se: pokerfast_rows(c, se, not a.no_range_exact),
            lambda m: m.equity(["AhKh", "QsQd"], board="2c7d8h"),
        ),
        ("xiapl", "xiapl.simulation", lambda c, a, se: xiapl_rows(c, a.seed), None),
        (
            "poker-equity",
            "poker_equity",
            lambda c, a, se: poker_equity_rows(c, a.seed),
            lambda m: m.exact_from_text("holdem", ["AhKh", "QsQd"], "2c7d8h"),
        ),
        ("eval7", "eval7", lambda c, a, se: eval7_rows(c, a.seed), None),
    ]:
        try:
            mod = importlib.import_module(module)
            if warm:
                warm(mod)
        except Exception as exc:  # any failure to load is a skip
            print(f"{dist}: skipped, does not load ({type(exc).__name__}: {exc})")
            continue
        peers[dist] = builder
    print(f"(loaded the engines and built the Python backend's tables in {time.perf_counter() - t0:.1f} s; not timed)")

    omp_dir = os.environ.get("OMPEVAL_DIR", "")
    if omp_dir and os.access(os.path.join(omp_dir, "omp_equity"), os.X_OK):
        peers["OMPEval"] = lambda c, a, se: ompeval_rows(c, se, omp_dir)
        print(f"OMPEval: {os.path.join(omp_dir, 'omp_equity')}")
    else:
        why = f"no omp_equity in OMPEVAL_DIR={omp_dir}" if omp_dir else "OMPEVAL_DIR is not set"
        print(f"OMPEval: skipped, {why} (build it: bash ../shared/anchors/build.sh DIR; export OMPEVAL_DIR=DIR)")

    results: list[tuple[Case, list[Row], list[str]]] = []
    failures: list[str] = []
    exact_value: dict[str, float] = {}
    hr_mc: dict[str, Outcome] = {}
    t_start = time.perf_counter()
    for case in cases:
        print(f"\n== {case.title}", flush=True)
        # handrank first: its answers are what the others are checked against
        rows, notes = handrank_rows(case, args.seed, n_all, args)
        for row in rows:
            first_run(row, args.slow, MIN_RUN)
            assert row.outcome is not None
            if row.engine == "handrank C" and row.own_threads == 1:
                if row.exact:
                    exact_value[case.key] = row.outcome.equity
                else:
                    hr_mc[case.key] = row.outcome
        if case.key in SAME_AS:  # a Monte Carlo matchup enumerated in an earlier case
            exact_value.setdefault(case.key, exact_value.get(SAME_AS[case.key], math.nan))
            if math.isnan(exact_value[case.key]):
                del exact_value[case.key]
        for dist, build in peers.items():
            try:
                got, more = build(case, args, hr_mc[case.key].stderr if case.key in hr_mc else None)
            except Exception as exc:  # report it and go on
                notes.append(f"{dist}: skipped ({type(exc).__name__}: {exc})")
                continue
            notes.extend(more)
            for row in got:
                try:
                    first_run(row, args.slow, MIN_RUN)
                except Exception as exc:  # a failing call is a note, not a crash
                    notes.append(f"{row.engine}: `{row.call}` failed ({type(exc).__name__}: {exc})")
                    continue
                rows.append(row)
        time_rows(rows, args.repeats)

        # ---- checks
        published = REFERENCE.get(case.key)
        for row in rows:
            o = row.outcome
            assert o is not None
            is_base = row.engine == "handrank C" and row.own_threads == 1
            if is_base and row.exact and published is not None:
                row.ok = abs(o.equity - published) <= 5e-8
                row.check = (
                    f"exact, equals the published {published:.7f}"
                    if row.ok
                    else f"EXACT VALUE DISAGREES with the published {published:.7f}: {o.equity:.10f}"
                )
                counts = REFERENCE_COUNTS.get(case.key)
                if counts:
                    wins, losses, ties = counts
                    want = f"wins {wins:,} losses {losses:,} ties {ties:,}"
                    if o.detail.startswith(want):
                        row.check += f"; {want}"
                    else:
                        row.ok = False
                        row.check += f"; COUNTS DIFFER: {o.detail}, published {want}"
            elif is_base and row.exact:
                row.check = "exact (the reference for this matchup)"
            elif case.key in exact_value:
                check_row(row, exact_value[case.key], 0.0, "handrank exact")
            elif case.key in hr_mc and not is_base:
                ref_o = hr_mc[case.key]
                check_row(row, ref_o.equity, ref_o.stderr, "handrank MC")
            else:
                row.check = "Monte Carlo (the reference for this matchup: no exact value)"
            o_line = f"{o.equity:.10f}" + (f" +/- {o.stderr:.1e}" if not o.exact else "")
            print(f"  check {row.engine:<15} {row.threads:>5}  {o_line:<27} {row.check}")
            if not row.ok:
                failures.append(f"{row.engine} on {case.title}")
        for note in notes:
            print(f"  note  {note}")
        results.append((case, rows, notes))
    elapsed = time.perf_counter() - t_start

    # ---- tables
    print()
    header = ("engine", "call", "mode", "threads", "P1 equity", "ms per call", "M showdowns/s", "handrank is")
    for case, rows, notes in results:
        base_exact = next((r for r in rows if r.engine == "handrank C" and r.exact and r.own_threads == 1), None)
        base_mc = next((r for r in rows if r.engine == "handrank C" and not r.exact and r.own_threads == 1), None)

        table = []
        for row in rows:
            o = row.outcome
            assert o is not None
            mode = "exact" if o.exact else f"MC, {o.showdowns:,} trials"
            rate = "—" if o.exact or not o.showdowns else f"{row.rate / 1e6:.3g}"
            runs = f" [{row.runs} run{'s' if row.runs > 1 else ''}"
            runs += f" x {row.loops} calls]" if row.loops > 1 else "]"
            warn = "" if row.ok else " (!) DISAGREES"
            table.append(
                (
                    row.engine + warn,
                    row.call,
                    mode,
                    row.threads,
                    f"{o.equity:.7f}",
                    f"{row.seconds * 1e3:,.{1 if row.seconds >= 1e-3 else 3}f}{runs}",
                    rate,
                    ratio(row, base_exact, base_mc),
                )
            )
        if args.markdown:
            print(f"### {case.title}\n")
            print("| " + " | ".join(header) + " |")
            print("|" + "|".join(["---", "---", "---", "---:", "---:", "---:", "---:", "---:"]) + "|")
            for name, call, *cells in table:
                print("| " + " | ".join([name, f"`{call}`", *cells]) + " |")
            if notes:
                print()
            for note in notes:
                print(f"- {note}")
            print()
        else:
            print(f"== {case.title}")
            widths = [max(len(h), *(len(cells[i]) for cells in table)) for i, h in enumerate(header)]
            right = (False, False, False, True, True, True, True, True)
            for cells in [header, tuple("-" * w for w in widths), *table]:
                print("  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True)))
            for note in notes:
                print(f"  - {note}")
            print()
    print(
        '"handrank is": exact rows, how many times less time handrank C on one thread takes than the row; '
        "Monte Carlo rows, how many times more showdowns per second it plays than the row (one thread "
        "each). For handrank's all-core rows, the speed-up over its own one-thread row. M showdowns/s: "
        "Monte Carlo deals played per second (per thread on the one-thread rows). [3 runs x 8 calls]: best "
        "of 3 timed runs of 8 calls each; [1 run]: a call over --slow seconds, timed by its checking run."
    )
    print(
        f"Checks: exact results must equal handrank's to {EXACT_TOL:g} (handrank's own: the published values); "
        f"Monte Carlo results must lie within {MC_SIGMAS:g} standard errors of the exact value (or of "
        "handrank's Monte Carlo estimate, errors combined, where there is none)."
    )
    print(f"The matchups took {elapsed:.0f} s.")
    if failures:
        print("\nWARNING: results disagree for: " + "; ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
