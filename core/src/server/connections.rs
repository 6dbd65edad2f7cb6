//! Connections: `max_connections` with the extra slot for CONNECTION_ADMIN (ERROR 1040,
//! `Connection_errors_max_connections`), a thread for each connection from the thread cache
//! or created (`Threads_created`, `Threads_cached`, `thread_cache_size`), the login through
//! the accounts (`accounts.rs`), what a connection costs in time, and disconnect.
//!
//! ```text
//!   client connect() ─ socket ─► acceptor thread (one, serial): count check (1040),
//!        │                        thread from the cache or pthread_create
//!        └─ handshake on the connection's thread: greeting ─ response ─ [full auth] ─ OK
//!             caching_sha2_password: full (SHA-256 crypt) or fast (cached) ─ 1045, 1040
//! ```
//!
//! A client connects over the UNIX socket unless it names a host other than `localhost`
//! (`transport.rs`): the chapter's `docker exec ... mysqlslap` does, as mysqlslap's `--host`
//! defaults to `localhost`, which a Unix client takes to mean the socket file (and its errors
//! name the account `'app'@'localhost'`). A socket counts as a secure transport, and
//! caching_sha2_password's full authentication may take the password in clear over it. A
//! client with `host=127.0.0.1` connects over TCP instead, encrypted by default: a TCP
//! connect, then a TLS 1.3 handshake (its CPU and one more round trip) before the login,
//! whose password then travels inside TLS. 127.0.0.1 resolves to `localhost`, so the same
//! accounts match.

use super::session::{Session, SessionId};
use super::transport::Transport;
use super::{Server, CONNECTION_BASE_BYTES};
use crate::error::MySqlError;
use crate::instruments::connect_attrs::{client_version, ClientProcess, ClientProgram};
use crate::instruments::status::StatusValue;
use crate::server::accounts::Authentication;
use crate::sim::hardware::Hardware;
use crate::sim::SimDuration;
use crate::status_id;
use crate::var_id;

/// What opening one connection cost, from the hardware constants ([`connection_cost`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConnectionCost {
    /// Work of mysqld's one connection acceptor thread for it: accept, and `pthread_create`
    /// when no thread waited in the cache. Connections pass through it one at a time.
    pub acceptor: SimDuration,
    /// CPU the server and the client spend on it (set-up, authentication, tear-down).
    pub cpu_ns: u64,
    /// Time spent waiting on the other side: the socket's connect and the handshake's
    /// round trips.
    pub latency: SimDuration,
}

/// A connection a client opened.
#[derive(Clone, Copy, Debug)]
pub struct Connected {
    pub id: SessionId,
    pub cost: ConnectionCost,
}

/// The cost of one connection on `hw`: `created` if its thread had to be created,
/// `authentication` as caching_sha2_password took it.
///
/// The handshake over the socket is a chain of hand-offs between the client's thread and the
/// connection's: the greeting, the client's response, (for a full authentication, the
/// server's request for the password and the client's answer,) the OK; and at the end
/// COM_QUIT. Each waits for the other side to wake up (`thread_wake_us`). A cached thread is
/// woken by the acceptor (one more wake-up); a new one is created by it.
///
/// Over TCP the connect is `tcp_connect_us`; with TLS the handshake adds its CPU
/// (`cpu_tls_handshake_ns`) and two hand-offs (the ClientHello to the server, the server's
/// flight back; the client's Finished travels with its login).
pub fn connection_cost(
    hw: &Hardware,
    created: bool,
    authentication: Authentication,
    transport: Transport,
) -> ConnectionCost {
    let wake = SimDuration::from_micros(hw.thread_wake_us);
    let (mut round_trips, auth_ns) = match authentication {
        Authentication::Full => (4, hw.cpu_auth_full_ns),
        Authentication::Fast => (3, hw.cpu_auth_fast_ns),
    };
    let mut cpu_ns =
        hw.cpu_connect_ns.saturating_add(hw.cpu_client_connect_ns).saturating_add(auth_ns);
    let connect_us = match transport {
        Transport::Socket => hw.socket_connect_us,
        Transport::Tcp => hw.tcp_connect_us,
        Transport::Tls => {
            round_trips += 2;
            cpu_ns = cpu_ns.saturating_add(hw.cpu_tls_handshake_ns);
            hw.tcp_connect_us
        }
    };
    let acceptor = if created { SimDuration::from_micros(hw.thread_create_us) } else { wake };
    ConnectionCost {
        acceptor,
        cpu_ns,
        latency: SimDuration::from_micros(connect_us) + wake.saturating_mul(round_trips),
    }
}

