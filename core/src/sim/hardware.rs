//! Hardware profiles: named sets of constants for the simulated host, its container limits and
//! its disk. Every cost the engine charges comes from these constants, so one profile gives one
//! consistent machine, and `--hw key=value` changes one constant to show which effects depend
//! on it.
//!
//! The default profile, `wsl2-chapter`, is the chapter's machine: a mysql:9.7 container with
//! `--memory=6g --cpus=4` under WSL2 on a 62 GB, 36-CPU Windows 11 PC, whose virtual disk has
//! a slow fsync. Later issues calibrate its disk and CPU numbers against the chapter's figures.

use serde::{Deserialize, Serialize};

/// The constants of one simulated machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hardware {
    /// Logical CPUs of the host (what `nproc` says outside any container).
    pub host_cpus: u32,
    /// The host's memory as the kernel reports it (MemTotal), in MiB.
    pub host_ram_mb: u64,
    /// The container's memory limit (`docker run --memory`), in MiB; 0 = no limit.
    pub memory_limit_mb: u64,
    /// The container's CPU quota (`docker run --cpus`) in thousandths of a CPU; 0 = no quota.
    /// A quota limits CPU time, not the CPUs a process can see.
    pub cpus_milli: u32,
    /// The CPUs the container may run on (`docker run --cpuset-cpus`, as `0-3` or `0,2,4`);
    /// empty = all host CPUs.
    pub cpuset_cpus: String,
    /// The kernel scheduler's time slice, in microseconds: a thread that needs a CPU longer
    /// than this runs one slice at a time, and at each slice's end a thread that has just
    /// woken (a statement arriving) goes before it, so long statements share the CPUs and
    /// short ones wait at most a slice (`server::clients`). Linux's EEVDF scheduler (6.6+,
    /// the WSL2 kernel's) gives `sched_base_slice` 0.75 ms, scaled by 1 + log2 of the CPUs
    /// it sees (at most 8): 3 ms; with RUN_TO_PARITY the running thread keeps its CPU to the
    /// end of its slice. 0 runs every statement to its end (first come, first served).
    #[serde(default)]
    pub sched_slice_us: u64,
    /// CPU time to receive, parse and dispatch one statement, in nanoseconds.
    pub cpu_statement_ns: u64,
    /// CPU time to evaluate one row in the executor, in nanoseconds.
    pub cpu_row_ns: u64,
    /// Service time of one random 16 KB read, in microseconds.
    pub disk_read_latency_us: u64,
    /// Sequential read bandwidth, in MB/s (10^6 bytes).
    pub disk_seq_read_mb_s: u64,
    /// Write bandwidth, in MB/s (10^6 bytes).
    pub disk_write_mb_s: u64,
    /// Time for an fsync of a file with little unflushed data, in microseconds. fsyncs on one
    /// file system run one at a time (see `sim::disk::FlushQueue`).
    pub fsync_latency_us: u64,
    /// Fixed cost of one appending `write()` system call into the page cache (a redo or binary
    /// log write), in microseconds, before the copy at `disk_write_mb_s`. Inside a VM it
    /// includes the file system's block allocation and journal bookkeeping for the append.
    #[serde(default)]
    pub write_call_us: u64,
    /// How far the disk's latencies (a random read's, an fsync's) wander with time: the
    /// standard deviation of their drift, in per cent of the nominal figures (`sim::drift`).
    /// 0, every profile's default, is an exact device: an experiment gives the same times at
    /// every run, so one knob's effect shows alone. A real device drifts, and that drift is
    /// most of the run-to-run error of a benchmark repeated on one machine.
    #[serde(default)]
    pub disk_latency_drift_pct: u64,
    /// Seconds between independent points of the drift: how slowly it wanders.
    #[serde(default = "default_disk_latency_drift_s")]
    pub disk_latency_drift_s: u64,
    /// CPU time of one transaction commit, in nanoseconds: two-phase commit bookkeeping, the
    /// binary log events built and copied from the session's cache, undo and lock release, and
    /// the group commit queue hand-offs (futex wake-ups between threads).
    #[serde(default)]
    pub cpu_commit_ns: u64,
    /// Latency of `connect()` on mysqld's UNIX socket until its connection acceptor thread,
    /// asleep in `poll()`, has taken the connection with `accept()`, in microseconds. No CPU
    /// of note: the kernel queues the connection and wakes the acceptor.
    #[serde(default)]
    pub socket_connect_us: u64,
    /// Latency of one hand-off between threads that sleep on each other (a socket read that
    /// waits for the peer's write, a futex wake-up such as the acceptor handing a connection
    /// to a cached thread), in microseconds. A connection's handshake is a chain of them.
    #[serde(default)]
    pub thread_wake_us: u64,
    /// Time for mysqld's acceptor to create a thread for a connection when none waits in the
    /// thread cache (`pthread_create` with a `thread_stack` of 1 MiB: the stack's mmap, its
    /// guard page, `clone`), in microseconds. The acceptor does it itself, so connections
    /// that need a new thread queue behind each other.
    #[serde(default)]
    pub thread_create_us: u64,
    /// CPU time of one connection on its server thread apart from authentication and its
    /// statements, in nanoseconds: the session (THD) built and torn down, the greeting with
    /// its scramble, the account lookup, the OK packet, the Performance Schema's thread
    /// instrumentation, and at COM_QUIT the clean-up.
    #[serde(default)]
    pub cpu_connect_ns: u64,
    /// CPU time of the client library for one connection, in nanoseconds (`mysql_init`,
    /// `mysql_thread_init`, `mysql_real_connect` with its scramble, `mysql_close`,
    /// `mysql_thread_end`): mysqlslap runs in the same container and competes for its CPUs.
    #[serde(default)]
    pub cpu_client_connect_ns: u64,
    /// CPU time of caching_sha2_password's full authentication, in nanoseconds: the password
    /// hashed with SHA-256 crypt for `caching_sha2_password_digest_rounds` (5,000) rounds and
    /// compared with `mysql.user`'s digest. Only the first login of an account since the
    /// start or FLUSH PRIVILEGES pays it; later ones take the fast path.
    #[serde(default)]
    pub cpu_auth_full_ns: u64,
    /// CPU time of caching_sha2_password's fast path, in nanoseconds: the client's scramble
    /// checked against the cached SHA-256 of the password (two SHA-256 of a few dozen bytes,
    /// and the exchange's packets).
    #[serde(default)]
    pub cpu_auth_fast_ns: u64,
    /// Latency of `connect()` over loopback TCP until the acceptor has the connection, in
    /// microseconds: the kernel's three-way handshake, then the acceptor's wake-up as for
    /// the socket. A client with a host other than `localhost` takes this path
    /// (`server::transport`).
    #[serde(default)]
    pub tcp_connect_us: u64,
    /// CPU time of one TLS 1.3 handshake, both sides, in nanoseconds: the server's RSA-2048
    /// signature of its CertificateVerify (most of it), an X25519 key exchange on each side,
    /// the key schedule, and the client parsing the server's certificate. Every encrypted
    /// connection (TCP with the default `--ssl-mode`) pays it.
    #[serde(default)]
    pub cpu_tls_handshake_ns: u64,
    /// CPU time performance_schema spends on one statement event with the default consumers,
    /// in nanoseconds: the timer reads, the digest's SHA-256 and its summary row and histogram,
    /// the thread's current and history rows, the summary by event name. It is part of
    /// `cpu_statement_ns` (the profiles were calibrated on servers with performance_schema
    /// on): other consumers, or performance_schema off, change a statement's CPU by their
    /// share of it (`instruments::statements::cost`).
    #[serde(default)]
    pub cpu_statement_event_ns: u64,
    /// CPU time performance_schema spends on one wait event it keeps for the
    /// `events_waits_*` tables (consumer `events_waits_current` on, off by default), in
    /// nanoseconds: the timer reads, the event row and its copies into the history tables.
    /// Chosen (no figure of the chapter measures it): an order of magnitude below a statement
    /// event, as a wait event has no digest or text. The default consumers' summaries are
    /// inside the calibrated costs already.
    #[serde(default = "default_cpu_wait_event_ns")]
    pub cpu_wait_event_ns: u64,
    /// CPU time Percona Server's USER_STATISTICS (`userstat = ON`) spends on one entry a
    /// statement updates (a table, an index, the user, the client), in nanoseconds: a hash
    /// lookup of the entry under the statistics' mutex and its counters' increments. Chosen
    /// (no figure measures it alone): a few hundred nanoseconds, the price of a hash probe
    /// and an uncontended mutex; the seed (F9.1) bounds the whole: no change in throughput
    /// beyond measurement error.
    #[serde(default = "default_cpu_userstat_entry_ns")]
    pub cpu_userstat_entry_ns: u64,
    /// CPU time USER_STATISTICS adds per row a statement reads or changes, in nanoseconds:
    /// the handler's per-row increment of the table's and the index's counters (two
    /// increments of a cache-resident counter).
    #[serde(default = "default_cpu_userstat_row_ns")]
    pub cpu_userstat_row_ns: u64,
    /// What internal temporary tables and sorts cost (section 3.13.5).
    #[serde(default)]
    pub temp: TempCosts,
}

