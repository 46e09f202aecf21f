#!/usr/bin/env python3
"""A heads-up river solver: CFR+ over all 1,326 combos at once, on handrank's showdown values.

    python examples/river_cfr.py                                   # Ks7h2d4c9s, QQ+,AK,KQs against random
    python examples/river_cfr.py --board Ks7h2d4c9s --oop "QQ+,AK,KQs" --ip random \\
        --pot 100 --stack 100 --bets 0.5,1 --raise allin --iterations 1000 --every 50 --plot river.png

The game.  Two players reach the river with a pot of ``pot`` chips, half of
it put in by each, and ``stack`` chips each behind.  OOP acts first: check
or bet one of the ``bets`` sizes (fractions of the pot).  After a check IP
may check (showdown) or bet; facing a bet a player folds, calls (showdown)
or raises, once in all (``--raise``: all-in, or a fraction of the pot after
the call); facing the raise, fold or call.

Payoffs are in chips, zero-sum, counted from the start of the hand: at a
showdown the winner takes ``pot / 2 + invested`` from the loser (a tie
gives 0), where ``invested`` is what each put in on the river; a player
who folds loses ``pot / 2`` plus their own river chips, and the other
player wins them.  Values are per hand dealt: each pair of combos, one from
each range, sharing no card with the other or the board, weighted by the
product of their weights.

Everything is a vector of 1,326 entries in ``handrank.combos()`` order:
the ranges, the reach of each player at each node, regrets and strategies
(one row per action).  Terminal nodes need the opponent's reach summed
against each combo with card removal: ``handrank.showdown_values`` at a
showdown (reach beaten less reach that wins) and ``handrank.blocked_reach``
at a fold (reach left at all), both on a board prepared once with
``handrank.ShowdownBoards``.  See docs/writing_a_solver.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

import handrank

TYPE_CHECKING = False
if TYPE_CHECKING:
    from matplotlib.figure import Figure

OOP, IP = 0, 1
PLAYERS = ("OOP", "IP")

# Each combo's starting-hand class (an index in handrank.HAND_CLASSES, the 13 x 13 grid row by row, aces
# first: pairs on the diagonal, suited above it, offsuit below).
_CARDS = handrank.combos().astype(np.int64)
_ROW = 12 - _CARDS // 4  # card id = 4 * rank + suit, rank 0 for a deuce; row 0 is the aces
_HIGH, _LOW = _ROW.min(axis=1), _ROW.max(axis=1)
_SUITED = _CARDS[:, 0] % 4 == _CARDS[:, 1] % 4
CLASS_OF_COMBO = np.where(_SUITED | (_HIGH == _LOW), 13 * _HIGH + _LOW, 13 * _LOW + _HIGH)


@dataclass(eq=False)
class Node:
    """A node of the river tree: a decision of ``player`` or, where ``player`` is None, the end of the hand.

    ``invested`` is what each player has put in on the river.  A terminal node is a showdown, or a fold
    by ``folder``.  A decision node has its ``actions`` and ``children``, and the solver's state per
    action and combo: ``regrets`` (CFR+ keeps them at 0 or above) and ``strategy_sum`` (the weighted sum
    of the strategies played, which normalised is the average strategy).
    """

    player: int | None
    invested: tuple[float, float]
    history: tuple[str, ...] = ()
    folder: int | None = None
    actions: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    regrets: np.ndarray = field(default_factory=lambda: np.zeros((0, 1326)))
    strategy_sum: np.ndarray = field(default_factory=lambda: np.zeros((0, 1326)))

    def add(self, action: str, child: Node) -> None:
        self.actions.append(action)
        self.children.append(child)

    def decisions(self) -> Iterator[Node]:
        """This node and every decision node below it, parents first."""
        if self.player is not None:
            yield self
            for child in self.children:
                yield from child.decisions()

    def current_strategy(self) -> np.ndarray:
        """Regret matching: each action in proportion to its positive regret, uniform where none is."""
        return _normalise(self.regrets)

    def average_strategy(self) -> np.ndarray:
        """The average strategy, ``(actions, 1326)``: what converges to an equilibrium."""
        return _normalise(self.strategy_sum)


def _normalise(weights: np.ndarray) -> np.ndarray:
    total = weights.sum(axis=0)
    return np.where(total > 0, weights / np.where(total > 0, total, 1.0), 1.0 / len(weights))


def build_tree(pot: float, stack: float, bets: Sequence[float], raise_size: float | None) -> Node:
    """The river betting tree: check or bet ``bets`` (pot fractions, capped at the stack), one raise at most.

    ``raise_size`` None raises all-in; a number raises by that fraction of the pot after the call.
    """
    amounts = sorted({min(fraction * pot, stack) for fraction in bets if fraction > 0 and stack > 0})

    def decide(player: int, invested: tuple[float, float], history: tuple[str, ...], raised: bool) -> Node:
        node = Node(player, invested, history)
        other = 1 - player
        facing = invested[other] - invested[player]
        if facing == 0:  # check or bet
            if player == IP:
                node.add("check", Node(None, invested, (*history, "check")))
            else:
                node.add("check", decide(IP, invested, (*history, "check"), raised))
            for amount in amounts:
                action = f"bet {amount:g}"
                node.add(action, decide(other, _put(invested, player, amount), (*history, action), raised))
        else:  # fold, call or raise
            bet = invested[other]
            node.add("fold", Node(None, invested, (*history, "fold"), folder=player))
            node.add("call", Node(None, (bet, bet), (*history, "call")))
            if not raised and bet < stack:
                to = stack if raise_size is None else min(stack, bet + raise_size * (pot + 2 * bet))
                action = f"raise {to:g}"
                node.add(action, decide(other, _put(invested, player, to), (*history, action), True))
        node.regrets = np.zeros((len(node.actions), 1326))
        node.strategy_sum = np.zeros((len(node.actions), 1326))
        return node

    return decide(OOP, (0.0, 0.0), (), False)


def _put(invested: tuple[float, float], player: int, amount: float) -> tuple[float, float]:
    return (amount, invested[1]) if player == OOP else (invested[0], amount)


def range_vector(hands: str | handrank.Range, board: Sequence[int]) -> np.ndarray:
    """A range's weights as a ``(1326,)`` vector in ``handrank.combos()`` order, 0 for combos meeting the board."""
    weights = np.zeros(1326)
    pairs = list((handrank.Range(hands) if isinstance(hands, str) else hands).without(board))
    if pairs:
        cards = np.array([list(cards) for cards, _ in pairs])
        weights[handrank.combo_index(cards)] = [weight for _, weight in pairs]
    return weights


