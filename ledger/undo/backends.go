package undo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
)

// maxOutput bounds what a failed command's error quotes of its output.
const maxOutput = 512

// Commands runs the package managers and the group tools with a fixed
// argv (never a shell), under the step's deadline.
type Commands struct{}

// Remove implements Packages.
func (Commands) Remove(ctx context.Context, argv []string) error {
	return run(ctx, argv)
}

// DeleteGroup implements Accounts with groupdel.
func (Commands) DeleteGroup(ctx context.Context, group string) error {
	return run(ctx, []string{"groupdel", group})
}

// RemoveFromGroup implements Accounts with gpasswd -d.
func (Commands) RemoveFromGroup(ctx context.Context, user, group string) error {
	return run(ctx, []string{"gpasswd", "-d", user, group})
}

func run(ctx context.Context, argv []string) error {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive"}
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

// Systemd changes units over D-Bus through Conn.
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
