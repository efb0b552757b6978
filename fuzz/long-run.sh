#!/usr/bin/env bash
# The hour-long fuzzing session (one core): each target in turn, in fork mode
# so a crash is recorded in artifacts/<target>/ and fuzzing goes on.
set -u
cd "$(dirname "$0")"
bin=target/x86_64-unknown-linux-gnu/release
run() { # target seconds
    "$bin/$1" corpus/"$1" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$2" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix=artifacts/"$1"/ -print_final_stats=1 > logs/"$1".log 2>&1
    echo "$1 exited $?" >> logs/session.log
}
date -u +"start %FT%TZ" >> logs/session.log
run translate "${1:-1980}"
run translate_fix "${2:-1800}"
date -u +"end %FT%TZ" >> logs/session.log
