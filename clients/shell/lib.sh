# Shared by the drive-*.sh examples: start a private choreod on a temporary socket, assert with jq, stop it.
# Source it; it sets SOCK and installs an EXIT trap that stops the daemon.
#   CHOREOD  the daemon binary (default: .build/debug/choreod in the repository)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CHOREOD=${CHOREOD:-$ROOT/.build/debug/choreod}
for tool in jq "$CHOREOD"; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (make deps installs jq; make build builds choreod)" >&2; exit 2; }
done

DIR=$(mktemp -d /tmp/choreo-sh.XXXXXX)
SOCK=$DIR/choreod.sock
"$CHOREOD" --socket "$SOCK" >"$DIR/stdout" 2>"$DIR/log" &
DAEMON_PID=$!

cleanup() {
    if kill -0 "$DAEMON_PID" 2>/dev/null; then
        kill -TERM "$DAEMON_PID" 2>/dev/null || true
        wait "$DAEMON_PID" 2>/dev/null || true
    fi
    rm -rf "$DIR"
}
trap cleanup EXIT

# Wait for the one line choreod prints once it listens.
for _ in $(seq 1 400); do
    grep -q '^listening on ' "$DIR/stdout" 2>/dev/null && break
    kill -0 "$DAEMON_PID" 2>/dev/null || { echo "choreod did not start:" >&2; cat "$DIR/log" >&2; exit 1; }
    sleep 0.05
done
grep -q "^listening on $SOCK\$" "$DIR/stdout" || { echo "choreod did not start in time" >&2; exit 1; }

# expect JSON FILTER WANT: the jq FILTER applied to JSON must equal WANT (JSON; numbers compare as numbers).
expect() {
    local json=$1 filter=$2 want=$3 got
    got=$(jq -c "$filter" <<<"$json") || { echo "FAIL: $filter: not JSON: $json" >&2; exit 1; }
    if ! jq -e --argjson want "$want" --argjson got "$got" -n '$got == $want' >/dev/null; then
        echo "FAIL: $filter: expected $want, got $got" >&2
        exit 1
    fi
    echo "ok   $filter == $want"
}

# stop_daemon: SIGTERM, which must stop choreod gracefully (exit 0) and remove its socket.
stop_daemon() {
    local status=0
    kill -TERM "$DAEMON_PID"
    wait "$DAEMON_PID" || status=$?
    [[ $status -eq 0 ]] || { echo "FAIL: choreod exited with $status on SIGTERM" >&2; exit 1; }
    [[ ! -e $SOCK ]] || { echo "FAIL: choreod left its socket behind" >&2; exit 1; }
    echo "ok   choreod stopped (exit 0), socket removed"
}
