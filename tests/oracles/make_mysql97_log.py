#!/usr/bin/env python3
"""Writes tests/digest/mysql97-slow.log and mysql97-slow-extra.log: the statements of
tests/oracles/workload.sql (each several times) as MySQL 9.7 writes them to its slow log with
long_query_time=0 (sql/log.cc File_query_log::write_slow), without and with log_slow_extra.
Times, rows and threads come from a fixed formula, so the files never change."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "digest")
HEADER = ("/usr/sbin/mysqld, Version: 9.7.0 (MySQL Community Server - GPL). started with:\n"
          "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
          "Time                 Id Command    Argument\n")


def statements():
    text = open(os.path.join(HERE, "workload.sql")).read()
    out, cur = [], []
    for line in text.split("\n"):
        if not line.strip():
            continue
        cur.append(line)
        if line.rstrip().endswith(";"):
            out.append("\n".join(cur).rstrip()[:-1].rstrip())
            cur = []
    return out


def iso(us):
    s, frac = divmod(us, 1_000_000)
    m, s = divmod(s, 60)
    h, m = divmod(m, 60)
    return f"2026-12-01T{10 + h:02d}:{m:02d}:{s:02d}.{frac:06d}Z", 1796119200 + h * 3600 + m * 60 + s


def write(path, extra):
    out = [HEADER]
    clock = 0
    last_db = None
    for n, stmt in enumerate(statements()):
        thread = 8 + n % 3
        query_us = 50 + (n * 7919) % 4000 + (200_000 if "JOIN" in stmt and n % 11 == 0 else 0)
        lock_us = (n * 31) % 200
        rows_sent = (n * 13) % 31 if stmt.upper().startswith("SELECT") else 0
        rows_exam = rows_sent * 3 + (n % 7)
        start = clock
        clock += query_us + 150
        ts, unix = iso(clock)
        out.append(f"# Time: {ts}\n")
        out.append(f"# User@Host: app[app] @ localhost [127.0.0.1]  Id: {thread:5d}\n")
        line = (f"# Query_time: {query_us / 1e6:.6f}  Lock_time: {lock_us / 1e6:.6f} "
                f"Rows_sent: {rows_sent}  Rows_examined: {rows_exam}")
        if extra:
            sts, _ = iso(start)
            line += (f" Thread_id: {thread} Errno: 0 Killed: 0 Bytes_received: {len(stmt) + 5}"
                     f" Bytes_sent: {56 + rows_sent * 20} Read_first: {n % 2} Read_last: 0"
                     f" Read_key: {n % 5} Read_next: {rows_exam // 2} Read_prev: 0 Read_rnd: 0"
                     f" Read_rnd_next: {rows_exam} Sort_merge_passes: 0 Sort_range_count: 0"
                     f" Sort_rows: {rows_sent if 'ORDER BY' in stmt else 0} Sort_scan_count: {1 if 'ORDER BY' in stmt else 0}"
                     f" Created_tmp_disk_tables: 0 Created_tmp_tables: {1 if 'GROUP BY' in stmt else 0}"
                     f" Start: {sts} End: {ts}")
        out.append(line + "\n")
        db = "shop" if n >= 1 else None
        if db and db != last_db:
            out.append(f"use {db};\n")
            last_db = db
        out.append(f"SET timestamp={unix};\n")
        out.append(stmt + ";\n")
    # A client that quits, as the server logs it.
    ts, unix = iso(clock + 500)
    out.append(f"# Time: {ts}\n# User@Host: app[app] @ localhost [127.0.0.1]  Id:     8\n"
               f"# Query_time: 0.000004  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0\n"
               f"SET timestamp={unix};\n# administrator command: Quit;\n")
    open(path, "w").write("".join(out))


os.makedirs(OUT, exist_ok=True)
write(os.path.join(OUT, "mysql97-slow.log"), False)
write(os.path.join(OUT, "mysql97-slow-extra.log"), True)
