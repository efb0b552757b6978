//! Reliability: nothing lost, nothing corrupted, every bad input answered.
//!
//! Each test states one guarantee of docs/SAFETY.md and fails without it.
//! Tests that need privileges they do not have (mounting a tmpfs, dropping to
//! an unprivileged user) print a note and pass vacuously.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};

#[cfg(unix)]
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
#[cfg(unix)]
use std::os::unix::process::CommandExt;

use hipify_rs::{Language, Options, translate};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hipify-rs"))
}

fn run(args: &[&str], cwd: &Path) -> Output {
    bin().args(args).current_dir(cwd).output().expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const KERNEL: &str = "#include <cuda_runtime.h>\n__global__ void k(float* p) { p[threadIdx.x] = 1; }\nint main() { float* p; cudaMalloc(&p, 4); k<<<1, 1>>>(p); cudaFree(p); }\n";
const KERNEL_HIP: &str = "#include <hip/hip_runtime.h>\n__global__ void k(float* p) { p[threadIdx.x] = 1; }\nint main() { float* p; hipMalloc(&p, 4); k<<<1, 1>>>(p); hipFree(p); }\n";

/// Every file under `root` (not following links, not our temp files),
/// relative path → bytes.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let t = e.file_type().unwrap();
            if t.is_dir() {
                stack.push(e.path());
            } else if t.is_file() && !is_temp(&e.path()) {
                let rel = e.path().strip_prefix(root).unwrap().to_path_buf();
                out.insert(rel, fs::read(e.path()).unwrap());
            }
        }
    }
    out
}

fn is_temp(p: &Path) -> bool {
    let name = p.file_name().unwrap_or_default().to_string_lossy();
    name.starts_with(".hipify-rs.") && name.ends_with(".tmp")
}

/// Temp files of ours anywhere under `root`.
fn temp_files(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            if e.file_type().unwrap().is_dir() {
                stack.push(e.path());
            } else if is_temp(&e.path()) {
                found.push(e.path());
            }
        }
    }
    found
}

/// A small deterministic PRNG (xorshift64*), so failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

// ───────────────────────── privileges ─────────────────────────

#[cfg(unix)]
fn is_root() -> bool {
    fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// The uid tests drop to when run as root (nobody), so permissions bite.
#[cfg(unix)]
const NOBODY: u32 = 65534;

/// The binary, run as an unprivileged user when the tests run as root
/// (root ignores file permissions).
#[cfg(unix)]
fn unprivileged() -> Command {
    let mut c = bin();
    if is_root() {
        c.uid(NOBODY).gid(NOBODY);
    }
    c
}

/// Makes `p` belong to the unprivileged user (when root) with `mode`.
#[cfg(unix)]
fn give(p: &Path, mode: u32) {
    if is_root() {
        std::os::unix::fs::chown(p, Some(NOBODY), Some(NOBODY)).unwrap();
    }
    fs::set_permissions(p, fs::Permissions::from_mode(mode)).unwrap();
}

// ───────────────────────── 1. in-place safety ─────────────────────────

#[cfg(unix)]
#[test]
fn inplace_keeps_mode_and_owner_and_leaves_no_temp_files() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.cu");
    fs::write(&f, KERNEL).unwrap();
    fs::set_permissions(&f, fs::Permissions::from_mode(0o751)).unwrap();
    if is_root() {
        std::os::unix::fs::chown(&f, Some(1234), Some(4321)).unwrap();
    }
    let o = run(&["--inplace", "a.cu"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&f).unwrap(), KERNEL_HIP);
    let m = fs::metadata(&f).unwrap();
    assert_eq!(m.permissions().mode() & 0o7777, 0o751);
    if is_root() {
        assert_eq!((m.uid(), m.gid()), (1234, 4321), "owner kept");
    }
    assert!(temp_files(dir.path()).is_empty());
}

/// A file in a directory the user cannot write is reported with HIP-E002,
/// left untouched, and the other files are still translated; exit 2.
#[cfg(unix)]
#[test]
fn inplace_unwritable_file_is_reported_and_others_proceed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    give(root, 0o755);
    for d in ["locked", "open"] {
        fs::create_dir(root.join(d)).unwrap();
        fs::write(root.join(d).join("a.cu"), KERNEL).unwrap();
        give(&root.join(d).join("a.cu"), 0o644);
    }
    give(&root.join("open"), 0o755);
    give(&root.join("locked"), 0o555);
    if !is_root() && fs::File::create(root.join("locked/probe")).is_ok() {
        common::cannot_run("cannot make a read-only directory here");
        return;
    }
    let o = unprivileged()
        .args(["--inplace", "locked", "open"])
        .current_dir(root)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("HIP-E002") && err.contains("locked/a.cu"),
        "{err}"
    );
    assert!(err.contains("Permission denied"), "{err}");
    assert_eq!(
        fs::read_to_string(root.join("locked/a.cu")).unwrap(),
        KERNEL
    );
    assert_eq!(
        fs::read_to_string(root.join("open/a.cu")).unwrap(),
        KERNEL_HIP
    );
    assert!(temp_files(root).is_empty());
}

/// Mounts a tmpfs of `size` at `at`; `None` (with a note) where not permitted.
#[cfg(target_os = "linux")]
fn tmpfs(at: &Path, size: &str) -> Option<Unmount> {
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
        .arg(at)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        common::cannot_run("cannot mount a tmpfs here (needs root)");
        return None;
    }
    Some(Unmount(at.to_path_buf()))
}

#[cfg(target_os = "linux")]
struct Unmount(PathBuf);

#[cfg(target_os = "linux")]
impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A full disk: every write fails with ENOSPC, which is reported with the
/// path and the reason; every file keeps its bytes; no temp file is left.
#[cfg(target_os = "linux")]
#[test]
fn full_disk_on_write_leaves_files_intact() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("disk");
    fs::create_dir(&mnt).unwrap();
    let Some(_m) = tmpfs(&mnt, "256k") else {
        return;
    };
    // Sources of 12 KiB, so the translation needs pages the disk lacks.
    let big = format!(
        "{KERNEL}{}",
        "// padding padding padding padding padding padding\n".repeat(240)
    );
    for i in 0..4 {
        fs::write(mnt.join(format!("f{i}.cu")), &big).unwrap();
    }
    // Fill what is left.
    let mut filler = fs::File::create(mnt.join("filler")).unwrap();
    let chunk = vec![b'x'; 4096];
    while std::io::Write::write_all(&mut filler, &chunk).is_ok() {}
    drop(filler);
    let o = run(&["--inplace", "."], &mnt);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert!(err.contains("f0.cu") && err.contains("f3.cu"), "{err}");
    for i in 0..4 {
        assert_eq!(
            fs::read_to_string(mnt.join(format!("f{i}.cu"))).unwrap(),
            big
        );
    }
    assert!(temp_files(&mnt).is_empty(), "{:?}", temp_files(&mnt));
    // With room again, the same run succeeds.
    fs::remove_file(mnt.join("filler")).unwrap();
    let o = run(&["--inplace", "."], &mnt);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        fs::read_to_string(mnt.join("f0.cu"))
            .unwrap()
            .contains("hipMalloc")
    );
}

