//! Which server the simulated mysqld is: MySQL Community Server (the default) or Percona
//! Server for MySQL, chosen at startup as a binary is. Percona Server is MySQL with its own
//! additions; the ones simulated are the USER_STATISTICS tables (`userstat`,
//! `thread_statistics`, `information_schema.*_STATISTICS`, `SHOW` and `FLUSH` of them). On
//! MySQL they are unknown, with MySQL's errors.
//!
//! Percona's version string is the MySQL version it is based on and its own release number
//! (`9.7.2-2`; UNCONFIRMED: Percona had not released a 9.7 when this was written, so the
//! release number follows its 8.4 line's pattern).

/// The server's flavour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flavour {
    #[default]
    Mysql,
    Percona,
}

impl Flavour {
    /// From its name in an experiment or on the command line (`mysql`, `percona`).
    pub fn parse(name: &str) -> Result<Flavour, String> {
        match name.to_ascii_lowercase().as_str() {
            "" | "mysql" => Ok(Flavour::Mysql),
            "percona" | "percona-server" | "ps" => Ok(Flavour::Percona),
            other => Err(format!("unknown server '{other}': the servers are mysql and percona")),
        }
    }

    /// `SELECT VERSION()`.
    pub fn version(self) -> &'static str {
        match self {
            Flavour::Mysql => crate::SERVER_VERSION,
            Flavour::Percona => PERCONA_VERSION,
        }
    }

    /// `@@version_comment`, as the client's banner prints it.
    pub fn version_comment(self) -> &'static str {
        match self {
            Flavour::Mysql => "MySQL Community Server - GPL",
            Flavour::Percona => "Percona Server (GPL), Release 2, Revision 7c3ea9b1",
        }
    }

    /// The name as an experiment spells it.
    pub fn name(self) -> &'static str {
        match self {
            Flavour::Mysql => "mysql",
            Flavour::Percona => "percona",
        }
    }
}

/// Percona Server's version: MySQL's, then its release.
pub const PERCONA_VERSION: &str = "9.7.2-2";