/// When each of `costs`' connections, all attempted at once, is through the one acceptor
/// thread, as an offset from the attempt: the acceptor takes them in order, one at a time.
pub fn acceptor_queue(costs: &[ConnectionCost]) -> Vec<SimDuration> {
    let mut busy = SimDuration::ZERO;
    costs
        .iter()
        .map(|c| {
            busy += c.acceptor;
            busy
        })
        .collect()
}

impl Server {
    /// Opens a client connection as `root` (the mysql client's session), without charging its
    /// cost to the clock. See [`Server::connect_as`].
    pub fn connect(&mut self) -> Result<SessionId, MySqlError> {
        self.connect_as("root", None).map(|c| c.id)
    }

    /// Opens a client connection for `user` with `password` (None: none given) over the
    /// UNIX socket, and says what it cost; the caller charges the cost (the load generators
    /// schedule it on the CPUs). Fails if mysqld is not running; with ERROR 1040 at the
    /// listener when `max_connections` + 1 connections are open
    /// (`Connection_handler_manager::check_and_incr_conn_count`); with 1045 when no account
    /// matches the user and password; and with 1040 (SQLSTATE 08004) after authentication
    /// when the account lacks CONNECTION_ADMIN and SUPER and the connections past the login
    /// are more than `max_connections` (`valid_connection_count`): only an administrator
    /// gets the last slot.
    ///
    /// The connection's thread comes from the thread cache when one waits there
    /// (`Threads_cached`), else a new one is created (`Threads_created`). A login that fails
    /// hands its thread back as a disconnect does.
    pub fn connect_as(
        &mut self,
        user: &str,
        password: Option<&str>,
    ) -> Result<Connected, MySqlError> {
        self.connect_over(user, password, Transport::Socket)
    }

    /// [`Server::connect_as`] over `transport`: over TLS the session shows its
    /// `Ssl_version` and `Ssl_cipher`, and `Ssl_accepts` / `Ssl_finished_accepts` count the
    /// handshake, which happens before the login (a login that then fails still counts it).
    pub fn connect_over(
        &mut self,
        user: &str,
        password: Option<&str>,
        transport: Transport,
    ) -> Result<Connected, MySqlError> {
        self.connect_program(user, password, transport, ClientProgram::Mysql, None)
    }

