from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import Api

import handrank
from handrank import _backend, _eval_py, _kernels, _tables
from handrank._record import Record

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, **env}, check=False
    )


def test_hot_calls_are_the_kernels_with_one_docstring(c_impl: Api) -> None:
    for name in ("evaluate", "evaluate_mask", "evaluate_omaha"):
        assert getattr(handrank, name) is getattr(_backend.kernels, name)
        c_function, py_function = getattr(c_impl.kernels, name), getattr(_eval_py, name)
        # Cython dedents the C one's docstring; its signature is read from the text signature it embeds.
        assert inspect.cleandoc(c_function.__doc__) == inspect.cleandoc(py_function.__doc__)
        c_parameters = inspect.signature(c_function).parameters.values()
        py_parameters = inspect.signature(py_function).parameters.values()
        assert [(p.name, p.kind) for p in c_parameters] == [(p.name, p.kind) for p in py_parameters]


def test_compiled_functions_are_the_module_s_own(c_impl: Api) -> None:
    """Every function of the compiled module is a built-in function made by PyModule_AddFunctions (its
    __self__ the module), as CPython's own are: on a free-threaded build these get deferred reference counts,
    so threads calling one do not all write its reference count."""
    module = c_impl.kernels
    functions = {name: value for name, value in vars(module).items() if type(value) is type(len)}
    assert {"evaluate", "evaluate_omaha", "enumerate_boards", "monte_carlo"} <= functions.keys()
    for name, function in functions.items():
        if name.startswith("__pyx"):
            continue
        assert function.__self__ is module, name
        inspect.signature(function)  # read from the signature its docstring carries


def test_backend_switch() -> None:
    got = _run("import handrank; print(handrank.BACKEND)", HANDRANK_BACKEND="python")
    assert got.stdout.strip() == "python", got.stderr
    got = _run("import handrank; print(handrank.BACKEND)", HANDRANK_BACKEND="nonsense")
    assert got.returncode != 0 and "HANDRANK_BACKEND must be 'auto', 'c' or 'python'" in got.stderr


def test_backend_env_is_honoured() -> None:
    wanted = os.environ.get("HANDRANK_BACKEND", "auto").lower()
    if wanted in ("c", "python"):
        assert handrank.BACKEND == wanted
    else:
        assert handrank.BACKEND in ("c", "python")


def test_import_does_not_load_numpy() -> None:
    got = _run("import sys, handrank; handrank.evaluate('As Ks Qs Js Ts'); print('numpy' in sys.modules)")
    assert got.stdout.strip() == "False", got.stderr


def test_generated_tables_are_current() -> None:
    got = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_tables.py"), "--check"], capture_output=True, text=True, check=False
    )
    assert got.returncode == 0, got.stderr


def test_table_memory_under_2_mib() -> None:
    """Every table of the C core, the other rankings' included, within the 2 MiB the core may take."""
    header = (ROOT / "csrc" / "tables.h").read_text()
    sizes = {"uint8_t": 1, "uint16_t": 2, "uint64_t": 8}
    total = 0
    for line in header.splitlines():
        if line.startswith("extern const"):
            ctype = line.split()[2]
            total += sizes[ctype] * int(line.split("[")[1].split("]")[0])
    assert 0 < total <= 2 * 1024 * 1024


def test_rank_multipliers_give_distinct_keys() -> None:
    _tables.check_rank_mult()
    bad = list(_tables.RANK_MULT)
    bad[1] = 2  # 1+1 == 2: two deuces would equal one trey
    assert len({sum(c * m for c, m in zip(cs, bad, strict=True)) for cs in _tables.rank_multisets(0, 7)}) < sum(
        1 for _ in _tables.rank_multisets(0, 7)
    )


CLI_FORMS = [["-m", "handrank"], ["-c", "from handrank._cli import main; raise SystemExit(main())"]]


@pytest.mark.parametrize("args", CLI_FORMS)
def test_cli_eval(args: list[str]) -> None:
    got = subprocess.run(
        [sys.executable, *args, "eval", "As Ks Qs Js Ts 2c 3d"], capture_output=True, text=True, check=False
    )
    assert got.returncode == 0, got.stderr
    assert "rank:" in got.stdout and " 1\n" in got.stdout
    assert "ROYAL_FLUSH" in got.stdout and "As Ks Qs Js Ts" in got.stdout


