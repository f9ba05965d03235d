// Package yamlnode reads the YAML files a user writes (a sweep file, a character file)
// node by node, so that every mistake is an Error naming the file, the line, the field
// and what is allowed, in the one form editors and CI logs link to. The readers of each
// file (lab/sweep, lab's character files) keep what their numbers and lists mean; this
// package keeps what they share: the document, mappings with each key once, text, and
// the parser's syntax errors with their lines counted from 1.
package yamlnode
