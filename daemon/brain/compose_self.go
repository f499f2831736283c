package brain

import (
	"fmt"
	"strconv"
	"strings"
)

// health describes Anna herself: the daemon (answering, so up), Ollama,
// the model and the config, and says plainly what is wrong.
func health(h HealthState, version string) Reply {
	facts := map[string]string{"version": version, "pid": strconv.Itoa(h.PID), "socket": h.Socket,
		"ollama_url": h.OllamaURL, "model": h.Model}
	var problems, lines []string
	daemon := "annad " + clean(version, 40)
	if h.PID > 0 {
		daemon += fmt.Sprintf(" (PID %d)", h.PID)
	}
	if h.Socket != "" {
		daemon += " is answering on " + clean(h.Socket, 120)
	} else {
		daemon += " is answering"
	}
	lines = append(lines, daemon+".")
	url, model := clean(h.OllamaURL, 120), clean(h.Model, 80)
	switch {
	case !h.OllamaReachable:
		reason := ""
		if h.OllamaError != "" {
			reason = " (" + clean(firstLine(h.OllamaError), 200) + ")"
			facts["ollama_error"] = h.OllamaError
		}
		lines = append(lines, fmt.Sprintf("Ollama at %s does not answer%s: without it I can answer only simple facts.", url, reason))
		problems = append(problems, "Ollama")
	case h.ModelPresent == nil:
		lines = append(lines, fmt.Sprintf("Ollama at %s answers, but I could not ask it whether it has my model %s.", url, model))
		problems = append(problems, "the model")
	case !*h.ModelPresent:
		lines = append(lines, fmt.Sprintf("Ollama at %s answers, but my model %s is missing: ollama pull %s fetches it.", url, model, model))
		problems = append(problems, "the model")
	default:
		lines = append(lines, fmt.Sprintf("Ollama at %s answers and has my model %s.", url, model))
	}
	if n := len(h.ConfigWarnings); n > 0 {
		ws := make([]string, 0, min(n, 5))
		for _, w := range h.ConfigWarnings[:min(n, 5)] {
			ws = append(ws, clean(w, 120))
		}
		facts["config_warnings"] = strings.Join(h.ConfigWarnings, "; ")
		lines = append(lines, fmt.Sprintf("The config file has %s: %s.", plural(n, "warning"), strings.Join(ws, "; ")))
		problems = append(problems, "the config file")
	}
	head := "I am fine."
	if len(problems) > 0 {
		head = "I am running, but not everything is well: check " + join(problems) + " (annactl status has the details)."
	}
	return Reply{Text: head + "\n" + strings.Join(lines, "\n"), Facts: facts}
}

func debug(k Kind, d DebugState) Reply {
	state := "off"
	if d.On {
		state = "on"
	}
	switch {
	case k == DebugQuery:
		return Reply{Text: "Debug mode is " + state + "."}
	case d.On == d.Was:
		return Reply{Text: "Debug mode was already " + state + "."}
	}
	return Reply{Text: "Debug mode is now " + state + "; it applies from your next request."}
}
