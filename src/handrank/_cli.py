"""The ``handrank`` command line: ``eval``, ``showdown``, ``equity``, ``combos``, ``table preflop|flop`` and
``abstraction build|show``."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from typing import Any, NoReturn

import handrank
from handrank._cards import card_str, combo_str
from handrank._deal import deal_of
from handrank._games import ALL_EQUITY_GAMES, GAMES, SHOWDOWN_GAMES, plural
from handrank._results import HandTypes


def _print_fields(info: dict[str, Any]) -> None:
    labels = {key: key.replace("_", " ") + ":" for key in info}
    width = max(map(len, labels.values()))
    for key, value in info.items():
        print(f"{labels[key]:<{width}} {value}")


def _eval(args: argparse.Namespace) -> int:
    cards = " ".join(args.cards)
    rank = handrank.evaluate(cards)
    info = {
        "cards": handrank.cards_str(cards),
        "rank": rank,
        "category": handrank.category(rank).name,
        "description": handrank.describe(rank, lang=args.lang),
        "best_five": handrank.cards_str(handrank.best_five(cards)),
    }
    if args.json:
        print(json.dumps(info, ensure_ascii=False))
    else:
        _print_fields(info)
    return 0


def _showdown(args: argparse.Namespace) -> int:
    result = handrank.showdown(args.hands, args.board, game=args.game)
    rules = GAMES[result.game]
    ranking = rules.high or rules.low
    players = []
    for i, p in enumerate(result.players):
        player: dict[str, Any] = {
            "player": i,
            "cards": handrank.cards_str(p.cards),
            "rank": p.rank,
            "category": p.category.name,
            "description": handrank.describe(p.rank, lang=args.lang, rules=ranking or "high"),
            "best_five": handrank.cards_str(p.best_five),
            "share": str(p.share),
        }
        if rules.split:
            player["low_rank"] = p.low_rank
            player["low_description"] = (
                None if p.low_rank is None else handrank.describe(p.low_rank, lang=args.lang, rules="8")
            )
            player["low_five"] = None if p.low_five is None else handrank.cards_str(p.low_five)
        players.append(player)
    if args.json:
        info = {
            "game": result.game,
            "board": handrank.cards_str(result.board),
            "winners": list(result.winners),
            "high_winners": list(result.high_winners),
            "low_winners": list(result.low_winners),
            "players": players,
        }
        print(json.dumps(info, ensure_ascii=False))
        return 0
    if result.board:
        print(f"board: {handrank.cards_str(result.board)}")
    for row in players:
        mark = "*" if row["player"] in result.winners else " "
        line = f"{mark} player {row['player']}: {row['cards']:<20} {row['rank']:>4}  {row['description']}"
        line += f"  [{row['best_five']}]"
        if rules.split:
            line += f"  low: {row['low_description']}  [{row['low_five']}]" if row["low_rank"] else "  low: none"
        print(line)

    def names(seats: tuple[int, ...]) -> str:
        return ", ".join(f"player {w}" for w in seats)

    if rules.split:
        low = names(result.low_winners) if result.low_winners else "none qualifies, the high takes the pot"
        print(f"high: {names(result.high_winners)}; low: {low}")
    else:
        print(f"{'winner' if len(result.winners) == 1 else 'split pot'}: {names(result.winners)}")
    return 0


def _count(text: str) -> int:
    """A trial count such as 100000, 250k, 1.5M or 2e6."""
    from decimal import Decimal, InvalidOperation

    scale = {"k": 1_000, "m": 1_000_000, "g": 1_000_000_000}.get(text[-1:].lower(), 1)
    digits = text[:-1] if scale > 1 else text
    try:
        value = Decimal(digits.strip()) * scale
        whole = value.is_finite() and value == value.to_integral_value() and value > 0
    except (InvalidOperation, ValueError):
        whole = False
    if not whole:
        raise argparse.ArgumentTypeError(f"not a trial count: {text!r} (try 100000, 250k or 10M)")
    if value > 1 << 62:
        raise argparse.ArgumentTypeError(f"not a trial count: {text!r} (at most 2**62)")
    return int(value)


def _positive(text: str) -> float:
    """A positive finite number, such as 0.001 or 2.5."""
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"not a positive number: {text!r}")
    return value


class _ProgressBar:
    """A bar on stderr, drawn only on a terminal and only once a run takes more than a moment."""

    def __init__(self) -> None:
        import time

        self._clock = time.monotonic
        self._start = self._clock()
        self._shown = False

    def __call__(self, fraction: float) -> None:
        if not sys.stderr.isatty() or (not self._shown and self._clock() - self._start < 0.3):
            return
        self._shown = True
        filled = int(40 * fraction)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (40 - filled)}] {100 * fraction:5.1f}%")
        sys.stderr.flush()

    def close(self) -> None:
        if self._shown:
            sys.stderr.write("\r" + " " * 50 + "\r")
            sys.stderr.flush()


def _hits(args: argparse.Namespace) -> int:
    result = handrank.hits(args.range, args.board, dead=args.dead, game=args.game)
    if args.json:
        classes = [
            {"class": name, "kind": "made" if i < len(result.made) else "draw", "combos": weight, "share": share}
            for i, (name, weight, share) in enumerate(zip(result.classes, result.weight, result.share, strict=True))
        ]
        print(
            json.dumps({"range": str(result.range), "board": result.board, "total": result.total, "classes": classes})
        )
    else:
        print(result)
    return 0


def _next_card(args: argparse.Namespace) -> int:
    """``handrank equity HERO VILLAIN --board FLOP --next-card``: each next card's exact equity."""
    if len(args.players) != 2 or args.game != "holdem":
        raise ValueError("--next-card takes two Hold'em players: a hero and a villain (hands or ranges)")
    result = handrank.next_card_equity(args.players[0], args.players[1], args.board, args.dead)
    rows = [
        (card_str(card), None if eq[0] != eq[0] else eq[0], None if eq[1] != eq[1] else eq[1], weight)
        for card, eq, weight in zip(result.cards.tolist(), result.equity.tolist(), result.weight.tolist(), strict=True)
    ]
    if args.json:
        cards = [{"card": c, "equity": [h, v], "weight": w} for c, h, v, w in rows]
        print(
            json.dumps(
                {"board": result.board, "players": list(result.players), "now": list(result.now), "cards": cards}
            )
        )
        return 0
    width = max(8, *(len(p) for p in result.players))
    print(f"card  {result.players[0]:>{width}}  {result.players[1]:>{width}}  weight")
    for card, hero, villain, weight in rows:
        shown = [" " * (width - 7) + "    n/a" if e is None else f"{e * 100:{width - 1}.3f}%" for e in (hero, villain)]
        print(f"{card:<4}  {shown[0]}  {shown[1]}  {weight * 100:5.3f}%")
    now = [f"{e * 100:{width - 1}.3f}%" for e in result.now]
    print(f"{'now':<4}  {now[0]}  {now[1]}  (exact)")
    return 0


