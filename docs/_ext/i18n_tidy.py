"""Keep translated doctrees small: point every node back at its own page's document.

When a page is translated, Sphinx parses each Spanish message as a small document of its own
and grafts its nodes into the page; those nodes keep a reference to that small document (with
its settings and reporter), so every pickled Spanish doctree drags dozens of them along. That
makes the Spanish doctrees several times larger than the English ones and slows every later
step that loads them (writing, the search export). Re-pointing the nodes changes nothing in
the output.
"""
from __future__ import annotations

from typing import Any

from docutils import nodes


def tidy(app: Any, doctree: nodes.document) -> None:
    for node in doctree.findall():
        if getattr(node, "document", None) is not None and node.document is not doctree:
            node.document = doctree


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-read", tidy, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
