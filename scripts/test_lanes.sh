#!/usr/bin/env bash
# Every test, in two pytest runs side by side (a core each).  One runs the API fuzzing,
# the conformance tests and then the browser tests (tests/web/test_*.py: Chromium, one
# at a time); the other runs all the rest.  The browser tests come last in their run:
# Playwright keeps an event loop in the main thread, which a later asyncio.run could not
# share.  The first run's output follows the second's (and stays in
# build/browser-tests.log); the exit status fails if either run failed.
set -u
bin=${1:-.venv/bin}
first=(tests/server/test_fuzz.py tests/core/test_conformance.py tests/web/test_*.py)
mkdir -p build
log=build/browser-tests.log
"$bin/pytest" -q --durations=10 -p no:cacheprovider "${first[@]}" >"$log" 2>&1 &
browser=$!
ignored=()
for path in "${first[@]}"; do ignored+=("--ignore=$path"); done
"$bin/pytest" -q --durations=15 "${ignored[@]}"
others=$?
wait "$browser"
web=$?
echo "=================== API fuzzing, conformance and browser tests ==================="
cat "$log"
exit $((others || web))
