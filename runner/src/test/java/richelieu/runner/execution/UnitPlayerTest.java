package richelieu.runner.execution;

import org.junit.jupiter.api.Test;
import richelieu.engine.BotFailure;
import richelieu.engine.Deck;
import richelieu.engine.LegalActions;
import richelieu.engine.Observation;
import richelieu.engine.Rules;
import richelieu.engine.Strategy;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.StudySettings;
import richelieu.strategies.BotParams;
import richelieu.strategies.BotSpec;
import richelieu.strategies.Bots;
import richelieu.strategies.StrategyFactory;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A thread's player of units: a bot whose constructor throws forfeits its games, as a bot that throws while playing does. */
class UnitPlayerTest {

    /** A kind whose constructor throws (once parsed: as a plug-in whose constructor depends on more than its spec). */
    private static final StrategyFactory THROWS = new StrategyFactory() {
        @Override
        public String name() {
            return "unmakeable";
        }

        @Override
        public String description() {
            return "its constructor throws";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of();
        }

        @Override
        public Strategy create(BotParams params) {
            throw new IllegalStateException("out of sorts");
        }
    };

    @Test
    void play_aBotsConstructorThrows_itsGamesForfeitAsCrashes_theOthersPlayOn() {
        // Before: the exception ended the whole run with an internal error.
        BotSpec unmakeable = new BotSpec("unmakeable", THROWS, BotParams.of(THROWS, Map.of()));
        Plan plan = new Plan(new RunConfig("match", List.of("unmakeable", "random"), List.of(Rules.twoPlayer()),
                Deck.standard(), 7, 3, List.<int[]>of(new int[]{0, 1}), RunConfig.Pairing.ROTATE, 0, 3, 0, 1,
                StudySettings.NONE), List.of(unmakeable, Bots.standard().parse("random")));
        Chunk c;
        try (UnitPlayer p = new UnitPlayer(plan, false, false)) {
            c = p.play(0, 3);
        }
        assertEquals(6, c.tally().games());
        assertEquals(6, c.tally().botForfeits(0, BotFailure.Reason.CRASH));
        assertEquals(0, c.tally().botForfeits(1, BotFailure.Reason.CRASH));
        assertTrue(c.lastForfeit().contains("the bot could not be created: IllegalStateException: out of sorts"),
                c.lastForfeit());
    }
}
