//! The lessons wing's tests: every card's examples and try-it positions on
//! the real board, and the judge against the moves each page asks for.

mod lessons;
