package ollama

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Deadlines of model calls: a pull may take an hour on a slow link; the
// tiny chat loads the model first, which takes a while on a CPU.
const (
	listTimeout   = 10 * time.Second
	pullTimeout   = 2 * time.Hour
	verifyTimeout = 3 * time.Minute
)

// ensureModel pulls the model if Ollama lacks it, then verifies it answers.
func (m *Manager) ensureModel(ctx context.Context, client *api.Client) error {
	if m.Model == "" {
		return fmt.Errorf("cannot choose a model: none selected; set [ollama] model")
	}
	has, err := hasModel(ctx, client, m.Model)
	if err != nil {
		return fmt.Errorf("cannot list Ollama's models at %s: %w", m.URL, err)
	}
	if !has {
		if !m.Manage {
			return fmt.Errorf("cannot use model %s: Ollama does not have it; run ollama pull %s, or set [ollama] manage = true: %w", m.Model, m.Model, ErrNotManaged)
		}
		if err := m.pullWithRetry(ctx, client); err != nil {
			return err
		}
	}
	m.mu.Lock()
	verified := m.verified == m.Model && has
	m.mu.Unlock()
	if verified {
		return nil
	}
	m.phase("verifying "+m.Model, -1)
	if err := verify(ctx, client, m.Model, m.NumCtx); err != nil {
		return err
	}
	m.mu.Lock()
	m.verified = m.Model
	m.mu.Unlock()
	return nil
}

// hasModel reports whether Ollama lists name (":latest" when untagged).
func hasModel(ctx context.Context, client *api.Client, name string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, listTimeout)
	defer cancel()
	list, err := client.List(ctx)
	if err != nil {
		return false, err
	}
	want := canonical(name)
	for _, mdl := range list.Models {
		if canonical(mdl.Name) == want || canonical(mdl.Model) == want {
			return true, nil
		}
	}
	return false, nil
}

func canonical(name string) string {
	if i := strings.LastIndex(name, ":"); i < 0 || strings.Contains(name[i:], "/") {
		return name + ":latest"
	}
	return name
}

// pullWithRetry pulls the model, retrying a failed pull with backoff; the
// error of the last attempt is returned and shown while it waits.
func (m *Manager) pullWithRetry(ctx context.Context, client *api.Client) error {
	attempts := m.PullAttempts
	if attempts <= 0 {
		attempts = 5
	}
	wait := m.backoff()
	var err error
	for i := 1; i <= attempts; i++ {
		if err = m.pull(ctx, client); err == nil {
			return m.record(ctx, upkeep.Entry{Kind: upkeep.KindModel, Target: m.Model, Reversal: upkeep.ReverseDeleteModel, Note: "pulled by annad"})
		}
		m.fail(err)
		if i == attempts || ctx.Err() != nil {
			break
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
		wait = min(2*wait, m.maxBackoff())
	}
	return fmt.Errorf("cannot pull %s after %d attempts: %w", m.Model, attempts, err)
}

// pull runs one streamed pull, showing its progress in Status.
func (m *Manager) pull(ctx context.Context, client *api.Client) error {
	ctx, cancel := context.WithTimeout(ctx, pullTimeout)
	defer cancel()
	label := "pulling " + m.Model
	m.phase(label, 0)
	success := false
	err := client.Pull(ctx, &api.PullRequest{Model: m.Model, Insecure: m.InsecureRegistry}, func(p api.ProgressResponse) error {
		pc := -1
		if p.Total > 0 {
			pc = int(min(p.Completed, p.Total) * 100 / p.Total)
		}
		m.phase(label, pc)
		success = success || p.Status == "success"
		return nil
	})
	if err != nil {
		return fmt.Errorf("cannot pull %s: %w", m.Model, err)
	}
	if !success {
		return fmt.Errorf("cannot pull %s: Ollama ended the pull without success", m.Model)
	}
	return nil
}

// verify asks the model one tiny question: a model that is listed but
// cannot load (too big for RAM, damaged) is not ready. The question is
// asked with annad's context window (numCtx, when set), because Ollama
// loads the model again whenever num_ctx changes: verified with another
// one, the user's first question would pay a second load.
func verify(ctx context.Context, client *api.Client, model string, numCtx int) error {
	ctx, cancel := context.WithTimeout(ctx, verifyTimeout)
	defer cancel()
	stream := false
	options := map[string]any{"num_predict": 8}
	if numCtx > 0 {
		options["num_ctx"] = numCtx
	}
	err := client.Chat(ctx, &api.ChatRequest{
		Model:    model,
		Messages: []api.Message{{Role: "user", Content: "Reply with the word OK."}},
		Stream:   &stream,
		Options:  options,
	}, func(api.ChatResponse) error { return nil })
	if err != nil {
		return fmt.Errorf("cannot use model %s: it did not answer a test question: %w", model, err)
	}
	return nil
}
