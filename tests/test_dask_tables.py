"""The big tables on Dask: their plans, their rows against local exact equity, checkpoints, failures, the CLI."""

from __future__ import annotations

import itertools
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from conftest import C_AVAILABLE, NO_C, TAKE_CTRL_C, Api

distributed = pytest.importorskip("distributed")  # in the test extra; only a bare install lacks it
pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

import handrank  # noqa: E402
from handrank import dask as hd  # noqa: E402
from handrank._classes import HAND_CLASSES, class_combos, parse_classes  # noqa: E402
from handrank._job_runner import chunk_results, ctrl_c_held, kept_chunks, run_job  # noqa: E402
from handrank._preflop import BOARDS, matchup_key  # noqa: E402
from handrank._table_jobs import FlopJob, PreflopJob, matchup_keys  # noqa: E402

needs_c = pytest.mark.skipif(not C_AVAILABLE, reason=NO_C)
SMALL = ["AA", "KQs", "72o"]


def _truncated(job: FlopJob, chunks: int) -> FlopJob:
    """The job cut to its first chunks (the whole flop table takes a while)."""
    job.chunks = job.chunks[:chunks]
    rows = sum(len(c) for c in job.chunks)
    job.flops, job.counts = job.flops[:rows], job.counts[:rows]
    return job


def test_vector_matchup_keys_equal_matchup_key() -> None:
    rng = random.Random(5)
    deals = np.array([rng.sample(range(52), 4) for _ in range(5_000)], np.int64)
    deals[:500, 1] = deals[:500, 0] ^ 1  # pairs in the first hand, the second, both
    deals[250:750, 3] = deals[250:750, 2] ^ 2
    deals = deals[(deals[:, :, None] == deals[:, None, :]).sum(axis=(1, 2)) == 4]
    got = matchup_keys(deals[:, :2], deals[:, 2:])
    assert got.tolist() == [matchup_key(d[:2], d[2:]) for d in deals.tolist()]


