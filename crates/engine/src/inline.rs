//! A short list held in place, not on the heap: plain data that a state or a command copies on
//! every command (a grid move order's cards, an Illuminati card's alignments, a property
//! auction's bidders). Written and read
//! as a list, like the `Vec` it stands for, so saves read the same.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What may stand in an `Inline` list: the value its unused places hold, and what a saved list
/// that is too long is told.
pub trait Held: Copy + PartialEq {
    const SPARE: Self;
    const TOO_MANY: &'static str;
}

/// A place that may hold nothing yet (a seat's roll, a piece's order).
impl<T: Held> Held for Option<T> {
    const SPARE: Option<T> = None;
    const TOO_MANY: &'static str = T::TOO_MANY;
}

// Lists with one entry per seat: bidders, counts, seats in order.
impl Held for bool {
    const SPARE: bool = false;
    const TOO_MANY: &'static str = "more seats than a game has players";
}

impl Held for u8 {
    const SPARE: u8 = 0;
    const TOO_MANY: &'static str = "more seats than a game has players";
}

impl Held for usize {
    const SPARE: usize = 0;
    const TOO_MANY: &'static str = "more seats than a game has players";
}

/// An amount per player.
impl Held for i64 {
    const SPARE: i64 = 0;
    const TOO_MANY: &'static str = "more amounts than a game has players";
}

/// Up to `N` values in order.
#[derive(Clone, Copy)]
pub struct Inline<T: Held, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Held, const N: usize> Inline<T, N> {
    /// The first `N` values of `list` (readers refuse longer lists before they get here).
    pub fn of(list: &[T]) -> Self {
        list.iter().copied().collect()
    }

    /// Add a value the list does not hold yet, while there is room.
    pub fn add(&mut self, x: T) {
        if !self.contains(&x) && (self.len as usize) < N {
            self.items[self.len as usize] = x;
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Held, const N: usize> std::ops::Deref for Inline<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Held, const N: usize> std::ops::DerefMut for Inline<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Held, const N: usize> FromIterator<T> for Inline<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut list = Inline {
            items: [T::SPARE; N],
            len: 0,
        };
        for x in iter.into_iter().take(N) {
            list.items[list.len as usize] = x;
            list.len += 1;
        }
        list
    }
}

impl<T: Held, const N: usize> PartialEq for Inline<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Held + Eq, const N: usize> Eq for Inline<T, N> {}

impl<T: Held + fmt::Debug, const N: usize> fmt::Debug for Inline<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Held + Serialize, const N: usize> Serialize for Inline<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de, T: Held + Deserialize<'de>, const N: usize> Deserialize<'de> for Inline<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<T>::deserialize(d)?;
        if list.len() > N {
            return Err(serde::de::Error::custom(T::TOO_MANY));
        }
        Ok(Inline::of(&list))
    }
}

/// `Debug` and `Serialize` for a list kept in a form of its own (a bit set, packed numbers) but
/// shown and saved as the plain list its `iter()` gives, so saves read the same.
#[macro_export]
macro_rules! shown_and_saved_as_list {
    ($t:ty) => {
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_list().entries(self.iter()).finish()
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.iter())
            }
        }
    };
}
