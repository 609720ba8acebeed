package richelieu.runner.resultfile;

import java.util.List;

/** The games of one unit, in game order, and their JSON records if they were asked for. */
public record UnitResult(long unit, List<GameOutcome> games, List<String> records) {
}
