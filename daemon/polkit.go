package daemon

import (
	"context"
	"errors"

	"github.com/jjgarcianorway/anna-assistant/dbus/polkit"
)

// systemPolkit asks the system's polkit about admin calls.
type systemPolkit struct{ lazyBus[*polkit.Conn] }

func newSystemPolkit() *systemPolkit {
	return &systemPolkit{lazyBus[*polkit.Conn]{dial: polkit.ConnectSystem}}
}

// CheckAuthorizationContext implements server.Authority. polkit's refusals
// are answers, not a broken transport.
func (p *systemPolkit) CheckAuthorizationContext(ctx context.Context, sub polkit.Subject, action string, interactive bool) error {
	conn, err := p.get(ctx)
	if err != nil {
		return err
	}
	return p.done(ctx, conn, conn.CheckAuthorizationContext(ctx, sub, action, interactive), refusal)
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