def test_class_names() -> None:
    assert parse_classes(None) == HAND_CLASSES
    assert parse_classes("aa, kAs,t9O,72o") == ("AA", "AKs", "T9o", "72o")
    assert [len(class_combos(name)) for name in ("AA", "AKs", "AKo")] == [6, 4, 12]
    for bad, message in [
        ("AKx", "hands: 'AKx' is not a starting-hand class"),
        ("AAs", "hands: 'AAs' is not a starting-hand class"),
        ("AA,KK,aa", "hands: AA is given twice"),
        ([], "hands: no class given"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_classes(bad)
    with pytest.raises(TypeError, match="hands must be None, a list of starting-hand classes or their names"):
        parse_classes(3)
    for bad_size in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="chunk_size must be a whole number from 1"):
            PreflopJob(["AA"], chunk_size=bad_size)  # type: ignore[arg-type]


def test_flop_job_errors_and_flops_that_leave_a_range_nothing() -> None:
    villain = handrank.Range.from_combos([([47, 46], Fraction(1, 3)), ([43, 42], Fraction(7, 10**16))])
    with pytest.raises(ValueError, match="villain: its weights' common denominator is too large"):
        FlopJob("AA", villain)
    with pytest.raises(ValueError, match="villain: "):
        FlopJob("AA", "KZ")
    job = FlopJob("AhAs", "KsKh")
    flops = np.array([[51, 0, 1], [47, 0, 1], [5, 9, 13]], np.uint8)  # As on it; Ks; neither
    faced, shares = FlopJob.compute(flops, *job.arguments()).transpose(1, 0, 2)
    assert np.isnan(shares[:2]).all() and (faced[:2] == 0).all()
    assert shares[2, 0] == handrank.equity(["AhAs", "KsKh"], flops[2].tolist(), exact=True).equity[0]


def test_preflop_plan() -> None:
    """Every combo pair of a class pair is in its row once; the matchups are the distinct keys among them."""
    job = PreflopJob(SMALL, chunk_size=4)
    assert job.pairs == [("AA", "AA"), ("AA", "KQs"), ("AA", "72o"), ("KQs", "KQs"), ("KQs", "72o"), ("72o", "72o")]
    deals = {
        (x, y): sum(1 for a in class_combos(x) for b in class_combos(y) if not set(a) & set(b)) for x, y in job.pairs
    }
    assert np.bincount(job._row).tolist() == list(deals.values())
    assert sum(len(chunk) for chunk in job.chunks) == len(job.keys) and max(len(c) for c in job.chunks) == 4
    for deal, key in zip(np.concatenate(job.chunks).tolist(), job.keys.tolist(), strict=True):
        assert matchup_key(deal[:2], deal[2:]) == key <= matchup_key(deal[2:], deal[:2])
    assert len(PreflopJob().keys) == 47_008


@needs_c
def test_preflop_table_equals_local_exact_enumeration(c_impl: Api) -> None:
    """Each row is the sum of equity([a, b], exact=True) over its combo pairs (a temporary in-process cluster)."""
    table = hd.preflop_table(SMALL)
    assert table.columns.tolist() == ["hand_a", "hand_b", "wins", "ties", "losses", "total", "equity"]
    for row in table.itertuples():
        wins = ties = losses = deals = 0
        for a in class_combos(row.hand_a):
            for b in class_combos(row.hand_b):
                if not set(a) & set(b):
                    result = handrank.equity([list(a), list(b)], exact=True)
                    wins, ties, losses = wins + result.wins[0], ties + result.ties[0], losses + result.losses[0]
                    deals += 1
        assert (row.wins, row.ties, row.losses, row.total) == (wins, ties, losses, deals * BOARDS)
        assert row.equity == (2 * wins + ties) / (2 * deals * BOARDS)


def test_preflop_table_assembles_the_shipped_counts(impl: Api) -> None:
    """Each row sums its combo pairs' counts, however the matchup was enumerated: fed the shipped table's
    counts for the matchups, the rows equal preflop_equity summed over the pairs."""
    job = PreflopJob(["AA", "AKs", "T9o"])
    results = []
    for chunk in job.chunks:
        counts = [impl.preflop_equity(deal[:2], deal[2:]) for deal in chunk.tolist()]
        results.append(np.array([(r.wins[0], r.ties[0]) for r in counts], np.int64))
    for row in job.frame(results).itertuples():
        pairs = [(a, b) for a in class_combos(row.hand_a) for b in class_combos(row.hand_b) if not set(a) & set(b)]
        got = [impl.preflop_equity(list(a), list(b)) for a, b in pairs]
        assert row.wins == sum(r.wins[0] for r in got) and row.ties == sum(r.ties[0] for r in got)
        assert row.losses == sum(r.losses[0] for r in got) and row.total == len(pairs) * BOARDS


def _suit_symmetries(*ranges: handrank.Range) -> list[tuple[int, ...]]:
    """The suit relabellings that map each range onto itself, found from the ranges' combos."""
    kept = []
    for perm in itertools.permutations(range(4)):
        if all(
            {(tuple(sorted(4 * (c >> 2) + perm[c & 3] for c in cards)), w) for cards, w in r.combos}
            == {(tuple(sorted(cards)), w) for cards, w in r.combos}
            for r in ranges
        ):
            kept.append(perm)
    return kept


@pytest.mark.parametrize(("hero", "villain", "rows"), [("AA", "KK", 1_755), ("AhAs, KK", "QQ", None)])
def test_flop_plan_covers_every_flop_once(hero: str, villain: str, rows: int | None) -> None:
    job = FlopJob(hero, villain)
    kept = _suit_symmetries(handrank.Range(hero), handrank.Range(villain))
    assert job.symmetries == len(kept)
    orbits: dict[tuple[int, ...], int] = {}
    for flop in itertools.combinations(range(52), 3):
        least = min(tuple(sorted(4 * (c >> 2) + p[c & 3] for c in flop)) for p in kept)
        orbits[least] = orbits.get(least, 0) + 1
    assert [tuple(f) for f in job.flops.tolist()] == sorted(orbits)
    assert job.counts.tolist() == [orbits[k] for k in sorted(orbits)]
    assert len(job.flops) == rows if rows else len(job.flops) > 1_755
    assert int(job.counts.sum()) == 22_100


def test_flop_chunks_equal_combo_equity(impl: Api) -> None:
    job = FlopJob("AA, KQs", "KK, AQs+")
    flops = job.chunks[7][: 3 if impl.name == "c" else 1]  # the numpy twin takes seconds a flop
    got = FlopJob.compute(flops, *job.arguments())
    assert got.shape == (len(flops), 2, len(job.heroes))
    for flop, (faced, shares) in zip(flops.tolist(), got, strict=True):
        want = impl.combo_equity("AA, KQs", "KK, AQs+", flop)
        names = [handrank.cards_str(c[::-1]).replace(" ", "") for c in want.combos.tolist()]
        at = [job.combo_names.index(n) for n in names]
        assert np.array_equal(shares[at], want.equity, equal_nan=True) and np.array_equal(faced[at], want.weight)
        blocked = np.setdiff1d(np.arange(len(job.heroes)), at)
        assert np.isnan(shares[blocked]).all() and (faced[blocked] == 0).all()


@needs_c
def test_flop_table_equals_local_range_equity(c_impl: Api) -> None:
    job = _truncated(FlopJob("AA, KQs", "KK, AQs+"), 2)
    table = job.frame(run_job(job, None, None, None))
    assert table.columns.tolist()[:3] == ["flop", "flops", "equity"] and len(table) == 50
    hero, villain = handrank.Range("AA, KQs"), handrank.Range("KK, AQs+")
    for row, flop in zip(table.itertuples(), job.flops.tolist(), strict=True):
        assert row.flop == handrank.cards_str(flop[::-1]).replace(" ", "")
        want = handrank.equity([hero, villain], flop, exact=True)
        assert row.equity == pytest.approx(want.equity[0], rel=1e-12)
    full = hd.flop_table("AA", "KK")
    assert len(full) == 1_755 and int(full.flops.sum()) == 22_100
    row = full.set_index("flop").loc["AhKd7c"]  # the least of its suit relabellings, as all rows are
    want = handrank.equity([handrank.Range("AA"), handrank.Range("KK")], "Ah Kd 7c", exact=True).equity[0]
    assert row.equity == pytest.approx(want, rel=1e-12) and row.flops == 24


@needs_c
def test_checkpoints_resume_and_refuse_another_job(tmp_path: Path, c_impl: Api) -> None:
    """A run stopped by a failing chunk keeps what finished; the next run computes only the rest; a damaged
    chunk is computed again; a folder of another job is refused."""
    job = PreflopJob(["AA", "KK", "QQ"], chunk_size=1)
    want = job.frame([PreflopJob.compute(c) for c in job.chunks])
    bad = PreflopJob(["AA", "KK", "QQ"], chunk_size=1)
    poisoned = bad.chunks[2][0].tolist()
    bad.compute = _failing(poisoned)  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match=r"chunk 2 of the preflop table failed: ValueError: poisoned"):
        run_job(bad, None, tmp_path, None)
    kept = sorted(tmp_path.glob("*.npy"))
    assert not list(tmp_path.glob("00002*"))
    for path in kept:
        index = int(path.stem[:5])
        assert np.array_equal(np.load(path), PreflopJob.compute(job.chunks[index]))
    Path(tmp_path, kept[0].name).write_bytes(b"not an array")
    Path(tmp_path, kept[1].name).write_bytes(b"")
    # The rest run again, the damaged ones too; a chunk kept whole is read back, never computed.
    resumed = PreflopJob(["AA", "KK", "QQ"], chunk_size=1)
    resumed.compute = _failing(*(job.chunks[int(path.stem[:5])][0].tolist() for path in kept[2:]))  # type: ignore[method-assign]
    seen: list[float] = []
    with pytest.warns(RuntimeWarning, match="is damaged") as damaged:
        assert resumed.frame(run_job(resumed, None, tmp_path, seen.append)).equals(want)
    assert sorted(str(w.message).split()[1] for w in damaged) == [str(kept[0]), str(kept[1])]
    assert seen[0] == (len(kept) - 2) / len(job.chunks) and seen[-1] == 1.0
    with pytest.raises(ValueError, match=r"checkpoint: .* holds chunks of another table; remove it"):
        run_job(PreflopJob(["AA", "KK"], chunk_size=1), None, tmp_path, None)


