./richelieu match pimc heuristic-2p --unpaired --both-variants --games 8000 --seed 20261121 --json results/skill-luck-top.json
