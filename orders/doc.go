// Package orders will hold the order-file language: lexer, parser with line
// and column, canonical printer, header binding and signature checks
// (issues 3 and 5). It may import engine only.
package orders