/// The costs of internal temporary tables and filesort, shared by every profile (the chapter
/// measured them on one machine only; a profile may override any of them with `--hw`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TempCosts {
    /// CPU time of one row written to or updated in an in-memory TempTable table: hashing the
    /// group key under its collation, probing the table's hash index and copying the row.
    /// Calibrated on Table 3.8's 1 GB run (3,000,000 groups of `referrer` in 8.64 s, of which
    /// the scan takes about 0.59 s).
    pub tmp_row_ns: u64,
    /// CPU time of one row updated in place in an in-memory TempTable table (a group seen
    /// again): the hash probe and the change of its aggregate cells, with no allocation or
    /// copy of the row. No figure of the chapter measures it; about a third of a write.
    pub tmp_update_ns: u64,
    /// CPU time of one row written to or updated in an InnoDB on-disk temporary table, its
    /// pages in the buffer pool: a B-tree search on the group key, page latches and a
    /// mini-transaction per change. Calibrated on Table 3.8's 16 MB run (107.61 s, the table
    /// converted to InnoDB after its first hundred thousand groups); page reads and writes
    /// come on top of it when the pool cannot hold the table.
    pub tmp_disk_row_ns: u64,
    /// CPU time to build one row's sort key and pack its fields into the sort buffer.
    pub sort_row_ns: u64,
    /// CPU time of one key comparison of a sort whose records are in the CPU's cache.
    pub sort_compare_ns: u64,
    /// Extra time of a comparison whose records are not in the cache (a memory access).
    pub cache_miss_ns: u64,
    /// Last-level cache a sort can count on, in KiB: a sorted run larger than this misses
    /// the cache in proportion to the part that does not fit (why a bigger sort buffer can be
    /// slower, Table 3.8).
    pub cpu_cache_kb: u64,
    /// Bandwidth of reads and writes of the server's temporary files (sorted runs in
    /// `tmpdir`), which stay in the operating system's page cache, in MB/s.
    pub tmpfile_mb_s: u64,
    /// Time of one page fault on first touch of freshly mapped memory, in nanoseconds. glibc
    /// maps large blocks (a sort buffer past 256 KB) with mmap, so each sort that uses one
    /// pays a fault per 4 KB page it fills: the cost the manual warns about above 256 KB and
    /// 2 MB. A Hyper-V guest pays a nested-paging exit per fault.
    pub page_fault_ns: u64,
}

