package systemd

import (
	"context"
	"fmt"

	"github.com/godbus/dbus/v5"
)

// maxFinished bounds the results kept of jobs nobody waits for yet: a job
// may end before its caller has read the job's path from the reply.
const maxFinished = 256

// JobError is a job that ended with a result other than "done".
type JobError struct {
	// Unit is the unit the job was for; Result is systemd's word for how
	// it ended: "canceled", "timeout", "failed", "dependency", "skipped".
	Unit, Result string
}

// Error says what failed and where to look.
func (e *JobError) Error() string {
	return fmt.Sprintf("its job finished with result %q; see journalctl -u %s", e.Result, e.Unit)
}

// subscribe asks systemd for its job signals once per connection, before
// the first job whose end a caller awaits: systemd emits JobRemoved only
// to subscribed clients.
func (c *Conn) subscribe(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.subscribed {
		return nil
	}
	err := c.bus.AddMatchSignalContext(ctx, dbus.WithMatchObjectPath(ManagerPath),
		dbus.WithMatchInterface(ManagerInterface), dbus.WithMatchMember("JobRemoved"))
	if err == nil {
		err = c.manager.CallWithContext(ctx, ManagerInterface+".Subscribe", 0).Err
	}
	if err != nil {
		return fmt.Errorf("cannot subscribe to systemd's job signals: %w", err)
	}
	c.subscribed = true
	c.signals = make(chan *dbus.Signal, 64)
	c.waiting = map[dbus.ObjectPath]chan string{}
	c.finished = map[dbus.ObjectPath]string{}
	c.bus.Signal(c.signals)
	go c.route(c.signals)
	return nil
}

// route hands each JobRemoved result to the caller waiting for that job,
// or keeps it until that caller asks.
func (c *Conn) route(signals <-chan *dbus.Signal) {
	for sig := range signals {
		if sig.Name != ManagerInterface+".JobRemoved" || len(sig.Body) != 4 {
			continue
		}
		job, ok1 := sig.Body[1].(dbus.ObjectPath)
		result, ok2 := sig.Body[3].(string)
		if !ok1 || !ok2 {
			continue
		}
		c.mu.Lock()
		if ch, ok := c.waiting[job]; ok {
			ch <- result
			delete(c.waiting, job)
		} else {
			if len(c.finished) >= maxFinished {
				clear(c.finished)
			}
			c.finished[job] = result
		}
		c.mu.Unlock()
	}
}

// startJob subscribes, calls method (which answers with a job path) and
// waits for that job's JobRemoved. It returns nil for "done", a *JobError
// for any other result, and an error wrapping ctx.Err() when ctx ends
// first (the job itself goes on).
func (c *Conn) startJob(ctx context.Context, unit, method string, args ...any) error {
	if err := c.subscribe(ctx); err != nil {
		return err
	}
	var job dbus.ObjectPath
	if err := c.manager.CallWithContext(ctx, ManagerInterface+"."+method, 0, args...).Store(&job); err != nil {
		return err
	}
	ch := make(chan string, 1)
	c.mu.Lock()
	if r, ok := c.finished[job]; ok {
		delete(c.finished, job)
		ch <- r
	} else {
		c.waiting[job] = ch
	}
	c.mu.Unlock()
	select {
	case r := <-ch:
		if r != "done" {
			return &JobError{Unit: unit, Result: r}
		}
		return nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.waiting, job)
		c.mu.Unlock()
		return fmt.Errorf("no result before the deadline: %w", ctx.Err())
	}
}

// StartUnitContext calls Manager.StartUnit with mode "replace" and waits
// for the job's result. It returns nil when the job's result is "done", an
// error wrapping a *JobError for any other result (errors.As gives it), a
// D-Bus error reply wrapped unchanged, and, when ctx ends before the job
// does, an error wrapping ctx.Err(); the job then goes on in systemd.
// Unlike go-systemd's StartUnitContext, which reports the result on a
// channel, it waits itself, bounded by ctx.
func (c *Conn) StartUnitContext(ctx context.Context, name string) error {
	if err := c.startJob(ctx, name, "StartUnit", name, "replace"); err != nil {
		return fmt.Errorf("cannot start %s: %w", name, err)
	}
	return nil
}

// RestartUnitContext is StartUnitContext for Manager.RestartUnit: a
// stopped unit is started, a running one stopped and started.
func (c *Conn) RestartUnitContext(ctx context.Context, name string) error {
	if err := c.startJob(ctx, name, "RestartUnit", name, "replace"); err != nil {
		return fmt.Errorf("cannot restart %s: %w", name, err)
	}
	return nil
}
