//! The page that ranks a learner's own slow log (`#digest`): a file input and a drop zone
//! read one file or several with the File API, the engine's worker runs pt-query-digest's
//! engine over them as one log (as `pt-query-digest A B` does), and the page shows the profile as a table whose rows link to each class's report
//! (`#digest/QUERY_ID`). The file never leaves the machine: it is read into this tab and
//! posted to its own worker, and no network request carries it (the worker's scripts are
//! fetched when the page opens, before any file is chosen). Options that re-rank: --limit,
//! --order-by and --type. The body's `data-digest` says what the page is doing, for tests.

use crate::hooks::use_engine;
use crate::protocol::Response;
use std::rc::Rc;
use tunelab_core::tools::pt_query_digest::{
    PageDigest, PageFile, PageOptions, ProfileRow, PAGE_LOG_MAX_BYTES, PAGE_ROWS_MAX,
};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DragEvent, File, HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The --order-by choices the page offers: (value, what it ranks by). An empty value is the
/// tool's own default, which depends on --type.
const ORDER_BY: [(&str, &str); 7] = [
    ("", "the tool's default"),
    ("Query_time:sum", "Query_time:sum, total response time"),
    ("Query_time:max", "Query_time:max, the slowest single call"),
    ("Query_time:cnt", "Query_time:cnt, calls"),
    ("Lock_time:sum", "Lock_time:sum, time waiting for locks"),
    ("Rows_examined:sum", "Rows_examined:sum, rows read"),
    ("Rows_sent:sum", "Rows_sent:sum, rows returned"),
];

#[derive(Properties, PartialEq)]
pub struct DigestPageProps {
    /// The Query ID whose class report is shown (from `#digest/QUERY_ID`), or the profile.
    #[prop_or_default]
    pub class: Option<AttrValue>,
}

/// The files the learner opened, ranked together: their names (joined), total size and texts.
#[derive(Debug)]
struct OpenedLog {
    name: String,
    bytes: u64,
    files: Vec<PageFile>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    Empty,
    Reading,
    Ranking,
    Ranked,
    Failed,
}

impl Phase {
    fn flag(self) -> &'static str {
        match self {
            Phase::Empty => "empty",
            Phase::Reading => "reading",
            Phase::Ranking => "ranking",
            Phase::Ranked => "ranked",
            Phase::Failed => "failed",
        }
    }
}

#[derive(Debug)]
struct DigestState {
    log: Option<Rc<OpenedLog>>,
    options: PageOptions,
    phase: Phase,
    digest: Option<Rc<PageDigest>>,
    /// The message of the last failure (a file refused, or a log the engine cannot rank).
    error: Option<String>,
    /// Counts the rankings asked for; the page sends one each time it changes.
    wanted: u32,
    /// A file is being dragged over the page.
    dragging: bool,
}

impl Default for DigestState {
    fn default() -> Self {
        DigestState {
            log: None,
            options: PageOptions { order_by: String::new(), ..PageOptions::default() },
            phase: Phase::Empty,
            digest: None,
            error: None,
            wanted: 0,
            dragging: false,
        }
    }
}

enum DigestAction {
    /// A file was chosen and is being read.
    Reading,
    /// A file was read: rank it.
    Opened(Rc<OpenedLog>),
    /// A file was refused before it was read, or could not be read.
    Refused(String),
    /// The learner changed an option: rank again.
    Options(PageOptions),
    Digested(Box<PageDigest>),
    Failed(String),
    Dragging(bool),
}

impl Reducible for DigestState {
    type Action = DigestAction;

    fn reduce(self: Rc<Self>, action: DigestAction) -> Rc<Self> {
        let mut next = DigestState {
            log: self.log.clone(),
            options: self.options.clone(),
            phase: self.phase,
            digest: self.digest.clone(),
            error: self.error.clone(),
            wanted: self.wanted,
            dragging: false,
        };
        match action {
            DigestAction::Reading => {
                next.phase = Phase::Reading;
                next.error = None;
            }
            DigestAction::Opened(log) => {
                next.log = Some(log);
                next.digest = None;
                next.phase = Phase::Ranking;
                next.error = None;
                next.wanted += 1;
            }
            DigestAction::Refused(message) => {
                next.log = None;
                next.digest = None;
                next.phase = Phase::Failed;
                next.error = Some(message);
            }
            DigestAction::Options(options) => {
                if options == next.options {
                    return self;
                }
                next.options = options;
                if next.log.is_some() {
                    next.phase = Phase::Ranking;
                    next.error = None;
                    next.wanted += 1;
                }
            }
            DigestAction::Digested(digest) => {
                next.digest = Some(Rc::from(digest));
                next.phase = Phase::Ranked;
                next.error = None;
            }
            DigestAction::Failed(message) => {
                next.digest = None;
                next.phase = Phase::Failed;
                next.error = Some(message);
            }
            DigestAction::Dragging(on) => {
                if on == self.dragging {
                    return self;
                }
                next.dragging = on;
            }
        }
        Rc::new(next)
    }
}

