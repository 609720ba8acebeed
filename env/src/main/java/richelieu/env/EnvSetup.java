package richelieu.env;

import richelieu.engine.Deck;
import richelieu.engine.DeckException;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the games of one environment share: the rules, the deck, and who plays each seat (an
 * agent, or a bot of any spec the runner accepts). Every argument is checked here, once, with a
 * one-line {@link IllegalArgumentException} naming it.
 */
public final class EnvSetup {
    private final Rules rules;
    private final Deck deck;
    private final int players;
    private final BotSpec[] specs;      // per seat; null for an agent's seat
    private final String[] labels;

    /**
     * @param players  2, 3 or 4
     * @param variant  "base" or "three-row" (R17)
     * @param deckFile a deck file, or null for the standard deck
     * @param seatBots per seat, a bot spec (e.g. "ismcts2:mast=0.5", "exec:python3 bot.py") or
     *                 null for an agent's seat
     * @param plugins  plug-in jars or folders the bot specs may name (only these are loaded)
     */
    public EnvSetup(int players, String variant, String deckFile, String[] seatBots, String[] plugins) {
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("players must be 2, 3 or 4, not " + players);
        }
        Rules.Variant v = variant == null ? null : Rules.Variant.parse(variant);
        if (v == null) {
            throw new IllegalArgumentException("variant must be \"base\" or \"three-row\", not "
                    + (variant == null ? "null" : "\"" + variant + "\""));
        }
        this.rules = Rules.standard(players).withVariant(v);
        try {
            this.deck = deckFile == null ? Deck.standard() : Deck.load(Path.of(deckFile));
        } catch (DeckException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        this.players = players;
        if (seatBots.length != players) {
            throw new IllegalArgumentException(players + " players need " + players + " seats, not " + seatBots.length);
        }
        this.specs = new BotSpec[players];
        this.labels = new String[players];
        boolean anyBot = false;
        for (String s : seatBots) {
            anyBot |= s != null;
        }
        Bots registry = null;
        if (anyBot || plugins.length > 0) {
            List<Path> paths = new ArrayList<>();
            for (String p : plugins) {
                paths.add(Path.of(p));
            }
            try {
                registry = Bots.withPlugins(paths);
            } catch (BotSpecException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
        for (int p = 0; p < players; p++) {
            if (seatBots[p] == null) {
                labels[p] = "agent";
                continue;
            }
            try {
                specs[p] = registry.parse(seatBots[p]);
            } catch (BotSpecException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
            labels[p] = specs[p].definition();
        }
    }

    public Rules rules() {
        return rules;
    }

    public Deck deck() {
        return deck;
    }

    public int players() {
        return players;
    }

    /** True if {@code seat} is an agent's (its actions come from outside). */
    public boolean isAgent(int seat) {
        return specs[seat] == null;
    }

    /** The label of each seat's player: "agent", or the bot's spec ({@code NAME=SPEC} when labelled). */
    public String[] labels() {
        return labels.clone();
    }

    /** The label of {@code seat}'s player in a game record: {@code agentLabel} for an agent, else its spec. */
    public String recordLabel(int seat, String agentLabel) {
        return specs[seat] == null ? agentLabel : labels[seat];
    }

    /** Fresh bot objects for one game driver: one per bot seat, null for an agent's seat. */
    public Strategy[] newBots() {
        Strategy[] bots = new Strategy[players];
        for (int p = 0; p < players; p++) {
            bots[p] = specs[p] == null ? null : specs[p].newStrategy();
        }
        return bots;
    }

    /** Releases bot objects made by {@link #newBots} (an exec bot's process ends). */
    public static void close(Strategy[] bots) {
        for (Strategy b : bots) {
            if (b instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing is best effort: the process is gone or going
                }
            }
        }
    }
}
