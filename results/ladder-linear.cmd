./richelieu tournament pimc:eval=linear pimc ismcts-mast-2p heuristic-2p --pairs 200 --seed 20261121 --json results/ladder-linear.json
