package richelieu.runner.report.readme;

import richelieu.runner.resultfile.RunTimes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** "What the studies cost": the CPU time of the studies whose run times are recorded, and which have none. */
final class CostSection {
    private CostSection() {
    }

    static void write(StringBuilder md, List<Readme.ListedStudy> studies, Map<String, RunTimes> inProgressTimes) {
        double cpu = 0;
        double wall = 0;
        List<String> timed = new ArrayList<>();
        List<String> untimed = new ArrayList<>();
        for (Readme.ListedStudy r : studies) {
            if (r.times().runs().isEmpty()) {
                untimed.add(r.id());
            } else {
                cpu += r.times().cpuSeconds();
                wall += r.times().wallSeconds();
                timed.add(r.id() + " " + RunTimes.duration(r.times().cpuSeconds()));
            }
        }
        double partialCpu = 0;
        List<String> partial = new ArrayList<>();
        for (Map.Entry<String, RunTimes> e : inProgressTimes.entrySet()) {
            if (!e.getValue().runs().isEmpty()) {
                partialCpu += e.getValue().cpuSeconds();
                wall += e.getValue().wallSeconds();
                partial.add(e.getKey() + " " + RunTimes.duration(e.getValue().cpuSeconds()) + " so far");
            }
        }
        if (timed.isEmpty() && partial.isEmpty()) {
            return;
        }
        timed.addAll(partial);
        cpu += partialCpu;
        md.append("## What the studies cost\n\n");
        md.append(String.format(Locale.ROOT, "The studies with recorded run times took **%s of CPU** (user + sys, all "
                + "threads) in all, %s of wall time: %s.", RunTimes.duration(cpu), RunTimes.duration(wall),
                String.join(", ", timed)));
        if (!untimed.isEmpty()) {
            md.append(" No run time is recorded for ").append(String.join(", ", untimed))
                    .append(" (played before the report kept run times).");
        }
        md.append(" Each study page gives its own.\n\n");
    }
}
