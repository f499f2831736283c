package supervisor

import "strings"

// Markdown emphasis inside a quotation is the answer's formatting, not
// the quoted text: "logged \"Failed password … from **203.0.113.9** port
// 51122\"" quotes the journal line as it stands once the markers go.

// unemphasized returns text without Markdown bold markers ("**"); "__"
// stays, for names hold it ("__pycache__"), and so does a lone "*" (a
// glob: "/var/log/*").
func unemphasized(text string) string {
	if !strings.Contains(text, "**") {
		return text
	}
	return strings.ReplaceAll(text, "**", "")
}
