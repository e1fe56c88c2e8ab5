#!/usr/bin/env python3
"""Line coverage of the pure-core modules from `swift test --enable-code-coverage` output, gated per module.

Usage: coverage.py CODECOV_JSON MINIMUM_PERCENT MODULE [MODULE ...]
Exits non-zero when any named module is below the minimum, or has no lines at all (a renamed or moved module
would otherwise drop out of the gate unseen), so one module cannot fall behind while the total still passes.
"""
import json
import sys


def main() -> int:
    path, minimum, modules = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    with open(path) as f:
        files = json.load(f)["data"][0]["files"]
    totals = {m: [0, 0] for m in modules}
    for entry in files:
        name = entry["filename"]
        for module in modules:
            if f"/Sources/{module}/" in name and "/.build" not in name:
                lines = entry["summary"]["lines"]
                totals[module][0] += lines["covered"]
                totals[module][1] += lines["count"]
    below = []
    for module, (covered, count) in totals.items():
        percent = 100 * covered / count if count else 0.0
        verdict = "ok" if count and percent >= minimum else "BELOW"
        print(f"coverage: {module}: {percent:.1f} % of {count} lines {verdict}")
        if verdict != "ok":
            below.append(module)
    covered = sum(c for c, _ in totals.values())
    count = sum(n for _, n in totals.values())
    print(f"coverage: pure core: {100 * covered / max(count, 1):.1f} % of {count} lines")
    if below:
        print(f"coverage: below {minimum:.0f} % (or no lines): {', '.join(below)}", file=sys.stderr)
        return 1
    print(f"coverage: every module at {minimum:.0f} % or more")
    return 0


if __name__ == "__main__":
    sys.exit(main())
