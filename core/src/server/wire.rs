//! What a client's exchange with mysqld weighs on the wire, in the classic protocol's packet
//! bytes: one estimate for what the server counts in `Bytes_received` and `Bytes_sent` (per
//! session and global), what `log_slow_extra` writes as `Bytes_received` / `Bytes_sent`, and
//! what Percona's USER_STATISTICS adds up as BYTES_RECEIVED / BYTES_SENT.
//!
//! Every packet has a 4-byte header (3 bytes of length, 1 of sequence). The client sets
//! CLIENT_DEPRECATE_EOF, as the mysql client, mysqlslap and sysbench of 8.0 and later do, so a
//! result set ends with an OK packet and has no EOF packet between its columns and rows.
//!
//! - A command: the header, the command byte (COM_QUERY 0x03), the statement's text.
//! - OK: 0x00, affected rows and last insert id as length-encoded integers, status flags (2),
//!   warnings (2), and the info text when there is one (length-encoded).
//! - ERR: 0xFF, the code (2), `#` and the SQLSTATE (5), the message.
//! - A result set: the column count (length-encoded), a column definition per column
//!   (catalog `def`, schema, table, original table, name, original name as length-encoded
//!   strings, then 0x0C and 12 bytes of charset, length, type, flags and decimals), a packet
//!   per row (each value as a length-encoded string, NULL as 0xFB), the closing OK (0xFE).
//!
//! Simplifications: a column's schema and tables are counted empty (a result's columns keep
//! only their names here); rows past those a result keeps (`ResultSet::unshown`) weigh what
//! the kept rows weigh on average; a statement larger than a 16 MB packet is not split.

use crate::error::MySqlError;
use crate::sql::{Response, ResultSet};
use crate::storage::value::Value;

/// The packet header: 3 bytes of payload length and the sequence number.
const HEADER: u64 = 4;

/// Bytes of a length-encoded integer holding `n`.
fn lenenc_int(n: u64) -> u64 {
    match n {
        0..=250 => 1,
        251..=0xFFFF => 3,
        0x1_0000..=0xFF_FFFF => 4,
        _ => 9,
    }
}

/// Bytes of a length-encoded string of `len` bytes.
fn lenenc_str(len: u64) -> u64 {
    lenenc_int(len) + len
}

/// What the client sends for one statement: COM_QUERY with its text.
pub fn command_bytes(statement_len: u64) -> u64 {
    HEADER + 1 + statement_len
}

/// An OK packet with `affected_rows` and an optional info text.
fn ok_bytes(affected_rows: u64, info: Option<&str>) -> u64 {
    let info = info.map_or(0, |i| lenenc_str(i.len() as u64));
    HEADER + 1 + lenenc_int(affected_rows) + 1 + 2 + 2 + info
}

/// An ERR packet.
pub fn error_bytes(e: &MySqlError) -> u64 {
    HEADER + 1 + 2 + 1 + 5 + e.message.len() as u64
}

/// A result set's packets: columns, rows (those not kept at the kept rows' average) and the
/// closing OK.
pub fn result_set_bytes(rs: &ResultSet) -> u64 {
    let count = HEADER + lenenc_int(rs.columns.len() as u64);
    // `def`, four empty names (schema, table, original table, original name: see the
    // module's simplifications), the name, 0x0C and the 12 fixed bytes.
    let columns: u64 = rs
        .columns
        .iter()
        .map(|c| HEADER + lenenc_str(3) + 4 + lenenc_str(c.name.len() as u64) + 1 + 12)
        .sum();
    let rows: u64 = rs
        .rows
        .iter()
        .map(|row| HEADER + row.iter().map(|v| text_len(v).map_or(1, lenenc_str)).sum::<u64>())
        .sum();
    let kept = rs.rows.len() as u64;
    let more = rows.checked_div(kept).map_or(0, |each| each.saturating_mul(rs.unshown));
    count + columns + rows + more + ok_bytes(0, None)
}

/// The length of a value's text (`Value::to_text`), None for NULL: without writing the text
/// for a string or an integer (every value of every row sent is measured).
fn text_len(v: &Value) -> Option<u64> {
    let digits = |mut n: u64| {
        let mut len = 1;
        // Bounded: at most 20 rounds.
        while n >= 10 {
            n /= 10;
            len += 1;
        }
        len
    };
    match v {
        Value::Null => None,
        Value::Str(s) => Some(s.len() as u64),
        Value::Int(i) => Some(digits(i.unsigned_abs()) + u64::from(*i < 0)),
        Value::UInt(u) => Some(digits(*u)),
        other => other.to_text().map(|t| t.len() as u64),
    }
}

/// What the server sends back for a statement's outcome.
pub fn response_bytes(result: &Result<Response, MySqlError>) -> u64 {
    match result {
        Ok(r) => ok_response_bytes(r),
        Err(e) => error_bytes(e),
    }
}

fn ok_response_bytes(r: &Response) -> u64 {
    match r {
        Response::Rows(rs) => result_set_bytes(rs),
        Response::Ok { affected_rows, info } => ok_bytes(*affected_rows, info.as_deref()),
        // A procedure's results, each as its own, then the CALL's OK.
        Response::Many(all) => all.iter().map(ok_response_bytes).sum::<u64>() + ok_bytes(0, None),
        Response::DatabaseChanged => ok_bytes(0, None),
    }
}

/// The client's SSL request packet: its capability flags, maximum packet size, character set
/// and 23 bytes of filler, sent in place of the login before the TLS handshake.
pub const SSL_REQUEST_BYTES: u64 = HEADER + 4 + 4 + 1 + 23;

