./richelieu balance heuristic --pairs 8000 --seed 20261121 --json results/balance-heuristic.json
