package richelieu.runner.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.studystats.StudyStatistics;

/** What a study prints, and its statistics, which its result file stores as "statistics". */
public record StudyOutcome(String text, StudyStatistics stats) {
    /** The statistics as the result file stores them. */
    public ObjectNode statistics() {
        return stats.toJson();
    }
}
