package undo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// maxOutput bounds what a failed command's error quotes of its output.
const maxOutput = 512

// commandEnv is the whole environment of every command: a fixed PATH, no
// translations in the output an error quotes, no questions from apt.
var commandEnv = []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive"}

// binDirs are where a command's program is looked for, in order.
var binDirs = []string{"/usr/sbin", "/usr/bin", "/sbin", "/bin"}

// Runner runs one command to its end: argv as is, never through a shell,
// bounded by ctx.
type Runner interface {
	Run(ctx context.Context, argv []string) error
}

// Commands runs the package managers and the group tools with a fixed
// argv (never a shell), under the step's deadline, through Runner: Exec
// when nil.
type Commands struct {
	Runner Runner
}

// Remove implements Packages.
func (c Commands) Remove(ctx context.Context, argv []string) error {
	return c.run(ctx, argv)
}

// DeleteGroup implements Accounts with groupdel.
func (c Commands) DeleteGroup(ctx context.Context, group string) error {
	return c.run(ctx, []string{"groupdel", group})
}

// RemoveFromGroup implements Accounts with gpasswd -d.
func (c Commands) RemoveFromGroup(ctx context.Context, user, group string) error {
	return c.run(ctx, []string{"gpasswd", "-d", user, group})
}

func (c Commands) run(ctx context.Context, argv []string) error {
	if c.Runner == nil {
		return Exec{}.Run(ctx, argv)
	}
	return c.Runner.Run(ctx, argv)
}

// Exec runs commands as annad's own children. That suits annad outside
// systemd (tests, make run); inside annad.service's sandbox a command that
// writes /etc (groupdel) or /usr (a package manager) fails, so there
// Systemd runs them.
type Exec struct{}

// Run implements Runner.
func (Exec) Run(ctx context.Context, argv []string) error {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = commandEnv
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("cannot run %s in time: %w", strings.Join(argv, " "), ctx.Err())
		}
		tail := out.String()
		if len(tail) > maxOutput {
			tail = tail[len(tail)-maxOutput:]
		}
		return fmt.Errorf("cannot run %s: %v: %s", strings.Join(argv, " "), err, strings.TrimSpace(tail))
	}
	return nil
}

// lookProgram returns the absolute path of argv[0], looked for in binDirs
// when it has no slash: systemd's ExecStart takes an absolute path.
func lookProgram(name string) (string, error) {
	if strings.Contains(name, "/") {
		if !filepath.IsAbs(name) {
			return "", fmt.Errorf("cannot run %s: a program is an absolute path or a bare name", name)
		}
		return name, nil
	}
	for _, d := range binDirs {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("cannot run %s: it is not in %s; install it or remove what it undoes by hand", name, strings.Join(binDirs, ", "))
}

// Ollama deletes models through Ollama's API at URL.
type Ollama struct {
	URL    string
	Client *http.Client
}

// Delete implements Models: DELETE /api/delete. A model Ollama does not
// have is already undone.
func (o Ollama) Delete(ctx context.Context, name string) error {
	body, _ := json.Marshal(map[string]string{"model": name})
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, strings.TrimRight(o.URL, "/")+"/api/delete", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("cannot delete model %s: %w", name, err)
	}
	req.Header.Set("Content-Type", "application/json")
	c := o.Client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("cannot delete model %s: %w", name, err)
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, maxOutput))
	switch {
	case resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusNotFound:
		return nil
	}
	return fmt.Errorf("cannot delete model %s: Ollama answered %s: %s", name, resp.Status, strings.TrimSpace(string(msg)))
}

// Systemd changes units over D-Bus through Conn, and runs commands there
// as transient units: PID 1 starts them outside annad.service's sandbox,
// which keeps /etc and /usr read-only for annad itself.
type Systemd struct {
	Conn *systemd.Conn
}

// Disable implements Units.
func (s Systemd) Disable(ctx context.Context, unit string) error {
	_, err := s.Conn.DisableUnitFilesContext(ctx, []string{unit})
	return err
}

// Reload implements Units.
func (s Systemd) Reload(ctx context.Context) error {
	return s.Conn.ReloadContext(ctx)
}

// Run implements Runner with a transient oneshot unit (systemd.Conn's
// RunContext); the command's output is in the journal under the unit
// the error names.
func (s Systemd) Run(ctx context.Context, argv []string) error {
	prog, err := lookProgram(argv[0])
	if err != nil {
		return err
	}
	full := append([]string{prog}, argv[1:]...)
	return s.Conn.RunContext(ctx, systemd.Command{Argv: full, Env: commandEnv, Description: "Anna uninstall: " + strings.Join(argv, " ")})
}
