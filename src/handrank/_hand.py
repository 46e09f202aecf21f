"""What a rank means: its category, its description and the five cards behind it."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache
from itertools import combinations

from handrank import _backend, _tables
from handrank._cards import Cards, as_index, cards_str, hand_ids, omaha_ids, parse_cards
from handrank._kernels import LOW_EIGHT, NO_LOW, RULE_CODES
from handrank._tables import FLUSH_CATEGORIES, Category

N_CLASSES = _tables.N_CLASSES
TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from typing import Literal

    Lang = Literal["en", "es", "ru"]


RULES = ("high", "short_deck", "short_deck_trips", "a5", "8", "27")
"""The rankings ``category``, ``describe`` and ``best_five`` speak of (``rules=``): the high hands, short deck
(straights above three of a kind, or below: ``short_deck_trips``), and the ace-to-five, eight-or-better and
deuce-to-seven lows."""

_N_CLASSES = {
    "high": N_CLASSES,
    "short_deck": _tables.SD_N_CLASSES,
    "short_deck_trips": _tables.SD_N_CLASSES,
    "a5": _tables.A5_N_CLASSES,
    "8": _tables.EIGHT_N_CLASSES,
    "27": _tables.LOW27_N_CLASSES,
}


def _check_rules(rules: object) -> str:
    if not isinstance(rules, str) or rules not in _N_CLASSES:
        raise ValueError(f"rules must be one of {', '.join(map(repr, RULES))}, not {rules!r}")
    return rules


def _check_rank(rank: object, rules: str = "high") -> int:
    top = _N_CLASSES[rules]
    value = as_index(rank)
    if value is None:
        raise TypeError(f"a rank must be an integer 1..{top}, not {type(rank).__name__} ({rank!r})")
    if not 1 <= value <= top:
        raise ValueError(f"rank {value} is out of range 1..{top}" + ("" if rules == "high" else f" ({rules})"))
    return value


def category(rank: int, *, rules: str = "high") -> Category:
    """The category of a rank (1..7462), or of a rank of other ``rules`` (see ``RULES``).

    A low's category is the shape of its five cards (``HIGH_CARD`` for five
    different ranks, the best lows).

    >>> category(1)
    <Category.ROYAL_FLUSH: 1>
    >>> category(1609).name
    'STRAIGHT'
    >>> category(1, rules="a5").name, category(80, rules="short_deck").name
    ('HIGH_CARD', 'FLUSH')
    """
    rules = _check_rules(rules)
    value = _check_rank(rank, rules)
    if rules == "high":
        return Category(bisect_right(_tables.CATEGORY_FIRST, value))
    return _patterns(rules)[value - 1][0]


def best_five(cards: Cards, *, rules: str = "high") -> tuple[int, ...]:
    """The five cards that make the hand, most significant first; under other ``rules`` (see ``RULES``)
    the five that make its class there (an eight-or-better hand with no low is a ValueError).

    >>> from handrank import cards_str
    >>> cards_str(best_five("5s 4s 3s 2s As Kd Kh"))
    '5s 4s 3s 2s As'
    >>> hand = "Kc 8d 5h 4s 2c Ad 2h"
    >>> cards_str(best_five(hand, rules="8")), cards_str(best_five(hand, rules="27"))
    ('8d 5h 4s 2h Ad', 'Kc 8d 5h 4s 2h')
    """
    rules = _check_rules(rules)
    if rules == "high":
        ids = hand_ids(cards)
        return best_five_of(ids, _backend.kernels.evaluate(ids))
    code = RULE_CODES[rules]
    rank = _backend.kernels.evaluate_rules(cards, code)  # checks the cards (short deck: none below the six)
    ids = parse_cards(cards)
    if rank == NO_LOW:
        raise ValueError(f"{cards_str(ids)} makes no eight-or-better low")
    # The fives of this class, best placed first: higher cards (and suits) where several fives tie.
    fives = [
        f for f in combinations(sorted(ids, reverse=True), 5) if _backend.kernels.evaluate_rules(list(f), code) == rank
    ]
    return _in_pattern_order(fives[0], _patterns(rules)[rank - 1][1])


def _in_pattern_order(five: tuple[int, ...], ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The five cards in the order of their class's ranks (most significant first)."""
    pool = list(five)
    out = []
    for r in ranks:
        card = next(c for c in pool if c >> 2 == r)
        pool.remove(card)
        out.append(card)
    return tuple(out)


