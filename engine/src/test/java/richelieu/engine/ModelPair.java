package richelieu.engine;

import richelieu.engine.reference.ReferenceGame;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

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
            List<Long> hands = new ArrayList<>();
            List<Long> markers = new ArrayList<>();
            List<Integer> reserve = new ArrayList<>();
            List<Integer> boxed = new ArrayList<>();
            List<Integer> held = new ArrayList<>();
            List<Integer> used = new ArrayList<>();
            int[] sc = new int[n];
            s.scores(sc);
            List<Integer> scores = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                hands.add(s.hand(p));
                markers.add(s.markers(p));
                reserve.add(s.reserve(p));
                boxed.add(s.boxed(p));
                held.add(s.heldTokens(p));
                used.add(s.usedReturns(p));
                scores.add(sc[p]);
            }
            return new Snapshot(s.phase(), s.toMove(), s.turn(), s.isOver(), s.table(), hands, markers, reserve,
                    boxed, held, used, s.tokenPlaces(), scores, ModelPair.legal(s, buf));
        }

        static Snapshot of(ReferenceGame g) {
            int n = g.rules().players();
            List<Long> hands = new ArrayList<>();
            List<Long> markers = new ArrayList<>();
            List<Integer> reserve = new ArrayList<>();
            List<Integer> boxed = new ArrayList<>();
            List<Integer> held = new ArrayList<>();
            List<Integer> used = new ArrayList<>();
            int[] sc = g.scores();
            List<Integer> scores = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                hands.add(mask(g.hand(p)));
                markers.add(mask(g.markers(p)));
                reserve.add(g.reserve(p));
                boxed.add(g.boxed(p));
                held.add(intMask(g.heldTokens(p)));
                used.add(g.usedReturns(p));
                scores.add(sc[p]);
            }
            return new Snapshot(g.phase(), g.toMove(), g.turn(), g.isOver(), mask(g.table()), hands, markers,
                    reserve, boxed, held, used, mask(g.tokenPlaces()), scores, g.legalActions());
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
