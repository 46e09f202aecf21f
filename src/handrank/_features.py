"""Abstraction features of Hold'em states: hand strength against a random hand over every runout, board-major.

Definitions (``docs/abstraction.md`` states them for users):

- HS, on the river: the share of the pot a combo wins against one uniformly
  random combo of the 45 cards left, ``(wins + ties / 2) / 990``;
- EHS: HS averaged over the uniform runouts of the street (the equity
  against a random hand); EHS²: the mean of HS squared;
- ``hist``: how the runouts' river HS fall in ``bins`` equal bins of [0, 1]
  (the last one closed), as fractions; ``next``: the same for the next
  street's EHS (on the flop, the turn equity over the 47 turn cards);
- OCHS: the equity against each group of a partition of the 169 classes
  (all runouts' wins and half ties over all the combos faced).

The C kernel (``strength_counts``) ranks every combo on each river board
once and counts, per combo, what it beats and ties with card removal, in
exact integers.  A street's states are its combos on its boards up to the
suits: the boards are ``HandIndexer(rounds=(n,))``'s canonical ones, and
each combo's values go to its no-recall index (``HandIndexer("holdem")``);
a state met twice (a board some relabelling keeps) gets the same values
twice.  The preflop classes are summed over the canonical river boards (or
flops, for ``next``), each weighed by how many boards it stands for.
"""

from __future__ import annotations

from math import comb

from handrank import _backend
from handrank._classes import CLASS_SIZES, HAND_CLASSES, class_of, parse_classes
from handrank._isomorphism import HandIndexer
from handrank._kernels import STRENGTH_MAX_HEROES, STRENGTH_UNIT
from handrank._threads import n_threads, split_rows

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np

STREETS = ("preflop", "flop", "turn", "river")
BOARD_CARDS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
FEATURES = ("ehs", "ehs2", "hist", "next", "ochs")
MAX_BINS = 1000

# The default partition of the 169 classes for OCHS: the classes in order of preflop EHS, weakest first, each
# in group floor(8 * (the combos of the classes before it) / 1,326): eight groups of 154 to 176 combos
# (``test_default_partition`` derives it again from the classes' EHS).
DEFAULT_GROUPS = (
    "32o,42o,62o,52o,72o,43o,32s,63o,53o,73o,82o,42s,83o,62s,52s,64o,54o",
    "72s,74o,43s,92o,84o,63s,53s,65o,93o,73s,82s,75o,94o,83s,64s,85o,54s,T2o,74s,76o",
    "92s,T3o,95o,84s,65s,86o,93s,T4o,75s,94s,T5o,J2o,96o,85s,T2s,87o,J3o,76s,T3s,95s,T6o,J4o",
    "86s,97o,T4s,J5o,T5s,Q2o,J2s,96s,J6o,T7o,87s,98o,Q3o,J3s,T6s,J4s,97s,Q4o,J7o,T8o",
    "J5s,Q5o,Q2s,22,K2o,J6s,T7s,98s,Q3s,Q6o,K3o,J8o,T9o,Q7o,Q4s,J7s,K4o,T8s,Q5s,K2s,J9o,K5o",
    "Q8o,Q6s,33,J8s,T9s,K3s,K6o,Q7s,K4s,A2o,K7o,JTo,Q9o,J9s,K5s,A3o,Q8s,K8o,K6s,A4o,44",
    "QTo,A2s,JTs,K7s,Q9s,A6o,A5o,K9o,QJo,A3s,K8s,A7o,A4s,QTs,KTo,A8o,A6s,A5s,K9s,QJs,55,KJo,A9o",
    "A7s,KQo,KTs,A8s,KJs,ATo,A9s,66,KQs,AJo,AQo,ATs,AKo,AJs,AQs,77,AKs,88,99,TT,JJ,QQ,KK,AA",
)

_CACHE: dict[tuple[object, ...], object] = {}  # canonical boards, the combo table, preflop values


def street_of(street: object) -> str:
    """``street`` checked: one of ``STREETS``."""
    if not isinstance(street, str) or street not in STREETS:  # an array would compare elementwise
        raise ValueError(f"street must be one of {', '.join(STREETS)}, not {street!r}")
    return str(street)


def bins_of(bins: object) -> int:
    """``bins`` checked: a whole number from 1 to MAX_BINS."""
    if isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= MAX_BINS:
        raise ValueError(f"bins must be a whole number from 1 to {MAX_BINS}, not {bins!r}")
    return bins


