package richelieu.runner.resultfile;

import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's configuration with its bots made: what a machine needs to play the run's units. The
 * configuration says which games a unit plays ({@link RunConfig#dealOf}, {@link RunConfig#seatBots},
 * {@link RunConfig#ruleSetOf}); the plan adds the bots that play them, made from the
 * configuration's bot specs by a registry ({@link RunConfig#plan}).
 *
 * @param config what is played
 * @param bots   the bots, one per {@link RunConfig#bots} entry (lineups refer to them by index)
 */
public record Plan(RunConfig config, List<BotSpec> bots) {

    public Plan {
        bots = List.copyOf(bots);
        if (bots.size() != config.bots().size()) {
            throw new IllegalArgumentException("a plan makes each of the run's " + config.bots().size() + " bots, not "
                    + bots.size());
        }
    }

    /** The registry's bots for {@code config}'s specs. */
    static Plan of(RunConfig config, Bots registry) {
        List<BotSpec> specs = new ArrayList<>();
        for (String b : config.bots()) {
            specs.add(registry.parse(b));
        }
        return new Plan(config, specs);
    }
}
