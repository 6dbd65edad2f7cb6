//! The advisor's number formats and line shapes, as MySQLTuner prints them: `hr_num` (powers
//! of 1000, truncated), `hr_bytes` (powers of 1024, one decimal), `hr_bytes_rnd` (truncated),
//! `percentage` (two decimals, 100.00 of nothing), `pretty_uptime`, and the section rule
//! (`-------- Name ----...` to 100 columns).

/// Perl's `int()` of a ratio in percent: truncation toward zero; 0 when the total is 0 (where
/// MySQLTuner would divide by zero, the simulated one says 0).
pub fn int_pct(part: f64, total: f64) -> i64 {
    if total == 0.0 {
        return 0;
    }
    (part / total * 100.0).trunc() as i64
}

/// `percentage(value, total)`: `%.2f` of value / total in percent, `100.00` for a zero total.
pub fn percentage(value: f64, total: f64) -> String {
    if total == 0.0 {
        return "100.00".into();
    }
    format!("{:.2}", value * 100.0 / total)
}

/// `hr_num`: thousands as K, millions as M, billions as B, each truncated.
pub fn hr_num(n: f64) -> String {
    let k = 1000.0f64;
    if n >= k * k * k {
        format!("{}B", (n / (k * k * k)).trunc() as i64)
    } else if n >= k * k {
        format!("{}M", (n / (k * k)).trunc() as i64)
    } else if n >= k {
        format!("{}K", (n / k).trunc() as i64)
    } else {
        perl_number(n)
    }
}

/// A number as Perl prints it: integers without a fraction, others with up to 15 significant
/// digits.
pub fn perl_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        let s = format!("{n:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// `hr_bytes`: one decimal of G, M or K (powers of 1024), else bytes with `B`.
pub fn hr_bytes(n: f64) -> String {
    let k = 1024.0f64;
    if n >= k * k * k {
        format!("{:.1}G", n / (k * k * k))
    } else if n >= k * k {
        format!("{:.1}M", n / (k * k))
    } else if n >= k {
        format!("{:.1}K", n / k)
    } else {
        format!("{}B", perl_number(n))
    }
}

/// `hr_bytes_rnd`: as [`hr_bytes`], truncated to a whole unit.
pub fn hr_bytes_rnd(n: f64) -> String {
    let k = 1024.0f64;
    if n >= k * k * k {
        format!("{}G", (n / (k * k * k)).trunc() as i64)
    } else if n >= k * k {
        format!("{}M", (n / (k * k)).trunc() as i64)
    } else if n >= k {
        format!("{}K", (n / k).trunc() as i64)
    } else {
        format!("{}B", perl_number(n))
    }
}

/// `pretty_uptime`: `1d 2h 3m 4s`, leading zero units left out.
pub fn pretty_uptime(seconds: u64) -> String {
    let (d, h, m, s) =
        (seconds / 86_400, seconds % 86_400 / 3600, seconds % 3600 / 60, seconds % 60);
    if d > 0 {
        format!("{d}d {h}h {m}m {s}s")
    } else if h > 0 {
        format!("{h}h {m}m {s}s")
    } else if m > 0 {
        format!("{m}m {s}s")
    } else {
        format!("{s}s")
    }
}

/// A section's heading line: eight dashes, the name, dashes to column 100 (`subheaderprint`,
/// which prints a line holding one space before it).
pub fn section_rule(name: &str) -> String {
    let width: usize = 100;
    let used = name.chars().count() + 2 + 8;
    format!(" \n-------- {name} {}\n", "-".repeat(width.saturating_sub(used)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_truncate_as_perl_int_does() {
        assert_eq!(hr_num(1374.0), "1K");
        assert_eq!(hr_num(2999.0), "2K");
        assert_eq!(hr_num(355.0), "355");
        assert_eq!(hr_num(0.538), "0.538");
        assert_eq!(hr_num(2_500_000.0), "2M");
        assert_eq!(int_pct(1374.0, 355.0), 387);
        assert_eq!(int_pct(1.0, 0.0), 0);
        assert_eq!(percentage(1.0, 3.0), "33.33");
        assert_eq!(percentage(5.0, 0.0), "100.00");
    }

    #[test]
    fn bytes_use_powers_of_1024() {
        assert_eq!(hr_bytes(4_831_838_208.0), "4.5G");
        assert_eq!(hr_bytes(262_144.0), "256.0K");
        assert_eq!(hr_bytes(512.0), "512B");
        assert_eq!(hr_bytes_rnd(262_144.0), "256K");
        assert_eq!(hr_bytes_rnd(4_831_838_208.0), "4G");
    }

    #[test]
    fn uptime_and_rules() {
        assert_eq!(pretty_uptime(59), "59s");
        assert_eq!(pretty_uptime(3_725), "1h 2m 5s");
        assert_eq!(pretty_uptime(90_061), "1d 1h 1m 1s");
        let rule = section_rule("Performance Metrics");
        let line = rule.lines().nth(1).unwrap();
        assert_eq!(line.len(), 100);
        assert!(line.starts_with("-------- Performance Metrics ---"));
    }
}
