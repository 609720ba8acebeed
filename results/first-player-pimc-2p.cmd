./richelieu first-player pimc-2p --games 2000 --seed 20261121 --json results/first-player-pimc-2p.json