#[function_component(DigestPage)]
pub fn digest_page(props: &DigestPageProps) -> Html {
    let state = use_reducer(DigestState::default);
    let engine = {
        let dispatcher = state.dispatcher();
        use_engine(Callback::from(move |response: Response| match response {
            Response::Digested { digest, .. } => {
                dispatcher.dispatch(DigestAction::Digested(digest))
            }
            Response::Error { message, .. } => dispatcher.dispatch(DigestAction::Failed(message)),
            _ => {}
        }))
    };
    // The worker loads when the page opens, so nothing is fetched once a file is chosen.
    {
        let engine = engine.clone();
        use_effect_with((), move |_| engine.prepare());
    }
    // Each ranking asked for goes to the worker with the text and the options of now.
    {
        let engine = engine.clone();
        let log = state.log.clone();
        let options = state.options.clone();
        use_effect_with(state.wanted, move |wanted| {
            if let (true, Some(log)) = (*wanted > 0, log) {
                engine.digest(log.files.clone(), options);
            }
        });
    }
    use_body_flag(state.phase);
    use_class_focus(props.class.clone());
    // A newly opened log's profile is scrolled into view (on a projector the form above it
    // fills the screen); a re-rank leaves the page where the learner is, at the options.
    {
        let scrolled = use_mut_ref(|| None::<*const OpenedLog>);
        let opened = state.log.as_ref().map(Rc::as_ptr);
        let ranked = state.phase == Phase::Ranked && props.class.is_none();
        use_effect_with((ranked, opened), move |(ranked, opened)| {
            if *ranked && opened.is_some() && *scrolled.borrow() != *opened {
                *scrolled.borrow_mut() = *opened;
                if let Some(title) = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id("digest-profile-title"))
                {
                    title.scroll_into_view();
                }
            }
        });
    }

    let open_files = {
        let dispatcher = state.dispatcher();
        Callback::from(move |files: Vec<File>| read_files(files, dispatcher.clone()))
    };
    let on_pick = {
        let open_files = open_files.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let files = files_of(input.files());
            if !files.is_empty() {
                open_files.emit(files);
            }
            // The same file can be picked again after it changed on disk.
            input.set_value("");
        })
    };
    // Drops are taken anywhere on the page, so a missed drop zone never makes the browser
    // open the file in place of the page.
    let on_drag_over = {
        let dispatcher = state.dispatcher();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dispatcher.dispatch(DigestAction::Dragging(true));
        })
    };
    let on_drag_leave = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: DragEvent| dispatcher.dispatch(DigestAction::Dragging(false)))
    };
    let on_drop = {
        let dispatcher = state.dispatcher();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dispatcher.dispatch(DigestAction::Dragging(false));
            let files = files_of(e.data_transfer().and_then(|d| d.files()));
            if files.is_empty() {
                dispatcher.dispatch(DigestAction::Refused(
                    "Nothing was dropped that is a file: drop a slow log file from your disk."
                        .into(),
                ));
            } else {
                open_files.emit(files);
            }
        })
    };

    let class_view = props.class.as_ref().map(|id| class_section(id, state.digest.as_deref()));
    let dropzone_class = if state.dragging { "dropzone dropzone-over" } else { "dropzone" };
    html! {
        <main class="digest-page" id="digest-page" aria-labelledby="digest-title"
            ondragover={on_drag_over.clone()} ondragleave={on_drag_leave} ondrop={on_drop}>
            <h1 id="digest-title" class="page-title">{ "Rank your own slow log" }</h1>
            <p class="lead">
                { "Open a slow query log written by MySQL 5.7 to 9.x, Percona Server or MariaDB (or a general log, with --type genlog). pt-query-digest's engine groups its statements by fingerprint and ranks the classes by response time, as " }
                <code>{ "pt-query-digest --report-format=profile" }</code>
                { " does; each class links to its full report." }
            </p>
            <p class="privacy" id="digest-privacy">
                <strong>{ "Your log stays on this computer." }</strong>
                { " The page reads the file with the browser's File API and ranks it in this tab; it is never uploaded, and no network request carries it or anything from it." }
            </p>
            <section class="card digest-open" aria-labelledby="digest-open-title">
                <h2 id="digest-open-title" class="card-title">{ "Open a log" }</h2>
                <div class={dropzone_class} ondragover={on_drag_over}>
                    <label class="field-label" for="digest-file">{ "Slow log or general log files" }</label>
                    <input id="digest-file" class="file-input" type="file" multiple=true onchange={on_pick}
                        aria-describedby="digest-limits" />
                    <p class="hint" id="digest-limits">
                        { format!("Or drop them anywhere on this page. Several files are ranked together as one log, as pt-query-digest ranks the files it is given. Up to {} MiB in all: capture a short window (see lesson 6), or rank a larger log with tunelab digest or pt-query-digest on the command line.", PAGE_LOG_MAX_BYTES / 1024 / 1024) }
                    </p>
                </div>
                { options_form(&state) }
            </section>
            { status_line(&state) }
            if let Some(error) = &state.error {
                <div class="message message-error" role="alert" id="digest-error">
                    <span class="message-title">{ "Cannot rank this file" }</span>
                    <p class="message-text">{ error.clone() }</p>
                </div>
            }
            if let Some(view) = class_view {
                { view }
            } else if let (Some(digest), Some(log)) = (&state.digest, &state.log) {
                { profile_section(digest, &log.name) }
            }
        </main>
    }
}

