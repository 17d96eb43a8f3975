//go:build !race

package render

// mapLevel is the zlib level of a map's PNG (encodePaletted).
const mapLevel = 8
