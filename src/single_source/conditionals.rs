//! Which conditional directives belong together: each `#if`, `#ifdef`,
//! `#ifndef`, `#elif`, `#else` and `#endif` of a file, with the `#if…` that
//! opens its group and the `#endif` that closes it. A branch the mode writes
//! must hold whole groups, or its `#if`/`#else`/`#endif` would pair with the
//! file's own.

use crate::lex::{Directive, Lexed};

/// Per directive of a file: `(opening, closing)` directive indexes of its
/// conditional group, or `None` (not a conditional, or left open or
/// unopened in a malformed file).
pub(super) struct Groups {
    pub(super) of: Vec<Option<(usize, usize)>>,
}

/// Whether a directive opens a conditional group.
pub(super) fn opens(d: &Directive) -> bool {
    matches!(d.name.as_str(), "if" | "ifdef" | "ifndef")
}

/// Whether a directive is part of a conditional group.
pub(super) fn is_conditional(d: &Directive) -> bool {
    opens(d)
        || matches!(
            d.name.as_str(),
            "elif" | "elifdef" | "elifndef" | "else" | "endif"
        )
}

impl Groups {
    pub(super) fn of(lx: &Lexed) -> Groups {
        let mut of = vec![None; lx.directives.len()];
        // Open groups: the opening directive and its members so far.
        let mut open: Vec<(usize, Vec<usize>)> = Vec::new();
        for (i, d) in lx.directives.iter().enumerate() {
            if opens(d) {
                open.push((i, vec![i]));
            } else if d.name == "endif" {
                if let Some((start, members)) = open.pop() {
                    for m in members.into_iter().chain([i]) {
                        of[m] = Some((start, i));
                    }
                }
            } else if is_conditional(d) {
                if let Some((_, members)) = open.last_mut() {
                    members.push(i);
                }
            }
        }
        Groups { of }
    }

    /// How many groups are open at byte `at` (directives before it that
    /// open a group whose `#endif` is at or after it).
    pub(super) fn depth_at(&self, lx: &Lexed, at: usize) -> usize {
        (lx.directives.iter().enumerate())
            .take_while(|(_, d)| (d.hash as usize) < at)
            .filter(|(i, d)| {
                opens(d)
                    && self.of[*i].is_some_and(|(_, end)| lx.directives[end].hash as usize >= at)
            })
            .count()
    }
}

/// The net depth a text's conditionals leave, and the lowest it reaches
/// (below 0: it closes a group it did not open).
pub(super) fn balance(text: &[u8]) -> (i64, i64) {
    let lx = crate::lex::lex(text);
    let (mut depth, mut lowest) = (0i64, 0i64);
    for d in &lx.directives {
        if opens(d) {
            depth += 1;
        } else if d.name == "endif" {
            depth -= 1;
        } else if is_conditional(d) && depth == 0 {
            // An #else or #elif of a group opened outside the text.
            lowest = lowest.min(-1);
        }
        lowest = lowest.min(depth);
    }
    (depth, lowest)
}
