#!/usr/bin/env python3
"""Arity audit (issue 23): the mapped functions whose HIP declaration takes a
different number of arguments than the CUDA one.

Reads the CUDA headers (CUDA 13: `ci/install-nvcc` puts them in
.tools/cuda/include) and the HIP headers of the target (Debian's HIP 5.2.3
under /usr/include), collects every declaration of each mapped function
(C declarations, C++ overloads and templates, default arguments written
`__dv(x)`, `__dparm(x)` or `= x`), and prints one line per mapped function
whose CUDA arities are not all HIP arities:

    family  cuda_name(arities)  ->  hip_name(arities)  [covered by FIELD]

A mismatch is `covered` where the mapping handles every CUDA arity HIP
lacks (by_arity, append_arg, drop_arg, a HIP `args` list or a call_note at
that arity, or a legacy form); the rest need a look (`--all` lists the covered ones too). Functions the target HIP does
not declare (added later) are counted, not listed. The exit status is 1
when a mismatch is not covered.

    python3 scripts/audit_arity.py [--cuda DIR] [--hip DIR] [--hip-version 5.2]
                                   [--family runtime,driver,rtc,sparse] [--all]

`--pointers` compares pointer parameters instead, at equal arity: a CUDA
pointer parameter whose HIP counterpart points to another type (after the
tables' renames and HIP's typedefs: `unsigned int*` against `int*`, one enum
against another), drops the pointee's `const`, or is no pointer. A CUDA
template (`T**`) counts as taken only by a HIP template or `void*`. Covered by
`wrap_arg` (a cast; one limited by `before` covers below that version only) or
`args` at that parameter, or a `call_note`.

`--roc --pointers` compares the pointer parameters of the cuSPARSE functions
mapped to rocSPARSE, with the ROC column's renames (the HIP one's where a name
has none) and rocSPARSE's typedefs; a type the ROC side gains after
`--roc-version` is left to the finding at its name. Covered by a ROC `args`
list that casts the parameter, or a `call_note` with `roc = true`.

`--roc` compares the ROC column instead (`--roc-version 5.3`): each cuSPARSE
function mapped to rocsparse_* against Debian's rocSPARSE headers
(/usr/include/rocsparse). A function CUDA 13 no longer declares (the legacy
API, removed in CUDA 11/12) is read from hipSPARSE's declaration of its HIP
name, which copies cuSPARSE's parameter list (marked `via hipSPARSE`). A
mismatch is covered by an `args` list with `roc = true` at each CUDA arity
rocSPARSE lacks. `--roc --family blas` does the same for cuBLAS (cublas_api.h,
a name read as its `_v2`/`_v2_64` where cublas_v2.h renames it) against rocBLAS's
headers, which Debian 12 lacks: pass `--hip DIR` where rocblas/internal/ is
(trixie's librocblas-dev 5.5.1, `apt-get download librocblas-dev`) and
`--roc-version 5.5`. `--roc --family rand` compares cuRAND (curand*.h: the
host API, the device API and the MTGP32 set-up) against Debian's rocRAND, and
`--roc --pointers --family rand` its pointer parameters.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEADERS = {
    "runtime": (
        ["cuda_runtime_api.h", "cuda_runtime.h", "driver_functions.h"],
        ["hip/hip_runtime_api.h", "hip/amd_detail/*.h", "hip/hip_ext.h", "hip/driver_types.h"],
    ),
    "driver": (["cuda.h"], ["hip/hip_runtime_api.h", "hip/amd_detail/*.h", "hip/hip_ext.h"]),
    "rtc": (["nvrtc.h"], ["hip/hiprtc.h"]),
    "sparse": (["cusparse.h"], ["hipsparse/hipsparse.h"]),
    "rand": (["curand.h"], ["hiprand/hiprand.h", "hiprand/hiprand_*.h"]),
}

# Blocks that declare what code never calls under these names (cuda.h's
# pre-versioning declarations for the library's own build).
INTERNAL = re.compile(r"__CUDA_API_VERSION_INTERNAL|__CUDART_API_VERSION_INTERNAL")
KEYWORDS = {"return", "if", "while", "for", "switch", "sizeof", "case", "else", "do", "throw", "defined"}


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def strip_internal(text: str) -> str:
    """Drop the branches of `#if defined(__CUDA_API_VERSION_INTERNAL)`."""
    out, stack = [], []  # stack: whether each open #if group is skipped here
    for line in text.split("\n"):
        d = re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
        skipping = any(stack)
        if d:
            kind, cond = d.group(1), d.group(2)
            if kind in ("if", "ifdef", "ifndef"):
                stack.append(kind != "ifndef" and bool(INTERNAL.search(cond)) and "!" not in cond)
            elif kind in ("elif", "else") and stack:
                stack[-1] = False
            elif kind == "endif" and stack:
                stack.pop()
            out.append("")
            continue
        out.append("" if skipping else line)
    return "\n".join(out)


def split_params(params: str) -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in params:
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    last = "".join(cur).strip()
    if last:
        parts.append(last)
    return parts


def arities(params: str) -> set[int] | None:
    """The argument counts a declaration accepts (None: variadic)."""
    ps = split_params(params)
    if ps in ([], ["void"]):
        return {0}
    if any(p == "..." or p.endswith("...") for p in ps):
        return None
    required = len(ps)
    while required and re.search(r"=|\b__dv\s*\(|\b__dparm\s*\(", ps[required - 1]):
        required -= 1
    return set(range(required, len(ps) + 1))


# `#define cuMemAlloc cuMemAlloc_v2`, `#define cudaMemcpy __CUDART_API_PTDS(cudaMemcpy)`:
# the header declares the versioned function under the name code calls.
ALIAS = re.compile(r"^\s*#\s*define\s+(\w+)\s+(?:\w+\s*\(\s*)?(\w+)\s*\)?\s*$", re.M)


def parameter_lists(files: list[Path], names: set[str]) -> dict[str, list[list[str]]]:
    """name -> the parameter lists of its declarations in `files`."""
    found: dict[str, list[list[str]]] = {}
    word = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
    texts = [strip_internal(strip_comments(f.read_text(errors="replace"))) for f in files]
    # A mapped versioned name (`cuMemAlloc_v2`) is declared as its alias.
    spelled: dict[str, str] = {}
    for text in texts:
        for m in ALIAS.finditer(text):
            if m.group(2) in names and m.group(1) != m.group(2):
                spelled.setdefault(m.group(1), m.group(2))
    for text in texts:
        for m in word.finditer(text):
            name = m.group(1)
            if name not in names and name not in spelled:
                continue
            # A declaration: a type (or a calling-convention macro, `*`, `&`)
            # before the name, not a call in an inline body or a macro.
            before = text[: m.start()].rstrip()
            prev = re.search(r"([A-Za-z_]\w*|[*&>])$", before)
            if not prev or prev.group(1) in KEYWORDS:
                continue
            line_start = text.rfind("\n", 0, m.start()) + 1
            if re.match(r"\s*#", text[line_start : m.start()]):
                continue
            depth, k = 1, m.end()
            while k < len(text) and depth:
                depth += {"(": 1, ")": -1}.get(text[k], 0)
                k += 1
            params = text[m.end() : k - 1]
            rest = text[k:].lstrip()
            # `name(args);` as a statement in a body has no type before it;
            # a declaration ends in `;`, `{`, or attributes/`throw()`/`noexcept`.
            if not re.match(r"(;|\{|__attribute__|__THROW|noexcept|throw|DEPRECATED|__HIP_DEPRECATED|HIP_DEPRECATED|\w+\s*\(|\w+\s*;|->)", rest):
                continue
            if re.search(r"[+\-/%]|\"", params) and not re.search(r"__dv|__dparm|=", params):
                continue  # an expression: a call
            # A template's own declaration (`template <class T> f(T **p)`): its
            # parameters are CUDA's overloads, which HIP may lack (see --pointers).
            template = re.search(r"template\s*<[^;{}]*>\s*[^;{}]*$", before[-300:]) is not None
            for n in (name, spelled.get(name)):
                if n is not None and n in names:
                    found.setdefault(n, []).append(split_params(params) + (["<template>"] if template else []))
    return found


def declarations(files: list[Path], names: set[str]) -> dict[str, set[int] | None]:
    """name -> the union of the arities of its declarations in `files`."""
    found: dict[str, set[int] | None] = {}
    for name, lists in parameter_lists(files, names).items():
        for ps in lists:
            a = arities(", ".join(p for p in ps if p != "<template>"))
            if name in found and found[name] is None:
                continue
            found[name] = None if a is None else (found.get(name) or set()) | a
    return found


def items(v) -> list[dict]:
    return v if isinstance(v, list) else [v]


def roc_covering(e: dict, extra: set[int] | None) -> set[str]:
    """`args` (roc = true) at every CUDA arity in `extra`."""
    lists = {a["arity"] for a in items(e.get("args", [])) if a.get("roc")}
    return {"args"} if extra and extra <= lists else set()


def covering(e: dict, extra: set[int] | None) -> set[str]:
    """The fields of mapping `e` that handle every CUDA arity in `extra` (the
    ones HIP lacks): a name, an argument appended or dropped, or a finding."""
    if "legacy" in e:
        return {"legacy"}
    if extra is None:
        return set()
    by = {
        "by_arity": {b["arity"] for b in e.get("by_arity", [])},
        "append_arg": {a["arity"] for a in items(e.get("append_arg", []))},
        "drop_arg": {d["arity"] for d in items(e.get("drop_arg", []))},
        "call_note": {n.get("arity", 0) for n in items(e.get("call_note", []))},
        # An argument list written anew for the HIP side (`cuMemcpy(d, s, n)`
        # -> `hipMemcpy(d, s, n, hipMemcpyDefault)`).
        "args": {a["arity"] for a in items(e.get("args", [])) if not a.get("roc")},
    }
    if 0 in by["call_note"]:
        by["call_note"] |= extra
    fields = set()
    for a in extra:
        hit = {k for k, arities in by.items() if a in arities}
        if not hit:
            return set()
        fields |= hit
    return fields


def expand(root: Path, patterns: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in patterns:
        out.extend(sorted(root.glob(p)))
    return [p for p in out if p.is_file()]


def fmt(a: set[int] | None) -> str:
    if a is None:
        return "..."
    s = sorted(a)
    if len(s) > 1 and s == list(range(s[0], s[-1] + 1)):
        return f"{s[0]}-{s[-1]}"
    return ",".join(map(str, s))


def parse_version(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in v.split("."))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cuda", type=Path, default=ROOT / ".tools/cuda/include")
    ap.add_argument("--hip", type=Path, default=Path("/usr/include"))
    ap.add_argument("--hip-version", default="5.2")
    ap.add_argument("--family", default="runtime,driver")
    ap.add_argument("--all", action="store_true", help="also list the covered mismatches")
    ap.add_argument("--roc", action="store_true", help="compare the ROC column (rocSPARSE)")
    ap.add_argument("--pointers", action="store_true", help="compare pointer parameters")
    ap.add_argument("--roc-version", default="5.3", help="the rocSPARSE version of the headers read")
    args = ap.parse_args()
    if not (args.roc and args.family == "blas") and not (args.cuda / "cuda.h").exists():
        sys.exit(f"audit_arity: no CUDA headers in {args.cuda} (run ci/install-nvcc, or pass --cuda)")
    if args.roc and args.pointers:
        return audit_pointers(args, parse_version(args.roc_version), "roc")
    if args.roc:
        return audit_roc(args)
    target = parse_version(args.hip_version)
    if args.pointers:
        return audit_pointers(args, target)
    status = 0
    for family in args.family.split(","):
        pairs = mapped_pairs(family, target)
        cuda_files, hip_files = HEADERS[family]
        c = declarations(expand(args.cuda, cuda_files), set(pairs))
        h = declarations(expand(args.hip, hip_files), {e["hip"] for e in pairs.values()})
        missing = 0
        rows = []
        for cuda, e in sorted(pairs.items()):
            hip = e["hip"]
            if cuda not in c:
                continue
            if hip not in h:
                missing += 1
                continue
            ca, ha = c[cuda], h[hip]
            if ha is None or (ca is not None and ca <= ha):
                continue
            extra = None if ca is None else ca - ha
            covered = sorted(covering(e, extra))
            if covered and not args.all:
                continue
            tag = f"  [covered by {', '.join(covered)}]" if covered else ""
            if not covered:
                status = 1
            rows.append(f"{family}\t{cuda}({fmt(ca)})\t->\t{hip}({fmt(ha)}){tag}")
        print(f"# {family}: {len(pairs)} mapped functions at HIP {args.hip_version}; "
              f"{missing} not declared by the HIP headers read; {len(rows)} listed")
        for r in rows:
            print(r)
    return status


def mapped_pairs(family: str, target: tuple[int, ...], side: str = "hip") -> dict[str, dict]:
    """The functions of `family` the tables map to a name of `side` (`hip`,
    or `roc`) at that side's version `target`."""
    table = tomllib.loads((ROOT / "mappings" / f"{family}.toml").read_text())["entries"]
    return {
        cuda: e
        for cuda, e in table.items()
        if e.get("kind") == "function" and e.get(side)
        and not (e.get(f"{side}_added") and parse_version(e[f"{side}_added"]) > target)
        and not (e.get(f"{side}_removed") and parse_version(e[f"{side}_removed"]) <= target)
    }


