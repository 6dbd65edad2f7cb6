//! The app's pages, one per file: the console ([`ConsolePage`]), the lesson index
//! ([`LessonIndex`]) and a lesson ([`LessonPage`]). [`crate::route`] says which one the URL
//! shows. Unlike the components, a page owns its state and effects: the engine worker, the URL
//! fragment, the clipboard and the `data-*` attributes on `<body>` the tests wait on.

mod console;
mod lesson;
mod lesson_index;

pub use console::ConsolePage;
pub use lesson::{LessonPage, LessonPageProps};
pub use lesson_index::{LessonIndex, LessonIndexProps};
