//! A few statements to start from. Clicking one puts it into the console's input; it is not
//! run until the learner presses Enter or Run, so the learner sees what will be sent and can
//! edit it first.

use yew::prelude::*;

/// The example statements and what each shows.
pub const EXAMPLES: &[(&str, &str)] = &[
    ("SHOW VARIABLES LIKE 'innodb_buffer_pool%';", "the buffer pool settings"),
    ("SELECT @@innodb_buffer_pool_size / 1024 / 1024 AS pool_mb;", "the pool size in MiB"),
    ("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_read%';", "reads: memory versus disk"),
    ("SELECT @@max_connections;", "the connection limit"),
    ("SET GLOBAL max_connections = 20;", "change one variable"),
    (
        "\\! mysqlslap --concurrency=50 --iterations=5 --query=\"SELECT 1\"",
        "50 clients connect, query, leave",
    ),
    ("SHOW GLOBAL STATUS LIKE 'Threads_%';", "threads: connected, created, cached"),
    ("SET GLOBAL query_cache_size = 0;", "a variable MySQL 8 removed"),
];

#[derive(Properties, PartialEq)]
pub struct ExamplesProps {
    /// Called with the statement the learner picked.
    pub onpick: Callback<String>,
}

#[function_component(Examples)]
pub fn examples(props: &ExamplesProps) -> Html {
    html! {
        <section class="card examples" aria-labelledby="examples-title">
            <h2 id="examples-title" class="card-title">{ "Try these" }</h2>
            <p class="hint">{ "Click a statement to put it in the console, then press Enter." }</p>
            <ul class="example-list">
                { for EXAMPLES.iter().map(|(sql, what)| {
                    let onclick = props.onpick.reform(move |_: MouseEvent| sql.to_string());
                    html! {
                        <li>
                            <button type="button" class="example" onclick={onclick}>
                                <code class="example-sql">{ *sql }</code>
                                <span class="example-what">{ *what }</span>
                            </button>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
