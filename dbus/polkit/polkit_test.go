package polkit_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/dbus/dbustest"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// guard bounds calls that should answer at once; it fails a hung test,
// it measures nothing.
const guard = 30 * time.Second

func setup(t *testing.T) (*dbustest.Polkit, *polkit.Conn, polkit.Subject) {
	t.Helper()
	bus := dbustest.New(t)
	fake := bus.Polkit(t)
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	conn, err := polkit.Connect(ctx, bus.Address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	start, err := peer.StartTime(dirs.Host, int32(os.Getpid()))
	if err != nil {
		t.Fatal(err)
	}
	return fake, conn, polkit.Subject{PID: int32(os.Getpid()), StartTime: start, UID: 1234}
}

func check(t *testing.T, conn *polkit.Conn, sub polkit.Subject, interactive bool) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	return conn.CheckAuthorizationContext(ctx, sub, polkit.ActionUninstall, interactive)
}

// Each of polkit's answers maps to nil or to its own error, for both values
// of the interaction flag; the subject and the flags arrive as polkit reads
// them (pid u, start-time t, uid i).
func TestOutcomes(t *testing.T) {
	fake, conn, sub := setup(t)
	cases := []struct {
		answer      dbustest.PolkitAnswer
		interactive bool
		want        error // nil means authorized
	}{
		{dbustest.PolkitYes, false, nil},
		{dbustest.PolkitYes, true, nil},
		{dbustest.PolkitNo, false, polkit.ErrDenied},
		{dbustest.PolkitNo, true, polkit.ErrDenied},
		{dbustest.PolkitPromptYes, false, polkit.ErrInteractionRequired},
		{dbustest.PolkitPromptYes, true, nil},
		{dbustest.PolkitPromptNo, true, polkit.ErrDenied},
		{dbustest.PolkitPromptDismiss, false, polkit.ErrInteractionRequired},
		{dbustest.PolkitPromptDismiss, true, polkit.ErrDismissed},
		{dbustest.PolkitChallenge, true, polkit.ErrNoAgent},
		{dbustest.PolkitChallenge, false, polkit.ErrInteractionRequired},
	}
	outcomes := []error{polkit.ErrDenied, polkit.ErrDismissed, polkit.ErrInteractionRequired, polkit.ErrNoAgent}
	for i, c := range cases {
		fake.Set(polkit.ActionUninstall, c.answer)
		err := check(t, conn, sub, c.interactive)
		if c.want == nil {
			if err != nil {
				t.Errorf("case %d: answer %d interactive=%v: %v, want authorized", i, c.answer, c.interactive, err)
			}
		} else {
			for _, o := range outcomes {
				if errors.Is(err, o) != (o == c.want) {
					t.Errorf("case %d: answer %d interactive=%v: %v, want exactly %v", i, c.answer, c.interactive, err, c.want)
				}
			}
		}
		calls := fake.Calls()
		if len(calls) != i+1 {
			t.Fatalf("case %d: polkit got %d calls, want %d", i, len(calls), i+1)
		}
		got := calls[i]
		if got.Kind != "unix-process" || got.PID != uint32(sub.PID) || got.StartTime != sub.StartTime || got.UID != int32(sub.UID) {
			t.Errorf("case %d: subject %+v, want %v", i, got, sub)
		}
		if got.Types["pid"] != "u" || got.Types["start-time"] != "t" || got.Types["uid"] != "i" || len(got.Types) != 3 {
			t.Errorf("case %d: subject types %v, want pid u, start-time t, uid i", i, got.Types)
		}
		wantFlags := uint32(0)
		if c.interactive {
			wantFlags = polkit.FlagAllowUserInteraction
		}
		if got.Flags != wantFlags || got.Action != polkit.ActionUninstall || len(got.Details) != 0 || got.CancelID == "" {
			t.Errorf("case %d: call %+v, want flags %d, action %s, no details, a cancellation id", i, got, wantFlags, polkit.ActionUninstall)
		}
	}
}

// An action polkit does not know is a D-Bus error, not a refusal.
func TestUnknownActionIsAnError(t *testing.T) {
	_, conn, sub := setup(t)
	err := check(t, conn, sub, false)
	var reply dbus.Error
	if !errors.As(err, &reply) || reply.Name != "org.freedesktop.PolicyKit1.Error.Failed" {
		t.Fatalf("got %v, want polkit's D-Bus error", err)
	}
	if errors.Is(err, polkit.ErrDenied) {
		t.Fatal("a failure to ask must not look like a refusal")
	}
}

// Without a start time polkit would judge whatever process holds the pid
// now: the check is refused before the bus is asked.
func TestNoStartTimeNeverAsks(t *testing.T) {
	fake, conn, sub := setup(t)
	fake.Set(polkit.ActionUninstall, dbustest.PolkitYes)
	sub.StartTime = 0
	if err := check(t, conn, sub, false); err == nil {
		t.Fatal("a subject without a start time was authorized")
	}
	if n := len(fake.Calls()); n != 0 {
		t.Fatalf("polkit got %d calls, want none", n)
	}
}

// A check that outlives its context returns the context's error and
// cancels the pending check, so the agent's prompt closes too.
func TestDeadlineCancelsTheCheck(t *testing.T) {
	fake, conn, sub := setup(t)
	fake.Set(polkit.ActionUninstall, dbustest.PolkitHang)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	err := conn.CheckAuthorizationContext(ctx, sub, polkit.ActionUninstall, true)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the deadline", err)
	}
	calls, cancels := fake.Calls(), fake.Cancels()
	if len(calls) != 1 || len(cancels) != 1 || cancels[0] != calls[0].CancelID {
		t.Fatalf("calls %+v, cancels %v: want the hanging check canceled by its id", calls, cancels)
	}
	// A canceled context is refused at once as well.
	done, stop := context.WithCancel(context.Background())
	stop()
	if err := conn.CheckAuthorizationContext(done, sub, polkit.ActionUninstall, false); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestCancellationIDsAreFresh(t *testing.T) {
	fake, conn, sub := setup(t)
	fake.Set(polkit.ActionUninstall, dbustest.PolkitYes)
	for range 2 {
		if err := check(t, conn, sub, false); err != nil {
			t.Fatal(err)
		}
	}
	calls := fake.Calls()
	if calls[0].CancelID == calls[1].CancelID {
		t.Fatalf("two checks share cancellation id %q", calls[0].CancelID)
	}
}
