#!/bin/bash
# Wait for the first A/B series, then a finer one: short runs, many alternations.
while ! grep -q ALLDONE /tmp/ab/log; do sleep 10; done
cd /tmp/ab2
for i in $(seq 1 8); do
  for v in A B; do
    [ $((i % 2)) -eq 0 ] && v=$([ $v = A ] && echo B || echo A)
    echo "run $i $v start $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> /tmp/ab2/log
    java -jar /tmp/bench$v/benchmarks/target/benchmarks.jar SolverBench -p cards=10 -wi 2 -w 1s -i 4 -r 1s -prof gc -rf json -rff /tmp/ab2/$i$v-$v.json > /tmp/ab2/$i$v.txt 2>&1
  done
done
echo ALLDONE >> /tmp/ab2/log
