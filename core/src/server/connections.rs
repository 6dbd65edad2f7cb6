//! Connections: `max_connections` with the extra slot for CONNECTION_ADMIN (ERROR 1040,
//! `Connection_errors_max_connections`), a thread for each connection from the thread cache
//! or created (`Threads_created`, `Threads_cached`, `thread_cache_size`), and disconnect.

use super::session::{Session, SessionId};
use super::{Server, CONNECTION_BASE_BYTES};
use crate::instruments::status::StatusValue;

impl Server {
    /// Opens a client connection as `root` (every client here connects as root, which holds
    /// CONNECTION_ADMIN). Fails if mysqld is not running, or with ERROR 1040 when
    /// `max_connections` + 1 connections are open: the extra one is kept for an account with
    /// CONNECTION_ADMIN (`Connection_handler_manager::check_and_incr_conn_count`).
    ///
    /// The connection's thread comes from the thread cache when one waits there
    /// (`Threads_cached`), else a new one is created (`Threads_created`).
    pub fn connect(&mut self) -> Result<SessionId, crate::error::MySqlError> {
        let Some(r) = self.running.as_mut() else {
            return Err(crate::error::MySqlError::cannot_connect());
        };
        let open = r.sessions.len() as u64;
        if open > r.vars.global_u64("max_connections") {
            // Refused by the listener before any thread or thread id is given to it, and
            // `Connections` counts thread ids, so it does not count this attempt (MYSQL_SPEC
            // says "attempts, successful or not"; for this path that is UNCONFIRMED, and we
            // chose the code's reading).
            r.status.add("Connection_errors_max_connections", 1);
            return Err(crate::error::MySqlError::too_many_connections());
        }
        r.status.add("Connections", 1);
        self.host
            .allocate("connections", CONNECTION_BASE_BYTES)
            .map_err(|_| crate::error::MySqlError::unknown("Out of memory"))?;
        let id = SessionId(r.next_thread_id);
        r.next_thread_id += 1;
        r.sessions.insert(id, Session::new(id, r.vars.new_session()));
        let cached = r.status.number("Threads_cached");
        if cached > 0 {
            r.status.set("Threads_cached", StatusValue::Number(cached - 1));
        } else {
            r.status.add("Threads_created", 1);
        }
        let connected = r.sessions.len() as u64;
        r.status.set("Threads_connected", StatusValue::Number(connected));
        if connected > r.status.number("Max_used_connections") {
            r.status.set("Max_used_connections", StatusValue::Number(connected));
            let t = self.clock.wall_clock().datetime();
            r.status.set("Max_used_connections_time", StatusValue::Text(t));
        }
        Ok(id)
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
        if let Some(r) = self.running.as_mut() {
            if r.sessions.remove(&id).is_some() {
                self.host.release("connections", CONNECTION_BASE_BYTES);
                r.status.set("Threads_connected", StatusValue::Number(r.sessions.len() as u64));
                // The thread waits in the cache for the next connection if there is room
                // (`thread_cache_size`); otherwise it ends. A cache made smaller keeps no
                // more than its new size.
                let room = r.vars.global_u64("thread_cache_size");
                let kept = (r.status.number("Threads_cached") + 1).min(room);
                r.status.set("Threads_cached", StatusValue::Number(kept));
            }
        }
    }

    /// Threads waiting in a thread cache made smaller end now
    /// (`Per_thread_connection_handler::modify_thread_cache_size`).
    pub(super) fn trim_thread_cache(&mut self) {
        if let Some(r) = self.running.as_mut() {
            let room = r.vars.global_u64("thread_cache_size");
            let cached = r.status.number("Threads_cached").min(room);
            r.status.set("Threads_cached", StatusValue::Number(cached));
        }
    }
}
