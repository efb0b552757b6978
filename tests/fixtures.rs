//! Snapshot tests: every file under tests/fixtures is translated and
//! the output plus the diagnostics are compared with a reviewed snapshot. A
//! first line `// hipify-args: --hip-version 5.2 …` sets the options.
//! Every fixture is also checked for idempotence: translating the output
//! again changes nothing.

use std::fmt::Write as _;
use std::path::Path;

use hipify_rs::engine::{self, FileKind, FileResult};
use hipify_rs::mappings::{self, Version};
use hipify_rs::source::LineIndex;
use hipify_rs::{Language, Options, Translation};

fn options_for(src: &str) -> Options {
    let mut opts = Options::default();
    let Some(args) = src
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// hipify-args:"))
    else {
        return opts;
    };
    let mut it = args.split_whitespace();
    while let Some(a) = it.next() {
        match a {
            "--hip-version" => {
                opts.target.hip_version =
                    Version::parse(it.next().expect("version")).expect("valid version")
            }
            "--roc" => opts.target.roc = true,
            "--miopen" => opts.target.miopen = true,
            "--experimental" => opts.target.experimental = true,
            "--use-hip-data-types" => opts.target.use_hip_data_types = true,
            "--hip-kernel-execution-syntax" => opts.kernel_execution_syntax = true,
            "--fix" => opts.apply_fixes = true,
            "--keep-strings" => opts.keep_strings = true,
            other => panic!("unknown fixture option {other}"),
        }
    }
    opts
}

/// The translation of `src` as the CLI makes it (the engine's one path,
/// knowing the functions the file's headers declare of those the
/// translation would define).
fn process(path: &Path, src: &[u8], opts: &Options) -> Translation {
    let kind = FileKind::of_path(path);
    let translate = |opts: &Options| engine::process(src, kind, opts);
    match hipify_rs::project::with_own_functions(path, src, opts, translate) {
        FileResult::Translated(t) => t,
        FileResult::Binary => panic!("{}: looks binary", path.display()),
    }
}

fn render(path: &Path, src: &[u8], opts: &Options) -> String {
    let t = process(path, src, opts);
    // Idempotence: the output translates to itself.
    let again = process(path, &t.output, opts);
    assert!(
        !again.changed,
        "{}: translating the output again changed it:\n{}",
        path.display(),
        String::from_utf8_lossy(&again.output)
    );
    // insta normalises line endings; show carriage returns so CRLF fixtures
    // prove they are kept.
    let mut out = String::from_utf8_lossy(&t.output).replace('\r', "␍");
    let index = LineIndex::new(src);
    if !t.diagnostics.is_empty() {
        out.push_str("\n──── diagnostics ────\n");
        for d in &t.diagnostics {
            assert!(
                d.range.start <= d.range.end && d.range.end <= src.len(),
                "{}: {} range {:?} outside the {}-byte input",
                path.display(),
                d.code,
                d.range,
                src.len()
            );
            let (line, col) = index.line_col(d.range.start);
            writeln!(out, "{line}:{col} {} {}", d.code, d.message).unwrap();
        }
    }
    out
}

#[test]
fn translate_fixtures() {
    let _ = mappings::NEWEST_HIP;
    insta::glob!("fixtures/**/*.{cu,cuh,cpp,h,hpp,hu}", |path| {
        let src = std::fs::read(path).unwrap();
        let mut opts = options_for(&String::from_utf8_lossy(&src));
        // What the CLI reads before a run over this file alone.
        hipify_rs::project::run_macros(&[path.to_path_buf()], &opts.target).apply(&mut opts);
        insta::assert_snapshot!(render(path, &src, &opts));
    });
}

/// The prefilter skips a file only where the full translation would change
/// nothing and report nothing: checked on every fixture and corpus file, as
/// CUDA and as C++, under each fixture's options and with the launch rewrite,
/// and on each translation's output (which is often plain C++ again).
#[test]
fn prefilter_skips_only_files_that_need_nothing() {
    use hipify_rs::engine::{nothing_to_translate, translate_in_full};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec![root.join("tests/fixtures"), root.join("kernels-corpus")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|x| x != "snap") {
                files.push(path);
            }
        }
    }
    let (mut checked, mut skipped) = (0, 0);
    for path in &files {
        let src = std::fs::read(path).unwrap();
        let mut opts = options_for(&String::from_utf8_lossy(&src));
        for launch in [false, true] {
            opts.kernel_execution_syntax = launch;
            let output = translate_in_full(&src, Language::of_path(path), &opts).output;
            for text in [&src, &output] {
                for language in [Language::Cpp, Language::Cuda] {
                    checked += 1;
                    if !nothing_to_translate(text, language, &opts) {
                        continue;
                    }
                    skipped += 1;
                    let t = translate_in_full(text, language, &opts);
                    assert!(
                        !t.changed && t.diagnostics.is_empty(),
                        "{}: the prefilter skipped a file the translation changes or reports on: {:?}",
                        path.display(),
                        t.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>()
                    );
                }
            }
        }
    }
    assert!(
        skipped > 0 && skipped < checked,
        "{skipped} of {checked} skipped"
    );
}

/// Every snapshot belongs to a fixture that exists (insta's
/// `--unreferenced=reject`, without cargo-insta): a fixture renamed or deleted
/// must take its snapshot with it, or the snapshot still counts for the
/// registry's coverage while testing nothing.
#[test]
fn every_snapshot_has_its_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut expected = std::collections::BTreeSet::new();
    let mut dirs = vec![root.join("tests/fixtures")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let flat = |base: &str| {
                let rel = path.strip_prefix(root.join(base)).ok()?;
                Some(rel.to_string_lossy().replace('/', "__"))
            };
            if let Some(rel) = flat("tests/fixtures") {
                expected.insert(format!("fixtures__translate_fixtures@{rel}.snap"));
            }
            if let Some(rel) = flat("tests/fixtures/build") {
                expected.insert(format!("buildfiles__build_files@{rel}.snap"));
            }
        }
    }
    for tree in std::fs::read_dir(root.join("tests/single-source")).unwrap() {
        let name = tree.unwrap().file_name().to_string_lossy().into_owned();
        expected.insert(format!("single_source__{name}.snap"));
    }
    let orphans: Vec<String> = std::fs::read_dir(root.join("tests/snapshots"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !expected.contains(name))
        .collect();
    assert!(
        orphans.is_empty(),
        "snapshots with no fixture (delete them, or restore the fixture): {orphans:#?}"
    );
}
