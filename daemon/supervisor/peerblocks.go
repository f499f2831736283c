package supervisor

import "strings"

// "5: veth-nas@veth-db:" heads veth-nas's ip addr block; veth-db is named
// there only as the link's peer. The addresses under that header are
// veth-nas's, so the block is no record of veth-db: "- veth-db:
// 10.20.0.11/24" must be read from veth-db's own block.

// withoutPeerBlocks drops from an interface's records the ip addr blocks
// of other interfaces that name it only as their peer.
func (ix *index) withoutPeerBlocks(a claim, recs []int32) []int32 {
	if a.class != classIface {
		return recs
	}
	out := recs[:0:0]
	for _, id := range recs {
		if !peerBlock(ix.recs[id], a.key) {
			out = append(out, id)
		}
	}
	return out
}

// peerBlock reports an ip addr block whose header names another
// interface, with name only after its "@".
func peerBlock(r record, name string) bool {
	if r.probe != "network_addrs" {
		return false
	}
	head, _, _ := strings.Cut(r.text, "\n")
	_, rest, ok := strings.Cut(head, ": ")
	if !ok {
		return false
	}
	link, _, ok := strings.Cut(rest, ": ")
	if !ok {
		return false
	}
	own, peer, ok := strings.Cut(link, "@")
	return ok && peer == name && own != name
}
