#!/usr/bin/env bash
# cli-test.sh — runs the CLI named by $WINRATE (the native binary, the ASan
# build, or "node wasm-glue/cli.mjs") on every case in c/test/cli/ and
# compares stdout, stderr and the exit status byte for byte.
#
# A case is c/test/cli/<game>-<name>.in (read from stdin) with:
#   .out     expected stdout (default: empty)
#   .err     expected stderr (default: empty)
#   .args    extra arguments, one line (optional)
#   .status  expected exit status (default 0, or 2 when .err exists)
set -u
cd "$(dirname "$0")/../.."
: "${WINRATE:?set WINRATE to the CLI to test}"
dir=c/test/cli
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name, got-file, want-file
    if cmp -s "$2" "$3"; then return 0; fi
    echo "FAIL $1: $(basename "$3") differs"
    diff <(cat "$3") <(cat "$2") | head -n 6
    return 1
}

for input in "$dir"/*.in; do
    base=${input%.in}
    name=$(basename "$base")
    game=${name%%-*}
    args=()
    [ -f "$base.args" ] && read -r -a args < "$base.args"
    want_status=0
    [ -f "$base.err" ] && want_status=2
    [ -f "$base.status" ] && want_status=$(cat "$base.status")
    $WINRATE "$game" "${args[@]}" < "$input" > "$tmp/out" 2> "$tmp/err"
    status=$?
    ok=1
    if [ -f "$base.out" ]; then check "$name" "$tmp/out" "$base.out" || ok=0
    elif [ -s "$tmp/out" ]; then echo "FAIL $name: unexpected stdout: $(head -c 200 "$tmp/out")"; ok=0; fi
    if [ -f "$base.err" ]; then check "$name" "$tmp/err" "$base.err" || ok=0
    elif [ -s "$tmp/err" ]; then echo "FAIL $name: unexpected stderr: $(head -c 300 "$tmp/err")"; ok=0; fi
    if [ "$status" != "$want_status" ]; then echo "FAIL $name: exit status $status, want $want_status"; ok=0; fi
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done

# The interface itself: help, unknown game, bad option, a file argument.
if $WINRATE --help > "$tmp/help" 2>&1 && grep -q hopchess "$tmp/help" && grep -q codenames "$tmp/help" \
    && grep -q escape "$tmp/help" && grep -q dice "$tmp/help" && grep -q -- --digits "$tmp/help" \
    && grep -q -- --json "$tmp/help"; then pass=$((pass + 1)); else echo "FAIL --help"; fail=$((fail + 1)); fi
$WINRATE nosuchgame < /dev/null > "$tmp/out" 2> "$tmp/err"
if [ $? = 2 ] && [ ! -s "$tmp/out" ] && grep -q "unknown game" "$tmp/err"; then pass=$((pass + 1)); else echo "FAIL unknown game"; fail=$((fail + 1)); fi
$WINRATE dice --digits 99 < /dev/null > "$tmp/out" 2> "$tmp/err"
if [ $? = 2 ] && [ ! -s "$tmp/out" ]; then pass=$((pass + 1)); else echo "FAIL bad --digits"; fail=$((fail + 1)); fi
printf 'A D\n4 3\n' > "$tmp/case.txt"
if [ "$($WINRATE dice "$tmp/case.txt")" = "1.0000" ]; then pass=$((pass + 1)); else echo "FAIL file argument"; fail=$((fail + 1)); fi
printf 'A D\n4 x\n' > "$tmp/bad.txt"
$WINRATE dice "$tmp/bad.txt" > /dev/null 2> "$tmp/err"
if [ "$(cat "$tmp/err")" = "winrate: $tmp/bad.txt:2:3: expected player two's units (a whole number), found 'x'" ]; then pass=$((pass + 1));
else echo "FAIL file name in the error: $(cat "$tmp/err")"; fail=$((fail + 1)); fi

mkdir "$tmp/dir"
$WINRATE dice "$tmp/dir" > "$tmp/out" 2> "$tmp/err"
st=$?
if [ $st = 2 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "winrate: $tmp/dir: cannot read the input" ]; then pass=$((pass + 1));
else echo "FAIL a directory as the file: status $st, $(cat "$tmp/err")"; fail=$((fail + 1)); fi
$WINRATE dice "$tmp/missing.txt" > "$tmp/out" 2> "$tmp/err"
st=$?
if [ $st = 2 ] && [ "$(cat "$tmp/err")" = "winrate: $tmp/missing.txt: cannot open the file" ]; then pass=$((pass + 1));
else echo "FAIL a missing file: status $st, $(cat "$tmp/err")"; fail=$((fail + 1)); fi

echo "cli ($WINRATE): $pass passed, $fail failed"
[ $fail = 0 ]
