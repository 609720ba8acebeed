package richelieu.runner.distance;

import richelieu.engine.Action;
import richelieu.engine.Deal;
import richelieu.engine.Deck;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.Rules;
import richelieu.engine.record.GameRecord;
import richelieu.engine.BudgetClock;
import richelieu.engine.solver.Query;
import richelieu.engine.solver.RootValues;
import richelieu.engine.solver.Solver;
import richelieu.runner.stats.DerivedSeeds;
import richelieu.strategies.BotSpec;
import richelieu.strategies.LineupGame;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Every bot's distance from perfect play: positions sampled from games of a lineup of strong
 * bots, at each number of cards left on the table the exact solver reaches; at each, every bot
 * decides with what its seat knows ({@link AskAt}), and the exact solver of the open game — every
 * token known — says what that decision cost against the best one.
 *
 * <h2>What is measured</h2>
 * A decision point is one action: a turn of several decisions (returns, takes, payments, the
 * marker) gives several. At each sampled decision the solver values every legal action exactly
 * (the solver's analysis call, {@link Solver#analyse}: the final margin under best play for both
 * from then on, then R20's tie-break), from the mover's side. A bot's action
 * <ul>
 * <li><em>gives away game value</em> when its outcome under best play is worse than the
 * position's: a win played into a draw or a loss, a draw into a loss;</li>
 * <li><em>loses points</em>: the best action's margin minus its action's margin (0 for a best
 * action).</li>
 * </ul>
 * The solver knows the tokens the bot does not see, so even a perfect player of the real game
 * (hidden tokens) may lose points here: the measure is the distance from the open game's perfect
 * play, which includes the price of not knowing the tokens. For a bot that solves every token
 * deal its seat cannot tell apart exactly (PIMC within its reach), the distance <em>is</em> that
 * price, up to its sampling.
 *
 * <h2>Sampling</h2>
 * Game g of the lineup plays deal g / 2 of the master seed (each deal twice, the seats
 * swapped). In each game and for each number of cards c, one decision point is drawn uniformly
 * among those with exactly c cards on the table and at least two legal actions (none when the
 * game ends or passes c at once). Every bot meets the same positions (paired), with the same
 * random stream. Each game is a unit of the study's run (unit g: deal g / 2, the lineup's seats
 * swapped in odd units, bot streams of unit g), measured where it is played ({@link DistanceMeasure})
 * from its deal and actions alone, so the result is the same at any number of threads, shards or
 * machines.
 */
public final class DistanceStudy {
    /**
     * The solver's transposition table: 2^20 entries of 16 bytes per thread. Measured at 12 cards
     * (every action of 6 study positions valued exactly), 2^22 entries cost as much CPU: the
     * larger table does not pay.
     */
    static final int TABLE_BITS = 20;
    /**
     * The table where a run reaches {@link #DEEP_CARDS} cards: 2^24 entries (256 MB per thread).
     * There one action's win/draw/loss visits tens of millions of positions, which 2^20 entries
     * cannot hold: every action's outcome at the 16-card position of study game 3 took 27 s of CPU
     * and 27 million nodes with 2^24 entries, 115 s and 171 million with 2^20. At 14 cards it does
     * not pay (10 study positions: 20.0 s against 18.8 s with 2^20, within the noise).
     */
    static final int DEEP_TABLE_BITS = 24;
    /** The fewest cards at which {@link #DEEP_TABLE_BITS} pays. */
    static final int DEEP_CARDS = 16;
    /**
     * Cards on the table at which every action's exact value (the margin) is affordable: about a
     * second per position at 12 cards, but a minute or more at 14.
     */
    public static final int MAX_CARDS = 12;
    /**
     * Cards on the table at which every action's win/draw/loss alone is still affordable (null
     * windows, far cheaper than the margin: seconds per position at 14 cards).
     */
    public static final int MAX_OUTCOME_CARDS = 16;

