#!/usr/bin/env python3
"""Write mappings/cuda-declared.tsv: every identifier CUDA 13.0's public headers
declare (functions, types, enumerators, macros), with the header that declares
it first. HIP-W004 (unmapped-api) fires only for these names.

The headers come from NVIDIA's PyPI wheels (the CUDA 13.0 update-2 set, the
pins of ci/install-nvcc where they overlap). They are downloaded once with
`pip download --no-deps` into a cache directory, and only their `include/`
headers are read (straight from the zip, nothing is unpacked):

    python3 scripts/gen_cuda_names.py                  # rewrites mappings/cuda-declared.tsv
    python3 scripts/gen_cuda_names.py --wheels DIR     # cache elsewhere (default .tools/wheels-headers)
    python3 scripts/gen_cuda_names.py --parse FILE.h   # print what one header declares (tests use it)

The scanner is lexical, not a C++ parser: it strips comments, reads every
`#define`, then splits the rest into top-level statements (`extern "C" {` and
`namespace x {` are transparent; other braces are bodies it skips, except an
enum's, whose enumerators it reads) and takes from each statement the name it
declares. Every `#if` branch counts: a name some configuration declares is
CUDA's.
"""

import argparse
import os
import re
import subprocess
import sys
import zipfile

# (wheel pin, headers to read: None = every header of the wheel's include/).
WHEELS = [
    ("nvidia-cuda-runtime==13.0.96", None),
    ("nvidia-cuda-nvrtc==13.0.88", None),
    ("nvidia-cublas==13.1.0.3", None),
    ("nvidia-cufft==12.0.0.61", None),
    ("nvidia-curand==10.4.0.35", None),
    ("nvidia-cusparse==12.6.3.3", None),
    ("nvidia-cusolver==12.0.4.66", None),
    ("nvidia-cudnn-cu13==9.13.0.50", None),
]
PLATFORMS = [
    "manylinux_2_27_x86_64",
    "manylinux_2_28_x86_64",
    "manylinux2014_x86_64",
    "manylinux_2_17_x86_64",
    "manylinux2010_x86_64",
    "manylinux_2_12_x86_64",
]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "mappings", "cuda-declared.tsv")

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
TOKEN = re.compile(
    r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|[A-Za-z_][A-Za-z0-9_]*|\d[\w.]*|::|->|[^\s]'
)
# Words that are never the declared name: keywords, qualifiers, attribute syntax.
NOT_NAMES = {
    "extern", "static", "inline", "const", "volatile", "unsigned", "signed", "struct",
    "union", "enum", "class", "typedef", "typename", "template", "void", "int", "char",
    "short", "long", "float", "double", "bool", "auto", "operator", "return", "using",
    "namespace", "constexpr", "explicit", "virtual", "friend", "public", "private",
    "protected", "sizeof", "decltype", "alignas", "noexcept", "throw", "register",
    "__attribute__", "__declspec", "__forceinline__", "__inline__", "__host__",
    "__device__", "__global__", "__noinline__", "__restrict__", "restrict", "default",
    "delete", "new", "if", "else", "for", "while", "do", "switch", "case", "break",
    "true", "false", "nullptr", "static_assert", "__asm__", "asm", "__volatile__",
}


