./richelieu tournament pimc-2p pimc ismcts-mast-2p heuristic-2p --pairs 200 --seed 20261121 --json results/ladder-pimc-2p.json
