package richelieu.runner.resultfile;

import richelieu.engine.Deal;
import richelieu.strategies.BotSpec;

import java.util.List;
import java.util.ServiceLoader;
import java.util.SortedMap;

/**
 * What a study measures in a unit's games beyond their outcomes (the distance study: positions
 * of each game valued by the exact solver, every bot asked there): one JSON object per unit,
 * computed where the unit is played — on a thread of this JVM or on a cluster's worker — from
 * the unit's deal and the actions of its games, and kept in the {@link Tally} beside the counts
 * ({@link Tally#measures}), so that it is checkpointed, resumed, merged and shipped back from a
 * cluster as the counts are. A pure function of the run's configuration and the unit, as a
 * unit's games are.
 *
 * <p>A study kind that measures registers a {@link Provider} under its {@code config.command}
 * in {@code META-INF/services}; the plan of a run of that kind ({@link Plan#measure}) carries it,
 * on every machine that plays its units.
 */
public interface UnitMeasure {

    /**
     * The unit's measure as compact JSON (an object): {@code actions} are the actions of each of
     * the unit's games, in game order.
     */
    String measure(long unit, Deal deal, List<int[]> actions);

    /**
     * The bots a thread holds at once while it measures, besides the unit's players (whose tables
     * the run's memory check counts already): the distance study asks one measured bot at a time.
     */
    default List<BotSpec> held() {
        return List.of();
    }

    /** Makes the measure of a run of one study kind. */
    interface Provider {
        /** The study kind ({@code config.command}) whose runs this measures. */
        String command();

        /**
         * The measure of this run: {@code settings} are the study's own ({@code config.settings}
         * as stored), {@code bots} the run's bots made (one per {@link RunConfig#bots} entry). A
         * bad setting is an {@link IllegalArgumentException} naming it.
         */
        UnitMeasure open(RunConfig config, SortedMap<String, String> settings, List<BotSpec> bots);
    }

    /** The measure of a run of {@code config.command}, or null for a kind that measures nothing beyond its games. */
    static UnitMeasure of(RunConfig config, SortedMap<String, String> settings, List<BotSpec> bots) {
        for (Provider p : ServiceLoader.load(Provider.class, Provider.class.getClassLoader())) {
            if (p.command().equals(config.command())) {
                return p.open(config, settings, bots);
            }
        }
        return null;
    }
}
