./richelieu match ismcts:iterations=2000 ismcts:iterations=1000 --pairs 1000 --seed 20261121 --json results/ismcts-iterations.json
