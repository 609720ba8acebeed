package richelieu.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.runner.results.StudyStatistics;

/** What a study prints, and its statistics, which its result file stores as "statistics". */
record Report(String text, StudyStatistics stats) {
    /** The statistics as the result file stores them. */
    ObjectNode statistics() {
        return stats.toJson();
    }
}
