#!/bin/bash
cd /tmp/ab
i=0
for v in A B A B B A; do
  i=$((i+1))
  echo "run $i $v start $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> /tmp/ab/log
  java -jar /tmp/bench$v/benchmarks/target/benchmarks.jar SolverBench -prof gc -rf json -rff /tmp/ab/$i-$v.json > /tmp/ab/$i-$v.txt 2>&1
  echo "run $i $v end $(date +%T) rc $? load $(cut -d' ' -f1-3 /proc/loadavg)" >> /tmp/ab/log
done
echo ALLDONE >> /tmp/ab/log
