//! `--single-source` around the per-file work: where the compat header
//! is, the path each file includes it by, what the files need of it, and,
//! after the files, the header itself (written, diffed or checked as the
//! mode says, like a file of the tree).

use super::process::relative_to_roots;
use super::*;
use hipify_rs::single_source::{self as ss, Uses};
use std::sync::Mutex;

/// One run's compat header.
pub(super) struct Tree {
    /// The header, as named on the command line or defaulted.
    pub(super) header: PathBuf,
    /// The header's absolute path (lexically), to find relative paths.
    absolute: PathBuf,
    uses: Mutex<Uses>,
}

impl Tree {
    /// The header for `cli`'s inputs: `--compat-header`, else
    /// `hip_compat.h` in the first directory argument, else beside the
    /// first file.
    pub(super) fn new(cli: &Cli, mode: &Mode) -> Result<Tree> {
        if matches!(mode, Mode::Stdout | Mode::File(_)) {
            bail!(
                "--single-source writes a compat header besides the files: use --inplace, --output-dir, --diff or --check"
            );
        }
        let header = match &cli.compat_header {
            Some(h) => h.clone(),
            None => {
                let first = cli.paths.iter().find(|p| p.is_dir()).cloned().or_else(|| {
                    cli.paths
                        .first()
                        .map(|f| f.parent().unwrap_or(Path::new("")).to_path_buf())
                });
                first.unwrap_or_default().join("hip_compat.h")
            }
        };
        if header.is_dir() {
            bail!(
                "--compat-header {}: is a directory; name the header file",
                header.display()
            );
        }
        let absolute = std::path::absolute(&header)
            .with_context(|| format!("--compat-header {}", header.display()))?;
        Ok(Tree {
            header,
            absolute,
            uses: Mutex::new(Uses::default()),
        })
    }

    /// Whether `file` is the header (which the walk then leaves out: its
    /// `#define cudaX hipX` lines are not CUDA to translate).
    pub(super) fn is_header(&self, file: &Path) -> bool {
        std::path::absolute(file).is_ok_and(|f| f == self.absolute)
            || (self.header.exists() && walk::FileId::of(file) == walk::FileId::of(&self.header))
    }

    /// Translates one file, recording what it needs of the header.
    pub(super) fn process(
        &self,
        path: &Path,
        src: &[u8],
        kind: FileKind,
        opts: &Options,
    ) -> FileResult {
        let include = self.include_from(path);
        let (result, uses) = ss::process(src, kind, opts, &include);
        if let Ok(mut all) = self.uses.lock() {
            all.add(uses);
        }
        result
    }

    /// The header's path as `file` includes it: relative to its directory,
    /// with `/` (what every compiler takes).
    fn include_from(&self, file: &Path) -> String {
        let dir = std::path::absolute(file)
            .ok()
            .and_then(|f| f.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        let from: Vec<_> = dir.components().collect();
        let to: Vec<_> = self.absolute.components().collect();
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        let mut parts: Vec<String> = vec!["..".to_string(); from.len() - common];
        parts.extend(
            to[common..]
                .iter()
                .map(|c| c.as_os_str().to_string_lossy().into_owned()),
        );
        parts.join("/")
    }

    /// After the files: the header's outcome (written where the mode
    /// writes), to be printed and counted like a file's. Conflicts are
    /// warnings on stderr; a header hipify-rs did not write is an error
    /// and is left as it is.
    pub(super) fn finish(&self, run: &Run<'_>) -> Outcome {
        let uses = std::mem::take(&mut *self.uses.lock().unwrap_or_else(|e| e.into_inner()));
        let dest = match run.mode {
            Mode::OutputDir(dir) => dir.join(relative_to_roots(&self.header, run.dir_roots)),
            _ => self.header.clone(),
        };
        // In --output-dir mode a header the input tree has is merged, so a
        // project's own lines there carry over; a header already in the
        // output wins (a second run).
        let existing = [&dest, &self.header]
            .into_iter()
            .find_map(|p| std::fs::read(p).ok());
        let mut o = Outcome {
            path: self.header.clone(),
            source: std::fs::read(&self.header).unwrap_or_default(),
            translation: None,
            diff: None,
            failed: false,
            note: None,
        };
        let update = match ss::compat_header(existing.as_deref(), &uses) {
            Ok(u) => u,
            Err(why) => {
                o.failed = true;
                o.translation = Some(untouched(
                    &o.source,
                    Diagnostic::new(
                        Code::IoError,
                        0..0,
                        format!("not updating the compat header: {why}"),
                    ),
                ));
                return o;
            }
        };
        for c in &update.conflicts {
            eprintln!("hipify-rs: warning: {}: {c}", self.header.display());
        }
        let before = existing.unwrap_or_default();
        let changed = update.text != before;
        let write = match run.mode {
            Mode::InPlace | Mode::OutputDir(_) if changed || !dest.exists() => {
                output::write_atomic(&dest, &update.text, None, Durability::Synced).map(|_| ())
            }
            _ => Ok(()),
        };
        if let Err(e) = write {
            o.failed = true;
            o.translation = Some(untouched(
                &o.source,
                Diagnostic::new(
                    Code::IoError,
                    0..0,
                    format!("cannot write: {}: {e}", dest.display()),
                ),
            ));
            return o;
        }
        if run.cli.mode.diff && changed {
            o.diff = Some(render::diff::unified(&self.header, &before, &update.text));
        }
        o.source = before;
        o.translation = Some(Translation {
            output: update.text,
            changed,
            stats: Stats::default(),
            diagnostics: Vec::new(),
        });
        o
    }
}
