package richelieu.runner.study;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.distance.DistanceFiles;
import richelieu.runner.distance.DistanceMeasure;
import richelieu.runner.distance.DistanceCompanions;
import richelieu.runner.distance.DistanceResult;
import richelieu.runner.distance.DistanceStudy;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.studystats.StudyStatistics;
import richelieu.runner.text.Format;
import richelieu.strategies.Bots;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every bot's distance from perfect play ({@link DistanceStudy}) as a study: unit g is lineup game
 * g — deal g / 2, the lineup's seats swapped in odd units (two lineups, mirrored, one game per
 * deal each) — played by the run's unit player and measured where it is played
 * ({@link DistanceMeasure}): its positions, every measured bot's choice there and the solver's
 * values, kept as the unit's measure in the tally. So the study checkpoints, stops on Ctrl-C,
 * resumes, shards, merges and runs on Spark as every study does, and its result is its units'
 * measures whatever the threads, shards or machines.
 *
 * <p>The run's bots are the measured bots, in order, then the lineup's bots that are not among
 * them; its settings say how many are measured and at which numbers of cards.
 */
public final class PerfectPlayStudy implements Study<PerfectPlayStudy.Settings> {

    /**
     * @param bots    the bots measured, in the order shown (specs as typed)
     * @param lineup  the two bots whose games give the positions
     * @param games   lineup games: each deal twice, the seats swapped, so an even number
     * @param cards   the numbers of cards on the table sampled ({@link DistanceStudy#cardsProblem})
     * @param variant the rules' variant
     * @param outcomeOnly the numbers of cards at which only win/draw/loss is solved
     */
    public record Settings(List<String> bots, List<String> lineup, long games, List<Integer> cards,
                           Rules.Variant variant, List<Integer> outcomeOnly) {
        public Settings {
            bots = List.copyOf(bots);
            lineup = List.copyOf(lineup);
            cards = List.copyOf(cards);
            outcomeOnly = List.copyOf(outcomeOnly);
        }
    }

    /**
     * The study's own settings of a run: how many of its first bots are measured, at which numbers
     * of cards, and at which of them only win/draw/loss (stored only when some: a run measured
     * exactly everywhere keeps the settings it always had).
     */
    record Stored(int measured, List<Integer> cards, List<Integer> outcomeOnly) implements StudySettings {
        @Override
        public SortedMap<String, String> toJson() {
            SortedMap<String, String> m = new TreeMap<>();
            m.put(DistanceMeasure.CARDS, joined(cards));
            m.put(DistanceMeasure.MEASURED, Integer.toString(measured));
            if (!outcomeOnly.isEmpty()) {
                m.put(DistanceMeasure.OUTCOME_ONLY, joined(outcomeOnly));
            }
            return m;
        }
    }

    private static String joined(List<Integer> cards) {
        return String.join(",", cards.stream().map(String::valueOf).toList());
    }

    @Override
    public String name() {
        return "distance";
    }

    @Override
    public RunConfig configure(Settings s, RunBasics basics, Bots registry) {
        if (s.games() < 2 || s.games() > 1_000_000 || s.games() % 2 != 0) {
            throw new UserError("--games must be an even number between 2 and 1000000 (each deal is played twice, the "
                    + "seats swapped), not " + s.games());
        }
        String problem = DistanceStudy.cardsProblem(s.cards(), s.outcomeOnly());
        if (problem != null) {
            throw new UserError(problem);
        }
        if (s.lineup().size() != 2) {
            throw new UserError("--lineup needs exactly two bots, not " + s.lineup().size());
        }
        List<String> bots = new ArrayList<>();
        for (String b : s.bots()) {
            String label = BotSpecs.parse(registry, b).label();
            if (bots.contains(label)) {
                throw new UserError("the bot " + label + " is named twice");
            }
            bots.add(label);
        }
        int[] seats = new int[2];
        for (int i = 0; i < 2; i++) {
            String label = BotSpecs.parse(registry, s.lineup().get(i)).label();
            if (!bots.contains(label)) {
                bots.add(label);
            }
            seats[i] = bots.indexOf(label);
        }
        long deals = s.games() / 2;
        List<int[]> lineups = lineups(seats);
        long[] range = basics.range("--games", deals, lineups.size(), 1);
        return new RunConfig(name(), bots, List.of(Rules.standard(2).withVariant(s.variant())), basics.deck(),
                basics.seed(), deals, lineups, RunConfig.Pairing.FIXED, range[0], range[1], basics.shardIndex(),
                basics.shardCount(), new Stored(s.bots().size(), s.cards(), s.outcomeOnly()));
    }

    /** Unit 2d plays deal d with the lineup as given, unit 2d + 1 with its seats swapped. */
    private static List<int[]> lineups(int[] seats) {
        return List.of(seats.clone(), new int[]{seats[1], seats[0]});
    }

    @Override
    public Settings settingsOf(RunConfig c) {
        Stored s = stored(c);
        List<String> lineup = new ArrayList<>();
        for (int b : c.lineups().get(0)) {
            lineup.add(c.bots().get(b));
        }
        return new Settings(c.bots().subList(0, s.measured()), lineup, c.deals() * 2, s.cards(),
                c.ruleSets().get(0).variant(), s.outcomeOnly());
    }

    private static Stored stored(RunConfig c) {
        return (Stored) c.settings();
    }

