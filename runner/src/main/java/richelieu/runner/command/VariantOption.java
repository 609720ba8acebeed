package richelieu.runner.command;

import picocli.CommandLine.Option;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.RunConfig;

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

    /** A resumed run's variant, when it has one rule set (call when --variant was not given). */
    void adopt(RunConfig file) {
        if (file.ruleSets().size() == 1) {
            variant = file.ruleSets().get(0).variant().jsonName();
        }
    }
}
