"""Sphinx configuration for handrank's documentation: python -m sphinx -W -b html docs docs/_build/html"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import handrank

project = "handrank"
author = "the handrank authors"
release = version = handrank.__version__
extensions = ["sphinx.ext.autodoc", "myst_parser"]  # the docstrings are prose, not Google or numpy sections
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"handrank {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
myst_heading_anchors = 3
nitpicky = False
