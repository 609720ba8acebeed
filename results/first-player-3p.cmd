./richelieu first-player random greedy --players 3 --games 60000 --seed 20261121 --json results/first-player-3p.json
