package supervisor

import "testing"

// TestNextAllAddress: "… four failed SSH password attempts. All of them
// come from 203.0.113.9" says each counted login came from there, as
// "…, all from 203.0.113.9" in one sentence does; the next sentence's
// address was not read, so the false "all" passed with the true total.
func TestNextAllAddress(t *testing.T) {
	judgeQuoted(t, sshFailuresInput(), []quotedCase{
		{"The journal has three failed SSH password attempts [1-3]. All of them come from 203.0.113.9.", ""},
		{"The journal has four failed SSH password attempts [1-4]. All of them come from 203.0.113.9.", "four failed logins"},
		{"The journal has four failed SSH password attempts [1-4]. Three of them come from 203.0.113.9.", ""},
	})
}