def _equity(args: argparse.Namespace) -> int:
    if args.next_card:
        if args.hand_types:
            raise ValueError("--next-card and --hand-types: ask for one at a time")
        return _next_card(args)
    sampled = args.trials or args.target_stderr is not None or args.time_limit is not None
    options: dict[str, Any] = {
        "game": args.game,
        "exact": True if args.exact else (False if sampled else None),
        "trials": args.trials,
        "seed": args.seed,
        "threads": args.threads,
        "target_stderr": args.target_stderr,
        "time_limit": args.time_limit,
        "hand_types": args.hand_types,
    }
    # Every argument is checked first, whatever answers: two Hold'em hands, no board, no dead cards, exact,
    # are answered by the shipped preflop table (which has no hand types).
    deal = deal_of(args.players, args.board, args.dead, progress=None, **options)
    preflop = (
        deal.rules.name == "holdem"
        and deal.exact is not False
        and len(args.players) == 2
        and not any(deal.ranged)
        and not deal.board
        and not deal.dead
        and not args.hand_types
    )
    # One four-card Omaha hole against ``random`` before the flop, with nothing asked of the sampling: the
    # shipped Omaha table (a Monte Carlo estimate made once, with its standard error).
    if (
        deal.rules.name == "omaha"
        and deal.hole_size == 4
        and options["exact"] is None
        and args.seed is None
        and len(args.players) == 2
        and sorted(deal.ranged) == [False, True]
        and deal.hands[deal.ranged.index(True)] is None
        and not deal.excluded[deal.ranged.index(True)]
        and not deal.board
        and not deal.dead
        and not args.hand_types
    ):
        return _print_omaha_table(args, deal.ranged.index(False))
    bar = _ProgressBar()
    try:
        if preflop:
            result = handrank.preflop_equity(*args.players)
        else:
            result = handrank.equity(args.players, args.board, args.dead, progress=bar, **options)
    finally:
        bar.close()
    return _print_equity(args, result, preflop)