/// A destination that cannot be a file (a directory of that name) fails that
/// file alone.
#[test]
fn output_collision_fails_that_file_only() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src")).unwrap();
    fs::write(root.join("src/a.cu"), KERNEL).unwrap();
    fs::write(root.join("src/b.cu"), KERNEL).unwrap();
    fs::create_dir_all(root.join("out/a.cu")).unwrap();
    let o = run(&["--output-dir", "out", "src"], root);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("HIP-E002") && err.contains("out/a.cu"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(root.join("out/b.cu")).unwrap(),
        KERNEL_HIP
    );
}

// ───────────────────────── 2. killed runs ─────────────────────────

/// A tree of `n` CUDA files of varied size in a few directories.
fn cuda_tree(root: &Path, n: usize) {
    for i in 0..n {
        let d = root.join(format!("d{}", i % 7)).join(format!("e{}", i % 3));
        fs::create_dir_all(&d).unwrap();
        let mut s = String::from(KERNEL);
        for j in 0..(i % 12) * 15 {
            s.push_str(&format!(
                "void f{j}(float** q) {{ cudaMalloc(q, {j}); cudaMemset(*q, 0, {j}); cudaFree(*q); }}\n"
            ));
        }
        fs::write(d.join(format!("f{i}.cu")), s).unwrap();
    }
}

/// `kill -9` at random moments: every file is its original bytes or exactly
/// its translation, never truncated or mixed; the next complete run removes
/// what a killed run left behind and finishes the job.
#[cfg(unix)]
#[test]
fn sigkill_at_any_moment_leaves_whole_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let orig = root.join("orig");
    cuda_tree(&orig, 300);
    let o = run(&["-q", "--output-dir", "expected", "orig"], root);
    assert!(o.status.success(), "{}", stderr(&o));
    let original = snapshot(&orig);
    let expected = snapshot(&root.join("expected"));
    assert_eq!(original.len(), 300);
    assert!(original.iter().all(|(k, v)| expected[k] != *v));

    let seed = std::env::var("HIPIFY_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_1234_u64);
    let mut rng = Rng(seed);
    eprintln!("seed {seed:#x} (set HIPIFY_KILL_SEED to replay)");
    let copy = |to: &Path| {
        for (rel, bytes) in &original {
            fs::create_dir_all(to.join(rel).parent().unwrap()).unwrap();
            fs::write(to.join(rel), bytes).unwrap();
        }
    };
    // How long a complete run takes, to spread the kills over it.
    let work = root.join("work");
    copy(&work);
    let t = Instant::now();
    let o = run(&["-q", "--inplace", "work"], root);
    assert!(o.status.success(), "{}", stderr(&o));
    let full = t.elapsed();
    assert_eq!(snapshot(&work), expected);

    let (mut partial, mut left_temps) = (0, 0);
    // Six rounds, and more (up to 30) until some kill lands mid-run: how
    // long a run's writing takes against its start-up varies with the
    // machine's load.
    let mut rounds = 0;
    for iteration in 0..30 {
        if iteration >= 6 && partial > 0 {
            break;
        }
        rounds += 1;
        fs::remove_dir_all(&work).unwrap();
        copy(&work);
        // Several kills on the same tree, then one complete run.
        for _ in 0..4 {
            let delay = Duration::from_micros(rng.below(full.as_micros() as u64 * 5 / 4));
            let mut child = bin()
                .args(["-q", "--inplace", "work"])
                .current_dir(root)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(delay);
            child.kill().unwrap(); // SIGKILL
            child.wait().unwrap();
            let now = snapshot(&work);
            assert_eq!(
                now.len(),
                original.len(),
                "files lost (iteration {iteration})"
            );
            let mut translated = 0;
            for (rel, bytes) in &now {
                assert!(
                    *bytes == original[rel] || *bytes == expected[rel],
                    "{} is neither the original nor the translation after kill -9 at {delay:?} \
                     (iteration {iteration}, seed {seed:#x})",
                    rel.display()
                );
                translated += usize::from(*bytes == expected[rel]);
            }
            partial += usize::from(translated > 0 && translated < now.len());
            left_temps += temp_files(&work).len();
        }
        // A stale temp file from an earlier crash (an owner that cannot be
        // running), and a user's file that merely looks similar.
        let stale = work.join("d0/e0/.hipify-rs.4194305.AbC123.tmp");
        fs::write(&stale, "half a file").unwrap();
        let users = work.join("d0/e0/.hipify-rs.notes.tmp");
        fs::write(&users, "mine").unwrap();
        std::thread::sleep(Duration::from_millis(20));
        let o = run(&["-q", "--inplace", "work"], root);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(!stale.exists(), "stale temp file removed");
        assert_eq!(fs::read(&users).unwrap(), b"mine");
        fs::remove_file(&users).unwrap();
        assert_eq!(temp_files(&work), Vec::<PathBuf>::new(), "temp files left");
        assert_eq!(snapshot(&work), expected, "complete run after kills");
    }
    eprintln!(
        "{partial} of {} kills landed mid-run; {left_temps} temp files left by kills, all removed",
        rounds * 4
    );
    assert!(
        partial > 0,
        "no kill landed mid-run: the test proved nothing"
    );
}

// ───────────────────────── 3. symbolic links ─────────────────────────

#[cfg(unix)]
#[test]
fn symlinks_in_a_tree_are_not_followed_out_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src/sub")).unwrap();
    fs::create_dir_all(root.join("outside")).unwrap();
    fs::write(root.join("src/a.cu"), KERNEL).unwrap();
    fs::write(root.join("outside/x.cu"), KERNEL).unwrap();
    symlink("../outside/x.cu", root.join("src/link.cu")).unwrap();
    symlink("../a.cu", root.join("src/sub/inner.cu")).unwrap();
    symlink("../outside", root.join("src/outdir")).unwrap();
    let o = run(&["--inplace", "src"], root);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(
        fs::read_to_string(root.join("outside/x.cu")).unwrap(),
        KERNEL
    );
    assert_eq!(
        fs::read_to_string(root.join("src/a.cu")).unwrap(),
        KERNEL_HIP
    );
    for link in ["src/link.cu", "src/sub/inner.cu", "src/outdir"] {
        assert!(
            fs::symlink_metadata(root.join(link))
                .unwrap()
                .file_type()
                .is_symlink(),
            "{link} is still a link"
        );
        assert!(
            err.contains(&format!("note: {link}: symbolic link")),
            "{err}"
        );
    }
    // Read-only modes do not follow them either.
    let o = run(&["--output-dir", "out", "src"], root);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(snapshot(&root.join("out")).len(), 1);
}

