#!/usr/bin/env python3
"""HeCBench on a real NVIDIA GPU: the CUDA original of every benchmark and its
hipify-rs translation, built with nvcc (the translation through HIP's NVIDIA
headers, as ci/gpu-validate does for kernels-corpus), run with the Makefile's
`run` target, outputs compared. Called by `ci/gpu-validate ... --corpus hecbench`;
standard library only (Python 3.8+), so it runs on the GPU machine as it is.

Phases (see ci/README.md, "gpu-validate --corpus hecbench"):

  prepare  (here: Rust, Debian's HIP headers)  translate, pack .gpu-hec/
  run      (GPU machine: nvcc, driver, make, python3)  build both variants in
           parallel, run one at a time, compare, write results to --out ($OUT)
  collect  (here)  merge the results files of several runs into
           ci/GPU-RESULTS-REALWORLD.json and write ci/GPU-RESULTS-REALWORLD.md
  pending  (here)  print an --only regex of the benchmarks with no result yet

How the two variants are built: both with the benchmark's ORIGINAL Makefile
(`make`, then `make -s run`), in two copies of the corpus with the same layout
(NAME-cuda/ folders next to include/): cuda/ holds the originals, hip/ the same
files with every translated source replaced by hipify-rs's output. The
translated Makefile is not used: hipify-rs turns nvcc into hipcc there, and on
NVIDIA hipcc is nvcc plus HIP's headers. So `nvcc` on PATH is a wrapper
(bin-cuda/nvcc, bin-hip/nvcc) that replaces any -arch/-gencode by -arch=$ARCH
(the Makefiles say sm_60) and, for hip/, adds -D__HIP_PLATFORM_NVIDIA__ and the
patched HIP headers, and at link time the hipRAND/hipSPARSE shims and -lcuda.
This catches CC=nvcc, NVCC=nvcc and nvcc written in a recipe alike.
"""

import argparse
import concurrent.futures as cf
import datetime
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

SELF = os.path.abspath(__file__)
VERDICTS = ["match", "differ", "timeout", "build-fail", "needs-data", "needs-lib", "excluded", "not-run"]


def log(*a):
    print("hecbench:", *a, flush=True)


def die(msg):
    print("hecbench: " + msg, file=sys.stderr, flush=True)
    sys.exit(2)


# ------------------------------------------------------------ Makefile parsing
def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def run_recipe(makefile_text):
    """The recipe lines of the `run:` rule (continuations joined)."""
    lines = makefile_text.split("\n")
    out, i = [], 0
    while i < len(lines):
        if re.match(r"^run\s*:(?!=)", lines[i]):
            i += 1
            while i < len(lines):
                ln = lines[i]
                if ln.startswith("\t"):
                    cmd = ln[1:]
                    while cmd.endswith("\\") and i + 1 < len(lines):
                        i += 1
                        cmd = cmd[:-1].rstrip() + " " + lines[i].strip()
                    out.append(cmd.strip())
                    i += 1
                elif ln.strip() == "" or ln.lstrip().startswith("#"):
                    i += 1
                else:
                    break
            break
        i += 1
    return [c for c in out if c and not c.startswith("#")]


def make_vars(makefile_text):
    """Simple `NAME = value` assignments (enough to expand $(program) & co.)."""
    v = {}
    for m in re.finditer(r"^([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*[:?+]?=[ \t]*(.*?)[ \t]*$", makefile_text, re.M):
        v.setdefault(m.group(1), m.group(2).split("#")[0].strip())
    return v


def expand(s, v, depth=0):
    if depth > 5:
        return s
    return re.sub(r"\$[({]([A-Za-z_][A-Za-z0-9_.-]*)[)}]",
                  lambda m: expand(v.get(m.group(1), ""), v, depth + 1), s)


OUTPUT_NAME = re.compile(r"(out|result|output|denoised|dump|\.log$)", re.I)
PATHISH = re.compile(r"(/|\.[A-Za-z][A-Za-z0-9_]{0,7}$)")


def missing_inputs(bdir, makefile_text, corpus_dirs):
    """Reasons why the benchmark needs data that is not in the corpus."""
    reasons = []
    for m in sorted(set(re.findall(r"\.\./([A-Za-z0-9_.+-]+)", makefile_text))):
        if m not in corpus_dirs:
            reasons.append("Makefile uses ../%s (not in the corpus)" % m)
    v = make_vars(makefile_text)
    v["LAUNCHER"] = ""  # run with LAUNCHER= (no mpirun/srun)
    # What the Makefile builds (its rule targets, $(program)): `make run` makes
    # it first, so a run argument naming it (`./main`) is no missing input.
    built = set()
    for m in re.finditer(r"^([^\s:#=][^:#=]*?)\s*::?(?!=)", makefile_text, re.M):
        for t in expand(m.group(1), v).split():
            if "%" not in t and not t.startswith("."):
                built.add(os.path.normpath(os.path.join(bdir, t)))
    for k in ("program", "PROGRAM", "EXE", "exe", "TARGET", "target"):
        if v.get(k):
            built.add(os.path.normpath(os.path.join(bdir, expand(v[k], v))))
    for cmd in run_recipe(makefile_text):
        cmd = expand(cmd, v).lstrip("@-+ ")
        cwd = bdir
        for part in re.split(r"&&|;", cmd):
            part = part.strip()
            try:
                toks = shlex.split(part)
            except ValueError:
                continue
            if not toks:
                continue
            if toks[0] == "cd" and len(toks) > 1:
                cwd = os.path.normpath(os.path.join(cwd, toks[1]))
                continue
            exe = os.path.normpath(os.path.join(cwd, toks[0]))
            for t in toks[1:]:
                if t.startswith("-"):
                    if "=" not in t:
                        continue
                    t = t.split("=", 1)[1]
                if t.startswith(("<", ">", "|")) or "*" in t or re.match(r"^[-+]?[0-9.eE+-]+$", t):
                    continue
                if not PATHISH.search(t) or re.match(r"^[0-9]", t):
                    continue
                p = os.path.normpath(os.path.join(cwd, t))
                if os.path.exists(p) or p == exe or p in built:
                    continue
                d = os.path.dirname(p)
                if not os.path.isdir(d):
                    reasons.append("run argument %s: not there" % t)
                elif not OUTPUT_NAME.search(os.path.basename(t)):
                    reasons.append("run argument %s: not there" % t)
    return sorted(set(reasons))


