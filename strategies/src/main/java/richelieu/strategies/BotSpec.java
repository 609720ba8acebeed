package richelieu.strategies;

import richelieu.engine.Strategy;

/**
 * A parsed, validated bot spec: which factory, with which parameters. {@link #newStrategy()}
 * makes a fresh bot (one per seat and thread). {@link #label()} is the spec in canonical form,
 * used in tables, records and result files.
 */
public record BotSpec(String label, StrategyFactory factory, BotParams params) {

    public Strategy newStrategy() {
        return factory.create(params);
    }

    /** Fails fast (BotSpecException) when a bot of this spec cannot work at all; see {@link StrategyFactory#checkStarts}. */
    public void checkStarts(Strategy.GameStart start) {
        factory.checkStarts(params, start);
    }

    /** True when games with this bot replay exactly from their seed. */
    public boolean isDeterministic() {
        return factory.isDeterministic(params);
    }

    @Override
    public String toString() {
        return label;
    }
}
