//! The prefilter: one pass over a C++ file's bytes that proves translation
//! has nothing to do there — no edit, no diagnostic — so that plain C++ (a
//! third of a typical tree) costs little more than reading it, instead of
//! lexing and every pass.
//!
//! It looks for what any pass or rule reacts to in a file that is not CUDA:
//! a word the identifier pass may act on (not an inert `max`), a namespace
//! it looks names up in (`thrust`), a kernel-language word, the first
//! word of an include path the include scan acts on; what the rule table
//! (`RULES` in `rules/mod.rs`) lists as the triggers of the rules that run
//! in every file (a library's include path or namespace, a suppression
//! comment); `<<<`, spaced or not (`<< <`); a block comment or raw string that may run to the end
//! of the file; a backslash after a word (a
//! splice joins identifiers). It reads the bytes without lexing, so it sees
//! words in comments and literals too: it may send a file on that needed
//! nothing, never the other way round. The fuzz target `translate` and the
//! fixture test check that a file it passes translates to itself, with no
//! diagnostics.

use std::sync::LazyLock;

use crate::lex::{CLASS, IDENT_START as START};
use crate::mappings::Target;
use crate::rules;
use crate::tokens::may_hold_spaced_chevrons;
use crate::translate::{self, Language, Options};

/// Whether translating `src` would change nothing and report nothing, as
/// far as one byte pass can tell: `true` is certain, `false` means "run the
/// passes".
pub fn nothing_to_translate(src: &[u8], language: Language, opts: &Options) -> bool {
    // In CUDA files the device-code rules read any code (`% 32`, `asm`);
    // the user's own mappings may name anything.
    if language == Language::Cuda || !opts.extra_mappings.is_empty() || WORDS.disabled {
        return false;
    }
    let finds = |needle: &[u8]| memchr::memmem::find(src, needle).is_some();
    if finds(b"<<<")
        || may_hold_spaced_chevrons(src)
        || WORDS.substrings.iter().any(|s| s.find(src).is_some())
        || may_leave_a_comment_open(src)
    {
        return false;
    }
    !any_word_matters(src, &opts.target)
}

/// The bytes the word scan stops at: those of identifiers, and `\\`.
static STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = CLASS[b] != 0 || b == b'\\' as usize;
        b += 1;
    }
    t
};

/// Whether some identifier-like word of `src` matters, or may be part of
/// one that does (a splice after it), or may open a raw string.
fn any_word_matters(src: &[u8], target: &Target) -> bool {
    let gate = &WORDS.gate;
    let is_word_byte = |b: &u8| CLASS[*b as usize] != 0;
    // The words past the gate found not to matter.
    let mut judged: foldhash::HashSet<&[u8]> = foldhash::HashSet::default();
    let mut i = 0;
    while let Some(skip) = src[i..].iter().position(|b| STOPS[*b as usize]) {
        let start = i + skip;
        if src[start] == b'\\' {
            // After an escape's letter (`"\ncurand"`) the string pass reads
            // a word of its own, where this scan sees one with the letter.
            let word = start + 2;
            if src.get(start + 1).is_some_and(is_word_byte)
                && src
                    .get(word)
                    .is_some_and(|b| CLASS[*b as usize] & START != 0)
            {
                let end = src[word..]
                    .iter()
                    .position(|b| !is_word_byte(b))
                    .map_or(src.len(), |n| word + n);
                // No word that matters is shorter than two bytes.
                if end - word >= 2 && word_matters(&src[word..end], target) {
                    return true;
                }
            }
            i = start + 1;
            continue;
        }
        i = start
            + 1
            + src[start + 1..]
                .iter()
                .position(|b| !is_word_byte(b))
                .unwrap_or(src.len() - start - 1);
        // A run that starts with a digit is a number (or inside one).
        if CLASS[src[start] as usize] & START == 0 {
            continue;
        }
        match src.get(i) {
            // `cuda\⏎Malloc` is one identifier to the lexer.
            Some(b'\\') if matches!(src.get(i + 1), Some(b'\n' | b'\r')) => return true,
            // `R"x(…`: a raw string, which may be unterminated.
            Some(b'"') if src[i - 1] == b'R' => return true,
            _ => {}
        }
        // No word that matters is shorter than two bytes.
        if i - start >= 2 {
            let pair = (usize::from(src[start]) << 8) | usize::from(src[start + 1]);
            let in_gate3 = || {
                let h = triple([src[start], src[start + 1], src[start + 2]]);
                WORDS.gate3[h / 64] & (1 << (h % 64)) != 0
            };
            if gate[pair / 64] & (1 << (pair % 64)) != 0 && (i - start == 2 || in_gate3()) {
                // Code repeats its words: each is judged once per file.
                let word = &src[start..i];
                if !judged.contains(word) {
                    if word_matters(word, target) {
                        return true;
                    }
                    judged.insert(word);
                }
            }
        }
    }
    false
}

