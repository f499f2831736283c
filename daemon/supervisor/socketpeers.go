package supervisor

import "strings"

// A client's journal line names the server it failed to reach by its
// address and port ("psql: … connection to server at "127.0.0.1", port
// 5432 failed: FATAL: password authentication failed"), and ss's row of
// that socket names the process behind it (postgres, pid=10738, whose ps
// row runs /usr/lib/postgresql/15/bin/postgres). So a cause said of the
// client ("cdr-export failed because PostgreSQL rejected the password")
// may name the server, and one said of the server may read the client's
// line. Only the listener on that very port, at that address or on all
// addresses, links: a name that listens elsewhere ("because MySQL
// rejected …") finds nothing more.

// wildcardAddrs are the local addresses of a socket listening on every
// address.
var wildcardAddrs = map[string]bool{"0.0.0.0": true, "*": true, "[::]": true, "::": true, "": true}

// addSocketPeers adds to scope the listening sockets a record of scope
// reaches (with their processes' records), and the records that reach a
// listening socket of scope.
func (ix *index) addSocketPeers(scope map[int32]bool) {
	var listeners, clients []int32
	for id := range scope {
		if ix.recs[id].probe == "listening_ports" {
			listeners = append(listeners, id)
		} else {
			clients = append(clients, id)
		}
	}
	for _, id := range clients {
		for _, v := range ix.recs[id].values {
			port, ok := onePort(v)
			if !ok {
				continue
			}
			for sock := range ix.portSockets(port) {
				if !ix.reaches(id, sock) {
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
		for id, r := range ix.recs {
			if r.probe == "listening_ports" || scope[int32(id)] {
				continue
			}
			for _, v := range r.values {
				if port, ok := onePort(v); ok && ix.portSockets(port)[sock] && ix.reaches(int32(id), sock) {
					scope[int32(id)] = true
					break
				}
			}
		}
	}
}

// reaches reports whether record id names the local address of the
// listening socket sock, or sock listens on every address.
func (ix *index) reaches(id, sock int32) bool {
	addr := strings.ToLower(localAddress(ix.recs[sock].text))
	return wildcardAddrs[addr] || strings.Contains(ix.recs[id].text, strings.Trim(addr, "[]"))
}

// onePort returns the port a value names, when it names one.
func onePort(v value) (int, bool) {
	if v.kind != kindPort || v.iv.hi-v.iv.lo > 1 {
		return 0, false
	}
	return int(v.iv.lo + 0.5), true
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
		s := ix.recs[sock]
		if s.probe != "listening_ports" {
			continue
		}
		addr := strings.Trim(strings.ToLower(localAddress(s.text)), "[]")
		for _, r := range narrow.recs {
			if r.probe == "listening_ports" || !wildcardAddrs[addr] && !strings.Contains(r.text, addr) {
				continue
			}
			for _, v := range r.values {
				if port, ok := onePort(v); ok && ix.portSockets(port)[sock] {
					return true
				}
			}
		}
	}
	return false
}
