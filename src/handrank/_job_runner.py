"""The big tables run as Dask tasks: chunks computed on a ``distributed`` client, kept in a folder as they
arrive, and read back by a later run of the same job.

Used by ``handrank.dask``'s tables and by ``handrank table``; Dask is
imported only when a job runs.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import signal
import threading
import uuid

import numpy as np

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from distributed import Client, Future, as_completed

    from handrank._table_jobs import FeatureJob, FlopJob, PreflopJob


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[threading.Event]:
    """Ctrl-C (SIGINT) set in the event yielded instead of raised wherever it lands, for the caller to raise at
    a point of its choosing: raised inside a finalizer (``distributed``'s ``Future.__del__`` runs as a chunk's
    future is dropped) a KeyboardInterrupt is printed as ignored and lost, and the table goes on to finish.
    Only on the main thread and over Python's own handler; elsewhere the event never sets."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield pressed
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.set())
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def client_for(client: Client | None) -> Iterator[Client]:
    """The client given, else the current one, else a temporary one whose threads run in this process."""
    from distributed import Client, LocalCluster, default_client

    if client is None:
        with contextlib.suppress(ValueError):  # no current client
            client = default_client()
    if client is not None:
        yield client
        return
    with (
        LocalCluster(
            n_workers=1,
            threads_per_worker=os.cpu_count() or 1,
            processes=False,
            dashboard_address=":0",
            scheduler_kwargs={"dashboard": False},
        ) as cluster,
        Client(cluster) as local,
    ):
        yield local


def kept_chunks(
    job: PreflopJob | FlopJob | FeatureJob, folder: str | os.PathLike[str]
) -> tuple[list[np.ndarray | None], str]:
    """The chunk results kept in ``folder`` from an earlier run of the same job (None for the others), and the
    folder; a folder of another job is an error, one that does not exist is made."""
    spec = json.dumps(job.spec(), sort_keys=True)
    folder = os.fspath(folder)
    os.makedirs(folder, exist_ok=True)
    manifest = os.path.join(folder, "job.json")
    try:  # the first run to get here writes the job's spec; any other must be running the same job
        with open(manifest, "x", encoding="utf-8") as f:
            f.write(spec)
            f.flush()
            os.fsync(f.fileno())
    except FileExistsError:
        with open(manifest, encoding="utf-8") as f:
            if f.read() != spec:
                raise ValueError(
                    f"checkpoint: {folder} holds chunks of another table; remove it or choose another folder"
                ) from None
    results: list[np.ndarray | None] = []
    names = os.listdir(folder)
    for index in range(len(job.chunks)):
        results.append(_read_chunk(job, index, folder, [n for n in names if n.startswith(f"{index:05d}")]))
    return results, folder


def chunk_name(index: int, data: bytes) -> str:
    """The file of chunk ``index`` whose ``.npy`` bytes are ``data``: its number and their SHA-256, so that a
    damaged file is told from a sound one (the name and the data are renamed into place together)."""
    return f"{index:05d}-{hashlib.sha256(data).hexdigest()}.npy"


def _read_chunk(job: PreflopJob | FlopJob | FeatureJob, index: int, folder: str, names: list[str]) -> np.ndarray | None:
    """Chunk ``index``'s kept result, or None: missing, or damaged (its bytes no longer match their checksum, it
    cannot be read, or it is not the chunk's shape), which is said in a warning and the file removed."""
    import warnings

    for name in sorted(names):
        path = os.path.join(folder, name)
        if name.endswith(".tmp"):
            continue  # a write that did not finish
        result = None
        with open(path, "rb") as f:
            data = f.read()
        if name == chunk_name(index, data):
            with contextlib.suppress(Exception):  # checksummed but unreadable: damaged however
                result = np.load(io.BytesIO(data), allow_pickle=False)
        if job.check(index, result):
            return result
        warnings.warn(
            f"checkpoint: {path} is damaged (its data do not match its checksum, or it is no chunk {index} of "
            "this table); computing the chunk again",
            RuntimeWarning,
            stacklevel=4,
        )
        with contextlib.suppress(OSError):
            os.remove(path)
    return None


