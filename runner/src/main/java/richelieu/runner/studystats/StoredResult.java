package richelieu.runner.studystats;

import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunConfig;
import richelieu.runner.resultfile.Tally;

/**
 * A result file as the charts and the findings read it: its config, its raw counts, and its
 * statistics as typed records. The runner builds it with the statistics recomputed from config
 * and tally ({@code richelieu.runner.study.ResultReader}); {@link #bound} takes a file's stored statistics as
 * they are, for tests of the stored format and for tools that want exactly what a file says.
 *
 * @param statistics null for a study kind without statistics records
 */
public record StoredResult(RunConfig config, Tally tally, StudyStatistics statistics) {

    /** The file with its stored statistics bound to the records of its study kind (not recomputed). */
    public static StoredResult bound(ResultFile file) {
        com.fasterxml.jackson.databind.JsonNode stats = file.statistics() == null
                ? StatisticsJson.MAPPER.createObjectNode() : file.statistics();
        return new StoredResult(file.config(), file.tally(), StudyStatistics.read(file.config().command(), stats));
    }

    /** The study kind ({@code config.command}), e.g. "tournament". */
    public String command() {
        return config.command();
    }

    /** Players per game (2, 3 or 4). */
    public int players() {
        return config.ruleSets().get(0).players();
    }

    /** Rule set names in tally order: their variant, with "#index" added where two share a variant. */
    public java.util.List<String> ruleSetNames() {
        java.util.List<String> variants = config.ruleSets().stream().map(r -> r.variant().jsonName()).toList();
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            String name = variants.get(v);
            names.add(java.util.Collections.frequency(variants, name) > 1 ? name + " #" + v : name);
        }
        return names;
    }
}
