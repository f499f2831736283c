package vmtests

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	expect "github.com/Netflix/go-expect"
)

// prompt is root's PS1 in the guest (image.sh): a string no command prints.
const prompt = "__VMPROMPT__# "

// The markers around a command's output are written split by quotes in
// the command line, so its echo never matches them.
var (
	beginMark = regexp.MustCompile(`__BEGIN__\r*\n`)
	rcMark    = regexp.MustCompile(`__RC=(\d+)__`)
	promptRe  = regexp.MustCompile(regexp.QuoteMeta(prompt))
	ansi      = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]`)
)

// shell drives root's shell on the guest's second serial port.
type shell struct {
	t        testing.TB
	m        *machine
	deadline time.Time // the scenario's overall deadline
}

// step is the longest one command may run without output (TCG guests are
// 13–20× slower than the host at process-heavy work).
const step = 90 * time.Second

// timeout bounds a wait by both the step and the scenario's deadline.
func (s *shell) timeout(d time.Duration) time.Duration {
	if left := time.Until(s.deadline); left < d {
		d = max(left, time.Second)
	}
	return d
}

// send types text as is (a "\r" ends a line, "\x03" is Ctrl-C).
func (s *shell) send(text string) {
	s.t.Helper()
	if _, err := s.m.console.Send(text); err != nil {
		s.t.Fatalf("cannot type into the guest: %v", err)
	}
}

// expect waits for re and returns what was read up to and including it.
func (s *shell) expect(re *regexp.Regexp, d time.Duration) string {
	s.t.Helper()
	out, err := s.tryExpect(re, d)
	if err != nil {
		s.t.Fatal(err)
	}
	return out
}

// tryExpect is expect that returns its failure.
func (s *shell) tryExpect(re *regexp.Regexp, d time.Duration) (string, error) {
	out, err := s.m.console.Expect(expect.Regexp(re), expect.WithTimeout(s.timeout(d)))
	if err != nil {
		return out, fmt.Errorf("guest: waiting for %q: %w (last output: %q)", re, err, tail(out, 400))
	}
	return out, nil
}

// expectString waits for a literal string.
func (s *shell) expectString(str string, d time.Duration) string {
	s.t.Helper()
	return s.expect(regexp.MustCompile(regexp.QuoteMeta(str)), d)
}

// run runs a shell command line as root and returns its output (stdout and
// stderr, "\r" removed, escape sequences dropped) and exit status.
func (s *shell) run(cmd string, d time.Duration) (string, int) {
	s.t.Helper()
	out, rc, err := s.try(cmd, d)
	if err != nil {
		s.t.Fatalf("guest: %s: %v", cmd, err)
	}
	return out, rc
}

// try is run that returns its failure instead of ending the test.
func (s *shell) try(cmd string, d time.Duration) (string, int, error) {
	if _, err := s.m.console.Send(`echo __BEG""IN__; ` + cmd + `; echo "__R""C=$?__"` + "\r"); err != nil {
		return "", 0, fmt.Errorf("cannot type into the guest: %w", err)
	}
	if _, err := s.tryExpect(beginMark, d); err != nil {
		return "", 0, err
	}
	out, err := s.tryExpect(rcMark, d)
	if err != nil {
		return out, 0, err
	}
	rc, _ := strconv.Atoi(rcMark.FindStringSubmatch(out)[1])
	out = out[:rcMark.FindStringIndex(out)[0]]
	if _, err := s.tryExpect(promptRe, d); err != nil {
		return out, rc, err
	}
	return ansi.ReplaceAllString(strings.ReplaceAll(out, "\r", ""), ""), rc, nil
}

// must runs cmd and fails the test unless it exits 0.
func (s *shell) must(cmd string) string {
	s.t.Helper()
	out, rc := s.run(cmd, step)
	if rc != 0 {
		s.t.Fatalf("guest: %s: exit %d:\n%s", cmd, rc, out)
	}
	return out
}

// as wraps cmd to run in a login shell of user.
func as(user, cmd string) string {
	return "su - " + user + " -c " + quote(cmd)
}

// quote quotes s for a POSIX shell.
func quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
