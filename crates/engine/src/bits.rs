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

/// `ones`: a plain iterator, an empty word passed over with one compare (a nested
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
/// their count, then the bit found in its word (`select`).
pub fn nth_one(words: impl Iterator<Item = u64>, mut k: usize) -> Option<usize> {
    for (run, w) in words.enumerate() {
        let n = w.count_ones() as usize;
        if k >= n {
            k -= n;
            continue;
        }
        return Some(run * 64 + select(w, k));
    }
    None
}

/// The position of the `k`th set bit (from 0) of the 128 bits `w`, None when it has no more
/// than `k`: the word it lies in is chosen without a branch (which word, random draws decide).
pub fn select_128(w: u128, k: usize) -> Option<usize> {
    let (lo, hi) = (w as u64, (w >> 64) as u64);
    let n = lo.count_ones() as usize;
    let found = k < n + hi.count_ones() as usize;
    let past = k >= n;
    // Where there is no such bit, a word and a count `select` can read (the answer unused).
    let (word, k_in) = match (found, past) {
        (false, _) => (1, 0),
        (true, true) => (hi, k - n),
        (true, false) => (lo, k),
    };
    let at = 64 * past as usize + select(word, k_in);
    found.then_some(at)
}

/// The position of the `k`th set bit (from 0) of `w`, which has more than `k`: found without a
/// loop a bit (taking bits off one at a time ran a loop of random length, which the processor
/// cannot guess the end of). The bits are counted a byte at a time, the running counts of all
/// eight bytes compared with `k` at once, and the bit read from a table for its byte.
pub fn select(w: u64, k: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The set bits of each byte, then byte i holds those of bytes 0 to i (at most 64).
    let mut per_byte = w - ((w >> 1) & 0x5555_5555_5555_5555);
    per_byte = (per_byte & 0x3333_3333_3333_3333) + ((per_byte >> 2) & 0x3333_3333_3333_3333);
    per_byte = (per_byte + (per_byte >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let running = per_byte.wrapping_mul(ONES);
    // The bytes whose running count is at most k (a byte's top bit survives 128 + k less its
    // count, no borrow crossing bytes): the bit lies past them, and they come first.
    let passed = ((k as u64).wrapping_mul(ONES) | HIGH).wrapping_sub(running) & HIGH;
    let byte = ((passed >> 7).wrapping_mul(ONES) >> 56) as usize;
    let place = byte * 8;
    let before = ((running << 8) >> place) & 0xFF;
    let within = k - before as usize;
    place + SELECT_IN_BYTE[((w >> place) & 0xFF) as usize][within & 7] as usize
}

/// The position of the `k`th set bit (from 0) of a byte that has more than `k`: one read of
/// a table (a set of at most 8 seats, say).
pub fn select_in_byte(b: u8, k: usize) -> usize {
    SELECT_IN_BYTE[b as usize][k & 7] as usize
}

/// For each byte, the position of its set bits in order (the rest 0).
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 != 0 {
                table[b][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};