def _print_omaha_table(args: argparse.Namespace, hole: int) -> int:
    """``handrank equity HOLE random --game omaha``: player ``hole``'s figure from the Omaha preflop table."""
    found = handrank.omaha_preflop_equity(args.players[hole])
    equity = [found.equity, 1.0 - found.equity] if hole == 0 else [1.0 - found.equity, found.equity]
    if args.json:
        rows = [
            {"player": player, "equity": e, "win": None, "tie": None, "stderr": found.stderr}
            for player, e in zip(args.players, equity, strict=True)
        ]
        info = {"exact": False, "boards": 0, "trials": found.trials, "seed": None, "players": rows}
        print(json.dumps({**info, "high_share": None, "low_share": None, "scoop": None, "class": found.name}))
        return 0
    width = max(len(p) for p in args.players)
    for player, e in zip(args.players, equity, strict=True):
        print(f"{player:<{width}}  {e * 100:7.3f}%  ± {found.stderr * 100:.2f}%")
    print(f"Monte Carlo: {plural(found.trials, 'trial')}, from the Omaha preflop table (class {found.name})")
    return 0


def _print_equity(args: argparse.Namespace, result: handrank.EquityResult, preflop: bool) -> int:
    """``handrank equity``'s answer: a line a player and how it was counted (``--json``: one object)."""
    players = args.players
    rows = [
        {
            "player": args.players[i],
            "equity": result.equity[i],
            "win": float(result.wins[i] / result.total),
            "tie": float(result.ties[i] / result.total),
            "stderr": result.stderr[i],
        }
        for i in range(len(players))
    ]
    if args.json:
        info: dict[str, object] = {
            "exact": result.exact,
            "boards": result.boards,
            "trials": result.trials,
            "seed": result.seed,
            "players": rows,
            "high_share": result.high_share,
            "low_share": result.low_share,
            "scoop": result.scoop,
        }
        if result.hand_types is not None:
            info["hand_types"] = _hand_types_json(result.hand_types)
        print(json.dumps(info))
        return 0
    width = max(len(r["player"]) for r in rows)
    for i, r in enumerate(rows):
        err = "" if result.exact else f"  ± {r['stderr'] * 100:.2f}%"
        halves = ""
        if result.high_share is not None and result.low_share is not None:
            halves = f"  high {result.high_share[i] * 100:6.3f}%  low {result.low_share[i] * 100:6.3f}%"
        print(
            f"{r['player']:<{width}}  {r['equity'] * 100:7.3f}%  win {r['win'] * 100:7.3f}%  "
            f"tie {r['tie'] * 100:6.3f}%{halves}{err}"
        )
    if preflop:
        print(f"exact: {plural(result.boards, 'board')}, from the preflop table")
    elif result.exact:
        unit = "board" if GAMES[args.game].board_sizes != (0,) else "deal"
        print(f"exact: {plural(result.boards, unit)} enumerated")
    else:
        print(f"Monte Carlo: {plural(result.trials, 'trial')}, seed {result.seed}")
    if result.hand_types is not None:
        print()
        print(result.hand_types)
    return 0


def _hand_types_json(types: HandTypes) -> dict[str, object]:
    """The hand types as JSON: the categories, and per player its wins and ties by category (counts: numbers,
    fractional when weighted) and their shares of all showdowns."""

    def number(value: object) -> object:
        return value if isinstance(value, int) else float(value)  # type: ignore[arg-type]

    players = [
        {
            "wins": [number(w) for w in wins],
            "ties": [number(t) for t in ties],
            "win_share": list(win_share),
            "tie_share": list(tie_share),
        }
        for wins, ties, win_share, tie_share in zip(
            types.wins, types.ties, types.win_share, types.tie_share, strict=True
        )
    ]
    return {"categories": list(types.categories), "total": number(types.total), "players": players}


