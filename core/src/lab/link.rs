//! Share links: a whole experiment in a URL fragment, `#x1.<payload>`, where the payload is
//! the experiment's JSON, deflated and base64url-encoded; or a lesson with its knob values,
//! `#l1.<payload>` ([`LessonLink`], the same packing), which stays far below 2,000 characters. The `x1` prefix is the format
//! version: later versions add new prefixes and keep reading this one, so a link made today
//! opens in every later version. Decoding bounds every size, so a hostile link costs little
//! and fails with one clear line.

use crate::lab::experiment::{Experiment, Setting};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The current format's prefix.
pub const FORMAT_V1: &str = "x1.";

/// The lesson link format's prefix.
pub const LESSON_V1: &str = "l1.";

/// A lesson and the knob values to run it with (only those that differ from the defaults are
/// worth carrying); `b` is the second configuration of an A/B comparison.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonLink {
    pub lesson: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub knobs: BTreeMap<String, Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<BTreeMap<String, Setting>>,
}

/// What a fragment opens.
#[derive(Clone, Debug, PartialEq)]
pub enum Opened {
    Experiment(Experiment),
    Lesson(LessonLink),
}

/// The fragment (without `#`) for a lesson link.
pub fn encode_lesson(l: &LessonLink) -> String {
    let json = serde_json::to_vec(l).expect("a lesson link always serializes");
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("{LESSON_V1}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// Reads any link: an experiment (`x1.`) or a lesson (`l1.`). Knob values are checked
/// against the lesson by [`crate::lab::lesson::Lesson::resolve_knobs`] when it is opened.
pub fn decode_any(link: &str) -> Result<Opened, String> {
    let trimmed = link.trim();
    let fragment = trimmed.rsplit_once('#').map_or(trimmed, |(_, f)| f);
    let Some(payload) = fragment.strip_prefix(LESSON_V1) else {
        return decode(link).map(Opened::Experiment);
    };
    if payload.len() > LINK_CHARS_MAX {
        return Err(format!("the link is too long (at most {LINK_CHARS_MAX} characters)"));
    }
    let packed = URL_SAFE_NO_PAD.decode(payload).map_err(|_| {
        "the link is damaged (it is not valid base64url); copy it again".to_string()
    })?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, 64 * 1024)
        .map_err(inflate_failed)?;
    // The parser's own words (a line and column in the link's JSON) mean nothing to a learner.
    let l: LessonLink = serde_json::from_slice(&json).map_err(|_| {
        "the link's contents are not a lesson this TuneLab can read; copy it again".to_string()
    })?;
    Ok(Opened::Lesson(l))
}

/// Why a link's data did not decompress: more than a link may hold (a "deflate bomb", made by
/// hand, not by TuneLab), or damage.
fn inflate_failed(e: miniz_oxide::inflate::DecompressError) -> String {
    if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
        "the link unpacks to far more data than a TuneLab link holds, so it was not made by \
         TuneLab and is not opened"
            .to_string()
    } else {
        "the link is damaged (its data does not decompress); copy it again".to_string()
    }
}

/// Where `tunelab link` points when no base is given: the address `./dev.sh serve` serves.
pub const DEFAULT_BASE: &str = "http://127.0.0.1:8080/";

/// Longest fragment accepted (characters).
pub const LINK_CHARS_MAX: usize = 64 * 1024;
/// Largest experiment a link may inflate to (bytes of JSON).
pub const EXPERIMENT_JSON_BYTES_MAX: usize = 1 << 20;

