// Package autofix checks Anna's own installation and repairs what it can:
// the state directory's and socket's owners and modes, the socket group,
// Ollama's unit and API, the model, the ledger and the config. It changes
// nothing outside Anna's installation (the `autofix` method needs only
// operate access), and a check it cannot repair says why and what to do.
package autofix

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Ollama is the part of upkeep/ollama's Manager that autofix drives:
// Ensure starts a stopped unit, pulls a missing model and verifies it.
type Ollama interface {
	Ensure(ctx context.Context) error
}

// Fixer runs the checks. Nil fields skip their checks.
type Fixer struct {
	Layout dirs.Layout
	// StateDir and Socket are the paths annad actually uses; empty means
	// the Layout's. A hand-run annad (make run) has its own.
	StateDir, Socket string
	// SocketGroup owns the socket ([daemon] socket_group).
	SocketGroup string
	// OllamaUnit, if set, must be active; it is restarted when it is not.
	OllamaUnit string
	Units      upkeep.Units
	Ollama     Ollama
	// Ledger reports whether the ledger parses (the ledger package's
	// check); autofix never rewrites it.
	Ledger func() error
	// Config loads the config file as annad would.
	Config func() error
	// Record, if set, writes each repair to the ledger.
	Record upkeep.Recorder
}

// Run runs every check in order and returns what it found and did.
func (f *Fixer) Run(ctx context.Context) rpc.AutofixResult {
	var res rpc.AutofixResult
	add := func(c rpc.AutofixCheck, repaired string) {
		if c.OK && c.Action != "" && repaired != "" && f.Record != nil {
			e := upkeep.Entry{Kind: upkeep.KindRepair, Target: repaired, Note: "autofix: " + c.Action}
			if err := f.Record.Record(ctx, e); err != nil {
				c.Error = "repaired, but cannot record it in the ledger: " + err.Error()
			}
		}
		if !c.OK || c.Action != "" {
			res.Problems++
		}
		if c.OK && c.Action != "" {
			res.Repaired++
		}
		res.Checks = append(res.Checks, c)
	}
	gid, groupCheck := f.group()
	add(groupCheck, "")
	// The same rules annad enforces at start: a state directory nobody
	// but its owner can write (statedir), a socket of mode 0660 (server).
	add(f.mode("state directory", f.stateDir(), true, func(m fs.FileMode) fs.FileMode { return m &^ 0o022 }, -1), f.stateDir())
	add(f.mode("socket", f.socket(), false, func(fs.FileMode) fs.FileMode { return 0o660 }, gid), f.socket())
	if f.Units != nil && f.OllamaUnit != "" {
		add(f.unit(ctx), f.OllamaUnit)
	}
	if f.Ollama != nil {
		c := rpc.AutofixCheck{Name: "ollama and model", OK: true}
		if err := f.Ollama.Ensure(ctx); err != nil {
			c.OK, c.Error = false, err.Error()
			// annad's own upkeep retries with backoff; autofix does not
			// loop on it, and the error says what the user can do.
			c.Advice = "annad retries by itself; annactl status (setup) shows the next try, journalctl -u annad the earlier ones"
		}
		add(c, "")
	}
	if f.Ledger != nil {
		c := rpc.AutofixCheck{Name: "ledger", OK: true}
		if err := f.Ledger(); err != nil {
			c.OK, c.Error = false, err.Error()
			c.Advice = "autofix does not rewrite the ledger; keep a copy of " + f.stateDir() + "/ledger.json and report it"
		}
		add(c, "")
	}
	if f.Config != nil {
		c := rpc.AutofixCheck{Name: "config", OK: true}
		if err := f.Config(); err != nil {
			c.OK, c.Error, c.Advice = false, err.Error(), "fix the line it names, then restart annad"
		}
		add(c, "")
	}
	return res
}

func (f *Fixer) stateDir() string {
	if f.StateDir != "" {
		return f.StateDir
	}
	return f.Layout.StateDir()
}

func (f *Fixer) socket() string {
	if f.Socket != "" {
		return f.Socket
	}
	return f.Layout.Socket()
}

