./richelieu balance random greedy --games 40000 --seed 20261121 --json results/balance.json
