package rpc

import (
	"context"
	"time"
)

// UninstallConfirmation is the word UninstallParams.Confirm must hold for
// annad to act; the user types it.
const UninstallConfirmation = "uninstall"

// UninstallTimeout bounds one confirmed `uninstall` call on the client:
// removing packages may take minutes.
const UninstallTimeout = 15 * time.Minute

// UninstallParams are the params of `uninstall`. Without Confirm annad
// only plans: it returns what it would undo and what it cannot. With
// Confirm set to UninstallConfirmation it undoes the ledger, answers, and
// then stops itself.
type UninstallParams struct {
	Confirm string `json:"confirm,omitempty"`
}

// UninstallStep is one ledger entry as uninstall treats it.
type UninstallStep struct {
	ID     uint64 `json:"id"`
	Kind   string `json:"kind"`
	Target string `json:"target"`
	// Action says what undoing it does ("remove file /usr/local/bin/annad").
	Action string `json:"action,omitempty"`
	// Reason says why it cannot be undone (CannotUndo) or what went wrong
	// (Failed).
	Reason string `json:"reason,omitempty"`
}

// UninstallResult is the result of `uninstall`.
type UninstallResult struct {
	// Executed is false for a plan, true once the steps ran.
	Executed bool   `json:"executed"`
	Ledger   string `json:"ledger"`
	// Steps are what will be undone (a plan) or what was (executed),
	// newest change first.
	Steps []UninstallStep `json:"steps"`
	// CannotUndo lists the entries no step can reverse, with the reason.
	CannotUndo []UninstallStep `json:"cannot_undo"`
	// Failed lists the steps that did not work, with the error; they stay
	// in the ledger.
	Failed []UninstallStep `json:"failed,omitempty"`
	// Kept lists the steps that left their target on purpose, with why: a
	// file changed since Anna wrote it, a directory holding files she did
	// not record. They are the user's now and leave the ledger.
	Kept []UninstallStep `json:"kept,omitempty"`
	// Stopping is set when annad stops itself after this reply.
	Stopping bool `json:"stopping,omitempty"`
}

// Uninstall calls `uninstall`; confirm is "" for the plan or
// UninstallConfirmation to act.
func (c *Client) Uninstall(ctx context.Context, confirm string) (*UninstallResult, error) {
	var r UninstallResult
	if err := c.Call(ctx, MethodUninstall, UninstallParams{Confirm: confirm}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
