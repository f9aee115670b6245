#!/usr/bin/env bash
# Runs every drive-*.sh example in this folder and prints "N passed, N failed"; exits 1 if any failed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
passed=0
failed=0
for script in "$here"/drive-*.sh; do
    name=$(basename "$script")
    if output=$(bash "$script" 2>&1); then
        passed=$((passed + 1))
        echo "PASS $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        sed 's/^/    /' <<<"$output"
    fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
