package render

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"

	"pbem/engine/scenario"
)

// EncodePNG writes img as a PNG small enough to mail. A map is opaque,
// so an *image.RGBA whose every pixel is opaque is written paletted
// (encodePaletted): a map is a few dozen flat colours, and 8-bit indexes
// compress to a third of 8-bit RGB. Anything else goes to image/png.
func EncodePNG(w io.Writer, img image.Image) error { return encode(w, img, nil) }

// EncodeMapPNG is EncodePNG for a picture of map m: the colours m's data
// declares (its sides' rails, its nations' counters, its terrains) stay
// exact however few pixels use them, as the default look's do.
func EncodeMapPNG(w io.Writer, img image.Image, m *scenario.Map) error {
	return encode(w, img, NewStyle(m.Vocab()).inks())
}

func encode(w io.Writer, img image.Image, extra []color.RGBA) error {
	if m, ok := img.(*image.RGBA); ok && m.Opaque() {
		return encodePaletted(w, m, MailColours, extra)
	}
	e := png.Encoder{CompressionLevel: png.BestSpeed}
	return e.Encode(w, img)
}

// EncodeRGB writes m, which must be opaque, as 8-bit RGB, every colour
// exact: what EncodePNG wrote before maps were paletted, kept as the
// measure of what the palette saves (BenchmarkMailSizes in pbem/report).
func EncodeRGB(w io.Writer, m *image.RGBA) error { return encodeRGB(w, m) }

// encodeRGB writes m, which is opaque, as an 8-bit RGB PNG (the PNG
// specification, sections 11.2.2 IHDR, 9.2 filter type 2 Up, 11.2.4 IDAT),
// with the Up filter on every row: one filter chosen for maps (flat
// colour, mostly the same from one row to the next) encodes about 2.5
// times faster than image/png's five tried on each row, for files 5%
// larger.
func encodeRGB(w io.Writer, m *image.RGBA) error {
	b := m.Bounds()
	width := b.Dx()
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := writeHeader(bw, b, 2, nil); err != nil { // colour type 2: RGB
		return err
	}
	cw := &chunkWriter{w: bw}
	z, err := zlib.NewWriterLevel(cw, zlib.BestSpeed)
	if err != nil {
		return err
	}
	row := make([]byte, 1+3*width)
	prev := make([]byte, 3*width) // the row above, unfiltered; zeros above the first
	cur := make([]byte, 3*width)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, y):]
		for x, i := 0, 0; x < width; x, i = x+1, i+3 {
			cur[i], cur[i+1], cur[i+2] = pix[4*x], pix[4*x+1], pix[4*x+2]
		}
		row[0] = 2 // Up
		for i, c := range cur {
			row[1+i] = c - prev[i]
		}
		if _, err := z.Write(row); err != nil {
			return err
		}
		prev, cur = cur, prev
	}
	return finish(bw, cw, z)
}

// writeHeader writes the signature, IHDR for an 8-bit image of bounds b
// and colour type kind, and PLTE if pal is not nil.
func writeHeader(w io.Writer, b image.Rectangle, kind byte, pal []color.RGBA) error {
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, kind // bit depth 8; deflate, adaptive filtering, no interlace
	if err := writeChunk(w, "IHDR", ihdr[:]); err != nil {
		return err
	}
	if pal == nil {
		return nil
	}
	plte := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		plte = append(plte, c.R, c.G, c.B)
	}
	return writeChunk(w, "PLTE", plte)
}

// finish closes the zlib stream, writes its last IDAT and IEND.
func finish(bw *bufio.Writer, cw *chunkWriter, z *zlib.Writer) error {
	if err := z.Close(); err != nil {
		return err
	}
	if err := cw.flush(); err != nil {
		return err
	}
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// chunkWriter cuts the zlib stream into IDAT chunks of at most 64 KiB.
type chunkWriter struct {
	w   io.Writer
	buf []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), 1<<16-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == 1<<16 {
			if err := c.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func (c *chunkWriter) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	err := writeChunk(c.w, "IDAT", c.buf)
	c.buf = c.buf[:0]
	return err
}

// writeChunk writes one chunk: length, type, data, and the CRC of type and
// data.
func writeChunk(w io.Writer, kind string, data []byte) error {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, p := range [][]byte{head[:], data, tail[:]} {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}
