package richelieu.runner.study;

import richelieu.engine.Rules;
import richelieu.runner.resultfile.RunConfig;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The parts of a study's configuration that its kind fixes — which bots meet in which lineups,
 * under which rule sets, how the seats turn — said once for {@link Study#configure} and for the
 * check that a stored run is one its kind makes ({@link Study#checkStored}): a result file whose
 * lineups, pairing or rules were edited would otherwise be read as if the study had played them.
 */
final class Shape {
    /** Base and three-row on the same deals (balance, match --both-variants). */
    static final List<Rules> BOTH_VARIANTS = List.of(Rules.twoPlayer(), Rules.twoPlayer().withVariant(Rules.Variant.THREE_ROW));
    /** Two bots, one lineup: bot 0 in seat 0, bot 1 in seat 1 (match, sprt). */
    static final List<int[]> HEAD_TO_HEAD = List.<int[]>of(new int[]{0, 1});

    private Shape() {
    }

    /** The lineups are {@code expected}; else an {@link IllegalArgumentException} naming {@code kind}. */
    static void lineups(RunConfig c, List<int[]> expected, String kind) {
        String what = kind + " of " + c.bots().size() + " bots plays ";
        require(c.lineups().size() == expected.size(), "config.lineups: " + what + expected.size() + " lineups, not "
                + c.lineups().size());
        for (int i = 0; i < expected.size(); i++) {
            require(Arrays.equals(c.lineups().get(i), expected.get(i)), "config.lineups[" + i + "]: " + what
                    + Arrays.toString(expected.get(i)) + " there, not " + Arrays.toString(c.lineups().get(i)));
        }
    }

    /** The pairing is one of {@code allowed}. */
    static void pairing(RunConfig c, String kind, RunConfig.Pairing... allowed) {
        if (!List.of(allowed).contains(c.pairing())) {
            throw new IllegalArgumentException("config.pairing: " + kind + " is played " + Arrays.stream(allowed)
                    .map(Shape::name).collect(Collectors.joining(" or ")) + ", not " + name(c.pairing()));
        }
    }

    /** A single rule set. */
    static void oneRuleSet(RunConfig c, String kind) {
        require(c.ruleSets().size() == 1, "config.rules: " + kind + " plays one rule set, not " + c.ruleSets().size());
    }

    /** {@code ok}, or an {@link IllegalArgumentException} with {@code message}. */
    static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The rule sets' variants in words: "base with base". */
    static String variants(RunConfig c) {
        return c.ruleSets().stream().map(r -> r.variant().jsonName()).collect(Collectors.joining(" with "));
    }

    private static String name(RunConfig.Pairing p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}
