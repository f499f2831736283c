package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestPeerBlocks checks that an ip addr block headed "veth1@veth0:" is
// veth1's only: veth0 is named there as its peer.
func TestPeerBlocks(t *testing.T) {
	ev := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.NetworkAddrs, Command: "ip addr show", Stdout: `1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN qlen 1000
    inet 127.0.0.1/8 scope host lo
2: veth0@veth1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP qlen 1000
    inet 172.30.0.1/24 scope global veth0
3: veth1@veth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP qlen 1000
    inet 172.30.0.2/24 scope global veth1
4: br0: <BROADCAST,MULTICAST> mtu 1500 state DOWN qlen 1000
`}}})
	tests := []pair{
		{"a list of interface: address lines", ev,
			"**Addresses**\n- lo: 127.0.0.1/8\n- veth0: 172.30.0.1/24\n- veth1: 172.30.0.2/24",
			"**Addresses**\n- lo: 127.0.0.1/8\n- veth0: 172.30.0.2/24\n- veth1: 172.30.0.1/24"},
		{"an address in a sentence", ev,
			"veth1 has 172.30.0.2/24 and is up.",
			"veth0 has 172.30.0.2/24 and is up."},
		{"the peer may still be named", ev,
			"veth0 and veth1 are a pair; br0 is down.", ""},
	}
	checkPairs(t, tests)
}