def test_ctrl_c_held_sets_its_event_and_gives_the_handler_back() -> None:
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with ctrl_c_held() as pressed:
        assert not pressed.is_set()
        signal.raise_signal(signal.SIGINT)  # not raised here, where a finalizer might have been running
        assert pressed.is_set()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    seen: list[bool] = []

    def elsewhere() -> None:  # only the main thread takes signals: off it, nothing is held
        with ctrl_c_held() as pressed:
            seen.append(signal.getsignal(signal.SIGINT) is signal.default_int_handler and not pressed.is_set())

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [True]


@needs_c
def test_ctrl_c_in_a_dask_run_is_raised_between_chunks(tmp_path: Path, c_impl: Api) -> None:
    """Ctrl-C while Dask computes the chunks is held, then raised as the chunk in hand is done (never inside
    distributed's finalizers, where Python prints a KeyboardInterrupt as ignored and the table finishes);
    the chunk that arrived is kept for the next run."""
    job = PreflopJob(["AA", "KK", "QQ", "JJ"], chunk_size=1)
    got: list[object] = []
    with pytest.raises(KeyboardInterrupt):
        for index, _result in chunk_results(job, None, tmp_path, None):
            got.append(index)
            signal.raise_signal(signal.SIGINT)
            got.append("held")
    assert len(got) == 2 and got[1] == "held"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert got[0] in {int(path.stem[:5]) for path in tmp_path.glob("*.npy")}  # kept (workers keep theirs too)


