"""The ``navcomp`` command: play, serve, tournament, analyse, bench, moderation, admin,
backup and restore."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="navcomp", description="NavComp: Space Mission and Space Pioneers."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    from navcomp.commands import (
        admin,
        analyse,
        backup,
        bench,
        moderation,
        play,
        serve,
        tournament,
        worker,
    )

    play.add_parser(commands)
    bench.add_parser(commands)
    tournament.add_parser(commands)
    analyse.add_parser(commands)
    serve.add_parser(commands)
    moderation.add_parser(commands)
    admin.add_parser(commands)
    backup.add_parser(commands)
    worker.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped (e.g. head)
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
