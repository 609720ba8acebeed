#!/bin/bash
cd /tmp/cpuab
for v in A B B A A B B A A B B A A B B A; do
  echo "$v 8 $(java -cp /tmp/cpuab/$v:/tmp/bench$v/benchmarks/target/benchmarks.jar richelieu.benchmarks.CpuTimeAB solver 30 8) load $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/cpuab/log8
done
echo ALLDONE >> /tmp/cpuab/log8