pub(super) fn word_matters(word: &[u8], target: &Target) -> bool {
    translate::is_kernel_word(word) || WORDS.contains(word) || translate::may_act_on(word, target)
}

/// Whether a `/*` may be left open: one after the last `*/` (or `/*/`
/// ending there). A block comment the lexer finds unterminated opens after
/// every `*/` of the file, so this never misses one.
fn may_leave_a_comment_open(src: &[u8]) -> bool {
    let after = memchr::memmem::rfind(src, b"*/").map_or(0, |last| last.saturating_sub(1));
    memchr::memmem::find(&src[after..], b"/*").is_some()
}

/// The include-path and library words, behind a two-byte prefix test that
/// rejects almost every word of ordinary code in a few instructions.
struct Words {
    /// Bit `(b0 << 8) | b1` is set for the first two bytes of every word and
    /// prefix here.
    prefix2: Vec<u64>,
    /// The same for every word that matters at all: these, the kernel
    /// language's, the tables' names and the CUDA-shaped ones. A word whose
    /// first two bytes are not in it is passed over at once.
    gate: Vec<u64>,
    /// The same for the first three bytes of every such word of three bytes
    /// or more, hashed into 2^16 bits (every third byte, where a prefix of
    /// two bytes matters): words of ordinary code that pass `gate` (`float`,
    /// `size`) mostly stop here, before the per-file set of judged words.
    gate3: Vec<u64>,
    words: Vec<&'static [u8]>,
    /// A Bloom filter over `words` (the tables' probes, 2^14 bits).
    bloom: Vec<u64>,
    prefixes: Vec<&'static [u8]>,
    /// The rules' text triggers (a suppression comment's `hipify-ignore`),
    /// each searcher built once.
    substrings: Vec<memchr::memmem::Finder<'static>>,
    /// Some include path starts with no identifier (a digit, a dot): words
    /// cannot tell, so nothing is skipped.
    disabled: bool,
}

const BLOOM_BITS: usize = 1 << 14;

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    // The rule table's triggers of the rules that run in every file.
    let mut words: Vec<&'static [u8]> = translate::path_first_words()
        .chain(rules::triggers().flat_map(|t| t.words.iter().copied()))
        .chain(translate::namespace_qualifiers().map(str::as_bytes))
        .chain(translate::CG_WORDS)
        .chain(translate::TORCH_WORDS.iter().copied())
        .collect();
    let prefixes: Vec<&'static [u8]> = rules::triggers()
        .flat_map(|t| t.prefixes.iter().copied())
        .collect();
    let substrings = rules::triggers()
        .flat_map(|t| t.substrings.iter())
        .map(|s| memchr::memmem::Finder::new(*s))
        .collect();
    // The scan looks at words of two bytes or more that start like an
    // identifier; any other include path word, it would miss.
    let disabled = words
        .iter()
        .chain(&prefixes)
        .any(|w| w.len() < 2 || CLASS[w[0] as usize] & START == 0);
    words.sort_unstable();
    words.dedup();
    let set = |bits: &mut Vec<u64>, w: &[u8]| {
        let pair = pair(w);
        bits[pair / 64] |= 1 << (pair % 64);
    };
    let mut prefix2 = vec![0u64; 1024];
    for w in words.iter().chain(&prefixes) {
        set(&mut prefix2, w);
    }
    let mut gate: Vec<u64> = crate::mappings::key_prefix_pairs().to_vec();
    for (g, p) in gate.iter_mut().zip(&prefix2) {
        *g |= p;
    }
    for w in translate::KERNEL_WORDS {
        set(&mut gate, w);
    }
    for w in translate::CUDA_SHAPED_PAIRS {
        set(&mut gate, &w[..]);
    }
    let mut gate3 = vec![0u64; 1024];
    let mut set3 = |w: &[u8]| match w.len() {
        0 | 1 => {}
        2 => {
            for b in 0..=255 {
                let h = triple([w[0], w[1], b]);
                gate3[h / 64] |= 1 << (h % 64);
            }
        }
        _ => {
            let h = triple([w[0], w[1], w[2]]);
            gate3[h / 64] |= 1 << (h % 64);
        }
    };
    for w in &words {
        // A word of two bytes is not tested at three.
        if w.len() > 2 {
            set3(w);
        }
    }
    for w in &prefixes {
        set3(w);
    }
    for w in translate::KERNEL_WORDS.iter().filter(|w| w.len() > 2) {
        set3(w);
    }
    for w in translate::CUDA_SHAPED_PAIRS {
        set3(&w[..]);
    }
    for m in crate::mappings::all().iter().filter(|m| m.cuda.len() > 2) {
        set3(m.cuda.as_bytes());
    }
    let mut bloom = vec![0u64; BLOOM_BITS / 64];
    for w in &words {
        for bit in crate::mappings::key_filter::probes(w) {
            let bit = bit % BLOOM_BITS;
            bloom[bit / 64] |= 1 << (bit % 64);
        }
    }
    Words {
        prefix2,
        gate,
        gate3,
        bloom,
        words,
        prefixes,
        substrings,
        disabled,
    }
});

