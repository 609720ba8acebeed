./richelieu balance random greedy --pairs 40000 --deck results/decks/doubles-heavy.json --seed 20261121 --json results/deck-doubles-balance.json