def test_cli_json_and_lang() -> None:
    got = subprocess.run(
        [sys.executable, "-m", "handrank", "eval", "9c 4c 4s 9d 4h Qc 6c", "--json", "--lang", "ru"],
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert got.returncode == 0, got.stderr
    info = json.loads(got.stdout)
    assert info == {
        "cards": "9c 4c 4s 9d 4h Qc 6c",
        "rank": 292,
        "category": "FULL_HOUSE",
        "description": "Фулл-хауз, четвёрки и девятки",
        "best_five": "4s 4h 4c 9d 9c",
    }


def test_cli_errors() -> None:
    got = subprocess.run(
        [sys.executable, "-m", "handrank", "eval", "As Ks"], capture_output=True, text=True, check=False
    )
    assert got.returncode == 2
    assert "a hand has 5, 6 or 7 cards, got 2" in got.stderr


def _header() -> str:
    return (ROOT / "csrc" / "handrank.h").read_text()


def _enum(name: str) -> dict[str, int]:
    import re

    header = re.sub(r"/\*.*?\*/", "", _header(), flags=re.DOTALL)
    body = re.search(rf"enum {name} \{{([^}}]*)\}}", header)
    assert body is not None, name
    values: dict[str, int] = {}
    nxt = 0
    for item in body.group(1).split(","):
        label, _, value = item.strip().partition("=")
        if label:
            nxt = int(value) if value.strip() else nxt
            values[label.strip()] = nxt
            nxt += 1
    return values


def test_python_repeats_the_c_constants() -> None:
    """What Python says of the C core (game codes, limits, tally fields) is what csrc/handrank.h says."""
    import re

    from handrank._games import GAMES

    codes = {f"HANDRANK_{g.name.upper()}": g.code for g in GAMES.values() if g.code is not None}
    assert _enum("handrank_game") == codes
    defines = dict(re.findall(r"#define (HANDRANK_\w+) (\d+)", _header()))
    assert int(defines["HANDRANK_MAX_PLAYERS"]) == _kernels.MAX_PLAYERS
    assert int(defines["HANDRANK_SHARE_UNIT"]) == _kernels.SHARE_UNIT
    assert int(defines["HANDRANK_BLOCKED"]) == _kernels.BLOCKED
    assert int(defines["HANDRANK_STRENGTH_UNIT"]) == _kernels.STRENGTH_UNIT
    rules = ("SHORT_DECK", "SHORT_DECK_TRIPS", "LOW_A5", "LOW_EIGHT", "LOW_27")
    assert _enum("handrank_rules") == {f"HANDRANK_{r}": getattr(_kernels, r) for r in rules}
    assert int(defines["HANDRANK_NO_LOW"]) == _kernels.NO_LOW == _tables.NO_LOW
    tally = re.search(r"typedef struct \{\s*uint64_t ([^;]*);\s*\} handrank_tally;", _header())
    assert tally is not None
    assert tuple(f.strip() for f in tally.group(1).split(",")) == _kernels.TALLY_NAMES


def test_console_script_reports_a_bad_backend_in_one_line() -> None:
    code = "import sys; from _handrank_cli import main; sys.exit(main(['eval', 'As Ks Qs Js Ts']))"
    got = _run(code, HANDRANK_BACKEND="nonsense")
    assert got.returncode == 2
    assert got.stderr.strip() == "handrank: error: HANDRANK_BACKEND must be 'auto', 'c' or 'python', not 'nonsense'"


@pytest.mark.parametrize("count", ["inf", "nan", "1e400", "-5", "2.5", "1.5k5", ""])
def test_cli_rejects_bad_trial_counts_cleanly(count: str) -> None:
    got = subprocess.run(
        [sys.executable, "-m", "handrank", "equity", "AhKh", "QsQd", "--trials", count],
        capture_output=True,
        text=True,
        check=False,
    )
    assert got.returncode == 2 and "not a trial count" in got.stderr and "Traceback" not in got.stderr


def test_backend_c_without_the_extension_says_so(tmp_path: Path) -> None:
    import shutil

    package = Path(handrank.__file__).parent
    shutil.copytree(package, tmp_path / "handrank", ignore=shutil.ignore_patterns("_eval_c.*.so", "_eval_c.*.pyd"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "HANDRANK_BACKEND": "auto"}
    code = "import handrank; print(handrank.BACKEND)"
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert got.stdout.strip() == "python", got.stderr  # auto falls back
    env["HANDRANK_BACKEND"] = "c"
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert got.returncode != 0
    assert "the compiled extension handrank._eval_c is not available: it is not installed" in got.stderr
    assert "circular import" not in got.stderr


def test_import_stays_light() -> None:
    """``import handrank`` pulls in none of the heavy modules (numpy, typing, dataclasses, inspect)."""
    heavy = "('numpy', 'typing', 'dataclasses', 'inspect')"
    code = f"import sys, handrank; print(sorted(m for m in {heavy} if m in sys.modules))"
    got = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(Path(handrank.__file__).parent.parent)},
    )
    assert got.stdout.strip() == "[]", got.stderr


