./richelieu first-player pimc:eval=linear --games 2000 --seed 20261121 --json results/first-player-pimc-linear.json
