./richelieu tournament random greedy heuristic ismcts:iterations=250 ismcts:iterations=1000 ismcts2:iterations=1000 ismcts2:mast=0.5 --pairs 1000 --seed 20261121 --json results/ladder.json
