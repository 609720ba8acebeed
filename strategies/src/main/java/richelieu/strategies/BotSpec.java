package richelieu.strategies;

import richelieu.engine.Strategy;

/**
 * A parsed, validated bot spec: which factory, with which parameters. {@link #newStrategy()}
 * makes a fresh bot (one per seat and thread). {@link #spec()} is the spec in canonical form;
 * {@link #label()} the name shown in tables, charts, CSV and JSON: the user's label of a
 * {@code NAME=SPEC} spec (e.g. {@code fast=ismcts:iterations=200}), else the canonical spec.
 * {@link #definition()} keeps both and parses back to this bot (result files, records).
 */
public record BotSpec(String label, StrategyFactory factory, BotParams params, String spec) {

    /** An unlabelled bot: its label is its canonical spec. */
    public BotSpec(String spec, StrategyFactory factory, BotParams params) {
        this(spec, factory, params, spec);
    }

    /** {@code NAME=SPEC} for a labelled bot, else the canonical spec. */
    public String definition() {
        return SpecText.define(label, spec);
    }

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

    /**
     * Bytes of the tables one bot of this spec allocates (a search bot's transposition table; 0
     * for the others). Each seat the spec plays on each thread holds one such bot.
     */
    public long memoryBytes() {
        SearchBotFactory search = SearchBotFactory.of(factory);
        return search == null ? 0 : search.memoryBytes(params);
    }

    /** One line if a decision of this spec is expected to take absurdly long ({@link SearchBotFactory#costWarning}), else null. */
    public String costWarning() {
        SearchBotFactory search = SearchBotFactory.of(factory);
        return search == null ? null : search.costWarning(params);
    }

    @Override
    public String toString() {
        return label;
    }
}