impl Default for TempCosts {
    fn default() -> Self {
        TempCosts {
            tmp_row_ns: 2_685,
            tmp_update_ns: 900,
            tmp_disk_row_ns: 34_000,
            sort_row_ns: 125,
            sort_compare_ns: 25,
            cache_miss_ns: 63,
            cpu_cache_kb: 8_192,
            tmpfile_mb_s: 2_000,
            page_fault_ns: 1_000,
        }
    }
}

/// A named profile with a one-line description for `tunelab profiles` and the UI.
#[derive(Clone, Debug)]
pub struct Profile {
    pub name: &'static str,
    pub description: &'static str,
    pub hardware: Hardware,
    /// Options mysqld is started with on this machine (the `docker run ... mysql:9.7` flags),
    /// before an experiment's own.
    pub mysqld_options: &'static [(&'static str, &'static str)],
}

/// The profile used when none is named.
pub const DEFAULT_PROFILE: &str = "wsl2-chapter";

/// Every named profile, the default first.
pub fn profiles() -> Vec<Profile> {
    vec![
        Profile {
            name: "wsl2-chapter",
            description: "The chapter's machine: mysql:9.7 container (--memory=6g --cpus=4 \
                          --cpuset-cpus=0-3) under WSL2 on a 62 GB, 36-CPU PC; virtual disk \
                          with slow fsync",
            hardware: Hardware {
                host_cpus: 36,
                host_ram_mb: 62 * 1024,
                memory_limit_mb: 6 * 1024,
                cpus_milli: 4000,
                // The chapter's final container pinned four CPUs (redo 2 GB, one pool
                // instance, as its later listings and MySQLTuner show).
                cpuset_cpus: "0-3".to_string(),
                sched_slice_us: 3_000,
                cpu_statement_ns: 40_000,
                // Calibrated on Listing 3.118, the chapter's one timed full scan: eight
                // clients counting page_views' 3,000,000 rows on four CPUs average 1,167.8 ms a
                // call, two scans sharing each CPU, so one scan alone takes about 584 ms: about
                // 195 ns a row (MySQL's executor and InnoDB's row fetch, a few million rows a
                // second per core).
                cpu_row_ns: 195,
                disk_read_latency_us: 120,
                // Bounded by Listing 3.116: its requests count every read-ahead page twice,
                // so the scan (about 13 us a page at 195 ns a row) outran the read-ahead and
                // waited for each page still in flight; that needs the disk slower than
                // about 1,270 MB/s. 1,000 MB/s: an NVMe drive behind Hyper-V's virtual disk.
                disk_seq_read_mb_s: 1_000,
                disk_write_mb_s: 900,
                // WSL2's ext4.vhdx pushes every flush through Hyper-V to a FLUSH of the VHDX
                // file on the Windows host, one at a time (see `sim::disk::FlushQueue`).
                // Calibrated on Table 3.6: 16,000 autocommit inserts from 8 clients with
                // redo and binlog fsynced take 33.4 s. Eight clients on four CPUs settle into
                // two cohorts of four, so a group commit shares one fsync among about four
                // commits, and each group needs two fsyncs (redo in the flush stage, binlog
                // in the sync stage) that the device runs one after the other:
                // 16,000 / 4 x 2 x 4.1 ms = 32.8 s.
                fsync_latency_us: 4_100,
                // A log write in the guest: the write() call plus the hand-offs between the
                // committing thread and InnoDB's log writer and notifier threads, futex
                // wake-ups that are costly on a Hyper-V guest. Calibrated on Table 3.6's
                // (2,0) vs (0,0): 1.5 s vs 1.1 s, the cost of writing the redo at each commit.
                write_call_us: 120,
                disk_latency_drift_pct: 0,
                disk_latency_drift_s: DRIFT_PERIOD_S,
                // Calibrated on Table 3.6's (0,0): 1.1 s for 16,000 commits on four CPUs,
                // about 275 us of CPU per insert including mysqlslap's own share.
                cpu_commit_ns: 135_000,
                // connect() on a UNIX socket is a few microseconds of kernel work; in the
                // guest it ends with the acceptor's wake-up (thread_wake_us).
                socket_connect_us: 20,
                // A wake-up of a sleeping thread in a Hyper-V guest: the idle vCPU is woken
                // through the hypervisor (an IPI), tens of microseconds rather than the few
                // of bare metal. UNCONFIRMED: chosen from the futex hand-offs behind
                // write_call_us, of the same order.
                thread_wake_us: 50,
                // pthread_create of a 1 MiB stack plus its first page faults in the guest.
                // UNCONFIRMED: bare-metal Linux takes 10-20 us; the chapter's finding is that
                // it hardly shows ("Linux creates threads cheaply": 0.05 s per iteration with
                // 1,003 threads created or 42), which bounds it at about 100 us here.
                thread_create_us: 60,
                // Calibrated on Table 3.7: 50 clients connect, run SELECT 1 and disconnect in
                // 0.05 s on four CPUs, 200 ms of CPU for 50 connections, about 4 ms each with
                // mysqlslap's side. That is several times a bare-metal connection (0.3-0.5
                // ms, the nvme-server figures): a session's set-up and tear-down is some
                // hundred system calls, page faults and futex hand-offs, each of which pays
                // the VM exits and the speculative-execution mitigations of a WSL2 guest
                // between two processes. Simplification: one lump per side, not per call.
                cpu_connect_ns: 1_900_000,
                cpu_client_connect_ns: 1_700_000,
                // SHA-256 crypt with 5,000 rounds: about 1-2 ms on a desktop CPU (glibc's
                // crypt(3) with rounds=5000); the guest adds little to pure computation.
                cpu_auth_full_ns: 2_000_000,
                // Two SHA-256 of 20-32 bytes and the packet exchange: microseconds.
                cpu_auth_fast_ns: 15_000,
                // Loopback TCP: the three-way handshake is kernel work of the same order as
                // the socket's connect(). UNCONFIRMED: chosen, not measured on the chapter's
                // machine.
                tcp_connect_us: 30,
                // OpenSSL's RSA-2048 signature takes about 0.7 ms of a desktop core (`openssl
                // speed rsa2048`: some 1,400 signs/s), X25519 and the rest of both sides some
                // 0.3 ms more; pure computation, which the guest hardly slows. UNCONFIRMED:
                // chosen from those figures.
                cpu_tls_handshake_ns: 1_000_000,
                // performance_schema's share of a statement: a few microseconds with the
                // default consumers on a desktop CPU (sysbench point selects lose a few per
                // cent with it on). UNCONFIRMED: chosen, not measured on the chapter's machine.
                cpu_statement_event_ns: 2_000,
                cpu_wait_event_ns: 150,
                cpu_userstat_entry_ns: 250,
                cpu_userstat_row_ns: 2,
                temp: TempCosts::default(),
            },
            // The chapter's container ran with --innodb-dedicated-server and
            // --container-aware=ON ("fixed the pool at 4,608 MB").
            mysqld_options: &[("innodb_dedicated_server", "ON"), ("container_aware", "ON")],
        },
        Profile {
            name: "nvme-server",
            description: "Bare-metal database server: 32 CPUs, 128 GB, no container; \
                          datacenter NVMe with power-loss protection (fast fsync)",
            hardware: Hardware {
                host_cpus: 32,
                host_ram_mb: 128 * 1024,
                memory_limit_mb: 0,
                cpus_milli: 0,
                cpuset_cpus: String::new(),
                sched_slice_us: 3_000,
                cpu_statement_ns: 25_000,
                cpu_row_ns: 80,
                disk_read_latency_us: 80,
                disk_seq_read_mb_s: 3_000,
                disk_write_mb_s: 2_000,
                fsync_latency_us: 40,
                write_call_us: 2,
                disk_latency_drift_pct: 0,
                disk_latency_drift_s: DRIFT_PERIOD_S,
                cpu_commit_ns: 60_000,
                // Bare metal: a connect, handshake and close of a few hundred microseconds of
                // CPU (server and client), wake-ups of a few microseconds. UNCONFIRMED: chosen
                // from typical connection rates of a tuned Linux server, not measured here;
                // the cloud and laptop profiles scale them by their CPU figures.
                socket_connect_us: 5,
                thread_wake_us: 8,
                thread_create_us: 15,
                cpu_connect_ns: 280_000,
                cpu_client_connect_ns: 150_000,
                cpu_auth_full_ns: 1_000_000,
                cpu_auth_fast_ns: 5_000,
                tcp_connect_us: 10,
                // A server core signs RSA-2048 in about 0.6 ms (see wsl2-chapter).
                cpu_tls_handshake_ns: 800_000,
                cpu_statement_event_ns: 1_000,
                cpu_wait_event_ns: 80,
                cpu_userstat_entry_ns: 250,
                cpu_userstat_row_ns: 2,
                temp: TempCosts::default(),
            },
            mysqld_options: &[],
        },
        Profile {
            name: "cloud-volume",
            description: "Cloud VM: 8 vCPUs, 32 GB, no container; network block volume \
                          (slow random reads, moderate fsync)",
            hardware: Hardware {
                host_cpus: 8,
                host_ram_mb: 32 * 1024,
                memory_limit_mb: 0,
                cpus_milli: 0,
                cpuset_cpus: String::new(),
                sched_slice_us: 3_000,
                cpu_statement_ns: 35_000,
                cpu_row_ns: 110,
                disk_read_latency_us: 600,
                disk_seq_read_mb_s: 250,
                disk_write_mb_s: 250,
                fsync_latency_us: 900,
                write_call_us: 6,
                disk_latency_drift_pct: 0,
                disk_latency_drift_s: DRIFT_PERIOD_S,
                cpu_commit_ns: 90_000,
                socket_connect_us: 8,
                thread_wake_us: 20,
                thread_create_us: 30,
                cpu_connect_ns: 450_000,
                cpu_client_connect_ns: 250_000,
                cpu_auth_full_ns: 1_400_000,
                cpu_auth_fast_ns: 8_000,
                tcp_connect_us: 15,
                // A shared cloud vCPU: RSA-2048 signing a little slower than bare metal.
                cpu_tls_handshake_ns: 1_100_000,
                cpu_statement_event_ns: 1_500,
                cpu_wait_event_ns: 120,
                cpu_userstat_entry_ns: 250,
                cpu_userstat_row_ns: 2,
                temp: TempCosts::default(),
            },
            mysqld_options: &[],
        },
        Profile {
            name: "laptop-ssd",
            description: "Developer laptop: 8 CPUs, 16 GB, no container; consumer NVMe SSD \
                          without power-loss protection",
            hardware: Hardware {
                host_cpus: 8,
                host_ram_mb: 16 * 1024,
                memory_limit_mb: 0,
                cpus_milli: 0,
                cpuset_cpus: String::new(),
                sched_slice_us: 3_000,
                cpu_statement_ns: 30_000,
                cpu_row_ns: 90,
                disk_read_latency_us: 90,
                disk_seq_read_mb_s: 2_500,
                disk_write_mb_s: 1_500,
                fsync_latency_us: 1_200,
                write_call_us: 3,
                disk_latency_drift_pct: 0,
                disk_latency_drift_s: DRIFT_PERIOD_S,
                cpu_commit_ns: 70_000,
                socket_connect_us: 5,
                thread_wake_us: 10,
                thread_create_us: 20,
                cpu_connect_ns: 350_000,
                cpu_client_connect_ns: 200_000,
                cpu_auth_full_ns: 1_200_000,
                cpu_auth_fast_ns: 6_000,
                tcp_connect_us: 10,
                cpu_tls_handshake_ns: 1_000_000,
                cpu_statement_event_ns: 1_200,
                cpu_wait_event_ns: 100,
                cpu_userstat_entry_ns: 250,
                cpu_userstat_row_ns: 2,
                temp: TempCosts::default(),
            },
            mysqld_options: &[],
        },
    ]
}

