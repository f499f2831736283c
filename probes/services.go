package probes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// FailedUnit is one row of failed_services, as `systemctl --failed`
// prints it.
type FailedUnit struct {
	Unit        string `json:"unit"`
	Load        string `json:"load"`
	Active      string `json:"active"`
	Sub         string `json:"sub"`
	Description string `json:"description"`
}

// errNoSystemBus is failed_services' reason when annad has no connection to
// systemd: a container without systemd, or a bus that was down at start.
var errNoSystemBus = errors.New("cannot list failed units: no connection to the systemd system bus")

// failedServices asks systemd over D-Bus for the units in state "failed".
func failedServices(ctx context.Context, env *Env) (Output, error) {
	if env == nil || env.Systemd == nil {
		return Output{}, errNoSystemBus
	}
	units, err := env.Systemd.ListUnitsFilteredContext(ctx, []string{"failed"})
	if err != nil {
		return Output{}, fmt.Errorf("cannot list failed units: %w", err)
	}
	rows := make([]FailedUnit, 0, len(units))
	for _, u := range units {
		rows = append(rows, FailedUnit{Unit: u.Name, Load: u.LoadState, Active: u.ActiveState,
			Sub: u.SubState, Description: u.Description})
	}
	slices.SortFunc(rows, func(a, b FailedUnit) int { return strings.Compare(a.Unit, b.Unit) })
	return Output{Stdout: renderFailedUnits(rows), Data: rows}, nil
}

// renderFailedUnits writes rows like `systemctl --failed`, without the
// legend systemctl prints under the table: it says the same every time.
func renderFailedUnits(rows []FailedUnit) string {
	t := table{cols: []column{{header: "  UNIT"}, {header: "LOAD"}, {header: "ACTIVE"}, {header: "SUB"}, {header: "DESCRIPTION"}}}
	for _, r := range rows {
		t.add("● "+r.Unit, r.Load, r.Active, r.Sub, r.Description)
	}
	s := t.String()
	if len(rows) > 0 {
		s += "\n"
	}
	return s + fmt.Sprintf("%d loaded units listed.\n", len(rows))
}
