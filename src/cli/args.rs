//! Command-line arguments (clap derive). Option names follow hipify-clang's
//! where one exists, so scripts switch over unchanged.

use std::path::PathBuf;

use clap::{Args as ClapArgs, Parser, Subcommand};
use hipify_rs::render::Format;

const ABOUT: &str = "Translate CUDA C++ to HIP C++: syntax-aware, byte-exact, parallel.";

const EXAMPLES: &str = "\
Examples:
  hipify-rs kernel.cu                       print the HIP translation of one file
  hipify-rs kernel.cu -o kernel.hip.cpp     write it to a file
  hipify-rs --inplace src/                  rewrite a tree in place (atomic, .gitignore honoured)
  hipify-rs --output-dir hip/ src/          mirror src/ translated into hip/
  hipify-rs --diff src/                     preview the change as a unified diff
  hipify-rs --check src/                    exit 1 while anything is left to translate or a hazard remains
  hipify-rs --single-source --inplace src/  port for HIP, the CUDA build unchanged (hip_compat.h + #if branches)
  hipify-rs --check --format sarif src/ > hipify.sarif   for GitHub code scanning
  hipify-rs --inplace --fix src/            translate and apply the exact fixes (inline PTX builtins, masks)
  hipify-rs --explain HIP-W002              what a diagnostic means, with an example
  hipify-rs --hip-version 5.2 --stats src/  target HIP 5.2, print what was done and left
  hipify-rs mappings --roc | grep cublas    list the table in effect

Exit status:
  0  success (with --check: nothing left to change and no warning or error remains)
  1  --check: some file would change, or a warning- or error-level diagnostic remains
  2  failure: bad arguments, a path that cannot be read or written";

/// `hipify-rs`
#[derive(Debug, Parser)]
#[command(
    name = "hipify-rs",
    version,
    about = ABOUT,
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true,
    rename_all = "kebab-case"
)]
pub struct Cli {
    /// A subcommand; without one, translate PATHS.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Files or directories to translate.
    #[arg(value_name = "PATHS")]
    pub paths: Vec<PathBuf>,

    /// Mode and output.
    #[command(flatten)]
    pub mode: ModeArgs,

    /// Keep CUDA names and the CUDA build as they are: HIP's side goes into
    /// a compat header of macros and `#if` branches whose `#else` is the
    /// original (with --inplace, --output-dir, --diff or --check).
    #[arg(long, help_heading = "Mode")]
    pub single_source: bool,

    /// The compat header of --single-source (default: hip_compat.h in the
    /// first directory argument, or beside the first file).
    #[arg(
        long,
        value_name = "PATH",
        requires = "single_source",
        help_heading = "Mode"
    )]
    pub compat_header: Option<PathBuf>,

    /// Target selection.
    #[command(flatten)]
    pub target: TargetArgs,

    /// Which files.
    #[command(flatten)]
    pub walk: WalkArgs,

    /// With --inplace: keep the original as FILE+SUFFIX.
    #[arg(long, value_name = "SUFFIX", num_args = 0..=1, default_missing_value = ".orig", require_equals = true, requires = "inplace", help_heading = "Mode")]
    pub backup: Option<String>,

    /// Write nothing; exit 1 if any file would change (combine with --diff to see how).
    #[arg(long, conflicts_with_all = ["inplace", "output", "output_dir"], help_heading = "Mode")]
    pub check: bool,

    /// Apply the exact fixes of diagnostics (with --inplace, --output-dir, -o, --diff or stdout).
    #[arg(long, help_heading = "Mode")]
    pub fix: bool,

    /// How diagnostics are printed: human (stderr), json, sarif or github (stdout,
    /// or stderr when stdout carries the translation or the diff).
    #[arg(long, default_value = "human", value_parser = format_parser(), help_heading = "Output")]
    pub format: Format,

    /// Colour: auto (a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_enum, default_value = "auto", help_heading = "Output")]
    pub color: Color,

    /// Print the long explanation of a diagnostic code (HIP-W001 or inline-ptx) and exit.
    #[arg(long, value_name = "CODE", help_heading = "Diagnostics")]
    pub explain: Option<String>,

    /// List every diagnostic code (with --format json: as JSON) and exit.
    #[arg(long, help_heading = "Diagnostics")]
    pub list_codes: bool,

    /// Treat CODE as an error (repeatable; overrides hipify.toml).
    #[arg(long, value_name = "CODE", help_heading = "Diagnostics")]
    pub deny: Vec<String>,

    /// Treat CODE as a warning (repeatable).
    #[arg(long, value_name = "CODE", help_heading = "Diagnostics")]
    pub warn: Vec<String>,

    /// Do not report CODE (repeatable).
    #[arg(long, value_name = "CODE", help_heading = "Diagnostics")]
    pub allow: Vec<String>,

    /// Use this configuration file instead of the nearest hipify.toml/.hipify.toml.
    #[arg(long, value_name = "FILE", help_heading = "Config")]
    pub config: Option<PathBuf>,

    /// Ignore configuration files.
    #[arg(long, conflicts_with = "config", help_heading = "Config")]
    pub no_config: bool,

    /// Print per-file and total counts of rewrites and of what is left (to stderr).
    #[arg(long, help_heading = "Output")]
    pub stats: bool,

    /// Instead of each finding, print one line per code: its count and name,
    /// largest first (with --format json: one record per code).
    #[arg(long, help_heading = "Output")]
    pub statistics: bool,

    /// Print no diagnostics.
    #[arg(short, long, help_heading = "Output")]
    pub quiet: bool,

    /// Worker threads (0: one per core).
    #[arg(short = 'j', long, default_value_t = 0, help_heading = "Output")]
    pub threads: usize,
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Color {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Translate in memory and compile with hipcc, in parallel; report per file OK or the first
    /// errors, at the lines of the CUDA original. Exit 1 if any file fails to compile.
    Verify {
        /// Files or directories (default: .).
        #[arg(value_name = "PATHS")]
        paths: Vec<PathBuf>,
        /// AMD GPU architecture (repeatable). Default: this machine's (amdgpu-arch, rocminfo), else gfx90a.
        #[arg(long = "offload-arch", value_name = "ARCH")]
        offload_arch: Vec<String>,
        /// Include directory (repeatable; directories inside the inputs point into the translation).
        #[arg(short = 'I', value_name = "DIR")]
        include: Vec<PathBuf>,
        /// Macro definition NAME or NAME=VALUE (repeatable).
        #[arg(short = 'D', value_name = "MACRO")]
        define: Vec<String>,
        /// Take -I/-D/-std flags per file from this compilation database.
        #[arg(long, value_name = "FILE")]
        compile_commands: Option<PathBuf>,
        /// The hipcc to run.
        #[arg(long, value_name = "PATH", default_value = "hipcc")]
        hipcc: PathBuf,
        /// Extra flag for every compile (repeatable), e.g. --flag=-fgpu-rdc.
        #[arg(long = "flag", value_name = "FLAG", allow_hyphen_values = true)]
        flags: Vec<String>,
        /// Target selection.
        #[command(flatten)]
        target: TargetArgs,
    },
    /// Print the mapping table in effect: `cuda_name<TAB>hip_name<TAB>family<TAB>status`.
    Mappings {
        /// Target selection.
        #[command(flatten)]
        target: TargetArgs,
    },
}