/// The drift's period of every profile: a device's latency wanders over tens of seconds
/// (garbage collection, other guests' load), not from one I/O to the next. UNCONFIRMED:
/// chosen, as is the drift of the experiments that set one.
const DRIFT_PERIOD_S: u64 = 30;

/// `disk_latency_drift_s` of an experiment saved before it existed.
fn default_disk_latency_drift_s() -> u64 {
    DRIFT_PERIOD_S
}

/// `cpu_wait_event_ns` of an experiment saved before it existed: the default profile's.
fn default_cpu_wait_event_ns() -> u64 {
    150
}

/// `cpu_userstat_entry_ns` of an experiment saved before it existed.
fn default_cpu_userstat_entry_ns() -> u64 {
    250
}

/// `cpu_userstat_row_ns` of an experiment saved before it existed.
fn default_cpu_userstat_row_ns() -> u64 {
    2
}

/// Looks up a profile by name.
pub fn profile(name: &str) -> Result<Profile, String> {
    profiles().into_iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = profiles().iter().map(|p| p.name).collect();
        format!("unknown hardware profile '{name}' (known: {})", names.join(", "))
    })
}

/// One overridable constant: its key, unit and meaning, for `--hw`, `tunelab profiles` and
/// the UI's knobs.
#[derive(Clone, Copy, Debug)]
pub struct HwKey {
    pub key: &'static str,
    pub unit: &'static str,
    pub doc: &'static str,
}

