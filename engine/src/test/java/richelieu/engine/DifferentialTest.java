package richelieu.engine;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import richelieu.engine.ModelPair.Snapshot;
import richelieu.engine.reference.ReferenceGame;
import richelieu.engine.reference.TableEnds;
import richelieu.engine.reference.TestDecks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static richelieu.engine.Action.PAY_RESERVE;
import static richelieu.engine.Action.USE_RETURN;

import static richelieu.engine.SplitMix.GOLDEN_GAMMA;
import static richelieu.engine.SplitMix.mix64;

/**
 * Differential test: random games played side by side on the bitboard engine and the naive
 * reference model, in every mode (2–4 players × base/three-row × both return timings × both
 * values of freedMarkersPayable), from seeded deals. At every decision both must agree on the
 * legal set, then on everything observable after the same action (phase, player, turn, table,
 * hands, markers, reserve, box, tokens, used returns, token places, scores) and on the winners at
 * the end. At a sample of steps both must reject the same illegal actions and stay unchanged, and
 * the engine's copy / copyFrom / unchecked play must agree with its checked apply.
 *
 * <p>Three policies choose the actions: uniform; "aggressive" (take opponent-marked cards, pay,
 * mark end cards, decline return tokens: players run out of markers and pass); and "rare" (use
 * return tokens, take token cards, move markers, pay with table markers). Coverage of every action
 * type and every phase for every player count is counted and asserted.
 */
@Tag("slow")
class DifferentialTest {
    private static final long MASTER_SEED = 0x5EED_2026L;
    private static final int GAMES_PER_MODE = 56;
    private static final int MIN_POSITIONS = 100_000;

    private final int[] buf = new int[Action.MAX_LEGAL];
    private final long[][] actionCoverage = new long[5][Action.T_PASS + 1];
    private final long[][] phaseCoverage = new long[5][Phase.values().length];
    private long positions;
    private long probes;
    /** Rare situations, counted so that the test proves it met them (see {@link #countSituations}). */
    private final Map<String, Long> situations = new TreeMap<>();
    private static final String FREED_PAYABLE = "R11 freed marker may pay for an opponent-marked second card";
    private static final String FREED_REFUSED = "R11 freed marker may not pay for an opponent-marked second card";
    private static final List<String> EXPECTED_SITUATIONS = List.of(FREED_PAYABLE, FREED_REFUSED,
            "R8 forced return token (no take without it)",
            "R11 pay with a table marker for the second card",
            "R14 pass, 2 players", "R14 pass, 3 players", "R14 pass, 4 players",
            "R17 three-row end with cards left",
            "R21 marker step skipped at the 4-player cap");


    static List<Rules> allModes() {
        List<Rules> modes = new ArrayList<>();
        for (int players = 2; players <= 4; players++) {
            for (Rules.Variant v : Rules.Variant.values()) {
                for (Rules.ReturnTiming t : Rules.ReturnTiming.values()) {
                    for (boolean freed : new boolean[]{true, false}) {
                        modes.add(Rules.standard(players).withVariant(v).withReturnTiming(t)
                                .withFreedMarkersPayable(freed));
                    }
                }
            }
        }
        return modes;
    }