    /**
     * @param bots   the bots measured, in the order shown
     * @param lineup the two bots whose games give the positions
     * @param games  lineup games (each deal twice, seats swapped: an even number is whole pairs)
     * @param cards  the numbers of cards on the table sampled, each 1..{@link #MAX_CARDS}, or up to
     *               {@link #MAX_OUTCOME_CARDS} when among {@code outcomeOnly}
     * @param outcomeOnly the numbers of cards (among {@code cards}) at which only each action's
     *               win/draw/loss is solved, not its margin: the share of decisions that give away
     *               game value is measured there, the points lost are not
     */
    public record Settings(List<BotSpec> bots, List<BotSpec> lineup, int games, List<Integer> cards, long seed,
                           Rules rules, Deck deck, List<Integer> outcomeOnly) {
        public Settings {
            outcomeOnly = List.copyOf(outcomeOnly);
        }

        /** Every number of cards measured exactly (margins and outcomes). */
        public Settings(List<BotSpec> bots, List<BotSpec> lineup, int games, List<Integer> cards, long seed, Rules rules,
                        Deck deck) {
            this(bots, lineup, games, cards, seed, rules, deck, List.of());
        }
    }

    /**
     * Why these numbers of cards cannot be measured as asked, or null when they can: each number
     * once; {@code outcomeOnly} among {@code cards}; each number 1..{@link #MAX_CARDS}, or up to
     * {@link #MAX_OUTCOME_CARDS} when only win/draw/loss is solved there.
     */
    public static String cardsProblem(List<Integer> cards, List<Integer> outcomeOnly) {
        if (cards.isEmpty() || new java.util.HashSet<>(cards).size() != cards.size()) {
            return "--cards must name each number of cards once";
        }
        if (new java.util.HashSet<>(outcomeOnly).size() != outcomeOnly.size()) {
            return "--outcome-only must name each number of cards once";
        }
        for (int c : outcomeOnly) {
            if (!cards.contains(c)) {
                return "--outcome-only: " + c + " is not one of --cards " + cards;
            }
        }
        for (int c : cards) {
            int max = outcomeOnly.contains(c) ? MAX_OUTCOME_CARDS : MAX_CARDS;
            if (c < 1 || c > max) {
                return "--cards: " + c + " is not between 1 and " + max + (max == MAX_CARDS
                        ? " (every action's exact margin costs a minute or more per position beyond " + MAX_CARDS
                        + " cards; --outcome-only " + c + " solves only win/draw/loss there, up to " + MAX_OUTCOME_CARDS + ")"
                        : " (even win/draw/loss alone of every action costs too much beyond that)");
            }
        }
        return null;
    }

    /** One bot's decision at one position: its action, the margin and the outcome after it (mover's side). */
    public record Choice(String action, int margin, int outcome) {
    }

    /**
     * One sampled decision point and every bot's choice there.
     *
     * @param game    the lineup game (line of the records file)
     * @param step    actions played before it (the step of {@code solve} and {@code view})
     * @param cards   cards on the table
     * @param seat    the seat to move
     * @param legal   its legal actions
     * @param best    the best action's margin under best play (mover's side)
     * @param worst   the worst action's margin
     * @param outcome the position's outcome under best play for the mover: 1 win, 0 draw, -1 loss
     * @param worstOutcome the worst action's outcome (below {@code outcome}: value can be given away here)
     * @param choices per bot of the settings, in order
     * @param exact   true when the margins were solved; false at an outcome-only number of cards,
     *                where {@code best}, {@code worst} and the choices' margins are 0 and mean nothing
     */
    public record Position(int game, int step, int cards, int seat, int legal, int best, int worst, int outcome,
                           int worstOutcome, List<Choice> choices, boolean exact) {
        /** A position measured exactly. */
        public Position(int game, int step, int cards, int seat, int legal, int best, int worst, int outcome,
                        int worstOutcome, List<Choice> choices) {
            this(game, step, cards, seat, legal, best, worst, outcome, worstOutcome, choices, true);
        }
    }

    /** What one lineup game gives: its record and its positions (in the order of the settings' cards). */
    record Unit(GameRecord record, List<Position> positions, List<Integer> missing) {
    }

