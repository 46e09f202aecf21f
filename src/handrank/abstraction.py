"""Abstraction features for every canonical Hold'em state, for bucketing hands in solvers.

Every array here is indexed by the no-recall canonical index of
``HandIndexer("holdem")``: 169 preflop classes, 1,286,792 flop, 13,960,050
turn and 123,156,254 river states.

- **HS** (river): the share of the pot the hand wins against one uniformly
  random opponent hand from the 45 unseen cards, ``(wins + ties / 2) / 990``.
- **EHS**: HS averaged over the uniform runouts and opponents: the equity
  against a random hand (AA preflop: 0.8520).
- **EHS²**: the mean over runouts of the river HS squared.
- **histogram**: how the runouts' river HS fall in ``bins`` equal bins of
  [0, 1] (bin ``i`` holds ``i / bins <= HS < (i + 1) / bins``, the last one
  also HS = 1), as fractions; with ``next_street=True``, the same for the
  next street's EHS (the flop's turn equity over the 47 turn cards; on the
  turn that is the river HS; preflop, the flop EHS over the 19,600 flops).
- **OCHS**: the equity against each group of a partition of the 169
  classes, every runout and every opponent combo of the group counted
  (NaN where the hand leaves a group no combo).  The default partition is
  ``DEFAULT_PARTITION``: eight groups of about 166 combos each, by preflop
  EHS, weakest first.

``ehs``, ``ehs2``, ``histogram`` and ``ochs`` compute a street (or just the
states of ``indices=``) in memory; ``build`` writes features to ``.npy``
files with a checksummed manifest, resumably, on Dask when given a client;
``load`` maps them back.  ``cluster`` buckets the states with k-means
(``pip install "handrank[abstraction]"``).

>>> from handrank import HandIndexer
>>> i = HandIndexer("holdem")
>>> round(float(ehs("river", [i.index("AsKs QsJsTs 2c 3d")])[0]), 4)
1.0
"""

from __future__ import annotations

import hashlib
import json
import os

import numpy as np

from handrank import _features
from handrank._threads import n_threads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    import numpy.typing as npt
    from distributed import Client

    from handrank._table_jobs import FeatureJob

__all__ = [
    "DEFAULT_PARTITION",
    "FEATURES",
    "FORMAT",
    "STREETS",
    "Features",
    "build",
    "cluster",
    "ehs",
    "ehs2",
    "histogram",
    "load",
    "ochs",
]

STREETS = _features.STREETS
"""The streets, in order: ``preflop``, ``flop``, ``turn``, ``river``."""
FEATURES = ("ehs", "ehs2", "hist", "next", "ochs")
"""What ``build`` writes: ``ehs``, ``ehs2``, ``hist`` (histogram), ``next`` (next street's histogram), ``ochs``."""
FORMAT = 1
"""The version of ``build``'s files and manifest; ``load`` refuses another."""
DEFAULT_PARTITION: tuple[tuple[str, ...], ...] = tuple(tuple(group.split(",")) for group in _features.DEFAULT_GROUPS)
"""OCHS's default eight groups of the 169 classes: the classes in order of preflop EHS, weakest first, each in
group ``floor(8 * (combos of the classes before it) / 1326)`` (154 to 176 combos a group)."""


