"""Sphinx configuration for handrank's documentation: python -m sphinx -W -b html docs docs/_build/html"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from sphinx.application import Sphinx

import handrank
from handrank._record import Record

project = "handrank"
author = "the handrank authors"
copyright = f"2026, {author}"  # the footer
release = version = handrank.__version__
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
# napoleon reads numpy-style sections (Parameters, Returns ...) where a docstring has them.  The
# attributes' docstrings are prose ("Showdowns counted: wins + ties + losses"), which napoleon would
# read as "type: text", so theirs are put back as written.
napoleon_google_docstring = False
napoleon_numpy_docstring = True
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["handrank.css"]  # long code lines wrap inside their blocks
html_title = f"handrank {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
myst_heading_anchors = 3
nitpicky = False


def setup(app: Sphinx) -> None:
    written: dict[str, list[str]] = {}

    def keep(app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
        if what in ("attribute", "data", "property"):
            written[name] = list(lines)

    def put_back(app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
        if name in written:
            lines[:] = written.pop(name)

    # A result record is built by keyword, one per field: show the fields, not Record's (**values: object).
    def record_signature(
        app: Sphinx, what: str, name: str, obj: object, options: object, signature: str, return_annotation: str
    ) -> tuple[str, str] | None:
        if what == "class" and isinstance(obj, type) and issubclass(obj, Record):
            app.env.temp_data.get("annotations", {}).pop(name, None)  # recorded by autodoc.typehints (500)
            return f"(*, {', '.join(obj.__slots__)})", return_annotation
        return None

    app.connect("autodoc-process-docstring", keep, priority=400)  # before napoleon (500)
    app.connect("autodoc-process-docstring", put_back, priority=600)  # after it
    app.connect("autodoc-process-signature", record_signature, priority=600)
