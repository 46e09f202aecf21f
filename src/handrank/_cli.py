"""The ``handrank`` command line: ``handrank eval CARDS`` and ``handrank showdown HANDS``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import handrank
from handrank._showdown import GAMES


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
    players = [
        {
            "player": i,
            "cards": handrank.cards_str(p.cards),
            "rank": p.rank,
            "category": p.category.name,
            "description": handrank.describe(p.rank, lang=args.lang),
            "best_five": handrank.cards_str(p.best_five),
            "share": str(p.share),
        }
        for i, p in enumerate(result.players)
    ]
    if args.json:
        info = {
            "game": result.game,
            "board": handrank.cards_str(result.board),
            "winners": list(result.winners),
            "players": players,
        }
        print(json.dumps(info, ensure_ascii=False))
        return 0
    if result.board:
        print(f"board: {handrank.cards_str(result.board)}")
    for p in players:
        mark = "*" if p["player"] in result.winners else " "
        print(f"{mark} player {p['player']}: {p['cards']:<20} {p['rank']:>4}  {p['description']}  [{p['best_five']}]")
    names = ", ".join(f"player {w}" for w in result.winners)
    print(f"{'winner' if len(result.winners) == 1 else 'split pot'}: {names}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="handrank", description="Rank poker hands.")
    parser.add_argument("--version", action="version", version=f"handrank {handrank.__version__} ({handrank.BACKEND})")
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="rank a 5-, 6- or 7-card hand", description="Rank a 5-, 6- or 7-card hand.")
    ev.add_argument("cards", nargs="+", help='cards such as "As Ks Qs Js Ts 2c 3d"')
    sd = sub.add_parser("showdown", help="find the winners among several hands", description="Show hands down.")
    sd.add_argument("hands", nargs="+", help='one argument per player, such as "As Ac" "Kh Ks"')
    sd.add_argument("--board", default="", help='the board, such as "Ah Kd 7c 7s 2d" (Hold\'em and Omaha)')
    sd.add_argument("--game", choices=GAMES, default="holdem", help="the game (default holdem)")
    for p in (ev, sd):
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument("--lang", choices=("en", "es", "ru"), default="en", help="language of descriptions")
    args = parser.parse_args(argv)
    # A console that cannot show Cyrillic gets escapes (valid inside JSON strings) instead of a crash.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        return _eval(args) if args.command == "eval" else _showdown(args)
    except (ValueError, TypeError) as exc:
        print(f"handrank: error: {exc}", file=sys.stderr)
        return 2
