"""Add tournaments' results (their ``--out`` JSON files) to a strength results file.

For runs made without ``--strength``, or split into several runs on different seeds
(``navcomp tournament --strength`` does the same for one run as it ends):

    .venv/bin/python scripts/record_strength.py results1.json results2.json ...
    .venv/bin/python scripts/record_strength.py --strength other.json results.json
"""

from __future__ import annotations

import argparse
import json

from navcomp.bots.strength import STRENGTH_FILE, record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", help="tournament --out JSON files")
    parser.add_argument("--strength", default=str(STRENGTH_FILE), help="the file to add to")
    args = parser.parse_args()
    for path in args.results:
        with open(path, encoding="utf-8") as file:
            print(record(json.load(file), args.strength))


if __name__ == "__main__":
    main()
