#!/usr/bin/env bash
# Drive choreod from a shell script with nothing but socat: one JSON-RPC 2.0 request per line, one reply per line.
# Sessions live in the daemon, so each request may use its own connection. Asserts with jq; exits non-zero on the
# first mismatch.
#   CHOREOD  the daemon (default .build/debug/choreod)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
command -v socat >/dev/null || { echo "missing: socat (make deps installs it)" >&2; exit 2; }

id=0
# rpc METHOD PARAMS_JSON: sends one request on a new connection, prints the reply line.
rpc() {
    id=$((id + 1))
    jq -nc --arg method "$1" --argjson params "$2" --argjson id "$id" \
        '{jsonrpc: "2.0", id: $id, method: $method, params: $params}' |
        socat -t 5 - "UNIX-CONNECT:$SOCK"
}

created=$(rpc session.create '{"settings": {"mode": "reduced"}}')
expect "$created" .result.now 0
session=$(jq -r .result.session <<<"$created")
echo "session $session"
s() { jq -nc --arg s "$session" "{session: \$s} + $1"; } # params with the session added

expect "$(rpc settings.get "$(s '{}')")" .result.effectiveMode '"reduced"'

rpc lab.animate "$(s '{name: "x", from: 0, to: 1, curve: {easeInOut: {duration: 0.4}}}')" >/dev/null
rpc lab.timer "$(s '{name: "tap", afterMs: 200, haptic: "light"}')" >/dev/null
advanced=$(rpc clock.advance "$(s '{ms: 200}')")
expect "$advanced" .result '{"now": 200, "fired": 1}'

# The screen at 200 ms shows frame 12, which SwiftUI's render loop draws two frames behind the curve's own clock
# (AnimatorState's phases): easeInOut at 166.7 ms of its 400 (scripts/swiftui_physics.py); it is exactly half way
# on its own clock at 200 ms, on screen at 233.3 ms.
expect "$(rpc state.get "$(s '{path: "lab.values.x"}')")" .result.value 0.358826637268
expect "$(rpc haptics.list "$(s '{}')")" .result.haptics '[{"t": 200, "style": "light", "source": "lab.timer.tap"}]'

# Several requests on one connection: replies come back in order, and the events a request causes arrive (as
# notifications, without an id) before its reply.
lines=$(printf '%s\n' \
    "$(jq -nc --argjson p "$(s '{kinds: ["navigation"]}')" '{jsonrpc: "2.0", id: "sub", method: "events.subscribe", params: $p}')" \
    "$(jq -nc --argjson p "$(s '{screen: "goals"}')" '{jsonrpc: "2.0", id: "nav", method: "ui.navigate", params: $p}')" |
    socat -t 5 - "UNIX-CONNECT:$SOCK")
expect "$(jq -s . <<<"$lines")" '[.[] | .id // .method]' '["sub", "event", "nav"]'
expect "$(jq -s . <<<"$lines")" '.[1].params.event | [.kind, .from, .to]' '["navigation", "dashboard", "goals"]'

# Errors carry a code and a data object.
error=$(rpc clock.advance "$(s '{msec: 10}')")
expect "$error" .error.code -32602
expect "$error" .error.data.parameter '"msec"'

expect "$(rpc session.close "$(s '{}')")" .result.closed true
stop_daemon
