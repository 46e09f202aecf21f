"""Threads: the ``threads=`` argument, and one pool that runs kernels on them.

The kernels release the GIL, so rows or work units split over threads run
in parallel.  The pool is kept between calls (starting threads costs more
than a small batch); the calling thread always takes a share itself.
"""

from __future__ import annotations

import operator
import os
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

T = TypeVar("T")


def n_threads(threads: object) -> int:
    """Threads to use: None is one, 0 is every core."""
    if threads is None:
        return 1
    if isinstance(threads, bool):
        raise TypeError("threads must be an integer or None, not bool")
    try:
        count = operator.index(threads)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"threads must be an integer or None, not {type(threads).__name__}") from None
    if count < 0:
        raise ValueError(f"threads must be >= 0, got {count}")
    return count or (os.cpu_count() or 1)


_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _submit(calls: Sequence[tuple[Callable[..., T], tuple[Any, ...]]]) -> list[Future[T]]:
    """Queue ``calls`` on the shared pool, growing it to their number first.

    Under the lock, so that no other caller can retire the pool between
    choosing it and queueing on it; a retired pool still runs what it holds.
    """
    global _pool, _pool_size
    if not calls:
        return []
    with _pool_lock:
        if _pool is None or _pool_size < len(calls):
            from concurrent.futures import ThreadPoolExecutor

            old = _pool
            _pool, _pool_size = ThreadPoolExecutor(len(calls), thread_name_prefix="handrank"), len(calls)
            if old is not None:
                old.shutdown(wait=False)
        return [_pool.submit(fn, *args) for fn, args in calls]


def split_rows(kernel: Callable[..., int], n: int, threads: int, min_rows: int, *args: Any) -> int:
    """``kernel(*args, start, stop)`` over rows ``0:n`` split on up to ``threads`` threads.

    Each part gets ``min_rows`` rows at least.  The kernels return the first
    invalid row of their part, or -1; this returns the first of all, or -1.
    """
    workers = max(1, min(threads, n // max(1, min_rows)))
    if workers == 1:
        return kernel(*args, 0, n)
    bounds = [n * i // workers for i in range(workers + 1)]
    futures = _submit([(kernel, (*args, bounds[i], bounds[i + 1])) for i in range(1, workers)])
    found = [kernel(*args, bounds[0], bounds[1])] + [f.result() for f in futures]
    bad = [b for b in found if b >= 0]
    return min(bad) if bad else -1


def run_tasks(
    kernel: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    threads: int,
    progress: Callable[[float], object] | None,
) -> list[T]:
    """``[kernel(*task) for task in tasks]`` on up to ``threads`` threads.

    Tasks run in groups of a few per thread, and ``progress`` is called with
    the fraction done from the calling thread between groups.
    """
    results: list[T] = []
    group = max(1, threads * 4)
    for lo in range(0, len(tasks), group):
        chunk = tasks[lo : lo + group]
        workers = min(threads, len(chunk))
        # The calling thread runs every workers-th task from the first; the pool the others.
        futures = _submit([(_run_each, (kernel, chunk[w::workers])) for w in range(1, workers)])
        mine = _run_each(kernel, chunk[::workers])
        parts = [mine] + [f.result() for f in futures]
        for i in range(len(chunk)):
            results.append(parts[i % workers][i // workers])
        if progress is not None:
            progress(len(results) / len(tasks))
    return results


def _run_each(kernel: Callable[..., T], tasks: Sequence[tuple[Any, ...]]) -> list[T]:
    return [kernel(*task) for task in tasks]
