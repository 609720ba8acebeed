package richelieu.runner;

import org.junit.jupiter.api.Test;

import richelieu.engine.Deck;
import richelieu.engine.Rules;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.study.RunBasics;
import richelieu.runner.study.RunSize;
import richelieu.runner.study.StudyRun;
import richelieu.runner.study.TournamentStudy;
import richelieu.strategies.Bots;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command that answers a question prints its answer first, right after the run's header and
 * before the detail it rests on, and once.
 */
class AnswerLinesTest {

    /** The lines of the report's first paragraph: after the header and its blank line, up to the next blank line. */
    static List<String> answers(String out) {
        int start = out.indexOf("\n\n") + 2;
        int end = out.indexOf("\n\n", start);
        return out.substring(start, end).lines().toList();
    }

    private static void once(String out, String question) {
        assertTrue(out.indexOf(question) == out.lastIndexOf(question), "once: " + out);
    }

    /** The tournament with no bots named says its winner is not the ladder's, and where the ladder's answer is. */
    @Test
    void defaultTournament_saysItIsNotTheLadder() {
        // the report of a run not yet played: its words are the point here, not its games
        TournamentStudy study = new TournamentStudy();
        RunConfig c = study.configure(new TournamentStudy.Settings(List.of(), 2, new RunSize(1L, null), Rules.Variant.BASE,
                10), new RunBasics(1, Deck.standard(), 0, 1), Bots.standard());
        String t = StudyRun.render(c, study.report(c, Tally.forConfig(c)));
        List<String> a = answers(t);
        assertEquals(2, a.size(), t);
        assertTrue(a.get(0).startsWith("who is strongest? "), t);
        assertEquals("these are the 6 default bots, not the whole ladder (pimc and the larger search budgets are left out "
                + "to keep it quick): the ladder's answer is in results/ladder.md", a.get(1));
    }

    @Test
    void match_tournament_firstPlayer_balance_sprt_leadWithTheirAnswer() {
        // Before: the answer was the report's last line but one, after every figure it rests on.
        String m = Cli.ok("match", "heuristic", "random", "--pairs", "20", "--seed", "1", "--no-progress").out;
        assertTrue(answers(m).get(0).startsWith("is heuristic better than random? heuristic is stronger than random (Elo "), m);
        once(m, "is heuristic better than random?");
        String t = Cli.ok("tournament", "random", "greedy", "heuristic", "--pairs", "10", "--seed", "1", "--no-progress").out;
        assertTrue(answers(t).get(0).startsWith("who is strongest? heuristic: it scores best, and head to head heuristic is "
                + "stronger than greedy ("), "the ratings are not identified here: heuristic won every game\n" + t);
        once(t, "who is strongest?");
        assertEquals(1, answers(t).size(), "bots named: no word of the ladder\n" + t);
        // The pairwise table reads strongest first, as the answer and the ratings do, not in the order typed
        // (random, greedy, heuristic); here by score, the ratings not being identified.
        List<String> rows = t.lines().filter(l -> l.matches("  \\(\\d\\) \\S+ .*")).map(l -> l.trim().split(" +")[1]).toList();
        assertEquals(List.of("heuristic", "greedy", "random"), rows, t);
        String fp = Cli.ok("first-player", "random", "greedy", "--games", "40", "--seed", "1", "--no-progress").out;
        List<String> fpAnswers = answers(fp);
        assertEquals(2, fpAnswers.size(), fp);
        assertTrue(fpAnswers.get(0).startsWith("does the first player have an advantage in random's self-play? not told: "
                + "seat 0 wins "), fp);
        assertTrue(fpAnswers.get(1).startsWith("does the first player have an advantage in greedy's self-play? "), fp);
        once(fp, "in random's self-play?");
        String fp3 = Cli.ok("first-player", "random", "--players", "3", "--games", "30", "--seed", "1", "--no-progress").out;
        assertTrue(answers(fp3).get(0).startsWith("does the seat order matter in random's self-play? "), fp3);
        String b = Cli.ok("balance", "random", "--pairs", "10", "--seed", "1", "--no-progress").out;
        assertTrue(answers(b).get(0).startsWith("is the three-row variant better balanced in random's self-play? "), b);
        once(b, "better balanced");
        String s = Cli.ok("sprt", "greedy", "random", "--elo0", "0", "--elo1", "150", "--seed", "4", "--no-progress").out;
        // the header's LLR lines, then the decision
        assertTrue(s.substring(s.indexOf("\n\n") + 2).startsWith("SPRT: H1 accepted: "), s);
        once(s, "SPRT: ");
    }
}
