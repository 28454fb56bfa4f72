//! Sets of small numbers held as runs of 64-bit words: the positions of their set bits, in
//! order (a player's squares, the cards in each place).

/// The positions of the set bits of these words, the first word's lowest bit first.
pub fn ones<I: Iterator<Item = u64>>(words: I) -> Ones<I> {
    Ones {
        words,
        bits: 0,
        base: 0,
        next_base: 0,
    }
}

/// `ones`: a plain iterator, an empty word passed over with one compare (issue 32: a nested
/// iterator per word cost more than the members of a usual set, and the random players walk
/// these sets on most decisions).
pub struct Ones<I> {
    words: I,
    /// What is left of the word being read, and the position of its bit 0.
    bits: u64,
    base: usize,
    next_base: usize,
}

impl<I: Iterator<Item = u64>> Iterator for Ones<I> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.bits = self.words.next()?;
            self.base = self.next_base;
            self.next_base += 64;
        }
        let i = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.base + i)
    }
}

/// The positions of the set bits of one word, lowest first: `ones` for a set that fits a
/// word (a table's seats), with nothing to carry from word to word.
pub fn ones_in(word: u64) -> OnesIn {
    OnesIn(word)
}

/// `ones_in`: what is left of the word.
pub struct OnesIn(u64);

impl Iterator for OnesIn {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The position of the `k`th set bit (from 0) of these words: whole words passed over by
/// their count, then the word's bits taken lowest first.
pub fn nth_one(words: impl Iterator<Item = u64>, mut k: usize) -> Option<usize> {
    for (run, mut w) in words.enumerate() {
        let n = w.count_ones() as usize;
        if k >= n {
            k -= n;
            continue;
        }
        for _ in 0..k {
            w &= w - 1;
        }
        return Some(run * 64 + w.trailing_zeros() as usize);
    }
    None
}
