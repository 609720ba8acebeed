./richelieu first-player pimc:iterations=4000 --games 6000 --seed 20261121 --json results/first-player-pimc-4000.json
