package richelieu.engine;

import richelieu.engine.reference.ReferenceGame;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Glue for the comparison tests and the benchmarks' baseline: builds the reference model from a
 * {@link Deal}, and reduces both models to one comparable {@link Snapshot} of everything public and
 * hidden the two APIs expose.
 */
public final class ModelPair {
    private ModelPair() {
    }

    /** The naive reference model at the start of a deal (the same layout and tokens). */
    public static ReferenceGame reference(Rules rules, Deal deal) {
        int[] cardAt = new int[Layout.POSITIONS];
        for (int p = 0; p < cardAt.length; p++) {
            cardAt[p] = deal.layout().cardAt(p);
        }
        int[] tokens = new int[Layout.TOKEN_PLACES];
        for (int i = 0; i < tokens.length; i++) {
            tokens[i] = deal.placeToken(i);
        }
        return new ReferenceGame(rules, deal.layout().deck(), cardAt, tokens);
    }

    static long mask(List<Integer> positions) {
        long m = 0;
        for (int p : positions) {
            m |= 1L << p;
        }
        return m;
    }

    static int intMask(List<Integer> ids) {
        int m = 0;
        for (int t : ids) {
            m |= 1 << t;
        }
        return m;
    }

    static List<Integer> legal(GameState s, int[] buf) {
        int n = s.legalActions(buf);
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(buf[i]);
        }
        return out;
    }

    static List<String> names(List<Integer> actions) {
        List<String> out = new ArrayList<>();
        for (int a : actions) {
            out.add(Action.toString(a));
        }
        return out;
    }

    /** Everything the comparison looks at, as values (record equality is field-wise value equality). */
    record Snapshot(Phase phase, int toMove, int turn, boolean over, long table, List<Long> hands,
                    List<Long> markers, List<Integer> reserve, List<Integer> boxed, List<Integer> heldTokens,
                    List<Integer> usedReturns, long tokenPlaces, List<Integer> scores, List<Integer> legal) {

        static Snapshot of(GameState s, int[] buf) {
            int n = s.rules().players();
            int[] scores = new int[n];
            s.scores(scores);
            return new Snapshot(s.phase(), s.toMove(), s.turn(), s.isOver(), s.table(), perPlayer(n, s::hand),
                    perPlayer(n, s::markers), perPlayer(n, s::reserve), perPlayer(n, s::boxed),
                    perPlayer(n, s::heldTokens), perPlayer(n, s::usedReturns), s.tokenPlaces(),
                    perPlayer(n, p -> scores[p]), ModelPair.legal(s, buf));
        }

        static Snapshot of(ReferenceGame g) {
            int n = g.rules().players();
            int[] scores = g.scores();
            return new Snapshot(g.phase(), g.toMove(), g.turn(), g.isOver(), mask(g.table()),
                    perPlayer(n, p -> mask(g.hand(p))), perPlayer(n, p -> mask(g.markers(p))), perPlayer(n, g::reserve),
                    perPlayer(n, g::boxed), perPlayer(n, p -> intMask(g.heldTokens(p))), perPlayer(n, g::usedReturns),
                    mask(g.tokenPlaces()), perPlayer(n, p -> scores[p]), g.legalActions());
        }

        /** One value per player, seat 0 first. */
        private static <T> List<T> perPlayer(int players, IntFunction<T> value) {
            List<T> out = new ArrayList<>(players);
            for (int p = 0; p < players; p++) {
                out.add(value.apply(p));
            }
            return out;
        }

        /** The fields in which two snapshots differ, for failure messages: every component, in order. */
        String diff(Snapshot o) {
            StringBuilder sb = new StringBuilder();
            for (RecordComponent c : Snapshot.class.getRecordComponents()) {
                Object mine = value(c, this);
                Object theirs = value(c, o);
                if (!mine.equals(theirs)) {
                    sb.append(' ').append(c.getName()).append(' ').append(shown(c, mine)).append(" vs ")
                            .append(shown(c, theirs));
                }
            }
            return sb.toString();
        }

        private static Object value(RecordComponent c, Snapshot s) {
            try {
                return c.getAccessor().invoke(s);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        /** Masks (table, tokenPlaces) in hex, the legal set by action names, the rest as they print. */
        @SuppressWarnings("unchecked")
        private static String shown(RecordComponent c, Object v) {
            if (v instanceof Long mask) {
                return Long.toHexString(mask);
            }
            return c.getName().equals("legal") ? names((List<Integer>) v).toString() : String.valueOf(v);
        }
    }
}
