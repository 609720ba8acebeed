./richelieu first-player random greedy --games 40000 --deck results/decks/flat.json --seed 20261121 --json results/deck-flat-first-player.json