@needs_c
@pytest.mark.parametrize("where", ["header", "data"])
def test_a_kept_chunk_with_one_bit_flipped_is_computed_again(tmp_path: Path, c_impl: Api, where: str) -> None:
    """Every kept chunk carries a checksum: one whose bytes changed is not read back but computed again, with a
    warning naming its file."""
    job = PreflopJob(["AA", "KK"], chunk_size=1)
    want = job.frame(run_job(job, None, tmp_path, None))
    kept = sorted(tmp_path.glob("*.npy"))
    data = bytearray(kept[0].read_bytes())
    at = 10 if where == "header" else len(data) - 3  # the array's values end the file
    data[at] ^= 0x10
    kept[0].write_bytes(bytes(data))
    if where == "data":  # still reads as a sound chunk: only the checksum can tell
        assert np.load(kept[0]).shape == np.load(kept[1]).shape
    again = PreflopJob(["AA", "KK"], chunk_size=1)
    with pytest.warns(RuntimeWarning, match=f"checkpoint: {re.escape(str(kept[0]))} is damaged"):
        assert again.frame(run_job(again, None, tmp_path, None)).equals(want)
    assert len(list(tmp_path.glob("*.npy"))) == len(job.chunks)  # the damaged file replaced by a sound one


def _failing(*deals_to_refuse: list[int]):  # type: ignore[no-untyped-def]
    def compute(deals: np.ndarray) -> np.ndarray:
        if deals[0].tolist() in deals_to_refuse:
            raise ValueError("poisoned")
        return PreflopJob.compute(deals)

    return compute


@needs_c
def test_two_worker_processes_and_a_worker_killed_mid_job(dask_client: distributed.Client) -> None:
    want = PreflopJob(["AA", "KK", "AKs", "T9s"], chunk_size=3)
    local = want.frame([PreflopJob.compute(c) for c in want.chunks])
    assert hd.preflop_table(["AA", "KK", "AKs", "T9s"], client=dask_client).equals(local)
    pids = list(dask_client.run(os.getpid).values())
    job = PreflopJob(["AA", "KK", "AKs", "T9s", "65s", "A5o"], chunk_size=2)
    local = job.frame([PreflopJob.compute(c) for c in job.chunks])
    killed: list[int] = []

    def kill_one(fraction: float) -> None:  # at the first chunk back: most are still to come or to fetch
        if not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    assert job.frame(run_job(job, dask_client, None, kill_one)).equals(local)
    assert killed
    dask_client.wait_for_workers(2, timeout=60)


def _cli(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    """``handrank table ARGS`` in a child that takes Ctrl-C back (see conftest.TAKE_CTRL_C)."""
    code = f"{TAKE_CTRL_C}import sys; from handrank._cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.Popen(
        [sys.executable, "-c", code, "table", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,  # type: ignore[call-overload]
    )


@needs_c
def test_cli_interrupted_and_resumed_gives_the_same_file(tmp_path: Path, dask_client: distributed.Client) -> None:
    hands = "AA,KK,QQ,JJ,TT,AKs,AQs,AKo,KQs,JTs,T9s,98s,87s,76s,65s,A5s,72o,K9o"
    address = dask_client.scheduler.address
    once = tmp_path / "once.parquet"
    done = _cli("preflop", "--hands", hands, "--out", str(once), "--scheduler", address)
    out, err = done.communicate(timeout=120)
    assert done.returncode == 0 and err == "" and out.startswith(f"wrote {once}: 171 rows from")
    # Ctrl-C from the terminal reaches the whole process group: the command and its worker processes.
    resumed = tmp_path / "resumed.parquet"
    parts = Path(f"{resumed}.parts")
    chunks = len(PreflopJob(hands, chunk_size=5).chunks)
    small = ("--out", str(resumed), "--chunk-size", "5")
    run = _cli("preflop", "--hands", hands, *small, "--workers", "2", start_new_session=True)
    deadline = time.monotonic() + 60
    while len(list(parts.glob("*.npy"))) < 3 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.01)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert err.count("\n") == 1 and err.startswith("handrank: interrupted: ") and "the same command resumes" in err, err
    assert not resumed.exists() and 3 <= len(list(parts.glob("*.npy"))) < chunks
    again = _cli("preflop", "--hands", hands, *small, "--scheduler", address)
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0 and "kept from an earlier run" in out
    assert resumed.read_bytes() == once.read_bytes() and not parts.exists()
    assert pd.read_parquet(once).equals(hd.preflop_table(hands.split(","), client=dask_client))


