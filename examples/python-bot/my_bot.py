"""A Richelieu bot in ten lines: a card of a new region, else the most shields; markers on row ends."""
from richelieu_bot import run


def choose(game, act):
    mine = {game.deck[c].region for c in act.me.cards}
    def value(m):
        if m.type == "take":   # a region's first card saves its -5 (R18)
            return game.deck[m.card].shields + 3 * (game.deck[m.card].region not in mine)
        if m.type in ("place", "move"):   # a marker on a row end costs its taker a marker (R11)
            return 1 if m.card in act.ends() else -1
        return m.type in ("use-return", "pay-reserve")
    return max(act.legal, key=value)


run(choose)
