from __future__ import annotations

from itertools import combinations

import pytest
from conftest import Api, random_hands

import handrank
from handrank import Category, category, describe


def test_category_boundaries() -> None:
    assert category(1) is Category.ROYAL_FLUSH
    assert [category(r) for r in (2, 10)] == [Category.STRAIGHT_FLUSH] * 2
    edges = [
        (11, 166, "FOUR_OF_A_KIND"),
        (167, 322, "FULL_HOUSE"),
        (323, 1599, "FLUSH"),
        (1600, 1609, "STRAIGHT"),
        (1610, 2467, "THREE_OF_A_KIND"),
        (2468, 3325, "TWO_PAIR"),
        (3326, 6185, "ONE_PAIR"),
        (6186, 7462, "HIGH_CARD"),
    ]
    for lo, hi, name in edges:
        assert category(lo).name == category(hi).name == name
    assert list(Category) == sorted(Category)
    assert len(Category) == 10


@pytest.mark.parametrize("bad", [0, 7463, -1])
def test_category_range(bad: int) -> None:
    with pytest.raises(ValueError, match=f"rank {bad} is out of range 1..7462"):
        category(bad)
    with pytest.raises(ValueError, match="out of range"):
        describe(bad)


@pytest.mark.parametrize("bad", [None, 1.0, "1", True])
def test_category_types(bad: object) -> None:
    with pytest.raises(TypeError, match="a rank must be an integer"):
        category(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "en", "es", "ru"),
    [
        ("As Ks Qs Js Ts", "Royal flush", "Escalera real", "Ройял-флэш"),
        ("9h 8h 7h 6h 5h", "Straight flush, nine-high", "Escalera de color, al nueve", "Стрит-флэш до девятки"),
        ("Ac Ad Ah As 2c", "Four of a kind, aces", "Póker de ases", "Каре, тузы"),
        (
            "Kc Kd Kh 7s 7c",
            "Full house, kings full of sevens",
            "Full house, reyes con sietes",
            "Фулл-хауз, короли и семёрки",
        ),
        ("Ah Jh 9h 4h 2h", "Flush, ace-high", "Color, al as", "Флэш до туза"),
        ("5c 4d 3h 2s Ac", "Straight, five-high", "Escalera, al cinco", "Стрит до пятёрки"),
        ("7c 7d 7h Ks 2c", "Three of a kind, sevens", "Trío de sietes", "Тройка, семёрки"),
        ("Ac Ad 4h 4s 9c", "Two pair, aces and fours", "Doble pareja, ases y cuatros", "Две пары, тузы и четвёрки"),
        ("Jc Jd 4h 3s 9c", "One pair, jacks", "Pareja de jotas", "Пара, вальты"),
        ("7s 5d 4c 3h 2d", "High card, seven", "Carta alta, siete", "Старшая карта, семёрка"),
    ],
)
def test_describe(impl: Api, cards: str, en: str, es: str, ru: str) -> None:
    rank = impl.evaluate(cards)
    assert describe(rank) == en
    assert describe(rank, lang="es") == es
    assert describe(rank, lang="ru") == ru


def test_describe_every_class_and_language() -> None:
    for lang in ("en", "es", "ru"):
        texts = [describe(r, lang=lang) for r in range(1, 7463)]
        assert all(texts)
    with pytest.raises(ValueError, match="lang must be one of en, es, ru"):
        describe(1, lang="fr")


@pytest.mark.parametrize(
    ("cards", "five"),
    [
        ("9c 4c 4s 9d 4h Qc 6c", "4s 4h 4c 9d 9c"),
        ("5s 4s 3s 2s As Kd Kh", "5s 4s 3s 2s As"),
        ("5c 4d 3h 2s Ac Kd", "5c 4d 3h 2s Ac"),
        ("Ac Ad Ah As Kc Kd Qs", "As Ah Ad Ac Kd"),
        ("2c 3c 4c 5c 7c 9c Jc", "Jc 9c 7c 5c 4c"),
        ("Kc Kd 4h 4s 9c 9d 2s", "Kd Kc 9d 9c 4s"),
        ("Th Td Kc 5s 3c", "Th Td Kc 5s 3c"),
    ],
)
def test_best_five(impl: Api, cards: str, five: str) -> None:
    got = impl.best_five(cards)
    assert handrank.cards_str(got) == five
    assert impl.best_five(list(reversed(handrank.parse_cards(cards)))) == got


@pytest.mark.parametrize("k", [5, 6, 7])
def test_best_five_is_a_best_subset(impl: Api, k: int) -> None:
    for hand in random_hands(300, k, seed=40 + k).tolist():
        five = impl.best_five(hand)
        assert len(set(five)) == 5 and set(five) <= set(hand)
        assert impl.evaluate(list(five)) == impl.evaluate(hand)
        assert impl.evaluate(hand) == min(impl.evaluate(list(s)) for s in combinations(hand, 5))


def test_example_hand_makes_its_rank_for_every_class(impl: Api) -> None:
    from handrank import best_five, example_hand

    for rank in range(1, 7463):
        hand = example_hand(rank)
        assert impl.evaluate(list(hand)) == rank
        assert best_five(hand) == hand  # already in best_five's order


@pytest.mark.parametrize(("rank", "exc"), [(0, ValueError), (7463, ValueError), ("1", TypeError), (True, TypeError)])
def test_example_hand_rejects_bad_ranks(rank: object, exc: type[Exception]) -> None:
    from handrank import example_hand

    with pytest.raises(exc, match="rank"):
        example_hand(rank)  # type: ignore[arg-type]
