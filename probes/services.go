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

// maxFailedUnits bounds failed_services' rows.
const maxFailedUnits = 256

// failedServices asks systemd over D-Bus for the units in state "failed".
func failedServices(ctx context.Context, env *Env) (Output, error) {
	if env == nil || env.Systemd == nil {
		return Output{}, errNoSystemBus
	}
	units, err := env.Systemd.ListUnitsFilteredContext(ctx, []string{"failed"})
	if err != nil {
		return Output{}, fmt.Errorf("cannot list failed units: %w", err)
	}
	// Transient units carry names and descriptions that their creator
	// chose.
	rows := make([]FailedUnit, 0, min(len(units), maxFailedUnits))
	for _, u := range units {
		rows = append(rows, FailedUnit{Unit: Sanitize(u.Name, maxNameBytes), Load: Sanitize(u.LoadState, maxNameBytes),
			Active: Sanitize(u.ActiveState, maxNameBytes), Sub: Sanitize(u.SubState, maxNameBytes),
			Description: Sanitize(u.Description, maxNameBytes)})
	}
	slices.SortFunc(rows, func(a, b FailedUnit) int { return strings.Compare(a.Unit, b.Unit) })
	var out Output
	if len(rows) > maxFailedUnits {
		out.Notes = []string{fmt.Sprintf("listed the first %d of %d failed units", maxFailedUnits, len(rows))}
		rows = rows[:maxFailedUnits]
	}
	out.Stdout, out.Data = renderFailedUnits(rows), rows
	return out, nil
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
