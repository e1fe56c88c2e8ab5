#!/usr/bin/env python3
"""Prints line coverage of the pure-core modules from `swift test --enable-code-coverage` output.

Usage: coverage.py CODECOV_JSON MINIMUM_PERCENT MODULE [MODULE ...]
Exits non-zero when the combined coverage of the named modules is below the minimum.
"""
import json
import sys


def main() -> int:
    path, minimum, modules = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    files = json.load(open(path))["data"][0]["files"]
    totals = {m: [0, 0] for m in modules}
    for entry in files:
        name = entry["filename"]
        for module in modules:
            if f"/Sources/{module}/" in name and "/.build" not in name:
                lines = entry["summary"]["lines"]
                totals[module][0] += lines["covered"]
                totals[module][1] += lines["count"]
    covered = sum(c for c, _ in totals.values())
    count = sum(n for _, n in totals.values())
    for module, (c, n) in totals.items():
        print(f"coverage: {module}: {100 * c / max(n, 1):.1f} % of {n} lines")
    percent = 100 * covered / max(count, 1)
    print(f"coverage: pure core: {percent:.1f} % of {count} lines (minimum {minimum:.0f} %)")
    return 0 if percent >= minimum and count > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
