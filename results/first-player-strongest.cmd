./richelieu first-player ismcts2:mast=0.5 --games 10000 --seed 20261121 --json results/first-player-strongest.json
