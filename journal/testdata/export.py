"""Writes journal export format for make-fixtures.sh, deterministically.

main: 600 entries over two boots, the special ones among the newest,, every priority and none, with the
fields system_logs reads, a message long enough to be compressed, one
over the reader's 64 KiB field bound, binary and invalid UTF-8 values,
terminal escapes, several lines, and a field set twice.
user: 40 entries of a user session interleaved in time with main, in
the same two boots.
desk: the two warnings daemontest's daemon finds in its journal.
bounds: 200 warnings with hostile identifiers, units and messages, each
message over system_logs' cut, for probes/bounds_test.go.
"""
import struct
import sys

BOOTS = ["0f0e0d0c0b0a09080706050403020100", "a1a2a3a4a5a6a7a8a9aaabacadaeaf00"]
T0 = 1763816224000000  # 2025-11-22 12:57:04 UTC


def field(out, name, value):
    if isinstance(value, str):
        value = value.encode()
    if b"\n" in value or any(c < 0x20 and c != 0x09 for c in value) or not is_utf8(value):
        out.write(name.encode() + b"\n" + struct.pack("<Q", len(value)) + value + b"\n")
    else:
        out.write(name.encode() + b"=" + value + b"\n")


def is_utf8(b):
    try:
        b.decode()
        return True
    except UnicodeDecodeError:
        return False


def main(out):
    units = ["ssh.service", "cron.service", "backup.service", "nginx.service", None]
    idents = ["sshd", "CRON", "backup.sh", "nginx", "kernel"]
    for i in range(600):
        boot = 0 if i < 300 else 1
        fields = [
            ("__REALTIME_TIMESTAMP", str(T0 + i * 1_000_003)),
            ("__MONOTONIC_TIMESTAMP", str(5_000_000 + (i % 300) * 1_000_003)),
            ("_BOOT_ID", BOOTS[boot]),
            ("_HOSTNAME", "anna-host"),
            ("_TRANSPORT", "syslog"),
        ]
        k = i % 5
        if 560 <= i < 570:
            fields.append(("PRIORITY", str(1 + i % 4)))  # shown by -p warning..alert
        elif i % 23 != 7:
            fields.append(("PRIORITY", str(i % 8)))
        if units[k]:
            fields.append(("_SYSTEMD_UNIT", units[k]))
        if i % 11 == 3:
            fields.append(("_COMM", "comm-only"))
        else:
            fields.append(("SYSLOG_IDENTIFIER", idents[k]))
            fields.append(("_COMM", idents[k][:15]))
        if k != 4:
            fields.append(("_PID", str(1000 + i)))
        if i % 13 == 5:
            fields.append(("SYSLOG_PID", str(42)))
        msg = "message %d from %s" % (i, idents[k])
        if i == 560:
            msg = "long message " + "abcdefghij" * 200  # compressed
        elif i == 561:
            msg = "huge message " + "".join("%07d\n" % n for n in range(12000))  # 96 KiB
        elif i == 562:
            msg = b"\x00\x01binary\xff"
        elif i == 563:
            msg = b"not utf-8 \xc3\x28 here"
        elif i == 564:
            msg = "escape \x1b[31mred\x1b[0m \x1b]0;title\x07 bell"
        elif i == 565:
            msg = "tar: /srv: Cannot open\ntar: Exiting with failure status"
        elif i == 566:
            msg = "trailing newline\n"
        elif i == 567:
            msg = "héllo wörld ✓ " * 3
        fields.append(("MESSAGE", msg))
        if i == 568:
            fields.append(("MESSAGE", "second value"))
        if i == 569:
            fields.append(("BLOB", bytes(range(256)) * 8))  # compressed binary
        for name, value in fields:
            field(out, name, value)
        out.write(b"\n")


def user(out):
    for i in range(40):
        rt = T0 + 250_000_000 + i * 7_000_001
        # The boots of main, with the same offset between the clocks.
        boot, mono = 0, rt - T0 + 5_000_000
        if rt >= T0 + 300 * 1_000_003:
            boot, mono = 1, rt - T0 - 300 * 1_000_003 + 5_000_000
        fields = [
            ("__REALTIME_TIMESTAMP", str(rt)),
            ("__MONOTONIC_TIMESTAMP", str(mono)),
            ("_BOOT_ID", BOOTS[boot]),
            ("_HOSTNAME", "anna-host"),
            ("PRIORITY", str((i % 4) + 1)),
            ("_SYSTEMD_USER_UNIT", "app.service"),
            ("SYSLOG_IDENTIFIER", "userapp"),
            ("_PID", str(7000 + i)),
            ("MESSAGE", "user warning %d" % i),
        ]
        for name, value in fields:
            field(out, name, value)
        out.write(b"\n")


def write_entries(out, entries):
    for i, extra in enumerate(entries):
        rt = int(extra.pop("__REALTIME_TIMESTAMP"))
        fields = [
            ("__REALTIME_TIMESTAMP", str(rt)),
            ("__MONOTONIC_TIMESTAMP", str(5_000_000 + i * 1_000_003)),
            ("_BOOT_ID", BOOTS[0]),
        ] + list(extra.items())
        for name, value in fields:
            field(out, name, value)
        out.write(b"\n")


def desk(out):
    write_entries(out, [
        {"__REALTIME_TIMESTAMP": "1763816224000000", "PRIORITY": "4", "_HOSTNAME": "laptop",
         "SYSLOG_IDENTIFIER": "kernel", "MESSAGE": "usb 1-2: device descriptor read/64, error -71"},
        {"__REALTIME_TIMESTAMP": "1763816285000000", "PRIORITY": "3", "_HOSTNAME": "laptop",
         "SYSLOG_IDENTIFIER": "backup.sh", "_PID": "4242", "_SYSTEMD_UNIT": "backup.service",
         "MESSAGE": "rsync failed: No space left on device"},
    ])


def bounds(out):
    write_entries(out, [
        {"__REALTIME_TIMESTAMP": str(T0 + i), "PRIORITY": "4",
         "SYSLOG_IDENTIFIER": "\x1b[31mfake\x1b[0m" + "i" * 500, "_SYSTEMD_UNIT": "u\u202e.service",
         "MESSAGE": "entry %03d \x1b]0;pwned\x07" % i + "m" * 3000}
        for i in range(200)
    ])


if __name__ == "__main__":
    {"main": main, "user": user, "desk": desk, "bounds": bounds}[sys.argv[1]](sys.stdout.buffer)
