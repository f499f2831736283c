package realollama

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
)

// ModelName is the name Start gives the tiny model.
const ModelName = "tiny:latest"

// tinyTemplate renders a chat the way small chat models expect, one turn
// per line; the tiny model ignores it, but the server needs one for
// /api/chat.
const tinyTemplate = "{{- range .Messages }}<|{{ .Role }}|>\n{{ .Content }}\n{{ end }}<|assistant|>\n"

// Bounds of the start-up steps; a cached binary starts in well under a
// second on an idle machine, so these only stop a broken setup from hanging
// the test run, and leave room for a machine under heavy load.
const (
	startTimeout = 3 * time.Minute
	stopTimeout  = 10 * time.Second
)

// Server is a running Ollama server with the tiny model created.
type Server struct {
	// URL is the server's base URL, such as "http://127.0.0.1:41234".
	URL string
	// Model is the name of the tiny model on the server.
	Model string
	// LogPath is the server's combined stdout and stderr.
	LogPath string
}

// Client returns an Ollama API client for the server.
func (s *Server) Client() *api.Client {
	u, err := url.Parse(s.URL)
	if err != nil {
		panic("realollama: unparsable server URL: " + err.Error())
	}
	return api.NewClient(u, http.DefaultClient)
}

// Start runs `ollama serve` in a private HOME and model directory on a free
// loopback port, creates the tiny model in it (num_ctx 1024, num_thread 1),
// and stops the server when the test ends. Without a binary the test is
// skipped, or fails when ANNA_REQUIRE_OLLAMA=1.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		if os.Getenv("ANNA_REQUIRE_OLLAMA") == "1" {
			t.Fatalf("ANNA_REQUIRE_OLLAMA=1: %v", err)
		}
		t.Skipf("no real Ollama: %v", err)
	}
	dir := t.TempDir()
	s, err := start(t, bin, dir)
	if err != nil {
		logTail(t, filepath.Join(dir, "ollama.log"))
		t.Fatal(err)
	}
	return s
}

func start(t testing.TB, bin, dir string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	host := "127.0.0.1:" + strconv.Itoa(port)
	logPath := filepath.Join(dir, "ollama.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("cannot create the server log: %w", err)
	}
	defer logFile.Close() // the child holds its own descriptor

	// The server lives until the test ends; canceling ctx sends SIGTERM to
	// its process group (serve and its runner), and Wait gives up after
	// stopTimeout with SIGKILL.
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "serve")
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + dir,
		"OLLAMA_HOST=" + host,
		"OLLAMA_MODELS=" + filepath.Join(dir, "models"),
		"OLLAMA_NUM_PARALLEL=1",
		"OLLAMA_MAX_LOADED_MODELS=1",
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = stopTimeout
	if err := cmd.Start(); err != nil {
		cancel()
		return nil, fmt.Errorf("cannot start %s serve: %w", bin, err)
	}
	var waitErr error
	exited := make(chan struct{})
	go func() {
		waitErr = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		cancel()
		<-exited
		if waitErr != nil && !errors.Is(waitErr, context.Canceled) && !isTermination(waitErr) {
			t.Logf("ollama serve exited: %v", waitErr)
		}
		// A runner that outlived serve (it should not) goes with the group.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	})

	s := &Server{URL: "http://" + host, Model: ModelName, LogPath: logPath}
	setup, done := context.WithTimeout(context.Background(), startTimeout)
	defer done()
	if err := waitReady(setup, s.Client(), exited, func() error { return waitErr }); err != nil {
		return nil, err
	}
	if err := createTiny(setup, s.Client(), filepath.Join(dir, "tiny.gguf")); err != nil {
		return nil, err
	}
	return s, nil
}

// isTermination reports the exit that the SIGTERM from Cleanup causes.
func isTermination(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGTERM
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("cannot find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitReady polls /api/version until the server answers, it exits, or ctx
// ends.
func waitReady(ctx context.Context, c *api.Client, exited <-chan struct{}, waitErr func() error) error {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		attempt, cancel := context.WithTimeout(ctx, time.Second)
		_, err := c.Version(attempt)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-exited:
			return fmt.Errorf("cannot start ollama serve: it exited (%v)", waitErr())
		case <-ctx.Done():
			return fmt.Errorf("cannot reach ollama serve: %w (last error: %v)", ctx.Err(), err)
		case <-tick.C:
		}
	}
}

// createTiny writes the tiny model, uploads it as a blob and creates
// ModelName from it, as `ollama create` does with a Modelfile.
func createTiny(ctx context.Context, c *api.Client, path string) error {
	if err := WriteTinyModel(path); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read the tiny model: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("cannot hash the tiny model: %w", err)
	}
	digest := "sha256:" + hex.EncodeToString(h.Sum(nil))
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("cannot rewind the tiny model: %w", err)
	}
	if err := c.CreateBlob(ctx, digest, f); err != nil {
		return fmt.Errorf("cannot upload the tiny model: %w", err)
	}
	req := &api.CreateRequest{
		Model:      ModelName,
		Files:      map[string]string{"tiny.gguf": digest},
		Template:   tinyTemplate,
		Parameters: map[string]any{"num_ctx": 1024, "num_thread": 1},
	}
	var last string
	err = c.Create(ctx, req, func(p api.ProgressResponse) error {
		last = p.Status
		return nil
	})
	if err != nil {
		return fmt.Errorf("cannot create %s: %w", ModelName, err)
	}
	if last != "success" {
		return fmt.Errorf("cannot create %s: the server ended with %q, not success", ModelName, last)
	}
	return nil
}

// logTail shows the end of the server log when start-up fails.
func logTail(t testing.TB, path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	t.Logf("ollama serve log (tail):\n%s", b)
}
