"""handrank.dask: the batch functions over Dask arrays, in process on both backends and on a two-worker cluster."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from conftest import Api

da = pytest.importorskip("dask.array")  # in the test extra; only a bare install lacks it
dask = pytest.importorskip("dask")

import handrank  # noqa: E402
from handrank import dask as hd  # noqa: E402


def _rows(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture
def in_process() -> Iterator[None]:
    """Blocks computed in this process, so that they run on the backend the test chose."""
    with dask.config.set(scheduler="synchronous"):
        yield


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_batch_equals_the_local_function(impl: Api, in_process: None, k: int) -> None:
    rows = _rows(3_000, k, seed=k)
    for chunks in ((1_000, k), (700, 2), (3_000, k)):  # row blocks, and columns split (joined per block)
        got = hd.evaluate_batch(da.from_array(rows, chunks=chunks))
        assert got.dtype == np.uint16 and got.shape == (3_000,)
        assert np.array_equal(got.compute(), handrank.evaluate_batch(rows))
    wide = da.from_array(rows.astype(np.int64), chunks=(500, k))
    assert np.array_equal(hd.evaluate_batch(wide).compute(), handrank.evaluate_batch(rows))


def test_masks_and_omaha_equal_the_local_functions(impl: Api, in_process: None) -> None:
    rows = _rows(2_000, 7, seed=1)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)
    assert np.array_equal(hd.evaluate_masks(da.from_array(masks, chunks=300)).compute(), handrank.evaluate_masks(masks))
    deals = _rows(600, 9, seed=2)
    holes, boards = deals[:, :4], deals[:, 4:]
    got = hd.evaluate_omaha_batch(da.from_array(holes, chunks=100), da.from_array(boards, chunks=250))
    assert np.array_equal(got.compute(), handrank.evaluate_omaha_batch(holes, boards))
    board = [51, 47, 43, 39, 35]
    free = holes[~np.isin(holes, board).any(axis=1)]
    got = hd.evaluate_omaha_batch(da.from_array(free, chunks=64), board)
    assert np.array_equal(got.compute(), handrank.evaluate_omaha_batch(free, board))


def test_bad_rows_name_their_place_in_the_whole_array(impl: Api, in_process: None) -> None:
    rows = _rows(2_000, 7, seed=3)
    rows[1_234, 5] = rows[1_234, 2]
    with pytest.raises(ValueError, match="row 1234: duplicate card") as caught:
        hd.evaluate_batch(da.from_array(rows, chunks=500)).compute()
    assert caught.value.row == 1234 and pickle.loads(pickle.dumps(caught.value)).row == 1234  # type: ignore[attr-defined]
    rows[1_234, 5] = 52
    with pytest.raises(ValueError, match=r"row 1234: card id 52 is out of range 0\.\.51"):
        hd.evaluate_batch(da.from_array(rows, chunks=300)).compute()
    masks = np.full(900, 0b1111111, np.uint64)
    masks[777] = 0b1111
    with pytest.raises(ValueError, match="row 777: card mask 0xf has 4 cards"):
        hd.evaluate_masks(da.from_array(masks, chunks=100)).compute()
    deals = _rows(300, 9, seed=4)
    holes, boards = deals[:, :4].copy(), deals[:, 4:]
    holes[201, 0] = boards[201, 2]
    with pytest.raises(ValueError, match="row 201: duplicate card"):
        hd.evaluate_omaha_batch(da.from_array(holes, chunks=50), da.from_array(boards, chunks=50)).compute()


def test_shapes_and_types_are_checked_at_once() -> None:
    with pytest.raises(TypeError, match=r"hands must be a dask\.array\.Array, not ndarray"):
        hd.evaluate_batch(np.zeros((3, 7), np.uint8))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"hands must have shape \(N, 5\), \(N, 6\) or \(N, 7\), got \(3, 4\)"):
        hd.evaluate_batch(da.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(TypeError, match="must hold integer card ids"):
        hd.evaluate_batch(da.zeros((3, 7), dtype=np.float64))
    with pytest.raises(ValueError, match=r"masks must have shape \(N,\)"):
        hd.evaluate_masks(da.zeros((3, 2), dtype=np.uint64))
    with pytest.raises(ValueError, match="boards must have shape"):
        hd.evaluate_omaha_batch(da.zeros((3, 4), dtype=np.uint8), da.zeros((4, 5), dtype=np.uint8))


def test_a_two_worker_cluster_on_loopback(dask_client: Any) -> None:
    """The same answers from two worker processes on 127.0.0.1, errors included."""
    rows = _rows(40_000, 7, seed=5)
    got = dask_client.compute(hd.evaluate_batch(da.from_array(rows, chunks=5_000))).result()
    assert np.array_equal(got, handrank.evaluate_batch(rows))
    rows[33_333, 0] = rows[33_333, 6]
    with pytest.raises(ValueError, match="row 33333: duplicate card"):
        dask_client.compute(hd.evaluate_batch(da.from_array(rows, chunks=5_000))).result()


def test_docstring_examples(in_process: None) -> None:
    import doctest

    result = doctest.testmod(hd)
    assert result.failed == 0 and result.attempted > 0


def test_without_dask_the_import_says_what_to_install() -> None:
    import subprocess
    import sys

    code = "import sys; sys.modules['dask'] = None; import handrank; import handrank.dask"
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert got.returncode == 1 and 'handrank.dask needs Dask: pip install "handrank[dask]"' in got.stderr
    got = subprocess.run(
        [sys.executable, "-c", "import handrank, sys; print('dask' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert got.stdout.strip() == "False"  # import handrank leaves Dask alone
