//! Live system variable values: the global set, each session's copy, startup options, and the
//! rules for SET (scope checks, type checks, clamping to the range with warning 1292, rounding
//! to the block size) and for printing (`SHOW VARIABLES` text, `SELECT @@var` values).

pub mod definition;
mod effects;
pub mod registry;
mod table;

use crate::error::{MySqlError, Result, Warning};
use crate::server::flavour::Flavour;
use crate::server::variables::definition::{
    Default, Scope, StartupFacts, SysVarDef, VarType, VarValue,
};
use crate::server::variables::registry::SYSTEM_VARIABLES;
use crate::sql::parser::VarScope;
use crate::storage::value::{Decimal, Value};
use std::collections::BTreeMap;
use table::VarTable;

/// The registry place of a variable named exactly as registered, in one hash probe
/// ([`NameIndex`](crate::instruments::name_index::NameIndex)): the engine reads variables by
/// name on every statement.
fn registry_index(name: &str) -> Option<usize> {
    static INDEX: std::sync::OnceLock<crate::instruments::name_index::NameIndex> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        crate::instruments::name_index::NameIndex::new(SYSTEM_VARIABLES.iter().map(|d| d.name))
    });
    index.find(name, |i| SYSTEM_VARIABLES[i].name)
}

/// A system variable by its place in [`SYSTEM_VARIABLES`]: how the engine's hot paths name
/// the variables they read on every statement, so that a read is an index and not a search of
/// names. Written `var_id!("name")`, which finds the place when compiling (a misspelt name
/// does not compile).
///
/// Not a MySQL structure: the simulator's own speed-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarId(u16);

impl VarId {
    /// The variable named exactly `name` (lower case, as registered): a binary search of the
    /// registry that runs when compiling where it is asked for in a constant (`var_id!`); an
    /// unknown name panics (then a compile error).
    pub const fn named(name: &str) -> VarId {
        let (mut lo, mut hi) = (0, SYSTEM_VARIABLES.len());
        // Bounded: the range halves on every step.
        while lo < hi {
            let mid = (lo + hi) / 2;
            let registered = SYSTEM_VARIABLES[mid].name.as_bytes();
            match crate::instruments::name_index::cmp_lower(registered, name.as_bytes()) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    assert!(
                        crate::instruments::name_index::eq_bytes(registered, name.as_bytes()),
                        "system variable spelled otherwise than registered"
                    );
                    assert!(mid <= u16::MAX as usize, "registry too large for VarId");
                    return VarId(mid as u16);
                }
            }
        }
        panic!("unknown system variable")
    }
}

/// The [`VarId`] of a system variable named by a literal, found when compiling:
/// `vars.global_bool(var_id!("log_bin"))`.
#[macro_export]
macro_rules! var_id {
    ($name:literal) => {
        const { $crate::server::variables::VarId::named($name) }
    };
}

/// How the engine names a variable it reads: a [`VarId`] (hot paths, found when compiling) or
/// its name in any letter case (found at run time).
pub trait VarName: Copy + std::fmt::Display {
    /// The variable's place in the registry (`None`: no such variable).
    fn place(self) -> Option<usize>;
}

impl VarName for VarId {
    fn place(self) -> Option<usize> {
        Some(usize::from(self.0))
    }
}

impl VarName for &str {
    fn place(self) -> Option<usize> {
        place_of(self)
    }
}

/// The registry place of a variable named in any letter case: the registered spelling in one
/// hash probe, any other by a search (registered names are lower case, so their
/// case-insensitive order is their byte order).
fn place_of(name: &str) -> Option<usize> {
    registry_index(name).or_else(|| {
        SYSTEM_VARIABLES
            .binary_search_by(|d| crate::instruments::status::cmp_ignore_ascii_case(d.name, name))
            .ok()
    })
}

impl std::fmt::Display for VarId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(SYSTEM_VARIABLES[usize::from(self.0)].name)
    }
}

/// Finds a variable's definition by name (case-insensitive).
pub fn lookup(name: &str) -> Option<&'static SysVarDef> {
    place_of(name).map(|i| &SYSTEM_VARIABLES[i])
}