# Words a parameter's type is read without.
NOT_TYPE = {"struct", "enum", "union", "__restrict__", "__restrict", "restrict", "CUDARTAPI", "CUDAAPI"}


def hip_typedefs(files: list[Path]) -> dict[str, list[str]]:
    """`typedef [struct|enum] X [*] Y;` in HIP's headers: Y -> its words."""
    found: dict[str, list[str]] = {}
    pattern = re.compile(r"typedef\s+(const\s+)?(?:struct\s+|enum\s+)?([A-Za-z_]\w*)\s*(\*?)\s*([A-Za-z_]\w*)\s*;")
    for f in files:
        for m in pattern.finditer(f.read_text(errors="replace")):
            if m.group(2) != m.group(4):
                found[m.group(4)] = (["const"] if m.group(1) else []) + [m.group(2)] + (["*"] if m.group(3) else [])
    return found


def pointer_type(param: str, renames: dict[str, str], typedefs: dict[str, list[str]]):
    """(pointer depth, pointee const, pointee words) of a parameter, its name
    dropped, CUDA names renamed and HIP typedefs expanded; None where it is
    no pointer (a reference is none). The const flags are the pointee's,
    then each inner pointer level's."""
    param = re.sub(r"(=|\b__dv\s*\(|\b__dparm\s*\().*$", "", param, flags=re.S)
    words = [w for w in re.findall(r"[A-Za-z_]\w*|\*|&|\[", param) if w not in NOT_TYPE]
    if words and words[-1] == "[":
        words = words[:-1] + ["*"]
    words = [w for w in words if w != "["]
    # The parameter's name: a last word after a type word or `*`.
    if len(words) >= 2 and re.match(r"[A-Za-z_]", words[-1]) and words[-2] != "const" \
            and words[-1] not in ("int", "char", "float", "double", "long", "short", "unsigned", "size_t", "void"):
        words = words[:-1]
    for _ in range(3):
        words = [x for w in words for x in typedefs.get(renames.get(w, w), [renames.get(w, w)])]
    if "*" not in words:
        return None
    star = words.index("*")
    base = words[:star]
    # `const` between the stars (`const char* const*`): a level HIP must keep const too.
    inner = " ".join(words[star:]).split("*")[1:-1]
    const = ("const" in base,) + tuple("const" in level for level in inner)
    return words.count("*"), const, tuple(w for w in base if w != "const")