class RiverGame:
    """A river spot and its tree, with the CFR+ iteration, best responses and the values of strategies.

    A "value vector" of a player at a node is, for each of the player's combos, the chips the combo wins
    there, summed over the opponent's combos weighted by their reach to the node (counterfactual values).
    """

    def __init__(
        self,
        board: str | Sequence[int],
        oop: str | handrank.Range,
        ip: str | handrank.Range,
        *,
        pot: float = 100.0,
        stack: float = 100.0,
        bets: Sequence[float] = (0.5, 1.0),
        raise_size: float | None = None,
    ) -> None:
        if not (pot > 0 and stack >= 0):
            raise ValueError(f"the pot must be positive and the stacks not negative, got {pot:g} and {stack:g}")
        self.board = handrank.parse_cards(board) if isinstance(board, str) else list(board)
        if len(self.board) != 5:
            raise ValueError(f"a river board has 5 cards, got {len(self.board)}")
        self.boards = handrank.ShowdownBoards(self.board)  # ranked and sorted once, for every node
        self.pot, self.stack = float(pot), float(stack)
        self.texts = (str(oop), str(ip))
        self.ranges = (range_vector(oop, self.board), range_vector(ip, self.board))
        # The weight of all the deals: sum over compatible (h, v) of oop[h] * ip[v].
        self.deals = float(self.ranges[OOP] @ handrank.blocked_reach(self.boards, self.ranges[IP]))
        if self.deals == 0:
            raise ValueError("no deal: every combo of one range meets the board or the other range")
        self.root = build_tree(self.pot, self.stack, bets, raise_size)

    def terminal_values(self, node: Node, player: int, opponent_reach: np.ndarray) -> np.ndarray:
        """``player``'s value vector at a showdown or a fold, against the opponent's reach vector."""
        if node.folder is None:  # a showdown: both put in the same
            stake = self.pot / 2 + node.invested[0]
            return stake * handrank.showdown_values(self.boards, opponent_reach)
        stake = self.pot / 2 + node.invested[node.folder]
        sign = -1.0 if node.folder == player else 1.0
        return sign * stake * handrank.blocked_reach(self.boards, opponent_reach)

    def cfr(self, node: Node, player: int, reach: np.ndarray, opponent_reach: np.ndarray, weight: float) -> np.ndarray:
        """One CFR+ pass for ``player``: updates that player's regrets and average strategy; returns the values."""
        if node.player is None:
            return self.terminal_values(node, player, opponent_reach)
        strategy = node.current_strategy()
        if node.player != player:  # the opponent's strategy splits the opponent's reach among the children
            total = np.zeros(1326)
            for child, share in zip(node.children, strategy, strict=True):
                total += self.cfr(child, player, reach, opponent_reach * share, weight)
            return total
        values = np.array(
            [
                self.cfr(child, player, reach * share, opponent_reach, weight)
                for child, share in zip(node.children, strategy, strict=True)
            ]
        )
        value: np.ndarray = (strategy * values).sum(axis=0)
        node.regrets += values - value  # regret matching+: add each action's regret this time ...
        np.maximum(node.regrets, 0.0, out=node.regrets)  # ... and keep none below zero
        node.strategy_sum += weight * reach * strategy
        return value

    def best_response(self, node: Node, player: int, opponent_reach: np.ndarray) -> np.ndarray:
        """``player``'s value vector playing, combo by combo, the best reply to the other's average strategy."""
        if node.player is None:
            return self.terminal_values(node, player, opponent_reach)
        if node.player == player:
            best: np.ndarray = np.max([self.best_response(c, player, opponent_reach) for c in node.children], axis=0)
            return best
        total = np.zeros(1326)
        for child, share in zip(node.children, node.average_strategy(), strict=True):
            total += self.best_response(child, player, opponent_reach * share)
        return total

    def strategy_values(self, node: Node, player: int, opponent_reach: np.ndarray) -> np.ndarray:
        """``player``'s value vector when both play their average strategies."""
        if node.player is None:
            return self.terminal_values(node, player, opponent_reach)
        strategy = node.average_strategy()
        if node.player == player:
            values = np.array([self.strategy_values(child, player, opponent_reach) for child in node.children])
            value: np.ndarray = (strategy * values).sum(axis=0)
            return value
        total = np.zeros(1326)
        for child, share in zip(node.children, strategy, strict=True):
            total += self.strategy_values(child, player, opponent_reach * share)
        return total

    def per_hand(self, player: int, values: np.ndarray) -> float:
        """A value vector at the root, as the player's expected chips per hand dealt."""
        return float(self.ranges[player] @ values) / self.deals

    def best_response_value(self, player: int) -> float:
        """What ``player`` wins per hand with a best response to the other player's average strategy."""
        return self.per_hand(player, self.best_response(self.root, player, self.ranges[1 - player]))

    def value(self, player: int) -> float:
        """What ``player`` wins per hand when both play their average strategies."""
        return self.per_hand(player, self.strategy_values(self.root, player, self.ranges[1 - player]))

    def exploitability(self) -> float:
        """(BR_OOP + BR_IP) / 2 in % of the pot: the mean gain of the two best responses over the game value."""
        gains = self.best_response_value(OOP) + self.best_response_value(IP)  # the game values cancel out
        return 100.0 * gains / 2 / self.pot

    def iterate(self, iteration: int) -> None:
        """One CFR+ iteration: OOP's pass, then IP's against OOP's updated strategy; averages weighted linearly."""
        for player in (OOP, IP):
            self.cfr(self.root, player, self.ranges[player], self.ranges[1 - player], float(iteration))

    def reaches(self) -> Iterator[tuple[Node, int, np.ndarray]]:
        """Each decision node, the player to act there and that player's reach, under the average strategies."""

        def walk(node: Node, reach: tuple[np.ndarray, np.ndarray]) -> Iterator[tuple[Node, int, np.ndarray]]:
            if node.player is None:
                return
            yield node, node.player, reach[node.player]
            for child, s in zip(node.children, node.average_strategy(), strict=True):
                after = list(reach)
                after[node.player] = reach[node.player] * s
                yield from walk(child, (after[OOP], after[IP]))

        yield from walk(self.root, self.ranges)


