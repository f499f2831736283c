package probes

import (
	"bytes"
	"context"
	"encoding/json"
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
	// Malformed counts lines of an injected journalctl -o json reader
	// that were not entries with a timestamp; they are skipped, not
	// guessed at. Journal files read natively have none.
	Malformed int `json:"malformed_lines,omitempty"`
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
// natively: annad runs no journalctl. A test's env.Journal replaces the
// files with fixed journalctl -o json output.
func systemLogs(ctx context.Context, env *Env) (Output, error) {
	var log SystemLog
	var notes []string
	if env != nil && env.Journal != nil {
		out, err := env.Journal.ReadJournal(ctx)
		if err != nil {
			return Output{}, err
		}
		log = parseJournal(out)
	} else {
		layout := dirs.Host
		if env != nil {
			layout = env.Layout
		}
		var err error
		if log, notes, err = readJournalFiles(ctx, layout); err != nil {
			return Output{}, err
		}
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

// journalEntry holds the fields system_logs uses. journalctl writes each
// field as a string, an array of byte values (binary or not UTF-8), null
// (too long), or an array of those (a field set more than once).
type journalEntry struct {
	Message   json.RawMessage `json:"MESSAGE"`
	Realtime  json.RawMessage `json:"__REALTIME_TIMESTAMP"`
	Priority  json.RawMessage `json:"PRIORITY"`
	Ident     json.RawMessage `json:"SYSLOG_IDENTIFIER"`
	Comm      json.RawMessage `json:"_COMM"`
	PID       json.RawMessage `json:"_PID"`
	SyslogPID json.RawMessage `json:"SYSLOG_PID"`
	Unit      json.RawMessage `json:"_SYSTEMD_UNIT"`
	Host      json.RawMessage `json:"_HOSTNAME"`
	Boot      json.RawMessage `json:"_BOOT_ID"`
}

// parseJournal decodes journalctl's JSON lines; blank lines are ignored,
// malformed ones counted.
func parseJournal(out []byte) SystemLog {
	log := SystemLog{Entries: []LogEntry{}}
	for line := range bytes.SplitSeq(out, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		e, ok := parseEntry(line)
		if !ok {
			log.Malformed++
			continue
		}
		log.Entries = append(log.Entries, e)
	}
	return log
}

func parseEntry(line []byte) (LogEntry, bool) {
	var j journalEntry
	if err := json.Unmarshal(line, &j); err != nil {
		return LogEntry{}, false
	}
	ts, _ := fieldValue(j.Realtime)
	usec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return LogEntry{}, false
	}
	e := LogEntry{Time: time.UnixMicro(usec), Priority: -1}
	if p, ok := fieldValue(j.Priority); ok {
		if n, err := strconv.Atoi(p); err == nil && n >= 0 && n < len(levels) {
			e.Priority, e.Level = n, levels[n]
		}
	}
	// Any local user can log, under any identifier: every field is
	// sanitized here, where it is read.
	name := func(raw json.RawMessage) string {
		v, _ := fieldValue(raw)
		return Sanitize(v, maxNameBytes)
	}
	e.Host, e.Unit, e.BootID = name(j.Host), name(j.Unit), name(j.Boot)
	if e.Identifier = name(j.Ident); e.Identifier == "" {
		e.Identifier = name(j.Comm)
	}
	pid, ok := fieldValue(j.PID)
	if !ok {
		pid, _ = fieldValue(j.SyslogPID)
	}
	e.PID, _ = strconv.Atoi(pid)
	msg, ok := fieldValue(j.Message)
	switch {
	case !ok && len(j.Message) > 0:
		msg = "[message omitted by journalctl: too long]"
	case !utf8.ValidString(msg):
		msg = fmt.Sprintf("[%d B blob data]", len(msg))
	}
	e.Message, e.Cut = sanitize(msg, MaxLogMessageBytes, true)
	return e, true
}

// fieldValue decodes one journal field; ok is false when the field is
// missing, null or not a journal value.
func fieldValue(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err == nil
	case '[':
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil || len(items) == 0 {
			return "", false
		}
		if c := bytes.TrimSpace(items[0]); len(c) > 0 && c[0] >= '0' && c[0] <= '9' {
			var b []byte
			for _, it := range items {
				n, err := strconv.ParseUint(string(bytes.TrimSpace(it)), 10, 8)
				if err != nil {
					return "", false
				}
				b = append(b, byte(n))
			}
			return string(b), true
		}
		// A field set more than once: journalctl's short format shows the
		// last value.
		return fieldValue(items[len(items)-1])
	}
	return "", false
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
