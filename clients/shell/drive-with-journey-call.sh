#!/usr/bin/env bash
# Drive choreod from a shell script with `journey call METHOD 'PARAMS'`, which prints the result as JSON (exit 0) or
# the error with its code and data on stderr (exit 1). Asserts with jq; exits non-zero on the first mismatch.
#   CHOREOD  the daemon (default .build/debug/choreod)    JOURNEY  the journey tool (default .build/debug/journey)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
JOURNEY=${JOURNEY:-$ROOT/.build/debug/journey}
command -v "$JOURNEY" >/dev/null || { echo "missing: $JOURNEY (make build)" >&2; exit 2; }

call() { "$JOURNEY" call --socket "$SOCK" "$@"; }

session=$(call session.create '{"physics": "ideal"}' | jq -r .session)  # closed-form numbers below
echo "session $session"

# A spring from 0 to 100, and a timer that plays the success haptic at 150 ms.
call lab.animate "{\"session\":\"$session\",\"name\":\"x\",\"from\":0,\"to\":100,
                   \"curve\":{\"spring\":{\"response\":0.4,\"dampingFraction\":0.8}}}" >/dev/null
call lab.timer "{\"session\":\"$session\",\"name\":\"ding\",\"afterMs\":150,\"haptic\":\"success\"}" >/dev/null

# 200 virtual milliseconds pass in no time; the timer fires at its own time, 150.
advanced=$(call clock.advance "{\"session\":\"$session\",\"ms\":200}")
expect "$advanced" .now 200
expect "$advanced" .fired 1

expect "$(call state.get "{\"session\":\"$session\",\"path\":\"lab.values.x\"}")" .value 92.2313786754
haptics=$(call haptics.list "{\"session\":\"$session\"}")
expect "$haptics" '[.haptics[] | .style]' '["success"]'
expect "$haptics" '.haptics[0].t' 150

call ui.navigate "{\"session\":\"$session\",\"screen\":\"budgets\"}" >/dev/null
expect "$(call state.get "{\"session\":\"$session\",\"path\":\"navigation.screen\"}")" .value '"budgets"'

# Errors: exit status 1, the code and data on stderr.
if call state.get "{\"session\":\"$session\",\"path\":\"no.such.path\"}" >/dev/null 2>"$DIR/error"; then
    echo "FAIL: an unknown state path was accepted" >&2
    exit 1
fi
grep -q -- '-32002' "$DIR/error" || { echo "FAIL: expected error -32002, got: $(cat "$DIR/error")" >&2; exit 1; }
echo "ok   unknown path -> -32002"

expect "$(call session.close "{\"session\":\"$session\"}")" .closed true
stop_daemon
