package daemon

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/config"
	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// accessProblems lists what is wrong with a method table: a method without
// an access level or a handler, an admin method without a known polkit
// action, or another method with one (it would never be asked).
func accessProblems(table map[string]server.Method) []string {
	var out []string
	for name, m := range table {
		if m.Access == peer.AccessUnset {
			out = append(out, fmt.Sprintf("method %q declares no access level", name))
		}
		if m.Handle == nil {
			out = append(out, fmt.Sprintf("method %q has no handler", name))
		}
		switch {
		case m.Access == peer.AccessAdmin && !slices.Contains(polkit.Actions, m.Action):
			out = append(out, fmt.Sprintf("admin method %q names polkit action %q, want one of %v", name, m.Action, polkit.Actions))
		case m.Access != peer.AccessAdmin && m.Action != "":
			out = append(out, fmt.Sprintf("%s method %q names polkit action %q, which would never be asked", m.Access, name, m.Action))
		}
	}
	slices.Sort(out)
	return out
}

// Every method declares an access level, admin methods and only they name
// a polkit action, and every method of the contract is served (snapd's
// TestCommandAccessSane, for JSON-RPC).
func TestMethodAccessSane(t *testing.T) {
	d, err := New(context.Background(), Options{Config: config.Default(), StateDir: t.TempDir(), Hardware: &rpc.Hardware{}})
	if err != nil {
		t.Fatal(err)
	}
	table := d.methods()
	for _, p := range accessProblems(table) {
		t.Error(p)
	}
	for _, name := range []string{rpc.MethodStatus, rpc.MethodProbe, rpc.MethodProgress, rpc.MethodRequest, rpc.MethodReset, rpc.MethodUninstall, rpc.MethodAutofix} {
		if _, ok := table[name]; !ok {
			t.Errorf("contract method %q is not served", name)
		}
	}
	want := map[string]peer.Access{
		rpc.MethodStatus: peer.AccessRead, rpc.MethodProbe: peer.AccessRead, rpc.MethodProgress: peer.AccessRead,
		rpc.MethodRequest: peer.AccessOperate, rpc.MethodReset: peer.AccessOperate, rpc.MethodAutofix: peer.AccessOperate,
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

// The table check catches each mistake it exists for.
func TestAccessProblemsCatchesMistakes(t *testing.T) {
	h := func(context.Context, json.RawMessage) (any, error) { return nil, nil }
	good := map[string]server.Method{
		"read":  {Access: peer.AccessRead, Handle: h},
		"admin": {Access: peer.AccessAdmin, Action: polkit.ActionUninstall, Handle: h},
	}
	if p := accessProblems(good); len(p) != 0 {
		t.Fatalf("a sane table has problems: %v", p)
	}
	for name, m := range map[string]server.Method{
		"admin without action":     {Access: peer.AccessAdmin, Handle: h},
		"admin with unknown":       {Access: peer.AccessAdmin, Action: "org.example.nope", Handle: h},
		"operate with action":      {Access: peer.AccessOperate, Action: polkit.ActionUninstall, Handle: h},
		"read with action":         {Access: peer.AccessRead, Action: polkit.ActionAutofix, Handle: h},
		"unset access":             {Handle: h},
		"admin action, no handler": {Access: peer.AccessAdmin, Action: polkit.ActionUninstall},
	} {
		if p := accessProblems(map[string]server.Method{name: m}); len(p) != 1 {
			t.Errorf("%s: problems %v, want exactly one", name, p)
		}
	}
}
