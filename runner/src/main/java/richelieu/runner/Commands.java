package richelieu.runner;

import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

/** Small helpers shared by the commands. */
final class Commands {
    private Commands() {
    }

    static BotSpec parseBot(Bots registry, String spec) {
        try {
            return registry.parse(spec);
        } catch (BotSpecException e) {
            String m = e.getMessage();
            throw new UserError(m.startsWith("unknown bot") ? m + "; a bot of your own: --plugin JAR, or its jar in "
                    + "plugins/ (here or next to ./richelieu), see docs/plugins.md" : m);
        }
    }

    /**
     * Deals to play from --pairs / --games. {@code gamesPerDeal} games are played per deal;
     * --games must be a multiple of it.
     */
    static long deals(Long pairs, Long games, int gamesPerDeal, long defaultDeals) {
        if (pairs != null && games != null) {
            throw new UserError("give --pairs or --games, not both");
        }
        if (pairs != null) {
            if (pairs < 1) {
                throw new UserError("--pairs must be at least 1");
            }
            if (gamesPerDeal == 1) {
                throw new UserError("--pairs needs paired deals; use --games with --unpaired");
            }
            return pairs;
        }
        if (games != null) {
            if (games < 1 || games % gamesPerDeal != 0) {
                throw new UserError("--games must be a positive multiple of " + gamesPerDeal
                        + " (each deal is played " + gamesPerDeal + " times)");
            }
            return games / gamesPerDeal;
        }
        return defaultDeals;
    }
}
