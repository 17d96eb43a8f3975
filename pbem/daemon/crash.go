package daemon

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// The crash tests (pbem/dovecot) kill the daemon at chosen instants:
// PBEM_CRASH_AT=POINT:N in its environment makes it kill itself with
// SIGKILL the N-th time it reaches POINT, as a power cut would. Unset, as
// in every real run, the points cost one comparison.
var crashPoint, crashCount = parseCrash(os.Getenv("PBEM_CRASH_AT"))

func parseCrash(v string) (string, int) {
	point, n, ok := strings.Cut(v, ":")
	if !ok {
		return "", 0
	}
	c, err := strconv.Atoi(n)
	if err != nil || c < 1 {
		return "", 0
	}
	return point, c
}

// Crash is a crash point; see PBEM_CRASH_AT.
func Crash(point string) {
	if crashPoint == "" || point != crashPoint {
		return
	}
	crashCount--
	if crashCount == 0 {
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {} // the signal is on its way
	}
}
