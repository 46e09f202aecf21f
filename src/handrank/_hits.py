"""What a range hits on a board (``hits``): its weighted combos by made hand and by draw, as a player reads
a flop, turn or river.

Made hands take their category from the evaluator (the best five of hole and board); one pair is split by
the pair's rank against the board's ranks and by whether a hole card makes it.  Draws are read from the
ranks and suits of hole and board: the ranks that would complete a straight whose best five play a hole
card, the suits holding four (on the flop also three) cards with a hole card among them.  Every combo of
the range is classed at once, in numpy; the rules, written out, are in the documentation's "What a range
hits".  numpy is imported on the first call.
"""

from __future__ import annotations

from functools import cache

from handrank._cards import CARD_NAMES, SHORT_DECK_LOWEST, SHORT_DECK_RULE, cards_str
from handrank._games import GAMES, game
from handrank._hand import category
from handrank._ranges import Range
from handrank._record import Record, build
from handrank._solver import board_and_dead, combo_number, range_of, range_weights, rank_combos
from handrank._solver import combos as combo_table
from handrank._tables import SD_LOWEST, Category, sd_straight_top, straight_top
from handrank._variants import evaluate_short_deck_batch

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from handrank._cards import Cards

HITS_GAMES = ("holdem", "shortdeck")
"""The games ``hits`` plays: Hold'em and short deck (Omaha's two-card rule has draws of its own)."""

MADE = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "overpair",
    "top pair",
    "second pair",
    "weak pair",
    "underpair",
    "board pair",
    "high card",
)
"""Hold'em's made-hand classes, best first."""

SHORT_DECK_MADE = (*MADE[:2], "flush", "full house", *MADE[4:])
"""Short deck's made-hand classes, best first: the flush above the full house."""

DRAWS = ("flush draw", "nut flush draw", "backdoor flush draw", "open-ended", "gutshot", "two overcards")
"""The draw classes (the flop's; the turn has all but the backdoor flush draw, the river none)."""

STREETS = {3: "flop", 4: "turn", 5: "river"}

# The made class of each category but one pair (which ``_pair_classes`` splits), by Category value.
_OF_CATEGORY = {
    Category.ROYAL_FLUSH: "straight flush",
    Category.STRAIGHT_FLUSH: "straight flush",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.FULL_HOUSE: "full house",
    Category.FLUSH: "flush",
    Category.STRAIGHT: "straight",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.TWO_PAIR: "two pair",
    Category.HIGH_CARD: "high card",
}


