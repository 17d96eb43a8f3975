//go:build race

package render

import "compress/zlib"

// mapLevel is the zlib level of a map's PNG under the race detector,
// which slows level 8's matching seventeenfold (3 s a map): the race run
// checks concurrency, the unit run the sizes (TestMailSizes).
const mapLevel = zlib.BestSpeed
