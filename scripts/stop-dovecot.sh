#!/usr/bin/env bash
# stop-dovecot.sh DIR: stops the Dovecot start-dovecot.sh started in DIR
# and waits until it is gone, so that its ports can be used again.
set -uo pipefail
dir=$(realpath -m "${1:?usage: stop-dovecot.sh DIR}")
pid=$(cat "$dir/run/master.pid" 2>/dev/null) || exit 0
kill "$pid" 2>/dev/null || exit 0
for _ in $(seq 1 300); do
	kill -0 "$pid" 2>/dev/null || exit 0
	sleep 0.05
done
echo "stop-dovecot.sh: dovecot $pid still runs" >&2
exit 1