def _indices(street: str, indices: object) -> np.ndarray | None:
    """``indices`` checked for ``street``: None, or a 1-D uint64 array of indices below its size."""
    if indices is None:
        return None
    arr = np.asarray(indices)
    if arr.size == 0 and arr.dtype.kind == "f":
        arr = arr.astype(np.uint64)  # an empty list: no states
    if arr.dtype == object or arr.dtype.kind not in "iu":
        raise TypeError(f"indices must be integers, not dtype {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(f"indices must be one-dimensional, got shape {arr.shape}")
    size = _features.indexer().size(street)
    bad = np.flatnonzero((arr < 0) | (arr >= size)) if arr.dtype.kind == "i" else np.flatnonzero(arr >= size)
    if bad.size:
        raise ValueError(f"indices[{int(bad[0])}]: {int(arr[bad[0]])} is not a {street} index (0..{size - 1})")
    return arr.astype(np.uint64)


def _compute(
    street: object, feature: str, indices: object, bins: int, partition: object, threads: object
) -> np.ndarray:
    street = _features.street_of(street)
    feature = _features.feature_of(street, feature)
    bins = _features.bins_of(bins)
    labels = _features.labels_of(partition)
    n_threads(threads)
    chosen = _indices(street, indices)
    if street == "preflop":
        table = _features.preflop_table([feature], bins, labels, threads)[feature]
        return table if chosen is None else table[chosen.astype(np.intp)]
    if chosen is None:
        return _features.street_table(street, [feature], bins, labels, threads)[feature]
    if not len(chosen):
        shape = {"hist": (bins,), "next": (bins,), "ochs": (max(labels) + 1,)}.get(feature, ())
        return np.empty((0, *shape))
    return _features.state_values(street, [feature], chosen, bins, labels, threads)[feature]


def ehs(street: str, indices: npt.ArrayLike | None = None, *, threads: int | None = None) -> np.ndarray:
    """Expected hand strength of every state of ``street`` (or of the states ``indices``), float64.

    The equity against one random hand, over every runout: ``(N,)`` by index.
    ``threads`` as in the batch functions (None: one; 0: every core).

    >>> from handrank import HandIndexer
    >>> i = HandIndexer("holdem").index("AsAh Ad7c2s Kd", street="turn")
    >>> round(float(ehs("turn", [i])[0]), 4)  # trip aces: the turn's equity against a random hand
    0.9826
    """
    return _compute(street, "ehs", indices, 50, None, threads)


def ehs2(street: str, indices: npt.ArrayLike | None = None, *, threads: int | None = None) -> np.ndarray:
    """The mean over runouts of the river hand strength squared (EHS², which rewards draws), float64.

    >>> from handrank import HandIndexer
    >>> i = HandIndexer("holdem").index("8h7h 9h6c2d Ks", street="turn")
    >>> float(ehs2("turn", [i])[0]) > float(ehs("turn", [i])[0]) ** 2  # the flush and straight cards
    True
    """
    return _compute(street, "ehs2", indices, 50, None, threads)


def histogram(
    street: str,
    bins: int = 50,
    indices: npt.ArrayLike | None = None,
    next_street: bool = False,
    *,
    threads: int | None = None,
) -> np.ndarray:
    """How each state's runouts spread its river hand strength over ``bins`` equal bins, ``(N, bins)`` float64
    (fractions, summing to 1); with ``next_street``, the next street's EHS instead (potential-aware schemes
    chain the flop's turn histogram with the turn's).  Not for the river, which has no runouts.

    >>> from handrank import HandIndexer
    >>> i = HandIndexer("holdem").index("AhKh QhJh2c 3s", street="turn")
    >>> h = histogram("turn", bins=10, indices=[i])[0]
    >>> round(float(h.sum()), 6), round(float(h[-1]), 4)  # nine hearts and three tens make it
    (1.0, 0.2609)
    """
    if not isinstance(next_street, bool):
        raise TypeError(f"next_street must be True or False, not {type(next_street).__name__}")
    return _compute(street, "next" if next_street else "hist", indices, bins, None, threads)


def ochs(
    street: str,
    partition: Sequence[object] | None = None,
    indices: npt.ArrayLike | None = None,
    *,
    threads: int | None = None,
) -> np.ndarray:
    """Opponent-cluster hand strength: the equity against each group of ``partition``, ``(N, groups)`` float64.

    ``partition``: None (``DEFAULT_PARTITION``), a list of groups (each a list of class names, or one string
    of them joined by commas) holding every class once, or 169 group numbers in ``HAND_CLASSES`` order.

    >>> from handrank import HAND_CLASSES, HandIndexer
    >>> i = HandIndexer("holdem").index("KsKh Kd7c2s Ad 9h", street="river")
    >>> rest = [c for c in HAND_CLASSES if c not in ("AA", "KK", "QQ", "JJ")]
    >>> [round(float(x), 3) for x in ochs("river", ["AA", "KK,QQ,JJ", rest], [i])[0]]
    [0.0, 1.0, 1.0]
    """
    return _compute(street, "ochs", indices, 50, partition, threads)


def _names(value: object, allowed: Sequence[str], what: str) -> tuple[str, ...]:
    """A list of names, or one string of them joined by commas, checked against ``allowed``; in that order."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(x, str) for x in items):
        raise TypeError(f"{what} must be a list of names or one string of them joined by commas")
    names = [x.strip() for x in items]
    for name in names:
        if name not in allowed:
            raise ValueError(f"{what}: {name!r} is not one of {', '.join(allowed)}")
    if not names:
        raise ValueError(f"{what}: none given")
    return tuple(x for x in allowed if x in names)


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 24), b""):
            digest.update(block)
    return digest.hexdigest()


def _manifest(folder: str) -> dict[str, object]:
    """The folder's manifest, or a new one; a manifest of another format is refused."""
    path = os.path.join(folder, "manifest.json")
    if not os.path.exists(path):
        return {"format": FORMAT, "game": "holdem", "files": {}}
    with open(path, encoding="utf-8") as f:
        try:
            manifest = json.load(f)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path} is not a handrank abstraction manifest: {exc}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT or manifest.get("game") != "holdem":
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise ValueError(
            f"{path}: a manifest of format {found!r}, not {FORMAT} (another version of handrank wrote it);"
            " build again into another folder"
        )
    return manifest


