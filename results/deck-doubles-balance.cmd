./richelieu balance random greedy --games 40000 --deck results/decks/doubles-heavy.json --seed 20261121 --json results/deck-doubles-balance.json
