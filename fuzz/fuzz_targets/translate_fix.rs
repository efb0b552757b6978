//! `--fix`: translation plus the diagnostics' exact fixes, and the diagnostics
//! themselves (ranges must lie inside the input). The first byte picks options.
#![no_main]

use hipify_rs::mappings::Version;
use hipify_rs::source::LineIndex;
use hipify_rs::engine::{self, FileKind, FileResult};
use hipify_rs::{Language, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, src)) = data.split_first() else {
        return;
    };
    let mut opts = Options {
        apply_fixes: true,
        ..Options::default()
    };
    if sel & 1 != 0 {
        opts.target.hip_version = Version::parse("5.2").unwrap();
    }
    opts.kernel_execution_syntax = sel & 2 != 0;
    let language = if sel & 4 != 0 {
        Language::Cuda
    } else {
        Language::Cpp
    };
    // The engine, as the CLI runs it (binary input is skipped there too).
    let FileResult::Translated(t) = engine::process(src, FileKind::Source(language), &opts) else {
        return;
    };
    // Overlapping edits (a bug) leave the file untouched with HIP-E003.
    assert!(
        !t.diagnostics
            .iter()
            .any(|d| d.code == hipify_rs::diagnostic::Code::InternalPanic),
        "an internal error: {:?}",
        t.diagnostics
            .iter()
            .find(|d| d.code == hipify_rs::diagnostic::Code::InternalPanic)
    );
    let index = LineIndex::new(src);
    for d in &t.diagnostics {
        assert!(
            d.range.start <= d.range.end && d.range.end <= src.len(),
            "diagnostic {} range {:?} outside a {}-byte input",
            d.code,
            d.range,
            src.len()
        );
        // What the renderers do with a range must not panic.
        let (line, _) = index.line_col(d.range.start);
        let _ = index.line_range(src, line);
    }
    // Fixing twice equals fixing once.
    let FileResult::Translated(again) =
        engine::process(&t.output, FileKind::Source(language), &opts)
    else {
        return; // a second run would leave it alone: idempotent
    };
    assert!(
        !again.changed,
        "--fix not idempotent:\n--- first ---\n{}\n--- second ---\n{}",
        String::from_utf8_lossy(&t.output),
        String::from_utf8_lossy(&again.output)
    );
});
