"""Every test that takes ``impl`` runs on both backends: ``c`` and ``python``.

``impl`` makes that backend's kernels the active ones for the test and gives
handrank's public functions on it: ``impl.evaluate_batch(...)`` is
``handrank.evaluate_batch`` with those kernels, ``impl.evaluate`` the
backend's own single call.  ``on(name)`` gives the same for a test that
compares the two backends side by side.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from itertools import chain, combinations
from math import comb
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import pytest

import handrank
from handrank import _backend

if TYPE_CHECKING:
    from handrank._kernels import Kernels

T = TypeVar("T")

HOT_CALLS = ("evaluate", "evaluate_mask", "evaluate_omaha")

# A child inherits an ignored SIGINT (under ``nohup``, or run from a shell's background job) and Python
# then leaves it ignored: the children that tests interrupt run this first, so that the tests hold
# however the suite was started.
TAKE_CTRL_C = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "


def _c_available() -> bool:
    try:
        _backend.load("c")
    except ImportError:
        if os.environ.get("HANDRANK_BACKEND", "").lower() == "c":
            raise
        return False
    return True


C_AVAILABLE = _c_available()
NO_C = "the compiled extension is not built (HANDRANK_BACKEND=c makes this an error)"


class Api:
    """handrank's public face on one backend."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.kernels: Kernels = _backend.load(name)
        self.__name__: str = self.kernels.__name__  # type: ignore[attr-defined]

    def __getattr__(self, attr: str) -> Any:
        if attr in HOT_CALLS:
            return getattr(self.kernels, attr)
        value = getattr(handrank, attr)
        if not callable(value) or isinstance(value, type):
            return value
        return self._bound(value)

    def _bound(self, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            before = _backend.use(self.name)
            try:
                return function(*args, **kwargs)
            finally:
                _backend.use(_backend.name(before))

        return call


def run_on(name: str, call: Callable[[], T]) -> T:
    """``call()`` with backend ``name``'s kernels active (for objects that run the kernels active when called)."""
    before = _backend.use(name)
    try:
        return call()
    finally:
        _backend.use(_backend.name(before))


def on(name: str) -> Api:
    """The public face on backend ``name``; skips the test where the extension is not built."""
    if name == "c" and not C_AVAILABLE:
        pytest.skip(NO_C)
    return Api(name)


@pytest.fixture(params=["c", "python"])
def impl(request: pytest.FixtureRequest) -> Iterator[Api]:
    api = on(request.param)
    before = _backend.use(api.name)
    try:
        yield api
    finally:
        _backend.use(_backend.name(before))


@pytest.fixture
def c_impl() -> Api:
    return on("c")


# The batch kernels (HANDRANK_SIMD) this build and CPU offer.
OFFERED = _backend.load("c").simd()[1] if C_AVAILABLE else ()


def _has_avx2_vnni() -> bool:
    try:
        _backend.load("c").avx2_vnni(-1)
    except ValueError:
        return False
    return True


# Whether the avx2 kernel may sum masks with AVX-VNNI here (-1: it may not, so the one way it has).
VNNI_WAYS = (0, 1) if "avx2" in OFFERED and _has_avx2_vnni() else (-1,)

# Each of them, the avx2 kernel once per way it hashes (scalar loads, gathers: a process uses one, timed) and,
# where the CPU has AVX-VNNI, per way it sums masks (with it, its default, and without).
KERNEL_WAYS = [
    (name, way, vnni)
    for name in OFFERED
    for way in ((0, 1) if name == "avx2" else (-1,))
    for vnni in (VNNI_WAYS if name == "avx2" else (-1,))
]


def _kernel_id(name: str, way: int, vnni: int) -> str:
    return name + {-1: "", 0: "-loads", 1: "-gathers"}[way] + {-1: "", 0: "-plain", 1: "-vnni"}[vnni]


@pytest.fixture(params=KERNEL_WAYS, ids=[_kernel_id(*ways) for ways in KERNEL_WAYS])
def kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """The compiled backend active, with this batch kernel in use (the avx2 kernel hashing and summing masks the
    ways named)."""
    compiled = _backend.load("c")
    name, way, vnni = request.param
    before_backend = _backend.use("c")
    before = compiled.use_simd(name)
    before_way = compiled.avx2_gathers(way) if way >= 0 else -1
    before_vnni = compiled.avx2_vnni(vnni) if vnni >= 0 else -1
    try:
        yield name
    finally:
        if before_vnni >= 0:
            compiled.avx2_vnni(before_vnni)
        if before_way >= 0:
            compiled.avx2_gathers(before_way)
        compiled.use_simd(before)
        _backend.use(_backend.name(before_backend))


def combos(n: int, k: int) -> np.ndarray:
    """All k-combinations of range(n) in lexicographic order, as a (C(n, k), k) uint8 array."""
    flat = np.fromiter(chain.from_iterable(combinations(range(n), k)), dtype=np.uint8, count=comb(n, k) * k)
    return flat.reshape(-1, k)


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """n seeded random hands of k distinct cards, uint8."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture(scope="session")
def two_workers() -> Iterator[Any]:
    """A Dask LocalCluster of two worker processes on 127.0.0.1 (the compiled backend), shared by the tests."""
    if not C_AVAILABLE:
        pytest.skip(NO_C)
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        scheduler_kwargs={"dashboard": False},
    ) as cluster:
        yield cluster


@pytest.fixture
def dask_client(two_workers: Any) -> Iterator[Any]:
    """A client of ``two_workers``, both of them up."""
    import distributed

    with distributed.Client(two_workers) as client:
        client.wait_for_workers(2, timeout=60)
        yield client
