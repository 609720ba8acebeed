package richelieu.runner.spsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import richelieu.runner.UserError;
import richelieu.strategies.Bots;
import richelieu.strategies.PluginJars;

class TunedBotTest {

    private static final double EXACT = 1e-12;
    private static Bots bots;

    @BeforeAll
    static void registry(@TempDir Path dir) throws Exception {
        bots = Bots.withPlugins(List.of(PluginJars.write(dir.resolve("old.jar"), TextParameterBotFactory.class, true)));
    }

    private static TunedBot tune(String spec, String... params) {
        return TunedBot.parse(bots, spec, List.of(params));
    }

    private static void assertRefused(String part, String spec, String... params) {
        UserError e = assertThrows(UserError.class, () -> tune(spec, params));
        assertTrue(e.getMessage().contains(part), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void parse_declaredNumbers_takeTheirTypeAndStartFromTheSpecOrTheDefault() {
        TunedBot t = tune("ismcts2:mast=0.5,c=0.9", "c=0.1..3", "mast=0..1", "iterations=100..2000");
        SpsaParameter c = t.parameters().get(0);
        assertEquals("c", c.name());
        assertEquals(0.9, c.start(), EXACT); // the spec's value
        assertEquals(0.1, c.min(), EXACT);
        assertEquals(3, c.max(), EXACT);
        assertFalse(c.integer());
        assertEquals((3 - 0.1) / 20, c.cEnd(), EXACT);
        assertEquals(0.002, c.rEnd(), EXACT);
        assertEquals(0.5, t.parameters().get(1).start(), EXACT);
        SpsaParameter it = t.parameters().get(2);
        assertTrue(it.integer());
        assertEquals(1000, it.start(), EXACT); // the factory's default
    }

    @Test
    void parse_settings_overrideStartCEndAndREnd() {
        SpsaParameter c = tune("ismcts2:mast=0.5", "c=0.1..3,start=2,c_end=0.05,r_end=0.01").parameters().get(0);
        assertEquals(2, c.start(), EXACT);
        assertEquals(0.05, c.cEnd(), EXACT);
        assertEquals(0.01, c.rEnd(), EXACT);
    }

    @Test
    void parse_pluginTextParameters_areIntegerWhenDefaultAndRangeAreWhole() {
        TunedBot t = tune("oldstyle", "depth=1..8", "weight=0..2");
        assertTrue(t.parameters().get(0).integer());
        assertEquals(3, t.parameters().get(0).start(), EXACT);
        assertFalse(t.parameters().get(1).integer());
        assertFalse(tune("oldstyle", "depth=1..8,type=real").parameters().get(0).integer());
        assertFalse(tune("oldstyle", "depth=1..7.5").parameters().get(0).integer());
        assertTrue(tune("oldstyle", "weight=0..2,type=integer,start=1").parameters().get(0).integer());
    }

    @Test
    void parse_whatCannotBeTuned_isOneLineNamingIt() {
        assertRefused("has no parameter 'cc'; its numbers: iterations (integer 1..100000000), millis", "ismcts2",
                "cc=0..1");
        assertRefused("reuse is true|false, not a number", "ismcts2", "reuse=0..1");
        assertRefused("mastOn is all|takes, not a number", "ismcts2", "mastOn=0..1");
        assertRefused("goes beyond what ismcts2 accepts (0..1)", "ismcts2", "mast=0..2");
        assertRefused("must go from low to high", "ismcts2", "c=2..1");
        assertRefused("the low end must be a number, not 'x'", "ismcts2", "c=x..1");
        assertRefused("the high end must be a number, not 'NaN'", "ismcts2", "c=0..NaN");
        assertRefused("expected NAME=LO..HI", "ismcts2", "c=0-1");
        assertRefused("expected NAME=LO..HI", "ismcts2", "c");
        assertRefused("its default, 0.7, lies outside the range 1..3; give start=X within it", "ismcts2", "c=1..3");
        assertRefused("the value the spec sets, 0.5, lies outside", "ismcts2:c=0.5", "c=1..3");
        assertRefused("start, 5, lies outside the range 1..3", "ismcts2", "c=1..3,start=5");
        assertRefused("--param c is given twice", "ismcts2", "c=0..1", "c=0..2");
        assertRefused("unknown setting 'speed=2'", "ismcts2", "c=0..1,speed=2");
        assertRefused("c_end is given twice", "ismcts2", "c=0..1,c_end=0.1,c_end=0.2");
        assertRefused("--param c: c_end must be a positive number", "ismcts2", "c=0..1,c_end=0");
        assertRefused("--param iterations is an integer: c_end must be at least 0.5", "ismcts2",
                "iterations=100..2000,c_end=0.1");
        assertRefused("type= is for parameters a bot declares as text", "ismcts2", "c=0..1,type=integer");
        assertRefused("type must be integer or real", "oldstyle", "depth=1..8,type=whole");
        assertRefused("'calm' is not a number", "oldstyle", "style=0..1");
        assertRefused("takes a command line", "exec:python3 bot.py", "x=0..1");
        assertRefused("nothing to tune", "ismcts2");
        assertRefused("unknown bot 'nobot'", "nobot", "c=0..1");
        assertRefused("its numbers: none", "greedy", "c=0..1");
    }

    @Test
    void specAt_setsTunedValuesInTheUsersSpec_roundedAsTheBotTakesThem() {
        TunedBot t = tune("ismcts2:iterations=500,mast=0.5", "mast=0..1", "c=0.1..3", "iterations=100..1000");
        // Reals to six significant digits of their range (five decimals for a range from 1 to 10),
        // integers to the nearest whole number (halves up).
        assertEquals("ismcts2:iterations=613,mast=0.12346,c=1.5", t.specAt(new double[] {0.1234567, 1.5, 612.5}));
        assertEquals("1.23457", t.valueText(1, 1.234567));
        assertEquals("0.0012346", tune("ismcts2", "mast=0..0.01").valueText(0, 0.00123456));
        assertEquals("ismcts2:iterations=100,mast=0,c=3", t.specAt(new double[] {0, 3, 100.4}));
        // Every spec it writes is one the registry accepts, and parses back to the same values.
        String spec = t.specAt(new double[] {0.999999999, 0.1000000001, 999.6});
        assertEquals(spec, bots.parse(spec).spec());
        assertEquals("ismcts2:iterations=1000,mast=1,c=0.1", spec);
    }

    @Test
    void specAt_keepsTheLabelOutAndTheUsersOtherParameters() {
        TunedBot t = tune("mine=heuristic:winBonus=50", "marker=0..10");
        assertEquals("mine", t.label());
        assertEquals("heuristic", t.kind());
        assertEquals("heuristic:winBonus=50,marker=2.5", t.specAt(new double[] {2.5}));
        // The same bot read back from the definition a result file stores, without a registry.
        assertEquals(bots.parse("mine=heuristic:winBonus=50").definition(), t.definition());
        assertEquals("ismcts2:mast=0.5", tune("ismcts2:mast=0.5", "c=0..1").definition());
        TunedBot stored = TunedBot.of(t.definition(), t.parameters());
        assertEquals("mine", stored.label());
        assertEquals(t.specAt(new double[] {7.123456}), stored.specAt(new double[] {7.123456}));
        assertEquals("greedy:c=1", TunedBot.of("greedy", List.of(SpsaParameter.withDefaults("c", 1, 0, 2, false)))
                .specAt(new double[] {1}));
    }

    @Test
    void canonical_parsesBackToTheSameParameter_withAndWithoutTheRegistry() {
        TunedBot t = tune("ismcts2:mast=0.5", "c=0.1..3", "iterations=100..2000,r_end=0.01", "mast=0..1,start=0.25");
        for (SpsaParameter p : t.parameters()) {
            String text = TunedBot.canonical(p);
            assertEquals(p, TunedBot.parameterOf(text), text);
            assertEquals(p, tune("ismcts2:mast=0.5", text).parameters().get(0), text);
        }
        assertEquals("c=0.1..3,start=0.7,c_end=0.145,r_end=0.002,type=real", TunedBot.canonical(t.parameters().get(0)));
        assertEquals(tune("oldstyle", "depth=1..8").parameters().get(0),
                TunedBot.parameterOf(TunedBot.canonical(tune("oldstyle", "depth=1..8").parameters().get(0))));
        UserError e = assertThrows(UserError.class, () -> TunedBot.parameterOf("c=0.1..3,start=0.7,c_end=0.1"));
        assertTrue(e.getMessage().contains("r_end= is missing"), e.getMessage());
    }
}
