#!/usr/bin/env bash
# Drives `parley tui` in a real terminal (tmux, 80×24) on the scripted fake backend and prints
# what the screen showed at each step, so a person (or a test) can look at it:
#   1. two questions: Other text for the first, Esc for the second, the review, Submit; the turn
#      goes on in place
#   2. a permission prompt for run_command, allowed once
#   3. a question left open, the app quit with Ctrl+D, restarted with --session ID:
#      the same question is shown again and answering it finishes the turn
#   4. the same session resumed in a narrow (48×20) terminal
#   5. a permission prompt taller than a 60×20 terminal: its header and choices stay on screen, its
#      countdown redraws in place, and afterwards the scrollback (capture-pane -S -) holds exactly
#      one copy of each finished block and none of the prompt; Ctrl+O's output, closed, leaves
#      the transcript on screen and nothing in the scrollback
#   6. at 100×30 with --acp (the scripted fake agent) and --mcp-config (server-everything): the
#      agent's permission with its own options, its form of every field type (a value refused at
#      its field, then accepted), then /new parley and server-everything's elicitation form
#      answered; what the agent and the server received is shown in the transcript, and no form
#      frame is left in the scrollback
#   7. a terminal with 40 lines of shell history, NO_COLOR=1: a message typed while a turn runs
#      is queued and sent when it ends; one Ctrl+C at the idle prompt does not quit; no colour
#      codes; and after several width and height changes the history from before Parley is
#      still in the scrollback, and the screen holds one message box
# Usage: scripts/tui-smoke.sh [OUT_DIR]
#   env PARLEY_CLI: a built CLI to drive. By default the CLI is built from the checkout into a
#   private folder (node_modules/.cache/parley-tui-smoke-PID, removed afterwards), so a concurrent
#   `npm run build` or a second smoke run cannot swap the CLI under the running test.
# Exits non-zero, naming the step, when a screen never shows what it should.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v tmux >/dev/null || { echo "tui-smoke: tmux is required (apt-get install tmux)" >&2; exit 2; }
CLI="${PARLEY_CLI:-}"
BUILD_DIR=""
# One tmux server per start (a fresh socket), so a restart never races the previous server's exit.
STARTS=0
TMUX_CMD=(tmux -L "parley-smoke-$$-0" -f /dev/null)
cleanup() {
  for i in $(seq 0 "$STARTS"); do
    tmux -L "parley-smoke-$$-$i" kill-server 2>/dev/null || true
    # A killed server can leave its socket file behind.
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/parley-smoke-$$-$i"
  done
  if [ -n "$BUILD_DIR" ]; then rm -rf "$BUILD_DIR"; fi
}
trap cleanup EXIT
if [ -z "$CLI" ]; then
  # Inside the checkout, so the CLI's external packages resolve from node_modules.
  BUILD_DIR="node_modules/.cache/parley-tui-smoke-$$"
  npx vite build -c vite.cli.config.ts --outDir "$BUILD_DIR" --emptyOutDir --logLevel error
  CLI="$BUILD_DIR/parley.js"
fi
# The pinned Node 24 when run from a checkout, like every npm script.
NODE="$(pwd)/node_modules/.bin/node"
[ -x "$NODE" ] || NODE="$(command -v node)"

OUT="${1:-$(mktemp -d -t parley-tui-smoke-XXXXXX)}"
mkdir -p "$OUT/ws"
DATA="$OUT/data"

cat >"$OUT/scenario.json" <<'JSON'
{ "turns": [
  { "when": "^plan", "steps": [
    { "say": "Two decisions before I write the plan.", "call": [ { "tool": "AskUserQuestion", "input": { "questions": [
      { "question": "Which language should the service use?", "options": [
        { "label": "TypeScript", "description": "same stack as the client" },
        { "label": "Rust", "description": "fast, but more work" } ] },
      { "question": "Where should it run?", "options": [
        { "label": "Fly.io" }, { "label": "Bare metal", "description": "our own rack" } ] } ] } } ] },
    { "say": "You chose {{lastToolResult}}" } ] },
  { "when": "^run", "steps": [
    { "say": "Checking the shell first.", "call": [ { "tool": "run_command", "input": { "command": "echo hello from parley" } } ] },
    { "say": "The command said {{lastToolResult}}" } ] },
  { "when": "^tall", "steps": [
    { "say": "Running the long script now.", "call": [ { "tool": "run_command", "input": { "command": "echo step-01 && echo step-02 && echo step-03 && echo step-04 && echo step-05 && echo step-06 && echo step-07 && echo step-08 && echo step-09 && echo step-10 && echo step-11 && echo step-12 && echo step-13 && echo step-14 && echo step-15 && echo step-16 && echo step-17 && echo step-18 && echo step-19 && echo step-20 && echo step-21 && echo step-22 && echo step-23 && echo step-24 && echo step-25 && echo step-26 && echo step-27 && echo step-28 && echo step-29 && echo step-30 && echo step-31 && echo step-32 && echo THE-END" } } ] },
    { "say": "The script finished cleanly." } ] },
  { "when": "^elicit", "steps": [
    { "say": "Asking the server.", "call": [ { "tool": "mcp__everything__trigger-elicitation-request", "input": {} } ] },
    { "say": "The server said {{lastToolResult}}" } ] },
  { "when": "^later", "steps": [
    { "call": [ { "tool": "AskUserQuestion", "input": { "questions": [
      { "question": "Ship on Friday?", "options": [ { "label": "Yes" }, { "label": "No", "description": "wait for Monday" } ] } ] } } ] },
    { "say": "Noted: {{lastToolResult}}" } ] },
  { "when": "^story", "steps": [
    { "say": "Once upon a time a terminal kept every line it was given, and nobody cleared it without asking first. The end, almost." } ] },
  { "when": "^and then", "steps": [ { "say": "That is the whole story." } ] } ] }
