./richelieu balance random greedy --pairs 40000 --seed 20261121 --json results/balance.json