    @Test
    void randomGames_allModes_engineMatchesReference() {
        long t0 = System.nanoTime();
        List<Rules> modes = allModes();
        long game = 0;
        for (Rules rules : modes) {
            for (int g = 0; g < GAMES_PER_MODE; g++) {
                long seed = mix64(MASTER_SEED + (game + 1) * GOLDEN_GAMMA);
                playOne(rules, seed, (int) (game % 3), game % 2 == 0);
                game++;
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("DifferentialTest: " + game + " games, " + positions + " compared positions, " + probes
                + " illegal probes, " + ms + " ms");
        assertTrue(positions >= MIN_POSITIONS, "only " + positions + " positions compared");
        StringBuilder cov = new StringBuilder("coverage (decisions per action type, 2/3/4 players):");
        for (int t = Action.T_USE_RETURN; t <= Action.T_PASS; t++) {
            cov.append(String.format("%n  %-12s %7d %7d %7d", Action.typeName(t << 12), actionCoverage[2][t],
                    actionCoverage[3][t], actionCoverage[4][t]));
        }
        System.out.println(cov);

        List<String> missing = new ArrayList<>();
        for (int players = 2; players <= 4; players++) {
            for (int t = Action.T_USE_RETURN; t <= Action.T_PASS; t++) {
                if (actionCoverage[players][t] == 0) {
                    missing.add(players + " players: action type " + Action.typeName(t << 12));
                }
            }
            for (Phase ph : Phase.values()) {
                if (phaseCoverage[players][ph.ordinal()] == 0) {
                    missing.add(players + " players: phase " + ph);
                }
            }
        }
        for (String sit : EXPECTED_SITUATIONS) {
            if (situations.getOrDefault(sit, 0L) == 0) {
                missing.add(sit);
            }
        }
        System.out.println("situations: " + situations);
        assertTrue(missing.isEmpty(), "never exercised: " + missing);
    }

    private void count(String situation) {
        situations.merge(situation, 1L, Long::sum);
    }

    /** What the current turn did so far, for {@link #countSituations}. */
    private static final class TurnLog {
        int turn = -1;
        int takes;
        boolean firstOwnMarked;
        int firstCard = -1;
    }

    /** Recognises rare situations from the reference's public state before {@code action} is applied. */
    private void countSituations(Rules rules, ReferenceGame g, List<Integer> legal, int action, TurnLog log) {
        int me = g.toMove();
        if (log.turn != g.turn()) {
            log.turn = g.turn();
            log.takes = 0;
            log.firstOwnMarked = false;
            log.firstCard = -1;
        }
        if (g.phase() == Phase.RETURNS && !legal.contains(Action.END_RETURNS)) {
            count("R8 forced return token (no take without it)");
        }
        if (action == Action.PASS) {
            count("R14 pass, " + rules.players() + " players");
        }
        if (g.phase() == Phase.PAY && log.takes == 2 && Action.type(action) == Action.T_PAY_MARKER) {
            count("R11 pay with a table marker for the second card");
        }
        if (Action.type(action) == Action.T_TAKE) {
            log.takes++;
            if (log.takes == 1) {
                log.firstCard = Action.position(action);
                log.firstOwnMarked = g.markerOwner(log.firstCard) == me;
            }
        }
    }

    /**
     * After the first card of a turn carried the mover's own marker: does R11's [choice]
     * freedMarkersPayable decide whether an opponent-marked second card may be taken (the mover's only
     * payable marker is the one R10 just freed)?
     */
    private void countFreedChoice(Rules rules, ReferenceGame after, int mover, TurnLog log) {
        if (log.takes != 1 || !log.firstOwnMarked || after.toMove() != mover || after.isOver()
                || after.reserve(mover) != 1 || !after.markers(mover).isEmpty()) {
            return;
        }
        for (int p : TableEnds.of(after)) {
            if (opponentMarked(after, p, mover) && !after.card(p).isDouble()
                    && after.card(p).region() == after.card(log.firstCard).region()) {
                count(rules.freedMarkersPayable() ? FREED_PAYABLE : FREED_REFUSED);
                return;
            }
        }
    }

    /** After {@code action} ended a turn: was the marker step skipped only because of the R21 cap? */
    private void countCapSkip(Rules rules, ReferenceGame after, int mover, int action) {
        int t = Action.type(action);
        if (rules.players() == 4 && !after.isOver() && after.toMove() != mover && t != Action.T_PASS
                && t != Action.T_SKIP && t != Action.T_PLACE && t != Action.T_MOVE && after.reserve(mover) > 0
                && after.markers(mover).size() == rules.maxMarkersOnTable()) {
            count("R21 marker step skipped at the 4-player cap");
        }
    }

    /**
     * Parameters no standard mode uses (strict majorities with 3–4 players, shared ones with 2, other
     * marker caps and point values, no card-count tie break) must be honoured the same way.
     */
    @Test
    void randomGames_nonStandardParameters_engineMatchesReference() {
        List<Rules> custom = List.of(
                new Rules(3, Rules.Variant.BASE, Rules.ReturnTiming.START_OF_TURN, true, 3, Rules.Majority.STRICT,
                        -5, -5, 0, true),
                new Rules(4, Rules.Variant.THREE_ROW, Rules.ReturnTiming.START_AND_AFTER_TAKING, false, 3,
                        Rules.Majority.STRICT, -3, -1, 1, false),
                new Rules(2, Rules.Variant.BASE, Rules.ReturnTiming.START_OF_TURN, true, 3, Rules.Majority.SHARED,
                        0, 0, 2, false),
                new Rules(2, Rules.Variant.THREE_ROW, Rules.ReturnTiming.START_AND_AFTER_TAKING, true, 1,
                        Rules.Majority.STRICT, -5, -5, 0, true),
                new Rules(3, Rules.Variant.BASE, Rules.ReturnTiming.START_OF_TURN, false, 2, Rules.Majority.SHARED,
                        -2, -4, 3, true),
                new Rules(4, Rules.Variant.BASE, Rules.ReturnTiming.START_OF_TURN, true, 1, Rules.Majority.SHARED,
                        0, 0, 2, false));
        long game = 0;
        for (Rules rules : custom) {
            for (int g = 0; g < 12; g++) {
                long seed = mix64((MASTER_SEED ^ 0xC0570L) + (game + 1) * GOLDEN_GAMMA);
                playOne(rules, seed, (int) (game % 3), game % 2 == 1);
                game++;
            }
        }
        assertTrue(positions > 5_000, "positions " + positions);
    }

    private static final int[] FREED_LINE = {take(23), place(11), take(11), PAY_RESERVE, place(24), take(35), place(12),
            take(12), PAY_RESERVE, take(0), place(36), take(24)};
    private static final int[] FREED_LINE_PAYING = concat(FREED_LINE, take(36), PAY_RESERVE, take(47), place(37));
    private static final int[] RETURN_LINE = {take(23), place(11), take(11), PAY_RESERVE, take(47), take(10), take(46),
            take(9), take(45), take(8), take(44), take(7)};
    private static final int[] MOVE_LINE = {take(23), place(5), take(35), take(0), place(6), take(47), take(22),
            place(30), take(46), take(34), Action.move(30, 31)};
    private static final int[] CAP_LINE = {take(23), place(5), take(35), take(47), take(46), take(0), place(6),
            take(45), take(44), take(43), take(22)};

    /**
     * The hand-built situations of {@code ReferenceGameTest} (R11's freed-marker choice, return
     * tokens at both timings, moving markers, the 4-player cap) replayed on both models, each then
     * played out at random.
     */
    @Test
    void scriptedLines_handBuiltLayout_engineMatchesReference() {
        Rules two = Rules.standard(2);
        Rules late = two.withReturnTiming(Rules.ReturnTiming.START_AND_AFTER_TAKING);
        int[] layout = TestDecks.standardTestLayout();
        for (long seed = 1; seed <= 8; seed++) {
            int policy = (int) (seed % 3);
            boolean checked = seed % 2 == 0;
            play(two, layout, TestDecks.PLAIN_TOKENS, seed, policy, checked, FREED_LINE_PAYING);
            play(two.withFreedMarkersPayable(false), layout, TestDecks.PLAIN_TOKENS, seed, policy, checked, FREED_LINE);
            play(two, layout, TestDecks.RETURN_ON_7, seed, policy, checked, concat(RETURN_LINE, take(43), USE_RETURN));
            play(late, layout, TestDecks.RETURN_ON_7, seed, policy, checked, concat(RETURN_LINE, USE_RETURN));
            play(two, layout, TestDecks.PLAIN_TOKENS, seed, policy, checked, MOVE_LINE);
            play(Rules.standard(4), layout, TestDecks.PLAIN_TOKENS, seed, policy, checked, CAP_LINE);
        }
        assertTrue(positions > 1000, "positions " + positions);
        assertTrue(situations.getOrDefault(FREED_PAYABLE, 0L) >= 8, "situations " + situations);
        assertTrue(situations.getOrDefault(FREED_REFUSED, 0L) >= 8, "situations " + situations);
    }

    private void play(Rules rules, int[] cardAt, int[] placeTokens, long seed, int policy, boolean checked,
                      int[] script) {
        Deal deal = new Deal(seed, new Layout(Deck.standard(), cardAt), placeTokens);
        playOne(rules, deal, seed, policy, checked, script);
    }

    private static int take(int p) {
        return Action.take(p);
    }

    private static int place(int p) {
        return Action.place(p);
    }

    private static int[] concat(int[] a, int... b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private void playOne(Rules rules, long seed, int policy, boolean checked) {
        playOne(rules, Deal.generate(Deck.standard(), seed), seed, policy, checked, new int[0]);
    }

    /**
     * Plays one game on both models, comparing at every step. The actions of {@code script} come
     * first (a scripted action that is not legal yet is preceded by STOP / SKIP / END_RETURNS, so a
     * script only names the interesting decisions); the policy chooses the rest.
     */
    private void playOne(Rules rules, Deal deal, long seed, int policy, boolean checked, int[] script) {
        GameState engine = new GameState(rules, deal);
        GameState scratch = new GameState(rules, deal);
        ReferenceGame ref = ModelPair.reference(rules, deal);
        SplittableRandom rng = new SplittableRandom(mix64(seed ^ 0xD1FFL));
        List<String> history = new ArrayList<>();
        int players = rules.players();
        int step = 0;
        int scripted = 0;
        TurnLog log = new TurnLog();
        while (true) {
            List<Integer> refLegal = ref.legalActions();
            List<Integer> engLegal = ModelPair.legal(engine, buf);
            if (!refLegal.equals(engLegal)) {
                fail(context(rules, seed, history, ref) + "legal actions differ: reference "
                        + ModelPair.names(refLegal) + " engine " + ModelPair.names(engLegal));
            }
            Snapshot refSnap = Snapshot.of(ref);
            Snapshot engSnap = Snapshot.of(engine, buf);
            if (!refSnap.equals(engSnap)) {
                fail(context(rules, seed, history, ref) + "state differs (reference vs engine):"
                        + refSnap.diff(engSnap));
            }
            positions++;
            phaseCoverage[players][ref.phase().ordinal()]++;
            if (ref.phase() == Phase.LATE_RETURNS && rules.returnTiming() == Rules.ReturnTiming.START_OF_TURN) {
                fail(context(rules, seed, history, ref) + "LATE_RETURNS with START_OF_TURN timing");
            }
            if (ref.isOver()) {
                int refWinners = ModelPair.intMask(ref.winners());
                if (refWinners != engine.winners()) {
                    fail(context(rules, seed, history, ref) + "winners differ: reference "
                            + Integer.toBinaryString(refWinners) + " engine "
                            + Integer.toBinaryString(engine.winners()));
                }
                if (rules.variant() == Rules.Variant.THREE_ROW && !ref.table().isEmpty()) {
                    count("R17 three-row end with cards left");
                }
                probeIllegal(rules, seed, history, ref, engine, List.of(), rng);
                assertEquals(script.length, scripted,
                        context(rules, seed, history, ref) + "the script was not finished");
                return;
            }
            boolean probe = step % 5 == 0;
            if (probe) {
                probeIllegal(rules, seed, history, ref, engine, refLegal, rng);
            }
            int action;
            if (scripted < script.length) {
                action = script[scripted];
                if (refLegal.contains(action)) {
                    scripted++;
                } else if (refLegal.contains(Action.STOP)) {
                    action = Action.STOP;
                } else if (refLegal.contains(Action.SKIP)) {
                    action = Action.SKIP;
                } else if (refLegal.contains(Action.END_RETURNS)) {
                    action = Action.END_RETURNS;
                } else {
                    fail(context(rules, seed, history, ref) + "script action " + Action.toString(action)
                            + " is not legal: " + ModelPair.names(refLegal));
                }
            } else {
                action = choose(policy, ref, refLegal, rng);
            }
            actionCoverage[players][Action.type(action)]++;
            countSituations(rules, ref, refLegal, action, log);
            history.add(Action.toString(action));
            int mover = ref.toMove();
            ref.apply(action);
            countCapSkip(rules, ref, mover, action);
            if (Action.type(action) == Action.T_TAKE) {
                countFreedChoice(rules, ref, mover, log);
            }
            GameState copy = probe ? engine.copy() : null;
            if (checked) {
                engine.apply(action);
            } else {
                engine.play(action);
            }
            if (copy != null) {
                // a copy taken before the action, advanced with the other path, must agree
                if (checked) {
                    copy.play(action);
                } else {
                    copy.apply(action);
                }
                assertEquals(Snapshot.of(engine, buf), Snapshot.of(copy, buf),
                        context(rules, seed, history, ref) + "copy() advanced separately differs");
                scratch.copyFrom(engine);
                assertEquals(Snapshot.of(engine, buf), Snapshot.of(scratch, buf),
                        context(rules, seed, history, ref) + "copyFrom differs");
            }
            step++;
        }
    }

    /** Well-formed actions that are not legal here: random ones and near misses of legal ones. */
    private void probeIllegal(Rules rules, long seed, List<String> history, ReferenceGame ref, GameState engine,
                              List<Integer> legal, SplittableRandom rng) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            candidates.add(randomWellFormed(rng));
        }
        int base = legal.isEmpty() ? Action.SKIP : legal.get(rng.nextInt(legal.size()));
        int type = Action.type(base);
        if (type == Action.T_TAKE || type == Action.T_PLACE || type == Action.T_PAY_MARKER) {
            int p = Action.position(base);
            candidates.add((base & ~63) | ((p + 1) % Layout.POSITIONS));
            candidates.add((base & ~63) | ((p + 47) % Layout.POSITIONS));
        } else if (type == Action.T_MOVE) {
            candidates.add(Action.move(Action.position(base), Action.from(base)));
            candidates.add(Action.move(Action.from(base), Action.from(base)));
        }
        // actions of other decision points
        int[] others = {Action.PASS, Action.END_RETURNS, Action.USE_RETURN, Action.STOP, Action.PAY_RESERVE,
                Action.SKIP};
        candidates.add(others[rng.nextInt(others.length)]);
        for (int a : candidates) {
            if (legal.contains(a) || !Action.isWellFormed(a)) {
                continue;
            }
            probes++;
            Snapshot engBefore = Snapshot.of(engine, buf);
            String refBefore = ref.toString();
            String engMessage = rejection(() -> engine.apply(a));
            String refMessage = rejection(() -> ref.apply(a));
            String where = context(rules, seed, history, ref) + "illegal " + Action.toString(a) + ": ";
            if (engMessage == null) {
                fail(where + "the engine accepted it");
            }
            if (refMessage == null) {
                fail(where + "the reference accepted it");
            }
            assertTrue(engMessage.matches("R\\d+.*"), where + "engine message does not cite a rule: " + engMessage);
            assertTrue(refMessage.matches("R\\d+.*"), where + "reference message does not cite a rule: " + refMessage);
            assertEquals(engBefore, Snapshot.of(engine, buf), where + "the engine changed on rejection");
            assertEquals(refBefore, ref.toString(), where + "the reference changed on rejection");
        }
    }

    private static String rejection(Runnable r) {
        try {
            r.run();
            return null;
        } catch (IllegalActionException e) {
            return e.getMessage() == null ? "" : e.getMessage();
        }
    }

    private static int randomWellFormed(SplittableRandom rng) {
        int t = 1 + rng.nextInt(Action.T_PASS);
        switch (t) {
            case Action.T_TAKE:
                return Action.take(rng.nextInt(Layout.POSITIONS));
            case Action.T_PAY_MARKER:
                return Action.payMarker(rng.nextInt(Layout.POSITIONS));
            case Action.T_PLACE:
                return Action.place(rng.nextInt(Layout.POSITIONS));
            case Action.T_MOVE:
                return Action.move(rng.nextInt(Layout.POSITIONS), rng.nextInt(Layout.POSITIONS));
            default:
                return t << 12;
        }
    }

    // ------------------------------------------------------------------ policies

    private static int choose(int policy, ReferenceGame g, List<Integer> legal, SplittableRandom rng) {
        if (policy == 0 || legal.size() == 1) {
            return legal.get(rng.nextInt(legal.size()));
        }
        List<Integer> preferred = new ArrayList<>();
        int me = g.toMove();
        for (int a : legal) {
            int t = Action.type(a);
            boolean pick;
            if (policy == 1) { // aggressive: exhaust markers, so that passes happen
                pick = (t == Action.T_TAKE && opponentMarked(g, Action.position(a), me))
                        || t == Action.T_PAY_MARKER
                        || ((t == Action.T_PLACE || t == Action.T_MOVE) && TableEnds.isEnd(g, Action.position(a)))
                        || t == Action.T_END_RETURNS;
            } else { // rare: return tokens, token cards, moves, payments from the table
                pick = t == Action.T_USE_RETURN
                        || (t == Action.T_TAKE && (g.tokenPlaces().contains(Action.position(a))
                        || opponentMarked(g, Action.position(a), me)))
                        || t == Action.T_MOVE
                        || t == Action.T_PAY_MARKER
                        || (t == Action.T_PLACE && TableEnds.isEnd(g, Action.position(a)));
            }
            if (pick) {
                preferred.add(a);
            }
        }
        if (!preferred.isEmpty() && rng.nextInt(10) < 8) {
            return preferred.get(rng.nextInt(preferred.size()));
        }
        return legal.get(rng.nextInt(legal.size()));
    }

    private static boolean opponentMarked(ReferenceGame g, int position, int me) {
        int owner = g.markerOwner(position);
        return owner >= 0 && owner != me;
    }

    private static String context(Rules rules, long seed, List<String> history, ReferenceGame ref) {
        return rules + ", deal seed " + seed + ", after " + history.size() + " actions " + history + "\n" + ref + "\n";
    }
}
