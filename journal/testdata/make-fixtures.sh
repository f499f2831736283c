#!/bin/sh
# Regenerates the journal files in this directory with systemd's own
# writer: systemd-journal-remote turns journal export format into journal
# files offline (Debian: apt-get install systemd-journal-remote). The
# export input is made by export.py, deterministically. Each file is
# written sparse (8 MiB) and stored zstd-compressed; the tests
# decompress them.
#
#   compact.journal   the default of systemd 252: compact, zstd, keyed hash
#   regular.journal   SYSTEMD_JOURNAL_COMPACT=0: 64-bit offsets
#   jenkins.journal   SYSTEMD_JOURNAL_KEYED_HASH=0 and not compact
#   user.journal      a second file to merge with compact.journal
#   desk.journal      the journal of daemontest's daemon, kept in
#                     daemon/daemontest/testdata for it to embed
#   bounds.journal    hostile, oversized warnings for probes/bounds_test.go
#
# Names as arguments (e.g. "desk bounds") write only those files: each
# writing gets new file and sequence IDs, so untouched fixtures stay as
# they are.
set -eu
cd "$(dirname "$0")"
remote=/lib/systemd/systemd-journal-remote
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for mode in main user desk bounds; do
	python3 export.py $mode >"$tmp/$mode.export"
done
wanted=" ${*:-compact regular jenkins user desk bounds} "
write() { # name input env...
	name=$1 input=$2
	shift 2
	case $wanted in *" ${name%.journal} "*) ;; *) return 0 ;; esac
	env "$@" "$remote" --output="$tmp/$name" "$tmp/$input" 2>"$tmp/log" || { cat "$tmp/log"; exit 1; }
	zstd -q -19 -f "$tmp/$name" -o "$name.zst"
	chmod 644 "$name.zst"
}
write compact.journal main.export
write regular.journal main.export SYSTEMD_JOURNAL_COMPACT=0
write jenkins.journal main.export SYSTEMD_JOURNAL_COMPACT=0 SYSTEMD_JOURNAL_KEYED_HASH=0
write user.journal user.export
write desk.journal desk.export
[ ! -e desk.journal.zst ] || mv desk.journal.zst ../../daemon/daemontest/testdata/
write bounds.journal bounds.export
"$remote" --version | head -1 >writer-version.txt
