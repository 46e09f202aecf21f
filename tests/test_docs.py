"""Every example in the documentation (docs/*.md) runs, on both backends, and gives what the page shows."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from conftest import Api

PAGES = sorted((Path(__file__).resolve().parent.parent / "docs").glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page: Path, impl: Api) -> None:
    if "to_frame()" in page.read_text(encoding="utf-8"):
        pytest.importorskip("pandas")
    text = re.sub(r"^```.*$", "", page.read_text(encoding="utf-8"), flags=re.MULTILINE)  # a fence ends an output
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0


def test_the_docs_have_examples() -> None:
    assert PAGES and any(">>> " in p.read_text(encoding="utf-8") for p in PAGES)
