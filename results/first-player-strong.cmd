./richelieu first-player heuristic ismcts:iterations=1000 --games 2000 --seed 20261121 --json results/first-player-strong.json