/// The global values of every known variable.
#[derive(Clone, Debug)]
pub struct Variables {
    global: VarTable,
    /// Counts writes of global values, so a reader that derives settings from several
    /// variables (the commit settings, read at every step of simulated time) can keep them
    /// until a value changes.
    revision: u64,
}

/// A session's own values of the session-scoped variables.
#[derive(Clone, Debug, Default)]
pub struct SessionVariables {
    values: VarTable,
}

struct Facts<'a> {
    detected_memory_bytes: u64,
    logical_cpus: u64,
    options: &'a BTreeMap<&'static str, VarValue>,
    /// Depth guard for derived defaults that read each other.
    depth: std::cell::Cell<u32>,
}

impl StartupFacts for Facts<'_> {
    fn detected_memory_bytes(&self) -> u64 {
        self.detected_memory_bytes
    }
    fn logical_cpus(&self) -> u64 {
        self.logical_cpus
    }
    fn value(&self, name: &str) -> VarValue {
        let def = lookup(name).unwrap_or_else(|| panic!("derived default reads unknown '{name}'"));
        if let Some(v) = self.options.get(def.name) {
            return v.clone();
        }
        assert!(self.depth.get() < 16, "derived defaults of '{name}' form a cycle");
        self.depth.set(self.depth.get() + 1);
        let v = default_value(def, self);
        self.depth.set(self.depth.get() - 1);
        v
    }
}

fn default_value(def: &SysVarDef, facts: &dyn StartupFacts) -> VarValue {
    match def.default {
        Default::Bool(b) => VarValue::Bool(b),
        Default::Int(i) => VarValue::Int(i),
        Default::UInt(u) => VarValue::UInt(u),
        Default::Float(f) => VarValue::Float(f),
        Default::Str(s) => VarValue::Text(s.to_string()),
        Default::Null => VarValue::Null,
        Default::Derived(f) => f(facts),
    }
}

/// A startup option that mysqld refuses: it logs this and aborts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartupError {
    pub message: String,
}

impl Variables {
    /// The values at startup: option values (as in my.cnf or on the command line, in order)
    /// over the defaults, with derived defaults computed from the host.
    pub fn at_startup(
        options: &[(String, String)],
        detected_memory: impl Fn(bool) -> u64,
        logical_cpus: u64,
    ) -> std::result::Result<(Variables, Vec<Warning>), StartupError> {
        Variables::at_startup_of(Flavour::Mysql, options, detected_memory, logical_cpus)
    }

    /// As [`Variables::at_startup`], for a server of `flavour`: Percona Server's own
    /// variables exist only there, and its version strings are its own.
    pub fn at_startup_of(
        flavour: Flavour,
        options: &[(String, String)],
        detected_memory: impl Fn(bool) -> u64,
        logical_cpus: u64,
    ) -> std::result::Result<(Variables, Vec<Warning>), StartupError> {
        let known = |def: &SysVarDef| {
            flavour == Flavour::Percona || !registry::PERCONA_ONLY.contains(&def.name)
        };
        let mut given: BTreeMap<&'static str, VarValue> = BTreeMap::new();
        let mut warnings = Vec::new();
        for (name, text) in options {
            // Options accept dashes for underscores, as mysqld does.
            let key = name.trim().replace('-', "_");
            let def = lookup(&key).filter(|d| known(d)).ok_or_else(|| StartupError {
                message: format!("unknown variable '{}={}'.", name.trim(), text.trim()),
            })?;
            let (v, w) = convert(def, &option_value(text)).map_err(|e| StartupError {
                message: format!("option '{}': {}", def.name, e.message),
            })?;
            warnings.extend(w);
            given.insert(def.name, v);
        }
        let container_aware = matches!(given.get("container_aware"), Some(VarValue::Bool(true)));
        let facts = Facts {
            detected_memory_bytes: detected_memory(container_aware),
            logical_cpus,
            options: &given,
            depth: std::cell::Cell::new(0),
        };
        let mut global: VarTable = SYSTEM_VARIABLES
            .iter()
            .filter(|def| known(def))
            .map(|def| {
                let v = given.get(def.name).cloned().unwrap_or_else(|| default_value(def, &facts));
                (def.name, v)
            })
            .collect();
        if flavour == Flavour::Percona {
            global.insert("version", VarValue::Text(flavour.version().into()));
            global.insert("version_comment", VarValue::Text(flavour.version_comment().into()));
        }
        Ok((Variables { global, revision: 0 }, warnings))
    }

