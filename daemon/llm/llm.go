// Package llm is annad's Ollama client: chats (streamed, or constrained to a
// JSON schema), a health check for `status`, and the mapping of Ollama's
// failures onto errors that tell the user what to do. The HTTP client has no
// global timeout: every call runs under the deadline of the stage that
// makes it.
package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Defaults for chats. NumCtx is fixed for every stage because Ollama
// reloads a model whenever num_ctx changes; 8192 tokens hold the 16 000-byte
// prompt budget (about 3 bytes a token for English and probe output) plus
// the longest answer we ask for.
const (
	DefaultNumCtx    = 8192
	DefaultKeepAlive = 30 * time.Minute
)

// Options configure a Client.
type Options struct {
	URL       string
	Model     string
	NumCtx    int           // 0 means DefaultNumCtx
	KeepAlive time.Duration // 0 means DefaultKeepAlive
	// ConfigFile is the file annad loaded; advice names it, so a user
	// running annad with --config edits the right file.
	ConfigFile string
}

// Client talks to one Ollama server about one model.
type Client struct {
	api       *api.Client
	url       string
	model     string
	numCtx    int
	keepAlive api.Duration
	config    string

	mu     sync.Mutex
	health Health
	// errKind is the kind of health.LastError: a check can show that an
	// llm_unavailable cause is gone, only a finished chat that any is.
	errKind rpc.Kind
}

// Health is what annad last learned about Ollama; `status` shows it.
type Health struct {
	Reachable bool
	Version   string
	// ModelPresent is nil until a check could ask Ollama.
	ModelPresent *bool
	CheckedAt    time.Time
	// LastError is the most recent failure of a check or a chat, kept after
	// recovery so `status` can explain an earlier bad answer; LastErrorHint
	// says what to do about it.
	LastError     string
	LastErrorHint string
	LastErrorAt   time.Time
	// LastErrorResolvedAt is set when a later check or chat showed the
	// cause gone: Ollama reachable with the model for an llm_unavailable
	// error, a finished chat for any.
	LastErrorResolvedAt time.Time
}

// New returns a client for opt. It does not connect.
func New(opt Options) (*Client, error) {
	u, err := url.Parse(opt.URL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("cannot use Ollama URL %q: want a form like http://127.0.0.1:11434", opt.URL)
	}
	transport := &http.Transport{
		Proxy:                 nil, // Ollama is local; never send prompts through a proxy from the environment
		DialContext:           (&net.Dialer{Timeout: 3 * time.Second}).DialContext,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: 0, // a cold model load can take long; the stage deadline bounds it
	}
	c := &Client{
		api:       api.NewClient(u, &http.Client{Transport: transport}),
		url:       opt.URL,
		model:     opt.Model,
		numCtx:    opt.NumCtx,
		keepAlive: api.Duration{Duration: opt.KeepAlive},
		config:    opt.ConfigFile,
	}
	if c.config == "" {
		c.config = "the config file"
	}
	if c.numCtx <= 0 {
		c.numCtx = DefaultNumCtx
	}
	if c.keepAlive.Duration <= 0 {
		c.keepAlive.Duration = DefaultKeepAlive
	}
	return c, nil
}

// Model returns the model name chats use.
func (c *Client) Model() string { return c.model }

// URL returns the Ollama base URL.
func (c *Client) URL() string { return c.url }

// NumCtx returns the context window requested on every chat.
func (c *Client) NumCtx() int { return c.numCtx }

// Health returns the last known health.
func (c *Client) Health() Health {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.health
}

// Check asks Ollama for its version and whether it has the model, under
// ctx, and records the result for Health.
func (c *Client) Check(ctx context.Context) Health {
	h := Health{CheckedAt: time.Now()}
	var failure error
	v, err := c.api.Version(ctx)
	if err != nil {
		failure = err
	} else {
		h.Reachable, h.Version = true, v
		_, err := c.api.Show(ctx, &api.ShowRequest{Model: c.model})
		present := err == nil
		var se api.StatusError
		if err == nil || errors.As(err, &se) && se.StatusCode == http.StatusNotFound {
			h.ModelPresent = &present
		}
		failure = err
	}
	c.mu.Lock()
	old := c.health
	h.LastError, h.LastErrorHint, h.LastErrorAt, h.LastErrorResolvedAt = old.LastError, old.LastErrorHint, old.LastErrorAt, old.LastErrorResolvedAt
	c.health = h
	if failure == nil && h.ModelPresent != nil && *h.ModelPresent && c.errKind == rpc.KindLLMUnavailable {
		c.resolve(h.CheckedAt)
	}
	c.mu.Unlock()
	if failure != nil {
		c.NoteError(c.Classify(failure))
	}
	return c.Health()
}

// resolve marks the last error as resolved at t; c.mu is held.
func (c *Client) resolve(t time.Time) {
	if c.health.LastError != "" && c.health.LastErrorResolvedAt.IsZero() {
		c.health.LastErrorResolvedAt = t
	}
}

