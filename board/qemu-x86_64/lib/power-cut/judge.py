#!/usr/bin/python3
"""What the disk holds after one power cut of the power-cut board (board/qemu-x86_64/power-cut), judged on the host
from bannerd's state directory and the content sets as debugfs dumped them from the disk (after the journal's
replay), and the samples the board wrote before the cut. Prints one line of findings; exits 1 on a failure.

  judge.py STATE SETS ROUND_OUT PROMTOOL ALLOWANCE_MS

STATE: /var/lib/bannerd as dumped; SETS: /root/sets as dumped (with SHA256SUMS); ROUND_OUT: the round's output folder
(samples, cut: absent when the host cut the boot itself); ALLOWANCE_MS: how long before the cut a proof-of-play
line may have been written and still be lost (the writer's fdatasync on the emulated CPU)."""

import hashlib
import json
import os
import subprocess
import sys

FIELDS = ("banner", "start", "end", "centred_s", "cause")


def proof_of_play(directory):
    """Lines of the newest day's file, after checking every line of every file parses and none is torn."""
    problems, newest = [], (None, 0)
    if not os.path.isdir(directory):
        return problems, newest
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".jsonl"):
            continue
        data = open(os.path.join(directory, name), "rb").read()
        if data and not data.endswith(b"\n"):
            tail = data.rsplit(b"\n", 1)[-1]
            problems.append(f"{name}: torn last line ({len(tail)} bytes without an end)")
        lines = data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n")
        for number, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
                missing = [f for f in FIELDS if f not in record]
                if missing:
                    problems.append(f"{name}:{number}: no {', '.join(missing)}")
            except ValueError:
                problems.append(f"{name}:{number}: not JSON: {line[:60]!r}")
        newest = (name, len(lines))
    return problems, newest


def seen_before_cut(round_out, allowance_ms):
    """The most lines the running board had seen at least ALLOWANCE_MS before its cut; None without samples."""
    try:
        cut = int(open(os.path.join(round_out, "cut")).read())
        samples = [line.split() for line in open(os.path.join(round_out, "samples"))]
    except (OSError, ValueError):
        return None
    counts = [int(lines) for t, lines in (s for s in samples if len(s) == 2) if int(t) <= cut - allowance_ms]
    return max(counts, default=0)


def content(state, sets):
    """Which set the content directory holds ("A", "B" or a mix), after checking each file is one the user pushed
    (the sets share no file: each version names its set)."""
    sums = {}
    for line in open(os.path.join(sets, "SHA256SUMS")):
        digest, path = line.split()
        set_name, file_name = path.split("/")
        sums.setdefault(file_name, {})[digest] = set_name.upper()
    problems, versions = [], {}
    directory = os.path.join(state, "content")
    for name in sorted(os.listdir(directory)):
        if name.startswith("."):
            continue  # a sync tool's temporary file or folder, hidden from bannerd
        digest = hashlib.sha256(open(os.path.join(directory, name), "rb").read()).hexdigest()
        found = sums.get(name, {}).get(digest)
        if found is None:
            problems.append(f"content/{name} is no file either set has (changed or torn)")
        versions[name] = found
    for set_name in ("A", "B"):
        names = {n for n, digests in sums.items() if set_name in digests.values()}
        if set(versions) == names and all(v == set_name for v in versions.values()):
            return problems, set_name
    return problems, "a mix: " + " ".join(f"{n}:{v}" for n, v in sorted(versions.items()))


def main():
    state, sets, round_out, promtool, allowance_ms = sys.argv[1:6]
    problems, findings = [], []
    proof_problems, (day, lines) = proof_of_play(os.path.join(state, "proof-of-play"))
    problems += proof_problems
    seen = seen_before_cut(round_out, int(allowance_ms))
    if seen is None:
        findings.append(f"proof of play: {lines} lines ({day})")
    else:
        findings.append(f"proof of play: {lines} lines, {seen} seen {allowance_ms} ms before the cut")
        if lines < seen:
            problems.append(f"proof of play lost {seen - lines} line(s) written more than {allowance_ms} ms before the cut")
    prom = os.path.join(state, "bannerd.prom")
    if os.path.exists(prom):
        check = subprocess.run([promtool, "check", "metrics"], stdin=open(prom), capture_output=True, text=True)
        if check.returncode != 0:
            problems.append(f"promtool check metrics: {(check.stdout + check.stderr).strip()}")
        # An empty or cut-short file passes promtool as long as its lines do: what node_exporter would serve then
        # is no bannerd at all.
        if b"bannerd_build_info" not in open(prom, "rb").read():
            problems.append("the metrics textfile has no bannerd_build_info (empty or cut short)")
        findings.append("metrics: promtool ok" if check.returncode == 0 else "metrics: promtool FAILED")
    else:
        findings.append("metrics: no textfile yet")
    # A cut between the textfile's write and its rename leaves the temporary file: at most the one this cut left,
    # or they pile up, one a cut.
    stale = sorted(n for n in os.listdir(state) if n.startswith("bannerd.prom.tmp-"))
    if len(stale) > 1:
        problems.append(f"{len(stale)} temporary metrics files beside the textfile: {' '.join(stale)}")
    content_problems, held = content(state, sets)
    problems += content_problems
    findings.append(f"content: {held}")
    print("; ".join(findings))
    for problem in problems:
        print(f"FAIL: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
