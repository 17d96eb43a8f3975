package orders

import (
	"fmt"
	"sort"
	"strings"
)

// MaxErrors is how many errors Parse reports before it sums up the rest in
// a final "(and N more errors)" entry.
const MaxErrors = 20

// Error is one problem of an order file, at a line and column (both
// counted from 1; columns count characters, a tab is one).
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error prints "file:line:col: msg"; the file and the column are left out
// when unknown.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	fmt.Fprintf(&b, "%d", e.Line)
	if e.Col > 0 {
		fmt.Fprintf(&b, ":%d", e.Col)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList is the problems of one file in line order. The list Parse
// returns holds at most one error per line and at most MaxErrors of them,
// then one last entry "(and N more errors)".
type ErrorList []*Error

// Error prints each error on its own line.
func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list, and the list otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Sort orders the list by line, then column.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
}

// RemoveMultiples sorts the list and keeps the first error of each line.
func (l *ErrorList) RemoveMultiples() {
	l.Sort()
	out := (*l)[:0]
	for i, e := range *l {
		if i > 0 && e.Line == out[len(out)-1].Line {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

// truncate keeps the first n errors and sums up the others in one entry
// placed at the line of the first one left out.
func (l ErrorList) truncate(n int) ErrorList {
	if len(l) <= n {
		return l
	}
	first := l[n]
	out := append(ErrorList(nil), l[:n]...)
	more := "(and 1 more error)"
	if len(l)-n > 1 {
		more = fmt.Sprintf("(and %d more errors)", len(l)-n)
	}
	return append(out, &Error{File: first.File, Line: first.Line, Msg: more})
}