// group checks that the socket group exists; creating groups is the
// installer's work (sysusers), not autofix's.
func (f *Fixer) group() (int, rpc.AutofixCheck) {
	c := rpc.AutofixCheck{Name: "group " + f.SocketGroup, OK: true}
	g, err := user.LookupGroup(f.SocketGroup)
	if err != nil {
		c.OK, c.Found = false, "missing"
		c.Error = fmt.Sprintf("cannot find group %s: %v", f.SocketGroup, err)
		c.Advice = "run systemd-sysusers (Anna's installer ships its group), then restart annad"
		return -1, c
	}
	gid, _ := strconv.Atoi(g.Gid)
	return gid, c
}

// mode checks that path is owned by annad's user (and group gid when
// ≥ 0), is a directory or a socket as expected, and has the mode fix
// makes of its own; it repairs owner and mode through a descriptor opened
// without following links.
func (f *Fixer) mode(name, path string, dir bool, fix func(fs.FileMode) fs.FileMode, gid int) rpc.AutofixCheck {
	c := rpc.AutofixCheck{Name: name + " " + path, OK: true}
	fi, err := os.Lstat(path)
	if err != nil {
		c.OK, c.Error = false, fmt.Sprintf("cannot inspect %s: %v", path, err)
		if errors.Is(err, fs.ErrNotExist) {
			c.Advice = "restart annad (systemctl restart annad.socket annad); it creates it"
		}
		return c
	}
	kindOK := (dir && fi.IsDir()) || (!dir && fi.Mode().Type() == fs.ModeSocket)
	if !kindOK {
		c.OK, c.Found = false, fi.Mode().Type().String()
		c.Error = fmt.Sprintf("cannot repair %s: it is not a %s", path, map[bool]string{true: "directory", false: "socket"}[dir])
		c.Advice = "move it away and restart annad"
		return c
	}
	st := fi.Sys().(*syscall.Stat_t)
	uid := os.Geteuid()
	wantGID := int(st.Gid)
	if gid >= 0 {
		wantGID = gid
	}
	badOwner := int(st.Uid) != uid || int(st.Gid) != wantGID
	want := fix(fi.Mode().Perm())
	badMode := fi.Mode().Perm() != want
	if !badOwner && !badMode {
		return c
	}
	c.Found = fmt.Sprintf("owner %d:%d, mode %#o", st.Uid, st.Gid, fi.Mode().Perm())
	if err := repair(path, uid, wantGID, want); err != nil {
		c.OK, c.Error = false, err.Error()
		c.Advice = "run annactl status as root, or reinstall Anna"
		return c
	}
	c.Action = fmt.Sprintf("set owner %d:%d, mode %#o", uid, wantGID, want)
	return c
}

// repair changes owner and mode through an O_PATH descriptor of path
// itself (its /proc/self/fd link names that inode), so a link swapped in
// after the check is not followed.
func repair(path string, uid, gid int, mode fs.FileMode) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("cannot open %s: %w", path, err)
	}
	defer unix.Close(fd)
	proc := "/proc/self/fd/" + strconv.Itoa(fd)
	if err := os.Chown(proc, uid, gid); err != nil {
		return fmt.Errorf("cannot change the owner of %s: %w", path, err)
	}
	if err := os.Chmod(proc, mode); err != nil {
		return fmt.Errorf("cannot change the mode of %s: %w", path, err)
	}
	return nil
}

// unit restarts Ollama's unit when it is not active.
func (f *Fixer) unit(ctx context.Context) rpc.AutofixCheck {
	c := rpc.AutofixCheck{Name: "unit " + f.OllamaUnit, OK: true}
	st, err := f.Units.State(ctx, f.OllamaUnit)
	if err != nil {
		c.OK, c.Error = false, err.Error()
		return c
	}
	if st.ActiveState == "active" {
		return c
	}
	c.Found = st.ActiveState + " (" + st.SubState + ")"
	if err := f.Units.Restart(ctx, f.OllamaUnit); err != nil {
		c.OK, c.Error = false, err.Error()
		c.Advice = "see journalctl -u " + f.OllamaUnit
		return c
	}
	c.Action = "restarted " + f.OllamaUnit
	return c
}
