// Package templates will hold the embedded text/template report and
// acknowledgement mails (issue 7). It may import engine only.
package templates
