package richelieu.runner;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * match and first-player end with a plain sentence that answers their question, as balance does;
 * tournament starts with its answer, right after the run's header.
 */
class AnswerLinesTest {

    /** The line before "forfeits: …", the last of the report. */
    private static String answer(Cli c) {
        List<String> lines = c.out.strip().lines().toList();
        return lines.get(lines.size() - 2);
    }

    @Test
    void match_tournament_firstPlayer_endWithTheirAnswer() {
        // Before: each ended with its statistics, and the reader had to work out the answer.
        assertTrue(answer(Cli.ok("match", "heuristic", "random", "--pairs", "20", "--seed", "1", "--no-progress"))
                .startsWith("is heuristic better than random? heuristic is stronger than random (Elo "));
        String t = Cli.ok("tournament", "random", "greedy", "heuristic", "--pairs", "10", "--seed", "1", "--no-progress").out;
        String first = t.substring(t.indexOf("\nwho is strongest? ") + 1);
        assertTrue(t.indexOf("\nwho is strongest? ") < t.indexOf("ratings") && first.startsWith("who is strongest? heuristic: it scores best, and head to head heuristic is "
                + "stronger than greedy ("), "the answer first, after the run's header; the ratings are not identified "
                + "here: heuristic won every game\n" + t);
        assertTrue(t.indexOf("who is strongest?") == t.lastIndexOf("who is strongest?"), "once: " + t);
        String fp = Cli.ok("first-player", "random", "--games", "40", "--seed", "1", "--no-progress").out;
        assertTrue(fp.contains("  does the first player have an advantage? not told: seat 0 wins "), fp);
        String fp3 = Cli.ok("first-player", "random", "--players", "3", "--games", "30", "--seed", "1", "--no-progress").out;
        assertTrue(fp3.contains("  does the seat order matter? "), fp3);
    }
}
