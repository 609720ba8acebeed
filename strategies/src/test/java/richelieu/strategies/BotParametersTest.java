package richelieu.strategies;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import richelieu.strategies.StrategyFactory.Parameter;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parameters a bot declares: their types and ranges (what {@code ./richelieu bots} lists and
 * a tuner moves), the checks {@link BotParams} makes with them, and {@code heuristic}'s weights
 * and the search bots' settings as parameters whose defaults play the games they always did.
 */
class BotParametersTest {

    @Test
    void parameter_typedFactories_carryTypeRangeAndDefaultText() {
        Parameter c = Parameter.real("c", 0.7, 0, 100, "UCB");
        assertEquals(Parameter.Type.REAL, c.type());
        assertEquals("0.7", c.defaultValue());
        assertEquals(0, c.min());
        assertEquals(100, c.max());
        assertTrue(c.isNumber());
        assertEquals("0..100", c.values());
        Parameter it = Parameter.integer("iterations", 1000, 1, 100_000_000, "budget");
        assertEquals("1000", it.defaultValue());
        assertEquals("integer 1..100000000", it.values());
        assertEquals("10", Parameter.real("s", 10, 0.1, 1000, "").defaultValue(), "a whole real prints without .0");
        Parameter on = Parameter.choice("mastOn", "all", List.of("all", "takes"), "");
        assertEquals("all|takes", on.values());
        assertFalse(on.isNumber());
        assertEquals("true|false", Parameter.bool("reuse", true, "").values());
    }

    /** Plug-ins written before the types keep compiling and working: an untyped parameter is any text. */
    @Test
    void parameter_threeArgumentConstructor_isTextWithoutRange() {
        Parameter p = new Parameter("marker", "false", "place a marker on the first free card");
        assertEquals(Parameter.Type.TEXT, p.type());
        assertTrue(Double.isNaN(p.min()) && Double.isNaN(p.max()));
        assertEquals(List.of(), p.choices());
        assertFalse(p.isNumber());
        assertEquals("", p.values());
        assertNull(p.problem("anything at all"));
    }

    @Test
    void parameter_inconsistentDeclaration_rejected() {
        assertThrows(IllegalArgumentException.class, () -> Parameter.real("x", 2, 0, 1, ""), "default above the range");
        assertThrows(IllegalArgumentException.class, () -> Parameter.real("x", 0.5, 1, 0, ""), "empty range");
        assertThrows(IllegalArgumentException.class, () -> Parameter.choice("x", "some", List.of("all", "takes"), ""));
        assertThrows(IllegalArgumentException.class, () -> Parameter.choice("x", "all", List.of(), ""));
        assertThrows(IllegalArgumentException.class, () -> new Parameter("x", "1", "", Parameter.Type.INTEGER, 0.5, 2,
                List.of()), "an integer's bounds are whole");
        assertThrows(IllegalArgumentException.class, () -> new Parameter("x", "1", "", Parameter.Type.TEXT, 0, 2,
                List.of()), "text has no range");
    }

    @Test
    void parameter_problem_saysWhatIsWrongWithAValue() {
        Parameter c = Parameter.real("c", 0.7, 0, 100, "");
        assertNull(c.problem("0"));
        assertNull(c.problem(" 100 "));
        assertEquals("must be between 0 and 100, not -1", c.problem("-1"));
        assertEquals("must be a number, not 'abc'", c.problem("abc"));
        assertEquals("must be between 0 and 100, not NaN", c.problem("NaN"));
        Parameter n = Parameter.integer("n", 5, 1, 10, "");
        assertEquals("must be an integer, not '2.5'", n.problem("2.5"));
        assertEquals("must be between 1 and 10, not 11", n.problem("11"));
        assertEquals("must be all or takes, not 'some'", Parameter.choice("on", "all", List.of("all", "takes"), "")
                .problem("some"));
        assertNull(Parameter.choice("on", "all", List.of("all", "takes"), "").problem("TAKES"));
        assertEquals("must be true or false, not 'yes'", Parameter.bool("b", true, "").problem("yes"));
    }

    @Test
    void parse_valueOutsideDeclaredRange_rejectedWithOneLineNamingParameterAndRange() {
        BotSpecException e = assertThrows(BotSpecException.class, () -> Bots.standard().parse("heuristic:marker=11"));
        assertEquals("bot 'heuristic': marker must be between 0 and 10, not 11", e.getMessage());
        e = assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts2:mastOn=some"));
        assertEquals("bot 'ismcts2': mastOn must be all or takes, not 'some'", e.getMessage());
        e = assertThrows(BotSpecException.class, () -> Bots.standard().parse("ismcts:iterations=0"));
        assertEquals("bot 'ismcts': iterations must be between 1 and 100000000, not 0", e.getMessage());
    }

    @Test
    void botParams_typedGetters_readTheDeclaredTypeAndFallBackToTheDefault() {
        StrategyFactory f = Bots.standard().factory("ismcts2");
        BotParams p = BotParams.of(f, Map.of("c", "1.25", "mastOn", "TAKES"));
        assertEquals(1.25, p.getDouble("c"));
        assertEquals(1000, p.getInt("iterations"));
        assertEquals("takes", p.getChoice("mastOn"), "the declared spelling");
        assertThrows(IllegalStateException.class, () -> p.getInt("c"), "c is declared a real");
    }

