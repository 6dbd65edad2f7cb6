//! The session's settings: the seed (a number input) and the hardware profile (a select
//! with each profile's description). Changing either restarts the console on a fresh
//! server; overrides that came with a share link are listed so nothing is hidden.

use std::collections::BTreeMap;
use std::rc::Rc;
use tunelab_core::lab::experiment::Setting;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// A hardware profile as the select shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileChoice {
    pub name: &'static str,
    pub description: &'static str,
}

#[derive(Properties, PartialEq)]
pub struct SettingsPanelProps {
    pub seed: u64,
    pub profile: AttrValue,
    pub profiles: Rc<Vec<ProfileChoice>>,
    /// Hardware constants and server options set by a share link, beyond the profile's.
    #[prop_or_default]
    pub hardware: BTreeMap<String, Setting>,
    #[prop_or_default]
    pub variables: BTreeMap<String, Setting>,
    pub onseed: Callback<u64>,
    pub onprofile: Callback<String>,
    /// Called with one sentence when the learner typed something that is not a seed.
    pub onerror: Callback<String>,
}

#[function_component(SettingsPanel)]
pub fn settings_panel(props: &SettingsPanelProps) -> Html {
    let onseed = {
        let (onseed, onerror, seed) = (props.onseed.clone(), props.onerror.clone(), props.seed);
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            match input.value().trim().parse::<u64>() {
                Ok(new_seed) if new_seed != seed => onseed.emit(new_seed),
                Ok(_) => {}
                Err(_) => {
                    input.set_value(&seed.to_string());
                    onerror.emit(format!(
                        "The seed must be a whole number from 0 to {}; it stays {seed}.",
                        u64::MAX
                    ));
                }
            }
        })
    };
    let onprofile = props.onprofile.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        select.value()
    });
    let description = props
        .profiles
        .iter()
        .find(|p| p.name == props.profile.as_str())
        .map_or("", |p| p.description);
    let overrides: Vec<String> = props
        .hardware
        .iter()
        .chain(props.variables.iter())
        .map(|(k, v)| format!("{k} = {}", v.as_option_text()))
        .collect();
    html! {
        <section class="card settings" aria-labelledby="settings-title">
            <h2 id="settings-title" class="card-title">{ "Simulated server" }</h2>
            <div class="field">
                <label for="seed-input" class="field-label">{ "Seed" }</label>
                <input
                    id="seed-input"
                    class="input"
                    type="number"
                    min="0"
                    step="1"
                    inputmode="numeric"
                    value={props.seed.to_string()}
                    aria-describedby="seed-help"
                    onchange={onseed}
                />
                <p id="seed-help" class="hint">
                    { "Every random choice follows from the seed: same seed, same numbers." }
                </p>
            </div>
            <div class="field">
                <label for="profile-select" class="field-label">{ "Hardware profile" }</label>
                <select
                    id="profile-select"
                    class="input"
                    aria-describedby="profile-description"
                    onchange={onprofile}
                >
                    { for props.profiles.iter().map(|p| html! {
                        <option value={p.name} selected={p.name == props.profile.as_str()}>
                            { p.name }
                        </option>
                    }) }
                </select>
                <p id="profile-description" class="hint">{ description }</p>
            </div>
            if !overrides.is_empty() {
                <div class="field">
                    <p class="field-label">{ "Set by the link" }</p>
                    <ul class="overrides">
                        { for overrides.into_iter().map(|o| html! { <li><code>{ o }</code></li> }) }
                    </ul>
                </div>
            }
            <p class="hint">{ "Changing the seed or the profile starts a fresh server." }</p>
        </section>
    }
}
