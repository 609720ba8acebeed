#!/usr/bin/env bash
# Makes strategies' linear-2p.txt (eval=linear's multipliers) from nothing, as shipped: the data
# set of pimc's self-play (2,000 games, about 6 CPU-minutes, resumable: a stopped run computes only
# its missing chunks), then the fit (about 30 CPU-seconds; numpy and scipy). The same seeds give
# the same multipliers (the header's date aside). results/linear-eval/README.md has the numbers.
#
#   scripts/linear_eval.sh [DATA_DIR]        (default DATA_DIR: data/linear-2p; THREADS=2)
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-data/linear-2p}"
./richelieu dataset --out "$data" --lineup pimc,pimc --games 2000 --chunk 100 --per-game 0 \
    --solve-cards 0 --seed 43201 --threads "${THREADS:-2}"
python3 scripts/fit_linear_eval.py --data "$data" --seed 43202 --target reward --min-cards 6 \
    --phases 16,32 --holdout 5 --lambdas 1e-5,1e-4,1e-3,1e-2,1e-1 --folds 4 \
    --out strategies/src/main/resources/richelieu/strategies/linear-2p.txt \
    --report results/linear-eval/fit-reward-16-32.json
