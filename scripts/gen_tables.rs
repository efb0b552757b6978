//! Compiles `scripts/families.toml`, `mappings/*.toml` (written by
//! `scripts/gen_mappings.py`) and `mappings/cuda-declared.tsv` (written by
//! `scripts/gen_cuda_names.py`) into static tables and `phf` maps: the Rust
//! source of `src/mappings/generated.rs`, which is committed.
//!
//! This file is no part of the library: `tests/codegen.rs` compiles it
//! (`#[path]`), regenerates the tables in memory and fails when the committed
//! file differs; with `HIPIFY_UPDATE_GENERATED=1` it writes the file instead
//! ([`UPDATE_COMMAND`]). Malformed data is an error naming file and key.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

#[path = "../src/mappings/key_filter.rs"]
mod key_filter;

/// The generated file, relative to the repository root.
pub const OUTPUT: &str = "src/mappings/generated.rs";

/// The command that rewrites [`OUTPUT`] from the data.
pub const UPDATE_COMMAND: &str = "HIPIFY_UPDATE_GENERATED=1 cargo test --test codegen";

/// The family list, relative to the repository root.
const FAMILIES_FILE: &str = "scripts/families.toml";

const KINDS: &[(&str, &str)] = &[
    ("function", "Function"),
    ("type", "Type"),
    ("enum", "EnumConstant"),
    ("macro", "Macro"),
    ("namespace", "Namespace"),
];

