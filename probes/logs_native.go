package probes

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/journal"
)

// journalLimits bound the native read: a message is read up to 64 KiB
// (decompressed), and each file is walked for at most 2^20 entries.
var journalLimits = journal.Limits{MaxFieldBytes: 64 << 10, MaxEntries: 1 << 20}

// The spec's query: journalctl -p warning..alert -n 200.
const (
	journalEntries = 200
	minPriority    = 1 // alert
	maxPriority    = 4 // warning
)

// JournalFiles is the journal files in Dirs, each with one subdirectory
// per machine ID. annad reads the host's (hostJournal); a test gives files
// of its own.
type JournalFiles struct {
	Dirs []string
	// MachineID picks the subdirectory to read, as journalctl does; when
	// empty or absent, every machine's is read.
	MachineID string
}

// hostJournal is the journal under layout, of the machine in its
// /etc/machine-id.
func hostJournal(layout dirs.Layout) JournalFiles {
	j := JournalFiles{Dirs: layout.JournalDirs()}
	if b, _, err := readBounded(layout.MachineID(), 64); err == nil {
		j.MachineID = strings.TrimSpace(string(b))
	}
	return j
}

// ReadJournal reads the files natively and returns the newest
// warnings..alerts, oldest first, with notes on the files it could not
// read. It fails only when no file could be read at all.
func (j JournalFiles) ReadJournal(ctx context.Context) (SystemLog, []string, error) {
	files, problems := journal.OpenDirs(j.Dirs, j.MachineID, journalLimits)
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	var notes []string
	for _, p := range problems {
		notes = append(notes, p.Error())
	}
	if len(files) == 0 {
		if len(notes) == 0 {
			return SystemLog{}, nil, fmt.Errorf("cannot read the journal: no journal files in %s (is journald running?)",
				strings.Join(j.Dirs, " or "))
		}
		return SystemLog{}, nil, fmt.Errorf("cannot read the journal: no journal file could be read: %s", strings.Join(notes, "; "))
	}
	items, problems := journal.Tail(ctx, files, journalEntries, pickWarning)
	for _, p := range problems {
		notes = append(notes, p.Error())
	}
	if err := ctx.Err(); err != nil {
		return SystemLog{}, nil, fmt.Errorf("cannot read the journal: %w", context.Cause(ctx))
	}
	log := SystemLog{Entries: make([]LogEntry, 0, len(items))}
	for _, it := range items {
		log.Entries = append(log.Entries, it.Value)
	}
	return log, notes, nil
}

// pickWarning keeps an entry whose PRIORITY is alert..warning and reads
// the fields journalctl's short format shows. An entry whose fields
// cannot be read is left out: it is shown whole or not at all.
func pickWarning(e *journal.Entry) (LogEntry, bool) {
	f, ok, err := e.Value("PRIORITY")
	if err != nil || !ok || len(f.Value) != 1 || f.Value[0] < '0'+minPriority || f.Value[0] > '0'+maxPriority {
		return LogEntry{}, false
	}
	p := int(f.Value[0] - '0')
	le := LogEntry{Time: time.UnixMicro(int64(min(e.Realtime, 1<<62))), Priority: p, Level: levels[p],
		BootID: hex.EncodeToString(e.BootID[:])}
	value := func(name string) (journal.Field, bool) {
		f, ok, e2 := e.Value(name)
		if e2 != nil {
			err = e2
		}
		return f, ok
	}
	// Any local user can log, under any identifier: every field is
	// sanitized here, where it is read.
	text := func(name string) string {
		f, _ := value(name)
		return Sanitize(string(f.Value), maxNameBytes)
	}
	le.Host, le.Unit = text("_HOSTNAME"), text("_SYSTEMD_UNIT")
	if le.Identifier = text("SYSLOG_IDENTIFIER"); le.Identifier == "" {
		le.Identifier = text("_COMM")
	}
	pid, ok := value("_PID")
	if !ok {
		pid, _ = value("SYSLOG_PID")
	}
	le.PID, _ = strconv.Atoi(string(pid.Value))
	msg, _ := value("MESSAGE")
	if err != nil {
		return LogEntry{}, false
	}
	le.Message, le.Cut = messageText(msg)
	return le, true
}

// messageText turns a MESSAGE field into text, as journalctl shows a
// value that is not text: "[N B blob data]".
func messageText(f journal.Field) (string, bool) {
	v := f.Value
	if f.Cut {
		// The bound may have split the last character.
		for i := 1; i <= utf8.UTFMax && i <= len(v); i++ {
			if utf8.RuneStart(v[len(v)-i]) {
				if !utf8.FullRune(v[len(v)-i:]) {
					v = v[:len(v)-i]
				}
				break
			}
		}
	}
	if !utf8.Valid(v) || strings.IndexByte(string(v), 0) >= 0 {
		size := f.Size
		if size == 0 {
			return fmt.Sprintf("[over %d B blob data]", len(f.Value)), false
		}
		return fmt.Sprintf("[%d B blob data]", size), false
	}
	msg, cut := sanitize(string(v), MaxLogMessageBytes, true)
	if f.Cut && !cut {
		msg, cut = withCutMarker(msg, MaxLogMessageBytes), true
	}
	return msg, cut
}
