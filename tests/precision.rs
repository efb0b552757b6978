//! The labelled precision sample of issue 14 (`tests/data/precision/`):
//! findings of `--check` on the translated HeCBench development half and
//! kernels-corpus, each judged a true or false positive by reading the code.
//! Every false positive keeps a short excerpt of the code it was found in;
//! this test checks that none of them comes back as a warning or an error
//! (a note is fine: a guarded hazard may still be mentioned).

use std::path::Path;

use hipify_rs::Options;
use hipify_rs::diagnostic::{Code, Severity};
use hipify_rs::engine::{self, FileKind, FileResult};
use hipify_rs::mappings::{Target, Version};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/precision");

struct Label {
    code: String,
    finding: String,
    verdict: String,
    why: String,
    excerpt: Option<(String, usize)>,
}

fn labels() -> Vec<Label> {
    let text = std::fs::read_to_string(format!("{DIR}/labels.tsv")).expect("labels.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "six tab-separated fields: {l}");
            let excerpt = (!f[5].is_empty()).then(|| {
                let (file, line) = f[5].rsplit_once(':').expect("excerpt:line");
                (file.to_owned(), line.parse().expect("a line number"))
            });
            Label {
                code: f[0].to_owned(),
                finding: f[2].to_owned(),
                verdict: f[3].to_owned(),
                why: f[4].to_owned(),
                excerpt,
            }
        })
        .collect()
}

fn options() -> Options {
    Options {
        target: Target {
            hip_version: Version::new(5, 2, 0),
            ..Target::default()
        },
        ..Options::default()
    }
}

#[test]
fn sample_is_well_formed() {
    let labels = labels();
    assert!(labels.len() >= 30);
    for l in &labels {
        assert!(Code::parse(&l.code).is_some(), "unknown code {}", l.code);
        assert!(matches!(l.verdict.as_str(), "TP" | "FP"), "{}", l.finding);
        assert!(!l.why.is_empty(), "a reason for {}", l.finding);
        assert_eq!(
            l.verdict == "FP",
            l.excerpt.is_some(),
            "false positives, and only they, keep an excerpt: {}",
            l.finding
        );
    }
}

#[test]
fn labelled_false_positives_stay_gone() {
    let mut back = Vec::new();
    for l in labels() {
        let Some((file, line)) = &l.excerpt else {
            continue;
        };
        let path = Path::new(DIR).join("excerpts").join(file);
        let src = std::fs::read(&path).expect("excerpt");
        let FileResult::Translated(t) = engine::process(&src, FileKind::of_path(&path), &options())
        else {
            panic!("{file}: looks binary");
        };
        let index = hipify_rs::source::LineIndex::new(&src);
        let code = Code::parse(&l.code).expect("code");
        for d in &t.diagnostics {
            if d.code == code
                && d.severity >= Severity::Warning
                && index.line_col(d.range.start).0 == *line
            {
                back.push(format!("{file}:{line}: {} (was: {})", d.message, l.finding));
            }
        }
    }
    assert!(
        back.is_empty(),
        "labelled false positives are back:\n{}",
        back.join("\n")
    );
}
