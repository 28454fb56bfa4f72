//! Adding a value to a list by writing it straight into the list's new place.
//!
//! `Vec::push(value)` of a value that owns heap data (a command, an event) makes the value
//! first, on the stack, because it must be dropped if growing the list fails; the push then
//! copies it in 16-byte pieces over its freshly written tag and fields. A processor cannot
//! forward those narrow writes to the wide reads, so each such push waits for the stack write
//! to land (turn_commands' push was a measurable share of sectionopoly's random play). Made after the room is
//! there, the value is written where it stays.

/// `push`, for a value made only once its place exists.
pub trait PushInPlace<T> {
    fn push_in_place(&mut self, make: impl FnOnce() -> T);
}

impl<T> PushInPlace<T> for Vec<T> {
    #[inline(always)]
    fn push_in_place(&mut self, make: impl FnOnce() -> T) {
        self.extend(std::iter::once_with(make));
    }
}
