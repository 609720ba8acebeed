./richelieu match ismcts2:iterations=1000 heuristic --unpaired --both-variants --games 8000 --seed 20261121 --json results/skill-luck.json
