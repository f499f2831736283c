package supervisor

import "testing"

// A signal's name and its number are one thing: a cause named SIGTERM is
// grounded in a line that logs "signal 15", and a name whose number is
// not the logged one is not ("signal 1" is not the start of "signal 15").
func TestSignalNames(t *testing.T) {
	ci := EvidenceText(scenario(t, "host50"))
	web := EvidenceText(scenario(t, "host31"))
	checkPairs(t, []pair{
		{"the name of a logged signal number", ci,
			"dockerd force-killed container 7d0b5e3a9f21 at 22:41:55 after it didn't exit within 10s of SIGTERM.",
			"dockerd force-killed container 7d0b5e3a9f21 at 22:41:55 after it didn't exit within 10s of SIGHUP."},
		{"a name paired with the logged number", ci,
			"dockerd force-killed container 7d0b5e3a9f21 at 22:41:55 after it didn't exit within 10s of SIGTERM (signal 15).",
			"dockerd force-killed container 7d0b5e3a9f21 at 22:41:55 after it didn't exit within 10s of SIGKILL (signal 15)."},
		{"a crash signal by name", web,
			"php-fpm child 3301 exited because of SIGSEGV.",
			"php-fpm child 3301 exited because of SIGABRT."},
	})
}
