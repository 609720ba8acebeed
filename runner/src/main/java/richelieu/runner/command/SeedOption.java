package richelieu.runner.command;

import picocli.CommandLine.Option;
import richelieu.engine.Seeds;

/** {@code --seed}, written once for every command that draws anything at random (a picocli mixin). */
final class SeedOption {
    @Option(names = "--seed", description = "Master seed, printed with the results (default: 1; never taken from the "
            + "clock): every random stream of the command (deals, bots, bootstrap) derives from it.")
    Long seed;

    /** The seed given, else the default. */
    long get() {
        return seed != null ? seed : Seeds.DEFAULT;
    }
}
