"""The ``adjudicator`` command.

Exit codes (fixed by the scenario language): 0 a ruling was given, whatever its verdict;
1 ``check`` found a ruling that differs from its ``expect``; 2 unreadable input.
Heavy imports (PyYAML, Sphinx, Whoosh, Flask) happen inside the subcommand that needs them.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from adjudicator.i18n import LANGS


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


def _read_source(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    return Path(source).read_text(encoding="utf-8")


def cmd_ask(args: argparse.Namespace) -> int:
    from adjudicator import api
    from adjudicator.problems import Problem, ScenarioInvalid
    from adjudicator.render import problems_text, ruling_text

    data: Any = None
    try:
        try:
            text = _read_source(args.file)
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioInvalid([Problem("", "core.err_file", {"file": args.file, "detail": str(exc)})]) from None
        data = api.load_text(text)
        ruling = api.ask(data, args.lang)
    except ScenarioInvalid as exc:
        lang = api.guess_lang(data, args.lang)
        errors = exc.as_dicts(lang)
        if args.json:
            _print_json({"errors": errors})
        else:
            sys.stderr.write(problems_text(errors, lang) + "\n")
        return 2
    if args.json:
        _print_json(ruling)
    else:
        sys.stdout.write(ruling_text(ruling) + "\n")
    return 0


def scenario_files(paths: Sequence[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml", ".json")))
        else:
            out.append(p)
    return out


def check_file(path: Path, lang: str | None = None) -> tuple[str, Any]:
    """('ok'|'mismatch'|'unreadable', detail) for one scenario file."""
    from adjudicator import api
    from adjudicator.checking import ruling_mismatches
    from adjudicator.problems import Problem, ScenarioInvalid

    data = None
    try:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioInvalid([Problem("", "core.err_file", {"file": str(path), "detail": str(exc)})]) from None
        data = api.load_text(text)
        scenario = api.read_envelope(data, lang)
        ruling = api.rule(scenario).as_dict()
    except ScenarioInvalid as exc:
        return "unreadable", exc.as_dicts(api.guess_lang(data, lang))
    diffs = ruling_mismatches(scenario.expect or {}, ruling["verdict"], [c["rule"] for c in ruling["citations"]])
    return ("mismatch" if diffs else "ok"), (diffs, ruling)


def cmd_check(args: argparse.Namespace) -> int:
    from adjudicator.i18n import translate
    from adjudicator.render import problems_text, ruling_text

    lang = args.lang or "en"
    files = scenario_files(args.paths)
    counts = {"ok": 0, "mismatch": 0, "unreadable": 0}
    for f in files:
        if not f.exists():
            counts["unreadable"] += 1
            print(f"ERROR {f}: " + translate(lang, "core.err_no_file"))
            continue
        status, detail = check_file(f)
        counts[status] += 1
        if status == "ok":
            if args.verbose:
                print(f"ok    {f}")
        elif status == "mismatch":
            diffs, ruling = detail
            print(f"FAIL  {f}")
            for path, want, got in diffs:
                print("      " + translate(lang, "core.check_diff", path=path,
                                           want=json.dumps(want, ensure_ascii=False),
                                           got=json.dumps(got, ensure_ascii=False)))
            print("      " + ruling_text(ruling).replace("\n", "\n      "))
        else:
            print(f"ERROR {f}")
            print("      " + problems_text(detail, lang).replace("\n", "\n      "))
    print(translate(lang, "core.check_summary", total=len(files), **counts))
    if counts["mismatch"]:
        return 1
    return 2 if counts["unreadable"] else 0


def cmd_search(args: argparse.Namespace) -> int:
    from adjudicator import search

    try:
        results = search.search(args.query, lang=args.lang or "en", limit=args.limit)
    except search.IndexMissing as exc:
        sys.stderr.write(str(exc) + "\n")
        return 2
    if args.json:
        _print_json(results)
    else:
        sys.stdout.write(search.results_text(results) + "\n")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from adjudicator import build

    return build.main(args.what, force=args.force)


def cmd_serve(args: argparse.Namespace) -> int:
    from web import serve

    return serve.main(host=args.host, port=args.port, debug=args.debug, build_missing=not args.no_build)


def cmd_kinds(args: argparse.Namespace) -> int:
    from adjudicator import registry

    games = [args.game] if args.game else list(registry.GAMES)
    out = {g: registry.kinds(g) for g in games}
    if args.json:
        _print_json(out)
    else:
        for g, ks in out.items():
            print(f"{g}: {', '.join(ks)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="adjudicator", description="Rulings with cited rules for War of the Ring, "
                                "War of the Ring: The Card Game and The Lord of the Rings: The Card Game.")
    from adjudicator import __version__
    p.add_argument("--version", action="version", version=f"adjudicator {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    a = sub.add_parser("ask", help="rule on one scenario file (or - for standard input)")
    a.add_argument("file")
    a.add_argument("--json", action="store_true", help="the ruling as JSON")
    a.add_argument("--lang", choices=LANGS, help="language of the answer (default: the scenario's, else en)")
    a.set_defaults(fn=cmd_ask)

    c = sub.add_parser("check", help="run scenario files against their expect (exit 1 on a mismatch)")
    c.add_argument("paths", nargs="+")
    c.add_argument("--lang", choices=LANGS)
    c.add_argument("-v", "--verbose", action="store_true")
    c.set_defaults(fn=cmd_check)

    s = sub.add_parser("search", help="search the rules reference")
    s.add_argument("query")
    s.add_argument("--lang", choices=LANGS)
    s.add_argument("--json", action="store_true")
    s.add_argument("--limit", type=int, default=10)
    s.set_defaults(fn=cmd_search)

    b = sub.add_parser("build", help="build the rules reference and/or the search index")
    b.add_argument("what", choices=("docs", "index", "all"), nargs="?", default="all")
    b.add_argument("--force", action="store_true", help="rebuild even if up to date")
    b.set_defaults(fn=cmd_build)

    v = sub.add_parser("serve", help="run the web app on 127.0.0.1")
    v.add_argument("--host", default="127.0.0.1")
    v.add_argument("--port", type=int, default=5000)
    v.add_argument("--debug", action="store_true", help="Flask's development server with reloading")
    v.add_argument("--no-build", action="store_true", help="do not build missing docs or index first")
    v.set_defaults(fn=cmd_serve)

    k = sub.add_parser("kinds", help="list the question kinds of each game")
    k.add_argument("game", nargs="?")
    k.add_argument("--json", action="store_true")
    k.set_defaults(fn=cmd_kinds)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.fn(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