class Hits(Record):
    """What a range hits on a board (``hits``): each class's weighted combos and share of the range.

    ``str()`` (and ``repr()``) is a text table, notebooks show an HTML one, ``to_frame()`` gives a
    DataFrame and ``combos(name)`` the combos of one class as a ``Range``.
    """

    __slots__ = ("range", "board", "dead", "game", "made", "draws", "weight", "share", "total", "members")  # noqa: RUF023

    range: Range
    """The range, as a ``Range`` (before the board and dead cards take their combos out)."""
    board: str
    """The board, as text."""
    dead: str
    """The dead cards, as text ("" for none)."""
    game: str
    """``"holdem"`` or ``"shortdeck"``."""
    made: tuple[str, ...]
    """The made-hand classes, best first: every live combo is in exactly one."""
    draws: tuple[str, ...]
    """The draw classes of the street (none on the river): a combo is in each draw it has, or in none."""
    weight: tuple[float, ...]
    """The weighted combos of each class, ``made`` then ``draws``."""
    share: tuple[float, ...]
    """Each class's weight over ``total``: the made classes' shares sum to 1, the draws' to anything."""
    total: float
    """The weight of the range's live combos: those that meet no board or dead card."""
    members: tuple[bytes, ...]
    """Each class's combos, ``made`` then ``draws``, as card ids two a combo in the order of ``combos()``
    (``combos(name)`` reads them)."""

    @property
    def classes(self) -> tuple[str, ...]:
        """Every class of the report: ``made`` then ``draws``."""
        return self.made + self.draws

    def combos(self, name: str) -> Range:
        """The range's live combos in class ``name`` (one of ``classes``), with their weights, as a ``Range``.

        >>> hits("AA, KQs", "Ks 7h 2d").combos("top pair")
        Range('KhQh, KdQd, KcQc')
        """
        classes = self.classes
        if name not in classes:
            street = STREETS[len(self.board.split())]
            raise ValueError(f"name must be a class of the {street}: {', '.join(classes)}; not {name!r}")
        ids = self.members[classes.index(name)]
        wanted = {(ids[i + 1], ids[i]) for i in range(0, len(ids), 2)}  # Range.combos: the high card first
        chosen = [(cards, weight) for cards, weight in self.range.combos if cards in wanted]
        return Range.from_combos(chosen, game=self.range.game)  # type: ignore[arg-type]

    def _rows(self) -> list[tuple[str, str, str]]:
        """Each class: its name, weighted combos and share, as text."""
        return [
            (name, _count(weight), f"{share:.1%}")
            for name, weight, share in zip(self.classes, self.weight, self.share, strict=True)
        ]

    def _caption(self) -> str:
        dead = f" (dead {self.dead})" if self.dead else ""
        total = _count(self.total)
        return f"what {str(self.range)!r} hits on {self.board}{dead}: {total} combo{'' if total == '1' else 's'}"

    def __str__(self) -> str:
        """The caption, then one line per class: made hands, then draws."""
        rows = self._rows()
        width = max(len(name) for name, _, _ in rows)
        lines = [self._caption()]
        for i, (name, weight, share) in enumerate(rows):
            if i == 0 or i == len(self.made):
                lines.append(f"{'made hand' if i == 0 else 'draw':{width}s} {'combos':>8s} {'share':>7s}")
            lines.append(f"{name:{width}s} {weight:>8s} {share:>7s}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        """A table, one row per class: weighted combos and share (notebooks show it)."""
        from handrank._display import table_html

        rows = [[name, weight, share] for name, weight, share in self._rows()]
        return table_html(["class", "combos", "share"], rows, self._caption())

    def to_frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per class (index ``class``): ``kind`` (``"made"`` or ``"draw"``),
        ``weight``, ``share``."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("Hits.to_frame needs pandas: pip install pandas") from None

        kinds = ["made"] * len(self.made) + ["draw"] * len(self.draws)
        frame = pd.DataFrame(
            {"kind": kinds, "weight": list(self.weight), "share": list(self.share)},
            index=pd.Index(list(self.classes), name="class"),
        )
        return frame


def _count(weight: float) -> str:
    """Weighted combos as text: whole numbers plain, others to two decimals ("1,176", "4.5", "0.33")."""
    text = f"{weight:,.2f}".rstrip("0").rstrip(".")
    return text or "0"


def hits(range: Range | str, board: Cards, *, dead: Cards = (), game: str = "holdem") -> Hits:
    """What a range hits on a flop, turn or river: its weighted combos by made hand and by draw.

    Each combo of ``range`` that meets no board or ``dead`` card falls in
    exactly one made-hand class (the evaluator's category of its best five,
    one pair split into overpair, top pair, second pair, weak pair,
    underpair and board pair) and in every draw class it has (flop and
    turn: flush draw, nut flush draw, open-ended, gutshot, two overcards;
    the flop also backdoor flush draw).  ``game`` is ``"holdem"`` or
    ``"shortdeck"`` (with a short-deck range and board).  The rules are in
    the documentation's "What a range hits".

    >>> h = hits("QQ+, AK", "Ks 7h 2d")
    >>> h.total, dict(zip(h.classes, h.weight))["top pair"], round(dict(zip(h.classes, h.share))["overpair"], 3)
    (27.0, 12.0, 0.222)
    >>> str(h.combos("second pair"))  # queens under the king
    'QQ'
    """
    import numpy as np

    rules = _game(game)
    board_ids, dead_ids = _cards(board, dead, rules)
    player = range_of(range, "range", rules)
    weights, scale = range_weights(player, sum(1 << c for c in board_ids + dead_ids))
    live = np.flatnonzero(weights)
    if live.size == 0:
        raise ValueError("range: no combo of the range is left once the board and dead cards are out")
    holes = combo_table()[live]
    made_names, made = _made(holes, board_ids, rules)
    draw_names, drawn = _draws(holes, board_ids, made_names, made, rules)
    member = np.concatenate([made[None, :] == np.arange(len(made_names))[:, None], drawn])
    w = weights[live]
    sums = member @ w
    total = int(w.sum())
    return build(
        Hits,
        player,
        cards_str(board_ids),
        cards_str(dead_ids),
        rules,
        made_names,
        draw_names,
        tuple((sums / scale).tolist()),
        tuple((sums / total).tolist()),
        total / scale,
        tuple(holes[row].tobytes() for row in member),
    )


def _game(name: object) -> str:
    """The game's name, if ``hits`` plays it."""
    if name in GAMES and name not in HITS_GAMES:
        raise ValueError(f"game: hits plays {' and '.join(HITS_GAMES)}, not {name!r}")
    return game(name, HITS_GAMES).name


def _cards(board: Cards, dead: Cards, rules: str) -> tuple[list[int], list[int]]:
    """The board (3, 4 or 5 cards) and dead cards checked: distinct, and in the game's deck."""
    board_ids, dead_ids = board_and_dead(board, dead, GAMES[rules])
    if rules == "shortdeck":
        for what, ids in (("board", board_ids), ("dead", dead_ids)):
            for card in ids:
                if card < SHORT_DECK_LOWEST:
                    raise ValueError(f"{what}: card {CARD_NAMES[card]} is not in the short deck ({SHORT_DECK_RULE})")
    return board_ids, dead_ids


@cache
def _categories(rules: str) -> np.ndarray:
    """The category of every class of the ranking (``category``), by class (0 unused)."""
    import numpy as np

    top = 7462 if rules == "high" else 1404
    table = np.array([0] + [category(r, rules=rules) for r in range(1, top + 1)], np.int8)
    table.flags.writeable = False
    return table


def _made(holes: np.ndarray, board: list[int], rules: str) -> tuple[tuple[str, ...], np.ndarray]:
    """The made classes of the game, best first, and each hole's class (its index there)."""
    import numpy as np

    if rules == "holdem":
        ranks = rank_combos(board)[combo_number(holes[:, 0].astype(np.intp), holes[:, 1].astype(np.intp))]
        cats = _categories("high")[ranks]
        names = MADE
    else:
        rows = np.empty((len(holes), 2 + len(board)), np.uint8)
        rows[:, :2], rows[:, 2:] = holes, board
        cats = _categories("short_deck")[evaluate_short_deck_batch(rows)]
        names = SHORT_DECK_MADE
    index = np.zeros(11, np.intp)
    for cat, name in _OF_CATEGORY.items():
        index[cat] = names.index(name)
    made = index[cats]
    pair = cats == Category.ONE_PAIR
    made[pair] = _pair_classes(holes[pair], board, names)
    return names, made


def _pair_classes(holes: np.ndarray, board: list[int], names: tuple[str, ...]) -> np.ndarray:
    """The class of each one-pair hole: by how many of the board's ranks are above the pair, whether a hole
    card makes it, and whether the board holds it."""
    import numpy as np

    board_ranks = sorted({c >> 2 for c in board}, reverse=True)
    if len(board_ranks) < len(board):  # the board's pair, since a hole card making another would be two pair
        return np.full(len(holes), names.index("board pair"), np.intp)
    above = np.array([sum(b > r for b in board_ranks) for r in range(13)])
    on_board = np.array([r in board_ranks for r in range(13)])
    high, low = holes[:, 1] >> 2, holes[:, 0] >> 2
    pocket = high == low
    pair = np.where(pocket | on_board[high], high, low)
    over = above[pair]
    first, under = pocket & (over == 0), pocket & (over == len(board_ranks))
    choices = [names.index(n) for n in ("overpair", "underpair", "top pair", "second pair")]
    return np.select([first, under, over == 0, over == 1], choices, default=names.index("weak pair"))


@cache
def _straight_tops(rules: str) -> np.ndarray:
    """The top rank of the highest straight of every 13-bit rank mask (``straight_top``), -1 for none."""
    import numpy as np

    top = straight_top if rules == "holdem" else sd_straight_top
    table = np.array([top(mask) for mask in range(1 << 13)], np.int8)
    table.flags.writeable = False
    return table


def _draws(
    holes: np.ndarray, board: list[int], made_names: tuple[str, ...], made: np.ndarray, rules: str
) -> tuple[tuple[str, ...], np.ndarray]:
    """The draw classes of the street and, for each, which holes have it: ``(len(names), N)`` bool."""
    import numpy as np

    if len(board) == 5:
        return (), np.zeros((0, len(holes)), bool)
    names = DRAWS if len(board) == 3 else tuple(d for d in DRAWS if d != "backdoor flush draw")
    a, b = holes[:, 0].astype(np.intp), holes[:, 1].astype(np.intp)
    flush, nut, backdoor = _flush_draws(a, b, board)
    below_straight = made > made_names.index("straight")  # a straight would improve it
    board_mask = 0
    for card in board:
        board_mask |= 1 << (card >> 2)
    tops = _straight_tops(rules)
    lowest = SD_LOWEST if rules == "shortdeck" else 0
    nexts = np.array([1 << r for r in range(lowest, 13)])
    # the ranks that complete a straight higher than the board and that rank make alone: it plays a hole card
    hand_mask = (1 << (a >> 2)) | (1 << (b >> 2)) | board_mask
    completing = (tops[hand_mask[:, None] | nexts[None, :]] > tops[board_mask | nexts][None, :]).sum(axis=1)
    completing = np.where(below_straight, completing, 0)
    top_board = max(c >> 2 for c in board)
    overcards = ((a >> 2) != (b >> 2)) & (np.minimum(a, b) >> 2 > top_board) & below_straight
    found = {
        "flush draw": flush,
        "nut flush draw": nut,
        "backdoor flush draw": backdoor,
        "open-ended": completing >= 2,
        "gutshot": completing == 1,
        "two overcards": overcards,
    }
    return names, np.stack([found[name] for name in names])


def _flush_draws(a: np.ndarray, b: np.ndarray, board: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which holes (cards ``a``, ``b``) have a flush draw, a nut flush draw, a backdoor flush draw."""
    import numpy as np

    on_suit = np.bincount([c & 3 for c in board], minlength=4)
    # the best card of each suit that is not on the board (the cards above it are all there)
    best = np.array([max(c for c in range(s, 52, 4) if c not in board) for s in range(4)])
    suit_a, suit_b = a & 3, b & 3
    same = suit_a == suit_b
    count_a = on_suit[suit_a] + 1 + same  # cards of a's suit among hole and board
    count_b = on_suit[suit_b] + 1 + same
    flush = (count_a == 4) | (count_b == 4)
    suit = np.where(count_a == 4, suit_a, suit_b)
    nut = flush & ((a == best[suit]) | (b == best[suit]))
    backdoor = ((count_a == 3) | (count_b == 3)) if len(board) == 3 else np.zeros(len(a), bool)
    return flush, nut, backdoor
