./richelieu first-player heuristic ismcts2:iterations=1000 --games 10000 --seed 20261121 --json results/first-player-strong.json
