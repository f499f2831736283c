package supervisor

import "strings"

// A client's journal line names the server it failed to reach by its
// address and port ("psql: … connection to server at "127.0.0.1", port
// 5432 failed: FATAL: password authentication failed"), and ss's row of
// that socket names the process behind it (postgres, pid=10738, whose ps
// row runs /usr/lib/postgresql/15/bin/postgres). So a cause said of the
// client ("cdr-export failed because PostgreSQL rejected the password")
// may name the server, and one said of the server may read the client's
// line. Only the line's far end links (lineends.go), and only to the
// listener on that very port and at that very address, or on every
// address when the far end is one of this machine's own or the loopback:
// a name that listens elsewhere ("because MySQL rejected …"), the same
// port on another host ("connect to host 10.9.8.7 port 22" is no
// connection to this sshd) and the near end's port ("from 203.0.113.5
// port 22") find nothing more.

// addSocketPeers adds to scope the listening sockets a record of scope
// reaches (with their processes' records), and the records that reach a
// listening socket of scope.
func (ix *index) addSocketPeers(scope map[int32]bool) {
	sc := ix.socketsOf()
	var listeners, clients []int32
	for id := range scope {
		if ix.recs[id].probe == "listening_ports" {
			listeners = append(listeners, id)
		} else if len(sc.far[id]) > 0 {
			clients = append(clients, id)
		}
	}
	for _, id := range clients {
		for _, e := range sc.far[id] {
			for sock := range sc.byPort[e.port] {
				if !ix.reaches(e, sock) {
					continue
				}
				scope[sock] = true
				for _, o := range ssOwner.FindAllStringSubmatch(ix.recs[sock].text, maxSocketOwners) {
					for _, r := range ix.findAnchor(claim{kind: kindPID, key: o[2], text: o[2]}) {
						scope[r] = true
					}
				}
			}
		}
	}
	for _, sock := range listeners {
		for id, ends := range sc.far {
			if !scope[id] && ix.reachesAny(ends, sock) {
				scope[id] = true
			}
		}
	}
}

// reaches reports whether far end e is listening socket sock: the same
// port, and the socket's own address, or any of this machine's when it
// listens on every address.
func (ix *index) reaches(e farEnd, sock int32) bool {
	sc := ix.socketsOf()
	l, ok := sc.ends[sock]
	if !ok || l.port != e.port {
		return false
	}
	switch {
	case e.localhost:
		return l.wildcard || l.addr.IsLoopback()
	case l.wildcard:
		// 0.0.0.0 takes IPv4 only; "::" and "*" both families.
		return (e.addr.IsLoopback() || sc.own[e.addr]) && !(l.addr.Is4() && e.addr.Is6())
	}
	return e.addr == l.addr
}

// reachesAny reports whether any of ends is sock.
func (ix *index) reachesAny(ends []farEnd, sock int32) bool {
	for _, e := range ends {
		if ix.reaches(e, sock) {
			return true
		}
	}
	return false
}

// servesOn reports whether name, as the whole evidence (ix) reads it,
// owns a listening socket that a cited line (narrow) reaches by its port
// and address: "PostgreSQL … [211]" where line 211 is psql's failed
// connection to "127.0.0.1", port 5432, and ss's row of that socket is
// postgres's. A name whose sockets are on other ports is still not on
// the cited lines.
func (ix *index) servesOn(name string, narrow *index) bool {
	if strings.ContainsAny(name, " ()") {
		return false
	}
	a := claim{kind: kindName, class: classProcess, key: strings.ToLower(name), text: name}
	for _, sock := range ix.anchorRecords(a) {
		if ix.recs[sock].probe != "listening_ports" {
			continue
		}
		for _, ends := range narrow.socketsOf().far {
			if ix.reachesAny(ends, sock) {
				return true
			}
		}
	}
	return false
}
