//! The app's pages, one per file: the console ([`ConsolePage`]), the lesson index
//! ([`LessonIndex`]), a lesson ([`LessonPage`]) and the page that ranks a learner's own slow
//! log ([`DigestPage`]). [`crate::route`] says which one the URL
//! shows. Unlike the components, a page owns its state and effects: the engine worker, the URL
//! fragment, the clipboard and the `data-*` attributes on `<body>` the tests wait on.

mod console;
mod digest;
mod lesson;
mod lesson_index;

pub use console::ConsolePage;
pub use digest::{DigestPage, DigestPageProps};
pub use lesson::{LessonPage, LessonPageProps};
pub use lesson_index::{LessonIndex, LessonIndexProps};
