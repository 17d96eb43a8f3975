#!/usr/bin/env bash
# start-dovecot.sh DIR IMAP_PORT IMAPS_PORT LMTP_PORT USER:PASSWORD...
#
# Starts a private Dovecot 2.3 (Debian: dovecot-imapd, dovecot-lmtpd) for
# the integration tests: 127.0.0.1 only, its own ports, a passwd-file with
# the given users, Maildirs and a self-signed certificate under DIR. Works
# as root (CI: mail is stored as nobody, since Dovecot will not use uid 0)
# and as an ordinary user (no chroot, no privilege drop). Stop it with
# stop-dovecot.sh DIR.
set -euo pipefail
dir=$(realpath -m "${1:?usage: start-dovecot.sh DIR IMAP IMAPS LMTP USER:PASSWORD...}")
imap=${2:?imap port}; imaps=${3:?imaps port}; lmtp=${4:?lmtp port}
shift 4
mkdir -p "$dir"/run "$dir"/state "$dir"/mail "$dir"/tls
if [ "$(id -u)" = 0 ]; then
	# Dovecot's own users read the users file and the certificate: the
	# directory (and its parent, a fresh temporary one) must let them in.
	chmod 755 "$dir" "$(dirname "$dir")"
	uid=65534 gid=65534
	users="default_internal_user = dovecot
default_login_user = dovenull"
	chroots=""
	chown -R "$uid:$gid" "$dir/mail"
else
	uid=$(id -u) gid=$(id -g)
	users="default_internal_user = $(id -un)
default_login_user = $(id -un)
default_internal_group = $(id -gn)"
	chroots="service anvil {
  chroot =
}
service imap-login {
  chroot =
}"
fi
if [ ! -s "$dir/tls/cert.pem" ]; then
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
		-subj /CN=localhost -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
		-keyout "$dir/tls/key.pem" -out "$dir/tls/cert.pem" 2>/dev/null
fi
: >"$dir/users"
for u in "$@"; do
	printf '%s:{PLAIN}%s::::::\n' "${u%%:*}" "${u#*:}" >>"$dir/users"
done
chmod 644 "$dir/users"
cat >"$dir/dovecot.conf" <<CONF
base_dir = $dir/run
state_dir = $dir/state
instance_name = pbem-test-$imap
log_path = $dir/dovecot.log
info_log_path = $dir/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
$users
$chroots
ssl = yes
ssl_cert = <$dir/tls/cert.pem
ssl_key = <$dir/tls/key.pem
ssl_min_protocol = TLSv1.2
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users
}
userdb {
  driver = static
  args = uid=$uid gid=$gid home=$dir/mail/%d/%n
}
mail_location = maildir:~/Maildir
first_valid_uid = 1
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $imap
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp
  }
}
protocol lmtp {
  auth_username_format = %u
}
CONF
# The master keeps no descriptor of ours, or a caller reading our output
# would wait for it to exit.
if ! dovecot -c "$dir/dovecot.conf" </dev/null >"$dir/start.log" 2>&1; then
	echo "start-dovecot.sh: dovecot would not start:" >&2
	cat "$dir/start.log" >&2
	exit 1
fi
for _ in $(seq 1 200); do
	if (exec 3<>"/dev/tcp/127.0.0.1/$imap") 2>/dev/null; then exit 0; fi
	sleep 0.05
done
echo "start-dovecot.sh: dovecot did not start; its log:" >&2
cat "$dir/dovecot.log" >&2
exit 1
