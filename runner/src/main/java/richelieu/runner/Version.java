package richelieu.runner;

import picocli.CommandLine;

/** The version printed by {@code --version} and stored in result files. */
public final class Version implements CommandLine.IVersionProvider {
    public static final String VERSION = "0.1.0";

    @Override
    public String[] getVersion() {
        return new String[]{"richelieu " + VERSION + " (Java " + System.getProperty("java.version") + ")"};
    }
}
