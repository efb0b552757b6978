//! hipify-rs: translate CUDA C++ sources to HIP C++.
//!
//! The library does the work; the `hipify-rs` binary is a thin CLI over it.
//! Data flow: [`walk`] lists files → [`engine::process`], the one entry point
//! from a file's bytes to its result, hands each to [`translate::translate`]
//! (which lexes it and runs its passes over the [`mappings`] tables, then
//! the rules) or to [`buildfiles`], producing byte-range [`edit::Edit`]s and
//! [`diagnostic::Diagnostic`]s → [`edit`] applies them → [`output`] writes
//! atomically → [`render`] prints. [`project`] knows the names the tree
//! declares itself (never HIP-W004).
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
pub mod output;
pub mod project;
pub mod render;
mod rules;
pub mod source;
pub mod syntax;
pub mod translate;
pub mod verify;
pub mod walk;

pub use translate::{Language, Options, Translation, translate};
