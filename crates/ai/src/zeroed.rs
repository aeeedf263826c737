//! Large tables asked of the system as zeroed memory, fallibly: the system
//! maps fresh zero pages, so a table costs nothing until its pages are
//! touched, and a size it refuses is an answer (None), not an abort.

use std::alloc::{Layout, alloc_zeroed};
use std::ptr;

/// `count` values of `T` with every byte zero, or None where the system
/// refuses so much memory.
///
/// # Safety
/// All-zero bytes must be a valid `T` (as for atomic integers and arrays of
/// them), and `T` must not be zero-sized.
pub(crate) unsafe fn zeroed_slice<T>(count: usize) -> Option<Box<[T]>> {
    if count == 0 {
        return Some(Vec::new().into_boxed_slice());
    }
    let layout = Layout::array::<T>(count).ok()?;
    // SAFETY: the layout's size is not zero (`count` > 0 and `T` is not
    // zero-sized, by the caller's promise); a null pointer, a refusal, is
    // returned as None; all-zero bytes are `count` valid values by the
    // caller's promise; and a boxed slice of `count` values is freed with
    // this very layout.
    unsafe {
        let memory = alloc_zeroed(layout).cast::<T>();
        (!memory.is_null()).then(|| Box::from_raw(ptr::slice_from_raw_parts_mut(memory, count)))
    }
}