#[cfg(unix)]
#[test]
fn symlink_loops_end_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src/a")).unwrap();
    fs::write(root.join("src/a/k.cu"), KERNEL).unwrap();
    symlink(".", root.join("src/self")).unwrap();
    symlink("..", root.join("src/a/up")).unwrap();
    symlink("l2.cu", root.join("src/l1.cu")).unwrap();
    symlink("l1.cu", root.join("src/l2.cu")).unwrap();
    let mut child = bin()
        .args(["--diff", "src"])
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("a symlink loop hangs the walk");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("src/self: symbolic link to the directory"),
        "{err}"
    );
    assert!(
        err.contains("src/a/up: symbolic link to the directory"),
        "{err}"
    );
    assert!(
        err.contains("src/l1.cu: symbolic link to l2.cu that cannot be followed"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("+++ b/").count(), 1, "{out}");
    // A loop named on the command line is an error naming it, not a hang.
    let o = run(&["--diff", "src/l1.cu", "src/a"], root);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("src/l1.cu"), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("+++ b/src/a/k.cu"));
}

/// A file reached twice (overlapping arguments, a link named beside its
/// target) is translated once; a link named with --inplace is not replaced.
#[cfg(unix)]
#[test]
fn a_file_reached_twice_is_translated_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src/sub")).unwrap();
    fs::write(root.join("src/sub/k.cu"), KERNEL).unwrap();
    // "a-link.cu" sorts before its target "src/…": the target is kept anyway.
    symlink("src/sub/k.cu", root.join("a-link.cu")).unwrap();
    let o = run(
        &[
            "--diff",
            "src",
            "src/sub",
            "src/sub/k.cu",
            "./src/sub/../sub/k.cu",
            "a-link.cu",
        ],
        root,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("+++ b/").count(), 1, "{out}");
    assert!(!out.contains("+++ b/a-link.cu"), "{out}");
    let o = run(&["--inplace", "a-link.cu", "src/sub/k.cu"], root);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        fs::read_to_string(root.join("src/sub/k.cu")).unwrap(),
        KERNEL_HIP
    );
    assert!(
        fs::symlink_metadata(root.join("a-link.cu"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The link alone: skipped with a note, its target untouched.
    fs::write(root.join("src/sub/k.cu"), KERNEL).unwrap();
    let o = run(&["--inplace", "a-link.cu"], root);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("a-link.cu: symbolic link"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        fs::read_to_string(root.join("src/sub/k.cu")).unwrap(),
        KERNEL
    );
    assert!(
        fs::symlink_metadata(root.join("a-link.cu"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

// ───────────────────────── 4. --output-dir ─────────────────────────

#[test]
fn output_dir_inside_an_input_only_when_excluded() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src/sub")).unwrap();
    fs::write(root.join("src/sub/k.cu"), KERNEL).unwrap();
    let o = run(&["--output-dir", "src/hip", "src"], root);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("inside the input"), "{}", stderr(&o));
    assert!(!root.join("src/hip").exists());
    // Not covered by this glob: still refused.
    let o = run(
        &["--output-dir", "src/hip", "--exclude", "*.cu", "src"],
        root,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // The output dir itself can never be excluded away.
    let o = run(&["--output-dir", "src", "--exclude", "*", "src"], root);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    for glob in ["hip", "/hip", "hip/**"] {
        let o = run(&["--output-dir", "src/hip", "--exclude", glob, "src"], root);
        assert!(o.status.success(), "--exclude {glob}: {}", stderr(&o));
        assert_eq!(
            fs::read_to_string(root.join("src/hip/sub/k.cu")).unwrap(),
            KERNEL_HIP
        );
        // A second run does not translate its own output.
        let o = run(&["--output-dir", "src/hip", "--exclude", glob, "src"], root);
        assert!(o.status.success());
        assert!(!root.join("src/hip/hip").exists(), "--exclude {glob}");
        fs::remove_dir_all(root.join("src/hip")).unwrap();
    }
}

#[cfg(unix)]
#[test]
fn output_dir_never_writes_outside_itself_or_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("src/sub")).unwrap();
    fs::create_dir_all(root.join("elsewhere")).unwrap();
    fs::write(root.join("src/a.cu"), KERNEL).unwrap();
    fs::write(root.join("src/sub/b.cu"), KERNEL).unwrap();
    // A link in the output dir into the inputs, one to elsewhere, one to a file.
    fs::create_dir_all(root.join("out")).unwrap();
    symlink("../src/sub", root.join("out/sub")).unwrap();
    symlink("../src/a.cu", root.join("out/a.cu")).unwrap();
    let o = run(&["--output-dir", "out", "src"], root);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("out/sub is a symbolic link; not writing through it"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(root.join("src/sub/b.cu")).unwrap(),
        KERNEL
    );
    assert_eq!(fs::read_to_string(root.join("src/a.cu")).unwrap(), KERNEL);
    // The file link was replaced by the translation, its target kept.
    assert!(
        !fs::symlink_metadata(root.join("out/a.cu"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(root.join("out/a.cu")).unwrap(),
        KERNEL_HIP
    );
    // Outside the output dir through a link to elsewhere: refused too.
    fs::remove_file(root.join("out/sub")).unwrap();
    symlink("../elsewhere", root.join("out/sub")).unwrap();
    let o = run(&["--output-dir", "out", "src"], root);
    assert_eq!(o.status.code(), Some(2));
    assert!(snapshot(&root.join("elsewhere")).is_empty());
    // `..` in the inputs never leads outside the output dir.
    fs::create_dir_all(root.join("cwd")).unwrap();
    let o = run(
        &["--output-dir", "../o2", "../src", "../src/sub/b.cu"],
        &root.join("cwd"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let written: Vec<_> = snapshot(&root.join("o2")).into_keys().collect();
    assert_eq!(written, [PathBuf::from("a.cu"), PathBuf::from("sub/b.cu")]);
    // The output dir holding the input itself: the input is not overwritten.
    let o = run(&["--output-dir", ".", "a.cu"], &root.join("src"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is an input; not overwriting it"),
        "{}",
        stderr(&o)
    );
    assert_eq!(fs::read_to_string(root.join("src/a.cu")).unwrap(), KERNEL);
    // …nor when it is the directory input itself.
    let o = run(&["--output-dir", "src", "src"], root);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(fs::read_to_string(root.join("src/a.cu")).unwrap(), KERNEL);
}

// ───────────────────────── 5. bytes are bytes ─────────────────────────

#[test]
fn bytes_outside_edits_are_kept_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[u8], &[u8])] = &[
        (
            "mixed.cu",
            b"\xEF\xBB\xBF// BOM\r\n#include <cuda_runtime.h>\r\n// caf\xe9 cudaMalloc \xff\xfe stays\r\n\tcudaMalloc(&p, n);   \n\
const char* s = \"cudaFree \xe9\";  \t\r\ncudaFree(p);\t \r\n/* \x80\x81 */ cudaDeviceSynchronize();",
            b"\xEF\xBB\xBF// BOM\r\n#include <hip/hip_runtime.h>\r\n// caf\xe9 cudaMalloc \xff\xfe stays\r\n\thipMalloc(&p, n);   \n\
const char* s = \"hipFree \xe9\";  \t\r\nhipFree(p);\t \r\n/* \x80\x81 */ hipDeviceSynchronize();",
        ),
        ("empty.cu", b"", b""),
        ("newline.cu", b"\n", b"\n"),
        ("bom.cpp", b"\xEF\xBB\xBF", b"\xEF\xBB\xBF"),
        (
            "cr.cpp",
            b"// old Mac line ends\rvoid f() { cuInit(0); }\r",
            b"// old Mac line ends\r#include <hip/hip_runtime.h>\rvoid f() { hipInit(0); }\r",
        ),
        (
            "latin1.cpp",
            b"// \xc9t\xe9\n#include <cuda_runtime.h>\nint d\xe9j\xe0 = 0; void f() { cudaFree(0); } // \xa9\n",
            b"// \xc9t\xe9\n#include <hip/hip_runtime.h>\nint d\xe9j\xe0 = 0; void f() { hipFree(0); } // \xa9\n",
        ),
    ];
    for (name, input, want) in cases {
        let p = dir.path().join(name);
        fs::write(&p, input).unwrap();
        let o = run(&["-q", "--inplace", name], dir.path());
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let got = fs::read(&p).unwrap();
        assert!(
            got == *want,
            "{name}:\n got {:?}\nwant {:?}",
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(want)
        );
    }
}

/// Reported bug: after a UTF-8 BOM, a directive on the first line is not
/// seen as one (the include is left and a second one added).
#[test]
fn bom_then_directive_on_the_first_line() {
    let t = translate(
        b"\xEF\xBB\xBF#include <cuda_runtime.h>\nvoid f() { cudaFree(0); }\n",
        Language::Cuda,
        &Options::default(),
    );
    assert_eq!(
        String::from_utf8_lossy(&t.output),
        "\u{feff}#include <hip/hip_runtime.h>\nvoid f() { hipFree(0); }\n"
    );
    // A .cu file holding only a BOM gets an include (an empty one does not).
    let t = translate(b"\xEF\xBB\xBF", Language::Cuda, &Options::default());
    assert_eq!(t.output, b"\xEF\xBB\xBF");
}

/// Reported: when the first line of code starts inside a multi-line block
/// comment (`/* …\n*/ code`), the added include lands inside the comment, and
/// every later run adds another.
#[test]
fn include_inserted_inside_a_block_comment() {
    let t = translate(
        b"/*\n*/ cudaMalloc(0);\n",
        Language::Cuda,
        &Options::default(),
    );
    assert_eq!(
        String::from_utf8_lossy(&t.output),
        "#include <hip/hip_runtime.h>\n/*\n*/ hipMalloc(0);\n"
    );
    let again = translate(&t.output, Language::Cuda, &Options::default());
    assert!(!again.changed);
}

/// Reported: with --hip-kernel-execution-syntax, a launch whose argument list
/// spans a directive that translation removes is rewritten by the second run
/// only (found by the fuzzer).
#[test]
fn launch_rewrite_across_a_directive() {
    let opts = Options {
        kernel_execution_syntax: true,
        ..Options::default()
    };
    let src = b"#include <cuda.h>\nk<<<n, 1>>>(\n#include <cuda.h>\n}";
    let once = translate(src, Language::Cuda, &opts);
    let twice = translate(&once.output, Language::Cuda, &opts);
    assert!(!twice.changed, "{}", String::from_utf8_lossy(&twice.output));
}

/// With --hip-kernel-execution-syntax, comments in a launch's head
/// (`k /*a*/ <<</*b*/ g, b /*c*/>>> /*d*/ (`) are kept (found by the property
/// tests; the launch is now left as it is).
#[test]
fn comments_in_a_launch_head_are_kept() {
    let opts = Options {
        kernel_execution_syntax: true,
        ..Options::default()
    };
    let src = b"k /*a*/ <<</*b*/ 1, // c\n 2>>> /*d*/ (p);\n";
    let out = String::from_utf8_lossy(&translate(src, Language::Cpp, &opts).output).into_owned();
    for c in ["/*a*/", "/*b*/", "// c", "/*d*/"] {
        assert!(out.contains(c), "{c} lost: {out}");
    }
}

/// Reported (fuzzer): overlapping edits — the debug assertion in
/// `translate` fires; a release build silently drops one of the edits.
#[test]
fn fuzz_overlapping_edits() {
    let mut opts = Options {
        kernel_execution_syntax: true,
        ..Options::default()
    };
    opts.target.hip_version = hipify_rs::mappings::Version::parse("5.2").unwrap();
    // A launch inside a `_sync` call whose mask HIP 5.2 drops.
    translate(b"__shfl_sync(s<<<m,0>>>(),)", Language::Cuda, &opts);
    // A launch whose kernel is itself a launch.
    translate(b"_<<<4,2>>>()<<<4,2>>>()", Language::Cuda, &opts);
    // A member launch inside an unclosed launch's arguments (property tests).
    let opts = Options {
        kernel_execution_syntax: true,
        ..Options::default()
    };
    translate(
        b"k<<<1, 1>>>( ] . k<<<1, 2>>>(p, n); ",
        Language::Cpp,
        &opts,
    );
}

/// Reported (fuzzer): with --hip-version 5.2, a name declared in a class
/// body after an earlier call is kept by the first run and rewritten by the
/// second.
#[test]
fn fuzz_class_member_rewritten_on_second_run() {
    let mut opts = Options::default();
    opts.target.hip_version = hipify_rs::mappings::Version::parse("5.2").unwrap();
    let once = translate(b"class{__shfl_sync()d __shfl_sync()", Language::Cuda, &opts);
    let twice = translate(&once.output, Language::Cuda, &opts);
    assert!(!twice.changed, "{}", String::from_utf8_lossy(&twice.output));
}

/// Reported (fuzzer, translate_fix): a fix whose range holds a rename is
/// skipped by the first `--fix` run and applied by the second.
#[test]
fn fuzz_fix_not_idempotent() {
    let opts = Options {
        apply_fixes: true,
        ..Options::default()
    };
    let once = translate(b"asm(\"trap\"cuMemGetAccess);\n", Language::Cpp, &opts);
    let twice = translate(&once.output, Language::Cpp, &opts);
    assert!(!twice.changed, "{}", String::from_utf8_lossy(&twice.output));
}

/// Reported (fuzzer, translate_fix): a call whose arguments span a directive
/// that translation removes (a second CUDA include) is not matched by the
/// first run (`Cx::matching_close` stops at the directive) and is by the
/// second, so the warp rule's 32-bit mask fix comes on the second `--fix`
/// run only. Fixed: `Cx::next`/`prev` step over the directives the
/// translation deletes, and call arguments end at their last token.
#[test]
fn fuzz_fix_across_a_removed_directive() {
    let opts = Options {
        apply_fixes: true,
        ..Options::default()
    };
    for src in [
        &b"#include<cooperative_groups.h>\n__shfl_sync(0\n#include<cooperative_groups.h>\n}"[..],
        b"#include<cooperative_groups.h>\nvoid f(int v){ __shfl_sync(0xffffffff,\n#include<cooperative_groups.h>\nv, 1); }\n",
    ] {
        let once = translate(src, Language::Cpp, &opts);
        let twice = translate(&once.output, Language::Cpp, &opts);
        assert!(!twice.changed, "{}", String::from_utf8_lossy(&twice.output));
    }
}

/// Reported (fuzzer, translate_fix; old artifacts of 2026-11-22): a
/// suppression that the first run uses stops being used once the file is
/// translated, so the second `--fix` run removes it as unused. The finding
/// it covered is gone from the translated text: the `.cpp` file no longer
/// looks like CUDA once `curand` is `hiprand`, so the rules do not run; the
/// finding sat in an argument HIP 5.2 drops; or in a directive translation
/// deletes. Fixed by not applying the removal under `--fix` (it is a
/// suggestion: a suppression unused at one target or after translation may
/// be used at another, or before).
#[test]
fn fuzz_suppression_used_only_before_translation() {
    let five_two = hipify_rs::mappings::Version::parse("5.2").unwrap();
    let mut cases = Vec::new();
    let mut opts = Options {
        apply_fixes: true,
        kernel_execution_syntax: true,
        ..Options::default()
    };
    cases.push((
        &b"curand\n//hipify-ignore:HIP-W002\n__shfl_sync(6)"[..],
        Language::Cpp,
        opts.clone(),
    ));
    cases.push((
        b"#include<cuda.h>\n//hipify-ignore:warp-size-32\n#include<cuda.h>threadId%32",
        Language::Cpp,
        opts.clone(),
    ));
    opts.target.hip_version = five_two;
    cases.push((
        b"//hipify-ignore:HIP-W003\n__all_sync((cutlass::),}",
        Language::Cuda,
        opts,
    ));
    for (src, language, opts) in cases {
        let once = translate(src, language, &opts);
        let twice = translate(&once.output, language, &opts);
        assert!(!twice.changed, "{}", String::from_utf8_lossy(&twice.output));
    }
}

/// Reported (fuzzer, translate_fix): removing an unused suppression in a `//`
/// comment continued by a backslash turns the continued line into code.
/// (`--fix` no longer applies that removal; the suggestion, applied by hand
/// or by an editor, must still keep the comment whole.)
#[test]
fn fix_keeps_a_continued_comment_a_comment() {
    let opts = Options {
        apply_fixes: true,
        ..Options::default()
    };
    let src = b"//hipify-ignore:HIP-W002,\\\nc";
    let t = translate(src, Language::Cpp, &opts);
    assert_eq!(t.output, src, "--fix leaves an unused suppression");
    let fix = t
        .diagnostics
        .iter()
        .find(|d| d.code == hipify_rs::diagnostic::Code::UnusedSuppression)
        .and_then(|d| d.fix.as_ref())
        .expect("the removal is suggested");
    assert_eq!(
        fix.applicability,
        hipify_rs::diagnostic::Applicability::DisplayOnly
    );
    let (edits, _) = hipify_rs::edit::normalize(fix.edits.clone());
    let fixed = hipify_rs::edit::apply(src, &edits);
    assert_ne!(fixed, b"c", "the comment's second line became code");
}

/// GCC and Clang end lines at a lone CR too: a directive does not swallow
/// the rest of a CR-only file.
#[test]
fn cr_only_line_endings() {
    let t = translate(
        b"#include <cuda.h>\rCUresult r = cuInit(0);\r",
        Language::Cpp,
        &Options::default(),
    );
    assert_eq!(
        t.output,
        b"#include <hip/hip_runtime.h>\rhipError_t r = hipInit(0);\r"
    );
}

// ───────────────────────── 6. binary files ─────────────────────────

#[test]
fn binary_detection() {
    use hipify_rs::source::looks_binary;
    assert!(looks_binary(b"int x;\0"));
    assert!(!looks_binary(b""));
    assert!(!looks_binary("// café naïve — UTF-8\nint x;\n".as_bytes()));
    // Latin-1 comments, a form feed, tabs, CRLF, an escape: text.
    assert!(!looks_binary(
        b"// caf\xe9 \xe0 la cr\xe8me\r\n\x0c\tint x; // \x1b[1m\r\n"
    ));
    // Windows-1252 quotes all over a line are still far below the threshold.
    let mut w = b"int x; // \x93quoted\x94 \x96 dash\n".repeat(100);
    w.extend(b"cudaMalloc(&p, 4);\n");
    assert!(!looks_binary(&w));
    // Mostly bytes that are neither UTF-8 nor printable: binary.
    let blob: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8 | 1)
        .collect();
    assert!(looks_binary(&blob));
    let mut controls = b"int x;".to_vec();
    controls.extend([1u8, 2, 3, 4, 5, 6, 7, 8]);
    assert!(looks_binary(&controls));
    // Only the first 8 KiB count, and a UTF-8 sequence cut there is not held
    // against a file.
    let mut cut = vec![b'a'; 8191];
    cut.extend("é".as_bytes());
    assert!(!looks_binary(&cut));
    let mut late = vec![b'a'; 9000];
    late.push(0);
    assert!(!looks_binary(&late));
}

#[test]
fn binary_files_are_skipped_with_a_note_and_never_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let blobs: Vec<(&str, Vec<u8>)> = vec![
        ("nul.cu", b"cudaMalloc(&p, 4);\0\x01\x02".to_vec()),
        // No NUL at all, but not text: an "image" with CUDA names in it.
        (
            "image.cu",
            (0..6000u32)
                .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8 | 0x81)
                .chain(*b"cudaMalloc(&p, 4);")
                .collect(),
        ),
    ];
    for (name, bytes) in &blobs {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    fs::write(dir.path().join("text.cu"), KERNEL).unwrap();
    let o = run(&["--inplace", "."], dir.path());
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    for (name, bytes) in &blobs {
        assert!(
            err.contains(&format!("{name}: binary file")),
            "{name}: {err}"
        );
        assert_eq!(fs::read(dir.path().join(name)).unwrap(), *bytes, "{name}");
    }
    assert_eq!(
        fs::read_to_string(dir.path().join("text.cu")).unwrap(),
        KERNEL_HIP
    );
}

// ───────────────────────── 7. huge and broken inputs ─────────────────────────

/// Translates on a thread with the stack of a CLI worker (2 MiB), so deep
/// recursion shows as a failure here rather than in the field.
fn translate_bounded(src: Vec<u8>, opts: Options) -> (hipify_rs::Translation, Duration) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let t = Instant::now();
            let tr = translate(&src, Language::Cuda, &opts);
            (tr, t.elapsed())
        })
        .unwrap()
        .join()
        .expect("translation panicked or overflowed its stack")
}

