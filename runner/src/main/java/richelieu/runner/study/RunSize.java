package richelieu.runner.study;

import richelieu.runner.UserError;

/**
 * How many deals a run plays, as the user gave it: {@code --pairs} (deals) or {@code --games}
 * (games, a multiple of the games each deal is played), or neither (the study's default).
 *
 * @param pairs deals, or null
 * @param games games, or null
 */
public record RunSize(Long pairs, Long games) {
    /** Neither given: the study's default. */
    public static final RunSize DEFAULT = new RunSize(null, null);

    /** The option that set the size ("--pairs" when neither did), for messages. */
    public String flag() {
        return games != null && pairs == null ? "--games" : "--pairs";
    }

    /**
     * Deals to play when each deal is played {@code gamesPerDeal} times; --games must be a
     * multiple of it.
     */
    public long deals(int gamesPerDeal, long defaultDeals) {
        return deals(gamesPerDeal, defaultDeals, "");
    }

    /** As {@link #deals(int, long)}; {@code onceHint} ends the advice when a deal is played once (e.g. " with --unpaired"). */
    public long deals(int gamesPerDeal, long defaultDeals, String onceHint) {
        if (pairs != null && games != null) {
            throw new UserError("give --pairs or --games, not both");
        }
        if (pairs != null) {
            if (pairs < 1) {
                throw new UserError("--pairs must be at least 1");
            }
            if (gamesPerDeal == 1) {
                throw new UserError("--pairs needs paired deals; use --games" + onceHint);
            }
            return pairs;
        }
        if (games != null) {
            if (games < 1 && gamesPerDeal == 1) {
                throw new UserError("--games must be at least 1");
            }
            if (games < 1 || games % gamesPerDeal != 0) {
                throw new UserError("--games must be a positive multiple of " + gamesPerDeal
                        + " (each deal is played " + gamesPerDeal + " times)");
            }
            return games / gamesPerDeal;
        }
        return defaultDeals;
    }
}