JSON

# An MCP server the project did not write (the MCP project's reference server), and the scripted
# ACP agent with a permission request and a form of several field types.
cat >"$OUT/mcp.json" <<JSON
{ "mcpServers": { "everything": { "command": "$NODE",
  "args": ["$(pwd)/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"] } } }
JSON
cat >"$OUT/agent.json" <<'JSON'
{ "agentInfo": { "name": "fake-agent", "title": "Fake Agent", "version": "1.0.0" },
  "turns": [ { "steps": [
    { "say": "I need to install a package first." },
    { "permission": { "toolCall": { "toolCallId": "call-1", "title": "npm install left-pad", "kind": "execute" },
      "options": [ { "optionId": "yes", "name": "Yes, run it", "kind": "allow_once" },
                   { "optionId": "always", "name": "Always allow npm", "kind": "allow_always" },
                   { "optionId": "no", "name": "No, skip it", "kind": "reject_once" } ] }, "as": "p" },
    { "elicit": { "message": "How should the release go out?", "requestedSchema": { "type": "object",
      "properties": {
        "version": { "type": "string", "title": "Version", "minLength": 5, "maxLength": 20 },
        "date": { "type": "string", "title": "Release date", "format": "date" },
        "replicas": { "type": "integer", "title": "Replicas", "minimum": 1, "maximum": 5 },
        "notify": { "type": "boolean", "title": "Notify the team", "default": true },
        "channel": { "type": "string", "title": "Channel",
          "oneOf": [ { "const": "stable", "title": "Stable" }, { "const": "beta", "title": "Beta" } ] },
        "targets": { "type": "array", "title": "Targets", "minItems": 1, "maxItems": 2,
          "items": { "type": "string", "enum": ["linux", "mac", "win"] } } },
      "required": ["version", "channel", "targets"] } }, "as": "f" },
    { "say": "Permission {{p}} and form {{f}}" } ] } ] }
JSON

