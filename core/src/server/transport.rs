//! How a client reaches mysqld: over its UNIX socket, or over TCP, where a MySQL 9.7 server
//! encrypts the connection with TLS by default.
//!
//! The client library's rule (`mysql_real_connect`, the manual's "Connecting to the Server
//! Using Command Options"): with no host, or the host `localhost`, a Unix client uses the
//! socket file; any other host (`127.0.0.1` among them), or `--protocol=TCP`, means TCP.
//! `--protocol=SOCKET` forces the socket. Over TCP, `--ssl-mode` defaults to PREFERRED and
//! the server has certificates (9.7 generates them at its first start, the `*.pem` files of
//! the datadir), so the connection is encrypted unless the client says `--ssl-mode=DISABLED`.
//! A socket counts as a secure transport and is not encrypted (UNCONFIRMED for
//! `--ssl-mode=REQUIRED` over the socket, which is taken as the socket alone).
//!
//! What an encrypted session shows: `Ssl_version` TLSv1.3 and `Ssl_cipher`
//! TLS_AES_128_GCM_SHA256 (the first of MySQL's TLSv1.3 ciphersuites, as a 9.x mysql client
//! with `-h127.0.0.1` reports them), `performance_schema.threads.CONNECTION_TYPE` `SSL/TLS`
//! (`TCP/IP` unencrypted, `Socket` over the socket), and `Ssl_accepts` /
//! `Ssl_finished_accepts` counting the handshakes (and for any TCP client, the logs'
//! `@ localhost [127.0.0.1]` and the general log's `using TCP/IP` or `using SSL/TLS`), `Ssl_server_not_before` / `_after` the
//! auto-generated certificate's ten years. Its cost is the TLS 1.3 handshake's CPU
//! (`cpu_tls_handshake_ns`) and one more round trip.
//!
//! Simplifications: TLSv1.2, other ciphersuites, `--ssl-mode=VERIFY_*` and client
//! certificates are not modelled (every TLS session is TLSv1.3 with the default suite);
//! `Ssl_cipher_list` stays empty, and a socket session shows no certificate dates
//! (UNCONFIRMED); the client's ephemeral port, shown in the processlist's
//! Host, is chosen from the connection id (UNCONFIRMED: Linux picks ports from 32768-60999 by
//! a hash of the connection's addresses).

/// The transport of one connection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Transport {
    /// mysqld's UNIX socket (`/var/run/mysqld/mysqld.sock`).
    #[default]
    Socket,
    /// TCP to port 3306, unencrypted (`--ssl-mode=DISABLED`).
    Tcp,
    /// TCP with TLS.
    Tls,
}

/// The host name every client has: it connects from the simulated host itself, over the
/// socket or from 127.0.0.1, which resolves to `localhost`.
pub const CLIENT_HOST: &str = "localhost";

/// The TLS version and ciphersuite every encrypted session negotiates here.
pub const TLS_VERSION: &str = "TLSv1.3";
pub const TLS_CIPHER: &str = "TLS_AES_128_GCM_SHA256";

/// A client's transport options as given: `--host` (`-h`), `--protocol` and `--ssl-mode`,
/// each None when not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TransportOptions {
    pub host: Option<String>,
    pub protocol: Option<String>,
    pub ssl_mode: Option<String>,
}

impl TransportOptions {
    /// Takes `value` for the command-line option `name` (with or without its dashes) if it
    /// is one of these (`-h`, `--host`, `--protocol`, `--ssl-mode`): whether it was.
    pub fn take(&mut self, name: &str, value: &str) -> bool {
        let slot = match name.trim_start_matches('-') {
            "h" | "host" => &mut self.host,
            "protocol" => &mut self.protocol,
            "ssl-mode" => &mut self.ssl_mode,
            _ => return false,
        };
        *slot = Some(value.to_string());
        true
    }

    /// What the command line left unset, from the `[client]` group of option file `path`.
    pub fn or_file(&mut self, files: &crate::sim::files::HostFiles, path: &str) {
        for (slot, key) in [
            (&mut self.host, "host"),
            (&mut self.protocol, "protocol"),
            (&mut self.ssl_mode, "ssl-mode"),
        ] {
            if slot.is_none() {
                *slot = files.client_option(path, key);
            }
        }
    }

    /// The transport these options choose ([`Transport::chosen`]).
    pub fn transport(&self) -> Transport {
        Transport::chosen(self.host.as_deref(), self.protocol.as_deref(), self.ssl_mode.as_deref())
    }
}

/// How long the certificates mysqld generates at its first start are valid: ten years.
const CERTIFICATE_DAYS: i64 = 3_650;

/// The server certificate's validity as an encrypted session's `Ssl_server_not_before` and
/// `Ssl_server_not_after` show it (OpenSSL's `ASN1_TIME_print`: `Sep 23 08:00:00 2026 GMT`):
/// generated when the datadir was initialised, at the simulated host's first start.
pub fn certificate_validity() -> (String, String) {
    let print = |unix_secs: i64| {
        const MONTHS: [&str; 12] =
            ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
        let t = crate::sim::CivilTime::from_unix(unix_secs, 0);
        let month = MONTHS.get(t.month.saturating_sub(1) as usize).copied().unwrap_or("Jan");
        format!("{month} {:>2} {:02}:{:02}:{:02} {} GMT", t.day, t.hour, t.minute, t.second, t.year)
    };
    let from = crate::sim::BOOT_UNIX_SECS;
    (print(from), print(from + CERTIFICATE_DAYS * 86_400))
}