// NoteError records a failed chat so `status` can show the last LLM error.
func (c *Client) NoteError(err error) {
	if err == nil {
		return
	}
	hint := ""
	var re *rpc.Error
	if errors.As(err, &re) {
		hint = re.Hint()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.health.LastError, c.health.LastErrorHint, c.health.LastErrorAt = err.Error(), hint, time.Now()
	c.health.LastErrorResolvedAt, c.errKind = time.Time{}, rpc.KindOf(err)
}

// Chat is one chat call.
type Chat struct {
	Messages []api.Message
	// Format, when set, is a JSON schema the reply must satisfy.
	Format json.RawMessage
	// NumPredict bounds the reply in tokens (0: the model's default).
	NumPredict int
}

// Reply is a finished chat.
type Reply struct {
	Content string
	// Complete is false when the stream ended without its final object:
	// Ollama stops a model that repeats one token 30 times that way
	// (llm/server.go, "token repeat limit"), and a dropped connection looks
	// the same to the client. Content then holds what arrived. It is false
	// too when the model stopped at NumPredict (done_reason "length"): the
	// reply then stops wherever the limit fell, and only this says why.
	Complete        bool
	PromptEvalCount int
	EvalCount       int
	Duration        time.Duration
}

// MaxReplyBytes bounds the text kept of one reply; the rest is dropped and
// the reply counts as cut off (Complete false). num_predict keeps real
// answers far below it.
const MaxReplyBytes = 64 << 10

var errReplyTooLong = errors.New("the reply is longer than MaxReplyBytes")

// Chat runs ch under ctx. With onChunk set the reply is streamed and
// onChunk sees each piece as it arrives, JSON held to a Format included. Errors are *rpc.Error
// (llm_unavailable or timeout) carrying advice.
func (c *Client) Chat(ctx context.Context, ch Chat, onChunk func(string)) (Reply, error) {
	stream := onChunk != nil
	opts := map[string]any{"num_ctx": c.numCtx, "temperature": 0, "seed": 42}
	if ch.NumPredict > 0 {
		opts["num_predict"] = ch.NumPredict
	}
	req := &api.ChatRequest{
		Model: c.model, Messages: ch.Messages, Stream: &stream, Format: ch.Format,
		KeepAlive: &c.keepAlive, Options: opts,
	}
	start := time.Now()
	var b strings.Builder
	var reply Reply
	done, atLimit := false, false
	err := c.api.Chat(ctx, req, func(r api.ChatResponse) error {
		content := r.Message.Content
		if room := MaxReplyBytes - b.Len(); len(content) > room {
			// A model that ignores num_predict, or a server that is not
			// Ollama, must not grow root's memory or the reply without end.
			content = strings.ToValidUTF8(content[:room], "")
			b.WriteString(content)
			if stream && content != "" {
				onChunk(content)
			}
			return errReplyTooLong
		}
		b.WriteString(content)
		if stream && content != "" {
			onChunk(content)
		}
		if r.Done {
			done, atLimit = true, r.DoneReason == "length"
			reply.PromptEvalCount, reply.EvalCount = r.PromptEvalCount, r.EvalCount
		}
		return nil
	})
	reply.Content, reply.Duration, reply.Complete = b.String(), time.Since(start), done && !atLimit
	if errors.Is(err, errReplyTooLong) {
		// Judged like a reply Ollama cut off: the text that arrived is kept
		// and Complete stays false.
		err = nil
	}
	if err == nil && !done && ctx.Err() != nil {
		// The client returns nil when its context ends mid-stream.
		err = ctx.Err()
	}
	if err != nil {
		err = c.Classify(err)
		if rpc.KindOf(err) != rpc.KindTimeout {
			c.NoteError(err)
		}
		return reply, err
	}
	if done {
		c.mu.Lock()
		c.resolve(time.Now())
		c.mu.Unlock()
	}
	return reply, nil
}

// Classify turns an Ollama or transport failure into an *rpc.Error with
// advice. Deadlines become KindTimeout; everything else llm_unavailable.
func (c *Client) Classify(err error) error {
	var re *rpc.Error
	var se api.StatusError
	var ne net.Error
	switch {
	case errors.As(err, &re):
		return re
	case errors.Is(err, context.DeadlineExceeded):
		return rpc.Errorf(rpc.KindTimeout, "cannot get an answer from Ollama in time")
	case errors.Is(err, context.Canceled):
		return err
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return rpc.Errorf(rpc.KindLLMUnavailable, "cannot use model %s: Ollama does not have it", c.model).
			WithHint(fmt.Sprintf("pull it with 'ollama pull %s', or pin another model in %s ([ollama] model)", c.model, c.config))
	case errors.As(err, &se):
		return rpc.Errorf(rpc.KindLLMUnavailable, "cannot use Ollama at %s: %s", c.url, oneLine(se.Error())).
			WithHint("check 'journalctl -u ollama' for the cause")
	case errors.As(err, &ne):
		return rpc.Errorf(rpc.KindLLMUnavailable, "cannot reach Ollama at %s: %v", c.url, oneLine(err.Error())).
			WithHint(fmt.Sprintf("start it with 'sudo systemctl start ollama' (or 'ollama serve'), install it if 'annactl status' says it is not installed, or set [ollama] url in %s", c.config))
	}
	// The server answered but the stream could not be used: a line that is
	// not JSON, an error object mid-stream, or a reply cut off.
	return rpc.Errorf(rpc.KindLLMBadReply, "cannot use the reply of model %s: %s", c.model, oneLine(err.Error())).
		WithHint("ask again; if it keeps happening, check 'journalctl -u ollama' and that " + c.url + " is Ollama")
}

// oneLine keeps error text short: Ollama sometimes returns whole bodies.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