    /// The global value of a known variable.
    pub fn global(&self, name: impl VarName) -> &VarValue {
        let i = name.place().unwrap_or_else(|| panic!("engine reads unknown variable '{name}'"));
        self.global.at(i).unwrap_or_else(|| panic!("variable '{name}' is not in this set"))
    }

    /// The global value as an unsigned integer (booleans as 0/1).
    pub fn global_u64(&self, name: impl VarName) -> u64 {
        as_u64(self.global(name))
    }

    /// The global value of a boolean variable.
    pub fn global_bool(&self, name: impl VarName) -> bool {
        matches!(self.global(name), VarValue::Bool(true))
    }

    /// A variable this server has (a Percona Server variable is unknown to MySQL), or error
    /// 1193.
    pub fn known(&self, name: &str) -> Result<&'static SysVarDef> {
        lookup(name)
            .filter(|d| self.global.contains_key(d.name))
            .ok_or_else(|| MySqlError::unknown_system_variable(name))
    }

    /// A boolean variable this server may not have (Percona Server's): false when it has not.
    pub fn global_flag(&self, name: &str) -> bool {
        lookup(name)
            .and_then(|d| self.global.get(d.name))
            .is_some_and(|v| *v == VarValue::Bool(true))
    }

    /// Replaces a global value (the engine adjusting a variable it owns, such as a rounded
    /// buffer pool size).
    pub fn set_global_raw(&mut self, name: &str, value: VarValue) {
        let def = lookup(name).unwrap_or_else(|| panic!("engine sets unknown variable '{name}'"));
        self.global.insert(def.name, value);
        self.revision += 1;
    }

    /// A new session's variables: copies of the global values of every session-scoped one.
    pub fn new_session(&self) -> SessionVariables {
        SessionVariables { values: self.global.only(|d| d.scope != Scope::Global) }
    }

    /// Reads `name` in `scope` for `SELECT @@...`.
    pub fn read(
        &self,
        session: &SessionVariables,
        name: &str,
        scope: VarScope,
    ) -> Result<(&'static SysVarDef, VarValue)> {
        let def = self.known(name)?;
        let v = match (scope, def.scope) {
            (VarScope::Global, Scope::Session) => {
                return Err(MySqlError::variable_scope(def.name, "SESSION"))
            }
            (VarScope::Session, Scope::Global) => {
                return Err(MySqlError::variable_scope(def.name, "GLOBAL"))
            }
            (VarScope::Global, _) | (VarScope::Default, Scope::Global) => {
                self.global[def.name].clone()
            }
            _ => session.values[def.name].clone(),
        };
        Ok((def, v))
    }

    /// Checks and converts a SET. Returns the definition, the value to store and warnings;
    /// the caller stores it (so it can act on the change first, e.g. start a resize).
    pub fn check_set(
        &self,
        name: &str,
        scope: VarScope,
        value: &SetValue,
    ) -> Result<(&'static SysVarDef, VarValue, Vec<Warning>)> {
        let def = self.known(name)?;
        match (scope, def.scope) {
            (VarScope::Global, Scope::Session) => {
                return Err(MySqlError::session_only_variable(def.name))
            }
            (VarScope::Session | VarScope::Default, Scope::Global) => {
                return Err(MySqlError::global_only_variable(def.name))
            }
            _ => {}
        }
        if !def.dynamic {
            return Err(MySqlError::read_only_variable(def.name));
        }
        let (v, w) = match value {
            SetValue::Default => match scope {
                // SET SESSION x = DEFAULT takes the global value.
                VarScope::Session | VarScope::Default if def.scope == Scope::Both => {
                    (self.global[def.name].clone(), Vec::new())
                }
                _ => (self.compiled_default(def), Vec::new()),
            },
            SetValue::Value(v) => convert(def, v)?,
        };
        Ok((def, v, w))
    }

    /// The default mysqld would start with given no options, from the current host facts.
    fn compiled_default(&self, def: &SysVarDef) -> VarValue {
        match def.default {
            // Derived defaults are kept as computed at startup.
            Default::Derived(_) => self.global[def.name].clone(),
            _ => default_value(def, &NoFacts),
        }
    }

    pub fn store_global(&mut self, def: &'static SysVarDef, v: VarValue) {
        self.global.insert(def.name, v);
        self.revision += 1;
    }

    /// How many variables there are.
    pub fn count(&self) -> u64 {
        self.global.len()
    }

    /// How many times a global value has been written since startup.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Every variable, for SHOW VARIABLES: (name, global value, session value if any).
    pub fn iter_global(&self) -> impl Iterator<Item = (&'static str, &VarValue)> {
        self.global.iter()
    }

    /// Every variable whose name `keep` accepts, in name order, with its value as SHOW
    /// VARIABLES prints it: the session's own value where `session` has one, else the global
    /// (SHOW VARIABLES, `performance_schema.global_variables` and `session_variables`).
    ///
    /// Only names that start with `prefix` are offered to `keep` (every name is lower case, so
    /// a LIKE pattern's case-folded literal prefix bounds the walk).
    pub fn shown(
        &self,
        session: Option<&SessionVariables>,
        prefix: &str,
        keep: impl Fn(&str) -> bool,
    ) -> Vec<(&'static str, String)> {
        self.global
            .iter()
            .skip_while(|(name, _)| *name < prefix)
            .take_while(|(name, _)| name.starts_with(prefix))
            .filter(|(name, _)| keep(name))
            .map(|(name, global)| {
                let def = lookup(name).expect("registered");
                let v = session.and_then(|s| s.get(name)).unwrap_or(global);
                (name, show_text(def, v))
            })
            .collect()
    }
}