    /** What a tuner relies on: every number a shipped bot takes has a range holding its default. */
    @Test
    void shippedBots_everyParameterIsTypedAndEveryNumberHasARangeHoldingItsDefault() {
        int numbers = 0;
        for (StrategyFactory f : Bots.standard().factories()) {
            if (f.takesRawArgument()) {
                continue; // exec: its options are part of the command line, not key=value parameters
            }
            for (Parameter p : f.parameters()) {
                assertNotEquals(Parameter.Type.TEXT, p.type(), f.name() + ":" + p.name());
                assertNull(p.problem(p.defaultValue()), f.name() + ":" + p.name());
                numbers += p.isNumber() ? 1 : 0;
            }
        }
        assertTrue(numbers >= 20, numbers + " numeric parameters");
    }

    // ------------------------------------------------------------------ heuristic's weights

    private static final Map<String, String> HEURISTIC_DEFAULTS = Map.of("marker", "1.5", "cardCost", "0.05",
            "markSpot", "0.3", "openSpot", "1", "lackSpot", "5", "absentDecay", "0.7", "stakeLeft", "0.5",
            "leadWeight", "0.5", "minChance", "0.02", "winBonus", "50");

    @Test
    void heuristic_declaresItsTenWeightsWithTheHandSetDefaults() {
        List<Parameter> declared = Bots.standard().factory("heuristic").parameters();
        assertEquals(HEURISTIC_DEFAULTS.size(), declared.size());
        for (Parameter p : declared) {
            assertEquals(Parameter.Type.REAL, p.type(), p.name());
            assertEquals(HEURISTIC_DEFAULTS.get(p.name()), p.defaultValue(), p.name());
        }
    }

    @Test
    void heuristic_everyWeightSpelledOutAtItsDefault_playsTheGoldenGames() {
        StringBuilder spec = new StringBuilder("heuristic");
        char sep = ':';
        for (Map.Entry<String, String> e : HEURISTIC_DEFAULTS.entrySet()) {
            spec.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ',';
        }
        assertEquals(GoldenBotGamesTest.golden("heuristic"), GoldenBotGamesTest.gamesHash(spec.toString()));
    }

    /** Each weight reaches the evaluation: moving it (well inside its range) changes the games. */
    @Test
    @Tag("slow")
    void heuristic_eachWeightMoved_changesTheGames() {
        Map<String, String> moved = Map.of("marker", "0.5", "cardCost", "0.6", "markSpot", "2", "openSpot", "4",
                "lackSpot", "0", "absentDecay", "0.3", "stakeLeft", "0", "leadWeight", "2", "minChance", "0.3",
                "winBonus", "0");
        String golden = GoldenBotGamesTest.golden("heuristic");
        for (Map.Entry<String, String> e : moved.entrySet()) {
            String spec = "heuristic:" + e.getKey() + "=" + e.getValue();
            assertNotEquals(golden, GoldenBotGamesTest.gamesHash(spec), spec + " plays the default's games");
        }
    }

    // ------------------------------------------------------------------ search settings

    @Test
    void searchBots_declareTheirSettings_ismctsMastItsOwnEpsilon_ismcts2ItsMast() {
        assertEquals(List.of("iterations", "millis", "clock", "c"), names("ismcts"));
        assertEquals(List.of("iterations", "millis", "clock", "c", "margin", "marginScale", "reuse", "stopEarly",
                "rollout", "epsilon", "mastOn", "mastPrior", "cutoff", "evalScale", "eval"), names("ismcts-mast"));
        assertEquals(List.of("iterations", "millis", "c", "margin", "marginScale", "reuse", "mast", "mastOn",
                "mastPrior"), names("ismcts2"));
        Parameter epsilon = Bots.standard().factory("ismcts-mast").parameters().get(9);
        assertEquals("0.5", epsilon.defaultValue());
        assertEquals(0, epsilon.min());
        assertEquals(1, epsilon.max());
    }

    private static List<String> names(String bot) {
        return Bots.standard().factory(bot).parameters().stream().map(Parameter::name).toList();
    }

    /** ismcts2 turns MAST off with mast=0; ismcts-mast's epsilon=0 is MAST without exploration. */
    @Test
    void ismctsMast_epsilonZero_isGreedyMastRollouts_notRandomOnes() {
        String greedy = GoldenBotGamesTest.gamesHash("ismcts-mast:iterations=100,epsilon=0");
        assertNotEquals(GoldenBotGamesTest.golden("ismcts2:iterations=100"), greedy);
        assertNotEquals(GoldenBotGamesTest.golden("ismcts2:iterations=100,mast=0.5"), greedy);
    }

    @Test
    void ismcts2_newSettingsSpelledOutAtTheirDefaults_playTheGoldenGames() {
        assertEquals(GoldenBotGamesTest.golden("ismcts2:iterations=100,mast=0.5"),
                GoldenBotGamesTest.gamesHash("ismcts2:iterations=100,mast=0.5,marginScale=10,mastPrior=1"));
        assertNotEquals(GoldenBotGamesTest.golden("ismcts2:iterations=100,mast=0.5"),
                GoldenBotGamesTest.gamesHash("ismcts2:iterations=100,mast=0.5,mastPrior=4"));
        assertNotEquals(GoldenBotGamesTest.golden("ismcts2:iterations=100"),
                GoldenBotGamesTest.gamesHash("ismcts2:iterations=100,marginScale=3"));
    }
}
