"""Check the tutorials' scripts against the rules engine, or show one to write its steps.

Each game's view may bring a tutorial (``js/games/<game>/tutorial.json``, docs/web.md):
a seed, options, seats and steps, each step with the actions the person is to make.
This plays every script as a tutorial table would, the bots deciding as they do there,
and fails at the first expected action that is not legal at its step.  ``--show``
prints every step with the bots' moves between, and where the script hands over: the
hand, what the person may do now (to write the next step, or to try another seed with
``--seed``).  ``tests/service/test_tutorials.py`` runs the same check.

    .venv/bin/python scripts/check_tutorial.py                    # every tutorial
    .venv/bin/python scripts/check_tutorial.py space-mission --show
    .venv/bin/python scripts/check_tutorial.py space-pioneers --show --seed 7
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.service.tutorial_scripts import ScriptError, read, scripts, walk


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="tutorials (default: every one)")
    parser.add_argument("--show", action="store_true", help="print each step and the end")
    parser.add_argument("--seed", type=int, help="play the script on another seed")
    args = parser.parse_args()
    names = args.names or sorted(scripts())
    failed = 0
    for name in names:
        try:
            script = read(name)
            if args.seed is not None:
                script = dataclasses.replace(script, seed=args.seed)
            state = walk(script, print if args.show else lambda line: None)
        except ScriptError as error:
            print(f"{name}: FAILS: {error}")
            failed += 1
            continue
        print(f"{name}: {len(script.steps)} steps, every expected action legal in turn")
        if args.show:
            me = script.seat
            print("  where the script hands over:", json.dumps(state.view(me))[:1500])
            if state.current_player == me:
                legal = [state.game.action_to_text(a) for a in state.legal_actions()]
                print("  legal:", ", ".join(legal))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
