package richelieu.runner.execution;

import richelieu.engine.Deal;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.engine.record.GameRecord;
import richelieu.runner.resultfile.GameOutcome;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.resultfile.UnitResult;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plays the games of units, one thread's worth: it owns a {@link Game} driver and one bot
 * instance per (bot, seat occurrence), reused across games. Not thread-safe; every
 * {@link UnitExecutor} plays its chunks with one of these per thread (or per cluster task).
 */
public final class UnitPlayer implements AutoCloseable {
    private final Plan plan;
    private final RunConfig config;
    private final boolean keepRecords;
    private final boolean keepCsv;
    private final Game game = new Game();
    /** One bot object per (bot, occurrence in a lineup), created on first use. */
    private final Strategy[][] instances;
    private String lastFailure;

    public UnitPlayer(Plan plan, boolean keepRecords, boolean keepCsv) {
        this.plan = plan;
        this.config = plan.config();
        this.keepRecords = keepRecords;
        this.keepCsv = keepCsv;
        this.instances = new Strategy[plan.bots().size()][config.players()];
    }

    /** Units {@code [from, to)}: their tally and, when asked for, their record and CSV lines. */
    public Chunk play(long from, long to) {
        Tally part = Tally.forConfig(config);
        StringBuilder rec = keepRecords ? new StringBuilder() : null;
        StringBuilder rows = keepCsv ? new StringBuilder() : null;
        lastFailure = null;
        for (long u = from; u < to; u++) {
            UnitResult r = play(u);
            part.add(config, r);
            if (rec != null) {
                for (String line : r.records()) {
                    rec.append(line).append('\n');
                }
            }
            if (rows != null) {
                for (GameOutcome g : r.games()) {
                    GameCsv.appendRow(rows, plan, g);
                }
            }
        }
        return new Chunk(from, to, part, rec == null ? null : rec.toString(), rows == null ? null : rows.toString(),
                lastFailure);
    }

    /** The games of one unit, with their records when asked for, and what the study measures in them. */
    UnitResult play(long unit) {
        long dealSeed = Seeds.deal(config.seed(), config.dealOf(unit));
        Deal deal = Deal.generate(config.deck(), dealSeed);
        int n = config.gamesPerUnit();
        List<GameOutcome> outcomes = new ArrayList<>(n);
        List<String> records = keepRecords ? new ArrayList<>(n) : null;
        List<int[]> lines = plan.measure() == null ? null : new ArrayList<>(n);
        int players = config.players();
        for (int g = 0; g < n; g++) {
            Rules rules = config.ruleSets().get(config.ruleSetOf(g));
            int[] seats = config.seatBots(unit, g);
            Strategy[] bots = new Strategy[players];
            SplittableRandom[] rngs = new SplittableRandom[players];
            int rotation = g % config.rotations();
            for (int s = 0; s < players; s++) {
                bots[s] = instance(seats, s);
                rngs[s] = new SplittableRandom(Seeds.bot(config.seed(), unit, rotation, s));
            }
            GameResult r = game.play(rules, deal, bots, rngs);
            if (r.isForfeit()) {
                lastFailure = r.failure();
            }
            outcomes.add(new GameOutcome(unit, g, config.ruleSetOf(g), dealSeed, seats, r));
            if (lines != null) {
                lines.add(game.lastActions());
            }
            if (records != null) {
                List<String> names = new ArrayList<>(players);
                for (int b : seats) {
                    names.add(plan.bots().get(b).definition()); // records keep the label and the full spec
                }
                records.add(GameRecord.fromActions(rules, deal, names, game.lastActions(), r).toJson());
            }
        }
        return new UnitResult(unit, outcomes, records, lines == null ? null : plan.measure().measure(unit, deal, lines));
    }

    /** The bot object for the bot in seat {@code s}: one per bot and per occurrence in the lineup. */
    private Strategy instance(int[] seats, int s) {
        int bot = seats[s];
        int occurrence = 0;
        for (int i = 0; i < s; i++) {
            if (seats[i] == bot) {
                occurrence++;
            }
        }
        Strategy bound = instances[bot][occurrence];
        if (bound == null) {
            try {
                bound = plan.bots().get(bot).newStrategy();
            } catch (RuntimeException e) {
                bound = unmade(plan.bots().get(bot).label(), e);
            }
            instances[bot][occurrence] = bound;
        }
        return bound;
    }

    /**
     * Stands in for a bot whose constructor threw: each of its games is a forfeit (a crash, with
     * the constructor's message), as an exception while playing is, and the run goes on.
     */
    private static Strategy unmade(String label, RuntimeException cause) {
        String why = "the bot could not be created: " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return new Strategy() {
            @Override
            public String name() {
                return label;
            }

            @Override
            public void gameStarted(GameStart start) {
                throw new IllegalStateException(why);
            }

            @Override
            public int chooseAction(richelieu.engine.Observation observation, richelieu.engine.LegalActions legal) {
                throw new IllegalStateException(why);
            }
        };
    }

    @Override
    public void close() {
        for (Strategy[] row : instances) {
            for (int i = 0; i < row.length; i++) {
                if (row[i] instanceof AutoCloseable c) {
                    try {
                        c.close();
                    } catch (Exception ignored) {
                        // closing a bot process that already died
                    }
                }
                row[i] = null;
            }
        }
    }
}
