./richelieu balance pimc --pairs 10000 --seed 20261121 --json results/balance-top.json
