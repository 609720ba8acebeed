#!/usr/bin/env bash
# Side by side in one session: plain runner (--threads 2) vs --spark local[2] vs a standalone
# cluster on 127.0.0.1 (Master + 2 Workers x 1 core, started here from the Spark jars of the
# cluster module, no Spark download), then start-up and per-task overhead.
# Usage: results/cluster/measure.sh > results/cluster/measure.txt   (builds via ./richelieu first)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
"$ROOT/richelieu" match random random --pairs 1 --seed 1 --spark 'local[1]' --no-progress > /dev/null 2>&1   # builds
TMP="$(mktemp -d)"
CP="$ROOT/cluster/target/richelieu-cluster.jar:$(cat "$ROOT/cluster/target/spark-classpath.txt")"
mkdir -p "$TMP/spark-home/jars" "$TMP/w0" "$TMP/w1"
i=0; for j in $(echo "$CP" | tr ':' ' '); do ln -s "$j" "$TMP/spark-home/jars/$(printf %03d $i)-$(basename "$j")"; i=$((i+1)); done
export SPARK_HOME="$TMP/spark-home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1
J=(java "@$ROOT/cluster/spark-java-options" -Xmx256m -cp "$TMP/spark-home/jars/*")
"${J[@]}" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 17077 --webui-port 18080 > "$TMP/master.log" 2>&1 & MP=$!
sleep 8
(cd "$TMP/w0" && exec "${J[@]}" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory 1g --webui-port 18081 spark://127.0.0.1:17077 > "$TMP/w0.log" 2>&1) & W0=$!
(cd "$TMP/w1" && exec "${J[@]}" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory 1g --webui-port 18082 spark://127.0.0.1:17077 > "$TMP/w1.log" 2>&1) & W1=$!
cleanup() { for p in $W0 $W1; do pkill -P "$p"; kill "$p"; done 2>/dev/null; kill "$MP" 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
sleep 15
run() { # label, then the command line
  local label="$1"; shift
  local t0 t1; t0=$(date +%s.%N)
  "$ROOT/richelieu" "$@" --no-progress > "$TMP/out.txt" 2> "$TMP/err.txt"
  t1=$(date +%s.%N)
  printf "%-52s wall %6.1f s | %s | load %s\n" "$label" "$(echo "$t1 - $t0" | bc)" "$(grep played "$TMP/err.txt")" "$(cut -d' ' -f1-3 /proc/loadavg)"
}
S=spark://127.0.0.1:17077
G="match greedy greedy --pairs 2000 --seed 3"
I="match ismcts:iterations=300 heuristic --pairs 150 --seed 3"
for round in 1 2; do
  run "greedy greedy  threads 2" $G --threads 2
  run "greedy greedy  spark local[2]" $G --spark 'local[2]'
  run "greedy greedy  standalone 2x1" $G --spark $S
  run "ismcts300 heur threads 2" $I --threads 2
  run "ismcts300 heur spark local[2]" $I --spark 'local[2]'
  run "ismcts300 heur standalone 2x1" $I --spark $S
done
run "startup 1 pair threads 2" match random random --pairs 1 --seed 1 --threads 2
run "startup 1 pair spark local[2]" match random random --pairs 1 --seed 1 --spark 'local[2]'
run "startup 1 pair standalone" match random random --pairs 1 --seed 1 --spark $S
for p in 2 2000; do
  export RICHELIEU_JAVA_OPTS=-Dspark.richelieu.partitions=$p
  run "random random 2000 pairs, $p partitions local[2]" match random random --pairs 2000 --seed 1 --spark 'local[2]'
  run "random random 2000 pairs, $p partitions standalone" match random random --pairs 2000 --seed 1 --spark $S
done
