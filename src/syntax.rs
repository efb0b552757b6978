//! Syntax facts from tree-sitter (the tree-sitter-cuda grammar, which extends
//! tree-sitter-cpp with `<<<…>>>`, `__global__` …).
//!
//! Token-level passes do the translating; this module answers the questions
//! tokens cannot: is this identifier a declaration that a user's namespace or
//! class owns? Parsing costs far more than lexing, so callers ask only when a
//! lexical pre-check found a candidate, and one parser is kept per thread.

use std::cell::RefCell;

use tree_sitter::{Node, Parser, Tree};

thread_local! {
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// Parses `src` as CUDA C++. `None` only if the grammar cannot be loaded or the
/// parse was cancelled; a tree with ERROR nodes is still returned.
pub fn parse(src: &[u8]) -> Option<Tree> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut p = Parser::new();
            p.set_language(&tree_sitter_cuda::LANGUAGE.into()).ok()?;
            *slot = Some(p);
        }
        slot.as_mut()?.parse(src, None)
    })
}

/// Whether the identifier at `start..end` is the name a declaration gives a
/// function, field or type inside a namespace or class body: something the
/// user's own code owns, whatever it is called.
pub fn is_user_declaration(tree: &Tree, start: usize, end: usize) -> bool {
    let Some(node) = tree.root_node().descendant_for_byte_range(start, end) else {
        return false;
    };
    if node.start_byte() != start || node.end_byte() != end {
        return false;
    }
    if !matches!(
        node.kind(),
        "identifier" | "field_identifier" | "type_identifier"
    ) {
        return false;
    }
    if !names_declaration(node) {
        return false;
    }
    // Owned when the nearest enclosing scope is a namespace or class body.
    let mut cur = node.parent();
    while let Some(n) = cur {
        match n.kind() {
            "declaration_list" | "field_declaration_list" => return true,
            "compound_statement" | "translation_unit" | "parameter_list" => return false,
            _ => cur = n.parent(),
        }
    }
    false
}

/// Byte range of the first ERROR (or missing) node, if the parse has one.
pub fn first_error(tree: &Tree) -> Option<std::ops::Range<usize>> {
    let root = tree.root_node();
    if !root.has_error() {
        return None;
    }
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            return Some(node.start_byte()..node.end_byte().max(node.start_byte()));
        }
        // Descend only into subtrees that contain the error.
        if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
        }
    }
}

/// The node is the declarator name of a function, field or alias declaration.
fn names_declaration(node: Node<'_>) -> bool {
    let Some(parent) = node.parent() else {
        return false;
    };
    let is_field = |field: &str| {
        parent
            .child_by_field_name(field)
            .is_some_and(|c| c.id() == node.id())
    };
    match parent.kind() {
        "function_declarator" => is_field("declarator"),
        "field_declaration" | "init_declarator" | "declaration" => is_field("declarator"),
        "alias_declaration" | "struct_specifier" | "class_specifier" | "enum_specifier" => {
            is_field("name")
        }
        "type_definition" => is_field("declarator"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(src: &str, word: &str, nth: usize) -> bool {
        let start = src.match_indices(word).nth(nth).unwrap().0;
        let tree = parse(src.as_bytes()).unwrap();
        is_user_declaration(&tree, start, start + word.len())
    }

    #[test]
    fn declarations_in_namespaces_and_classes() {
        let src = "namespace m { inline void cudaFree(void*) {} struct A { void* cudaMalloc(int); }; }\nvoid f() { cudaFree(0); }";
        assert!(check(src, "cudaFree", 0));
        assert!(check(src, "cudaMalloc", 0));
        assert!(!check(src, "cudaFree", 1));
    }

    #[test]
    fn global_redeclaration_is_not_user_owned() {
        let src = "cudaError_t cudaFree(void*);";
        assert!(!check(src, "cudaFree", 0));
    }
}