# ------------------------------------------------------------------ prepare
def cmd_prepare(a):
    root = os.path.abspath(a.root)
    dest = os.path.abspath(a.dest)
    hipify = os.path.abspath(a.hipify)
    src = a.src
    if not os.path.exists(src):
        die("corpus not found: %s (give --src DIR or a .tar.xz)" % src)
    tmp = tempfile.mkdtemp(prefix="hecbench-prep-")
    try:
        if os.path.isfile(src):
            log("extracting", src)
            subprocess.run(["tar", "-xf", src, "-C", tmp], check=True)
            cands = [os.path.join(tmp, d) for d in os.listdir(tmp)]
            src_dir = next((c for c in cands if os.path.isdir(c) and any(x.endswith("-cuda") for x in os.listdir(c))), tmp)
        else:
            src_dir = os.path.abspath(src)
        names = sorted(d[:-5] for d in os.listdir(src_dir) if d.endswith("-cuda") and os.path.isdir(os.path.join(src_dir, d)))
        if not names:
            die("no NAME-cuda/ folders in %s" % src_dir)
        stage = os.path.join(tmp, "stage")
        cuda = os.path.join(stage, "cuda")
        os.makedirs(cuda)
        for n in names:
            shutil.copytree(os.path.join(src_dir, n + "-cuda"), os.path.join(cuda, n + "-cuda"), symlinks=True)
        for extra in ("include", "LICENSE", "README.md"):
            p = os.path.join(src_dir, extra)
            if os.path.isdir(p):
                shutil.copytree(p, os.path.join(cuda, extra), symlinks=True)
            elif os.path.isfile(p):
                shutil.copy2(p, os.path.join(cuda, extra))
        # Translate the whole tree at once (hipify-rs walks it in parallel).
        hipout = os.path.join(tmp, "hipout")
        hlog = os.path.join(tmp, "hipify.log")
        mode = ["--single-source"] if a.single_source else []
        log("hipify-rs --no-config %s--output-dir <hip> <cuda> (%d benchmarks)" % ("".join(m + " " for m in mode), len(names)))
        with open(hlog, "wb") as f:
            r = subprocess.run([hipify, "--no-config", "--color", "never", *mode, "--output-dir", hipout, cuda],
                               stdout=f, stderr=subprocess.STDOUT)
        if r.returncode not in (0, 1):
            sys.stdout.write(read_text(hlog)[-4000:])
            die("hipify-rs failed (exit %d)" % r.returncode)
        # Overlay: translated files that differ from the original, build files excepted.
        over = os.path.join(stage, "hipover")
        changed = {}
        for dp, _, fns in os.walk(hipout):
            for fn in fns:
                tp = os.path.join(dp, fn)
                rel = os.path.relpath(tp, hipout)
                if fn in ("Makefile", "makefile", "GNUmakefile", "CMakeLists.txt") or fn.endswith((".mk", ".cmake")):
                    continue
                op = os.path.join(cuda, rel)
                with open(tp, "rb") as f1:
                    t = f1.read()
                o = None
                if os.path.exists(op):
                    with open(op, "rb") as f2:
                        o = f2.read()
                if t != o:
                    os.makedirs(os.path.dirname(os.path.join(over, rel)), exist_ok=True)
                    with open(os.path.join(over, rel), "wb") as f3:
                        f3.write(t)
                    top = rel.split(os.sep)[0]
                    changed.setdefault(top, []).append(rel)
        # The control: the hand-written HIP port (NAME-hip/), laid over the originals
        # as the translation is (same folders, the original Makefile), so that it is
        # built and run on NVIDIA by the same path. Its files that differ from the
        # original's, build files excepted; where the port includes ../NAME-cuda/x.h
        # (HeCBench's ports share the CUDA folder's references) that resolves too.
        hand = os.path.join(stage, "handover")
        hand_files = {}
        if not a.no_control:
            for n in names:
                hd = os.path.join(src_dir, n + "-hip")
                if not os.path.isdir(hd):
                    continue
                k = 0
                for dp, _, fns in os.walk(hd):
                    for fn in fns:
                        if fn in ("Makefile", "makefile", "GNUmakefile", "CMakeLists.txt") or fn.endswith((".mk", ".cmake")):
                            continue
                        fp = os.path.join(dp, fn)
                        if os.path.islink(fp) or not os.path.isfile(fp) or os.path.getsize(fp) > 2**20:
                            continue
                        rel = os.path.join(n + "-cuda", os.path.relpath(fp, hd))
                        with open(fp, "rb") as f1:
                            t = f1.read()
                        op = os.path.join(cuda, rel)
                        if os.path.isfile(op):
                            with open(op, "rb") as f2:
                                if f2.read() == t:
                                    continue
                        os.makedirs(os.path.dirname(os.path.join(hand, rel)), exist_ok=True)
                        with open(os.path.join(hand, rel), "wb") as f3:
                            f3.write(t)
                        k += 1
                hand_files[n] = k
        diag = {}
        for m in re.finditer(r"^\s*(?:-->|at)\s+(\S+?)(?::\d+)", read_text(hlog), re.M):
            top = os.path.relpath(m.group(1), cuda).split(os.sep)[0] if m.group(1).startswith(cuda) else m.group(1).split("/")[0]
            diag[top] = diag.get(top, 0) + 1
        # The patched HIP headers, the shims, a make for machines without one.
        subprocess.run([os.path.join(root, "ci/nvidia-hip/patch-headers"), os.path.join(stage, "hip-include")],
                       check=True, stdout=subprocess.DEVNULL)
        # hipCUB (CUB under the hipcub name) and HIP 6's hip_math_constants.h, which
        # Debian's HIP 5.2 lacks: header-only on NVIDIA (ci/nvidia-hip/README.md).
        shutil.copytree(os.path.join(root, "ci/nvidia-hip/extra"), os.path.join(stage, "hip-include"), dirs_exist_ok=True)
        # Where HIP 5.2's NVIDIA headers differ from AMD's in a way real code trips on.
        with open(os.path.join(root, "ci/nvidia-hip/nvidia-quirks.patch"), "rb") as f:
            subprocess.run(["patch", "-p1", "--quiet", "--forward", "--no-backup-if-mismatch", "-d",
                            os.path.join(stage, "hip-include")], stdin=f, check=True)
        shutil.copytree(os.path.join(root, "ci/nvidia-hip/shim"), os.path.join(stage, "nvidia-hip"))
        mk = shutil.which("make")
        if mk:
            os.makedirs(os.path.join(stage, "tools"))
            shutil.copy2(mk, os.path.join(stage, "tools/make"))
        corpus_dirs = set(os.listdir(cuda))
        benches = []
        for n in names:
            d = os.path.join(cuda, n + "-cuda")
            b = {"name": n, "files_translated": len(changed.get(n + "-cuda", [])),
                 "diagnostics": diag.get(n + "-cuda", 0)}
            mf = next((os.path.join(d, x) for x in ("Makefile", "makefile", "GNUmakefile") if os.path.isfile(os.path.join(d, x))), None)
            if not mf:
                b["skip"] = "no Makefile"
            else:
                t = read_text(mf)
                b["run"] = run_recipe(t)
                if not b["run"]:
                    b["skip"] = "no run target"
                elif "PYTHON_CMD" in t or re.search(r"^\s*\$\(LAUNCHER\)\s*python", "\n".join(b["run"]), re.M):
                    b["skip"] = "run target drives Python/PyTorch, not a built program"
                else:
                    miss = missing_inputs(d, t, corpus_dirs)
                    if miss:
                        b["needs_data"] = miss
            if n in hand_files:
                b["hand"] = {"files": hand_files[n]}
                hm = next((os.path.join(src_dir, n + "-hip", x) for x in ("Makefile", "makefile", "GNUmakefile")
                           if os.path.isfile(os.path.join(src_dir, n + "-hip", x))), None)
                if mf and hm:
                    # The port's own Makefile may build other files than the original's.
                    ov, hv = make_vars(read_text(mf)), make_vars(read_text(hm))
                    os_, hs_ = expand(ov.get("source", ""), ov).split(), expand(hv.get("source", ""), hv).split()
                    hs_ = [x.replace("../%s-cuda/" % n, "") for x in hs_]
                    if os_ != hs_ and hs_:
                        b["hand"]["note"] = "the port's Makefile builds %s, the original's %s (built: the original's list)" % (
                            " ".join(hs_), " ".join(os_))
            benches.append(b)
        if os.path.exists(dest):
            shutil.rmtree(dest)
        os.makedirs(dest)
        log("packing", os.path.relpath(dest, root) + "/payload.tar.gz")
        with tarfile.open(os.path.join(dest, "payload.tar.gz"), "w:gz", compresslevel=9) as tf:
            for x in sorted(os.listdir(stage)):
                tf.add(os.path.join(stage, x), arcname=x)
        shutil.copy2(SELF, os.path.join(dest, "hecbench-validate.py"))
        shutil.copy2(hlog, os.path.join(dest, "hipify.log"))
        h = hashlib.sha256()
        with open(os.path.join(dest, "payload.tar.gz"), "rb") as f:
            h.update(f.read())
        commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip() or "unknown"
        dirty = subprocess.run(["git", "-C", root, "diff", "--quiet", "HEAD", "--", "src", "mappings"]).returncode != 0
        ver = subprocess.run([hipify, "--version"], capture_output=True, text=True).stdout.strip()
        hipver = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libamdhip64-dev"], capture_output=True, text=True).stdout.strip() or "unknown"
        manifest = {
            "payload_sha256": h.hexdigest()[:16],
            "prepared": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit + (" (+ uncommitted changes)" if dirty else ""),
            "translator": ver + " (hipify-rs %s--output-dir; default = newest HIP)" % ("--single-source " if a.single_source else ""),
            "hip_headers": "Debian libamdhip64-dev %s, patched (ci/nvidia-hip)" % hipver,
            "corpus": os.path.basename(os.path.normpath(src)),
            "benchmarks": benches,
        }
        with open(os.path.join(dest, "manifest.json"), "w") as f:
            json.dump(manifest, f, indent=1)
        manifest["control"] = not a.no_control
        with open(os.path.join(dest, "manifest.json"), "w") as f:
            json.dump(manifest, f, indent=1)
        nd = [b for b in benches if b.get("needs_data")]
        sk = [b for b in benches if b.get("skip")]
        size = os.path.getsize(os.path.join(dest, "payload.tar.gz"))
        log("%d benchmarks: %d to build and run, %d need data that is not there, %d skipped (%s)" % (
            len(benches), len(benches) - len(nd) - len(sk), len(nd), len(sk),
            ", ".join(sorted(set(b["skip"] for b in sk)))))
        for b in nd:
            log("  needs-data %-22s %s" % (b["name"], "; ".join(b["needs_data"])))
        log("%d files translated differently from the original; %d files of %d hand-written HIP ports (the control); "
            "payload %.1f MiB" % (sum(len(x) for x in changed.values()), sum(hand_files.values()), len(hand_files), size / 2**20))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------- comparing
TIMING_WORDS = re.compile(
    r"(time|timing|elapsed|duration|second|\bsecs?\b|\bms\b|\bmsec|\bus\b|\busec|µs|\bns\b|\bs\b|\(s\)|"
    r"[0-9.]\s*m?s\b|throughput|bandwidth|[GMKT]i?B/s|/s\b|flop|gflop|tflop|\bgops\b|\bops\b|speed|perf|"
    r"per sec|cycles|clock|\bfps\b|latency|gb/sec|mb/sec|iter/s)", re.I)
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|\b(?:nan|inf)\b", re.I)
PASSFAIL = re.compile(r"\b(PASS(ED)?|FAIL(ED|URE|S)?|Pass(ed)?|Fail(ed|ure|s)?|SUCCESS|Success)\b")
FAILWORD = re.compile(r"\b(FAIL(ED|URE|S)?|Fail(ed|ure|s)?|fail(ed|ure)?)\b")


def mask_line(ln):
    ln = ln.rstrip()
    if TIMING_WORDS.search(ln):
        # Timings printed in padded columns (`%6d ns |`) change width with
        # their value: the blanks go with the numbers.
        return re.sub(r"\s+", " ", NUMBER.sub("#", ln))
    return ln


def mask_columns(header, ln):
    """A row of a comma-separated table under `header`: the numbers of the
    columns whose header names a timing (`elapsedMs`, `TFlops/s`) masked."""
    names, cells = header.split(","), ln.split(",")
    if len(names) < 2 or len(names) != len(cells) or NUMBER.search(header):
        return ln
    return ",".join(NUMBER.sub("#", c) if TIMING_WORDS.search(n) else c for n, c in zip(names, cells))


def norm_lines(text, roots):
    for r in roots:
        text = text.replace(r, "<tree>")
    lines = [x for x in text.split("\n") if x.strip() != ""]
    return [mask_line(mask_columns(lines[i - 1], x) if i else x) for i, x in enumerate(lines)]


def numbers_close(a, b, rtol):
    """Lines a, b equal except numbers that differ by at most rtol (relative)."""
    if NUMBER.sub("#", a) != NUMBER.sub("#", b):
        return False
    na, nb = NUMBER.findall(a), NUMBER.findall(b)
    for x, y in zip(na, nb):
        if x == y:
            continue
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            return False
        if abs(fx - fy) > rtol * max(abs(fx), abs(fy), 1e-30):
            return False
    return True