def test_batch_kernel_choice_on_each_backend(impl: Api) -> None:
    active, offered = impl.kernels.simd()
    assert active in offered
    assert impl.kernels.use_simd(active) == active
    assert impl.kernels.simd()[0] == active
    with pytest.raises(ValueError, match="no 'nonesuch' batch kernel here; this build and CPU offer "):
        impl.kernels.use_simd("nonesuch")
    assert impl.kernels.simd()[0] == active  # a refusal changes nothing


@pytest.mark.parametrize("mode", [2, -2, True, 1.0, "1", None])
def test_avx2_gathers_refuses_a_mode_on_each_backend(impl: Api, mode: object) -> None:
    with pytest.raises(ValueError, match=r"mode must be -1 \(read\), 0 \(scalar loads\) or 1 \(gathers\), not "):
        impl.kernels.avx2_gathers(mode)  # type: ignore[arg-type]


def test_avx2_gathers_where_no_avx2_kernel_is_offered(impl: Api) -> None:
    if "avx2" in impl.kernels.simd()[1]:
        assert impl.kernels.avx2_gathers(-1) in (0, 1)
        return
    with pytest.raises(ValueError, match="no 'avx2' batch kernel here; this build and CPU offer "):
        impl.kernels.avx2_gathers(-1)


@pytest.mark.parametrize("mode", [2, -2, True, 1.0, "1", None])
def test_avx2_vnni_refuses_a_mode_on_each_backend(impl: Api, mode: object) -> None:
    with pytest.raises(ValueError, match=r"mode must be -1 \(read\), 0 \(without AVX-VNNI\) or 1 \(with it\), not "):
        impl.kernels.avx2_vnni(mode)  # type: ignore[arg-type]


def test_avx2_vnni_where_no_avx2_kernel_is_offered(impl: Api) -> None:
    if "avx2" not in impl.kernels.simd()[1]:
        with pytest.raises(ValueError, match="no 'avx2' batch kernel with AVX-VNNI here; this build and CPU offer "):
            impl.kernels.avx2_vnni(-1)
        return
    try:
        assert impl.kernels.avx2_vnni(-1) in (0, 1)
    except ValueError as e:  # an AVX2 CPU without AVX-VNNI
        assert "no 'avx2' batch kernel with AVX-VNNI here" in str(e)


class _Point(Record):
    __slots__ = ("x", "y")


class _Labelled(_Point):  # no slots of its own: it has a __dict__
    pass


def test_records_built_fast_are_plain_immutable_records() -> None:
    """``Record._of`` fills a twin class and then switches the record to its own: nothing of that shows."""
    import pickle

    for cls in (_Point, _Labelled):
        made = cls._of(1, 2)
        assert type(made) is cls and (made.x, made.y) == (1, 2)
        assert made == cls(x=1, y=2) and hash(made) == hash(cls(x=1, y=2))
        assert pickle.loads(pickle.dumps(made)) == made
        with pytest.raises(AttributeError, match="immutable"):
            made.x = 3
        with pytest.raises(AttributeError, match="immutable"):
            del made.y
    assert repr(_Point._of(1, 2)) == "_Point(x=1, y=2)"


@pytest.mark.parametrize("free_threaded", [False, True])
def test_records_are_built_the_same_way_with_or_without_the_gil(
    monkeypatch: pytest.MonkeyPatch, free_threaded: bool
) -> None:
    """Without the GIL ``_of`` sets each slot through its descriptor (assigning ``__class__`` would stop every
    other thread); either way the record is the one the keywords make."""
    from handrank import _record

    monkeypatch.setattr(_record, "FREE_THREADED", free_threaded)

    class Pair(Record):
        __slots__ = ("a", "b")

    made = Pair._of([1], "two")
    assert type(made) is Pair and made == Pair(a=[1], b="two") and made.a == [1] and made.b == "two"
    with pytest.raises(AttributeError, match="immutable"):
        made.a = 3
    assert ("builder" in Pair._of.__func__.__globals__) is not free_threaded  # the twin class only with the GIL


def test_the_dev_extra_runs_everything() -> None:
    """``pip install -e ".[dev]"`` (the README's development setup) brings every extra the suite uses, so
    that no test of the peers, pokerkit, Dask, the plots or the clustering skips there."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if not pyproject.exists():
        pytest.skip("pyproject.toml is not beside the tests (a wheel's test run copies it in: see test-sources)")
    text = pyproject.read_text(encoding="utf-8")
    extras = dict(re.findall(r"^(\w+) = (\[.*\])$", text.split("[project.optional-dependencies]")[1], re.M))
    assert "handrank[test,compat]" in extras["dev"]
    assert "handrank[dask,plot,abstraction]" in extras["test"]
    assert "pokerkit" in extras["test"] and "hypothesis" in extras["test"]