@dataclass
class Progress:
    """The exploitability (% of the pot) after ``iteration`` iterations, ``seconds`` into the solve."""

    iteration: int
    seconds: float
    exploitability: float


@dataclass
class Result:
    """A solved spot: the game (its tree holds the average strategies) and the exploitability as it went."""

    game: RiverGame
    history: list[Progress]
    iterations: int
    seconds: float

    @property
    def exploitability(self) -> float:
        return self.history[-1].exploitability


def solve(
    board: str | Sequence[int],
    oop: str | handrank.Range,
    ip: str | handrank.Range,
    *,
    pot: float = 100.0,
    stack: float = 100.0,
    bets: Sequence[float] = (0.5, 1.0),
    raise_size: float | None = None,
    iterations: int = 1000,
    every: int = 100,
    target: float = 0.0,
    callback: Callable[[Progress], None] | None = None,
) -> Result:
    """Solve a river spot with CFR+: ``iterations`` at most, stopping early once exploitability < ``target`` %.

    Exploitability is measured every ``every`` iterations and after the last one; each measurement goes
    to ``callback`` as it is made and into the result's ``history``.
    """
    game = RiverGame(board, oop, ip, pot=pot, stack=stack, bets=bets, raise_size=raise_size)
    history: list[Progress] = []
    start = time.perf_counter()
    done = 0
    for done in range(1, iterations + 1):
        game.iterate(done)
        if done % every == 0 or done == iterations:
            history.append(Progress(done, time.perf_counter() - start, game.exploitability()))
            if callback is not None:
                callback(history[-1])
            if history[-1].exploitability < target:
                break
    return Result(game, history, done, time.perf_counter() - start)


