./richelieu balance ismcts-mast-2p --pairs 10000 --seed 20261121 --json results/balance-ismcts-mast-2p.json
