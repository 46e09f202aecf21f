"""The ``handrank`` command line."""

from __future__ import annotations

import argparse
import json
import sys

import handrank


def _eval(args: argparse.Namespace) -> int:
    rank = handrank.evaluate(args.cards)
    five = handrank.best_five(args.cards)
    info = {
        "cards": handrank.cards_str(args.cards),
        "rank": rank,
        "category": handrank.category(rank).name,
        "description": handrank.describe(rank, lang=args.lang),
        "best_five": handrank.cards_str(five),
    }
    if args.json:
        print(json.dumps(info, ensure_ascii=False))
    else:
        labels = {key: key.replace("_", " ") + ":" for key in info}
        width = max(map(len, labels.values()))
        for key, value in info.items():
            print(f"{labels[key]:<{width}} {value}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="handrank", description="Rank poker hands.")
    parser.add_argument("--version", action="version", version=f"handrank {handrank.__version__} ({handrank.BACKEND})")
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("eval", help="rank a 5-, 6- or 7-card hand", description="Rank a 5-, 6- or 7-card hand.")
    ev.add_argument("cards", nargs="+", help='cards such as "As Ks Qs Js Ts 2c 3d"')
    ev.add_argument("--json", action="store_true", help="print one JSON object")
    ev.add_argument("--lang", choices=("en", "es", "ru"), default="en", help="language of the description")
    args = parser.parse_args(argv)
    # A console that cannot show Cyrillic gets escapes (valid inside JSON strings) instead of a crash.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    args.cards = " ".join(args.cards)
    try:
        return _eval(args)
    except (ValueError, TypeError) as exc:
        print(f"handrank: error: {exc}", file=sys.stderr)
        return 2
