package probes

import (
	"context"
	"errors"
	"fmt"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// systemSpecs are the probes that read netlink, systemd over D-Bus and the
// journal.
func systemSpecs() []Spec {
	return []Spec{
		{ID: NetworkAddrs, Command: "ip addr show", Source: "netlink", Run: networkAddrs},
		{ID: NetworkRoutes, Command: "ip route", Source: "netlink", Run: networkRoutes},
		{ID: ListeningPorts, Command: "ss -tulpn", Source: "netlink sock_diag + procfs", Run: listeningPorts},
		{ID: FailedServices, Command: "systemctl --failed", Source: "systemd D-Bus", Run: failedServices},
		{ID: SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Source: "journal files, read natively", Run: systemLogs},
	}
}

// dumpAttempts is how often a netlink dump that the kernel marks as
// interrupted (the table changed while it was read) is tried before the
// probe gives up rather than report an inconsistent table.
const dumpAttempts = 3

// netlinkDump runs dump on env's netlink handle for family (a NETLINK_*
// protocol) and returns its result, or ctx's error as soon as ctx ends:
// netlink calls take no context, so dump runs in a goroutine that finishes
// on its own (the library's socket timeout bounds it). what names the
// operation in errors, e.g. "list interfaces".
func netlinkDump[T any](ctx context.Context, env *Env, family int, what string, dump func(h *netlink.Handle) (T, error)) (T, error) {
	var zero T
	h := &netlink.Handle{} // the zero handle opens a socket per call in our own namespace
	if env != nil && env.Netlink != nil {
		h = env.Netlink
		if !h.SupportsNetlinkFamily(family) {
			// Without a socket of its own, the library would silently ask
			// the daemon's namespace instead of the handle's.
			return zero, fmt.Errorf("cannot %s: the netlink handle has no socket for protocol %d", what, family)
		}
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer recovered(what+" over netlink", func(err error) { done <- result{err: err} })
		var r result
		for range dumpAttempts {
			r.v, r.err = dump(h)
			if !errors.Is(r.err, netlink.ErrDumpInterrupted) {
				break
			}
		}
		done <- r
	}()
	select {
	case r := <-done:
		var internal *internalError
		switch {
		case errors.As(r.err, &internal):
			return zero, r.err
		case r.err != nil:
			return zero, fmt.Errorf("cannot %s over netlink: %w", what, netlinkReason(r.err))
		}
		return r.v, nil
	case <-ctx.Done():
		return zero, fmt.Errorf("cannot %s over netlink: %w", what, context.Cause(ctx))
	}
}

// netlinkReason adds what to do to the errors a confined daemon gets.
func netlinkReason(err error) error {
	switch {
	case errors.Is(err, unix.EPERM), errors.Is(err, unix.EACCES):
		return fmt.Errorf("%w (annad needs to run as root with netlink sockets allowed)", err)
	case errors.Is(err, unix.EPROTONOSUPPORT), errors.Is(err, unix.EAFNOSUPPORT):
		return fmt.Errorf("%w (the kernel or a sandbox does not offer this netlink protocol)", err)
	}
	return err
}
