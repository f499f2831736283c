package supervisor

import (
	"strings"
	"testing"
)

// TestTableRowReach checks a socket table row's reach words against every
// socket of its ports: "loopback only" needs all of them on the loopback,
// and a row of several ports says its reach of each.
func TestTableRowReach(t *testing.T) {
	ss := evidence(t, "ss.txt")
	// cupsd also on every address: 631 is no longer loopback only.
	wide631 := strings.Replace(ss, "\ntcp   LISTEN 0      128             [::]:22",
		"\ntcp   LISTEN 0      4096         0.0.0.0:631        0.0.0.0:*     users:((\"cupsd\",pid=700,fd=8))\ntcp   LISTEN 0      128             [::]:22", 1)
	if wide631 == ss {
		t.Fatal("ss.txt has changed: no line to add 631's wildcard socket before")
	}
	// nginx also on 443 (every address) and 8080 (the loopback).
	nginx := ss + "tcp   LISTEN 0      511          0.0.0.0:443        0.0.0.0:*     users:((\"nginx\",pid=930,fd=7))\n" +
		"tcp   LISTEN 0      511        127.0.0.1:8080       0.0.0.0:*     users:((\"nginx\",pid=930,fd=8))\n"
	head := "| Port | Process | Exposure |\n|---|---|---|\n"
	checkPairs(t, []pair{
		{"loopback only row, one socket elsewhere", wide631,
			head + "| 22 | sshd | all IPv4, public |",
			head + "| 631 | cupsd | loopback only |"},
		{"loopback only row, every socket on the loopback", ss,
			head + "| 631 | cupsd | loopback only |", ""},
		{"row of several ports", nginx,
			head + "| 80, 443 | nginx | all IPv4, public |",
			head + "| 80, 8080 | nginx | all IPv4, public |"},
	})
}
