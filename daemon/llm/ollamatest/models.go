package ollamatest

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ollama/ollama/types/model"
)

// Model describes a model the fake server has locally or can pull. Empty
// fields get the values of a small llama model.
type Model struct {
	// Name is "name" or "name:tag"; a missing tag means ":latest".
	Name string
	// Size is the model's size in bytes.
	Size int64
	// Family is the architecture, such as "llama" or "qwen2".
	Family string
	// ParameterSize is the human-readable parameter count, such as "1.5B".
	ParameterSize string
	// Quantization is the quantization level, such as "Q4_K_M".
	Quantization string
	// ContextLength is the model's trained context length in tokens.
	ContextLength int
}

// withDefaults returns m with its name canonical and empty fields filled.
func (m Model) withDefaults() Model {
	m.Name = canonicalName(m.Name)
	m.Size = cmp.Or(m.Size, 475_136)
	m.Family = cmp.Or(m.Family, "llama")
	m.ParameterSize = cmp.Or(m.ParameterSize, "116.35K")
	m.Quantization = cmp.Or(m.Quantization, "F32")
	m.ContextLength = cmp.Or(m.ContextLength, 2048)
	return m
}

// digest is a stable fake manifest digest derived from the name.
func (m Model) digest() string {
	sum := sha256.Sum256([]byte(m.Name))
	return hex.EncodeToString(sum[:])
}

func (m Model) details() api.ModelDetails {
	return api.ModelDetails{
		Format:            "gguf",
		Family:            m.Family,
		Families:          []string{m.Family},
		ParameterSize:     m.ParameterSize,
		QuantizationLevel: m.Quantization,
	}
}

func (m Model) listEntry(modified time.Time) api.ListModelResponse {
	return api.ListModelResponse{
		Name:       m.Name,
		Model:      m.Name,
		ModifiedAt: modified,
		Size:       m.Size,
		Digest:     m.digest(),
		Details:    m.details(),
	}
}

func (m Model) show(modified time.Time) *api.ShowResponse {
	return &api.ShowResponse{
		Modelfile:  "FROM " + m.Name + "\n",
		Parameters: "num_ctx                        " + strconv.Itoa(m.ContextLength),
		Template:   "{{ range .Messages }}{{ .Role }}: {{ .Content }}\n{{ end }}assistant: ",
		Details:    m.details(),
		ModelInfo: map[string]any{
			"general.architecture":             m.Family,
			"general.parameter_count":          116352,
			m.Family + ".context_length":       m.ContextLength,
			m.Family + ".embedding_length":     64,
			m.Family + ".block_count":          2,
			m.Family + ".attention.head_count": 4,
		},
		Capabilities: []model.Capability{model.CapabilityCompletion},
		ModifiedAt:   modified,
	}
}

// canonicalName gives a model name the default ":latest" tag, as Ollama
// does, so "tiny" and "tiny:latest" name one model.
func canonicalName(name string) string {
	last := name[strings.LastIndex(name, "/")+1:]
	if name == "" || strings.Contains(last, ":") {
		return name
	}
	return name + ":latest"
}