def write_atomically(path: str, data: bytes) -> None:
    """``data`` in ``path``, written beside it, flushed to disk and renamed: a reader, even after a crash, sees
    no file or the whole of it."""
    part = f"{path}.{uuid.uuid4().hex}.tmp"
    try:
        with open(part, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove(part)


def run_job(
    job: PreflopJob | FlopJob,
    client: Client | None,
    checkpoint: str | os.PathLike[str] | None,
    progress: Callable[[float], object] | None,
) -> list[np.ndarray]:
    """Every chunk's result, in order: the kept ones read back, the others computed as tasks (and kept)."""
    results: list[np.ndarray | None] = [None] * len(job.chunks)
    for index, result in chunk_results(job, client, checkpoint, progress):
        results[index] = result
    return results  # type: ignore[return-value]


def chunk_results(
    job: PreflopJob | FlopJob | FeatureJob,
    client: Client | None,
    checkpoint: str | os.PathLike[str] | None,
    progress: Callable[[float], object] | None,
    *,
    local: int | None = None,
) -> Iterator[tuple[int, np.ndarray]]:
    """Each chunk's index and result as it comes: the kept ones read back first, then the others computed
    (and kept as they arrive), as Dask tasks, or with ``local`` set in this process, one after another on
    that many threads."""
    if checkpoint is not None:
        kept, folder = kept_chunks(job, checkpoint)
    else:
        kept, folder = [None] * len(job.chunks), None
    todo = [i for i, result in enumerate(kept) if result is None]
    done = 0
    for index, result in enumerate(kept):
        if result is not None:
            kept[index] = None  # held by the caller from here, not twice
            done += 1
            yield index, result
    if progress is not None and done:
        progress(done / len(job.chunks))
    if not todo:
        return
    for index, made in _computed(job, client, todo, local, folder):
        if isinstance(made, str):  # a worker kept it, in this very folder: read back and checked
            result = _kept_by_worker(job, index, folder, made)
        else:
            result = made
            if folder is not None:
                keep(result, folder, index)
        done += 1
        yield index, result
        if progress is not None:
            progress(done / len(job.chunks))


def keep(result: np.ndarray, folder: str, index: int) -> str:
    """Chunk ``index``'s ``result`` written to ``folder`` under its checksummed name; that name."""
    buffer = io.BytesIO()
    np.save(buffer, result, allow_pickle=False)
    data = buffer.getvalue()
    name = chunk_name(index, data)
    write_atomically(os.path.join(folder, name), data)
    return name


def _task(
    compute: Callable[..., np.ndarray], chunk: np.ndarray, arguments: tuple[object, ...], folder: str | None, index: int
) -> np.ndarray | str:
    """A chunk computed on a worker: kept there and named (when the worker sees ``folder``), else returned."""
    result = compute(chunk, *arguments)
    if folder is not None and os.path.isdir(folder):
        return keep(result, folder, index)
    return result


def _kept_by_worker(job: PreflopJob | FlopJob | FeatureJob, index: int, folder: str | None, name: str) -> np.ndarray:
    """The result a worker has just kept as ``name`` in ``folder``, mapped from there (its checksum is checked
    whenever a later run reads it back as a kept chunk)."""
    path = os.path.join(folder or "", name)
    result: np.ndarray | None = None
    try:
        result = np.load(path, mmap_mode="r", allow_pickle=False)
    except OSError:
        raise RuntimeError(
            f"chunk {index} of the {job.kind} table: a worker kept it as {path}, which this process cannot read:"
            " the workers must share the checkpoint folder with this process, or not see it at all"
        ) from None
    except ValueError:
        pass
    if not job.check(index, result):
        raise RuntimeError(f"chunk {index} of the {job.kind} table: the file a worker kept, {path}, is damaged")
    assert isinstance(result, np.ndarray)
    return result


def _computed(
    job: PreflopJob | FlopJob | FeatureJob,
    client: Client | None,
    todo: list[int],
    local: int | None,
    folder: str | None = None,
) -> Iterator[tuple[int, np.ndarray | str]]:
    """The chunks ``todo`` computed, each checked, as they finish: on Dask, a worker that sees ``folder``
    keeps its chunk there itself and sends back the file's name (no copy of the data goes over the wire)."""
    arguments = job.arguments()
    if local is not None:
        for index in todo:
            result = job.compute(job.chunks[index], *arguments, threads=local)  # type: ignore[call-arg, misc]
            if not job.check(index, result):  # pragma: no cover - a bug, not an input
                raise RuntimeError(f"chunk {index} of the {job.kind} table came back malformed")
            yield index, result
        return
    from distributed import as_completed

    with client_for(client) as runner:
        run = uuid.uuid4().hex[:12]
        futures = {
            runner.submit(
                _task, job.compute, job.chunks[i], arguments, folder, i, key=f"handrank-{job.kind}-{run}-{i}"
            ): i
            for i in todo
        }
        try:
            with ctrl_c_held() as pressed:  # raised between chunks, never inside a future's finalizer
                for future in _arrivals(as_completed(futures), pressed):
                    index = futures[future]
                    try:
                        made = future.result()
                    except Exception as exc:
                        raise RuntimeError(
                            f"chunk {index} of the {job.kind} table failed: {type(exc).__name__}: {exc}"
                        ) from exc
                    if not isinstance(made, str) and not job.check(index, made):
                        raise RuntimeError(f"chunk {index} of the {job.kind} table came back malformed")
                    del futures[future]
                    yield index, made
        finally:
            runner.cancel(list(futures))


def _arrivals(arrived: as_completed, pressed: threading.Event) -> Iterator[Future[np.ndarray | str]]:
    """Each future of ``arrived`` as it finishes; a KeyboardInterrupt instead, before the next one (or the end),
    once ``pressed`` is set: the wait polls, so Ctrl-C held in the event stops it within 50 ms."""
    while True:
        if pressed.is_set():
            raise KeyboardInterrupt
        if arrived.is_empty():
            return
        ready = arrived.next_batch(block=False)
        if not ready:
            pressed.wait(0.05)
        for future in ready:
            if pressed.is_set():
                raise KeyboardInterrupt
            yield future
