package dbustest

import (
	"slices"
	"sync"
	"testing"

	"github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
)

// PolkitAnswer scripts how the fake Authority answers a check.
type PolkitAnswer int

// Answers of the fake Authority. The Prompt answers play an authentication
// agent: without AllowUserInteraction they answer a challenge, as polkit
// does for auth_admin actions; with it, the agent's outcome.
const (
	// PolkitUnset answers like polkit for an action it does not know: a
	// D-Bus error.
	PolkitUnset PolkitAnswer = iota
	PolkitYes
	PolkitNo
	// PolkitChallenge answers "authentication needed" whatever the flags,
	// as polkit does when no agent serves the subject's session.
	PolkitChallenge
	PolkitPromptYes
	PolkitPromptNo
	PolkitPromptDismiss
	// PolkitHang never answers until the check is canceled
	// (CancelCheckAuthorization by the same connection) or the test ends.
	PolkitHang
)

// PolkitCall is one CheckAuthorization the fake received.
type PolkitCall struct {
	Sender string
	Kind   string // the subject's kind
	// PID, StartTime and UID are the subject's details; their D-Bus
	// signatures are in Types (e.g. Types["uid"] == "i").
	PID       uint32
	StartTime uint64
	UID       int32
	Types     map[string]string
	Action    string
	Details   map[string]string
	Flags     uint32
	CancelID  string
}

// PolkitAgent is one RegisterAuthenticationAgentWithOptions the fake
// received: an authentication agent (pkttyagent) registering for a
// subject.
type PolkitAgent struct {
	Sender string
	Kind   string // the subject's kind
	// PID and StartTime are a unix-process subject's details.
	PID        uint32
	StartTime  uint64
	ObjectPath dbus.ObjectPath
	// Fallback is the "fallback" option (pkttyagent --fallback).
	Fallback bool
}

// Polkit is a fake org.freedesktop.PolicyKit1 Authority whose answers the
// test scripts per action, and per action and uid.
type Polkit struct {
	mu       sync.Mutex
	byAction map[string]PolkitAnswer
	byUID    map[polkitKey]PolkitAnswer
	byFunc   map[string]func(PolkitCall) PolkitAnswer
	calls    []PolkitCall
	agents   []PolkitAgent
	cancels  []string
	hanging  map[string]chan struct{} // by sender and cancellation id
	closed   chan struct{}
}

type polkitKey struct {
	action string
	uid    int32
}

// Polkit exports a fake polkit Authority under polkit's name on the bus.
// Every action answers PolkitUnset until the test sets it. A hanging check
// returns at the latest when t ends.
func (b *Bus) Polkit(t testing.TB) *Polkit {
	t.Helper()
	p := &Polkit{
		byAction: map[string]PolkitAnswer{}, byUID: map[polkitKey]PolkitAnswer{}, byFunc: map[string]func(PolkitCall) PolkitAnswer{},
		hanging: map[string]chan struct{}{}, closed: make(chan struct{}),
	}
	t.Cleanup(func() { close(p.closed) })
	b.Export(t, polkit.BusName, Object{Path: polkit.AuthorityPath, Interface: polkit.AuthorityInterface, Value: &authority{p}})
	return p
}

// Set scripts the answer for action, for every uid without an answer of
// its own.
func (p *Polkit) Set(action string, a PolkitAnswer) {
	p.mu.Lock()
	p.byAction[action] = a
	p.mu.Unlock()
}

// SetFor scripts the answer for action when the subject's uid is uid.
func (p *Polkit) SetFor(action string, uid uint32, a PolkitAnswer) {
	p.mu.Lock()
	p.byUID[polkitKey{action, int32(uid)}] = a
	p.mu.Unlock()
}

// Decide scripts the answer for action as a function of the call, for a
// test whose answer depends on what happened before the check (an agent
// that registered). It takes precedence over Set and SetFor, and runs
// outside the fake's lock.
func (p *Polkit) Decide(action string, f func(PolkitCall) PolkitAnswer) {
	p.mu.Lock()
	p.byFunc[action] = f
	p.mu.Unlock()
}

// Calls returns every CheckAuthorization received so far.
func (p *Polkit) Calls() []PolkitCall {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.calls)
}

// Agents returns every agent registration received so far.
func (p *Polkit) Agents() []PolkitAgent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.agents)
}

// Cancels returns the cancellation ids of every CancelCheckAuthorization
// received so far.
func (p *Polkit) Cancels() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.cancels)
}

// authority carries the D-Bus methods, apart from Polkit's own API so that
// Export sees only them.
type authority struct{ p *Polkit }

