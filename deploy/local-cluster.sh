#!/usr/bin/env bash
# The topology of deploy/compose.yaml as plain processes on this machine (where Docker cannot
# run): Mosquitto with the dynamic security plugin and the shipped config, PostgreSQL, Redis,
# two api processes, one ingest and one worker, all from the built server.
#
#   deploy/local-cluster.sh            build, start, print the addresses; Ctrl-C stops it all
#   deploy/local-cluster.sh --check    the same, then check it end to end and stop (CI)
#   --no-build                         use the build already in apps/*/dist
#
# Environment (defaults in brackets): CLUSTER_DIR [./.cluster] keeps the broker's data, the
# generated secrets and the logs between runs; CLUSTER_PORT [3100] is api A's port, api B's is
# the next (0: free ports, read from the logs); CLUSTER_MQTT_PORT [18830; 0: a free one];
# DATABASE_URL [a database vigil_cluster on
# 127.0.0.1:5432, created if missing]; REDIS_URL [redis://127.0.0.1:6379].
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
check=false
build=true
for arg in "$@"; do
  case "$arg" in
    --check) check=true ;;
    --no-build) build=false ;;
    *)
      echo "usage: deploy/local-cluster.sh [--check] [--no-build]" >&2
      exit 2
      ;;
  esac
done

dir="$(mkdir -p "${CLUSTER_DIR:-$root/.cluster}" && cd "${CLUSTER_DIR:-$root/.cluster}" && pwd)"
http_port="${CLUSTER_PORT:-3100}"
mqtt_port="${CLUSTER_MQTT_PORT:-18830}"
if [[ "$mqtt_port" == 0 ]]; then
  mqtt_port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
fi
redis_url="${REDIS_URL:-redis://127.0.0.1:6379}"
mkdir -p "$dir/logs" "$dir/mosquitto" "$dir/data"
pids=()

log() { printf '[cluster] %s\n' "$*"; }
fail() {
  printf '[cluster] FAILED: %s\n' "$*" >&2
  exit 1
}

# Secrets generated once and kept: the same on every process, as in compose's .env.
if [[ ! -f "$dir/secrets.env" ]]; then
  umask 077
  {
    echo "JWT_SECRET=$(openssl rand -hex 32)"
    echo "GATEWAY_SECRETS_KEY=$(openssl rand -hex 32)"
    echo "MQTT_ADMIN_PASSWORD=$(openssl rand -hex 16)"
    echo "MQTT_PLATFORM_PASSWORD=$(openssl rand -hex 16)"
  } >"$dir/secrets.env"
fi
set -a
# shellcheck disable=SC1091
source "$dir/secrets.env"
set +a