    @Override
    public StudySettings readSettings(JsonNode settings) {
        StudySettings.StoredFields f = new StudySettings.StoredFields(settings);
        f.checkOnly(DistanceMeasure.CARDS, DistanceMeasure.MEASURED, DistanceMeasure.OUTCOME_ONLY);
        List<Integer> cards = DistanceMeasure.cards(f.text(DistanceMeasure.CARDS), DistanceMeasure.CARDS, false);
        List<Integer> outcomeOnly = f.has(DistanceMeasure.OUTCOME_ONLY)
                ? DistanceMeasure.cards(f.text(DistanceMeasure.OUTCOME_ONLY), DistanceMeasure.OUTCOME_ONLY, true) : List.of();
        String problem = DistanceStudy.cardsProblem(cards, outcomeOnly);
        if (problem != null) {
            throw f.error(DistanceMeasure.CARDS, problem);
        }
        return new Stored(f.integer(DistanceMeasure.MEASURED, 1, 1024), cards, outcomeOnly);
    }

    @Override
    public void checkShape(RunConfig c) {
        Shape.require(c.players() == 2, "config.players: a distance run has 2 players, not " + c.players());
        Shape.oneRuleSet(c, "a distance run");
        Shape.pairing(c, "a distance run", RunConfig.Pairing.FIXED);
        Shape.require(stored(c).measured() <= c.bots().size(), "config.settings.measured: " + stored(c).measured()
                + " bots measured, but the run has " + c.bots().size());
        Shape.lineups(c, lineups(c.lineups().get(0)), "a distance run");
    }

    @Override
    public void checkStored(ResultFile file) {
        Study.super.checkStored(file);
        if (file.tally().measures().size() != file.tally().units()) {
            throw new IllegalArgumentException("tally.measures: a distance run measures each unit it holds ("
                    + file.tally().units() + "), not " + file.tally().measures().size());
        }
        result(file.config(), file.tally()); // every measure read and checked
    }

    @Override
    public RunConfig shown(RunConfig config) {
        return config; // the page names the bots as they were typed
    }

    @Override
    public StudyOutcome report(RunConfig config, Tally tally) {
        DistanceResult r = result(config, tally);
        return new StudyOutcome(r.text(), new StudyStatistics.Distance(r.statisticsJson(), r.pairsJson(),
                StudyStatistics.forfeitsOf(tally, config.labels())));
    }

    @Override
    public String planText(RunConfig c, long units) {
        Stored s = stored(c);
        return String.format("%,d lineup games of %s vs %s (each deal twice, seats swapped), positions at %s cards on the "
                        + "table%s, %d bots measured", units, c.bots().get(c.lineups().get(0)[0]),
                c.bots().get(c.lineups().get(0)[1]), s.cards(), s.outcomeOnly().isEmpty() ? ""
                        : " (win/draw/loss only at " + s.outcomeOnly() + ")", s.measured());
    }

    /** The distance result of a run's measured units, its statistics computed from them, with its command line. */
    public static DistanceResult result(RunConfig config, Tally tally) {
        Stored s = stored(config);
        List<String> lineup = new ArrayList<>();
        for (int b : config.lineups().get(0)) {
            lineup.add(config.bots().get(b));
        }
        DistanceResult r;
        try {
            r = DistanceResult.of(config.seed(), config.ruleSets().get(0).describe(), config.deck().name(),
                    config.bots().subList(0, s.measured()), lineup, s.cards(), s.outcomeOnly(), tally.measures());
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        return r.withCommand(commandLine(config, r.games())).withPlanned((int) config.units());
    }

    /**
     * The result of the distance run stored in {@code file} (checked as every result file is), with
     * its deeper companions that lie beside it ({@link DistanceFiles#COMPANIONS}).
     */
    public static DistanceResult read(Path file) {
        DistanceResult r = readOne(file);
        Path parent = file.toAbsolutePath().getParent();
        List<DistanceResult.Companion> deeper = new ArrayList<>();
        for (String folder : DistanceFiles.COMPANIONS) {
            Path deep = parent == null ? null : parent.resolve(folder).resolve(DistanceFiles.JSON);
            if (deep != null && Files.exists(deep)) {
                deeper.add(new DistanceResult.Companion(folder, readOne(deep)));
            }
        }
        DistanceResult with = r.withDeeper(deeper);
        try {
            DistanceCompanions.joined(with); // a companion that cannot join the study is refused here, not half-way through a page
        } catch (IllegalArgumentException e) {
            throw new UserError("result file " + file + ": its companion " + e.getMessage());
        }
        return with;
    }

    private static DistanceResult readOne(Path file) {
        ResultFile f = ResultReader.readFile(file);
        if (!f.config().command().equals("distance")) {
            throw new UserError("result file " + file + ": a '" + f.config().command() + "' run, not a distance run");
        }
        return result(f.config(), f.tally());
    }

    /**
     * The command line of a run of {@code games} games (those held) of this configuration: its
     * bots, lineup, cards, variant, deck and seed; not its threads or output files, which change no
     * number.
     */
    static String commandLine(RunConfig c, long games) {
        Settings s = new PerfectPlayStudy().settingsOf(c);
        List<String> words = new ArrayList<>(List.of("./richelieu", "distance"));
        words.addAll(s.bots());
        words.addAll(List.of("--lineup", String.join(",", s.lineup()), "--games", Long.toString(games), "--cards",
                joined(s.cards())));
        if (!s.outcomeOnly().isEmpty()) {
            words.addAll(List.of("--outcome-only", joined(s.outcomeOnly())));
        }
        if (s.variant() != Rules.Variant.BASE) {
            words.addAll(List.of("--variant", s.variant().jsonName()));
        }
        if (!c.deck().cards().equals(Deck.standard().cards())) {
            words.addAll(List.of("--deck", c.deck().name()));
        }
        words.addAll(List.of("--seed", Long.toString(c.seed())));
        return String.join(" ", words.stream().map(Format::shellWord).toList());
    }
}
