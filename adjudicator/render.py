"""Rulings and problems as text for the terminal, in the user's language."""
from __future__ import annotations

import json
from typing import Any

from adjudicator.i18n import translate


LONG_EXACT = 24   # exact fractions longer than this are cut in the terminal (--json has them whole)


def verdict_text(verdict: dict[str, Any]) -> str:
    parts = []
    for k, v in verdict.items():
        if k == "status":
            continue
        if k.endswith("_exact"):
            v = _short_exact(v)
        parts.append(f"{k}: {json.dumps(v, ensure_ascii=False)}")
    return ", ".join(parts)


def _short_exact(v: Any) -> Any:
    """A whole battle's exact odds run to hundreds of digits: "4034...067/4066...875 (126 digits)"."""
    if isinstance(v, dict):
        return {k: _short_exact(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_short_exact(x) for x in v]
    if isinstance(v, str) and len(v) > LONG_EXACT:
        return f"{v[:6]}…/{v.partition('/')[2][:6]}… ({len(v) - 1} digits)"
    return v


def ruling_text(ruling: dict[str, Any], base_url: str = "") -> str:
    lang = ruling["lang"]
    t = lambda key, **p: translate(lang, key, **p)  # noqa: E731
    lines = []
    if ruling.get("title"):
        lines += [ruling["title"], ""]
    lines.append(ruling["answer"])
    lines.append("")
    verdict = ruling["verdict"]
    details = {k: v for k, v in verdict.items() if k != "missing"}
    lines.append(f"{t('core.verdict')}: {t('core.status_' + verdict['status'])}"
                 + (f" ({verdict_text(details)})" if len(details) > 1 else ""))
    if verdict.get("missing"):
        lines.append(f"{t('core.missing')}: {', '.join(verdict['missing'])}")
    if ruling["explanation"]:
        lines += ["", t("core.why") + ":"]
        for i, step in enumerate(ruling["explanation"], 1):
            lines.append(f"  {i}. {step['text']} [{step['rule']}]")
    if ruling["citations"]:
        lines += ["", t("core.rules") + ":"]
        for c in ruling["citations"]:
            lines.append(f"  - {c['title']}: {base_url}{c['url']}")
    return "\n".join(lines)


def problems_text(problems: list[dict[str, str]], lang: str) -> str:
    head = translate(lang, "core.unreadable", count=len(problems))
    rows = [f"  - {p['path'] or '(scenario)'}: {p['message']}" for p in problems]
    return "\n".join([head, *rows])
