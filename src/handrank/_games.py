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

    GameName = Literal["holdem", "omaha", "stud", "draw"]
    EquityGameName = Literal["holdem", "omaha"]
else:  # what the annotations name, at run time
    GameName = EquityGameName = str


class Game:
    """One game's rules."""

    __slots__ = ("article", "board_sizes", "code", "hole_sizes", "name", "title")

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
    """``enum handrank_game`` in csrc/handrank.h; None: no equity for this game."""

    def __init__(
        self,
        name: str,
        title: str,
        article: str,
        hole_sizes: tuple[int, ...],
        board_sizes: tuple[int, ...],
        code: int | None,
    ) -> None:
        self.name, self.title, self.article = name, title, article
        self.hole_sizes, self.board_sizes, self.code = hole_sizes, board_sizes, code

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

GAMES: dict[str, Game] = {g.name: g for g in (HOLDEM, OMAHA, STUD, DRAW)}
SHOWDOWN_GAMES: tuple[str, ...] = tuple(GAMES)
EQUITY_GAMES: tuple[str, ...] = tuple(name for name, g in GAMES.items() if g.code is not None)


def game(name: object, allowed: tuple[str, ...] = SHOWDOWN_GAMES) -> Game:
    """The game called ``name``; a ValueError naming the choices for anything else."""
    if not isinstance(name, str) or name not in allowed:
        raise ValueError(f"game must be one of {', '.join(allowed)}, not {name!r}")
    return GAMES[name]


def or_list(sizes: tuple[int, ...]) -> str:
    """'2', '3 or 4', '4, 5 or 6'."""
    words = [str(s) for s in sizes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
