#!/usr/bin/env bash
# The broker accounts Vigil needs, with mosquitto_ctrl (Mosquitto 2.0+, dynamic security plugin).
#
#   dynsec-setup.sh init <dynamic-security.json>    before the broker's first start: the file
#                                                    with the plugin's administrator account
#   dynsec-setup.sh platform <host> <port>           once the broker runs: the platform's own
#                                                    account and role (idempotent)
#
# Environment: MQTT_ADMIN_PASSWORD (the administrator "admin"), MQTT_PLATFORM_USER (default
# "vigil") and MQTT_PLATFORM_PASSWORD: the user and password of Vigil's MQTT_URL.
set -euo pipefail

admin_user="admin"
platform_user="${MQTT_PLATFORM_USER:-vigil}"
role="vigil-platform"

need() {
  if [[ -z "${!1:-}" ]]; then
    echo "dynsec-setup: set $1" >&2
    exit 2
  fi
}

init() {
  need MQTT_ADMIN_PASSWORD
  local file="$1"
  if [[ -e "$file" ]]; then
    echo "dynsec-setup: $file exists; keeping it"
    return
  fi
  mosquitto_ctrl dynsec init "$file" "$admin_user" "$MQTT_ADMIN_PASSWORD" >/dev/null
}

platform() {
  need MQTT_ADMIN_PASSWORD
  need MQTT_PLATFORM_PASSWORD
  local host="$1" port="$2"
  ctrl() { mosquitto_ctrl -h "$host" -p "$port" -u "$admin_user" -P "$MQTT_ADMIN_PASSWORD" dynsec "$@" 2>&1; }
  # mosquitto_ctrl exits 0 on a refused command: read what it says.
  local answer
  answer="$(ctrl getRole "$role")"
  if grep -q "Connection error" <<<"$answer"; then
    echo "dynsec-setup: $answer" >&2
    exit 1
  fi
  if grep -q "not found" <<<"$answer"; then ctrl createRole "$role" >/dev/null; fi
  # Only what the platform does: run the plugin (gateway accounts), read the gateways' up,
  # status and log through the ingest processes' shared subscription, send their down, and
  # read the broker's version (a warning for versions that lose messages over a restart).
  local acls=(
    "publishClientSend \$CONTROL/dynamic-security/v1"
    "subscribeLiteral \$CONTROL/dynamic-security/v1/response"
    "publishClientReceive \$CONTROL/dynamic-security/v1/response"
    "publishClientSend v1/gateways/+/down"
    "subscribeLiteral \$SYS/broker/version"
    "publishClientReceive \$SYS/broker/version"
  )
  for kind in up status log; do
    acls+=("subscribePattern \$share/+/v1/gateways/+/$kind")
    acls+=("unsubscribePattern \$share/+/v1/gateways/+/$kind")
    acls+=("publishClientReceive v1/gateways/+/$kind")
  done
  local current
  current="$(ctrl getRole "$role")"
  for acl in "${acls[@]}"; do
    read -r type topic <<<"$acl"
    if ! grep -F -- ": allow : $topic (" <<<"$current" | grep -qw -- "$type"; then
      ctrl addRoleACL "$role" "$type" "$topic" allow >/dev/null
    fi
  done
  if grep -q "not found" <<<"$(ctrl getClient "$platform_user")"; then
    ctrl createClient "$platform_user" -p "$MQTT_PLATFORM_PASSWORD" >/dev/null
  else
    ctrl setClientPassword "$platform_user" "$MQTT_PLATFORM_PASSWORD" >/dev/null
  fi
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
