#!/bin/bash
cd /tmp/cpuab
for v in A B B A A B B A A B B A; do
  for c in 10 8; do
    echo "$v $c $(java -cp /tmp/cpuab/$v:/tmp/bench$v/benchmarks/target/benchmarks.jar richelieu.benchmarks.CpuTimeAB solver 8 $c) load $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/cpuab/log
  done
done
echo ALLDONE >> /tmp/cpuab/log
