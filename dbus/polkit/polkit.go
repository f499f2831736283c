package polkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/godbus/dbus/v5"

	annadbus "github.com/jjgarcianorway/anna-assistant/dbus"
)

// The well-known name, object and interface of polkit's Authority.
const (
	BusName            = "org.freedesktop.PolicyKit1"
	AuthorityPath      = dbus.ObjectPath("/org/freedesktop/PolicyKit1/Authority")
	AuthorityInterface = "org.freedesktop.PolicyKit1.Authority"
)

// The polkit actions of annad's admin methods, declared in
// installer/polkit/io.github.jjgarcianorway.anna.policy. Each admin method of
// the daemon's table names one of them.
const (
	ActionUninstall   = "io.github.jjgarcianorway.anna.uninstall"
	ActionAutofix     = "io.github.jjgarcianorway.anna.autofix"
	ActionExecutePlan = "io.github.jjgarcianorway.anna.execute-plan"
)

// Actions lists every action above, for tests that compare them with the
// policy file.
var Actions = []string{ActionUninstall, ActionAutofix, ActionExecutePlan}

// FlagAllowUserInteraction is CheckAuthorization's flag that lets polkit
// start an authentication agent's prompt.
const FlagAllowUserInteraction uint32 = 1

// DetailDismissed is the result detail polkit sets to "true" when the user
// closed the agent's prompt instead of authenticating.
const DetailDismissed = "polkit.dismissed"

// Timeout bounds a check without a prompt: polkit then answers from its
// rules and cached authorizations in milliseconds. A check with a prompt
// waits for a person typing a password and needs minutes (annad gives it
// rpc.PromptTimeout).
const Timeout = 10 * time.Second

// cancelTimeout bounds the CancelCheckAuthorization sent when a check's
// context ends, so the agent's prompt does not outlive the request.
const cancelTimeout = 2 * time.Second

// The outcomes of a check that did not authorize. CheckAuthorizationContext
// wraps exactly one of them; callers switch with errors.Is.
var (
	// ErrDenied: polkit refused (the rules say no, or authentication
	// failed).
	ErrDenied = errors.New("polkit denied the action")
	// ErrDismissed: the user closed the authentication prompt.
	ErrDismissed = errors.New("the authentication prompt was dismissed")
	// ErrInteractionRequired: the action needs authentication, and the
	// caller did not allow a prompt.
	ErrInteractionRequired = errors.New("the action needs authentication, and no prompt was allowed")
	// ErrNoAgent: the action needs authentication and a prompt was
	// allowed, but no authentication agent serves the subject's session.
	ErrNoAgent = errors.New("the action needs authentication, and no polkit agent can ask for it")
)

// Subject is the unix-process polkit decides for.
type Subject struct {
	PID int32
	// StartTime is field 22 of /proc/<pid>/stat (clock ticks since boot),
	// read when the process connected. Polkit compares it with the
	// process that holds the pid now, so a reused pid is refused.
	StartTime uint64
	UID       uint32
}

// String renders the subject for logs and errors.
func (s Subject) String() string {
	return fmt.Sprintf("unix-process pid=%d start-time=%d uid=%d", s.PID, s.StartTime, s.UID)
}

// subject is Subject in polkit's D-Bus form, (sa{sv}).
type subject struct {
	Kind    string
	Details map[string]dbus.Variant
}

// result is CheckAuthorization's (bba{ss}).
type result struct {
	IsAuthorized bool
	IsChallenge  bool
	Details      map[string]string
}

// Conn is a private connection to a bus on which polkit's Authority answers.
// It is safe for concurrent use. Every call exists only in its Context
// variant: annad never waits on polkit without a deadline.
type Conn struct {
	bus       *dbus.Conn
	authority dbus.BusObject
}

// ConnectSystem opens a private connection to the system bus (see
// dbus.SystemBusAddress in this module).
func ConnectSystem(ctx context.Context) (*Conn, error) {
	return Connect(ctx, annadbus.SystemBusAddress())
}