# API names printed by a program: the HIP variant (a hand port most of all, whose
# strings say `hipMallocManaged` where the original's say `cudaMallocManaged`)
# may name HIP's where the original names CUDA's. Lines that differ only there
# are equal (noted): the cuda/cu/hip prefix of an API name (cudaX/hipX, cuX/hipX,
# cublasX/hipblasX, CUDA_X/HIP_X, CUBLAS_X/HIPBLAS_X, cub::/hipcub::) and the
# runtime's name as a word (CUDA/HIP).
API_LIBS = r"(?:blas|fft|rand|sparse|solver|dnn|BLAS|FFT|RAND|SPARSE|SOLVER|DNN)"
API_NAME = re.compile(r"\b(?:cuda|hip|cu)(?=[A-Z][a-z]|%s)|\b(?:CUDA|HIP|CU)(?=_[A-Z]|%s)|\b(?:hip)?(?=cub\b)|"
                      r"\b(?:CUDA|HIP|cuda|hip)\b" % (API_LIBS, API_LIBS))


def api_norm(ln):
    return API_NAME.sub("<api>", ln)


def compare(c, h, roots, rtol, vary=()):
    """(verdict, detail) for two finished runs (rc, stdout text); the lines at
    the indices `vary` are left out of the comparison."""
    cl, hl = norm_lines(c["stdout"], roots), norm_lines(h["stdout"], roots)
    if vary:
        if len(cl) != len(hl):
            return "differ", "%d lines (original) vs %d (HIP)" % (len(cl), len(hl))
        vs = set(vary)
        cl = [x if i not in vs else "<varies>" for i, x in enumerate(cl)]
        hl = [x if i not in vs else "<varies>" for i, x in enumerate(hl)]
    cpf = [api_norm(x) for x in cl if PASSFAIL.search(x)]
    hpf = [api_norm(x) for x in hl if PASSFAIL.search(x)]
    if c["rc"] != h["rc"]:
        return "differ", "exit status %s (original) vs %s (HIP)" % (c["rc"], h["rc"])
    if cpf != hpf:
        for i in range(max(len(cpf), len(hpf))):
            x = cpf[i] if i < len(cpf) else "(none)"
            y = hpf[i] if i < len(hpf) else "(none)"
            if x != y:
                return "differ", "PASS/FAIL line: %s | HIP: %s" % (x, y)
    approx = api = None
    for i in range(max(len(cl), len(hl))):
        x = cl[i] if i < len(cl) else "(end of output)"
        y = hl[i] if i < len(hl) else "(end of output)"
        if x != y:
            xa, ya = api_norm(x), api_norm(y)
            if xa != x or ya != y:
                if xa == ya:
                    api = api or (i + 1, x, y)
                    continue
                if rtol > 0 and numbers_close(xa, ya, rtol):
                    api = api or (i + 1, x, y)
                    approx = approx or (i + 1, x, y)
                    continue
            if rtol > 0 and numbers_close(x, y, rtol):
                approx = approx or (i + 1, x, y)
                continue
            return "differ", "line %d: %s | HIP: %s" % (i + 1, x, y)
    notes = []
    if api:
        notes.append("lines differ only in cuda/hip API names, equal (first at line %d: %s | HIP: %s)" % api)
    if approx:
        notes.append("numbers within rtol %g, first at line %d: %s | HIP: %s" % ((rtol,) + approx))
    return "match", "; ".join(notes)


# ---------------------------------------------------------------------- run
WRAPPER = r"""#!/usr/bin/env bash
# nvcc for the @SIDE@ variant (written by ci/hecbench-validate.py): any GPU
# architecture the Makefile asks for becomes -arch=@ARCH@; the hip and hand variants get
# HIP's NVIDIA platform headers and, when linking, the shims and -lcuda.
args=() post=() skip=0 link=1 curand=0 cusparse=0
for a in "$@"; do
  if ((skip)); then skip=0; continue; fi
  case "$a" in
    -arch=*|--gpu-architecture=*|-gencode=*|--generate-code=*|-code=*|--gpu-code=*) continue ;;
    -arch|--gpu-architecture|-gencode|--generate-code|-code|--gpu-code) skip=1; continue ;;
    -c|--compile|-E|--preprocess|-M|-MM|--fatbin|-fatbin|-ptx|--ptx|-cubin|--cubin|-dc|--device-c|-lib|--lib|-dlink|--device-link) link=0 ;;
    -lcurand) curand=1 ;;
    -lcusparse) cusparse=1 ;;
  esac
  args+=("$a")
done
extra=(-arch=@ARCH@)
if [[ @SIDE@ != cuda ]]; then
  extra+=(-D__HIP_PLATFORM_NVIDIA__ -isystem "@HIPINC@" -isystem "@HIPINC@/hipsparse")
  if ((link)); then
    post=(-L"@LIB@")
    ((cusparse)) && post+=(-lhipsparse_nvidia -lcusparse)
    ((curand)) && post+=(-lhiprand_nvidia -lcurand)
    post+=(-lcuda)
  fi
fi
echo "+ [@SIDE@] nvcc ${extra[*]} ${args[*]} ${post[*]}" >&2
exec "@NVCC@" "${extra[@]}" "${args[@]}" "${post[@]}"
"""