def runouts(street: str) -> int:
    """How many runouts a combo has on a board of ``street``: C(50 - n, 5 - n) for n board cards."""
    n = BOARD_CARDS[street]
    return comb(50 - n, 5 - n)


def labels_of(partition: object) -> tuple[int, ...]:
    """A partition of the 169 classes as one group number per class (``HAND_CLASSES`` order), groups from 0.

    ``partition``: None (the default eight groups), a list of groups (each a list of class names or one
    string of them joined by commas), or 169 group numbers in ``HAND_CLASSES`` order.
    """
    if partition is None:
        partition = DEFAULT_GROUPS
    if isinstance(partition, str) or not hasattr(partition, "__len__") or not hasattr(partition, "__iter__"):
        raise TypeError(
            "partition must be a list of groups of starting-hand classes, or 169 group numbers,"
            f" not {type(partition).__name__}"
        )
    items = list(partition)
    if len(items) == 169 and all(isinstance(x, int) or hasattr(x, "__index__") for x in items):
        labels = [int(x) for x in items]
        if any(isinstance(x, bool) for x in items) or min(labels) < 0:
            raise ValueError("partition: group numbers are whole numbers from 0")
        used = sorted(set(labels))
        if used != list(range(len(used))):
            missing = next(g for g in range(len(used)) if g not in used)
            raise ValueError(f"partition: group numbers run from 0 without a gap; no class is in group {missing}")
    else:
        if not items:
            raise ValueError("partition: no group given")
        at: dict[str, int] = {}
        for g, group in enumerate(items):
            for name in parse_classes(group, f"partition group {g}"):
                if name in at:
                    raise ValueError(f"partition: {name} is in group {at[name]} and group {g}")
                at[name] = g
        missing_names = [name for name in HAND_CLASSES if name not in at]
        if missing_names:
            raise ValueError(
                f"partition: every class must be in a group; {len(missing_names)} are in none"
                f" ({', '.join(missing_names[:5])}{', ...' if len(missing_names) > 5 else ''})"
            )
        labels = [at[name] for name in HAND_CLASSES]
    if max(labels) >= 255:
        raise ValueError(f"partition: at most 255 groups, not {max(labels) + 1}")
    return tuple(labels)


def combo_table() -> tuple[np.ndarray, np.ndarray]:
    """Every combo's cards ``(1326, 2)`` uint8 (``handrank.combos()`` order) and its class number ``(1326,)``."""
    key = ("combos",)
    if key not in _CACHE:
        import numpy as np

        a, b = np.triu_indices(52, k=1)
        table = np.stack([a, b], axis=1).astype(np.uint8)
        classes = np.array([class_of((x, y)) for x, y in table.tolist()], np.intp)
        _CACHE[key] = (table, classes)
    return _CACHE[key]  # type: ignore[return-value]


def combo_groups(labels: Sequence[int]) -> np.ndarray:
    """Each combo's group, ``(1326,)`` uint8, from the classes' ``labels``."""
    import numpy as np

    groups: np.ndarray = np.asarray(labels, np.uint8)[combo_table()[1]]
    return groups