// Connect opens a private connection to the bus at address. Dialling,
// authentication and Hello are bounded by ctx (the error then wraps
// ctx.Err()); ctx does not limit the connection's lifetime. Call Close when
// done.
func Connect(ctx context.Context, address string) (*Conn, error) {
	bus, err := annadbus.Open(ctx, address)
	if err != nil {
		return nil, err
	}
	return &Conn{bus: bus, authority: bus.Object(BusName, AuthorityPath)}, nil
}

// Close closes the connection; calls in flight fail. Closing twice is
// harmless.
func (c *Conn) Close() error {
	if err := c.bus.Close(); err != nil {
		return fmt.Errorf("cannot close the D-Bus connection: %w", err)
	}
	return nil
}

// CheckAuthorizationContext asks polkit whether sub may perform action. It
// returns nil only when polkit authorized it. interactive sets
// AllowUserInteraction, so polkit may have the subject's authentication
// agent prompt for a password; the call then lasts as long as the prompt,
// and the caller's ctx should allow for that.
//
// A refusal wraps exactly one of ErrDenied, ErrDismissed,
// ErrInteractionRequired and ErrNoAgent. When ctx ends first the error wraps
// ctx.Err(), and a prompt still open is canceled (CancelCheckAuthorization,
// bounded by a short deadline of its own). A D-Bus error reply (polkit not
// running, an unknown action) is wrapped unchanged: errors.As with a
// dbus.Error gives its name. A subject without a start time is refused
// before the bus is asked, since polkit would look up whatever process
// holds the pid now.
func (c *Conn) CheckAuthorizationContext(ctx context.Context, sub Subject, action string, interactive bool) error {
	if sub.PID <= 0 || sub.StartTime == 0 {
		return fmt.Errorf("cannot ask polkit about %s: the process's start time is unknown", sub)
	}
	var flags uint32
	if interactive {
		flags |= FlagAllowUserInteraction
	}
	// The cancellation id lets a check that outlives ctx close its prompt;
	// polkit scopes it to this connection.
	cancelID := newCancelID()
	call := c.authority.CallWithContext(ctx, AuthorityInterface+".CheckAuthorization", 0,
		subject{Kind: "unix-process", Details: map[string]dbus.Variant{
			"pid":        dbus.MakeVariant(uint32(sub.PID)),
			"start-time": dbus.MakeVariant(sub.StartTime),
			// polkit reads the uid as int32 and ignores any other type.
			"uid": dbus.MakeVariant(int32(sub.UID)),
		}},
		action, map[string]string{}, flags, cancelID)
	if call.Err != nil {
		if ctx.Err() != nil {
			c.cancel(cancelID)
			return fmt.Errorf("cannot get polkit's answer for %s: %w", action, ctx.Err())
		}
		return fmt.Errorf("cannot ask polkit about %s: %w", action, call.Err)
	}
	var r result
	if err := call.Store(&r); err != nil {
		return fmt.Errorf("cannot decode polkit's answer for %s: %w", action, err)
	}
	if err := outcome(r, interactive); err != nil {
		return fmt.Errorf("cannot get authorization for %s: %w", action, err)
	}
	return nil
}

// outcome maps polkit's result to nil or one of the outcome errors. polkit
// answers a challenge it could not start (no agent) exactly like one it was
// not allowed to start, so the flag sent tells them apart.
func outcome(r result, interactive bool) error {
	switch {
	case r.IsAuthorized:
		return nil
	case r.IsChallenge && interactive:
		return ErrNoAgent
	case r.IsChallenge:
		return ErrInteractionRequired
	case r.Details[DetailDismissed] == "true":
		return ErrDismissed
	}
	return ErrDenied
}

// cancel asks polkit to drop the check with id, closing its prompt.
func (c *Conn) cancel(id string) {
	ctx, stop := context.WithTimeout(context.Background(), cancelTimeout)
	defer stop()
	_ = c.authority.CallWithContext(ctx, AuthorityInterface+".CancelCheckAuthorization", 0, id).Err
}

func newCancelID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails on Linux
	return "anna-" + hex.EncodeToString(b[:])
}
