package richelieu.runner.dataset;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Phase;
import richelieu.engine.Rules;
import richelieu.engine.solver.OpenGame;
import richelieu.engine.solver.Solver;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.strategies.BotSpec;
import richelieu.strategies.HeuristicEvaluation;
import richelieu.strategies.HeuristicStrategy;
import richelieu.strategies.LineupGame;
import richelieu.strategies.learned.LearnedEvaluation;
import richelieu.strategies.learned.SeatFeatures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * The data set of a learned evaluation: positions of self-play games of a lineup of one bot per seat
 * (2, 3 or 4 players), each from every seat's view, with the labels a value network learns from.
 *
 * <h2>Positions</h2>
 * Game g plays deal g / P of the master seed (P players), the lineup rotated by g % P seats (with
 * two: swapped in odd games, as the distance study's lineup does; {@link LineupGame}). Its
 * positions are turn starts — where a search's cut-short rollout is judged — drawn uniformly without replacement, {@code perGame} of them (all with 0),
 * by a stream of the master seed and g alone ({@link DerivedSeeds#datasetPositions}). Each gives
 * one row per seat: the {@link SeatFeatures} of what that seat may know.
 *
 * <h2>Labels, from the row's seat</h2>
 * <ul>
 * <li>{@code margin}: the game's final score margin (own score minus the best other's, R18–R20);</li>
 * <li>{@code outcome}: its result, 1 win, 0 a shared win (a draw with two players), −1 loss (R20's
 * tie-break included);</li>
 * <li>{@code solved}, {@code solver_margin}, {@code solver_outcome}: with at most
 * {@code solveCards} cards on the table, the exact value of the open game (every token known)
 * under best play ({@link Solver#solve}); 0 and unsolved otherwise. The open value knows tokens
 * the seat does not, as bridge programs' double-dummy labels do: the network learns its mean over
 * what the seat cannot tell apart. The solver is for 2 players: with 3 or 4 the game's outcome
 * is the only label.</li>
 * </ul>
 * Also stored, to find a row again: {@code game}, {@code step} (actions played before it, as
 * {@code solve --step} counts them), {@code seat} and {@code cards} (on the table); and
 * {@code heuristic}, heuristic-2p's judgement of the real position from the row's seat (in points,
 * as {@link HeuristicEvaluation#difference} gives it; with 3 or 4 players
 * {@link HeuristicStrategy#evaluate}, own value minus the best other's, what {@code rollout=cutoff}
 * judges with), for a network that learns from it too and to compare with; with 2 players also
 * {@code heuristic_terms} ({@link HeuristicEvaluation#TERMS} floats), the terms that judgement
 * sums from the row's seat ({@link HeuristicEvaluation#terms}), for a network that re-weighs them.
 *
 * <h2>Sibling continuations</h2>
 * What a search's cut-off asks of an evaluation is to rank the positions one seat's different
 * turns lead to from the same position; the game's own positions hold few such pairs. With
 * {@code siblings} K &gt; 0, every drawn turn start with at most {@code solveCards} cards also gets
 * up to K different random turns of its mover (distinct tables, by a stream of the master seed and
 * g alone, {@link DerivedSeeds#datasetSiblings}); each position they reach gives a row per seat,
 * labelled by the solver (its margin and outcome columns hold the solver's too: the game never
 * went there), and its {@code group} (−1 for the game's own rows; with {@code game} it names the turn start and seat)
 * lets a loss compare siblings from one seat's view.
 *
 * <h2>A search's own cut-offs</h2>
 * With {@code cutoffs} K &gt; 0 the rows are instead the positions the lineup's searches judge at
 * their cut-offs ({@code rollout=cutoff}: determinizations, the guessed tokens in them, after the
 * rollout's turns; {@link CutoffSampler}): per decision of a seat, up to K of those with at most
 * {@code solveCards} cards on the table, drawn uniformly from every one the search judged (by a
 * stream of the master seed and g alone, {@link DerivedSeeds#datasetCutoffs}; reproducible when
 * the lineup's budgets are counted, not timed). Each gives one row, from the searching seat's
 * view (the view the search judges from), labelled by the solver; the cut-offs of one decision
 * share a {@code group} (numbered from 0 per game), what the search compared, {@code step}
 * is the same number, and {@code root_action} is the root action of the iteration that reached
 * it (−1 in every other row), so a check can compare the root actions as the search does.
 *
 * <h2>Chunks</h2>
 * Games are cut into chunks of {@code chunkGames}; chunk c is games {@code [c·chunkGames,
 * (c+1)·chunkGames)} and its rows are one file, written whole under a temporary name and then
 * renamed. A chunk depends only on the settings and c, so a run computes the same bytes at any
 * number of threads, a run stopped or extended (more games) computes only its missing chunks,
 * and other machines compute the same chunks from a {@link DatasetJob} ({@link RemoteChunks}:
 * Spark's executors send the bytes back and this machine writes the files).
 */
public final class DatasetStudy {
    /** The solver's table: 2^20 entries of 16 bytes per thread, enough for a dozen cards. */
    static final int TABLE_BITS = 20;
    /** The largest {@code solveCards}: one exact solve per position stays within a second or so. */
    public static final int MAX_SOLVE_CARDS = 14;
    /** The most sibling continuations a turn start gets. */
    public static final int MAX_SIBLINGS = 16;
    /** The most cut-offs kept per search decision. */
    public static final int MAX_CUTOFFS = 64;
    /** Random turns tried per sibling wanted, before a turn start with few distinct turns gives up. */
    private static final int TRIES_PER_SIBLING = 8;

    /**
     * @param lineup     the bots whose games give the positions, one per seat of {@code rules}
     * @param games      games, a whole number of chunks
     * @param chunkGames games per chunk file
     * @param perGame    turn starts drawn per game (0: every one)
     * @param solveCards the exact solver labels positions with at most this many cards (0: none)
     * @param siblings   random turns of the mover added per solvable turn start (0: none)
     * @param cutoffs    if &gt; 0: the rows are instead up to this many of the cut-offs each search
     *                   decision of the lineup judged (searches with {@code rollout=cutoff} only)
     */
    public record Settings(List<BotSpec> lineup, int games, int chunkGames, int perGame, int solveCards, int siblings,
                           long seed, Rules rules, Deck deck, int cutoffs) {
        public Settings(List<BotSpec> lineup, int games, int chunkGames, int perGame, int solveCards, int siblings,
                        long seed, Rules rules, Deck deck) {
            this(lineup, games, chunkGames, perGame, solveCards, siblings, seed, rules, deck, 0);
        }

        public Settings {
            if (cutoffs < 0 || cutoffs > MAX_CUTOFFS) {
                throw new IllegalArgumentException("cutoffs must be 0.." + MAX_CUTOFFS);
            }
            if (cutoffs > 0 && (rules.players() != 2 || solveCards == 0 || siblings > 0)) {
                throw new IllegalArgumentException("cut-off rows are 2-player positions labelled by the solver "
                        + "(solveCards > 0), without siblings");
            }
            if (lineup.size() != rules.players()) {
                throw new IllegalArgumentException("a lineup of " + lineup.size() + " bots for " + rules.players()
                        + " players");
            }
            if (rules.players() != 2 && (solveCards > 0 || siblings > 0)) {
                throw new IllegalArgumentException("the solver's labels and siblings are for 2 players");
            }
            if (games % chunkGames != 0) {
                throw new IllegalArgumentException("games must be a whole number of chunks");
            }
        }

        public int chunks() {
            return games / chunkGames;
        }
    }

    private final Settings settings;

    public DatasetStudy(Settings settings) {
        this.settings = settings;
    }

    /**
     * Fails if a bot of {@code lineup} is not a search whose cut-offs can be recorded ({@code cutoffs} &gt; 0).
     *
     * @throws IllegalArgumentException naming the bot
     */
    public static void checkCutoffLineup(List<BotSpec> lineup) {
        for (BotSpec b : lineup) {
            CutoffSampler.check(b.newStrategy());
        }
    }

    /** The file of chunk {@code c} in a data set folder. */
    public static Path chunkFile(Path dir, int c) {
        return dir.resolve(String.format("chunk-%05d.npz", c));
    }

    /**
     * Writes every chunk missing from {@code dir} on {@code threads} threads; {@code done} hears
     * each chunk written (any order). Stops starting chunks once {@code stop} says so (the chunks
     * written stay). Returns how many chunks were written.
     */
    public int run(Path dir, int threads, IntConsumer done, BooleanSupplier stop) throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "dataset");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Boolean>> futures = new ArrayList<>();
            for (int chunk : missing(dir)) {
                Path file = chunkFile(dir, chunk);
                futures.add(pool.submit(() -> {
                    if (stop.getAsBoolean()) {
                        return false;
                    }
                    write(chunk, file);
                    done.accept(chunk);
                    return true;
                }));
            }
            int written = 0;
            for (Future<Boolean> f : futures) {
                try {
                    written += f.get() ? 1 : 0;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof IOException io) {
                        throw io;
                    }
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IllegalStateException(cause);
                }
            }
            return written;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Writes every chunk missing from {@code dir}, computed by {@code remote} (a cluster) from
     * {@code job}, this study's settings as the remote machines rebuild them; {@code done} hears
     * each chunk written. The files are written here, as {@link #run(Path, int, IntConsumer, BooleanSupplier)}
     * writes them. Returns how many chunks were written (fewer once the remote's stop flag is set).
     */
    public int run(Path dir, DatasetJob job, RemoteChunks remote, IntConsumer done) throws Exception {
        if (!job.equals(DatasetJob.of(settings, job.plugins().stream().map(Path::of).toList(), job.moveTimeoutMillis()))) {
            throw new IllegalArgumentException("the job does not describe this study");
        }
        List<Integer> missing = missing(dir);
        int[] written = {0};
        if (!missing.isEmpty()) {
            remote.run(job, missing, (c, bytes) -> {
                writeFile(chunkFile(dir, c), bytes);
                written[0]++;
                done.accept(c);
            });
        }
        return written[0];
    }

    /** The chunks not yet in {@code dir}, in increasing order. */
    public List<Integer> missing(Path dir) {
        List<Integer> l = new ArrayList<>();
        for (int c = 0; c < settings.chunks(); c++) {
            if (!Files.exists(chunkFile(dir, c))) {
                l.add(c);
            }
        }
        return l;
    }

    /** Chunk {@code c}'s file, written under a temporary name and renamed, so a file seen is whole. */
    void write(int c, Path file) throws IOException {
        writeFile(file, chunkBytes(c));
    }

    /** The bytes of chunk {@code c}'s file: its rows as an {@code .npz}. */
    byte[] chunkBytes(int c) throws IOException {
        ChunkRows rows = chunk(c);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Npz npz = new Npz(out)) {
            rows.writeTo(npz);
        }
        return out.toByteArray();
    }

    /** A chunk's file, written under a temporary name and renamed, so a file seen is whole. */
    private static void writeFile(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The rows of chunk {@code c}. */
    ChunkRows chunk(int c) {
        int players = settings.rules().players();
        ChunkRows rows = new ChunkRows(SeatFeatures.size(players), players == 2 ? HeuristicEvaluation.TERMS : 0);
        SeatFeatures features = new SeatFeatures(players);
        HeuristicStrategy.Weights weights = heuristic2p();
        for (int g = c * settings.chunkGames(); g < (c + 1) * settings.chunkGames(); g++) {
            game(g, features, weights, rows);
        }
        return rows;
    }

    /** The weights of heuristic-2p, whose judgement is the {@code heuristic} column. */
    static HeuristicStrategy.Weights heuristic2p() {
        return LearnedEvaluation.heuristic2p();
    }

    /** Game {@code g}: played by the lineup, then its drawn turn starts labelled into {@code rows}. */
    private void game(int g, SeatFeatures features, HeuristicStrategy.Weights weights, ChunkRows rows) {
        if (settings.cutoffs() > 0) {
            cutoffGame(g, features, weights, rows);
            return;
        }
        Rules rules = settings.rules();
        LineupGame played = LineupGame.play(settings.lineup(), rules, settings.deck(), settings.seed(), g);
        Deal deal = played.deal();
        int[] actions = played.actions();

        // the turn starts of the game, by step
        GameState s = new GameState(rules, deal);
        List<Integer> starts = new ArrayList<>();
        for (int k = 0; k <= actions.length; k++) {
            if (!s.isOver() && s.takenThisTurn() == 0 && s.returnsThisTurn() == 0 && isTurnStart(s)) {
                starts.add(k);
            }
            if (k < actions.length) {
                s.apply(actions[k]);
            }
        }
        int players = rules.players();
        int[] scores = new int[players];
        s.scores(scores);
        int winners = s.winners(scores);
        List<Integer> chosen = choose(starts, new SplittableRandom(DerivedSeeds.datasetPositions(settings.seed(), g)));

        Solver solver = players == 2 ? new Solver(rules, deal.layout(), TABLE_BITS) : null;
        HeuristicEvaluation heuristic = players == 2 ? new HeuristicEvaluation(weights, rules, deal.layout()) : null;
        HeuristicStrategy judge = new HeuristicStrategy(weights, "heuristic-2p");
        SplittableRandom siblingRng = new SplittableRandom(DerivedSeeds.datasetSiblings(settings.seed(), g));
        float[] x = new float[features.size()];
        float[] terms = players == 2 ? new float[HeuristicEvaluation.TERMS] : null;
        int[] buf = new int[Action.MAX_LEGAL];
        GameState p = new GameState(rules, deal);
        int at = 0;
        int groups = 0;
        for (int step : chosen) {
            for (; at < step; at++) {
                p.apply(actions[at]);
            }
            int cards = Long.bitCount(p.table());
            boolean solve = cards <= settings.solveCards();
            int value = 0;
            if (solve) {
                solver.load(p);
                value = solver.solve();
            }
            for (int seat = 0; seat < players; seat++) {
                features.encode(p, seat, x);
                int sign = seat == 0 ? 1 : -1;
                float judged = players == 2 ? (float) (sign * heuristic.difference(p)) : (float) judge.evaluate(p, seat);
                if (players == 2) {
                    heuristic.terms(p, seat, terms, 0);
                }
                rows.add(x, terms, margin(scores, seat), outcome(winners, seat), solve,
                        solve ? margin(sign * value) : 0, solve ? Integer.signum(sign * value) : 0, g, step, seat, cards,
                        -1, judged);
            }
            if (solve && settings.siblings() > 0) {
                siblings(p, g, step, 2 * groups, siblingRng, solver, heuristic,
                        features, x, terms, buf, rows);
                groups++;
            }
        }
    }

    /** Game {@code g}'s rows from the cut-offs its searches judged ({@code cutoffs} &gt; 0). */
    private void cutoffGame(int g, SeatFeatures features, HeuristicStrategy.Weights weights, ChunkRows rows) {
        Rules rules = settings.rules();
        CutoffSampler sampler = new CutoffSampler(settings.cutoffs(), settings.solveCards(),
                new SplittableRandom(DerivedSeeds.datasetCutoffs(settings.seed(), g)));
        LineupGame played = LineupGame.play(settings.lineup(), rules, settings.deck(), settings.seed(), g, sampler::seat);
        Solver solver = new Solver(rules, played.deal().layout(), TABLE_BITS);
        HeuristicEvaluation heuristic = new HeuristicEvaluation(weights, rules, played.deal().layout());
        float[] x = new float[features.size()];
        float[] terms = new float[HeuristicEvaluation.TERMS];
        for (CutoffSampler.Cutoff c : sampler.cutoffs()) {
            GameState q = c.state();
            solver.load(q);
            int value = solver.solve();
            int seat = c.seat();
            int sign = seat == 0 ? 1 : -1;
            int m = margin(sign * value);
            features.encode(q, seat, x);
            heuristic.terms(q, seat, terms, 0);
            rows.add(x, terms, m, Integer.signum(sign * value), true, m, Integer.signum(sign * value), g, c.decision(), seat,
                    Long.bitCount(q.table()), c.decision(), (float) (sign * heuristic.difference(q)), c.rootAction());
        }
    }

    /**
     * Up to {@code siblings} positions that different random turns of {@code p}'s mover reach,
     * each labelled by the solver from both seats; seat s's rows form group {@code group + s}.
     */
    private void siblings(GameState p, int g, int step, int group, SplittableRandom rng, Solver solver,
                          HeuristicEvaluation heuristic, SeatFeatures features, float[] x, float[] terms, int[] buf,
                          ChunkRows rows) {
        int mover = p.toMove();
        Set<Long> seen = new HashSet<>();
        int made = 0;
        for (int tries = 0; tries < TRIES_PER_SIBLING * settings.siblings() && made < settings.siblings(); tries++) {
            GameState q = p.copy();
            while (!q.isOver() && q.toMove() == mover) {
                int n = q.legalActions(buf);
                q.play(buf[rng.nextInt(n)]);
            }
            if (q.isOver() || !seen.add(q.table() ^ (long) q.toMove() << 63)) {
                continue;
            }
            solver.load(q);
            int value = solver.solve();
            int cards = Long.bitCount(q.table());
            for (int seat = 0; seat < 2; seat++) {
                features.encode(q, seat, x);
                int sign = seat == 0 ? 1 : -1;
                int m = margin(sign * value);
                heuristic.terms(q, seat, terms, 0);
                rows.add(x, terms, m, Integer.signum(sign * value), true, m, Integer.signum(sign * value), g, step, seat, cards,
                        group + seat, (float) (sign * heuristic.difference(q)));
            }
            made++;
        }
    }

    /** Seat {@code seat}'s final margin: its score minus the best other's. */
    static int margin(int[] scores, int seat) {
        int best = Integer.MIN_VALUE;
        for (int q = 0; q < scores.length; q++) {
            if (q != seat) {
                best = Math.max(best, scores[q]);
            }
        }
        return scores[seat] - best;
    }

    /** Seat {@code seat}'s result in the winners' bit set: 1 alone, 0 sharing the win (a draw), −1 not among them. */
    static int outcome(int winners, int seat) {
        if ((winners >>> seat & 1) == 0) {
            return -1;
        }
        return Integer.bitCount(winners) == 1 ? 1 : 0;
    }

    /** A turn's first decision point: the return step, or the first take when there is none (R8, R9). */
    private static boolean isTurnStart(GameState s) {
        return s.phase() == Phase.RETURNS || s.phase() == Phase.TAKE_FIRST;
    }

    /** {@code perGame} of the steps drawn uniformly without replacement, in game order (all with 0 or too few). */
    private List<Integer> choose(List<Integer> steps, SplittableRandom rng) {
        int k = settings.perGame();
        if (k == 0 || k >= steps.size()) {
            return steps;
        }
        List<Integer> pool = new ArrayList<>(steps);
        for (int i = 0; i < k; i++) { // a partial Fisher-Yates shuffle
            int j = i + rng.nextInt(pool.size() - i);
            Integer t = pool.get(i);
            pool.set(i, pool.get(j));
            pool.set(j, t);
        }
        List<Integer> chosen = new ArrayList<>(pool.subList(0, k));
        chosen.sort(null);
        return chosen;
    }

    /** The score margin of a solver value ({@link OpenGame#SCALE} points plus a tie-break smaller than half of it). */
    static int margin(int value) {
        return Math.floorDiv(value + OpenGame.SCALE / 2, OpenGame.SCALE);
    }
}
