./richelieu first-player random greedy --players 4 --games 60000 --seed 20261121 --json results/first-player-4p.json
