//! Golden transcripts: one test per `tests/transcripts/**/*.test` file. Each file is run on a
//! fresh simulated server and must come out byte for byte as written. `UPDATE_GOLDENFILES=1
//! cargo test -p tunelab-tests --test golden` rewrites the files; review the diff before
//! committing it.

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "test") {
            out.push(p);
        }
    }
}

fn check(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let got = tunelab_tests::render(&text)?;
    if got == text {
        return Ok(());
    }
    if std::env::var_os("UPDATE_GOLDENFILES").is_some() {
        std::fs::write(path, &got).map_err(|e| format!("cannot write: {e}"))?;
        return Ok(());
    }
    let (want_lines, got_lines): (Vec<&str>, Vec<&str>) =
        (text.lines().collect(), got.lines().collect());
    let n = want_lines.iter().zip(&got_lines).take_while(|(a, b)| a == b).count();
    Err(format!(
        "transcript differs at line {}:\n  want: {}\n  got:  {}\n(UPDATE_GOLDENFILES=1 rewrites it; review the diff)",
        n + 1,
        want_lines.get(n).unwrap_or(&"<end of file>"),
        got_lines.get(n).unwrap_or(&"<end of file>")
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("transcripts");
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(!files.is_empty(), "no golden transcripts under {}", root.display());
    let trials = files
        .into_iter()
        .map(|p| {
            let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
            Trial::test(name, move || check(&p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
