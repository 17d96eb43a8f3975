package render

import (
	"bufio"
	"cmp"
	"compress/zlib"
	"image"
	"image/color"
	"io"
	"slices"
)

// MailColours is how many colours EncodePNG keeps of a map. A map is
// flat fills and inks, but its anti-aliased text and the fog blend them
// into about a hundred colours. The style's inks the map uses (about 30),
// then the colours most used (the fills, the fog over them), up to 40,
// keep a map legible, each other pixel taking the nearest of them: its
// PNG is a quarter of its RGB size. 64 colours make it 15% larger for no
// difference the eye sees; 32 leave too few for the fog's shades, and
// hex numbers under fog turn green.
const MailColours = 40

// inks are the style's opaque colours: each is in a quantized palette
// however few pixels use it, so that a border, a burst or a marker keeps
// its colour.
var inks = []color.RGBA{paper, ink, gridInk, hexNumInk, clearFill, forestFill, forestInk, brokenFill, brokenInk,
	swampFill, swampInk, lakeFill, seaFill, waveInk, riverInk, blockedInk, borderInk, borderBand, frontInk, deRailInk,
	ruRailInk, trenchInk, cityInk, fortInk, entryRim, deFill, ruFill, otherFill, counterRim, reducedBar,
	markerFill, markerInk, badgeFill, clashInk, oosInk, occInk}

// palette is m's palette: its colours, exact, if it has at most max;
// otherwise the inks it uses (the default look's, then extra, the
// colours its data declares) and the colours most used, max in all.
func palette(m *image.RGBA, max int, extra []color.RGBA) []color.RGBA {
	count := map[color.RGBA]int{}
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, y):]
		var last color.RGBA
		n := 0
		for x := 0; x < b.Dx(); x++ {
			c := color.RGBA{pix[4*x], pix[4*x+1], pix[4*x+2], 0xff}
			if c != last && n > 0 {
				count[last] += n
				n = 0
			}
			last = c
			n++
		}
		if n > 0 {
			count[last] += n
		}
	}
	all := make([]color.RGBA, 0, len(count))
	for c := range count {
		all = append(all, c)
	}
	key := func(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }
	if len(all) <= max {
		slices.SortFunc(all, func(a, b color.RGBA) int { return cmp.Compare(key(a), key(b)) })
		return all
	}
	// Most used first; ties by value, so that the palette is a function
	// of the picture.
	slices.SortFunc(all, func(a, b color.RGBA) int {
		if c := cmp.Compare(count[b], count[a]); c != 0 {
			return c
		}
		return cmp.Compare(key(a), key(b))
	})
	// The inks the picture has, then the colours most used.
	var used []color.RGBA
	for _, c := range slices.Concat(inks, extra) {
		if count[c] > 0 && !slices.Contains(used, c) && len(used) < max {
			used = append(used, c)
		}
	}
	pal := make([]color.RGBA, 0, max)
	for _, c := range all {
		if len(pal)+len(used) == max {
			break
		}
		if !slices.Contains(used, c) {
			pal = append(pal, c)
		}
	}
	return append(pal, used...)
}

// nearest is the index of the colour of pal nearest to c.
func nearest(pal []color.RGBA, c color.RGBA) uint8 {
	best, dist := 0, -1
	for i, p := range pal {
		dr, dg, db := int(p.R)-int(c.R), int(p.G)-int(c.G), int(p.B)-int(c.B)
		if d := dr*dr + dg*dg + db*db; dist < 0 || d < dist {
			best, dist = i, d
		}
	}
	return uint8(best)
}

// encodePaletted writes m, which is opaque, as an 8-bit paletted PNG
// (colour type 3, PLTE) of at most max colours, max at most 256. Rows go
// unfiltered, as the specification advises for a palette (12.8): indexes
// are labels, their differences mean nothing. zlib's level 8 makes a map
// 5% smaller than its default, for three times the time (a quarter of a
// second for the whole map), which keeps the median mail under 200 KB;
// level 9 costs three times as much again for 1.5% less.
func encodePaletted(w io.Writer, m *image.RGBA, max int, extra []color.RGBA) error {
	pal := palette(m, max, extra)
	index := make(map[color.RGBA]uint8, len(pal))
	for i, c := range pal {
		index[c] = uint8(i)
	}
	b := m.Bounds()
	width := b.Dx()
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := writeHeader(bw, b, 3, pal); err != nil {
		return err
	}
	cw := &chunkWriter{w: bw}
	z, err := zlib.NewWriterLevel(cw, mapLevel)
	if err != nil {
		return err
	}
	row := make([]byte, 1+width) // row[0] = 0: filter None
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, y):]
		var last color.RGBA
		var i uint8
		for x := 0; x < width; x++ {
			// A map is runs of one colour: look each run up once.
			if c := (color.RGBA{pix[4*x], pix[4*x+1], pix[4*x+2], 0xff}); x == 0 || c != last {
				var ok bool
				if i, ok = index[c]; !ok {
					i = nearest(pal, c)
					index[c] = i
				}
				last = c
			}
			row[1+x] = i
		}
		if _, err := z.Write(row); err != nil {
			return err
		}
	}
	return finish(bw, cw, z)
}