    private final Settings settings;
    /** Each thread's solver and the layout it was made for (the rules are the settings'). */
    private final ThreadLocal<Solver> solvers = new ThreadLocal<>();
    private final ThreadLocal<Layout> solverLayout = new ThreadLocal<>();

    public DistanceStudy(Settings settings) {
        this.settings = settings;
    }

    Settings settingsForTest() {
        return settings;
    }

    /** A lineup game: its deal and every action (END_RETURNS included), and its record. */
    record Line(Deal deal, int[] actions, GameRecord record) {
    }

    /** Game {@code g} of the lineup: deal g / 2, the lineup's seats swapped in odd games. */
    Line play(int g) {
        Rules rules = settings.rules();
        LineupGame played = LineupGame.play(settings.lineup(), rules, settings.deck(), settings.seed(), g);
        return new Line(played.deal(), played.actions(),
                GameRecord.fromActions(rules, played.deal(), played.labels(), played.actions(), played.result()));
    }

    /** Game {@code g}: played by the lineup, then measured at one position per number of cards. */
    Unit unit(int g) {
        return positions(g, play(g));
    }

    /** The positions of lineup game {@code g}, played as {@code line}: one per number of cards (or missing). */
    Unit positions(int g, Line line) {
        List<Position> positions = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int cards : settings.cards()) {
            List<Integer> steps = decisionsWith(settings.rules(), line.deal(), line.actions(), cards);
            if (steps.isEmpty()) {
                missing.add(cards);
                continue;
            }
            int step = steps.get(new SplittableRandom(DerivedSeeds.distancePosition(settings.seed(), g, cards, 0))
                    .nextInt(steps.size()));
            positions.add(measure(g, line, step, DerivedSeeds.distancePosition(settings.seed(), g, cards, 1)));
        }
        return new Unit(line.record(), positions, missing);
    }

    /** The steps of the line with exactly {@code cards} on the table and a choice for the mover. */
    static List<Integer> decisionsWith(Rules rules, Deal deal, int[] line, int cards) {
        GameState s = new GameState(rules, deal);
        int[] buf = new int[Action.MAX_LEGAL];
        List<Integer> steps = new ArrayList<>();
        for (int k = 0; k < line.length; k++) {
            if (Long.bitCount(s.table()) == cards && s.legalActions(buf) >= 2) {
                steps.add(k);
            }
            s.apply(line[k]);
        }
        return steps;
    }

    /**
     * Every bot asked at {@code step}; every legal action valued by the open solver: exactly, or
     * only its win/draw/loss at an outcome-only number of cards.
     */
    Position measure(int g, Line line, int step, long botSeed) {
        Rules rules = settings.rules();
        GameState s = new GameState(rules, line.deal());
        for (int k = 0; k < step; k++) {
            s.apply(line.actions()[k]);
        }
        int seat = s.toMove();
        int[] legal = new int[Action.MAX_LEGAL];
        int n = s.legalActions(legal);
        int[] margins = new int[n];
        int[] outcomes = new int[n];
        int cards = Long.bitCount(s.table());
        boolean exact = !settings.outcomeOnly().contains(cards);
        RootValues values = new RootValues();
        values.setActions(legal, n);
        solver(s).analyse(s, exact ? Query.EXACT : Query.SHARED_OUTCOME, 0, BudgetClock.CPU, values);
        int best = Integer.MIN_VALUE;
        int worst = Integer.MAX_VALUE;
        int outcome = -1;
        int worstOutcome = 1;
        for (int i = 0; i < n; i++) {
            margins[i] = exact ? values.marginOf(i) : 0;
            outcomes[i] = values.outcomeOf(i);
            best = Math.max(best, margins[i]);
            worst = Math.min(worst, margins[i]);
            outcome = Math.max(outcome, outcomes[i]);
            worstOutcome = Math.min(worstOutcome, outcomes[i]);
        }
        List<Choice> choices = new ArrayList<>();
        for (BotSpec bot : settings.bots()) {
            int action = AskAt.ask(rules, line.deal(), line.actions(), step, seat, bot.newStrategy(), new SplittableRandom(botSeed));
            int i = indexOf(legal, n, action);
            choices.add(new Choice(Action.toString(action), margins[i], outcomes[i]));
        }
        return new Position(g, step, cards, seat, n, best, worst, outcome, worstOutcome, choices, exact);
    }

    /**
     * Position {@code p} of {@code line} with the choice of the settings' bot {@code b} added, as if
     * it had been measured with the others: asked as they were (a fresh instance, the position's
     * own random stream), its action valued from the choice of a bot that chose it, and only else
     * by the solver — that action alone, exactly or (at an outcome-only number of cards) its
     * win/draw/loss, none where the position is lost. The other actions' values are not needed:
     * the position's best, worst and outcomes are stored.
     *
     * @throws IllegalArgumentException if the line does not reach the position as stored (another game)
     */
    Position withBot(Line line, Position p, int b) {
        Rules rules = settings.rules();
        GameState s = new GameState(rules, line.deal());
        for (int k = 0; k < p.step() && k < line.actions().length; k++) {
            s.apply(line.actions()[k]);
        }
        int[] legal = new int[Action.MAX_LEGAL];
        int n = p.step() < line.actions().length && !s.isOver() ? s.legalActions(legal) : 0;
        if (n != p.legal() || s.toMove() != p.seat() || Long.bitCount(s.table()) != p.cards()) {
            throw new IllegalArgumentException("game " + p.game() + " of the games file does not reach its stored position "
                    + "(step " + p.step() + ", " + p.cards() + " cards, " + p.legal() + " legal actions): another run's games?");
        }
        long botSeed = DerivedSeeds.distancePosition(settings.seed(), p.game(), p.cards(), 1);
        int action = AskAt.ask(rules, line.deal(), line.actions(), p.step(), p.seat(), settings.bots().get(b).newStrategy(),
                new SplittableRandom(botSeed));
        String name = Action.toString(action);
        Choice choice = null;
        for (Choice c : p.choices()) {
            if (c.action().equals(name)) {
                choice = c;
            }
        }
        if (choice == null) {
            choice = value(s, legal[indexOf(legal, n, action)], p);
        }
        List<Choice> choices = new ArrayList<>(p.choices());
        choices.add(new Choice(name, choice.margin(), choice.outcome()));
        return new Position(p.game(), p.step(), p.cards(), p.seat(), p.legal(), p.best(), p.worst(), p.outcome(),
                p.worstOutcome(), choices, p.exact());
    }

    /** One action of position {@code s} (stored as {@code p}) valued alone, as {@link #measure} values every action. */
    private Choice value(GameState s, int action, Position p) {
        if (!p.exact() && p.outcome() < 0) {
            return new Choice(Action.toString(action), 0, -1); // every action of a lost position loses
        }
        RootValues values = new RootValues();
        values.setActions(new int[]{action}, 1);
        solver(s).analyse(s, p.exact() ? Query.EXACT : Query.OUTCOME, 0, BudgetClock.CPU, values);
        return new Choice(Action.toString(action), p.exact() ? values.marginOf(0) : 0, values.outcomeOf(0));
    }

    /**
     * This thread's solver for positions like {@code s}, kept from position to position and game
     * to game: exact table entries hold wherever their key comes up again ({@link Solver#analyse}),
     * so the values are the same as from a fresh solver, found sooner.
     */
    private Solver solver(GameState s) {
        Solver solver = solvers.get();
        if (solver == null || solverLayout.get() != s.layout()) {
            boolean deep = settings.cards().stream().anyMatch(c -> c >= DEEP_CARDS);
            solver = new Solver(s.rules(), s.layout(), deep ? DEEP_TABLE_BITS : TABLE_BITS);
            solvers.set(solver);
            solverLayout.set(s.layout());
        }
        return solver;
    }

    private static int indexOf(int[] legal, int n, int action) {
        for (int i = 0; i < n; i++) {
            if (legal[i] == action) {
                return i;
            }
        }
        throw new IllegalStateException("the bot's action " + Action.toString(action) + " is not legal");
    }
}