/// How results are delivered.
#[derive(Debug, ClapArgs)]
#[group(id = "modes", multiple = false)]
pub struct ModeArgs {
    /// Rewrite files in place (temp file + rename; unchanged files are not touched).
    #[arg(short, long, help_heading = "Mode")]
    pub inplace: bool,

    /// Write the translation of the single input to FILE.
    #[arg(short, long, value_name = "FILE", help_heading = "Mode")]
    pub output: Option<PathBuf>,

    /// Write translations under DIR, mirroring the input tree.
    #[arg(long, value_name = "DIR", help_heading = "Mode")]
    pub output_dir: Option<PathBuf>,

    /// Print a unified diff of the changes; write nothing.
    #[arg(long, help_heading = "Mode")]
    pub diff: bool,
}

/// What to emit.
#[derive(Debug, Clone, ClapArgs)]
pub struct TargetArgs {
    /// Target HIP version (X.Y); APIs added later count as unsupported, and
    /// older forms are emitted where they exist. Default: the newest in the tables.
    #[arg(long, value_name = "X.Y", help_heading = "Target")]
    pub hip_version: Option<String>,

    /// Use ROC library names (rocBLAS, rocRAND, rocSPARSE, rocSOLVER) where they exist.
    #[arg(long, help_heading = "Target")]
    pub roc: bool,

    /// No effect, kept for compatibility: cuDNN always translates to MIOpen.
    #[arg(long, help_heading = "Target")]
    pub miopen: bool,

    /// Map cudaDataType values to hipDataType (HIP_R_32F) even with --roc.
    #[arg(long, help_heading = "Target")]
    pub use_hip_data_types: bool,

    /// Also use mappings the tables mark experimental.
    #[arg(long, help_heading = "Target")]
    pub experimental: bool,

    /// Rewrite `k<<<…>>>(…)` as `hipLaunchKernelGGL(k, …)`.
    #[arg(long, help_heading = "Target")]
    pub hip_kernel_execution_syntax: bool,

    /// Leave CUDA API names inside string literals as they are.
    #[arg(long, help_heading = "Target")]
    pub keep_strings: bool,
}

/// File selection.
#[derive(Debug, ClapArgs)]
pub struct WalkArgs {
    /// Also translate files matching GLOB when walking directories.
    #[arg(long, value_name = "GLOB", help_heading = "Files")]
    pub include: Vec<String>,

    /// Skip files and directories matching GLOB.
    #[arg(long, value_name = "GLOB", help_heading = "Files")]
    pub exclude: Vec<String>,

    /// Do not honour .gitignore/.ignore files.
    #[arg(long, help_heading = "Files")]
    pub no_ignore: bool,
}

/// `--format`'s values, from the library's list (which knows no clap).
fn format_parser() -> impl clap::builder::TypedValueParser<Value = Format> {
    let values =
        Format::ALL.map(|(_, name, help)| clap::builder::PossibleValue::new(name).help(help));
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(values)
        .map(|name| Format::from_name(&name).unwrap_or(Format::Human))
}
