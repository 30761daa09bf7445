#!/bin/sh
# The broker accounts Vigil needs, with mosquitto_ctrl (Mosquitto 2.0+, dynamic security plugin).
# POSIX sh: it runs in the eclipse-mosquitto image (Alpine) as well as on a Debian host.
#
#   dynsec-setup.sh init <dynamic-security.json>    before the broker's first start: the file
#                                                    with the plugin's administrator account
#   dynsec-setup.sh platform <host> <port>           once the broker runs: the platform's own
#                                                    account and role (idempotent)
#
# Environment: MQTT_ADMIN_PASSWORD (the administrator "admin"), MQTT_PLATFORM_USER (default
# "vigil") and MQTT_PLATFORM_PASSWORD: the user and password of Vigil's MQTT_URL.
set -eu

admin_user="admin"
platform_user="${MQTT_PLATFORM_USER:-vigil}"
role="vigil-platform"

need() {
  eval "value=\${$1:-}"
  if [ -z "$value" ]; then
    echo "dynsec-setup: set $1" >&2
    exit 2
  fi
}

init() {
  need MQTT_ADMIN_PASSWORD
  if [ -e "$1" ]; then
    echo "dynsec-setup: $1 exists; keeping it"
    return
  fi
  mosquitto_ctrl dynsec init "$1" "$admin_user" "$MQTT_ADMIN_PASSWORD" >/dev/null
}

# Only what the platform does: run the plugin (gateway accounts), read the gateways' up,
# status and log through the ingest processes' shared subscription, send their down, and
# read the broker's version (a warning for versions that lose messages over a restart).
platform_acls() {
  cat <<'EOF'
publishClientSend $CONTROL/dynamic-security/v1
subscribeLiteral $CONTROL/dynamic-security/v1/response
publishClientReceive $CONTROL/dynamic-security/v1/response
publishClientSend v1/gateways/+/down
subscribeLiteral $SYS/broker/version
publishClientReceive $SYS/broker/version
EOF
  for kind in up status log; do
    echo "subscribePattern \$share/+/v1/gateways/+/$kind"
    echo "unsubscribePattern \$share/+/v1/gateways/+/$kind"
    echo "publishClientReceive v1/gateways/+/$kind"
  done
}

platform() {
  need MQTT_ADMIN_PASSWORD
  need MQTT_PLATFORM_PASSWORD
  host="$1"
  port="$2"
  ctrl() { mosquitto_ctrl -h "$host" -p "$port" -u "$admin_user" -P "$MQTT_ADMIN_PASSWORD" dynsec "$@" 2>&1; }
  # mosquitto_ctrl exits 0 on a refused command: read what it says.
  current="$(ctrl getRole "$role")"
  case "$current" in
    *"Connection error"*)
      echo "dynsec-setup: $current" >&2
      exit 1
      ;;
    *"not found"*)
      ctrl createRole "$role" >/dev/null
      current=""
      ;;
  esac
  platform_acls | while read -r type topic; do
    if ! printf '%s\n' "$current" | grep -F -- ": allow : $topic (" | grep -qw -- "$type"; then
      ctrl addRoleACL "$role" "$type" "$topic" allow >/dev/null
    fi
  done
  case "$(ctrl getClient "$platform_user")" in
    *"not found"*) ctrl createClient "$platform_user" -p "$MQTT_PLATFORM_PASSWORD" >/dev/null ;;
    *) ctrl setClientPassword "$platform_user" "$MQTT_PLATFORM_PASSWORD" >/dev/null ;;
  esac
  ctrl addClientRole "$platform_user" "$role" >/dev/null
  echo "dynsec-setup: broker account \"$platform_user\" with role $role ready"
}

case "${1:-}" in
  init) init "${2:?file}" ;;
  platform) platform "${2:?host}" "${3:?port}" ;;
  *)
    echo "usage: dynsec-setup.sh init <file> | platform <host> <port>" >&2
    exit 2
    ;;
esac
