//! The footer line that states what is running: seed, profile and the simulated server's
//! version (`seed 42 · profile wsl2-chapter · simulated MySQL 9.7.2`), so a screenshot or a
//! projected slide always says how to reproduce it.

use tunelab_core::SERVER_VERSION;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SiteFooterProps {
    pub seed: u64,
    pub profile: AttrValue,
}

#[function_component(SiteFooter)]
pub fn site_footer(props: &SiteFooterProps) -> Html {
    html! {
        <footer class="site-footer">
            <p id="run-info">
                { format!("seed {} · profile {} · simulated MySQL {SERVER_VERSION}", props.seed, props.profile) }
            </p>
            <p class="footer-note">
                { "Deterministic: the same seed and statements print the same bytes on every machine. Runs entirely in this browser tab." }
            </p>
        </footer>
    }
}
