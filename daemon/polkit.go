package daemon

import (
	"context"
	"errors"
	"sync"

	godbus "github.com/godbus/dbus/v5"

	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
)

// systemPolkit asks the system's polkit about admin calls, connecting on
// first use and again after the bus went away, like systemBus.
type systemPolkit struct {
	mu   sync.Mutex
	conn *polkit.Conn
}

// CheckAuthorizationContext implements server.Authority.
func (p *systemPolkit) CheckAuthorizationContext(ctx context.Context, sub polkit.Subject, action string, interactive bool) error {
	p.mu.Lock()
	conn := p.conn
	if conn == nil {
		var err error
		conn, err = polkit.ConnectSystem(ctx)
		if err != nil {
			p.mu.Unlock()
			return err
		}
		p.conn = conn
	}
	p.mu.Unlock()
	err := conn.CheckAuthorizationContext(ctx, sub, action, interactive)
	var reply godbus.Error
	if err != nil && ctx.Err() == nil && !errors.As(err, &reply) && !refusal(err) {
		// Neither an answer from polkit nor our deadline: the transport
		// may be gone, so the next check starts from a fresh connection.
		p.mu.Lock()
		if p.conn == conn {
			p.conn = nil
		}
		p.mu.Unlock()
		_ = conn.Close()
	}
	return err
}

// refusal reports whether err is one of polkit's answers.
func refusal(err error) bool {
	for _, e := range []error{polkit.ErrDenied, polkit.ErrDismissed, polkit.ErrInteractionRequired, polkit.ErrNoAgent} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// Close closes the bus connection, if any.
func (p *systemPolkit) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conn != nil {
		_ = p.conn.Close()
		p.conn = nil
	}
}