type polkitSubject struct {
	Kind    string
	Details map[string]dbus.Variant
}

type polkitResult struct {
	IsAuthorized bool
	IsChallenge  bool
	Details      map[string]string
}

// CheckAuthorization answers as scripted. Like polkit it refuses a
// unix-process subject whose pid or start-time has the wrong type.
func (a *authority) CheckAuthorization(sender dbus.Sender, sub polkitSubject, action string, details map[string]string, flags uint32, cancelID string) (polkitResult, *dbus.Error) {
	p := a.p
	call := PolkitCall{Sender: string(sender), Kind: sub.Kind, Types: map[string]string{}, Action: action, Details: details, Flags: flags, CancelID: cancelID}
	for k, v := range sub.Details {
		call.Types[k] = v.Signature().String()
	}
	pid, okPID := sub.Details["pid"].Value().(uint32)
	start, okStart := sub.Details["start-time"].Value().(uint64)
	call.PID, call.StartTime = pid, start
	call.UID, _ = sub.Details["uid"].Value().(int32)

	p.mu.Lock()
	p.calls = append(p.calls, call)
	answer, ok := p.byUID[polkitKey{action, call.UID}]
	if !ok {
		answer = p.byAction[action]
	}
	decide := p.byFunc[action]
	p.mu.Unlock()
	if decide != nil {
		answer = decide(call)
	}
	p.mu.Lock()
	var hang chan struct{}
	if answer == PolkitHang {
		hang = make(chan struct{})
		p.hanging[call.Sender+"\x00"+cancelID] = hang
	}
	p.mu.Unlock()

	if sub.Kind != "unix-process" || !okPID || !okStart {
		return polkitResult{}, dbus.NewError("org.freedesktop.PolicyKit1.Error.Failed", []any{"Error parsing unix-process subject"})
	}
	interactive := flags&polkit.FlagAllowUserInteraction != 0
	switch answer {
	case PolkitYes:
		return polkitResult{IsAuthorized: true, Details: map[string]string{}}, nil
	case PolkitNo:
		return polkitResult{Details: map[string]string{}}, nil
	case PolkitChallenge:
		return polkitResult{IsChallenge: true, Details: map[string]string{}}, nil
	case PolkitPromptYes, PolkitPromptNo, PolkitPromptDismiss:
		if !interactive {
			return polkitResult{IsChallenge: true, Details: map[string]string{}}, nil
		}
		r := polkitResult{IsAuthorized: answer == PolkitPromptYes, Details: map[string]string{}}
		if answer == PolkitPromptDismiss {
			r.Details[polkit.DetailDismissed] = "true"
		}
		return r, nil
	case PolkitHang:
		select {
		case <-hang:
		case <-p.closed:
		}
		return polkitResult{}, dbus.NewError("org.freedesktop.PolicyKit1.Error.Cancelled", []any{"The authentication was cancelled"})
	}
	return polkitResult{}, dbus.NewError("org.freedesktop.PolicyKit1.Error.Failed", []any{"Action " + action + " is not registered"})
}

// CancelCheckAuthorization ends a hanging check started by the same
// connection with the same cancellation id, as polkit does.
func (a *authority) CancelCheckAuthorization(sender dbus.Sender, cancelID string) *dbus.Error {
	p := a.p
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cancels = append(p.cancels, cancelID)
	key := string(sender) + "\x00" + cancelID
	if ch, ok := p.hanging[key]; ok {
		close(ch)
		delete(p.hanging, key)
		return nil
	}
	return dbus.NewError("org.freedesktop.PolicyKit1.Error.Failed", []any{"No pending authorization with id " + cancelID})
}

// RegisterAuthenticationAgentWithOptions records the agent and accepts it,
// as polkit does for an agent of the subject's own user.
func (a *authority) RegisterAuthenticationAgentWithOptions(sender dbus.Sender, sub polkitSubject, locale string, path dbus.ObjectPath, options map[string]dbus.Variant) *dbus.Error {
	ag := PolkitAgent{Sender: string(sender), Kind: sub.Kind, ObjectPath: path}
	ag.PID, _ = sub.Details["pid"].Value().(uint32)
	ag.StartTime, _ = sub.Details["start-time"].Value().(uint64)
	ag.Fallback, _ = options["fallback"].Value().(bool)
	a.p.mu.Lock()
	a.p.agents = append(a.p.agents, ag)
	a.p.mu.Unlock()
	return nil
}

// UnregisterAuthenticationAgent accepts what an agent sends as it ends.
func (a *authority) UnregisterAuthenticationAgent(sub polkitSubject, path dbus.ObjectPath) *dbus.Error {
	return nil
}
