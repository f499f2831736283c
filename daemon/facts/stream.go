package facts

import (
	"encoding/json"
	"strings"
)

// Stream renders a fact-form reply while the model writes it, so the user
// sees each fact as it is finished rather than JSON or nothing: a fact
// once its object closes ("- nginx RSS: 52344"), an advice item once its
// string closes, the missing-data text at the end of its string. What it
// emits is a preview (the terminal erases it before the final answer);
// text it cannot read is left out, never guessed at.
type Stream struct {
	emit func(string)
	buf  []byte
	pos  int // bytes of buf scanned
	// stack holds the open containers: '{' or '[' each.
	stack []byte
	// key is the last object key read at each depth, so a value knows
	// where it sits.
	key []string
	// start is where the element being watched began in buf, or -1.
	start    int
	inString bool
	escaped  bool
	// keyNext is true where the next string of an object is a key.
	keyNext []bool
	strAt   int // where the current string began
	emitted bool
	section string
}

// NewStream returns a Stream that passes rendered text to emit.
func NewStream(emit func(string)) *Stream {
	return &Stream{emit: emit, start: -1}
}

// maxStreamBytes bounds what a Stream keeps; the reply itself is bounded
// by the LLM client, this only keeps a runaway preview from growing.
const maxStreamBytes = 64 << 10

// Write takes the next chunk of the reply.
func (s *Stream) Write(chunk string) {
	if len(s.buf)+len(chunk) > maxStreamBytes {
		return
	}
	s.buf = append(s.buf, chunk...)
	for ; s.pos < len(s.buf); s.pos++ {
		s.step(s.buf[s.pos])
	}
}

// step reads one byte at s.pos.
func (s *Stream) step(c byte) {
	if s.inString {
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = false
			s.closeString()
		}
		return
	}
	switch c {
	case '"':
		s.inString, s.strAt = true, s.pos
	case '{', '[':
		if s.where() == "facts" && c == '{' && len(s.stack) == 2 {
			s.start = s.pos
		}
		s.stack = append(s.stack, c)
		s.key = append(s.key, "")
		s.keyNext = append(s.keyNext, c == '{')
	case '}', ']':
		if len(s.stack) == 0 {
			return
		}
		s.stack, s.key, s.keyNext = s.stack[:len(s.stack)-1], s.key[:len(s.key)-1], s.keyNext[:len(s.keyNext)-1]
		if c == '}' && len(s.stack) == 2 && s.start >= 0 && s.where() == "facts" {
			var f Fact
			if json.Unmarshal(s.buf[s.start:s.pos+1], &f) == nil {
				s.out("facts", "- "+collapse(f.Statement()))
			}
			s.start = -1
		}
	case ',':
		if n := len(s.keyNext); n > 0 && s.stack[n-1] == '{' {
			s.keyNext[n-1] = true
		}
	}
}

// where names the top-level key whose value holds the current position:
// "facts", "advice", "missing", or "".
func (s *Stream) where() string {
	if len(s.key) == 0 {
		return ""
	}
	return s.key[0]
}

// closeString handles a string that just closed at s.pos.
func (s *Stream) closeString() {
	n := len(s.stack)
	if n == 0 {
		return
	}
	var text string
	if json.Unmarshal(s.buf[s.strAt:s.pos+1], &text) != nil {
		return
	}
	if s.stack[n-1] == '{' && s.keyNext[n-1] {
		s.key[n-1], s.keyNext[n-1] = text, false
		return
	}
	switch {
	case n == 2 && s.where() == "advice" && s.stack[1] == '[':
		if t := collapse(text); t != "" {
			s.out("advice", "- "+t)
		}
	case n == 1 && s.key[0] == "missing":
		if t := strings.TrimSpace(text); t != "" {
			s.out("missing", t)
		}
	}
}

// out emits text as the next item of section: items of one section go on
// lines of their own, sections apart by a blank line, as Answer.Text
// lays them out.
func (s *Stream) out(section, text string) {
	switch {
	case !s.emitted:
	case section == s.section:
		text = "\n" + text
	default:
		text = "\n\n" + text
	}
	s.emitted, s.section = true, section
	s.emit(text)
}
