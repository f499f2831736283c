// Package config loads annad's TOML configuration (default
// /etc/anna/config.toml). A missing file means defaults; a file that does not
// parse or holds an invalid value stops annad with an error naming the file,
// the line and the key; keys annad does not know are returned as warnings so
// that `annactl status` can show them without refusing to start after a
// downgrade.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is annad's configuration. Every key is documented in README.md.
type Config struct {
	Daemon Daemon `toml:"daemon"`
	Ollama Ollama `toml:"ollama"`
	Update Update `toml:"update"`
}

// Daemon holds the [daemon] table.
type Daemon struct {
	// SocketGroup owns the socket; members may use annactl.
	SocketGroup string `toml:"socket_group"`
	// DebugMode makes annad emit stage events that annactl shows.
	DebugMode bool `toml:"debug_mode"`
	// MaxConnections bounds concurrent client connections.
	MaxConnections int `toml:"max_connections"`
	// MaxConnectionsPerUID bounds the connections of one non-root user, so
	// one member cannot take every slot; root has no per-user limit and
	// a reserve beyond MaxConnections.
	MaxConnectionsPerUID int `toml:"max_connections_per_uid"`
	// IdleTimeout closes connections that send nothing for this long.
	IdleTimeout Duration `toml:"idle_timeout"`
	// ShutdownTimeout bounds how long SIGTERM waits for requests in flight.
	ShutdownTimeout Duration `toml:"shutdown_timeout"`
	// LogLevel is debug, info, warn or error.
	LogLevel string `toml:"log_level"`
	// MaxRequests bounds `request`s in progress at once, waiting for the
	// model or running; one more is told "busy".
	MaxRequests int `toml:"max_requests"`
	// MaxRequestsPerUser bounds one user's share of MaxRequests (root has
	// no share and a reserve); above MaxRequests it is MaxRequests.
	MaxRequestsPerUser int `toml:"max_requests_per_user"`
}

// Ollama holds the [ollama] table.
type Ollama struct {
	// URL is the Ollama server's base URL.
	URL string `toml:"url"`
	// Model pins a model; empty means choose from the hardware.
	Model string `toml:"model"`
	// NumCtx is the context window asked for on every chat; 0 means the
	// default (8192), which fits the prompt budget.
	NumCtx int `toml:"num_ctx"`
	// Parallel bounds chats sent to Ollama at once; the rest wait in a
	// fair queue.
	Parallel int `toml:"parallel"`
	// Manage lets annad install Ollama (from ReleaseURL, checked against
	// ReleaseSHA256), run its unit and pull the model; off, annad only
	// reports what is missing. Off under NixOS, whose module does it.
	Manage        bool   `toml:"manage"`
	ReleaseURL    string `toml:"release_url"`
	ReleaseSHA256 string `toml:"release_sha256"`
	// InsecureRegistry lets Ollama pull the model over plain HTTP from
	// the registry its name starts with (a local mirror, the VM tests).
	InsecureRegistry bool `toml:"insecure_registry"`
}

// Update holds the [update] table: where annad looks for signed releases
// of itself, how often, and whether it installs them.
type Update struct {
	// URL is a release directory holding manifest.json and its signature;
	// empty means annad does not check for updates.
	URL        string   `toml:"url"`
	Interval   Duration `toml:"interval"`
	AutoUpdate bool     `toml:"auto_update"`
}

// Duration is a time.Duration written as a Go duration string ("30s").
type Duration struct{ time.Duration }

// UnmarshalText implements encoding.TextUnmarshaler.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("cannot parse duration %q: use a form like \"30s\" or \"2m\"", b)
	}
	d.Duration = v
	return nil
}

