package server

import (
	"context"
	"errors"

	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Authority decides whether a process may perform a polkit action; a
// *polkit.Conn is one. CheckAuthorizationContext returns nil only when the
// action is authorized, and wraps polkit's Err* outcomes otherwise (see
// package polkit).
type Authority interface {
	CheckAuthorizationContext(ctx context.Context, sub polkit.Subject, action string, interactive bool) error
}

// authorize is the admin check for a caller the policy sent to polkit (a
// member of the socket group). It runs after every cheap check, right
// before the handler, so a request that would fail anyway never makes
// anyone type a password. nil means polkit authorized m.Action.
func (c *conn) authorize(ctx context.Context, req rpc.Request, m Method) error {
	name := req.Method
	switch {
	case m.Action == "":
		// The access table test forbids it; refuse rather than guess.
		c.s.log.Error("admin method names no polkit action", "method", name)
		return rpc.Errorf(rpc.KindAccessDenied, "cannot run %s: it names no polkit action, so only root may run it", name).
			WithHint("run it with sudo")
	case c.s.opt.Polkit == nil:
		return rpc.Errorf(rpc.KindAccessDenied, "cannot run %s: uid %d is not root, and annad cannot ask polkit", name, c.id.UID).
			WithHint("run it with sudo")
	case c.id.StartTime == 0:
		return rpc.Errorf(rpc.KindAccessDenied, "cannot run %s: the calling process could not be identified for polkit", name).
			WithHint("run it with sudo")
	}
	limit := c.s.opt.PolkitTimeout
	if limit <= 0 {
		limit = polkit.Timeout
		if req.Interactive {
			limit = rpc.PromptTimeout
		}
	}
	pctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	sub := polkit.Subject{PID: c.id.PID, StartTime: c.id.StartTime, UID: c.id.UID}
	err := c.s.opt.Polkit.CheckAuthorizationContext(pctx, sub, m.Action, req.Interactive)
	switch {
	case err == nil:
		c.s.log.Info("polkit authorized", "method", name, "action", m.Action, "uid", c.id.UID, "pid", c.id.PID, "interactive", req.Interactive)
		return nil
	case errors.Is(err, polkit.ErrInteractionRequired):
		return rpc.Errorf(rpc.KindAuthRequired, "cannot run %s: polkit wants an administrator's password for %s, and the request allowed no prompt", name, m.Action).
			WithHint("run it from a terminal so the password prompt can appear, or run it with sudo")
	case errors.Is(err, polkit.ErrNoAgent):
		return rpc.Errorf(rpc.KindAuthNoAgent, "cannot run %s: polkit wants an administrator's password for %s, and no polkit agent runs in the caller's session to ask for it", name, m.Action).
			WithHint("run it with sudo, or from a desktop session whose polkit agent can ask")
	case errors.Is(err, polkit.ErrDismissed):
		return rpc.Errorf(rpc.KindAuthDismissed, "cannot run %s: the password prompt was closed", name).
			WithHint("run it again and enter an administrator's password, or run it with sudo")
	case errors.Is(err, polkit.ErrDenied):
		return rpc.Errorf(rpc.KindAuthDenied, "cannot run %s: polkit refused %s for uid %d", name, m.Action, c.id.UID).
			WithHint("run it with sudo if you are an administrator, otherwise ask one to")
	case ctx.Err() != nil:
		return ctx.Err() // the client hung up or annad is stopping
	case pctx.Err() != nil:
		return rpc.Errorf(rpc.KindTimeout, "cannot run %s: polkit gave no answer within %s", name, limit).
			WithHint("run it again and answer the password prompt sooner, or run it with sudo")
	}
	c.s.log.Warn("cannot ask polkit", "method", name, "action", m.Action, "err", err)
	return rpc.Errorf(rpc.KindAccessDenied, "cannot run %s: cannot ask polkit: %v", name, err).
		WithHint("run it with sudo; 'systemctl status polkit' shows whether polkit runs")
}
