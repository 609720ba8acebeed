./richelieu tournament pimc:iterations=250 pimc pimc:iterations=4000 ismcts-mast-2p heuristic-2p --pairs 200 --seed 20261121 --json results/ladder-budgets.json
