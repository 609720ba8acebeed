package richelieu.runner.execution;

import richelieu.engine.GameResult;
import richelieu.runner.resultfile.GameOutcome;
import richelieu.runner.resultfile.Plan;

/** The {@code --csv} format: a header, then one row per game. */
public final class GameCsv {
    private GameCsv() {
    }

    public static String header(Plan plan) {
        StringBuilder sb = new StringBuilder("unit,game,deal_seed,variant");
        int k = plan.config().players();
        for (int s = 0; s < k; s++) {
            sb.append(",bot").append(s);
        }
        for (int s = 0; s < k; s++) {
            sb.append(",score").append(s);
        }
        for (int s = 0; s < k; s++) {
            sb.append(",cards").append(s);
        }
        return sb.append(",winners,turns,forfeit_seat,forfeit_reason").toString();
    }

    /** Appends the game's row and a newline. */
    public static void appendRow(StringBuilder sb, Plan plan, GameOutcome g) {
        GameResult r = g.result();
        sb.append(g.unit()).append(',').append(g.game()).append(',').append(g.dealSeed()).append(',')
                .append(plan.config().ruleSets().get(g.variant()).variant().jsonName());
        for (int b : g.seatBots()) {
            sb.append(',').append(text(plan.bots().get(b).label()));
        }
        for (int s : r.scores()) {
            sb.append(',').append(s);
        }
        for (int c : r.cards()) {
            sb.append(',').append(c);
        }
        sb.append(',');
        boolean first = true;
        for (int s = 0; s < r.players(); s++) {
            if (r.isWinner(s)) {
                sb.append(first ? "" : " ").append(s);
                first = false;
            }
        }
        sb.append(',').append(r.turns()).append(',')
                .append(r.isForfeit() ? Integer.toString(r.forfeitSeat()) : "").append(',')
                .append(r.isForfeit() ? r.forfeit().jsonName() : "").append('\n');
    }

    private static String text(String s) {
        return s.contains(",") || s.contains("\"") || s.contains(" ") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
