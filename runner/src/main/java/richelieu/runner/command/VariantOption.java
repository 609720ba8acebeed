package richelieu.runner.command;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import richelieu.engine.Rules;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.RunConfig;

/** {@code --variant}, written once for every command that takes it (a picocli mixin). */
final class VariantOption {
    @Option(names = "--variant", description = "base or three-row (default: ${DEFAULT-VALUE}).")
    String variant = "base";

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** The variant named (checked). */
    Rules.Variant get() {
        Rules.Variant v = Rules.Variant.parse(variant);
        if (v == null) {
            throw new UserError("--variant must be base or three-row, not '" + variant + "'");
        }
        return v;
    }

    /** True if the user typed {@code --variant}. */
    boolean given() {
        return command.commandLine().getParseResult().hasMatchedOption("--variant");
    }

    /** A resumed run's variant, when it has one rule set, unless {@code --variant} was typed (it must then agree). */
    void adopt(RunConfig file) {
        if (!given() && file.ruleSets().size() == 1) {
            variant = file.ruleSets().get(0).variant().jsonName();
        }
    }
}