def best_five_omaha(hole: Cards, board: Cards) -> tuple[int, ...]:
    """The five cards of the best Omaha hand (two from the hole, three from the board).

    >>> from handrank import cards_str
    >>> cards_str(best_five_omaha("Ah Ac 8d 2s", "Kh Qh Jh Th 3c"))
    'Ah Ac Kh Qh Jh'
    """
    hole_ids, board_ids = omaha_ids(hole, board)
    return best_five_omaha_of(hole_ids, board_ids, _backend.kernels.evaluate)


@cache
def _patterns(rules: str = "high") -> list[tuple[Category, tuple[int, ...]]]:
    """The classes of a ranking, best first (``_tables``)."""
    if rules == "high":
        return _tables.class_patterns()
    if rules in ("short_deck", "short_deck_trips"):
        return _tables.sd_class_patterns(rules == "short_deck_trips")
    if rules in ("a5", "8"):
        return _tables.a5_class_patterns()
    return _tables.low27_class_patterns()


# Category names, then rank names: singular, plural and (ru) genitive.
_NAMES = {
    "en": (
        (
            "Royal flush",
            "Straight flush",
            "Four of a kind",
            "Full house",
            "Flush",
            "Straight",
            "Three of a kind",
            "Two pair",
            "One pair",
            "High card",
        ),
        ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
        (
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "sevens",
            "eights",
            "nines",
            "tens",
            "jacks",
            "queens",
            "kings",
            "aces",
        ),
    ),
    "es": (
        (
            "Escalera real",
            "Escalera de color",
            "Póker",
            "Full house",
            "Color",
            "Escalera",
            "Trío",
            "Doble pareja",
            "Pareja",
            "Carta alta",
        ),
        ("dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "jota", "reina", "rey", "as"),
        (
            "doses",
            "treses",
            "cuatros",
            "cincos",
            "seises",
            "sietes",
            "ochos",
            "nueves",
            "dieces",
            "jotas",
            "reinas",
            "reyes",
            "ases",
        ),
    ),
    "ru": (
        (
            "Ройял-флэш",
            "Стрит-флэш",
            "Каре",
            "Фулл-хауз",
            "Флэш",
            "Стрит",
            "Тройка",
            "Две пары",
            "Пара",
            "Старшая карта",
        ),
        (
            "двойка",
            "тройка",
            "четвёрка",
            "пятёрка",
            "шестёрка",
            "семёрка",
            "восьмёрка",
            "девятка",
            "десятка",
            "валет",
            "дама",
            "король",
            "туз",
        ),
        (
            "двойки",
            "тройки",
            "четвёрки",
            "пятёрки",
            "шестёрки",
            "семёрки",
            "восьмёрки",
            "девятки",
            "десятки",
            "вальты",
            "дамы",
            "короли",
            "тузы",
        ),
        (
            "двойки",
            "тройки",
            "четвёрки",
            "пятёрки",
            "шестёрки",
            "семёрки",
            "восьмёрки",
            "девятки",
            "десятки",
            "валета",
            "дамы",
            "короля",
            "туза",
        ),
    ),
}

# How each category phrases its ranks: {one}/{many}/{of} take the deciding
# rank(s) r0 (and r1); "high" is the top card of a straight, flush or high card.
_FORMS = {
    "en": (
        "{cat}",
        "{cat}, {one0}-high",
        "{cat}, {many0}",
        "{cat}, {many0} full of {many1}",
        "{cat}, {one0}-high",
        "{cat}, {one0}-high",
        "{cat}, {many0}",
        "{cat}, {many0} and {many1}",
        "{cat}, {many0}",
        "{cat}, {one0}",
    ),
    "es": (
        "{cat}",
        "{cat}, al {one0}",
        "{cat} de {many0}",
        "{cat}, {many0} con {many1}",
        "{cat}, al {one0}",
        "{cat}, al {one0}",
        "{cat} de {many0}",
        "{cat}, {many0} y {many1}",
        "{cat} de {many0}",
        "{cat}, {one0}",
    ),
    "ru": (
        "{cat}",
        "{cat} до {of0}",
        "{cat}, {many0}",
        "{cat}, {many0} и {many1}",
        "{cat} до {of0}",
        "{cat} до {of0}",
        "{cat}, {many0}",
        "{cat}, {many0} и {many1}",
        "{cat}, {many0}",
        "{cat}, {one0}",
    ),
}


# A low of five different ranks: its ranks in figures ("8-5-4-2-A low", ace-to-five) or its top two in words
# ("seven-five low", deuce-to-seven).
_LOW = {"en": "{} low", "es": "{} baja", "ru": "{} лоу"}


def describe(rank: int, lang: Lang = "en", *, rules: str = "high") -> str:
    """Describe a rank in words, in English (``"en"``), Spanish (``"es"``) or Russian (``"ru"``); ``rules``
    names the ranking it is a rank of (see ``RULES``).

    >>> describe(1)
    'Royal flush'
    >>> describe(185)
    'Full house, kings full of sevens'
    >>> describe(1609, lang="es")
    'Escalera, al cinco'
    >>> describe(276, rules="short_deck"), describe(24, rules="8"), describe(1, rules="27")
    ('Straight, nine-high', '8-5-4-2-A low', 'seven-five low')
    """
    rules = _check_rules(rules)
    value = _check_rank(rank, rules)
    if not isinstance(lang, str) or lang not in _NAMES:
        raise ValueError(f"lang must be one of {', '.join(sorted(_NAMES))}, not {lang!r}")
    names = _NAMES[lang]
    cat, ranks = _patterns(rules)[value - 1]
    if cat == Category.HIGH_CARD and rules in ("a5", "8"):
        return _LOW[lang].format("-".join(_tables.RANK_CHARS[r] for r in ranks))
    if cat == Category.HIGH_CARD and rules == "27":
        return _LOW[lang].format(f"{names[1][ranks[0]]}-{names[1][ranks[1]]}")
    # The deciding ranks: the straight's top card (the wheel is five-high), else the
    # first rank of each group (quads, trips, pairs) or the top card.
    r0 = ranks[0]
    r1 = ranks[3] if cat == Category.FULL_HOUSE else ranks[2]
    genitive = names[3] if len(names) > 3 else names[1]
    return _FORMS[lang][cat - 1].format(
        cat=names[0][cat - 1], one0=names[1][r0], many0=names[2][r0], many1=names[2][r1], of0=genitive[r0]
    )


def example_hand(rank: int) -> tuple[int, ...]:
    """Five card ids that make ``rank``, most significant first, as ``best_five`` orders them.

    A flush is in spades; a pair, trips or quads take spades, hearts,
    diamonds, clubs in that order, and single cards are suited so that no
    flush forms.

    >>> from handrank import cards_str, evaluate
    >>> cards_str(example_hand(185))
    'Ks Kh Kd 7s 7h'
    >>> all(evaluate(example_hand(r)) == r for r in (1, 11, 1609, 7462))
    True
    """
    cat, ranks = _patterns()[_check_rank(rank) - 1]
    if cat in FLUSH_CATEGORIES:
        return tuple(4 * r + 3 for r in ranks)
    return tuple(4 * r + 3 - (ranks[:i].count(r) if ranks.count(r) > 1 else i % 4) for i, r in enumerate(ranks))


def best_five_of(ids: list[int], rank: int) -> tuple[int, ...]:
    """The five of ``ids`` that make ``rank``, most significant first.

    Where several choices give the same rank, cards of higher id (higher
    suit at equal rank) come first, so the answer does not depend on the
    order the cards were given in.
    """
    cat, ranks = _patterns()[rank - 1]
    pool = sorted(ids, reverse=True)
    if cat in FLUSH_CATEGORIES:  # every card comes from the suit with five or more
        suit = max(range(4), key=lambda s: sum(1 for c in ids if c % 4 == s))
        pool = [c for c in pool if c % 4 == suit]
    chosen: list[int] = []
    for r in ranks:
        card = next(c for c in pool if c // 4 == r and c not in chosen)
        chosen.append(card)
    return tuple(chosen)


def best_five_omaha_of(hole: list[int], board: list[int], rank5: Callable[[list[int]], int]) -> tuple[int, ...]:
    """The two hole cards and three board cards of the best Omaha hand, most significant first.

    Ties between choices go to higher cards, as in ``best_five_of``.
    """
    best: tuple[int, list[int]] | None = None
    for pair in combinations(sorted(hole, reverse=True), 2):
        for triple in combinations(sorted(board, reverse=True), 3):
            five = [*pair, *triple]
            rank = rank5(five)
            if best is None or rank < best[0]:
                best = (rank, five)
    assert best is not None
    return best_five_of(best[1], best[0])


def best_five_omaha_low_of(hole: list[int], board: list[int]) -> tuple[int, ...]:
    """The two hole cards and three board cards of the best Omaha eight-or-better low (which must exist),
    most significant first; ties between choices go to higher cards."""
    kernels = _backend.kernels
    best: tuple[int, tuple[int, ...]] | None = None
    for pair in combinations(sorted(hole, reverse=True), 2):
        for triple in combinations(sorted(board, reverse=True), 3):
            five = (*pair, *triple)
            low = kernels.evaluate_rules(list(five), LOW_EIGHT)
            if low != NO_LOW and (best is None or low < best[0]):
                best = (low, five)
    assert best is not None
    return _in_pattern_order(best[1], _patterns("8")[best[0] - 1][1])
