//! hipify-rs: translate CUDA C++ sources to HIP C++.
//!
//! The library does the work; the `hipify-rs` binary is a thin CLI over it.
//! Data flow: [`walk`] lists files → [`engine::process`], the one entry point
//! from a file's bytes to its result, hands each to [`engine::translate`] or
//! to [`buildfiles`]. A C++/CUDA file runs to a fixed point: each round
//! lexes the text into tokens (read through one view that owns brackets,
//! call arguments and scopes), runs the [`translate`](mod@translate) passes over the
//! [`mappings`] tables, then the rules (read-only, over the same tokens and
//! the passes' edits), producing byte-range [`edit::Edit`]s and
//! [`diagnostic::Diagnostic`]s → [`edit`] applies them → the next round reads
//! the output, until it translates to itself. [`output`] writes atomically →
//! [`render`] prints. [`project`] knows the names the tree declares itself
//! (never HIP-W004).
//!
//! ```
//! use hipify_rs::{translate, Language, Options};
//! let t = translate(b"cudaMalloc(&p, n);", Language::Cuda, &Options::default());
//! assert_eq!(t.output, b"#include <hip/hip_runtime.h>\nhipMalloc(&p, n);");
//! ```

#![warn(missing_docs)]

pub mod buildfiles;
pub mod config;
pub mod diagnostic;
pub mod edit;
pub mod engine;
pub mod exit_codes;
pub mod lex;
pub mod mappings;
mod options;
pub mod output;
pub mod project;
pub mod render;
mod rules;
pub mod single_source;
pub mod source;
pub mod syntax;
mod tokens;
pub mod translate;
pub mod verify;
pub mod walk;

pub use engine::translate;
pub use translate::{Language, Options, Translation};