struct NoFacts;
impl StartupFacts for NoFacts {
    fn detected_memory_bytes(&self) -> u64 {
        unreachable!("static defaults read no facts")
    }
    fn logical_cpus(&self) -> u64 {
        unreachable!("static defaults read no facts")
    }
    fn value(&self, _: &str) -> VarValue {
        unreachable!("static defaults read no facts")
    }
}

impl SessionVariables {
    pub fn store(&mut self, def: &'static SysVarDef, v: VarValue) {
        self.values.insert(def.name, v);
    }

    pub fn get(&self, name: impl VarName) -> Option<&VarValue> {
        self.values.at(name.place()?)
    }

    pub fn u64(&self, name: impl VarName) -> u64 {
        self.get(name).map(as_u64).unwrap_or(0)
    }
}

/// The right-hand side of a SET.
#[derive(Clone, Debug, PartialEq)]
pub enum SetValue {
    Default,
    Value(Value),
}

fn as_u64(v: &VarValue) -> u64 {
    match v {
        VarValue::Bool(b) => u64::from(*b),
        VarValue::Int(i) => (*i).max(0) as u64,
        VarValue::UInt(u) => *u,
        VarValue::Float(f) => f.max(0.0) as u64,
        VarValue::Text(_) | VarValue::Null => 0,
    }
}

