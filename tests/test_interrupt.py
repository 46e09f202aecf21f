"""Ctrl-C: a long call stops within a fraction of a second with KeyboardInterrupt; the CLI exits 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import TAKE_CTRL_C

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX-only")

LONG_CALLS = {
    "monte carlo": "handrank.equity([handrank.Range('random'), handrank.Range('random')], trials=10**13, threads=2)",
    "omaha batch": (
        "import numpy as np; holes = np.broadcast_to(np.array([50, 46, 0, 5], np.uint8), (40_000_000, 4)); "
        "handrank.evaluate_omaha_batch(holes, np.broadcast_to(np.array([42, 38, 34, 28, 4], np.uint8), "
        "(40_000_000, 5)), threads=2)"
    ),
    "exact": "handrank.equity([handrank.Range('22+, A2+, K2+'), handrank.Range('22+, A2+')], exact=True, threads=2)",
    "abstraction": "from handrank import abstraction; abstraction.ehs('flop', threads=2)",
}


def _interrupt(command: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start ``command``, wait until it says it is busy, send SIGINT; the result and the seconds it took to stop."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "started"
    time.sleep(1.0)
    assert proc.poll() is None, "the call ended before it could be interrupted"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # it ignored Ctrl-C: never leave it running
            proc.kill()
            proc.communicate()
    return subprocess.CompletedProcess(command, proc.returncode, out, err), time.monotonic() - sent


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call(backend: str, name: str) -> None:
    from conftest import on

    on(backend)  # skips where the extension is not built
    code = f"{TAKE_CTRL_C}import handrank; print('started', flush=True); {LONG_CALLS[name]}; print('finished')"
    got, seconds = _interrupt([sys.executable, "-c", code], {**os.environ, "HANDRANK_BACKEND": backend})
    assert "KeyboardInterrupt" in got.stderr and "finished" not in got.stdout, got.stderr
    assert seconds < 3.0, f"took {seconds:.2f} s to stop"  # a chunk is milliseconds; the rest is a busy machine


def test_cli_ctrl_c_is_one_line_and_exit_130() -> None:
    code = (
        f"{TAKE_CTRL_C}import sys; print('started', flush=True); from handrank._cli import main; "
        "sys.exit(main(['equity', 'random', 'random', '--trials', '1000G']))"
    )
    got, seconds = _interrupt([sys.executable, "-c", code], dict(os.environ))
    assert got.returncode == 130, got.stderr
    assert got.stderr.strip().splitlines()[-1] == "handrank: interrupted"
    assert "Traceback" not in got.stderr
    assert seconds < 3.0


def test_cli_abstraction_build_ctrl_c_says_where_the_chunks_are(tmp_path: object) -> None:
    out = os.path.join(str(tmp_path), "features")
    code = (
        f"{TAKE_CTRL_C}import sys; print('started', flush=True); from handrank._cli import main; "
        f"sys.exit(main(['abstraction', 'build', '--features', 'ehs', '--streets', 'flop', '--out', {out!r}]))"
    )
    got, seconds = _interrupt([sys.executable, "-c", code], dict(os.environ))
    assert got.returncode == 130, got.stderr
    assert got.stderr.strip().splitlines()[-1] == (
        f"handrank: interrupted: the finished chunks are kept in {os.path.join(out, 'chunks')};"
        " the same command resumes from them"
    )
    assert seconds < 3.0