class Runner:
    def __init__(self, a):
        self.a = a
        self.t0 = time.time()
        self.lock = threading.RLock()
        self.procs = set()
        self.stopping = False

    def left(self):
        return self.a.budget - (time.time() - self.t0)

    # -- setup
    def setup(self):
        a = self.a
        here = os.path.dirname(SELF)
        self.prep = os.path.abspath(a.prepared or here)
        mpath = os.path.join(self.prep, "manifest.json")
        if not os.path.isfile(mpath):
            die("%s missing: run 'ci/gpu-validate prepare --corpus hecbench' first (where Rust is), carry .gpu-hec" % mpath)
        with open(mpath) as f:
            self.manifest = json.load(f)
        root = os.path.dirname(self.prep)
        self.work = os.path.abspath(a.work or os.path.join(root, ".gpu-hec-work"))
        self.out = os.path.abspath(a.out or os.environ.get("OUT") or os.path.join(self.work, "out"))
        os.makedirs(self.out, exist_ok=True)
        nvcc = shutil.which("nvcc")
        if not nvcc:
            for c in ("/usr/local/cuda/bin/nvcc", os.path.join(root, ".tools/cuda/bin/nvcc")):
                if os.access(c, os.X_OK):
                    nvcc = c
                    break
        if not nvcc:
            die("nvcc not found")
        self.nvcc = os.path.realpath(nvcc)
        cudadir = os.path.dirname(os.path.dirname(self.nvcc))
        ld = [os.path.join(cudadir, x) for x in ("lib64", "lib")] + [os.path.join(cudadir, "targets/x86_64-linux/lib")]
        self.env = dict(os.environ)
        self.env["LD_LIBRARY_PATH"] = ":".join([p for p in ld if os.path.isdir(p)] + [self.env.get("LD_LIBRARY_PATH", "")]).strip(":")
        self.env.setdefault("CUDA_HOME", cudadir)
        self.env["LAUNCHER"] = ""
        self.env.pop("MAKEFLAGS", None)
        self.env.pop("MFLAGS", None)
        # The GPU.
        self.gpu, self.driver, cc = "(none: --no-exec)", "-", ""
        try:
            q = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"],
                               capture_output=True, text=True, timeout=30).stdout.strip().split("\n")[0]
            if q:
                self.gpu, self.driver, cc = [x.strip() for x in q.split(",")][:3]
        except (OSError, subprocess.TimeoutExpired, ValueError):
            if not a.no_exec:
                log("warning: nvidia-smi found no GPU")
                self.gpu = "(nvidia-smi: no GPU)"
        self.ngpus = 0
        try:
            self.ngpus = len([x for x in subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30).stdout.split("\n") if x.startswith("GPU ")])
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.arch = os.environ.get("NVCC_ARCH") or ("sm_" + cc.replace(".", "") if cc else "sm_90")
        v = subprocess.run([self.nvcc, "--version"], capture_output=True, text=True).stdout
        m = re.search(r"release ([^,]*), (V[0-9.]*)", v)
        self.nvccver = "%s (%s)" % (m.group(1), m.group(2)) if m else "unknown"
        # Unpack the payload (kept while it is the same, so a warm machine keeps its builds).
        stamp = os.path.join(self.work, "STAMP")
        want = self.manifest["payload_sha256"] + " " + self.arch + " " + self.nvccver
        if not (os.path.isfile(stamp) and read_text(stamp) == want):
            if os.path.exists(self.work):
                shutil.rmtree(self.work)
            os.makedirs(self.work)
            log("unpacking payload")
            with tarfile.open(os.path.join(self.prep, "payload.tar.gz")) as tf:
                if hasattr(tarfile, "fully_trusted_filter"):  # our own archive, symlinks and all
                    tf.extractall(self.work, filter="fully_trusted")
                else:
                    tf.extractall(self.work)
            for tree, over in (("hip", "hipover"), ("hand", "handover")):
                ov = os.path.join(self.work, over)
                if not os.path.isdir(ov):
                    continue
                shutil.copytree(os.path.join(self.work, "cuda"), os.path.join(self.work, tree), symlinks=True)
                for dp, _, fns in os.walk(ov):
                    for fn in fns:
                        rel = os.path.relpath(os.path.join(dp, fn), ov)
                        dst = os.path.join(self.work, tree, rel)
                        os.makedirs(os.path.dirname(dst), exist_ok=True)
                        if os.path.islink(dst):
                            os.remove(dst)
                        shutil.copyfile(os.path.join(dp, fn), dst)
            with open(stamp, "w") as f:
                f.write(want)
        else:
            log("reusing %s (same payload): builds already there are kept" % self.work)
        self.lib = os.path.join(self.work, "lib")
        # The hipRAND/hipSPARSE shims build while the first benchmarks do; HIP builds wait for them.
        self.shims_done = threading.Event()
        def shims():
            try:
                if not all(os.path.exists(os.path.join(self.lib, "lib%s_nvidia.a" % x)) for x in ("hiprand", "hipsparse")):
                    self.build_shims()
            finally:
                self.shims_done.set()
        threading.Thread(target=shims, daemon=True).start()
        # The control (the hand-written HIP port) where the payload has it and --control asks.
        self.control = a.control if os.path.isdir(os.path.join(self.work, "hand")) else "none"
        for side in ("cuda", "hip", "hand"):
            bdir = os.path.join(self.work, "bin-" + side)
            os.makedirs(bdir, exist_ok=True)
            w = (WRAPPER.replace("@SIDE@", side).replace("@ARCH@", self.arch).replace("@NVCC@", self.nvcc)
                 .replace("@HIPINC@", os.path.join(self.work, "hip-include")).replace("@LIB@", self.lib))
            with open(os.path.join(bdir, "nvcc"), "w") as f:
                f.write(w)
            os.chmod(os.path.join(bdir, "nvcc"), 0o755)
            if not shutil.which("make"):
                tm = os.path.join(self.work, "tools/make")
                if os.path.exists(tm) and not os.path.exists(os.path.join(bdir, "make")):
                    os.symlink(tm, os.path.join(bdir, "make"))
        if not shutil.which("make") and not os.path.exists(os.path.join(self.work, "tools/make")):
            die("make not found")
        self.roots = [os.path.join(self.work, x) for x in ("cuda", "hip", "hand")]

    def build_shims(self):
        lib = os.path.join(self.work, "lib")
        os.makedirs(lib, exist_ok=True)
        inc = os.path.join(self.work, "hip-include")
        for s in ("hiprand", "hipsparse"):
            src = os.path.join(self.work, "nvidia-hip", s + "_nvidia.cpp")
            o = os.path.join(lib, s + "_nvidia.o")
            r = subprocess.run([self.nvcc, "-std=c++17", "-D__HIP_PLATFORM_NVIDIA__", "-isystem", inc, "-isystem",
                                inc + "/hipsparse", "-x", "cu", "-c", src, "-o", o], capture_output=True, text=True)
            if r.returncode == 0:
                subprocess.run(["ar", "rcs", os.path.join(lib, "lib%s_nvidia.a" % s), o])
            else:
                log("building the %s shim failed:\n%s" % (s, r.stderr[-2000:]))

    def stop_builds(self):
        self.stopping = True
        with self.lock:
            ps = list(self.procs)
        for p in ps:
            killpg(p)
            open(os.path.join(p.hec_killed), "w").close()

    def env_for(self, side):
        e = dict(self.env)
        e["PATH"] = os.path.join(self.work, "bin-" + side) + ":" + e.get("PATH", "")
        return e

    # -- build
    def build(self, name, side):
        d = os.path.join(self.work, side, name + "-cuda")
        rec = os.path.join(self.work, "res", side, name + ".build.json")
        if os.path.isfile(rec):
            with open(rec) as f:
                r = json.load(f)
            if r.get("ok"):
                r["reused"] = True
                return r
        os.makedirs(os.path.dirname(rec), exist_ok=True)
        if side != "cuda":
            self.shims_done.wait()
        logf = os.path.join(self.work, "res", side, name + ".build.log")
        killed = os.path.join(self.work, "res", side, name + ".killed")
        if os.path.exists(killed):  # a build stopped half-way may have left truncated objects
            subprocess.run(["make", "clean"], cwd=d, env=self.env_for(side), stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)
            os.remove(killed)
        t = time.time()
        r = {"ok": False}
        if self.left() < 20 and not self.a.no_exec:
            r.update(error="not built (time budget)", budget=True)
            return r
        with open(logf, "wb") as f:
            p = subprocess.Popen(["make", "-j%d" % self.a.make_jobs], cwd=d, env=self.env_for(side), stdout=f,
                                 stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
            p.hec_killed = killed
            with self.lock:
                self.procs.add(p)
            try:
                r["rc"] = p.wait(timeout=min(self.a.build_timeout, max(1, self.left() + 5)) if not self.a.no_exec else self.a.build_timeout)
                r["ok"] = r["rc"] == 0
            except subprocess.TimeoutExpired:
                killpg(p)
                open(killed, "w").close()
                r["rc"] = "timeout %ds" % self.a.build_timeout
                if self.left() <= 0 and not self.a.no_exec:
                    r.update(error="not built (time budget)", budget=True)
                    return r
            finally:
                with self.lock:
                    self.procs.discard(p)
        if self.stopping:
            r.update(ok=False, error="not built (time budget)", budget=True)
            return r
        r["secs"] = round(time.time() - t, 1)
        if not r["ok"]:
            text = read_text(logf)
            r["error"] = first_error(text, self.roots) or ("build %s" % r.get("rc"))
            if side != "cuda":
                nl = lib_missing(text) or hipcub_result(text, d)
                if nl:
                    r["needs_lib"] = nl
        with open(rec, "w") as f:
            json.dump(r, f)
        return r

    # -- run
    def run_side(self, name, side, limit, gpu_env, suffix=""):
        d = os.path.join(self.work, side, name + "-cuda")
        base = os.path.join(self.work, "res", side, name + suffix)
        t = time.time()
        with open(base + ".out", "wb") as fo, open(base + ".err", "wb") as fe:
            p = subprocess.Popen(["make", "-s", "run", "LAUNCHER="], cwd=d, env=dict(self.env_for(side), **gpu_env), stdout=fo, stderr=fe,
                                 stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                rc = p.wait(timeout=limit)
                timed_out = False
            except subprocess.TimeoutExpired:
                timed_out = True
                killpg(p)
                rc = None
        secs = round(time.time() - t, 1)
        out, err = read_text(base + ".out"), read_text(base + ".err")
        if rc not in (None, 0):
            # make reports the failing command's status: "make: *** [Makefile:62: run] Error 134"
            m = re.findall(r"\] Error (\d+)", err)
            if m:
                rc = int(m[-1])
        return {"rc": rc, "timeout": timed_out, "secs": secs, "stdout": out, "stderr": err}

    def evaluate(self, b, cb, hb, gpu_env, kb=None):
        """Run (unless --no-exec) and give the result record of one benchmark;
        kb is the hand port's build (the control), None without one."""
        name = b["name"]
        res = {"name": name, "build": {"cuda": strip(cb), "hip": strip(hb)}}
        if kb is not None:
            res["build"]["hand"] = strip(kb)
        if not cb["ok"] and cb.get("budget") or (cb["ok"] and not hb["ok"] and hb.get("budget")) \
                or (cb["ok"] and kb is not None and not kb["ok"] and kb.get("budget")):
            res.update(verdict="not-run", detail="time budget of this call spent before the build", counted=False)
            return res
        if not cb["ok"]:
            res.update(verdict="build-fail", side="original", detail="original: " + cb.get("error", ""), counted=False)
            return res
        if self.a.no_exec:
            if hb["ok"]:
                res.update(verdict="not-run", detail="built (--no-exec)", counted=False)
            elif hb.get("needs_lib"):
                res.update(verdict="needs-lib", detail="HIP: %s (%s)" % (hb["needs_lib"], hb.get("error", "")), counted=False)
            else:
                res.update(verdict="build-fail", side="HIP", detail="HIP: " + hb.get("error", ""), counted=None)
            if kb is not None:
                res["control"] = {"verdict": "not-run" if kb["ok"] else "build-fail", "detail": kb.get("error", "")}
            return res
        limit = self.a.timeout
        res["limit"] = limit
        left = self.left()
        if left < 10:
            res.update(verdict="not-run", detail="time budget of this call spent", counted=False)
            return res
        c = self.run_side(name, "cuda", min(limit, left), gpu_env)
        res["cuda"] = run_summary(c)
        if c["timeout"] and left < limit:
            res.update(verdict="not-run", detail="time budget of this call spent during the original's run", counted=False)
            return res
        orig_ok = (not c["timeout"]) and c["rc"] == 0 and not any(FAILWORD.search(x) for x in c["stdout"].split("\n"))
        nd = needs_data_text(c["stdout"] + "\n" + c["stderr"]) if not orig_ok else None
        if c["timeout"]:
            res.update(verdict="timeout", detail="original ran past %ds (HIP not run)" % limit, counted=False)
            return res
        # The translation gets the limit, or more where the original came close to it
        # (1.5 times the original's time + 5 s), so that noise makes no one-sided timeout.
        hlimit = max(limit, int(1.5 * c["secs"] + 5))

        def run_variant(side, build):
            """(run or None, verdict, detail) of the translation or the hand port."""
            if not build["ok"]:
                if build.get("needs_lib"):
                    return None, "needs-lib", "%s (%s)" % (build["needs_lib"], build.get("error", ""))
                return None, "build-fail", build.get("error", "")
            lft = self.left()
            if lft < 5:
                return None, "not-run", "time budget of this call spent before the %s run" % side
            r = self.run_side(name, side, min(hlimit, max(lft, 5)), gpu_env)
            if r["timeout"]:
                if r["secs"] < hlimit - 1:
                    return r, "not-run", "time budget of this call spent during the %s run" % side
                return r, "timeout", "ran past %ds, original took %ss" % (hlimit, c["secs"])
            v, d = compare(c, r, self.roots, self.a.rtol)
            return r, v, d

        h, v, detail = run_variant("hip", hb)
        if h is not None:
            res["hip"] = run_summary(h)
        if v == "not-run":
            res.update(verdict="not-run", detail=detail, counted=False)
            return res
        k = kv = kdetail = None
        if kb is not None and (self.control == "all" or (orig_ok and v not in ("match", "needs-lib"))):
            k, kv, kdetail = run_variant("hand", kb)
            if k is not None:
                res["hand"] = run_summary(k)
            if kv == "not-run" and orig_ok and v != "match":
                # the translation fails and the control could not say why: a later --resume call decides
                res.update(verdict="not-run", detail=kdetail, counted=False)
                return res
        if "differ" in (v, kv) and self.a.rerun_differ and c["secs"] <= self.a.rerun_differ \
                and self.left() > 2 * c["secs"] + 10:
            # Is the original itself deterministic? Run it again: lines that differ
            # between its two runs (random seeds from the clock, float atomics) say
            # nothing about the translation and are masked, the rest must match.
            c2 = self.run_side(name, "cuda", min(limit, self.left()), gpu_env, ".rerun")
            res["cuda_rerun"] = run_summary(c2)
            if not c2["timeout"] and c2["rc"] == c["rc"]:
                a1, a2 = norm_lines(c["stdout"], self.roots), norm_lines(c2["stdout"], self.roots)
                if len(a1) == len(a2) and a1 != a2:
                    vary = [i for i in range(len(a1)) if a1[i] != a2[i]]

                    def remask(run, vv, dd):
                        if vv != "differ" or run is None or run["rc"] != c["rc"]:
                            return vv, dd
                        v2, d2 = compare(c, run, self.roots, self.a.rtol, vary)
                        if v2 == "match":
                            return "match", ("%d line(s) vary between two runs of the original (first: line %d), masked; %s" % (
                                len(vary), vary[0] + 1, d2)).strip("; ")
                        return vv, dd + " (after masking the %d line(s) that vary between two runs of the original)" % len(vary)
                    v, detail = remask(h, v, detail)
                    kv, kdetail = remask(k, kv, kdetail)
                elif a1 == a2:
                    if v == "differ":
                        detail += " (two runs of the original agree)"
                    if kv == "differ":
                        kdetail += " (two runs of the original agree)"
        if v == "build-fail":
            res.update(verdict="build-fail", side="HIP", detail="HIP: " + detail, counted=orig_ok)
        elif v == "needs-lib":
            res.update(verdict="needs-lib", detail="HIP: " + detail, counted=False)
        elif v == "timeout":
            res.update(verdict="timeout", detail="HIP " + detail, counted=orig_ok)
        else:
            res.update(verdict=v, detail=detail, counted=orig_ok)
        if not orig_ok:
            why = ("original exit %s" % c["rc"]) if c["rc"] != 0 else "original prints FAIL"
            res["detail"] = (why + "; " + res["detail"]).strip("; ")
            if nd:
                res.update(verdict="needs-data", detail=nd + "; " + res["detail"])
        if kv is not None:
            res["control"] = {"verdict": kv, "detail": kdetail}
        control_verdict(res)
        return res

    def main(self):
        a = self.a
        self.setup()
        benches = self.manifest["benchmarks"]
        sel = [b for b in benches if re.search(a.only, b["name"])] if a.only else list(benches)
        if a.batch:
            k, n = [int(x) for x in a.batch.split("/")]
            if not (1 <= k <= n):
                die("--batch K/N with 1 <= K <= N")
            allnames = [b["name"] for b in benches]
            sel = [b for b in sel if allnames.index(b["name"]) % n == k - 1]
        done = {}
        if a.resume == "AUTO":
            a.resume = os.path.join(os.path.dirname(self.prep), "ci", "GPU-RESULTS-REALWORLD.json")
        if a.resume and not os.path.isfile(a.resume):
            log("--resume: %s not there, nothing skipped" % a.resume)
        if a.resume and os.path.isfile(a.resume):
            with open(a.resume) as f:
                # A timeout under a smaller limit than this call's is tried again.
                done = {k: r for k, r in json.load(f).get("results", {}).items() if r.get("verdict") != "not-run"
                        and not (r.get("verdict") == "timeout" and r.get("limit", a.timeout) < a.timeout)}
            before = len(sel)
            sel = [b for b in sel if b["name"] not in done]
            log("--resume %s: %d of %d selected benchmarks have a verdict already, %d left" % (
                os.path.relpath(a.resume), before - len(sel), before, len(sel)))
        if not sel:
            log("nothing to do: no benchmark selected")
            return 0
        tag = a.tag or time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        results = {}
        todo = []
        for b in sel:
            if b.get("skip"):
                results[b["name"]] = {"name": b["name"], "verdict": "excluded", "detail": b["skip"], "counted": False}
            elif b.get("needs_data"):
                results[b["name"]] = {"name": b["name"], "verdict": "needs-data", "detail": "; ".join(b["needs_data"]), "counted": False}
            else:
                todo.append(b)
        ngpu = max(1, a.gpus or self.ngpus)
        lanes = 1 if a.no_exec else ngpu * max(1, a.per_gpu)
        log("nvcc %s, -arch=%s, GPU %s x%d (%d run lane(s)), %d benchmarks to build and run, %d build jobs, run limit %ds, call budget %ds, control (hand-written HIP ports): %s" % (
            self.nvccver, self.arch, self.gpu, self.ngpus, lanes, len(todo), a.jobs, a.timeout, a.budget, self.control))
        meta = {"tag": tag, "gpu": self.gpu, "gpus": self.ngpus, "driver": self.driver, "nvcc": self.nvccver, "arch": self.arch,
                "date": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"), "timeout": a.timeout,
                "no_exec": bool(a.no_exec), "rtol": a.rtol, "host_cpus": os.cpu_count(), "lanes": lanes, "control": self.control,
                **{k: self.manifest.get(k) for k in ("prepared", "commit", "translator", "hip_headers", "payload_sha256")}}
        self.write(meta, results, sel)
        pool = cf.ThreadPoolExecutor(max_workers=a.jobs)
        futs = {}
        queue = list(todo)          # benchmarks not yet handed to a lane, in order
        nsub = [0]                  # how many of todo have their builds submitted
        lookahead = max(8, a.jobs)  # builds are submitted this many benchmarks ahead of the runs

        def sides(b):
            return ("cuda", "hip", "hand") if self.control != "none" and b.get("hand") else ("cuda", "hip")

        def feed():
            upto = len(todo) if a.no_exec else min(len(todo), len(todo) - len(queue) + lookahead)
            while nsub[0] < upto:
                b = todo[nsub[0]]
                for side in sides(b):  # the variants of a benchmark finish close together
                    futs[(b["name"], side)] = pool.submit(self.build, b["name"], side)
                nsub[0] += 1

        def take():
            with self.lock:
                feed()
                for b in queue:
                    if (b["name"], "hip") not in futs:
                        break
                    if all(futs[(b["name"], x)].done() for x in sides(b)):
                        queue.remove(b)
                        return b
                return None if queue else False

        def lane(i):
            gpu_env = {"CUDA_VISIBLE_DEVICES": str(i % ngpu)} if ngpu > 1 else {}
            while True:
                b = take()
                if b is False:
                    return
                if b is None:
                    time.sleep(0.3)
                    continue
                try:
                    cb, hb = futs[(b["name"], "cuda")].result(), futs[(b["name"], "hip")].result()
                    kb = futs[(b["name"], "hand")].result() if (b["name"], "hand") in futs else None
                    r = self.evaluate(b, cb, hb, gpu_env, kb)
                except Exception as e:  # keep going: one odd benchmark must not cost the call
                    import traceback
                    traceback.print_exc()
                    r = {"name": b["name"], "verdict": "not-run", "detail": "internal error: %r" % e, "counted": False}
                with self.lock:
                    results[b["name"]] = r
                    self.write(meta, results, sel)
                    print("%-10s %-24s %s" % (r["verdict"], b["name"], short(r)), flush=True)
                    seen.append(r)
                    if len(seen) == 8 and not a.no_exec:
                        why = sanity(seen)
                        if why:
                            self.abort = why
                            queue.clear()
                if self.abort:
                    return

        seen = []
        self.abort = None
        threads = [threading.Thread(target=lane, args=(i,), daemon=True) for i in range(lanes)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.stop_builds()
        pool.shutdown(wait=True)
        meta["secs"] = round(time.time() - self.t0)
        if self.abort:
            meta["aborted"] = self.abort
        self.write(meta, results, sel)
        self.pack_logs(tag, sel)
        if self.abort:
            log("STOPPED after the first 8 benchmarks, to save the device's time: " + self.abort)
            return 3
        counts = {}
        for r in results.values():
            counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        left = sum(1 for r in results.values() if r["verdict"] == "not-run") + len([b for b in sel if b["name"] not in results])
        ran = sum(1 for b in todo if results.get(b["name"], {}).get("verdict") != "not-run")
        if left and not a.no_exec:
            log("%d benchmarks got a verdict in this call, %d are left for later calls (--resume): about %d more call(s) "
                "at this rate" % (ran, left, -(-left // max(1, ran))))
        counted = [r for r in results.values() if r.get("counted")]
        log("done in %ds: %s; counted %d, of them match %d; results in %s" % (
            time.time() - self.t0, ", ".join("%s %d" % kv for kv in sorted(counts.items())), len(counted),
            sum(1 for r in counted if r["verdict"] == "match"), os.path.join(self.out, "hecbench-%s.json" % tag)))
        return 0 if all(r["verdict"] == "match" for r in counted) else 1

    def write(self, meta, results, sel):
        tag = meta["tag"]
        doc = {"meta": meta, "results": [results[b["name"]] for b in sel if b["name"] in results]}
        p = os.path.join(self.out, "hecbench-%s.json" % tag)
        with open(p + ".tmp", "w") as f:
            json.dump(doc, f, indent=1)
        os.replace(p + ".tmp", p)

    def pack_logs(self, tag, sel):
        # $OUT takes files of at most 16 MiB: cut each log harder until the archive fits.
        p = os.path.join(self.out, "hecbench-%s-logs.tar.gz" % tag)
        for cap in (256 * 1024, 32 * 1024, 4 * 1024):
            self.pack_logs_cap(p, sel, cap)
            if os.path.getsize(p) < 15 * 2**20:
                return
        os.remove(p)

    def pack_logs_cap(self, p, sel, cap):
        names = set(b["name"] for b in sel)
        with tarfile.open(p, "w:gz") as tf:
            for side in ("cuda", "hip", "hand"):
                d = os.path.join(self.work, "res", side)
                if not os.path.isdir(d):
                    continue
                for fn in sorted(os.listdir(d)):
                    if fn.split(".")[0] not in names:
                        continue
                    fp = os.path.join(d, fn)
                    with open(fp, "rb") as f:
                        data = f.read()
                    if len(data) > cap:
                        data = data[:cap // 2] + b"\n[... cut ...]\n" + data[-cap // 2:]
                    ti = tarfile.TarInfo("%s/%s" % (side, fn))
                    ti.size = len(data)
                    ti.mtime = int(time.time())
                    tf.addfile(ti, io.BytesIO(data))


def killpg(p):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(p.pid, sig)
        except (ProcessLookupError, PermissionError):
            return
        try:
            p.wait(timeout=5)
            return
        except subprocess.TimeoutExpired:
            pass


def first_error(text, roots):
    for r in roots:
        text = text.replace(r + "/", "")
    for pat in (r"fatal error:.*", r"error:.*|error [A-Z0-9]+:.*", r"undefined reference to.*", r"cannot find .*",
                r"No rule to make target.*", r"No such file or directory.*", r"can't cd to.*", r"not found$",
                r"\*\*\*.*"):
        m = re.search(r"^.*(" + pat + ")", text, re.M)
        if m:
            return m.group(0).strip()[:300]
    return ""


# HIP libraries that are not header-only on NVIDIA (AMD's builds wrap cuBLAS,
# cuFFT, ...) and that Debian 12 does not package, or packages without the API
# the translation calls: a HIP build that fails on them is left out (needs-lib),
# as a benchmark whose data is missing is.
LIBS = ("hipBLAS", "hipBLASLt", "hipFFT", "hipSOLVER", "hipSPARSE", "hipSPARSELt", "rocBLAS", "rocFFT", "rocSOLVER",
        "rocSPARSE", "MIOpen", "hipDNN", "RCCL", "rocTX", "hipRAND", "hipTensor")
LIB_ERR = re.compile(r"(?:fatal error: ((?:%s)[a-z_/]*)(?:\.h|\.hpp)?: No such file|"
                     r"identifier \"((?:%s)[A-Za-z0-9_]*)\" is undefined|"
                     r"undefined reference to [`']((?:%s)[A-Za-z0-9_]*))" % ((
                         "|".join(sorted(set(x.lower() for x in LIBS))),) * 3))


# FP8 (`__hip_fp8_e4m3_fnuz`, `__HIP_SATFINITE`) is declared by AMD's hip/hip_fp8.h
# only: HIP's NVIDIA headers have no FP8, as they have no hipBLAS.
FP8_ERR = re.compile(r'identifier "(__hip_fp8\w*|__HIP_SATFINITE|__HIP_E[45]M[23]\w*|__hip_cvt_\w*fp8\w*)" is undefined|'
                     r'fatal error: (hip/hip_fp8\.h): No such file')


def lib_missing(text):
    m = LIB_ERR.search(text)
    if not m:
        f = FP8_ERR.search(text)
        if f:
            return "needs HIP's FP8 types (%s; AMD's hip/hip_fp8.h): HIP's NVIDIA headers have none" % (f.group(1) or f.group(2))
        return None
    sym = next(g for g in m.groups() if g)
    low = sym.lower()
    lib = next((x for x in sorted(LIBS, key=len, reverse=True) if low.startswith(x.lower())), sym)
    return "needs %s (%s): no NVIDIA build of it here beyond ci/nvidia-hip's shims" % (lib, sym)


def hipcub_result(text, bdir):
    """hipCUB's Device* algorithms return hipError_t, the stand-in's (CUB's) return
    cudaError_t: a build that fails on exactly that needs the real hipCUB."""
    for m in re.finditer(r'^(\S+?)\((\d+)\): error: a value of type "cudaError_t".*"hipError_t"', text, re.M):
        try:
            with open(os.path.join(bdir, m.group(1)), "rb") as f:
                lines = f.read().decode("utf-8", "replace").split("\n")
        except OSError:
            continue
        i = int(m.group(2)) - 1
        if re.search(r"\bDevice[A-Z]\w*\s*::", "\n".join(lines[max(0, i - 1):i + 3])):
            return "needs hipCUB's Device* wrappers that return hipError_t; the stand-in (CUB) returns cudaError_t"
    return None


def control_verdict(res):
    """The control decides whether a translation that does not match counts: it
    counts only where the hand-written HIP port (built and run the same way)
    matches the original. Where the port fails too, the verdict stays, says so,
    and is not counted (`control_removed`)."""
    ctl = res.get("control")
    if not ctl or res["verdict"] == "match" or not res.get("counted"):
        return res
    kv, kd = ctl["verdict"], ctl.get("detail", "")
    if kv == "match":
        res["detail"] = (res.get("detail", "") + "; the hand port matches the original").strip("; ")
        return res
    res["counted"] = False
    res["control_removed"] = True
    way = "the same way" if kv == res["verdict"] else "differently"
    res["detail"] = ("not counted: the hand port fails too, %s (%s: %s); translation: %s" % (
        way, kv, kd, res.get("detail", ""))).strip("; ")
    return res


def sanity(rs):
    """Why the first benchmarks show that the machine, not the translation, is at
    fault (then the call stops early), or None."""
    built = [r for r in rs if r.get("build", {}).get("cuda", {}).get("ok")]
    if not built:
        errs = [r.get("detail", "") for r in rs if r.get("verdict") == "build-fail"]
        return "no original of the first %d built (first error: %s)" % (len(rs), errs[0] if errs else "?")
    ran = [r for r in built if "cuda" in r]
    failed = [x for x in ran if x["cuda"]["rc"] not in (0, None)]
    if len(failed) >= 5 and not any(x["cuda"]["rc"] == 0 for x in ran):
        return "every original that ran failed (%s: %s)" % (failed[0]["name"], failed[0]["cuda"].get("stderr_head", ""))
    hip_built = [r for r in rs if r.get("build", {}).get("hip", {}).get("ok")]
    if built and not hip_built:
        errs = [r.get("detail", "") for r in rs if r.get("verdict") in ("build-fail", "needs-lib")]
        return "no translation of the first %d built (first error: %s)" % (len(rs), errs[0] if errs else "?")
    return None


def needs_data_text(text):
    m = re.search(r"^.*(No such file or directory|[Cc]annot open|[Cc]ould not open|[Uu]nable to open|[Ff]ailed to open|[Ee]rror opening|[Cc]an't open|not found).*$", text, re.M)
    return ("original: " + m.group(0).strip()[:200]) if m else None


def strip(b):
    return {k: v for k, v in b.items() if k in ("ok", "rc", "secs", "error", "reused")}


def run_summary(r):
    lines = r["stdout"].split("\n")
    return {"rc": r["rc"], "timeout": r["timeout"], "secs": r["secs"],
            "passfail": [x.strip()[:160] for x in lines if PASSFAIL.search(x)][:8],
            "lines": len(lines), "stderr_head": r["stderr"].strip().split("\n")[0][:200] if r["stderr"].strip() else ""}


def short(r):
    b = r.get("build", {})
    s = " ".join("%s:%s" % (k, ("ok %ss" % v.get("secs", "?")) if v.get("ok") else "FAIL") for k, v in b.items())
    if "cuda" in r:
        s += " run %ss/%ss" % (r["cuda"]["secs"], r.get("hip", {}).get("secs", "-"))
        if "hand" in r:
            s += "/%ss" % r["hand"]["secs"]
    if r.get("control"):
        s += " hand:%s" % r["control"]["verdict"]
    return (s + "  " + r.get("detail", ""))[:260]


# ------------------------------------------------------------------ collect
def md(s):
    return str(s).replace("|", "\\|").replace("`", "'").replace("\n", " ")[:180]


def cmd_collect(a):
    doc = {"meta": [], "results": {}}
    if os.path.isfile(a.results) and not a.fresh:
        with open(a.results) as f:
            doc = json.load(f)
    for p in a.files:
        with open(p) as f:
            d = json.load(f)
        if d["meta"].get("no_exec"):
            log("skipping %s: a --no-exec run" % p)
            continue
        doc["meta"] = [m for m in doc["meta"] if m.get("tag") != d["meta"]["tag"] or m.get("date") != d["meta"]["date"]]
        doc["meta"].append(d["meta"])
        for r in d["results"]:
            old = doc["results"].get(r["name"])
            # a later result replaces an earlier one, except a not-run never replaces a result
            if old is None or r["verdict"] != "not-run" or old["verdict"] == "not-run":
                r["from"] = d["meta"]["tag"]
                # A run without the control (--control none, a new translator
                # checked) keeps the earlier control's result: the hand port's
                # run does not depend on the translator.
                if old and "control" in old and "control" not in r:
                    for k in ("control", "control_removed", "hand"):
                        if k in old:
                            r[k] = old[k]
                    if "hand" in old.get("build", {}):
                        r.setdefault("build", {})["hand"] = old["build"]["hand"]
                doc["results"][r["name"]] = r
    if a.manifest and os.path.isfile(a.manifest):
        with open(a.manifest) as f:
            man = json.load(f)
        for b in man["benchmarks"]:
            if b.get("skip"):
                r = {"verdict": "excluded", "detail": b["skip"]}
            elif b.get("needs_data"):
                r = {"verdict": "needs-data", "detail": "; ".join(b["needs_data"])}
            else:
                r = {"verdict": "not-run", "detail": "no run yet"}
            doc["results"].setdefault(b["name"], dict(r, name=b["name"], counted=False))
    with open(a.results, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
    write_md(doc, a.md)
    log("wrote %s and %s" % (a.results, a.md))
    return 0


def write_md(doc, path):
    res = [doc["results"][k] for k in sorted(doc["results"])]
    metas = doc["meta"]
    counted = [r for r in res if r.get("counted")]
    nmatch = sum(1 for r in counted if r["verdict"] == "match")
    by = {}
    for r in res:
        by[r["verdict"]] = by.get(r["verdict"], 0) + 1
    cb = {}
    for r in counted:
        cb[r["verdict"]] = cb.get(r["verdict"], 0) + 1
    def uniq(k):
        return ", ".join(sorted(set(str(m.get(k)) for m in metas))) or "-"
    # The control (issue 23): the hand-written HIP port of each benchmark.
    removed = [r for r in res if r.get("control_removed")]
    ctl = [r for r in counted if r.get("control")]
    kb = {}
    for r in ctl:
        kb[r["control"]["verdict"]] = kb.get(r["control"]["verdict"], 0) + 1
    api = [r["name"] for r in res if "cuda/hip API names" in r.get("detail", "")]
    api_hand = [r["name"] for r in res if "cuda/hip API names" in (r.get("control") or {}).get("detail", "")]
    L = ["# GPU validation of HeCBench (development half)", "",
         "Written by `ci/gpu-validate collect --corpus hecbench` from the results of `ci/gpu-validate run --corpus hecbench`",
         "(see ci/README.md). Each benchmark's CUDA original and its hipify-rs translation are built with nvcc (the",
         "translation through HIP's NVIDIA headers, ci/nvidia-hip/) with the original Makefile, run one at a time with the",
         "Makefile's `run` target, and compared: exit status, `PASS`/`FAIL` lines, and every stdout line once the",
         "numbers on lines about time/bandwidth/throughput are masked. **Counted** are the benchmarks whose original",
         "builds, and runs within the limit with exit 0 and no FAIL line; only `match` passes.",
         "**The control**: each benchmark's hand-written HIP port (HeCBench's NAME-hip) is built and run the same way",
         "(its sources over the original's folder, the original Makefile, HIP's NVIDIA headers) and compared with the",
         "original as the translation is. A translation that does not match counts only where the hand port matches;",
         "where the hand port fails too, the verdict says so and is not counted (`removed by the control`). Lines that",
         "differ only in cuda/hip API names (`cudaMallocManaged`/`hipMallocManaged`, `CUDA`/`HIP`) are equal, noted.", "",
         *(["**Not run on a GPU yet**: this file lists what `prepare` decided (needs-data, excluded); "
            "ci/README.md says how to run the rest.", ""] if not metas else []),
         "- GPU: %s" % uniq("gpu"), "- driver: %s" % uniq("driver"), "- nvcc: %s, `-arch=%s`" % (uniq("nvcc"), uniq("arch")),
         "- commit: %s" % uniq("commit"), "- translator: %s" % uniq("translator"), "- HIP headers: %s" % uniq("hip_headers"),
         "- runs: %s" % "; ".join("%s (%s, %ss)" % (m.get("tag"), m.get("date"), m.get("secs", "?")) for m in metas),
         "- per-program limit: %s s; numbers off by at most rtol %s count as equal (noted)" % (uniq("timeout"), uniq("rtol")),
         "- verdicts, all benchmarks: %s" % ", ".join("%s %d" % kv for kv in sorted(by.items())),
         "- verdicts, counted: %s" % (", ".join("%s %d" % kv for kv in sorted(cb.items())) or "none"),
         "- control (hand-written HIP port): removed %d benchmark(s) whose translation fails where the hand port fails "
         "too%s; hand port vs original, counted benchmarks: %s" % (
             len(removed), (" (%s)" % ", ".join(r["name"] for r in removed)) if removed else "",
             ", ".join("%s %d" % kv for kv in sorted(kb.items())) or "not run"),
         "- lines equal up to cuda/hip API names: translation %s; hand port %s" % (
             ", ".join(api) or "none", ", ".join(api_hand) or "none"),
         "- result: **%d of %d counted benchmarks match (%.1f %%)**; issue 15's targets: at least 100 counted: %s; "
         "at least 98 %% match: %s; no benchmark left unrun: %s" % (
             nmatch, len(counted), 100.0 * nmatch / max(1, len(counted)), "yes" if len(counted) >= 100 else "**no**",
             "yes" if nmatch >= 0.98 * len(counted) and counted else "**no**",
             "yes" if not by.get("not-run") else "**no** (%d not run: `ci/gpu-validate pending --corpus hecbench`)" % by["not-run"]),
         "", "| benchmark | verdict | counted | original | HIP | hand port | note |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in res:
        def side(k):
            b = r.get("build", {}).get(k)
            x = r.get(k)
            if b is None:
                return "-"
            if not b.get("ok"):
                return "build FAIL"
            if not x:
                return "built %ss" % b.get("secs", "?")
            if x["timeout"]:
                return "**timeout**"
            return ("exit %s, %ss" if x["rc"] == 0 else "**exit %s**, %ss") % (x["rc"], x["secs"])
        v = r["verdict"] if r["verdict"] == "match" or not r.get("counted") else "**%s**" % r["verdict"]
        if r["verdict"] == "build-fail" and r.get("side"):
            v += " (%s)" % r["side"]
        c = r.get("control")
        hand = "-"
        if c:
            hand = c["verdict"] + ("" if c["verdict"] in ("match", "not-run") or not c.get("detail") else ": " + c["detail"])
            if c["verdict"] == "match" and c.get("detail"):
                hand += " (%s)" % c["detail"]
        cnt = "yes" if r.get("counted") else ("no (control)" if r.get("control_removed") else "no")
        L.append("| %s | %s | %s | %s | %s | %s | %s |" % (r["name"], v, cnt, side("cuda"), side("hip"), md(hand)[:140],
                                                          md(r.get("detail", ""))))
    # What each counted non-match is, written by a person after reading its logs
    # (ci/GPU-RESULTS-REALWORLD.notes.md, kept beside the results).
    notes = (path[:-3] if path.endswith(".md") else path) + ".notes.md"
    if os.path.exists(notes):
        with open(notes) as f:
            L += ["", f.read().rstrip()]
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def cmd_pending(a):
    with open(a.results) as f:
        doc = json.load(f)
    names = [k for k, r in sorted(doc["results"].items()) if r["verdict"] == "not-run"]
    print("^(" + "|".join(re.escape(n) for n in names) + ")$" if names else "")
    return 0


def cmd_selftest(_a):
    """What decides a verdict, on made-up inputs (ci/test runs this; no GPU, no nvcc)."""
    C = lambda rc, o: {"rc": rc, "stdout": o}  # noqa: E731
    checks = [
        (compare(C(0, "Average kernel execution time: 12.5 (us)\nPASS\n"), C(0, "Average kernel execution time: 9 (us)\nPASS\n"), [], 1e-5)[0], "match"),
        (compare(C(0, "Throughput: 12 GB/s\ndone in 1.25s\nsum 5\n"), C(0, "Throughput: 15 GB/s\ndone in 1.3s\nsum 5\n"), [], 1e-5)[0], "match"),
        (compare(C(0, "  # base |    55 ns |   50 ns |\n"), C(0, "  # base |   150 ns |  5 ns |\n"), [], 1e-5)[0], "match"),
        (compare(C(0, "M, N, elapsedMs, TFlops/s\n16, 64, 0.367, 0.0089\n"), C(0, "M, N, elapsedMs, TFlops/s\n16, 64, 0.439, 0.0075\n"), [], 1e-5)[0], "match"),
        (compare(C(0, "M, N, elapsedMs\n16, 64, 0.367\n"), C(0, "M, N, elapsedMs\n16, 65, 0.367\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "checksum: 1.234567\n"), C(0, "checksum: 1.234568\n"), [], 1e-5)[0], "match"),
        (compare(C(0, "checksum: 1.2345\n"), C(0, "checksum: 1.2399\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "Error rate: 1e-3\n"), C(0, "Error rate: 2e-3\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "PASS\n"), C(0, "FAIL\n"), [], 1e-5), ("differ", "PASS/FAIL line: PASS | HIP: FAIL")),
        (compare(C(0, "x\n"), C(134, "x\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "a\nb\n"), C(0, "a\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "seed 5\nPASS\n"), C(0, "seed 7\nPASS\n"), [], 1e-5, [0])[0], "match"),
        (compare(C(0, "at /w/cuda/x-cuda/in.txt\n"), C(0, "at /w/hip/x-cuda/in.txt\n"), ["/w/cuda", "/w/hip"], 0)[0], "match"),
        (run_recipe("all: x\nrun: $(program)\n\t$(LAUNCHER) ./$(program) 10 \\\n   20\n\t./$(program) 3\n\nclean:\n\trm x\n"),
         ["$(LAUNCHER) ./$(program) 10 20", "./$(program) 3"]),
        (expand("./$(program) $(N)", make_vars("program = main\nN := 7 # comment\nLAUNCHER  =\nX = y\n")), "./main 7"),
        (lib_missing("main.cu:15:10: fatal error: hipblas.h: No such file or directory") is not None, True),
        (lib_missing('k.cu(105): error: identifier "hipsparseGetErrorString" is undefined') is not None, True),
        (lib_missing('k.cu(5): error: identifier "hipFoo" is undefined'), None),
        (lib_missing('k.h(187): error: identifier "__HIP_SATFINITE" is undefined') is not None, True),
        (lib_missing('main.cu:21:10: fatal error: hip/hip_fp8.h: No such file or directory') is not None, True),
        (first_error("a warning\nmain.cu(3): error: bad thing\nmake: *** [x] Error 1\n", []), "main.cu(3): error: bad thing"),
        (sanity([{"name": "a", "verdict": "build-fail", "detail": "x", "build": {"cuda": {"ok": False}}}] * 8) is not None, True),
        # Lines that differ only in cuda/hip API names are equal, noted (issue 23).
        (compare(C(0, "Evaluate cudaMallocManaged\nPASS\n"), C(0, "Evaluate hipMallocManaged\nPASS\n"), [], 1e-5),
         ("match", "lines differ only in cuda/hip API names, equal (first at line 1: Evaluate cudaMallocManaged | "
                   "HIP: Evaluate hipMallocManaged)")),
        (compare(C(0, "cublasSgemm: CUBLAS_STATUS_SUCCESS\ncub::Sum ok\nCUDA Thrust PASS\n"),
                 C(0, "hipblasSgemm: HIPBLAS_STATUS_SUCCESS\nhipcub::Sum ok\nHIP Thrust PASS\n"), [], 1e-5)[0], "match"),
        (compare(C(0, "cudaMemcpy sum 5\n"), C(0, "hipMemcpy sum 6\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "cudaMalloc\n"), C(0, "hipFree\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "cucumber\n"), C(0, "hipcumber\n"), [], 1e-5)[0], "differ"),
        (compare(C(0, "cudaMalloc PASS\n"), C(0, "hipMalloc FAIL\n"), [], 1e-5)[0], "differ"),
    ]
    # The control decides whether a failing translation counts (issue 23).
    R = lambda v, counted, ctl=None: dict({"name": "x", "verdict": v, "detail": "d", "counted": counted},  # noqa: E731
                                          **({"control": {"verdict": ctl, "detail": "k"}} if ctl else {}))
    cv = lambda r: (lambda x: (x["verdict"], x["counted"], x.get("control_removed", False), x["detail"]))(control_verdict(r))  # noqa: E731
    checks += [
        (cv(R("differ", True, "match")), ("differ", True, False, "d; the hand port matches the original")),
        (cv(R("build-fail", True, "build-fail")),
         ("build-fail", False, True, "not counted: the hand port fails too, the same way (build-fail: k); translation: d")),
        (cv(R("differ", True, "build-fail")),
         ("differ", False, True, "not counted: the hand port fails too, differently (build-fail: k); translation: d")),
        (cv(R("timeout", True, "needs-lib"))[:3], ("timeout", False, True)),
        (cv(R("match", True, "differ")), ("match", True, False, "d")),
        (cv(R("differ", False, "differ")), ("differ", False, False, "d")),
        (cv(R("differ", True)), ("differ", True, False, "d")),
    ]
    # ... and the whole evaluation, on canned runs (no GPU): original, translation, hand port.
    class FakeRunner(Runner):
        def __init__(self, outs, control="all"):
            self.a = argparse.Namespace(no_exec=False, timeout=20, rtol=1e-5, rerun_differ=0, budget=10**6)
            self.t0, self.control, self.roots, self.outs, self.ran = time.time(), control, [], outs, []

        def run_side(self, name, side, limit, gpu_env, suffix=""):
            self.ran.append(side)
            rc, out = self.outs[side]
            return {"rc": rc, "timeout": False, "secs": 1.0, "stdout": out, "stderr": ""}
    ok, bad_build = {"ok": True}, {"ok": False, "error": "main.cu(3): error: x"}

    def ev(outs, hb=ok, kb=ok, control="all"):
        fr = FakeRunner(outs, control)
        r = fr.evaluate({"name": "x"}, ok, hb, {}, kb)
        return r["verdict"], r["counted"], r.get("control_removed", False), (r.get("control") or {}).get("verdict"), fr.ran
    P, F = (0, "sum 5\nPASS\n"), (0, "sum 6\nFAIL\n")
    checks += [
        (ev({"cuda": P, "hip": P, "hand": F}), ("match", True, False, "differ", ["cuda", "hip", "hand"])),
        (ev({"cuda": P, "hip": F, "hand": P}), ("differ", True, False, "match", ["cuda", "hip", "hand"])),
        (ev({"cuda": P, "hip": F, "hand": F}), ("differ", False, True, "differ", ["cuda", "hip", "hand"])),
        (ev({"cuda": P, "hand": P}, hb=bad_build), ("build-fail", True, False, "match", ["cuda", "hand"])),
        (ev({"cuda": P}, hb=bad_build, kb=bad_build), ("build-fail", False, True, "build-fail", ["cuda"])),
        (ev({"cuda": P, "hip": P}, control="failing"), ("match", True, False, None, ["cuda", "hip"])),
        (ev({"cuda": P, "hip": F, "hand": F}, control="failing"), ("differ", False, True, "differ", ["cuda", "hip", "hand"])),
        (ev({"cuda": P, "hip": F}, kb=None), ("differ", True, False, None, ["cuda", "hip"])),
    ]
    tmp = tempfile.mkdtemp(prefix="hecbench-selftest-")
    try:
        b = os.path.join(tmp, "b-cuda")
        os.makedirs(os.path.join(b, "data"))
        open(os.path.join(b, "data", "in.txt"), "w").close()
        mk = "program = main\nrun: $(program)\n\t$(LAUNCHER) ./$(program) data/in.txt data/gone.txt out.raw ../zz-sycl/f.bmp 0.5 -n 3\n"
        got = missing_inputs(b, mk, {"b-cuda"})
        checks.append((got, ["Makefile uses ../zz-sycl (not in the corpus)", "run argument ../zz-sycl/f.bmp: not there",
                             "run argument data/gone.txt: not there"]))
        # A run argument naming what the Makefile builds (`./main`, the program
        # run from a subfolder) is no missing data file (issue 23).
        os.makedirs(os.path.join(b, "sub"))
        mk = ("program = main\nobj = main.o\n$(program): $(obj)\n\tnvcc $(obj) -o $@\n%.o: %.cu\n\tnvcc -c $<\n"
              "run: $(program)\n\t$(LAUNCHER) ./$(program) ./main 10\n\t./$(program) ./$(program) data/none.bin\n"
              "\tcd sub && ls ./main\n")
        checks.append((missing_inputs(b, mk, {"b-cuda"}), ["run argument ./main: not there", "run argument data/none.bin: not there"]))
    finally:
        shutil.rmtree(tmp)
    bad = [(i, got, want) for i, (got, want) in enumerate(checks) if got != want]
    for i, got, want in bad:
        print("hecbench selftest %d: got %r, want %r" % (i, got, want))
    print("hecbench selftest: %s of %d checks wrong" % (len(bad) or "none", len(checks)))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(prog="hecbench-validate")
    sp = ap.add_subparsers(dest="cmd", required=True)
    p = sp.add_parser("prepare")
    p.add_argument("--root", required=True)
    p.add_argument("--src", required=True)
    p.add_argument("--dest", required=True)
    p.add_argument("--hipify", required=True)
    p.add_argument("--single-source", action="store_true",
                   help="the HIP variant is the single-source port (hipify-rs --single-source)")
    p.add_argument("--no-control", action="store_true",
                   help="leave the hand-written HIP ports (NAME-hip/, the control) out of the payload")
    p = sp.add_parser("run")
    p.add_argument("--prepared", help="the prepared folder (default: where this script is)")
    p.add_argument("--work", help="work folder (default: .gpu-hec-work next to the prepared folder)")
    p.add_argument("--out", help="where results go (default: $OUT, else WORK/out)")
    p.add_argument("--only", default="", help="regex on benchmark names")
    p.add_argument("--batch", default="", help="K/N: the K-th of N interleaved parts")
    p.add_argument("--tag", default="")
    p.add_argument("--timeout", type=int, default=120, help="per-program run limit, seconds (default 120)")
    p.add_argument("--budget", type=int, default=int(os.environ.get("GPU_VALIDATE_BUDGET", "510")),
                   help="seconds after start after which nothing new is started (default 510)")
    p.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    p.add_argument("--make-jobs", type=int, default=1)
    p.add_argument("--build-timeout", type=int, default=420)
    p.add_argument("--rtol", type=float, default=1e-5, help="numbers that differ by at most this (relative) are equal, noted")
    p.add_argument("--rerun-differ", type=int, default=60, metavar="S",
                   help="on differ, run an original that took at most S seconds once more and mask the lines that "
                        "vary between its own two runs (0: never; default 60)")
    p.add_argument("--no-exec", action="store_true")
    p.add_argument("--control", choices=("all", "failing", "none"), default="all",
                   help="the hand-written HIP port (NAME-hip, the control): build it and run it for every benchmark "
                        "(all, default), run it only where the translation does not match (failing), or not at all")
    p.add_argument("--gpus", type=int, default=0, help="run lanes, one per GPU (default: every GPU nvidia-smi lists)")
    p.add_argument("--per-gpu", type=int, default=1,
                   help="benchmarks run at once on each GPU (default 1: one at a time; more saves time, at the "
                        "risk of one-sided timeouts and memory)")
    p.add_argument("--resume", nargs="?", const="AUTO", default="",
                   help="skip the benchmarks that have a verdict in this collected results file "
                        "(no FILE: ci/GPU-RESULTS-REALWORLD.json of the repo the prepared folder is in)")
    p = sp.add_parser("collect")
    p.add_argument("files", nargs="*")
    p.add_argument("--results", required=True)
    p.add_argument("--md", required=True)
    p.add_argument("--manifest")
    p.add_argument("--fresh", action="store_true")
    p = sp.add_parser("pending")
    p.add_argument("--results", required=True)
    sp.add_parser("selftest")
    a = ap.parse_args()
    if a.cmd == "selftest":
        return cmd_selftest(a)
    if a.cmd == "prepare":
        return cmd_prepare(a)
    if a.cmd == "run":
        return Runner(a).main()
    if a.cmd == "collect":
        return cmd_collect(a)
    if a.cmd == "pending":
        return cmd_pending(a)


if __name__ == "__main__":
    sys.exit(main() or 0)