/// The first ephemeral port Linux gives a client (`ip_local_port_range`).
const EPHEMERAL_PORT_FIRST: u64 = 32_768;
/// How many ports the default range holds (32768-60999).
const EPHEMERAL_PORTS: u64 = 28_232;

impl Transport {
    /// The transport a client library picks from its options: `host` (`--host`, `-h`, or
    /// `host=` of an option file), `protocol` (`--protocol`) and `ssl_mode` (`--ssl-mode`),
    /// each None when not given. Option values are not case-sensitive.
    pub fn chosen(host: Option<&str>, protocol: Option<&str>, ssl_mode: Option<&str>) -> Transport {
        let is = |v: Option<&str>, want: &str| v.is_some_and(|v| v.eq_ignore_ascii_case(want));
        let tcp = if is(protocol, "socket") {
            false
        } else if is(protocol, "tcp") {
            true
        } else {
            host.is_some_and(|h| !h.is_empty() && !h.eq_ignore_ascii_case("localhost"))
        };
        match (tcp, is(ssl_mode, "disabled")) {
            (false, _) => Transport::Socket,
            (true, true) => Transport::Tcp,
            (true, false) => Transport::Tls,
        }
    }

    /// `performance_schema.threads.CONNECTION_TYPE`.
    pub fn connection_type(self) -> &'static str {
        match self {
            Transport::Socket => "Socket",
            Transport::Tcp => "TCP/IP",
            Transport::Tls => "SSL/TLS",
        }
    }

    /// The client's address as the logs show it in brackets (`@ localhost [127.0.0.1]`):
    /// none over the socket.
    pub fn client_ip(self) -> &'static str {
        match self {
            Transport::Socket => "",
            Transport::Tcp | Transport::Tls => "127.0.0.1",
        }
    }

    /// Whether the session is encrypted.
    pub fn encrypted(self) -> bool {
        self == Transport::Tls
    }

    /// The processlist's Host for a client of connection `id` on this transport: the host
    /// name alone over the socket, with the client's port over TCP (127.0.0.1 resolves to
    /// `localhost`, name resolution being on by default).
    pub fn processlist_host(self, id: u64) -> String {
        match self {
            Transport::Socket => CLIENT_HOST.to_string(),
            Transport::Tcp | Transport::Tls => {
                // Spread over the range as consecutive connections' ports are.
                let port = EPHEMERAL_PORT_FIRST + (id.wrapping_mul(7_919) % EPHEMERAL_PORTS);
                format!("{CLIENT_HOST}:{port}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn localhost_or_no_host_is_the_socket_any_other_host_is_tcp_with_tls() {
        assert_eq!(Transport::chosen(None, None, None), Transport::Socket);
        assert_eq!(Transport::chosen(Some("localhost"), None, None), Transport::Socket);
        assert_eq!(Transport::chosen(Some("LOCALHOST"), None, None), Transport::Socket);
        assert_eq!(Transport::chosen(Some("127.0.0.1"), None, None), Transport::Tls);
        assert_eq!(Transport::chosen(Some("db.example"), None, None), Transport::Tls);
        assert_eq!(Transport::chosen(None, Some("TCP"), None), Transport::Tls);
        assert_eq!(Transport::chosen(Some("127.0.0.1"), Some("socket"), None), Transport::Socket);
        assert_eq!(Transport::chosen(Some("127.0.0.1"), None, Some("DISABLED")), Transport::Tcp);
        assert_eq!(Transport::chosen(Some("127.0.0.1"), None, Some("REQUIRED")), Transport::Tls);
    }

    #[test]
    fn what_each_transport_shows() {
        assert_eq!(Transport::Socket.connection_type(), "Socket");
        assert_eq!(Transport::Tcp.connection_type(), "TCP/IP");
        assert_eq!(Transport::Tls.connection_type(), "SSL/TLS");
        assert!(Transport::Tls.encrypted() && !Transport::Tcp.encrypted());
        assert_eq!((Transport::Socket.client_ip(), Transport::Tcp.client_ip()), ("", "127.0.0.1"));
        assert_eq!(Transport::Socket.processlist_host(8), "localhost");
        let host = Transport::Tls.processlist_host(8);
        let port: u64 = host.strip_prefix("localhost:").unwrap().parse().unwrap();
        assert!((32_768..61_000).contains(&port));
        assert_ne!(host, Transport::Tls.processlist_host(9));
    }

    #[test]
    fn options_from_the_command_line_come_before_the_option_file() {
        let mut o = TransportOptions::default();
        assert!(o.take("-h", "127.0.0.1") && o.take("--ssl-mode", "DISABLED"));
        assert!(!o.take("--port", "3306"));
        assert_eq!(o.transport(), Transport::Tcp);
        let mut files = crate::sim::files::HostFiles::default();
        files.write("c.cnf", "[client]\nhost=localhost\nprotocol=tcp\n", false).unwrap();
        o.or_file(&files, "c.cnf");
        assert_eq!(o.host.as_deref(), Some("127.0.0.1"));
        assert_eq!(o.protocol.as_deref(), Some("tcp"));
    }

    #[test]
    fn the_certificate_is_valid_ten_years_from_the_first_start() {
        let (from, to) = certificate_validity();
        assert_eq!(from, "Sep 23 08:00:00 2026 GMT");
        assert_eq!(to, "Sep 20 08:00:00 2036 GMT");
    }
}