STEP=0
# capture NAME: saves the visible screen to $OUT/NAME.txt and prints it in a frame.
capture() {
  "${TMUX_CMD[@]}" capture-pane -p -t tui >"$OUT/$1.txt"
  local width
  width=$("${TMUX_CMD[@]}" display -p -t tui '#{pane_width}')
  printf '\n=== %s (%s columns) %s\n' "$1" "$width" "$(printf '=%.0s' $(seq 1 20))"
  cat "$OUT/$1.txt"
}
# history: the whole pane, scrollback included.
history() { "${TMUX_CMD[@]}" capture-pane -p -S - -t tui; }
# expect_count TEXT N: the scrollback and screen hold TEXT exactly N times.
expect_count() {
  local found
  found=$(history | grep -cF -- "$1" || true)
  if [ "$found" != "$2" ]; then
    echo "tui-smoke: step $STEP: expected \"$1\" $2 time(s) in the scrollback, found $found:" >&2
    history >&2
    exit 1
  fi
}
# wait_for TEXT [SECONDS]: polls the screen until it shows TEXT.
wait_for() {
  local deadline=$((SECONDS + ${2:-15}))
  until "${TMUX_CMD[@]}" capture-pane -p -t tui | grep -qF -- "$1"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "tui-smoke: step $STEP: the screen never showed \"$1\"; it showed:" >&2
      "${TMUX_CMD[@]}" capture-pane -p -t tui >&2
      exit 1
    fi
    sleep 0.1
  done
}
# wait_gone TEXT [SECONDS]: polls the screen until it no longer shows TEXT.
wait_gone() {
  local deadline=$((SECONDS + ${2:-15}))
  while "${TMUX_CMD[@]}" capture-pane -p -t tui | grep -qF -- "$1"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "tui-smoke: step $STEP: the screen still showed \"$1\":" >&2
      "${TMUX_CMD[@]}" capture-pane -p -t tui >&2
      exit 1
    fi
    sleep 0.1
  done
}
keys() { "${TMUX_CMD[@]}" send-keys -t tui "$@"; }
# start COLUMNS ROWS [tui flags…]; env START_ENV: variables for parley, PRE_LINES: lines the
# shell prints before parley starts.
start() {
  local columns=$1 rows=$2
  local pre=""
  if [ -n "${PRE_LINES:-}" ]; then pre="for i in \$(seq 1 $PRE_LINES); do echo before-parley-\$i; done; "; fi
  shift 2
  "${TMUX_CMD[@]}" kill-server 2>/dev/null || true
  STARTS=$((STARTS + 1))
  TMUX_CMD=(tmux -L "parley-smoke-$$-$STARTS" -f /dev/null)
  "${TMUX_CMD[@]}" new-session -d -s tui -x "$columns" -y "$rows" \
    "${pre}env -u CI ${START_ENV:-} $NODE $CLI tui --scenario $OUT/scenario.json --data-dir $DATA --workspace $OUT/ws $*; echo \"[parley exited with \$?]\"; sleep 600"
  wait_for '╰' 40
}

STEP=1
start 80 24
keys 'plan the new service' Enter
wait_for 'Question 1 / 2'
# A new prompt ignores keys for a moment (type-ahead must not answer it); then its keys show.
wait_for 'Esc skip'
capture 1-question-1
"${TMUX_CMD[@]}" capture-pane -e -p -t tui >"$OUT/1-colors.txt"
keys Down Down Enter
wait_for 'Esc back to the options'
keys 'Go, with a twist'
wait_for '› Go, with a twist'
keys Enter
wait_for 'Question 2 / 2'
capture 1-question-2
# Esc leaves the last question unanswered and opens the review: nothing is sent before Submit.
keys Escape
wait_for 'Review your answers'
capture 1-review
keys Enter
wait_for '"answer":null}]}'
wait_for 'Enter send'
capture 1-answered

STEP=2
keys 'run a quick check' Enter
wait_for 'Permission request'
wait_for 'Enter confirm'
capture 2-permission
keys Enter
wait_for 'The command said'
wait_for 'Enter send'
capture 2-allowed

STEP=3
keys 'later: one more thing' Enter
wait_for 'Ship on Friday?'
keys C-d
wait_for '[parley exited with 0]'
capture 3-quit-while-asking
wait_for 'Resume with: parley tui --session'
SESSION=$("${TMUX_CMD[@]}" capture-pane -p -t tui | sed -n 's/^Resume with: parley tui --session \([^ ]*\).*/\1/p' | tail -1)
start 80 24 --session "$SESSION"
wait_for 'Ship on Friday?'
wait_for 'Esc skip'
capture 3-resumed
keys 2
wait_for 'Ship on Friday? → No'
keys Enter
wait_for 'Noted:'
wait_for 'Enter send'
capture 3-answered-after-restart

STEP=4
wait_gone 'Working…'
# One Ctrl+C at an idle prompt only says to press it again; a second within a second quits.
keys C-c
wait_for 'Press Ctrl+C again to quit.'
keys C-c
wait_for '[parley exited with 0]'
start 48 20 --session "$SESSION"
keys 'plan it again' Enter
wait_for 'Question 1 / 2'
capture 4-narrow
keys C-c C-c
wait_for '[parley exited with 0]'

STEP=5
start 60 20 --session "$SESSION"
keys 'tall prompt please' Enter
wait_for 'Permission request'
wait_for 'Esc deny'
# The countdown redraws the prompt once a second: let it do so a few times (the point of the
# check below is that those redraws never reach the scrollback).
sleep 3.2
capture 5-tall-prompt
expect_count 'Permission request' 1
expect_count 'THE-END' 1
# Allowing waits until every row of the command has been on screen: Enter says so, PgDn reads on.
keys Enter
wait_for 'off screen: PgDn'
for _ in $(seq 1 40); do
  "${TMUX_CMD[@]}" capture-pane -p -t tui | grep -qF 'PgDn read it all' || break
  keys PageDown
  sleep 0.2