/// The options that re-rank, and the command line they stand for.
fn options_form(state: &UseReducerHandle<DigestState>) -> Html {
    let options = state.options.clone();
    let changed = {
        let dispatcher = state.dispatcher();
        let options = options.clone();
        move |edit: &dyn Fn(&mut PageOptions)| {
            let mut next = options.clone();
            edit(&mut next);
            dispatcher.dispatch(DigestAction::Options(next));
        }
    };
    let on_limit = {
        let changed = changed.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            changed(&|o| o.limit = value.trim().to_string());
        })
    };
    let on_order = {
        let changed = changed.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            changed(&|o| o.order_by = value.clone());
        })
    };
    let on_type = Callback::from(move |e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        changed(&|o| o.log_type = value.clone());
    });
    // Enter in the --limit field applies it (its change event) without leaving the page.
    let on_submit = Callback::from(|e: SubmitEvent| e.prevent_default());
    let command = format!("pt-query-digest {} FILE", options.args().join(" "));
    html! {
        <form class="digest-options" onsubmit={on_submit} aria-label="Options">
            <div class="field">
                <label class="field-label" for="digest-limit">{ "--limit" }</label>
                <input id="digest-limit" class="input" type="text" inputmode="text"
                    spellcheck="false" autocomplete="off" value={options.limit.clone()}
                    onchange={on_limit} aria-describedby="digest-limit-help" />
                <p class="hint" id="digest-limit-help">{ "N classes, N% of the response time, or N%:M (the tool's default 95%:20)." }</p>
            </div>
            <div class="field">
                <label class="field-label" for="digest-order">{ "--order-by" }</label>
                <select id="digest-order" class="input" onchange={on_order}
                    aria-describedby="digest-order-help">
                    { for ORDER_BY.iter().map(|(value, text)| html! {
                        <option value={*value} selected={options.order_by == *value}>{ *text }</option>
                    }) }
                </select>
                <p class="hint" id="digest-order-help">{ "The default is Query_time:sum, and Query_time:cnt with --type genlog." }</p>
            </div>
            <div class="field">
                <label class="field-label" for="digest-type">{ "--type" }</label>
                <select id="digest-type" class="input" onchange={on_type}>
                    <option value="slowlog" selected={options.log_type == "slowlog"}>{ "slowlog: a slow query log" }</option>
                    <option value="genlog" selected={options.log_type == "genlog"}>{ "genlog: a general query log" }</option>
                </select>
            </div>
            <p class="hint digest-command">{ "The same ranking on the command line: " }<code id="digest-command">{ command }</code></p>
        </form>
    }
}

