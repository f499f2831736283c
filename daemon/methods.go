package daemon

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/daemon/server"
	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// methods is the one table of RPC methods and their access levels. The
// contract of each method's params and result is documented in package rpc.
func (d *Daemon) methods() map[string]server.Method {
	return map[string]server.Method{
		rpc.MethodStatus:    {Access: peer.AccessRead, Handle: d.status},
		rpc.MethodProbe:     {Access: peer.AccessRead, Handle: d.probe},
		rpc.MethodProgress:  {Access: peer.AccessRead, Handle: d.progressOf, Polled: true},
		rpc.MethodRequest:   {Access: peer.AccessOperate, Handle: d.request},
		rpc.MethodReset:     {Access: peer.AccessOperate, Handle: d.reset},
		rpc.MethodUninstall: {Access: peer.AccessAdmin, Action: polkit.ActionUninstall, Handle: d.uninstall},
		rpc.MethodAutofix:   {Access: peer.AccessOperate, Handle: d.autofix},
	}
}

func (d *Daemon) status(ctx context.Context, raw json.RawMessage) (any, error) {
	if _, err := server.Params[struct{}](raw); err != nil {
		return nil, err
	}
	// The first check is bounded by its own short deadline.
	select {
	case <-d.checked:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	h := d.llm.Health()
	model := d.model
	model.Present = h.ModelPresent
	st := rpc.Status{
		Version:       version.String(),
		PID:           os.Getpid(),
		StartedAt:     d.started,
		UptimeSeconds: time.Since(d.started).Seconds(),
		DebugMode:     d.debug.DebugMode(),
		Socket:        d.opt.Socket,
		StateDir:      d.opt.StateDir,
		ConfigFile:    d.opt.ConfigFile,
		Hardware:      d.hardware(),
		Model:         model,
		Ollama: rpc.Ollama{
			URL: d.llm.URL(), Reachable: h.Reachable, Version: h.Version, CheckedAt: h.CheckedAt,
			LastError: h.LastError, LastErrorHint: h.LastErrorHint, LastErrorAt: h.LastErrorAt,
			LastErrorResolvedAt: h.LastErrorResolvedAt,
		},
		Probes:         probes.IDs,
		ConfigWarnings: d.opt.ConfigWarnings,
		Degraded:       degraded(h),
		Ledger:         d.ledgerState(),
	}
	d.upkeep.status(&st)
	return st, nil
}

func (d *Daemon) probe(ctx context.Context, raw json.RawMessage) (any, error) {
	p, err := server.Params[rpc.ProbeParams](raw)
	if err != nil {
		return nil, err
	}
	if p.Probe == "" {
		return nil, rpc.Errorf(rpc.KindInvalidParams, "cannot run a probe: params.probe is missing").
			WithHint("name one of the allowlisted probes, e.g. {\"probe\": \"top_memory\"}")
	}
	res, err := d.probes.Run(ctx, p.Probe)
	if err != nil {
		return nil, err
	}
	return res, nil
}

func (d *Daemon) progressOf(ctx context.Context, raw json.RawMessage) (any, error) {
	p, err := server.Params[rpc.ProgressParams](raw)
	if err != nil {
		return nil, err
	}
	caller, _ := peer.FromContext(ctx)
	return d.progress.Get(p.RequestID, p.Since, caller)
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

func validID(what, id string) error {
	if id == "" {
		return nil
	}
	if len(id) > rpc.MaxIDBytes || !idPattern.MatchString(id) {
		return rpc.Errorf(rpc.KindInvalidParams, "cannot use %s %q: use up to %d letters, digits, '-' or '_'", what, id, rpc.MaxIDBytes)
	}
	return nil
}

func (d *Daemon) request(ctx context.Context, raw json.RawMessage) (any, error) {
	p, err := server.Params[rpc.RequestParams](raw)
	if err != nil {
		return nil, err
	}
	switch {
	case strings.TrimSpace(p.Text) == "":
		return nil, rpc.Errorf(rpc.KindInvalidParams, "cannot answer an empty request").
			WithHint("ask a question, e.g. annactl what is using my memory")
	case len(p.Text) > rpc.MaxRequestTextBytes:
		return nil, rpc.Errorf(rpc.KindInvalidParams, "cannot take a request of %d bytes: the limit is %d", len(p.Text), rpc.MaxRequestTextBytes).
			WithHint("ask a shorter question")
	}
	if err := validID("session", p.Session); err != nil {
		return nil, err
	}
	if err := validID("request_id", p.RequestID); err != nil {
		return nil, err
	}
	if p.RequestID == "" {
		p.RequestID = newID()
	}
	caller, _ := peer.FromContext(ctx)
	// Admission comes first: a request told "busy" holds nothing.
	place, err := d.queue.Admit(caller.UID)
	if err != nil {
		return nil, err // the server's request log line shows it
	}
	defer place.Done()
	rec, err := d.progress.Begin(p.RequestID, caller.UID, d.debug.DebugMode())
	if err != nil {
		return nil, err
	}
	defer rec.Done()
	return d.desk.Ask(ctx, place, p, rec)
}

func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// reset forgets what Anna learned about the caller: their conversation
// sessions, recent progress and learned/<uid>. Root's reset (and annad's
// own user's) forgets everyone's, and all of learned/, and returns the
// debug mode to the config's default. A member's reset leaves the debug
// mode alone: it is daemon-wide, not the member's. Root's reset also drops
// the ledger's entries of learned data. Nothing is followed
// through a symlink (package statedir). It is idempotent.
func (d *Daemon) reset(ctx context.Context, raw json.RawMessage) (any, error) {
	if _, err := server.Params[struct{}](raw); err != nil {
		return nil, err
	}
	caller, _ := peer.FromContext(ctx)
	all := caller.IsRoot() || caller.UID == uint32(os.Geteuid())
	only := ""
	if all {
		d.sessions.ResetAll()
	} else {
		d.sessions.Reset(caller.UID)
		only = strconv.FormatUint(uint64(caller.UID), 10)
	}
	d.progress.Reset(caller.UID, all)
	removed, err := d.state.Empty(learnedDir, only)
	if err == nil && all {
		err = d.debug.reset()
	}
	if err == nil && all {
		// What reset deleted is learned data; the ledger forgets it too
		// and keeps every real change (package ledger, "What reset
		// forgets").
		_, err = d.ledger.DropLearned()
	}
	if err != nil {
		d.log.Error("reset failed", "uid", caller.UID, "err", err)
		return nil, rpc.Errorf(rpc.KindInternal, "%v", err).
			WithHint("check the journal (journalctl -u annad) and the state directory's permissions")
	}
	d.log.Info("learned data reset", "uid", caller.UID, "everyone", all, "removed", len(removed), "debug_mode", d.debug.DebugMode())
	return rpc.ResetResult{StateDir: d.opt.StateDir, Removed: removed}, nil
}