fn both_syntaxes() -> [Options; 2] {
    [
        Options::default(),
        Options {
            kernel_execution_syntax: true,
            apply_fixes: true,
            ..Options::default()
        },
    ]
}

/// Each generator builds an input of the given size; the test checks the
/// translation finishes, translates what it can, and scales about linearly
/// (4× the input in under 10× the time: quadratic work would take 16×).
fn check_scaling(name: &str, make: impl Fn(usize) -> Vec<u8>, n: usize, must_contain: &str) {
    for opts in both_syntaxes() {
        let (_, small) = translate_bounded(make(n / 4), opts.clone());
        let (t, large) = translate_bounded(make(n), opts.clone());
        let out = String::from_utf8_lossy(&t.output);
        assert!(out.contains(must_contain), "{name}: {must_contain} missing");
        assert!(
            large < small * 10 + Duration::from_millis(300),
            "{name} (launch syntax {}): {n} units took {large:?}, {} took {small:?}: superlinear",
            opts.kernel_execution_syntax,
            n / 4
        );
        eprintln!("{name}: {n} units in {large:?}");
    }
}

#[test]
fn huge_macro_of_100k_lines() {
    check_scaling(
        "macro",
        |n| {
            let mut s = String::from("#include <cuda_runtime.h>\n#define BIG(x) \\\n");
            for i in 0..n {
                s.push_str(&format!("  cudaMalloc(&p{i}, x); cudaFree(p{i}); \\\n"));
            }
            s.push_str("  0\nint main() { BIG(4); }\n");
            s.into_bytes()
        },
        100_000,
        "hipFree(p99999)",
    );
}

