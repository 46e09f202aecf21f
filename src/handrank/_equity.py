"""Equity: how often each player wins, by exact enumeration or seeded Monte Carlo; the one front.

``equity`` checks its arguments into a deal (``_deal``) and hands it to one
strategy: exact enumeration (``_exact``) or Monte Carlo (``_monte_carlo``)
for the games the equity kernels play (Hold'em, Omaha), the batch-kernel
engine (``_games_equity``) for the others.  Every strategy counts in one
pot unit and builds its result the same way (``_results``).  Both backends
implement the same algorithms, so they give the very same numbers, Monte
Carlo included, whatever the thread count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from handrank._cards import Cards, parse_named
from handrank._deal import Deal, Player, deal_of
from handrank._games import EquityGameName
from handrank._results import EquityResult, StreetEquity


def equity(
    players: Sequence[Player],
    board: Cards = (),
    dead: Cards = (),
    *,
    game: EquityGameName = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], object] | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    hand_types: bool = False,
) -> EquityResult:
    """Each player's equity: how often their hand wins, ties splitting the pot.

    ``players`` holds 2 to 10 hands (cards) or ``Range`` objects; ``board``
    has 0..5 cards and ``dead`` cards are out of play.  ``exact=None``
    enumerates every deal when that is small enough and samples otherwise;
    ``exact=True``/``False`` force it (a ``trials`` count also asks for
    Monte Carlo).  Monte Carlo runs ``trials`` deals
    (rounded up to whole blocks of 1024) and is repeatable: the same ``seed``
    gives the same numbers on every backend and thread count.  ``threads``
    works as in ``evaluate_batch``; ``progress`` is called with the fraction
    done.

    Monte Carlo can stop early: at ``target_stderr``, once every player's
    standard error is at most that, or after ``time_limit`` seconds
    (``trials``, if given, still caps it).  It stops within a block per
    thread of that point, and the numbers are those that ``trials`` set to
    the trials it ran gives with the same seed.

    ``hand_types=True`` (Hold'em and Omaha) also counts each player's wins
    and ties by the category of the hand that won, in ``result.hand_types``
    (``HandTypes``), exact or Monte Carlo.

    >>> result = equity(["Ah Kh", "Qs Qd"])
    >>> result.wins, result.ties, result.losses
    ((787966, 917606), (6732, 6732), (917606, 787966))
    >>> round(result.equity[0], 7)
    0.4621446
    >>> result = equity(["Ah Kh", "Qs Qd"], board="2c 7d 9h Ts")
    >>> result.wins, result.ties, result.losses, result.total
    ((6, 38), (0, 0), (38, 6), 44)
    """
    if (exact is None or exact is True) and hand_types is False and trials is None and seed is None:
        no_threads = threads is None or (type(threads) is int and threads >= 0)
        if no_threads and progress is None and target_stderr is None and time_limit is None:
            result = _strategies()[3](players, board, dead, game)  # fixed hands after the flop, straight
            if result is not None:  # (they need no threads: a thousand boards or so)
                return result
    deal = deal_of(
        players,
        board,
        dead,
        game=game,
        exact=exact,
        trials=trials,
        seed=seed,
        threads=threads,
        progress=progress,
        target_stderr=target_stderr,
        time_limit=time_limit,
        hand_types=hand_types,
    )
    exact_equity, monte_carlo_equity, games_equity, _ = _strategies()
    if deal.rules.code is None:  # short deck, hi-lo and lowball: over the batch kernels
        return games_equity(deal)
    if deal.exact is not False:
        result = exact_equity(deal, affordable=deal.exact is None)
        if result is not None:
            return result
    return monte_carlo_equity(deal)


TYPE_CHECKING = False
if TYPE_CHECKING:
    # exact (None: not affordable), Monte Carlo, the batch-kernel games, and fixed hands after the flop
    Strategies = tuple[
        Callable[..., EquityResult | None],
        Callable[[Deal], EquityResult],
        Callable[[Deal], EquityResult],
        Callable[[object, object, object, object], EquityResult | None],
    ]

_STRATEGIES: list[Strategies] = []


def _strategies() -> Strategies:
    """The strategies, imported by the first equity call rather than with handrank (the import stays as quick
    as before they were rooms of their own), and kept: an import statement per call would cost each call."""
    if not _STRATEGIES:
        from handrank._exact import exact_equity, fixed_hands_equity
        from handrank._games_equity import games_equity
        from handrank._monte_carlo import monte_carlo_equity

        _STRATEGIES.append((exact_equity, monte_carlo_equity, games_equity, fixed_hands_equity))
    return _STRATEGIES[0]


def equity_by_street(
    players: Sequence[Player],
    board: Cards,
    dead: Cards = (),
    *,
    game: EquityGameName = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
) -> StreetEquity:
    """Equity street by street on a complete board: what a trainer shows as the cards come.

    ``board`` holds all five cards; each street's equity counts only the
    cards dealt by then (none preflop, three on the flop, four on the
    turn).  The other arguments are those of ``equity`` and apply to every
    street; ``exact=None`` enumerates each street where that is affordable
    (the flop and later almost always are) and samples otherwise.
    ``time_limit`` applies to each street that samples.

    >>> streets = equity_by_street(["Ah Kh", "Qs Qd"], "2h 7h 9c Kd Th")
    >>> [round(street.equity[0], 4) for street in streets]
    [0.4621, 0.5414, 0.9773, 1.0]
    """
    board_ids = parse_named(board, "board")
    if len(board_ids) != 5:
        raise ValueError(f"board: equity by street needs the complete board of 5 cards, got {len(board_ids)}")
    streets = [
        equity(
            players,
            board_ids[:n],
            dead,
            game=game,
            exact=exact,
            trials=trials,
            seed=seed,
            threads=threads,
            target_stderr=target_stderr,
            time_limit=time_limit,
        )
        for n in (0, 3, 4, 5)
    ]
    return StreetEquity(preflop=streets[0], flop=streets[1], turn=streets[2], river=streets[3])
