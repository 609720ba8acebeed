./richelieu balance pimc:iterations=250 --pairs 10000 --seed 20261121 --json results/balance-pimc-250.json
