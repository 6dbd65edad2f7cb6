//! The formatting functions tuning sessions read numbers through: `FORMAT_PICO_TIME()` and
//! `FORMAT_BYTES()` (native since MySQL 8.0.16, `Item_func_pfs_format_pico_time` and
//! `Item_func_pfs_format_bytes` in item_pfs_func.cc), and the sys schema's
//! `sys.format_statement()`, which shortens a statement to `statement_truncate_len`, and
//! `sys.format_bytes()` / `sys.format_time()`, the sys schema's older, unpadded forms.

/// `FORMAT_PICO_TIME(ps)`: the largest unit the value reaches (ps, ns, us, ms, s, min, h, d),
/// printed as C's `%4.2f` (or `%4.2e` from 100000 of the unit); below a nanosecond, the
/// whole picoseconds as `%3d` (` 43 ps`).
pub fn format_pico_time(ps: f64) -> String {
    const UNITS: [(f64, &str); 7] = [
        (86_400e12, "d"),
        (3_600e12, "h"),
        (60e12, "min"),
        (1e12, "s"),
        (1e9, "ms"),
        (1e6, "us"),
        (1e3, "ns"),
    ];
    let a = ps.abs();
    match UNITS.iter().find(|(div, _)| a >= *div) {
        Some((div, unit)) => scaled(ps / div, unit),
        None => format!("{:>3} ps", c_int(ps)),
    }
}

/// `FORMAT_BYTES(n)`: the largest binary unit the value reaches (KiB to EiB) as `%4.2f`
/// (or `%4.2e`), else whole bytes as `%4d bytes` (` 512 bytes`).
pub fn format_bytes(bytes: f64) -> String {
    const KIB: f64 = 1024.0;
    let units: [(f64, &str); 6] = [
        (KIB * KIB * KIB * KIB * KIB * KIB, "EiB"),
        (KIB * KIB * KIB * KIB * KIB, "PiB"),
        (KIB * KIB * KIB * KIB, "TiB"),
        (KIB * KIB * KIB, "GiB"),
        (KIB * KIB, "MiB"),
        (KIB, "KiB"),
    ];
    let a = bytes.abs();
    match units.iter().find(|(div, _)| a >= *div) {
        Some((div, unit)) => scaled(bytes / div, unit),
        None => format!("{:>4} bytes", c_int(bytes)),
    }
}

/// A scaled value as the server prints it: `%4.2f`, or `%4.2e` once it reaches 100000.
fn scaled(v: f64, unit: &str) -> String {
    if v.abs() >= 100_000.0 {
        format!("{} {unit}", c_exponent(v))
    } else {
        format!("{v:4.2} {unit}")
    }
}

/// C's `(int)` of a double: truncation toward zero, saturating at i32's range.
fn c_int(v: f64) -> i64 {
    (v.trunc() as i64).clamp(i64::from(i32::MIN), i64::from(i32::MAX))
}

/// C's `%.2e`: `1.23e+05` (Rust writes `1.23e5`): a sign and at least two exponent digits.
fn c_exponent(v: f64) -> String {
    let rust = format!("{v:.2e}");
    let Some((mantissa, exponent)) = rust.split_once('e') else { return rust };
    let (sign, digits) = match exponent.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exponent),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

/// `sys.format_bytes(n)`, the sys schema's older function (deprecated for FORMAT_BYTES()): no
/// padding, whole bytes below a KiB (`512 bytes`), else two decimals of the largest unit up
/// to PiB (`16383.91 PiB`, the manual's examples). UNCONFIRMED: `1.00 KiB` rather than
/// `1 KiB` for a value its rounding leaves whole.
pub fn sys_format_bytes(bytes: f64) -> String {
    const KIB: f64 = 1024.0;
    let units: [(f64, &str); 5] = [
        (KIB * KIB * KIB * KIB * KIB, "PiB"),
        (KIB * KIB * KIB * KIB, "TiB"),
        (KIB * KIB * KIB, "GiB"),
        (KIB * KIB, "MiB"),
        (KIB, "KiB"),
    ];
    match units.iter().find(|(div, _)| bytes >= *div) {
        Some((div, unit)) => format!("{:.2} {unit}", bytes / div),
        None => format!("{} bytes", bytes.round() as i64),
    }
}

/// `sys.format_time(ps)`, the sys schema's older function (deprecated for FORMAT_PICO_TIME()):
/// two decimals of the largest unit among ns, us, ms, s, m, h, d and w, whole picoseconds
/// below a nanosecond, no padding (`3.50 ns`, `3.15 m`: the manual's examples).
pub fn sys_format_time(ps: f64) -> String {
    const UNITS: [(f64, &str); 8] = [
        (604_800e12, "w"),
        (86_400e12, "d"),
        (3_600e12, "h"),
        (60e12, "m"),
        (1e12, "s"),
        (1e9, "ms"),
        (1e6, "us"),
        (1e3, "ns"),
    ];
    match UNITS.iter().find(|(div, _)| ps >= *div) {
        Some((div, unit)) => format!("{:.2} {unit}", ps / div),
        None => format!("{} ps", ps.round() as i64),
    }
}

