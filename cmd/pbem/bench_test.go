package main

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"pbem/render"
	"pbem/scenarios"
)

// BenchmarkRenderTannenberg draws the real campaign map with its 69 set-up
// counters; BenchmarkFloorFillTannenberg, in the same run, only fills an
// image of the same size, the least any drawing of it can cost.
func BenchmarkRenderTannenberg(b *testing.B) {
	c, err := scenarios.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	g, s, err := c.Find("tannenberg-1914")
	if err != nil {
		b.Fatal(err)
	}
	counters := setupCounters(g, s)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		render.Draw(g.Map, counters, render.Options{HexPx: 40})
	}
}

func BenchmarkFloorFillTannenberg(b *testing.B) {
	c, err := scenarios.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	g, s, _ := c.Find("tannenberg-1914")
	size := render.Draw(g.Map, setupCounters(g, s), render.Options{HexPx: 40}).Bounds()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		img := image.NewRGBA(size)
		draw.Draw(img, size, image.NewUniform(color.RGBA{250, 245, 230, 255}), image.Point{}, draw.Src)
	}
}

// BenchmarkLoadTannenberg parses and checks the whole embedded game.
func BenchmarkLoadTannenberg(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := scenarios.Embedded(); err != nil {
			b.Fatal(err)
		}
	}
}
