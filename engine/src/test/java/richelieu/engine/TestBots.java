package richelieu.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Small bots for engine tests (the real ones live in the strategies module). */
public final class TestBots {
    private TestBots() {
    }

    /**
     * Uniform over the legal set, from its own random stream. Flagged, it also says so
     * ({@link #isUniformRandom}), as the runner's random bot does: the driver then plays it in
     * the engine, fused when every seat is flagged.
     */
    public static class Uniform implements Strategy {
        private final boolean flagged;
        private SplittableRandom rng;

        public Uniform() {
            this(false);
        }

        public Uniform(boolean flagged) {
            this.flagged = flagged;
        }

        @Override
        public boolean isUniformRandom() {
            return flagged;
        }

        @Override
        public String name() {
            return "uniform";
        }

        @Override
        public void gameStarted(GameStart start) {
            rng = start.random();
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            return legal.get(rng.nextInt(legal.size()));
        }
    }

    /** Always the first legal action: play that does not depend on the bot's stream. */
    public static final class First implements Strategy {
        @Override
        public String name() {
            return "first";
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            return legal.get(0);
        }
    }

    /** Records what it is shown. */
    public static final class Spy implements Strategy {
        final List<Integer> seen = new ArrayList<>();
        final List<Integer> askedLegalSizes = new ArrayList<>();
        int seat = -1;
        Observation lastObservation;

        @Override
        public String name() {
            return "spy";
        }

        @Override
        public void gameStarted(GameStart start) {
            seat = start.seat();
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            lastObservation = observation;
            askedLegalSizes.add(legal.size());
            return legal.get(0);
        }

        @Override
        public void actionPlayed(int seat, int action) {
            seen.add(action);
        }
    }

    /** Plays an illegal action (PASS while it has a choice) at its n-th decision. */
    public static final class Cheater implements Strategy {
        private final int at;
        private int count;

        public Cheater(int at) {
            this.at = at;
        }

        @Override
        public String name() {
            return "cheater";
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            return count++ == at ? Action.PASS : legal.get(0); // PASS is never legal beside other actions
        }
    }

    /** Throws at its first decision. */
    public static final class Crasher implements Strategy {
        @Override
        public String name() {
            return "crasher";
        }

        @Override
        public int chooseAction(Observation observation, LegalActions legal) {
            throw new IllegalStateException("boom");
        }
    }
}
