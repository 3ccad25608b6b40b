"""The snippet of a hit: the sentences of a rule's text with the query's words, hits in ``<mark>``."""
from __future__ import annotations

import html
import re
import threading

from adjudicator.search.analysis import analyzer
from adjudicator.search.index import IndexData

# A snippet: at most two sentences, each cut to about this many characters around its hits.
SNIPPET_SENTENCES, SNIPPET_CHARS = 2, 220
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class Snippets:
    """The snippets of one index's documents; each document's sentences analysed once, cached."""

    def __init__(self, index: IndexData):
        self.index = index
        self.lang = index.lang
        self._lock = threading.Lock()  # guards the cache only
        self._sentences: dict[int, list[tuple[int, int, list[tuple[str, int, int]]]]] = {}

    def _sentences_of(self, docnum: int) -> list[tuple[int, int, list[tuple[str, int, int]]]]:
        """The document's text as sentences ``(start, end, [(form, start, end), ...])``, cached.

        (Whoosh's highlighter re-read every word of the text for each hit; sentences analysed
        once per document make a snippet a few set look-ups.)
        """
        cached = self._sentences.get(docnum)
        if cached is None:
            text = self.index.docs[docnum].get("text", "")
            tokens = [(t.text, t.startchar, t.endchar) for t in analyzer(self.lang)(text, chars=True)]
            cached, start = [], 0
            for end in [m.start() for m in SENTENCE_END.finditer(text)] + [len(text)]:
                cached.append((start, end, [t for t in tokens if start <= t[1] < end]))
                start = end
            with self._lock:
                self._sentences[docnum] = cached
        return cached

    def snippet(self, docnum: int, forms: set[str]) -> str:
        """The (at most two) sentences of the text with the most query words, hits in ``<mark>``."""
        text = self.index.docs[docnum].get("text", "")
        if not text or not forms:
            return html.escape(_lead(text), quote=False)
        sentences = self._sentences_of(docnum)
        scored = []
        for i, (_s, _e, tokens) in enumerate(sentences):
            hits = [t for t in tokens if t[0] in forms]
            if hits:
                scored.append((-len({t[0] for t in hits}), -len(hits), i))
        if not scored:
            return html.escape(_lead(text), quote=False)
        chosen = sorted(i for _d, _n, i in sorted(scored)[:SNIPPET_SENTENCES])
        pieces, last = [], None
        for i in chosen:
            start, end, tokens = sentences[i]
            piece = _marked(text, start, end, [t for t in tokens if t[0] in forms])
            if last is not None and i == last + 1:
                pieces[-1] += " " + piece
            else:
                pieces.append(piece)
            last = i
        return _join_passages(pieces)

def _join_passages(pieces: list[str]) -> str:
    """One ellipsis between two passages, whether or not either was cut there."""
    out = pieces[0]
    for piece in pieces[1:]:
        out = out.removesuffix(" …") + " … " + piece.removeprefix("… ")
    return out


def _marked(text: str, start: int, end: int, hits: list[tuple[str, int, int]]) -> str:
    """``text[start:end]`` escaped with ``hits`` in ``<mark>``, cut to about SNIPPET_CHARS
    characters around the first hits when the sentence is longer."""
    start, end = _trim(text, start, end, hits)
    out, at = [], start
    for _form, s, e in hits:
        if s < start or e > end:
            continue
        out.append(html.escape(text[at:s], quote=False))
        out.append("<mark>" + html.escape(text[s:e], quote=False) + "</mark>")
        at = e
    out.append(html.escape(text[at:end], quote=False))
    piece = "".join(out).strip()
    if start > 0 and not text[:start].rstrip().endswith((".", "!", "?", ";", ":")):
        piece = "… " + piece
    if end < len(text) and not text[:end].rstrip().endswith((".", "!", "?", ";", ":")):
        piece += " …"
    return piece


def _trim(text: str, start: int, end: int, hits: list[tuple[str, int, int]]) -> tuple[int, int]:
    """A window of about SNIPPET_CHARS characters of the sentence, around its first hits, cut
    at word boundaries."""
    while start < end and text[start].isspace():
        start += 1
    if end - start <= SNIPPET_CHARS:
        return start, end
    first = hits[0][1] if hits else start
    lo = max(start, min(first - SNIPPET_CHARS // 4, end - SNIPPET_CHARS))
    hi = min(end, lo + SNIPPET_CHARS)
    if lo > start:
        space = text.find(" ", lo)
        lo = space + 1 if 0 <= space < first else lo
    if hi < end:
        space = text.rfind(" ", lo, hi)
        hi = space if space > lo else hi
    return lo, hi


def _lead(text: str, size: int = 200) -> str:
    """The start of ``text``, cut at a word boundary."""
    if len(text) <= size:
        return text
    cut = text.rfind(" ", 0, size)
    return text[: cut if cut > 0 else size] + " …"
