//! The registry of diagnostic codes. Codes are stable and never reused; a
//! retired code stays here, marked as such.

use std::fmt;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Informational.
    Info,
    /// Likely needs a human.
    Warning,
    /// Certainly breaks the port.
    Error,
}

impl Severity {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// What a code's row in the registry says.
#[derive(Debug)]
pub struct CodeInfo {
    /// `HIP-W005`.
    pub id: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Severity unless configured otherwise.
    pub default_severity: Severity,
    /// One line: what it finds.
    pub summary: &'static str,
}

macro_rules! registry {
    ($($variant:ident => $id:literal, $name:literal, $sev:ident, $summary:literal;)*) => {
        /// A diagnostic code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in registry order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code's registry row.
            pub fn info(self) -> &'static CodeInfo {
                match self {
                    $(Code::$variant => &CodeInfo {
                        id: $id,
                        name: $name,
                        default_severity: Severity::$sev,
                        summary: $summary,
                    },)*
                }
            }
        }
    };
}

registry! {
    ParseError => "HIP-E001", "parse-error", Warning,
        "tree-sitter could not parse part of the file; identifiers there were still translated lexically";
    IoError => "HIP-E002", "io-error", Error,
        "a file could not be read or written";
    InternalPanic => "HIP-E003", "internal-panic", Error,
        "hipify-rs failed on this file; it was left untouched";
    UnmappedApi => "HIP-W004", "unmapped-api",  Warning,
        "an identifier that looks like CUDA API is in no table";
    UnsupportedApi => "HIP-W005", "unsupported-api", Warning,
        "the CUDA API has no HIP counterpart (in the target HIP version)";
    LegacyCublas => "HIP-W006", "legacy-cublas", Warning,
        "legacy cuBLAS API (cublas.h without cublas_v2.h) is not hipBLAS's API";
    UnsupportedHeader => "HIP-W007", "unsupported-header", Warning,
        "a CUDA header with no HIP counterpart";
    DeprecatedApi => "HIP-I001", "deprecated-api", Info,
        "the API is deprecated or removed in CUDA or HIP";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().id)
    }
}
