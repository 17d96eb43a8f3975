// Package orders reads and writes order files, the plain-text files players
// mail to the referee.
//
// An order file is UTF-8 text. It may start with a header, a block of
// "Key: value" lines (Game, Side, Window, Nonce) ended by a blank line,
// then holds one order per line. A '#' starts a comment that runs to the
// end of its line; blank lines are ignored. An order is a verb followed by
// words separated by blanks or tabs; a word equal to one of the verb's
// keywords ("to", "via", "with", "if") starts that keyword's clause:
//
//	Game: t1
//	Side: RU
//	Window: GT1 RU-MOVE
//
//	move RU-XV to 2918   # by the cheapest path
//	attack 2817 2818 with RU-XV RU-XIII if odds>=2-1
//
// The package owns the syntax only: the lexer, the parser, the canonical
// printer [Format], the positioned error list and the reference text [Help].
// It knows no game. The verbs come from the caller as a table of
// [engine.Verb] (one table drives the parser, the help and docs/orders.md),
// so Parse checks the shape of each order (known verb, known keywords, word
// counts, word kinds: hexes, unit ids, numbers, choices, conditions) and
// binding the words to units and hexes is left to the ruleset. The header is
// parsed but its meaning (which game, side and window) is not checked here.
//
// Parse never aborts on a bad order: it returns every well-formed order and
// an [ErrorList] holding one error per bad line, so a player sees every
// mistake of a file at once.
//
// This package imports only the standard library and pbem/engine; it must
// not import a ruleset (engine/rulesets/gwite) nor the daemon (pbem).
package orders
