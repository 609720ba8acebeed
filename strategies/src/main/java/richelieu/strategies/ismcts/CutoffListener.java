package richelieu.strategies.ismcts;

import richelieu.engine.GameState;

/**
 * Hears the positions a search's cut-short rollouts stop in, before each is judged: a tool's
 * hook to study what the search asks of its evaluation ({@link IsmctsStrategy#recordCutoffs}).
 */
@FunctionalInterface
public interface CutoffListener {
    /**
     * @param s          the determinization as the rollout left it (the search's scratch: copy what is kept)
     * @param rootAction the root action of the iteration (the first action its descent took), or -1
     *                   when the descent stopped at the root
     */
    void judged(GameState s, int rootAction);
}
