from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from conftest import Api, combos, on, random_hands
from reference import five_card_key

import handrank
from handrank import Category, category

# Published facts: hands per category over all 5-card hands,
# best first (royal flush counted inside straight flush).
FIVE_CARD_COUNTS = [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
FIVE_CARD_CLASSES = [10, 156, 156, 1277, 10, 858, 858, 2860, 1277]
# Category boundaries of the 1..7462 classes (straight flush incl. royal first).
BOUNDS = np.array([1, 11, 167, 323, 1600, 1610, 2468, 3326, 6186, 7463])


@pytest.mark.parametrize(
    ("cards", "rank"),
    [
        ("As Ks Qs Js Ts", 1),
        ("5s 4s 3s 2s As", 10),
        ("5c 4d 3h 2s Ac", 1609),
        ("7s 5d 4c 3h 2d", 7462),
        ("9c 4c 4s 9d 4h Qc 6c", 292),
        ("As Ks Qs Js Ts 2c 3d", 1),
        ("Ac Ad Ah As Ks", 11),
        ("2c 2d 2h 2s 3c", 166),
    ],
)
def test_known_vectors(impl: Api, cards: str, rank: int) -> None:
    assert impl.evaluate(cards) == rank
    ids = handrank.parse_cards(cards)
    assert impl.evaluate(ids) == rank
    assert impl.evaluate(tuple(reversed(ids))) == rank
    assert impl.evaluate_mask(sum(1 << c for c in ids)) == rank


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("4c 4d 4h 4s 2c", "3c 3d 3h 3s Kc"),  # quads by the four, then the kicker
        ("4c 4d 4h 2s 2c", "3c 3d 3h As Ac"),  # full house by the three
        ("Kc Kd 4h 4s 9c", "Qc Qd Jh Js Ac"),  # two pair: higher pair first
        ("Kc Kd 4h 4s 9c", "Kh Ks 2h 2s Qc"),  # then the lower pair
        ("Kc Kd 4h 4s 9c", "Kh Ks 4c 4d 5c"),  # then the kicker
        ("Th Td Kc 5s 3c", "Tc Ts Kd 5h 2c"),  # pair kickers highest first
        ("Ah Jh 9h 4h 2h", "Ad Jd 8d 7d 6d"),  # flush compares all five
        ("Kc Kd Kh 8s 4c", "Qc Qd Qh Ts Kd"),  # trips by the three
        ("Qc Qd Qh Ts Kd", "Qc Qd Qh Ts 7c"),  # then the kickers
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),  # the wheel is the lowest straight
        ("6h 5h 4h 3h 2h", "5h 4h 3h 2h Ah"),  # and the lowest straight flush
        ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"),  # the ace plays high
    ],
)
def test_rules_examples(impl: Api, better: str, worse: str) -> None:
    assert impl.evaluate(better) < impl.evaluate(worse)


def test_no_wrap_around_straight(impl: Api) -> None:
    rank = impl.evaluate("Qc Kd Ah 2s 3c")
    assert category(rank) is Category.HIGH_CARD
    assert category(impl.evaluate("3c 2d Ah Ks Jc")) is Category.HIGH_CARD


def test_suits_never_break_ties(impl: Api) -> None:
    assert impl.evaluate("Ah Kh Qh Jh Th") == impl.evaluate("As Ks Qs Js Ts") == 1
    assert impl.evaluate("Ah Kd 9c 7s 2h") == impl.evaluate("As Kc 9d 7h 2d")


def test_all_five_card_hands(impl: Api, five_card_hands: np.ndarray) -> None:
    ranks = impl.evaluate_batch(five_card_hands)
    assert ranks.dtype == np.uint16 and ranks.shape == (2_598_960,)
    per_class = np.bincount(ranks, minlength=7463)
    assert per_class[0] == 0
    assert np.count_nonzero(per_class) == 7462
    counts = np.add.reduceat(per_class[1:], BOUNDS[:-1] - 1)
    assert counts.tolist() == FIVE_CARD_COUNTS
    assert per_class[1] == 4  # the four royal flushes
    classes = np.add.reduceat(per_class[1:] > 0, BOUNDS[:-1] - 1)
    assert classes.tolist() == FIVE_CARD_CLASSES


@pytest.fixture(scope="module")
def five_card_hands() -> np.ndarray:
    return combos(52, 5)


def test_five_card_c_equals_python(c_impl: Api, five_card_hands: np.ndarray) -> None:
    _eval_py = on("python")

    assert np.array_equal(c_impl.evaluate_batch(five_card_hands), _eval_py.evaluate_batch(five_card_hands))


def test_order_matches_independent_reference(impl: Api) -> None:
    """Rank order equals the order of a separately written rule key, on seeded hands."""
    hands = random_hands(30_000, 5, seed=5).tolist()
    # Add every class's neighbourhood of rare categories: all straight flushes and quads.
    hands += [list(h) for h in combos(52, 5)[::97].tolist()]
    pairs = {(impl.evaluate(h), five_card_key(h)) for h in hands}
    by_rank = sorted(pairs)
    assert len({r for r, _ in pairs}) == len(pairs) == len({k for _, k in pairs})
    keys = [k for _, k in by_rank]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize("k", [6, 7])