def strip_comments(text):
    """Comments become spaces (newlines kept); string literals are kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" ")
            i = j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def declared(text):
    """The names a header declares: {name: kind}, kind in macro/function/type/enum."""
    text = strip_comments(text).replace("\\\r\n", " ").replace("\\\n", " ")
    names, function_macros, macros, code = {}, set(), set(), []
    for line in text.split("\n"):
        m = re.match(r"\s*#\s*(\w+)\s*(.*)", line)
        if not m:
            code.append(line)
            continue
        if m.group(1) == "define":
            d = re.match(r"([A-Za-z_]\w*)(\()?", m.group(2))
            if d:
                macros.add(d.group(1))
                if d.group(2):
                    function_macros.add(d.group(1))
    tokens = TOKEN.findall("\n".join(code))
    scan(tokens, names, (function_macros, macros))
    for m in macros:  # a declaration says more than a macro of the same name
        names.setdefault(m, "macro")
    return names


def scan(tokens, names, function_macros):
    stmt, i, n = [], 0, len(tokens)
    while i < n:
        t = tokens[i]
        if t == "{":
            head = [x for x in stmt if x not in ('"C"', '"C++"')]
            if head[-1:] == ["extern"] or "namespace" in head:
                stmt, i = [], i + 1  # transparent block
                continue
            close = matching(tokens, i)
            if "enum" in head:
                enumerators(tokens[i + 1 : close], names)
            declare(stmt + ["{"], names, function_macros)
            # A definition ends at its body; `struct X {…} Y;` goes on to the `;`.
            if "(" in stmt and "typedef" not in stmt:
                stmt = []
            else:
                stmt = stmt + ["{", "}"]
            i = close + 1
        elif t == "}":
            stmt, i = [], i + 1  # end of a transparent block
        elif t == ";":
            declare(stmt, names, function_macros)
            stmt, i = [], i + 1
        else:
            stmt.append(t)
            i += 1


def matching(tokens, i):
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j] == "{":
            depth += 1
        elif tokens[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def enumerators(body, names):
    depth, expect = 0, True
    for t in body:
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
        elif t == "," and depth == 0:
            expect = True
        elif expect and depth == 0 and IDENT.fullmatch(t):
            names.setdefault(t, "enum")
            expect = False
        elif depth == 0 and t == "=":
            expect = False


def declare(stmt, names, macro_sets):
    """The name one top-level statement declares, if any."""
    function_macros, macros = macro_sets
    if not stmt or stmt[0] in ("using", "static_assert", "template") and "(" not in stmt:
        if stmt[:1] == ["using"] and len(stmt) > 2 and stmt[2] == "=":
            names.setdefault(stmt[1], "type")
        return
    # Tag names: `struct X`, `enum X`, `union X`, `class X`.
    for k in range(len(stmt) - 1):
        if stmt[k] in ("struct", "union", "enum", "class") and IDENT.fullmatch(stmt[k + 1]):
            if stmt[k + 1] not in NOT_NAMES:
                names.setdefault(stmt[k + 1], "type")
    if "typedef" in stmt:
        # `typedef R (CALL *Name)(…)`: the name inside the first parentheses.
        m = re.search(r"\(\s*(?:\w+\s+)*\*\s*(\w+)\s*\)", " ".join(stmt))
        if m:
            names.setdefault(m.group(1), "type")
            return
        # Otherwise the last identifier outside brackets and braces.
        depth, last = 0, None
        for t in stmt:
            if t in "([{":
                depth += 1
            elif t in ")]}":
                depth -= 1
            elif depth == 0 and IDENT.fullmatch(t) and t not in NOT_NAMES and t not in macros:
                last = t
        if last:
            names.setdefault(last, "type")
        return
    # A function: the first `name(` that is no attribute or function-like macro.
    depth = 0
    for k, t in enumerate(stmt[:-1]):
        if t in "[{":
            depth += 1
        elif t in "]}":
            depth -= 1
        elif t == "(":
            if depth == 0 and k > 0:
                name = stmt[k - 1]
                if (
                    IDENT.fullmatch(name)
                    and name not in NOT_NAMES
                    and name not in function_macros
                    and (k < 2 or stmt[k - 2] not in ("operator", ".", "->", "::"))
                ):
                    names.setdefault(name, "function")
                    return
            depth += 1
        elif t == ")":
            depth -= 1
    # A variable: `extern T name;` (the last identifier at depth 0).
    if stmt[0] == "extern" or stmt[0].startswith("__"):
        idents = [t for t in stmt if IDENT.fullmatch(t) and t not in NOT_NAMES]
        if len(idents) >= 2 and "=" not in stmt and "(" not in stmt:
            names.setdefault(idents[-1], "variable")


# Where a name is declared in several headers, the one a user includes for it:
# a declaration before a macro of the same name, these headers before others,
# internal ones (crt/, the _v9 copies of cuDNN's) last.
MAIN_HEADERS = [
    "cuda_runtime_api.h", "driver_types.h", "cuda.h", "library_types.h", "vector_types.h",
    "cuda_runtime.h", "cublas_api.h", "cublasLt.h", "cufft.h", "curand.h", "cusparse.h",
    "cusolverDn.h", "cusolver_common.h", "nvrtc.h",
]


def rank(header, kind):
    internal = header.startswith("crt/") or header.endswith("_v9.h") or "/" in header
    main = header in MAIN_HEADERS
    return (kind == "macro", internal, not main, MAIN_HEADERS.index(header) if main else 0, header)


def download(wheeldir):
    os.makedirs(wheeldir, exist_ok=True)
    missing = [pin for pin, _ in WHEELS if not wheel_path(wheeldir, pin)]
    if missing:
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
        for p in PLATFORMS:
            cmd += ["--platform", p]
        subprocess.run(cmd + ["-d", wheeldir] + missing, check=True)


def wheel_path(wheeldir, pin):
    name, version = pin.split("==")
    prefix = f"{name.replace('-', '_')}-{version}-"
    for f in sorted(os.listdir(wheeldir)) if os.path.isdir(wheeldir) else []:
        if f.startswith(prefix) and f.endswith(".whl"):
            return os.path.join(wheeldir, f)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wheels", default=os.path.join(ROOT, ".tools", "wheels-headers"))
    ap.add_argument("--parse", metavar="FILE", help="print what one header declares")
    args = ap.parse_args()
    if args.parse:
        with open(args.parse, encoding="utf-8", errors="replace") as f:
            for name, kind in sorted(declared(f.read()).items()):
                print(f"{name}\t{kind}")
        return
    download(args.wheels)
    found = {}
    for pin, only in WHEELS:
        with zipfile.ZipFile(wheel_path(args.wheels, pin)) as z:
            headers = sorted(
                n for n in z.namelist() if "/include/" in n and n.endswith((".h", ".hpp"))
            )
            for h in headers:
                header = h.split("/include/", 1)[1]
                if only is not None and header not in only:
                    continue
                text = z.read(h).decode("utf-8", errors="replace")
                for name, kind in declared(text).items():
                    best = found.get(name)
                    if best is None or rank(header, kind) < rank(*best):
                        found[name] = (header, kind)
    lines = [
        "# @generated by scripts/gen_cuda_names.py from CUDA 13.0 update-2 headers "
        "(PyPI wheels: " + ", ".join(pin for pin, _ in WHEELS) + ")",
        "# name\theader\tkind",
    ]
    lines += [f"{n}\t{h}\t{k}" for n, (h, k) in sorted(found.items())]
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{OUT}: {len(found)} names")


if __name__ == "__main__":
    main()
