//! The workspace's structure, read from the source text: the engine crates' modules and the app's
//! wings. One binary, so a release build links the crate once.

mod modules;