def test_best_of_subsets(impl: Api, k: int) -> None:
    hands = random_hands(4_000, k, seed=k)
    ranks = impl.evaluate_batch(hands)
    subsets = np.array(list(combinations(range(k), 5)))
    sub_ranks = impl.evaluate_batch(hands[:, subsets].reshape(-1, 5)).reshape(len(hands), -1)
    assert np.array_equal(ranks, sub_ranks.min(axis=1))
    for row, rank in zip(hands[:200].tolist(), ranks[:200].tolist(), strict=True):
        assert impl.evaluate(row) == rank
        assert min(impl.evaluate(list(s)) for s in combinations(row, 5)) == rank


@pytest.mark.parametrize("k", [5, 6, 7])
def test_c_equals_python_random(c_impl: Api, k: int) -> None:
    _eval_py = on("python")

    hands = random_hands(100_000, k, seed=100 + k)
    assert np.array_equal(c_impl.evaluate_batch(hands), _eval_py.evaluate_batch(hands))
    masks = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    assert np.array_equal(c_impl.evaluate_masks(masks), _eval_py.evaluate_masks(masks))
    assert np.array_equal(c_impl.evaluate_masks(masks), c_impl.evaluate_batch(hands))


@pytest.mark.parametrize(
    ("cards", "exc", "message"),
    [
        ("As Ks Qs Js", ValueError, "a hand has 5, 6 or 7 cards, got 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", ValueError, "got 8"),
        ([0, 1, 2, 3, 52], ValueError, "card id 52 is out of range"),
        ([0, 1, 2, 3, 3], ValueError, "duplicate card 2s"),
        ([0, 1, 2, 3, -4], ValueError, "card id -4 is out of range"),
        ([0, 1, 2, 3, 2**64], ValueError, "out of range"),
        ("As Ks Qs Js Tx", ValueError, "unknown suit 'x'"),
        ([0, 1, 2, 3, None], TypeError, "not NoneType"),
        ([0, 1, 2, 3, float("nan")], TypeError, "not float"),
        ([0, 1, 2, 3, True], TypeError, "not bool"),
        (None, TypeError, "not None"),
        (12345678901234567890, ValueError, "out of range"),
        ("", ValueError, "got 0"),
        ([], ValueError, "got 0"),
    ],
)
def test_evaluate_errors(impl: Api, cards: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate(cards)
    with pytest.raises(exc, match=message):
        impl.best_five(cards)


@pytest.mark.parametrize(
    ("mask", "exc", "message"),
    [
        (0b1111, ValueError, "has 4 cards"),
        (0xFF, ValueError, "has 8 cards"),
        (0b11111 << 48, ValueError, "bits outside 0..51"),
        (-31, ValueError, "bits outside 0..51"),
        (1 << 80, ValueError, "bits outside 0..51"),
        (31.0, TypeError, "not float"),
        (None, TypeError, "not NoneType"),
        (True, TypeError, "not bool"),
        ("31", TypeError, "not str"),
    ],
)
def test_evaluate_mask_errors(impl: Api, mask: object, exc: type[Exception], message: str) -> None:
    with pytest.raises(exc, match=message):
        impl.evaluate_mask(mask)


def test_numpy_scalars_and_iterables(impl: Api) -> None:
    ids = [np.int64(c) for c in (51, 47, 43, 39, 35)]
    assert impl.evaluate(ids) == 1
    assert impl.evaluate(np.array([51, 47, 43, 39, 35], dtype=np.uint8)) == 1
    assert impl.evaluate(iter([51, 47, 43, 39, 35])) == 1
    assert impl.evaluate_mask(np.uint64(sum(1 << c for c in (51, 47, 43, 39, 35)))) == 1


def test_text_read_in_c_as_the_pure_twin_reads_it(c_impl: Api) -> None:
    """The compiled single calls read plain ASCII text themselves (no shared cache to contend for without the
    GIL); every format, and every way to get it wrong, answers as the pure twin does, error words included."""
    import random

    py = on("python")
    fixed = [
        "As Ks Qs Js Ts",
        "AsKsQsJsTs2c3d",
        "as,ks;qs js\tts",
        " As\r\nKs  Qs,Js;Ts ",
        "10h Jh Qh Kh Ah",
        "aS kS qS jS tS",
        "A♠ Ks Qs Js Ts",
        "As Ks Qs Js",
        "As Ks Qs Js Ts 2c 3d 4d",
        "As As Qs Js Ts",
        "Ax Ks Qs Js Ts",
        "A s Ks Qs Js Ts",
        "1h Jh Qh Kh Ah",
        "10 Jh Qh Kh Ah",
        "As Ks Qs Js T",
        "",
        "AsKsQsJsTs\x00",
        "As Ks Qs Js Ts é",
        "11h Jh Qh Kh Ah",
    ]
    rng = random.Random(7)
    alphabet = "23456789TJQKAtjqka10cdhsCDHS ,;\t♠x"
    noisy = ["".join(rng.choice(alphabet) for _ in range(rng.randint(8, 24))) for _ in range(3000)]
    dealt = [" ".join(handrank.card_str(c) for c in rng.sample(range(52), rng.randint(5, 7))) for _ in range(2000)]
    for text in fixed + noisy + dealt:
        for call, args in (("evaluate", (text,)), ("evaluate_omaha", (text[:11], text[11:]))):
            outcome = []
            for api in (c_impl, py):
                try:
                    outcome.append(getattr(api, call)(*args))
                except (ValueError, TypeError) as exc:
                    outcome.append(f"{type(exc).__name__}: {exc}")
            assert outcome[0] == outcome[1], (call, args, outcome)