    /// [`Server::connect_over`] from a client `program` whose process opened connection
    /// `process_of` first (None: this connection is its first), which decides the connection
    /// attributes the handshake carries (`performance_schema.session_connect_attrs`) and so
    /// its bytes.
    pub fn connect_program(
        &mut self,
        user: &str,
        password: Option<&str>,
        transport: Transport,
        program: ClientProgram,
        process_of: Option<SessionId>,
    ) -> Result<Connected, MySqlError> {
        let Some(r) = self.running.as_mut() else {
            return Err(MySqlError::cannot_connect());
        };
        let open = r.sessions.len() as u64;
        let max = r.vars.global_u64(var_id!("max_connections"));
        if open > max {
            // Refused by the listener before any thread or thread id is given to it, and
            // `Connections` counts thread ids, so it does not count this attempt (MYSQL_SPEC
            // says "attempts, successful or not"; for this path that is UNCONFIRMED, and we
            // chose the code's reading).
            r.status.add(status_id!("Connection_errors_max_connections"), 1);
            return Err(MySqlError::too_many_connections());
        }
        r.status.add(status_id!("Connections"), 1);
        let id = SessionId(r.next_thread_id);
        r.next_thread_id += 1;
        let cached = r.status.number("Threads_cached");
        let created = cached == 0;
        if created {
            r.status.add(status_id!("Threads_created"), 1);
        } else {
            r.status.set("Threads_cached", StatusValue::Number(cached - 1));
        }
        if transport.encrypted() {
            r.status.add(status_id!("Ssl_accepts"), 1);
            r.status.add(status_id!("Ssl_finished_accepts"), 1);
        }
        let login = match self.accounts.authenticate(user, password) {
            Ok(login) => login,
            Err(e) => {
                r.status.add(status_id!("Aborted_connects"), 1);
                self.park_thread();
                self.user_stats_login(user, id.0, (false, false));
                return Err(e);
            }
        };
        if !login.connection_admin && open + 1 > max {
            r.status.add(status_id!("Connection_errors_max_connections"), 1);
            self.park_thread();
            return Err(MySqlError::too_many_connections_at_login());
        }
        self.host
            .allocate("connections", CONNECTION_BASE_BYTES)
            .map_err(|_| MySqlError::unknown("Out of memory"))?;
        let Some(r) = self.running.as_mut() else {
            return Err(MySqlError::cannot_connect());
        };
        let mut session = Session::new(id, r.vars.new_session());
        session.client = ClientProcess::of(program, process_of.unwrap_or(id).0);
        // The handshake's packets, before any statement.
        let full = matches!(login.authentication, crate::server::accounts::Authentication::Full);
        let version = match r.vars.global(var_id!("version")) {
            crate::server::variables::definition::VarValue::Text(v) => v.clone(),
            _ => String::new(),
        };
        let password_len = password.map(|p| p.len() as u64);
        let attributes = session.client.attributes(client_version(&version));
        let (mut received, sent) =
            super::wire::handshake_bytes(&version, user, password_len, full, &attributes);
        if transport.encrypted() {
            // The client's SSL request (its capabilities, before the TLS handshake, whose
            // own records the server's byte counters do not see).
            received += super::wire::SSL_REQUEST_BYTES;
            session
                .status
                .set("Ssl_version", StatusValue::Text(super::transport::TLS_VERSION.into()));
            session
                .status
                .set("Ssl_cipher", StatusValue::Text(super::transport::TLS_CIPHER.into()));
            let (from, to) = super::transport::certificate_validity();
            session.status.set("Ssl_server_not_before", StatusValue::Text(from));
            session.status.set("Ssl_server_not_after", StatusValue::Text(to));
        }
        session.transport = transport;
        crate::instruments::status::count(
            &mut r.status,
            &mut session.status,
            status_id!("Bytes_received"),
            received,
        );
        crate::instruments::status::count(
            &mut r.status,
            &mut session.status,
            status_id!("Bytes_sent"),
            sent,
        );
        session.account = login.account;
        session.login_user = user.to_string();
        session.used_password = password.is_some();
        session.command_since = self.clock.now();
        session.connected_at = self.clock.now();
        r.sessions.insert(id, Box::new(session));
        r.connection_totals.connected(user, crate::server::transport::CLIENT_HOST);
        let connected = r.sessions.len() as u64;
        r.status.set("Threads_connected", StatusValue::Number(connected));
        if connected > r.status.number("Max_used_connections") {
            r.status.set("Max_used_connections", StatusValue::Number(connected));
            let t = self.clock.wall_clock().datetime();
            r.status.set("Max_used_connections_time", StatusValue::Text(t));
        }
        self.user_stats_login(user, id.0, (true, transport.encrypted()));
        let cost = connection_cost(self.host.hardware(), created, login.authentication, transport);
        self.log_connect(id);
        Ok(Connected { id, cost })
    }

    /// Makes `db` connection `id`'s current database, as the database named in the
    /// handshake (`mysql_real_connect`'s `db`) does: no statement, no time of its own.
    /// Error 1049 if there is no such database.
    pub fn select_database(&mut self, id: SessionId, db: &str) -> Result<(), MySqlError> {
        if !self.catalog.has_database(db) {
            return Err(MySqlError::unknown_database(db));
        }
        let session = self.running.as_mut().and_then(|r| r.sessions.get_mut(&id));
        let Some(session) = session else { return Err(MySqlError::cannot_connect()) };
        session.database = Some(db.to_string());
        Ok(())
    }

    /// Whether connection `id` is open (a restart or crash closes every connection).
    pub fn has_session(&self, id: SessionId) -> bool {
        self.running.as_ref().is_some_and(|r| r.sessions.contains_key(&id))
    }

    /// The current database of connection `id`, for the client to restore on reconnect.
    pub fn session_database(&self, id: SessionId) -> Option<String> {
        self.running.as_ref()?.sessions.get(&id)?.database.clone()
    }

    /// Closes a connection.
    pub fn disconnect(&mut self, id: SessionId) {
        self.log_quit(id);
        // COM_QUIT: a header and the command byte; mysqld answers nothing.
        if let Some(r) = self.running.as_mut().filter(|r| r.sessions.contains_key(&id)) {
            r.status.add(status_id!("Bytes_received"), super::wire::command_bytes(0));
        }
        self.close_connection(id);
    }

