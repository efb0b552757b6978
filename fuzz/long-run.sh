#!/usr/bin/env bash
# A long fuzzing session: the three targets at once, for SECONDS of wall-clock
# time (default an hour), each in fork mode so that a crash is recorded in
# artifacts/<target>/ and fuzzing goes on. On a machine with fewer cores
# than targets they share them (run it under `nice`).
set -u
cd "$(dirname "$0")"
bin=target/x86_64-unknown-linux-gnu/release
seconds=${1:-3600}
mkdir -p logs
run() { # target
    mkdir -p artifacts/"$1"
    "$bin/$1" corpus/"$1" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix=artifacts/"$1"/ -print_final_stats=1 > logs/"$1".log 2>&1
    echo "$1 exited $?" >> logs/session.log
}
date -u +"start %FT%TZ ($seconds s)" >> logs/session.log
for t in translate translate_fix single_source; do run "$t" & done
wait
date -u +"end %FT%TZ" >> logs/session.log
for t in translate translate_fix single_source; do
    echo "$t: $(grep -o '^#[0-9]*' logs/"$t".log | tail -1) execs, $(ls artifacts/"$t" | wc -l) artifacts" >> logs/session.log
done