def class_strategy(node: Node, reach: np.ndarray) -> list[tuple[str, float, np.ndarray]]:
    """The average strategy at ``node`` per hand class, for the classes ``reach`` has combos in.

    Each class's row is (name, combos: the reach summed over the class, the frequency of each action:
    its combos' frequencies weighted by their reach), pairs first, then suited and offsuit hands.
    """
    weights = np.zeros((169, 1326))
    weights[CLASS_OF_COMBO, np.arange(1326)] = reach
    combos = weights.sum(axis=1)
    frequencies = (weights @ node.average_strategy().T) / np.where(combos > 0, combos, 1.0)[:, None]

    def key(k: np.integer) -> tuple[int, int, int]:  # pairs, suited, offsuit; each by its high card, then the other
        row, col = divmod(int(k), 13)
        return (0 if row == col else 1 if row < col else 2, min(row, col), max(row, col))

    names = handrank.HAND_CLASSES
    return [(names[k], float(combos[k]), frequencies[k]) for k in sorted(np.flatnonzero(combos > 0), key=key)]


def format_table(title: str, node: Node, reach: np.ndarray) -> str:
    """The average strategy at ``node`` as a table: one row per hand class, then the whole range."""
    width = max(7, *(len(action) + 1 for action in node.actions))
    lines = [title, "hand  combos" + "".join(f"{action:>{width}}" for action in node.actions)]
    for name, combos, freq in class_strategy(node, reach):
        lines.append(f"{name:<4} {combos:7.4g}" + "".join(f"{100 * f:{width - 1}.1f}%" for f in freq))
    total = reach.sum()
    overall = node.average_strategy() @ reach / (total if total > 0 else 1.0)
    lines.append(f"{'all':<4} {total:7.4g}" + "".join(f"{100 * f:{width - 1}.1f}%" for f in overall))
    return "\n".join(lines)


def summary(result: Result) -> str:
    """Every decision node's action frequencies over the whole range of the player to act."""
    lines = []
    for node, player, reach in result.game.reaches():
        total = reach.sum()
        if total <= 0:  # never reached
            continue
        where = "after " + " / ".join(node.history) if node.history else "first to act"
        freqs = node.average_strategy() @ reach / total
        parts = ", ".join(f"{action} {100 * f:.1f}%" for action, f in zip(node.actions, freqs, strict=True))
        lines.append(f"{PLAYERS[player]:>3} {where} ({total:.4g} combos): {parts}")
    return "\n".join(lines)


def first_decisions(result: Result) -> list[tuple[str, Node, np.ndarray]]:
    """Each player's first decision: OOP at the start, IP after OOP checks, with their range as reach."""
    game = result.game
    after_check = game.root.children[game.root.actions.index("check")]
    return [("OOP first to act", game.root, game.ranges[OOP]), ("IP after a check", after_check, game.ranges[IP])]


