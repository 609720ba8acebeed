package richelieu.benchmarks;

import org.junit.jupiter.api.Test;
import richelieu.engine.Action;
import richelieu.engine.GameState;
import richelieu.engine.ModelPair;
import richelieu.engine.Rules;
import richelieu.engine.reference.ReferenceGame;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The engine and reference playout benchmarks play the same games, so their ratio is fair. */
class SameGamesTest {
    private static final int GAMES = 64;

    @Test
    void randomGames_engineAndReference_playTheSameActionSequences() {
        Rules rules = Positions.rules(2);
        SplittableRandom engineRng = new SplittableRandom(PlayoutBench.RNG_SEED);
        SplittableRandom referenceRng = new SplittableRandom(PlayoutBench.RNG_SEED);
        int[] buf = new int[Action.MAX_LEGAL];
        for (int g = 0; g < GAMES; g++) {
            GameState s = new GameState(rules, Positions.deal(PlayoutBench.DEAL_SEED, g));
            List<Integer> engine = new ArrayList<>();
            while (!s.isOver()) {
                int n = s.legalActions(buf);
                int a = n == 1 ? buf[0] : buf[engineRng.nextInt(n)];
                engine.add(a);
                s.play(a);
            }
            ReferenceGame r = ModelPair.reference(rules, Positions.deal(PlayoutBench.DEAL_SEED, g));
            List<Integer> reference = new ArrayList<>();
            while (!r.isOver()) {
                List<Integer> legal = r.legalActions();
                int n = legal.size();
                int a = n == 1 ? legal.get(0) : legal.get(referenceRng.nextInt(n));
                reference.add(a);
                r.apply(a);
            }
            assertEquals(reference, engine, "game " + g);
        }
    }

    @Test
    void playoutBenchmarks_firstGames_agreeStepForStep() {
        PlayoutBench engine = new PlayoutBench();
        engine.players = 2;
        engine.setup();
        PlayoutBench reference = new PlayoutBench();
        reference.players = 2;
        reference.setup();
        for (int g = 0; g < GAMES; g++) {
            assertEquals(reference.randomGameReference(), engine.randomGame(), "game " + g);
        }
    }
}
