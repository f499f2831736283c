package undo

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// Ollama's delete endpoint, as its API documents it; there are no model
// weights here to delete for real.
func TestOllamaDelete(t *testing.T) {
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Model string }
		_ = json.NewDecoder(r.Body).Decode(&body)
		asked = append(asked, r.Method+" "+r.URL.Path+" "+body.Model)
		switch body.Model {
		case "gone:1b":
			http.Error(w, `{"error":"model 'gone:1b' not found"}`, http.StatusNotFound)
		case "busy:1b":
			http.Error(w, `{"error":"disk is read-only"}`, http.StatusInternalServerError)
		}
	}))
	defer srv.Close()
	o := Ollama{URL: srv.URL + "/"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := o.Delete(ctx, "llama3.2:3b"); err != nil {
		t.Fatal(err)
	}
	if err := o.Delete(ctx, "gone:1b"); err != nil {
		t.Fatalf("a model already gone: %v", err)
	}
	if err := o.Delete(ctx, "busy:1b"); err == nil || !strings.Contains(err.Error(), "disk is read-only") || !strings.HasPrefix(err.Error(), "cannot delete model busy:1b") {
		t.Fatalf("error %v", err)
	}
	if asked[0] != "DELETE /api/delete llama3.2:3b" {
		t.Fatalf("asked %q", asked)
	}
}

// A command that does not exist fails with its argv named; the deadline
// bounds one that hangs.
func TestCommandsFailAndHonorTheDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := (Commands{}).Remove(ctx, []string{"/nonexistent/apt-get", "remove", "-y", "x"}); err == nil || !strings.HasPrefix(err.Error(), "cannot run /nonexistent/apt-get remove -y x") {
		t.Fatalf("error %v", err)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if err := (Exec{}).Run(short, []string{"sleep", "60"}); err == nil || !strings.Contains(err.Error(), "in time") {
		t.Fatalf("error %v", err)
	}
}

// Under systemd the commands run as transient units: the program is
// found in the fixed directories and handed to StartTransientUnit with
// the fixed environment; a failure carries the unit's exit status, and
// the deadline stops the unit.
func TestCommandsThroughSystemd(t *testing.T) {
	groupdel, err := exec.LookPath("/usr/sbin/groupdel")
	if err != nil {
		t.Skipf("no groupdel: %v", err)
	}
	bus := dbustest.New(t)
	fake := bus.Systemd(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := systemd.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := Commands{Runner: Systemd{Conn: conn}}
	if err := c.Remove(ctx, []string{"true"}); err != nil {
		t.Fatal(err)
	}
	// The group does not exist, so groupdel fails whoever runs the test.
	err = c.DeleteGroup(ctx, "anna-undo-test-none")
	var ee *systemd.ExitError
	if !errors.As(err, &ee) || ee.Status == 0 || !strings.HasPrefix(err.Error(), "cannot run "+groupdel+" anna-undo-test-none") {
		t.Fatalf("groupdel: %v", err)
	}
	if err := c.Remove(ctx, []string{"no-such-package-manager", "remove"}); err == nil || !strings.Contains(err.Error(), "not in /usr/sbin") {
		t.Fatalf("a missing program: %v", err)
	}
	short, cancel2 := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel2()
	if err := c.Remove(short, []string{"sleep", "600"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline: %v", err)
	}
	jobs := fake.Jobs()
	if len(jobs) < 3 || !strings.HasPrefix(jobs[0], "run /") || !strings.HasSuffix(jobs[0], "/true") ||
		jobs[1] != "run "+groupdel+" anna-undo-test-none" || !strings.HasSuffix(jobs[2], "/sleep 600") {
		t.Fatalf("jobs %q", jobs)
	}
}