done
wait_gone 'PgDn read it all'
keys Enter
wait_for 'The script finished cleanly.'
wait_for 'Enter send'
capture 5-tall-answered
"${TMUX_CMD[@]}" capture-pane -p -S - -t tui >"$OUT/5-scrollback.txt"
expect_count 'Permission request' 0
expect_count '› run a quick check' 1
expect_count '› tall prompt please' 1
expect_count 'Running the long script now.' 1
expect_count '✓ run_command echo step-01' 1
expect_count 'The script finished cleanly.' 1
# Ctrl+O's output fills the screen on the alternate screen: closing it shows the transcript
# again (not an empty screen under the message box), and none of it reaches the scrollback.
keys C-o
wait_for 'Esc or Ctrl+O closes'
keys Escape
wait_gone 'Esc or Ctrl+O closes'
wait_for 'The script finished cleanly.'
capture 5-output-closed
expect_count 'Esc or Ctrl+O closes' 0
expect_count 'The script finished cleanly.' 1
keys C-d
wait_for '[parley exited with 0]'

STEP=6
# One start with an MCP server and an ACP agent: new sessions talk to the agent; /new parley
# makes one of Parley's own, whose turn calls the MCP server's elicitation tool.
start 100 30 --mcp-config "$OUT/mcp.json" --acp "'$NODE --no-warnings $(pwd)/src/main/runtime/acp/testing/fake-acp-agent.ts $OUT/agent.json'"
wait_for '(ACP agent)'
keys 'release it' Enter
wait_for 'Fake Agent asks permission'
wait_for 'Enter confirm'
capture 6-agent-permission
keys 2 Enter
wait_for 'Fake Agent asks'
wait_for 'Tab next field'
# Every field type: text with a length bound, a date, an integer over its maximum (refused at the
# field), a checkbox, a single choice, a multi-select.
keys '1.2.3' Enter '2026-03-01' Enter 7 Enter ' ' Enter 2 Tab ' ' 3 C-s
wait_for '✗ Must be at most 5.'
capture 6-agent-form-refused
keys BSpace 3 C-s
wait_for '"replicas":3'
wait_gone 'Working…'
capture 6-agent-answered
keys '/new parley' Enter
wait_for 'Scenario scenario.json'
keys 'elicit from the server' Enter
wait_for 'mcp__everything__trigger-elicitation-request'
wait_for 'Enter confirm'
keys Enter
wait_for 'MCP server everything asks'
wait_for 'Tab next field'
keys 'Ada Lovelace' Tab ' '
wait_for '[x] Boolean'
capture 6-mcp-form
keys C-s
wait_for 'Name: Ada Lovelace'
wait_gone 'Working…'
capture 6-mcp-answered
"${TMUX_CMD[@]}" capture-pane -p -S - -t tui >"$OUT/6-scrollback.txt"
expect_count 'Fake Agent asks' 0
expect_count 'MCP server everything asks' 0
expect_count '› elicit from the server' 1
keys C-d
wait_for '[parley exited with 0]'

# wait_box WIDTH: the message box is drawn at WIDTH columns.
wait_box() { wait_for "╰$(printf '─%.0s' $(seq 1 $(($1 - 2))))╯"; }

STEP=7
PRE_LINES=40 START_ENV="NO_COLOR=1 PARLEY_FAKE_DELAY_MS=120" start 80 24
keys 'story please' Enter
wait_for 'Working…'
keys 'and then what' Enter
wait_for 'queued and then what'
capture 7-queued
wait_for 'That is the whole story.' 30
wait_gone 'Working…'
expect_count '› and then what' 1
expect_count 'queued and then what' 0
keys C-c
wait_for 'Press Ctrl+C again to quit.'
capture 7-one-ctrl-c
"${TMUX_CMD[@]}" capture-pane -e -p -t tui >"$OUT/7-no-color.txt"
for width in 50 37 90 45 120 60; do
  "${TMUX_CMD[@]}" resize-window -t tui -x "$width"
  wait_box "$width"
done
"${TMUX_CMD[@]}" resize-window -t tui -y 15
"${TMUX_CMD[@]}" resize-window -t tui -x 44 -y 30
wait_box 44
capture 7-resized
history >"$OUT/7-scrollback.txt"
for i in $(seq 1 40); do
  found=$(grep -cxF "before-parley-$i" "$OUT/7-scrollback.txt" || true)
  if [ "$found" != 1 ]; then
    echo "tui-smoke: step 7: \"before-parley-$i\" is in the scrollback $found time(s):" >&2
    cat "$OUT/7-scrollback.txt" >&2
    exit 1
  fi
done
expect_count '› story please' 1
keys C-d
wait_for '[parley exited with 0]'

echo
echo "tui-smoke: all steps passed; screens saved in $OUT"