def draw_strategy(result: Result) -> Figure:
    """A matplotlib Figure: for each player's first decision, the 13 x 13 grid coloured by how often each class bets."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12.0, 6.0), layout="constrained")
    axes = fig.subplots(1, 2)
    for ax, (title, node, reach) in zip(axes, first_decisions(result), strict=True):
        grid = np.full(169, np.nan)
        bets = [k for k, action in enumerate(node.actions) if action.startswith("bet")]
        for name, _, freq in class_strategy(node, reach):
            grid[handrank.HAND_CLASSES.index(name)] = freq[bets].sum()
        image = ax.imshow(np.ma.masked_invalid(grid.reshape(13, 13)), cmap="YlOrRd", vmin=0.0, vmax=1.0)
        ax.set_facecolor("#e0e0e0")  # classes not in the range
        for k, name in enumerate(handrank.HAND_CLASSES):
            label = name if np.isnan(grid[k]) else f"{name}\n{100 * grid[k]:.0f}"
            colour = "white" if grid[k] > 0.7 else "black"  # NaN compares False
            ax.text(k % 13, k // 13, label, ha="center", va="center", fontsize=6.5, color=colour)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_title(f"{title}: bet % ({', '.join(a for a in node.actions if a.startswith('bet'))})", fontsize=10)
    fig.colorbar(image, ax=axes, shrink=0.7, label="bet frequency")
    game = result.game
    fig.suptitle(
        f"River {handrank.cards_str(game.board)}, pot {game.pot:g}, stacks {game.stack:g}: "
        f"OOP {game.texts[OOP]} against IP {game.texts[IP]} "
        f"({result.iterations} CFR+ iterations, exploitability {result.exploitability:.3f}% of the pot)",
        fontsize=10,
    )
    return fig


def _fractions(text: str) -> list[float]:
    try:
        return [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected pot fractions such as 0.5,1, got {text!r}") from None


def _raise_size(text: str) -> float | None:
    if text.lower() in ("allin", "all-in"):
        return None
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected allin or a pot fraction, got {text!r}") from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Solve a heads-up river spot with CFR+ over all 1,326 combos.")
    p.add_argument("--board", default="Ks7h2d4c9s", help="the five board cards (default: %(default)s)")
    p.add_argument("--oop", default="QQ+,AK,KQs", help="the first player's range (default: %(default)s)")
    p.add_argument("--ip", default="random", help="the second player's range (default: %(default)s)")
    p.add_argument("--pot", type=float, default=100.0, help="the pot before the river (default: %(default)g)")
    p.add_argument("--stack", type=float, default=100.0, help="each player's chips behind (default: %(default)g)")
    p.add_argument("--bets", type=_fractions, default=[0.5, 1.0], help="bet sizes, pot fractions (default: 0.5,1)")
    p.add_argument(
        "--raise",
        dest="raise_size",
        type=_raise_size,
        default=None,
        help="allin (default) or a fraction of the pot after the call",
    )
    p.add_argument("--iterations", type=int, default=1000, help="CFR+ iterations at most (default: %(default)s)")
    p.add_argument(
        "--every", type=int, default=100, help="measure exploitability every K iterations (default: %(default)s)"
    )
    p.add_argument("--target", type=float, default=0.0, help="stop once exploitability is below this %% of the pot")
    p.add_argument("--plot", metavar="FILE", help="draw each player's first decision into FILE (needs matplotlib)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.iterations < 1 or args.every < 1:
        parser().error("--iterations and --every must be at least 1")
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print(
                'river_cfr.py: --plot needs matplotlib: pip install matplotlib (or "handrank[plot]")', file=sys.stderr
            )
            return 1

    def report(progress: Progress) -> None:
        print(f"{progress.iteration:9d} {progress.seconds:8.2f} {progress.exploitability:15.3f}", flush=True)

    print(f"river {args.board}, pot {args.pot:g}, stacks {args.stack:g}: OOP {args.oop} against IP {args.ip}")
    print("iteration  seconds  exploitability (% of the pot)")
    try:
        result = solve(
            args.board,
            args.oop,
            args.ip,
            pot=args.pot,
            stack=args.stack,
            bets=args.bets,
            raise_size=args.raise_size,
            iterations=args.iterations,
            every=args.every,
            target=args.target,
            callback=report,
        )
    except ValueError as exc:
        print(f"river_cfr.py: {exc}", file=sys.stderr)
        return 2
    game = result.game
    print(f"\n{result.iterations} iterations in {result.seconds:.2f} s; OOP wins {game.value(OOP):+.3f} chips a hand")
    for title, node, reach in first_decisions(result):
        print(f"\n{format_table(title + ', average strategy:', node, reach)}")
    print(f"\nEvery decision, over the whole range of the player to act:\n{summary(result)}")
    if args.plot:
        draw_strategy(result).savefig(args.plot, dpi=100, bbox_inches="tight")
        print(f"\nwrote {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
