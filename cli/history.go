package cli

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/peterh/liner"
)

// historyLimit caps the history file; liner keeps no more in memory.
const historyLimit = liner.HistoryLimit

// historyPath returns $XDG_STATE_HOME/anna/history, with the XDG default
// ~/.local/state when the variable is unset or not absolute (as the XDG
// spec requires), or "" when there is no home to put it in.
func historyPath(getenv func(string) string) string {
	base := getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(base) {
		home := getenv("HOME")
		if !filepath.IsAbs(home) {
			return ""
		}
		base = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(base, "anna", "history")
}

// loadHistory reads the history file, newest last, skipping lines that
// could not have been saved (blank, exit words, invalid UTF-8). A missing
// or unreadable file is an empty history: history is a convenience.
func loadHistory(path string) []string {
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var entries []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		entries = appendHistory(entries, sc.Text())
	}
	return entries
}

// appendHistory adds line unless it is blank, an exit word, or the same as
// the last entry, and drops the oldest entries beyond historyLimit.
func appendHistory(entries []string, line string) []string {
	line = strings.TrimSpace(line)
	if line == "" || isExitWord(line) || !utf8.ValidString(line) || strings.ContainsAny(line, "\r\n") {
		return entries
	}
	if n := len(entries); n > 0 && entries[n-1] == line {
		return entries
	}
	entries = append(entries, line)
	if over := len(entries) - historyLimit; over > 0 {
		entries = append(entries[:0:0], entries[over:]...)
	}
	return entries
}

// saveHistory writes entries to path atomically: directory 0700 and file
// 0600, because questions about a machine can be private.
func saveHistory(path string, entries []string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot save the history: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".history-*")
	if err != nil {
		return fmt.Errorf("cannot save the history: %w", err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	w := bufio.NewWriter(tmp)
	for _, e := range entries {
		w.WriteString(e)
		w.WriteByte('\n')
	}
	err = w.Flush()
	if err == nil {
		err = tmp.Chmod(0o600)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("cannot save the history to %s: %w", path, err)
	}
	return nil
}
