//! Perl's ways of writing numbers, as pt-query-digest's reports show them: a number as Perl
//! stringifies it (`%.15g`), `Transformers::micro_t` (times: `3us`, `657us`, `104ms`, `2s`),
//! `shorten` (counts and sizes: `2.44k`, `46.78k`, `1.32`) and `percentage_of` (`%d`).

/// A number as Perl prints it without a format: `%.15g`, so `242.00000000000003` is `242` and
/// `0.000003` is `3e-06`.
pub fn perl_str(value: f64) -> String {
    if !value.is_finite() {
        return if value.is_nan() {
            "NaN".into()
        } else if value > 0.0 {
            "Inf".into()
        } else {
            "-Inf".into()
        };
    }
    if value == 0.0 {
        return "0".into();
    }
    // %.15g: 15 significant digits; exponent form when the exponent is < -4 or >= 15.
    let sci = format!("{:.14e}", value);
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if !(-4..15).contains(&exponent) {
        let mantissa = strip_zeros(mantissa);
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.abs());
    }
    let decimals = (14 - exponent).max(0) as usize;
    strip_zeros(&format!("{:.*}", decimals, value)).to_string()
}

fn strip_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// `micro_t`: a time in seconds with its unit. Values are first cut (not rounded) to six
/// decimals, as the Perl does with a substitution on the number's text.
pub fn micro_t(seconds: f64) -> String {
    let t = if seconds < 0.0 { 0.0 } else { seconds };
    let mut text = perl_str(t);
    if text.contains('e') {
        text = format!("{:.17}", t);
    }
    if let Some(dot) = text.find('.') {
        let digits: String = text[dot + 1..].chars().take_while(|c| c.is_ascii_digit()).collect();
        if !digits.is_empty() {
            let rest_start = dot + 1 + digits.len();
            let kept: String = digits.chars().take(6).collect();
            text = format!("{}.{}{}", &text[..dot], kept, &text[rest_start..]);
        }
    }
    let t: f64 = text.parse().unwrap_or(0.0);
    if t > 0.0 && t <= 0.000999 {
        format!("{}us", perl_str(t * 1_000_000.0))
    } else if (0.001..=0.999999).contains(&t) {
        let ms: f64 = format!("{:.0}", t * 1000.0).parse().unwrap_or(0.0);
        format!("{}ms", perl_str(ms))
    } else if t >= 1.0 {
        let s: f64 = format!("{:.0}", t).parse().unwrap_or(0.0);
        format!("{}s", perl_str(s))
    } else {
        "0".into()
    }
}

/// `micro_t` with one decimal for seconds and milliseconds (the rusage line).
pub fn micro_t_1(seconds: f64) -> String {
    let t = seconds.max(0.0);
    if t > 0.0 && t <= 0.000999 {
        format!("{}us", perl_str(t * 1_000_000.0))
    } else if (0.001..=0.999999).contains(&t) {
        let ms: f64 = format!("{:.1}", t * 1000.0).parse().unwrap_or(0.0);
        format!("{}ms", perl_str(ms))
    } else if t >= 1.0 {
        let s: f64 = format!("{:.1}", t).parse().unwrap_or(0.0);
        format!("{}s", perl_str(s))
    } else {
        "0".into()
    }
}

/// `shorten(num, d => divisor)`: divides by 1,024 (or 1,000) while it can and adds the unit;
/// two decimals when the number has a fraction or was divided, `%d` otherwise.
pub fn shorten_by(value: f64, divisor: f64) -> String {
    const UNITS: [&str; 9] = ["", "k", "M", "G", "T", "P", "E", "Z", "Y"];
    let mut num = value;
    let mut n = 0;
    while num >= divisor && n < UNITS.len() - 1 {
        num /= divisor;
        n += 1;
    }
    if perl_str(num).contains('.') || n > 0 {
        format!("{:.2}{}", num, UNITS[n])
    } else {
        // `%d` truncates toward zero.
        format!("{}", num.trunc() as i64)
    }
}

/// `shorten` with its default divisor, 1,024.
pub fn shorten(value: f64) -> String {
    shorten_by(value, 1024.0)
}

/// `percentage_of(is, of)`: `%d` of is × 100 / of (of = 0 counts as 1).
pub fn percentage_of(is: f64, of: f64) -> String {
    let of = if of == 0.0 { 1.0 } else { of };
    format!("{}", ((is * 100.0) / of).trunc() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perl_stringifies_with_fifteen_digits() {
        assert_eq!(perl_str(242.00000000000003), "242");
        assert_eq!(perl_str(0.000003), "3e-06");
        assert_eq!(perl_str(1.5), "1.5");
        assert_eq!(perl_str(100.0), "100");
        assert_eq!(perl_str(0.0001), "0.0001");
    }

    #[test]
    fn micro_t_cuts_to_microseconds_then_picks_a_unit() {
        assert_eq!(micro_t(0.000242), "242us");
        assert_eq!(micro_t(0.000003), "3us");
        assert_eq!(micro_t(0.104), "104ms");
        assert_eq!(micro_t(0.0036), "4ms");
        assert_eq!(micro_t(2.4), "2s");
        assert_eq!(micro_t(0.0), "0");
    }

    #[test]
    fn shorten_divides_by_1024() {
        assert_eq!(shorten(503.0), "503");
        assert_eq!(shorten(2500.0), "2.44k");
        assert_eq!(shorten(1.32), "1.32");
        assert_eq!(shorten(0.0), "0");
        assert_eq!(shorten_by(382.0, 1000.0), "382");
    }
}
