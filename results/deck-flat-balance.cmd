./richelieu balance random greedy --pairs 40000 --deck results/decks/flat.json --seed 20261121 --json results/deck-flat-balance.json
