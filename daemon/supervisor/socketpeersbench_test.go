package supervisor

import "testing"

// BenchmarkSocketPeers measures addSocketPeers on host63 (about 1450
// records, 60 listening sockets), once with every listener in scope and
// once with every journal line: the two directions a cause sentence's
// scope may take; "cold" adds the index's socket cache being built, as
// on an index's first cause sentence.
func BenchmarkSocketPeers(b *testing.B) {
	ix := newIndex(EvidenceText(scenario(b, "host63")))
	for _, side := range []string{"listening_ports", "system_logs", "cold"} {
		b.Run(side, func(b *testing.B) {
			for b.Loop() {
				if side == "cold" {
					ix.sockets = nil
				}
				scope := map[int32]bool{}
				for id, r := range ix.recs {
					if r.probe == side || side == "cold" && r.probe == "listening_ports" {
						scope[int32(id)] = true
					}
				}
				ix.addSocketPeers(scope)
			}
		})
	}
}
