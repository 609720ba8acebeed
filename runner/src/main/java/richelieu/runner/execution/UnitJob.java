package richelieu.runner.execution;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.runner.UserError;
import richelieu.runner.resultfile.Plan;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link UnitExecutor} needs to play a run's units on any machine, as plain serializable
 * data: the run's configuration (its result-file JSON), the plug-in jars the user named, the
 * move timeout of out-of-process bots, and which outputs the chunks must carry. The bots are the
 * labels of the configuration, which the command built from the user's command line.
 *
 * @param configJson        {@link RunConfig#toJson} as text
 * @param plugins           plug-in jars or folders (the run's registry's: {@link Bots#plugins})
 * @param moveTimeoutMillis per-move limit of {@code exec:} bots
 * @param records           chunks carry JSON game records
 * @param csv               chunks carry CSV rows
 */
public record UnitJob(String configJson, List<String> plugins, long moveTimeoutMillis, boolean records, boolean csv)
        implements Serializable {

    public UnitJob {
        plugins = List.copyOf(plugins);
    }

    public static UnitJob of(RunConfig config, List<Path> plugins, long moveTimeoutMillis, boolean records, boolean csv) {
        List<String> paths = new ArrayList<>();
        for (Path p : plugins) {
            paths.add(p.toAbsolutePath().toString());
        }
        return new UnitJob(config.toJson(ResultFile.MAPPER).toString(), paths,
                moveTimeoutMillis, records, csv);
    }

    /** Rebuilds the plan (on a worker machine): loads the plug-ins and resolves the bot labels. */
    public Plan plan() {
        List<Path> paths = new ArrayList<>();
        for (String p : plugins) {
            paths.add(Path.of(p));
        }
        JsonNode config;
        try {
            config = ResultFile.MAPPER.readTree(configJson);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a unit job holds malformed configuration JSON", e);
        }
        try {
            return RunConfig.planOf(config, Bots.withPlugins(paths).withMoveTimeout(moveTimeoutMillis));
        } catch (BotSpecException e) {
            throw new UserError(e.getMessage());
        }
    }
}
