#!/usr/bin/env python3
"""Add a `hipify-ignore` suppression for every warning or error that
`hipify-rs --check --format json` reports, so a maintainer who has reviewed
the remaining hazards can make `--check` pass (and keep it passing in CI),
then prints how many suppressions each code needed.

    hipify-rs --check --format json DIR > findings.jsonl
    python3 scripts/add_suppressions.py findings.jsonl --root DIR

Review first: a suppression says "a person looked at this and it is fine",
which only that person can say. One comment per line, naming every code
reported there: at the line's end (`// hipify-ignore: HIP-W005`), or, on a
line continued with a backslash, as a block comment before the backslash; in
build files with `#`.
"""

import argparse
import collections
import json
import os

BUILD_NAMES = ("Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "setup.py", "pyproject.toml")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("findings", help="JSON Lines from hipify-rs --check --format json")
    ap.add_argument("--root", default=".", help="the directory hipify-rs ran in")
    args = ap.parse_args()
    by_line = collections.defaultdict(set)
    for line in open(args.findings, encoding="utf-8"):
        r = json.loads(line)
        if r.get("type") == "diagnostic" and r["severity"] in ("warning", "error"):
            by_line[(r["path"], r["start"]["line"])].add(r["code"])
    per_code = collections.Counter()
    by_file = collections.defaultdict(dict)
    for (path, line), codes in by_line.items():
        by_file[path][line] = sorted(codes)
    for path, lines in sorted(by_file.items()):
        full = os.path.join(args.root, path)
        with open(full, "rb") as f:
            text = f.read()
        rows = text.split(b"\n")
        build = os.path.basename(path) in BUILD_NAMES or path.endswith((".mk", ".cmake"))
        for n, codes in lines.items():
            row = rows[n - 1]
            cr = row.endswith(b"\r")
            body = row[:-1] if cr else row
            mark = ("hipify-ignore: " + ", ".join(codes)).encode()
            if build:
                body += b"  # " + mark
            elif body.rstrip().endswith(b"\\"):
                cut = body.rstrip()
                body = cut[:-1] + b"/* " + mark + b" */ \\"
            else:
                body += b"  // " + mark
            rows[n - 1] = body + (b"\r" if cr else b"")
            per_code.update(codes)
        with open(full, "wb") as f:
            f.write(b"\n".join(rows))
    for code, n in sorted(per_code.items(), key=lambda x: (-x[1], x[0])):
        print(f"{n}\t{code}")
    print(f"{sum(per_code.values())}\ttotal ({len(by_line)} lines, {len(by_file)} files)")


if __name__ == "__main__":
    main()
