package richelieu.runner.distance;

import richelieu.engine.Deal;
import richelieu.engine.GameState;
import richelieu.engine.record.GameRecord;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.UnitMeasure;
import richelieu.strategies.BotSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;

/**
 * The distance study's measure of a unit ({@link UnitMeasure}): its lineup game, played by the
 * run's unit player, measured at one position per number of cards ({@link DistanceStudy#positions}).
 * The run's configuration carries everything else: the measured bots are its first
 * {@value #MEASURED} bots, the lineup its first lineup's, the numbers of cards a setting.
 */
public final class DistanceMeasure implements UnitMeasure {
    /** The setting that says how many of the run's bots (its first ones) are measured. */
    public static final String MEASURED = "measured";
    /** The setting of the numbers of cards sampled (comma-separated, in order). */
    public static final String CARDS = "cards";
    /**
     * The setting of the numbers of cards (among {@link #CARDS}) at which only win/draw/loss is
     * solved; absent when every number is measured exactly.
     */
    public static final String OUTCOME_ONLY = "outcomeOnly";

    private final DistanceStudy.Settings settings;
    private final DistanceStudy study;

    DistanceMeasure(DistanceStudy.Settings settings) {
        this.settings = settings;
        this.study = new DistanceStudy(settings);
    }

    /** The study's settings of a run: its measured bots, lineup, units, cards, seed, rules and deck. */
    public static DistanceStudy.Settings settings(RunConfig config, SortedMap<String, String> settings,
                                                  List<BotSpec> bots) {
        int measured = count(settings, bots.size());
        List<BotSpec> lineup = new ArrayList<>();
        for (int b : config.lineups().get(0)) {
            lineup.add(bots.get(b));
        }
        List<Integer> cards = cards(settings.get(CARDS), CARDS, false);
        List<Integer> outcomeOnly = cards(settings.get(OUTCOME_ONLY), OUTCOME_ONLY, true);
        String problem = DistanceStudy.cardsProblem(cards, outcomeOnly);
        if (problem != null) {
            throw new IllegalArgumentException("config.settings: " + problem);
        }
        return new DistanceStudy.Settings(bots.subList(0, measured), lineup, (int) config.units(), cards, config.seed(),
                config.ruleSets().get(0), config.deck(), outcomeOnly);
    }

    /** The measured bots' count of stored settings, 1..bots. */
    private static int count(SortedMap<String, String> settings, int bots) {
        String text = settings.get(MEASURED);
        try {
            int n = Integer.parseInt(text == null ? "" : text.trim());
            if (n >= 1 && n <= bots) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("config.settings." + MEASURED + ": must be a whole number of bots between 1 and "
                + bots + ", not '" + text + "'");
    }

    /**
     * The numbers of cards of a stored setting ("4,6,8,10"), each 1..{@link DistanceStudy#MAX_OUTCOME_CARDS};
     * absent or empty is none when {@code mayBeEmpty}. Which numbers go together is
     * {@link DistanceStudy#cardsProblem}'s to say.
     */
    public static List<Integer> cards(String text, String setting, boolean mayBeEmpty) {
        List<Integer> cards = new ArrayList<>();
        if (mayBeEmpty && (text == null || text.isBlank())) {
            return List.of();
        }
        try {
            for (String c : (text == null ? "" : text).split(",")) {
                cards.add(Integer.parseInt(c.trim()));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config.settings." + setting + ": must be numbers of cards such as 4,6,8, not '"
                    + text + "'");
        }
        for (int c : cards) {
            if (c < 1 || c > DistanceStudy.MAX_OUTCOME_CARDS || cards.indexOf(c) != cards.lastIndexOf(c)) {
                throw new IllegalArgumentException("config.settings." + setting + ": each number of cards once, between 1 and "
                        + DistanceStudy.MAX_OUTCOME_CARDS + ", not '" + text + "'");
            }
        }
        return List.copyOf(cards);
    }

    /** The largest measured bot: a thread asks them one at a time, each made afresh. */
    @Override
    public List<BotSpec> held() {
        return settings.bots().stream().max(Comparator.comparingLong(BotSpec::memoryBytes)).stream()
                .toList();
    }

    @Override
    public String measure(long unit, Deal deal, List<int[]> actions) {
        if (actions.size() != 1) {
            throw new IllegalStateException("a distance unit is one lineup game, not " + actions.size());
        }
        int[] line = actions.get(0);
        GameState s = new GameState(settings.rules(), deal);
        for (int a : line) {
            s.apply(a);
        }
        if (!s.isOver()) {
            throw new IllegalStateException("lineup game " + unit + " ended in a forfeit: its positions cannot be measured");
        }
        return DistanceUnits.toJson(study.positions((int) unit, new DistanceStudy.Line(deal, line, null)));
    }

    /**
     * Unit {@code unit}'s stored measure, whose positions hold the choices of the settings' first
     * {@code stored} bots, with the choices of the others added ({@link DistanceStudy#withBot}):
     * their decisions only, the solver asked only of an action no bot before chose. {@code game}
     * is the unit's lineup game (line {@code unit} of the run's games file).
     *
     * @throws IllegalArgumentException if the measure or the game does not fit the run
     */
    public String withBots(long unit, String measure, int stored, GameRecord game) {
        DistanceStudy.Unit u = DistanceUnits.read(unit, measure, stored, settings.cards(), settings.outcomeOnly());
        DistanceStudy.Line line = new DistanceStudy.Line(game.deal(), game.actions(), null);
        List<DistanceStudy.Position> positions = new ArrayList<>();
        for (DistanceStudy.Position p : u.positions()) {
            for (int b = stored; b < settings.bots().size(); b++) {
                p = study.withBot(line, p, b);
            }
            positions.add(p);
        }
        return DistanceUnits.toJson(new DistanceStudy.Unit(null, positions, u.missing()));
    }

    /** The provider of the {@code distance} study kind's measure (listed in META-INF/services). */
    public static final class Provider implements UnitMeasure.Provider {
        @Override
        public String command() {
            return "distance";
        }

        @Override
        public UnitMeasure open(RunConfig config, SortedMap<String, String> settings, List<BotSpec> bots) {
            return new DistanceMeasure(settings(config, settings, bots));
        }
    }
}
