package supervisor

import "testing"

// TestIfaceCounts: a count of interfaces of a kind is ip addr's.
func TestIfaceCounts(t *testing.T) {
	host33 := EvidenceText(scenario(t, "host33")) // veth-db@veth-nas, veth-nas@veth-db; 6 links
	host35 := EvidenceText(scenario(t, "host35")) // docker0; veth3f1a2b@wlp2s0
	host50 := EvidenceText(scenario(t, "host50")) // one veth pair on docker0, one on br-3f2a91c0d1e4
	checkPairs(t, []pair{
		{"veth pairs whose ends are both shown", host33,
			"There is one veth pair (veth-db and veth-nas), so 2 veth interfaces.",
			"There are 2 veth pairs, veth-db and veth-nas."},
		{"bridges", host35,
			"There is 1 bridge, docker0, and it is down.",
			"There are 2 bridges, docker0 and wlp2s0."},
		{"all interfaces where it says how many", host33,
			"The machine has 6 network interfaces: lo, ifb0, ifb1, eth0, veth-db and veth-nas.",
			"The machine has 4 network interfaces: lo, eth0, veth-db and veth-nas."},
		{"some interfaces", host33,
			"2 interfaces are down: ifb0 and ifb1.", ""},
		{"a count qualified after its noun", host33,
			"There are 3 interfaces with an IPv4 address: lo, eth0 and veth-db.", ""},
		{"a count that leaves lo out", host33,
			"The machine has 5 network interfaces besides lo.",
			"The machine has 3 network interfaces besides lo."},
		{"the same words once qualified, once not", host35,
			"The VM has 2 bridges with an address, and the host has 1 bridge, docker0.",
			"The VM has 2 bridges with an address, and the host has 2 bridges, docker0."},
		{"veths attached to one bridge", host50,
			"There is 1 veth pair attached to docker0 and 2 veth pairs in total.",
			"There are 2 veth pairs attached to docker0."},
		// "are attached to" was read as "veths are …", a count of some
		// of them, and so never judged.
		{"veths said to be attached to a bridge", host50,
			"One veth interface is attached to docker0.",
			"Two veth interfaces are attached to docker0."},
		{"veths said to be connected to a bridge", EvidenceText(scenario(t, "host54")), // three veths on cni0
			"Three veths are connected to the cni0 bridge.",
			"Four veth interfaces are attached to the cni0 bridge."},
	})
}
