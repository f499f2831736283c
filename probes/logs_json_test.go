package probes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// This decoder of journalctl's JSON lines is the reference that
// TestSystemLogsMatchesJournalctl compares the native reader with; annad
// itself runs no journalctl.

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
func parseJournal(out []byte) (log SystemLog, malformed int) {
	log.Entries = []LogEntry{}
	for line := range bytes.SplitSeq(out, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		e, ok := parseEntry(line)
		if !ok {
			malformed++
			continue
		}
		log.Entries = append(log.Entries, e)
	}
	return log, malformed
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
