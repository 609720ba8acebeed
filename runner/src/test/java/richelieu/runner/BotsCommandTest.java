package richelieu.runner;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bots} lists every parameter with its default, meaning and the values it takes. */
class BotsCommandTest {
    @Test
    void bots_listsEachParameterWithDefaultMeaningAndRange() {
        Cli c = Cli.run("bots");
        assertEquals(0, c.exit, c::toString);
        assertTrue(c.out.contains("marker=1.5  points per marker in reserve or on the table  [0..10]"), c.out);
        assertTrue(c.out.contains("iterations=1000  iterations per decision (reproducible)  [integer 1..100000000]"),
                c.out);
        assertTrue(c.out.contains("c=0.7  UCB exploration constant  [0..100]"), c.out);
        assertTrue(c.out.contains("mastOn=all  ") && c.out.contains("[all|takes]"), c.out);
        assertTrue(c.out.contains("reuse=true  ") && c.out.contains("[true|false]"), c.out);
        assertTrue(c.out.contains("\n  ismcts-mast-tuned    the strongest bot:"), c.out);
        assertTrue(c.out.contains("\n  ismcts-mast-tuned-3p ismcts-mast with c, margin, marginScale and epsilon tuned"),
                c.out);
        assertTrue(c.out.contains("\n  ismcts-mast-3p       the strongest bot for 3 players:"), c.out);
        assertTrue(c.out.contains("\n  ismcts-mast-4p       the strongest bot for 4 players:"), c.out);
        assertTrue(c.out.contains("\n  ismcts               single-observer"), "names in one column: " + c.out);
    }

    @Test
    void bots_givesEachShippedBotsMeasuredCostPerDecision() {
        Cli c = Cli.run("bots");
        assertEquals(0, c.exit, c::toString);
        String costs = c.out.substring(c.out.indexOf("Cost per decision"));
        assertTrue(costs.startsWith("Cost per decision (CPU time, 2 players, default parameters; "
                + "results/benchmarks/bot-costs.md):"), costs);
        for (String bot : new String[]{"random", "greedy", "heuristic", "heuristic-tuned", "ismcts", "ismcts-mast-tuned"}) {
            assertTrue(costs.matches("(?s).*[ \n]" + java.util.regex.Pattern.quote(bot) + " [0-9.]+ (µs|ms)[;\n].*"),
                    bot + " has a cost: " + costs);
        }
    }
}
