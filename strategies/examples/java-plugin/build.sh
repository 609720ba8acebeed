#!/usr/bin/env bash
# Builds leftmost.jar from this folder against the runner's jar (./richelieu builds it).
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd ../../.. && pwd)"
JAR="$ROOT/runner/target/richelieu.jar"
[ -f "$JAR" ] || "$ROOT/richelieu" version >/dev/null
rm -rf build && mkdir -p build
javac --release 17 -cp "$JAR" -d build src/example/*.java
cp -r META-INF build/
jar --create --file leftmost.jar -C build .
echo "built $(pwd)/leftmost.jar"
