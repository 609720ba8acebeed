./richelieu balance heuristic-2p --pairs 10000 --seed 20261121 --json results/balance-heuristic-2p.json
