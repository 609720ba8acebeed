./richelieu first-player ismcts-mast-4p --players 4 --games 6000 --seed 20261121 --json results/first-player-4p-top.json
