./richelieu first-player ismcts-cutoff-3p --players 3 --games 6000 --seed 20261121 --json results/first-player-3p-top.json