#[test]
fn ten_thousand_nested_braces_and_parentheses() {
    let nest = |open: &str, close: &str, n: usize| {
        format!(
            "#include <cuda_runtime.h>\nvoid f() {{ int x = {}cudaMalloc(&p, 4){}; k<<<1, 1>>>(p); }}\n",
            open.repeat(n),
            close.repeat(n)
        )
        .into_bytes()
    };
    check_scaling("braces", |n| nest("{", "}", n), 10_000, "hipMalloc");
    check_scaling("parentheses", |n| nest("(", ")", n), 10_000, "hipMalloc");
    check_scaling("brackets", |n| nest("a[", "]", n), 10_000, "hipMalloc");
    check_scaling("unbalanced", |n| nest("({", "", n), 10_000, "hipMalloc");
    check_scaling("unopened", |n| nest("", ")}", n), 10_000, "hipMalloc");
    check_scaling(
        "launches",
        |n| {
            format!(
                "#include <cuda_runtime.h>\nvoid f() {{ {}1, 1{}; }}\n",
                "k<<<".repeat(n),
                ">>>(p)".repeat(n)
            )
            .into_bytes()
        },
        5_000,
        "hip_runtime",
    );
}

/// Reported: mapped calls nested in each other's arguments
/// (`cudaMemcpyToSymbol(a, cudaMemcpyToSymbol(a, …`) each scanned to their
/// closing parenthesis: 8,000 deep took 16 s.
#[test]
fn nested_mapped_calls_scale_linearly() {
    check_scaling(
        "nested calls",
        |n| {
            format!(
                "#include <cuda_runtime.h>\nvoid f() {{ {}0{}; }}\n",
                "cudaMemcpyToSymbol(a, ".repeat(n),
                ", 4)".repeat(n)
            )
            .into_bytes()
        },
        8_000,
        "hipMemcpyToSymbol(HIP_SYMBOL(a), hipMemcpyToSymbol(",
    );
}

