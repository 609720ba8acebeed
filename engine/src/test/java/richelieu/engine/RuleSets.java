package richelieu.engine;

import org.junit.jupiter.params.provider.Arguments;

import java.util.stream.Stream;

/**
 * The rule sets the engine tests run under, each with a short name so a parameterized test
 * reports it as its own case: every player count in both variants (R17, R21) and the
 * documented [choice] variants of R8 (return timing) and R11 (freed markers payable).
 */
final class RuleSets {
    private RuleSets() {
    }

    /** A rule set and the name a parameterized test shows for it. */
    record Named(String name, Rules rules) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final Rules.ReturnTiming LATE = Rules.ReturnTiming.START_AND_AFTER_TAKING;
    private static final Rules.Variant THREE_ROW = Rules.Variant.THREE_ROW;

    static final Named[] ALL = {
            new Named("2p base", Rules.standard(2)),
            new Named("2p three-row", Rules.standard(2).withVariant(THREE_ROW)),
            new Named("3p base", Rules.standard(3)),
            new Named("3p three-row", Rules.standard(3).withVariant(THREE_ROW)),
            new Named("4p base", Rules.standard(4)),
            new Named("4p three-row", Rules.standard(4).withVariant(THREE_ROW)),
            new Named("2p R8 late returns", Rules.standard(2).withReturnTiming(LATE)),
            new Named("4p R8 late returns", Rules.standard(4).withReturnTiming(LATE)),
            new Named("2p R11 freed not payable", Rules.standard(2).withFreedMarkersPayable(false)),
            new Named("3p R11 freed not payable", Rules.standard(3).withFreedMarkersPayable(false)),
            new Named("3p R11 freed not payable, R8 late returns",
                    Rules.standard(3).withFreedMarkersPayable(false).withReturnTiming(LATE)),
    };

    /** For {@code @MethodSource("richelieu.engine.RuleSets#all")}: (name, rules) per case. */
    static Stream<Arguments> all() {
        return Stream.of(ALL).map(n -> Arguments.of(n.name(), n.rules()));
    }
}
