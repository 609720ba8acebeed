./richelieu match ismcts2:iterations=1000 ismcts:iterations=1000 --pairs 300 --seed 20261121 --json results/strong-vs-ismcts.json