/// Reported: with --hip-kernel-execution-syntax, finding the template
/// functions (src/translate/launch.rs `template_functions`) scans forward from
/// every `template` to its closing `>`: nested `template<` make it quadratic
/// (debug build: 2,500 → 0.8 s, 5,000 → 4.2 s, 10,000 → 16.7 s).
#[test]
fn nested_templates_scale_linearly() {
    check_scaling(
        "templates",
        |n| {
            format!(
                "#include <cuda_runtime.h>\n{}cudaMalloc{} x;\n",
                "template<".repeat(n),
                ">".repeat(n)
            )
            .into_bytes()
        },
        8_000,
        "hip_runtime",
    );
}

#[test]
fn one_megabyte_lines() {
    check_scaling(
        "long line",
        |n| {
            format!(
                "#include <cuda_runtime.h>\nvoid f() {{ {}}}\n",
                "cudaMalloc(&p, 4); ".repeat(n)
            )
            .into_bytes()
        },
        55_000,
        "hipMalloc",
    );
    check_scaling(
        "long comment line",
        |n| {
            format!(
                "#include <cuda_runtime.h>\n// {}\nvoid f() {{ cudaFree(p); }}\n",
                "cudaMalloc ".repeat(n)
            )
            .into_bytes()
        },
        100_000,
        "hipFree",
    );
}

