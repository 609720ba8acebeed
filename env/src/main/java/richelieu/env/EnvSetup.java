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
 * What the games of one environment share: the rules, the deck and the bots that can be named
 * (the shipped ones and those of the plug-ins given), and who plays each seat
 * ({@link Seating}: an agent, or a bot of any spec the runner accepts). Every argument is
 * checked here, once, with a one-line {@link IllegalArgumentException} naming it.
 */
public final class EnvSetup {
    private final Rules rules;
    private final Deck deck;
    private final List<Path> plugins = new ArrayList<>();
    private Bots registry;

    /**
     * @param players  2, 3 or 4
     * @param variant  "base" or "three-row" (R17)
     * @param deckFile a deck file, or null for the standard deck
     * @param plugins  plug-in jars or folders the bot specs may name (only these are loaded)
     */
    public EnvSetup(int players, String variant, String deckFile, String[] plugins) {
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
        for (String p : plugins) {
            this.plugins.add(Path.of(p));
        }
        if (plugins.length > 0) {
            registry(); // a plug-in that cannot be loaded is refused now, not at the first bot spec
        }
    }

    public Rules rules() {
        return rules;
    }

    public Deck deck() {
        return deck;
    }

    public int players() {
        return rules.players();
    }

    private Bots registry() {
        if (registry == null) {
            try {
                registry = Bots.withPlugins(plugins);
            } catch (BotSpecException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
        return registry;
    }

    /**
     * Who plays each seat: per seat, a bot spec (e.g. "ismcts2:mast=0.5", "exec:python3 bot.py")
     * or null for an agent's seat.
     */
    public Seating seating(String[] seatBots) {
        int players = rules.players();
        if (seatBots.length != players) {
            throw new IllegalArgumentException(players + " players need " + players + " seats, not " + seatBots.length);
        }
        BotSpec[] specs = new BotSpec[players];
        for (int p = 0; p < players; p++) {
            if (seatBots[p] != null) {
                try {
                    specs[p] = registry().parse(seatBots[p]);
                } catch (BotSpecException e) {
                    throw new IllegalArgumentException(e.getMessage());
                }
            }
        }
        return new Seating(specs);
    }

    /** Who plays each seat of a game: an agent (its actions come from outside) or a bot. */
    public static final class Seating {
        private final BotSpec[] specs;      // per seat; null for an agent's seat
        private final String[] labels;

        private Seating(BotSpec[] specs) {
            this.specs = specs;
            this.labels = new String[specs.length];
            for (int p = 0; p < specs.length; p++) {
                labels[p] = specs[p] == null ? "agent" : specs[p].definition();
            }
        }

        /** True if {@code seat} is an agent's. */
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
            Strategy[] bots = new Strategy[specs.length];
            for (int p = 0; p < specs.length; p++) {
                bots[p] = specs[p] == null ? null : specs[p].newStrategy();
            }
            return bots;
        }
    }
}
