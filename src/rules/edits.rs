//! The translation's edits, indexed by where they start, for rules that ask
//! of many tokens what replaced them: a file of 100,000 renames would
//! otherwise cost a scan of every edit per question.

use std::ops::Range;

use crate::edit::Edit;

/// Positions into the edits it was made from (so that it borrows nothing).
pub(crate) struct EditIndex {
    /// The edits' indices, by start (stable: equal starts keep the passes'
    /// order).
    by_start: Vec<u32>,
    /// Per position in `by_start`, the furthest end of a non-empty edit at
    /// or before it.
    furthest_end: Vec<usize>,
}

impl EditIndex {
    pub(crate) fn new(edits: &[Edit]) -> EditIndex {
        let mut by_start: Vec<u32> = (0..edits.len() as u32).collect();
        by_start.sort_by_key(|&k| edits[k as usize].range.start);
        let mut furthest = 0;
        let furthest_end = (by_start.iter())
            .map(|&k| {
                let r = &edits[k as usize].range;
                if !r.is_empty() {
                    furthest = furthest.max(r.end);
                }
                furthest
            })
            .collect();
        EditIndex {
            by_start,
            furthest_end,
        }
    }

    /// The edits of `edits` (those it was made from) that start at byte
    /// `start`, in the passes' order.
    pub(crate) fn starting_at<'e>(
        &self,
        edits: &'e [Edit],
        start: usize,
    ) -> impl Iterator<Item = &'e Edit> + use<'_, 'e> {
        let begins = |k: &u32| edits[*k as usize].range.start;
        let from = self.by_start.partition_point(|k| begins(k) < start);
        let to = from + self.by_start[from..].partition_point(|k| begins(k) == start);
        self.by_start[from..to].iter().map(|&k| &edits[k as usize])
    }

    /// The first edit (in the passes' order) that replaces exactly `range`.
    pub(crate) fn replacing<'e>(
        &self,
        edits: &'e [Edit],
        range: &Range<usize>,
    ) -> Option<&'e Edit> {
        self.starting_at(edits, range.start)
            .find(|e| e.range == *range)
    }

    /// Whether byte `p` lies strictly inside text an edit replaces.
    pub(crate) fn replaces_around(&self, edits: &[Edit], p: usize) -> bool {
        let before = (self.by_start).partition_point(|&k| edits[k as usize].range.start < p);
        before > 0 && self.furthest_end[before - 1] > p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_a_scan_of_every_edit_does() {
        let edits = vec![
            Edit::replace(10..20, "a"),
            Edit::insert(5, "b"),
            Edit::replace(10..20, "c"),
            Edit::replace(2..30, "d"),
            Edit::replace(40..41, "e"),
        ];
        let index = EditIndex::new(&edits);
        for p in 0..50 {
            let scan = edits
                .iter()
                .any(|e| !e.range.is_empty() && e.range.start < p && p < e.range.end);
            assert_eq!(index.replaces_around(&edits, p), scan, "byte {p}");
            assert_eq!(
                index.starting_at(&edits, p).count(),
                edits.iter().filter(|e| e.range.start == p).count()
            );
        }
        let first = index.replacing(&edits, &(10..20));
        assert_eq!(first.map(|e| &*e.text), Some("a"));
        assert!(index.replacing(&edits, &(10..21)).is_none());
    }
}
