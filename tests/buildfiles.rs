//! Snapshot tests for build files: every CMake, Make and Python build file
//! under tests/fixtures/build is translated and the output plus the
//! diagnostics (with their help) are compared with a reviewed snapshot.
//! Every fixture is also checked for idempotence: translating the output
//! again changes nothing and reports nothing new.

use std::fmt::Write as _;
use std::path::Path;

use hipify_rs::Options;
use hipify_rs::buildfiles::{kind_of, translate_build_file};
use hipify_rs::engine::{self, FileKind, FileResult};
use hipify_rs::source::LineIndex;

fn render(path: &Path, src: &[u8]) -> String {
    let kind = kind_of(path).expect("a build file");
    let opts = Options::default();
    // The engine's one path, as the CLI runs it.
    let process = |src: &[u8]| match engine::process(src, FileKind::Build(kind), &opts) {
        FileResult::Translated(t) => t,
        FileResult::Binary => panic!("{}: looks binary", path.display()),
    };
    let t = process(src);
    let again = process(&t.output);
    assert!(
        !again.changed,
        "{}: translating the output again changed it:\n{}",
        path.display(),
        String::from_utf8_lossy(&again.output)
    );
    // What the first run rewrote is not reported again (what it only flagged is).
    assert!(
        again.diagnostics.len() <= t.diagnostics.len(),
        "{}: the output has new findings: {:#?}",
        path.display(),
        again.diagnostics
    );
    let mut out = String::from_utf8_lossy(&t.output).replace('\r', "␍");
    let index = LineIndex::new(src);
    if !t.diagnostics.is_empty() {
        out.push_str("\n──── diagnostics ────\n");
        for d in &t.diagnostics {
            let (line, col) = index.line_col(d.range.start);
            writeln!(out, "{line}:{col} {} {}", d.code, d.message).unwrap();
            if let Some(h) = &d.help {
                writeln!(out, "    help: {h}").unwrap();
            }
        }
    }
    out
}

#[test]
fn build_files() {
    insta::glob!(
        "fixtures/build/**/{CMakeLists.txt,*.cmake,Makefile,*.mk,setup.py,pyproject.toml}",
        |path| {
            let src = std::fs::read(path).unwrap();
            insta::assert_snapshot!(render(path, &src));
        }
    );
}

#[test]
fn unchanged_files_stay_byte_identical() {
    for (name, src) in [
        (
            "CMakeLists.txt",
            &b"cmake_minimum_required(VERSION 3.21)\r\nproject(p LANGUAGES CXX HIP)\r\n# CUDA\r\n"
                [..],
        ),
        ("Makefile", b"all:\n\t$(CXX) -O2 main.cpp -o main # nvcc\n"),
        (
            "setup.py",
            b"from setuptools import setup\nsetup(name='x')\n",
        ),
    ] {
        let t = translate_build_file(src, kind_of(Path::new(name)).unwrap(), &Options::default());
        assert!(!t.changed, "{name}");
        assert_eq!(t.output, src, "{name}");
        assert!(t.diagnostics.is_empty(), "{name}: {:?}", t.diagnostics);
    }
}