// MarshalText implements encoding.TextMarshaler.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// Default returns the configuration used when the file is missing.
func Default() Config {
	return Config{
		Daemon: Daemon{
			SocketGroup:          "anna",
			DebugMode:            true,
			MaxConnections:       64,
			MaxConnectionsPerUID: 16,
			IdleTimeout:          Duration{2 * time.Minute},
			ShutdownTimeout:      Duration{10 * time.Second},
			LogLevel:             "info",

			MaxRequests:        64,
			MaxRequestsPerUser: 16,
		},
		Ollama: Ollama{URL: "http://127.0.0.1:11434", Parallel: 1},
		Update: Update{Interval: Duration{60 * time.Second}},
	}
}

// Error is an invalid configuration: which file, where, and what to fix.
type Error struct {
	File string
	Line int    // 0 when unknown
	Key  string // dotted, e.g. "daemon.max_connections"; "" when unknown
	Msg  string
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("cannot load config ")
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, ": key %s", e.Key)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Load reads the file at path over the defaults. A missing file yields the
// defaults and no error. Warnings name unknown keys with their lines.
func Load(path string) (cfg Config, warnings []string, err error) {
	cfg = Default()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil, nil
	}
	if err != nil {
		return cfg, nil, &Error{File: path, Msg: err.Error()}
	}
	md, err := toml.Decode(string(data), &cfg)
	if err != nil {
		return cfg, nil, decodeError(path, err)
	}
	for _, k := range md.Undecoded() {
		key := k.String()
		line := keyLine(string(data), k)
		where := path
		if line > 0 {
			where = fmt.Sprintf("%s:%d", path, line)
		}
		warnings = append(warnings, fmt.Sprintf("%s: unknown key %s is ignored", where, key))
	}
	if err := cfg.validate(); err != nil {
		err.File = path
		err.Line = keyLine(string(data), strings.Split(err.Key, "."))
		return cfg, warnings, err
	}
	return cfg, warnings, nil
}

func decodeError(path string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		msg := pe.Message
		if pe.Usage != "" {
			msg += " (" + strings.TrimSpace(pe.Usage) + ")"
		}
		return &Error{File: path, Line: pe.Position.Line, Key: pe.LastKey, Msg: msg}
	}
	// Type mismatches come back as plain errors that embed the position.
	if m := typeErr.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{File: path, Line: line, Key: m[2], Msg: m[3]}
	}
	return &Error{File: path, Msg: err.Error()}
}

var typeErr = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

var (
	groupName = regexp.MustCompile(`^[a-z_][a-z0-9_-]*\$?$`)
	// A model name may start with its registry's host:port, as Ollama
	// names a model pulled from a local mirror ("10.0.0.2:5000/library/x:1b").
	modelName = regexp.MustCompile(`^([A-Za-z0-9.-]+:[0-9]{1,5}/)?[A-Za-z0-9][A-Za-z0-9._/-]*(:[A-Za-z0-9._-]+)?$`)
)

