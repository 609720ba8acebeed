package richelieu.runner.resultfile;

import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * A run's configuration with its bots made: what a machine needs to play the run's units. The
 * configuration says which games a unit plays ({@link RunConfig#dealOf}, {@link RunConfig#seatBots},
 * {@link RunConfig#ruleSetOf}); the plan adds the bots that play them, made from the
 * configuration's bot specs by a registry ({@link RunConfig#plan}).
 *
 * @param config  what is played
 * @param bots    the bots, one per {@link RunConfig#bots} entry (lineups refer to them by index)
 * @param measure what the study measures in each unit beyond its games, or null ({@link UnitMeasure})
 */
public record Plan(RunConfig config, List<BotSpec> bots, UnitMeasure measure) {

    public Plan(RunConfig config, List<BotSpec> bots) {
        this(config, bots, null);
    }

    public Plan {
        bots = List.copyOf(bots);
        if (bots.size() != config.bots().size()) {
            throw new IllegalArgumentException("a plan makes each of the run's " + config.bots().size() + " bots, not "
                    + bots.size());
        }
    }

    /** The registry's bots for {@code config}'s specs, and the measure of its study kind under these settings. */
    static Plan of(RunConfig config, Bots registry, SortedMap<String, String> settings) {
        List<BotSpec> specs = new ArrayList<>();
        for (String b : config.bots()) {
            specs.add(registry.parse(b));
        }
        return new Plan(config, specs, UnitMeasure.of(config, settings, specs));
    }
}
