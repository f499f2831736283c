package realollama

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// Ollama's own GGUF reader (fs/ggml) needs golang.org/x/sync, which is not
// in this module's go.sum, so this test decodes the file with an
// independent reader written from the GGUF spec.

type tensorInfo struct {
	dims   []uint64
	kind   uint32
	offset uint64
}

type ggufFile struct {
	version   uint32
	kv        map[string]any
	tensors   map[string]tensorInfo
	order     []string
	dataStart int64
	raw       []byte
}

func readGGUFFile(t *testing.T, b []byte) *ggufFile {
	t.Helper()
	r := bytes.NewReader(b)
	var fail error
	rd := func(v any) {
		if fail == nil {
			fail = binary.Read(r, binary.LittleEndian, v)
		}
	}
	str := func() string {
		var n uint64
		rd(&n)
		if fail != nil || n > uint64(r.Len()) {
			fail = fmt.Errorf("bad string length %d", n)
			return ""
		}
		s := make([]byte, n)
		rd(s)
		return string(s)
	}
	var value func(typ uint32) any
	value = func(typ uint32) any {
		switch typ {
		case ggufUint32:
			var v uint32
			rd(&v)
			return v
		case ggufInt32:
			var v int32
			rd(&v)
			return v
		case ggufFloat32:
			var v float32
			rd(&v)
			return v
		case ggufBool:
			var v bool
			rd(&v)
			return v
		case ggufString:
			return str()
		case ggufArray:
			var et uint32
			var n uint64
			rd(&et)
			rd(&n)
			out := make([]any, 0, n)
			for range n {
				out = append(out, value(et))
			}
			return out
		}
		fail = fmt.Errorf("unexpected value type %d", typ)
		return nil
	}

	var magic [4]byte
	f := &ggufFile{kv: map[string]any{}, tensors: map[string]tensorInfo{}, raw: b}
	var nt, nkv uint64
	rd(&magic)
	rd(&f.version)
	rd(&nt)
	rd(&nkv)
	if string(magic[:]) != "GGUF" {
		t.Fatalf("magic = %q", magic)
	}
	for range nkv {
		k := str()
		var typ uint32
		rd(&typ)
		f.kv[k] = value(typ)
	}
	for range nt {
		name := str()
		var nd uint32
		rd(&nd)
		ti := tensorInfo{dims: make([]uint64, nd)}
		rd(ti.dims)
		rd(&ti.kind)
		rd(&ti.offset)
		f.tensors[name] = ti
		f.order = append(f.order, name)
	}
	if fail != nil {
		t.Fatalf("decode: %v", fail)
	}
	pos, _ := r.Seek(0, io.SeekCurrent)
	f.dataStart = pos + int64(padding(uint64(pos), tinyAlignment))
	return f
}

func (f *ggufFile) floats(name string) []float32 {
	ti := f.tensors[name]
	start := f.dataStart + int64(ti.offset)
	out := make([]float32, elements(ti.dims))
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(f.raw[start+int64(i)*4:]))
	}
	return out
}

