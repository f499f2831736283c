package supervisor

import (
	"fmt"
	"strings"
	"testing"
)

// benchLoginAnswer counts failed logins the way round 66's answers do: a
// program's total, listed users with how often and from where, a
// bracketed list, and many words before each count that may name a user.
const benchLoginAnswer = "The journal on this server shows that sshd logged 120 failed passwords in the excerpt. " +
	"Grafana logged 80 failed logins: the admin user 40 times from 203.0.113.58 and the viewer account 40 times from 192.0.2.77. " +
	"Among the repeated attempts from the scanning address 198.51.100.3, root failed 6 times and oracle failed 6 times. " +
	"Most of the other failing users (postgres 6 times, git 6 times, deploy 6 times) came from 198.51.100.4 and 198.51.100.5. " +
	"There were 6 failed SSH login attempts for the invalid user admin from 198.51.100.6 during the night as well."

// benchLoginEvidence is the server's evidence with a journal of 200
// failed logins, sshd's and Grafana's.
func benchLoginEvidence(b testing.TB) string {
	users := []string{"root", "oracle", "postgres", "git", "deploy", "admin"}
	var lines []string
	for i := range 120 {
		lines = append(lines, fmt.Sprintf("Nov 23 07:%02d:%02d srv1 sshd[%d]: Failed password for %s from 198.51.100.%d port %d ssh2",
			i/60, i%60, 4000+i, users[i%len(users)], 1+i%20, 40000+i))
	}
	for i := range 80 {
		user, addr := "admin", "203.0.113.58"
		if i%2 == 1 {
			user, addr = "viewer", "192.0.2.77"
		}
		lines = append(lines, fmt.Sprintf(`Nov 23 09:%02d:%02d srv1 grafana[900]: logger=authn.service level=warn msg="Failed to authenticate request" `+
			`client=auth.client.form username=%s remote_addr=%s`, i/60, i%60, user, addr))
	}
	return withJournal(b, "server", lines...)
}

// BenchmarkLoginCounts measures Check on an answer of failed-login counts
// against a journal of 200 failed logins: each count, item and word
// before a count asks the journal about a program, user or address.
func BenchmarkLoginCounts(b *testing.B) {
	ev := benchLoginEvidence(b)
	b.ReportAllocs()
	for b.Loop() {
		Check(benchLoginAnswer, ev)
	}
}

// benchMemoryAnswer gives many sizes of the machine's memory, each
// sentence several, as a long free summary does.
var benchMemoryAnswer = strings.Repeat("Of 31Gi of memory, 12Gi is used, 3.9Gi is free, 1.2Gi is shared, 15Gi is buff/cache and 18Gi is available. ", 8)

// BenchmarkMemoryClaims measures Check on an answer of many RAM sizes
// against the server's evidence with 300 journal lines that print the
// same sizes under other labels: each size is asked whether a line labels
// it memory, for itself and for each other size of its sentence.
func BenchmarkMemoryClaims(b *testing.B) {
	var lines []string
	for i := range 300 {
		lines = append(lines, fmt.Sprintf("Nov 23 08:%02d:%02d srv1 cachepool[77]: pool 31Gi, used 12Gi, spare 3.9Gi, shared 1.2Gi, buffers 15Gi, target 18Gi",
			i/60, i%60))
	}
	ev := withJournal(b, "server", lines...)
	b.ReportAllocs()
	for b.Loop() {
		Check(benchMemoryAnswer, ev)
	}
}
