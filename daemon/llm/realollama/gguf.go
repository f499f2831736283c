package realollama

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
)

// The tiny model's shape: small enough to run in tens of milliseconds on one
// thread, large enough for both of Ollama's runners to accept it.
const (
	tinyBlocks    = 2
	tinyEmbedding = 64
	tinyFFN       = 128
	tinyHeads     = 4
	tinyKVHeads   = 4
	tinyContext   = 2048
	tinyAlignment = 32
)

// tinyPieces are whole-word pieces beside the byte tokens, so the
// SentencePiece tokenizer has more than bytes to choose from.
var tinyPieces = []string{"▁", "▁the", "▁a", "{", "}", "\"", ":", ",", "▁is"}

// GGUF value types (gguf.md in ggml).
const (
	ggufUint32  = 4
	ggufInt32   = 5
	ggufFloat32 = 6
	ggufBool    = 7
	ggufString  = 8
	ggufArray   = 9
)

// Token types of llama.cpp's vocabulary.
const (
	tokenNormal  = 1
	tokenUnknown = 2
	tokenControl = 3
	tokenByte    = 6
)

type kv struct {
	key   string
	value any
}

type tensor struct {
	name string
	dims []uint64 // ggml order: the fastest-varying dimension first
	fill func(i int) float32
}

// WriteTinyModel writes a GGUF v3 llama model to path: 2 blocks, embedding
// 64, FFN 128, 4 heads, context 2048, F32 weights drawn from N(0, 0.02) with
// a fixed seed (norms are 1), and a byte-level SentencePiece vocabulary
// (<unk>, <s>, </s>, <0x00>…<0xFF>, a few pieces). The same call always
// writes the same bytes. Its output is gibberish, but Ollama's grammar
// sampler makes schema-constrained output exact.
func WriteTinyModel(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cannot create the tiny model: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<16)
	err = writeGGUF(w, tinyKV(), tinyTensors())
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write the tiny model %s: %w", path, err)
	}
	return nil
}

func tinyVocab() (tokens []string, scores []float32, types []int32) {
	tokens = []string{"<unk>", "<s>", "</s>"}
	types = []int32{tokenUnknown, tokenControl, tokenControl}
	for b := range 256 {
		tokens = append(tokens, fmt.Sprintf("<0x%02X>", b))
		types = append(types, tokenByte)
	}
	scores = make([]float32, len(tokens))
	for i, p := range tinyPieces {
		tokens = append(tokens, p)
		types = append(types, tokenNormal)
		scores = append(scores, -float32(i+1))
	}
	return tokens, scores, types
}

func tinyKV() []kv {
	tokens, scores, types := tinyVocab()
	return []kv{
		{"general.architecture", "llama"},
		{"general.name", "anna-tiny"},
		{"general.alignment", uint32(tinyAlignment)},
		{"general.file_type", uint32(0)}, // all F32
		{"llama.block_count", uint32(tinyBlocks)},
		{"llama.context_length", uint32(tinyContext)},
		{"llama.embedding_length", uint32(tinyEmbedding)},
		{"llama.feed_forward_length", uint32(tinyFFN)},
		{"llama.attention.head_count", uint32(tinyHeads)},
		{"llama.attention.head_count_kv", uint32(tinyKVHeads)},
		{"llama.attention.layer_norm_rms_epsilon", float32(1e-5)},
		{"llama.rope.freq_base", float32(1e4)},
		{"llama.rope.dimension_count", uint32(tinyEmbedding / tinyHeads)},
		{"llama.vocab_size", uint32(len(tokens))},
		{"tokenizer.ggml.model", "llama"},
		{"tokenizer.ggml.tokens", tokens},
		{"tokenizer.ggml.scores", scores},
		{"tokenizer.ggml.token_type", types},
		{"tokenizer.ggml.bos_token_id", uint32(1)},
		{"tokenizer.ggml.eos_token_id", uint32(2)},
		{"tokenizer.ggml.unknown_token_id", uint32(0)},
		{"tokenizer.ggml.add_bos_token", true},
		{"tokenizer.ggml.add_eos_token", false},
	}
}