/// The bit of [`Words::gate3`] for a word's first three bytes.
fn triple(b: [u8; 3]) -> usize {
    (u32::from_le_bytes([b[0], b[1], b[2], 0]).wrapping_mul(0x9e37_79b1) >> 16) as usize
}

fn pair(word: &[u8]) -> usize {
    (usize::from(word[0]) << 8) | usize::from(word[1])
}

impl Words {
    /// For words of two bytes or more.
    fn contains(&self, word: &[u8]) -> bool {
        let pair = pair(word);
        let in_bloom = || {
            crate::mappings::key_filter::probes(word)
                .iter()
                .all(|&bit| {
                    let bit = bit % BLOOM_BITS;
                    self.bloom[bit / 64] & (1 << (bit % 64)) != 0
                })
        };
        self.prefix2[pair / 64] & (1 << (pair % 64)) != 0
            && ((in_bloom() && self.words.binary_search(&word).is_ok())
                || self.prefixes.iter().any(|p| word.starts_with(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skips(src: &str) -> bool {
        nothing_to_translate(src.as_bytes(), Language::Cpp, &Options::default())
    }

    #[test]
    fn plain_cpp_is_skipped() {
        assert!(skips(
            "#include <vector>\n// no GPU here; see CUDA docs\nint main() { std::vector<int> v; return v.size() % 32; }\n"
        ));
        assert!(skips(""));
        assert!(skips("/* a */ int x; /* b */"));
    }

    #[test]
    fn anything_a_pass_reacts_to_is_not() {
        for src in [
            "cudaMalloc(&p, n);",
            "__global__ void k() {}",
            "int x = threadIdx.x;",
            "#include <cuda_runtime.h>",
            "#include \"cooperative_groups.h\"",
            "#include <hip/hip_runtime.h>",
            "#include <thrust/device_vector.h>",
            "#include <NvInferRuntime.h>",
            "#include <my/flash_attn_impl.h>",
            "cutlass::gemm g;",
            "k<<<1, 2>>>();",
            "// hipify-ignore: HIP-W001\nint x;",
            "int x; /* open",
            "int x; /*/",
            "auto s = R\"(raw)\";",
            "int cuda\\\nMalloc;",
            "cuFooBar x;",
            // The member pass reads tiles through the `cg` alias alone.
            "auto t = cg::tiled_partition<8>(b); t.any",
        ] {
            assert!(!skips(src), "skipped: {src}");
        }
    }

    /// The rule table's triggers reach the scan: a plain C++ file holding
    /// any of them is not skipped (a rule added to the table with a word is
    /// seen at once; one whose words the table lacks fails
    /// `rules/table.rs`'s tests instead).
    #[test]
    fn every_rule_trigger_stops_the_scan() {
        let mut n = 0;
        for t in rules::triggers() {
            let text = |b: &&[u8]| String::from_utf8(b.to_vec()).unwrap();
            let sources = (t.words.iter().map(|w| format!("int x = {};", text(w))))
                .chain(
                    t.prefixes
                        .iter()
                        .map(|p| format!("int x = {}Tail;", text(p))),
                )
                .chain(
                    t.substrings
                        .iter()
                        .map(|s| format!("int x; // a{}b", text(s))),
                );
            for src in sources {
                assert!(!skips(&src), "skipped: {src}");
                n += 1;
            }
        }
        assert!(n >= 15, "only {n} triggers");
    }

    #[test]
    fn kernel_words_agree() {
        assert!(
            translate::KERNEL_WORDS
                .iter()
                .all(|w| translate::is_kernel_word(w))
        );
        assert!(!WORDS.disabled);
    }

    #[test]
    fn cuda_files_and_user_mappings_are_never_skipped() {
        let src = b"int x;";
        assert!(!nothing_to_translate(
            src,
            Language::Cuda,
            &Options::default()
        ));
        let mut opts = Options::default();
        opts.extra_mappings.insert("foo".into(), "bar".into());
        assert!(!nothing_to_translate(src, Language::Cpp, &opts));
    }
}
