//! "How to play" lessons: for each game a few pages (the goal, how pieces
//! move and capture, how the game ends), each with a short example played on
//! the real board and, where it helps, a "try it" position that asks for one
//! kind of move and judges the person's answer. Pure data plus the judge;
//! the move generator decides what is legal, the lesson only what was asked.
//! Teaching content, so it lives beside the rules it teaches and not in
//! them: it uses the rules wing and nothing else.

#![warn(missing_docs)]

mod card;
pub mod cards;
pub mod judge;

pub use card::{Accepts, Example, Lesson, LessonError, Page, TryIt};
pub use cards::{all, lesson};
pub use judge::Miss;