/// `sys.statement_truncate_len`'s default (sys.sys_config).
pub const STATEMENT_TRUNCATE_LEN_DEFAULT: i64 = 64;

/// `sys.format_statement(text)` with a truncation length: a statement longer than `len`
/// characters keeps its first and last `len / 2 - 2` characters (rounded as MySQL rounds the
/// decimal it passes to LEFT and RIGHT) around ` ... `; line breaks become spaces.
///
/// UNCONFIRMED: MySQL 8.0's digest texts end with a space, which its format_statement keeps
/// (`... >= ? `); the chapter's MySQL 9.x output ends the tail at the last token
/// (`... r_id` = ? AND `viewed_at` >= ?`), so trailing spaces are left out before measuring.
pub fn format_statement(text: &str, len: i64) -> String {
    let text = text.trim_end_matches(' ');
    let chars = text.chars().count() as i64;
    let out = if chars > len {
        // (len / 2) - 2 is a DECIMAL in MySQL; LEFT() rounds it half away from zero.
        let twice = len - 4;
        let keep = if twice > 0 { ((twice + 1) / 2) as usize } else { 0 };
        let head: String = text.chars().take(keep).collect();
        let tail: String = text.chars().skip((chars as usize).saturating_sub(keep)).collect();
        format!("{head} ... {tail}")
    } else {
        text.to_string()
    };
    out.replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pico_time_follows_the_servers_printf() {
        assert_eq!(format_pico_time(0.0), "  0 ps");
        assert_eq!(format_pico_time(43.0), " 43 ps");
        assert_eq!(format_pico_time(999.0), "999 ps");
        assert_eq!(format_pico_time(3501.0), "3.50 ns");
        assert_eq!(format_pico_time(188_732_396_662_000.0), "3.15 min");
        assert_eq!(format_pico_time(1.1677e12), "1.17 s");
        assert_eq!(format_pico_time(26.6e9), "26.60 ms");
        assert_eq!(format_pico_time(-1500.0), "-1.50 ns");
        assert_eq!(format_pico_time(86_400e12 * 200_000.0), "2.00e+05 d");
        assert_eq!(format_pico_time(3_600e12), "1.00 h");
    }

    #[test]
    fn bytes_follow_the_servers_printf() {
        assert_eq!(format_bytes(0.0), "   0 bytes");
        assert_eq!(format_bytes(512.0), " 512 bytes");
        assert_eq!(format_bytes(1023.0), "1023 bytes");
        assert_eq!(format_bytes(1024.0), "1.00 KiB");
        assert_eq!(format_bytes(18_446_644_073_709_551_615.0), "16.00 EiB");
        assert_eq!(format_bytes(4608.0 * 1024.0 * 1024.0), "4.50 GiB");
    }

    #[test]
    fn exponents_print_as_c_does() {
        assert_eq!(c_exponent(123_456.0), "1.23e+05");
        assert_eq!(c_exponent(-0.000_123), "-1.23e-04");
        assert_eq!(c_exponent(1e120), "1.00e+120");
    }

    #[test]
    fn statements_keep_head_and_tail() {
        let text =
            "SELECT COUNT ( * ) FROM `page_views` WHERE `customer_id` = ? AND `viewed_at` >= ?";
        assert_eq!(
            format_statement(text, 64),
            "SELECT COUNT ( * ) FROM `page_ ... r_id` = ? AND `viewed_at` >= ?"
        );
        assert_eq!(
            format_statement(&format!("{text} "), 64),
            "SELECT COUNT ( * ) FROM `page_ ... r_id` = ? AND `viewed_at` >= ?"
        );
        assert_eq!(format_statement("SELECT\n1", 64), "SELECT 1");
        // The manual's examples of the sys schema's older functions.
        assert_eq!(sys_format_bytes(512.0), "512 bytes");
        assert_eq!(sys_format_bytes(18446644073709551615.0), "16383.91 PiB");
        assert_eq!(sys_format_time(3501.0), "3.50 ns");
        assert_eq!(sys_format_time(188732396662000.0), "3.15 m");
        assert_eq!(sys_format_time(5.0), "5 ps");
        assert_eq!(format_statement("abcdefghij", 10), "abcdefghij");
        // 11 / 2 - 2 = 3.5, which LEFT() rounds to 4.
        assert_eq!(format_statement("abcdefghijkl", 11), "abcd ... ijkl");
        assert_eq!(format_statement("abcdef", 2), " ... ");
    }
}
