#!/usr/bin/env bash
# A newcomer's first minutes, checked: clones this repository's committed HEAD into an empty folder
# (no ../shared beside it), runs the README's "Start it" and "Test it" commands exactly as written,
# and checks that
#   - the start command prints a curl line once the demo is live, and that line answers a search;
#   - it serves the example storefront and the API reference it names;
#   - a second start reuses the installed dependencies, the build and the data, and its curl line
#     answers within 5 seconds of the command being run;
#   - the test command passes.
# Free ports are chosen and handed over through AISLE_*_PORT, which the start command honours, so a
# busy 8080, 8081 or 8090 on the machine does not matter.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/aisle-fresh-XXXXXX")"
clone="$work/aisle"
running=""

stop_start() {
  [ -n "$running" ] || return 0
  kill -TERM -- "-$running" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 -- "-$running" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$running" 2>/dev/null || true
  running=""
}
cleanup() {
  stop_start
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "fresh clone check FAILED: $*" >&2
  exit 1
}

# The first line of the sh block under a README heading: the command a newcomer copies.
readme_command() {
  awk -v heading="## $1" '
    $0 == heading { inside = 1; next }
    inside && /^```sh/ { block = 1; next }
    block { print; exit }
  ' "$clone/README.md"
}

git clone --quiet "$repo" "$clone"
[ ! -e "$work/shared" ] || fail "$work/shared exists beside the clone"
start_command="$(readme_command 'Start it')"
test_command="$(readme_command 'Test it')"
[ -n "$start_command" ] && [ -n "$test_command" ] || fail "the README names no start or test command"
echo "README commands: start: '$start_command', test: '$test_command'"

# A newcomer has none of these; CI may.
unset AISLE_SHARED_DATA AISLE_TEST_POSTGRES_URL DATABASE_URL SEARCH_MANAGEMENT_KEY AISLE_DATA_DIR || true
read -r AISLE_PUBLIC_PORT AISLE_INTERNAL_PORT AISLE_MANAGEMENT_PORT < <(node -e '
  const net = require("node:net");
  const servers = [0, 1, 2].map(() => net.createServer().listen(0, "127.0.0.1"));
  Promise.all(servers.map((s) => new Promise((done) => s.on("listening", done)))).then(() => {
    console.log(servers.map((s) => s.address().port).join(" "));
    for (const s of servers) s.close();
  });')
export AISLE_PUBLIC_PORT AISLE_INTERNAL_PORT AISLE_MANAGEMENT_PORT

# The processor time (ms) the processes of a group have used, their waited-for children included.
group_cpu_ms() {
  local group="$1" ticks total=0
  ticks=$(getconf CLK_TCK)
  for stat in /proc/[0-9]*/stat; do
    # Fields after the command name (which may hold spaces): 3 is the group, 12 to 15 the times.
    read -r -a fields < <(sed 's/^.*) //' "$stat" 2>/dev/null) || continue
    [ "${fields[2]:-}" = "$group" ] || continue
    total=$((total + fields[11] + fields[12] + fields[13] + fields[14]))
  done
  echo $((total * 1000 / ticks))
}

# Runs the start command in its own process group, waits for the curl line and runs it as printed;
# sets `elapsed` to the milliseconds from the command's start to the first search answered, and
# `cpu` to the processor time the start used until then (reported beside it, not judged).
start_and_search() {
  local log="$1" limit="$2"
  local began line answer
  began=$(date +%s%3N)
  (cd "$clone" && exec setsid bash -c "$start_command") >"$log" 2>&1 &
  running=$!
  line=""
  for _ in $(seq 1 $((limit * 10))); do
    line="$(grep -m1 -E "^[[:space:]]*curl '" "$log" || true)"
    [ -n "$line" ] && break
    kill -0 "$running" 2>/dev/null || { cat "$log" >&2; fail "the start command exited before printing a curl line"; }
    sleep 0.1
  done
  [ -n "$line" ] || { cat "$log" >&2; fail "no curl line within ${limit}s"; }
  answer="$(cd "$clone" && eval "${line#"${line%%[![:space:]]*}"} --silent --show-error --fail")" \
    || { cat "$log" >&2; fail "the printed curl line did not answer: $line"; }
  elapsed=$(($(date +%s%3N) - began))
  cpu=$(group_cpu_ms "$running")
  node -e '
    const answer = JSON.parse(process.argv[1]);
    const products = answer.sections.find((section) => section.type === "product");
    if (!products || products.hits.length === 0) { console.error(process.argv[1]); process.exit(1); }
  ' "$answer" || fail "the curl line answered no products"
}

echo "--- first start: $start_command"
start_and_search "$work/start-1.log" 900
grep -q "Loading the demo shop" "$work/start-1.log" || fail "the first start did not load the demo shop"
# The example storefront and the API reference the README's first section links, as the build made them.
for label in 'Demo storefront' 'API reference'; do
  url="$(grep -m1 -oP "^\s*$label:\s+\K\S+" "$work/start-1.log" || true)"
  [ -n "$url" ] || fail "the first start named no $label"
  curl --silent --show-error --fail --location --output /dev/null "$url" || fail "$label at $url did not answer"
done
echo "first start answered a search from its curl line after ${elapsed} ms"
first=$elapsed
stop_start

echo "--- second start: $start_command"
start_and_search "$work/start-2.log" 60
stop_start
grep -q "up to date" "$work/start-2.log" || { cat "$work/start-2.log" >&2; fail "the second start installed or built again"; }
grep -q "not loaded again" "$work/start-2.log" || fail "the second start loaded the demo again"
echo "second start answered a search from its curl line after ${elapsed} ms, using ${cpu} ms of processor time"
# Wall time is what a newcomer waits for; the processor time above only helps to read a failure.
[ "$elapsed" -le 5000 ] || fail "the second start took ${elapsed} ms (more than 5 s) to answer"

echo "--- $test_command"
(cd "$clone" && bash -c "$test_command") || fail "the test command failed on the fresh clone"
echo "fresh clone check passed: the start command answered after ${first} ms, again after ${elapsed} ms; the tests passed"
