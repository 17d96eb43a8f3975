#!/usr/bin/env bash
# stop-dovecot.sh DIR: stops the Dovecot start-dovecot.sh started in DIR
# and waits until it is gone, so that its ports can be used again.
set -uo pipefail
dir=$(realpath -m "${1:?usage: stop-dovecot.sh DIR}")
pid=$(cat "$dir/run/master.pid" 2>/dev/null) || exit 0
name=$(sed -n 's/^instance_name = //p' "$dir/dovecot.conf")
kill "$pid" 2>/dev/null || exit 0
for _ in $(seq 1 300); do
	if ! kill -0 "$pid" 2>/dev/null; then
		# Sessions that outlive their master end too, as in a real
		# restart: a client must notice and connect again.
		[ -n "$name" ] && pkill -KILL -f "^dovecot-$name/" 2>/dev/null
		exit 0
	fi
	sleep 0.05
done
echo "stop-dovecot.sh: dovecot $pid still runs" >&2
exit 1
