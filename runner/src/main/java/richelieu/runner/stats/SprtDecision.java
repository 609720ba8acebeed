package richelieu.runner.stats;

/** State of a sequential test after the latest data. */
public enum SprtDecision {
    /** LLR fell below the lower bound: H0 (elo = elo0) accepted, the patch "fails". */
    ACCEPT_H0,
    /** LLR rose above the upper bound: H1 (elo = elo1) accepted, the patch "passes". */
    ACCEPT_H1,
    /** LLR between the bounds: play on. */
    CONTINUE
}