def test_connect_errors() -> None:
    with pytest.raises(ValueError, match=r"give workers \(a new local cluster\) or scheduler"):
        with hd.connect(2, "tcp://127.0.0.1:9"):
            pass
    with pytest.raises(ValueError, match="workers must be a whole number from 1, not 0"):
        with hd.connect(0):
            pass


def test_cli_refuses_the_chunks_of_another_table(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    kept_chunks(PreflopJob(["AA", "KK"]), f"{out}.parts")
    run = _cli("preflop", "--hands", "AA,QQ", "--out", str(out))
    _, err = run.communicate(timeout=60)
    assert run.returncode == 2 and err.count("\n") == 1
    assert f"--out: {out}.parts holds the chunks of another table" in err and "choose another --out" in err


def test_cli_errors(tmp_path: Path) -> None:
    for args, message in [
        (
            ["preflop", "--hands", "AKx", "--out", str(tmp_path / "t.parquet")],
            "hands: 'AKx' is not a starting-hand class",
        ),
        (["preflop", "--out", str(tmp_path / "no" / "t.parquet")], "--out: no such folder"),
        (["flop", "--hero", "AA", "--villain", "KZ", "--out", str(tmp_path / "t.parquet")], "villain: "),
        (
            [
                "preflop",
                "--out",
                str(tmp_path / "t.parquet"),
                "--scheduler",
                "tcp://127.0.0.1:9",
                "--connect-timeout",
                "1",
            ],
            "scheduler: cannot reach tcp://127.0.0.1:9",
        ),
        (["preflop", "--out", str(tmp_path / "t.txt")], "--out: a table is written as Parquet (.parquet) or CSV"),
    ]:
        run = _cli(*args)
        out, err = run.communicate(timeout=60)
        assert run.returncode == 2 and out == "" and err.count("\n") == 1, (args, err)
        assert err.startswith("handrank: error: ") and message in err, (args, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no folder of chunks left behind


def test_cli_writes_csv_by_its_name_and_reads_kept_chunks_by_their_checksums(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    job = PreflopJob(["AA", "KK"])  # the CLI's job for these classes, at its default chunk size
    run_job(job, None, f"{out}.parts", None)
    kept = sorted(Path(f"{out}.parts").glob("*.npy"))
    data = bytearray(kept[0].read_bytes())
    data[-3] ^= 0x10
    kept[0].write_bytes(bytes(data))
    run = _cli("preflop", "--hands", "AA,KK", "--out", str(out), "--workers", "1")
    stdout, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert f"{kept[0]} is damaged" in err and "computing the chunk again" in err
    got = pd.read_csv(out)
    assert got.equals(job.frame([PreflopJob.compute(c) for c in job.chunks]))
    assert "0 kept" not in stdout and not Path(f"{out}.parts").exists()


@needs_c
def test_abstraction_build_on_dask_equals_the_local_build(tmp_path: Path, dask_client: distributed.Client) -> None:
    """Workers that see the checkpoint folder keep their chunks there and send back names; ones that do not
    (no folder here) send back the data: both give what this process computes alone."""
    from handrank import abstraction
    from handrank._features import labels_of
    from handrank._job_runner import chunk_results
    from handrank._table_jobs import FeatureJob

    local = abstraction.build("ehs", "preflop", tmp_path / "local", threads=1)
    remote = abstraction.build("ehs", "preflop", tmp_path / "dask", client=dask_client)
    assert (tmp_path / "dask" / "preflop" / "ehs.npy").read_bytes() == (
        tmp_path / "local" / "preflop" / "ehs.npy"
    ).read_bytes()
    assert np.array_equal(remote["preflop", "ehs"], local["preflop", "ehs"])
    assert not (tmp_path / "dask" / "chunks").exists()
    job = FeatureJob("turn", ("ehs",), 50, labels_of(None))
    job.chunks = job.chunks[:2]
    got = dict(chunk_results(job, dask_client, None, None))
    for index, chunk in enumerate(job.chunks):
        expected = job.compute(chunk, *job.arguments())
        assert np.array_equal(got[index], expected)
