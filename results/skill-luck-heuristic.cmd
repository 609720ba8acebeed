./richelieu match heuristic greedy --unpaired --both-variants --games 4000 --seed 20261121 --json results/skill-luck-heuristic.json
