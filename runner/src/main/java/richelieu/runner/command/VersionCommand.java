package richelieu.runner.command;

import picocli.CommandLine.Command;
import richelieu.runner.Version;

/** {@code richelieu version}. */
@Command(name = "version", mixinStandardHelpOptions = true, description = "Print the version.")
public final class VersionCommand implements Runnable {
    @Override
    public void run() {
        System.out.println(new Version().getVersion()[0]);
    }
}