func TestTinyModelIsAWellFormedLlamaGGUF(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiny.gguf")
	if err := WriteTinyModel(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := readGGUFFile(t, b)
	if f.version != 3 {
		t.Errorf("version = %d, want 3", f.version)
	}
	wantKV := map[string]any{
		"general.architecture": "llama", "general.alignment": uint32(32),
		"llama.block_count": uint32(2), "llama.context_length": uint32(2048),
		"llama.embedding_length": uint32(64), "llama.feed_forward_length": uint32(128),
		"llama.attention.head_count": uint32(4), "llama.attention.head_count_kv": uint32(4),
		"llama.rope.freq_base": float32(1e4), "llama.attention.layer_norm_rms_epsilon": float32(1e-5),
		"tokenizer.ggml.model": "llama", "tokenizer.ggml.bos_token_id": uint32(1),
		"tokenizer.ggml.eos_token_id": uint32(2), "tokenizer.ggml.unknown_token_id": uint32(0),
	}
	for k, want := range wantKV {
		if got := f.kv[k]; got != want {
			t.Errorf("%s = %#v, want %#v", k, got, want)
		}
	}
	tokens, _ := f.kv["tokenizer.ggml.tokens"].([]any)
	scores, _ := f.kv["tokenizer.ggml.scores"].([]any)
	types, _ := f.kv["tokenizer.ggml.token_type"].([]any)
	vocab := 3 + 256 + len(tinyPieces)
	if len(tokens) != vocab || len(scores) != vocab || len(types) != vocab {
		t.Fatalf("vocab sizes tokens/scores/types = %d/%d/%d, want %d", len(tokens), len(scores), len(types), vocab)
	}
	if tokens[0] != "<unk>" || tokens[1] != "<s>" || tokens[2] != "</s>" || tokens[3] != "<0x00>" || tokens[258] != "<0xFF>" ||
		types[1] != int32(tokenControl) || types[3+0x41] != int32(tokenByte) || f.kv["llama.vocab_size"] != uint32(vocab) {
		t.Errorf("special and byte tokens wrong: %v … types %v", tokens[:5], types[:5])
	}

	checkTensors(t, f, uint64(vocab), int64(len(b)))
}

func checkTensors(t *testing.T, f *ggufFile, vocab uint64, size int64) {
	t.Helper()
	want := map[string][]uint64{
		"token_embd.weight": {64, vocab}, "output_norm.weight": {64}, "output.weight": {64, vocab},
	}
	for b := range 2 {
		p := fmt.Sprintf("blk.%d.", b)
		for name, dims := range map[string][]uint64{
			"attn_norm": {64}, "attn_q": {64, 64}, "attn_k": {64, 64}, "attn_v": {64, 64}, "attn_output": {64, 64},
			"ffn_norm": {64}, "ffn_gate": {64, 128}, "ffn_up": {64, 128}, "ffn_down": {128, 64},
		} {
			want[p+name+".weight"] = dims
		}
	}
	if len(f.tensors) != len(want) {
		t.Errorf("%d tensors, want %d", len(f.tensors), len(want))
	}
	if f.dataStart%32 != 0 {
		t.Errorf("data section starts at %d, not 32-aligned", f.dataStart)
	}
	var params, next uint64
	for _, name := range f.order {
		ti := f.tensors[name]
		if fmt.Sprint(ti.dims) != fmt.Sprint(want[name]) || ti.kind != 0 {
			t.Errorf("%s dims %v kind %d, want %v F32", name, ti.dims, ti.kind, want[name])
		}
		if ti.offset%32 != 0 || ti.offset != next {
			t.Errorf("%s at offset %d, want %d (aligned, packed)", name, ti.offset, next)
		}
		n := elements(ti.dims)
		params += n
		next = ti.offset + n*4 + padding(ti.offset+n*4, 32)
	}
	if end := f.dataStart + int64(next); end != size {
		t.Errorf("file is %d bytes, tensors end at %d", size, end)
	}
	t.Logf("%d parameters, %d bytes", params, size)

	for _, v := range f.floats("blk.1.ffn_norm.weight") {
		if v != 1 {
			t.Fatalf("norm weight %v, want 1", v)
		}
	}
	w := f.floats("token_embd.weight")
	var sum, sq float64
	for _, v := range w {
		sum += float64(v)
		sq += float64(v) * float64(v)
	}
	mean, std := sum/float64(len(w)), math.Sqrt(sq/float64(len(w)))
	if math.Abs(mean) > 0.002 || math.Abs(std-0.02) > 0.002 {
		t.Errorf("token_embd mean %.4f std %.4f, want N(0, 0.02)", mean, std)
	}
}

func TestTinyModelIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	for i := range files {
		p := filepath.Join(dir, fmt.Sprint(i))
		if err := WriteTinyModel(p); err != nil {
			t.Fatal(err)
		}
		var err error
		if files[i], err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two writes differ")
	}
}

func TestWriteTinyModelReportsErrors(t *testing.T) {
	err := WriteTinyModel(filepath.Join(t.TempDir(), "missing", "tiny.gguf"))
	if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte("cannot ")) {
		t.Errorf("err = %v, want a cannot … error", err)
	}
}
