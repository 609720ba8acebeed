#!/bin/bash
# A/B of the engine and search benchmarks: old = before the search/runner redesign, new = main; ABAB, same settings
cd /tmp/ab
pids=$(pgrep -f "richelieu.jar tune")
kill -STOP $pids
echo "paused tune runs: $pids"; uptime
opts="-f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc"
for round in 1 2; do
  for v in old new; do
    java -jar $v.jar $opts -rf json -rff $v-$round.json 'PlayoutBench.randomGame$|LegalActionsBench|SearchBench' > $v-$round.log 2>&1
    echo "$v round $round done"; uptime
  done
done
kill -CONT $pids
echo resumed
