#!/bin/sh
# Wraps the real Claude Code CLI for the session-id benchmark: records the
# wall-clock time (ns) at which the runner spawned it, in
# $BENCH_STAMP_DIR/<--session-id value>.spawn, then becomes the real CLI
# ($BENCH_REAL_CLAUDE) via exec (same pid, same pipes). Probe calls
# (--help/--version) carry no --session-id and are not stamped.
now=$(date +%s%N)
sid=""
prev=""
for arg in "$@"; do
  if [ "$prev" = "--session-id" ]; then sid="$arg"; fi
  prev="$arg"
done
if [ -n "$sid" ] && [ -n "$BENCH_STAMP_DIR" ]; then
  printf '%s' "$now" > "$BENCH_STAMP_DIR/$sid.spawn"
fi
exec "$BENCH_REAL_CLAUDE" "$@"
