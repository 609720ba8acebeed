./richelieu first-player pimc:iterations=250 --games 6000 --seed 20261121 --json results/first-player-pimc-250.json
