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
		{"an unnamed listener before its address and port", EvidenceText(scenario(t, "host19")),
			"python3 (PID 24499) on 0.0.0.0:9000 and an unnamed listener on 0.0.0.0:2024.",
			"python3 (PID 24499) on 0.0.0.0:2024 and an unnamed listener on 0.0.0.0:9000."},
		{"adjective after 'process'", host15, "TCP 0.0.0.0:2024 has no process visible.", "TCP 127.0.0.1:4242 has no process visible."},
		// Before "process" too, where no quantifier makes it describe
		// (notNames: shown, hidden, …).
		{"adjective before 'process'", host17, "Port 2024 is held by a hidden process: ss shows no owner for it.",
			"Port 2024 is held by an nginx process: ss shows no owner for it."},
		{"participle before 'processes'", host17, "The shown processes use little memory; python3 (PID 7740) uses the most at 5.8%.",
			"The shown processes use little memory; python3 (PID 8073) uses the most at 5.8%."},
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
	// named holds port 53 over TCP and UDP on both families: five
	// sockets, two port numbers, three ports of a protocol.
	dns := "probe listening_ports ss -tulpn\nNetid State Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n" +
		"udp UNCONN 0 0 0.0.0.0:53 0.0.0.0:* users:((\"named\",pid=601,fd=20))\n" +
		"udp UNCONN 0 0 [::]:53 [::]:* users:((\"named\",pid=601,fd=21))\n" +
		"tcp LISTEN 0 10 0.0.0.0:53 0.0.0.0:* users:((\"named\",pid=601,fd=22))\n" +
		"tcp LISTEN 0 10 [::]:53 [::]:* users:((\"named\",pid=601,fd=23))\n" +
		"tcp LISTEN 0 128 0.0.0.0:22 0.0.0.0:* users:((\"sshd\",pid=812,fd=3))\n"
	tests := []pair{
		// host17: two programs (socat, python3) hold five sockets.
		{"a count of sockets is no count of programs", host17, "Two programs are listening.", "Two sockets are listening."},
		{"a total of sockets is no count of programs", host17, "There are 5 listening sockets in total.", "Total: 2 listening sockets."},
		{"a count of listeners is the ports of each protocol", dns, "I count three listeners.", "I count four listeners."},
		{"there are N protocol listeners", laptop, "There are 4 TCP listeners.", "There are 6 TCP listeners."},
		{"I count N listeners", server, "I count five TCP listeners.", "I count four TCP listeners."},
		{"a count of listeners is no count of programs", host19, "No surprises, and just three listeners: 9000, 2024 and 6443.", "No surprises, and just two listeners: 9000 and 6443."},
		{"N protocol sockets are open", host15, "One UDP socket is open: socat on port 5005.", "Two UDP sockets are open: socat on port 5005 and python3 on port 4242."},
		{"all N sockets are a protocol", host12, "All 6 sockets are TCP.", "All 7 sockets are TCP."},
		// host17 has 4 TCP listeners and one UDP: 4 is right of TCP, and
		// wrong of all of them.
		{"all N sockets are a protocol, one of another", host17, "", "All 4 listeners are TCP."},
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
		{"only, with the others named after it", host15, "Only python3 listens on TCP, apart from port 2024, which shows no process.", "Only python3 listens on TCP, which is loopback only."},
		{"the only listener of a protocol", host16, "Port 5005 is the only UDP listener.", "Port 8088 is the only TCP listener."},
		{"the only listening port is", host17, "The only listening UDP port is 5005.", "The only listening TCP port is 3306."},
		{"nothing else is listening", server, "sshd, nginx, postgres, redis-server and annad listen on TCP. Nothing else is listening.",
			"sshd, nginx and annad listen on all interfaces. Nothing else is listening."},
		{"no other process has an open port of a protocol", laptop, "avahi-daemon holds UDP 5353; no other process has an open UDP port.",
			"sshd holds TCP 22; no other process has an open TCP port."},
	}
	checkPairs(t, tests)
}

// TestServiceIdentityShapes checks a well-known service said to be what
// a port is: the socket's owner must be a program of it (denied: must
// not be); what a port usually carries is free.
func TestServiceIdentityShapes(t *testing.T) {
	laptop := EvidenceText(scenario(t, "laptop"))
	server := EvidenceText(scenario(t, "server"))
	host13 := EvidenceText(scenario(t, "host13"))
	host17 := EvidenceText(scenario(t, "host17"))
	host18 := EvidenceText(scenario(t, "host18"))
	host20 := EvidenceText(scenario(t, "host20"))
	host21 := EvidenceText(scenario(t, "host21"))
	tests := []pair{
		{"port is a service", laptop, "Port 22 is SSH.", "Port 80 is SSH."},
		{"service with its port in brackets", laptop, "SSH (port 22) is open on all interfaces.", "SSH (port 631) is open on localhost."},
		{"two ports and their services", laptop, "Port 22 is SSH and port 80 is the web server.", "Port 22 is the web server and port 80 is SSH."},
		{"service on a bare port", server, "nginx is the HTTPS server on 443.", "nginx is the HTTPS server on 5432."},
		{"service on a bare port by its command line", host13, "The web server on 8443 is python3 (PID 13647).", "The SSH server on 8443 is python3 (PID 13647)."},
		{"ports going on a list after a service's", server, "Reachable from outside: sshd on 22, nginx on 443 and annad on 7070.",
			"Reachable from outside: sshd on 22, nginx on 443 and annad on 7071."},
		{"service listening on a port", server, "The web server is listening on port 443.", "The web server is listening on port 5432."},
		{"web server by its command line", host21, "The web server on 0.0.0.0:8000 is python3 (PID 1468).", "The web server on 127.0.0.1:25 is socat (PID 1472)."},
		{"looks like a service", server, "Port 5432 is on 127.0.0.1 — looks like a PostgreSQL server (postgres, PID 2231).",
			"Port 6379 is on 127.0.0.1 — looks like a mail server (PID 1790)."},
		{"protocol port is a service", host18, "UDP port 5353 is not mDNS: socat (PID 23984) holds it.", "UDP port 5353 is mDNS."},
		{"port denied a service", host17, "Port 3306 isn't MySQL: socat (PID 8075) holds it.", ""},
		{"port denied the service it has", server, "Port 6379 isn't PostgreSQL.", "Port 5432 isn't PostgreSQL."},
		{"not the usual port", EvidenceText(scenario(t, "host19")), "python3 (PID 24499) listens on 0.0.0.0:9000, not on the usual 8000.",
			"python3 (PID 24499) listens on 0.0.0.0:9000, not on the usual 6443."},
		{"usual port is lore", host20, "5432 is the usual Postgres port, but socat (PID 1265) holds it.", "Port 5432 is Postgres, held by PID 1265."},
		{"normally a service is lore", host21, "Port 25 is normally SMTP, but socat (PID 1472) holds it.", "Port 25 is SMTP, held by socat (PID 1472)."},
	}
	checkPairs(t, tests)
}