type Result<T> = std::result::Result<T, String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FamiliesFile {
    family: Vec<FamilyDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FamilyDef {
    name: String,
    /// The variant's doc comment.
    doc: String,
    /// The HIPIFY table `scripts/gen_mappings.py` reads; not used here.
    #[allow(dead_code)]
    table: Option<String>,
}

/// A family of `scripts/families.toml`: its name and Rust variant.
struct Family {
    name: String,
    variant: String,
    doc: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EntriesFile {
    entries: BTreeMap<String, Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeadersFile {
    headers: BTreeMap<String, HeaderEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    hip: Option<String>,
    roc: Option<String>,
    kind: String,
    cuda_added: Option<String>,
    cuda_deprecated: Option<String>,
    cuda_changed: Option<String>,
    cuda_removed: Option<String>,
    hip_added: Option<String>,
    hip_deprecated: Option<String>,
    hip_changed: Option<String>,
    hip_removed: Option<String>,
    hip_experimental: Option<String>,
    roc_added: Option<String>,
    roc_deprecated: Option<String>,
    roc_changed: Option<String>,
    roc_removed: Option<String>,
    roc_experimental: Option<String>,
    /// The HIP translation deletes the name (a macro HIP has no use for).
    #[serde(default)]
    delete: bool,
    /// HIP declares the HIP name as a typedef only, no struct tag: `struct
    /// cudaX` must lose its keyword.
    #[serde(default)]
    hip_typedef: bool,
    legacy: Option<LegacyEntry>,
    wrap_arg: Option<OneOrMany<WrapArg>>,
    by_arity: Option<Vec<ByArity>>,
    append_arg: Option<OneOrMany<AppendArg>>,
    drop_arg: Option<OneOrMany<DropArg>>,
    call_note: Option<OneOrMany<CallNote>>,
    args: Option<OneOrMany<ArgsEntry>>,
    fn_ptr: Option<FnPtrEntry>,
    note: Option<String>,
    /// Where an ADDENDA fact comes from; kept in the TOML only.
    #[allow(dead_code)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegacyEntry {
    before: String,
    /// The legacy form's own first HIP version (older targets: unsupported).
    since: Option<String>,
    hip: String,
    #[serde(default)]
    drop_first_arg: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrapArg {
    index: u8,
    with: String,
    arity: Option<u8>,
    if_type: Option<ArgType>,
    /// Only below this HIP version (its declaration changed then).
    before: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ByArity {
    arity: u8,
    hip: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AppendArg {
    arity: u8,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DropArg {
    arity: u8,
    index: u8,
    #[serde(default)]
    if_null: bool,
    if_type: Option<ArgType>,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArgType {
    index: u8,
    types: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CallNote {
    /// Only calls with exactly this many arguments (absent: every call).
    arity: Option<u8>,
    note: String,
    /// The note holds on the ROC side too (`--roc`).
    #[serde(default)]
    roc: bool,
    /// `false`: on the ROC side alone (the HIP function takes what CUDA's does).
    #[serde(default = "yes")]
    hip: bool,
    /// On the ROC side, only in a file that uses a BLAS library too (where
    /// `cudaDataType` stays rocBLAS's type; see `identifiers::in_sparse_call`).
    #[serde(default)]
    roc_with_blas: bool,
}

fn yes() -> bool {
    true
}

/// A call's argument list written anew (`args`): `to` is the list, whose
/// items copy the call's arguments as `$N` (possibly inside text:
/// `(rocblas_float_complex*)$3`) or are text of their own (`nullptr`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArgsEntry {
    arity: u8,
    to: String,
    /// The ROC side's list (with `--roc`); else the HIP side's.
    #[serde(default)]
    roc: bool,
    /// A finding at each such call: what the list cannot carry over.
    note: Option<String>,
    /// Only where an argument is one of these words; elsewhere the call is
    /// left as it is, with a finding.
    if_arg: Option<ArgIs>,
}

/// Where HIP's headers overload the name (`fn_ptr`): the pointer type of
/// HIP's C declaration, to which the name is cast where it is not called,
/// or (no `type`) the finding there.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FnPtrEntry {
    #[serde(rename = "type")]
    type_: Option<String>,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArgIs {
    index: u8,
    #[serde(default)]
    is: Vec<String>,
    /// The condition is that the argument is no null literal (`is` empty).
    #[serde(default)]
    not_null: bool,
    /// The finding where the argument is another.
    note: String,
}

/// One table, or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> OneOrMany<T> {
    fn list(&self) -> &[T] {
        match self {
            OneOrMany::One(a) => std::slice::from_ref(a),
            OneOrMany::Many(v) => v,
        }
    }
}

/// Items of an optional one-or-many field.
fn items<T>(field: &Option<OneOrMany<T>>) -> &[T] {
    field.as_ref().map_or(&[], OneOrMany::list)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MembersFile {
    members: BTreeMap<String, MemberEntry>,
}

/// One member of a CUDA type (`cudaDeviceProp.sharedMemPerMultiprocessor`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberEntry {
    family: String,
    hip: Option<String>,
    hip_added: Option<String>,
    legacy: Option<LegacyEntry>,
    note: Option<String>,
    #[allow(dead_code)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderEntry {
    hip: Option<String>,
    roc: Option<String>,
    family: String,
    /// HIP version that first shipped the HIP header.
    hip_added: Option<String>,
    /// The header to include below `hip_added` instead.
    legacy: Option<String>,
    #[serde(default)]
    unsupported: bool,
    note: Option<String>,
    #[allow(dead_code)]
    source: Option<String>,
}

/// `Version::parse` of src/mappings/mod.rs, packed the same way.
fn parse_version(text: &str) -> Option<u32> {
    let mut parts = text.trim().split('.');
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next().map_or(Some(0), |p| p.parse().ok())?;
    let patch: u32 = parts.next().map_or(Some(0), |p| p.parse().ok())?;
    if parts.next().is_some() || minor >= 1000 || patch >= 1000 || major >= 4000 {
        return None;
    }
    Some(major * 1_000_000 + minor * 1_000 + patch)
}

struct Ctx<'a> {
    file: &'a Path,
    key: &'a str,
}

impl Ctx<'_> {
    fn err(&self, msg: impl std::fmt::Display) -> String {
        format!(
            "mappings error in {} at key `{}`: {}",
            self.file.display(),
            self.key,
            msg
        )
    }

    fn version(&self, field: &str, v: &Option<String>) -> Result<u32> {
        match v {
            None => Ok(0),
            Some(s) => parse_version(s)
                .ok_or_else(|| self.err(format!("bad version string {s:?} in `{field}`"))),
        }
    }

    fn name(&self, field: &str, v: &Option<String>) -> Result<Option<String>> {
        match v {
            Some(s) if s.trim().is_empty() => Err(self.err(format!("empty name in `{field}`"))),
            Some(s) if s.trim() != s => {
                Err(self.err(format!("`{field}` {s:?} has surrounding spaces")))
            }
            other => Ok(other.clone()),
        }
    }
}

fn lit(s: &str) -> String {
    format!("{s:?}")
}

fn opt_lit(s: &Option<String>) -> String {
    match s {
        Some(s) => format!("Some({s:?})"),
        None => "None".into(),
    }
}

struct Side {
    name: Option<String>,
    versions: [u32; 4],
    experimental: bool,
}

impl Side {
    fn code(&self) -> String {
        if self.name.is_none() && self.versions == [0; 4] && !self.experimental {
            return "GEN_NO_SIDE".into();
        }
        let [a, d, c, r] = self.versions;
        format!(
            "gen_side({}, {a}, {d}, {c}, {r}, {})",
            opt_lit(&self.name),
            self.experimental
        )
    }
}

/// The `CallRewrite` literal of an entry's argument rewrites, checked: an
/// index within the arity it applies to, a note where a dropped argument
/// may be left.
fn call_rewrite(cx: &Ctx<'_>, e: &Entry) -> Result<String> {
    let arg_type = |field: &str, t: &Option<ArgType>, arity: Option<u8>| -> Result<String> {
        let Some(t) = t else {
            return Ok("None".into());
        };
        if t.types.is_empty() {
            return Err(cx.err(format!("`{field}.if_type` needs at least one type")));
        }
        if arity.is_some_and(|n| t.index >= n) {
            return Err(cx.err(format!(
                "`{field}.if_type.index` {} is past the arity {}",
                t.index,
                arity.unwrap_or_default()
            )));
        }
        let mut types = String::from("&[");
        for ty in &t.types {
            cx.name(&format!("{field}.if_type.types"), &Some(ty.clone()))?;
            let _ = write!(types, "{}, ", lit(ty));
        }
        types.push(']');
        Ok(format!(
            "Some(&ArgType {{ index: {}, types: {types} }})",
            t.index
        ))
    };
    let mut wrap = String::from("&[");
    for w in items(&e.wrap_arg) {
        cx.name("wrap_arg.with", &Some(w.with.clone()))?;
        if w.arity.is_some_and(|n| w.index >= n) {
            return Err(cx.err(format!(
                "`wrap_arg.index` {} is past the arity {}",
                w.index,
                w.arity.unwrap_or_default()
            )));
        }
        let arity = match w.arity {
            Some(n) => format!("Some({n})"),
            None => "None".into(),
        };
        let before = cx.version("wrap_arg.before", &w.before)?;
        let _ = write!(
            wrap,
            "WrapArg {{ index: {}, with: {}, arity: {arity}, if_type: {}, before: Version({before}) }}, ",
            w.index,
            lit(&w.with),
            arg_type("wrap_arg", &w.if_type, w.arity)?
        );
    }
    wrap.push(']');
    let mut arity = String::from("&[");
    for b in e.by_arity.iter().flatten() {
        cx.name("by_arity.hip", &Some(b.hip.clone()))?;
        let _ = write!(arity, "({}, {}), ", b.arity, lit(&b.hip));
    }
    arity.push(']');
    let mut append = String::from("&[");
    for a in items(&e.append_arg) {
        cx.name("append_arg.text", &Some(a.text.clone()))?;
        let _ = write!(append, "({}, {}), ", a.arity, lit(&a.text));
    }
    append.push(']');
    let mut drop = String::from("&[");
    for d in items(&e.drop_arg) {
        if d.index >= d.arity {
            return Err(cx.err(format!(
                "`drop_arg.index` {} is past the arity {}",
                d.index, d.arity
            )));
        }
        let note = match (&d.note, d.if_null) {
            (Some(n), true) => cx
                .name("drop_arg.note", &Some(n.clone()))?
                .unwrap_or_default(),
            (None, true) => {
                return Err(cx.err(
                    "`drop_arg` with `if_null` needs a `note`: what HIP lacks where the argument is not null, and what to do",
                ));
            }
            (Some(_), false) => {
                return Err(cx.err("`drop_arg.note` is for `if_null` (it explains the finding where the argument is not null)"));
            }
            (None, false) => String::new(),
        };
        let _ = write!(
            drop,
            "DropArg {{ arity: {}, index: {}, if_null: {}, if_type: {}, note: {} }}, ",
            d.arity,
            d.index,
            d.if_null,
            arg_type("drop_arg", &d.if_type, Some(d.arity))?,
            lit(&note)
        );
    }
    drop.push(']');
    let mut notes = String::from("&[");
    for n in items(&e.call_note) {
        cx.name("call_note.note", &Some(n.note.clone()))?;
        if !n.hip && !n.roc {
            return Err(cx.err("a `call_note` with `hip = false` needs `roc = true`"));
        }
        let _ = write!(
            notes,
            "({}, {}, {}, {}, {}), ",
            n.arity.unwrap_or(0),
            lit(&n.note),
            n.hip,
            n.roc,
            n.roc_with_blas
        );
    }
    notes.push(']');
    let mut lists = String::from("&[");
    for a in items(&e.args) {
        let note = cx.name("args.note", &a.note)?.unwrap_or_default();
        let if_arg = match &a.if_arg {
            None => "None".to_string(),
            Some(c) => {
                if c.index >= a.arity || c.is.is_empty() != c.not_null {
                    return Err(cx.err(
                        "`args.if_arg` needs an index below the arity, and words in `is` or `not_null = true`",
                    ));
                }
                cx.name("args.if_arg.note", &Some(c.note.clone()))?;
                let words: Vec<String> = c.is.iter().map(|w| lit(w)).collect();
                format!(
                    "Some(&ArgIs {{ index: {}, is: &[{}], not_null: {}, note: {} }})",
                    c.index,
                    words.join(", "),
                    c.not_null,
                    lit(&c.note)
                )
            }
        };
        let _ = write!(
            lists,
            "ArgList {{ arity: {}, roc: {}, to: &[{}], note: {}, if_arg: {if_arg} }}, ",
            a.arity,
            a.roc,
            arg_items(cx, a)?,
            lit(&note)
        );
    }
    lists.push(']');
    let fn_ptr = match &e.fn_ptr {
        None => "None".to_string(),
        Some(f) => {
            let type_ = cx.name("fn_ptr.type", &f.type_)?.unwrap_or_default();
            let note = cx.name("fn_ptr.note", &f.note)?.unwrap_or_default();
            if type_.is_empty() == note.is_empty() || (!type_.is_empty() && !type_.contains("(*)"))
            {
                return Err(cx.err(
                    "`fn_ptr` needs either `type` (a function pointer type, `R (*)(A…)`) or `note`",
                ));
            }
            format!(
                "Some(&FnPtr {{ type_: {}, note: {} }})",
                lit(&type_),
                lit(&note)
            )
        }
    };
    Ok(format!(
        "Some(&CallRewrite {{ wrap_arg: {wrap}, by_arity: {arity}, append_arg: {append}, drop_arg: {drop}, call_note: {notes}, args: {lists}, fn_ptr: {fn_ptr} }})"
    ))
}

/// The `ArgItem` literals of an `args.to` list, checked: each item holds at
/// most one `$N`, below the arity, and no item is empty.
fn arg_items(cx: &Ctx<'_>, a: &ArgsEntry) -> Result<String> {
    let mut out = String::new();
    for item in split_top_level(&a.to) {
        let item = item.trim();
        if item.is_empty() {
            return Err(cx.err(format!("`args.to` `{}` has an empty item", a.to)));
        }
        let refs: Vec<(usize, usize, u8)> = dollar_refs(item);
        let (before, arg, after) = match refs.as_slice() {
            [] => (item, None, ""),
            [(s, e, n)] => {
                if *n >= a.arity {
                    return Err(cx.err(format!("`args.to` `${n}` is past the arity {}", a.arity)));
                }
                (&item[..*s], Some(*n), &item[*e..])
            }
            _ => {
                return Err(cx.err(format!(
                    "`args.to` item `{item}` copies more than one argument"
                )));
            }
        };
        let arg = arg.map_or("None".into(), |n| format!("Some({n})"));
        let _ = write!(
            out,
            "ArgItem {{ before: {}, arg: {arg}, after: {} }}, ",
            lit(before),
            lit(after)
        );
    }
    Ok(out)
}

/// `text` split at the commas outside brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// The `$N` in `item`: (start, end, N).
fn dollar_refs(item: &str) -> Vec<(usize, usize, u8)> {
    let b = item.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' {
            let e = (i + 1..b.len())
                .find(|&k| !b[k].is_ascii_digit())
                .unwrap_or(b.len());
            if let Ok(n) = item[i + 1..e].parse::<u8>() {
                out.push((i, e, n));
            }
            i = e.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

fn read(file: &Path) -> Result<String> {
    fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))
}

/// `scripts/families.toml`, in order.
fn families(file: &Path) -> Result<Vec<Family>> {
    let fail = |msg: String| format!("mappings error in {}: {msg}", file.display());
    let parsed: FamiliesFile = toml::from_str(&read(file)?).map_err(|e| fail(e.to_string()))?;
    let mut out: Vec<Family> = Vec::new();
    for f in parsed.family {
        let mut chars = f.name.chars();
        if !chars.next().is_some_and(|c| c.is_ascii_lowercase())
            || !chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            return Err(fail(format!(
                "family name {:?} is not lower-case ASCII letters and digits",
                f.name
            )));
        }
        if out.iter().any(|o| o.name == f.name) {
            return Err(fail(format!("family `{}` listed twice", f.name)));
        }
        if f.doc.trim().is_empty() || f.doc.contains('\n') {
            return Err(fail(format!("family `{}` needs a one-line `doc`", f.name)));
        }
        let variant = f.name[..1].to_ascii_uppercase() + &f.name[1..];
        out.push(Family {
            name: f.name,
            variant,
            doc: f.doc,
        });
    }
    if out.is_empty() {
        return Err(fail("no `[[family]]`".into()));
    }
    Ok(out)
}

/// The `Family` enum, its `ALL` and `name()`.
fn family_enum(families: &[Family], out: &mut String) {
    out.push_str(
        "/// API family a mapping belongs to (one `mappings/<family>.toml` each).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
         pub enum Family {\n",
    );
    for f in families {
        let _ = writeln!(out, "    /// {}\n    {},", f.doc, f.variant);
    }
    let _ = write!(
        out,
        "}}\n\n\
         impl Family {{\n    \
         /// Every family, in lookup priority order (a CUDA name listed by several\n    \
         /// families resolves to the first).\n    \
         pub const ALL: [Family; {}] = [\n",
        families.len()
    );
    for f in families {
        let _ = writeln!(out, "        Family::{},", f.variant);
    }
    out.push_str(
        "    ];\n\n    \
         /// The family's name as in `mappings/<name>.toml`.\n    \
         pub fn name(self) -> &'static str {\n        \
         match self {\n",
    );
    for f in families {
        let _ = writeln!(out, "            Family::{} => {:?},", f.variant, f.name);
    }
    out.push_str("        }\n    }\n}\n\n");
}

/// The Rust source of [`OUTPUT`], from the data under the repository `root`.
pub fn generate(root: &Path) -> Result<String> {
    let families = families(&root.join(FAMILIES_FILE))?;
    let dir = root.join("mappings");

    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    files.retain(|p| p.extension().is_some_and(|x| x == "toml"));
    files.sort();

    // family index -> (file, parsed)
    let mut api: BTreeMap<usize, (PathBuf, EntriesFile)> = BTreeMap::new();
    let mut headers: Option<(PathBuf, HeadersFile)> = None;
    let mut members: Option<(PathBuf, MembersFile)> = None;
    for file in &files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        if stem == "members" {
            let text = read(file)?;
            let parsed = toml::from_str(&text)
                .map_err(|e| format!("mappings error in {}: {e}", file.display()))?;
            members = Some((file.clone(), parsed));
            continue;
        }
        let Some(fam_ix) = families.iter().position(|f| f.name == stem) else {
            return Err(format!(
                "mappings error in {}: unknown family `{stem}` (expected one of: {})",
                file.display(),
                families
                    .iter()
                    .map(|f| f.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        let text = read(file)?;
        let bad = |e: toml::de::Error| format!("mappings error in {}: {e}", file.display());
        if stem == "headers" {
            headers = Some((file.clone(), toml::from_str(&text).map_err(bad)?));
        } else {
            api.insert(fam_ix, (file.clone(), toml::from_str(&text).map_err(bad)?));
        }
    }

    let mut out = String::new();
    out.push_str(
        "// @generated by scripts/gen_tables.rs from scripts/families.toml, mappings/*.toml\n\
         // and mappings/cuda-declared.tsv — do not edit. To refresh it:\n",
    );
    let _ = writeln!(out, "// {UPDATE_COMMAND}\n");
    out.push_str(
        "use super::{\n    ArgIs, ArgItem, ArgList, ArgType, CallRewrite, DropArg, FnPtr, HeaderMapping, Kind,\n    Legacy, Mapping, Member, Side, Version, WrapArg,\n};\n\n",
    );
    family_enum(&families, &mut out);
    out.push_str(
        "const GEN_NO_SIDE: Side = Side { name: None, added: Version(0), deprecated: Version(0), \
         changed: Version(0), removed: Version(0), experimental: false };\n\n\
         const fn gen_side(name: Option<&'static str>, added: u32, deprecated: u32, changed: u32, \
         removed: u32, experimental: bool) -> Side {\n    Side { name, added: Version(added), \
         deprecated: Version(deprecated), changed: Version(changed), removed: Version(removed), \
         experimental }\n}\n\n\
         #[allow(clippy::too_many_arguments)]\n\
         const fn gen_m(cuda: &'static str, family: Family, kind: Kind, ca: u32, cd: u32, cc: u32, \
         cr: u32, hip: Side, roc: Side, call: Option<&'static CallRewrite>, \
         legacy: Option<&'static Legacy>, note: &'static str) -> Mapping {\n    Mapping { cuda, \
         family, kind, cuda_added: Version(ca), cuda_deprecated: Version(cd), \
         cuda_changed: Version(cc), cuda_removed: Version(cr), hip, roc, call, legacy, note }\n}\n\n",
    );

    let mut newest_hip = 0u32;
    let mut typedefs: Vec<&str> = Vec::new();
    let mut index: BTreeMap<String, Vec<(u32, bool)>> = BTreeMap::new(); // name -> [(ix, has hip)]
    let mut count = 0u32;
    out.push_str(
        "/// Every API mapping: families in `Family::ALL` order, each sorted by CUDA name.\n",
    );
    out.push_str("pub static MAPPINGS: &[Mapping] = &[\n");
    for (fam_ix, (file, parsed)) in &api {
        let family = &families[*fam_ix].variant;
        // BTreeMap<String, _> iterates in byte order: sorted by CUDA name.
        for (key, e) in &parsed.entries {
            let cx = Ctx { file, key };
            if key.trim().is_empty() || key.trim() != key {
                return Err(cx.err("empty CUDA name or surrounding spaces"));
            }
            let kind = KINDS
                .iter()
                .find(|(n, _)| *n == e.kind)
                .map(|k| k.1)
                .ok_or_else(|| {
                    cx.err(format!(
                        "unknown kind {:?} (expected one of: {})",
                        e.kind,
                        KINDS.iter().map(|k| k.0).collect::<Vec<_>>().join(", ")
                    ))
                })?;
            if e.delete && (e.hip.is_some() || e.kind != "macro") {
                return Err(cx.err("`delete = true` is for macros, without a `hip` name"));
            }
            if e.hip_typedef {
                if e.hip.is_none() {
                    return Err(cx.err("`hip_typedef = true` needs a `hip` name"));
                }
                typedefs.push(key);
            }
            let hip = Side {
                // An empty name deletes the use.
                name: if e.delete {
                    Some(String::new())
                } else {
                    cx.name("hip", &e.hip)?
                },
                versions: [
                    cx.version("hip_added", &e.hip_added)?,
                    cx.version("hip_deprecated", &e.hip_deprecated)?,
                    cx.version("hip_changed", &e.hip_changed)?,
                    cx.version("hip_removed", &e.hip_removed)?,
                ],
                experimental: cx.version("hip_experimental", &e.hip_experimental)? != 0,
            };
            let roc = Side {
                name: cx.name("roc", &e.roc)?,
                versions: [
                    cx.version("roc_added", &e.roc_added)?,
                    cx.version("roc_deprecated", &e.roc_deprecated)?,
                    cx.version("roc_changed", &e.roc_changed)?,
                    cx.version("roc_removed", &e.roc_removed)?,
                ],
                experimental: cx.version("roc_experimental", &e.roc_experimental)? != 0,
            };
            for v in [&e.hip_experimental, &e.roc_experimental] {
                newest_hip = newest_hip.max(cx.version("experimental", v)?);
            }
            for v in hip.versions.iter().chain(roc.versions.iter()) {
                newest_hip = newest_hip.max(*v);
            }
            let ca = cx.version("cuda_added", &e.cuda_added)?;
            let cd = cx.version("cuda_deprecated", &e.cuda_deprecated)?;
            let cc = cx.version("cuda_changed", &e.cuda_changed)?;
            let cr = cx.version("cuda_removed", &e.cuda_removed)?;

            let call = if e.wrap_arg.is_some()
                || e.by_arity.is_some()
                || e.append_arg.is_some()
                || e.drop_arg.is_some()
                || e.call_note.is_some()
                || e.args.is_some()
                || e.fn_ptr.is_some()
            {
                call_rewrite(&cx, e)?
            } else {
                "None".into()
            };
            let legacy = match &e.legacy {
                Some(l) => {
                    let before = cx.version("legacy.before", &Some(l.before.clone()))?;
                    let since = cx.version("legacy.since", &l.since)?;
                    if since >= before {
                        return Err(cx.err("`legacy.since` must be older than `legacy.before`"));
                    }
                    newest_hip = newest_hip.max(before);
                    cx.name("legacy.hip", &Some(l.hip.clone()))?;
                    format!(
                        "Some(&Legacy {{ before: Version({before}), since: Version({since}), hip: {}, drop_first_arg: {} }})",
                        lit(&l.hip),
                        l.drop_first_arg
                    )
                }
                None => "None".into(),
            };
            let note = e.note.as_deref().unwrap_or("");
            let _ = writeln!(
                out,
                "    gen_m({}, Family::{family}, Kind::{kind}, {ca}, {cd}, {cc}, {cr}, {}, {}, {call}, {legacy}, {}),",
                lit(key),
                hip.code(),
                roc.code(),
                lit(note)
            );
            index
                .entry(key.clone())
                .or_default()
                .push((count, hip.name.is_some()));
            count += 1;
        }
    }
    out.push_str("];\n\n");
    typedefs.sort_unstable();
    typedefs.dedup();
    let _ = writeln!(
        out,
        "/// CUDA struct tags whose HIP name is a typedef only (no struct tag), sorted.\n\
         pub(super) static HIP_TYPEDEF_ONLY: &[&str] = &{typedefs:?};\n"
    );

    // name -> indices, the primary first: the first family (in Family::ALL order)
    // that lists the name with a HIP name, else the first that lists it.
    let mut values = Vec::with_capacity(index.len());
    for ixs in index.values() {
        let primary = ixs.iter().position(|(_, has)| *has).unwrap_or(0);
        let mut order = vec![ixs[primary].0];
        order.extend(
            ixs.iter()
                .enumerate()
                .filter(|(i, _)| *i != primary)
                .map(|(_, (ix, _))| *ix),
        );
        values.push(format!(
            "&[{}]",
            order
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut map = phf_codegen::Map::<&str>::new();
    for (name, value) in index.keys().zip(&values) {
        map.entry(name.as_str(), value);
    }
    let min_len = index.keys().map(|k| k.len()).min().unwrap_or(0);
    let max_len = index.keys().map(|k| k.len()).max().unwrap_or(0);
    let _ = writeln!(
        out,
        "/// CUDA name -> indices into [`MAPPINGS`] of every entry with that name; the\n\
         /// first is the primary entry (first family in `Family::ALL` order with a HIP\n\
         /// name, else the first family listing it).\n\
         pub(super) static API_INDEX: phf::Map<&'static str, &'static [u32]> = {};\n",
        map.build()
    );
    let _ = writeln!(out, "/// Length of the shortest CUDA name in [`MAPPINGS`].");
    let _ = writeln!(out, "pub const API_MIN_LEN: usize = {min_len};");
    let _ = writeln!(out, "/// Length of the longest CUDA name in [`MAPPINGS`].");
    let _ = writeln!(out, "pub const API_MAX_LEN: usize = {max_len};\n");
    // A bit per possible first-two-bytes pair of a key: most identifiers in
    // C++ code (`int`, `std`, `i`, `for`) are rejected before hashing.
    let mut prefix = vec![0u64; 1024];
    for k in index.keys() {
        let b = k.as_bytes();
        let pair = (usize::from(b[0]) << 8) | usize::from(*b.get(1).unwrap_or(&0));
        prefix[pair / 64] |= 1 << (pair % 64);
    }
    let _ = writeln!(
        out,
        "/// Bit `(b0 << 8) | b1` is set when some CUDA name starts with bytes b0, b1.\n\
         pub(super) static API_PREFIX2: [u64; 1024] = {prefix:?};\n"
    );

    let mut filter = vec![0u64; key_filter::FILTER_BITS / 64];
    for k in index.keys() {
        for bit in key_filter::probes(k.as_bytes()) {
            filter[bit / 64] |= 1 << (bit % 64);
        }
    }
    let _ = writeln!(
        out,
        "/// The Bloom filter of every CUDA name (see `key_filter`).\n\
         pub(super) static API_FILTER: [u64; {}] = {filter:?};\n",
        filter.len()
    );

    // Headers.
    out.push_str("/// Every header mapping, sorted by CUDA header.\n");
    out.push_str("pub static HEADERS: &[HeaderMapping] = &[\n");
    let mut hkeys = Vec::new();
    if let Some((file, parsed)) = &headers {
        for (i, (key, h)) in parsed.headers.iter().enumerate() {
            let cx = Ctx { file, key };
            if key.trim().is_empty() || key.trim() != key {
                return Err(cx.err("empty header name or surrounding spaces"));
            }
            let family = families
                .iter()
                .find(|f| f.name == h.family)
                .map(|f| &f.variant)
                .ok_or_else(|| cx.err(format!("unknown family {:?}", h.family)))?;
            let hip = cx.name("hip", &h.hip)?;
            let roc = cx.name("roc", &h.roc)?;
            if h.unsupported && hip.is_some() {
                return Err(cx.err("`unsupported = true` together with a `hip` header"));
            }
            let legacy = cx.name("legacy", &h.legacy)?;
            if legacy.is_some() && h.hip_added.is_none() {
                return Err(cx.err("a `legacy` header needs `hip_added`"));
            }
            let _ = writeln!(
                out,
                "    HeaderMapping {{ cuda: {}, hip: {}, roc: {}, family: Family::{family}, hip_added: Version({}), legacy: {}, unsupported: {}, note: {} }},",
                lit(key),
                opt_lit(&hip),
                opt_lit(&roc),
                cx.version("hip_added", &h.hip_added)?,
                opt_lit(&legacy),
                h.unsupported,
                lit(h.note.as_deref().unwrap_or(""))
            );
            hkeys.push((key.clone(), i.to_string()));
        }
    }
    out.push_str("];\n\n");
    let mut hmap = phf_codegen::Map::<&str>::new();
    for (k, v) in &hkeys {
        hmap.entry(k.as_str(), v);
    }
    let _ = writeln!(
        out,
        "/// CUDA header -> index into [`HEADERS`].\npub(super) static HEADER_INDEX: phf::Map<&'static str, u32> = {};\n",
        hmap.build()
    );
    let _ = writeln!(
        out,
        "/// The newest HIP version any table mentions.\npub const NEWEST_HIP: Version = Version({newest_hip});"
    );

    member_table(&families, members.as_ref(), &mut out)?;
    declared_names(&dir.join("cuda-declared.tsv"), &mut out)?;
    // One newline at the end of the file.
    while out.ends_with("\n\n") {
        out.pop();
    }
    Ok(out)
}

/// `mappings/members.toml`: `MEMBERS`, sorted by type, then member.
fn member_table(
    families: &[Family],
    members: Option<&(PathBuf, MembersFile)>,
    out: &mut String,
) -> Result<()> {
    out.push_str(
        "/// Members of CUDA types that HIP's counterpart names differently or lacks,\n\
         /// sorted by type, then member.\n\
         pub static MEMBERS: &[Member] = &[\n",
    );
    let mut rows: Vec<((&str, &str), String)> = Vec::new();
    if let Some((file, parsed)) = members {
        for (key, m) in &parsed.members {
            let cx = Ctx { file, key };
            let Some((owner, member)) = key
                .split_once('.')
                .filter(|(o, m)| !o.is_empty() && !m.is_empty() && !m.contains('.'))
            else {
                return Err(cx.err("a member's key is `Type.member`"));
            };
            let family = families
                .iter()
                .find(|f| f.name == m.family)
                .map(|f| &f.variant)
                .ok_or_else(|| cx.err(format!("unknown family {:?}", m.family)))?;
            let hip = Side {
                name: cx.name("hip", &m.hip)?,
                versions: [cx.version("hip_added", &m.hip_added)?, 0, 0, 0],
                experimental: false,
            };
            let legacy = match &m.legacy {
                Some(l) => {
                    let before = cx.version("legacy.before", &Some(l.before.clone()))?;
                    let since = cx.version("legacy.since", &l.since)?;
                    if since >= before {
                        return Err(cx.err("`legacy.since` must be older than `legacy.before`"));
                    }
                    cx.name("legacy.hip", &Some(l.hip.clone()))?;
                    format!(
                        "Some(&Legacy {{ before: Version({before}), since: Version({since}), hip: {}, drop_first_arg: false }})",
                        lit(&l.hip)
                    )
                }
                None => "None".into(),
            };
            rows.push((
                (owner, member),
                format!(
                    "    Member {{ owner: {}, mapping: gen_m({}, Family::{family}, Kind::Member, 0, 0, 0, 0, {}, GEN_NO_SIDE, None, {legacy}, {}) }},\n",
                    lit(owner),
                    lit(member),
                    hip.code(),
                    lit(m.note.as_deref().unwrap_or(""))
                ),
            ));
        }
    }
    rows.sort();
    for (_, row) in rows {
        out.push_str(&row);
    }
    out.push_str("];\n\n");
    Ok(())
}

/// `mappings/cuda-declared.tsv` (written by `scripts/gen_cuda_names.py`):
/// `name<TAB>header<TAB>kind`, sorted and unique. Only the CUDA-shaped names
/// (`cu…`, `CU…`, `nv…`) are compiled in: HIP-W004 asks about no others.
fn declared_names(file: &Path, out: &mut String) -> Result<()> {
    let text = read(file)?;
    let mut headers: Vec<&str> = Vec::new();
    let mut map = phf_codegen::Map::<&str>::new();
    let mut last = "";
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("{}:{}: {why}: `{line}`", file.display(), n + 1);
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 3 || f.iter().any(|x| x.is_empty()) {
            return Err(bad("expected name, header and kind separated by tabs"));
        }
        if !matches!(f[2], "function" | "type" | "enum" | "macro" | "variable") {
            return Err(bad("unknown kind"));
        }
        if f[0] <= last {
            return Err(bad("names must be sorted and unique"));
        }
        last = f[0];
        if !(f[0].starts_with("cu") || f[0].starts_with("CU") || f[0].starts_with("nv")) {
            continue;
        }
        let h = headers.iter().position(|x| *x == f[1]).unwrap_or_else(|| {
            headers.push(f[1]);
            headers.len() - 1
        });
        map.entry(f[0], &h.to_string());
    }
    let _ = writeln!(
        out,
        "/// Headers of [`CUDA_DECLARED`].\npub(super) static DECLARED_HEADERS: &[&str] = &{headers:?};\n"
    );
    let _ = writeln!(
        out,
        "/// CUDA-shaped names CUDA 13's headers declare -> index into [`DECLARED_HEADERS`].\npub(super) static CUDA_DECLARED: phf::Map<&'static str, u16> = {};\n",
        map.build()
    );
    Ok(())
}
