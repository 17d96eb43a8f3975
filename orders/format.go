package orders

import "bytes"

// Format prints f in canonical form: the header lines as "Key: value", a
// blank line if there is a header, then one order per line as
// engine.Order.String prints it (lower-case verb and keywords, single
// blanks, clauses in the order Parse put them: the verb table's). Comments
// and blank lines are not kept. Parsing the result gives f again, and
// formatting that gives the same bytes.
func Format(f *File) []byte {
	var b bytes.Buffer
	for _, h := range f.Header {
		b.WriteString(h.Key + ":")
		if h.Value != "" {
			b.WriteString(" " + h.Value)
		}
		b.WriteByte('\n')
	}
	if len(f.Header) > 0 {
		b.WriteByte('\n')
	}
	for _, o := range f.Orders {
		b.WriteString(o.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}