#[test]
fn unterminated_comments_strings_and_garbage() {
    let head = "#include <cuda_runtime.h>\nvoid f() { cudaMalloc(&p, 4); }\n";
    // An unterminated comment or raw string runs to the end of the file; an
    // unterminated string or character literal to the end of its line.
    for tail in [
        "/* never closed cudaFree(p);\nmore\n",
        "const char* s = \"never closed cudaFree(p);\n",
        "const char* s = R\"x(never closed cudaFree(p);\ncudaFree(q);\n",
        "char c = 'x cudaFree(p);\n",
    ] {
        let src = format!("{head}{tail}");
        for opts in both_syntaxes() {
            let (t, _) = translate_bounded(src.clone().into_bytes(), opts);
            let out = String::from_utf8_lossy(&t.output);
            assert!(out.contains("hipMalloc(&p, 4)"), "{tail:?}: {out}");
            assert!(
                out.ends_with(tail),
                "{tail:?}: the tail is left as it was: {out}"
            );
        }
    }
    // Cut off in the middle of a construct: what precedes it is translated.
    for tail in [
        "#if defined(cudaFree) \\",
        "#define M(x) cudaFree(x) \\",
        "\\",
        "k<<<1, 1",
        "k<<<1, 1>>>(",
        "template <typename T",
        "namespace n { struct S { void cudaFree(int",
    ] {
        let src = format!("{head}{tail}");
        for opts in both_syntaxes() {
            let (t, _) = translate_bounded(src.clone().into_bytes(), opts);
            let out = String::from_utf8_lossy(&t.output);
            assert!(out.contains("hipMalloc(&p, 4)"), "{tail:?}: {out}");
        }
    }
    // A file tree-sitter cannot parse at all: translated lexically, and the
    // parse failure is reported where it starts.
    let mut rng = Rng(7);
    let toks = [
        "cudaMalloc",
        "(",
        ")",
        "{",
        "}",
        "<<<",
        ">>>",
        "template",
        "<",
        ">",
        ";",
        "::",
        "namespace",
        "class",
        "#",
        "\"",
        "'",
        "/*",
        "*/",
        "cudaFree",
        "\n",
        "struct",
        "=",
    ];
    let mut soup = String::from("#include <cuda_runtime.h>\nnamespace m { void cudaFree(int); }\n");
    for _ in 0..50_000 {
        soup.push_str(toks[rng.below(toks.len() as u64) as usize]);
        soup.push(' ');
    }
    let (t, took) = translate_bounded(soup.into_bytes(), Options::default());
    assert!(t.changed);
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// An unterminated block comment or raw string literal swallows the rest of
/// the file: a HIP-E001 note says where it opens (so the user knows why
/// nothing after it was translated), and what comes before is translated.
#[test]
fn unterminated_comment_or_raw_string_gets_a_note_where_it_opens() {
    let head = "#include <cuda_runtime.h>\nvoid f() { cudaMalloc(&p, 4); }\n";
    for (tail, opening) in [
        ("int a; /* never closed cudaFree(p);\nmore\n", "/*"),
        ("const char* s = R\"x(never closed cudaFree(p);\n", "R\"x("),
        ("auto s = u8R\"(cudaFree(p);\n", "u8R\"("),
    ] {
        let src = format!("{head}{tail}");
        for opts in both_syntaxes() {
            let t = translate(src.as_bytes(), Language::Cuda, &opts);
            let out = String::from_utf8_lossy(&t.output);
            assert!(out.contains("hipMalloc(&p, 4)"), "{tail:?}: {out}");
            assert!(out.ends_with(tail), "{tail:?}: {out}");
            let notes: Vec<_> = t
                .diagnostics
                .iter()
                .filter(|d| d.code.to_string() == "HIP-E001")
                .collect();
            assert_eq!(notes.len(), 1, "{tail:?}: {:?}", t.diagnostics);
            let at = head.len() + tail.find(opening).unwrap();
            assert_eq!(notes[0].range, at..at + opening.len(), "{tail:?}");
            assert_eq!(notes[0].severity(), hipify_rs::diagnostic::Severity::Info);
            assert!(
                notes[0].message.contains("unterminated"),
                "{}",
                notes[0].message
            );
        }
    }
    // Closed ones, and ordinary literals cut off at the end of their line
    // (the lexer ends them there and goes on), get no such note.
    for src in [
        "/* closed */ R\"x(closed)x\" cudaFree(p);\n",
        "const char* s = \"open\ncudaFree(p);\nchar c = 'x\n",
    ] {
        let t = translate(src.as_bytes(), Language::Cuda, &Options::default());
        assert!(
            t.diagnostics
                .iter()
                .all(|d| d.code.to_string() != "HIP-E001"),
            "{src:?}: {:?}",
            t.diagnostics
        );
        assert!(String::from_utf8_lossy(&t.output).contains("hipFree(p)"));
    }
}

/// A file that tree-sitter gives up on gets HIP-E001 where it gave up.
#[test]
fn unparsable_file_gets_a_note_where_parsing_gave_up() {
    let src = b"#include <cuda_runtime.h>\nnamespace m {\nDECL cudaError_t cudaFree(void* p) NOEXCEPT((( ;\n}}} ))) int int <<< ;\nvoid f() { cudaFree(0); }\n";
    let t = translate(src, Language::Cuda, &Options::default());
    let e001: Vec<_> = t
        .diagnostics
        .iter()
        .filter(|d| d.code.to_string() == "HIP-E001")
        .collect();
    assert_eq!(e001.len(), 1, "{:?}", t.diagnostics);
    assert_eq!(
        hipify_rs::source::LineIndex::new(src)
            .line_col(e001[0].range.start)
            .0,
        3
    );
    assert!(String::from_utf8_lossy(&t.output).contains("hipFree(0)"));
}

/// 200 MB of CUDA through the release binary: bounded time and memory.
/// `cargo test --release --test reliability -- --ignored two_hundred_mb`
#[cfg(target_os = "linux")]
#[test]
#[ignore = "slow: 200 MB; run on demand"]
fn two_hundred_mb_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("huge.cu");
    let unit = "__global__ void k(float* p) { p[threadIdx.x] = 1; }\nvoid f(float** q, cudaStream_t s) { cudaMalloc(q, 4); cudaMemsetAsync(*q, 0, 4, s); k<<<1, 1, 0, s>>>(*q); cudaFree(*q); } // comment cudaFree\n";
    let mut s = String::from("#include <cuda_runtime.h>\n");
    while s.len() < 200_000_000 {
        s.push_str(unit);
    }
    fs::write(&f, &s).unwrap();
    drop(s);
    let o = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_hipify-rs"))
        .args(["-q", "--output-dir", "out", "huge.cu"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    for l in err
        .lines()
        .filter(|l| l.contains("Elapsed") || l.contains("Maximum resident"))
    {
        eprintln!("{}", l.trim());
    }
    // Measured: 13.7 s and 1.9 GB (release, one core). Memory is linear in
    // the file's size (tokens, edits, output); 3 GB leaves room.
    let rss_kb: u64 = err
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    assert!(rss_kb < 3_000_000, "peak RSS {rss_kb} kB");
    let out = fs::read(dir.path().join("out/huge.cu")).unwrap();
    assert!(out.starts_with(b"#include <hip/hip_runtime.h>\n__global__"));
}

// ───────────────────────── 8. bad paths ─────────────────────────

/// Unreadable files, directories without permission and missing paths are
/// each named with the reason; the other files are still translated; exit 2.
#[cfg(unix)]
#[test]
fn unreadable_and_missing_paths_are_named_and_others_proceed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    give(root, 0o755);
    fs::create_dir_all(root.join("src/closed")).unwrap();
    fs::write(root.join("src/ok.cu"), KERNEL).unwrap();
    fs::write(root.join("src/secret.cu"), KERNEL).unwrap();
    fs::write(root.join("src/closed/inner.cu"), KERNEL).unwrap();
    give(&root.join("src"), 0o755);
    give(&root.join("src/ok.cu"), 0o644);
    give(&root.join("src/secret.cu"), 0o000);
    give(&root.join("src/closed"), 0o000);
    if !is_root() && fs::read(root.join("src/secret.cu")).is_ok() {
        common::cannot_run("permissions do not bite here");
        return;
    }
    let o = unprivileged()
        .args(["--inplace", "src", "missing.cu", "missing-dir"])
        .current_dir(root)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("missing.cu: No such file or directory"),
        "{err}"
    );
    assert!(
        err.contains("missing-dir: No such file or directory"),
        "{err}"
    );
    assert!(
        err.contains("src/closed") && err.contains("Permission denied"),
        "{err}"
    );
    assert!(
        err.contains("src/secret.cu") && err.contains("cannot read"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(root.join("src/ok.cu")).unwrap(),
        KERNEL_HIP
    );
    give(&root.join("src/closed"), 0o755);
    assert_eq!(
        fs::read_to_string(root.join("src/closed/inner.cu")).unwrap(),
        KERNEL
    );
    assert!(temp_files(root).is_empty());
    let _ = SystemTime::now();
}

/// Fuzz run 31: an `atomicAdd_block` on `__half` data at HIP 5.2 became
/// `atomicAdd`, whose `__half` definition the next translation added (the
/// rule read only `atomicAdd`). Input as the fuzzer gave it (options byte
/// 0x3f: every option); the class's fixture is
/// `compile/samples_tail7/block_scope_atomics.cu`.
#[test]
fn fuzz_block_scope_half_atomic() {
    translates_to_itself("tests/data/fuzz/block-scope-half-atomic.cu");
}

/// Fuzz run 33 (run 27's class, back when `395ae89` dropped the test that
/// caught it): in junk where launches and calls run across lines, a
/// `(const char**)(` … `)` wrapper's halves lay on two lines and the next
/// round read the `cudaMemPrefetchAsync_v2` call between them otherwise.
/// `settled()` again refuses a bracket the round leaves open on its line,
/// by one sweep over the edits. Input reduced from the fuzzer's.
#[test]
fn fuzz_v2_call_beside_launch_junk() {
    translates_to_itself("tests/data/fuzz/v2-call-beside-launch-junk.cu");
}

/// A local fuzz run (`single_source`): a round that inserts a shim's
/// definition (`__reduce_or_sync`'s, whose lambda declares `unsigned int a,
/// unsigned int b`) settled, and the next round's host `min`/`max` rule read
/// those parameters as the nearest declarations of a junk `max(a, b)` at
/// namespace scope whose names the file declares nowhere. The look-ups for
/// a declaration now skip inserted definitions. Input as the fuzzer gave it.
#[test]
fn fuzz_shim_parameters_read_as_declarations() {
    translates_to_itself_with(
        "tests/data/fuzz/shim-parameters-read-as-declarations.cu",
        &["-q", "--no-config"],
    );
}

/// Fuzz run 35 (`translate`, `translate_fix`, `single_source`): below HIP
/// 5.3 a `__half` `_sync` shuffle the round leaves as it is (junk around
/// it) brought the half-shuffle block again every round, beside the one
/// already there: the block defines `__shfl_down`, not `__shfl_down_sync`.
/// A block under its own guard is in the file once the guard is defined.
#[test]
fn fuzz_half_shuffle_block_once() {
    translates_to_itself("tests/data/fuzz/half-shuffle-block-once.cu");
    translates_to_itself("tests/data/fuzz/half-shuffle-block-once-ss.cu");
}

#[test]
fn fuzz_bf16_blocks_are_no_uses() {
    // Run 39: below HIP 5.7 the bf16 blocks define `__hmax2`/`__hmax` under
    // CUDA's names; a second run read them as uses and inserted the
    // `__half` definitions (the rules' token loop and the identifier pass
    // now skip inserted definitions).
    translates_to_itself("tests/data/fuzz/bf162-block-not-a-use.cu");
    translates_to_itself("tests/data/fuzz/bf16-scalar-block-not-a-use.cu");
}

/// Translating `input` (a path from the repository's root) with every
/// option, then translating the output again, changes nothing.
fn translates_to_itself(input: &str) {
    let opts = [
        "-q",
        "--no-config",
        "--hip-version",
        "5.2",
        "--hip-kernel-execution-syntax",
        "--roc",
        "--miopen",
        "--experimental",
    ];
    translates_to_itself_with(input, &opts);
}

/// [`translates_to_itself`] with the options `opts`.
fn translates_to_itself_with(input: &str, opts: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(input);
    let name = src.file_name().unwrap();
    let once = dir.path().join("once");
    let twice = dir.path().join("twice");
    // Not quiet: an internal error (HIP-E003, a translation that never
    // settles) leaves the file as it was, which translates to itself too.
    let mut args: Vec<&str> = opts.iter().copied().filter(|o| *o != "-q").collect();
    args.extend([
        "--output-dir",
        once.to_str().unwrap(),
        src.to_str().unwrap(),
    ]);
    let out = run(&args, dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("HIP-E003"), "{input}: {stderr}");
    let first = once.join(name);
    let mut args: Vec<&str> = opts.to_vec();
    args.extend([
        "--output-dir",
        twice.to_str().unwrap(),
        first.to_str().unwrap(),
    ]);
    run(&args, dir.path());
    assert_eq!(
        fs::read(&first).unwrap(),
        fs::read(twice.join(name)).unwrap(),
        "a second translation changed the output of {input}"
    );
}
