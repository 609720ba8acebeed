./richelieu first-player random greedy --games 40000 --seed 20261121 --json results/first-player.json
