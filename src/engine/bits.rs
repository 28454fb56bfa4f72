//! Sets of small numbers held as runs of 64-bit words: the positions of their set bits, in
//! order (a player's squares, the cards in each place).

/// The positions of the set bits of these words, the first word's lowest bit first.
pub fn ones(words: impl Iterator<Item = u64>) -> impl Iterator<Item = usize> {
    words.enumerate().flat_map(|(run, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                run * 64 + i
            })
        })
    })
}
