//! The page's components, one per file, each with a `<Name>Props` struct. They only render
//! their props and report what the learner did through `on<verb>` callbacks, so they can be
//! mounted alone in browser tests; the pages ([`crate::pages`]) own the state and the effects.
//! [`Root`] is the shell around the pages.

mod console_card;
mod console_input;
mod examples;
mod message_banner;
mod plot_canvas;
mod pool_map_view;
mod root;
mod settings_panel;
mod share_panel;
mod site_footer;
mod transcript;

pub use console_card::{ConsoleCard, ConsoleCardProps};
pub use console_input::{ConsoleInput, ConsoleInputProps};
pub use examples::{Examples, ExamplesProps, EXAMPLES};
pub use message_banner::{MessageBanner, MessageBannerProps};
pub use plot_canvas::{PlotCanvas, PlotCanvasProps};
pub use pool_map_view::{PoolMapView, PoolMapViewProps};
pub use root::Root;
pub use settings_panel::{ProfileChoice, SettingsPanel, SettingsPanelProps};
pub use share_panel::{SharePanel, SharePanelProps};
pub use site_footer::{SiteFooter, SiteFooterProps};
pub use transcript::{Transcript, TranscriptProps};
