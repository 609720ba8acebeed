package richelieu.runner;

import picocli.CommandLine.Command;

/** {@code richelieu version}. */
@Command(name = "version", mixinStandardHelpOptions = true, description = "Print the version.")
final class VersionCommand implements Runnable {
    @Override
    public void run() {
        System.out.println(new Version().getVersion()[0]);
    }
}
