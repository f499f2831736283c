package daemon_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
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
