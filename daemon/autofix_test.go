package daemon_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

func check(t *testing.T, res *rpc.AutofixResult, prefix string) rpc.AutofixCheck {
	t.Helper()
	for _, c := range res.Checks {
		if strings.HasPrefix(c.Name, prefix) {
			return c
		}
	}
	t.Fatalf("autofix ran no %q check: %+v", prefix, res.Checks)
	return rpc.AutofixCheck{}
}

// autofix is served to members, checks the paths this annad really uses,
// and finds a config file broken after start, saying where.
func TestAutofixChecksThisDaemon(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := d.ClientAs(t, 1000).Autofix(ctx)
	if err != nil {
		t.Fatalf("autofix as a member: %v", err)
	}
	if c := check(t, res, "state directory "+d.StateDir); !c.OK {
		t.Errorf("state directory: %+v", c)
	}
	check(t, res, "socket "+d.Socket)
	if c := check(t, res, "ledger"); !c.OK {
		t.Errorf("ledger: %+v", c)
	}
	if c := check(t, res, "config"); !c.OK {
		t.Errorf("config: %+v", c)
	}

	if err := os.WriteFile(d.ConfigFile, []byte("[ollama]\nparallel = \"many\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = d.Client(t).Autofix(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := check(t, res, "config")
	if c.OK || !strings.Contains(c.Error, "parallel") || c.Advice == "" || res.Problems == 0 {
		t.Errorf("a broken config: %+v (problems %d)", c, res.Problems)
	}
}

// A repair is made and written to the ledger, so the record of what Anna
// did to the machine includes what autofix put back.
func TestAutofixRepairsAndLedgersIt(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{})
	if err := os.Chmod(d.StateDir, 0o777); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := d.Client(t).Autofix(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := check(t, res, "state directory "+d.StateDir)
	if !c.OK || c.Action == "" {
		t.Fatalf("state directory: %+v", c)
	}
	if fi, err := os.Stat(d.StateDir); err != nil || fi.Mode().Perm()&0o022 != 0 {
		t.Fatalf("state directory still writable by others: %v %v", fi.Mode(), err)
	}
	data, err := os.ReadFile(filepath.Join(d.StateDir, "ledger.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc ledger.Document
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(doc.Entries, func(e ledger.Entry) bool {
		return e.Kind == ledger.Repaired && e.Target == d.StateDir && strings.HasPrefix(e.Reason, "autofix: ")
	}) {
		t.Fatalf("the ledger does not record the repair of %s:\n%s", d.StateDir, data)
	}
}
