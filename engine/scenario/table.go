package scenario

import (
	"sort"
	"strings"
)

// Table is a table typed into the data: a CRT, a TEC, a weather chart. The
// scenario package knows only its shape (columns, rows, cells and where
// each came from); what a cell means is the ruleset's, which reads the
// tables it knows by id and checks their cells.
type Table struct {
	ID      string
	Title   string
	Columns []string // column keys, left to right
	Rows    []*TableRow
	Src     Source
	Pos     Pos
}

// TableRow is one row: its key (the first word of its line) and a cell per
// column.
type TableRow struct {
	Key   string
	Cells []TableCell
	Pos   Pos
}

// TableCell is one cell's text and where it came from: the cell's own
// ROW:COL.src=, else its row's ROW.src=, else the table's.
type TableCell struct {
	Value string
	Src   Source
}

// Col returns the index of column key, or -1.
func (t *Table) Col(key string) int {
	for i, c := range t.Columns {
		if c == key {
			return i
		}
	}
	return -1
}

// Row returns the row of key, or nil.
func (t *Table) Row(key string) *TableRow {
	return first(t.Rows, func(r *TableRow) bool { return r.Key == key })
}

// Cell returns the cell at row and column keys.
func (t *Table) Cell(row, col string) (TableCell, bool) {
	r, c := t.Row(row), t.Col(col)
	if r == nil || c < 0 {
		return TableCell{}, false
	}
	return r.Cells[c], true
}

// Table looks up a table of the data by id; nil if the data has none.
func (g *Game) Table(id string) *Table {
	return first(g.Tables, func(t *Table) bool { return t.ID == id })
}

// table reads a table record:
//
//	table ID title="..." src=...
//	  columns KEY KEY ...
//	  ROW CELL CELL ...
//	  [ROW.src=... for one row's cells, ROW:COL.src=... for one cell]
//
// Each continuation line that holds words is one line of the table.
func (p *parser) table(r *record) {
	if !p.args(r, 1, "table ID title=... then a columns line and a line per row") {
		return
	}
	t := &Table{ID: r.Args[0].Value, Title: p.str(r, "title", true), Pos: r.Pos}
	var lines [][]token
	for _, a := range r.Args[1:] {
		if a.Pos.Line == r.Pos.Line {
			p.errf(a.Pos, "table %s: %q on the table's first line: put the columns and each row on a line of its own", t.ID, a.Value)
			return
		}
		if n := len(lines); n > 0 && lines[n-1][0].Pos.Line == a.Pos.Line {
			lines[n-1] = append(lines[n-1], a)
		} else {
			lines = append(lines, []token{a})
		}
	}
	if len(lines) == 0 || lines[0][0].Value != "columns" || len(lines[0]) < 2 {
		p.errf(r.Pos, "table %s: the first line after the record must be `columns KEY...`", t.ID)
		return
	}
	for _, c := range lines[0][1:] {
		if t.Col(c.Value) >= 0 {
			p.errf(c.Pos, "table %s: column %s given twice", t.ID, c.Value)
		}
		t.Columns = append(t.Columns, c.Value)
	}
	var srcs []token
	for _, f := range r.Fields {
		switch {
		case strings.HasSuffix(f.Key, ".src"):
			srcs = append(srcs, f)
		case f.Key != "title" && f.Key != "src":
			p.errf(f.Pos, "table %s: unknown field %q (want title, src, ROW.src or ROW:COL.src)", t.ID, f.Key)
		}
	}
	t.Src, _ = p.source(r, "")
	t.Src.Pos = r.Pos
	for _, l := range lines[1:] {
		row := &TableRow{Key: l[0].Value, Pos: l[0].Pos}
		if t.Row(row.Key) != nil {
			p.errf(row.Pos, "table %s: row %s given twice", t.ID, row.Key)
			continue
		}
		if len(l)-1 != len(t.Columns) {
			p.errf(row.Pos, "table %s: row %s has %d cells for %d columns", t.ID, row.Key, len(l)-1, len(t.Columns))
			continue
		}
		for _, c := range l[1:] {
			row.Cells = append(row.Cells, TableCell{Value: c.Value, Src: t.Src})
		}
		t.Rows = append(t.Rows, row)
	}
	// Rows first, then cells: a cell's own source wins over its row's.
	sort.SliceStable(srcs, func(i, j int) bool { return !strings.Contains(srcs[i].Key, ":") && strings.Contains(srcs[j].Key, ":") })
	p.cellSources(t, srcs)
	if q := p.g.Table(t.ID); q != nil {
		p.errf(r.Pos, "table %s already given at %s", t.ID, q.Pos)
		return
	}
	p.g.Tables = append(p.g.Tables, t)
	sort.SliceStable(p.g.Tables, func(i, j int) bool { return p.g.Tables[i].ID < p.g.Tables[j].ID })
}

// cellSources applies ROW.src= fields to their rows' cells and
// ROW:COL.src= fields to their cells.
func (p *parser) cellSources(t *Table, fields []token) {
	for _, f := range fields {
		rc := strings.TrimSuffix(f.Key, ".src")
		row, col, one := strings.Cut(rc, ":")
		r, c := t.Row(row), t.Col(col)
		switch {
		case r == nil && !one:
			p.errf(f.Pos, "table %s: %s: no row %s", t.ID, f.Key, row)
			continue
		case r == nil || (one && c < 0):
			p.errf(f.Pos, "table %s: %s: no cell at row %s, column %s", t.ID, f.Key, row, col)
			continue
		}
		s, err := ParseSource(f.Value)
		if err != nil {
			p.errf(f.Pos, "table %s: %s: %v", t.ID, f.Key, err)
			continue
		}
		s.Pos = f.Pos
		for i := range r.Cells {
			if !one || i == c {
				r.Cells[i].Src = s
			}
		}
	}
}
