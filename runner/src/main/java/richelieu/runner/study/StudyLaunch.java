package richelieu.runner.study;

import richelieu.runner.play.ResultFile;
import richelieu.runner.play.RunConfig;
import richelieu.strategies.Bots;

import java.nio.file.Path;

/**
 * A run ready to play: its study and configuration, the result file it continues (if any),
 * where it is saved, and the registry that names its bots.
 *
 * @param study    the kind of study
 * @param config   what is played (a resumed run's own configuration)
 * @param resumed  the result file a resumed run continues, or null for a new run
 * @param json     where the result (and its checkpoints) is saved, or null
 * @param outputs  the per-game files (records, CSV)
 * @param registry the bots
 * @param savedNote what a run stopped early says once it is saved to {@code json} (where it is kept,
 *                 how to continue it), or null for "saved to FILE; continue with --resume FILE"
 */
public record StudyLaunch(Study<?> study, RunConfig config, ResultFile resumed, Path json, ResultFile.Outputs outputs,
                          Bots registry, String savedNote) {

    public StudyLaunch(Study<?> study, RunConfig config, ResultFile resumed, Path json, ResultFile.Outputs outputs,
                       Bots registry) {
        this(study, config, resumed, json, outputs, registry, null);
    }
}
