package probes

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// SystemLog is the Data of system_logs: the journal's warnings and worse,
// oldest first, as journalctl's short format shows them.
type SystemLog struct {
	Entries []LogEntry `json:"entries"`
}

// LogEntry is one journal entry.
type LogEntry struct {
	Time     time.Time `json:"time"`
	Priority int       `json:"priority"` // 0 emerg … 7 debug; -1 when missing
	Level    string    `json:"level,omitempty"`
	Host     string    `json:"host,omitempty"`
	// Identifier is SYSLOG_IDENTIFIER, or _COMM without one.
	Identifier string `json:"identifier,omitempty"`
	PID        int    `json:"pid,omitempty"`
	Unit       string `json:"unit,omitempty"`
	// BootID is the boot the entry was logged in, 32 hex digits.
	BootID  string `json:"boot_id,omitempty"`
	Message string `json:"message"`
	// Cut is set when Message was cut to MaxLogMessageBytes.
	Cut bool `json:"cut,omitempty"`
}

// MaxLogMessageBytes caps one entry's message, the cut marker "…"
// included; the rest is cut at a rune boundary.
const MaxLogMessageBytes = 2048

// levels are the syslog priority names journalctl uses.
var levels = []string{"emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"}

// systemLogs reads the journal's recent warnings from the journal files,
// natively: annad runs no journalctl.
func systemLogs(ctx context.Context, env *Env) (Output, error) {
	var reader JournalReader = hostJournal(dirs.Host)
	switch {
	case env != nil && env.Journal != nil:
		reader = env.Journal
	case env != nil:
		reader = hostJournal(env.Layout)
	}
	log, notes, err := reader.ReadJournal(ctx)
	if err != nil {
		return Output{}, err
	}
	// Room for the rest of SystemLog around the entries.
	kept, dropped := fitRows(log.Entries, MaxDataBytes-128, true)
	res := Output{Notes: notes}
	if dropped > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("kept the newest %d of %d entries: all of them are over the %d KiB bound",
			len(kept), len(log.Entries), MaxDataBytes>>10))
		log.Entries = kept
	}
	res.Stdout, res.Data = renderJournal(log.Entries), log
	return res, nil
}

// renderJournal writes entries like journalctl's short format, in local
// time, with continuation lines indented under the first and a "-- Boot
// … --" line where the boot changes.
func renderJournal(entries []LogEntry) string {
	if len(entries) == 0 {
		return "-- No entries --\n"
	}
	var b strings.Builder
	for i, e := range entries {
		if i > 0 && e.BootID != entries[i-1].BootID {
			b.WriteString("-- Boot " + e.BootID + " --\n")
		}
		prefix := e.Time.Local().Format("Jan 02 15:04:05")
		if e.Host != "" {
			prefix += " " + e.Host
		}
		prefix += " " + e.Identifier
		if e.PID != 0 {
			prefix += "[" + strconv.Itoa(e.PID) + "]"
		}
		prefix += ": "
		indent := strings.Repeat(" ", utf8.RuneCountInString(prefix))
		for i, line := range strings.Split(strings.TrimRight(e.Message, "\n"), "\n") {
			if i == 0 {
				b.WriteString(prefix)
			} else {
				b.WriteString(indent)
			}
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
