package richelieu.env;

import richelieu.engine.Action;
import richelieu.engine.BotFailure;
import richelieu.engine.Deal;
import richelieu.engine.Game;
import richelieu.engine.GameResult;
import richelieu.engine.GameState;
import richelieu.engine.Layout;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Phase;
import richelieu.engine.Rules;
import richelieu.engine.Seeds;
import richelieu.engine.Strategy;
import richelieu.engine.Token;
import richelieu.engine.record.GameRecord;
import richelieu.engine.record.RecordException;
import richelieu.engine.text.BoardText;
import richelieu.engine.text.ScoreBreakdown;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One game of an environment: the engine's game driver with the seats' bots, the master seed
 * and the number of the game being played, and the agent's side of it in the environments'
 * terms (action indices, one-line refusals, rewards, the board as text, the record).
 *
 * <h2>Seeds</h2>
 * {@link #start(long, long) start(master, k)} deals deal k of the master seed and gives seat s's
 * bot the stream of the first game of unit k ({@link Seeds}): the deal and the bots' moves of
 * game k of {@code ./richelieu first-player BOT --seed master} (and, for k = 0, of
 * {@code ./richelieu play BOT --seed master}), whatever the agents play instead of BOT.
 *
 * <p>Not thread-safe: one thread at a time.
 */
final class EnvGame implements AutoCloseable {
    private final EnvSetup setup;
    private final EnvSetup.Seating seating;
    private final Game game;
    private final Strategy[] bots;
    private long master = Seeds.DEFAULT;
    private long number = -1;
    private Deal deal;
    // what restores the game exactly (EnvState): the bots' streams, the actions given as they are
    // at the start, and the determinizations made (action count, seat, seed)
    private long streamMaster = Seeds.DEFAULT;
    private long streamUnit = -1;
    private int given;
    private final List<long[]> determinizations = new ArrayList<>();
    private final int agentMask;
    private final int deckPrint;

    EnvGame(EnvSetup setup, EnvSetup.Seating seating, boolean askForced) {
        this.setup = setup;
        this.seating = seating;
        this.game = new Game(askForced);
        this.bots = seating.newBots();
        int mask = 0;
        for (int p = 0; p < setup.players(); p++) {
            mask |= seating.isAgent(p) ? 1 << p : 0;
        }
        this.agentMask = mask;
        this.deckPrint = EnvState.fingerprint(setup.deck());
    }

    /** Starts game {@code k} of master seed {@code master}; returns the agent to move, or -1 if the game ended first. */
    int start(long master, long k) {
        if (k < 0) {
            throw new IllegalArgumentException("game must be at least 0, not " + k);
        }
        int mover = start(Seeds.deal(setup.deck(), master, k), Seeds.botStreams(master, k, 0, setup.players()));
        this.master = master;
        this.number = k;
        this.streamMaster = master;
        this.streamUnit = k;
        return mover;
    }

    /** Starts the next game of the same master seed (game 0 of the default seed at first). */
    int startNext() {
        return start(master, number + 1);
    }

    /**
     * Starts a game on a given deal; the bots get the given random streams (one per seat). A game
     * abandoned by this is not told to the bots: each starts afresh with gameStarted (an exec bot
     * whose game never ended restarts its process).
     */
    int start(Deal d, SplittableRandom[] rngs) {
        if (d.layout().deck() != setup.deck() && !d.layout().deck().cards().equals(setup.deck().cards())) {
            throw new IllegalArgumentException("the deal is of another deck");
        }
        deal = d;
        streamUnit = -1; // streams of the caller's: not known by seed
        given = 0;
        determinizations.clear();
        number = -1;
        return game.start(setup.rules(), d, bots, rngs);
    }

    // =================================================================== positions and saved states

    /** The state as {@link EnvState} bytes (see there). */
    byte[] save() {
        return current().toBytes(setup.rules(), agentMask, deckPrint);
    }

    private EnvState current() {
        if (!started()) {
            throw new IllegalStateException("no game: call reset first");
        }
        if (streamUnit < 0 && agentMask != (1 << setup.players()) - 1) {
            throw new IllegalStateException("a game started on a deal given with its own bot streams cannot be saved");
        }
        GameResult r = game.result();
        if (r != null && r.forfeitSeat() >= 0 && seating.isAgent(r.forfeitSeat())) {
            throw new IllegalStateException("a game an agent forfeited cannot be saved (it ended by an illegal action)");
        }
        return new EnvState(deal, streamMaster, streamUnit, number, master, given, game.lastActions(),
                List.copyOf(determinizations));
    }

    /**
     * Restores a state {@link #save} made (in this environment or one made alike). On any
     * failure the game is as it was.
     *
     * @throws IllegalArgumentException one line naming the blob and what is wrong with it
     */
    int restore(byte[] blob) {
        EnvState s = EnvState.parse(blob, setup, agentMask);
        return applyOrRollBack(() -> apply(s), "blob");
    }

    /**
     * Starts step {@code step} of a {@code richelieu-record/1} game: its first {@code step}
     * actions (as {@code view} and {@code solve} number them) played as they are, the bots told
     * them; the bots then draw from the streams of game 0 of this environment's master seed.
     */
    int startRecord(String line, int step) {
        GameRecord rec;
        int[] all;
        try {
            rec = GameRecord.parse(line);
            all = rec.actions();
        } catch (RecordException e) {
            throw new IllegalArgumentException("record: " + e.getMessage());
        }
        Rules rules = setup.rules();
        if (rec.rules().players() != rules.players() || rec.rules().variant() != rules.variant()) {
            throw new IllegalArgumentException("record is a game of " + rec.rules().describe() + ", this environment plays "
                    + rules.describe());
        }
        if (EnvState.fingerprint(rec.deal().layout().deck()) != deckPrint) {
            throw new IllegalArgumentException("record is a game with another deck");
        }
        if (step < 0 || step >= all.length) {
            throw new IllegalArgumentException("step must be from 0 to " + (all.length - 1) + " (the record has "
                    + all.length + " actions; step " + all.length + " is the end of the game), not " + step);
        }
        EnvState s = new EnvState(rec.deal(), master, 0, -1, master, step, Arrays.copyOf(all, step), List.of());
        return applyOrRollBack(() -> apply(s), "record");
    }

    /**
     * Starts game 0 of master seed {@code master} and plays the agents' {@code indices} (as the
     * agents would, through the driver: forced actions and the bots' moves in between).
     */
    int startActions(long master, int[] indices) {
        return applyOrRollBack(() -> {
            int mover = start(master, 0);
            for (int i = 0; i < indices.length; i++) {
                if (mover < 0) {
                    throw new IllegalArgumentException("actions[" + i + "] comes after the end of the game");
                }
                String why = whyIllegal(indices[i]);
                if (why != null) {
                    throw new IllegalArgumentException("actions[" + i + "]: " + why);
                }
                mover = act(indices[i]);
            }
            return mover;
        }, "actions");
    }

    /**
     * Replaces the hidden tokens by a draw consistent with what {@code seat} knows
     * ({@link Observation#determinize}, seeded), then plays until an agent has a decision.
     */
    int determinize(int seat, long seed) {
        if (seat < 0 || seat >= setup.players()) {
            throw new IllegalArgumentException("seat must be from 0 to " + (setup.players() - 1) + ", not " + seat);
        }
        if (!started() || game.result() != null) {
            throw new IllegalStateException("the game is over (or not started): nothing to determinize");
        }
        Observation o = game.observe(seat);
        GameState s = o.newState();
        o.determinize(new SplittableRandom(seed), s);
        determinizations.add(new long[]{game.actionCount(), seat, seed});
        return game.replaceState(s);
    }

    /** True if every seat is an agent's: the game is then copied as it is ({@link #copyFrom}), not replayed. */
    boolean agentsOnly() {
        return agentMask == (1 << setup.players()) - 1;
    }

    /** Makes this game an exact copy of {@code o}'s, an environment's game made alike with agents only. */
    void copyFrom(EnvGame o) {
        game.copyFrom(o.game);
        deal = o.deal;
        master = o.master;
        number = o.number;
        streamMaster = o.streamMaster;
        streamUnit = o.streamUnit;
        given = o.given;
        determinizations.clear();
        for (int i = 0; i < o.determinizations.size(); i++) {
            determinizations.add(o.determinizations.get(i)); // addAll would copy the list into a new array each time
        }
    }

    /** A new game of the same setup and seats, not started (for copies). */
    EnvGame sibling() {
        return new EnvGame(setup, seating, game.asksForced());
    }

    private int applyOrRollBack(java.util.function.IntSupplier change, String what) {
        EnvState before = started() ? safeCurrent() : null;
        try {
            return change.getAsInt();
        } catch (RuntimeException e) {
            if (before != null) {
                apply(before);
            } else {
                deal = null;
            }
            String m = e.getMessage();
            throw new IllegalArgumentException(m != null && m.startsWith(what) ? m : what + ": " + m);
        }
    }

    private EnvState safeCurrent() {
        try {
            return current();
        } catch (IllegalStateException e) {
            return null;
        }
    }

    /** Makes the game of {@code s}: its given actions as they are, the rest replayed through the driver. */
    private int apply(EnvState s) {
        int[] actions = s.actions();
        GameState check = new GameState(setup.rules(), s.deal());
        for (int i = 0; i < s.given(); i++) {
            if (check.isOver()) {
                throw new IllegalArgumentException("action " + i + " comes after the end of the game");
            }
            String why = check.whyIllegal(actions[i]);
            if (why != null) {
                throw new IllegalArgumentException("action " + i + " (" + Action.toString(actions[i]) + ") is not legal: " + why);
            }
            check.play(actions[i]);
        }
        SplittableRandom[] rngs = Seeds.botStreams(s.streamMaster(), Math.max(0, s.streamUnit()), 0, setup.players());
        deal = s.deal();
        game.start(setup.rules(), s.deal(), bots, rngs, Arrays.copyOf(actions, s.given()));
        streamMaster = s.streamMaster();
        streamUnit = s.streamUnit();
        master = s.master();
        number = s.number();
        given = s.given();
        determinizations.clear();
        int d = 0;
        List<long[]> dets = s.determinizations();
        while (true) {
            while (d < dets.size() && dets.get(d)[0] == game.actionCount()) {
                determinize((int) dets.get(d)[1], dets.get(d)[2]);
                d++;
            }
            int i = game.actionCount();
            if (i >= actions.length) {
                break;
            }
            if (game.agentToMove() < 0 || !game.legal().contains(actions[i])) {
                throw new IllegalArgumentException("action " + i + " of the saved game is not what this environment's "
                        + "game allows there (its bots play otherwise)");
            }
            game.act(actions[i]);
            int now = game.actionCount();
            for (int j = i; j < now; j++) {
                if (j >= actions.length || game.action(j) != actions[j]) {
                    throw new IllegalArgumentException("the bots do not replay the saved game (at action " + j
                            + "): a bot whose moves depend on more than its seed");
                }
            }
        }
        if (d < dets.size() || game.actionCount() != actions.length) {
            throw new IllegalArgumentException("the saved game does not replay to its end");
        }
        return game.agentToMove();
    }

    boolean started() {
        return deal != null;
    }

    long master() {
        return master;
    }

    /** The number of the game being played (k of deal k of the master seed), or -1 for a deal given by hand. */
    long number() {
        return number;
    }

    Game game() {
        return game;
    }

    EnvSetup setup() {
        return setup;
    }

    int agentMask() {
        return agentMask;
    }

    Deal deal() {
        return deal;
    }

    EnvSetup.Seating seating() {
        return seating;
    }

    /** The agent to move, or -1 (the game is over). */
    int agentToMove() {
        return game.agentToMove();
    }

    /** True if {@code index} is a legal action of the agent to move. */
    boolean isLegal(int index) {
        int action = ActionIndex.action(index);
        return action >= 0 && game.agentToMove() >= 0 && game.legal().contains(action);
    }

    /**
     * Null if {@code index} is a legal action of the agent to move, else one line saying why
     * not: outside the action space, or the rule it breaks, with the legal ones.
     */
    String whyIllegal(int index) {
        return whyIllegal(index, null);
    }

    /**
     * {@link #whyIllegal(int)}, where an index outside the action space is named as {@code sent}
     * when that is given: the value the caller sent, which a narrower action field could not hold.
     */
    String whyIllegal(int index, String sent) {
        int action = ActionIndex.action(index);
        if (action < 0) {
            return "action " + (sent != null ? sent : index) + " is not in the action space (0 to " + (ActionIndex.COUNT - 1)
                    + ", and no move of a marker onto its own card)";
        }
        if (game.legal().contains(action)) {
            return null;
        }
        GameState state = game.lastState();
        String why = state.whyIllegal(action);
        return "action " + index + " (" + Action.toString(action) + ") is not legal for seat " + state.toMove() + " at "
                + state.phase().name().toLowerCase(Locale.ROOT).replace('_', '-') + ": "
                + (why != null ? why : "not in the legal set") + "; legal: " + legalText();
    }

    /** Plays the legal action {@code index} of the agent to move and everything up to the next agent decision. */
    int act(int index) {
        return game.act(ActionIndex.action(index));
    }

    /** The agent to move gives up the game (as the runner treats a bot's illegal answer). */
    int forfeit(String why) {
        return game.forfeitAgent(BotFailure.Reason.ILLEGAL, why);
    }

    private String legalText() {
        LegalActions legal = game.legal();
        int n = legal.size();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int a = legal.get(i);
            sb.append(i == 0 ? "" : ", ").append(ActionIndex.of(a)).append(' ').append(Action.toString(a));
            if (i == 11 && n > 13) {
                sb.append(", … (").append(n - 12).append(" more)");
                break;
            }
        }
        return sb.toString();
    }

    /** The legal actions of the agent to move as indices into {@code out}; returns how many (0 once over). */
    int legalIndices(int[] out) {
        if (game.agentToMove() < 0) {
            return 0;
        }
        LegalActions legal = game.legal();
        int n = legal.size();
        for (int i = 0; i < n; i++) {
            out[i] = ActionIndex.of(legal.get(i));
        }
        return n;
    }

    /** The board as {@code ./richelieu play} draws it (see {@link EnvCore#render}). */
    String render(int viewer, boolean colour) {
        int players = setup.players();
        if (viewer < -1 || viewer >= players) {
            throw new IllegalArgumentException("no seat " + viewer + " with " + players + " players");
        }
        List<String> names = List.of(seating.labels());
        GameState state = game.lastState();
        GameResult result = game.result();
        StringBuilder sb = new StringBuilder();
        if (result != null) {
            sb.append("=== game over ===\n");
            sb.append(BoardText.rows(state, -1, colour));
            sb.append(BoardText.seats(state, -1, colour, names, true));
            if (result.isForfeit()) {
                sb.append('\n').append(result.failure()).append('\n');
            } else {
                sb.append("\nscore by category (every token revealed):\n");
                sb.append(BoardText.breakdown(ScoreBreakdown.of(state)));
            }
            return sb.toString();
        }
        GameState shown = shownTo(viewer);
        Phase phase = viewer >= 0 ? game.observe(viewer).phase() : state.phase();
        sb.append(BoardText.rows(shown, viewer, colour));
        sb.append(BoardText.seats(shown, viewer, colour, names, false));
        sb.append("turn ").append(state.turn()).append(", seat ").append(state.toMove()).append(" to move (")
                .append(phase.name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(")\n");
        return sb.toString();
    }

    /** The state as {@code viewer} may know it, exactly (R25, R26); the whole state for -1. */
    private GameState shownTo(int viewer) {
        if (viewer < 0) {
            return game.lastState();
        }
        Observation o = game.observe(viewer);
        GameState shown = o.newState();
        o.toViewState(shown);
        return shown;
    }

    /** Values per position of {@link #board}. */
    static final int CELL = 5;

    /**
     * The board as {@code viewer} may know it (-1: everything), for pictures: per table position
     * ({@link #CELL} values) the card's region (-1 once taken), its shields, its symbol (-1:
     * none), the seat whose marker is on it (-1: none) and the token on it (-1: none,
     * {@link Token#UNKNOWN}: face down); then the seat to move (-1 once over) and each seat's
     * card count.
     */
    int[] board(int viewer) {
        int players = setup.players();
        if (viewer < -1 || viewer >= players) {
            throw new IllegalArgumentException("no seat " + viewer + " with " + players + " players");
        }
        GameState state = game.lastState();
        GameState shown = game.result() == null ? shownTo(viewer) : state;
        Layout layout = state.layout();
        int[] out = new int[Layout.POSITIONS * CELL + 1 + players];
        for (int p = 0; p < Layout.POSITIONS; p++) {
            int at = p * CELL;
            boolean onTable = (shown.table() >>> p & 1) != 0;
            out[at] = onTable ? layout.regionAt(p) : -1;
            out[at + 1] = layout.isDouble(p) ? 2 : 1;
            out[at + 2] = layout.symbolAt(p);
            out[at + 3] = -1;
            for (int seat = 0; seat < players; seat++) {
                if ((shown.markers(seat) >>> p & 1) != 0) {
                    out[at + 3] = seat;
                }
            }
            out[at + 4] = (shown.tokenPlaces() >>> p & 1) != 0 ? shown.placeToken(Layout.placeOf(p)) : -1;
        }
        out[Layout.POSITIONS * CELL] = game.result() == null ? state.toMove() : -1;
        for (int seat = 0; seat < players; seat++) {
            out[Layout.POSITIONS * CELL + 1 + seat] = state.cardCount(seat);
        }
        return out;
    }

    /** The finished game as a {@code richelieu-record/1} line; agents' seats are labelled {@code agentLabel}. */
    String recordJson(String agentLabel) {
        GameResult result = game.result();
        if (result == null) {
            throw new IllegalStateException("the game is not over: a record is made of a finished game");
        }
        List<String> names = new ArrayList<>();
        for (int p = 0; p < setup.players(); p++) {
            names.add(seating.recordLabel(p, agentLabel));
        }
        return GameRecord.fromActions(setup.rules(), deal, names, game.lastActions(), result).toJson();
    }

    /** Releases the bots (an exec bot's process ends). */
    @Override
    public void close() {
        for (Strategy b : bots) {
            if (b instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing is best effort: the process is gone or going
                }
            }
        }
    }
}