/// The bytes of a connection's handshake: (received, sent). mysqld sends its greeting
/// (protocol 10, the version string, thread id, the 20-byte scramble in two parts, capability
/// flags, `caching_sha2_password`); the client answers with its capabilities, user name, a
/// 32-byte scramble response, the plugin's name and its connection attributes; the server
/// ends with caching_sha2_password's fast-path signal (0x01 0x03) or, on an account's first
/// login since startup, the request for the password (0x01 0x04) that the client answers
/// over the socket, then OK.
///
/// The client's connection attributes (`attributes`, name and value pairs) are a
/// length-encoded block of length-encoded names and values (`mysql_real_connect`'s
/// `CLIENT_CONNECT_ATTRS`).
pub fn handshake_bytes(
    version: &str,
    user: &str,
    password_len: Option<u64>,
    full_auth: bool,
    attributes: &[(&str, String)],
) -> (u64, u64) {
    const PLUGIN: u64 = "caching_sha2_password".len() as u64 + 1;
    let attributes: u64 = attributes
        .iter()
        .map(|(name, value)| lenenc_str(name.len() as u64) + lenenc_str(value.len() as u64))
        .sum();
    let greeting =
        HEADER + 1 + version.len() as u64 + 1 + 4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10 + 13 + PLUGIN;
    let scramble = if password_len.is_some() { 32 } else { 0 };
    let response = HEADER
        + 4
        + 4
        + 1
        + 23
        + user.len() as u64
        + 1
        + lenenc_str(scramble)
        + PLUGIN
        + lenenc_str(attributes);
    let auth_signal = HEADER + 2;
    let password_packet = match (full_auth, password_len) {
        (true, Some(len)) => HEADER + len + 1,
        _ => 0,
    };
    let received = response + password_packet;
    let sent = greeting + auth_signal + ok_bytes(0, None);
    (received, sent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::result::Column;

    #[test]
    fn a_text_length_is_the_written_texts() {
        let mut values = vec![Value::Null, Value::Str(String::new()), Value::Str("héllo".into())];
        for n in [0i64, 1, 9, 10, 99, 100, 4711, i64::MAX, -1, -10, -4711, i64::MIN] {
            values.push(Value::Int(n));
        }
        for n in [0u64, 9, 10, 1_000_000, u64::MAX] {
            values.push(Value::UInt(n));
        }
        values.push(Value::Double(1.5));
        for v in values {
            assert_eq!(text_len(&v), v.to_text().map(|t| t.len() as u64), "{v:?}");
        }
    }

    #[test]
    fn length_encoded_integers_grow_at_the_protocol_bounds() {
        assert_eq!([0, 250, 251, 65_535, 65_536, 16_777_216].map(lenenc_int), [1, 1, 3, 3, 4, 9]);
    }

    #[test]
    fn a_one_cell_result_set() {
        // SELECT 1: count (5), one definition (4 + 4 + 4 + 2 + 13 = 27), one row (4 + 2), OK (11).
        let rs = ResultSet {
            columns: vec![Column::number("1")],
            rows: vec![vec![Value::Int(1)]],
            unshown: 0,
        };
        assert_eq!(result_set_bytes(&rs), 5 + 27 + 6 + 11);
        let null = ResultSet { rows: vec![vec![Value::Null]], ..rs.clone() };
        assert_eq!(result_set_bytes(&null), 5 + 27 + 5 + 11);
        let more = ResultSet { unshown: 9, ..rs };
        assert_eq!(result_set_bytes(&more), 5 + 27 + 6 * 10 + 11);
    }

    #[test]
    fn ok_and_error_packets() {
        let ok = Ok(Response::Ok { affected_rows: 300, info: None });
        assert_eq!(response_bytes(&ok), 4 + 1 + 3 + 1 + 2 + 2);
        let e = MySqlError::no_database_selected();
        assert_eq!(response_bytes(&Err(e.clone())), 4 + 9 + e.message.len() as u64);
        assert_eq!(command_bytes(8), 13, "SELECT 1");
    }

    #[test]
    fn the_first_login_sends_the_password() {
        let attributes = [("_os", "Linux".to_string())];
        let (fast_in, fast_out) = handshake_bytes("9.7.0", "app", Some(6), false, &attributes);
        let (full_in, full_out) = handshake_bytes("9.7.0", "app", Some(6), true, &attributes);
        assert_eq!(full_in, fast_in + 4 + 7);
        assert_eq!(full_out, fast_out);
        assert_eq!(fast_out, 77 + 6 + 11, "greeting, fast-path signal, OK");
        // One pair, `_os` and `Linux`: 1 + 3 and 1 + 5 bytes.
        let (bare_in, _) = handshake_bytes("9.7.0", "app", Some(6), false, &[]);
        assert_eq!(fast_in, bare_in + 10);
    }

    #[test]
    fn the_mysql_clients_attributes_take_113_bytes() {
        // _pid 1001, _platform x86_64, _os Linux, _client_name libmysql, os_user root,
        // _client_version 9.7.0, program_name mysql: 113 bytes of pairs (the block's own
        // length byte is there without them too).
        let process = crate::instruments::connect_attrs::ClientProcess::mysql(1);
        let with = handshake_bytes("9.7.0", "root", None, false, &process.attributes("9.7.0"));
        let without = handshake_bytes("9.7.0", "root", None, false, &[]);
        assert_eq!(with.0 - without.0, 113);
    }
}
