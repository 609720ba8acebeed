./richelieu balance heuristic ismcts:iterations=1000 --games 1000 --seed 20261121 --json results/balance-strong.json
