./richelieu balance ismcts2:iterations=1000 --pairs 16000 --seed 20261121 --json results/balance-strong.json
