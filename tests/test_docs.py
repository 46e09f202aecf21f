"""Every example in the documentation (docs/*.md and the README) runs, on both backends, and gives what the page shows.

Python examples are ``>>>`` doctests; in a ``console`` block every ``$ handrank ...`` line is run as a
command, and what follows it up to the next ``$`` is what it must print (durations such as ``0.8 s``
may differ).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import Api

import handrank

ROOT = Path(__file__).resolve().parent.parent
PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
CONSOLE = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
NEEDS = (("to_frame()", "pandas"), ("from handrank import dask", "distributed"), ("plot.", "matplotlib"))
DURATION = re.compile(r"\b\d+(\.\d+)? s\b")


def _commands(text: str) -> list[tuple[str, str]]:
    """The (command, output) pairs of a page's console blocks."""
    pairs: list[tuple[str, str]] = []
    for block in CONSOLE.findall(text):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            pairs.append((command, output))
    return pairs


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page: Path, impl: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    text = page.read_text(encoding="utf-8")
    for needs, module in NEEDS:
        if needs in text:
            pytest.importorskip(module)
    monkeypatch.setenv("HANDRANK_BACKEND", impl.name)  # for worker processes a page starts
    text = re.sub(r"^```.*$", "", text, flags=re.MULTILINE)  # a fence ends an output
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


COMMANDS = [(page.name, c, o) for page in PAGES for c, o in _commands(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("page", "command", "output"), COMMANDS, ids=[f"{p}:{c[:40]}" for p, c, _ in COMMANDS])
def test_console_examples(page: str, command: str, output: str, impl: Api, tmp_path: Path) -> None:
    argv = shlex.split(command)
    assert argv[0] == "handrank", f"{page}: a console example runs handrank, not {argv[0]}"
    if argv[1] == "table":
        pytest.importorskip("distributed")
    src = str(Path(handrank.__file__).resolve().parent.parent)
    path = os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "HANDRANK_BACKEND": impl.name, "PYTHONPATH": path}
    command_line = [sys.executable, "-m", "handrank", *argv[1:]]
    got = subprocess.run(command_line, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert DURATION.sub("T s", got.stdout + got.stderr) == DURATION.sub("T s", output)


def test_the_docs_have_examples() -> None:
    assert PAGES and any(">>> " in p.read_text(encoding="utf-8") for p in PAGES)
    assert any(c.startswith("handrank table") for _, c, _ in COMMANDS) and len(COMMANDS) > 10


@pytest.mark.parametrize(("section", "command"), [("## Show hands down", "showdown"), ("## Equity", "equity")])
def test_cli_page_names_every_game_the_parser_takes(section: str, command: str) -> None:
    """docs/cli.md's ``--game a|b|...`` lists are the parser's choices, in order."""
    from handrank._cli import parser

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    part = text.split(section + "\n", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"`--game ([a-z0-9|]+)`", part)
    subcommands = next(a for a in parser()._actions if a.dest == "command").choices
    game = next(a for a in subcommands[command]._actions if a.dest == "game")  # type: ignore[index]
    assert [names.split("|") for names in listed] == [list(game.choices)]


def _links(path: Path) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", ["README.md", *sorted(p.name for p in (ROOT / "docs").glob("*.md"))])
def test_links_go_only_to_pages_that_exist(page: str) -> None:
    """A link is to a file of this repository that is there, or to another project's site: no invented
    hosted site of handrank's own (nothing is published yet)."""
    path = ROOT / page if page == "README.md" else ROOT / "docs" / page
    for target in _links(path):
        if re.match(r"[a-z]+:", target):
            assert "handrank.github.io" not in target and "github.com/handrank" not in target, target
            continue
        file = target.split("#", 1)[0]
        if file:
            assert (path.parent / file).exists(), f"{page}: {target}"


def test_no_page_installs_from_an_index_that_has_no_handrank() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    told = [p.name for p in pages if re.search(r"^\s*pip install handrank\s*$", p.read_text(encoding="utf-8"), re.M)]
    assert told == []
    assert "[project.urls]" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_site_shows_what_a_reader_needs() -> None:
    """What the site looked like in a browser before: an empty footer, the API page showing the BACKEND of the
    build that made it and Category without members, code running past its blocks, figure labels cut."""
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert re.search(r"^copyright = ", conf, re.M) and '"handrank.css"' in conf
    assert "white-space: pre-wrap" in (ROOT / "docs" / "_static" / "handrank.css").read_text(encoding="utf-8")
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert ":exclude-members: BACKEND, SIMD, Category" in api
    assert re.search(r"autodata:: handrank\.BACKEND\n\s+:no-value:", api)
    assert re.search(r"autoclass:: handrank\.Category\n\s+:members:\n\s+:undoc-members:", api)
    assert 'bbox_inches="tight"' in (ROOT / "tools" / "make_figures.py").read_text(encoding="utf-8")
    assert "../shared" not in (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
