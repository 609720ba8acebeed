package richelieu.runner;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertTrue(c.out.contains("\n  ismcts-mast-2p       ismcts-mast with c, margin, epsilon tuned for 2 players"),
                c.out);
        assertTrue(c.out.contains("results/tune-ismcts-mast-4p-vs-ismcts-3.json (seed 20261176, 6,400 games)"), c.out);
        assertFalse(c.out.contains(" Elo"), "strength is measured in results/, not claimed in a description: " + c.out);
        assertTrue(c.out.contains("\n  ismcts               single-observer"), "names in one column: " + c.out);
    }

    @Test
    void bots_listsTheOldNamesApartAfterTheShippedOnes() {
        Cli c = Cli.run("bots");
        int kept = c.out.indexOf("Kept for replaying earlier results");
        assertTrue(kept > 0, c.out);
        for (String old : new String[]{"ismcts2", "heuristic-tuned", "ismcts-mast-tuned", "ismcts-mast-tuned-3p"}) {
            assertTrue(c.out.indexOf("\n  " + old + " ") > kept, old + " is not listed apart: " + c.out);
        }
        for (String shipped : new String[]{"heuristic-2p", "ismcts-mast", "ismcts-mast-2p", "ismcts-mast-3p",
                "ismcts-mast-4p", "ismcts-cutoff-3p", "pimc-2p"}) {
            int at = c.out.indexOf("\n  " + shipped + " ");
            assertTrue(at > 0 && at < kept, shipped + " is not among the shipped bots: " + c.out);
        }
        assertTrue(c.out.contains("\n  heuristic-tuned      the older name of heuristic-2p (the same bot)"), c.out);
    }

    @Test
    void bots_givesEachShippedBotsMeasuredCostPerDecision() {
        Cli c = Cli.run("bots");
        assertEquals(0, c.exit, c::toString);
        String costs = c.out.substring(c.out.indexOf("Cost per decision"));
        assertTrue(costs.startsWith("Cost per decision (CPU time, 2 players, default parameters; "
                + "results/benchmarks/bot-costs.md):"), costs);
        // every bot of the shipped list (a name in the first column, before the old names), none left out
        String shipped = c.out.substring(0, c.out.indexOf("Kept for replaying"));
        java.util.regex.Matcher name = java.util.regex.Pattern.compile("\n  ([a-z0-9-]+) ").matcher(shipped);
        java.util.List<String> bots = new java.util.ArrayList<>();
        while (name.find()) {
            String bot = name.group(1);
            if (bot.equals("exec")) {
                continue; // a program's cost is its own
            }
            assertTrue(costs.matches("(?s).*[ \n]" + java.util.regex.Pattern.quote(bot) + " [0-9.]+ (µs|ms)[;\n].*"),
                    bot + " has a cost: " + costs);
            bots.add(bot);
        }
        assertTrue(bots.containsAll(java.util.List.of("random", "greedy", "heuristic", "heuristic-2p", "ismcts",
                "ismcts-mast", "ismcts-mast-2p", "pimc")), "the shipped bots found in the list: " + bots);
    }
}
