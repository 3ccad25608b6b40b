"""Problems with a scenario: collected all at once, each at the path of its field.

A scenario that cannot be read is not a ruling: the engine gathers every problem it finds
(envelope, position and question alike) and raises :class:`ScenarioInvalid` once, so a
form can show each message beside its field and the CLI can print them all.
"""
from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from adjudicator.i18n import translate

PathPart = str | int


def format_path(parts: Iterable[PathPart]) -> str:
    """``["position", "regions", "Minas Tirith", "free_peoples"]`` -> dotted, with [i] for indices."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


class Problem(NamedTuple):
    path: str
    key: str
    params: dict[str, Any] = {}

    def message(self, lang: str) -> str:
        params = {k: (v.render(lang) if hasattr(v, "render") else v) for k, v in self.params.items()}
        return translate(lang, self.key, **params)

    def as_dict(self, lang: str) -> dict[str, str]:
        return {"path": self.path, "message": self.message(lang)}


class Problems:
    """An accumulator of problems; ``add`` never raises, ``raise_if_any`` raises them all."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, path: Iterable[PathPart] | str, key: str, /, **params: Any) -> None:
        p = path if isinstance(path, str) else format_path(path)
        self.items.append(Problem(p, key, params))

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ScenarioInvalid(list(self.items))


class ScenarioInvalid(Exception):
    """The scenario cannot be read: carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(f"{p.path}: {p.key}" for p in problems))
        self.problems = problems

    def as_dicts(self, lang: str) -> list[dict[str, str]]:
        return [p.as_dict(lang) for p in self.problems]
