package supervisor

import "testing"

// TestSocketWords checks words of a socket's row: the protocol written
// before an address and port must be the row's Netid, and a participle
// after "process" ("no process shown") names nothing.
func TestSocketWords(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	host15 := EvidenceText(scenario(t, "host15"))
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"protocol before an address and port", host17, "socat (PID 7738) listens on udp 0.0.0.0:5005.", "socat (PID 8075) listens on udp 0.0.0.0:3306."},
		{"protocol before an address and port (laptop)", laptop, "avahi-daemon listens on UDP 0.0.0.0:5353.", "sshd listens on UDP 0.0.0.0:22."},
		{"participle after 'process'", host15, "- TCP 0.0.0.0:2024 — no process shown", "- TCP 127.0.0.1:4242 — no process shown"},
		{"adjective after 'process'", host15, "TCP 0.0.0.0:2024 has no process visible.", "TCP 127.0.0.1:4242 has no process visible."},
	}
	checkPairs(t, tests)
}

// TestListenerCountShapes checks counts of all listening sockets: a
// count of listeners, sockets or ports is ss's rows (or ports), never
// its programs; "all N sockets are TCP" and "nothing on UDP" are counts
// of a protocol's rows; "the other N are on 127.0.0.1" one address's.
func TestListenerCountShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	host12 := EvidenceText(scenario(t, "host12"))
	host15 := EvidenceText(scenario(t, "host15"))
	host17 := EvidenceText(scenario(t, "host17"))
	host19 := EvidenceText(scenario(t, "host19"))
	tests := []pair{
		{"there are N protocol listeners", laptop, "There are 4 TCP listeners.", "There are 6 TCP listeners."},
		{"I count N listeners", server, "I count five TCP listeners.", "I count four TCP listeners."},
		{"a count of listeners is no count of programs", host19, "No surprises, and just three listeners: 9000, 2024 and 6443.", "No surprises, and just two listeners: 9000 and 6443."},
		{"N protocol sockets are open", host15, "One UDP socket is open: socat on port 5005.", "Two UDP sockets are open: socat on port 5005 and python3 on port 4242."},
		{"all N sockets are a protocol", host12, "All 6 sockets are TCP.", "All 7 sockets are TCP."},
		{"all N sockets are a protocol, one of another", host17, "", "All 5 sockets are TCP."},
		{"nothing on a protocol", host12, "Nothing is listening on UDP.", "No TCP sockets are listening."},
		{"nothing on a protocol it has", host17, "There are four TCP listeners.", "Nothing is listening on UDP."},
		{"the other N on an address", server, "Ports 22, 443 and 7070 are on 0.0.0.0; the other two are bound to 127.0.0.1.",
			"Ports 22, 443 and 7070 are on 0.0.0.0; the other three are bound to 127.0.0.1."},
	}
	checkPairs(t, tests)
}

// TestOnlyListenerShapes checks claims that some listeners are all
// there are: every other socket of ss (of the protocol named) makes them
// false, an ownerless one too.
func TestOnlyListenerShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	host15 := EvidenceText(scenario(t, "host15"))
	host16 := EvidenceText(scenario(t, "host16"))
	host17 := EvidenceText(scenario(t, "host17"))
	tests := []pair{
		{"only these programs listen", server, "Only sshd, nginx, postgres, redis-server and annad are listening.", "Only sshd and nginx are listening."},
		{"only one program listens on a protocol", host15, "Only socat listens on UDP.", "Only python3 listens on TCP."},
		{"the only listener of a protocol", host16, "Port 5005 is the only UDP listener.", "Port 8088 is the only TCP listener."},
		{"the only listening port is", host17, "The only listening UDP port is 5005.", "The only listening TCP port is 3306."},
		{"nothing else is listening", server, "sshd, nginx, postgres, redis-server and annad listen on TCP. Nothing else is listening.",
			"sshd, nginx and annad listen on all interfaces. Nothing else is listening."},
		{"no other process has an open port of a protocol", laptop, "avahi-daemon holds UDP 5353; no other process has an open UDP port.",
			"sshd holds TCP 22; no other process has an open TCP port."},
	}
	checkPairs(t, tests)
}
