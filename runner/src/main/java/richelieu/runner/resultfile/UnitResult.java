package richelieu.runner.resultfile;

import java.util.List;

/**
 * The games of one unit, in game order, their JSON records if they were asked for, and the unit's
 * measure ({@link UnitMeasure}), or null for a study that measures nothing beyond its games.
 */
public record UnitResult(long unit, List<GameOutcome> games, List<String> records, String measure) {

    public UnitResult(long unit, List<GameOutcome> games, List<String> records) {
        this(unit, games, records, null);
    }
}
