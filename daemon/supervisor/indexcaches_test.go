package supervisor

import "testing"

// TestIndexCaches: what a request asks per sentence or per list item of
// an index that does not change (df's rows, whether the journal logs a
// failed login) is read once and kept, not scanned again each time.
func TestIndexCaches(t *testing.T) {
	ix := newIndex(EvidenceText(scenario(t, "host31")))
	rows := ix.dfRows()
	if len(rows) == 0 {
		t.Fatal("host31 has no df rows")
	}
	if n := testing.AllocsPerRun(10, func() { ix.dfRows() }); n != 0 {
		t.Errorf("dfRows allocates %v times once read", n)
	}
	if !ix.loginFailuresLogged() {
		t.Fatal("host31 logs failed passwords")
	}
	if ix.loginFails == nil {
		t.Error("loginFailuresLogged does not keep what it read")
	}
	// A capture without a failed login keeps saying so.
	none := newIndex("probe system_logs journalctl -p warning\nNov 24 10:00:01 gw1 cupsd[880]: scheduler started\n")
	for range 2 {
		if none.loginFailuresLogged() {
			t.Error("a journal without a failed login logs one")
		}
	}
}
