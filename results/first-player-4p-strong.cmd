./richelieu first-player ismcts2:iterations=1000 --players 4 --games 6000 --seed 20261121 --json results/first-player-4p-strong.json
