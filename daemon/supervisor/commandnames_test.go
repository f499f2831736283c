package supervisor

import "testing"

// TestCommandNamedSockets: a name that is a word of a ps row's command
// (wsdd run by python3, billing.jar run by java, Elasticsearch's java)
// names that PID's process, so its ss rows are the name's, whole and
// cited (commandnames.go); a port another process holds is still no
// port of the name's.
func TestCommandNamedSockets(t *testing.T) {
	host47 := EvidenceText(scenario(t, "host47"))
	host31 := EvidenceText(scenario(t, "host31"))
	checkPairs(t, []pair{
		{"a script run by python3", host47, "wsdd listens on TCP 5357 and UDP 3702.", "wsdd listens on TCP 5357 and UDP 5353."},
		{"a jar run by java", host31, "billing listens on 8081.", "billing listens on 80."},
	})
	judgeCitedPairs(t, "host47", [][2]string{
		{"wsdd listens on TCP 5357 and UDP 3702 [104, 113].", "wsdd listens on TCP 5357 [113] and UDP 5353 [110]."},
	})
	judgeCitedPairs(t, "host31", [][2]string{
		{"The billing service listens on port 8081 [88].", "The billing service listens on port 80 [85]."},
	})
	judgeCitedPairs(t, "host56", [][2]string{
		{"Elasticsearch only binds to localhost, on 127.0.0.1:9200 and 127.0.0.1:9300 [186, 187].",
			"Elasticsearch listens on 9090 [192]."},
		{"Elasticsearch listens on 127.0.0.1:9200 [186].", "Elasticsearch listens on 127.0.0.1:9200 and 127.0.0.1:3000 [186, 200]."},
	})
}

// TestCommandWordOptions: a word of an option names no program the
// process runs, whatever its dots or slashes hold.
func TestCommandWordOptions(t *testing.T) {
	cmd := "java -Dlog.level=debug -Dx=/a/foo --spring.config.location=/etc/app -jar /opt/billing/billing.jar"
	for name, want := range map[string]bool{"billing": true, "java": true, "log": false, "foo": false, "location": false, "spring": false} {
		if got := commandWord(cmd, name); got != want {
			t.Errorf("commandWord(%q, %q) = %v, want %v", cmd, name, got, want)
		}
	}
}
