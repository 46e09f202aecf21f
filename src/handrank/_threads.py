"""Threads: the ``threads=`` argument, and one pool that runs kernels on them.

The kernels release the GIL, so rows or work units split over threads run
in parallel.  The pool is kept between calls (starting threads costs more
than a small batch); the calling thread always takes a share itself.  Work
goes to the kernels in chunks, so that Ctrl-C (a KeyboardInterrupt in the
calling thread) stops every thread within a chunk.
"""

from __future__ import annotations

import operator
import os
import threading
from collections.abc import Callable, Iterator

from handrank._cards import is_bool

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor
    from typing import Any, TypeVar

    T = TypeVar("T")

MAX_THREADS = max(32, 4 * (os.cpu_count() or 1))
"""More threads than this are not started, whatever ``threads=`` asks for."""


def n_threads(threads: object) -> int:
    """Threads to use: None is one, 0 is every core; at most MAX_THREADS."""
    if threads is None:
        return 1
    if is_bool(threads):
        raise TypeError("threads must be an integer or None, not bool")
    try:
        count = operator.index(threads)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"threads must be an integer or None, not {type(threads).__name__}") from None
    if count < 0:
        raise ValueError(f"threads must be >= 0, got {count}")
    return min(count or (os.cpu_count() or 1), MAX_THREADS)


_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _submit(calls: list[tuple[Callable[..., T], tuple[Any, ...]]]) -> list[Future[T]]:
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


def _gather(futures: list[Future[T]], stop: threading.Event) -> list[T]:
    """The futures' results.

    On any exception (Ctrl-C included) the others are told to stop at their
    next chunk, and the exception goes up at once rather than after them.
    """
    try:
        return [f.result() for f in futures]
    except BaseException:
        stop.set()
        raise


def _rows_part(
    kernel: Callable[..., int], args: tuple[Any, ...], start: int, stop_row: int, chunk: int, stop: threading.Event
) -> int:
    """The first invalid row of ``start:stop_row``, or -1 (also when told to stop)."""
    for lo in range(start, stop_row, chunk):
        if stop.is_set():
            return -1
        bad = kernel(*args, lo, min(lo + chunk, stop_row))
        if bad >= 0:
            return bad
    return -1


def split_rows(
    kernel: Callable[..., int], n: int, threads: int, min_rows: int, *args: Any, chunk: int, parallel: bool
) -> int:
    """``kernel(*args, start, stop)`` over rows ``0:n``, on up to ``threads`` threads, ``chunk`` rows a call.

    Each thread gets ``min_rows`` rows at least; one thread only unless the
    kernel is ``parallel`` (its backend's ``RELEASES_GIL``: kernels that hold
    the GIL would only slow down, and keep Ctrl-C waiting for a busy thread).  The kernels return the
    first invalid row of their rows, or -1; this returns the first of all,
    or -1.
    """
    workers = max(1, min(threads if parallel else 1, n // max(1, min_rows)))
    if workers == 1 and 0 < n <= chunk:  # one call on this thread: nothing to split or stop
        return kernel(*args, 0, n)
    stop = threading.Event()
    bounds = [n * i // workers for i in range(workers + 1)]
    parts = [(kernel, args, bounds[i], bounds[i + 1], chunk, stop) for i in range(1, workers)]
    futures = _submit([(_rows_part, part) for part in parts])
    try:
        mine = _rows_part(kernel, args, bounds[0], bounds[1], chunk, stop)
    except BaseException:
        stop.set()  # the other threads stop at their next chunk
        raise
    found = [mine, *_gather(futures, stop)]
    bad = [b for b in found if b >= 0]
    return min(bad) if bad else -1


def run_tasks(
    kernel: Callable[..., T],
    n_tasks: int,
    task: Callable[[int], tuple[Any, ...]],
    threads: int,
    progress: Callable[[float], object] | None,
    *,
    parallel: bool,
) -> Iterator[T]:
    """``kernel(*task(i))`` for i in ``range(n_tasks)``, on up to ``threads`` threads (one unless the kernel is
    ``parallel``, as in ``split_rows``), yielded in order.

    Tasks are made and run in groups of a few per thread, so memory stays
    flat however many there are, and ``progress`` is called with the
    fraction done from the calling thread between groups.
    """
    threads = threads if parallel else 1
    group = max(1, threads * 4)
    for lo in range(0, n_tasks, group):
        chunk = [task(i) for i in range(lo, min(n_tasks, lo + group))]
        workers = min(threads, len(chunk))
        if workers == 1:  # the calling thread alone: no pool, nothing to stop
            for args in chunk:
                yield kernel(*args)
            if progress is not None:
                progress((lo + len(chunk)) / n_tasks)
            continue
        stop = threading.Event()
        # The calling thread runs every workers-th task from the first; the pool the others.
        futures = _submit([(_run_each, (kernel, chunk[w::workers], stop)) for w in range(1, workers)])
        try:
            mine = _run_each(kernel, chunk[::workers], stop)
        except BaseException:
            stop.set()  # the other threads stop at their next task
            raise
        parts = [mine, *_gather(futures, stop)]
        for i in range(len(chunk)):
            yield parts[i % workers][i // workers]
        if progress is not None:
            progress((lo + len(chunk)) / n_tasks)


def _run_each(kernel: Callable[..., T], tasks: list[tuple[Any, ...]], stop: threading.Event) -> list[T]:
    results = []
    for args in tasks:
        if stop.is_set():
            break
        results.append(kernel(*args))
    return results
