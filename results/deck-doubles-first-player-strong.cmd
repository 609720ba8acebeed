./richelieu first-player ismcts2:iterations=1000 --games 4500 --deck results/decks/doubles-heavy.json --seed 20261121 --json results/deck-doubles-first-player-strong.json
