package richelieu.runner.report;

import com.fasterxml.jackson.databind.JsonNode;
import richelieu.runner.resultfile.ResultFile;
import richelieu.runner.resultfile.RunTimes;
import richelieu.runner.resultfile.Tally;
import richelieu.runner.study.Studies;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * What the results page says of a study still running: how far it is, how precise a balance
 * study's answer is so far, and what the rest would cost at the CPU time per game its runs so far
 * took. A balance study's estimate and verdict are not given: the run's size was fixed in advance,
 * and an answer read from part of it would be a look the plan did not make (a verdict that could
 * still turn over); its precision says nothing of which way it points.
 */
public final class PartialStatus {
    private PartialStatus() {
    }

    /** E.g. "22,660 games (11,330 deals of 40,000); …". */
    public static String of(ResultFile file, RunTimes times) {
        Tally tally = file.tally();
        long deals = file.config().deals();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d games (%,d deals of %,d)", tally.games(),
                tally.units(), deals));
        if (tally.units() == 0) {
            return s.toString();
        }
        if (file.config().command().equals("balance")) {
            JsonNode bots = Studies.of("balance").report(file.config(), tally).statistics().path("bots");
            for (Iterator<Map.Entry<String, JsonNode>> it = bots.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> bot = it.next();
                JsonNode interval = bot.getValue().path("difference").path("interval");
                if (interval.size() == 2 && interval.get(0).isNumber() && interval.get(1).isNumber()) {
                    double half = (interval.get(1).asDouble() - interval.get(0).asDouble()) / 2 * 100;
                    // an interval's width shrinks as one over the square root of the sample
                    double atEnd = half * Math.sqrt((double) tally.units() / file.config().units());
                    s.append(String.format(Locale.ROOT, "; %s's paired difference base − three-row has a 95%% interval "
                                    + "±%.2f pp wide so far, about ±%.2f pp expected at %,d deals (its estimate is given "
                                    + "when the run is complete, as planned)", bot.getKey(), half, atEnd, deals));
                }
            }
        }
        double cpu = 0;
        long played = 0;
        for (RunTimes.Entry e : times.runs()) {
            cpu += e.cpuSeconds();
            played += e.games();
        }
        long left = file.config().units() - tally.units();
        if (played > 0 && left > 0) {
            double perGame = cpu / played;
            double gamesLeft = (double) left * tally.games() / tally.units();
            s.append(String.format(Locale.ROOT, "; the %,d deals left cost about %s of CPU at %.2f CPU-s a game (its "
                    + "runs so far)", left, RunTimes.duration(gamesLeft * perGame), perGame));
        }
        return s.toString();
    }
}
