./richelieu balance pimc --pairs 40000 --seed 20261121 --json results/balance-top-40k.json
