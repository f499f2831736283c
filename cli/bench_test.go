package cli

import (
	"io"
	"strings"
	"testing"
)

// A typical answer: a few paragraphs with numbers, some Hangul, an emoji.
var benchText = strings.Repeat("Firefox (pid 4242) uses 1.2 GiB, 7.5% of RAM; 메모리를 가장 많이 씁니다 👍. ", 40)

func BenchmarkSanitizeClean(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		Sanitize(benchText)
	}
}

func BenchmarkSanitizeDirty(b *testing.B) {
	dirty := strings.ReplaceAll(benchText, "GiB", "\x1b[1mGiB\x1b[0m")
	b.SetBytes(int64(len(dirty)))
	for b.Loop() {
		Sanitize(dirty)
	}
}

func BenchmarkWrap80(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		wrap(benchText, 80)
	}
}

func BenchmarkRenderAnswer(b *testing.B) {
	a := sampleAnswer()
	a.Answer = benchText
	for b.Loop() {
		_ = renderAnswer(io.Discard, "what uses my memory", a, 100, style{color: true})
	}
}

func BenchmarkWrap80ASCII(b *testing.B) {
	text := strings.Repeat("Firefox (pid 4242) uses 1.2 GiB, 7.5% of RAM, more than any other process. ", 40)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		wrap(text, 80)
	}
}