def _combos(args: argparse.Namespace) -> int:
    bar = _ProgressBar()
    try:
        result = handrank.combo_equity(
            args.hero, args.villain, args.board, args.dead, game=args.game, progress=bar, threads=args.threads
        )
    finally:
        bar.close()
    equity = result.equity.tolist()
    # best first; a combo facing no villain combo (NaN) last
    order = sorted(range(len(equity)), key=lambda i: -equity[i] if equity[i] == equity[i] else 1.0)
    rows = [
        (
            combo_str(result.combos[i].tolist()),
            None if result.equity[i] != result.equity[i] else float(result.equity[i]),
            float(result.weight[i]),
        )
        for i in order
    ]
    if args.json:
        print(json.dumps({"board": args.board, "combos": [{"combo": c, "equity": e, "weight": w} for c, e, w in rows]}))
    elif args.csv:
        print("combo,equity,weight")
        for c, e, w in rows:
            print(f"{c},{'' if e is None else repr(e)},{w!r}")
    else:
        for c, e, w in rows:
            shown = "    n/a " if e is None else f"{e * 100:7.3f}%"
            print(f"{c}  {shown}  against {w:g} combo{'' if w == 1 else 's'}")
    return 0


def whole_number(text: str) -> int:
    """A whole number from 1, such as a worker count."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number from 1: {text!r}")
    return int(text)


def _table_out(path: str) -> tuple[str, str]:
    """``--out`` checked: a file in a folder that exists, named .parquet (or .pq) or .csv; and that suffix."""
    out = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        raise ValueError(f"--out: no such folder {folder}")
    if os.path.isdir(out):
        raise ValueError(f"--out: {out} is a folder")
    suffix = os.path.splitext(out)[1].lower()
    if suffix not in (".parquet", ".pq", ".csv"):
        raise ValueError(f"--out: a table is written as Parquet (.parquet) or CSV (.csv), not {out!r}")
    return out, suffix


def _write_table(frame: Any, out: str, suffix: str) -> None:
    """The table in ``out``, as CSV or Parquet by its suffix: written beside it, then renamed into place."""
    part = f"{out}.{os.getpid()}.tmp"
    try:
        if suffix == ".csv":
            frame.to_csv(part, index=False)
        else:
            frame.to_parquet(part, index=False)
        os.replace(part, out)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove(part)


def _table(args: argparse.Namespace) -> int:
    import logging
    import shutil
    import time

    try:
        import pandas  # noqa: F401
        import pyarrow  # noqa: F401

        from handrank import dask as hd
    except ImportError:
        print(
            'handrank: error: handrank table needs Dask, pandas and pyarrow: pip install "handrank[dask]"',
            file=sys.stderr,
        )
        return 2
    from handrank._job_runner import kept_chunks, run_job
    from handrank._table_jobs import FlopJob, PreflopJob

    out, suffix = _table_out(args.out)
    parts = out + ".parts"  # finished chunks, beside the output until it is written
    job = (
        PreflopJob(args.hands, args.chunk_size)
        if args.table == "preflop"
        else FlopJob(args.hero, args.villain, args.chunk_size)
    )

    def kept() -> int:
        try:
            return sum(result is not None for result in kept_chunks(job, parts)[0])
        except ValueError:
            raise ValueError(
                f"--out: {parts} holds the chunks of another table (other classes, ranges or chunk size):"
                " remove it, or choose another --out"
            ) from None

    start = time.perf_counter()
    for name in ("distributed", "tornado", "asyncio"):  # shutting down after Ctrl-C logs noise, not news
        logging.getLogger(name).setLevel(logging.CRITICAL)
    bar = _ProgressBar()
    made = not os.path.exists(parts)
    try:
        kept_before = kept()  # before any cluster starts: a folder of another job is refused at once
        with hd.connect(args.workers, args.scheduler, args.connect_timeout) as client:
            results = run_job(job, client, parts, bar)
    except ValueError:  # no chunk computed (no scheduler, say): a folder made for them goes too
        if made and not kept():
            shutil.rmtree(parts, ignore_errors=True)
        raise
    except KeyboardInterrupt:
        bar.close()
        print(
            f"handrank: interrupted: {kept()} of {plural(len(job.chunks), 'chunk')} kept in {parts};"
            " the same command resumes from them",
            file=sys.stderr,
        )
        return 130
    except RuntimeError as exc:
        bar.close()
        print(f"handrank: error: {exc} ({plural(kept(), 'finished chunk')} kept in {parts})", file=sys.stderr)
        return 1
    finally:
        bar.close()
    frame = job.frame(results)
    _write_table(frame, out, suffix)
    shutil.rmtree(parts, ignore_errors=True)
    workers = args.workers or os.cpu_count() or 1
    where = f"on {args.scheduler}" if args.scheduler else f"on {workers} local worker{'s' if workers > 1 else ''}"
    reused = f", {kept_before} kept from an earlier run" if kept_before else ""
    print(
        f"wrote {out}: {plural(len(frame), 'row')} from {plural(len(job.chunks), 'chunk')}{reused},"
        f" {time.perf_counter() - start:.1f} s {where}"
    )
    return 0


def _street_bar() -> Any:
    """``progress(street, fraction)`` for a build: a bar with an ETA per street from tqdm (``handrank[abstraction]``),
    else the plain bar; ``.close()`` ends it."""
    try:
        from tqdm import tqdm
    except ImportError:
        plain = _ProgressBar()

        class Plain:
            def __call__(self, street: str, fraction: float) -> None:
                plain(fraction)

            def close(self) -> None:
                plain.close()

        return Plain()

    class Bars:
        def __init__(self) -> None:
            self.bar: Any = None
            self.street = ""

        def __call__(self, street: str, fraction: float) -> None:
            if street != self.street:
                self.close()
                self.street = street
                self.bar = tqdm(
                    total=1000,
                    desc=street,
                    disable=None,  # only on a terminal
                    bar_format="{desc:8} {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]",
                )
            self.bar.update(round(1000 * fraction) - self.bar.n)

        def close(self) -> None:
            if self.bar is not None:
                self.bar.close()
                self.bar = None

    return Bars()


def _abstraction(args: argparse.Namespace) -> int:
    import time

    from handrank import abstraction

    if args.action == "show":
        features = abstraction.load(args.folder, verify=args.verify)
        info = features.lookup(" ".join(args.cards))
        if args.json:
            print(json.dumps(info))
            return 0
        for key, value in info.items():
            shown = " ".join(f"{v:.4f}" for v in value) if isinstance(value, list) else value
            print(f"{key + ':':<8} {shown if not isinstance(shown, float) else f'{shown:.6f}'}")
        return 0
    client_context: Any = contextlib.nullcontext(None)
    if args.workers or args.scheduler:
        try:
            from handrank import dask as hd
        except ImportError:
            print('handrank: error: --workers and --scheduler need Dask: pip install "handrank[dask]"', file=sys.stderr)
            return 2
        client_context = hd.connect(args.workers, args.scheduler, args.connect_timeout)
    bar = _street_bar()
    start = time.perf_counter()
    try:
        with client_context as client:
            built = abstraction.build(
                args.features,
                args.streets,
                args.out,
                bins=args.bins,
                partition=args.partition.split(";") if args.partition else None,
                threads=args.threads,
                client=client,
                progress=bar,
            )
    except KeyboardInterrupt:
        bar.close()
        print(
            f"handrank: interrupted: the finished chunks are kept in {os.path.join(args.out, 'chunks')};"
            " the same command resumes from them",
            file=sys.stderr,
        )
        return 130
    finally:
        bar.close()
    size = sum(built[key].nbytes for key in built.keys())
    print(
        f"wrote {args.out}: {', '.join(f'{s}/{f}' for s, f in built.keys())} ({size / 2**20:,.1f} MiB),"
        f" {time.perf_counter() - start:.1f} s"
    )
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with its errors on one line like every other error (the usage is for ``--help``)."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("handrank").strip()
        self.exit(2, f"handrank: error: {where + ': ' if where else ''}{message} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    """The command line: one subcommand per question."""
    top = _Parser(prog="handrank", description="Rank poker hands.")
    top.add_argument("--version", action="version", version=f"handrank {handrank.__version__} ({handrank.BACKEND})")
    sub = top.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="rank a 5-, 6- or 7-card hand", description="Rank a 5-, 6- or 7-card hand.")
    ev.add_argument("cards", nargs="+", help='cards such as "As Ks Qs Js Ts 2c 3d"')
    sd = sub.add_parser("showdown", help="find the winners among several hands", description="Show hands down.")
    sd.add_argument("hands", nargs="+", help='one argument per player, such as "As Ac" "Kh Ks"')
    sd.add_argument("--board", default="", help='the board, such as "Ah Kd 7c 7s 2d" (Hold\'em and Omaha)')
    sd.add_argument("--game", choices=SHOWDOWN_GAMES, default="holdem", help="the game (default holdem)")
    for p in (ev, sd):
        p.add_argument("--lang", choices=("en", "es", "ru"), default="en", help="language of descriptions")
    eq = sub.add_parser(
        "equity",
        help="how often each hand or range wins",
        description="Equity of hands or ranges: exact when affordable, else Monte Carlo.",
    )
    eq.add_argument("players", nargs="+", help='hands ("AhKh") or ranges ("QQ+,AKs", "random")')
    eq.add_argument("--board", default="", help='board cards, such as "2c7d9h"')
    eq.add_argument("--dead", default="", help="cards out of play")
    eq.add_argument("--game", choices=ALL_EQUITY_GAMES, default="holdem", help="the game (default holdem)")
    eq.add_argument("--trials", type=_count, help="Monte Carlo trials, such as 1M (default: exact when affordable)")
    eq.add_argument(
        "--target-stderr",
        type=_positive,
        help="Monte Carlo until every player's standard error is at most this, such as 0.001",
    )
    eq.add_argument("--time-limit", type=_positive, help="Monte Carlo for at most this many seconds")
    eq.add_argument("--exact", action="store_true", help="enumerate every deal, however long it takes")
    eq.add_argument("--seed", type=int, help="Monte Carlo seed, for a repeatable run")
    eq.add_argument("--threads", type=int, default=0, help="threads (default 0: every core)")
    eq.add_argument(
        "--next-card",
        action="store_true",
        help="each card that can come next on a flop or turn: both players' exact equity (two Hold'em players)",
    )
    eq.add_argument(
        "--hand-types",
        action="store_true",
        help="also how often each player wins and ties with each category of hand (Hold'em and Omaha)",
    )
    hi = sub.add_parser(
        "hits",
        help="what a range hits on a board: made hands and draws",
        description="Weigh a range's combos on a flop, turn or river by the hand they make and the draws they have.",
    )
    hi.add_argument("range", help='the range, such as "QQ+, AK, JTs" or "random"')
    hi.add_argument("board", help='the flop, turn or river, such as "Ks7h2d"')
    hi.add_argument("--dead", default="", help="cards out of play")
    hi.add_argument("--game", choices=("holdem", "shortdeck"), default="holdem", help="the game (default holdem)")
    co = sub.add_parser(
        "combos",
        help="the exact equity of each combo of a range against another on a board",
        description="Each hero combo's exact equity against the villain range, best first.",
    )
    co.add_argument("--board", required=True, help='the flop, turn or river, such as "Ks7h2d"')
    co.add_argument("--hero", required=True, help='the hero range, such as "QQ+,AKs"')
    co.add_argument("--villain", required=True, help='the villain range, such as "22+,A2s+" or "random"')
    co.add_argument("--dead", default="", help="cards out of play")
    co.add_argument("--game", choices=("holdem", "omaha"), default="holdem", help="the game (default holdem)")
    co.add_argument("--threads", type=int, default=0, help="threads for Omaha's runouts (default 0: every core)")
    co.add_argument("--csv", action="store_true", help="print CSV: combo, equity, weight")
    for p in (ev, sd, eq, co, hi):
        p.add_argument("--json", action="store_true", help="print one JSON object")
    _table_parser(sub)
    _abstraction_parser(sub)
    return top


def _abstraction_parser(sub: argparse._SubParsersAction[_Parser]) -> None:
    """``handrank abstraction build|show``."""
    ab = sub.add_parser(
        "abstraction",
        help="abstraction features (EHS, EHS2, histograms, OCHS) for every canonical Hold'em state",
        description="Abstraction features for every canonical Hold'em state, as .npy files indexed by "
        "handrank.HandIndexer('holdem').",
    )
    ab_sub = ab.add_subparsers(dest="action", required=True)
    bu = ab_sub.add_parser(
        "build",
        help="compute features into a folder (resumable)",
        description="Compute features for every state of the streets into OUT/STREET/FEATURE.npy with a "
        "checksummed manifest.  Finished chunks are kept in OUT/chunks as they come: after Ctrl-C or a failure "
        "the same command picks up from them.",
    )
    bu.add_argument("--features", required=True, help="ehs, ehs2, hist, next, ochs: such as ehs,ehs2,hist")
    bu.add_argument("--streets", required=True, help="preflop, flop, turn, river: such as river,turn")
    bu.add_argument("--out", required=True, help="the folder to write")
    bu.add_argument("--bins", type=whole_number, default=50, help="histogram bins (default 50)")
    bu.add_argument(
        "--partition",
        help="OCHS's groups of classes, semicolons between groups, such as 'AA,KK;QQ,JJ,AKs;...'"
        " (default: handrank.abstraction.DEFAULT_PARTITION)",
    )
    bu.add_argument("--threads", type=int, default=0, help="threads without Dask (default 0: every core)")
    _dask_options(bu, "local Dask worker processes (default: none, threads here)")
    sh = ab_sub.add_parser(
        "show",
        help="one hand's features from a built folder",
        description="Look one hand up in a folder that build wrote: its street, index and features.",
    )
    sh.add_argument("folder", help="the folder build wrote")
    sh.add_argument("cards", nargs="+", help="a hole and a board, such as AhKh Ts9s2c")
    sh.add_argument("--verify", action="store_true", help="check every file's SHA-256 first")
    sh.add_argument("--json", action="store_true", help="print one JSON object")


def _dask_options(p: argparse.ArgumentParser, workers: str) -> None:
    """``--workers N`` (``workers`` says what they are) or ``--scheduler ADDRESS``, and ``--connect-timeout``."""
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=whole_number, help=workers)
    where.add_argument("--scheduler", help="an existing Dask scheduler, such as tcp://host:8786")
    p.add_argument(
        "--connect-timeout", type=_positive, default=30.0, help="seconds to reach the scheduler (default 30)"
    )


def _table_parser(sub: argparse._SubParsersAction[_Parser]) -> None:
    """``handrank table preflop|flop``."""
    ta = sub.add_parser(
        "table",
        help="compute a big table on Dask (resumable), into a Parquet or CSV file",
        description="Compute a big table as Dask tasks on local worker processes or an existing scheduler. "
        "Finished chunks are kept in OUT.parts as they arrive: after Ctrl-C or a failure the same command "
        "picks up from them.",
    )
    ta_sub = ta.add_subparsers(dest="table", required=True)
    pre = ta_sub.add_parser(
        "preflop",
        help="exact heads-up counts for every pair of starting-hand classes",
        description="Exact heads-up counts and equity for every pair of starting-hand classes "
        "(hand_a, hand_b, wins, ties, losses, total, equity).",
    )
    pre.add_argument("--hands", help="only these classes, such as AA,KK,AKs (default: all 169)")
    flop = ta_sub.add_parser(
        "flop",
        help="range against range on every flop distinct up to suits",
        description="The hero range's equity against the villain range on every flop distinct up to suits, "
        "and each hero combo's (flop, flops, equity, one column per combo).",
    )
    flop.add_argument("--hero", required=True, help='the hero range, such as "QQ+,AKs"')
    flop.add_argument("--villain", required=True, help='the villain range, such as "random"')
    for p, size in ((pre, 500), (flop, 25)):
        p.add_argument("--out", required=True, help="the file to write: Parquet (table.parquet) or CSV (table.csv)")
        _dask_options(p, "local worker processes (default: one per core)")
        p.add_argument(
            "--chunk-size",
            type=whole_number,
            default=size,
            help=f"{'matchups' if p is pre else 'flops'} per task (default {size})",
        )


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    # A console that cannot show Cyrillic gets escapes (valid inside JSON strings) instead of a crash.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        commands = {
            "eval": _eval,
            "showdown": _showdown,
            "equity": _equity,
            "combos": _combos,
            "hits": _hits,
            "table": _table,
            "abstraction": _abstraction,
        }
        return commands[args.command](args)
    except (ValueError, TypeError) as exc:
        print(f"handrank: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("handrank: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``handrank ... | head``): nothing more to say, to anyone.
        sys.stderr.close()
        return 1
    except OSError as exc:  # writing a table: a full disk, a folder that cannot be made
        print(f"handrank: error: {exc}", file=sys.stderr)
        return 1
