//! FLUSH [BINARY] LOGS' rotation, PURGE BINARY LOGS and RESET BINARY LOGS AND GTIDS on the
//! binary log's files (`binlog::files`).

use crate::error::{MySqlError, Result};
use crate::server::context::Cx;
use crate::server::session::Session;
use crate::server::Server;
use crate::sim::{SimTime, BOOT_UNIX_SECS};
use crate::sql::execution::Work;
use crate::sql::expr::eval_constant;
use crate::sql::parser::binlog_admin::BinlogAdmin;
use crate::sql::{Response, Value};
use crate::var_id;

/// The simulated instant a PURGE ... BEFORE value names (before the simulated boot: the
/// start of time).
fn before_time(v: &Value) -> Result<SimTime> {
    let text = v.to_text().unwrap_or_default();
    let parsed = crate::sql::cast::temporal::parse_datetime(&text)
        .filter(|p| !p.truncated)
        // UNCONFIRMED: the function name MySQL's error gives for a datetime it cannot read.
        .ok_or_else(|| {
            MySqlError::new(
                1411,
                "HY000",
                format!("Incorrect datetime value: '{text}' for function purge"),
            )
        })?;
    let secs = crate::sql::temporal::unix_seconds(&parsed.value) - BOOT_UNIX_SECS;
    Ok(SimTime(secs.max(0) as u64 * 1_000_000_000))
}

impl Server {
    /// FLUSH LOGS and FLUSH BINARY LOGS: with the binary log on, its file is closed and the
    /// next one opened (files past `binlog_expire_logs_seconds` deleted).
    pub(crate) fn rotate_binary_log(&mut self) {
        let Some(r) = self.running.as_ref() else { return };
        if !r.vars.global_bool(var_id!("log_bin")) {
            return;
        }
        let expire = super::super::transactions::binlog_expire(&r.vars);
        let position = self.logs.binlog.position;
        self.logs.binlog.files.rotate(position, self.clock.now(), expire);
    }

    /// Runs one of the binary log's administration statements (privileges checked by the
    /// caller). With the binary log off there are no files and each does nothing.
    /// UNCONFIRMED: that RESET BINARY LOGS AND GTIDS is a quiet no-op then too (it may
    /// answer an error on a real server without a binary log).
    pub(crate) fn binlog_admin(
        &mut self,
        session: &mut Session,
        admin: &BinlogAdmin,
        work: &mut Work,
    ) -> Result<Response> {
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let ok = Response::Ok { affected_rows: 0, info: None };
        // BEFORE's expression first: a bad one is an error even without a binary log.
        let before = match admin {
            BinlogAdmin::PurgeBefore(e) => {
                let mut cx = Cx::new(&r.vars, session, self.clock.unix_micros());
                let v = eval_constant(e, &mut cx)?;
                cx.charge_to(work);
                Some(before_time(&v)?)
            }
            _ => None,
        };
        if !r.vars.global_bool(var_id!("log_bin")) {
            return Ok(ok);
        }
        let now = self.clock.now();
        let position = self.logs.binlog.position;
        let files = &mut self.logs.binlog.files;
        match admin {
            BinlogAdmin::PurgeTo(name) => files.purge_to(name).map_err(|_| {
                MySqlError::new(1373, "HY000", "Target log not found in binlog index".into())
            })?,
            BinlogAdmin::PurgeBefore(_) => files.purge_before(before.unwrap_or(SimTime::ZERO)),
            BinlogAdmin::Reset(to) => {
                let first = to.unwrap_or(1);
                if first == 0 || first > u64::from(crate::binlog::files::FILE_NUMBER_MAX) {
                    return Err(MySqlError::syntax(&first.to_string(), 1));
                }
                files.reset(position, now, first as u32);
            }
        }
        Ok(ok)
    }
}