def build(
    features: Iterable[str] | str,
    streets: Iterable[str] | str,
    out: str | os.PathLike[str],
    *,
    bins: int = 50,
    partition: Sequence[object] | None = None,
    threads: int = 0,
    client: Client | None = None,
    progress: Callable[[str, float], object] | None = None,
) -> Features:
    """Compute ``features`` (of ``FEATURES``) for every state of ``streets`` into the folder ``out``.

    Each feature of each street is one float32 ``.npy`` file, ``out/STREET/FEATURE.npy`` (memory-mappable:
    ``load``), listed in ``out/manifest.json`` with its shape and SHA-256.  A street is computed in chunks of
    boards, each kept in ``out/chunks/`` as it finishes (a checksummed file): after Ctrl-C or a crash, the
    same call computes only the chunks missing, and removes the chunks once the street's files are written.
    ``client``: a Dask client to run the chunks as tasks (``handrank.dask.connect``); without one they run
    here on ``threads`` threads (0: every core).  ``progress`` is called with a street and the fraction of
    it done.  The histograms (``hist``, ``next``) are made for the streets before the river only: asked for
    the river alone, they are refused.  Returns ``load(out)``.
    """
    features = _names(features, FEATURES, "features")
    streets = _names(streets, STREETS, "streets")
    bins = _features.bins_of(bins)
    labels = _features.labels_of(partition)
    threads = n_threads(threads)
    plan = {s: tuple(f for f in features if s != "river" or f not in ("hist", "next")) for s in streets}
    for feature in features:
        if not any(feature in asked for asked in plan.values()):
            _features.feature_of("river", feature)  # the one street that refuses a feature: say why
    folder = os.fspath(out)
    os.makedirs(folder, exist_ok=True)
    manifest = _manifest(folder)
    for street, asked in plan.items():
        if asked:
            _build_street(folder, manifest, street, asked, bins, labels, threads, client, progress)
    return load(folder, verify=False)


