#!/usr/bin/env python3
"""Writes scripts/roc_casts.toml (issue 23): the casts rocBLAS and rocSPARSE calls
need with --roc, derived from CUDA's declarations.

cuBLAS and cuSPARSE take complex and half values through pointers to CUDA's types
(`const cuComplex* alpha`, `const __half* A`); the translation keeps those types
(hipComplex, __half: cuCmulf/hipCmulf users need them), and rocBLAS/rocSPARSE take
their own (rocblas_float_complex, rocblas_double_complex, rocblas_half;
rocsparse_float_complex, rocsparse_double_complex), which no pointer converts to
implicitly. The types have the same layout (two floats, two doubles, 16 bits), and
the CUDA call compiled against CUDA's parameter, so a cast at each such parameter
is exact: `(const rocblas_float_complex*)A`. The casts are written at every call
with CUDA's arity, whatever the argument's declared type (an argument CUDA accepted
there has the parameter's type, or converts to it: a cast of the parameter's type).

For each cuBLAS/cuSPARSE function with a ROC name (mappings/blas.toml,
mappings/sparse.toml), the parameters are read from CUDA 13's cublas_api.h and
cusparse.h (the `_v2` declaration of a cuBLAS name), or for cuSPARSE's legacy
functions CUDA 13 no longer declares, from hipSPARSE's declaration of the HIP name
(hipSPARSE copies their parameter lists, with hipComplex for cuComplex).
gen_mappings.py writes each cast into the entry's ROC `args` list at that arity
(a `$N` item becomes `(T*)$N`), making one where there is none. A complex passed by
value (`values`: cuSPARSE's compress tolerance) has no cast: the list's note says
how to write it (HIP-W005 at the call).

rocBLAS's headers are not in Debian 12 (`apt-cache search rocblas`: nothing); the
rocBLAS parameter types are rocBLAS's documented ones (rocblas-types.h:
rocblas_float_complex, rocblas_double_complex, rocblas_half), with cuBLAS's order,
as AMD's CUBLAS_API_supported_by_ROC table maps each function one to one.

    python3 scripts/gen_roc_casts.py [--cuda DIR] [--cublas DIR] [--hip DIR]

cublas_api.h is in the nvidia-cublas wheel, which ci/install-nvcc does not fetch (420
MB): `pip download --no-deps nvidia-cublas==13.0.2.14`, unzip its nvidia/cu13/include,
and pass that folder as --cublas.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from audit_arity import split_params, strip_comments  # noqa: E402

# CUDA's type -> the ROC type, per family.
TYPES = {
    "blas": {
        "cuComplex": "rocblas_float_complex",
        "cuFloatComplex": "rocblas_float_complex",
        "cuDoubleComplex": "rocblas_double_complex",
        "__half": "rocblas_half",
    },
    "sparse": {
        "cuComplex": "rocsparse_float_complex",
        "cuFloatComplex": "rocsparse_float_complex",
        "cuDoubleComplex": "rocsparse_double_complex",
        # hipSPARSE's spelling of the legacy declarations.
        "hipComplex": "rocsparse_float_complex",
        "hipDoubleComplex": "rocsparse_double_complex",
    },
}
HEADERS = {"blas": ["cublas_api.h"], "sparse": ["cusparse.h"]}


def declarations(path: Path, names: set[str]) -> dict[str, tuple[int, list[str]]]:
    """name -> (line, parameters) of its first declaration in `path`."""
    text = strip_comments(path.read_text(errors="replace"))
    out: dict[str, tuple[int, list[str]]] = {}
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", text):
        name = m.group(1)
        if name not in names or name in out:
            continue
        before = text[: m.start()].rstrip()
        if not re.search(r"(CUBLASWINAPI|CUSPARSEAPI|HIPSPARSE_EXPORT|\w+_t|\bint|\*|\bvoid)$", before):
            continue
        depth, k = 1, m.end()
        while k < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[k], 0)
            k += 1
        if not re.match(r"\s*;", text[k:]):
            continue
        params = [re.sub(r"\s+", " ", p) for p in split_params(text[m.end() : k - 1])]
        out[name] = (text.count("\n", 0, m.start()) + 1, params)
    return out


def cast(param: str, types: dict[str, str]) -> str | None:
    """The cast for a parameter of a CUDA type that has a ROC type, if a pointer:
    `const cuComplex* const Aarray[]` -> `(const rocblas_float_complex* const*)`."""
    words = re.findall(r"\w+", param)
    base = next((w for w in words if w in types), None)
    if base is None:
        return None
    ty = param.strip()
    array = re.search(r"\[\s*\]$", ty)
    if array:
        ty = ty[: array.start()].rstrip()
    name = re.search(r"(?<=[\s*&])([A-Za-z_]\w*)$", ty)
    if name and name.group(1) not in ("const", base):
        ty = ty[: name.start()].rstrip()
    if array:
        ty += "*"
    if "*" not in ty:
        return None
    ty = re.sub(rf"\b{base}\b", types[base], ty)
    ty = re.sub(r"\s*\*\s*", "*", ty).replace("*const", "* const")
    return f"({ty})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cuda", type=Path, default=ROOT / ".tools/cuda/include")
    ap.add_argument("--cublas", type=Path, help="folder of cublas_api.h (default: --cuda)")
    ap.add_argument("--hip", type=Path, default=Path("/usr/include"))
    ap.add_argument("--out", type=Path, default=ROOT / "scripts" / "roc_casts.toml")
    args = ap.parse_args()
    dirs = {"blas": args.cublas or args.cuda, "sparse": args.cuda}
    for family, d in dirs.items():
        if not (d / HEADERS[family][0]).exists():
            sys.exit(f"gen_roc_casts: no {HEADERS[family][0]} in {d} (see --help)")
    lines = [
        "# @generated by scripts/gen_roc_casts.py from CUDA 13's cublas_api.h and cusparse.h",
        "# (and hipSPARSE's hipsparse.h for cuSPARSE's legacy functions) — do not edit.",
        "# [[cast]]: the ROC casts of one function's arguments at CUDA's arity; gen_mappings.py",
        "# writes them into the entry's ROC `args` list.",
        "",
    ]
    values: list[str] = []
    count = 0
    for family in ("blas", "sparse"):
        table = tomllib.loads((ROOT / "mappings" / f"{family}.toml").read_text())["entries"]
        want = {c: e for c, e in table.items() if e.get("kind") == "function" and e.get("roc")}
        spelled = {c: {c, f"{c}_v2"} for c in want}
        decl = declarations(dirs[family] / HEADERS[family][0], set().union(*spelled.values()))
        legacy = {}
        if family == "sparse":
            legacy = declarations(args.hip / "hipsparse/hipsparse.h", {e["hip"] for e in want.values() if e.get("hip")})
        for cuda in sorted(want):
            found = next((decl[n] + (f"{HEADERS[family][0]} (CUDA 13.0)", n) for n in sorted(spelled[cuda], reverse=True) if n in decl), None)
            if found is None and want[cuda].get("hip") in legacy:
                h = want[cuda]["hip"]
                found = legacy[h] + ("hipsparse/hipsparse.h (Debian hipSPARSE 5.3.3)", h)
            if found is None:
                continue
            line, params, header, declared = found
            casts = {i: c for i, p in enumerate(params) if (c := cast(p, TYPES[family]))}
            # A complex value (cuSPARSE's compress tolerance): no cast converts it.
            by_value = {
                i: next(TYPES[family][w] for w in re.findall(r"\w+", p) if w in TYPES[family])
                for i, p in enumerate(params)
                if any(w in TYPES[family] for w in re.findall(r"\w+", p)) and "*" not in p and "[" not in p
            }
            if by_value:
                values.append(f"{cuda}: {by_value}")
            if not casts and not by_value:
                continue
            count += 1
            items = ", ".join(f'"{i}" = "{c}"' for i, c in casts.items())
            lines += [
                "[[cast]]",
                f'family = "{family}"',
                f'cuda = "{cuda}"',
                f"arity = {len(params)}",
                f"casts = {{ {items} }}",
            ]
            if by_value:
                vals = ", ".join(f'"{i}" = "{t}"' for i, t in by_value.items())
                lines.append(f"values = {{ {vals} }}")
            lines += [f'source = "{header}:{line} {declared}"', ""]
    args.out.write_text("\n".join(lines))
    print(f"gen_roc_casts: {count} functions with casts -> {args.out}")
    for v in values:
        print(f"gen_roc_casts: a complex by value (a finding at the call): {v}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
