./richelieu balance pimc:iterations=4000 --pairs 2000 --seed 20261121 --json results/balance-pimc-4000.json
