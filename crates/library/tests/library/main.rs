//! The library's tests: the store and its migrations, imports of the sites' records. One
//! binary, so a release build links the crate once.

mod import;
mod library;
