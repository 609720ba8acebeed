./richelieu first-player ismcts2:iterations=1000 --games 4500 --deck results/decks/flat.json --seed 20261121 --json results/deck-flat-first-player-strong.json
