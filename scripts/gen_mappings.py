#!/usr/bin/env python3
"""Generate mappings/*.toml from AMD HIPIFY's published tables and scripts/addenda.toml.

Usage: scripts/gen_mappings.py [--reference DIR] [--addenda FILE] [--out DIR]

  --reference DIR  the reference dir holding hipify-tables/*.md and header-map.tsv
                   (default: reference/ in the repository root, a copy of AMD's tables
                   as of August 2025: see reference/README.md)
  --addenda FILE   facts merged over the tables (default: scripts/addenda.toml)
  --out DIR        where to write <family>.toml (default: mappings/ in the repo root)

Python 3.11 standard library only. The output is deterministic: entries are sorted
by CUDA name, every entry is one line, and TOML is written by hand.

Inputs
------
* scripts/families.toml lists the families (the one list of them, also read by
  scripts/gen_tables.rs) and the HIPIFY table of each family that has one.
* One table per family. Where a library has a `*_and_ROC.md` table it is used (it
  has both the HIP and the ROC columns; the plain and the ROC-only tables list the
  same rows); otherwise the plain `*_by_HIP.md` table, or for cuDNN
  `CUDNN_API_supported_by_MIOPEN.md`.
* cuDNN: upstream dropped hipDNN (2025-07-15) and its table has only a MIOPEN
  column, so that column is the translation: it is written as `hip`. (In a table
  with both a HIP and a MIOPEN column, MIOPEN would be `roc`, as the ROC column is.)
* Versions are HIP (ROCm) versions in the HIP/ROC/MIOPEN columns and the CUDA
  library's own versions in the CUDA columns (cuDNN 9.0.0, cuTENSOR 2.0.0.0). A
  four-part version `a.b.c.0` (cuTENSOR) is written `a.b.c`; any other fourth part
  is an error. The `U` column (unsupported for CUDA versions; cuSPARSELt, cuFile)
  must be empty: every row of those tables has it empty, and its meaning for the
  mappings is undefined.
* Every table row is kept. Exact duplicate rows within a family are dropped; a CUDA
  name listed twice with different data keeps its first row and prints a warning.
* header-map.tsv gives headers.toml. Caffe2 rows (library API_CAFFE2) are skipped:
  they are PyTorch-internal headers, not a CUDA API, and have no family here.
* scripts/addenda.toml holds the facts of ADDENDA.md as data. Each `[[entry]]` is
  keyed by (family, cuda): its fields replace the table row's fields (or create the
  entry), `clear = [...]` removes fields, and its `source` is written out. Each
  `[[header]]` does the same for headers.toml, keyed by the CUDA header. Each
  `[[group]]` sets `hip_added` (and `note`, `source`) on many existing entries of
  one family: the names of its `cuda` list, and those of its `legacy` table, which
  also get `legacy = { before = legacy_before, since = legacy_since, hip = <value> }`
  (hipBLAS's _v2 names below HIP 7.0). Each `[[member]]` is one member of a CUDA
  type (`cudaDeviceProp.sharedMemPerMultiprocessor`), keyed by (type, cuda), with the
  fields of an entry that a member can have (hip, hip_added, legacy, note, source):
  they go to members.toml, which the translation reads only where it knows an
  object's type.

Kind heuristic (the tables do not record it; exactness is nice-to-have)
---------------------------------------------------------------------
Sections whose heading contains "Types"/"types" ("Data types", "Device Types",
"Types References") hold types, enumerators and macros; every other section
(Functions, Function Reference, ... Management, Interoperability, ...) holds functions.

In a function section: `__NAME__` -> macro, else function.
In a type section, first match wins:
  1. family cub: `CubVector` -> type, everything else -> macro (CUB_* helper macros).
  2. `__NAME__` (dunder both ends) -> macro.
  3. ALL_CAPS names (no lower-case letter once a `_v2`/`_st`/`_enum` suffix is
     stripped):
       - known macro prefixes (CUDART_ math constants, CU_LAUNCH_PARAM_, CU_MEMHOSTALLOC_,
         CU_TRSF_, CUDA_ARRAY3D_ flags, ...) or a version suffix (_VERSION, _MAJOR,
         _MINOR, _PATCHLEVEL, _VER_*) -> macro;
       - a `_st` / `_enum` suffix, or a CUDA_ name (driver structs) with a struct-like
         tail (DESC, DESCRIPTOR, PARAMS, MEMCPY2D/3D, PROPERTIES, REQUIREMENTS,
         TOKENS) -> type;
       - otherwise -> enum (CUBLAS_STATUS_SUCCESS, CU_DEVICE_ATTRIBUTE_...).
  4. names ending in `_t`, `_st`, `_enum`, or with no upper-case letter at all
     (`__half`, `cl_context_flags`), or driver names `CUxxx` (`CUdevice`) -> type.
  5. a camelCase name that is a proper prefix of at least two other names of the same
     section continuing with an upper-case letter or digit (`cudaChannelFormatKind` ->
     `cudaChannelFormatKindFloat`, ...) -> type, unless a shorter such stem prefixes it
     (`cudaChannelFormatKindSigned` is an enumerator); so is a name ending in a struct
     word (Desc, Prop, Params, Parms, Attributes, Info, Properties, Requirements,
     Struct), and one ending in a weaker type word (Kind, Window, Handle, Entry,
     Callback, State) unless a stem prefixes it (`cudaErrorIllegalState`).
  6. otherwise -> enum (`cudaMemcpyHostToDevice`, `cudaSuccess`). Known misses:
     `#define` flags spelled like enumerators (`cudaHostAllocDefault`) come out enum.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# The family list lives in scripts/families.toml (also read by scripts/gen_tables.rs).
with open(REPO / "scripts" / "families.toml", "rb") as _f:
    _FAMILY_LIST = tomllib.load(_f)["family"]
# family -> table file stem (without the `_supported_by_...` tail)
TABLES = {f["name"]: f["table"] for f in _FAMILY_LIST if "table" in f}
# Every family with entries (those with no HIPIFY table: addenda only), in
# priority order; headers.toml is written from the header map.
FAMILIES = [f["name"] for f in _FAMILY_LIST if f["name"] != "headers"]

LIBRARY_FAMILY = {
    "API_DRIVER": "driver",
    "API_RUNTIME": "runtime",
    "API_COMPLEX": "complex",
    "API_BLAS": "blas",
    "API_RAND": "rand",
    "API_DNN": "dnn",
    "API_FFT": "fft",
    "API_SPARSE": "sparse",
    "API_SOLVER": "solver",
    "API_CUB": "cub",
    "API_RTC": "rtc",
}
SKIPPED_LIBRARIES = {"API_CAFFE2"}

KINDS = {"function", "type", "enum", "macro", "namespace"}
VERSION_FIELDS = ["added", "deprecated", "changed", "removed"]
# Output field order.
FIELDS = (
    ["hip", "roc", "kind"]
    + [f"cuda_{v}" for v in VERSION_FIELDS]
    + [f"hip_{v}" for v in VERSION_FIELDS + ["experimental"]]
    + [f"roc_{v}" for v in VERSION_FIELDS + ["experimental"]]
    + ["delete", "hip_typedef", "legacy", "wrap_arg", "by_arity", "append_arg", "drop_arg", "call_note", "args", "fn_ptr", "note", "source"]
)
HEADER_FIELDS = ["hip", "roc", "family", "hip_added", "legacy", "unsupported", "note", "source"]
MEMBER_FIELDS = ["family", "hip", "hip_added", "legacy", "note", "source"]

VERSION_RE = re.compile(r"^\d+(\.\d+){0,2}$")
# cuTENSOR writes its versions with four parts (2.0.0.0).
FOUR_PART_RE = re.compile(r"^(\d+\.\d+\.\d+)\.0$")
TYPE_SECTION_RE = re.compile(r"\btypes?\b", re.IGNORECASE)
DUNDER_RE = re.compile(r"^__\w+__$")
MACRO_PREFIXES = (
    "CUDART_",
    "CU_LAUNCH_PARAM_",
    "CU_MEMHOSTALLOC_",
    "CU_MEMHOSTREGISTER_",
    "CU_TRSA_",
    "CU_TRSF_",
    "CU_PARAM_TR_",
    "CU_IPC_HANDLE_SIZE",
    "CUDA_IPC_HANDLE_SIZE",
    "CU_DEVICE_CPU",
    "CU_DEVICE_INVALID",
    "CU_STREAM_LEGACY",
    "CU_STREAM_PER_THREAD",
    "CUDA_COOPERATIVE_LAUNCH_",
    "CUDA_EXTERNAL_MEMORY_DEDICATED",
    "CUDA_EXTERNAL_SEMAPHORE_SIGNAL_SKIP_",
    "CUDA_EXTERNAL_SEMAPHORE_WAIT_SKIP_",
    "CUDA_NVSCISYNC_ATTR_",
)
MACRO_SUFFIX_RE = re.compile(r"_(VERSION|MAJOR|MINOR|PATCHLEVEL|VER_\w+)$")
CAPS_TYPE_RE = re.compile(
    r"(DESC|DESCRIPTOR|PARAMS|MEMCPY[23]D(_PEER)?|PROPERTIES|REQUIREMENTS|TOKENS)$"
)
SUFFIX_RE = re.compile(r"(_v\d+|_st|_enum)$")
STRUCT_WORD_RE = re.compile(
    r"(Desc|Prop|Params|Parms|Attributes|Info|Properties|Requirements|Struct)$"
)
TYPE_WORD_RE = re.compile(r"(Kind|Window|Handle|Entry|Callback|State)$")
# Sections of graphics interoperability (OpenGL, Direct3D, VDPAU, EGL and the
# generic graphics calls): their unsupported rows get a note saying so.
GRAPHICS_SECTION_RE = re.compile(r"\b(Graphics|OpenGL|Direct3D|VDPAU|EGL)\b.*Interoperability", re.IGNORECASE)


def warn(msg: str) -> None:
    print(f"gen_mappings: warning: {msg}", file=sys.stderr)


def die(msg: str) -> None:
    print(f"gen_mappings: error: {msg}", file=sys.stderr)
    sys.exit(1)


# --------------------------------------------------------------------------- tables


def table_path(tables_dir: Path, family: str) -> Path:
    stem = TABLES[family]
    for tail in ("_supported_by_HIP_and_ROC", "_supported_by_HIP", "_supported_by_MIOPEN"):
        p = tables_dir / f"{stem}{tail}.md"
        if p.exists():
            return p
    die(f"no table for family {family} ({stem}_supported_by_HIP*.md) in {tables_dir}")
    raise AssertionError


def cell_name(cell: str) -> str:
    cell = cell.strip()
    if cell.startswith("`") and cell.endswith("`") and len(cell) >= 2:
        return cell[1:-1]
    return cell


def parse_table(path: Path) -> list[tuple[str, dict]]:
    """Return [(section heading, row dict)] for every table row of a HIPIFY .md file."""
    rows = []
    section = ""
    columns: list[str] | None = None
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            section = re.sub(r"^##\s*(\*\*)?(\d+\.\s*)?", "", line).replace("**", "").strip()
            columns = None
            continue
        if not line.startswith("|"):
            continue
        cells = line.split("|")[1:-1]
        if line.startswith("|**"):
            # header: CUDA A D C R HIP A D C R [U] E [ROC A D C R E], or
            # CUDA A D C R MIOPEN A D C R E (cuDNN: MIOpen is the translation)
            heads = [c.strip().strip("*") for c in cells]
            columns = []
            side = None
            for h in heads:
                if h == "CUDA":
                    side = "cuda"
                    columns.append("cuda")
                elif h in ("HIP", "ROC", "MIOPEN"):
                    side = "roc" if h == "ROC" or (h == "MIOPEN" and "HIP" in heads) else "hip"
                    columns.append(side)
                elif h == "U":
                    columns.append("unsupported_for")
                else:
                    name = {"A": "added", "D": "deprecated", "C": "changed", "R": "removed", "E": "experimental"}[h]
                    columns.append(f"{side}_{name}")
            continue
        if line.startswith("|:"):
            continue
        if columns is None or len(cells) != len(columns):
            die(f"{path}:{lineno}: row does not match its table header")
        row = {}
        for col, cell in zip(columns, cells):
            value = cell_name(cell)
            if value:
                if col.endswith(tuple(VERSION_FIELDS + ["experimental"])):
                    value = FOUR_PART_RE.sub(r"\1", value)
                row[col] = value
        if "cuda" not in row:
            die(f"{path}:{lineno}: row without a CUDA name")
        if "unsupported_for" in row:
            die(f"{path}:{lineno}: the U column is not empty ({row['unsupported_for']!r}); teach the generator what it means")
        for k, v in row.items():
            if k.endswith(tuple(VERSION_FIELDS + ["experimental"])) and not VERSION_RE.match(v):
                die(f"{path}:{lineno}: bad version {v!r} in column {k}")
        rows.append((section, row))
    return rows


def infer_kind(family: str, section: str, name: str, section_names: list[str]) -> str:
    """See the module docstring."""
    if not TYPE_SECTION_RE.search(section):
        return "macro" if DUNDER_RE.match(name) else "function"
    if family == "cub":
        return "type" if name == "CubVector" else "macro"
    if DUNDER_RE.match(name):
        return "macro"
    stripped = SUFFIX_RE.sub("", name)
    if not re.search(r"[a-z]", stripped):
        if name.startswith(MACRO_PREFIXES) and not CAPS_TYPE_RE.search(stripped):
            return "macro"
        if MACRO_SUFFIX_RE.search(name):
            return "macro"
        if name.endswith(("_st", "_enum")):
            return "type"
        if name.startswith("CUDA_") and CAPS_TYPE_RE.search(stripped):
            return "type"
        return "enum"
    if name.endswith(("_t", "_st", "_enum")) or not re.search(r"[A-Z]", name):
        return "type"
    if re.match(r"CU[a-z]", name):  # driver types: CUdevice, CUcontext, CUmemorytype
        return "type"
    stems = enum_stems(tuple(section_names))
    extends_stem = any(s != name and name.startswith(s) for s in stems)
    if name in stems and not extends_stem:
        return "type"
    if STRUCT_WORD_RE.search(name) or (TYPE_WORD_RE.search(name) and not extends_stem):
        return "type"
    return "enum"


@functools.cache
def enum_stems(section_names: tuple[str, ...]) -> frozenset[str]:
    """camelCase names that prefix at least two other names of the section."""
    names = sorted(n for n in section_names if re.search(r"[a-z]", n))
    stems = set()
    for i, name in enumerate(names):
        count = 0
        for other in names[i + 1:]:
            if not other.startswith(name):
                break
            if re.match(r"[A-Z0-9]", other[len(name):]):
                count += 1
        if count >= 2:
            stems.add(name)
    return frozenset(stems)


def load_family(tables_dir: Path, family: str) -> tuple[dict[str, dict], str]:
    path = table_path(tables_dir, family)
    rows = parse_table(path)
    by_section: dict[str, list[str]] = {}
    for section, row in rows:
        by_section.setdefault(section, []).append(row["cuda"])
    entries: dict[str, dict] = {}
    raw: dict[str, dict] = {}
    for section, row in rows:
        name = row["cuda"]
        if name in raw:
            if raw[name] != row:
                warn(f"{path.name}: {name} listed twice with different data; keeping the first")
            continue
        raw[name] = row
        entry = {k: v for k, v in row.items() if k != "cuda"}
        entry["kind"] = infer_kind(family, section, name, by_section[section])
        if GRAPHICS_SECTION_RE.search(section) and "hip" not in entry:
            entry["note"] = f"Graphics interop ({section}): HIP has no counterpart."
        entries[name] = entry
    return entries, f"reference/hipify-tables/{path.name}"


def load_headers(reference: Path) -> dict[str, dict]:
    path = reference / "header-map.tsv"
    headers: dict[str, dict] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].split("\t")[:4] != ["cuda_header", "hip_header", "roc_header", "library"]:
        die(f"{path}: unexpected header line")
    for lineno, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        cells = (line.split("\t") + [""] * 5)[:5]
        cuda, hip, roc, library, note = (c.strip() for c in cells)
        if library in SKIPPED_LIBRARIES:
            continue
        if library not in LIBRARY_FAMILY:
            die(f"{path}:{lineno}: unknown library {library!r}")
        entry: dict = {"family": LIBRARY_FAMILY[library]}
        if hip:
            entry["hip"] = hip
        if roc:
            entry["roc"] = roc
        if note == "unsupported":
            entry["unsupported"] = True
        elif note:
            entry["note"] = note
        if cuda in headers:
            if headers[cuda] != entry:
                warn(f"header-map.tsv: {cuda} listed twice with different data; keeping the first")
            continue
        headers[cuda] = entry
    return headers


# -------------------------------------------------------------------------- addenda

ENTRY_KEYS = set(FIELDS) | {"family", "cuda", "clear"}
HEADER_KEYS = set(HEADER_FIELDS) | {"cuda", "clear"}


def check_version(where: str, key: str, value) -> None:
    if not isinstance(value, str) or not VERSION_RE.match(value):
        die(f"{where}: bad version {value!r} for {key}")


def apply_addenda(
    path: Path, families: dict[str, dict[str, dict]], headers: dict[str, dict], members: dict[str, dict]
) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(data) - {"entry", "header", "group", "member"}
    if unknown:
        die(f"{path}: unknown top-level keys {sorted(unknown)}")
    for i, add in enumerate(data.get("entry", [])):
        where = f"{path.name}: entry #{i + 1} ({add.get('cuda', '?')})"
        bad = set(add) - ENTRY_KEYS
        if bad:
            die(f"{where}: unknown keys {sorted(bad)}")
        if "source" not in add:
            die(f"{where}: no source")
        family = add.get("family")
        if family not in families:
            die(f"{where}: unknown family {family!r}")
        cuda = add.get("cuda")
        if not isinstance(cuda, str) or not cuda:
            die(f"{where}: no cuda name")
        for k, v in add.items():
            if re.match(r"(cuda|hip|roc)_", k) and k != "hip_typedef":
                check_version(where, k, v)
        if "kind" in add and add["kind"] not in KINDS:
            die(f"{where}: unknown kind {add['kind']!r}")
        table = families[family]
        entry = table.setdefault(cuda, {})
        for k in add.get("clear", []):
            if k not in FIELDS:
                die(f"{where}: cannot clear unknown field {k!r}")
            entry.pop(k, None)
        for k, v in add.items():
            if k in ("family", "cuda", "clear"):
                continue
            if k == "source" and entry.get("source") not in (None, v) and "args" in add:
                # An argument list added to an entry keeps the entry's other sources.
                v = f"{entry['source']}; {v}"
            entry[k] = v
        if "kind" not in entry:
            die(f"{where}: new entry needs a kind")
    group_keys = {"family", "hip_added", "legacy_before", "legacy_since", "note", "source", "cuda", "legacy"}
    for i, grp in enumerate(data.get("group", [])):
        where = f"{path.name}: group #{i + 1}"
        bad = set(grp) - group_keys
        if bad:
            die(f"{where}: unknown keys {sorted(bad)}")
        for k in ("family", "hip_added", "source"):
            if k not in grp:
                die(f"{where}: no {k}")
        table = families.get(grp["family"])
        if table is None:
            die(f"{where}: unknown family {grp['family']!r}")
        for k in ("hip_added", "legacy_before", "legacy_since"):
            if k in grp:
                check_version(where, k, grp[k])
        legacy = grp.get("legacy", {})
        if legacy and "legacy_before" not in grp:
            die(f"{where}: a legacy table needs legacy_before")
        names = list(grp.get("cuda", [])) + list(legacy)
        if not names:
            die(f"{where}: no names")
        for cuda in names:
            entry = table.get(cuda)
            if entry is None:
                die(f"{where}: {cuda} is not in the {grp['family']} table")
            entry["hip_added"] = grp["hip_added"]
            if cuda in legacy:
                entry["legacy"] = {"before": grp["legacy_before"], "hip": legacy[cuda]}
                if "legacy_since" in grp:
                    entry["legacy"]["since"] = grp["legacy_since"]
            for k in ("note", "source"):
                if k in grp:
                    entry[k] = grp[k]
    for i, add in enumerate(data.get("header", [])):
        where = f"{path.name}: header #{i + 1} ({add.get('cuda', '?')})"
        bad = set(add) - HEADER_KEYS
        if bad:
            die(f"{where}: unknown keys {sorted(bad)}")
        if "source" not in add:
            die(f"{where}: no source")
        cuda = add.get("cuda")
        if not isinstance(cuda, str) or not cuda:
            die(f"{where}: no cuda header")
        entry = headers.setdefault(cuda, {})
        for k in add.get("clear", []):
            entry.pop(k, None)
        for k, v in add.items():
            if k in ("cuda", "clear"):
                continue
            entry[k] = v
        if entry.get("family") not in FAMILIES:
            die(f"{where}: unknown family {entry.get('family')!r}")
    for i, add in enumerate(data.get("member", [])):
        where = f"{path.name}: member #{i + 1} ({add.get('type', '?')}.{add.get('cuda', '?')})"
        bad = set(add) - set(MEMBER_FIELDS) - {"type", "cuda"}
        if bad:
            die(f"{where}: unknown keys {sorted(bad)}")
        for k in ("type", "cuda", "family", "source"):
            if not isinstance(add.get(k), str) or not add[k]:
                die(f"{where}: no {k}")
        if add["family"] not in FAMILIES:
            die(f"{where}: unknown family {add['family']!r}")
        if "hip_added" in add:
            check_version(where, "hip_added", add["hip_added"])
        if "legacy" in add:
            check_version(where, "legacy.before", add["legacy"].get("before"))
        key = f"{add['type']}.{add['cuda']}"
        if key in members:
            die(f"{where}: listed twice")
        members[key] = {k: v for k, v in add.items() if k not in ("type", "cuda")}


# --------------------------------------------------------------------------- output

BARE_KEY_RE = re.compile(r"^[A-Za-z0-9_-]+$")


def apply_roc_casts(path: Path, families: dict[str, dict[str, dict]]) -> None:
    """scripts/roc_casts.toml (scripts/gen_roc_casts.py): each `[[cast]]` writes its casts
    into the entry's ROC `args` list at that arity (`$N` -> `(T*)$N`), or makes one that
    copies every argument, casting those."""
    if not path.exists():
        return
    for add in tomllib.loads(path.read_text(encoding="utf-8")).get("cast", []):
        entry = families[add["family"]].get(add["cuda"])
        if entry is None or not entry.get("roc"):
            continue
        arity, casts = add["arity"], {int(k): v for k, v in add["casts"].items()}
        values = {int(k): v for k, v in add.get("values", {}).items()}
        lists = entry.get("args", [])
        lists = lists if isinstance(lists, list) else [lists]
        mine = next((a for a in lists if a.get("roc") and a["arity"] == arity), None)
        if mine is None:
            mine = {"arity": arity, "roc": True, "to": ", ".join(f"${i}" for i in range(arity))}
            lists.append(mine)
        items = [x.strip() for x in mine["to"].split(", ")]
        mine["to"] = ", ".join(
            f"{casts[int(x[1:])]}{x}" if re.fullmatch(r"\$\d+", x) and int(x[1:]) in casts else x for x in items
        )
        for i, t in values.items():
            mine["note"] = (
                f"{entry['roc']} takes argument {i + 1} as a {t} value, which no hipComplex converts to:"
                f" write {t}(hipCrealf(x), hipCimagf(x)) (hipCreal and hipCimag for double) there"
            )
        entry["args"] = lists[0] if len(lists) == 1 else lists
        src = f"casts: scripts/roc_casts.toml ({add['source']})"
        entry["source"] = f"{entry['source']}; {src}" if entry.get("source") else src


def toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_key(s: str) -> str:
    return s if BARE_KEY_RE.match(s) else toml_str(s)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return toml_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def inline(entry: dict, order: list[str]) -> str:
    extra = set(entry) - set(order)
    if extra:
        die(f"unknown fields {sorted(extra)}")
    parts = [f"{k} = {toml_value(entry[k])}" for k in order if k in entry]
    return "{ " + ", ".join(parts) + " }"


def header_comment(sources: list[str]) -> str:
    return (
        f"# @generated by scripts/gen_mappings.py from {', '.join(sources)}"
        " — do not edit; edit the script or scripts/addenda.toml\n"
    )


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", type=Path, default=REPO / "reference")
    ap.add_argument("--addenda", type=Path, default=REPO / "scripts" / "addenda.toml")
    ap.add_argument("--out", type=Path, default=REPO / "mappings")
    args = ap.parse_args()

    tables_dir = args.reference / "hipify-tables"
    if not tables_dir.is_dir():
        die(f"{tables_dir} not found (use --reference DIR)")

    families: dict[str, dict[str, dict]] = {}
    sources: dict[str, list[str]] = {}
    for family in FAMILIES:
        if family in TABLES:
            families[family], src = load_family(tables_dir, family)
            sources[family] = [src]
        else:
            families[family] = {}
            sources[family] = []
    headers = load_headers(args.reference)
    members: dict[str, dict] = {}
    apply_addenda(args.addenda, families, headers, members)
    apply_roc_casts(args.addenda.parent / "roc_casts.toml", families)

    addenda_src = "scripts/addenda.toml"
    for family in FAMILIES:
        entries = families[family]
        srcs = sources[family] + [addenda_src]
        lines = [header_comment(srcs), "\n[entries]\n"]
        for name in sorted(entries):
            lines.append(f"{toml_key(name)} = {inline(entries[name], FIELDS)}\n")
        write(args.out / f"{family}.toml", "".join(lines))

    lines = [header_comment(["reference/header-map.tsv", addenda_src]), "\n[headers]\n"]
    for name in sorted(headers):
        lines.append(f"{toml_str(name)} = {inline(headers[name], HEADER_FIELDS)}\n")
    write(args.out / "headers.toml", "".join(lines))

    lines = [header_comment([addenda_src]), "\n[members]\n"]
    for name in sorted(members):
        lines.append(f"{toml_str(name)} = {inline(members[name], MEMBER_FIELDS)}\n")
    write(args.out / "members.toml", "".join(lines))

    total = sum(len(e) for e in families.values())
    print(
        f"gen_mappings: wrote {total} entries in {len(FAMILIES)} families, {len(headers)} headers"
        f" and {len(members)} members to {args.out}"
    )


if __name__ == "__main__":
    main()
