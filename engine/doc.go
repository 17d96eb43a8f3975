// Package engine is the pure rules core: game state, order windows,
// Validate, Resolve and View, registered per rules system. It imports only
// the standard library and its own subpackages (a test enforces it):
//
//   - engine/hex: hex geometry in each game's printed numbering;
//   - engine/scenario: static game data (map, counters, scenarios) and its
//     checks.
//
// Nothing here reads a clock, a file, the network or a global random
// source, and no result depends on Go map iteration order.
package engine