func (c *Config) validate() *Error {
	d, o := c.Daemon, c.Ollama
	switch {
	case !groupName.MatchString(d.SocketGroup) || len(d.SocketGroup) > 32:
		return &Error{Key: "daemon.socket_group", Msg: fmt.Sprintf("%q is not a valid group name", d.SocketGroup)}
	case d.MaxConnections < 1 || d.MaxConnections > 4096:
		return &Error{Key: "daemon.max_connections", Msg: fmt.Sprintf("%d is out of range: use 1 to 4096", d.MaxConnections)}
	case d.MaxConnectionsPerUID < 1 || d.MaxConnectionsPerUID > 4096:
		return &Error{Key: "daemon.max_connections_per_uid", Msg: fmt.Sprintf("%d is out of range: use 1 to 4096 (more than max_connections acts as max_connections)", d.MaxConnectionsPerUID)}
	case d.IdleTimeout.Duration < time.Second:
		return &Error{Key: "daemon.idle_timeout", Msg: "must be at least 1s"}
	case d.ShutdownTimeout.Duration < 0 || d.ShutdownTimeout.Duration > 5*time.Minute:
		return &Error{Key: "daemon.shutdown_timeout", Msg: "must be between 0s and 5m"}
	case !validLevel(d.LogLevel):
		return &Error{Key: "daemon.log_level", Msg: fmt.Sprintf("%q is not one of debug, info, warn, error", d.LogLevel)}
	case d.MaxRequests < 1 || d.MaxRequests > 4096:
		return &Error{Key: "daemon.max_requests", Msg: fmt.Sprintf("%d is out of range: use 1 to 4096", d.MaxRequests)}
	case d.MaxRequestsPerUser < 1 || d.MaxRequestsPerUser > 4096:
		return &Error{Key: "daemon.max_requests_per_user", Msg: fmt.Sprintf("%d is out of range: use 1 to 4096", d.MaxRequestsPerUser)}
	case o.Parallel < 1 || o.Parallel > 16:
		return &Error{Key: "ollama.parallel", Msg: fmt.Sprintf("%d is out of range: use 1 to 16 (Ollama's OLLAMA_NUM_PARALLEL)", o.Parallel)}
	case o.NumCtx != 0 && (o.NumCtx < 512 || o.NumCtx > 131072):
		return &Error{Key: "ollama.num_ctx", Msg: fmt.Sprintf("%d is out of range: use 512 to 131072, or 0 for the default", o.NumCtx)}
	case o.Model != "" && (!modelName.MatchString(o.Model) || len(o.Model) > 128):
		return &Error{Key: "ollama.model", Msg: fmt.Sprintf("%q is not a model name like \"llama3.2:3b\"", o.Model)}
	}
	if !httpURL(o.URL) {
		return &Error{Key: "ollama.url", Msg: fmt.Sprintf("%q is not an http(s) URL like \"http://127.0.0.1:11434\"", o.URL)}
	}
	return c.validateUpkeep()
}

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// validateUpkeep checks the keys of Ollama's installation and of updates.
func (c *Config) validateUpkeep() *Error {
	o, up := c.Ollama, c.Update
	switch {
	case o.ReleaseURL != "" && !httpURL(o.ReleaseURL):
		return &Error{Key: "ollama.release_url", Msg: fmt.Sprintf("%q is not an http(s) URL of an Ollama release archive", o.ReleaseURL)}
	case o.ReleaseURL != "" && !sha256Hex.MatchString(o.ReleaseSHA256):
		return &Error{Key: "ollama.release_sha256", Msg: "must be the 64 lowercase hex digits of the archive's SHA-256 when release_url is set"}
	case o.ReleaseURL == "" && o.ReleaseSHA256 != "":
		return &Error{Key: "ollama.release_url", Msg: "is needed when release_sha256 is set"}
	case up.URL != "" && !httpURL(up.URL):
		return &Error{Key: "update.url", Msg: fmt.Sprintf("%q is not an http(s) URL of a release directory", up.URL)}
	case up.Interval.Duration < 10*time.Second || up.Interval.Duration > 24*time.Hour:
		return &Error{Key: "update.interval", Msg: "must be between 10s and 24h"}
	case up.AutoUpdate && up.URL == "":
		return &Error{Key: "update.auto_update", Msg: "needs update.url: set the release directory to update from"}
	}
	return nil
}

func httpURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func validLevel(s string) bool {
	switch s {
	case "debug", "info", "warn", "error":
		return true
	}
	return false
}

// keyLine finds the line that sets key (a dotted path of table names and a
// final key) in TOML text, or 0. The toml package reports no positions for
// keys that decoded fine, so this scans the text: it is only used to point a
// human at the right line.
func keyLine(text string, key []string) int {
	if len(key) == 0 {
		return 0
	}
	table := strings.Join(key[:len(key)-1], ".")
	last := key[len(key)-1]
	current := ""
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "[") {
			current = strings.Trim(strings.SplitN(line, "#", 2)[0], "[] \t")
			continue
		}
		name, _, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		name = strings.Trim(strings.TrimSpace(name), `"'`)
		if name == last && current == table {
			return i + 1
		}
		if current == "" && name == strings.Join(key, ".") {
			return i + 1
		}
	}
	return 0
}