def pointer_mismatches(cuda: list[str], hip: list[str], renames, typedefs) -> list[int]:
    """The parameters of a CUDA declaration a HIP one of equal arity does not take."""
    bad = []
    for i, (c, h) in enumerate(zip(cuda, hip)):
        if "..." in c:
            continue
        ct, ht = pointer_type(c, renames, typedefs), pointer_type(h, renames, typedefs)
        if ct is None and ht is None:
            continue
        if ct is None or ht is None:
            if "<template>" not in cuda or ht is not None:
                bad.append(i)
            continue
        (cd, cc, cb), (hd, hc, hb) = ct, ht
        if any(c and not h for c, h in zip(cc, hc)):
            bad.append(i)
        elif hd == 1 and hb == ("void",) and cd >= 1:
            continue  # any object pointer converts to void*
        elif cd != hd or (cb != hb and "<template>" not in hip):
            bad.append(i)
    return bad


def audit_pointers(args, target: tuple[int, ...], side: str = "hip") -> int:
    """The `--pointers` mode (see the module's text); `side` "roc": against
    rocSPARSE's (or, `--family rand`, rocRAND's) headers, with the ROC
    column's renames (`--roc --pointers`)."""
    roc_family = args.family if args.family == "rand" else "sparse"
    roc_headers = {"sparse": "rocsparse/*.h", "rand": "rocrand/*.h"}[roc_family]
    # The ROC side renames what has no ROC name as the HIP side does
    # (`cudaStream_t` is `hipStream_t` there too).
    renames, unavailable = {}, set()
    for f in sorted((ROOT / "mappings").glob("*.toml")):
        for cuda, e in tomllib.loads(f.read_text()).get("entries", {}).items():
            if isinstance(e, dict) and e.get(f"{side}_added") and parse_version(e[f"{side}_added"]) > target:
                unavailable.add(cuda)
            if isinstance(e, dict) and (e.get(side) or e.get("hip")):
                renames.setdefault(cuda, e.get(side) or e["hip"])
                if e.get(side) and (f.stem == roc_family or side == "hip"):
                    renames[cuda] = e[side]
    typedef_files = ["hip/*.h", "hip/amd_detail/*.h"] + ([roc_headers] if side == "roc" else [])
    typedefs = hip_typedefs(expand(args.hip, typedef_files))
    if side == "roc":
        # rocSPARSE's default build: `typedef int32_t rocsparse_int;` (int64_t with ILP64).
        typedefs.update({"rocsparse_int": ["int"], "int32_t": ["int"]})
    families = [roc_family] if side == "roc" else args.family.split(",")
    version = args.roc_version if side == "roc" else args.hip_version
    status = 0
    for family in families:
        pairs = mapped_pairs(family, target, side)
        cuda_files, hip_files = HEADERS[family]
        if side == "roc":
            hip_files = [roc_headers]
        c = parameter_lists(expand(args.cuda, cuda_files), set(pairs))
        h = parameter_lists(expand(args.hip, hip_files), {e[side] for e in pairs.values()})
        rows = []
        for cuda, e in sorted(pairs.items()):
            hip_lists = h.get(e[side], [])
            for cl in c.get(cuda, []):
                arity = len([p for p in cl if p != "<template>"])
                same = [hl for hl in hip_lists if len([p for p in hl if p != "<template>"]) == arity]
                misses = [pointer_mismatches(cl, hl, renames, typedefs) for hl in same]
                if not same or not all(misses):
                    continue
                bad = min(misses, key=len)
                cast = {w["index"] for w in items(e.get("wrap_arg", []))
                        if side == "hip"
                        and not (w.get("before") and parse_version(w["before"]) <= target)
                        and w.get("arity", arity) == arity}
                # A list covers a parameter it casts or drops, not one it copies as `$N`.
                listed = {a["arity"] for a in items(e.get("args", []))
                          if bool(a.get("roc")) == (side == "roc")
                          and not any(f"${i}" in [x.strip() for x in a["to"].split(",")] for i in bad)}
                noted = {n.get("arity", arity) for n in items(e.get("call_note", []))
                         if n.get(side, side == "hip")}
                # A type the side lacks at this version is announced where it is named.
                bad = [i for i in bad if not set(re.findall(r"\w+", cl[i])) & unavailable]
                if not bad:
                    continue
                covered = set(bad) <= cast or arity in listed or arity in noted
                if not covered:
                    status = 1
                if covered and not args.all:
                    continue
                tag = "  [covered]" if covered else ""
                shown = "; ".join(f"{cl[i]} -> {hl}" for i in bad for hl in [same[misses.index(bad)][i]])
                rows.append(f"{family}\t{cuda} -> {e[side]}\t{shown}{tag}")
        rows = sorted(set(rows))
        lib = {"sparse": "rocSPARSE", "rand": "rocRAND"}[roc_family] if side == "roc" else "HIP"
        print(f"# {family} --pointers: {len(pairs)} mapped functions at {lib} {version}; "
              f"{sum('[covered]' not in r for r in rows)} not covered")
        for r in rows:
            print(r)
    return status


