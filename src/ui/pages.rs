//! Lines that do not fit a screen (a command's, a long refusal, the records) read page by
//! page: OK for the next, the last page's OK back where the table was.

use super::act::{Act, Entry};
use super::machine::{up_down, Machine, Next};
use super::screen::{entry, Pages};
use super::table::Table;
use crate::hw::{Button, Press};

/// The pages, and the one open.
#[derive(Debug, Clone, PartialEq)]
pub struct Pager {
    pub pages: Pages,
    pub page: usize,
}

impl Pager {
    /// These pages from the first.
    pub(super) fn of(pages: Pages) -> Pager {
        Pager { pages, page: 0 }
    }

    /// Lines on pages with no title of their own, OK after the last going back.
    pub(super) fn plain(pages: Vec<Vec<String>>) -> Pager {
        Pager::of(Pages {
            title: None,
            pages,
            last: "OK",
        })
    }

    /// The title over the page open: the pages' own, else where the reader is ("Page 1 of
    /// 2"), else, on a page alone, `alone`'s (a game's header: who and what cash now, where
    /// "Page 1 of 1" would tell the table nothing; asked only then, as a frame is drawn).
    pub fn title(&self, alone: impl FnOnce() -> Option<String>) -> String {
        let n = self.pages.pages.len();
        match &self.pages.title {
            Some(t) => t.clone(),
            None => (n == 1)
                .then(alone)
                .flatten()
                .unwrap_or_else(|| format!("Page {} of {n}", self.page + 1)),
        }
    }

    /// The page `to` open (the last if there are fewer).
    pub(super) fn open(&mut self, to: usize) {
        self.page = to.min(self.pages.pages.len().saturating_sub(1));
    }
}

impl<V> Machine<V> for Pager {
    fn entries(&self, _t: &Table) -> Vec<Entry> {
        vec![entry(
            if self.page + 1 < self.pages.pages.len() {
                "OK: next"
            } else {
                self.pages.last
            },
            Act::NextPage,
        )]
    }

    fn cursor(&mut self) -> Option<&mut usize> {
        None
    }

    /// DOWN the next page, UP the one before (played by hand: OK alone turned the records'
    /// fourteen pages forward only, and a page passed could not be read again).
    fn press(&mut self, b: Button, p: Press, _t: &mut Table) -> Option<Next<V>> {
        let dir = up_down(b, p)?;
        let last = self.pages.pages.len().saturating_sub(1);
        self.page = self.page.saturating_add_signed(dir).min(last);
        Some(Next::Stay)
    }

    fn act(&mut self, act: Act, _t: &mut Table) -> Next<V> {
        match act {
            Act::NextPage if self.page + 1 < self.pages.pages.len() => {
                self.page += 1;
                Next::Stay
            }
            _ => Next::Home,
        }
    }
}
