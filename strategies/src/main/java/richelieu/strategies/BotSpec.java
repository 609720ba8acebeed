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
        return label.equals(spec) ? spec : label + "=" + spec;
    }

    /**
     * Where a {@code NAME=SPEC} spec splits: the index of the '=' ending a label (letters, digits,
     * {@code _ . -}, and no ':' before the '=', so {@code ismcts:iterations=200} is a plain spec),
     * or -1 when the text has no label.
     */
    public static int labelEnd(String text) {
        int eq = text.indexOf('=');
        int colon = text.indexOf(':');
        if (eq <= 0 || colon >= 0 && colon < eq) {
            return -1;
        }
        return text.substring(0, eq).trim().matches("[A-Za-z0-9_.-]+") ? eq : -1;
    }

    /** The label of a definition ({@code NAME=SPEC} gives NAME, a plain spec itself). */
    public static String labelOf(String definition) {
        int end = labelEnd(definition);
        return end < 0 ? definition : definition.substring(0, end).trim();
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

    @Override
    public String toString() {
        return label;
    }
}
