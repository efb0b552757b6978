//! The `hipify-rs` command: parses arguments and hands over to the library.

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    cli::run()
}
