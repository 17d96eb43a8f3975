package gwite

// TestOrder lets the external tests (package gwite_test) build orders
// with the same helper as the internal ones.
var TestOrder = testOrder