/// An option's text as a value: numbers become numbers, with the K/M/G suffixes mysqld takes.
fn option_value(text: &str) -> Value {
    let t = text.trim().trim_matches(|c| c == '\'' || c == '"');
    let (digits, mult) = match t.as_bytes().last().map(|b| b.to_ascii_uppercase()) {
        Some(b'K') => (&t[..t.len() - 1], 1u64 << 10),
        Some(b'M') => (&t[..t.len() - 1], 1 << 20),
        Some(b'G') => (&t[..t.len() - 1], 1 << 30),
        Some(b'T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    if let Ok(n) = digits.parse::<u64>() {
        return Value::UInt(n.saturating_mul(mult));
    }
    if let Ok(n) = t.parse::<i64>() {
        return Value::Int(n);
    }
    if let Some(d) = Decimal::parse(t) {
        return Value::Decimal(d);
    }
    Value::Str(t.to_string())
}

/// Converts a value for `def`, as SET does: type errors 1231/1232, range clamping and block
/// rounding with warning 1292.
fn convert(def: &SysVarDef, v: &Value) -> Result<(VarValue, Vec<Warning>)> {
    let name = def.name;
    let shown = || v.to_text().unwrap_or_else(|| "NULL".into());
    let mut warnings = Vec::new();
    let out = match def.ty {
        VarType::Bool => match v {
            Value::Int(0) | Value::UInt(0) => VarValue::Bool(false),
            Value::Int(1) | Value::UInt(1) => VarValue::Bool(true),
            Value::Str(s) => match s.to_ascii_uppercase().as_str() {
                "ON" | "TRUE" | "1" => VarValue::Bool(true),
                "OFF" | "FALSE" | "0" => VarValue::Bool(false),
                _ => return Err(MySqlError::wrong_value_for_variable(name, s)),
            },
            Value::Decimal(_) | Value::Double(_) => {
                return Err(MySqlError::wrong_type_for_variable(name))
            }
            _ => return Err(MySqlError::wrong_value_for_variable(name, &shown())),
        },
        VarType::UInt { min, max, block } => {
            let n: i128 = match v {
                Value::Int(i) => i128::from(*i),
                Value::UInt(u) => i128::from(*u),
                Value::Str(s) if s.parse::<u64>().is_ok() => {
                    i128::from(s.parse::<u64>().unwrap_or(0))
                }
                Value::Null => return Err(MySqlError::wrong_value_for_variable(name, "NULL")),
                _ => return Err(MySqlError::wrong_type_for_variable(name)),
            };
            let mut c = n.clamp(i128::from(min), i128::from(max)) as u64;
            if block > 1 {
                c -= c % block;
            }
            if i128::from(c) != n {
                warnings.push(Warning::truncated_value(name, &n.to_string()));
            }
            VarValue::UInt(c)
        }
        VarType::Int { min, max } => {
            let n: i128 = match v {
                Value::Int(i) => i128::from(*i),
                Value::UInt(u) => i128::from(*u),
                Value::Null => return Err(MySqlError::wrong_value_for_variable(name, "NULL")),
                _ => return Err(MySqlError::wrong_type_for_variable(name)),
            };
            let c = n.clamp(i128::from(min), i128::from(max)) as i64;
            if i128::from(c) != n {
                warnings.push(Warning::truncated_value(name, &n.to_string()));
            }
            VarValue::Int(c)
        }
        VarType::Float { min, max } => {
            let f = match v {
                Value::Int(_) | Value::UInt(_) | Value::Decimal(_) | Value::Double(_) => {
                    v.to_f64().unwrap_or(0.0)
                }
                Value::Null => return Err(MySqlError::wrong_value_for_variable(name, "NULL")),
                Value::Str(_) | Value::Bin(_) => {
                    return Err(MySqlError::wrong_type_for_variable(name))
                }
            };
            let c = f.clamp(min, max);
            if c != f {
                warnings.push(Warning::truncated_value(name, &shown()));
            }
            VarValue::Float(c)
        }
        VarType::Enum(words) => match v {
            Value::Str(s) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(s))
                .map(|w| VarValue::Text((*w).to_string()))
                .ok_or_else(|| MySqlError::wrong_value_for_variable(name, s))?,
            Value::Int(_) | Value::UInt(_) => {
                let i = v.to_i64().unwrap_or(-1);
                usize::try_from(i)
                    .ok()
                    .and_then(|i| words.get(i))
                    .map(|w| VarValue::Text((*w).to_string()))
                    .ok_or_else(|| MySqlError::wrong_value_for_variable(name, &shown()))?
            }
            Value::Null => return Err(MySqlError::wrong_value_for_variable(name, "NULL")),
            _ => return Err(MySqlError::wrong_type_for_variable(name)),
        },
        VarType::Set(words) => match v {
            Value::Str(s) => {
                let mut chosen = Vec::new();
                for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    let w = words
                        .iter()
                        .find(|w| w.eq_ignore_ascii_case(part))
                        .ok_or_else(|| MySqlError::wrong_value_for_variable(name, part))?;
                    if !chosen.contains(w) {
                        chosen.push(*w);
                    }
                }
                // Printed in the definition's order, as MySQL does.
                let text: Vec<&str> =
                    words.iter().copied().filter(|w| chosen.contains(w)).collect();
                VarValue::Text(text.join(","))
            }
            Value::Null => return Err(MySqlError::wrong_value_for_variable(name, "NULL")),
            _ => return Err(MySqlError::wrong_type_for_variable(name)),
        },
        VarType::Str => match v {
            Value::Str(s) => VarValue::Text(s.clone()),
            Value::Null => VarValue::Null,
            _ => return Err(MySqlError::wrong_type_for_variable(name)),
        },
    };
    Ok((out, warnings))
}