def _build_street(
    folder: str,
    manifest: dict[str, object],
    street: str,
    features: tuple[str, ...],
    bins: int,
    labels: tuple[int, ...],
    threads: int,
    client: Client | None,
    progress: Callable[[str, float], object] | None,
) -> None:
    """One street's files: its chunks computed (or read back), poured into the arrays, listed in the manifest."""
    import shutil

    from handrank._job_runner import chunk_results
    from handrank._table_jobs import FeatureJob

    job = FeatureJob(street, features, bins, labels)
    digest = hashlib.sha256(json.dumps(job.spec(), sort_keys=True).encode()).hexdigest()[:16]
    chunks = os.path.join(folder, "chunks", f"{street}-{digest}")
    shapes = _features.widths(features, bins, job.n_groups)
    size = _features.indexer().size(street)
    os.makedirs(os.path.join(folder, street), exist_ok=True)
    arrays: dict[str, np.ndarray] = {
        f: np.lib.format.open_memmap(
            os.path.join(folder, street, f"{f}.npy.part"),
            mode="w+",
            dtype=np.float32,
            shape=(size, shapes[f]) if f in ("hist", "next", "ochs") else (size,),
        )
        for f in features
    }
    tell = None if progress is None else (lambda done: progress(street, done))
    run = chunk_results(job, client, chunks, tell, local=None if client is not None else threads)
    if street == "preflop":
        _pour_preflop(job, run, arrays)
    else:
        _pour_states(street, size, run, arrays)
    _list_files(folder, manifest, street, arrays, bins, labels)
    shutil.rmtree(chunks, ignore_errors=True)
    with_chunks = os.path.join(folder, "chunks")
    if os.path.isdir(with_chunks) and not os.listdir(with_chunks):
        os.rmdir(with_chunks)


def _pour_preflop(job: FeatureJob, run: Iterable[tuple[int, np.ndarray]], arrays: dict[str, np.ndarray]) -> None:
    """The preflop classes' values from the chunks' sums (river boards; flops for ``next``)."""
    sums: dict[int, np.ndarray] = {}
    for index, result in run:
        width = job.chunks[index].shape[1] - 1  # a chunk's boards, then their weights
        sums[width] = result if width not in sums else sums[width] + result
    table = {}
    if 5 in sums:
        plain = [f for f in job.features if f != "next"]
        columns = _features.preflop_columns(plain, job.bins, job.n_groups)
        table = {f: _features.preflop_values(sums[5][:, at], f, job.bins, job.n_groups) for f, at in columns.items()}
    if 3 in sums:
        table["next"] = _features.preflop_values(sums[3], "next", job.bins, job.n_groups)
    order = _features.preflop_order()
    for f, array in arrays.items():
        array[order] = table[f]


def _pour_states(street: str, size: int, run: Iterable[tuple[int, np.ndarray]], arrays: dict[str, np.ndarray]) -> None:
    """A board street's states from the chunks' records."""
    # Each state is met on exactly one canonical board, and kept once there: the chunks' states, all
    # below the street's size, number the size only if they are every state once.
    met = 0
    for _, result in run:
        at = result["index"].astype(np.intp)
        if at.max() >= size:  # pragma: no cover - a chunk is checked as it comes
            raise RuntimeError(f"a {street} chunk came back with index {at.max()}, past the street's {size}")
        for f, array in arrays.items():
            array[at] = result[f]
        met += len(at)
    if met != size:  # pragma: no cover - a bug, not an input
        raise RuntimeError(f"{street}: the chunks met {met:,} states, not the street's {size:,}")


