"""The ``adjudicator`` command.

Exit codes (fixed by the scenario language): 0 a ruling was given, whatever its verdict;
1 ``check`` found a ruling that differs from its ``expect``; 2 unreadable input; 3 an
internal error of Adjudicator (a bug: the message says so, the traceback is shown only with
``ADJUDICATOR_DEBUG=1``).
Heavy imports (PyYAML, Sphinx, Whoosh, Flask) happen inside the subcommand that needs them.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.i18n import LANGS


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


EXIT_INTERNAL = 3


def _read_source(source: str) -> str:
    from adjudicator.loading import read_source

    return read_source(source)


def _internal(exc: Any, lang: str) -> str:
    from adjudicator.i18n import translate

    return exc.message(lang) + " " + translate(lang, "core.internal_debug_hint")


def cmd_ask(args: argparse.Namespace) -> int:
    from adjudicator import api
    from adjudicator.problems import InternalError, ScenarioInvalid
    from adjudicator.render import problems_text, ruling_text

    data: Any = None
    try:
        data = api.load_text(_read_source(args.file), as_json=args.file.lower().endswith(".json"))
        ruling = api.ask(data, args.lang)
    except InternalError as exc:
        message = _internal(exc, api.guess_lang(data, args.lang))
        if args.json:
            _print_json({"errors": [{"path": "", "message": message}], "internal_error": True})
        else:
            sys.stderr.write(message + "\n")
        return EXIT_INTERNAL
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
        sys.stdout.write(ruling_text(ruling, args.base_url) + "\n")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from adjudicator.checking import check_file, scenario_files
    from adjudicator.i18n import translate
    from adjudicator.render import problems_text, ruling_text

    lang = args.lang or "en"
    files = scenario_files(args.paths)
    counts = {"ok": 0, "mismatch": 0, "no_expect": 0, "unreadable": 0}
    internal = 0
    for f in files:
        if not f.exists():
            counts["unreadable"] += 1
            print(f"ERROR {f}: " + translate(lang, "core.err_no_file"))
            continue
        for outcome in check_file(f, args.lang):
            where = f"{f}{outcome.name}"
            if outcome.status == "internal":   # a bug: say so, and carry on with the next case
                internal += 1
                print(f"ERROR {where}\n      " + _internal(outcome.error, outcome.lang))
                continue
            counts[outcome.status] += 1
            if outcome.status == "ok":
                if args.verbose:
                    print(f"ok    {where}")
            elif outcome.status == "no_expect":
                if args.verbose:
                    print(f"--    {where} (" + translate(outcome.lang, "core.check_no_expect") + ")")
            elif outcome.status == "mismatch":
                assert outcome.ruling is not None  # a mismatch is a ruling that differs from its expect
                print(f"FAIL  {where}")
                for path, want, got in outcome.diffs or []:
                    print("      " + translate(outcome.lang, "core.check_diff", path=path,
                                               want=json.dumps(want, ensure_ascii=False),
                                               got=json.dumps(got, ensure_ascii=False)))
                print("      " + ruling_text(outcome.ruling, args.base_url).replace("\n", "\n      "))
            else:
                print(f"ERROR {where}")
                print("      " + problems_text(outcome.problems or [], outcome.lang).replace("\n", "\n      "))
    total = sum(counts.values())
    print(translate(lang, "core.check_summary", total=total, **counts))
    if internal:
        print(translate(lang, "core.check_internal", n=internal))
        return EXIT_INTERNAL
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

    return serve.main(host=args.host, port=args.port, debug=args.debug, build_missing=not args.no_build,
                      lan=args.lan)


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


def _number(lo: int, hi: int):
    """An argparse type: a whole number from ``lo`` to ``hi``, read by the engine's strict
    reader (``--port 99999`` would otherwise wrap round to another port)."""
    def read(text: str) -> int:
        from adjudicator.params import strict_int

        n = strict_int(text)
        if n is None or not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"a whole number from {lo} to {hi}")
        return n
    return read


def _base_url_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--base-url", metavar="URL",
                   help="where the rules reference is served, for the rule links of the text output "
                        "(default: $ADJUDICATOR_PUBLIC_URL, else http://127.0.0.1:5000, "
                        "where `adjudicator serve` runs)")


def _ask_args(a: argparse.ArgumentParser) -> None:
    a.add_argument("file")
    a.add_argument("--json", action="store_true", help="the ruling as JSON")
    a.add_argument("--lang", choices=LANGS, help="language of the answer (default: the scenario's, else en)")
    _base_url_option(a)
    a.set_defaults(fn=cmd_ask)


def _check_args(c: argparse.ArgumentParser) -> None:
    c.add_argument("paths", nargs="+", metavar="PATH",
                   help="a scenario file, or a folder: every .yaml, .yml and .json file below it")
    c.add_argument("--lang", choices=LANGS,
                   help="language of the problems and the summary (default: each scenario's, else en)")
    c.add_argument("-v", "--verbose", action="store_true", help="list every scenario, not only the failing ones")
    _base_url_option(c)
    c.set_defaults(fn=cmd_check)


def _search_args(s: argparse.ArgumentParser) -> None:
    s.add_argument("query")
    s.add_argument("--lang", choices=LANGS)
    s.add_argument("--json", action="store_true")
    s.add_argument("--limit", type=_number(1, 50), default=10)
    s.set_defaults(fn=cmd_search)


def _build_args(b: argparse.ArgumentParser) -> None:
    b.add_argument("what", choices=("docs", "index", "all"), nargs="?", default="all")
    b.add_argument("--force", action="store_true", help="rebuild even if up to date")
    b.set_defaults(fn=cmd_build)


def _serve_args(v: argparse.ArgumentParser) -> None:
    v.add_argument("--host", default=None,
                   help="the address to listen on (default: 127.0.0.1, this computer only)")
    v.add_argument("--lan", action="store_true",
                   help="open the app to the phones at the table: listen on the local network "
                        "(0.0.0.0) and print the addresses to open, with a QR code. Anyone on that "
                        "network can then use it: fine on a home or club Wi-Fi or a phone's "
                        "hotspot, not on a public one")
    v.add_argument("--port", type=_number(0, 65535), default=5000)
    v.add_argument("--debug", action="store_true", help="Flask's development server with reloading")
    v.add_argument("--no-build", action="store_true", help="do not build missing docs or index first")
    v.set_defaults(fn=cmd_serve)


def _kinds_args(k: argparse.ArgumentParser) -> None:
    k.add_argument("game", nargs="?")
    k.add_argument("--json", action="store_true")
    k.set_defaults(fn=cmd_kinds)


# name -> (help, the function that adds its arguments)
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "ask": ("rule on one scenario file (or - for standard input)", _ask_args),
    "check": ("run scenario files against their expect (exit 1 on a mismatch)", _check_args),
    "search": ("search the rules reference", _search_args),
    "build": ("build the rules reference and/or the search index", _build_args),
    "serve": ("run the web app (on 127.0.0.1; --lan: open to the phones at the table)", _serve_args),
    "kinds": ("list the question kinds of each game", _kinds_args),
}
PROG = "adjudicator"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every subcommand (for --help, --version and mistakes)."""
    p = argparse.ArgumentParser(prog=PROG, description="Rulings with cited rules for War of the Ring, "
                                "War of the Ring: The Card Game and The Lord of the Rings: The Card Game.")
    from adjudicator import __version__
    p.add_argument("--version", action="version", version=f"adjudicator {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    for name, (help_text, add_arguments) in COMMANDS.items():
        add_arguments(sub.add_parser(name, help=help_text))
    return p


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """A known command builds only its own parser (each argparse parser costs about a
    millisecond of a cold start); anything else goes through the whole parser."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        help_text, add_arguments = COMMANDS[args[0]]
        p = argparse.ArgumentParser(prog=f"{PROG} {args[0]}", description=help_text)
        add_arguments(p)
        ns = p.parse_args(args[1:])
        ns.command = args[0]
        return ns
    return build_parser().parse_args(args)


def _report_internal_error(where: str, exc: BaseException) -> None:
    """A bug's traceback goes to stderr only when asked for (ADJUDICATOR_DEBUG=1); the user
    otherwise sees the one-line message that says it is a bug."""
    import os

    if os.environ.get("ADJUDICATOR_DEBUG", "") not in ("", "0"):
        import traceback

        sys.stderr.write(f"internal error in adjudicator.api.{where}:\n"
                         + "".join(traceback.format_exception(exc)))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    from adjudicator import api

    engine_reporter = api.report_internal_error
    # The quiet reporter is for the commands a person reads (ask, check...): a server logs
    # every bug with its traceback (api.log_traceback, to the log ``serve`` sets up).
    api.report_internal_error = api.log_traceback if args.command == "serve" else _report_internal_error
    try:
        return args.fn(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:   # main() also runs in-process (tests, other tools): leave the engine as it was
        api.report_internal_error = engine_reporter
