./richelieu match ismcts2:iterations=1000 heuristic --pairs 300 --seed 20261121 --json results/strong-vs-heuristic.json