def _list_files(
    folder: str,
    manifest: dict[str, object],
    street: str,
    arrays: dict[str, np.ndarray],
    bins: int,
    labels: tuple[int, ...],
) -> None:
    """The street's arrays flushed, renamed into place and listed in the manifest (written last, atomically)."""
    from handrank._job_runner import write_atomically

    files = manifest["files"]
    assert isinstance(files, dict)
    for f in list(arrays):
        arrays[f].flush()  # type: ignore[attr-defined]
        shape = list(arrays[f].shape)
        del arrays[f]
        final = os.path.join(folder, street, f"{f}.npy")
        os.replace(final + ".part", final)
        files[f"{street}/{f}.npy"] = {
            "street": street,
            "feature": f,
            "shape": shape,
            "dtype": "float32",
            "bins": bins if f in ("hist", "next") else None,
            "partition": list(labels) if f == "ochs" else None,
            "sha256": _sha256(final),
        }
    write_atomically(os.path.join(folder, "manifest.json"), json.dumps(manifest, indent=1, sort_keys=True).encode())


class Features:
    """Features written by ``build``, memory-mapped: ``features["river", "ehs"]`` is the river's EHS array.

    ``keys()`` lists the ``(street, feature)`` pairs held; ``entries[street, feature]`` is the file's manifest
    entry (its shape, SHA-256, and the ``bins`` of a histogram or the ``partition`` of OCHS, as 169 group
    numbers); ``lookup(cards)`` gives one hand's values (its street from its number of cards).
    """

    def __init__(self, folder: str, entries: dict[tuple[str, str], dict[str, object]]) -> None:
        self.folder = folder
        self.entries = entries
        self.arrays: dict[tuple[str, str], np.ndarray] = {}

    def __repr__(self) -> str:
        held = ", ".join(f"{s}/{f}" for s, f in self.keys())
        return f"<handrank.abstraction.Features {self.folder}: {held}>"

    def keys(self) -> list[tuple[str, str]]:
        """The ``(street, feature)`` pairs held, by street then feature."""
        return sorted(self.entries, key=lambda k: (STREETS.index(k[0]), FEATURES.index(k[1])))

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def __getitem__(self, key: tuple[str, str]) -> np.ndarray:
        if key not in self.entries:
            held = ", ".join(f"{s}/{f}" for s, f in self.keys()) or "nothing"
            raise KeyError(f"{key!r}: {self.folder} holds {held}")
        if key not in self.arrays:
            path = os.path.join(self.folder, key[0], f"{key[1]}.npy")
            self.arrays[key] = np.load(path, mmap_mode="r")
        return self.arrays[key]

    def lookup(self, cards: object, board: object = None) -> dict[str, object]:
        """One hand's street, index and every feature held for that street (floats, or lists of them).

        ``cards``: a hole and a board in any card form (``"AhKh Ts9s2c"``), or the hole with ``board``.
        """
        from handrank._cards import parse_cards

        ids = parse_cards(cards) if board is None else [*parse_cards(cards), *parse_cards(board)]  # type: ignore[arg-type]
        street = {2: "preflop", 5: "flop", 6: "turn", 7: "river"}.get(len(ids))
        if street is None:
            raise ValueError(f"cards: a hole and a board of 0, 3, 4 or 5 cards, not {len(ids)} cards in all")
        index = _features.indexer().index(ids, street)
        if not any(s == street for s, _ in self.keys()):
            held = ", ".join(f"{s}/{f}" for s, f in self.keys()) or "nothing"
            raise ValueError(f"cards: a {street} hand, but {self.folder} holds {held}")
        out: dict[str, object] = {"street": street, "index": index}
        for s, f in self.keys():
            if s == street:
                value = self[s, f][index]
                out[f] = value.tolist() if np.ndim(value) else float(value)
        return out


