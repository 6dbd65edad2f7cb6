//! The page's components, one per file, each with a `<Name>Props` struct. [`App`] owns the
//! state and the effects; the others only render their props and report what the learner
//! did through `on<verb>` callbacks, so they can be mounted alone in browser tests.

mod app;
mod console_input;
mod examples;
mod lesson_index;
mod lesson_page;
mod message_banner;
mod pool_map_view;
mod root;
mod settings_panel;
mod share_panel;
mod site_footer;
mod transcript;

pub use app::App;
pub use console_input::{ConsoleInput, ConsoleInputProps};
pub use examples::{Examples, ExamplesProps, EXAMPLES};
pub use lesson_index::{LessonIndex, LessonIndexProps};
pub use lesson_page::{LessonPage, LessonPageProps, PlotCanvas};
pub use message_banner::{MessageBanner, MessageBannerProps};
pub use pool_map_view::{PoolMapView, PoolMapViewProps};
pub use root::Root;
pub use settings_panel::{ProfileChoice, SettingsPanel, SettingsPanelProps};
pub use share_panel::{SharePanel, SharePanelProps};
pub use site_footer::{SiteFooter, SiteFooterProps};
pub use transcript::{Transcript, TranscriptProps};
