//! Translation entry point with the option combinations the CLI offers.
//! The first input byte picks the options; the rest is the file. Checks, on
//! top of "no panic, no hang": idempotence (translating the output again
//! changes nothing), that an unchanged translation is byte-identical, and
//! that the prefilter skips only what the full translation leaves alone.
#![no_main]

use hipify_rs::mappings::Version;
use hipify_rs::engine::{nothing_to_translate, translate_in_full};
use hipify_rs::engine::{self, FileKind, FileResult};
use hipify_rs::{Language, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, src)) = data.split_first() else {
        return;
    };
    let mut opts = Options::default();
    if sel & 1 != 0 {
        opts.target.hip_version = Version::parse("5.2").unwrap();
    }
    opts.kernel_execution_syntax = sel & 2 != 0;
    opts.target.roc = sel & 4 != 0;
    opts.target.miopen = sel & 8 != 0;
    opts.target.experimental = sel & 16 != 0;
    let language = if sel & 32 != 0 {
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
    for text in [src, &t.output[..]] {
        if nothing_to_translate(text, language, &opts) {
            let full = translate_in_full(text, language, &opts);
            assert!(
                !full.changed && full.diagnostics.is_empty(),
                "the prefilter skipped a file that needs translation: {:?}",
                full.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>()
            );
        }
    }
    if !t.changed {
        assert_eq!(
            t.output, src,
            "unchanged translation differs from its input"
        );
    }
    let FileResult::Translated(again) =
        engine::process(&t.output, FileKind::Source(language), &opts)
    else {
        return; // a second run would leave it alone: idempotent
    };
    assert!(
        !again.changed,
        "not idempotent:\n--- first ---\n{}\n--- second ---\n{}",
        String::from_utf8_lossy(&t.output),
        String::from_utf8_lossy(&again.output)
    );
});