def load(folder: str | os.PathLike[str], *, verify: bool = True) -> Features:
    """The features ``build`` wrote to ``folder``, memory-mapped (read-only).

    A manifest of another format, a file missing, of another shape or (with ``verify``, the default) whose
    bytes no longer match their SHA-256 is refused with a ``ValueError`` naming it.
    """
    folder = os.fspath(folder)
    if not os.path.exists(os.path.join(folder, "manifest.json")):
        raise ValueError(f"{folder}: no manifest.json (not a folder handrank.abstraction.build wrote)")
    manifest = _manifest(folder)
    files = manifest.get("files")
    if not isinstance(files, dict):
        raise ValueError(f"{folder}/manifest.json: no list of files")
    entries: dict[tuple[str, str], dict[str, object]] = {}
    for name, entry in files.items():
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            raise ValueError(f"{path}: listed in the manifest but missing")
        try:
            arr = np.load(path, mmap_mode="r")
        except ValueError as exc:
            raise ValueError(f"{path}: not a .npy file ({exc})") from None
        if list(arr.shape) != entry.get("shape") or arr.dtype != np.float32:
            raise ValueError(f"{path}: shape {arr.shape} {arr.dtype}, but the manifest says {entry.get('shape')}")
        if verify and _sha256(path) != entry.get("sha256"):
            raise ValueError(f"{path}: damaged (its bytes do not match the manifest's SHA-256)")
        entries[(str(entry["street"]), str(entry["feature"]))] = entry
    features = Features(folder, entries)
    return features


def cluster(features: npt.ArrayLike, k: int, *, metric: str = "emd", seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Bucket states by their features into ``k`` clusters: a label per state ``(N,)`` int32, and the centres.

    ``features``: ``(N,)`` (EHS, say) or ``(N, d)`` (histograms, OCHS).  ``metric="l2"`` runs scikit-learn's
    k-means on the features as they are.  ``metric="emd"`` is for histograms over ordered bins: the earth
    mover's distance between two of them is the L1 distance of their cumulative sums, so k-means runs on the
    cumulative histograms and each state is labelled with the centre nearest it by that distance; the centres
    come back as histograms.  Above 100,000 states scikit-learn's mini-batch k-means is used.  Needs
    ``pip install "handrank[abstraction]"``.

    >>> rng = np.random.default_rng(0)
    >>> hists = rng.dirichlet(np.ones(10), size=300)  # 300 histograms of 10 bins
    >>> labels, centres = cluster(hists, 8, seed=1)
    >>> labels.shape, centres.shape, bool(np.allclose(centres.sum(axis=1), 1))
    ((300,), (8, 10), True)
    """
    try:
        from sklearn.cluster import KMeans, MiniBatchKMeans
    except ImportError:
        raise ImportError(
            'handrank.abstraction.cluster needs scikit-learn: pip install "handrank[abstraction]"'
        ) from None
    if not isinstance(metric, str) or metric not in ("emd", "l2"):  # an array would compare elementwise
        raise ValueError(f"metric must be 'emd' or 'l2', not {metric!r}")
    data = np.asarray(features, dtype=np.float64)
    if data.ndim == 1:
        data = data[:, None]
    if data.ndim != 2 or not len(data):
        raise ValueError(f"features must have shape (N,) or (N, d) with N >= 1, got {np.shape(features)}")
    if not np.isfinite(data).all():
        raise ValueError(f"features: row {int(np.flatnonzero(~np.isfinite(data).all(axis=1))[0])} is not finite")
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(data):
        raise ValueError(f"k must be a whole number from 1 to the {len(data)} states, not {k!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
    space = np.cumsum(data, axis=1) if metric == "emd" else data
    if len(space) > 100_000:
        model = MiniBatchKMeans(n_clusters=k, random_state=seed, n_init=3, batch_size=4096)
    else:
        model = KMeans(n_clusters=k, random_state=seed, n_init=3)
    model.fit(space)
    centres = model.cluster_centers_
    if metric == "emd":
        labels = np.empty(len(space), np.int32)
        for lo in range(0, len(space), 65536):
            part = space[lo : lo + 65536]
            labels[lo : lo + 65536] = np.abs(part[:, None, :] - centres[None, :, :]).sum(axis=2).argmin(axis=1)
        centres = np.diff(centres, axis=1, prepend=0.0)
    else:
        labels = model.labels_.astype(np.int32)
    return labels, centres