/// Every key `--hw KEY=VALUE` accepts, in display order.
pub const HW_KEYS: &[HwKey] = &[
    HwKey { key: "host_cpus", unit: "CPUs", doc: "logical CPUs of the host" },
    HwKey { key: "host_ram_mb", unit: "MiB", doc: "host memory (MemTotal)" },
    HwKey { key: "memory_limit_mb", unit: "MiB", doc: "container --memory; 0 = none" },
    HwKey { key: "cpus", unit: "CPUs", doc: "container --cpus quota; 0 = none" },
    HwKey { key: "cpuset_cpus", unit: "list", doc: "container --cpuset-cpus; empty = all" },
    HwKey { key: "sched_slice_us", unit: "us", doc: "kernel scheduler time slice; 0 = none" },
    HwKey { key: "cpu_statement_ns", unit: "ns", doc: "CPU time per statement" },
    HwKey { key: "cpu_row_ns", unit: "ns", doc: "CPU time per row evaluated" },
    HwKey { key: "disk_read_latency_us", unit: "us", doc: "random 16 KB read" },
    HwKey { key: "disk_seq_read_mb_s", unit: "MB/s", doc: "sequential read bandwidth" },
    HwKey { key: "disk_write_mb_s", unit: "MB/s", doc: "write bandwidth" },
    HwKey { key: "fsync_latency_us", unit: "us", doc: "fsync latency" },
    HwKey { key: "write_call_us", unit: "us", doc: "fixed cost of a log write() call" },
    HwKey {
        key: "disk_latency_drift_pct",
        unit: "%",
        doc: "slow drift of the disk's latencies (run-to-run error); 0 = exact",
    },
    HwKey { key: "disk_latency_drift_s", unit: "s", doc: "how slowly the disk's latencies drift" },
    HwKey { key: "cpu_commit_ns", unit: "ns", doc: "CPU time per transaction commit" },
    HwKey { key: "socket_connect_us", unit: "us", doc: "connect() on the socket until accepted" },
    HwKey { key: "thread_wake_us", unit: "us", doc: "wake-up of a thread waiting on another" },
    HwKey { key: "thread_create_us", unit: "us", doc: "creating a connection's thread" },
    HwKey { key: "cpu_connect_ns", unit: "ns", doc: "server CPU per connection" },
    HwKey { key: "cpu_client_connect_ns", unit: "ns", doc: "client CPU per connection" },
    HwKey { key: "cpu_auth_full_ns", unit: "ns", doc: "caching_sha2_password full auth" },
    HwKey { key: "cpu_auth_fast_ns", unit: "ns", doc: "caching_sha2_password fast path" },
    HwKey { key: "tcp_connect_us", unit: "us", doc: "connect() over loopback TCP until accepted" },
    HwKey { key: "cpu_tls_handshake_ns", unit: "ns", doc: "CPU of a TLS 1.3 handshake" },
    HwKey {
        key: "cpu_statement_event_ns",
        unit: "ns",
        doc: "performance_schema CPU per statement (default consumers)",
    },
    HwKey {
        key: "cpu_wait_event_ns",
        unit: "ns",
        doc: "performance_schema CPU per wait event kept",
    },
    HwKey {
        key: "cpu_userstat_entry_ns",
        unit: "ns",
        doc: "USER_STATISTICS CPU per entry a statement updates",
    },
    HwKey { key: "cpu_userstat_row_ns", unit: "ns", doc: "USER_STATISTICS CPU per row counted" },
    HwKey { key: "tmp_row_ns", unit: "ns", doc: "CPU per row of an in-memory temporary table" },
    HwKey { key: "tmp_update_ns", unit: "ns", doc: "CPU per row updated in memory" },
    HwKey { key: "tmp_disk_row_ns", unit: "ns", doc: "CPU per row of an on-disk temporary table" },
    HwKey { key: "sort_row_ns", unit: "ns", doc: "CPU to pack one row into the sort buffer" },
    HwKey { key: "sort_compare_ns", unit: "ns", doc: "one sort key comparison in cache" },
    HwKey { key: "cache_miss_ns", unit: "ns", doc: "extra time of a comparison missing the cache" },
    HwKey { key: "cpu_cache_kb", unit: "KiB", doc: "last-level cache a sort can count on" },
    HwKey { key: "tmpfile_mb_s", unit: "MB/s", doc: "temporary file bandwidth (page cache)" },
    HwKey { key: "page_fault_ns", unit: "ns", doc: "page fault on first touch of mapped memory" },
];