func tinyTensors() []tensor {
	rng := rand.New(rand.NewPCG(0x616e6e61, 0x74696e79)) // "anna", "tiny"
	normal := func(int) float32 { return float32(rng.NormFloat64() * 0.02) }
	one := func(int) float32 { return 1 }
	vocab := uint64(3 + 256 + len(tinyPieces))
	const e, ff, kvDim = tinyEmbedding, tinyFFN, tinyEmbedding / tinyHeads * tinyKVHeads
	ts := []tensor{{"token_embd.weight", []uint64{e, vocab}, normal}}
	for b := range tinyBlocks {
		p := fmt.Sprintf("blk.%d.", b)
		ts = append(ts,
			tensor{p + "attn_norm.weight", []uint64{e}, one},
			tensor{p + "attn_q.weight", []uint64{e, e}, normal},
			tensor{p + "attn_k.weight", []uint64{e, kvDim}, normal},
			tensor{p + "attn_v.weight", []uint64{e, kvDim}, normal},
			tensor{p + "attn_output.weight", []uint64{e, e}, normal},
			tensor{p + "ffn_norm.weight", []uint64{e}, one},
			tensor{p + "ffn_gate.weight", []uint64{e, ff}, normal},
			tensor{p + "ffn_up.weight", []uint64{e, ff}, normal},
			tensor{p + "ffn_down.weight", []uint64{ff, e}, normal},
		)
	}
	return append(ts,
		tensor{"output_norm.weight", []uint64{e}, one},
		tensor{"output.weight", []uint64{e, vocab}, normal},
	)
}

func elements(dims []uint64) uint64 {
	n := uint64(1)
	for _, d := range dims {
		n *= d
	}
	return n
}

// padding is how many bytes bring offset to the next multiple of align.
func padding(offset, align uint64) uint64 { return (align - offset%align) % align }

// ggufWriter writes little-endian values and counts bytes for alignment.
type ggufWriter struct {
	w   io.Writer
	n   uint64
	err error
}

func (g *ggufWriter) put(v any) {
	if g.err != nil {
		return
	}
	if g.err = binary.Write(g.w, binary.LittleEndian, v); g.err == nil {
		g.n += uint64(binary.Size(v))
	}
}

func (g *ggufWriter) str(s string) {
	g.put(uint64(len(s)))
	g.put([]byte(s))
}

func (g *ggufWriter) pad() { g.put(make([]byte, padding(g.n, tinyAlignment))) }

func (g *ggufWriter) value(v any) {
	switch v := v.(type) {
	case uint32:
		g.put(uint32(ggufUint32))
		g.put(v)
	case float32:
		g.put(uint32(ggufFloat32))
		g.put(v)
	case bool:
		g.put(uint32(ggufBool))
		g.put(v)
	case string:
		g.put(uint32(ggufString))
		g.str(v)
	case []string:
		g.put(uint32(ggufArray))
		g.put(uint32(ggufString))
		g.put(uint64(len(v)))
		for _, s := range v {
			g.str(s)
		}
	case []float32:
		g.put(uint32(ggufArray))
		g.put(uint32(ggufFloat32))
		g.put(uint64(len(v)))
		g.put(v)
	case []int32:
		g.put(uint32(ggufArray))
		g.put(uint32(ggufInt32))
		g.put(uint64(len(v)))
		g.put(v)
	default:
		g.err = fmt.Errorf("cannot encode GGUF value of type %T", v)
	}
}

// writeGGUF writes header, key/values, tensor infos (offsets relative to the
// aligned data section) and the aligned tensor data.
func writeGGUF(w io.Writer, kvs []kv, ts []tensor) error {
	g := &ggufWriter{w: w}
	g.put([]byte("GGUF"))
	g.put(uint32(3))
	g.put(uint64(len(ts)))
	g.put(uint64(len(kvs)))
	for _, p := range kvs {
		g.str(p.key)
		g.value(p.value)
	}
	var offset uint64
	for _, t := range ts {
		g.str(t.name)
		g.put(uint32(len(t.dims)))
		g.put(t.dims)
		g.put(uint32(0)) // GGML_TYPE_F32
		g.put(offset)
		offset += elements(t.dims) * 4
		offset += padding(offset, tinyAlignment)
	}
	g.pad()
	buf := make([]byte, 4)
	for _, t := range ts {
		for i := range int(elements(t.dims)) {
			binary.LittleEndian.PutUint32(buf, math.Float32bits(t.fill(i)))
			g.put(buf)
		}
		g.pad()
	}
	return g.err
}
