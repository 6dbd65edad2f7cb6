//! Goldens of `pt-query-digest` (core's tools::pt_query_digest): one test per
//! `tests/digest/NAME.args` file, whose one line is the tool's command line (options and log
//! files under tests/digest/); the output must equal `NAME.out` byte for byte. The machine the
//! report describes is fixed (host `db1`, a set date and rusage), so the files never change.
//! `UPDATE_GOLDENFILES=1 cargo test -p tunelab-tests --test digest` rewrites them; review the
//! diff. The same logs are checked against the real tool by tests/oracles/pt_query_digest.sh.

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use tunelab_core::tools::pt_query_digest::{run, split_args, DigestHost};

struct FixedHost {
    dir: PathBuf,
}

impl DigestHost for FixedHost {
    fn read_file(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(self.dir.join(path))
            .map_err(|_| format!("Cannot open {path}: No such file or directory\n"))
    }
    fn hostname(&self) -> String {
        "db1".into()
    }
    fn current_date(&self) -> String {
        "Tue Dec  1 10:00:00 2026".into()
    }
    fn rusage(&self) -> String {
        "10ms user time, 0 system time, 12.00M rss, 20.00M vsz".into()
    }
}

fn check(dir: &Path, args_file: &Path) -> Result<(), Failed> {
    let line = std::fs::read_to_string(args_file).map_err(|e| format!("cannot read: {e}"))?;
    let args = split_args(line.trim_end());
    let got = run(&args, &FixedHost { dir: dir.to_path_buf() });
    let out_file = args_file.with_extension("out");
    let want = std::fs::read_to_string(&out_file).unwrap_or_default();
    if got == want {
        return Ok(());
    }
    if std::env::var_os("UPDATE_GOLDENFILES").is_some() {
        std::fs::write(&out_file, &got).map_err(|e| format!("cannot write: {e}"))?;
        return Ok(());
    }
    let n = want.lines().zip(got.lines()).take_while(|(a, b)| a == b).count();
    Err(format!(
        "{} differs at line {}:\n  want: {}\n  got:  {}\n(UPDATE_GOLDENFILES=1 rewrites it; review the diff)",
        out_file.display(),
        n + 1,
        want.lines().nth(n).unwrap_or("<end of file>"),
        got.lines().nth(n).unwrap_or("<end of file>")
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("digest");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "args"));
    files.sort();
    assert!(!files.is_empty(), "no digest goldens under {}", dir.display());
    let trials = files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let dir = dir.clone();
            Trial::test(name, move || check(&dir, &p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
