"""The games: one table of their rules, read by every module that takes ``game=``.

Each game says how many cards a player holds, how many the board has at a
showdown, and its code in the C core's ``enum handrank_game`` (None where the
equity kernels do not play it).  The errors about a game, a hand's size or a
board's size are worded here, once.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from typing import Literal

    GameName = Literal["holdem", "omaha", "stud", "draw", "shortdeck", "omaha8", "stud8", "razz", "deuce7"]
    EquityGameName = Literal["holdem", "omaha", "shortdeck", "omaha8", "stud", "stud8", "razz", "draw", "deuce7"]
else:  # what the annotations name, at run time
    GameName = EquityGameName = str


class Game:
    """One game's rules."""

    __slots__ = ("article", "board_sizes", "code", "high", "hole_sizes", "low", "lowest", "name", "title")

    name: str
    """The name ``game=`` takes."""
    title: str
    """The name in a sentence: "Hold'em"."""
    article: str
    hole_sizes: tuple[int, ...]
    """A player's own cards (all seven in Stud, all five in Draw)."""
    board_sizes: tuple[int, ...]
    """Board cards at a showdown."""
    code: int | None
    """``enum handrank_game`` in csrc/handrank.h; None: the C equity kernels do not play it."""
    high: str | None
    """The ranking of the high hand (``_hand.RULES``: "high", "short_deck"), or None in a low-only game."""
    low: str | None
    """The ranking of the low hand ("8", "a5", "27"), or None: a split game has both."""
    lowest: int
    """The deck's lowest card id: 0, or 16 for the 36-card short deck (6 to A)."""

    def __init__(
        self,
        name: str,
        title: str,
        article: str,
        hole_sizes: tuple[int, ...],
        board_sizes: tuple[int, ...],
        code: int | None,
        high: str | None = "high",
        low: str | None = None,
        lowest: int = 0,
    ) -> None:
        self.name, self.title, self.article = name, title, article
        self.hole_sizes, self.board_sizes, self.code = hole_sizes, board_sizes, code
        self.high, self.low, self.lowest = high, low, lowest

    @property
    def omaha(self) -> bool:
        """Whether a hand plays exactly two hole cards and three board cards."""
        return self.name in ("omaha", "omaha8")

    @property
    def split(self) -> bool:
        """Whether the pot splits between the best high and the best (qualifying) low."""
        return self.high is not None and self.low is not None

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    @property
    def hand_rule(self) -> str:
        """'a Hold'em hand has 2 cards': the start of every hand-size error."""
        return f"{self.article} {self.title} hand has {or_list(self.hole_sizes)} cards"

    @property
    def board_rule(self) -> str:
        """'a Hold'em board has 3, 4 or 5 cards' (or 'Stud has no board')."""
        if self.board_sizes == (0,):
            return f"{self.title} has no board"
        return f"{self.article} {self.title} board has {or_list(self.board_sizes)} cards"


HOLDEM = Game("holdem", "Hold'em", "a", (2,), (3, 4, 5), 0)
OMAHA = Game("omaha", "Omaha", "an", (4, 5, 6), (3, 4, 5), 1)
STUD = Game("stud", "Stud", "a", (7,), (0,), None)
DRAW = Game("draw", "Draw", "a", (5,), (0,), None)

SHORTDECK = Game("shortdeck", "short deck", "a", (2,), (3, 4, 5), None, "short_deck", None, 16)
OMAHA8 = Game("omaha8", "Omaha hi-lo", "an", (4, 5, 6), (3, 4, 5), None, "high", "8")
STUD8 = Game("stud8", "Stud hi-lo", "a", (7,), (0,), None, "high", "8")
RAZZ = Game("razz", "Razz", "a", (7,), (0,), None, None, "a5")
DEUCE7 = Game("deuce7", "deuce-to-seven", "a", (5,), (0,), None, None, "27")

GAMES: dict[str, Game] = {g.name: g for g in (HOLDEM, OMAHA, STUD, DRAW, SHORTDECK, OMAHA8, STUD8, RAZZ, DEUCE7)}
SHOWDOWN_GAMES: tuple[str, ...] = tuple(GAMES)
EQUITY_GAMES: tuple[str, ...] = tuple(name for name, g in GAMES.items() if g.code is not None)
"""The games the C equity kernels play (and ranges, exact or Monte Carlo, take)."""
ALL_EQUITY_GAMES: tuple[str, ...] = (*EQUITY_GAMES, "shortdeck", "omaha8", "stud", "stud8", "razz", "draw", "deuce7")
"""The games ``equity`` takes: the others over the batch kernels (``_games_equity``)."""
RANGE_GAME_OF: dict[str, str] = {"holdem": "holdem", "omaha": "omaha", "shortdeck": "shortdeck", "omaha8": "omaha"}
"""The games whose equity takes ranges, and the game of the ranges they take."""


def game(name: object, allowed: tuple[str, ...] = SHOWDOWN_GAMES) -> Game:
    """The game called ``name``; a ValueError naming the choices for anything else."""
    if not isinstance(name, str) or name not in allowed:
        raise ValueError(f"game must be one of {', '.join(allowed)}, not {name!r}")
    return GAMES[name]


def plural(count: int, noun: str) -> str:
    """'1 board', '1,081 boards': a count and its noun, made plural unless the count is one."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def or_list(items: tuple[object, ...]) -> str:
    """'2', '3 or 4', '4, 5 or 6'."""
    words = [str(s) for s in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