/// The fragment (without `#`) for an experiment.
pub fn encode(e: &Experiment) -> String {
    let json = serde_json::to_vec(e).expect("an experiment always serializes");
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("{FORMAT_V1}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The full link for an experiment under `base` (an URL ending in `/`).
pub fn link(e: &Experiment, base: &str) -> String {
    format!("{base}#{}", encode(e))
}

/// Reads an experiment back from a link, a fragment with or without `#`, or a bare payload.
pub fn decode(link: &str) -> Result<Experiment, String> {
    let link = link.trim();
    if link.len() > LINK_CHARS_MAX {
        return Err(format!(
            "the link is too long ({} characters; at most {LINK_CHARS_MAX})",
            link.len()
        ));
    }
    let fragment = link.rsplit_once('#').map_or(link, |(_, f)| f);
    let Some(payload) = fragment.strip_prefix(FORMAT_V1) else {
        return Err(match fragment.split_once('.') {
            Some((v, _))
                if (v.starts_with('x') || v.starts_with('l')) && v[1..].parse::<u32>().is_ok() =>
            {
                format!("this link was made by a newer TuneLab (link format {v}); update TuneLab to open it")
            }
            _ => "this is not a TuneLab experiment link".to_string(),
        });
    };
    let packed = URL_SAFE_NO_PAD.decode(payload).map_err(|_| {
        "the link is damaged (it is not valid base64url); copy it again".to_string()
    })?;
    let json =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, EXPERIMENT_JSON_BYTES_MAX)
            .map_err(inflate_failed)?;
    let e: Experiment = serde_json::from_slice(&json).map_err(|_| {
        "the link's contents are not an experiment this TuneLab can read; copy it again".to_string()
    })?;
    e.validate().map_err(|msg| format!("the link's experiment is invalid: {msg}"))?;
    Ok(e)
}

#[cfg(test)]
mod classroom_tests {
    use super::*;

    #[test]
    fn link_errors_speak_to_the_learner() {
        // A deflate bomb: a megabyte of zeros packs into a short link.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b'0'; 1 << 20], 10);
        let link = format!("{LESSON_V1}{}", URL_SAFE_NO_PAD.encode(&bomb));
        let error = decode_any(&link).unwrap_err();
        assert!(error.contains("far more data"), "{error}");
        // Valid packing around text that is not a link's JSON.
        let junk = miniz_oxide::deflate::compress_to_vec(b"{\"lesson\": \x01", 6);
        let link = format!("{LESSON_V1}{}", URL_SAFE_NO_PAD.encode(&junk));
        let error = decode_any(&link).unwrap_err();
        assert!(!error.contains("line 1") && !error.contains("column"), "{error}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::experiment::Step;

    #[test]
    fn round_trip_and_damage() {
        let e = Experiment {
            steps: vec![Step { title: String::new(), sql: "SELECT @@max_connections;".into() }],
            ..Experiment::default()
        };
        let l = link(&e, DEFAULT_BASE);
        assert!(l.starts_with("http://127.0.0.1:8080/#x1."));
        assert_eq!(decode(&l).unwrap(), e);
        assert_eq!(decode(&encode(&e)).unwrap(), e);
        let mut damaged = encode(&e);
        damaged.truncate(damaged.len() - 5);
        assert!(decode(&damaged).unwrap_err().contains("damaged"));
        assert!(decode("#x9.abc").unwrap_err().contains("newer TuneLab"));
        assert!(decode("https://example.com/").unwrap_err().contains("not a TuneLab"));
        assert!(decode("#x1.<script>").unwrap_err().contains("damaged"));
        let bomb = format!(
            "#x1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&vec![b' '; 4 << 20], 9))
        );
        assert!(decode(&bomb).unwrap_err().contains("far more data"), "inflation is bounded");
    }

    /// A v1 lesson link made when the format was introduced: it must open in every later
    /// version (tests/e2e and the web crate use the same fixture).
    pub const LESSON_LINK_FIXTURE_V1: &str =
        include_str!("../../../lessons/fixtures/lesson_link_v1.txt");

    #[test]
    fn lesson_links_round_trip_stay_short_and_the_v1_fixture_opens() {
        let mut knobs = BTreeMap::new();
        knobs.insert("fsync_us".to_string(), Setting::Int(40));
        let l = LessonLink { lesson: "durability".into(), knobs: knobs.clone(), b: Some(knobs) };
        let f = encode_lesson(&l);
        assert!(f.starts_with("l1.") && f.len() < 2000, "{f}");
        assert_eq!(decode_any(&format!("{DEFAULT_BASE}#{f}")).unwrap(), Opened::Lesson(l));
        match decode_any(LESSON_LINK_FIXTURE_V1.trim()).unwrap() {
            Opened::Lesson(l) => {
                assert_eq!(l.lesson, "durability");
                assert_eq!(l.knobs.get("fsync_us"), Some(&Setting::Int(40)));
            }
            other => panic!("{other:?}"),
        }
        assert!(decode_any("#l1.%%%").unwrap_err().contains("damaged"));
        assert!(decode_any("#l7.abc").unwrap_err().contains("newer TuneLab"));
        assert!(matches!(decode_any(&encode(&Experiment::default())), Ok(Opened::Experiment(_))));
    }
}
