//! The shape of a system variable definition: name, scope, type and range, default, and whether
//! it can change at runtime. The data itself (every variable of MySQL 9.7 the engine knows) is in
//! `registry.rs`; the live values are in `mod.rs`.

/// Where a variable lives, as in the manual's "Scope" row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Only `SET GLOBAL` (or `SET PERSIST`); `SET SESSION` fails with error 1229.
    Global,
    /// Only per session (`timestamp`, `insert_id`, ...); `SET GLOBAL` fails with error 1228.
    Session,
    /// Both: a global value that new sessions copy, and a session value.
    Both,
}

/// The type of a variable and its legal values, as the manual lists them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VarType {
    /// ON/OFF. `SELECT @@x` returns 1 or 0; `SHOW VARIABLES` prints ON or OFF.
    Bool,
    /// A signed integer within `min..=max`. A value outside is clamped with warning 1292.
    Int { min: i64, max: i64 },
    /// An unsigned integer within `min..=max`, rounded down to a multiple of `block` (1 = any).
    UInt { min: u64, max: u64, block: u64 },
    /// A number with a fraction (only a few: `long_query_time`, ...).
    Float { min: f64, max: f64 },
    /// One of a list of words (case-insensitive on input, printed as listed). A number selects
    /// by position, as MySQL allows.
    Enum(&'static [&'static str]),
    /// A comma-separated subset of a list of words (`sql_mode`, `optimizer_switch` is a Str).
    Set(&'static [&'static str]),
    /// Free text: a path, a name, a list.
    Str,
}

/// A value a variable can hold.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum VarValue {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Text(String),
    /// No value (a few string variables are NULL by default, such as `init_file`).
    Null,
}

/// What the server knows at startup that some defaults are computed from.
pub trait StartupFacts {
    /// Memory the server detects: the container limit when container aware, else the host's RAM.
    fn detected_memory_bytes(&self) -> u64;
    /// Logical processors the server sees (the cpuset narrows it; a `--cpus` quota does not).
    fn logical_cpus(&self) -> u64;
    /// The value another variable has at startup (after options), for defaults that depend on
    /// one another, such as `thread_cache_size` on `max_connections`.
    fn value(&self, name: &str) -> VarValue;
}

/// How a default is given.
#[derive(Clone, Copy)]
pub enum Default {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(&'static str),
    Null,
    /// Computed at startup (autosized variables, host-derived sizes).
    Derived(fn(&dyn StartupFacts) -> VarValue),
}

impl std::fmt::Debug for Default {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Default::Bool(v) => write!(f, "Bool({v})"),
            Default::Int(v) => write!(f, "Int({v})"),
            Default::UInt(v) => write!(f, "UInt({v})"),
            Default::Float(v) => write!(f, "Float({v})"),
            Default::Str(v) => write!(f, "Str({v:?})"),
            Default::Null => write!(f, "Null"),
            Default::Derived(_) => write!(f, "Derived"),
        }
    }
}

/// One system variable as the manual defines it.
#[derive(Clone, Copy, Debug)]
pub struct SysVarDef {
    /// The name in lower case, as `SHOW VARIABLES` prints it.
    pub name: &'static str,
    pub scope: Scope,
    pub ty: VarType,
    pub default: Default,
    /// Settable at runtime with SET; if false, SET fails with error 1238 (read only).
    pub dynamic: bool,
}