def canonical_boards(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The boards of ``n`` cards up to suits ``(B, n)`` uint8, and how many boards each stands for ``(B,)``
    (24 over the relabellings that keep it)."""
    key = ("boards", n)
    if key not in _CACHE:
        import numpy as np

        boards = HandIndexer(rounds=(n,))
        canon = np.ascontiguousarray(boards.unindex(np.arange(boards.size(0), dtype=np.uint64), 0), np.uint8)
        _CACHE[key] = (canon, 24 // _keeping(canon))
    return _CACHE[key]  # type: ignore[return-value]


def counts(
    boards: np.ndarray,
    features: Sequence[str],
    bins: int,
    group: np.ndarray | None,
    n_groups: int,
    threads: object,
    heroes: np.ndarray | None = None,
) -> dict[str, np.ndarray]:
    """The kernel's integer counts for every combo on each board (``(K, n)`` uint8, n = 3..5), or only for each
    board's ``heroes`` (``(K, H)`` int16 combo numbers, -1 for none): ``sums``, and as ``features`` ask
    ``squares``, ``hist``, ``next_hist``, ``group_wins``, ``group_faced``."""
    import numpy as np

    k, n = boards.shape
    want = set(features)
    out: dict[str, np.ndarray] = {"sums": np.empty((k, 1326), np.uint32)}
    if "ehs2" in want:
        out["squares"] = np.empty((k, 1326), np.uint64)
    if "hist" in want or ("next" in want and n == 4):
        out["hist"] = np.empty((k, 1326, bins), np.uint32)
    if "next" in want and n == 3:
        out["next_hist"] = np.empty((k, 1326, bins), np.uint32)
    if "ochs" in want and n_groups:
        out["group_wins"] = np.empty((k, 1326, n_groups), np.uint32)
        out["group_faced"] = np.empty((k, 1326, n_groups), np.uint32)
    kernels = _backend.kernels
    split_rows(
        kernels.strength_counts,
        k,
        n_threads(threads),
        1,
        np.ascontiguousarray(boards, np.uint8),
        heroes,
        group if group is not None else np.zeros(1326, np.uint8),
        n_groups if "ochs" in want else 0,
        bins,
        out["sums"],
        out.get("squares"),
        out.get("hist"),
        out.get("next_hist"),
        out.get("group_wins"),
        out.get("group_faced"),
        chunk={5: 64, 4: 2, 3: 1}[n],
        parallel=kernels.RELEASES_GIL,
    )
    return out


def values(street: str, raw: dict[str, np.ndarray], feature: str) -> np.ndarray:
    """One feature of every combo on each board, float64 (``(K, 1326)``, or ``(K, 1326, bins or groups)``),
    from ``counts``' integers."""
    import numpy as np

    r = runouts(street)
    if feature == "ehs":
        return raw["sums"] / (r * STRENGTH_UNIT)
    if feature == "ehs2":
        return raw["squares"] / (r * STRENGTH_UNIT**2)
    if feature == "hist":
        return raw["hist"] / r
    if feature == "next":
        return raw["next_hist"] / 47 if street == "flop" else raw["hist"] / r
    with np.errstate(invalid="ignore", divide="ignore"):
        return raw["group_wins"] / (2.0 * raw["group_faced"])


def feature_of(street: str, feature: object) -> str:
    """``feature`` checked for ``street``."""
    if not isinstance(feature, str) or feature not in FEATURES:
        raise ValueError(f"feature must be one of {', '.join(FEATURES)}, not {feature!r}")
    if street == "river" and feature in ("hist", "next"):
        raise ValueError(f"{feature}: the river has no runouts to spread; histograms are for preflop, flop, turn")
    return str(feature)


def board_states(street: str, boards: np.ndarray, threads: object = None) -> tuple[np.ndarray, np.ndarray]:
    """Every live combo of each board (``(K, n)``, canonical or not): its number ``(K, L)`` (L = C(52 - n, 2)
    combos of the cards left, in order) and its no-recall index ``(K, L)`` uint64."""
    import numpy as np

    k, n = boards.shape
    free = np.nonzero(~_held(boards))[1].reshape(k, 52 - n).astype(np.uint8)  # each board's cards left, in order
    first, second = np.triu_indices(52 - n, k=1)
    rows = np.empty((k, len(first), 2 + n), np.uint8)
    rows[:, :, 0] = free[:, first]
    rows[:, :, 1] = free[:, second]
    rows[:, :, 2:] = boards[:, None, :]
    a, b = rows[:, :, 0].astype(np.int32), rows[:, :, 1].astype(np.int32)
    index = indexer().index(rows.reshape(-1, 2 + n), street, threads=n_threads(threads)).reshape(k, -1)
    return a * (101 - a) // 2 + b - 1, index


def _keeping(boards: np.ndarray) -> np.ndarray:
    """How many relabellings of the suits leave each board as it is (1 for none but the identity), ``(K,)``."""
    import numpy as np

    own = np.sort(boards, axis=1)
    return sum(((np.sort(m[boards], axis=1) == own).all(axis=1) for m in suit_maps()), np.zeros(len(boards), np.int64))


def indexer() -> HandIndexer:
    """The no-recall Hold'em indexer every feature array is indexed by."""
    key = ("indexer",)
    if key not in _CACHE:
        _CACHE[key] = HandIndexer("holdem")
    return _CACHE[key]  # type: ignore[return-value]


def preflop_sums(
    street_boards: np.ndarray,
    weights: np.ndarray,
    features: Sequence[str],
    bins: int,
    labels: Sequence[int] | None,
    threads: object,
) -> np.ndarray:
    """Per class, the weighed integer sums of its combos over ``street_boards`` (river boards; flops for
    ``next``, alone), ``(169, columns)`` int64: s, s², the bins of ``hist``, the groups' wins, the groups'
    faced combos (the columns ``features`` ask for, in that order: ``preflop_columns``); for flops the bins
    of the flop EHS.  Blocks of boards are summed in float64, exactly (every sum stays below 2**53)."""
    import numpy as np

    n_groups = max(labels) + 1 if labels is not None else 0
    group = combo_groups(labels) if labels is not None else None
    classes = combo_table()[1]
    flop = street_boards.shape[1] == 3
    asked = ["next"] if flop else list(features)
    size = block_size("flop" if flop else "river", [f for f in asked if f != "hist"], bins, n_groups)
    by_combo: np.ndarray | None = None
    for lo in range(0, len(street_boards), size):
        boards = np.ascontiguousarray(street_boards[lo : lo + size])
        w = weights[lo : lo + size].astype(np.float64)
        # a river board's histogram is one bin per combo: binned here from the sums, not counted in C
        raw = counts(boards, [f for f in asked if f != "hist"], bins, group, n_groups, threads)
        if flop:
            # each live combo's flop EHS, binned (a blocked combo's sum is 0: it adds to no bin, below)
            at = np.minimum(raw["sums"].astype(np.int64) * bins // (runouts("flop") * STRENGTH_UNIT), bins - 1)
            live = _live(boards)
            combo = np.broadcast_to(np.arange(1326) * bins, at.shape)
            flat = np.bincount((combo + at)[live], np.broadcast_to(w[:, None], at.shape)[live], 1326 * bins)
            part: np.ndarray = flat.reshape(1326, bins)
        else:
            s = raw["sums"].astype(np.float64)
            pieces: list[np.ndarray] = []
            if "ehs" in asked:
                pieces.append((w @ s)[:, None])
            if "ehs2" in asked:
                pieces.append((w @ raw["squares"].astype(np.float64))[:, None])
            if "hist" in asked:
                live = _live(boards)
                at = np.minimum(raw["sums"].astype(np.int64) * bins // STRENGTH_UNIT, bins - 1)
                combo = np.broadcast_to(np.arange(1326) * bins, at.shape)
                flat = np.bincount((combo + at)[live], np.broadcast_to(w[:, None], at.shape)[live], 1326 * bins)
                pieces.append(flat.reshape(1326, bins))
            if "ochs" in asked:
                pieces.append(np.tensordot(w, raw["group_wins"], axes=1))
                pieces.append(np.tensordot(w, raw["group_faced"], axes=1))
            part = np.concatenate(pieces, axis=1) if pieces else np.zeros((1326, 0))
        block: np.ndarray = part.round().astype(np.int64)
        by_combo = block if by_combo is None else by_combo + block
    assert by_combo is not None
    out = np.zeros((169, by_combo.shape[1]), np.int64)
    np.add.at(out, classes, by_combo)
    return out


def _held(boards: np.ndarray) -> np.ndarray:
    """Which cards each board holds, ``(K, 52)`` bool."""
    import numpy as np

    held = np.zeros((len(boards), 52), bool)
    np.put_along_axis(held, boards.astype(np.intp), True, axis=1)
    return held


def _live(boards: np.ndarray) -> np.ndarray:
    """Which combos meet none of each board's cards, ``(K, 1326)`` bool."""
    table = combo_table()[0]
    held = _held(boards)
    live: np.ndarray = ~(held[:, table[:, 0]] | held[:, table[:, 1]])
    return live


def preflop_columns(features: Sequence[str], bins: int, n_groups: int) -> dict[str, slice]:
    """Where each feature's sums sit among ``preflop_sums``' columns (``next`` has its own array)."""
    at, out = 0, {}
    for feature, width in (("ehs", 1), ("ehs2", 1), ("hist", bins), ("ochs", 2 * n_groups)):
        if feature in features:
            out[feature] = slice(at, at + width)
            at += width
    return out


def preflop_values(sums: np.ndarray, feature: str, bins: int, n_groups: int) -> np.ndarray:
    """One preflop feature of the 169 classes from the summed columns of its own (``preflop_sums``)."""
    import numpy as np

    sizes = np.array(CLASS_SIZES, np.float64)
    if feature == "next":
        return sums / (sizes * comb(50, 3))[:, None]
    boards = sizes * comb(50, 5)
    if feature == "ehs":
        return sums[:, 0] / (boards * STRENGTH_UNIT)
    if feature == "ehs2":
        return sums[:, 0] / (boards * STRENGTH_UNIT**2)
    if feature == "hist":
        return sums / boards[:, None]
    with np.errstate(invalid="ignore", divide="ignore"):
        return sums[:, :n_groups] / (2.0 * sums[:, n_groups:])


def block_size(street: str, features: Sequence[str], bins: int, n_groups: int) -> int:
    """Boards a block (or a chunk of a build): about a second's work, and the counts under 128 MiB."""
    per_board = 1326 * (4 + 8 * ("ehs2" in features) + 4 * bins * (("hist" in features) + ("next" in features)))
    per_board += 1326 * 8 * n_groups * ("ochs" in features)
    by_time = {"flop": 16, "turn": 256, "river": 4096}[street]
    return max(1, min(by_time, (128 << 20) // per_board))


def widths(features: Sequence[str], bins: int, n_groups: int) -> dict[str, int]:
    """Each feature's values per state: 1 (a scalar), ``bins`` or ``n_groups``."""
    return {f: bins if f in ("hist", "next") else n_groups if f == "ochs" else 1 for f in features}


def state_records(
    street: str,
    boards: np.ndarray,
    features: Sequence[str],
    bins: int,
    labels: Sequence[int],
    threads: object,
    dtype: str = "<f4",
) -> np.ndarray:
    """Every state met on ``boards`` (canonical boards of ``street``) once: a structured array of ``index``
    (uint32) and each feature's values (``dtype``), board by board.  A board that a relabelling keeps meets
    some states twice; they are kept once."""
    import numpy as np

    n_groups = max(labels) + 1
    raw = counts(boards, features, bins, combo_groups(labels), n_groups, threads)
    combos, indices = board_states(street, boards, threads)
    board = np.broadcast_to(np.arange(len(boards))[:, None], combos.shape)
    keep = np.ones(combos.shape, bool)
    for k in np.flatnonzero(_keeping(boards) > 1).tolist():  # few boards; each keeps one combo of each state
        keep[k] = False
        keep[k, np.unique(indices[k], return_index=True)[1]] = True
    board, combo, index = board[keep], combos[keep], indices[keep]
    dtype_of = [("index", "<u4")] + [
        (f, dtype, (w,)) if f in ("hist", "next", "ochs") else (f, dtype)
        for f, w in widths(features, bins, n_groups).items()
    ]
    out = np.empty(len(index), dtype_of)
    out["index"] = index
    for f in features:
        out[f] = values(street, raw, f)[board, combo]
    return out


_PERMS: list[np.ndarray] = []


def suit_maps() -> np.ndarray:
    """The 24 relabellings of the suits, ``(24, 52)`` uint8: the card each card becomes; the identity first."""
    if not _PERMS:
        from itertools import permutations

        import numpy as np

        _PERMS.append(np.array([[c & ~3 | p[c & 3] for c in range(52)] for p in permutations(range(4))], np.uint8))
    return _PERMS[0]


def board_canonical(hands: np.ndarray, n_board: int) -> np.ndarray:
    """``hands`` (``(N, 2 + n)``: a hole, then a board) with each row's suits relabelled to make its board the
    least of its relabellings (sorted ids, compared as a tuple), the hole relabelled alike and sorted."""
    import numpy as np

    best: np.ndarray = np.empty_like(hands)
    codes = np.full(len(hands), np.iinfo(np.int64).max)
    for m in suit_maps():
        moved = m[hands]
        moved[:, 2:] = np.sort(moved[:, 2:], axis=1)
        code = np.zeros(len(hands), np.int64)
        for j in range(2, 2 + n_board):
            code = code << 6 | moved[:, j]
        better = code < codes
        best[better] = moved[better]
        codes = np.where(better, code, codes)
    best[:, :2] = np.sort(best[:, :2], axis=1)
    return best


def state_values(
    street: str, features: Sequence[str], indices: np.ndarray, bins: int, labels: Sequence[int], threads: object
) -> dict[str, np.ndarray]:
    """Each feature of the states ``indices`` (checked, below the street's size) of a board street, float64.

    The states are grouped by board (each relabelled so that its board is the least of its relabellings); a
    board with a few of them counts just those combos, one with more ranks all its combos in order."""
    import numpy as np

    n = BOARD_CARDS[street]
    hands = board_canonical(indexer().unindex(indices, street), n)
    boards, which = np.unique(hands[:, 2:], axis=0, return_inverse=True)
    which = which.ravel()
    combo = hands[:, 0].astype(np.int64) * (101 - hands[:, 0].astype(np.int64)) // 2 + hands[:, 1] - 1
    n_groups = max(labels) + 1
    group = combo_groups(labels)
    # each board's distinct combos asked for, in a row padded with -1 (boards with too many run in full)
    by_board = np.unique(which * 1326 + combo)
    owner, wanted = by_board // 1326, by_board % 1326
    many = np.bincount(owner, minlength=len(boards)) > STRENGTH_MAX_HEROES
    out: dict[str, np.ndarray] = {}
    for full in (False, True):
        chosen = np.flatnonzero(many == full)
        if not len(chosen):
            continue
        heroes = None
        if not full:
            rows = np.full((len(boards), STRENGTH_MAX_HEROES), -1, np.int16)
            first = np.searchsorted(owner, owner)  # where each board's run starts
            keep = ~many[owner]
            rows[owner[keep], (np.arange(len(owner)) - first)[keep]] = wanted[keep]
            heroes = rows
        size = block_size(street, features, bins, n_groups) * (1 if full else 8)
        for lo in range(0, len(chosen), size):
            part = chosen[lo : lo + size]
            raw = counts(
                np.ascontiguousarray(boards[part]),
                features,
                bins,
                group,
                n_groups,
                threads,
                None if heroes is None else np.ascontiguousarray(heroes[part]),
            )
            place = np.full(len(boards), -1)
            place[part] = np.arange(len(part))
            mine = np.flatnonzero(place[which] >= 0)
            for f in features:
                got = values(street, raw, f)[place[which[mine]], combo[mine]]
                if f not in out:
                    out[f] = np.empty((len(indices), *got.shape[1:]))
                out[f][mine] = got
    return out


def preflop_table(features: Sequence[str], bins: int, labels: Sequence[int], threads: object) -> dict[str, np.ndarray]:
    """Each feature of the 169 classes by preflop index, float64.  The sums are kept for the process (per
    backend): EHS, EHS² and the histogram come from one pass together, OCHS and ``next`` from their own."""
    import numpy as np

    n_groups = max(labels) + 1
    out: dict[str, np.ndarray] = {}
    passes: list[tuple[str, ...]] = []
    plain = tuple(f for f in ("ehs", "ehs2", "hist") if f in features)
    if plain:
        passes.append(("ehs", "ehs2", "hist"))
    if "ochs" in features:
        passes.append(("ochs",))
    for asked in passes:
        key: tuple[object, ...] = ("preflop", _backend.kernels.NAME, asked, bins, tuple(labels) * (asked == ("ochs",)))
        if key not in _CACHE:
            boards, weights = canonical_boards(5)
            _CACHE[key] = preflop_sums(boards, weights, asked, bins, labels, threads)
        sums = _CACHE[key]
        assert isinstance(sums, np.ndarray)
        for f, at in preflop_columns(asked, bins, n_groups).items():
            if f in features:
                out[f] = preflop_values(sums[:, at], f, bins, n_groups)
    if "next" in features:
        key = ("preflop", _backend.kernels.NAME, ("next",), bins)
        if key not in _CACHE:
            flops, weights = canonical_boards(3)
            _CACHE[key] = preflop_sums(flops, weights, ["next"], bins, None, threads)
        sums = _CACHE[key]
        assert isinstance(sums, np.ndarray)
        out["next"] = preflop_values(sums, "next", bins, n_groups)
    place = np.argsort(preflop_order())  # the class at each preflop index
    return {f: v[place] for f, v in out.items()}


def preflop_order() -> np.ndarray:
    """The preflop index of each of the 169 classes (``HAND_CLASSES`` order), ``(169,)`` intp: the index of
    the class's first combo."""
    key = ("preflop order",)
    if key not in _CACHE:
        import numpy as np

        table, classes = combo_table()
        first = np.unique(classes, return_index=True)[1]  # each class's first combo, by class number
        _CACHE[key] = indexer().index(table[first], "preflop").astype(np.intp)
    return _CACHE[key]  # type: ignore[return-value]


def street_table(
    street: str, features: Sequence[str], bins: int, labels: Sequence[int], threads: object
) -> dict[str, np.ndarray]:
    """Each feature of every state of a board street, by index, float64."""
    import numpy as np

    boards = canonical_boards(BOARD_CARDS[street])[0]
    n_groups = max(labels) + 1
    size = indexer().size(street)
    shapes = widths(features, bins, n_groups)
    out = {f: np.empty((size, shapes[f]) if f in ("hist", "next", "ochs") else size) for f in features}
    step = block_size(street, features, bins, n_groups)
    for lo in range(0, len(boards), step):
        records = state_records(street, boards[lo : lo + step], features, bins, labels, threads, "<f8")
        for f in features:
            out[f][records["index"].astype(np.intp)] = records[f]
    return out
