#!/usr/bin/env bash
# Batch-mode benchmarks of the real binary (release build): lines per second, start-up, peak memory.
#   Benchmarks/batch.sh                                  # build release, then measure
#   REACTOR_SHELL_BIN=path/to/reactor-shell Benchmarks/batch.sh   # measure that binary, no build
#   FLOOR=1 Benchmarks/batch.sh                          # also the start-up of Swift hello-worlds (the floor)
#   BOARD_ONLY=1 Benchmarks/batch.sh                     # only the board cases (BOARD_SIZES="100 1000", BOARD_RENAMES=2000)
# Prints one line per case with its target from PERFORMANCE.md. Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${REACTOR_SHELL_BIN:-}" ]; then
    bin="$REACTOR_SHELL_BIN"
else
    swift build -c release --product reactor-shell >&2
    bin="$(swift build -c release --show-bin-path)/reactor-shell"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

now() { date +%s%N; }

# median wall time (ns) of running "$@" RUNS times (5 unless RUNS is set), output to /dev/null
median_ns() {
    local runs=${RUNS:-5} samples=() i
    for ((i = 0; i < runs; i++)); do
        local start end
        start=$(now)
        "$@" > /dev/null
        end=$(now)
        samples+=($((end - start)))
    done
    printf '%s\n' "${samples[@]}" | sort -n | sed -n "$((runs / 2 + 1))p"
}

rate() {  # name lines target-lines/s script [flags...]
    local name=$1 lines=$2 target=$3 script=$4
    shift 4
    local ns
    ns=$(median_ns "$bin" run "$@" "$script")
    "$bin" run "$@" "$script" | tail -1 | grep -Eq ' 0 failed, 0 errors$|"failed":0,"errors":0' || { echo "$name: an expectation or a line failed" >&2; exit 1; }
    awk -v n="$name" -v l="$lines" -v ns="$ns" -v t="$target" \
        'BEGIN { r = l / (ns / 1e9); printf "%-52s %9.1f ms  %12.0f lines/s   %s\n", n, ns / 1e6, r, (t == "-" ? "(no target)" : "target >= " t " lines/s " (r >= t + 0 ? "(met)" : "(short)")) }'
}

# Board of N posts (built with diffs off), then BOARD_RENAMES `rename` lines on random ids with
# diffs on: the time of one rename is (run with renames - run without) / renames, medians of 3;
# the peak RSS is the run with renames (every rename also goes into the time-travel history).
board_cases() {
    local renames="${BOARD_RENAMES:-2000}" base1k="" n
    for n in ${BOARD_SIZES:-100 1000 10000 20000 100000}; do
        python3 Benchmarks/generate-script.py board "$n" 0 > "$work/board-$n-0.rsh"
        python3 Benchmarks/generate-script.py board "$n" "$renames" > "$work/board-$n.rsh"
        "$bin" run "$work/board-$n.rsh" | tail -1 | grep -q ' 0 failed, 0 errors$' || { echo "board $n: an expectation or a line failed" >&2; exit 1; }
        local setup full
        setup=$(RUNS=3 median_ns "$bin" run "$work/board-$n-0.rsh")
        full=$(RUNS=3 median_ns "$bin" run "$work/board-$n.rsh")
        /usr/bin/time -f '%M' -o "$work/rss" "$bin" run "$work/board-$n.rsh" > /dev/null
        local us
        us=$(awk -v a="$full" -v b="$setup" -v r="$renames" 'BEGIN { printf "%.1f", (a - b) / r / 1000 }')
        [ "$n" = 1000 ] && base1k=$us
        awk -v n="$n" -v us="$us" -v r="$renames" -v kb="$(cat "$work/rss")" -v base="$base1k" \
            'BEGIN { note = "";
                     if (n == 20000 && base != "") note = sprintf("  (%.2f x N=1k; target <= 2x %s)", us / base, (us <= 2 * base ? "met" : "short"));
                     if (n == 100000) note = sprintf("  (target <= 100 us %s)", (us <= 100 ? "met" : "short"));
                     rss = kb / 1024; mem = (n == 20000) ? sprintf("  (target <= 128 MiB %s)", (rss <= 128 ? "met" : "short")) : "";
                     printf "board %6d posts, rename, diffs on: %9.1f us/action   peak RSS %6.1f MiB (%d renames)%s%s\n", n, us, rss, r, note, mem }'
    done
}

if [ -n "${BOARD_ONLY:-}" ]; then
    board_cases
    exit 0
fi

# Side by side: the old generator, whose lines repeat, and the random ones, whose lines do not.
for kind in scoreboard scoreboard-random setscore-random counter; do
    python3 Benchmarks/generate-script.py "$kind" 100000 > "$work/$kind.rsh"
done
python3 Benchmarks/generate-script.py scoreboard-random 1000000 > "$work/scoreboard-random-1m.rsh"

rate "batch: scoreboard (repeating lines), text" 100000 - "$work/scoreboard.rsh"
rate "batch: scoreboard random mix, text" 100000 800000 "$work/scoreboard-random.rsh"
rate "batch: scoreboard random mix, JSON Lines" 100000 500000 "$work/scoreboard-random.rsh" --format json
rate "batch: distinct random setScore, text" 100000 600000 "$work/setscore-random.rsh"
rate "batch: counter, virtual clock" 100000 250000 "$work/counter.rsh"

# Start-up as a shell user meets it: the binary started from bash with `:quit` on stdin (from a
# file, so no other process is timed). Median over 11 batches of 20 starts, per start.
startup() {  # name binary
    local ns
    echo ':quit' > "$work/quit.txt"
    ns=$(for _ in $(seq 11); do
             s=$(now); for _ in $(seq 20); do "$2" < "$work/quit.txt" > /dev/null; done; e=$(now)
             echo $(((e - s) / 20))
         done | sort -n | sed -n 6p)
    awk -v n="$1" -v ns="$ns" 'BEGIN { ms = ns / 1e6; printf "%-52s %9.2f ms (median of 11 x 20)   target <= 5 ms %s\n", n, ms, (ms <= 5 ? "(met)" : "(short)") }'
}
startup "start-up: reactor-shell < :quit" "$bin"
# For context, when asked: `print("hi")` built with `swiftc -O`, linked dynamically (what a
# release build of ours was before it linked the Swift runtime statically) and with -static-stdlib.
if [ -n "${FLOOR:-}" ]; then
    echo 'print("hi")' > "$work/hello.swift"
    swiftc -O "$work/hello.swift" -o "$work/hello-dynamic" >&2
    swiftc -O -static-stdlib -use-ld=lld "$work/hello.swift" -o "$work/hello-static" >&2
    startup "start-up: Swift hello-world, dynamic" "$work/hello-dynamic"
    startup "start-up: Swift hello-world, -static-stdlib" "$work/hello-static"
fi

/usr/bin/time -f '%M' -o "$work/rss" "$bin" run "$work/scoreboard-random-1m.rsh" > /dev/null
awk -v kb="$(cat "$work/rss")" \
    'BEGIN { mib = kb / 1024; printf "%-52s %9.1f MiB   target <= 32 MiB %s\n", "peak RSS: 1,000,000-line script (random mix)", mib, (mib <= 32 ? "(met)" : "(short)") }'

board_cases
