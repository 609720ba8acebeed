./richelieu first-player heuristic-2p ismcts-mast-2p pimc --games 10000 --seed 20261121 --json results/first-player-top.json