    /// Ends connection `id`'s thread (after COM_QUIT, or KILL): its transaction rolls back
    /// and its session goes.
    pub(super) fn close_connection(&mut self, id: SessionId) {
        // A transaction still open is rolled back as the connection's thread cleans up: its
        // changes go, and its transaction event ends ROLLED BACK (into the long history; the
        // thread's own rows go with the thread below).
        // (An event opened by a read with autocommit off, with nothing to undo, ends too.)
        if let Some(mut session) = self.running.as_mut().and_then(|r| r.sessions.remove(&id)) {
            self.rollback(&mut session);
            self.settle_transaction_event(id, self.clock.now());
            if let Some(r) = self.running.as_mut() {
                r.sessions.insert(id, session);
            }
        }
        self.forget_statement_thread(id);
        self.forget_wait_thread(id);
        self.forget_stage_thread(id);
        self.forget_transaction_thread(id);
        self.user_stats_logout(id);
        if let Some(r) = self.running.as_mut() {
            if let Some(gone) = r.sessions.remove(&id) {
                // Its prepared statements go (not counted as deallocated).
                let open = r.status.number("Prepared_stmt_count");
                let left = open.saturating_sub(gone.prepared.len() as u64);
                r.status.set("Prepared_stmt_count", StatusValue::Number(left));
                // Its session temporary tablespace goes back to the pool, truncated.
                // Simplification: one file serves every session, so any disconnect truncates it.
                self.disk.truncate_tablespace(crate::sql::execution::temp_table::TEMP_SPACE_ID);
                self.host.release("connections", CONNECTION_BASE_BYTES);
                r.status.set("Threads_connected", StatusValue::Number(r.sessions.len() as u64));
                self.park_thread();
            }
        }
    }

    /// A connection's thread is done with it: it waits in the cache for the next connection
    /// if there is room (`thread_cache_size`); otherwise it ends. A cache made smaller keeps
    /// no more than its new size.
    fn park_thread(&mut self) {
        if let Some(r) = self.running.as_mut() {
            let room = r.vars.global_u64(var_id!("thread_cache_size"));
            let kept = (r.status.number("Threads_cached") + 1).min(room);
            r.status.set("Threads_cached", StatusValue::Number(kept));
        }
    }

    /// Threads waiting in a thread cache made smaller end now
    /// (`Per_thread_connection_handler::modify_thread_cache_size`).
    pub(super) fn trim_thread_cache(&mut self) {
        if let Some(r) = self.running.as_mut() {
            let room = r.vars.global_u64(var_id!("thread_cache_size"));
            let cached = r.status.number("Threads_cached").min(room);
            r.status.set("Threads_cached", StatusValue::Number(cached));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hw() -> Hardware {
        crate::sim::hardware::profile(crate::sim::hardware::DEFAULT_PROFILE).unwrap().hardware
    }

    #[test]
    fn a_connection_costs_its_parts() {
        let hw = hw();
        let fast = connection_cost(&hw, false, Authentication::Fast, Transport::Socket);
        let full = connection_cost(&hw, true, Authentication::Full, Transport::Socket);
        // Fast path: socket, three hand-offs; CPU of both sides plus the scramble check.
        assert_eq!(
            fast.latency,
            SimDuration::from_micros(hw.socket_connect_us + 3 * hw.thread_wake_us)
        );
        assert_eq!(fast.cpu_ns, hw.cpu_connect_ns + hw.cpu_client_connect_ns + hw.cpu_auth_fast_ns);
        assert_eq!(fast.acceptor, SimDuration::from_micros(hw.thread_wake_us));
        // Full authentication: one more round trip and the SHA-256 crypt rounds.
        assert_eq!(full.latency, fast.latency + SimDuration::from_micros(hw.thread_wake_us));
        assert_eq!(full.cpu_ns - fast.cpu_ns, hw.cpu_auth_full_ns - hw.cpu_auth_fast_ns);
        assert_eq!(full.acceptor, SimDuration::from_micros(hw.thread_create_us));
        // TLS over TCP: the TCP connect, two more hand-offs and the handshake's CPU.
        let tls = connection_cost(&hw, false, Authentication::Fast, Transport::Tls);
        assert_eq!(
            tls.latency,
            SimDuration::from_micros(hw.tcp_connect_us + 5 * hw.thread_wake_us)
        );
        assert_eq!(tls.cpu_ns - fast.cpu_ns, hw.cpu_tls_handshake_ns);
        let tcp = connection_cost(&hw, false, Authentication::Fast, Transport::Tcp);
        assert_eq!(tcp.cpu_ns, fast.cpu_ns);
        assert!(hw.cpu_tls_handshake_ns > 0 && hw.tcp_connect_us > 0);
    }

    #[test]
    fn the_acceptor_takes_connections_one_at_a_time() {
        let hw = hw();
        let made = connection_cost(&hw, true, Authentication::Fast, Transport::Socket);
        let cached = connection_cost(&hw, false, Authentication::Fast, Transport::Socket);
        let q = acceptor_queue(&[made, made, cached]);
        assert_eq!(q[0], made.acceptor);
        assert_eq!(q[1], made.acceptor + made.acceptor);
        assert_eq!(q[2], made.acceptor + made.acceptor + cached.acceptor);
        assert!(acceptor_queue(&[]).is_empty());
    }
}
