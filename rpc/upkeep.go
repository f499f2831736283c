package rpc

import "time"

// Update is what annad's update checker last found (Status.Update).
type Update struct {
	// Current is the running annad's version; Latest the newest signed
	// release seen, empty before the first good check.
	Current string `json:"current"`
	Latest  string `json:"latest,omitempty"`
	// URL is the release directory checked; empty when updates are off.
	URL        string    `json:"url,omitempty"`
	AutoUpdate bool      `json:"auto_update"`
	CheckedAt  time.Time `json:"checked_at,omitzero"`
	// LastError is why the last check or update failed; empty when the
	// last check succeeded.
	LastError   string    `json:"last_error,omitempty"`
	LastErrorAt time.Time `json:"last_error_at,omitzero"`
	// Applied is the version the last update installed (annad restarts
	// into it), with AppliedAt.
	Applied   string    `json:"applied,omitempty"`
	AppliedAt time.Time `json:"applied_at,omitzero"`
}

// Setup is the progress of annad installing Ollama or pulling its model
// (Status.Setup): Phase in words, Percent of the current step (-1 when the
// step has no known size), and the last error while it retries.
type Setup struct {
	Phase     string    `json:"phase"`
	Percent   int       `json:"percent"`
	Ready     bool      `json:"ready"`
	LastError string    `json:"last_error,omitempty"`
	UpdatedAt time.Time `json:"updated_at"`
}

// MethodAutofix repairs Anna's own installation (operate access): it runs
// every check, repairs what it can and says what it could not.
const MethodAutofix = "autofix"

// AutofixResult is the result of `autofix`.
type AutofixResult struct {
	Checks []AutofixCheck `json:"checks"`
	// Problems counts checks that found something wrong; Repaired those
	// of them that autofix put right.
	Problems int `json:"problems"`
	Repaired int `json:"repaired"`
}

// AutofixCheck is one check: what it looked at, what it found, what it
// did, and, when it could not repair, why and what the user can do.
type AutofixCheck struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Found  string `json:"found,omitempty"`
	Action string `json:"action,omitempty"`
	Error  string `json:"error,omitempty"`
	Advice string `json:"advice,omitempty"`
}