impl Hardware {
    /// The value of `key` as `--hw` takes it and `tunelab profiles` prints it.
    pub fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "host_cpus" => self.host_cpus.to_string(),
            "host_ram_mb" => self.host_ram_mb.to_string(),
            "memory_limit_mb" => self.memory_limit_mb.to_string(),
            "cpus" => format_milli(self.cpus_milli),
            "cpuset_cpus" => self.cpuset_cpus.clone(),
            "cpu_statement_ns" => self.cpu_statement_ns.to_string(),
            "sched_slice_us" => self.sched_slice_us.to_string(),
            "cpu_row_ns" => self.cpu_row_ns.to_string(),
            "disk_read_latency_us" => self.disk_read_latency_us.to_string(),
            "disk_seq_read_mb_s" => self.disk_seq_read_mb_s.to_string(),
            "disk_write_mb_s" => self.disk_write_mb_s.to_string(),
            "fsync_latency_us" => self.fsync_latency_us.to_string(),
            "write_call_us" => self.write_call_us.to_string(),
            "disk_latency_drift_pct" => self.disk_latency_drift_pct.to_string(),
            "disk_latency_drift_s" => self.disk_latency_drift_s.to_string(),
            "cpu_commit_ns" => self.cpu_commit_ns.to_string(),
            "socket_connect_us" => self.socket_connect_us.to_string(),
            "thread_wake_us" => self.thread_wake_us.to_string(),
            "thread_create_us" => self.thread_create_us.to_string(),
            "cpu_connect_ns" => self.cpu_connect_ns.to_string(),
            "cpu_client_connect_ns" => self.cpu_client_connect_ns.to_string(),
            "cpu_auth_full_ns" => self.cpu_auth_full_ns.to_string(),
            "cpu_auth_fast_ns" => self.cpu_auth_fast_ns.to_string(),
            "tcp_connect_us" => self.tcp_connect_us.to_string(),
            "cpu_tls_handshake_ns" => self.cpu_tls_handshake_ns.to_string(),
            "cpu_statement_event_ns" => self.cpu_statement_event_ns.to_string(),
            "cpu_wait_event_ns" => self.cpu_wait_event_ns.to_string(),
            "cpu_userstat_entry_ns" => self.cpu_userstat_entry_ns.to_string(),
            "cpu_userstat_row_ns" => self.cpu_userstat_row_ns.to_string(),
            "tmp_row_ns" => self.temp.tmp_row_ns.to_string(),
            "tmp_update_ns" => self.temp.tmp_update_ns.to_string(),
            "tmp_disk_row_ns" => self.temp.tmp_disk_row_ns.to_string(),
            "sort_row_ns" => self.temp.sort_row_ns.to_string(),
            "sort_compare_ns" => self.temp.sort_compare_ns.to_string(),
            "cache_miss_ns" => self.temp.cache_miss_ns.to_string(),
            "cpu_cache_kb" => self.temp.cpu_cache_kb.to_string(),
            "tmpfile_mb_s" => self.temp.tmpfile_mb_s.to_string(),
            "page_fault_ns" => self.temp.page_fault_ns.to_string(),
            _ => return None,
        })
    }

    /// Overrides one constant. The error is one line saying what was wrong; on an error the
    /// hardware is left as it was.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let mut next = self.clone();
        next.set_one(key, value.trim())?;
        // A cpuset naming CPUs the host no longer has is an error whichever key changed.
        parse_cpuset(&next.cpuset_cpus, next.host_cpus)?;
        *self = next;
        Ok(())
    }

    fn set_one(&mut self, key: &str, value: &str) -> Result<(), String> {
        let int = |lo: u64, hi: u64| -> Result<u64, String> {
            let n: u64 = value.parse().map_err(|_| {
                format!("hardware constant '{key}' needs a whole number, not '{value}'")
            })?;
            if n < lo || n > hi {
                return Err(format!(
                    "hardware constant '{key}' must be within {lo}..={hi}, not {n}"
                ));
            }
            Ok(n)
        };
        match key {
            "host_cpus" => self.host_cpus = int(1, 1024)? as u32,
            "host_ram_mb" => self.host_ram_mb = int(256, 64 * 1024 * 1024)?,
            "memory_limit_mb" => self.memory_limit_mb = int(0, 64 * 1024 * 1024)?,
            "cpus" => {
                let milli = parse_milli(value).ok_or_else(|| {
                    format!(
                        "hardware constant 'cpus' needs a number such as 4 or 1.5, not '{value}'"
                    )
                })?;
                if milli > 1024 * 1000 {
                    return Err(format!(
                        "hardware constant 'cpus' must be at most 1024, not {value}"
                    ));
                }
                self.cpus_milli = milli;
            }
            "cpuset_cpus" => {
                parse_cpuset(value, self.host_cpus)?;
                self.cpuset_cpus = value.to_string();
            }
            "cpu_statement_ns" => self.cpu_statement_ns = int(0, 1_000_000_000)?,
            "sched_slice_us" => self.sched_slice_us = int(0, 10_000_000)?,
            "cpu_row_ns" => self.cpu_row_ns = int(0, 1_000_000)?,
            "disk_read_latency_us" => self.disk_read_latency_us = int(1, 10_000_000)?,
            "disk_seq_read_mb_s" => self.disk_seq_read_mb_s = int(1, 1_000_000)?,
            "disk_write_mb_s" => self.disk_write_mb_s = int(1, 1_000_000)?,
            "fsync_latency_us" => self.fsync_latency_us = int(0, 10_000_000)?,
            "write_call_us" => self.write_call_us = int(0, 10_000_000)?,
            "disk_latency_drift_pct" => self.disk_latency_drift_pct = int(0, 100)?,
            "disk_latency_drift_s" => self.disk_latency_drift_s = int(1, 86_400)?,
            "cpu_commit_ns" => self.cpu_commit_ns = int(0, 1_000_000_000)?,
            "socket_connect_us" => self.socket_connect_us = int(0, 10_000_000)?,
            "thread_wake_us" => self.thread_wake_us = int(0, 10_000_000)?,
            "thread_create_us" => self.thread_create_us = int(0, 10_000_000)?,
            "cpu_connect_ns" => self.cpu_connect_ns = int(0, 1_000_000_000)?,
            "cpu_client_connect_ns" => self.cpu_client_connect_ns = int(0, 1_000_000_000)?,
            "cpu_auth_full_ns" => self.cpu_auth_full_ns = int(0, 1_000_000_000)?,
            "cpu_auth_fast_ns" => self.cpu_auth_fast_ns = int(0, 1_000_000_000)?,
            "tcp_connect_us" => self.tcp_connect_us = int(0, 10_000_000)?,
            "cpu_tls_handshake_ns" => self.cpu_tls_handshake_ns = int(0, 1_000_000_000)?,
            "cpu_statement_event_ns" => self.cpu_statement_event_ns = int(0, 1_000_000_000)?,
            "cpu_wait_event_ns" => self.cpu_wait_event_ns = int(0, 1_000_000_000)?,
            "cpu_userstat_entry_ns" => self.cpu_userstat_entry_ns = int(0, 1_000_000_000)?,
            "cpu_userstat_row_ns" => self.cpu_userstat_row_ns = int(0, 1_000_000_000)?,
            "tmp_row_ns" => self.temp.tmp_row_ns = int(0, 1_000_000_000)?,
            "tmp_update_ns" => self.temp.tmp_update_ns = int(0, 1_000_000_000)?,
            "tmp_disk_row_ns" => self.temp.tmp_disk_row_ns = int(0, 1_000_000_000)?,
            "sort_row_ns" => self.temp.sort_row_ns = int(0, 1_000_000_000)?,
            "sort_compare_ns" => self.temp.sort_compare_ns = int(0, 1_000_000)?,
            "cache_miss_ns" => self.temp.cache_miss_ns = int(0, 1_000_000)?,
            "cpu_cache_kb" => self.temp.cpu_cache_kb = int(1, 1 << 30)?,
            "tmpfile_mb_s" => self.temp.tmpfile_mb_s = int(1, 1_000_000)?,
            "page_fault_ns" => self.temp.page_fault_ns = int(0, 1_000_000_000)?,
            _ => {
                let keys: Vec<&str> = HW_KEYS.iter().map(|k| k.key).collect();
                return Err(format!(
                    "unknown hardware constant '{key}' (known: {})",
                    keys.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Applies `KEY=VALUE` overrides in order.
    pub fn apply_overrides<'a>(
        &mut self,
        overrides: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<(), String> {
        for (k, v) in overrides {
            self.set(k, v)?;
        }
        Ok(())
    }
}

/// Parses `--cpuset-cpus` (`0-3`, `0,2,4-7`) into a sorted list of CPU numbers.
pub fn parse_cpuset(list: &str, host_cpus: u32) -> Result<Vec<u32>, String> {
    let mut cpus = std::collections::BTreeSet::new();
    if list.trim().is_empty() {
        return Ok((0..host_cpus).collect());
    }
    let bad = || format!("cpuset_cpus '{list}' is not a CPU list such as 0-3 or 0,2,4");
    for part in list.split(',') {
        let part = part.trim();
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (a.trim().parse::<u32>(), b.trim().parse::<u32>()),
            None => (part.parse::<u32>(), part.parse::<u32>()),
        };
        let (lo, hi) = (lo.map_err(|_| bad())?, hi.map_err(|_| bad())?);
        if lo > hi {
            return Err(bad());
        }
        if hi >= host_cpus {
            return Err(format!(
                "cpuset_cpus '{list}' names CPU {hi}, but the host has CPUs 0-{}",
                host_cpus - 1
            ));
        }
        cpus.extend(lo..=hi);
    }
    Ok(cpus.into_iter().collect())
}

fn parse_milli(s: &str) -> Option<u32> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() && frac.is_empty() || frac.len() > 3 {
        return None;
    }
    let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let mut frac_milli = 0u32;
    for (i, c) in frac.chars().enumerate() {
        frac_milli += c.to_digit(10)? * [100, 10, 1][i];
    }
    whole.checked_mul(1000)?.checked_add(frac_milli)
}

fn format_milli(m: u32) -> String {
    if m % 1000 == 0 {
        (m / 1000).to_string()
    } else {
        format!("{}.{:03}", m / 1000, m % 1000).trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_round_trips_through_get_and_set() {
        for p in profiles() {
            let mut hw = p.hardware.clone();
            for k in HW_KEYS {
                let v = hw.get(k.key).unwrap_or_else(|| panic!("{} has no getter", k.key));
                hw.set(k.key, &v).unwrap_or_else(|e| panic!("{}: {e}", k.key));
            }
            assert_eq!(hw, p.hardware);
        }
    }

    #[test]
    fn overrides_are_checked() {
        let mut hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        hw.set("fsync_latency_us", "300").unwrap();
        assert_eq!(hw.fsync_latency_us, 300);
        hw.set("cpus", "1.5").unwrap();
        assert_eq!(hw.cpus_milli, 1500);
        assert_eq!(hw.get("cpus").unwrap(), "1.5");
        assert!(hw.set("fsync_latency_us", "fast").unwrap_err().contains("whole number"));
        assert!(hw.set("warp_drive", "1").unwrap_err().contains("unknown hardware constant"));
        assert!(hw.set("cpuset_cpus", "0-99").unwrap_err().contains("host has CPUs 0-35"));
        hw.set("cpuset_cpus", "0-3").unwrap();
        assert!(hw.set("host_cpus", "2").is_err(), "cpuset 0-3 no longer fits 2 CPUs");
        assert_eq!(hw.host_cpus, 36, "a refused override changes nothing");
        assert!(profile("cray-1").is_err());
    }

    #[test]
    fn cpusets_parse() {
        assert_eq!(parse_cpuset("0-3", 36).unwrap(), vec![0, 1, 2, 3]);
        assert_eq!(parse_cpuset("0,2,4-5", 36).unwrap(), vec![0, 2, 4, 5]);
        assert_eq!(parse_cpuset("", 4).unwrap().len(), 4);
        assert!(parse_cpuset("3-1", 36).is_err());
        assert!(parse_cpuset("x", 36).is_err());
    }
}
