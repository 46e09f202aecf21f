"""The other rankings: short deck, ace-to-five, eight-or-better and deuce-to-seven lows, Omaha eight-or-better.

Each numbers its classes from 1 = best, as the high hands do:

* **short deck** (36 cards, 6 to A): 1..1404.  A-6-7-8-9 is the lowest
  straight and a flush beats a full house; straights beat three of a kind
  unless ``trips_beat_straight=True`` (the other rule set in use).
* **ace-to-five** low (``"a5"``: razz, the low half of hi-lo games): 1..6175,
  1 = 5-4-3-2-A.  Aces are low; straights and flushes do not count; pairs
  count against.
* **eight-or-better** (``"8"``): the ace-to-five lows of five different ranks
  from A to 8, 1..56 with the same numbers; no qualifying low is ``None``
  (``NO_LOW`` in a batch, which sorts after every class).
* **deuce-to-seven** low (``"27"``): 1..7462, 1 = 7-5-4-3-2 offsuit, the
  worst high hand best.  Aces are high; straights and flushes count against;
  A-2-3-4-5 is ace-high, no straight.
* **Omaha eight-or-better** low: the best eight-or-better low made of exactly
  two hole and three board cards.

A hand of 6 or 7 cards takes the best of its fives.

>>> import handrank
>>> sd = handrank.evaluate_short_deck
>>> sd("Ah 6h 7c 8d 9s") < sd("Qc Qd Qh Ks Js")  # a straight beats three of a kind
True
>>> sd("Ah 6h 7c 8d 9s", trips_beat_straight=True) < sd("Qc Qd Qh Ks Js", trips_beat_straight=True)
False
>>> sd("As Ks Qs Js 9s") < sd("Ac Ad Ah Ks Kd")  # a flush beats a full house
True
>>> handrank.evaluate_low("As 2c 3d 4h 5s", "a5"), handrank.evaluate_low("9s 2c 3d 4h 5s", "8")
(1, None)
>>> handrank.evaluate_low("7s 5c 4d 3h 2s", "27"), handrank.evaluate_low("As 2c 3d 4h 5s", "27")
(1, 785)
>>> handrank.evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s Qc Jd")
1
"""

from __future__ import annotations

from handrank import _backend
from handrank._batch import omaha_rows, rules_rows
from handrank._kernels import NO_LOW, RULE_CODES, SHORT_DECK, SHORT_DECK_TRIPS

TYPE_CHECKING = False  # typing itself is not imported at run time
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from handrank._cards import Cards


def _short_deck_code(trips_beat_straight: object) -> int:
    if type(trips_beat_straight) is not bool:
        raise TypeError(f"trips_beat_straight must be True or False, not {trips_beat_straight!r}")
    return SHORT_DECK_TRIPS if trips_beat_straight else SHORT_DECK


def _low_code(rules: object) -> int:
    if not isinstance(rules, str) or rules not in ("a5", "8", "27"):  # an array would compare elementwise
        raise ValueError(f"rules must be 'a5', '8' or '27', not {rules!r}")
    return RULE_CODES[rules]


def evaluate_short_deck(cards: Cards, *, trips_beat_straight: bool = False) -> int:
    """The short-deck class of 5, 6 or 7 cards from the 36-card deck (6 to A): 1 (royal flush) .. 1404.

    A-6-7-8-9 is the lowest straight and a flush beats a full house;
    straights beat three of a kind unless ``trips_beat_straight``.  A card
    below the six is an error.

    >>> evaluate_short_deck("As Ks Qs Js Ts"), evaluate_short_deck("Ah 6h 7c 8d 9s")
    (1, 276)
    >>> evaluate_short_deck("Ah 6h 7c 8d 9s", trips_beat_straight=True)
    528
    """
    return int(_backend.kernels.evaluate_rules(cards, _short_deck_code(trips_beat_straight)))


def evaluate_low(cards: Cards, rules: str) -> int | None:
    """The low class of 5, 6 or 7 cards under ``rules``: ``"a5"`` (ace-to-five, 1..6175), ``"8"``
    (eight-or-better, 1..56, None when no low qualifies) or ``"27"`` (deuce-to-seven, 1..7462); 1 = best.

    >>> evaluate_low("Kc 8d 5h 4s 2c Ad 2h", "8")  # 8-5-4-2-A
    24
    >>> evaluate_low("Kc 8d 5h 4s 2c Ad 2h", "27")  # K-8-5-4-2, the ace and a deuce left out
    473
    """
    value = int(_backend.kernels.evaluate_rules(cards, _low_code(rules)))
    return None if value == NO_LOW else value


def evaluate_omaha_low(hole: Cards, board: Cards) -> int | None:
    """The Omaha eight-or-better low (1..56, ace-to-five numbers) of exactly two of 4..6 hole cards and
    three of 3..5 board cards, five different ranks from A to 8; None when there is none.

    >>> evaluate_omaha_low("Ah 2h Kc Kd", "3c 4d 9h Ts 7s")  # 7-4-3-2-A
    7
    >>> evaluate_omaha_low("Ah 2h Kc Kd", "3c Jd 9h Ts 7s") is None  # only two low board cards
    True
    """
    value = int(_backend.kernels.evaluate_omaha_low(hole, board))
    return None if value == NO_LOW else value


def evaluate_short_deck_batch(
    hands: npt.ArrayLike,
    *,
    trips_beat_straight: bool = False,
    threads: int | None = None,
    out: npt.NDArray[np.uint16] | None = None,
) -> npt.NDArray[np.uint16]:
    """``evaluate_short_deck`` of an ``(N, 5|6|7)`` array of card ids into ``(N,)`` uint16.

    ``threads`` and ``out`` work as in ``evaluate_batch``; the first invalid
    row (an id outside 0..51, a card twice, a card below the six) raises a
    ValueError naming it.

    >>> evaluate_short_deck_batch([[48, 44, 40, 36, 32], [50, 16, 20, 24, 31]]).tolist()
    [1, 276]
    """
    return rules_rows(hands, _short_deck_code(trips_beat_straight), True, threads, out)


def evaluate_low_batch(
    hands: npt.ArrayLike, rules: str, *, threads: int | None = None, out: npt.NDArray[np.uint16] | None = None
) -> npt.NDArray[np.uint16]:
    """``evaluate_low`` of an ``(N, 5|6|7)`` array of card ids into ``(N,)`` uint16; ``NO_LOW`` (65535,
    after every class) where an eight-or-better low does not qualify.

    >>> evaluate_low_batch([[48, 0, 4, 8, 12], [28, 0, 4, 8, 12]], "8").tolist()
    [1, 65535]
    """
    return rules_rows(hands, _low_code(rules), False, threads, out)


def evaluate_omaha_low_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    threads: int | None = None,
    out: npt.NDArray[np.uint16] | None = None,
) -> npt.NDArray[np.uint16]:
    """``evaluate_omaha_low`` of ``(N, h)`` holes against ``(N, b)`` boards or one board ``(b,)``, as
    ``evaluate_omaha_batch`` takes them; ``NO_LOW`` where there is no low.

    >>> evaluate_omaha_low_batch([[50, 0, 45, 46], [44, 45, 42, 43]], [4, 8, 12, 30, 34]).tolist()
    [1, 65535]
    """
    return omaha_rows(_backend.kernels.rank_omaha_low_rows, holes, boards, threads, out)
