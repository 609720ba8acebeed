package richelieu.engine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every field of the state survives copy, observe and determinize, checked by reflection so a
 * field added later is checked too: each target is first filled from another position of the
 * same game, so a field an operation forgets keeps a wrong value, and every field must differ
 * between source and target somewhere (else the check could not fail for it).
 */
class StateFieldsTest {
    /** GameState fields that are configuration, not state. */
    private static final Set<String> CONFIGURATION = Set.of("rules", "layout", "players", "maxOnTable",
            "freedPayable", "threeRow", "lateReturns");
    /** GameState fields no seat may see (R26); every other state field is public (PublicState). */
    private static final Set<String> HIDDEN = Set.of("placeTokens", "held");
    /** What an Observation holds besides the public state: its identity, its seat's knowledge, scratch. */
    private static final Set<String> OBSERVATION_OWN = Set.of("rules", "layout", "seat", "tokenCount", "ownTokens",
            "scratch");

    private static List<Field> fields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static final List<Field> PUBLIC = fields(PublicState.class);

    private static Object value(Field f, Object o) {
        try {
            Object v = f.get(o);
            if (v != null && v.getClass().isArray()) {
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < Array.getLength(v); i++) {
                    items.add(Array.get(v, i));
                }
                return items;
            }
            return v;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** Positions of one game (every step), for pairing as source and stale target. */
    private static List<GameState> positions(Rules rules, long seed) {
        List<GameState> out = new ArrayList<>();
        GameState s = new GameState(rules, Deal.generate(Deck.standard(), seed));
        SplittableRandom rng = new SplittableRandom(seed);
        int[] buf = new int[Action.MAX_LEGAL];
        out.add(s.copy());
        while (!s.isOver()) {
            int n = s.legalActions(buf);
            s.play(buf[rng.nextInt(n)]);
            out.add(s.copy());
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void everyGameStateField_isPublicHiddenOrConfiguration(String name, Rules rules) {
        Set<String> names = new TreeSet<>();
        for (Field f : fields(GameState.class)) {
            names.add(f.getName());
        }
        Set<String> expected = new TreeSet<>(CONFIGURATION);
        expected.addAll(HIDDEN);
        PUBLIC.forEach(f -> expected.add(f.getName()));
        assertEquals(expected, names, "a new GameState field must be declared public (PublicState) or hidden here");
        Set<String> obs = new TreeSet<>();
        for (Field f : fields(Observation.class)) {
            obs.add(f.getName());
        }
        Set<String> expectedObs = new TreeSet<>(OBSERVATION_OWN);
        PUBLIC.forEach(f -> expectedObs.add(f.getName()));
        expectedObs.add("players");
        assertEquals(expectedObs, obs, "an Observation holds the public state and its seat's own knowledge only");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("richelieu.engine.RuleSets#all")
    void copyObserveDeterminize_everyFieldSurvives(String name, Rules rules) {
        Set<String> exercised = new HashSet<>();
        Set<String> stateFields = new TreeSet<>();
        for (int g = 0; g < 6; g++) {
            List<GameState> line = positions(rules, 31L * g + name.hashCode());
            SplittableRandom rng = new SplittableRandom(g);
            for (int i = 0; i < line.size(); i++) {
                GameState a = line.get(i);
                GameState stale = line.get((i * 7 + 3) % line.size());
                // copy: every field, public and hidden (odd steps into a view state: unknown tokens)
                GameState copy = stale.copy();
                if (i % 2 == 1) {
                    stale.observe(i % rules.players()).toViewState(copy);
                }
                GameState before = copy.copy();
                copy.copyFrom(a);
                for (Field f : fields(GameState.class)) {
                    if (CONFIGURATION.contains(f.getName())) {
                        continue;
                    }
                    stateFields.add(f.getName());
                    assertEquals(value(f, a), value(f, copy), "copyFrom lost " + f.getName());
                    if (!Objects.equals(value(f, a), value(f, before))) {
                        exercised.add(f.getName());
                    }
                }
                for (int seat = 0; seat < rules.players(); seat++) {
                    // observe: every public field, the seat's tokens, the public phase (R26)
                    Observation o = stale.observe(seat);
                    a.observe(seat, o);
                    for (Field f : PUBLIC) {
                        Object expected = value(f, a);
                        if (f.getName().equals("phase")) {
                            expected = seat == a.toMove() ? a.phase().ordinal() : o.phase().ordinal();
                            assertEquals(a.phase() == Phase.RETURNS || a.phase() == Phase.LATE_RETURNS
                                    ? (seat == a.toMove() ? a.phase() : a.phase() == Phase.RETURNS
                                    ? Phase.TAKE_FIRST : Phase.MARKER) : a.phase(), o.phase(), "observed phase");
                        }
                        assertEquals(expected, value(f, o), "observe lost " + f.getName());
                    }
                    assertEquals(a.heldTokens(seat), o.ownTokens());
                    for (int p = 0; p < rules.players(); p++) {
                        assertEquals(a.tokenCount(p), o.tokenCount(p));
                    }
                    // determinize and view state: the observation's public fields, consistent hidden ones
                    GameState det = stale.copy();
                    o.determinize(rng, det);
                    GameState view = stale.copy();
                    o.toViewState(view);
                    for (GameState out : new GameState[]{det, view}) {
                        for (Field f : PUBLIC) {
                            assertEquals(value(f, o), value(f, out), "determinize/view lost " + f.getName());
                        }
                        assertEquals(a.heldTokens(seat), out.heldTokens(seat), "own tokens");
                        for (int p = 0; p < rules.players(); p++) {
                            assertEquals(a.tokenCount(p), out.tokenCount(p), "token counts");
                        }
                    }
                    for (long m = a.tokenPlaces(); m != 0; m &= m - 1) {
                        int place = Layout.placeOf(Long.numberOfTrailingZeros(m));
                        assertTrue(det.placeToken(place) < Token.COUNT, "a dealt token on every place left");
                        assertEquals(Token.UNKNOWN, view.placeToken(place), "view states do not know table tokens");
                    }
                }
            }
        }
        Set<String> missed = new TreeSet<>(stateFields);
        missed.removeAll(exercised);
        assertEquals(Set.of(), missed, "fields that never differed between a source and its stale target");
    }
}
