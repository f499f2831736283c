package daemon

import (
	"context"
	"reflect"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Every method declares an access level, and every method of the contract
// is served (snapd's TestCommandAccessSane, for JSON-RPC).
func TestMethodAccessSane(t *testing.T) {
	d, err := New(context.Background(), Options{Config: config.Default(), StateDir: t.TempDir(), Hardware: &rpc.Hardware{}})
	if err != nil {
		t.Fatal(err)
	}
	table := d.methods()
	for name, m := range table {
		if m.Access == peer.AccessUnset {
			t.Errorf("method %q declares no access level", name)
		}
		if m.Handle == nil {
			t.Errorf("method %q has no handler", name)
		}
	}
	for _, name := range []string{rpc.MethodStatus, rpc.MethodProbe, rpc.MethodProgress, rpc.MethodRequest, rpc.MethodReset, rpc.MethodUninstall} {
		if _, ok := table[name]; !ok {
			t.Errorf("contract method %q is not served", name)
		}
	}
	want := map[string]peer.Access{
		rpc.MethodStatus: peer.AccessRead, rpc.MethodProbe: peer.AccessRead, rpc.MethodProgress: peer.AccessRead,
		rpc.MethodRequest: peer.AccessOperate, rpc.MethodReset: peer.AccessOperate,
		rpc.MethodUninstall: peer.AccessAdmin,
	}
	got := map[string]peer.Access{}
	for name, m := range table {
		got[name] = m.Access
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("access table changed: %v, want %v (update this test deliberately)", got, want)
	}
}