/// The text `SHOW VARIABLES` prints for a value.
pub fn show_text(def: &SysVarDef, v: &VarValue) -> String {
    match (def.ty, v) {
        (_, VarValue::Bool(b)) => if *b { "ON" } else { "OFF" }.to_string(),
        (_, VarValue::Float(f)) => format!("{f:.6}"),
        (_, VarValue::Int(i)) => i.to_string(),
        (_, VarValue::UInt(u)) => u.to_string(),
        (_, VarValue::Text(s)) => s.clone(),
        (_, VarValue::Null) => String::new(),
    }
}

/// The value `SELECT @@var` returns.
pub fn select_value(v: &VarValue) -> Value {
    match v {
        VarValue::Bool(b) => Value::Int(i64::from(*b)),
        VarValue::Int(i) => Value::Int(*i),
        VarValue::UInt(u) => Value::UInt(*u),
        // long_query_time and friends come back as DECIMAL with six digits.
        VarValue::Float(f) => Value::Decimal(Decimal::new((f * 1e6).round() as i128, 6)),
        VarValue::Text(s) => Value::Str(s.clone()),
        VarValue::Null => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn startup(options: &[(&str, &str)]) -> Variables {
        let opts: Vec<(String, String)> =
            options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Variables::at_startup(&opts, |_| 8 << 30, 8).unwrap().0
    }

    #[test]
    fn every_variable_has_the_id_of_its_place() {
        for (i, var) in SYSTEM_VARIABLES.iter().enumerate() {
            assert_eq!(VarId::named(var.name).place(), Some(i));
            assert_eq!(var.name.place(), Some(i));
            assert_eq!(VarId::named(var.name).to_string(), var.name);
        }
        assert_eq!("AutoCommit".place(), var_id!("autocommit").place());
        assert_eq!("no_such_variable".place(), None);
    }

    #[test]
    fn set_checks_scope_type_and_range() {
        let vars = startup(&[]);
        let set = |n: &str, s: VarScope, v: Value| vars.check_set(n, s, &SetValue::Value(v));
        assert_eq!(
            set("query_cache_size", VarScope::Global, Value::Int(0)).unwrap_err().code,
            1193
        );
        assert_eq!(
            set("max_connections", VarScope::Session, Value::Int(5)).unwrap_err().code,
            1229
        );
        assert_eq!(
            set("max_connections", VarScope::Global, Value::Str("x".into())).unwrap_err().code,
            1232
        );
        let (_, v, w) = set("max_connections", VarScope::Global, Value::Int(0)).unwrap();
        assert_eq!((v, w.len()), (VarValue::UInt(1), 1), "clamped to the minimum with a warning");
        assert_eq!(
            set("autocommit", VarScope::Session, Value::Str("maybe".into())).unwrap_err().code,
            1231
        );
        let (_, v, _) = set("autocommit", VarScope::Session, Value::Str("off".into())).unwrap();
        assert_eq!(v, VarValue::Bool(false));
        assert_eq!(
            set("version", VarScope::Global, Value::Str("1".into())).unwrap_err().code,
            1238
        );
    }

    #[test]
    fn unknown_startup_option_aborts() {
        let opts = vec![("query_cache_type".to_string(), "0".to_string())];
        let err = Variables::at_startup(&opts, |_| 8 << 30, 8).unwrap_err();
        assert_eq!(err.message, "unknown variable 'query_cache_type=0'.");
    }

    #[test]
    fn options_take_suffixes_and_dashes() {
        let vars = startup(&[("max-connections", "20"), ("sort_buffer_size", "1M")]);
        assert_eq!(vars.global_u64(var_id!("max_connections")), 20);
        assert_eq!(vars.global_u64(var_id!("sort_buffer_size")), 1 << 20);
        assert_eq!(vars.global_u64(var_id!("thread_cache_size")), 8, "8 + 20/100");
    }
}
