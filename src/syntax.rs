//! Syntax facts from tree-sitter (the tree-sitter-cuda grammar, which extends
//! tree-sitter-cpp with `<<<…>>>`, `__global__` …).
//!
//! Token-level passes do the translating; this module answers what tokens
//! cannot: does this statement declare this name? Parsing costs thirty times
//! more than lexing (about 900 instructions a byte), so only the one
//! statement in question is parsed, only when a lexical pre-check found a
//! candidate, with one parser kept per thread.

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

/// Whether the identifier at `start..end` is the name a declaration (of a
/// function, field, variable or type) gives, in a tree parsed from one
/// statement.
///
/// Never in a tree with an error (or missing) node anywhere: error recovery
/// depends on the exact text, so the same statement with another name
/// translated (`__shfl_sync()d f()` → `__shfl()d f()`) can recover into a
/// declaration one time and an expression the next, and the next round of
/// the translation would undo the first. A statement that does not parse is code.
pub fn declares(tree: &Tree, start: usize, end: usize) -> bool {
    if tree.root_node().has_error() {
        return false;
    }
    let Some(node) = tree.root_node().descendant_for_byte_range(start, end) else {
        return false;
    };
    node.start_byte() == start
        && node.end_byte() == end
        && matches!(
            node.kind(),
            "identifier" | "field_identifier" | "type_identifier"
        )
        && !has_error_ancestor(node)
        && names_declaration(node)
}

/// Whether the declaration [`declares`] finds declares a pointer or array
/// (`tcuInit *cuInit;`, `CUresult (*cuInit)(unsigned);`): a variable, never
/// a re-declaration of the function CUDA declares under that name.
pub fn declares_pointer(tree: &Tree, start: usize, end: usize) -> bool {
    declares(tree, start, end)
        && tree
            .root_node()
            .descendant_for_byte_range(start, end)
            .and_then(|n| n.parent())
            .is_some_and(|p| matches!(p.kind(), "pointer_declarator" | "array_declarator"))
}

fn has_error_ancestor(node: Node<'_>) -> bool {
    let mut cur = node.parent();
    while let Some(n) = cur {
        if n.is_error() {
            return true;
        }
        cur = n.parent();
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
    let Some(mut parent) = node.parent() else {
        return false;
    };
    // Through the declarators around the name: `*cuInit`, `(*cuInit)(…)`,
    // `cuFns[4]` (a loader's function pointers are the project's own).
    let mut node = node;
    while matches!(
        parent.kind(),
        "pointer_declarator"
            | "reference_declarator"
            | "array_declarator"
            | "parenthesized_declarator"
    ) || parent.kind() == "function_declarator" && node.kind() == "parenthesized_declarator"
    {
        let Some(up) = parent.parent() else {
            return false;
        };
        node = parent;
        parent = up;
    }
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

    fn check(src: &str, word: &str) -> bool {
        let start = src.find(word).unwrap();
        let tree = parse(src.as_bytes()).unwrap();
        declares(&tree, start, start + word.len())
    }

    #[test]
    fn declarations() {
        assert!(check("inline void cudaFree(void*) {}", "cudaFree"));
        assert!(check("void* cudaMalloc(int);", "cudaMalloc"));
        assert!(check("using cudaStream_t = int;", "cudaStream_t"));
        assert!(!check("cudaFree(p);", "cudaFree"));
        assert!(check("PFN_init *cuInit;", "cuInit"));
        assert!(check(
            "extern CUresult (*cuDeviceGet)(CUdevice*, int);",
            "cuDeviceGet"
        ));
        assert!(!check("x = a * cuInit;", "cuInit"));
        assert!(!check("return cudaFree(p);", "cudaFree"));
    }

    #[test]
    fn first_error_finds_the_broken_part() {
        let tree = parse(b"int a; void f( { int b; }").unwrap();
        assert!(first_error(&tree).is_some());
        assert!(first_error(&parse(b"int a;").unwrap()).is_none());
    }
}
