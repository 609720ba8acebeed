package richelieu.runner;

import picocli.CommandLine.Option;
import richelieu.engine.Rules;

/** {@code --variant}, written once for every command that takes it (a picocli mixin). */
final class VariantOption {
    @Option(names = "--variant", description = "base or three-row (default: ${DEFAULT-VALUE}).")
    String variant = "base";

    /** The variant named (checked). */
    Rules.Variant get() {
        Rules.Variant v = Rules.Variant.parse(variant);
        if (v == null) {
            throw new UserError("--variant must be base or three-row, not '" + variant + "'");
        }
        return v;
    }
}