def audit_roc(args) -> int:
    """The ROC mode: cuSPARSE against rocSPARSE, or cuBLAS against rocBLAS
    (see the module's text)."""
    family = args.family if args.family in ("blas", "rand") else "sparse"
    pairs = mapped_pairs(family, parse_version(args.roc_version), "roc")
    if family == "rand":
        # The host API (curand.h) and the device API (curand_kernel.h and the
        # MTGP32 host set-up) against Debian's rocRAND.
        c = declarations(expand(args.cuda, ["curand*.h"]), set(pairs))
        r = declarations(expand(args.hip, ["rocrand/*.h"]), {e["roc"] for e in pairs.values()})
        lib = "rocRAND"

        def cuda_arity(cuda: str, e: dict) -> tuple[set[int] | None, str]:
            return c.get(cuda), ""
    elif family == "blas":
        # cublas_v2.h renames cublasSgemm to cublasSgemm_v2, cublasSgemm_64 to cublasSgemm_v2_64.
        v2 = {n: re.sub(r"(_64)?$", r"_v2\1", n, count=1) for n in pairs}
        c = declarations(expand(args.cuda, ["cublas_api.h"]), set(pairs) | set(v2.values()))
        r = declarations(expand(args.hip, ["rocblas/internal/*.h"]),
                         {e["roc"] for e in pairs.values()})
        lib = "rocBLAS"

        def cuda_arity(cuda: str, e: dict) -> tuple[set[int] | None, str]:
            return c.get(v2[cuda], c.get(cuda)), ""
    else:
        c = declarations(expand(args.cuda, ["cusparse.h"]), set(pairs))
        via_hip = declarations(expand(args.hip, ["hipsparse/hipsparse.h"]),
                               {e["hip"] for e in pairs.values() if e.get("hip")})
        r = declarations(expand(args.hip, ["rocsparse/*.h"]), {e["roc"] for e in pairs.values()})
        lib = "rocSPARSE"

        def cuda_arity(cuda: str, e: dict) -> tuple[set[int] | None, str]:
            if c.get(cuda) is None and e.get("hip") in via_hip:
                return via_hip[e["hip"]], " via hipSPARSE"
            return c.get(cuda), ""
    status, rows, differ, unread = 0, [], 0, 0
    for cuda, e in sorted(pairs.items()):
        (ca, via), ra = cuda_arity(cuda, e), r.get(e["roc"])
        if ca is None or ra is None:
            unread += 1
            continue
        if ca <= ra:
            continue
        differ += 1
        covered = sorted(roc_covering(e, ca - ra))
        if not covered:
            status = 1
        if covered and not args.all:
            continue
        tag = f"  [covered by {', '.join(covered)}]" if covered else ""
        rows.append(f"{family}\t{cuda}({fmt(ca)}{via})\t->\t{e['roc']}({fmt(ra)}){tag}")
    uncovered = sum("[covered" not in x for x in rows)
    print(f"# {family} --roc: {len(pairs)} functions mapped to {lib} {args.roc_version}; "
          f"{unread} not declared by the headers read; {differ} differ in arity, "
          f"{uncovered} not covered")
    for x in rows:
        print(x)
    return status


if __name__ == "__main__":
    sys.exit(main())