/// What the page is doing, for everyone (a polite live region).
fn status_line(state: &DigestState) -> Html {
    let name = state.log.as_ref().map(|l| format!("{} ({})", l.name, size_text(l.bytes)));
    let text = match (state.phase, &name, &state.digest) {
        (Phase::Reading, _, _) => "Reading the file…".to_string(),
        (Phase::Ranking, Some(n), _) => format!("Ranking {n}…"),
        (Phase::Ranked, Some(n), Some(d)) => {
            format!("{n}: {} events in {} classes.", d.events, d.classes)
        }
        (Phase::Empty, _, _) => "No log opened yet.".to_string(),
        _ => String::new(),
    };
    html! {
        <p class="digest-status" id="digest-status" role="status" aria-live="polite">{ text }</p>
    }
}

/// The profile as a table, each class linked to its report, then the overall header.
fn profile_section(digest: &PageDigest, name: &str) -> Html {
    html! {
        <section class="card digest-profile" aria-labelledby="digest-profile-title">
            <h2 id="digest-profile-title" class="card-title">{ format!("Profile of {name}") }</h2>
            if !digest.notices.trim().is_empty() {
                <p class="notice" id="digest-notice">{ digest.notices.trim().to_string() }</p>
            }
            <div class="table-scroll" tabindex="0" role="region" aria-label="Profile">
                <table class="mysql digest-table" id="digest-table">
                    <thead>
                        <tr>
                            <th scope="col">{ "Rank" }</th>
                            <th scope="col">{ "Query ID" }</th>
                            <th scope="col">{ "Response time" }</th>
                            <th scope="col">{ "Share" }</th>
                            <th scope="col">{ "Calls" }</th>
                            <th scope="col">{ "R/Call" }</th>
                            <th scope="col">{ "V/M" }</th>
                            <th scope="col">{ "Item" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for digest.rows.iter().map(profile_row) }
                    </tbody>
                </table>
            </div>
            if digest.rows_cut > 0 {
                <p class="notice">{ format!("The table lists the first {PAGE_ROWS_MAX} classes; {} more within --limit are left out. Rank with a smaller --limit, or use the command line.", digest.rows_cut) }</p>
            }
            <p class="hint">{ "Response time is the class's total Query_time in seconds, Share its part of the whole log's, R/Call the time per call, V/M the variance-to-mean ratio of its calls' times (high: some calls much slower than others). MISC sums the classes past --limit." }</p>
            <details class="digest-header">
                <summary>{ "The overall figures (pt-query-digest's header)" }</summary>
                <pre class="report" tabindex="0" aria-label="The overall figures">{ digest.header.clone() }</pre>
            </details>
        </section>
    }
}

fn profile_row(row: &ProfileRow) -> Html {
    let id = if row.rank == "MISC" {
        html! { { row.query_id.clone() } }
    } else {
        html! { <a href={format!("#digest/{}", row.query_id)}>{ row.query_id.clone() }</a> }
    };
    html! {
        <tr data-rank={row.rank.clone()}>
            <td class="num">{ row.rank.clone() }</td>
            <td>{ id }</td>
            <td class="num">{ row.response_time.clone() }</td>
            <td class="num">{ row.share.clone() }</td>
            <td class="num">{ row.calls }</td>
            <td class="num">{ row.r_call.clone() }</td>
            <td class="num">{ row.v_m.clone() }</td>
            <td class="digest-item">{ row.item.clone() }</td>
        </tr>
    }
}

/// One class's report, or why it cannot be shown.
fn class_section(id: &str, digest: Option<&PageDigest>) -> Html {
    let row = digest.and_then(|d| d.rows.iter().find(|r| r.query_id == id && r.rank != "MISC"));
    let back = html! {
        <p class="digest-back"><a href="#digest" id="digest-back">{ "← Back to the profile" }</a></p>
    };
    let Some(row) = row else {
        return html! {
            <section class="card digest-class" id="digest-class" aria-labelledby="digest-class-title">
                { back }
                <h2 id="digest-class-title" class="card-title" tabindex="-1">{ format!("Query {id}") }</h2>
                <p class="notice">{ "This class is not in the ranking the page holds now. Open your log again (the page keeps it only while it is open) and follow the link from its profile." }</p>
            </section>
        };
    };
    html! {
        <section class="card digest-class" id="digest-class" aria-labelledby="digest-class-title">
            { back }
            <h2 id="digest-class-title" class="card-title" tabindex="-1">
                { format!("Query {}: {}", row.rank, row.item) }
            </h2>
            <p class="hint">
                { format!("ID {}: {} calls, {} s in all ({} of the log's response time), {} s per call.", row.query_id, row.calls, row.response_time, row.share, row.r_call) }
            </p>
            <h3 class="digest-subtitle">{ "pt-query-digest's report of this class" }</h3>
            <pre class="report" id="digest-report" tabindex="0" aria-label="The class's report">{ row.report.clone() }</pre>
            <h3 class="digest-subtitle">{ "Sample, to paste after EXPLAIN" }</h3>
            <pre class="report" id="digest-sample" tabindex="0" aria-label="The sample statement">{ row.sample.clone() }</pre>
        </section>
    }
}

