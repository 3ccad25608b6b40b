"""Permalinks: the whole scenario travels in the URL, so nothing is stored on the server.

``/<lang>/r/<token>`` where ``token = base64url(zlib(json))`` without padding. Two players
open the same link on two phones and get the same ruling (each may switch its language).
Decoding is defensive: a damaged or hostile token is a :class:`BadToken`, never a crash,
and decompression stops at :data:`MAX_SCENARIO_BYTES` (no zip bombs).
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from adjudicator import loading
from adjudicator.problems import ScenarioInvalid

MAX_SCENARIO_BYTES = 64 * 1024
MAX_TOKEN_CHARS = 16 * 1024
_TOKEN_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")


class BadToken(ValueError):
    """The token is not a permalink this app made (damaged, truncated or too large)."""


def encode(scenario: Any) -> str:
    text = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(token: str) -> Any:
    if not token or len(token) > MAX_TOKEN_CHARS or not _TOKEN_CHARS.match(token):
        raise BadToken("not a permalink")
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_SCENARIO_BYTES + 1)
        if len(raw) > MAX_SCENARIO_BYTES or inflater.unconsumed_tail:
            raise BadToken("scenario too large")
        if not inflater.eof:
            raise BadToken("truncated")
        # The engine's JSON reader: what this app never puts in a link (duplicate keys, control
        # characters, too deep or too many values) means the link was not made here.
        return loading.load_json(raw.decode("utf-8"))
    except BadToken:
        raise
    except ScenarioInvalid:
        raise BadToken("not a scenario this app would link to") from None
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BadToken(str(exc)) from None
