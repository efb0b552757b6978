//! `hipify.toml` / `.hipify.toml`: found in the nearest ancestor of the first
//! input (or given with `--config`). Holds a team's defaults: target, extra or
//! overriding mappings for its own wrappers, excludes, per-code levels.
//! Command-line flags override it.
//!
//! ```toml
//! hip-version = "6.2"
//! roc = false
//! exclude = ["third_party/**", "build/**"]
//!
//! [mappings]            # consulted before the built-in tables
//! myCudaMallocChecked = "myHipMallocChecked"
//!
//! [diagnostics]         # allow | info | warn | deny, by code or name
//! HIP-W008 = "allow"
//! inline-ptx = "deny"
//! ```

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostic::{Code, Severity};

/// File names looked for, in order, in each directory.
pub const FILE_NAMES: &[&str] = &["hipify.toml", ".hipify.toml"];

/// The parsed configuration.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Target HIP version (`X.Y`).
    pub hip_version: Option<String>,
    /// Use ROC library names.
    pub roc: Option<bool>,
    /// No effect, kept for compatibility: cuDNN always translates to MIOpen.
    pub miopen: Option<bool>,
    /// Use experimental mappings.
    pub experimental: Option<bool>,
    /// Keep hipDataType values under `roc`.
    pub use_hip_data_types: Option<bool>,
    /// Rewrite launches as `hipLaunchKernelGGL`.
    pub hip_kernel_execution_syntax: Option<bool>,
    /// Leave CUDA names in string literals as they are.
    pub keep_strings: Option<bool>,
    /// Globs to skip when walking.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Extra globs to translate when walking.
    #[serde(default)]
    pub include: Vec<String>,
    /// CUDA name → replacement, consulted before the built-in tables.
    #[serde(default)]
    pub mappings: BTreeMap<String, String>,
    /// Code or name → level.
    #[serde(default)]
    pub diagnostics: BTreeMap<String, String>,
}

/// A configuration file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Unreadable.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not valid TOML, or an unknown key.
    #[error("{path}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The parser's message (with line and column).
        message: String,
    },
    /// A value that means nothing.
    #[error("{path}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

/// The nearest `hipify.toml`/`.hipify.toml` in `start` or its ancestors.
pub fn find(start: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(start).ok()?;
    let mut dir = if start.is_dir() {
        Some(start.as_path())
    } else {
        start.parent()
    };
    while let Some(d) = dir {
        for name in FILE_NAMES {
            let p = d.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
        dir = d.parent();
    }
    None
}

impl Config {
    /// Reads and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let config: Config = toml::from_str(&text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            message: e.to_string().trim_end().to_string(),
        })?;
        config
            .severities()
            .map_err(|message| ConfigError::Invalid {
                path: path.to_path_buf(),
                message,
            })?;
        if let Some(v) = &config.hip_version {
            if crate::mappings::Version::parse(v).is_none() {
                return Err(ConfigError::Invalid {
                    path: path.to_path_buf(),
                    message: format!("hip-version: `{v}` is not a version (expected X.Y)"),
                });
            }
        }
        for (k, v) in &config.mappings {
            if k.is_empty() || v.is_empty() || !is_identifier(k) || !is_identifier(v) {
                return Err(ConfigError::Invalid {
                    path: path.to_path_buf(),
                    message: format!(
                        "[mappings] `{k}` = `{v}`: both sides must be C++ identifiers"
                    ),
                });
            }
        }
        Ok(config)
    }

    /// The `[diagnostics]` table as code → severity.
    pub fn severities(&self) -> Result<HashMap<Code, Severity>, String> {
        let mut out = HashMap::new();
        for (k, v) in &self.diagnostics {
            let code = Code::parse(k).ok_or_else(|| {
                format!("[diagnostics] unknown code `{k}` (see `hipify-rs --list-codes`)")
            })?;
            let level = Severity::parse_level(v).ok_or_else(|| {
                format!("[diagnostics] {k} = \"{v}\": expected allow, info, warn or deny")
            })?;
            out.insert(code, level);
        }
        Ok(out)
    }
}

fn is_identifier(s: &str) -> bool {
    s.bytes()
        .enumerate()
        .all(|(i, b)| b == b'_' || b.is_ascii_alphabetic() || (i > 0 && b.is_ascii_digit()))
}