# The server processes first (ingest hands its share over through the broker), the broker last.
stop_all() {
  local code=0
  ((${#pids[@]})) || return 0
  for pid in "${pids[@]:1}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]:1}"; do wait "$pid" 2>/dev/null || code=$?; done
  kill -TERM "${pids[0]}" 2>/dev/null || true
  wait "${pids[0]}" 2>/dev/null || true
  pids=()
  return "$code"
}
trap 'stop_all || true' EXIT
trap 'exit 130' INT TERM

if $build; then
  log "building"
  (cd "$root" && npm run build >"$dir/logs/build.log" 2>&1) || fail "build, see $dir/logs/build.log"
fi

# The broker: the shipped config with this machine's plugin path, port and directories.
plugin=/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so
[[ -f "$plugin" ]] || plugin=/usr/lib/mosquitto_dynamic_security.so
sed -e "s|^listener 1883$|listener $mqtt_port 127.0.0.1|" \
  -e "s|^plugin .*|plugin $plugin|" \
  -e "s|^plugin_opt_config_file .*|plugin_opt_config_file $dir/mosquitto/dynamic-security.json|" \
  -e "s|^persistence_location .*|persistence_location $dir/mosquitto/|" \
  -e "s|^log_dest stdout$|log_dest file $dir/logs/mosquitto.log|" \
  "$root/deploy/mosquitto/mosquitto.conf" >"$dir/mosquitto/mosquitto.conf"
echo "user $(id -un)" >>"$dir/mosquitto/mosquitto.conf"
"$root/deploy/mosquitto/dynsec-setup.sh" init "$dir/mosquitto/dynamic-security.json"
mosquitto -c "$dir/mosquitto/mosquitto.conf" &
pids+=($!)
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$mqtt_port") 2>/dev/null && break; sleep 0.2; done
"$root/deploy/mosquitto/dynsec-setup.sh" platform 127.0.0.1 "$mqtt_port"

if [[ -z "${DATABASE_URL:-}" ]]; then
  if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname = 'vigil_cluster'" | grep -q 1; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc "create database vigil_cluster"
  fi
  DATABASE_URL="postgres://postgres@127.0.0.1:5432/vigil_cluster"
fi

# Every process: the same database, Redis, broker account and secrets; its own data dir.
start() {
  local name="$1"
  shift
  mkdir -p "$dir/data/$name"
  env DATABASE_URL="$DATABASE_URL" REDIS_URL="$redis_url" \
    MQTT_URL="mqtt://vigil:${MQTT_PLATFORM_PASSWORD}@127.0.0.1:${mqtt_port}" \
    MQTT_AUTH=dynsec DATA_DIR="$dir/data/$name" HOST=127.0.0.1 "$@" \
    node --max-semi-space-size=32 "$root/apps/server/dist/main.js" >"$dir/logs/$name.log" 2>&1 &
  pids+=($!)
}
# The demo laboratory is seeded, and its gateways run, by the ingest process.
start ingest ROLES=ingest MQTT_CLIENT_ID=vigil-ingest-local-1 DEMO="${DEMO:-1}" DEMO_HISTORY_HOURS="${DEMO_HISTORY_HOURS:-1}"
start worker ROLES=worker
start api-a ROLES=api PORT="$http_port"
start api-b ROLES=api PORT="$((http_port == 0 ? 0 : http_port + 1))"

wait_for() {
  local name="$1" pattern="$2"
  for _ in $(seq 1 300); do
    grep -q "$pattern" "$dir/logs/$name.log" 2>/dev/null && return 0
    grep -q '"level":60\|^Error\|Invalid \|already in use' "$dir/logs/$name.log" 2>/dev/null &&
      fail "$name did not start: $(tail -3 "$dir/logs/$name.log")"
    sleep 0.2
  done
  fail "$name did not start within 60 s: $(tail -3 "$dir/logs/$name.log")"
}
for name in ingest worker api-a api-b; do wait_for "$name" '"msg":"Vigil is running"'; done
address() { grep -o 'Vigil is running at http://[0-9.:]*' "$dir/logs/$1.log" | head -1 | sed 's/.* at //'; }
api_a="$(address api-a)"
api_b="$(address api-b)"
log "running: api A $api_a, api B $api_b, Mosquitto mqtt://127.0.0.1:$mqtt_port, logs in $dir/logs"

if ! $check; then
  log "Ctrl-C stops every process"
  wait "${pids[0]}"
  exit 0
fi

# --check: the demo gateways' readings go through Mosquitto (their broker accounts from the
# database), the ingest process and PostgreSQL, and both api processes serve them.
health="$(curl -fsS "$api_b/healthz")" || fail "api B /healthz"
log "api B /healthz: $health"
wait_for ingest 'demo: history from .* sent'
jwt="$(curl -fsS -X POST "$api_a/api/auth" -H 'content-type: application/json' \
  -d '{"email":"owner@demo.vigil.test","password":"vigil-demo"}' |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const b=JSON.parse(s).data;console.log(b.jwt+" "+b.userId)})')"
read -r token user <<<"$jwt"
# Each device's latest reading is written by the follow-up just after the acknowledgement (its
# rounds are up to 500 ms apart): the list is read again until every device shows one (30 s).
for _ in $(seq 1 150); do
  devices="$(curl -fsS "$api_b/api/device/$user/?pageSize=1000" -H "authorization: Bearer $token" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const l=JSON.parse(s).data.list;console.log(l.length+" "+l.filter(d=>d.latestData.nodeData!==null).length)})')"
  read -r total reporting <<<"$devices"
  [[ "$total" -gt 0 && "$total" == "$reporting" ]] && break
  sleep 0.2
done
log "api B lists $total demo devices, $reporting with readings"
[[ "$total" -gt 0 && "$total" == "$reporting" ]] || fail "not every demo device has readings"
stop_all || fail "a process did not stop cleanly (see $dir/logs)"
for name in ingest worker api-a api-b; do
  grep -q 'shut down cleanly' "$dir/logs/$name.log" || fail "$name did not shut down cleanly"
done
log "check passed"