/// The files of a file input or a drop, in the order the browser lists them (bounded by
/// the list's length).
fn files_of(list: Option<web_sys::FileList>) -> Vec<File> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}

/// Reads the chosen files (refused at once when together they are over the page's limit),
/// one after another, then opens them as one log.
fn read_files(files: Vec<File>, dispatcher: UseReducerDispatcher<DigestState>) {
    let name = files.iter().map(File::name).collect::<Vec<_>>().join(", ");
    let bytes: u64 = files.iter().map(|f| f.size().max(0.0) as u64).sum();
    if bytes > PAGE_LOG_MAX_BYTES {
        let what =
            if files.len() == 1 { format!("{name} is") } else { format!("Together, {name} are") };
        dispatcher.dispatch(DigestAction::Refused(format!(
            "{what} {}; the page takes logs up to {} MiB. Capture a shorter window, or rank it with tunelab digest or pt-query-digest on the command line.",
            size_text(bytes),
            PAGE_LOG_MAX_BYTES / 1024 / 1024
        )));
        return;
    }
    dispatcher.dispatch(DigestAction::Reading);
    wasm_bindgen_futures::spawn_local(async move {
        let mut texts = Vec::with_capacity(files.len());
        for file in &files {
            match JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string()) {
                Some(text) => texts.push(PageFile { name: file.name(), text }),
                None => {
                    dispatcher.dispatch(DigestAction::Refused(format!(
                        "{} could not be read (the browser refused it, or it changed while it was read).",
                        file.name()
                    )));
                    return;
                }
            }
        }
        dispatcher.dispatch(DigestAction::Opened(Rc::new(OpenedLog { name, bytes, files: texts })));
    });
}

/// `1.2 MiB`, `340 KiB`, `12 bytes`.
fn size_text(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MiB", bytes as f64 / 1024.0 / 1024.0)
    } else if bytes >= 1024 {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

/// `data-digest` on `<body>`: empty, reading, ranking, ranked or failed (removed on leaving).
#[hook]
fn use_body_flag(phase: Phase) {
    use_effect_with(phase, |phase| {
        if let Some(body) = body() {
            let _ = body.set_attribute("data-digest", phase.flag());
        }
    });
    use_effect_with((), |_| {
        || {
            if let Some(body) = body() {
                let _ = body.remove_attribute("data-digest");
            }
        }
    });
}

/// The focus follows the links: a class's heading when its report opens, and back on the
/// class's link in the profile when the learner returns.
#[hook]
fn use_class_focus(class: Option<AttrValue>) {
    let last = use_mut_ref(|| None::<AttrValue>);
    use_effect_with(class, move |class| {
        let document = web_sys::window().and_then(|w| w.document());
        let target = match (class, last.borrow().as_ref()) {
            (Some(_), _) => document.and_then(|d| d.get_element_by_id("digest-class-title")),
            (None, Some(previous)) => document.and_then(|d| {
                d.query_selector(&format!("a[href=\"#digest/{}\"]", css_safe(previous)))
                    .ok()
                    .flatten()
            }),
            (None, None) => None,
        };
        if let Some(element) = target.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            let _ = element.focus();
        }
        *last.borrow_mut() = class.clone();
    });
}

/// A Query ID as it may appear inside a quoted CSS selector (hex digits and `x` only; any
/// other character, from a hand-typed fragment, is dropped).
fn css_safe(id: &str) -> String {
    id.chars().filter(|c| c.is_ascii_alphanumeric()).collect()
}

fn body() -> Option<web_sys::HtmlElement> {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.body())
}
